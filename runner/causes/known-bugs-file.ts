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
import { KNOWN_BUGS, knownBug, type KnownBug } from './known-bugs.ts';

/** The known bugs a file names, in its order; every problem as file:line:col. */
export async function loadKnownBugsFile(path: string): Promise<LoadResult<KnownBug[]>> {
  const read = await readYamlFile(path);
  if (!read.ok) return read;
  const yaml = read.value;
  const problems = checkAgainstSchema('known-bugs', yaml.value);
  const names = problems.length === 0 ? (yaml.value as { bugs: string[] }).bugs : [];
  const errors: LoadError[] = problems.map((problem) => ({ file: path, ...yaml.locate(problem.pointer, problem.part), message: problem.message }));
  for (const [index, name] of names.entries()) {
    if (knownBug(name) !== undefined) continue;
    const like = nearestValue(KNOWN_BUGS.map((bug) => bug.name), name);
    errors.push({ file: path, ...yaml.locate(pointerTo('bugs', index), 'value'), message: `no known bug is named "${name}"${like === undefined ? '' : `; did you mean "${like}"?`}` });
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort(byPosition) };
  return { ok: true, value: names.map((name) => knownBug(name) as KnownBug) };
}

/** The known bugs as the file `run --known-bugs` reads, under a comment that says where it comes from. */
export function knownBugsYaml(bugs: readonly KnownBug[], schema: string, comment: readonly string[]): string {
  const lines = [`# yaml-language-server: $schema=${schema}`, ...comment.map((line) => `# ${line}`)];
  for (const bug of bugs) lines.push(`# ${bug.name} (${bug.rule}): ${bug.bug}`);
  return `${lines.join('\n')}\n${stringify({ bugs: bugs.map((bug) => bug.name) })}`;
}
