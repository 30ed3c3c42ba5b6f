/**
 * What `diagnose` found, for people (pretty) and for programs (JSON): the divergences before and after, on the same
 * games; each reading found (its rule, knob and value, its register entries) and each known bug the engine behaves
 * like (its name, rule and sentence), with the divergences it explains; the bugs left, by rule, as `run` reports them
 * under the explanation; the rules an earlier divergence kept from being judged; and what the engine did not answer.
 * @module
 */
import type { OptionValue } from '../../reference/index.ts';
import type { ReplayRequest } from '../fixture/fixture.ts';
import type { RuleFinding } from '../report/card.ts';
import { describeEngine } from '../run/outcome.ts';
import type { LostAnswer } from './answers.ts';

export interface FoundReading {
  variant: string;
  /** The rule the knob decides, or null. */
  rule: string | null;
  knob: string;
  value: OptionValue;
  /** The register entries it is (AMB-NN). */
  ambiguity: string[];
  /** The divergences it explained when it was declared, in how many games; with which other cause, where only the two together did. */
  explains: number;
  games: number;
  with?: string;
}

export interface FoundBug {
  name: string;
  rule: string;
  /** What the engine does wrong, as a player would say it. */
  bug: string;
  explains: number;
  games: number;
  with?: string;
}

/** A rule not judged in some rounds, because a divergence of another rule came first there. */
export interface NotJudged {
  rule: string | null;
  after: string | null;
  rounds: number;
}

