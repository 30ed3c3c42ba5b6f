/**
 * The verdict: whether an engine's reply meets a fixture's expectations (spec/INTERPRETING.md, "Comparing the
 * reply"). One plain comparison per kind of expectation, each strict, none of them looking for where or why the
 * two sides part: that is the diagnosis (runner/divergences/), which runs only once this says `failed` and
 * cannot turn a failure into a pass.
 *
 * Both streams are first reduced to what the engine reports (its profile's event types, less the fields it
 * omits). Then:
 * - the refusal: none on either side, or the same round, play and code;
 * - `expect.events`: the reduced streams are equal, event by event, in order (`match: types`: their events of
 *   the listed types);
 * - the plays: without a refusal, each round has as many captures, trails and claims as the fixture makes
 *   decisions (its cards played alone where the engine does not report claims);
 * - `expect.rounds`: per round, the sweeps per side (where the engine's events tell the rounds apart), exactly one
 *   `award` per category written, exactly one `round-end`, each with the figures written and the round's number;
 * - `expect.result`: exactly one `game-end`, the last event reported, with the result written;
 * - `expect.legal`, once all of the above hold: at each position, the engine's legal decisions as a set.
 * @module
 */
import type { Decision, GameEvent } from '../../reference/index.ts';
import type { ExpectedEvents, ExpectedLegal, ExpectedResult, ExpectedRound, Fixture, ReplayReply } from '../fixture/fixture.ts';
import { isCompared, isFullReporting, namesRefusalCodes, type Reporting, reportsField, reportsFieldOf } from '../profile/profile.ts';
import { sameEvent, sameJson } from './equality.ts';
import { sameLegalSet } from './legal-sets.ts';
import { decisionCounter, decisionsCounted, PositionReader, roundsToldApart } from './positions.ts';

/** The comparisons of the verdict, in the order they are made. */
export const VERDICT_PARTS = ['refusal', 'events', 'plays', 'score-sheets', 'result', 'legal'] as const;
export type VerdictPart = (typeof VERDICT_PARTS)[number];

/** `passed`, or the first comparison that failed. */
export type Verdict = { passed: true } | { passed: false; part: VerdictPart };

const PASSED: Verdict = { passed: true };
const failed = (part: VerdictPart): Verdict => ({ passed: false, part });

/** The verdict on one reply. `fixture` holds the expectations as judged (derived ones where a profile says). */
export function judgeReply(fixture: Fixture, reply: ReplayReply, reporting: Reporting): Verdict {
  const { expect } = fixture;
  if (!sameRefusal(expect.reject, reply.rejection, reporting)) return failed('refusal');
  const full = isFullReporting(reporting);
  const reported = full ? reply.events : reply.events.filter((event) => isCompared(reporting, event.type));
  if (expect.events !== undefined && !sameEvents(expect.events, reported, reporting, full)) return failed('events');
  const rounds = eventsByRound(reported);
  if (reply.rejection === undefined && reporting.types.has('capture') && reporting.types.has('trail') && !samePlays(fixture, rounds, reporting)) {
    return failed('plays');
  }
  if (!(expect.rounds ?? []).every((round) => meetsScoreSheet(round, rounds.get(round.round) ?? [], reporting, fixture.players))) return failed('score-sheets');
  if (expect.result !== undefined && reporting.types.has('game-end') && !meetsResult(expect.result, reported, reporting)) return failed('result');
  return PASSED;
}

/** The verdict on `expect.legal`: the engine's lists, one per position, in the order of the expectations. */
export function judgeLegal(expected: readonly ExpectedLegal[], answers: readonly (readonly Decision[])[]): Verdict {
  const same = expected.length === answers.length && expected.every((position, i) => sameLegalSet(position.decisions, answers[i] as Decision[]));
  return same ? PASSED : failed('legal');
}

/** The same decision refused, with the same code where the engine names codes. */
function sameRefusal(expected: Fixture['expect']['reject'], actual: ReplayReply['rejection'], reporting: Reporting): boolean {
  if (expected === undefined || actual === undefined) return expected === actual;
  return expected.round === actual.round && expected.play === actual.play && (expected.code === actual.code || !namesRefusalCodes(reporting));
}

/** The reported events of each round, as `positionsOf` numbers them. */
function eventsByRound(reported: readonly GameEvent[]): Map<number, GameEvent[]> {
  const rounds = new Map<number, GameEvent[]>();
  const position = new PositionReader();
  for (const event of reported) {
    position.read(event);
    const events = rounds.get(position.round);
    if (events === undefined) rounds.set(position.round, [event]);
    else events.push(event);
  }
  return rounds;
}

