/**
 * The verdict: whether an engine's reply meets a fixture's expectations (spec/INTERPRETING.md, "Comparing the
 * reply"). One plain comparison per kind of expectation, each strict, none of them looking for where or why the
 * two sides part: that is the diagnosis (runner/diagnosis/), which runs only once this says `failed` and
 * cannot turn a failure into a pass.
 *
 * Both streams are first reduced to what the engine reports (its profile's event types, less the fields it
 * omits). Then:
 * - the refusal: none on either side, or the same round, play and code;
 * - the plays: without a refusal, each round has as many captures and trails as the fixture makes plays;
 * - `expect.events`: the reduced streams are equal, event by event, in order (`match: types`: their events of
 *   the listed types);
 * - `expect.rounds`: per round, the sweeps per side, exactly one `award` per category written, exactly one
 *   `round-end`, each with the figures written;
 * - `expect.result`: exactly one `game-end`, the last event reported, with the result written;
 * - `expect.legal`, once all of the above hold: at each position, the engine's legal decisions as a set.
 * @module
 */
import type { Decision, GameEvent } from '../../reference/index.ts';
import type { ExpectedEvents, ExpectedLegal, ExpectedResult, ExpectedRound, Fixture, ReplayReply } from '../fixture/fixture.ts';
import { type Reporting, reportsField } from '../profile/profile.ts';
import { sameEvent, sameJson } from './equality.ts';
import { sameLegalSet } from './legal-sets.ts';
import { type EventPosition, isPlay, positionsOf } from './positions.ts';

/** The comparisons of the verdict, in the order they are made. */
export const VERDICT_PARTS = ['refusal', 'plays', 'events', 'score-sheets', 'result', 'legal'] as const;
export type VerdictPart = (typeof VERDICT_PARTS)[number];

/** `passed`, or the first comparison that failed. */
export type Verdict = { passed: true } | { passed: false; part: VerdictPart };

const PASSED: Verdict = { passed: true };
const failed = (part: VerdictPart): Verdict => ({ passed: false, part });

/** The verdict on one reply. `fixture` holds the expectations as judged (derived ones where a profile says). */
export function judgeReply(fixture: Fixture, reply: ReplayReply, reporting: Reporting): Verdict {
  const { expect } = fixture;
  if (!sameRefusal(expect.reject, reply.rejection)) return failed('refusal');
  const reported = reply.events.filter((event) => reporting.types.has(event.type));
  const positions = positionsOf(reported);
  if (reply.rejection === undefined && reporting.types.has('capture') && reporting.types.has('trail') && !samePlays(fixture, reported, positions, reporting)) {
    return failed('plays');
  }
  if (expect.events !== undefined && !sameEvents(expect.events, reported, reporting)) return failed('events');
  if (!(expect.rounds ?? []).every((round) => meetsScoreSheet(round, reported, positions, reporting, fixture.players))) return failed('score-sheets');
  if (expect.result !== undefined && reporting.types.has('game-end') && !meetsResult(expect.result, reported, reporting)) return failed('result');
  return PASSED;
}

/** The verdict on `expect.legal`: the engine's lists, one per position, in the order of the expectations. */
export function judgeLegal(expected: readonly ExpectedLegal[], answers: readonly (readonly Decision[])[]): Verdict {
  const same = expected.length === answers.length && expected.every((position, i) => sameLegalSet(position.decisions, answers[i] as Decision[]));
  return same ? PASSED : failed('legal');
}

function sameRefusal(expected: Fixture['expect']['reject'], actual: ReplayReply['rejection']): boolean {
  if (expected === undefined || actual === undefined) return expected === actual;
  return expected.round === actual.round && expected.play === actual.play && expected.code === actual.code;
}

/** The events that tell one round from the next: every round opens with a deal, and closes with a round-end. */
const ROUND_BOUNDARIES = ['deal', 'round-end'] as const;

/**
 * Each round (as the engine's events number them) has the fixture's number of plays, and no other round has
 * any. An engine that reports neither deals nor round-ends makes the fixture's number of plays in all.
 */
