/**
 * The bench's yardstick for self-play: two-player Scopa under variants/pagat.yaml's default rules, written out
 * by hand for those rules alone, with nothing read from data. It draws from the same generator in the same
 * order as the reference's `playRandomGames`, so that it plays the very same games (its test checks this game
 * by game); the ratio of the two speeds, measured side by side, is what the data-driven engine costs.
 *
 * What it hard-codes: 40 cards (code = suit * 10 + value - 1, coins first), hands of 3 and a table of 4 dealt
 * from the seat after the dealer, a redeal while the table holds three kings, rank matches before sums
 * (CAP-RANK-PRIORITY), a card that can capture must (CAP-COMPULSION, played card), sweeps that do not count
 * on the round's last play, the remainder to the last capturer, and cards, coins, settebello and primiera
 * (complete primes first) for a point each, ties scoring nothing, to 11 with another round on a tie.
 * @module
 */
import type { Rng } from '../../reference/rng.ts';

const DECK = 40;
const HAND = 3;
const TARGET = 11;
const SETTEBELLO = 6;
const VALUE = Uint8Array.from({ length: DECK }, (_, code) => (code % 10) + 1);
const SUIT = Uint8Array.from({ length: DECK }, (_, code) => Math.floor(code / 10));
const PRIMIERA = Uint8Array.of(0, 16, 12, 13, 14, 15, 18, 21, 10, 10, 10);
/** ways[p * WIDTH + s]: how many sets of the table cards from position p on total s. */
const WIDTH = 16;

const deck = new Uint8Array(DECK);
const hands = new Uint8Array(2 * HAND);
const handLength = new Uint8Array(2);
const table = new Uint8Array(DECK);
const ways = new Float64Array((DECK + 1) * WIDTH);
const taken = new Int16Array(DECK);
const cards = new Int32Array(2);
const coins = new Int32Array(2);
const settebello = new Int32Array(2);
const bestPrime = new Int32Array(8);
const sweeps = new Int32Array(2);
const totals = new Int32Array(2);

function shuffleDeck(rng: Rng): void {
  for (let i = 0; i < DECK; i++) deck[i] = i;
  rng.shuffle(deck);
}

function take(seat: number, code: number): void {
  cards[seat]++;
  if (SUIT[code] === 0) coins[seat]++;
  if (code === SETTEBELLO) settebello[seat] = 1;
  const slot = seat * 4 + SUIT[code];
  const prime = PRIMIERA[VALUE[code]];
  if (prime > bestPrime[slot]) bestPrime[slot] = prime;
}

function deal(from: number, first: number): void {
  for (let card = 0; card < HAND; card++) {
    hands[first * HAND + card] = deck[from + card];
    hands[(1 - first) * HAND + card] = deck[from + HAND + card];
  }
  handLength[0] = HAND;
  handLength[1] = HAND;
}

/** Counts the sets of table cards that total `value`, filling `ways` for `nthSum`. */
function countSums(length: number, value: number): number {
  ways[length * WIDTH] = 1;
  for (let sum = 1; sum <= value; sum++) ways[length * WIDTH + sum] = 0;
  for (let position = length - 1; position >= 0; position--) {
    const row = position * WIDTH;
    const card = VALUE[table[position]];
    for (let sum = 0; sum <= value; sum++) ways[row + sum] = ways[row + WIDTH + sum] + (card <= sum ? ways[row + WIDTH + sum - card] : 0);
  }
  return ways[value];
}

/** Writes the positions of the `index`th set that totals `value` into `taken`; returns how many. */
function nthSum(length: number, value: number, index: number): number {
  let count = 0;
  let remaining = value;
  for (let position = 0; position < length && remaining > 0; position++) {
    const card = VALUE[table[position]];
    const including = card <= remaining ? ways[(position + 1) * WIDTH + remaining - card] : 0;
    if (index < including) {
      taken[count++] = position;
      remaining -= card;
    } else index -= including;
  }
  return count;
}

