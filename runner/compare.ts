/**
 * Expected against actual: a fixture's `expect` against an engine's `ReplayReply`, and the first place where
 * they part, or null.
 *
 * Each kind of expectation is checked on its own (events, round scores, result, refusal, and the plays the reply
 * covers), and each problem found is placed in the engine's event stream. The first divergence is the one the
 * engine showed first: the lowest event index; at equal index, the kind that says most (a refusal or an early
 * stop before a missing event, an event before the scores drawn from it). Every divergence says where it is in
 * game terms (round and play), what was expected and what came, and the rule that decides it.
 *
 * Plays are counted within a round from 1: play n is the round's n-th `capture` or `trail`. Play 0 is before the
 * first play (the deal, redeals, the table bonus). Events after a play (its sweep, the next deal, and after the
 * last play the remainder and the scoring) belong to that play.
 * @module
 */
import type {
  CategoryKind,
  Decision,
  ErrorCode,
  EventType,
  GameEndReason,
  GameEvent,
  RuleId,
  Rules,
} from '../reference/index.ts';
import type {
  ExpectedEvents,
  ExpectedLegal,
  ExpectedRejection,
  ExpectedResult,
  ExpectedRound,
  Fixture,
  Rejection,
  ReplayReply,
} from './fixture.ts';

export const DIVERGENCE_KINDS = [
  /** The engine refused an input the fixture treats as legal (or refused before the refusal expected). */
  'unexpected-rejection',
  /** The engine refused the expected decision, with another code. */
  'wrong-rejection',
  /** The engine accepted a decision it must refuse. */
  'not-rejected',
  /** The engine's reply ends, without a refusal, before the fixture's plays of a round do. */
  'stopped-early',
  /** The engine reports more plays in a round than the fixture made. */
  'extra-play',
  /** An event differs from the one expected at the same place. */
  'event-mismatch',
  /** The engine's events end before an expected event. */
  'missing-event',
  /** The engine produced an event after the expected ones ended. */
  'extra-event',
  /** A round's sweeps per side, counted from the engine's `sweep` events, differ. */
  'sweeps-mismatch',
  /** A category's counts or points in a round differ, or its `award` is missing. */
  'award-mismatch',
  /** A round's points or totals (its `round-end`) differ, or the round has no `round-end`. */
  'round-mismatch',
  /** The game's result (its `game-end`) differs, or the game did not end. */
  'result-mismatch',
  /** At a position of `expect.legal`, the engine's legal decisions are not the ones expected. */
  'legal-mismatch',
] as const;
export type DivergenceKind = (typeof DIVERGENCE_KINDS)[number];

interface DivergenceBase {
  /** Rounds from 1. */
  round: number;
  /** Plays within the round from 1; 0 before the first play. */
  play: number;
  /** Where the engine's events show it: an index into the reply's events, their length when they had run out. */
  eventIndex: number;
  /** The rule that decides the point, when one can be named. */
  rule?: RuleId;
}

export type EventDivergence = DivergenceBase & {
  kind: 'event-mismatch' | 'missing-event' | 'extra-event';
  /** Index into the fixture's expected event list. */
  expectedIndex: number;
  expected: GameEvent | null;
  actual: GameEvent | null;
};

export interface AwardFigures {
  counts?: number[];
  points?: number[];
}

export type AwardDivergence = DivergenceBase & {
  kind: 'award-mismatch';
  category: string;
  /** The first figure that differs; `missing` when the engine made no award for the category. */
  field: 'counts' | 'points' | 'missing';
  expected: AwardFigures;
  actual: { counts: number[]; points: number[] } | null;
};

export type RoundDivergence = DivergenceBase & {
  kind: 'sweeps-mismatch' | 'round-mismatch';
  field: 'sweeps' | 'points' | 'totals' | 'missing';
  /** Per side. */
  expected: number[];
  actual: number[] | null;
};

export type ResultDivergence = DivergenceBase & {
  kind: 'result-mismatch';
  field: 'reason' | 'winner' | 'totals' | 'ranking' | 'missing';
  expected: ExpectedResult;
  actual: Required<ExpectedResult> | null;
};

export type RejectionDivergence = DivergenceBase & {
  kind: 'unexpected-rejection' | 'wrong-rejection' | 'not-rejected';
  expected: ExpectedRejection | null;
  actual: Rejection | null;
};

export type PlayCountDivergence = DivergenceBase & {
  kind: 'stopped-early' | 'extra-play';
  /** Plays of the round: as the fixture makes them, and as the engine reported them. */
  expected: { plays: number };
  actual: { plays: number };
};

