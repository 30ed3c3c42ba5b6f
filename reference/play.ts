/**
 * A turn: which decisions are legal (PLAY-TURN, CAP-COMPULSION, CAP-CHOICE, CAP-AUTO, CAP-TABLE-CLAIM), checking
 * one, and playing it in place: a claim, a capture or a trail (PLAY-TRAIL), a sweep (SWEEP-LAST-PLAY,
 * SWEEP-ACE-TAKES-ALL), the next turn or deal, the end of the round.
 * @module
 */
import {
  autoCapture,
  canCapture,
  keepsItself,
  listCaptures,
  resolveCapture,
  takesAceAlone,
  takesEveryMatch,
  takesWholeTable,
  type CaptureProblem,
} from './capture.ts';
import { cardValue, formatCard, KEPT_WILD, parseCard } from './cards.ts';
import { claimRefusal, type ClaimProblem, listClaims, renuncioOf, resolveClaim } from './claim.ts';
import { dealAgain } from './deal.ts';
import { declareHand } from './declarations.ts';
import { endRound } from './round-end.ts';
import type { GameState } from './state.ts';
import { recordSweep } from './sweeps.ts';
import {
  type CaptureMode,
  type CaptureRules,
  type ClaimDecision,
  type Decision,
  err,
  isClaim,
  ok,
  type PlayDecision,
  type Result,
  type RuleId,
} from './types.ts';

/**
 * A decision in engine terms: which card of the hand, and the table positions it takes (ascending). A claim
 * (CAP-TABLE-CLAIM) takes the positions and plays no card.
 */
export interface Move {
  handIndex: number;
  positions: Int16Array;
  count: number;
  claim: boolean;
  /** The value the card plays as: its own, or the one named for the wild card (DEAL-WILD-CARD). */
  value: number;
}

/** A move to fill in, with room for positions on a table of `tableSize` cards. */
export const emptyMove = (tableSize: number): Move => ({ handIndex: 0, positions: new Int16Array(Math.max(tableSize, 1)), count: 0, claim: false, value: 0 });

/**
 * The capture rules of the play to make: on a round's first play under `aceFirstPlay: ordinary`, an ace captures
 * as any card of value 1 (CAP-ACE-FIRST-PLAY).
 */
export function captureRulesNow(state: GameState): CaptureRules {
  const rules = state.rules.capture;
  return rules.aceFirstPlay === 'ordinary' && rules.aceTakesAll && state.isFirstPlay() ? { ...rules, aceTakesAll: false } : rules;
}

/**
 * CAP-ACE-FIRST-PLAY under `aceFirstPlay: forbidden`: whether the seat to play may not play an ace now, on the
 * round's first play with a card other than an ace in hand.
 */
export function aceLeadForbidden(state: GameState): boolean {
  const rules = state.rules.capture;
  if (rules.aceFirstPlay !== 'forbidden' || !rules.aceTakesAll || !state.isFirstPlay()) return false;
  return state.hand(state.turn).some((code) => cardValue(code) !== 1);
}

