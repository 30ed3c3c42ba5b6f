/**
 * Which rule decides a divergence: the rule id a difference between expected and actual points to, from the
 * events involved, their surroundings and the rules played.
 * @module
 */
import { bestDeclaration, cardValue, parseCard, type CategoryKind, type ErrorCode, type EventType, type GameEndReason, type GameEvent, type RuleId, type Rules } from '../../reference/index.ts';
import type { AwardFigures } from './divergence.ts';
import { numbers, sameJson } from '../verdict/equality.ts';

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
  napola: 'SCORE-NAPOLA',
  grande: 'SCORE-GRANDE',
};

/** END-* id of each way a game ends. */
export const END_RULES: Record<GameEndReason, RuleId> = {
  target: 'END-TARGET',
  'counting-out': 'END-COUNTING-OUT',
  'instant-win': 'END-INSTANT-WIN',
  inverse: 'END-INVERSE',
  'single-round': 'END-SINGLE-ROUND',
  'holding-all': 'END-HOLDING-ALL',
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
    CLAIM_OFF: 'CAP-TABLE-CLAIM',
    CLAIM_TWICE: 'CAP-TABLE-CLAIM',
    CARD_UNKNOWN: 'DECK-CARDS',
    CARD_NOT_IN_HAND: 'PLAY-TURN',
    WILD_VALUE: 'DEAL-WILD-CARD',
    ACE_LEAD_FORBIDDEN: 'CAP-ACE-FIRST-PLAY',
    CAPTURE_NOT_ON_TABLE: 'CAP-CHOICE',
    CAPTURE_NOT_WHOLE_TABLE: 'CAP-ACE-TAKES-ALL',
    CAPTURE_ACE_ALONE: 'CAP-ACE-TAKES-ALL',
    CAPTURE_WRONG_SUM: rules.capture.mode === 'match-or-sum' ? 'CAP-SUM' : 'CAP-FIFTEEN',
    CAPTURE_RANK_PRIORITY: 'CAP-RANK-PRIORITY',
    CAPTURE_NOT_FEWEST: 'CAP-CHOICE',
    CAPTURE_NOT_AUTOMATIC: 'CAP-AUTO',
    MUST_CAPTURE: 'CAP-COMPULSION',
    MUST_PLAY_CAPTURING_CARD: 'CAP-COMPULSION',
    CLAIM_NOT_ON_TABLE: 'CAP-TABLE-CLAIM',
    CLAIM_NOT_FIFTEEN: 'CAP-TABLE-CLAIM',
    CLAIM_NOT_LEFT: 'CAP-TABLE-CLAIM',
  };
  return Object.hasOwn(registry, code) ? registry[code as ErrorCode] : undefined;
}

type EndEvent = Extract<GameEvent, { type: 'game-end' }>;

