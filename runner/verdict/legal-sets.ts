/**
 * Legal decisions compared as sets (perft-style, INTERPRETING.md `expect.legal`): the order is free, a capture's
 * or a claim's cards are a set, a trail has no capture, and a decision listed twice counts once (copies of a card
 * are interchangeable, DECK-COPIES).
 * @module
 */
import { cardValue, type Decision, isClaim, parseCard } from '../../reference/index.ts';

/**
 * A decision as compared in a legal list: the card, the value a wild card plays as (null: its own, written or
 * not), and the cards it takes in sorted order (none: a trail), as JSON text, so that no two decisions share a key
 * whatever their strings hold. A claim has null for its card, which no card played (a string) has.
 */
export function decisionKey(decision: Decision): string {
  const cards = (list: unknown): string[] => (Array.isArray(list) ? list.map(String).sort() : []);
  if (isClaim(decision)) return JSON.stringify([null, ...cards(decision.claim)]);
  const card = String(decision.card);
  const named = decision.as === undefined || decision.as === cardValue(parseCard(card)) ? null : decision.as;
  return JSON.stringify([card, named, ...cards(decision.capture)]);
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

/** The verdict on one position: the same decisions, as sets. */
export function sameLegalSet(expected: readonly Decision[], actual: readonly Decision[]): boolean {
  const { missing, extra } = legalDifference(expected, actual);
  return missing.length === 0 && extra.length === 0;
}
