/**
 * Whether a value an adapter answers with is JSON data: what JSON text can hold, and holds as the value says. A
 * function, a symbol, a BigInt, NaN, a cycle, a Map or another class's object is not: JSON would drop it, turn it
 * into null or {}, or fail. Checked in the adapter's own process, to name the place in the adapter's terms.
 * @module
 */
// Taken when the module loads, before any adapter does: what an adapter patches later does not change the check.
const isArray = Array.isArray;
const prototypeOf = Object.getPrototypeOf;
const keysOf = Object.keys;
const isFiniteNumber = Number.isFinite;

/** Deeper answers are refused, as the runner refuses deeper JSON. */
const MAX_DEPTH = 100;

/** Where a value is not JSON data, as `at is a function`, or undefined. */
export function jsonDataProblem(value: unknown, at: string, depth = 0, ancestors: unknown[] = []): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return isFiniteNumber(value) ? undefined : `${at} is ${String(value)}, which JSON cannot hold`;
    case 'undefined':
      return `${at} is undefined`;
    case 'function':
    case 'symbol':
    case 'bigint':
      return `${at} is a ${typeof value === 'bigint' ? 'BigInt' : typeof value}`;
    default:
      break;
  }
  if (value === null) return undefined;
  if (depth >= MAX_DEPTH) return `${at} is nested more than ${MAX_DEPTH} deep`;
  if (ancestors.includes(value)) return `${at} refers back to a value that holds it (a cycle)`;
  const prototype: unknown = prototypeOf(value);
  const inner = [...ancestors, value];
  if (isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = jsonDataProblem(value[i], `${at}[${i}]`, depth + 1, inner);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  if (prototype !== Object.prototype && prototype !== null) {
    const kind = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return `${at} is ${typeof kind === 'string' && kind !== '' ? `a ${kind}` : 'an object of a class'}, not plain JSON data`;
  }
  for (const key of keysOf(value as object)) {
    const field = (value as Record<string, unknown>)[key];
    // JSON leaves out a field that is undefined, as a reply that does not have it.
    if (field === undefined) continue;
    const problem = jsonDataProblem(field, `${at}.${key}`, depth + 1, inner);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

