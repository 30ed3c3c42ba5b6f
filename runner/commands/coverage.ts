/**
 * `coverage`: which rule ids, refusal codes and knob values have hand-verified fixtures, and which have none.
 * @module
 */
import { applyOptions, type Rules } from '../../reference/index.ts';
import { type Command, EXIT, parseCommandArgs, reportLoadErrors, variantsOrStop } from '../cli/command.ts';
import { resolveFixtureArgs } from '../cli/fixture-args.ts';
import { type Coverage, ruleCoverage } from '../tools/coverage.ts';
import { loadFixtureCorpus } from '../load/corpus.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';
import { readSpecText } from '../util/spec-text.ts';

/** The coverage as text: a line per rule, its refusals and its knobs' values with how many fixtures show each, then the gaps. */
function coverageText({ rules, knobs, gaps }: Coverage): string {
  const width = Math.max(...rules.map((entry) => entry.rule.length));
  const counted = (items: readonly { label: string; fixtures: string[] }[]): string =>
    items.map(({ label, fixtures }) => `${label} ${fixtures.length === 0 ? 'NONE' : fixtures.length}`).join(', ');
  const lines: string[] = [];
  for (const { rule, fixtures, variants, refusals, outsideFixtures, knobs: ruleKnobs } of rules) {
    lines.push(`${rule.padEnd(width)}  ${fixtures.length === 0 ? 'NONE' : `${String(fixtures.length).padStart(3)}  ${variants.join(' ')}`}`);
    if (refusals.length > 0) lines.push(`    refusals: ${counted(refusals.map(({ code, fixtures: expecting }) => ({ label: code, fixtures: expecting })))}`);
    if (outsideFixtures.length > 0) lines.push(`    refusals no fixture can expect: ${outsideFixtures.map((refusal) => refusal.code).join(', ')}`);
    for (const knob of knobs.filter((entry) => ruleKnobs.includes(entry.knob))) {
      lines.push(`    ${knob.knob}: ${counted(knob.values.map(({ value, fixtures: playing }) => ({ label: String(value), fixtures: playing })))}`);
    }
  }
  const refusals = rules.flatMap((entry) => entry.refusals);
  const values = knobs.flatMap((knob) => knob.values);
  const shown = (items: readonly { fixtures: string[] }[]): string => `${items.filter((item) => item.fixtures.length > 0).length} of ${items.length}`;
  if (gaps.length > 0) lines.push(`GAPS (${gaps.length}):`, ...gaps.map((gap) => `  ${gap}`));
  lines.push(
    `hand-verified fixtures: ${shown(rules)} rule ids, ${shown(refusals)} refusals the rules can cause, ${shown(values)} knob values the variants play`,
  );
  return `${lines.join('\n')}\n`;
}

export const coverageCommand: Command = {
  name: 'coverage',
  summary: 'count the hand-verified fixtures of every rule id, refusal and knob value; fail where one has none',
  help: `Usage: scopa-conformance coverage [fixture files or directories...] [--json]

For every rule id of spec/rules.md: how many hand-verified fixtures cite it (in their
rules: list) and for which variants; each refusal code the rule can cause (its row in
the error registry, section 16, or its Errors paragraph) with how many of them expect
it; and each value of each knob that shapes the rule (spec/variant.schema.json, and the
tie policy of each scoring category) with how many of the knob's rules' fixtures play
it. Generated fixtures are not counted. A code refused before any decision (at the
variant, options, setup or deck order stage), GAME_OVER and DECK_NEEDED are out of a
fixture's reach, and listed apart; a knob value no variant and no fixture plays is not
counted. With no arguments, the corpus in fixtures/ is counted.
Exit status: 0 if every rule id, every refusal a fixture can expect and every knob value
played has a hand-verified fixture, 1 if some have none (each is named), 2 if a variant
or fixture is invalid.`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' } });
    const paths = positionals.length === 0 ? [FIXTURES_DIR] : await resolveFixtureArgs(positionals, io);
    const registry = await variantsOrStop();
    const corpus = await loadFixtureCorpus(paths, registry);
    if (corpus.errors.length > 0) {
      reportLoadErrors(corpus.errors, io);
      return EXIT.invalid;
    }
    const variantRules = [...registry.values()].flatMap((variant): Rules[] => {
      const rules = applyOptions(variant);
      return rules.ok ? [rules.value] : [];
    });
    const coverage = ruleCoverage(
      corpus.fixtures.map(({ fixture, request }) => ({ fixture, rules: request.rules })),
      variantRules,
      readSpecText(),
    );
    io.stdout.write(values.json === true ? `${JSON.stringify(coverage)}\n` : coverageText(coverage));
    return coverage.gaps.length === 0 ? EXIT.ok : EXIT.failed;
  },
};
