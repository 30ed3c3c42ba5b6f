/**
 * `show --engine` / `--adapter`: a fixture run on the engine under test as `run` runs it (the same plan, comparison
 * and findings; an adapter on a worker thread of its own), and its play told beside the expectations: each of the
 * engine's events with the expected one at its place, the first divergence marked, then each finding's report.
 * @module
 */
import type { GameEvent } from '../../reference/index.ts';
import { EXIT, type ExitCode, type Io } from '../cli/command.ts';
import { AdapterError, engineFlags, engineName, type EngineSpec, EngineStartError } from '../engines/engine.ts';
import { EventMatcher } from '../divergences/event-matcher.ts';
import type { Expectations, Fixture, Rejection } from '../fixture/fixture.ts';
import type { PreparedGame } from '../load/fixtures.ts';
import { describeEngine, type FixtureResult } from '../run/outcome.ts';
import { runTasks } from '../run/pool.ts';
import { taskOf } from '../run/task.ts';
import { reproCommand } from '../report/divergence.ts';
import { headline } from '../report/pretty.ts';
import { flowYaml } from '../fixture/yaml-layout.ts';

/** One of the engine's events, as compared. */
export interface EngineEvent {
  /** Its index in the engine's events, from 0 (as reports count them). */
  index: number;
  round: number;
  event: GameEvent;
  /** `same` or `differs` from the expected event at its place; `unexpected` after the expected ones; `not-compared`. */
  verdict: 'same' | 'differs' | 'unexpected' | 'not-compared';
  expected?: GameEvent;
}

/** What `show --engine --json` gives under `engine`. */
export interface EngineShown {
  engine: string;
  outcome: FixtureResult['outcome'];
  /** The outcome in one line, as `run` gives it. */
  headline: string;
  /** Set when the expectations compared were derived from the engine's declared rules: which rules. */
  derived?: string;
  /** Which of the engine's events are compared: every one, none (no events expected), or those of these types. */
  eventsCompared: 'all' | 'none' | GameEvent['type'][];
  events: EngineEvent[];
  /** Where the first divergence shows in the engine's events (their count when they ran out first). */
  firstDivergence?: number;
  /** Expected events after the engine's last one. */
  missingEvents: GameEvent[];
  rejection?: Rejection;
  expectedRejection?: Expectations['reject'];
  /** One per rule broken, with its report (position, expected against actual, the rule, the command to rerun). */
  findings: { rule: string | null; rounds: number[]; report: string }[];
}

/** Runs the fixture on the engine; an engine that cannot be started is reported on stderr, exit 3. */
export async function showOnEngine(fixture: Fixture, prepared: PreparedGame, file: string, spec: EngineSpec, io: Io): Promise<EngineShown | ExitCode> {
  const item = {
    fixture,
    file,
    variant: prepared.variant,
    rules: prepared.rules,
    repro: reproCommand(file, engineFlags(spec)),
    keepGame: 'always' as const,
  };
  let result: FixtureResult | undefined;
  try {
    [result] = await runTasks([taskOf(item)], { jobs: 1, engine: spec });
  } catch (error) {
    // An adapter that is no adapter is invalid input: the CLI reports it, exit 2.
    if (!(error instanceof EngineStartError) || error instanceof AdapterError) throw error;
    io.stderr.write(`error: the engine could not be started: ${error.message}\n`);
    return EXIT.engineError;
  }
  if (result === undefined) throw new Error('the run of one fixture gave no result');
  return engineShown(result, describeEngine(engineName(spec)));
}

function engineShown(result: FixtureResult, engine: string): EngineShown {
  const shown: EngineShown = { engine, outcome: result.outcome, headline: headline(result), eventsCompared: 'none', events: [], missingEvents: [], findings: [] };
  if (result.derived !== undefined) shown.derived = result.derived;
  const game = result.game;
  if (game === undefined) return shown;
  const expected = game.expect.events;
  shown.eventsCompared = expected === undefined ? 'none' : expected.match === 'all' ? 'all' : (expected.types ?? []);
  const matcher = new EventMatcher(game.expect);
  let round = 0;
  shown.events = game.reply.events.map((event, index): EngineEvent => {
    if (event.type === 'deal' || event.type === 'redeal') round = event.round;
    const pairing = matcher.pair(event);
    const base = { index, round, event };
    if (!pairing.compared) return { ...base, verdict: 'not-compared' };
    if (pairing.expected === undefined) return { ...base, verdict: 'unexpected' };
    return pairing.same ? { ...base, verdict: 'same' } : { ...base, verdict: 'differs', expected: pairing.expected };
  });
  shown.missingEvents = matcher.remaining();
  if (result.divergence !== undefined) shown.firstDivergence = result.divergence.eventIndex;
  if (game.reply.rejection !== undefined) shown.rejection = game.reply.rejection;
  if (game.expect.reject !== undefined) shown.expectedRejection = game.expect.reject;
  shown.findings = (result.findings ?? []).map(({ rule, rounds, report }) => ({ rule, rounds, report }));
  return shown;
}

const MARKS = { same: '=', differs: 'x', unexpected: '+', 'not-compared': ' ' } as const;

/** The engine's play as text: a line per event, marked, the expected event under each that differs, then the findings. */
export function renderEngineShown(shown: EngineShown): string[] {
  const said = shown.outcome === 'errored' || shown.outcome === 'skipped' ? `${shown.outcome}: ${shown.headline}` : shown.headline;
  const lines = [`${shown.engine}: ${said}`];
  if (shown.derived !== undefined) lines.push(`expectations derived from the rules the engine declares (${shown.derived})`);
  if (shown.events.length === 0 && shown.rejection === undefined) return lines;
  const compared = shown.eventsCompared === 'none' ? 'no events expected' : shown.eventsCompared === 'all' ? 'every event compared' : `compared: ${shown.eventsCompared.join(', ')}`;
  lines.push('', `the engine's events (= as expected, x differs, + not expected; ${compared}):`);
  const width = String(shown.events.length).length;
  let round = 0;
  for (const { index, round: at, event, verdict, expected: wanted } of shown.events) {
    if (at !== round) lines.push(`  round ${(round = at)}`);
    const marker = index === shown.firstDivergence ? '>>' : '  ';
    lines.push(`${marker}  ${String(index).padStart(width)} ${MARKS[verdict]}  ${flowYaml(event)}`);
    if (wanted !== undefined) lines.push(`${' '.repeat(width + 7)}expected ${flowYaml(wanted)}`);
  }
  if (shown.firstDivergence === shown.events.length) lines.push(`>>  ${' '.repeat(width)}    (the engine's events end here)`);
  if (shown.missingEvents.length > 0) {
    lines.push(`expected events the engine did not produce: ${shown.missingEvents.length}`);
    for (const event of shown.missingEvents) lines.push(`  ${flowYaml(event)}`);
  }
  if (shown.rejection !== undefined) {
    const { round: r, play, code, message } = shown.rejection;
    lines.push(`the engine refused round ${r} play ${play}: ${code}${message === undefined ? '' : ` (${message})`}`);
  }
  if (shown.expectedRejection !== undefined) {
    const { round: r, play, code } = shown.expectedRejection;
    lines.push(`the fixture expects round ${r} play ${play} refused with ${code}`);
  }
  for (const finding of shown.findings) {
    lines.push('', `finding ${finding.rule ?? '(no single rule)'}, round${finding.rounds.length === 1 ? '' : 's'} ${finding.rounds.join(', ')}:`);
    lines.push(...finding.report.split('\n').map((line) => (line === '' ? line : `  ${line}`)));
  }
  return lines;
}
