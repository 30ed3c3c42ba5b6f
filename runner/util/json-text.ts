/**
 * JSON text read from a user's file, with positions: a syntax error is reported where it is (JSON.parse often
 * names no position, and quotes the text instead), nesting is bounded (JSON.parse takes any depth, but what
 * walks the value afterwards recurses), and the value at a JSON pointer can be found in the text.
 * @module
 */
import type { SourcePosition } from '../load/load-result.ts';

/** Deeper values are refused: no report or data file of this project comes near it. */
export const MAX_JSON_DEPTH = 100;

export type JsonText = { ok: true; value: unknown } | { ok: false; position: SourcePosition; message: string };

/** The value of a JSON text, or its first problem with its line and column. */
export function parseJsonText(text: string): JsonText {
  const problem = walkJson(text);
  if (problem !== undefined) return { ok: false, position: positionAt(text, problem.offset), message: problem.message };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // The walk accepts exactly what JSON.parse does; this is a safety net, not a path taken.
    return { ok: false, position: { line: 1, col: 1 }, message: `not JSON: ${(error as Error).message}` };
  }
}

/**
 * The value of a JSON text that another program wrote (an engine's answer, a line of a game log): JSON.parse's,
 * where the text gives no key twice in an object and nests no deeper than `MAX_JSON_DEPTH`; else the first such
 * problem, as `parseJsonText` finds it. JSON.parse alone keeps the last of a key given twice.
 */
export function parseJsonStrictly(text: string): JsonText {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return parseJsonText(text);
  }
  const keys = keysParsed(value, MAX_JSON_DEPTH);
  if (keys < 0 || keys !== keysWritten(text, 0)) return parseJsonText(text);
  // A digit before a point or an exponent: a number with a fraction or an exponent, which may not say what it parses to.
  const inexact = /\d[.eE]/.test(text) ? inexactNumber(text) : undefined;
  if (inexact !== undefined) return { ok: false, position: positionAt(text, inexact.offset), message: inexact.message };
  return { ok: true, value };
}

/** Significant digits a number may be written with and still be read exactly as the value JSON.parse gives. */
const EXACT_DIGITS = 15;

/**
 * The first number of a JSON text that JSON.parse reads as another value than it says: more significant digits
 * than a double holds (`4.99999999999999999` is read as 5), or a value too small or too large for one (`1e-400`
 * is read as 0). Strings are skipped.
 */
function inexactNumber(text: string): Problem | undefined {
  const NUMBER_AT = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (char !== '-' && (char < '0' || char > '9')) continue;
    NUMBER_AT.lastIndex = i;
    const literal = NUMBER_AT.exec(text)?.[0] ?? char;
    const mantissa = literal.replace(/^-/, '').replace(/[eE].*$/, '');
    const digits = mantissa.replace('.', '').replace(/^0+/, '').replace(mantissa.includes('.') ? /0+$/ : /$^/, '');
    const value = Number(literal);
    if (digits.length > EXACT_DIGITS && /[.eE]/.test(literal)) return { offset: i, message: `the number ${literal} has more significant digits than the runner can read exactly` };
    if ((value === 0 && /[1-9]/.test(mantissa)) || !Number.isFinite(value)) return { offset: i, message: `the number ${literal} is too small or too large to be read as written` };
    i += literal.length - 1;
  }
  return undefined;
}

/** The strings followed by a colon in JSON text that JSON.parse accepted: its keys, duplicates included. */
export function keysWritten(text: string, start: number): number {
  const BACKSLASH = 92;
  const COLON = 58;
  let count = 0;
  for (let open = text.indexOf('"', start); open >= 0; ) {
    let close = text.indexOf('"', open + 1);
    for (;;) {
      let backslashes = 0;
      while (text.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) break;
      close = text.indexOf('"', close + 1);
    }
    let next = close + 1;
    while (next < text.length && isJsonWhitespace(text.charCodeAt(next))) next++;
    if (text.charCodeAt(next) === COLON) count++;
    open = text.indexOf('"', next);
  }
  return count;
}

/** Space, tab, line feed, carriage return: the only whitespace JSON.parse accepts between tokens. */
const isJsonWhitespace = (char: number): boolean => char === 32 || char === 10 || char === 13 || char === 9;

/**
 * The keys of a parsed value, at every depth; -1 if it nests deeper than `depth`. Plain loops: a generated
 * fixture or an engine's answer has thousands of keys and cards.
 */
export function keysParsed(value: unknown, depth = Infinity): number {
  if (value === null || typeof value !== 'object') return 0;
  if (depth <= 0) return -1;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) {
      if (typeof item !== 'object') continue;
      const inner = keysParsed(item, depth - 1);
      if (inner < 0) return -1;
      count += inner;
    }
    return count;
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    const inner = keysParsed(object[key], depth - 1);
    if (inner < 0) return -1;
    count += 1 + inner;
  }
  return count;
}

/**
 * Where each of the JSON pointers (`/fixtures/3/outcome`) starts in a text that `parseJsonText` accepted; a
 * pointer whose value is not there (a missing key) is not in the answer.
 */
export function locateInJson(text: string, pointers: Iterable<string>): Map<string, SourcePosition> {
  const found = new Map<string, SourcePosition>();
  walkJson(text, { wanted: new Set(pointers), found: (pointer, offset) => found.set(pointer, positionAt(text, offset)) });
  return found;
}

