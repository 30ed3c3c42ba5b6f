/**
 * Expected against actual: a fixture's `expect` against an engine's `ReplayReply`, and every independent place
 * where they part.
 *
 * Each kind of expectation is checked on its own (events, round scores, result, refusal, and the plays the reply
 * covers), and each problem found is placed in the engine's event stream and in a part of the game: the plays of
 * a round, its sweeps, each scoring category, the round's points, the running totals, the game's end. A
 * divergence that follows from an earlier one is dropped, so that each bug is named once: the rest of a round
 * after a play diverged, the round's points after a category diverged, the totals and the end of the game after
 * any score diverged, everything after a refusal. What does not depend on it is still compared: the other
 * categories, the next rounds (each round is dealt from its own deck order), the points of each round.
 *
 * Only what the engine reports (`Reporting`, from its profile) is compared. The first divergence is the one the
 * engine showed first: the lowest event index; at equal index, the kind that says most.
 * @module
 */
import { dealShape, type EventType, type GameEvent, type Rules } from '../../reference/index.ts';
import type { ExpectedEvents, ExpectedResult, ExpectedRound, Fixture, ReplayReply } from '../fixture/fixture.ts';
import { FULL_REPORTING, isCompared, isFullReporting, namesRefusalCodes, type Reporting, reportsField, reportsFieldOf } from '../profile/profile.ts';
import { DIVERGENCE_KINDS, type Divergence, type DivergenceKind, type ResultDivergence } from './divergence.ts';
import { decisionCounter, decisionsCounted, type EventPosition, isDecision, positionsOf, roundsToldApart } from '../verdict/positions.ts';
import { sameEvent, sameJson, sameStreams } from '../verdict/equality.ts';
import { awardRule, endRule, eventRule, roundEndRule, ruleOfErrorCode } from './rule-of.ts';

/**
 * The part of the game a divergence is about. `sweep-award` is a sweeps category, which depends on the sweeps
 * as well as on the captures; `end` is how long the game lasts and how it ends.
 */
export type Phase = 'play' | 'sweep' | 'award' | 'sweep-award' | 'points' | 'totals' | 'end';

/** What every check reads. */
interface Reading {
  fixture: Fixture;
  reply: ReplayReply;
  rules: Rules;
  reporting: Reporting;
  events: GameEvent[];
  positions: EventPosition[];
  /** The position after the last event: where a missing event would have been. */
  end: EventPosition;
  /** The index of the engine's first game-end, or -1. */
  gameEnd: number;
}

/**
 * A divergence, how it ranks against others found at the same event index, and what it is about. `keepsCards`: a
 * play-phase event that differs in what it says but not in where it moves cards (a deal's dealer, a declaration),
 * past which both sides hold the same cards, so that the rest of the round is still judged.
 */
interface Candidate {
  divergence: Divergence;
  rank: number;
  phase: Phase;
  keepsCards?: boolean;
  /** Set on such an event that scores besides (a table bonus, a declaration): the round's sweeps and points may differ. */
  scores?: boolean;
}

const REFUSALS: ReadonlySet<DivergenceKind> = new Set(['unexpected-rejection', 'wrong-rejection', 'not-rejected']);

const RANK: Record<DivergenceKind, number> = Object.fromEntries(
  [...DIVERGENCE_KINDS.filter((kind) => !REFUSALS.has(kind)), ...REFUSALS].map((kind, i) => [kind, i]),
) as Record<DivergenceKind, number>;

const candidate = (divergence: Divergence, phase: Phase): Candidate => ({ divergence, rank: RANK[divergence.kind], phase });

/**
 * The order the engine showed divergences in: by event index; at the same index, the kind that says most. A
 * refusal comes last there: what is kept beside it is earlier in the game (`independent`), so a cause of it (a
 * missing table bonus before the refusal of the play it made illegal).
 */
const byPlace = (a: Candidate, b: Candidate): number => a.divergence.eventIndex - b.divergence.eventIndex || a.rank - b.rank;

/** A divergence and the part of the game it is about. */
export interface PlacedDivergence {
  divergence: Divergence;
  phase: Phase;
}

/** A divergence not judged on its own: it may follow from the one that came first (`after`), in its round or before. */
export interface HiddenDivergence {
  divergence: Divergence;
  after: Divergence;
}

/**
 * The parts of a game a reply is not judged on, because an earlier divergence decides them: the plays of a round after
 * the first whose cards differ, a round's categories (its sweeps category apart), its points, the totals from a round
 * on, the game's end, and everything after a refusal.
 */
export interface UnjudgedParts {
  /**
   * By round: where the two sides' cards parted, a play and the engine's event there; the rest of the round after it
   * (later plays, and later events of that play) is not judged.
   */
  playsAfter: Record<number, { play: number; eventIndex: number }>;
  awards: number[];
  sweepAwards: number[];
  points: number[];
  totalsFrom?: number;
  end: boolean;
  refusal?: { round: number; play: number };
}

/** Everything the comparison of a reply with a fixture's expectations finds. */
export interface ComparedReply {
  /** Every independent divergence, in the order the engine showed them. */
  divergences: PlacedDivergence[];
  /** The divergences found where an earlier one decides the outcome, with that one. */
  hidden: HiddenDivergence[];
  unjudged: UnjudgedParts;
}

