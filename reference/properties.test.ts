import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CARDS_PER_DECK, formatCard } from './cards.ts';
import { applyDecision, GameSession, legalDecisions, startGame, supplyDeck, tableOf } from './engine.ts';
import { Rng } from './rng.ts';
import { playRandomGames, shuffledDeck } from './selfplay.ts';
import type { GameState } from './state.ts';
import { VARIANT_IDS, variantRules } from './test-helpers.ts';
import { type Decision, type GameEvent, type GameSetup, isClaim, type OptionValue, type Rules } from './types.ts';

const setupFor = (rules: Rules, players = 2): GameSetup =>
  rules.deal.firstDealer === 'setup' ? { players, firstDealer: 0 } : { players };

/** Every card of the deck is in exactly one place: a hand, the table, the stock or a pile (DECK-COPIES). */
function assertCardsAccountedFor(state: GameState): void {
  const seen = new Int32Array(CARDS_PER_DECK);
  for (let seat = 0; seat < state.seats.players; seat++) for (const code of state.hand(seat)) seen[code]++;
  for (let i = 0; i < state.tableLength; i++) seen[state.table[i]]++;
  for (let i = state.stockPosition; i < state.seats.deckSize; i++) seen[state.stock[i]]++;
  for (let i = 0; i < state.piles.length; i++) seen[i % CARDS_PER_DECK] += state.piles[i];
  const copies = state.rules.deck.copies;
  const wrong = [...seen.keys()].filter((code) => seen[code] !== copies).map((code) => `${formatCard(code)} x${seen[code]}`);
  // expect() only where it fails, here and at each decision: it costs microseconds a call, at every step of every game.
  if (wrong.length > 0) expect(wrong, `round ${state.round}`).toEqual([]);
}

interface Transcript {
  events: GameEvent[];
  decks: string[][];
  decisions: Decision[];
  state: GameState;
}

/**
 * A random game through the public API, checking card conservation after every step. It stops after
 * `maxRounds` rounds: some PlayPalace settings (only sweeps score, tables too big to sweep) never end.
 */
function randomGame(rules: Rules, setup: GameSetup, seed: number, maxRounds = Infinity): Transcript {
  const rng = new Rng(seed);
  const started = startGame(rules, setup);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value;
  const transcript: Transcript = { events: [], decks: [], decisions: [], state };
  while (state.status !== 'over') {
    if (state.status === 'awaiting-deck') {
      if (state.round > maxRounds) break;
      const deck = Array.from(shuffledDeck(state, rng), formatCard);
      transcript.decks.push(deck);
      const step = supplyDeck(state, deck);
      if (!step.ok) throw new Error(step.error.message);
      ({ state } = step.value);
      transcript.events.push(...step.value.events);
    } else {
      const choices = legalDecisions(state);
      if (choices.length === 0) expect(choices.length, `round ${state.round}: no legal decision`).toBeGreaterThan(0);
      const decision = choices[rng.below(choices.length)];
      transcript.decisions.push(decision);
      const step = applyDecision(state, decision);
      if (!step.ok) throw new Error(`${step.error.code}: ${step.error.message}`);
      ({ state } = step.value);
      transcript.events.push(...step.value.events);
    }
    if (state.status === 'playing') assertCardsAccountedFor(state);
  }
  transcript.state = state;
  return transcript;
}

/** Totals are the sum of the points the events announce: awards, and sweeps where they score at once. */
function assertScoresAddUp(rules: Rules, { events, state }: Transcript): void {
  const sum = new Array<number>(state.seats.sides).fill(0);
  for (const event of events) {
    if (event.type === 'award') event.points.forEach((p, side) => (sum[side] += p));
    if (event.type === 'sweep' && rules.sweep.timing === 'immediate') sum[state.seats.sideOf[event.seat]] += event.points;
  }
  expect(Array.from(state.totals)).toEqual(sum);
  const end = events.at(-1);
  expect(end?.type === 'game-end').toBe(state.status === 'over');
  if (end?.type === 'game-end') expect(end.totals).toEqual(sum);
}

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