/** Plays a checked move for the seat to play, in place. */
export function playMove(state: GameState, move: Move): void {
  if (move.claim) {
    claimFromTable(state, move);
    return;
  }
  const rules = captureRulesNow(state);
  const seat = state.turn;
  const { handSize, players } = state.seats;
  // DEAL-DECLARATION at the first play: the hand, still as dealt, is declared before its card is played.
  if (state.rules.declarations.when === 'first-play' && state.handLength[seat] === handSize) {
    declareHand(state, seat);
    if (state.status === 'over') return;
  }
  const base = seat * handSize;
  const length = state.handLength[seat];
  const code = state.hands[base + move.handIndex];
  const value = move.value;
  // Stryker disable next-line EqualityOperator: `<=` also copies into hands[base + length - 1], the slot past the shortened hand, which is never read before a deal writes it
  for (let i = base + move.handIndex + 1; i < base + length; i++) state.hands[i - 1] = state.hands[i];
  state.handLength[seat] = length - 1;
  state.cardsToPlay--;
  state.claimed = false;

  if (move.count === 0 && !keepsItself(rules, state.tableLength, value)) {
    state.renuncio = renuncioOf(state, code);
    // The wild card named another value keeps it on the table where the rules say so (DEAL-WILD-CARD).
    const onTable = state.keptWild && code === state.wildCard && value !== cardValue(code) ? KEPT_WILD + value - 1 : code;
    state.table[state.tableLength++] = onTable;
    // Stryker disable next-line ConditionalExpression: with no listener (events null) emit drops the event; the guard only saves formatting the card
    if (state.events !== null) state.emit({ type: 'trail', seat, card: formatCard(code) });
  } else {
    state.renuncio = -1;
    // Whether the capture empties the table as a sweep, decided before the cards leave it: an ace's taking of
    // the whole table may be none (SWEEP-ACE-TAKES-ALL), an ace that may take an ace alone never sweeps with it,
    // and an ace kept on an empty table takes nothing.
    const sweepsTable =
      move.count > 0 &&
      move.count === state.tableLength &&
      (state.rules.sweep.aceTakesAll || !takesWholeTable(rules, state.table, state.tableLength, value)) &&
      !takesAceAlone(rules, state.table, state.tableLength, value);
    // Stryker disable next-line ConditionalExpression: with no listener (events null) emit drops the event; the guard only saves formatting the cards
    if (state.events !== null) state.emit({ type: 'capture', seat, card: formatCard(code), captured: cardsAt(state, move) });
    takeFromTable(state, seat, move);
    state.addToPile(seat, code);
    const lastPlay = state.cardsToPlay === 0;
    if (sweepsTable && (state.rules.sweep.lastPlay || !lastPlay)) {
      recordSweep(state, seat);
      if (state.status === 'over') return;
    }
  }

  if (state.cardsToPlay === 0) endRound(state);
  else if (state.handLength[(seat + 1) % players] === 0) dealAgain(state);
  else state.turn = (seat + 1) % players;
}

/**
 * CAP-TABLE-CLAIM: the seat to play takes the claimed cards, as a capture for the remainder (it becomes the last
 * capturer), and still plays a card after. Emptying the table is a sweep; a claim never ends a round, so
 * SWEEP-LAST-PLAY does not apply to it.
 */
function claimFromTable(state: GameState, move: Move): void {
  const seat = state.turn;
  // Stryker disable next-line ConditionalExpression: with no listener (events null) emit drops the event; the guard only saves formatting the cards
  if (state.events !== null) state.emit({ type: 'claim', seat, captured: cardsAt(state, move) });
  takeFromTable(state, seat, move);
  state.claimed = true;
  if (state.tableLength === 0) recordSweep(state, seat);
}

/** The table cards at the move's positions, in notation. */
export function cardsAt(state: GameState, move: Move): string[] {
  // A plain loop: Array.from over a typed array with a map function is many times slower (emit is on fuzz's hot path).
  const cards = new Array<string>(move.count);
  for (let i = 0; i < move.count; i++) cards[i] = state.tableCardName(state.table[move.positions[i] as number] as number);
  return cards;
}

/** Moves the table cards at the move's positions to the seat's pile, the others keeping their order; the seat becomes the last capturer. */
function takeFromTable(state: GameState, seat: number, move: Move): void {
  const { table } = state;
  // The taken positions ascend: keep the cards before each, take it, then keep the rest.
  let kept = 0;
  let position = 0;
  for (let next = 0; next < move.count; next++) {
    const taken = move.positions[next] as number;
    while (position < taken) table[kept++] = table[position++] as number;
    state.addToPile(seat, table[position++] as number);
  }
  while (position < state.tableLength) table[kept++] = table[position++] as number;
  state.tableLength = kept;
  state.lastCapturer = seat;
}

/** Whether a card the seat to play may play can capture (CAP-COMPULSION `any-card`). */
function handCanCapture(state: GameState): boolean {
  const rules = captureRulesNow(state);
  const noAce = aceLeadForbidden(state);
  for (const code of state.hand(state.turn)) {
    const value = cardValue(code);
    if (!(noAce && value === 1) && canCapture(rules, state.table, state.tableLength, value)) return true;
  }
  return false;
}

/** Where a card is in a seat's hand (its first copy), or -1. */
function handIndexOf(state: GameState, seat: number, code: number): number {
  const base = seat * state.seats.handSize;
  const length = state.handLength[seat] as number;
  for (let i = 0; i < length; i++) if (state.hands[base + i] === code) return i;
  return -1;
}