export type LegalDivergence = DivergenceBase & {
  kind: 'legal-mismatch';
  expected: Decision[];
  actual: Decision[];
  /** Expected decisions the engine does not list, and decisions it lists that are not expected. */
  missing: Decision[];
  extra: Decision[];
};

export type Divergence =
  | LegalDivergence
  | EventDivergence
  | AwardDivergence
  | RoundDivergence
  | ResultDivergence
  | RejectionDivergence
  | PlayCountDivergence;

/** Where each event of a stream is, in game terms. */
export interface EventPosition {
  round: number;
  play: number;
}

/** Round and play of every event of a stream (see the module comment for how plays are counted). */
export function positionsOf(events: readonly GameEvent[]): EventPosition[] {
  let round = 1;
  let play = 0;
  return events.map((event) => {
    switch (event.type) {
      case 'deal':
      case 'redeal':
      case 'table-bonus':
      case 'award':
      case 'round-end':
        if (Number.isInteger(event.round) && event.round !== round) {
          round = event.round;
          play = 0;
        }
        break;
      case 'capture':
      case 'trail':
        play++;
        break;
      default:
        break;
    }
    return { round, play };
  });
}

/** The value if it is an array of numbers (an engine's event may carry anything in a field). */
export const numbers = (value: unknown): number[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'number') ? (value as number[]) : undefined;

const isPlay = (event: GameEvent): boolean => event.type === 'capture' || event.type === 'trail';

// ---------------------------------------------------------------------------------------------------------------
// Rule ids

/** SCORE-* id of each category kind. */
export const CATEGORY_RULES: Record<CategoryKind, RuleId> = {
  'most-cards': 'SCORE-MOST-CARDS',
  'most-coins': 'SCORE-MOST-COINS',
  'most-sevens': 'SCORE-MOST-SEVENS',
  card: 'SCORE-CARD',
  primiera: 'SCORE-PRIMIERA',
  'all-coins': 'SCORE-ALL-COINS',
  'all-sevens': 'SCORE-ALL-SEVENS',
  sweeps: 'SCORE-SWEEPS',
};

/** END-* id of each way a game ends. */
export const END_RULES: Record<GameEndReason, RuleId> = {
  target: 'END-TARGET',
  'counting-out': 'END-COUNTING-OUT',
  'instant-win': 'END-INSTANT-WIN',
  inverse: 'END-INVERSE',
  'single-round': 'END-SINGLE-ROUND',
};

/** The rule each error code cites (spec/rules.md section 16); CAPTURE_WRONG_SUM depends on the capture mode. */
export function ruleOfErrorCode(code: ErrorCode | string, rules: Rules): RuleId | undefined {
  const registry: Record<ErrorCode, RuleId | undefined> = {
    VARIANT_UNKNOWN: undefined,
    VARIANT_CYCLE: undefined,
    VARIANT_INCONSISTENT: undefined,
    OPTION_UNKNOWN: undefined,
    OPTION_VALUE: undefined,
    SETUP_PLAYERS: 'TEAM-SEATS',
    SETUP_TEAM_MODE: 'TEAM-PARTNERS',
    SETUP_DEALER: 'DEAL-DEALER',
    SETUP_DEAL_SIZE: 'DEAL-TABLE-SIZE',
    DECK_NOT_EXPECTED: 'DEAL-PROCEDURE',
    DECK_NOT_PERMUTATION: 'DECK-COPIES',
    GAME_OVER: 'PLAY-TURN',
    DECK_NEEDED: 'DEAL-PROCEDURE',
    NOT_YOUR_TURN: 'PLAY-TURN',
    CARD_UNKNOWN: 'DECK-CARDS',
    CARD_NOT_IN_HAND: 'PLAY-TURN',
    CAPTURE_NOT_ON_TABLE: 'CAP-CHOICE',
    CAPTURE_WRONG_SUM: rules.capture.mode === 'fifteen' ? 'CAP-FIFTEEN' : 'CAP-SUM',
    CAPTURE_RANK_PRIORITY: 'CAP-RANK-PRIORITY',
    CAPTURE_NOT_AUTOMATIC: 'CAP-AUTO',
    MUST_CAPTURE: 'CAP-COMPULSION',
    MUST_PLAY_CAPTURING_CARD: 'CAP-COMPULSION',
  };
  return Object.hasOwn(registry, code) ? registry[code as ErrorCode] : undefined;
}

