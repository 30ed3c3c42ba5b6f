/**
 * What every subcommand shares: the streams it writes to, how it reports a usage mistake, and the exit codes.
 * @module
 */
import { isAbsolute, relative } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { formatLoadError, type LoadError } from '../load/load-result.ts';
import { loadVariantRegistry, type VariantRegistry } from '../load/variants.ts';
import { oneLine } from '../util/one-line.ts';

export interface Io {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Where the progress line is drawn, unescaped (it moves the cursor); stderr when not given. */
  progress?: { write(text: string): unknown };
  /** The directory that relative paths are read from and shown relative to. */
  cwd: string;
  /** Whether stderr is a terminal: progress is drawn there only then (and not under CI). */
  isTTY: boolean;
  /** Aborted when the user asks the command to stop (Ctrl-C): long commands stop cleanly and say so. */
  signal?: AbortSignal;
  /** The environment (CI, NO_COLOR, ...). */
  env: Record<string, string | undefined>;
}

/** The exit codes of every command. Where several apply, `invalid` beats `engineError`, which beats `failed`. */
export const EXIT = {
  ok: 0,
  /** A fixture failed, or an expected failure passed. */
  failed: 1,
  /** A usage mistake, or an invalid variant or fixture: nothing was run. */
  invalid: 2,
  /** The engine under test could not run or errored. */
  engineError: 3,
  /** Stopped by the user (Ctrl-C, SIGINT): what was done is kept and reported. */
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export interface Command {
  name: string;
  /** One line for the list of commands. */
  summary: string;
  /** The whole help text: usage lines, what the command does, its options. */
  help: string;
  run(args: string[], io: Io): Promise<ExitCode>;
}

/** A mistake in how the command was called: reported in one line with a pointer to the help, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * A command called with nothing to work on (no engine, no file): reported with the command's usage lines, exit 2.
 */
export class NothingToWorkOnError extends UsageError {
  override name = 'NothingToWorkOnError';
}

/** An argument that reads as a number with a minus sign (`-1`, `-.5`), not as an option. */
const NEGATIVE_NUMBER = /^-[\d.]/;

/**
 * The arguments with each value that starts like a negative number joined to its option (`--games -1` becomes
 * `--games=-1`), so that it reaches the option's own check, which says what the option takes, instead of
 * parseArgs' "argument is ambiguous". Any other value that starts with a dash is refused in words: no value before
 * an option (`--out --force`), or one that reads as an option (`--write-findings -dash`) and is given as
 * `--write-findings=-dash`.
 */
function withDashValuesChecked(args: readonly string[], options: NonNullable<ParseArgsConfig['options']>): string[] {
  const optionOf = (arg: string): string | undefined =>
    arg.startsWith('--') ? (Object.hasOwn(options, arg.slice(2)) ? arg.slice(2) : undefined) : Object.keys(options).find((name) => options[name]?.short !== undefined && arg === `-${options[name].short}`);
  const joined: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '--') return [...joined, ...args.slice(index)];
    const next = args[index + 1];
    const long = optionOf(arg);
    if (long === undefined || options[long]?.type !== 'string' || next === undefined || !next.startsWith('-') || next === '-') {
      joined.push(arg);
      continue;
    }
    if (!NEGATIVE_NUMBER.test(next)) {
      if (next === '--' || optionOf(next) !== undefined) throw new UsageError(`--${long} takes a value, and none is given before ${next}`);
      throw new UsageError(`--${long} takes a value, and ${JSON.stringify(next)} reads as an option: to give it as the value, write --${long}=${next}`);
    }
    joined.push(`--${long}=${next}`);
    index++;
  }
  return joined;
}

/** Each option that takes one value and is given more than once, refused: parseArgs would keep the last silently. */
function refuseRepeated(tokens: readonly { kind: string; name?: string; value?: string | undefined }[], options: NonNullable<ParseArgsConfig['options']>): void {
  const values = new Map<string, string[]>();
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === undefined) continue;
    const option = options[token.name];
    if (option?.type !== 'string' || option.multiple === true) continue;
    values.set(token.name, [...(values.get(token.name) ?? []), token.value ?? '']);
  }
  for (const [name, given] of values) {
    if (given.length > 1) throw new UsageError(`--${name} is given ${given.length === 2 ? 'twice' : `${given.length} times`} (${given.map((value) => JSON.stringify(value)).join(', ')}); it takes one value`);
  }
}

/** `node:util` parseArgs, strict, with its complaints turned into usage errors; an option of one value given once. */
export function parseCommandArgs<const O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O) {
  try {
    const parsed = parseArgs({ args: withDashValuesChecked(args, options), options, strict: true, allowPositionals: true, tokens: true });
    refuseRepeated(parsed.tokens, options);
    return parsed;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true) {
      throw new UsageError((error as Error).message);
    }
    throw error;
  }
}

/**
 * A whole-number option, checked: digits only, at least `min`, at most `max` (and never past what a JavaScript
 * number holds exactly), so that what is recorded or used is exactly what the user typed.
 */
export function integerOption(name: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} takes a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

/** Characters a path may hold that would change what a line of output says: line breaks, controls, reordering marks. */
const ODD_IN_A_PATH = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/u;

/**
 * A path as the user thinks of it: relative to the working directory when it lies inside it. A path holding a
 * line break or another control character is shown quoted, as a JSON string, so that it cannot forge a line.
 */
export function showPath(path: string, io: Io): string {
  const fromCwd = relative(io.cwd, path);
  const shown = fromCwd === '' || fromCwd.startsWith('..') || isAbsolute(fromCwd) ? path : fromCwd;
  return ODD_IN_A_PATH.test(shown) ? JSON.stringify(shown) : shown;
}

/** Problems in input files that stop a command: the CLI reports each at file:line:col and exits 2. */
export class InvalidInputError extends Error {
  override name = 'InvalidInputError';
  constructor(readonly errors: LoadError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} in the input files`);
  }
}

/**
 * The variants of variants/ and of the user's variant folders and files (each invalid file kept aside in it);
 * throws InvalidInputError if they cannot be listed, or if two of them give the same id.
 */
export async function variantsOrStop(userSources: readonly string[] = []): Promise<VariantRegistry> {
  const registry = await loadVariantRegistry(undefined, userSources);
  if (!registry.ok) throw new InvalidInputError(registry.errors);
  return registry.value;
}

/** Problems in input files, one `file:line:col: error: message` line each on stderr (a line break in a message escaped). */
export function reportLoadErrors(errors: LoadError[], io: Io): void {
  for (const error of errors) {
    io.stderr.write(`${formatLoadError({ ...error, message: oneLine(error.message) }, showPath(error.file, io))}\n`);
  }
}
