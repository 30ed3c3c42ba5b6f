/**
 * The game state: one mutable value with compact typed arrays. The engine's public functions never mutate
 * a state they are given (they clone it first); the in-place functions are for self-play, which owns its
 * state.
 * @module
 */
import { cardSuitIndex, cardValue, CARDS_PER_DECK, formatCard, KEPT_WILD, parseCard, VALUES_PER_SUIT } from './cards.ts';
import { SUITS, TIE_BREAK_KEYS, type GameEndReason, type GameEvent, type Packet, type Rules, type TieBreakKey } from './types.ts';

/** Zeroes the first `length` entries: a plain loop beats `fill` on the few entries the engine keeps per seat. */
export function zero(array: Uint8Array | Uint16Array | Int32Array, length = array.length): void {
  for (let i = 0; i < length; i++) array[i] = 0;
}

export type GameStatus = 'awaiting-deck' | 'playing' | 'over';

/** The outcome of one scoring category in one round. `points` and `counts` are per side. */
export interface CategoryAward {
  category: string;
  counts: number[];
  points: number[];
  /** False for the categories that counting out left unscored. */
  scored: boolean;
}

/** One round's score sheet. */
export interface RoundRecord {
  round: number;
  dealer: number;
  awards: CategoryAward[];
  /** Points scored this round per side, sweeps and table bonuses included. */
  points: number[];
  totals: number[];
  eliminated: number[];
}

export interface GameResult {
  reason: GameEndReason;
  /** The winning side, or null for a draw. */
  winner: number | null;
  ranking: number[];
  totals: number[];
}

/** Seats, sides and the fixed sizes of a game, derived once from the rules and the setup. */
export interface Table {
  players: number;
  sides: number;
  teamMode: string;
  /** Side of each seat: seat i is on side i mod sides (TEAM-PARTNERS). */
  sideOf: Uint8Array;
  deckSize: number;
  handSize: number;
  openingTableSize: number;
  /** DEAL-PROCEDURE: the opening deal, packet by packet. */
  openingDeal: readonly Packet[];
  /** DEAL-REFILL: each later deal, the opening deal's hands packets. */
  laterDeal: readonly Packet[];
  firstDealer: number;
}

export class GameState {
  status: GameStatus = 'awaiting-deck';
  round = 0;
  dealer = 0;
  /** Deals made this round (1 after the opening deal). */
  dealNumber = 0;
  /** Deck orders consumed this round (more than 1 after redeals). */
  deckOrders = 0;
  turn = 0;
  stock: Uint8Array;
  stockPosition = 0;
  hands: Uint8Array;
  handLength: Uint8Array;
  table: Uint8Array;
  tableLength = 0;
  /** Captured cards per seat, as counts per card code: piles[seat * 40 + code]. */
  piles: Uint16Array;
  /** Running tallies of each seat's pile, kept as cards arrive so that scoring need not scan the piles. */
  pileSize: Uint16Array;
  pileCoins: Uint16Array;
  pileSevens: Uint16Array;
  /** Best primiera value held in each suit: pileBestPrime[seat * 4 + suit]. */
  pileBestPrime: Uint8Array;
  lastCapturer = -1;
  /** CAP-TABLE-CLAIM: whether the seat to play has claimed this turn (one claim a turn). */
  claimed = false;
  /** CAP-TABLE-CLAIM: the card the last play trailed although it could capture, or -1 (what `after-discard` lets the next player claim). */
  renuncio = -1;
  /** Cards still to be played this round, in hands and stock. */
  cardsToPlay = 0;
  /** Seats that swept this round, in the order of their sweeps (counting out adds them in that order). */
  sweepLog: Uint8Array;
  sweepLogLength = 0;
  totals: Int32Array;
  /** END-TARGET: the target in play: `end.target`, raised after round 1 where `end.targetPlus` says so. */
  target: number;
  roundPoints: Int32Array;
  /** Whole-game counts per side for the tie-breaks, in TIE_BREAK_KEYS order: tallies[side * 5 + key]. */
  gameTallies: Int32Array;
  eliminated: Uint8Array;
  result: GameResult | null = null;
  /** The score sheet of each round played through the public API (engine.ts), from its events. */
  rounds: RoundRecord[] = [];
  /** Where events go while a function runs; null when nobody listens (self-play). */
  events: GameEvent[] | null = null;

  readonly coinsSuitIndex: number;
  /** DEAL-WILD-CARD: the code of the wild card, or -1 where there is none. */
  readonly wildCard: number;
  /** DEAL-WILD-CARD: the code of the card that plays as the value its player names, or -1 where none does. */
  readonly namedWild: number;
  /** DEAL-WILD-CARD under `wildInPlay: kept`: whether the wild card trailed keeps on the table the value it was named. */
  readonly keptWild: boolean;
  /** Primiera points by card value (index 1..10), from the deck's ranks. */
  readonly primieraOf: Uint8Array;

