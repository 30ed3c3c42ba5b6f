/**
 * Test support: rules of the real variant files, stacked decks, and a driver that plays a scripted game.
 * Used by the tests only.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { fullDeck, parseCard } from './cards.ts';
import { applyDecision, checkDecision, startGame, supplyDeck } from './engine.ts';
import { endRound } from './round-end.ts';
import type { GameState } from './state.ts';
import type { Decision, ErrorCode, GameEvent, GameSetup, OptionValue, ResolvedVariant, RuleError, Rules, VariantSource } from './types.ts';
import { applyOptions, resolveVariant } from './variant.ts';

const variantsDir = fileURLToPath(new URL('../variants/', import.meta.url));
const sources = new Map<string, VariantSource>(
  readdirSync(variantsDir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => {
      const source = parse(readFileSync(variantsDir + file, 'utf8')) as VariantSource;
      return [source.id, source];
    }),
);

export const VARIANT_IDS = [...sources.keys()].sort();

export function resolvedVariant(id: string): ResolvedVariant {
  const variant = resolveVariant(id, (name) => sources.get(name));
  if (!variant.ok) throw new Error(variant.error.message);
  return variant.value;
}

export function variantRules(id: string, options: Record<string, OptionValue> = {}): Rules {
  const rules = applyOptions(resolvedVariant(id), options);
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
}

/** A deck order that starts with `top` (top first) and goes on with every other card in a fixed order. */
export function stackedDeck(top: readonly string[], copies = 1): string[] {
  const rest = fullDeck(copies);
  for (const card of top) {
    const at = rest.indexOf(card);
    if (at < 0) throw new Error(`stackedDeck: no ${card} left`);
    rest.splice(at, 1);
  }
  return [...top, ...rest];
}

export interface Played {
  state: GameState;
  events: GameEvent[];
  /** The refusal that stopped the script, if any, and the index of the decision refused. */
  error?: RuleError;
  at?: number;
}

/**
 * Plays a script: deck orders are handed over whenever the game waits for one, decisions otherwise. Stops at
 * the first refusal, or when the script runs out.
 */
export function playScript(rules: Rules, setup: GameSetup, decks: string[][], decisions: Decision[]): Played {
  const started = startGame(rules, setup);
  if (!started.ok) return { state: undefined as unknown as GameState, events: [], error: started.error };
  let state = started.value;
  const events: GameEvent[] = [];
  let deck = 0;
  let decision = 0;
  for (;;) {
    if (state.status === 'awaiting-deck') {
      if (deck >= decks.length) return { state, events };
      const step = supplyDeck(state, decks[deck++]);
      if (!step.ok) return { state, events, error: step.error };
      state = step.value.state;
      events.push(...step.value.events);
    } else if (state.status === 'playing') {
      if (decision >= decisions.length) return { state, events };
      const step = applyDecision(state, decisions[decision]);
      if (!step.ok) return { state, events, error: step.error, at: decision };
      decision++;
      state = step.value.state;
      events.push(...step.value.events);
    } else return { state, events };
  }
}

export const eventsOf = <T extends GameEvent['type']>(events: GameEvent[], type: T): Extract<GameEvent, { type: T }>[] =>
  events.filter((event): event is Extract<GameEvent, { type: T }> => event.type === type);

/**
 * A game in the last deal of round 1 with the given hands and table, the stock empty, seat `turn` to play:
 * for testing one play in isolation. Cards not placed are taken to be in nobody's pile.
 */
export function lastDeal(rules: Rules, players: number, hands: string[][], table: string[], turn = 0): GameState {
  const started = playScript(rules, { players, firstDealer: players - 1 }, [stackedDeck([], rules.deck.copies)], []);
  const state = started.state;
  state.hands.fill(0);
  hands.forEach((hand, seat) => {
    hand.forEach((card, i) => (state.hands[seat * state.seats.handSize + i] = parseCard(card)));
    state.handLength[seat] = hand.length;
  });
  table.forEach((card, i) => (state.table[i] = parseCard(card)));
  state.tableLength = table.length;
  state.clearPiles();
  state.stockPosition = state.seats.deckSize;
  state.cardsToPlay = hands.reduce((sum, hand) => sum + hand.length, 0);
  state.turn = turn;
  state.status = 'playing';
  return state;
}

/** Whole suits and ranges in canonical notation: `suit('D')` is 1D..10D, `suit('H', 1, 6)` is 1H..6H. */
export const suit = (letter: string, from = 1, to = 10): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${from + i}${letter}`);

export interface RoundScenario {
  players: number;
  /** Captured cards per seat at the end of the round. */
  piles: string[][];
  /** Totals per side before the round. */
  totals?: number[];
  /** Seats that swept this round, in order. */
  sweeps?: number[];
  eliminated?: number[];
}

/** Ends round 1 of a game whose piles, sweeps and totals are given, and returns the events of the round's end. */
export function scoreScenario(rules: Rules, scenario: RoundScenario): { state: GameState; events: GameEvent[] } {
  const state = lastDeal(rules, scenario.players, [], []);
  scenario.piles.forEach((pile, seat) => pile.forEach((card) => state.addToPile(seat, parseCard(card))));
  (scenario.totals ?? []).forEach((total, side) => (state.totals[side] = total));
  (scenario.sweeps ?? []).forEach((seat) => (state.sweepLog[state.sweepLogLength++] = seat));
  (scenario.eliminated ?? []).forEach((side) => (state.eliminated[side] = 1));
  state.lastCapturer = 0;
  state.events = [];
  endRound(state);
  const events = state.events;
  state.events = null;
  return { state, events };
}

/** Plays a decision that must be legal, in place; returns its events. */
export function play(state: GameState, decision: Decision): GameEvent[] {
  const step = applyDecision(state, decision);
  if (!step.ok) throw new Error(`${step.error.code}: ${step.error.message}`);
  Object.assign(state, step.value.state);
  return step.value.events;
}

/** The code a decision is refused with, or 'ok'. */
export const refusal = (state: GameState, decision: Decision): ErrorCode | 'ok' => {
  const checked = checkDecision(state, decision);
  return checked.ok ? 'ok' : checked.error.code;
};
