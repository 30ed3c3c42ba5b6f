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

/** The suit index of each suit letter's character code, -1 for any other character. */
const SUIT_OF_CHAR = Int8Array.from({ length: 128 }, (_, char) => SUITS.indexOf(String.fromCharCode(char) as Suit));

const DIGIT_0 = 48;

/**
 * The code of a card written in canonical notation, or -1 if it is not one (`07D`, `11D`, `7d` and non-strings
 * included). Read from the characters, not looked up by string: every decision an engine sends is parsed.
 */
export function parseCard(text: string): number {
  if (typeof text !== 'string') return -1;
  let value: number;
  if (text.length === 2) value = text.charCodeAt(0) - DIGIT_0;
  else if (text.length === 3 && text.charCodeAt(0) === DIGIT_0 + 1 && text.charCodeAt(1) === DIGIT_0) value = 10;
  else return -1;
  const suit = SUIT_OF_CHAR[text.charCodeAt(text.length - 1)] ?? -1;
  // One character holds 1 to 9 only: ':' (a 10 by its character code) is no card.
  if (value < 1 || (value > 9 && text.length === 2) || suit < 0) return -1;
  return suit * VALUES_PER_SUIT + value - 1;
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

/**
 * DEAL-WILD-CARD under `wildInPlay: kept`: a wild card trailed as value v lies on the table as the code
 * `KEPT_WILD + v - 1`, which has that value (the game state knows which card it is). Codes 40..49.
 */
export const KEPT_WILD = CARDS_PER_DECK;

const VALUE_OF = Uint8Array.from({ length: CARDS_PER_DECK + VALUES_PER_SUIT }, (_, code) => (code % VALUES_PER_SUIT) + 1);
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
