/**
 * Generated fixtures: a seeded random game on the reference engine (shuffled decks, a uniformly chosen legal
 * decision each turn), written down with the reference engine's events as expectations.
 * @module
 */
import { GameSession, legalDecisions, Rng, type GameEvent, type OptionValue, type Rules } from '../reference/index.ts';
import { expectationsOfSeats } from './expectations.ts';
import { illegalDecision, type IllegalShape } from './fuzz/illegal.ts';
import type { ExpectedLegal, Fixture, FixtureRound, ReplayReply } from './fixture.ts';

export interface GameSpec {
  variant: string;
  options: Record<string, OptionValue>;
  rules: Rules;
  players: number;
  seed: number;
  /** Keep the first round only, with the legal decisions before each of its plays (`expect.legal`). */
  legal?: boolean;
  /**
   * The chance, at each decision, that the player makes an illegal one instead (fuzzing); the game ends there,
   * refused. 0 or absent: every decision is legal, and the random draws are those of a generated fixture.
   */
  illegalRate?: number;
  /**
   * The chance that the game's first round is dealt deck orders whose opening table calls for a redeal, for as
   * many as `VOIDING_DECKS` deck orders (fuzzing the redeal rules and their limits). 0 or absent: none.
   */
  voidingRate?: number;
}

/** How many deck orders in a row a voiding game's first round is dealt that call for a redeal. */
export const VOIDING_DECKS = 12;

const drawn = (rng: Rng, rate: number | undefined): boolean => rate !== undefined && rate > 0 && rng.below(1_000_000) < Math.round(rate * 1_000_000);

/** One random game: its inputs, what the reference engine answered, and the legal decisions where asked. */
export interface RandomGame {
  rounds: FixtureRound[];
  firstDealer?: number;
  /** The shape of the illegal decision the game ends with, if it does. */
  illegal?: IllegalShape;
  reply: ReplayReply;
  seats: GameSession['current']['seats'];
  legal?: ExpectedLegal[];
}

/**
 * A random game played once, in place, on the reference engine: each round's deck order and decisions, with the
 * events they caused. With `illegalRate`, the game may end at an illegal decision, refused; with `legal`, it
 * stops after round 1, with the legal decisions before each of its plays.
 */
export function playRandomly(spec: GameSpec): RandomGame {
  const rng = new Rng(spec.seed);
  const firstDealer = spec.rules.deal.firstDealer === 'setup' ? rng.below(spec.players) : undefined;
  const started = GameSession.start(spec.rules, { players: spec.players, firstDealer });
  if (!started.ok) throw new Error(started.error.message);
  const game = started.value;
  const state = game.current;
  const rounds: FixtureRound[] = [];
  const events: GameEvent[] = [];
  const legal: ExpectedLegal[] | undefined = spec.legal === true ? [] : undefined;
  const voiding = drawn(rng, spec.voidingRate);
  const played = (reply: ReplayReply, illegal?: IllegalShape): RandomGame => ({
    rounds,
    ...(firstDealer === undefined ? {} : { firstDealer }),
    ...(illegal === undefined ? {} : { illegal }),
    reply,
    seats: state.seats,
    ...(legal === undefined ? {} : { legal }),
  });
  while (state.status !== 'over' && (legal === undefined || state.round === 1)) {
    const round = (rounds[state.round - 1] ??= { decks: [], plays: [] });
    const step = state.status === 'awaiting-deck' ? game.supplyShuffledDeck(rng, voiding && state.round === 1 && state.deckOrders < VOIDING_DECKS) : undefined;
    if (step !== undefined) {
      round.decks.push(step.deck);
      for (const event of step.events) events.push(event);
      continue;
    }
    if (drawn(rng, spec.illegalRate)) {
      const illegal = illegalDecision(state, rng);
      if (illegal !== undefined) {
        round.plays.push(illegal.decision);
        const rejection = { round: state.round, play: round.plays.length, code: illegal.code, message: illegal.message };
        return played({ events, rejection }, illegal.shape);
      }
    }
    legal?.push({ round: 1, play: round.plays.length + 1, decisions: legalDecisions(state) });
    const move = game.playRandomDecision(rng);
    round.plays.push(move.decision);
    for (const event of move.events) events.push(event);
  }
  return played({ events });
}

export function generateFixture(spec: GameSpec, id: string, engineVersion: string): Fixture {
  const played = playRandomly(spec);
  const { firstDealer, rounds } = played;
  const game = `game ${spec.seed} of ${spec.variant}${Object.keys(spec.options).length > 0 ? ` (${optionLabel(spec.options)})` : ''}, ${spec.players} players`;
  const expect = expectationsOfSeats(played.reply, played.seats);
  if (played.legal !== undefined) expect.legal = played.legal;
  const fixture: Fixture = {
    id,
    title: spec.legal === true ? `The legal decisions of round 1 of random ${game}` : `Random ${game}`,
    variant: spec.variant,
    options: spec.options,
    players: spec.players,
    tags: spec.legal === true ? ['generated', 'legal'] : ['generated'],
    rules: [],
    provenance: { kind: 'generated', generator: 'scopa-conformance generate', seed: spec.seed, engineVersion },
    rounds,
    expect,
  };
  if (firstDealer !== undefined) fixture.firstDealer = firstDealer;
  return fixture;
}

/** `decks=2,escoba=true`: how options read in titles. */
export const optionLabel = (options: Record<string, OptionValue>): string =>
  Object.entries(options)
    .map(([name, value]) => `${name}=${value}`)
    .join(',');

/** A file-name-safe form of the options: `decks-2-escoba-true`. */
export const optionSlug = (options: Record<string, OptionValue>): string =>
  Object.entries(options)
    .map(([name, value]) => `${name}-${value}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-'))
    .join('-');