const NO_CARDS: readonly number[] = Object.freeze([]);

const sameCards = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((code, i) => code === [...b].sort((x, y) => x - y)[i]);

const mustUseCapturingCard = (decision: PlayDecision): Result<never> =>
  err('MUST_PLAY_CAPTURING_CARD', `${decision.card} cannot capture, but another card in hand can`, 'CAP-COMPULSION');

/** The named cards as the table holds them: the wild card kept as a value lies there as its stand-in (KEPT_WILD). */
function asOnTable(state: GameState, named: readonly number[]): readonly number[] {
  for (let position = 0; position < state.tableLength; position++) {
    const code = state.table[position] as number;
    if (code >= KEPT_WILD) return named.map((card) => (card === state.wildCard ? code : card));
  }
  return named;
}

/** Card codes named in a decision's list, -1 for anything not in notation; null where the list is no list. */
const namedCodes = (cards: unknown): number[] | null =>
  Array.isArray(cards) ? cards.map((card: unknown) => (typeof card === 'string' ? parseCard(card) : -1)) : null;

/**
 * Turns a decision into a move for the seat to play, or says why it is not legal. The move is written into
 * `into` where one is given (positions for a table of up to the deck's size): a replay checks every play, and
 * then allocates no typed array per play.
 */
export function checkMove(state: GameState, decision: Decision, into?: Move): Result<Move> {
  if (state.status === 'over') return err('GAME_OVER', 'the game is over');
  if (state.status === 'awaiting-deck') return err('DECK_NEEDED', `round ${state.round} is waiting for its deck order`);
  const seat = state.turn;
  if (decision.seat !== undefined && decision.seat !== seat) {
    return err('NOT_YOUR_TURN', `it is seat ${seat}'s turn, not seat ${decision.seat}'s`, 'PLAY-TURN');
  }
  const move = into ?? emptyMove(state.tableLength);
  return isClaim(decision) ? checkClaim(state, decision, move) : checkPlay(state, decision, move);
}

/** CAP-TABLE-CLAIM: a claim's checks, in the registry's order, after those every decision shares. */
function checkClaim(state: GameState, decision: ClaimDecision, move: Move): Result<Move> {
  const refused = claimRefusal(state);
  if (refused === 'CLAIM_OFF') return err(refused, 'these rules have no table claims (capture.tableClaim is none)', 'CAP-TABLE-CLAIM');
  if (refused === 'CLAIM_TWICE') return err(refused, `seat ${state.turn} has claimed this turn already; it plays a card now`, 'CAP-TABLE-CLAIM');
  // Decisions may come from another program: a claim that is not a list of cards is refused, not thrown on.
  const named = namedCodes(decision.claim);
  if (named === null) return err('CARD_UNKNOWN', `the claim ${JSON.stringify(decision.claim)} is not a list of cards`, 'DECK-CARDS');
  const unknown = named.indexOf(-1);
  if (unknown >= 0) return err('CARD_UNKNOWN', `${JSON.stringify(decision.claim[unknown])} is not a card`, 'DECK-CARDS');
  const count = resolveClaim(state, named, move.positions);
  if (typeof count !== 'number') return err(count, claimProblemText(state, decision, count), 'CAP-TABLE-CLAIM');
  move.count = count;
  move.claim = true;
  return ok(move);
}

/** A refused claim's message, for people (only the code is compared). */
function claimProblemText(state: GameState, decision: ClaimDecision, problem: ClaimProblem): string {
  const claim = `[${decision.claim.join(' ')}]`;
  switch (problem) {
    case 'CLAIM_NOT_ON_TABLE':
      return `${claim} is not on the table [${state.tableNames().join(' ')}]`;
    case 'CLAIM_NOT_FIFTEEN':
      return `${claim} does not total 15`;
    case 'CLAIM_NOT_LEFT':
      return state.renuncio < 0
        ? 'the last play left no card that could have made 15: there is nothing to claim'
        : `${claim} leaves out ${formatCard(state.renuncio)}, the card the last play trailed although it could make 15`;
  }
}

