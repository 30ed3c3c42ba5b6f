/**
 * Known-bugs files (spec/known-bugs.schema.json): the bugs of the catalog an engine is known to have, as
 * `diagnose --write-known-bugs` writes them and `run --known-bugs` reads them. A file that does not parse, or names a
 * bug the catalog does not have, is reported where it is written.
 * @module
 */
import { stringify } from 'yaml';
import { byPosition, type LoadError, type LoadResult } from '../load/load-result.ts';
import { checkAgainstSchema } from '../load/schemas.ts';
import { pointerTo, readYamlFile } from '../load/yaml-source.ts';
import { nearestValue } from '../util/nearest.ts';
import { MUTANTS } from '../mutants/catalog.ts';
import { KNOWN_BUGS, knownBug, type KnownBug } from './known-bugs.ts';
import { ChangeNotFoundError, patchedSources } from './patched-reference.ts';

/** The known bugs a file names, in its order; every problem as file:line:col. */
export async function loadKnownBugsFile(path: string): Promise<LoadResult<KnownBug[]>> {
  const read = await readYamlFile(path);
  if (!read.ok) return read;
  const yaml = read.value;
  // A name given twice is said at its second line below, not at the list as the schema's uniqueItems says it.
  const problems = checkAgainstSchema('known-bugs', yaml.value).filter((problem) => !(problem.pointer === '/bugs' && problem.message.endsWith(UNIQUE_ITEMS)));
  const names = problems.length === 0 ? (yaml.value as { bugs: string[] }).bugs : [];
  const errors: LoadError[] = problems.map((problem) => ({ file: path, ...yaml.locate(problem.pointer, problem.part), message: problem.message }));
  const at = (index: number, message: string): LoadError => ({ file: path, ...yaml.locate(pointerTo('bugs', index), 'value'), message });
  const lineOf = (index: number): number => yaml.locate(pointerTo('bugs', index), 'value').line;
  const bugs: { index: number; bug: KnownBug }[] = [];
  for (const [index, name] of names.entries()) {
    const first = names.indexOf(name);
    if (first < index) {
      errors.push(at(index, `"${name}" is listed twice (line ${lineOf(first)} has it too); each bug once`));
      continue;
    }
    const bug = knownBug(name);
    if (bug !== undefined) {
      const clash = await firstClash(bugs.map((earlier) => earlier.bug), bug);
      if (clash === undefined) bugs.push({ index, bug });
      else errors.push(at(index, `"${name}" cannot be played together with "${clash}" (line ${lineOf(names.indexOf(clash))}): both change the same code of the reference engine, so no engine has both; list one of them`));
      continue;
    }
    const reading = MUTANTS.find((mutant) => mutant.name === name)?.reading;
    if (reading !== undefined) {
      errors.push(at(index, `"${name}" is a reading the ambiguity register documents (${reading.ambiguity}), not a bug: declare it in the engine's profile (run --profile), where diagnose --write-profile writes it`));
      continue;
    }
    const like = nearestValue(KNOWN_BUGS.map((known) => known.name), name);
    errors.push(at(index, `no known bug is named "${name}"${like === undefined ? '' : `; did you mean "${like}"?`}`));
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort(byPosition) };
  return { ok: true, value: bugs.map(({ bug }) => bug) };
}

/** How the schema's uniqueItems problem ends (runner/load/schemas.ts). */
const UNIQUE_ITEMS = 'are the same; each may appear once';

/** The first of `earlier` that `bug` cannot be played with (the two change the same code), or undefined. */
async function firstClash(earlier: readonly KnownBug[], bug: KnownBug): Promise<string | undefined> {
  for (const other of earlier) {
    try {
      await patchedSources([other, bug]);
    } catch (error) {
      if (error instanceof ChangeNotFoundError) return other.name;
      throw error;
    }
  }
  return undefined;
}

/** The known bugs as the file `run --known-bugs` reads, under a comment that says where it comes from. */
export function knownBugsYaml(bugs: readonly KnownBug[], schema: string, comment: readonly string[]): string {
  const lines = [`# yaml-language-server: $schema=${schema}`, ...comment.map((line) => `# ${line}`)];
  for (const bug of bugs) lines.push(`# ${bug.name} (${bug.rule}): ${bug.bug}`);
  return `${lines.join('\n')}\n${stringify({ bugs: bugs.map((bug) => bug.name) })}`;
}
