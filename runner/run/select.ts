/**
 * Which fixtures a run takes: by variant, by a glob on the id, by tags, then one shard of what is left; and
 * the expected-failure list (`--expect-fail`), whose fixtures must fail: one that passes is an error.
 * @module
 */
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { UsageError } from '../cli/command.ts';
import { readUserFile } from '../util/files.ts';
import { globMatcher } from '../util/glob.ts';
import { byPosition, type LoadError, type LoadResult } from '../load/load-result.ts';
import { readYamlFile } from '../load/yaml-source.ts';
import { codeUnitOrder } from '../util/code-unit-order.ts';

/** Shard `index` (from 1) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

export interface Selection {
  /** Variant ids; a fixture of any of them is taken. */
  variants?: string[];
  /** A glob on the fixture id: `*` any run of characters (`/` included), `?` one character. */
  filter?: string;
  /** A fixture carrying any of these tags is taken. */
  tags?: string[];
  shard?: Shard;
}

/** `i/n` with 1 <= i <= n. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    throw new UsageError(`--shard takes i/n with 1 <= i <= n (for example 2/4), got "${text}"`);
  }
  return { index, count };
}

/** `a,b, c` as ["a", "b", "c"]; empty items dropped. */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** What a selection reads of a fixture. */
type Selectable = { fixture: { id: string; variant: string; tags: readonly string[] }; file?: string };

/** By fixture id, then by file, in code-unit order. */
export const byId = <T extends Selectable>(a: T, b: T): number => codeUnitOrder(a.fixture.id, b.fixture.id) || codeUnitOrder(a.file ?? '', b.file ?? '');

/**
 * The fixtures a selection takes, sorted by id. Filters apply first; the shard then takes every n-th of the
 * sorted ids that remain, from the i-th, so that the n shards partition the selection whatever the machine.
 */
export function selectFixtures<T extends Selectable>(entries: readonly T[], selection: Selection): T[] {
  const variants = selection.variants === undefined ? undefined : new Set(selection.variants);
  const matches = selection.filter === undefined ? undefined : globMatcher(selection.filter);
  const tags = selection.tags === undefined ? undefined : new Set(selection.tags);
  const chosen = entries
    .filter(({ fixture }) => variants === undefined || variants.has(fixture.variant))
    .filter(({ fixture }) => matches === undefined || matches(fixture.id))
    .filter(({ fixture }) => tags === undefined || fixture.tags.some((tag) => tags.has(tag)))
    .sort(byId);
  const { shard } = selection;
  return shard === undefined ? chosen : chosen.filter((_, i) => i % shard.count === shard.index - 1);
}

// ---------------------------------------------------------------------------------------------------------------
// --expect-fail

export interface ExpectedFailure {
  /** A fixture id, or a glob on ids. */
  id: string;
  reason: string;
  line: number;
  col: number;
}

export interface ExpectFailList {
  file: string;
  entries: ExpectedFailure[];
}

const YAML_EXTENSIONS = new Set(['.yaml', '.yml']);

/**
 * Reads an expected-failure list. A `.yaml`/`.yml` file is a map from id to reason, or a list of
 * `{id, reason}`; any other file is plain text, one `<id> <reason>` per line, lines starting with `#` being comments.
 * Every entry needs a reason. Ids may be globs (`*`, `?`).
 */
export async function loadExpectFail(file: string): Promise<LoadResult<ExpectFailList>> {
  try {
    if (!(await stat(file)).isFile()) return fail(file, 0, 0, 'not a file');
  } catch (error) {
    return fail(file, 0, 0, `cannot read file: ${(error as Error).message}`);
  }
  return YAML_EXTENSIONS.has(extname(file).toLowerCase()) ? loadYamlList(file) : loadTextList(file);
}

const fail = (file: string, line: number, col: number, message: string): LoadResult<never> => ({
  ok: false,
  errors: [{ file, line, col, message }],
});

async function loadTextList(file: string): Promise<LoadResult<ExpectFailList>> {
  const read = await readUserFile(file);
  if (!read.ok) return fail(file, 0, 0, read.message);
  const { text } = read;
  const entries: ExpectedFailure[] = [];
  const errors: LoadError[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trimEnd();
    if (line === '' || line.trim().startsWith('#')) return;
    // The reason is the rest of the line, whatever it holds (a lone \r too: `s`); the greedy \s* and trimEnd
    // leave no space around it.
    const match = /^(\s*)(\S+)\s*(.*)$/s.exec(line) as RegExpExecArray;
    const [, indent = '', id = '', reason = ''] = match;
    const position = { line: index + 1, col: indent.length + 1 };
    if (reason === '') errors.push({ file, ...position, message: `"${id}" needs a reason after the id` });
    else entries.push({ id, reason, ...position });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { file, entries } };
}

async function loadYamlList(file: string): Promise<LoadResult<ExpectFailList>> {
  const read = await readYamlFile(file);
  if (!read.ok) return read;
  const { value, locate } = read.value;
  const entries: ExpectedFailure[] = [];
  const errors: LoadError[] = [];
  const at = (pointer: string, message: string, part: 'key' | 'value' = 'value'): void => {
    errors.push({ file, ...locate(pointer, part), message });
  };
  const add = (id: unknown, reason: unknown, pointer: string, reasonPointer: string): void => {
    if (typeof id !== 'string' || id === '') return at(pointer, 'a fixture id must be a non-empty string');
    if (typeof reason !== 'string' || reason.trim() === '') return at(reasonPointer, `"${id}" needs a reason (a non-empty string)`);
    entries.push({ id, reason: reason.trim(), ...locate(pointer, 'key') });
  };
  if (value === null || value === undefined) return { ok: true, value: { file, entries } };
  if (Array.isArray(value)) {
    value.forEach((item: unknown, index) => {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) return at(`/${index}`, 'expected {id, reason}');
      const { id, reason, ...rest } = item as Record<string, unknown>;
      for (const key of Object.keys(rest)) at(`/${index}/${key}`, `unknown key "${key}" (expected id and reason)`, 'key');
      add(id, reason, `/${index}/id`, `/${index}/reason`);
    });
  } else if (typeof value === 'object') {
    for (const [id, reason] of Object.entries(value)) {
      const pointer = `/${id.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      add(id, reason, pointer, pointer);
    }
  } else {
    at('', 'expected a map from fixture id to reason, or a list of {id, reason}');
  }
  return errors.length > 0 ? { ok: false, errors: errors.sort(byPosition) } : { ok: true, value: { file, entries } };
}

/** Entries that name no known fixture (a stale list is an error, like a stale skip list). */
export function unknownExpectedFailures(list: ExpectFailList, knownIds: ReadonlySet<string>): LoadError[] {
  return list.entries.flatMap((entry) => {
    const matches = globMatcher(entry.id);
    const known = knownIds.has(entry.id) || [...knownIds].some(matches);
    return known ? [] : [{ file: list.file, line: entry.line, col: entry.col, message: `no fixture has the id "${entry.id}"` }];
  });
}

/** The reason a fixture is expected to fail, or undefined if it is not listed. */
export function expectedFailureOf(list: ExpectFailList | undefined, id: string): string | undefined {
  return list?.entries.find((entry) => entry.id === id || globMatcher(entry.id)(id))?.reason;
}