/** A play's checks, in the registry's order, after those every decision shares. */
function checkPlay(state: GameState, decision: PlayDecision, move: Move): Result<Move> {
  const seat = state.turn;
  const code = typeof decision.card === 'string' ? parseCard(decision.card) : -1;
  if (code < 0) return err('CARD_UNKNOWN', `${JSON.stringify(decision.card)} is not a card (write value 1-10 and suit D, H, S or C)`, 'DECK-CARDS');
  // Decisions may come from another program: a capture that is not a list of cards is refused, not thrown on.
  const listed = decision.capture === undefined ? NO_CARDS : namedCodes(decision.capture);
  if (listed === null) return err('CARD_UNKNOWN', `the capture ${JSON.stringify(decision.capture)} is not a list of cards`, 'DECK-CARDS');
  const unknown = listed.indexOf(-1);
  if (unknown >= 0) return err('CARD_UNKNOWN', `${JSON.stringify(decision.capture?.[unknown])} is not a card`, 'DECK-CARDS');
  const named = state.keptWild ? asOnTable(state, listed) : listed;
  const handIndex = handIndexOf(state, seat, code);
  if (handIndex < 0) return err('CARD_NOT_IN_HAND', `${decision.card} is not in seat ${seat}'s hand`, 'PLAY-TURN');
  let value = cardValue(code);
  if (decision.as !== undefined) {
    const named = decision.as as unknown;
    if (code !== state.namedWild) return err('WILD_VALUE', `${decision.card} plays as its own value: only a wild card named in play takes "as"`, 'DEAL-WILD-CARD');
    if (typeof named !== 'number' || !Number.isInteger(named) || named < 1 || named > 10) return err('WILD_VALUE', `${JSON.stringify(named)} is no card value (1 to 10)`, 'DEAL-WILD-CARD');
    value = named;
  }
  if (value === 1 && aceLeadForbidden(state)) {
    return err('ACE_LEAD_FORBIDDEN', `${decision.card} is an ace, which may not be played first in the round while the hand holds another card`, 'CAP-ACE-FIRST-PLAY');
  }

  const rules = captureRulesNow(state);
  move.handIndex = handIndex;
  move.claim = false;
  move.value = value;
  const { positions } = move;

  if (rules.chooser === 'auto') {
    // A named capture must first be a legal one (CAP-CHOICE's checks), then the automatic one.
    if (named.length > 0) {
      const problem = resolveCapture(rules, state.table, state.tableLength, value, named, positions);
      if (typeof problem !== 'number') return captureProblem(state, decision, problem, value);
    }
    move.count = autoCapture(rules, state.table, state.tableLength, value, positions);
    if (decision.capture !== undefined) {
      const automatic = Array.from(positions.subarray(0, move.count), (p) => state.table[p] as number);
      if (!sameCards(named, automatic)) {
        return err(
          'CAPTURE_NOT_AUTOMATIC',
          `${decision.card} captures [${automatic.map((table) => state.tableCardName(table)).join(' ')}] automatically, not [${decision.capture.join(' ')}]`,
          'CAP-AUTO',
        );
      }
    }
    if (move.count === 0 && rules.compulsion === 'any-card' && handCanCapture(state)) return mustUseCapturingCard(decision);
    return ok(move);
  }

  if (named.length === 0) {
    if (rules.compulsion !== 'none' && canCapture(rules, state.table, state.tableLength, value)) {
      return err('MUST_CAPTURE', `${decision.card} can capture, so it may not be trailed`, 'CAP-COMPULSION');
    }
    if (rules.compulsion === 'any-card' && handCanCapture(state)) return mustUseCapturingCard(decision);
    move.count = 0;
    return ok(move);
  }
  const count = resolveCapture(rules, state.table, state.tableLength, value, named, positions);
  if (typeof count !== 'number') return captureProblem(state, decision, count, value);
  move.count = count;
  return ok(move);
}

function captureProblem(state: GameState, decision: PlayDecision, problem: CaptureProblem, value: number): Result<never> {
  return err(problem, captureProblemText(state, decision, problem, value), captureProblemRule(state.rules.capture.mode, problem));
}

