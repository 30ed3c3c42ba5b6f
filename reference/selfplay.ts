/**
 * Random legal play, in place and without events: the benchmark's workload, the property tests' game
 * source, and the generator of fixture games. A round's deck comes from the seeded generator; each turn a
 * card is drawn uniformly from those the player may play, then one of its legal outcomes (each capture, or
 * the trail where allowed) uniformly, counting copies of a card at different table positions apart. Where the
 * rules allow table claims (CAP-TABLE-CLAIM), a turn that may claim first draws one of its claims or none,
 * uniformly.
 * @module
 */
import { autoCapture, canCapture } from './capture.ts';
import { captureAt, countCaptures } from './capture-sampler.ts';
import { cardValue, CARDS_PER_DECK } from './cards.ts';
import { listClaims } from './claim.ts';
import { beginRound, layDeck } from './deal.ts';
import { aceLeadForbidden, captureRulesNow, emptyMove, playMove, type Move } from './play.ts';
import type { Rng } from './rng.ts';
import { createGame } from './setup.ts';
import type { GameState, Table } from './state.ts';
import { ok, type GameSetup, type Result, type Rules } from './types.ts';

/** A shuffled deck order for the state's variant, as card codes, written into `deck` if given. */
export function shuffledDeck(state: GameState, rng: Rng, deck = new Uint8Array(state.seats.deckSize)): Uint8Array {
  for (let i = 0; i < deck.length; i++) deck[i] = i % CARDS_PER_DECK;
  return rng.shuffle(deck);
}

/**
 * TABLE-REDEAL-*: rearranges a deck order so that the opening table it lays calls for one of the variant's redeal
 * rules (drawn at random), holding exactly the fewest cards of its value that call for it. Whether the redeal
 * happens is still the rule's to say (a limit of deals may have been reached). False where the variant has no
 * redeal rule a table can meet.
 */
export function voidingDeck(state: GameState, rng: Rng, deck: Uint8Array): boolean {
  const { redeal } = state.rules.openingTable;
  const condition = redeal[rng.below(Math.max(1, redeal.length))];
  if (condition === undefined) return false;
  const need = condition.atLeast + condition.atLeastPerCopy * state.rules.deck.copies;
  if (need > state.seats.openingTableSize || need > 4 * state.rules.deck.copies) return false;
  const slots = rng.shuffle(Uint8Array.from(openingTablePositions(state.seats))).subarray(0, need);
  const isSlot = (position: number): boolean => slots.includes(position);
  for (const slot of slots) {
    if (cardValue(deck[slot]) === condition.value) continue;
    let from = 0;
    while (isSlot(from) || cardValue(deck[from]) !== condition.value) from++;
    [deck[slot], deck[from]] = [deck[from], deck[slot]];
  }
  return true;
}

/** DEAL-PROCEDURE: the positions in a deck order that the opening deal lays on the table, top first. */
function openingTablePositions(seats: Table): number[] {
  const positions: number[] = [];
  let position = 0;
  for (const packet of seats.openingDeal) {
    if ('table' in packet) for (let card = 0; card < packet.table; card++) positions.push(position++);
    else position += packet.hands * seats.players;
  }
  return positions;
}

/** Chooses a random legal move for the seat to play, writing it into `move`. */
export function randomMove(state: GameState, rng: Rng, move: Move): void {
  const rules = captureRulesNow(state);
  move.claim = false;
  // Only rules with claims draw for one: other variants' games stay what their seeds made them.
  if (rules.tableClaim !== 'none') {
    const claims = listClaims(state);
    // One draw among the claims and none (index claims.length); no draw where there is no claim.
    const claim = claims.length === 0 ? undefined : claims[rng.below(claims.length + 1)];
    if (claim !== undefined) {
      claim.forEach((position, i) => (move.positions[i] = position));
      move.count = claim.length;
      move.claim = true;
      return;
    }
  }
  const handStart = state.turn * state.seats.handSize;
  const handLength = state.handLength[state.turn];
  const noAce = aceLeadForbidden(state);
  let handIndex = rng.below(handLength);
  if (rules.compulsion === 'any-card' || !isPlayable(state, noAce, handStart + handIndex)) {
    const allowed: number[] = [];
    const capturing: number[] = [];
    for (let i = 0; i < handLength; i++) {
      if (!isPlayable(state, noAce, handStart + i)) continue;
      allowed.push(i);
      if (rules.compulsion === 'any-card' && canCapture(rules, state.table, state.tableLength, cardValue(state.hands[handStart + i]))) capturing.push(i);
    }
    if (capturing.length > 0) handIndex = capturing[rng.below(capturing.length)];
    else if (!isPlayable(state, noAce, handStart + handIndex)) handIndex = allowed[rng.below(allowed.length)];
  }
  move.handIndex = handIndex;
  const code = state.hands[handStart + handIndex] as number;
  // The wild card named in play draws its value too (only there: other games stay what their seeds made them).
  const value = code === state.namedWild ? 1 + rng.below(10) : cardValue(code);
  move.value = value;
  if (rules.chooser === 'auto') {
    move.count = autoCapture(rules, state.table, state.tableLength, value, move.positions);
    return;
  }
  const count = countCaptures(rules, state.table, state.tableLength, value);
  const choice = rng.below(count + (count === 0 || rules.compulsion === 'none' ? 1 : 0));
  move.count = choice < count ? captureAt(rules, state.table, state.tableLength, value, choice, move.positions) : 0;
}

/**
 * Whether the hand card at `slot` of `state.hands` may be played now: any card, but an ace where the lead with one
 * is forbidden. A function of the module, not a closure per move: tsx names every closure it creates, at a cost
 * the hot loop of self-play would pay on every move.
 */
function isPlayable(state: GameState, noAce: boolean, slot: number): boolean {
  return !(noAce && cardValue(state.hands[slot] as number) === 1);
}

/**
 * Plays `games` whole games at random, one after another in one state, calling `onGame` after each. The
 * state keeps no events and no round records.
 */
export function playRandomGames(
  rules: Rules,
  setup: GameSetup,
  rng: Rng,
  games: number,
  onGame: (state: GameState) => void = () => {},
): Result<void> {
  const created = createGame(rules, setup);
  if (!created.ok) return created;
  const state = created.value;
  const move: Move = emptyMove(state.seats.deckSize);
  const deck = new Uint8Array(state.seats.deckSize);
  for (let game = 0; game < games; game++) {
    if (game > 0) {
      state.restart();
      beginRound(state);
    }
    while (state.status !== 'over') {
      if (state.status === 'awaiting-deck') layDeck(state, shuffledDeck(state, rng, deck));
      else {
        randomMove(state, rng, move);
        playMove(state, move);
      }
    }
    onGame(state);
  }
  return ok(undefined);
}
