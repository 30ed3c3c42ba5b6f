/**
 * What `diagnose` found, for people (pretty) and for programs (JSON): each reading found, with its rule, knob,
 * value, register entries and the failures it explains; then the bugs, the failures no documented reading explains,
 * by rule, as the report card of a run with the readings declared names them.
 * @module
 */
import type { OptionValue } from '../../reference/index.ts';
import type { RuleFinding } from '../report/card.ts';
import { describeEngine } from '../run/outcome.ts';

export interface FoundReading {
  variant: string;
  /** The rule the knob decides, or null. */
  rule: string | null;
  knob: string;
  value: OptionValue;
  /** The register entries it is (AMB-NN). */
  ambiguity: string[];
  /** The failures it explained when it was declared. */
  explains: number;
}

export interface Diagnosis {
  engine: string;
  /** `engine`: an engine under test; `recorded`: recorded fixtures, with the reference as the engine. */
  judged: 'engine' | 'recorded';
  variants: string[];
  /** Fixtures of the corpus judged, and generated games. */
  fixtures: number;
  games: number;
  /** Failures (a rule broken in a game) under the base profile, and with the readings declared. */
  failures: { before: number; after: number };
  readings: FoundReading[];
  /** The report card of the games run with the readings declared. */
  bugs: RuleFinding[];
  /** Games the engine gave no usable answer to, with the readings declared. */
  errored: number;
  /** Where --write-profile wrote the profile with the readings. */
  profile?: string;
  durationMs: number;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

const indent = (text: string): string =>
  text
    .split('\n')
    .map((line) => (line === '' ? line : `    ${line}`))
    .join('\n');

export function renderDiagnosisPretty(diagnosis: Diagnosis): string {
  const { readings, bugs, failures } = diagnosis;
  const judged = diagnosis.judged === 'recorded' ? `the recorded games, replayed on the ${describeEngine(diagnosis.engine)}` : describeEngine(diagnosis.engine);
  const out = [
    `DIAGNOSIS of ${judged}: ${diagnosis.variants.join(', ')}; ${plural(diagnosis.fixtures, 'fixture')}${diagnosis.games > 0 ? ` and ${plural(diagnosis.games, 'generated game')}` : ''}`,
    `  ${plural(failures.before, 'failure')} (a rule broken in a game) as declared; ${failures.after} with the readings found`,
    '',
  ];
  if (readings.length === 0) out.push('READINGS: none of the declarable readings explains a failure without breaking a pass', '');
  else {
    out.push(`READINGS (${readings.length}): declared, each explains failures and breaks no pass`);
    const setting = (reading: FoundReading): string => `${reading.variant} ${reading.knob}: ${JSON.stringify(reading.value)}`;
    const width = Math.max(...readings.map((reading) => setting(reading).length));
    for (const reading of readings) {
      const register = reading.ambiguity.length === 0 ? 'in no register entry' : reading.ambiguity.join(', ');
      out.push(`  ${setting(reading).padEnd(width)}  ${reading.rule ?? 'no rule'}, ${register}: explains ${plural(reading.explains, 'failure')}`);
    }
    out.push('');
  }
  if (bugs.length === 0) out.push('BUGS: none; every failure is explained', '');
  else {
    out.push(`BUGS (${plural(bugs.length, 'rule')}): failures no documented reading explains`);
    for (const bug of bugs) out.push(`  ${bug.summary}`);
    out.push('');
    for (const bug of bugs) out.push(`BUG   ${bug.name}: ${plural(bug.fixtures, 'fixture')}, ${bug.link}`, indent(bug.example.report), '');
  }
  if (diagnosis.errored > 0) out.push(`ERROR ${plural(diagnosis.errored, 'game')} got no usable answer from the engine (run shows each)`, '');
  if (diagnosis.profile !== undefined) out.push(`wrote ${diagnosis.profile}: the profile with the readings found, for run --profile`);
  out.push(`${readings.length} reading${readings.length === 1 ? '' : 's'}, ${plural(bugs.length, 'rule')} broken (${(diagnosis.durationMs / 1000).toFixed(2)} s)`);
  return `${out.join('\n')}\n`;
}

export function renderDiagnosisJson(diagnosis: Diagnosis): string {
  const { readings, bugs, ...rest } = diagnosis;
  return `${JSON.stringify({
    ...rest,
    readings: readings.map(({ variant, rule, knob, value, ambiguity, explains }) => ({ variant, rule, knob, value, ambiguity, explains })),
    bugs: bugs.map((bug) => ({ rule: bug.rule, fixtures: bug.fixtures, example: { id: bug.example.id, report: bug.example.report } })),
  })}\n`;
}
