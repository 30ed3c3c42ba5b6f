/**
 * `npm run mutants`: runs every mutant of the catalog against the fixture corpus and prints the mutation
 * score. Exit 0 when every mutant is caught, 1 otherwise.
 * @module
 */
import { MUTANTS } from './catalog.ts';
import { corpusItems } from '../run/corpus-items.ts';
import { scoreMutant } from './score.ts';

const items = await corpusItems();
let caught = 0;
for (const mutant of MUTANTS) {
  const score = await scoreMutant(mutant, items);
  if (score.caught) caught++;
  const by = score.caughtBy;
  const verdict = score.caught
    ? `caught by ${by?.id} (${by?.divergence?.kind}${by?.divergence?.rule === undefined ? '' : `, ${by.divergence.rule}`}) after ${score.fixturesRun} fixtures`
    : `SURVIVED all ${score.fixturesRun} fixtures${score.errored > 0 ? ` (${score.errored} errored)` : ''}`;
  process.stdout.write(`${mutant.name.padEnd(34)} ${verdict}\n`);
}
process.stdout.write(`mutation score: ${caught}/${MUTANTS.length} (${((100 * caught) / MUTANTS.length).toFixed(0)}%)\n`);
process.exitCode = caught === MUTANTS.length ? 0 : 1;
