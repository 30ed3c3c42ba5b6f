/**
 * Test support for the runner: fixtures built directly as `Fixture` objects, by playing seeded random legal
 * games on the reference engine and writing down what it did as the expectations. Used by the tests only;
 * fixture files are read by runner/load/fixtures.ts.
 * @module
 */
import {
  applyDecision,
  type Decision,
  fullDeck,
  type GameEvent,
  legalDecisions,
  type OptionValue,
  Rng,
  type Rules,
  startGame,
  supplyDeck,
} from '../reference/index.ts';
import { resolvedVariant, variantRules } from '../reference/test-helpers.ts';
import type { Expectations, ExpectedRound, Fixture, FixtureRound } from './fixture/fixture.ts';
import type { RunItem } from './run/replay.ts';

export { resolvedVariant, variantRules };

/**
 * A pagat deck order with dealer seat 1: seat 0 holds 10C 7C 5S, seat 1 7H 9D 6S, the table is 2D 3C 4H 1S. Seat 0's
 * 10C sweeps the four cards, seat 1 trails 7H, seat 0's 7C takes it and sweeps again, seat 1 trails 9D.
 */
export const SWEEPING_PLAYS: FixtureRound['plays'] = [{ card: '10C', capture: ['2D', '3C', '4H', '1S'] }, { card: '7H' }, { card: '7C', capture: ['7H'] }, { card: '9D' }];
/** The events of SWEEPING_PLAYS, by name, and of the remainder that follows them. */
export const SWEEPING_EVENTS = {
  sweepCapture: { type: 'capture', seat: 0, card: '10C', captured: ['2D', '3C', '4H', '1S'] },
  sweep: { type: 'sweep', seat: 0, points: 1 },
  trail: { type: 'trail', seat: 1, card: '7H' },
  capture: { type: 'capture', seat: 0, card: '7C', captured: ['7H'] },
  lastTrail: { type: 'trail', seat: 1, card: '9D' },
  remainder: { type: 'remainder', seat: 0, cards: ['9D'] },
} as const satisfies Record<string, GameEvent>;
const SWEEPING_DECK = '10C 7C 5S 7H 9D 6S 2D 3C 4H 1S 1D 3D 4D 5D 6D 7D 8D 10D 1H 2H 3H 5H 6H 8H 9H 10H 2S 3S 4S 7S 8S 9S 10S 1C 2C 4C 5C 6C 8C 9C'.split(' ');

/** A hand-made 2-player pagat fixture of these rounds and expectations, for tests. */
export const pagatFixture = (id: string, title: string, rounds: FixtureRound[], expect: Expectations = {}): Fixture => ({
  id,
  title,
  variant: 'pagat',
  options: {},
  players: 2,
  tags: [],
  rules: [],
  provenance: { kind: 'hand-verified', reasoning: 'made by hand\nfor a test' },
  rounds,
  expect,
});

/** A pagat fixture of the first `plays` plays of SWEEPING_PLAYS, with no expectations. */
export const sweepingFixture = (id: string, title: string, plays: number): Fixture =>
  pagatFixture(id, title, [{ decks: [SWEEPING_DECK], plays: SWEEPING_PLAYS.slice(0, plays) }]);

/** A fixture ready to run, with its variant's rules under its options. */
export const runItemOf = (fixture: Fixture, extra: Partial<RunItem> = {}): RunItem => ({
  fixture,
  file: `${fixture.id}.yaml`,
  variant: resolvedVariant(fixture.variant),
  rules: variantRules(fixture.variant, fixture.options),
  repro: `npx scopa-conformance run ${fixture.id}`,
  ...extra,
});

export interface GameOptions {
  id?: string;
  options?: Record<string, OptionValue>;
  players?: number;
  firstDealer?: number;
  seed?: number;
  /** Stop after this many rounds (the game may end sooner). */
  rounds?: number;
  /** In the last round played, stop after this many plays. */
  plays?: number;
}

/**
 * A seeded random game of a variant on the reference engine, as a fixture whose expectations are what the
 * reference did: every event (`all`), each round's awards, points, totals and sweeps, and the result if the
 * game ended.
 */
export function playedFixture(variant: string, game: GameOptions = {}): { fixture: Fixture; rules: Rules } {
  const rules = variantRules(variant, game.options ?? {});
  const players = game.players ?? 2;
  const rng = new Rng(game.seed ?? 1);
  const started = startGame(rules, { players, firstDealer: game.firstDealer });
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value;
  const events: GameEvent[] = [];
  const rounds: FixtureRound[] = [];
  const maxRounds = game.rounds ?? Number.POSITIVE_INFINITY;
  for (;;) {
    if (state.status === 'over') break;
    if (state.status === 'awaiting-deck') {
      if (state.round > maxRounds) break;
      const round = (rounds[state.round - 1] ??= { decks: [], plays: [] });
      const deck = fullDeck(rules.deck.copies);
      const order = rng.shuffle(deck.map((_, i) => i)).map((i) => deck[i] as string);
      round.decks.push(order);
      const step = supplyDeck(state, order);
      if (!step.ok) throw new Error(step.error.message);
      state = step.value.state;
      events.push(...step.value.events);
      continue;
    }
    const round = rounds[state.round - 1] as FixtureRound;
    if (state.round === maxRounds && game.plays !== undefined && round.plays.length >= game.plays) break;
    const options = legalDecisions(state);
    const decision = options[rng.below(options.length)] as Decision;
    round.plays.push(decision);
    const step = applyDecision(state, decision);
    if (!step.ok) throw new Error(step.error.message);
    state = step.value.state;
    events.push(...step.value.events);
  }
  const expectedRounds: ExpectedRound[] = [];
  for (const event of events) {
    if (event.type !== 'round-end') continue;
    const awards = Object.fromEntries(
      events.flatMap((award) =>
        award.type === 'award' && award.round === event.round ? [[award.category, { counts: award.counts, points: award.points }]] : [],
      ),
    );
    const sweeps = new Array<number>(event.points.length).fill(0);
    let round = 0;
    for (const sweep of events) {
      if (sweep.type === 'deal' || sweep.type === 'redeal') round = sweep.round;
      if (sweep.type === 'sweep' && round === event.round) sweeps[sweep.seat % sweeps.length]++;
    }
    expectedRounds.push({ round: event.round, awards, points: event.points, totals: event.totals, sweeps });
  }
  const end = events.find((event) => event.type === 'game-end');
  const fixture: Fixture = {
    id: game.id ?? `${variant}/played-${game.seed ?? 1}`,
    title: `A seeded random game of ${variant}`,
    variant,
    options: game.options ?? {},
    players,
    ...(game.firstDealer === undefined ? {} : { firstDealer: game.firstDealer }),
    tags: ['generated'],
    rules: [],
    provenance: { kind: 'generated', generator: 'runner/test-helpers.ts', seed: game.seed ?? 1, engineVersion: 'test' },
    rounds,
    expect: {
      events: { match: 'all', list: events },
      rounds: expectedRounds,
      ...(end?.type === 'game-end' ? { result: { reason: end.reason, winner: end.winner, ranking: end.ranking, totals: end.totals } } : {}),
    },
  };
  return { fixture, rules };
}

export { replayRequestOf as requestFor } from './fixture/fixture.ts';

/** A deep copy, to change a fixture's expectations in one test without touching another's. */
export const copyOf = <T>(value: T): T => structuredClone(value);
