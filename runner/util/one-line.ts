/**
 * Text from outside (an engine's error, a skip's reason, a message about a file) put on one line: each line break
 * written as its `\uXXXX` escape, so that it cannot start a line of a report of its own (a forged `PASS`).
 * @module
 */
const LINE_BREAKS = /[\n\r\u2028\u2029]/g;

export const oneLine = (text: string): string =>
  text.replace(LINE_BREAKS, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
