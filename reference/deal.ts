/**
 * Rounds and deals: the dealer, laying out a deck order (DEAL-PROCEDURE), the opening-table rules (redeals,
 * Escoba's table bonus) and the later deals.
 * @module
 */
import { cardSuit, cardValue, CARDS_PER_DECK, formatCards } from './cards.ts';
import { someSubsetSums, totalValue } from './capture.ts';
import { declareHands } from './declarations.ts';
import { recordSweep, scoreAtOnce } from './sweeps.ts';
import { zero, type GameState } from './state.ts';
import type { Packet, RedealRule, TableBonus, TablePoints } from './types.ts';

/** DEAL-DEALER: starts the next round; the engine then waits for its deck order. */
export function beginRound(state: GameState): void {
  const { players, firstDealer } = state.seats;
  state.round++;
  if (state.round === 1) state.dealer = firstDealer;
  else state.dealer = (state.dealer + (state.rules.deal.rotation === 'forward' ? 1 : players - 1)) % players;
  state.deckOrders = 0;
  state.status = 'awaiting-deck';
}

/** DECK-COPIES: whether the codes are exactly the variant's deck, every card once per copy. */
export function isFullDeck(state: GameState, codes: ArrayLike<number>): boolean {
  // A code that is no card (-1) is counted nowhere, so some card then falls short of its copies.
  const seen = new Uint8Array(CARDS_PER_DECK);
  // Stryker disable next-line EqualityOperator: `<=` also counts codes[length], which is undefined: seen[undefined]++ writes no element
  for (let i = 0; i < codes.length; i++) seen[codes[i] as number]++;
  return codes.length === state.seats.deckSize && seen.every((count) => count === state.rules.deck.copies);
}

function resetRound(state: GameState): void {
  zero(state.handLength);
  state.tableLength = 0;
  state.clearPiles();
  state.lastCapturer = -1;
  state.claimed = false;
  state.renuncio = -1;
  state.sweepLogLength = 0;
  zero(state.roundPoints);
  state.dealNumber = 0;
}

export const firstPlayer = (state: GameState): number => (state.dealer + 1) % state.seats.players;

/**
 * DEAL-PROCEDURE, DEAL-REFILL: one deal from the top of the stock, packet by packet: to every seat in dealing
 * order, or to the end of the table. The first player then leads.
 */
function deal(state: GameState, packets: readonly Packet[]): void {
  const { players, handSize } = state.seats;
  const start = state.rules.deal.startSeat === 'seat-zero' ? 0 : firstPlayer(state);
  const { hands, handLength, stock, table } = state;
  for (const packet of packets) {
    if ('table' in packet) {
      for (let card = 0; card < packet.table; card++) table[state.tableLength++] = stock[state.stockPosition++] as number;
      continue;
    }
    for (let i = 0; i < players; i++) {
      const seat = (start + i) % players;
      const base = seat * handSize;
      for (let card = 0; card < packet.hands; card++) hands[base + handLength[seat]++] = stock[state.stockPosition++] as number;
    }
  }
  state.dealNumber++;
  state.turn = firstPlayer(state);
  state.status = 'playing';
}

function dealEvent(state: GameState, withTable: boolean): void {
  // Stryker disable next-line ConditionalExpression: with no listener (events null) emit drops the event; the guard only saves formatting the hands
  if (state.events === null) return;
  const { players, handSize } = state.seats;
  const hands = new Array<string[]>(players);
  for (let seat = 0; seat < players; seat++) hands[seat] = formatCards(state.hands, seat * handSize, seat * handSize + (state.handLength[seat] as number));
  const base = { type: 'deal', round: state.round, deal: state.dealNumber, dealer: state.dealer, hands } as const;
  state.events.push(withTable ? { ...base, table: formatCards(state.table, 0, state.tableLength) } : base);
}

/** DEAL-TABLE-ORDER: the opening table sorted by suit (in `sortSuits` order), then value. */
function sortTable(state: GameState): void {
  const order = state.rules.deal.sortSuits;
  const key = (code: number): number => order.indexOf(cardSuit(code)) * 100 + cardValue(code);
  const sorted = Array.from(state.table.subarray(0, state.tableLength)).sort((a, b) => key(a) - key(b));
  state.table.set(sorted);
}