type EndEvent = Extract<GameEvent, { type: 'game-end' }>;

/** The rule behind a difference in how the game ended. */
function endRule(expected: Partial<EndEvent> | undefined, actual: Partial<EndEvent> | undefined, rules: Rules): RuleId {
  const reasons = [expected?.reason, actual?.reason].filter((reason) => reason !== undefined);
  const special = reasons.find((reason) => reason !== 'target' && Object.hasOwn(END_RULES, reason));
  if (special !== undefined) return END_RULES[special];
  if (expected !== undefined && actual !== undefined && expected.winner === actual.winner) {
    if (!sameJson(expected.ranking, actual.ranking) && expected.ranking !== undefined) return 'END-RANKING';
    return 'END-TARGET';
  }
  const totals = numbers(expected?.totals) ?? numbers(actual?.totals);
  if (totals !== undefined && totals.length > 0) {
    const top = Math.max(...totals);
    if (top >= rules.end.target && totals.filter((total) => total === top).length > 1) {
      return rules.end.tieBreaks.length > 0 ? 'END-TIE-BREAKS' : 'END-EXACT-TIE';
    }
  }
  return 'END-TARGET';
}

/** The rule behind a category scored differently; SCORE-TIES where the counts agree and the top is shared. */
function awardRule(
  category: string,
  expected: AwardFigures | undefined,
  actual: { counts: number[]; points: number[] } | undefined,
  rules: Rules,
): RuleId | undefined {
  const spec = rules.scoring.categories.find((candidate) => candidate.id === category);
  if (spec === undefined) return undefined;
  const counts = numbers(actual?.counts) ?? numbers(expected?.counts);
  const expectedCounts = numbers(expected?.counts);
  const actualCounts = numbers(actual?.counts);
  if (expectedCounts !== undefined && actualCounts !== undefined && expectedCounts.length !== actualCounts.length) {
    return 'TEAM-POOLING';
  }
  if (counts !== undefined && counts.length > 0 && spec.kind !== 'sweeps') {
    const countsAgree = expected?.counts === undefined || actual === undefined || sameJson(expected.counts, actual.counts);
    const top = Math.max(...counts);
    if (countsAgree && top > 0 && counts.filter((count) => count === top).length > 1) return 'SCORE-TIES';
    // A bonus that replaces the most-coins (most-sevens) point explains a missing point there.
    const bonus = spec.kind === 'most-coins' ? 'all-coins' : spec.kind === 'most-sevens' ? 'all-sevens' : undefined;
    const whole = spec.kind === 'most-coins' ? 10 * rules.deck.copies : 4 * rules.deck.copies;
    const replacing = rules.scoring.categories.some((c) => c.kind === bonus && c.combine === 'instead-of-most');
    if (bonus !== undefined && replacing && counts.includes(whole)) return CATEGORY_RULES[bonus];
  }
  return CATEGORY_RULES[spec.kind];
}

/** Whether the play before index `at` of a stream is the round's last: the stream goes on to the remainder. */
function lastPlayAt(stream: readonly (GameEvent | undefined)[], at: number): boolean {
  for (let i = at; i < stream.length; i++) {
    const type = stream[i]?.type;
    if (type === 'sweep') continue;
    return type === 'remainder';
  }
  return false;
}

/** Whether index `at` of a stream follows a table bonus (and its sweeps). */
function afterTableBonus(stream: readonly (GameEvent | undefined)[], at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const type = stream[i]?.type;
    if (type === 'sweep') continue;
    return type === 'table-bonus';
  }
  return false;
}

/** The precedence of event types when two differ: the one whose rule explains the difference best comes first. */
const TYPE_PRECEDENCE: readonly EventType[] = [
  'sweep',
  'game-end',
  'redeal',
  'table-bonus',
  'capture',
  'trail',
  'deal',
  'remainder',
  'award',
  'round-end',
];

/**
 * The rule behind two events that differ at the same place (either may be missing). `expectedStream` and
 * `actualStream` with `expectedAt`/`actualAt` give the surroundings, for the sweeps of the last play and of
 * the table bonus.
 */