describe.each(VARIANT_IDS)('%s, random legal play', (id) => {
  const rules = variantRules(id);
  const players = rules.players.seatings.flatMap((s) => s.players).filter((n) => startGame(rules, setupFor(rules, n)).ok);
  // The first player count the variant seats: two, except in a four-player game such as Scopone.
  const setup = setupFor(rules, players[0]);

  test('DECK-COPIES every card is accounted for at every step; SCORE-* totals equal the sum of the awards', () => {
    fc.assert(
      fc.property(seeds, fc.constantFrom(...players), (seed, count) => {
        const transcript = randomGame(rules, setupFor(rules, count), seed);
        assertScoresAddUp(rules, transcript);
      }),
      { numRuns: 25 },
    );
  });

  test('the engine is deterministic: the same decks and decisions give the same events', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const first = randomGame(rules, setup, seed);
        const started = startGame(rules, setup);
        if (!started.ok) throw new Error(started.error.message);
        let state = started.value;
        const events: GameEvent[] = [];
        let deck = 0;
        let decision = 0;
        while (state.status !== 'over') {
          const step =
            state.status === 'awaiting-deck'
              ? supplyDeck(state, first.decks[deck++])
              : applyDecision(state, first.decisions[decision++]);
          if (!step.ok) throw new Error(step.error.message);
          ({ state } = step.value);
          events.push(...step.value.events);
        }
        expect(events).toEqual(first.events);
      }),
      { numRuns: 10 },
    );
  });

  test('a session, which checks every play into one scratch move, plays as the pure functions do, refusals between plays included', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const game = randomGame(rules, setup, seed);
        const session = GameSession.start(rules, setup);
        if (!session.ok) throw new Error(session.error.message);
        const events: GameEvent[] = [];
        let deck = 0;
        for (const decision of game.decisions) {
          while (session.value.current.status === 'awaiting-deck') {
            const dealt = session.value.supplyDeck(game.decks[deck++]);
            if (!dealt.ok) throw new Error(dealt.error.message);
            events.push(...dealt.value);
          }
          // The first table card and one that is not there: the check writes a position, then refuses.
          const table = tableOf(session.value.current);
          const missing = formatCard([...Array(CARDS_PER_DECK).keys()].find((code) => !table.includes(formatCard(code))) as number);
          const named = [...table.slice(0, 1), missing];
          const refused = session.value.applyDecision(isClaim(decision) ? { claim: named } : { card: decision.card, capture: named });
          expect(refused.ok ? 'ok' : refused.error.code).toBe(isClaim(decision) ? 'CLAIM_NOT_ON_TABLE' : 'CAPTURE_NOT_ON_TABLE');
          const played = session.value.applyDecision(decision);
          if (!played.ok) throw new Error(`${played.error.code}: ${played.error.message}`);
          events.push(...played.value);
        }
        expect(events).toEqual(game.events);
      }),
      { numRuns: 10 },
    );
  });

  // 2,000 a variant: with nearly fifty variants, more made this file the slowest of the suite; fuzz and the bench play more.
  test('2,000 random games complete without error, each with a result', () => {
    let finished = 0;
    const played = playRandomGames(rules, setup, new Rng(20261122), 2_000, (state) => {
      if (state.result === null) throw new Error('a game ended without a result');
      finished++;
    });
    expect(played.ok).toBe(true);
    expect(finished).toBe(2_000);
  });
});

/** PlayPalace host options in every combination the game accepts. */
const playpalaceOptions = fc
  .record({
    players: fc.integer({ min: 2, max: 16 }),
    target: fc.integer({ min: 1, max: 121 }),
    escoba: fc.boolean(),
    scopaMechanic: fc.constantFrom('normal', 'no-scopas', 'only-scopas'),
    instantWin: fc.boolean(),
    inverse: fc.boolean(),
    cardsPerDeal: fc.integer({ min: 1, max: 10 }),
    decks: fc.integer({ min: 1, max: 6 }),
    teamCardScoring: fc.boolean(),
    team: fc.nat(),
  })
  .filter(({ players, cardsPerDeal, decks }) => players * cardsPerDeal <= 40 * decks)
  .map(({ players, team, ...options }) => {
    const modes = players === 4 ? ['individual', '2v2'] : players === 6 ? ['individual', '2v2v2', '3v3'] : ['individual'];
    return { players, options: { ...options, teamMode: modes[team % modes.length] } as Record<string, OptionValue> };
  });

describe('playpalace host options', () => {
  test('every option combination plays (up to 6 rounds), cards accounted for, totals equal to the awards and sweeps', () => {
    fc.assert(
      fc.property(playpalaceOptions, seeds, ({ players, options }, seed) => {
        const rules = variantRules('playpalace', options);
        assertScoresAddUp(rules, randomGame(rules, { players }, seed, 6));
      }),
      { numRuns: 40 },
    );
  });
});