  constructor(
    readonly rules: Rules,
    readonly seats: Table,
  ) {
    this.coinsSuitIndex = SUITS.indexOf(rules.deck.coinsSuit);
    const { wild, wildInPlay } = rules.declarations;
    this.wildCard = wild === 'none' ? -1 : parseCard(wild);
    this.namedWild = wildInPlay === 'face' ? -1 : this.wildCard;
    this.keptWild = wildInPlay === 'kept';
    this.primieraOf = new Uint8Array(VALUES_PER_SUIT + 1);
    for (const rank of rules.deck.ranks) this.primieraOf[rank.value] = rank.primiera;
    const { players, sides, deckSize, handSize } = seats;
    this.stock = new Uint8Array(deckSize);
    this.hands = new Uint8Array(players * handSize);
    this.handLength = new Uint8Array(players);
    this.table = new Uint8Array(deckSize);
    this.piles = new Uint16Array(players * CARDS_PER_DECK);
    this.pileSize = new Uint16Array(players);
    this.pileCoins = new Uint16Array(players);
    this.pileSevens = new Uint16Array(players);
    this.pileBestPrime = new Uint8Array(players * SUITS.length);
    // A sweep a play, two for an opening table of 30, and a hand's declaration worth many at every deal.
    const declarationSweeps = Math.max(0, ...rules.declarations.hands.map((declaration) => declaration.sweeps));
    this.sweepLog = new Uint8Array(deckSize + 2 + declarationSweeps * deckSize);
    this.totals = new Int32Array(sides);
    this.target = rules.end.target;
    this.roundPoints = new Int32Array(sides);
    this.gameTallies = new Int32Array(sides * TIE_BREAK_KEYS.length);
    this.eliminated = new Uint8Array(sides);
  }

  /** A deep copy, made field by field through the constructor so that it keeps this class's fast shape. */
  clone(): GameState {
    const copy = new GameState(this.rules, this.seats);
    copy.status = this.status;
    copy.round = this.round;
    copy.dealer = this.dealer;
    copy.dealNumber = this.dealNumber;
    copy.deckOrders = this.deckOrders;
    copy.turn = this.turn;
    copy.stockPosition = this.stockPosition;
    copy.tableLength = this.tableLength;
    copy.lastCapturer = this.lastCapturer;
    copy.claimed = this.claimed;
    copy.renuncio = this.renuncio;
    copy.cardsToPlay = this.cardsToPlay;
    copy.sweepLogLength = this.sweepLogLength;
    copy.target = this.target;
    copy.result = this.result;
    copy.rounds = this.rounds.slice();
    copy.stock.set(this.stock);
    copy.hands.set(this.hands);
    copy.handLength.set(this.handLength);
    copy.table.set(this.table);
    copy.piles.set(this.piles);
    copy.pileSize.set(this.pileSize);
    copy.pileCoins.set(this.pileCoins);
    copy.pileSevens.set(this.pileSevens);
    copy.pileBestPrime.set(this.pileBestPrime);
    copy.sweepLog.set(this.sweepLog);
    copy.totals.set(this.totals);
    copy.roundPoints.set(this.roundPoints);
    copy.gameTallies.set(this.gameTallies);
    copy.eliminated.set(this.eliminated);
    return copy;
  }

  /** Whether no card of the round has been played yet. */
  isFirstPlay(): boolean {
    return this.cardsToPlay === this.seats.deckSize - this.seats.openingTableSize;
  }

  hand(seat: number): Uint8Array {
    const start = seat * this.seats.handSize;
    return this.hands.subarray(start, start + (this.handLength[seat] as number));
  }

  /** Puts a card on a seat's pile. */
  addToPile(seat: number, played: number): void {
    // A card taken from the table may be the stand-in of the wild card kept as a value.
    const code = this.cardOf(played);
    this.piles[seat * CARDS_PER_DECK + code]++;
    this.pileSize[seat]++;
    if (cardSuitIndex(code) === this.coinsSuitIndex) this.pileCoins[seat]++;
    const value = cardValue(code);
    if (value === 7) this.pileSevens[seat]++;
    const slot = seat * SUITS.length + cardSuitIndex(code);
    const prime = this.primieraOf[value];
    if (prime > this.pileBestPrime[slot]) this.pileBestPrime[slot] = prime;
  }

  /** The card a table code is: itself, or the wild card where it lies kept as a value (KEPT_WILD). */
  cardOf(code: number): number {
    return code >= KEPT_WILD ? this.wildCard : code;
  }

  /** A table card in notation: the wild card kept as a value is written as the card it is. */
  tableCardName(code: number): string {
    return formatCard(this.cardOf(code));
  }

  /** The table in notation, in table order (oldest first). */
  tableNames(): string[] {
    return Array.from(this.table.subarray(0, this.tableLength), (code) => this.tableCardName(code));
  }

  clearPiles(): void {
    zero(this.piles);
    zero(this.pileSize);
    zero(this.pileCoins);
    zero(this.pileSevens);
    zero(this.pileBestPrime);
  }

  /** Back to the state before round 1, keeping the arrays: self-play plays game after game in one state. */
  restart(): void {
    this.status = 'awaiting-deck';
    this.round = 0;
    zero(this.totals);
    this.target = this.rules.end.target;
    zero(this.gameTallies);
    zero(this.eliminated);
    this.result = null;
    this.rounds = [];
  }

  /** Adds to one of a side's whole-game tie-break counts. */
  tally(side: number, key: TieBreakKey, count: number): void {
    this.gameTallies[side * TIE_BREAK_KEYS.length + TIE_BREAK_KEYS.indexOf(key)] += count;
  }

  tallyOf(side: number, key: TieBreakKey): number {
    return this.gameTallies[side * TIE_BREAK_KEYS.length + TIE_BREAK_KEYS.indexOf(key)];
  }

  emit(event: GameEvent): void {
    this.events?.push(event);
  }
}