/** Whether a divergence lies in a part of the game that was not judged. */
export function isUnjudged(parts: UnjudgedParts, { divergence, phase }: PlacedDivergence): boolean {
  const { round, play } = divergence;
  if (parts.refusal !== undefined && !after(parts.refusal, divergence)) return true;
  switch (phase) {
    case 'play':
    case 'sweep': {
      const parted = parts.playsAfter[round];
      return parted !== undefined && (play > parted.play || (play === parted.play && divergence.eventIndex > parted.eventIndex));
    }
    case 'award':
      return parts.awards.includes(round);
    case 'sweep-award':
      return parts.sweepAwards.includes(round);
    case 'points':
      return parts.points.includes(round);
    case 'totals':
      return parts.totalsFrom !== undefined && round >= parts.totalsFrom;
    case 'end':
      return parts.end;
  }
}

/**
 * Every independent divergence between a fixture's expectations and an engine's reply, in the order the engine
 * showed them; empty if the reply meets them all. `rules` are the rules the fixture is played with; `reporting`
 * is what the engine reports (by default everything).
 */
export function findDivergences(fixture: Fixture, reply: ReplayReply, rules: Rules, reporting: Reporting = FULL_REPORTING): Divergence[] {
  return compareWithExpectations(fixture, reply, rules, reporting).divergences.map((placed) => placed.divergence);
}

/**
 * Every independent divergence (as `findDivergences`), with the part of the game each is about; the divergences
 * an earlier one hides; and the parts of the game not judged.
 */
export function compareWithExpectations(fixture: Fixture, reply: ReplayReply, rules: Rules, reporting: Reporting = FULL_REPORTING): ComparedReply {
  const events = reply.events;
  const positions = positionsOf(events);
  const last = positions.at(-1) ?? { round: 1, play: 0 };
  const gameEnd = events.findIndex((event) => event.type === 'game-end');
  const reading: Reading = { fixture, reply, rules, reporting, events, positions, end: last, gameEnd };
  const found: Candidate[] = [
    ...checkRejection(reading),
    ...checkPlayCounts(reading),
    ...(fixture.expect.events === undefined ? [] : checkEvents(reading, fixture.expect.events)),
    ...(fixture.expect.rounds ?? []).flatMap((round) => checkRound(reading, round)),
    ...(fixture.expect.result === undefined ? [] : checkResult(reading, fixture.expect.result)),
  ];
  // A game that ends at another time on one side: what the other side plays or scores past that end follows
  // from how the game ends (END-*), not from the rules of those plays.
  // Where the fixture writes no end of its own, an engine's end before its last input is still elsewhere.
  const ends = gameEnds(reading);
  const lastInput = { round: fixture.rounds.length, play: fixture.rounds.at(-1)?.plays.length ?? 0 };
  const endedElsewhere = (divergence: Divergence): boolean =>
    ends.actual === undefined
      ? ends.expected !== undefined && (divergence.kind === 'extra-play' || divergence.kind === 'extra-event')
      : ends.expected === undefined
        ? after(lastInput, ends.actual)
        : ends.actual.round !== ends.expected.round || ends.actual.play !== ends.expected.play;
  const named = new Map<Candidate, Divergence>();
  const placed = (c: Candidate): Divergence => {
    let divergence = named.get(c);
    if (divergence === undefined) {
      divergence = c.phase === 'end' && endedElsewhere(c.divergence) ? { ...c.divergence, rule: endRule(ends.expected?.event, ends.actual?.event, rules) } : c.divergence;
      named.set(c, divergence);
    }
    return divergence;
  };
  const { kept, hidden, unjudged } = independent(found);
  return {
    divergences: kept.map((c) => ({ divergence: placed(c), phase: c.phase })),
    hidden: hidden.map(({ candidate: c, after: first }) => ({ divergence: placed(c), after: placed(first) })),
    unjudged,
  };
}

type PlacedEnd = EventPosition & { event: Partial<EndEvent> };

/** Where the game ends on each side: the engine's game-end, and the fixture's (after its last play, where it expects a result). */
function gameEnds(reading: Reading): { expected?: PlacedEnd; actual?: PlacedEnd } {
  const { fixture, events, positions, gameEnd } = reading;
  const list = fixture.expect.events?.list ?? [];
  const listed = list.findIndex((event) => event.type === 'game-end');
  const lastRound = fixture.rounds.length;
  const expected: PlacedEnd | undefined =
    listed >= 0
      ? { ...(positionsOf(list)[listed] as EventPosition), event: list[listed] as EndEvent }
      : fixture.expect.result === undefined
        ? undefined
        : { round: lastRound, play: fixture.rounds[lastRound - 1]?.plays.length ?? 0, event: fixture.expect.result };
  const actual: PlacedEnd | undefined = gameEnd >= 0 ? { ...(positions[gameEnd] as EventPosition), event: events[gameEnd] as EndEvent } : undefined;
  return { ...(expected === undefined ? {} : { expected }), ...(actual === undefined ? {} : { actual }) };
}

