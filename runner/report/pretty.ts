/**
 * The default reporter, for people. First the report card: each rule the engine breaks, in one line, then each
 * with one worked example and the fixtures that show it. Then one line per fixture that did not behave as
 * expected (the rules it breaks, or the error with what the engine left behind); the engine's declarations the
 * fixtures were judged under, one line each; why fixtures are not applicable, one line per cause, and why they
 * were skipped, one line per reason; then one summary line.
 * @module
 */
import { type Counts, countsLine, describeEngine, type GamesSummary, isUnexpectedPass, judgedAny, type FixtureResult, type ProbesSummary, type RunSummary, type ShrunkFinding } from '../run/outcome.ts';
import { notJudgedOf, reportCardOf, type RuleFinding } from './card.ts';

const indent = (text: string, by = '    '): string =>
  text
    .split('\n')
    .map((line) => (line === '' ? line : `${by}${line}`))
    .join('\n');

/** Why a fixture is not applicable, where its result does not say. */
const NOT_PLAYED = 'the engine does not play it';

/** What went wrong, in one line. */
export function headline(result: FixtureResult): string {
  if (isUnexpectedPass(result)) {
    return `passed, but the expect-fail list says it fails (${result.expectedFailure}); take it off the list`;
  }
  switch (result.outcome) {
    case 'failed': {
      const divergence = result.divergence;
      if (divergence === undefined) return 'failed';
      const rule = divergence.rule === undefined ? '' : `, ${divergence.rule}`;
      const others = result.findings?.slice(1).map((finding) => finding.rule ?? 'no single rule') ?? [];
      const more = others.length === 0 ? '' : `; also ${others.join(', ')}`;
      return `first divergence at round ${divergence.round}, play ${divergence.play} (${divergence.kind}${rule})${more}`;
    }
    case 'errored':
      return result.message ?? 'the engine gave no usable reply';
    case 'skipped':
      return result.message ?? 'not run';
    case 'not-applicable':
      return `not applicable: ${result.message ?? NOT_PLAYED}`;
    case 'passed':
      return 'passed';
  }
}

/** At most this many lines of an engine's stderr or a stack. */
const DETAIL_LINES = 20;

/** At most this many distinct reasons per outcome, and this many fixture ids per rule. */
const REASONS_SHOWN = 12;
const IDS_SHOWN = 12;

const fixtures = (count: number): string => `${count} fixture${count === 1 ? '' : 's'}`;

/**
 * One line per distinct reason (`reasonOf`; undefined for the results it does not concern), in the order they
 * first come, each said by `describe` of the results that give it: why part of the suite did not run, or was
 * judged by derived expectations or on less than every event.
 */
function reasonLines(
  results: readonly FixtureResult[],
  reasonOf: (result: FixtureResult) => string | undefined,
  label: string,
  describe: (reason: string, giving: readonly FixtureResult[]) => string = (reason, giving) => `${fixtures(giving.length)}: ${reason}`,
): string[] {
  const reasons = new Map<string, FixtureResult[]>();
  for (const result of results) {
    const reason = reasonOf(result);
    if (reason !== undefined) reasons.set(reason, [...(reasons.get(reason) ?? []), result]);
  }
  const lines = [...reasons].slice(0, REASONS_SHOWN).map(([reason, giving]) => `${label} ${describe(reason, giving)}`);
  if (reasons.size > REASONS_SHOWN) lines.push(`${label} ... ${reasons.size - REASONS_SHOWN} more reasons (--reporter json lists each fixture's)`);
  return lines;
}

/** At most this many variants are named on a line of not applicable fixtures. */
const VARIANTS_SHOWN = 4;

/** The fixtures judged under one declaration of the engine's, which is named once: how many derived, how many not applicable. */
function underDeclaration(declaration: string, judged: readonly FixtureResult[]): string {
  const notApplicable = judged.filter((result) => result.outcome === 'not-applicable').length;
  const derived = judged.length - notApplicable;
  const parts = [
    ...(derived === 0 ? [] : [`${fixtures(derived)} with expectations derived on the reference engine`]),
    ...(notApplicable === 0 ? [] : [`${fixtures(notApplicable)} not applicable (inputs illegal)`]),
  ];
  return `${parts.join(', ')}, under the profile's ${declaration}`;
}

/** The fixtures not applicable for one cause, and the variants they are of. */
function ofCause(cause: string, giving: readonly FixtureResult[]): string {
  const variants = [...new Set(giving.map((result) => result.variant))];
  const more = variants.length - VARIANTS_SHOWN;
  const named = more > 0 ? `${variants.slice(0, VARIANTS_SHOWN).join(', ')} and ${more} more variants` : variants.join(', ');
  return `${fixtures(giving.length)} of ${named}: ${cause}`;
}

