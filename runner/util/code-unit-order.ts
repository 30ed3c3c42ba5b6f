/**
 * Strings compared by UTF-16 code unit, as `<` does: the same order on every machine, where `localeCompare`
 * depends on the locale. For sorts whose order is part of an output (shards, merged reports).
 * @module
 */
export const codeUnitOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