function samePlays(fixture: Fixture, events: readonly GameEvent[], positions: readonly EventPosition[], reporting: Reporting): boolean {
  const byRound = ROUND_BOUNDARIES.some((type) => reporting.types.has(type));
  const made = new Map<number, number>();
  events.forEach((event, i) => {
    if (!isPlay(event)) return;
    const round = byRound ? (positions[i] as EventPosition).round : 1;
    made.set(round, (made.get(round) ?? 0) + 1);
  });
  const plays = fixture.rounds.map((round) => round.plays.length);
  const expected = new Map(byRound ? plays.map((count, i) => [i + 1, count] as const) : [[1, plays.reduce((a, b) => a + b, 0)] as const]);
  for (const round of new Set([...made.keys(), ...expected.keys()])) {
    if ((made.get(round) ?? 0) !== (expected.get(round) ?? 0)) return false;
  }
  return true;
}

function sameEvents(spec: ExpectedEvents, reported: readonly GameEvent[], reporting: Reporting): boolean {
  const chosen = spec.match === 'all' ? undefined : new Set<string>(spec.types ?? spec.list.map((event) => event.type));
  const compared = (event: GameEvent): boolean => reporting.types.has(event.type) && (chosen === undefined || chosen.has(event.type));
  const expected = spec.list.filter(compared);
  const actual = reported.filter(compared);
  if (expected.length !== actual.length) return false;
  return expected.every((event, i) => sameEvent(event, actual[i] as GameEvent, reporting.omitted.get(event.type)));
}

function meetsScoreSheet(
  expected: ExpectedRound,
  reported: readonly GameEvent[],
  positions: readonly EventPosition[],
  reporting: Reporting,
  players: number,
): boolean {
  const ofRound = reported.filter((_, i) => positions[i]?.round === expected.round);
  if (expected.sweeps !== undefined && reporting.types.has('sweep')) {
    const counts = new Array<number>(expected.sweeps.length).fill(0);
    for (const event of ofRound) {
      if (event.type !== 'sweep') continue;
      if (!Number.isInteger(event.seat) || event.seat < 0 || event.seat >= players) return false;
      counts[event.seat % counts.length]++;
    }
    if (!sameJson(counts, expected.sweeps)) return false;
  }
  if (reporting.types.has('award')) {
    for (const [category, figures] of Object.entries(expected.awards ?? {})) {
      const awards = ofRound.filter((event) => event.type === 'award' && event.category === category);
      if (awards.length !== 1 || !meetsFigures(awards[0] as GameEvent, figures, 'award', reporting)) return false;
    }
  }
  const { points, totals } = expected;
  const compared = (want: unknown, field: string): boolean => want !== undefined && reportsField(reporting, 'round-end', field);
  if (compared(points, 'points') || compared(totals, 'totals')) {
    const ends = ofRound.filter((event) => event.type === 'round-end');
    if (ends.length !== 1 || !meetsFigures(ends[0] as GameEvent, { points, totals }, 'round-end', reporting)) return false;
  }
  return true;
}

/** The reply's game-end is its only one and its last reported event, with the result written. */
function meetsResult(expected: ExpectedResult, reported: readonly GameEvent[], reporting: Reporting): boolean {
  const ends = reported.filter((event) => event.type === 'game-end');
  const end = reported.at(-1);
  if (ends.length !== 1 || end?.type !== 'game-end') return false;
  return end.winner === expected.winner && meetsFigures(end, { reason: expected.reason, ranking: expected.ranking, totals: expected.totals }, 'game-end', reporting);
}

/** Each figure written (not undefined) equals the event's field of that name, unless the engine omits the field. */
function meetsFigures(event: GameEvent, figures: Record<string, unknown>, type: GameEvent['type'], reporting: Reporting): boolean {
  const fields = event as unknown as Record<string, unknown>;
  return Object.entries(figures).every(([field, want]) => want === undefined || !reportsField(reporting, type, field) || sameJson(want, fields[field]));
}