export interface Diagnosis {
  engine: string;
  /** `engine`: an engine under test; `recorded`: recorded fixtures, with the reference as the engine. */
  judged: 'engine' | 'recorded';
  variants: string[];
  /** Fixtures of the corpus judged, and generated games. */
  fixtures: number;
  games: number;
  /** Divergences (a rule broken in a round of a game) on the same games: as declared, and with the causes found. */
  divergences: { before: number; after: number };
  readings: FoundReading[];
  knownBugs: FoundBug[];
  /** What is left: the report card of the games run with the readings declared and the known bugs played. */
  bugs: RuleFinding[];
  notJudged: NotJudged[];
  /** Games the engine gave no usable answer to, each with the `run` command that asks it so, where one does. */
  lost: (LostAnswer & { run?: string })[];
  skipped: number;
  /** Set when the engine answered a request two ways (the game's id, and the request as sent): nothing it answered can be explained. */
  unsteady?: { id: string; request: ReplayRequest };
  /** Set when the engine answered none of the first games asked, and the rest were not asked. */
  givenUp?: boolean;
  /** Where --write-profile wrote the profile with the readings, and --write-known-bugs the bugs named. */
  profile?: string;
  knownBugsFile?: string;
  durationMs: number;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What a cause explains, as the report says it. */
const explained = (cause: { explains: number; games: number; with?: string }): string =>
  `explains ${plural(cause.explains, 'divergence')} in ${plural(cause.games, 'game')}${cause.with === undefined ? '' : ` (together with ${cause.with})`}`;

const indent = (text: string): string =>
  text
    .split('\n')
    .map((line) => (line === '' ? line : `    ${line}`))
    .join('\n');

/** Why nothing the engine answered can be explained, where that is so. */
export function unexplainable(diagnosis: Diagnosis): string | undefined {
  if (diagnosis.unsteady !== undefined) return `the engine is not deterministic: it answered the game ${diagnosis.unsteady.id} two ways when asked it twice`;
  if (diagnosis.givenUp === true) return `the engine gave no usable answer to any of the first games asked (${diagnosis.lost[0]?.message ?? 'no answer'}); the rest were not asked`;
  return undefined;
}

/** Whether the diagnosis explains the engine whole: every game answered, and no bug, known or not. */
export const explainsAll = (diagnosis: Diagnosis): boolean =>
  unexplainable(diagnosis) === undefined && diagnosis.lost.length === 0 && diagnosis.knownBugs.length === 0 && diagnosis.bugs.length === 0;

export function renderDiagnosisPretty(diagnosis: Diagnosis): string {
  const { readings, knownBugs, bugs, divergences } = diagnosis;
  const judged = diagnosis.judged === 'recorded' ? `the recorded games, replayed on the ${describeEngine(diagnosis.engine)}` : describeEngine(diagnosis.engine);
  const out = [`DIAGNOSIS of ${judged}: ${diagnosis.variants.join(', ')}; ${plural(diagnosis.fixtures, 'fixture')}${diagnosis.games > 0 ? ` and ${plural(diagnosis.games, 'generated game')}` : ''}`];
  const stopped = unexplainable(diagnosis);
  if (stopped !== undefined) {
    out.push(`ERROR ${stopped}: nothing is explained, and nothing written`);
    if (diagnosis.unsteady !== undefined) out.push(`  the request asked twice: ${JSON.stringify(diagnosis.unsteady.request)}`);
    return `${out.join('\n')}\n`;
  }
  out.push(`  ${plural(divergences.before, 'divergence')} (a rule broken in a round of a game) as declared; ${divergences.after} with the causes found, on the same games`, '');
  if (readings.length === 0) out.push('READINGS: none of the documented readings explains a divergence without adding one', '');
  else {
    out.push(`READINGS (${readings.length}): documented readings the engine takes; each explains divergences and adds none`);
    const setting = (reading: FoundReading): string => `${reading.variant} ${reading.knob}: ${JSON.stringify(reading.value)}`;
    const width = Math.max(...readings.map((reading) => setting(reading).length));
    for (const reading of readings) {
      const register = reading.ambiguity.length === 0 ? 'in no register entry' : reading.ambiguity.join(', ');
      out.push(`  ${setting(reading).padEnd(width)}  ${reading.rule ?? 'no rule'}, ${register}: ${explained(reading)}`);
    }
    out.push('');
  }
  if (knownBugs.length > 0) {
    out.push(`KNOWN BUGS (${knownBugs.length}): the engine behaves like these bugs of the catalog; each explains divergences and adds none`);
    for (const bug of knownBugs) out.push(`  behaves like: ${bug.name} (${bug.rule}): ${bug.bug}; ${explained(bug)}`);
    out.push('');
  }
  if (bugs.length === 0 && diagnosis.lost.length > 0) out.push('BUGS: none in the games answered; what the games left unanswered would show is not known (below)', '');
  else if (bugs.length === 0) out.push(knownBugs.length === 0 ? 'BUGS: none; every divergence is explained by a reading' : 'BUGS: none besides the known bugs above', '');
  else {
    out.push(`BUGS (${plural(bugs.length, 'rule')}): divergences no reading or known bug explains`);
    for (const bug of bugs) out.push(`  ${bug.summary}`);
    out.push('');
    for (const bug of bugs) out.push(`BUG   ${bug.name}: ${plural(bug.fixtures, 'fixture')}, ${bug.link}`, indent(bug.example.report), '');
  }
  if (diagnosis.notJudged.length > 0) {
    out.push('NOT JUDGED: rules an earlier divergence of the same round decided, with the causes found');
    for (const { rule, after, rounds } of diagnosis.notJudged) out.push(`  ${rule ?? 'no single rule'} not judged in ${plural(rounds, 'round')}: ${after ?? 'a divergence of no single rule'} came first`);
    out.push('');
  }
  if (diagnosis.lost.length > 0) {
    out.push(`ERROR ${plural(diagnosis.lost.length, 'game')} got no usable answer from the engine: nothing is written, and what they would show is not known`);
    for (const lost of diagnosis.lost.slice(0, 5)) {
      out.push(`  ${lost.id}: ${lost.message}`);
      if (lost.run !== undefined) out.push(`    run asks it the same way: ${lost.run}`);
      else if (lost.notAskedByRun !== undefined) out.push(`    run does not ask it so: ${lost.notAskedByRun}`);
    }
    if (diagnosis.lost.length > 5) out.push(`  and ${diagnosis.lost.length - 5} more (--reporter json lists each)`);
    out.push('');
  }
  if (diagnosis.profile !== undefined) out.push(`wrote ${diagnosis.profile}: the profile with the readings found, for run --profile`);
  if (diagnosis.knownBugsFile !== undefined) out.push(`wrote ${diagnosis.knownBugsFile}: the known bugs found, for run --known-bugs`);
  out.push(`${plural(readings.length, 'reading')}, ${plural(knownBugs.length, 'known bug')}, ${plural(bugs.length, 'rule')} broken besides (${(diagnosis.durationMs / 1000).toFixed(2)} s)`);
  return `${out.join('\n')}\n`;
}

export function renderDiagnosisJson(diagnosis: Diagnosis): string {
  const { bugs, ...rest } = diagnosis;
  return `${JSON.stringify({
    ...rest,
    bugs: bugs.map((bug) => ({ rule: bug.rule, fixtures: bug.fixtures, example: { id: bug.example.id, report: bug.example.report } })),
  })}\n`;
}
