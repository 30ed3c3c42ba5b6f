/**
 * DECK-CARDS: the canonical card notation and the compact integer codes the engine works with.
 *
 * A card is written as its capture value 1..10 followed by its suit letter (`7D`, `10S`, `1H`). Inside the
 * engine a card is the integer `suitIndex * 10 + value - 1` (0..39). Copies of a card in a several-deck game
 * share a code: they are interchangeable under every rule (DECK-COPIES).
 * @module
 */
import { SUITS, type Suit } from './types.ts';

export const CARDS_PER_DECK = 40;
export const VALUES_PER_SUIT = 10;

const NOTATION: readonly string[] = Array.from(
  { length: CARDS_PER_DECK },
  (_, code) => `${(code % VALUES_PER_SUIT) + 1}${SUITS[Math.floor(code / VALUES_PER_SUIT)]}`,
);

const CODE_OF = new Map(NOTATION.map((card, code) => [card, code]));

/** The code of a card written in canonical notation, or -1 if it is not one. */
export function parseCard(text: string): number {
  return CODE_OF.get(text) ?? -1;
}

export function formatCard(code: number): string {
  return NOTATION[code] ?? `?${code}`;
}

/** Cards `start` to `end` (exclusive) of a list of codes, in notation: a plain loop, as this runs at every deal. */
export function formatCards(codes: ArrayLike<number>, start = 0, end = codes.length): string[] {
  const cards = new Array<string>(end - start);
  for (let i = start; i < end; i++) cards[i - start] = formatCard(codes[i] as number);
  return cards;
}

const VALUE_OF = Uint8Array.from({ length: CARDS_PER_DECK }, (_, code) => (code % VALUES_PER_SUIT) + 1);
const SUIT_INDEX_OF = Uint8Array.from({ length: CARDS_PER_DECK }, (_, code) => Math.floor(code / VALUES_PER_SUIT));

export const cardValue = (code: number): number => VALUE_OF[code];
export const cardSuitIndex = (code: number): number => SUIT_INDEX_OF[code];
export const cardSuit = (code: number): Suit => SUITS[cardSuitIndex(code)] as Suit;

/** Every card of `copies` decks in a fixed order: deck by deck, suits D H S C, values 1..10. */
export function fullDeck(copies: number): string[] {
  const deck: string[] = [];
  for (let copy = 0; copy < copies; copy++) deck.push(...NOTATION);
  return deck;
}