/** TABLE-REDEAL-KINGS, TABLE-REDRAW-TENS, TABLE-REDEAL-ACES: the redeal rule the opening table triggers, if any. */
function voidingRule(state: GameState): RedealRule | undefined {
  const { redeal } = state.rules.openingTable;
  const copies = state.rules.deck.copies;
  for (const condition of redeal) {
    if (condition.maxDeals > 0 && state.deckOrders >= condition.maxDeals) continue;
    let count = 0;
    for (let i = 0; i < state.tableLength; i++) if (cardValue(state.table[i] as number) === condition.value) count++;
    if (count >= condition.atLeast + condition.atLeastPerCopy * copies) return condition.rule;
  }
  return undefined;
}

/**
 * TABLE-BONUS-FIFTEEN: an opening table worth 15 is one escoba for the beneficiary, 30 two (split into two
 * groups of 15 under the `two-groups` reading, and nothing under `none`), the wild card counting as it must
 * where `wild` says so; a table under `lowTable.under` is `lowTable.sweeps` sweeps. Then the tables that
 * score points.
 */
function tableBonus(state: GameState): void {
  const bonus = state.rules.openingTable.bonus;
  if (!bonus.enabled) return;
  const points = bonus.points.length === 0 ? 0 : tablePoints(state, bonus.points);
  tableSweeps(state, bonus);
  if (points > 0 && state.status !== 'over') {
    const seat = beneficiary(state);
    state.emit({ type: 'table-bonus', round: state.round, seat, cards: [], sweeps: 0, points });
    scoreAtOnce(state, state.seats.sideOf[seat] as number, points);
  }
}

const beneficiary = (state: GameState): number => (state.rules.openingTable.bonus.beneficiary === 'dealer' ? state.dealer : firstPlayer(state));

/** The points of the opening table as dealt, every card at its own value: the beneficiary takes no card for them. */
function tablePoints(state: GameState, scoring: readonly TablePoints[]): number {
  const total = totalValue(state.table.subarray(0, state.tableLength));
  let points = 0;
  for (const { under, over, points: worth } of scoring) {
    if ((under !== undefined && total < under) || (over !== undefined && total > over)) points += worth;
  }
  return points;
}

function tableSweeps(state: GameState, bonus: TableBonus): void {
  const wild = bonus.wild ? state.wildCard : -1;
  let total = 0;
  let wilds = 0;
  for (let i = 0; i < state.tableLength; i++) {
    const code = state.table[i] as number;
    if (code === wild) wilds++;
    else total += cardValue(code);
  }
  // Each wild card counts as any value from 1 to 10; 30 is taken before 15 where both can be made.
  const makes = (sum: number): boolean => total + wilds <= sum && sum <= total + 10 * wilds;
  let sweeps = 0;
  if (makes(30) && (bonus.thirty === 'sum' || (bonus.thirty === 'two-groups' && someSubsetSums(state.table, state.tableLength, 15)))) sweeps = 2;
  else if (makes(15)) sweeps = 1;
  // The wild card counts at least 1 towards a low table.
  else if (state.tableLength > 0 && total + wilds < bonus.lowTable.under) sweeps = bonus.lowTable.sweeps;
  if (sweeps === 0) return;
  const seat = beneficiary(state);
  const cards = state.table.subarray(0, state.tableLength);
  for (const code of cards) state.addToPile(seat, code);
  state.lastCapturer = seat;
  state.emit({ type: 'table-bonus', round: state.round, seat, cards: formatCards(cards), sweeps });
  state.tableLength = 0;
  for (let i = 0; i < sweeps && state.status !== 'over'; i++) recordSweep(state, seat);
}

/**
 * Lays out one deck order (codes, top first) for the round waiting for it: opening table and hands in the
 * variant's order, a redeal if the table calls for one (the state then waits for the next deck order),
 * otherwise the table bonus, the declarations and the first turn. The caller has checked the deck with `isFullDeck`.
 */
export function layDeck(state: GameState, codes: ArrayLike<number>): void {
  resetRound(state);
  state.deckOrders++;
  state.stock.set(codes);
  state.stockPosition = 0;
  deal(state, state.seats.openingDeal);
  if (state.rules.deal.tableOrder === 'sorted') sortTable(state);
  const rule = voidingRule(state);
  if (rule !== undefined) {
    state.emit({
      type: 'redeal',
      round: state.round,
      rule,
      table: formatCards(state.table, 0, state.tableLength),
    });
    resetRound(state);
    state.status = 'awaiting-deck';
    return;
  }
  state.cardsToPlay = state.seats.deckSize - state.seats.openingTableSize;
  dealEvent(state, true);
  tableBonus(state);
  if (state.status !== 'over') declareHands(state);
}

/** DEAL-REFILL: the next deal of the round, when every hand is empty and the stock is not. */
export function dealAgain(state: GameState): void {
  deal(state, state.seats.laterDeal);
  dealEvent(state, false);
  declareHands(state);
}