/** The rule behind a difference in how the game ended. */
export function endRule(expected: Partial<EndEvent> | undefined, actual: Partial<EndEvent> | undefined, rules: Rules): RuleId {
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
export function awardRule(
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
    // Equal sevens that tieRanks decide are SCORE-MOST-SEVENS's, not a tie.
    if (countsAgree && top > 0 && counts.filter((count) => count === top).length > 1 && spec.tieRanks === undefined) return 'SCORE-TIES';
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

/** The index of the event that index `at` of a stream follows, sweeps passed over (-1 if none): what a sweep there is the sweep of. */
function sweptAt(stream: readonly (GameEvent | undefined)[], at: number): number {
  for (let i = at - 1; i >= 0; i--) if (stream[i]?.type !== 'sweep') return i;
  return -1;
}

/** A declaration that differs: the wild card's rule where the hand holds it and it changes what the hand declares. */
export function declarationRule(event: GameEvent | undefined, rules: Rules): RuleId {
  const { hands, wild } = rules.declarations;
  if (event?.type !== 'declaration' || !Array.isArray(event.cards) || wild === 'none') return 'DEAL-DECLARATION';
  const codes = event.cards.map((card) => parseCard(String(card)));
  const wildCode = parseCard(wild);
  if (!codes.includes(wildCode)) return 'DEAL-DECLARATION';
  return bestDeclaration(hands, codes, wildCode) === bestDeclaration(hands, codes, -1) ? 'DEAL-DECLARATION' : 'DEAL-WILD-CARD';
}

/** The precedence of event types when two differ: the one whose rule explains the difference best comes first. */
const TYPE_PRECEDENCE: readonly EventType[] = [
  'sweep',
  'game-end',
  'redeal',
  'table-bonus',
  'declaration',
  'claim',
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
      // What a sweep is the sweep of is read in the stream that has it: an extra sweep follows the engine's events,
      // a missing one the fixture's (the other stream may be at another event there, a declaration of the next deal).
      const ofStream = (stream: readonly GameEvent[], at: number): GameEvent | undefined => stream[sweptAt(stream, at)];
      const sweptOf =
        actual?.type !== 'sweep' ? [ofStream(expectedStream, expectedAt)] : expected?.type !== 'sweep' ? [ofStream(actualStream, actualAt)] : [ofStream(expectedStream, expectedAt), ofStream(actualStream, actualAt)];
      const after = sweptOf.map((event) => event?.type);
      if (after.includes('table-bonus')) return 'TABLE-BONUS-FIFTEEN';
      if (after.includes('declaration')) return declarationRule(sweptOf[0] ?? sweptOf[1], rules);
      if (after.includes('claim')) return 'CAP-TABLE-CLAIM';
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
    case 'declaration':
      return declarationRule(pick('declaration'), rules);
    case 'claim':
      return 'CAP-TABLE-CLAIM';
    case 'capture':
    case 'trail': {
      const e = expected?.type === 'capture' || expected?.type === 'trail' ? expected : undefined;
      const a = actual?.type === 'capture' || actual?.type === 'trail' ? actual : undefined;
      if (e !== undefined && a !== undefined && (e.seat !== a.seat || e.card !== a.card)) return 'PLAY-TURN';
      if (e?.type === 'trail' && a?.type === 'trail') return 'PLAY-TRAIL';
      if (auto) return automaticCaptureRule(e, a, rules);
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

type PlayEvent = Extract<GameEvent, { type: 'capture' | 'trail' }>;

/**
 * CAP-AUTO's divergences named by the capture rule the engine breaks: an engine that chooses its captures itself is
 * asked for none, so a capture it misses (a trail, or fewer cards than the automatic one) breaks the rule of the
 * capture it missed, and one it should not make (where the card trails, or more cards than the automatic one, which
 * takes the most the rules allow) the rule of the capture it made. A match taken over a sum, under rank priority,
 * is CAP-RANK-PRIORITY; two captures of as many cards, each of a kind the rules allow, differ only in CAP-AUTO's choice.
 */
function automaticCaptureRule(expected: PlayEvent | undefined, actual: PlayEvent | undefined, rules: Rules): RuleId {
  const e = expected?.type === 'capture' ? expected : undefined;
  const a = actual?.type === 'capture' ? actual : undefined;
  if (e === undefined) return a === undefined ? 'CAP-AUTO' : captureKindRule(a, rules);
  if (a === undefined) return captureKindRule(e, rules);
  const [want, made] = [captureKindRule(e, rules), captureKindRule(a, rules)];
  if (rules.capture.rankPriority && (want === 'CAP-RANK') !== (made === 'CAP-RANK') && [want, made].includes('CAP-SUM')) return 'CAP-RANK-PRIORITY';
  if (a.captured.length < e.captured.length) return want;
  if (a.captured.length > e.captured.length) return made;
  return 'CAP-AUTO';
}

/** The kind of capture the cards taken make with the card played, by its rule: the ace's whole table, a match, a sum or a 15. */
function captureKindRule(capture: Extract<GameEvent, { type: 'capture' }>, rules: Rules): RuleId {
  const value = (card: string): number => cardValue(parseCard(card)) ?? 0;
  const played = value(capture.card);
  const taken = capture.captured.reduce((sum, card) => sum + value(card), 0);
  if (capture.captured.length === 1 && taken === played && rules.capture.mode !== 'fifteen') return 'CAP-RANK';
  if (taken + played === 15 && rules.capture.mode !== 'match-or-sum') return 'CAP-FIFTEEN';
  if (taken === played && capture.captured.length > 1 && (rules.capture.mode === 'match-or-sum' || rules.capture.mode === 'match-sum-or-fifteen')) return 'CAP-SUM';
  if (played === 1 && rules.capture.aceTakesAll) return 'CAP-ACE-TAKES-ALL';
  return rules.capture.mode === 'match-or-sum' ? 'CAP-SUM' : 'CAP-FIFTEEN';
}

/** Round points and totals are sums of the awards, the sweeps and the table bonus: their rules, where they apply. */
export function roundEndRule(rules: Rules): RuleId | undefined {
  if (rules.sweep.timing === 'immediate') return 'SWEEP-TIMING';
  if (rules.openingTable.bonus.enabled) return 'TABLE-BONUS-FIFTEEN';
  return undefined;
}