/**
 * Who the card is about: the engine under test, or, when every failure is a recorded game, the systems that
 * played them (the engine is then the judge).
 */
function cardSubject(results: readonly FixtureResult[], engine: string, rules: string): string {
  const failures = results.filter((result) => result.outcome === 'failed' && result.expectedFailure === undefined);
  const systems = [...new Set(failures.map((result) => result.recorded))];
  // (There is a failure: the card is not empty.)
  if (systems.includes(undefined)) return `${describeEngine(engine)} breaks ${rules}`;
  return `the recorded games of ${systems.join(', ')} disagree with the ${describeEngine(engine)} on ${rules}`;
}

/** The report card: a line per rule broken, then each rule with its worked example and where it shows. */
function cardSection(card: readonly RuleFinding[], summary: RunSummary): string[] {
  if (card.length === 0) return [];
  const rules = `${card.length} rule${card.length === 1 ? '' : 's'}`;
  const out = [`REPORT CARD: ${cardSubject(summary.results, summary.engine, rules)}`, ...card.map((finding) => `  ${finding.summary}`), ''];
  for (const finding of card) {
    out.push(`RULE  ${finding.name}: ${finding.fixtures} fixture${finding.fixtures === 1 ? '' : 's'}, ${finding.link}`);
    out.push(indent(finding.example.report));
    const where = finding.where.map(({ id, rounds }) => `${id} (round${rounds.length === 1 ? '' : 's'} ${rounds.join(', ')})`);
    const shown = where.length > IDS_SHOWN ? [...where.slice(0, IDS_SHOWN), `and ${where.length - IDS_SHOWN} more`] : where;
    out.push(`    seen in:      ${shown.join(', ')}`, '');
  }
  return out;
}

export function renderPretty(summary: RunSummary): string {
  const unexpected = summary.results.filter((result) => result.expectedFailure === undefined || isUnexpectedPass(result));
  const out = cardSection(reportCardOf(summary.results), summary);
  for (const result of unexpected) {
    if (isUnexpectedPass(result)) out.push(`XPASS ${result.id}: ${headline(result)}`, '');
    else if (result.outcome === 'failed') out.push(`FAIL  ${result.id}: ${headline(result)}`);
    else if (result.outcome === 'errored') {
      out.push(`ERROR ${result.id} (${result.file}): ${headline(result)}`);
      if (result.detail !== undefined && result.detail.trim() !== '') {
        const lines = result.detail.split('\n');
        const shown = lines.length > DETAIL_LINES ? [...lines.slice(0, DETAIL_LINES), `... ${lines.length - DETAIL_LINES} more lines`] : lines;
        out.push(indent(shown.join('\n')));
      }
      out.push('');
    }
  }
  const { counts } = summary;
  if (out.length > 0 && out.at(-1) !== '') out.push('');
  out.push(...reasonLines(summary.results, (result) => result.derived, 'DERIVED', underDeclaration));
  out.push(...reasonLines(summary.results, (result) => (result.reporting === undefined ? undefined : `judged on what the engine reports: ${result.reporting}`), 'LESS '));
  out.push(...reasonLines(summary.results, (result) => (result.outcome === 'not-applicable' ? (result.cause ?? result.message ?? NOT_PLAYED) : undefined), 'N/A  ', ofCause));
  out.push(...notJudgedLines(summary.results), ...knownBugsLines(summary), ...undocumentedLines(summary));
  if (summary.interrupted === true) out.push(interruptedLine(summary));
  else if (summary.bailed) out.push(`stopped at the first failure (--bail): ${counts.skipped} fixture${counts.skipped === 1 ? '' : 's'} not run`);
  else out.push(...reasonLines(summary.results, (result) => (result.outcome === 'skipped' ? headline(result) : undefined), 'SKIP '));
  if (counts.total > 0 && !judgedAny(counts) && summary.interrupted !== true) out.push('nothing was judged: every fixture was skipped or not applicable (exit 2)');
  out.push(...partsOf(summary).flat());
  out.push(summaryLine(summary));
  return `${out.join('\n')}\n`;
}

/** The rules an earlier divergence of the same round decided, so that they were not judged there. */
function notJudgedLines(results: readonly FixtureResult[]): string[] {
  return notJudgedOf(results).map(
    ({ rule, after, rounds }) => `NOT JUDGED ${rule ?? 'no single rule'} in ${rounds} round${rounds === 1 ? '' : 's'}: ${after ?? 'a divergence of no single rule'} came first`,
  );
}

/** What known bugs make of a run. */
export const KNOWN_BUGS_SAY = 'judged as the reference playing them; the run fails while any is listed';

/** An engine's known bugs in words: `name (RULE): what it does`. */
export const describeKnownBugs = (summary: RunSummary): string[] => (summary.knownBugs ?? []).map(({ name, rule, bug }) => `${name} (${rule}): ${bug}`);

