/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 makes a substring of 13 or more
 * characters a slice that keeps its whole parent alive: a fixture's title cut from its YAML text by the parser
 * would hold the file's text in memory for as long as the run holds the title (to the end, for the report).
 * JSON.parse builds its strings afresh.
 */
export const detachedString = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/** Every string of parsed data (in lists and objects, at any depth) replaced in place by its detached copy. */
export function detachStrings(value: unknown): unknown {
  if (typeof value === 'string') return detachedString(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = detachStrings(value[i]);
    return value;
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) object[key] = detachStrings(object[key]);
  return value;
}
