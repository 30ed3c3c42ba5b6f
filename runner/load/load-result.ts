/**
 * What loading an input file gives: its value, or every problem found in it, each with its position.
 * @module
 */

/** A place in a text: line and column, both from 1. */
export interface SourcePosition {
  line: number;
  col: number;
}

/** A problem in an input file. `line` and `col` are 1-based; `line` 0 means the problem concerns the whole file. */
export interface LoadError {
  file: string;
  line: number;
  col: number;
  message: string;
}

export type LoadResult<T> = { ok: true; value: T } | { ok: false; errors: LoadError[] };

/** `file:line:col: error: message`, the form editors and CI annotators recognise. */
export function formatLoadError(error: LoadError, file = error.file): string {
  const where = error.line === 0 ? file : `${file}:${error.line}:${error.col}`;
  return `${where}: error: ${error.message}`;
}

export const byPosition = (a: LoadError, b: LoadError): number => a.line - b.line || a.col - b.col;
