/**
 * Generated fixtures: a seeded random game on the reference engine (shuffled decks, a uniformly chosen legal
 * decision each turn), written down with the reference engine's events as expectations.
 * @module
 */
import {
  applyDecision,
  formatCard,
  legalDecisions,
  Rng,
  shuffledDeck,
  startGame,
  supplyDeck,
  type Decision,
  type OptionValue,
  type Rules,
} from '../reference/index.ts';
import { expectationsOnReference } from './expectations.ts';
import { illegalDecision, type IllegalShape } from './fuzz/illegal.ts';
import type { Fixture, FixtureRound } from './fixture.ts';

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
}

/**
 * The inputs of one random game: each round's deck orders and decisions. With `illegalRate`, the game may end
 * at an illegal decision, of the shape named.
 */
export function playRandomly(spec: GameSpec): { rounds: FixtureRound[]; firstDealer?: number; illegal?: IllegalShape } {
  const rng = new Rng(spec.seed);
  const firstDealer = spec.rules.deal.firstDealer === 'setup' ? rng.below(spec.players) : undefined;
  const started = startGame(spec.rules, { players: spec.players, firstDealer });
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value;
  const rounds: FixtureRound[] = [];
  while (state.status !== 'over') {
    const round = (rounds[state.round - 1] ??= { decks: [], plays: [] });
    if (state.status === 'awaiting-deck') {
      const deck = Array.from(shuffledDeck(state, rng), formatCard);
      round.decks.push(deck);
      const step = supplyDeck(state, deck);
      if (!step.ok) throw new Error(step.error.message);
      state = step.value.state;
    } else {
      if (spec.illegalRate !== undefined && spec.illegalRate > 0 && rng.below(1_000_000) < spec.illegalRate * 1_000_000) {
        const illegal = illegalDecision(state, rng);
        if (illegal !== undefined) {
          round.plays.push(illegal.decision);
          return { rounds, ...(firstDealer === undefined ? {} : { firstDealer }), illegal: illegal.shape };
        }
      }
      const choices = legalDecisions(state);
      const chosen = choices[rng.below(choices.length)] as Decision;
      // Where capture is automatic the fixture leaves it to the engine; the events say what was taken.
      const decision = spec.rules.capture.chooser === 'auto' ? { card: chosen.card } : chosen;
      round.plays.push(decision);
      const step = applyDecision(state, decision);
      if (!step.ok) throw new Error(step.error.message);
      state = step.value.state;
    }
  }
  return firstDealer === undefined ? { rounds } : { rounds, firstDealer };
}

export function generateFixture(spec: GameSpec, id: string, engineVersion: string): Fixture {
  const played = playRandomly(spec);
  const { firstDealer } = played;
  const rounds = spec.legal === true ? played.rounds.slice(0, 1) : played.rounds;
  const request = { variant: spec.variant, options: spec.options, rules: spec.rules, players: spec.players, firstDealer, rounds };
  const game = `game ${spec.seed} of ${spec.variant}${Object.keys(spec.options).length > 0 ? ` (${optionLabel(spec.options)})` : ''}, ${spec.players} players`;
  const legalPositions = spec.legal === true ? (rounds[0]?.plays ?? []).map((_, i) => ({ round: 1, play: i + 1 })) : undefined;
  const expect = expectationsOnReference(request, legalPositions)?.expect;
  if (expect === undefined) throw new Error(`the reference engine cannot start ${game}`);
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