export function eventRule(
  expected: GameEvent | undefined,
  actual: GameEvent | undefined,
  rules: Rules,
  surroundings: { expectedStream: readonly GameEvent[]; expectedAt: number; actualStream: readonly GameEvent[]; actualAt: number },
): RuleId | undefined {
  const { expectedStream, expectedAt, actualStream, actualAt } = surroundings;
  const involved = TYPE_PRECEDENCE.find((type) => expected?.type === type || actual?.type === type);
  const pick = <T extends EventType>(type: T): Extract<GameEvent, { type: T }> | undefined =>
    (expected?.type === type ? expected : actual?.type === type ? actual : undefined) as
      | Extract<GameEvent, { type: T }>
      | undefined;
  const auto = rules.capture.chooser === 'auto';
  switch (involved) {
    case 'sweep': {
      if (afterTableBonus(expectedStream, expectedAt) || afterTableBonus(actualStream, actualAt)) return 'TABLE-BONUS-FIFTEEN';
      // Both sweeps, differing in seat or points: what a sweep is worth and whose it is.
      if (expected?.type === 'sweep' && actual?.type === 'sweep') return 'SWEEP-POINT';
      const last = lastPlayAt(expectedStream, expectedAt) || lastPlayAt(actualStream, actualAt);
      return last ? 'SWEEP-LAST-PLAY' : 'SWEEP-POINT';
    }
    case 'game-end':
      return endRule(
        expected?.type === 'game-end' ? expected : undefined,
        actual?.type === 'game-end' ? actual : undefined,
        rules,
      );
    case 'redeal':
      return pick('redeal')?.rule;
    case 'table-bonus':
      return 'TABLE-BONUS-FIFTEEN';
    case 'capture':
    case 'trail': {
      const e = expected?.type === 'capture' || expected?.type === 'trail' ? expected : undefined;
      const a = actual?.type === 'capture' || actual?.type === 'trail' ? actual : undefined;
      if (e !== undefined && a !== undefined && (e.seat !== a.seat || e.card !== a.card)) return 'PLAY-TURN';
      if (e?.type === 'trail' && a?.type === 'trail') return 'PLAY-TRAIL';
      if (auto) return 'CAP-AUTO';
      return e?.type === 'trail' ? 'PLAY-TRAIL' : 'CAP-CHOICE';
    }
    case 'deal': {
      const e = expected?.type === 'deal' ? expected : undefined;
      const a = actual?.type === 'deal' ? actual : undefined;
      if (e !== undefined && a !== undefined) {
        if (e.dealer !== a.dealer) return 'DEAL-DEALER';
        const sorted = (cards: unknown): unknown => (Array.isArray(cards) ? [...(cards as unknown[])].map(String).sort() : cards);
        const sameCards = (x: unknown, y: unknown): boolean => sameJson(sorted(x), sorted(y));
        if (e.deal === a.deal && sameJson(e.hands, a.hands) && !sameJson(e.table, a.table) && sameCards(e.table, a.table)) {
          return 'DEAL-TABLE-ORDER';
        }
      }
      const deal = (e ?? a) as Extract<GameEvent, { type: 'deal' }>;
      return deal.deal > 1 ? 'DEAL-REFILL' : 'DEAL-PROCEDURE';
    }
    case 'remainder':
      return 'SWEEP-REMAINDER';
    case 'award': {
      const e = expected?.type === 'award' ? expected : undefined;
      const a = actual?.type === 'award' ? actual : undefined;
      if ((e === undefined || a === undefined) && rules.end.countingOut) return 'END-COUNTING-OUT';
      if (e !== undefined && a !== undefined && e.category !== a.category) return awardRule(e.category, undefined, undefined, rules);
      const award = (e ?? a) as Extract<GameEvent, { type: 'award' }>;
      return awardRule(award.category, e, a, rules);
    }
    case 'round-end': {
      const e = expected?.type === 'round-end' ? expected : undefined;
      const a = actual?.type === 'round-end' ? actual : undefined;
      if (e !== undefined && a !== undefined && !sameJson(e.eliminated ?? [], a.eliminated ?? [])) return 'END-INVERSE';
      return roundEndRule(rules);
    }
    default:
      return undefined;
  }
}

