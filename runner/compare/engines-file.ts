/**
 * The engines file of `compare` (spec/engines.schema.json): each engine's name, how to start it, its profile and its
 * known bugs, all checked before anything runs. The files it names are read from its folder; an engine's command
 * runs in the current folder, as `run --engine` runs it. Every problem is reported where it is written: in the
 * engines file, or in the profile or known-bugs file it names.
 * @module
 */
import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import type { ResolvedVariant } from '../../reference/index.ts';
import { loadKnownBugsFile } from '../causes/known-bugs-file.ts';
import type { KnownBug } from '../causes/known-bugs.ts';
import { DEFAULT_TIMEOUT_MS, type EngineSpec } from '../engines/engine.ts';
import { byPosition, type LoadError, type LoadResult } from '../load/load-result.ts';
import { checkAgainstSchema } from '../load/schemas.ts';
import { type NodePart, pointerTo, readYamlFile } from '../load/yaml-source.ts';
import { loadProfileFile } from '../profile/load.ts';
import type { EngineProfile } from '../profile/profile.ts';
import { statIfAny } from '../util/files.ts';

/** An engine of the file, ready to run. */
export interface ComparedEngine {
  name: string;
  spec: EngineSpec;
  /** The profile file (its path, and as the engines file writes it), what it declares, and that as a digest. */
  profile?: { path: string; file: string; value: EngineProfile; digest: string };
  /** The known-bugs file (its path, and as the engines file writes it), and the bugs it names. */
  knownBugs?: { path: string; file: string; bugs: KnownBug[] };
}

/** An entry as spec/engines.schema.json has it. */
interface EngineEntry {
  name: string;
  engine?: string;
  adapter?: string;
  profile?: string;
  knownBugs?: string;
  timeout?: number;
  validateProtocol?: boolean;
}

/**
 * The most bytes of an engines file read: 64 engines (the schema's maxItems) of a few lines each take a few kB. A
 * file of the 5 MiB any file may be would keep the YAML parser, which no signal interrupts, at work for seconds.
 */
export const MAX_ENGINES_FILE_BYTES = 512 * 1024;

/** The engines a file lists, in its order, each checked; every problem at file:line:col. Commands run in `cwd`. */
export async function loadEnginesFile(path: string, variants: ReadonlyMap<string, ResolvedVariant>, cwd: string): Promise<LoadResult<ComparedEngine[]>> {
  const size = (await statIfAny(path))?.size ?? 0;
  if (size > MAX_ENGINES_FILE_BYTES) {
    return { ok: false, errors: [{ file: path, line: 0, col: 0, message: `the file is ${size} bytes, more than the ${MAX_ENGINES_FILE_BYTES} an engines file may be (at most 64 engines): nothing was read` }] };
  }
  const read = await readYamlFile(path);
  if (!read.ok) return read;
  const yaml = read.value;
  const at = (part: NodePart, message: string, ...segments: (string | number)[]): LoadError => ({ file: path, ...yaml.locate(pointerTo(...segments), part), message });
  if (yaml.value === null || yaml.value === undefined) return { ok: false, errors: [{ file: path, line: 0, col: 0, message: 'the file is empty: it names no engine (engines: a list of {name, engine or adapter, profile})' }] };
  const problems = checkAgainstSchema('engines', yaml.value);
  if (problems.length > 0) return { ok: false, errors: problems.map((problem) => ({ file: path, ...yaml.locate(problem.pointer, problem.part), message: problem.message })).sort(byPosition) };

  const { engines } = yaml.value as { engines: EngineEntry[] };
  if (engines.length === 0) return { ok: false, errors: [at('value', 'names no engine: list at least one under engines', 'engines')] };
  const folder = dirname(path);
  const errors: LoadError[] = [];
  const firstAt = new Map<string, number>();
  const loaded: ComparedEngine[] = [];
  for (const [index, entry] of engines.entries()) {
    const here = (part: NodePart, key: keyof EngineEntry, message: string): LoadError => at(part, message, 'engines', index, key);
    const first = firstAt.get(entry.name);
    if (first === undefined) firstAt.set(entry.name, index);
    else errors.push(here('value', 'name', `the name "${entry.name}" is given twice: engine ${first + 1} (line ${yaml.locate(pointerTo('engines', first, 'name'), 'value').line}) has it too`));
    if (entry.engine !== undefined && entry.adapter !== undefined) errors.push(here('key', 'adapter', 'give engine or adapter, not both'));
    if (entry.validateProtocol === true && entry.engine === undefined) errors.push(here('key', 'validateProtocol', 'validateProtocol goes with engine: only an engine command speaks the protocol'));
    if (entry.timeout !== undefined && entry.engine === undefined && entry.adapter === undefined) errors.push(here('key', 'timeout', 'timeout goes with engine or adapter: the reference engine runs in process'));
    const missing = async (key: 'adapter' | 'profile' | 'knownBugs'): Promise<LoadError | undefined> => {
      const written = entry[key] as string;
      const stats = await statIfAny(resolve(folder, written));
      if (stats?.isFile() === true) return undefined;
      return here('value', key, `${key} "${written}": ${stats === undefined ? 'no such file' : 'not a file'} (read from ${folder})`);
    };
    const problem = await Promise.all((['adapter', 'profile', 'knownBugs'] as const).filter((key) => entry[key] !== undefined).map(missing));
    errors.push(...problem.filter((found) => found !== undefined));
    if (problem.some((found) => found !== undefined)) continue;

    const engine: ComparedEngine = { name: entry.name, spec: specOf(entry, folder, cwd) };
    if (entry.profile !== undefined) {
      const profilePath = resolve(folder, entry.profile);
      const profile = await loadProfileFile(profilePath, variants);
      if (profile.ok) engine.profile = { path: profilePath, file: entry.profile, value: profile.value, digest: profileDigest(profile.value) };
      else errors.push(...profile.errors);
    }
    if (entry.knownBugs !== undefined) {
      const bugsPath = resolve(folder, entry.knownBugs);
      const bugs = await loadKnownBugsFile(bugsPath);
      if (bugs.ok) engine.knownBugs = { path: bugsPath, file: entry.knownBugs, bugs: bugs.value };
      else errors.push(...bugs.errors);
    }
    loaded.push(engine);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: loaded };
}

/**
 * What a profile declares, as the first 16 hex digits of the sha256 of its value with its keys sorted: however its
 * file is laid out, the same declarations give the same digest. How `compare --merge` knows the profile a report was
 * judged under.
 */
export const profileDigest = (profile: EngineProfile): string => createHash('sha256').update(JSON.stringify(keysSorted(profile))).digest('hex').slice(0, 16);

const keysSorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(keysSorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, keysSorted((value as Record<string, unknown>)[key])]));
};

/** How to start an entry's engine: its command run in `cwd`, its adapter read from `folder`. */
function specOf(entry: EngineEntry, folder: string, cwd: string): EngineSpec {
  const timeoutMs = entry.timeout === undefined ? DEFAULT_TIMEOUT_MS : Math.max(1, Math.round(entry.timeout * 1000));
  if (entry.engine !== undefined) return { kind: 'stdio', command: entry.engine, timeoutMs, validateProtocol: entry.validateProtocol === true, cwd };
  if (entry.adapter !== undefined) return { kind: 'module', path: resolve(folder, entry.adapter), name: entry.adapter, timeoutMs };
  return { kind: 'reference' };
}