/**
 * Each round (as the engine's events number them) has the fixture's number of decisions, and no other round has
 * any. An engine that reports neither deals nor round-ends makes the fixture's number of decisions in all.
 */
function samePlays(fixture: Fixture, rounds: ReadonlyMap<number, readonly GameEvent[]>, reporting: Reporting): boolean {
  const byRound = roundsToldApart(reporting.types);
  const counted = decisionCounter(reporting.types);
  const made = new Map<number, number>();
  for (const [round, events] of rounds) {
    const key = byRound ? round : 1;
    made.set(key, (made.get(key) ?? 0) + events.filter(counted).length);
  }
  const plays = fixture.rounds.map((round) => decisionsCounted(round.plays, reporting.types));
  const expected = new Map(byRound ? plays.map((count, i) => [i + 1, count] as const) : [[1, plays.reduce((a, b) => a + b, 0)] as const]);
  for (const round of new Set([...made.keys(), ...expected.keys()])) {
    if ((made.get(round) ?? 0) !== (expected.get(round) ?? 0)) return false;
  }
  return true;
}

/** The expected events and the engine's, of the types compared, one for one. */
function sameEvents(spec: ExpectedEvents, reported: readonly GameEvent[], reporting: Reporting, full: boolean): boolean {
  const chosen = spec.match === 'all' ? undefined : new Set<string>(spec.types ?? spec.list.map((event) => event.type));
  const compared = (event: GameEvent): boolean => isCompared(reporting, event.type) && (chosen === undefined || chosen.has(event.type));
  const everything = full && chosen === undefined;
  const expected = everything ? spec.list : spec.list.filter(compared);
  const actual = everything ? reported : reported.filter(compared);
  if (expected.length !== actual.length) return false;
  for (let i = 0; i < expected.length; i++) {
    const event = expected[i] as GameEvent;
    if (!sameEvent(event, actual[i] as GameEvent, reporting)) return false;
  }
  return true;
}

/** A round's score sheet against the round's reported events. */
function meetsScoreSheet(expected: ExpectedRound, ofRound: readonly GameEvent[], reporting: Reporting, players: number): boolean {
  if (expected.sweeps !== undefined && reporting.types.has('sweep') && roundsToldApart(reporting.types)) {
    const counts = new Array<number>(expected.sweeps.length).fill(0);
    for (const event of ofRound) {
      if (event.type !== 'sweep') continue;
      if (!Number.isInteger(event.seat) || event.seat < 0 || event.seat >= players) return false;
      counts[event.seat % counts.length]++;
    }
    if (!sameJson(counts, expected.sweeps)) return false;
  }
  const awards = new Map<unknown, GameEvent[]>();
  const ends: GameEvent[] = [];
  for (const event of ofRound) {
    if (event.type === 'round-end') ends.push(event);
    else if (event.type === 'award') awards.set(event.category, [...(awards.get(event.category) ?? []), event]);
  }
  if (reporting.types.has('award')) {
    for (const category in expected.awards) {
      const awarded = awards.get(category) ?? [];
      if (awarded.length !== 1 || !meetsFigures(awarded[0] as GameEvent, { ...expected.awards[category], round: expected.round }, reporting)) return false;
    }
  }
  const { points, totals } = expected;
  const compared = (want: unknown, field: string): boolean => want !== undefined && reportsField(reporting, 'round-end', field);
  if (compared(points, 'points') || compared(totals, 'totals')) {
    if (ends.length !== 1 || !meetsFigures(ends[0] as GameEvent, { points, totals, round: expected.round }, reporting)) return false;
  }
  return true;
}

/** The reply's game-end is its only one and its last reported event, with the result written. */
function meetsResult(expected: ExpectedResult, reported: readonly GameEvent[], reporting: Reporting): boolean {
  const ends = reported.filter((event) => event.type === 'game-end');
  const end = reported.at(-1);
  if (ends.length !== 1 || end?.type !== 'game-end') return false;
  return meetsFigures(end, { reason: expected.reason, winner: expected.winner, ranking: expected.ranking, totals: expected.totals }, reporting);
}

/** Each figure written (not undefined) equals the event's field of that name, unless the engine omits the field. */
function meetsFigures(event: GameEvent, figures: Record<string, unknown>, reporting: Reporting): boolean {
  const fields = event as unknown as Record<string, unknown>;
  for (const field in figures) {
    const want = figures[field];
    if (want !== undefined && reportsFieldOf(reporting, event, field) && !sameJson(want, fields[field])) return false;
  }
  return true;
}