/** Round points and totals are sums of the awards, the sweeps and the table bonus: their rules, where they apply. */
function roundEndRule(rules: Rules): RuleId | undefined {
  if (rules.sweep.timing === 'immediate') return 'SWEEP-TIMING';
  if (rules.openingTable.bonus.enabled) return 'TABLE-BONUS-FIFTEEN';
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Equality

/** Deep equality of JSON values; key order does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/** The fields of each event type (spec/rules.md section 15); other fields an engine sends are not compared. */
export const EVENT_FIELDS: { readonly [T in EventType]: readonly string[] } = {
  deal: ['round', 'deal', 'dealer', 'hands', 'table'],
  redeal: ['round', 'rule', 'table'],
  'table-bonus': ['round', 'seat', 'cards', 'sweeps'],
  capture: ['seat', 'card', 'captured'],
  trail: ['seat', 'card'],
  sweep: ['seat', 'points'],
  remainder: ['seat', 'cards'],
  award: ['round', 'category', 'counts', 'points'],
  'round-end': ['round', 'points', 'totals', 'eliminated'],
  'game-end': ['reason', 'winner', 'ranking', 'totals'],
};

/**
 * The event as compared: its type and vocabulary fields only. `round-end.eliminated` absent reads as empty
 * (the spec has it in inverse mode only, possibly empty).
 */
export function canonicalEvent(event: GameEvent): Record<string, unknown> {
  const fields = Object.hasOwn(EVENT_FIELDS, event.type) ? EVENT_FIELDS[event.type] : Object.keys(event);
  const source = event as unknown as Record<string, unknown>;
  const canonical: Record<string, unknown> = { type: event.type };
  for (const field of fields) if (source[field] !== undefined) canonical[field] = source[field];
  if (event.type === 'round-end' && Array.isArray(canonical.eliminated) && canonical.eliminated.length === 0) {
    delete canonical.eliminated;
  }
  return canonical;
}

/** Whether two events agree on their type and vocabulary fields: `canonicalEvent`'s equality, without building them. */
export function sameEvent(a: GameEvent, b: GameEvent): boolean {
  if (a.type !== b.type) return false;
  if (!Object.hasOwn(EVENT_FIELDS, a.type)) return sameJson(canonicalEvent(a), canonicalEvent(b));
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  for (const field of EVENT_FIELDS[a.type]) {
    if (!sameJson(comparedValue(x, field), comparedValue(y, field))) return false;
  }
  return true;
}

const comparedValue = (event: Record<string, unknown>, field: string): unknown => {
  const value = event[field];
  return field === 'eliminated' && Array.isArray(value) && value.length === 0 ? undefined : value;
};

// ---------------------------------------------------------------------------------------------------------------
// The checks

/** What every check reads. */
interface Reading {
  fixture: Fixture;
  reply: ReplayReply;
  rules: Rules;
  events: GameEvent[];
  positions: EventPosition[];
  /** The position after the last event: where a missing event would have been. */
  end: EventPosition;
}

/** A divergence and how it ranks against others found at the same event index. */
interface Candidate {
  divergence: Divergence;
  rank: number;
}

const RANK: Record<DivergenceKind, number> = Object.fromEntries(DIVERGENCE_KINDS.map((kind, i) => [kind, i])) as Record<
  DivergenceKind,
  number
>;

const candidate = (divergence: Divergence): Candidate => ({ divergence, rank: RANK[divergence.kind] });

/**
 * The first divergence between a fixture's expectations and an engine's reply, or null if the reply meets them
 * all. `rules` are the rules the fixture was replayed with (the variant, its options applied).
 */
export function compareReply(fixture: Fixture, reply: ReplayReply, rules: Rules): Divergence | null {
  const events = reply.events;
  const positions = positionsOf(events);
  const last = positions.at(-1) ?? { round: 1, play: 0 };
  const reading: Reading = { fixture, reply, rules, events, positions, end: last };
  const found: Candidate[] = [
    ...checkRejection(reading),
    ...checkPlayCounts(reading),
    ...(fixture.expect.events === undefined ? [] : checkEvents(reading, fixture.expect.events)),
    ...(fixture.expect.rounds ?? []).flatMap((round) => checkRound(reading, round)),
    ...(fixture.expect.result === undefined ? [] : checkResult(reading, fixture.expect.result)),
  ];
  let first: Candidate | undefined;
  for (const next of found) {
    if (
      first === undefined ||
      next.divergence.eventIndex < first.divergence.eventIndex ||
      (next.divergence.eventIndex === first.divergence.eventIndex && next.rank < first.rank)
    ) {
      first = next;
    }
  }
  return first?.divergence ?? null;
}

const before = (a: { round: number; play: number }, b: { round: number; play: number }): boolean =>
  a.round < b.round || (a.round === b.round && a.play < b.play);

/** Index of the event of play `play` of round `round` in an event stream, or -1. */
export function playEventIndex(
  events: readonly GameEvent[],
  round: number,
  play: number,
  positions: readonly EventPosition[] = positionsOf(events),
): number {
  return events.findIndex((event, i) => isPlay(event) && positions[i]?.round === round && positions[i]?.play === play);
}

function checkRejection(reading: Reading): Candidate[] {
  const expected = reading.fixture.expect.reject ?? null;
  const actual = reading.reply.rejection ?? null;
  const end = reading.events.length;
  if (actual !== null && (expected === null || before(actual, expected))) {
    return [
      candidate({
        kind: 'unexpected-rejection',
        round: actual.round,
        play: actual.play,
        eventIndex: end,
        rule: ruleOfErrorCode(actual.code, reading.rules),
        expected,
        actual,
      }),
    ];
  }
  if (expected === null) return [];
  const rule = ruleOfErrorCode(expected.code, reading.rules);
  if (actual === null || before(expected, actual)) {
    const accepted = playEventIndex(reading.events, expected.round, expected.play, reading.positions);
    return [
      candidate({
        kind: 'not-rejected',
        round: expected.round,
        play: expected.play,
        eventIndex: accepted >= 0 ? accepted : end,
        rule,
        expected,
        actual,
      }),
    ];
  }
  if (actual.code !== expected.code) {
    return [candidate({ kind: 'wrong-rejection', round: expected.round, play: expected.play, eventIndex: end, rule, expected, actual })];
  }
  return [];
}

/**
 * Without a refusal, the reply must cover every play the fixture makes, round by round: fewer means the engine
 * stopped early, more means it reported plays nobody made.
 */
function checkPlayCounts(reading: Reading): Candidate[] {
  if (reading.reply.rejection !== undefined) return [];
  const { events, positions, fixture } = reading;
  const playIndices = new Map<number, number[]>();
  events.forEach((event, i) => {
    if (!isPlay(event)) return;
    const round = positions[i]?.round ?? 1;
    const list = playIndices.get(round) ?? [];
    list.push(i);
    playIndices.set(round, list);
  });
  const rounds = Math.max(fixture.rounds.length, ...playIndices.keys());
  for (let round = 1; round <= rounds; round++) {
    const want = fixture.rounds[round - 1]?.plays.length ?? 0;
    const made = playIndices.get(round) ?? [];
    const plays = { expected: { plays: want }, actual: { plays: made.length } };
    if (made.length < want) {
      // Where the missing play's event would be: after the last reported play and its sweeps, or the round's deal.
      const lastIndex = made.at(-1) ?? events.findLastIndex((_, i) => (positions[i]?.round ?? 0) <= round);
      let eventIndex = lastIndex + 1;
      while (eventIndex < events.length && events[eventIndex]?.type === 'sweep') eventIndex++;
      const rule = stopRule(reading, made.length);
      return [candidate({ kind: 'stopped-early', round, play: made.length + 1, eventIndex, rule, ...plays })];
    }
    if (made.length > want) {
      const eventIndex = made[want] as number;
      return [candidate({ kind: 'extra-play', round, play: want + 1, eventIndex, rule: 'PLAY-TURN', ...plays })];
    }
  }
  return [];
}

/**
 * Why a game stops early: the engine ended it (END-*), or every hand was empty and it dealt no more
 * (DEAL-REFILL), or it did not give the next seat its turn (PLAY-TURN).
 */
function stopRule(reading: Reading, plays: number): RuleId {
  const last = reading.events.at(-1);
  if (last?.type === 'game-end') return endRule(undefined, last, reading.rules);
  const perDeal = reading.fixture.players * reading.rules.deal.handSize;
  return plays > 0 && plays % perDeal === 0 ? 'DEAL-REFILL' : 'PLAY-TURN';
}

function checkEvents(reading: Reading, spec: ExpectedEvents): Candidate[] {
  const { events, positions, rules } = reading;
  const expectedList = spec.list;
  if (spec.match === 'all') {
    const expectedPositions = positionsOf(expectedList);
    for (let i = 0; i < Math.max(expectedList.length, events.length); i++) {
      const expected = expectedList[i];
      const actual = events[i];
      if (expected !== undefined && actual !== undefined && sameEvent(expected, actual)) continue;
      const where = (expected === undefined ? positions[i] : expectedPositions[i]) as EventPosition;
      const surroundings = { expectedStream: expectedList, expectedAt: i, actualStream: events, actualAt: i };
      return [
        candidate({
          kind: actual === undefined ? 'missing-event' : expected === undefined ? 'extra-event' : 'event-mismatch',
          ...where,
          eventIndex: i,
          expectedIndex: i,
          rule: eventRule(expected, actual, rules, surroundings),
          expected: expected ?? null,
          actual: actual ?? null,
        }),
      ];
    }
    return [];
  }
  const types = new Set<string>(spec.types ?? expectedList.map((event) => event.type));
  const chosen = events.flatMap((event, i) => (types.has(event.type) ? [i] : []));
  for (let j = 0; j < Math.max(expectedList.length, chosen.length); j++) {
    const expected = expectedList[j];
    const index = chosen[j];
    const actual = index === undefined ? undefined : events[index];
    if (expected !== undefined && actual !== undefined && sameEvent(expected, actual)) continue;
    const eventIndex = index ?? events.length;
    const where = index === undefined ? reading.end : (positions[index] as EventPosition);
    const surroundings = { expectedStream: events, expectedAt: eventIndex, actualStream: events, actualAt: eventIndex };
    return [
      candidate({
        kind: actual === undefined ? 'missing-event' : expected === undefined ? 'extra-event' : 'event-mismatch',
        ...where,
        eventIndex,
        expectedIndex: j,
        rule: eventRule(expected, actual, rules, surroundings),
        expected: expected ?? null,
        actual: actual ?? null,
      }),
    ];
  }
  return [];
}

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

function checkRound(reading: Reading, expected: ExpectedRound): Candidate[] {
  const { events, rules } = reading;
  const { round } = expected;
  const found: Candidate[] = [];

  if (expected.sweeps !== undefined) {
    const sides = expected.sweeps.length;
    const actual = new Array<number>(sides).fill(0);
    events.forEach((event, i) => {
      if (event.type === 'sweep' && reading.positions[i]?.round === round && Number.isInteger(event.seat)) {
        actual[event.seat % sides] = (actual[event.seat % sides] ?? 0) + 1;
      }
    });
    if (!sameJson(actual, expected.sweeps)) {
      // Sweeps are all made once the round's last play is: the divergence shows at the remainder.
      const remainder = findInRound(reading, round, (event) => event.type === 'remainder');
      const eventIndex = remainder >= 0 ? remainder : roundEndIndex(reading, round);
      found.push(
        candidate({
          kind: 'sweeps-mismatch',
          ...positionAt(reading, eventIndex, round),
          eventIndex,
          rule: sweepsRule(reading, round),
          field: 'sweeps',
          expected: expected.sweeps,
          actual,
        }),
      );
    }
  }

  for (const [category, figures] of Object.entries(expected.awards ?? {})) {
    const index = findInRound(reading, round, (event) => event.type === 'award' && event.category === category);
    const award = index >= 0 ? (events[index] as Extract<GameEvent, { type: 'award' }>) : undefined;
    const actual = award === undefined ? null : { counts: award.counts, points: award.points };
    const field =
      actual === null
        ? 'missing'
        : figures.counts !== undefined && !sameJson(figures.counts, actual.counts)
          ? 'counts'
          : figures.points !== undefined && !sameJson(figures.points, actual.points)
            ? 'points'
            : undefined;
    if (field === undefined) continue;
    const eventIndex = index >= 0 ? index : roundEndIndex(reading, round);
    const rule =
      field === 'missing' && rules.end.countingOut
        ? 'END-COUNTING-OUT'
        : awardRule(category, figures, actual ?? undefined, rules);
    found.push(
      candidate({ kind: 'award-mismatch', ...positionAt(reading, eventIndex, round), eventIndex, rule, category, field, expected: figures, actual }),
    );
  }

  if (expected.points !== undefined || expected.totals !== undefined) {
    const index = findInRound(reading, round, (event) => event.type === 'round-end');
    const roundEnd = index >= 0 ? (events[index] as Extract<GameEvent, { type: 'round-end' }>) : undefined;
    const eventIndex = index >= 0 ? index : events.length;
    const where = positionAt(reading, eventIndex, round);
    for (const field of ['points', 'totals'] as const) {
      const want = expected[field];
      if (want === undefined) continue;
      const got = roundEnd?.[field] ?? null;
      if (got !== null && sameJson(want, got)) continue;
      found.push(
        candidate({
          kind: 'round-mismatch',
          ...where,
          eventIndex,
          rule: roundEndRule(rules),
          field: got === null ? 'missing' : field,
          expected: want,
          actual: got,
        }),
      );
      break;
    }
  }
  return found;
}

/**
 * The rule behind a round's sweep count: SWEEP-LAST-PLAY when the round's last play emptied the table (it
 * captured, and the remainder is empty) and the engine's sweep there is not what `sweep.lastPlay` says.
 */
function sweepsRule(reading: Reading, round: number): RuleId {
  const { events } = reading;
  const remainder = findInRound(reading, round, (event) => event.type === 'remainder');
  if (remainder < 0) return 'SWEEP-POINT';
  let lastPlay = remainder - 1;
  while (lastPlay >= 0 && events[lastPlay]?.type === 'sweep') lastPlay--;
  const remainderEvent = events[remainder] as Extract<GameEvent, { type: 'remainder' }>;
  const emptied = events[lastPlay]?.type === 'capture' && Array.isArray(remainderEvent.cards) && remainderEvent.cards.length === 0;
  const swept = lastPlay + 1 < remainder;
  return emptied && swept !== reading.rules.sweep.lastPlay ? 'SWEEP-LAST-PLAY' : 'SWEEP-POINT';
}

function checkResult(reading: Reading, expected: ExpectedResult): Candidate[] {
  const { events } = reading;
  const index = events.findLastIndex((event) => event.type === 'game-end');
  const end = index >= 0 ? (events[index] as EndEvent) : undefined;
  const actual = end === undefined ? null : { reason: end.reason, winner: end.winner, ranking: end.ranking, totals: end.totals };
  let field: ResultDivergence['field'] | undefined;
  if (actual === null) field = 'missing';
  else if (expected.reason !== undefined && expected.reason !== actual.reason) field = 'reason';
  else if (expected.winner !== actual.winner) field = 'winner';
  else if (expected.totals !== undefined && !sameJson(expected.totals, actual.totals)) field = 'totals';
  else if (expected.ranking !== undefined && !sameJson(expected.ranking, actual.ranking)) field = 'ranking';
  if (field === undefined) return [];
  const eventIndex = index >= 0 ? index : events.length;
  const where = reading.positions[eventIndex] ?? reading.end;
  const rule = endRule(expected, actual ?? undefined, reading.rules);
  return [candidate({ kind: 'result-mismatch', ...where, eventIndex, rule, field, expected, actual })];
}

// ---------------------------------------------------------------------------------------------------------------
// Legal decisions

/** A decision as compared in a legal list: the card, and the cards it takes in sorted order (none: a trail). */
export function decisionKey(decision: Decision): string {
  const taken = Array.isArray(decision.capture) ? [...decision.capture].map(String).sort() : [];
  return taken.length === 0 ? String(decision.card) : `${String(decision.card)} ${taken.join(' ')}`;
}

/**
 * The engine's legal decisions at a position of `expect.legal` against the expected ones, as sets (AMB-58:
 * order is free; copies of a card are interchangeable, DECK-COPIES). `eventIndex` is where the position's play
 * shows in the engine's events.
 */
export function compareLegal(expected: ExpectedLegal, actual: readonly Decision[], rules: Rules, eventIndex: number): LegalDivergence | null {
  const { missing, extra } = legalDifference(expected.decisions, actual);
  if (missing.length === 0 && extra.length === 0) return null;
  return {
    kind: 'legal-mismatch',
    round: expected.round,
    play: expected.play,
    eventIndex,
    rule: legalRule([...missing, ...extra], rules),
    expected: expected.decisions,
    actual: [...actual],
    missing: uniqueDecisions(missing),
    extra: uniqueDecisions(extra),
  };
}

/** Two legal lists as sets: the decisions of `expected` that `actual` lacks, and those it adds. */
export function legalDifference(expected: readonly Decision[], actual: readonly Decision[]): { missing: Decision[]; extra: Decision[] } {
  const wanted = new Set(expected.map(decisionKey));
  const listed = new Set(actual.map(decisionKey));
  return {
    missing: expected.filter((decision) => !listed.has(decisionKey(decision))),
    extra: actual.filter((decision) => !wanted.has(decisionKey(decision))),
  };
}

const uniqueDecisions = (decisions: Decision[]): Decision[] => [...new Map(decisions.map((d) => [decisionKey(d), d])).values()];

/** The rule a legal list gets wrong: the automatic capture, whether a trail is allowed, or which captures are. */
function legalRule(differing: readonly Decision[], rules: Rules): RuleId {
  if (rules.capture.chooser === 'auto') return 'CAP-AUTO';
  if (differing.some((decision) => decisionKey(decision) === String(decision.card))) return 'CAP-COMPULSION';
  return 'CAP-CHOICE';
}