/** `run --known-bugs`: the bugs the engine is known to have; the run fails while any is listed. */
function knownBugsLines(summary: RunSummary): string[] {
  const bugs = describeKnownBugs(summary);
  if (bugs.length === 0) return [];
  return [`KNOWN BUGS (${bugs.length}): ${KNOWN_BUGS_SAY}`, ...bugs.map((bug) => `  ${bug}`)];
}

/** A profile's declarations that no source documents, in words: `what no source documents (a; b)`. */
export const undocumentedSaid = (declared: readonly string[]): string => `what no source documents (${declared.join('; ')})`;

/** Declarations of the profile that no source documents: the result holds only under them. */
function undocumentedLines(summary: RunSummary): string[] {
  const declared = summary.undocumented ?? [];
  if (declared.length === 0) return [];
  return [`UNDOCUMENTED: the profile declares ${undocumentedSaid(declared)}: the result holds only under these declarations`];
}

/** How games or probes were made: how many per setting, of how many settings, from which seeds. */
function madeOf(made: GamesSummary | ProbesSummary): string {
  const last = made.seed + made.perSetting - 1;
  return `${made.perSetting} per setting of the engine's rules, ${made.settings} setting${made.settings === 1 ? '' : 's'}, seed${last === made.seed ? ` ${made.seed}` : `s ${made.seed} to ${last}`}`;
}

/** Each rule the games or probes found broken: where, the game shrunk, and the command that reruns where it was found. */
const shrunkLines = (label: string, shrunk: readonly ShrunkFinding[] | undefined): string[] =>
  (shrunk ?? []).map(({ rule, id, fixture, repro, file }) => {
    const plays = fixture.rounds.reduce((total, round) => total + round.plays.length, 0);
    const size = `${fixture.rounds.length} round${fixture.rounds.length === 1 ? '' : 's'}, ${plays} play${plays === 1 ? '' : 's'}`;
    const where = file === undefined ? `${fixture.id} in --reporter json` : `written to ${file}`;
    return `${label} found ${rule ?? 'no single rule'} broken in ${id} (shrunk to ${size}: ${where}): ${repro}`;
  });

/** The corpus, the games and the probes, each counted apart: the lines of each part, its counts first. */
export function partsOf(summary: RunSummary): string[][] {
  return [
    ...(summary.corpus === undefined ? [] : [[`CORPUS ${countsLine(summary.corpus)}`]]),
    ...(summary.games === undefined ? [] : [gamesLines(summary.games)]),
    ...(summary.probes === undefined ? [] : [probesLines(summary.probes)]),
  ];
}

/** What a run a stop cut short says of it, in one line. */
export function interruptedLine({ counts }: RunSummary): string {
  if (counts.skipped === 0) return 'interrupted (Ctrl-C or a signal) while the findings were shrunk: every fixture ran and is reported above; no finding is written';
  return `interrupted (Ctrl-C or a signal): ${counts.skipped} fixture${counts.skipped === 1 ? '' : 's'} not run; what ran is reported above`;
}

/** Whether the engine answered any of them in full: one passed or failed (not skipped, not errored). */
const playedThrough = (counts: Counts): boolean => counts.passed + counts.failed > 0;

/** `run --games`: the generated games, counted apart from the corpus, the rules their play went through, what they found. */
function gamesLines(games: GamesSummary): string[] {
  return [
    `GAMES ${countsLine(games.counts, 'game')} (${madeOf(games)})`,
    // The rules a game goes through are exercised only where the engine played it through.
    ...(games.exercised.length === 0 || !playedThrough(games.counts) ? [] : [`GAMES they exercised ${games.exercised.length} rule${games.exercised.length === 1 ? '' : 's'}: ${games.exercised.join(', ')}`]),
    ...shrunkLines('GAMES', games.shrunk),
  ];
}

/** `run --probes`: the illegal decisions tried, counted apart, the refusals they expect, what they found. */
function probesLines(probes: ProbesSummary): string[] {
  return [
    `PROBES ${countsLine(probes.counts, 'probe')} (${madeOf(probes)})`,
    ...(probes.refusals.length === 0 || !playedThrough(probes.counts) ? [] : [`PROBES they expect ${probes.refusals.length} refusal code${probes.refusals.length === 1 ? '' : 's'}: ${probes.refusals.join(', ')}`]),
    ...shrunkLines('PROBES', probes.shrunk),
  ];
}

/** The last line: how many of each outcome, the engine, the time taken. */
export const summaryLine = (summary: RunSummary): string =>
  `${countsLine(summary.counts)} (${describeEngine(summary.engine)}, ${(summary.durationMs / 1000).toFixed(2)} s)`;
