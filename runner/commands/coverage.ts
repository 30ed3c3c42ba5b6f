/**
 * `coverage`: which rule ids have hand-verified fixtures, and which have none.
 * @module
 */
import { type Command, EXIT, parseCommandArgs, reportLoadErrors, variantsOrStop } from '../cli/command.ts';
import { ruleCoverage } from '../tools/coverage.ts';
import { loadFixtureCorpus } from '../load/corpus.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';

export const coverageCommand: Command = {
  name: 'coverage',
  summary: 'list the hand-verified fixtures of every rule id; fail if a rule has none',
  help: `Usage: scopa-conformance coverage [--json]

For every rule id of spec/rules.md: how many hand-verified fixtures cite it (in their
rules: list) and for which variants. Generated fixtures are not counted.
Exit status: 0 if every rule id has a hand-verified fixture, 1 if some have none, 2 if a
variant or fixture is invalid.`,

  async run(args, io) {
    const { values } = parseCommandArgs(args, { json: { type: 'boolean' } });
    const registry = await variantsOrStop();
    const corpus = await loadFixtureCorpus([FIXTURES_DIR], registry);
    if (corpus.errors.length > 0) {
      reportLoadErrors(corpus.errors, io);
      return EXIT.invalid;
    }
    const coverage = ruleCoverage(corpus.fixtures.map((loaded) => loaded.fixture));
    const uncovered = coverage.filter((entry) => entry.fixtures.length === 0);
    if (values.json === true) io.stdout.write(`${JSON.stringify({ rules: coverage, uncovered: uncovered.map((e) => e.rule) })}\n`);
    else {
      const width = Math.max(...coverage.map((entry) => entry.rule.length));
      for (const { rule, fixtures, variants } of coverage) {
        const line = fixtures.length === 0 ? 'NONE' : `${String(fixtures.length).padStart(3)}  ${variants.join(' ')}`;
        io.stdout.write(`${rule.padEnd(width)}  ${line}\n`);
      }
      io.stdout.write(`${coverage.length - uncovered.length} of ${coverage.length} rule ids have hand-verified fixtures\n`);
    }
    return uncovered.length === 0 ? EXIT.ok : EXIT.failed;
  },
};