/** A refused capture's message: only its code is compared (INTERPRETING.md), so this is for people. */
function captureProblemText(state: GameState, decision: PlayDecision, problem: CaptureProblem, value: number): string {
  const table = state.tableNames().join(' ');
  const capture = `[${decision.capture?.join(' ')}]`;
  switch (problem) {
    case 'CAPTURE_NOT_ON_TABLE':
      return `${capture} is not on the table [${table}]`;
    case 'CAPTURE_NOT_WHOLE_TABLE':
      return `an ace takes the whole table [${table}], not ${capture}`;
    case 'CAPTURE_ACE_ALONE':
      return `an ace lies on the table [${table}], which with ${decision.card} does not make 15: ${decision.card} takes that ace alone, not ${capture}`;
    case 'CAPTURE_WRONG_SUM':
      switch (state.rules.capture.mode) {
        case 'match-or-sum':
          return takesEveryMatch(state.rules.capture)
            ? `${capture} is neither every card of ${decision.card}'s value on the table nor a sum of it`
            : `${capture} does not match ${decision.card} by value or sum`;
        case 'fifteen':
          return `${decision.card} and ${capture} do not total 15`;
        case 'fifteen-or-match':
          return `${capture} is not a card of ${decision.card}'s value, and with it does not total 15`;
        case 'match-sum-or-fifteen':
          return `${capture} neither matches ${decision.card} by value or sum nor totals 15 with it`;
      }
    case 'CAPTURE_RANK_PRIORITY':
      return `a card of value ${value} is on the table, so ${decision.card} must take it alone`;
    case 'CAPTURE_NOT_FEWEST':
      return `${capture} takes more cards than the fewest that make the total: a sum of fewer cards must be taken`;
  }
}

/** The rule a refused capture breaks, reported with it (not compared either). */
function captureProblemRule(mode: CaptureMode, problem: CaptureProblem): RuleId {
  switch (problem) {
    case 'CAPTURE_NOT_ON_TABLE':
      return 'CAP-CHOICE';
    case 'CAPTURE_NOT_WHOLE_TABLE':
    case 'CAPTURE_ACE_ALONE':
      return 'CAP-ACE-TAKES-ALL';
    case 'CAPTURE_WRONG_SUM':
      return mode === 'match-or-sum' ? 'CAP-SUM' : 'CAP-FIFTEEN';
    case 'CAPTURE_RANK_PRIORITY':
      return 'CAP-RANK-PRIORITY';
    case 'CAPTURE_NOT_FEWEST':
      return 'CAP-CHOICE';
  }
}

/**
 * Every legal decision for the seat to play: its plays in hand order (where capture is automatic, spelled out),
 * then the claims it may make first (CAP-TABLE-CLAIM).
 */
export function listDecisions(state: GameState): Decision[] {
  if (state.status !== 'playing') return [];
  const seat = state.turn;
  const rules = captureRulesNow(state);
  const noAce = aceLeadForbidden(state);
  let plays: PlayDecision[] = [];
  const seen = new Set<number>();
  const tableCards = (positions: ArrayLike<number>): string[] =>
    Array.from(positions, (position) => state.tableCardName(state.table[position] as number));
  const wild = state.namedWild;
  for (const code of state.hand(seat)) {
    if (seen.has(code)) continue;
    seen.add(code);
    const card = formatCard(code);
    const own = cardValue(code);
    // The wild card named in play makes the decisions of a card of each value, `as` written where it is not its own.
    for (let value = code === wild ? 1 : own; value <= (code === wild ? 10 : own); value++) {
      if (noAce && value === 1) continue;
      const play = (capture?: string[]): PlayDecision => ({ card, ...(capture === undefined ? {} : { capture }), ...(value === own ? {} : { as: value }) });
      if (rules.chooser === 'auto') {
        const positions = new Int16Array(Math.max(state.tableLength, 1));
        const count = autoCapture(rules, state.table, state.tableLength, value, positions);
        plays.push(count === 0 ? play() : play(tableCards(positions.subarray(0, count))));
        continue;
      }
      const captures = listCaptures(rules, state.table, state.tableLength, value);
      for (const set of captures) plays.push(play(tableCards(set)));
      if (captures.length === 0 || rules.compulsion === 'none') plays.push(play());
    }
  }
  if (rules.compulsion === 'any-card' && plays.some((d) => d.capture !== undefined)) {
    plays = plays.filter((d) => d.capture !== undefined);
  }
  return [...plays, ...listClaims(state).map((set): ClaimDecision => ({ claim: tableCards(set) }))];
}
