/**
 * An engine with bugs to compare: the reference engine with the changes of the mutants of runner/mutants/catalog.ts
 * named as arguments (one bug, or several at once), served over the engine protocol as `scopa-conformance engine`
 * serves the plain one. It runs in a clone of this repository, through tsx:
 *
 *   node --import tsx examples/compare/mutant-engine.ts sweep-on-last-play
 *
 * An unknown name, or none, is said on stderr with the names the catalog has, and the engine exits 2 before
 * answering anything, so that compare reports it as an engine that could not start.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { referenceWith } from '../../runner/causes/patched-reference.ts';
import { serve } from '../../runner/engines/serve.ts';
import { MUTANTS } from '../../runner/mutants/catalog.ts';
import { PACKAGE_JSON } from '../../runner/util/repo-paths.ts';

const names = process.argv.slice(2);
const unknown = names.filter((name) => !MUTANTS.some((mutant) => mutant.name === name));
if (names.length === 0 || unknown.length > 0) {
  const said = names.length === 0 ? 'name at least one mutant' : `no mutant ${unknown.map((name) => `"${name}"`).join(', ')} in the catalog`;
  process.stderr.write(`mutant-engine: ${said}; runner/mutants/catalog.ts has ${MUTANTS.map((mutant) => mutant.name).join(', ')}\n`);
  process.exit(2);
}
const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
const reference = await referenceWith(MUTANTS.filter((mutant) => names.includes(mutant.name)));
await serve(process.stdin, process.stdout, `${version}+${names.join('+')}`, reference);