/** The first divergence (see `findDivergences`), or null. */
export function compareReply(fixture: Fixture, reply: ReplayReply, rules: Rules, reporting: Reporting = FULL_REPORTING): Divergence | null {
  return findDivergences(fixture, reply, rules, reporting)[0] ?? null;
}

const after = (a: { round: number; play: number }, b: { round: number; play: number }): boolean =>
  a.round > b.round || (a.round === b.round && a.play > b.play);

/**
 * The divergences that do not follow from another, sorted by place, one per rule and round; those that do, each
 * with the one it follows from; and the parts of the game left unjudged. Within a round: the plays that differ up to
 * the first past which the two sides hold different cards, the sweeps made before it, and only if the cards never
 * parted the categories (the sweeps category only if the sweeps agree), then the round's points if no category
 * differs. The totals and the game's end only while every earlier score agreed. Nothing after a refusal.
 */
function independent(found: Candidate[]): { kept: Candidate[]; hidden: { candidate: Candidate; after: Candidate }[]; unjudged: UnjudgedParts } {
  const sorted = [...found].sort(byPlace);
  const refusal = sorted.find((c) => REFUSALS.has(c.divergence.kind) && c.phase === 'play');
  const hidden: { candidate: Candidate; after: Candidate }[] = [];
  const hide = (candidates: readonly Candidate[], first: Candidate | undefined): void => {
    if (first !== undefined) for (const c of candidates) hidden.push({ candidate: c, after: first });
  };
  const unjudged: UnjudgedParts = { playsAfter: {}, awards: [], sweepAwards: [], points: [], end: false };
  if (refusal !== undefined) unjudged.refusal = { round: refusal.divergence.round, play: refusal.divergence.play };
  const rounds = new Map<number, Candidate[]>();
  for (const c of sorted) {
    if (refusal !== undefined && c !== refusal && !after(refusal.divergence, c.divergence)) {
      hide([c], refusal);
      continue;
    }
    const list = rounds.get(c.divergence.round) ?? [];
    list.push(c);
    rounds.set(c.divergence.round, list);
  }
  const kept: Candidate[] = [];
  /** The first divergence of any score: the totals and the end after it are not judged. */
  let firstScore: Candidate | undefined;
  let endKept: Candidate | undefined;
  for (const round of [...rounds.keys()].sort((a, b) => a - b)) {
    const list = rounds.get(round) ?? [];
    const of = (...phases: Phase[]): Candidate[] => list.filter((c) => phases.includes(c.phase));
    const keep = (wanted: readonly Candidate[], all: readonly Candidate[], first: Candidate | undefined): Candidate[] => {
      hide(
        all.filter((c) => !wanted.includes(c)),
        first,
      );
      return [...wanted];
    };
    const playList = of('play');
    const parting = playList.find((c) => c.keepsCards !== true);
    const plays = keep(parting === undefined ? playList : playList.filter((c) => byPlace(c, parting) <= 0), playList, parting);
    const sweepList = of('sweep');
    const sweeps = keep(sweepList.filter((c) => parting === undefined || c.divergence.eventIndex < parting.divergence.eventIndex), sweepList, parting);
    const scoringPlay = plays.find((c) => c.keepsCards === true && c.scores === true);
    const sweepsDiffer = sweeps[0] ?? scoringPlay;
    const awardList = of('award', 'sweep-award');
    const awards = keep(parting !== undefined ? [] : awardList.filter((c) => c.phase === 'award' || sweepsDiffer === undefined), awardList, parting ?? sweepsDiffer);
    const pointsAfter = parting ?? sweepsDiffer ?? awards[0];
    const points = keep(pointsAfter === undefined ? of('points') : [], of('points'), pointsAfter);
    const diverged = parting ?? sweepsDiffer ?? awards[0] ?? points[0];
    const totals = keep(firstScore === undefined && diverged === undefined ? of('totals') : [], of('totals'), firstScore ?? diverged);
    const endAfter = firstScore ?? diverged ?? totals[0] ?? endKept;
    const end = keep(endAfter === undefined ? of('end').slice(0, 1) : [], of('end'), endAfter ?? of('end')[0]);
    endKept ??= end[0];
    kept.push(...plays, ...sweeps, ...awards, ...points, ...totals, ...end);

    if (parting !== undefined) {
      unjudged.playsAfter[round] = { play: parting.divergence.play, eventIndex: parting.divergence.eventIndex };
      unjudged.awards.push(round);
    }
    if (parting !== undefined || sweepsDiffer !== undefined) unjudged.sweepAwards.push(round);
    if (pointsAfter !== undefined) unjudged.points.push(round);
    if (firstScore === undefined && (diverged !== undefined || totals[0] !== undefined)) {
      firstScore = diverged ?? totals[0];
      unjudged.totalsFrom = diverged !== undefined ? round : round + 1;
    }
  }
  unjudged.end = firstScore !== undefined || endKept !== undefined;
  const seen = new Set<string>();
  return {
    kept: kept.sort(byPlace).filter((c) => {
      const key = `${c.divergence.rule ?? c.divergence.kind} ${c.divergence.round}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
    hidden,
    unjudged,
  };
}

/** Index of the event of play `play` of round `round` in an event stream, or -1. */
export function playEventIndex(
  events: readonly GameEvent[],
  round: number,
  play: number,
  positions: readonly EventPosition[] = positionsOf(events),
): number {
  return events.findIndex((event, i) => isDecision(event) && positions[i]?.round === round && positions[i]?.play === play);
}

function checkRejection(reading: Reading): Candidate[] {
  const expected = reading.fixture.expect.reject ?? null;
  const actual = reading.reply.rejection ?? null;
  const end = reading.events.length;
  const before = (a: { round: number; play: number }, b: { round: number; play: number }): boolean => after(b, a);
  if (actual !== null && (expected === null || before(actual, expected))) {
    const rule = ruleOfErrorCode(actual.code, reading.rules);
    return [candidate({ kind: 'unexpected-rejection', round: actual.round, play: actual.play, eventIndex: end, rule, expected, actual }, 'play')];
  }
  if (expected === null) return [];
  const rule = ruleOfErrorCode(expected.code, reading.rules);
  if (actual === null || before(expected, actual)) {
    const accepted = playEventIndex(reading.events, expected.round, expected.play, reading.positions);
    const eventIndex = accepted >= 0 ? accepted : end;
    // An engine that ended the game before that decision never saw it: that is about the game's length.
    const neverReached = accepted < 0 && reading.events.at(-1)?.type === 'game-end';
    return [candidate({ kind: 'not-rejected', round: expected.round, play: expected.play, eventIndex, rule, expected, actual }, neverReached ? 'end' : 'play')];
  }
  if (actual.code !== expected.code && namesRefusalCodes(reading.reporting)) {
    return [candidate({ kind: 'wrong-rejection', round: expected.round, play: expected.play, eventIndex: end, rule, expected, actual }, 'play')];
  }
  return [];
}

/**
 * Without a refusal, the reply must cover every play the fixture makes, round by round: fewer means the engine
 * stopped early, more means it reported plays nobody made. A round the engine never reached is about the game's
 * length, as is a stop where the engine ended the game.
 */
function checkPlayCounts(reading: Reading): Candidate[] {
  const { events, positions, fixture, reporting } = reading;
  if (reading.reply.rejection !== undefined || !reporting.types.has('capture') || !reporting.types.has('trail')) return [];
  // Rounds told apart as the verdict tells them, by the reported events alone: a deal opens one, a round-end
  // closes it; an engine that reports neither is counted as one round of every play.
  const byRound = roundsToldApart(reporting.types);
  const reported = events.flatMap((event, i) => (isCompared(reporting, event.type) ? [i] : []));
  const reportedPositions = positionsOf(reported.map((i) => events[i] as GameEvent));
  const counted = decisionCounter(reporting.types);
  const playIndices = new Map<number, number[]>();
  reported.forEach((i, k) => {
    if (!counted(events[i] as GameEvent)) return;
    const round = byRound ? (reportedPositions[k] as EventPosition).round : 1;
    const list = playIndices.get(round) ?? [];
    list.push(i);
    playIndices.set(round, list);
  });
  const wanted = fixture.rounds.map((round) => decisionsCounted(round.plays, reporting.types));
  const plays = byRound ? wanted : [wanted.reduce((a, b) => a + b, 0)];
  const found: Candidate[] = [];
  // The fixture's rounds, then the rounds the engine numbers beyond them (any number it likes: never counted up to).
  const beyond = [...playIndices.keys()].filter((round) => round > plays.length).sort((a, b) => a - b);
  for (const round of [...plays.keys()].map((i) => i + 1).concat(beyond)) {
    const want = plays[round - 1] ?? 0;
    const made = playIndices.get(round) ?? [];
    const counts = { expected: { plays: want }, actual: { plays: made.length } };
    if (made.length < want) {
      // Where the missing play's event would be: after the last reported play and its sweeps, or the round's deal.
      const lastIndex = made.at(-1) ?? events.findLastIndex((_, i) => (positions[i]?.round ?? 0) <= round);
      let eventIndex = lastIndex + 1;
      while (eventIndex < events.length && events[eventIndex]?.type === 'sweep') eventIndex++;
      const ended = events.at(-1)?.type === 'game-end' && eventIndex >= events.length;
      const divergence: Divergence = { kind: 'stopped-early', round, play: made.length + 1, eventIndex, rule: stopRule(reading, made.length), ...counts };
      const neverReached = round > 1 && !reached(reading, round);
      found.push(candidate(divergence, ended || neverReached ? 'end' : 'play'));
    } else if (made.length > want) {
      const eventIndex = made[want] as number;
      found.push(candidate({ kind: 'extra-play', round, play: want + 1, eventIndex, rule: 'PLAY-TURN', ...counts }, want === 0 ? 'end' : 'play'));
    }
  }
  return found;
}

/**
 * Why a game stops early: the engine ended it (END-*), or every hand was empty and it dealt no more
 * (DEAL-REFILL), or it did not give the next seat its turn (PLAY-TURN).
 */
function stopRule(reading: Reading, plays: number) {
  const last = reading.events.at(-1);
  if (last?.type === 'game-end') return endRule(undefined, last, reading.rules);
  const perDeal = reading.fixture.players * dealShape(reading.rules, reading.fixture.players).handSize;
  return plays > 0 && plays % perDeal === 0 ? 'DEAL-REFILL' : 'PLAY-TURN';
}

/** The part of the game an event is about. */
function phaseOf(event: GameEvent, rules: Rules): Phase {
  switch (event.type) {
    case 'sweep':
      return 'sweep';
    case 'award':
      return rules.scoring.categories.find((c) => c.id === event.category)?.kind === 'sweeps' ? 'sweep-award' : 'award';
    case 'round-end':
      return 'points';
    case 'game-end':
      return 'end';
    default:
      return 'play';
  }
}

/** An event of a stream with its index and place. */
interface Item {
  event: GameEvent;
  index: number;
  position: EventPosition;
}

/** The events of a stream that the engine reports, grouped by round. */
function itemsByRound(events: readonly GameEvent[], positions: readonly EventPosition[], reporting: Reporting): Map<number, Item[]> {
  const rounds = new Map<number, Item[]>();
  events.forEach((event, index) => {
    if (!isCompared(reporting, event.type)) return;
    const position = positions[index] as EventPosition;
    const list = rounds.get(position.round) ?? [];
    list.push({ event, index, position });
    rounds.set(position.round, list);
  });
  return rounds;
}

const PLAY_PHASE: ReadonlySet<EventType> = new Set(['deal', 'redeal', 'table-bonus', 'declaration', 'capture', 'trail', 'claim', 'remainder']);

/** Play-phase events that score besides moving cards (sweeps, points): a difference there reaches the round's score. */
const SCORING_PLAYS: ReadonlySet<EventType> = new Set(['table-bonus', 'declaration']);

/** The fields of a play-phase event that say where cards go: who holds, plays or takes which. */
const CARD_FIELDS: { readonly [T in EventType]?: readonly string[] } = {
  deal: ['hands', 'table'],
  redeal: ['table'],
  'table-bonus': ['seat', 'cards'],
  declaration: [],
  capture: ['seat', 'card', 'captured'],
  trail: ['seat', 'card'],
  claim: ['seat', 'captured'],
  remainder: ['seat', 'cards'],
};

/** A list of cards as a multiset, in one order, and so each list of a list (a deal's hands); anything else as it is. */
const asMoved = (value: unknown): unknown => {
  if (!Array.isArray(value)) return value;
  return value.every((card) => typeof card === 'string') ? [...value].sort() : value.map(asMoved);
};

/**
 * Whether two play-phase events of the same type move the same cards the same way: after them both sides hold the
 * same hands, table and piles, whatever else the events say (a deal's dealer, a table bonus's sweeps).
 */
function sameCardMoves(expected: GameEvent, actual: GameEvent): boolean {
  const fields = CARD_FIELDS[expected.type];
  if (expected.type !== actual.type || fields === undefined) return false;
  const field = (event: GameEvent, name: string): unknown => (event as unknown as Record<string, unknown>)[name];
  return fields.every((name) => sameJson(asMoved(field(expected, name)), asMoved(field(actual, name))));
}

function checkEvents(reading: Reading, spec: ExpectedEvents): Candidate[] {
  return spec.match === 'all' ? checkAllEvents(reading, spec.list) : checkChosenEvents(reading, spec);
}

/**
 * The whole event sequence, round by round and part by part: the plays (deals, captures, trails, claims, remainder), the
 * sweeps, each category's award, the round-end, and the game-end; the first difference of each.
 */
function checkAllEvents(reading: Reading, expectedList: readonly GameEvent[]): Candidate[] {
  const { events, positions, rules, reporting } = reading;
  // The common case, a reply that matches to the last event, is settled in one pass that allocates nothing.
  if (isFullReporting(reporting) && sameStreams(expectedList, events)) return [];
  const expectedRounds = itemsByRound(expectedList, positionsOf(expectedList), reporting);
  const actualRounds = itemsByRound(events, positions, reporting);
  const found: Candidate[] = [];
  // Where a missing event would have been in the engine's stream: a sweep after its play; another event after the
  // one before it in the same part of the round and the sweeps that follow it (a play's sweeps belong to the play,
  // as where the engine stopped early does), or else before the first event placed after it.
  const missingAt = (expected: Item, before: Item | undefined): number => {
    const { round, play } = expected.position;
    const afterWithSweeps = (index: number): number => {
      let next = index + 1;
      while (events[next]?.type === 'sweep') next++;
      return next;
    };
    // A sweep belongs to its play: after that play where the engine reported it, whatever sweeps came before.
    const itsPlay = expected.event.type === 'sweep' ? playEventIndex(events, round, play, positions) : -1;
    if (itsPlay >= 0) return afterWithSweeps(itsPlay);
    if (before !== undefined) return afterWithSweeps(before.index);
    const next = positions.findIndex((p) => p.round > round || (p.round === round && p.play > play));
    return next >= 0 ? next : events.length;
  };
  const differ = (expected: Item | undefined, actual: Item | undefined, before: { expected?: Item; actual?: Item }, phase?: Phase): void => {
    const event = (expected ?? actual)?.event as GameEvent;
    const eventIndex = actual?.index ?? missingAt(expected as Item, before.actual);
    if (actual === undefined && endedBefore(reading, eventIndex)) phase = 'end';
    const expectedIndex = expected?.index ?? (before.expected?.index ?? -1) + 1;
    const surroundings = { expectedStream: expectedList, expectedAt: expectedIndex, actualStream: events, actualAt: eventIndex };
    found.push(
      candidate(
        {
          kind: actual === undefined ? 'missing-event' : expected === undefined ? 'extra-event' : 'event-mismatch',
          ...(actual ?? expected)!.position,
          eventIndex,
          expectedIndex,
          rule: eventRule(expected?.event, actual?.event, rules, surroundings),
          expected: expected?.event ?? null,
          actual: actual?.event ?? null,
        },
        phase ?? phaseOf(event, rules),
      ),
    );
  };
  const same = (a: Item, b: Item): boolean => sameEvent(a.event, b.event, reporting);
  /**
   * The differences of two lists of events: the first, and where both sides still hold the same cards after it
   * (`sameCardMoves`), each one after it up to the first that parts them.
   */
  const differences = (expected: Item[], actual: Item[], phase?: Phase): void => {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      const e = expected[i];
      const a = actual[i];
      if (e !== undefined && a !== undefined && same(e, a)) continue;
      differ(e, a, { expected: expected[i - 1], actual: actual[i - 1] }, phase);
      const keepsCards = phase === undefined && e !== undefined && a !== undefined && sameCardMoves(e.event, a.event);
      if (!keepsCards) return;
      const kept = found.at(-1) as Candidate;
      kept.keepsCards = true;
      kept.scores = SCORING_PLAYS.has(e.event.type);
    }
  };
  const firstDifference = (expected: Item[], actual: Item[]): void => {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      const e = expected[i];
      const a = actual[i];
      if (e !== undefined && a !== undefined && same(e, a)) continue;
      differ(e, a, { expected: expected[i - 1], actual: actual[i - 1] });
      return;
    }
  };

  const rounds = [...new Set([...expectedRounds.keys(), ...actualRounds.keys()])].sort((a, b) => a - b);
  for (const round of rounds) {
    const expected = (expectedRounds.get(round) ?? []).filter((item) => item.event.type !== 'game-end');
    const actual = (actualRounds.get(round) ?? []).filter((item) => item.event.type !== 'game-end');
    const ofType = (items: Item[], test: (type: EventType) => boolean): Item[] => items.filter((item) => test(item.event.type));
    // A round only one side has is about how long the game lasts.
    const lengthDiffers = expected.length === 0 || actual.length === 0;
    differences(ofType(expected, (t) => PLAY_PHASE.has(t)), ofType(actual, (t) => PLAY_PHASE.has(t)), lengthDiffers ? 'end' : undefined);
    if (lengthDiffers) continue;
    firstDifference(ofType(expected, (t) => t === 'sweep'), ofType(actual, (t) => t === 'sweep'));
    const expectedAwards = ofType(expected, (t) => t === 'award');
    const actualAwards = ofType(actual, (t) => t === 'award');
    const category = (item: Item): unknown => (item.event as Extract<GameEvent, { type: 'award' }>).category;
    expectedAwards.forEach((e, i) => {
      const a = actualAwards.find((item) => category(item) === category(e));
      if (a === undefined || !same(e, a)) differ(e, a, { expected: expectedAwards[i - 1], actual: actualAwards.at(-1) });
    });
    for (const a of actualAwards) {
      if (!expectedAwards.some((item) => category(item) === category(a))) differ(undefined, a, { expected: expectedAwards.at(-1) });
    }
    checkRoundEnd(ofType(expected, (t) => t === 'round-end')[0], ofType(actual, (t) => t === 'round-end')[0], differ, reading);
  }
  const expectedEnd = [...expectedRounds.values()].flat().find((item) => item.event.type === 'game-end');
  const actualEnd = [...actualRounds.values()].flat().find((item) => item.event.type === 'game-end');
  if ((expectedEnd !== undefined || actualEnd !== undefined) && (expectedEnd === undefined || actualEnd === undefined || !same(expectedEnd, actualEnd))) {
    differ(expectedEnd, actualEnd, {});
  }
  return found;
}

/** A round-end: its points (and eliminations) are the round's, its totals depend on every round before. */
function checkRoundEnd(
  expected: Item | undefined,
  actual: Item | undefined,
  differ: (e: Item | undefined, a: Item | undefined, before: { expected?: Item; actual?: Item }, phase?: Phase) => void,
  reading: Reading,
): void {
  if (expected === undefined && actual === undefined) return;
  if (expected === undefined || actual === undefined) {
    differ(expected, actual, {}, 'points');
    return;
  }
  const omitted = reading.reporting.omitted.get('round-end');
  const field = (item: Item, name: string): unknown => {
    const value = (item.event as unknown as Record<string, unknown>)[name];
    return name === 'eliminated' && Array.isArray(value) && value.length === 0 ? undefined : value;
  };
  const differs = (name: string): boolean => omitted?.has(name) !== true && !sameJson(field(expected, name), field(actual, name));
  if (differs('points') || differs('eliminated') || differs('round')) differ(expected, actual, {}, 'points');
  else if (differs('totals')) differ(expected, actual, {}, 'totals');
}

/** `match: types`: the engine's events of the listed types (those it reports), in order; the first difference. */
function checkChosenEvents(reading: Reading, spec: ExpectedEvents): Candidate[] {
  const { events, positions, rules, reporting } = reading;
  const types = new Set<string>((spec.types ?? spec.list.map((event) => event.type)).filter((type) => reporting.types.has(type)));
  const expectedList = spec.list.filter((event) => types.has(event.type));
  const chosen = events.flatMap((event, i) => (types.has(event.type) ? [i] : []));
  for (let j = 0; j < Math.max(expectedList.length, chosen.length); j++) {
    const expected = expectedList[j];
    const index = chosen[j];
    const actual = index === undefined ? undefined : events[index];
    if (expected !== undefined && actual !== undefined && sameEvent(expected, actual, reporting)) continue;
    const eventIndex = index ?? events.length;
    // Where the engine refused, an event missing after its last one is missing because of the refusal: placed there.
    const refusal = reading.reply.rejection;
    const where = index !== undefined ? (positions[index] as EventPosition) : refusal === undefined ? reading.end : { round: refusal.round, play: refusal.play };
    const surroundings = { expectedStream: events, expectedAt: eventIndex, actualStream: events, actualAt: eventIndex };
    const divergence: Divergence = {
      kind: actual === undefined ? 'missing-event' : expected === undefined ? 'extra-event' : 'event-mismatch',
      ...where,
      eventIndex,
      expectedIndex: j,
      rule: eventRule(expected, actual, rules, surroundings),
      expected: expected ?? null,
      actual: actual ?? null,
    };
    return [candidate(divergence, phaseOf((expected ?? actual) as GameEvent, rules))];
  }
  return [];
}

/** Whether the engine ended the game before event index `index`: what is missing there is about the game's length. */
const endedBefore = (reading: Reading, index: number): boolean => reading.gameEnd >= 0 && reading.gameEnd < index;

/**
 * Whether any of the engine's events is in round `round`. A round it never reached has no sweeps, awards or
 * round-end of its own: what the fixture expects there is about the game's length.
 */
const reached = (reading: Reading, round: number): boolean => reading.positions.some((position) => position.round === round);

/** Index of the first event of a round satisfying `test`, or -1. */
function findInRound(reading: Reading, round: number, test: (event: GameEvent) => boolean): number {
  return reading.events.findIndex((event, i) => reading.positions[i]?.round === round && test(event));
}

/** Where a missing piece of a round's scoring shows: at its `round-end` if there is one, else after the last event. */
function roundEndIndex(reading: Reading, round: number): number {
  const index = findInRound(reading, round, (event) => event.type === 'round-end');
  return index >= 0 ? index : reading.events.length;
}

/** The round and play of an event index (past the end: the last event's, or the fixture's last play of the round). */
function positionAt(reading: Reading, index: number, round: number): EventPosition {
  const position = reading.positions[index];
  if (position !== undefined && position.round === round) return position;
  return { round, play: reading.fixture.rounds[round - 1]?.plays.length ?? 0 };
}

/** `expect.rounds`: a round's sweeps, each category's award and the round's points or totals, as far as reported. */
function checkRound(reading: Reading, expected: ExpectedRound): Candidate[] {
  const { events, rules, reporting } = reading;
  const { round } = expected;
  const found: Candidate[] = [];

  if (expected.sweeps !== undefined && reporting.types.has('sweep') && roundsToldApart(reporting.types)) {
    const sides = expected.sweeps.length;
    const actual = new Array<number>(sides).fill(0);
    // A sweep by a seat that is not at the table counts for no side, and is wrong whatever the counts say.
    let unseated = false;
    events.forEach((event, i) => {
      if (event.type !== 'sweep' || reading.positions[i]?.round !== round) return;
      if (Number.isInteger(event.seat) && event.seat >= 0 && event.seat < reading.fixture.players) actual[event.seat % sides]++;
      else unseated = true;
    });
    if (unseated || !sameJson(actual, expected.sweeps)) {
      // Sweeps are all made once the round's last play is: the divergence shows at the remainder.
      const remainder = findInRound(reading, round, (event) => event.type === 'remainder');
      const eventIndex = remainder >= 0 ? remainder : roundEndIndex(reading, round);
      const divergence: Divergence = {
        kind: 'sweeps-mismatch',
        ...positionAt(reading, eventIndex, round),
        eventIndex,
        rule: sweepsRule(reading, round, expected.sweeps, actual),
        field: 'sweeps',
        expected: expected.sweeps,
        actual,
      };
      found.push(candidate(divergence, reached(reading, round) ? 'sweep' : 'end'));
    }
  }

  for (const [category, figures] of reporting.types.has('award') ? Object.entries(expected.awards ?? {}) : []) {
    const compared = (field: 'counts' | 'points'): boolean => reportsFieldOf(reporting, { type: 'award', category }, field);
    const index = findInRound(reading, round, (event) => event.type === 'award' && event.category === category);
    const award = index >= 0 ? (events[index] as Extract<GameEvent, { type: 'award' }>) : undefined;
    const actual = award === undefined ? null : { counts: award.counts, points: award.points };
    const field =
      actual === null
        ? 'missing'
        : compared('counts') && figures.counts !== undefined && !sameJson(figures.counts, actual.counts)
          ? 'counts'
          : compared('points') && figures.points !== undefined && !sameJson(figures.points, actual.points)
            ? 'points'
            : undefined;
    if (field === undefined) continue;
    const eventIndex = index >= 0 ? index : roundEndIndex(reading, round);
    const rule = field === 'missing' && rules.end.countingOut ? 'END-COUNTING-OUT' : awardRule(category, figures, actual ?? undefined, rules);
    const kind = rules.scoring.categories.find((c) => c.id === category)?.kind;
    const divergence: Divergence = { kind: 'award-mismatch', ...positionAt(reading, eventIndex, round), eventIndex, rule, category, field, expected: figures, actual };
    const phase = actual === null && (endedBefore(reading, eventIndex) || !reached(reading, round)) ? 'end' : kind === 'sweeps' ? 'sweep-award' : 'award';
    found.push(candidate(divergence, phase));
  }

  const index = findInRound(reading, round, (event) => event.type === 'round-end');
  const roundEnd = index >= 0 ? (events[index] as Extract<GameEvent, { type: 'round-end' }>) : undefined;
  const eventIndex = index >= 0 ? index : events.length;
  for (const field of ['points', 'totals'] as const) {
    const want = expected[field];
    if (want === undefined || !reportsField(reporting, 'round-end', field)) continue;
    const got = roundEnd?.[field] ?? null;
    if (got !== null && sameJson(want, got)) continue;
    const divergence: Divergence = {
      kind: 'round-mismatch',
      ...positionAt(reading, eventIndex, round),
      eventIndex,
      rule: roundEndRule(rules),
      field: got === null ? 'missing' : field,
      expected: want,
      actual: got,
    };
    const phase = got === null ? (endedBefore(reading, eventIndex) || !reached(reading, round) ? 'end' : 'points') : field;
    found.push(candidate(divergence, phase));
    break;
  }
  return found;
}

/**
 * The rule behind a round's sweep count: SWEEP-LAST-PLAY when the round's last play emptied the table (it
 * captured, and the remainder is empty) and the counts differ by that one sweep: the engine made it where
 * `sweep.lastPlay` says not to, or left it out where it says to (and so the other way round, where the fixture
 * records another system that counted it).
 */
function sweepsRule(reading: Reading, round: number, expected: readonly number[], actual: readonly number[]) {
  const { events } = reading;
  const remainder = findInRound(reading, round, (event) => event.type === 'remainder');
  if (remainder < 0) return 'SWEEP-POINT' as const;
  let lastPlay = remainder - 1;
  while (lastPlay >= 0 && events[lastPlay]?.type === 'sweep') lastPlay--;
  const remainderEvent = events[remainder] as Extract<GameEvent, { type: 'remainder' }>;
  const last = events[lastPlay];
  const emptied = last?.type === 'capture' && Array.isArray(remainderEvent.cards) && remainderEvent.cards.length === 0;
  if (!emptied || !Number.isInteger(last.seat)) return 'SWEEP-POINT' as const;
  const side = last.seat % expected.length;
  const offByTheLastSweep = expected.every((count, s) => Math.abs(count - (actual[s] ?? 0)) === (s === side ? 1 : 0));
  return offByTheLastSweep ? ('SWEEP-LAST-PLAY' as const) : ('SWEEP-POINT' as const);
}

type EndEvent = Extract<GameEvent, { type: 'game-end' }>;

/** `expect.result`: the game-end's reason, winner, totals and ranking, as far as reported. */
function checkResult(reading: Reading, expected: ExpectedResult): Candidate[] {
  const { events, reporting } = reading;
  if (!reporting.types.has('game-end')) return [];
  const index = events.findLastIndex((event) => event.type === 'game-end');
  const end = index >= 0 ? (events[index] as EndEvent) : undefined;
  const actual = end === undefined ? null : { reason: end.reason, winner: end.winner, ranking: end.ranking, totals: end.totals };
  const compared = (field: string): boolean => reportsField(reporting, 'game-end', field);
  let field: ResultDivergence['field'] | undefined;
  if (actual === null) field = 'missing';
  else if (compared('reason') && expected.reason !== undefined && expected.reason !== actual.reason) field = 'reason';
  else if (compared('winner') && expected.winner !== actual.winner) field = 'winner';
  else if (compared('totals') && expected.totals !== undefined && !sameJson(expected.totals, actual.totals)) field = 'totals';
  else if (compared('ranking') && expected.ranking !== undefined && !sameJson(expected.ranking, actual.ranking)) field = 'ranking';
  if (field === undefined) return [];
  const eventIndex = index >= 0 ? index : events.length;
  const where = reading.positions[eventIndex] ?? reading.end;
  const rule = endRule(expected, actual ?? undefined, reading.rules);
  return [candidate({ kind: 'result-mismatch', ...where, eventIndex, rule, field, expected, actual }, 'end')];
}