/** Line and column (from 1) of an offset. */
function positionAt(text: string, offset: number): SourcePosition {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, col: offset - lineStart + 1 };
}

interface Locating {
  wanted: ReadonlySet<string>;
  found(pointer: string, offset: number): void;
}

interface Problem {
  offset: number;
  message: string;
}

/** What the walk expects next. */
type Expecting = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';

/** One open array or object, with the key or index of the value being read in it (for locating). */
interface Open {
  close: ']' | '}';
  segment: string;
  index: number;
  /** An object's keys so far. */
  keys?: Set<string>;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
const LITERALS = ['true', 'false', 'null'] as const;

const isWhitespace = (char: string): boolean => char === ' ' || char === '\n' || char === '\r' || char === '\t';
const shown = (char: string): string => JSON.stringify(char);
const escapeSegment = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Walks a JSON text by its grammar without building its value: the first syntax error or over-deep nesting, or
 * undefined when it is JSON. While locating, it notes where the wanted pointers' values start.
 */
function walkJson(text: string, locating?: Locating): Problem | undefined {
  const open: Open[] = [];
  // Set inside the helpers below too, where the compiler does not follow it.
  let expecting = 'value' as Expecting;
  let i = 0;
  const pointer = (): string => open.map((container) => `/${container.close === ']' ? container.index : escapeSegment(container.segment)}`).join('');

  /** The end of the string that starts at `start`, past its closing quote, or a problem. */
  const stringEnd = (start: number): number | Problem => {
    for (let at = start + 1; at < text.length; ) {
      const char = text[at] as string;
      if (char === '"') return at + 1;
      if (char === '\\') {
        ESCAPE.lastIndex = at;
        if (!ESCAPE.test(text)) return { offset: at, message: 'an invalid escape in a string' };
        at = ESCAPE.lastIndex;
      } else if (char < ' ') return { offset: at, message: `a control character in a string (${shown(char)}): write it as an escape` };
      else at++;
    }
    return { offset: text.length, message: 'the text ends inside a string: the file is cut short' };
  };

  /** Reads the value starting at i; a container is opened, a scalar read whole. */
  const value = (): Problem | undefined => {
    const char = text[i] as string;
    if (locating !== undefined) {
      const at = pointer();
      if (locating.wanted.has(at)) locating.found(at, i);
    }
    if (char === '{' || char === '[') {
      if (open.length >= MAX_JSON_DEPTH) return { offset: i, message: `nested more than ${MAX_JSON_DEPTH} deep` };
      open.push(char === '{' ? { close: '}', segment: '', index: 0, keys: new Set() } : { close: ']', segment: '', index: 0 });
      expecting = char === '{' ? 'key-or-close' : 'value-or-close';
      i++;
      return undefined;
    }
    if (char === '"') {
      const end = stringEnd(i);
      if (typeof end !== 'number') return end;
      i = end;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      NUMBER.lastIndex = i;
      if (!NUMBER.test(text)) return { offset: i, message: 'an invalid number' };
      i = NUMBER.lastIndex;
    } else {
      const literal = LITERALS.find((word) => text.startsWith(word, i));
      if (literal === undefined) return { offset: i, message: `expected a value, got ${shown(char)}` };
      i += literal.length;
    }
    expecting = open.length === 0 ? 'end' : 'comma-or-close';
    return undefined;
  };

  /** Reads an object's key starting at i. */
  const key = (): Problem | undefined => {
    if (text[i] !== '"') return { offset: i, message: `expected a key in double quotes, got ${shown(text[i] as string)}` };
    const end = stringEnd(i);
    if (typeof end !== 'number') return end;
    const top = open.at(-1) as Open;
    const name = JSON.parse(text.slice(i, end)) as string;
    if (top.keys?.has(name) === true) return { offset: i, message: `the key ${JSON.stringify(name)} is given twice in one object` };
    top.keys?.add(name);
    top.segment = name;
    i = end;
    expecting = 'colon';
    return undefined;
  };

  const close = (): undefined => {
    open.pop();
    expecting = open.length === 0 ? 'end' : 'comma-or-close';
    i++;
    return undefined;
  };

  for (;;) {
    while (i < text.length && isWhitespace(text[i] as string)) i++;
    if (i >= text.length) {
      if (expecting === 'end') return undefined;
      const message = open.length === 0 && expecting === 'value' ? 'the file is empty' : 'the text ends before the JSON value does: the file is cut short';
      return { offset: text.length, message };
    }
    const char = text[i] as string;
    const top = open.at(-1);
    let problem: Problem | undefined;
    switch (expecting) {
      case 'end':
        return { offset: i, message: `more text after the JSON value: ${shown(char)}` };
      case 'value':
        problem = value();
        break;
      case 'value-or-close':
        problem = char === top?.close ? close() : value();
        break;
      case 'key':
        problem = key();
        break;
      case 'key-or-close':
        problem = char === top?.close ? close() : key();
        break;
      case 'colon':
        if (char !== ':') return { offset: i, message: `expected ":" after the key, got ${shown(char)}` };
        i++;
        expecting = 'value';
        break;
      case 'comma-or-close': {
        const container = top as Open;
        if (char === container.close) close();
        else if (char === ',') {
          container.index++;
          expecting = container.close === '}' ? 'key' : 'value';
          i++;
        } else return { offset: i, message: `expected "," or "${container.close}", got ${shown(char)}` };
        break;
      }
    }
    if (problem !== undefined) return problem;
  }
}
