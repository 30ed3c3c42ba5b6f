/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 makes a substring of 13 or more
 * characters a slice that keeps its whole parent alive: a fixture's title cut from its YAML text by the parser
 * would hold the file's text in memory for as long as the run holds the title (to the end, for the report).
 * JSON.parse builds its strings afresh.
 */
export const detachedString = (text: string): string => JSON.parse(JSON.stringify(text)) as string;