/** One round dealt by `dealer`; its points are added to `totals`. */
function playRound(rng: Rng, dealer: number): void {
  const first = 1 - dealer;
  let kings: number;
  do {
    shuffleDeck(rng);
    kings = 0;
    for (let i = 2 * HAND; i < 2 * HAND + 4; i++) if (VALUE[deck[i]] === 10) kings++;
  } while (kings >= 3);
  deal(0, first);
  for (let i = 0; i < 4; i++) table[i] = deck[2 * HAND + i];
  let tableLength = 4;
  let next = 2 * HAND + 4;
  cards.fill(0);
  coins.fill(0);
  settebello.fill(0);
  bestPrime.fill(0);
  sweeps.fill(0);
  let lastCapturer = -1;
  let seat = first;
  for (let toPlay = DECK - 4; toPlay > 0; ) {
    const base = seat * HAND;
    const length = handLength[seat];
    const index = rng.below(length);
    const played = hands[base + index];
    for (let i = base + index + 1; i < base + length; i++) hands[i - 1] = hands[i];
    handLength[seat] = length - 1;
    toPlay--;
    const value = VALUE[played];
    let matches = 0;
    for (let position = 0; position < tableLength; position++) if (VALUE[table[position]] === value) matches++;
    const count = matches > 0 ? matches : countSums(tableLength, value);
    const choice = rng.below(count === 0 ? 1 : count);
    if (count === 0) table[tableLength++] = played;
    else {
      let size = 0;
      if (matches > 0) {
        let match = choice;
        for (let position = 0; size === 0; position++) if (VALUE[table[position]] === value && match-- === 0) taken[size++] = position;
      } else size = nthSum(tableLength, value, choice);
      const sweep = size === tableLength && toPlay > 0;
      let kept = 0;
      let position = 0;
      for (let i = 0; i < size; i++) {
        while (position < taken[i]) table[kept++] = table[position++];
        take(seat, table[position++]);
      }
      while (position < tableLength) table[kept++] = table[position++];
      tableLength = kept;
      take(seat, played);
      lastCapturer = seat;
      if (sweep) sweeps[seat]++;
    }
    seat = 1 - seat;
    if (toPlay > 0 && handLength[seat] === 0) {
      deal(next, first);
      next += 2 * HAND;
    }
  }
  if (lastCapturer >= 0) for (let position = 0; position < tableLength; position++) take(lastCapturer, table[position]);
  if (cards[0] !== cards[1]) totals[cards[0] > cards[1] ? 0 : 1]++;
  if (coins[0] !== coins[1]) totals[coins[0] > coins[1] ? 0 : 1]++;
  totals[settebello[0] === 1 ? 0 : 1]++;
  const prime0 = primeRank(0);
  const prime1 = primeRank(1);
  if (prime0 !== prime1) totals[prime0 > prime1 ? 0 : 1]++;
  totals[0] += sweeps[0];
  totals[1] += sweeps[1];
}

/** A seat's primiera as compared: its sum, above every incomplete one when all four suits are there. */
function primeRank(seat: number): number {
  const slot = seat * 4;
  const sum = bestPrime[slot] + bestPrime[slot + 1] + bestPrime[slot + 2] + bestPrime[slot + 3];
  const complete = bestPrime[slot] > 0 && bestPrime[slot + 1] > 0 && bestPrime[slot + 2] > 0 && bestPrime[slot + 3] > 0;
  return complete ? sum + 1000 : sum;
}

/** Plays `games` whole games, calling `onGame` after each with its totals per seat and its number of rounds. */
export function playHardCodedPagat(rng: Rng, games: number, onGame: (totals: Int32Array, rounds: number) => void = () => {}): void {
  for (let game = 0; game < games; game++) {
    totals[0] = 0;
    totals[1] = 0;
    let rounds = 0;
    let dealer = 1;
    for (;;) {
      playRound(rng, dealer);
      rounds++;
      dealer = 1 - dealer;
      if ((totals[0] >= TARGET || totals[1] >= TARGET) && totals[0] !== totals[1]) break;
    }
    onGame(totals, rounds);
  }
}
