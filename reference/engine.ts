/**
 * The engine's public API: pure functions over game states. Each takes a state and returns a new one with
 * the events it caused; the state passed in is never changed. Refusals are values (`Result`), never throws.
 * @module
 */
import { cardValue, formatCard, formatCards, parseCard } from './cards.ts';
import { isFullDeck, layDeck } from './deal.ts';
import { cardsAt, checkMove, emptyMove, listDecisions, type Move, playMove } from './play.ts';
import type { Rng } from './rng.ts';
import { randomMove, shuffledDeck, voidingDeck } from './selfplay.ts';
import { createGame } from './setup.ts';
import type { CategoryAward, GameState, RoundRecord } from './state.ts';
import { err, ok, type Decision, type GameEvent, type GameSetup, type Result, type Rules } from './types.ts';

/** A new state and the events that led to it. */
export interface Step {
  state: GameState;
  events: GameEvent[];
}

/** Starts a game: checks the setup against the rules; the game then waits for round 1's deck order. */
export function startGame(rules: Rules, setup: GameSetup): Result<GameState> {
  return createGame(rules, setup);
}

/**
 * A game played in place: the same rules and refusals as the pure functions, without copying the state at
 * every step. For replaying long inputs (the runner replays every fixture through one).
 */
export class GameSession {
  /** The scratch move of checked and random play, made on first use. */
  private move: Move | undefined;

  private constructor(private readonly state: GameState) {}

  static start(rules: Rules, setup: GameSetup): Result<GameSession> {
    const started = createGame(rules, setup);
    return started.ok ? ok(new GameSession(started.value)) : started;
  }

  /** The current state. It belongs to the session: copy it (`clone()`) to keep it past the next step. */
  get current(): GameState {
    return this.state;
  }

  supplyDeck(deck: readonly string[]): Result<GameEvent[]> {
    const codes = deckCodes(this.state, deck);
    return codes.ok ? ok(this.collect(() => layDeck(this.state, codes.value))) : codes;
  }

  applyDecision(decision: Decision): Result<GameEvent[]> {
    const move = checkMove(this.state, decision, this.scratchMove());
    if (!move.ok) return move;
    return ok(this.collect(() => playMove(this.state, move.value)));
  }

  private scratchMove(): Move {
    return (this.move ??= emptyMove(this.state.seats.deckSize));
  }

  /**
   * Lays a deck shuffled by `rng` (as self-play does), rearranged where asked so that its opening table calls for a
   * redeal: the deck order, top first, and what followed.
   */
  supplyShuffledDeck(rng: Rng, voiding = false): { deck: string[]; events: GameEvent[] } {
    const codes = shuffledDeck(this.state, rng);
    if (voiding) voidingDeck(this.state, rng, codes);
    return { deck: formatCards(codes), events: this.collect(() => layDeck(this.state, codes)) };
  }

  /**
   * Plays a legal decision drawn by `rng` as self-play draws them (a claim, or a card and then one of its outcomes),
   * for the seat to play: the decision as a player would send it (no capture where capture is automatic), and its
   * events.
   */
  playRandomDecision(rng: Rng): { decision: Decision; events: GameEvent[] } {
    const state = this.state;
    const move = this.scratchMove();
    randomMove(state, rng, move);
    let decision: Decision;
    if (move.claim) decision = { claim: cardsAt(state, move) };
    else {
      const code = state.hands[state.turn * state.seats.handSize + move.handIndex] as number;
      decision = { card: formatCard(code) };
      if (state.rules.capture.chooser !== 'auto' && move.count > 0) decision.capture = cardsAt(state, move);
      if (move.value !== cardValue(code)) decision.as = move.value;
    }
    return { decision, events: this.collect(() => playMove(state, move)) };
  }

  private collect(mutate: () => void): GameEvent[] {
    return observe(this.state, mutate);
  }
}

function step(state: GameState, mutate: (next: GameState) => void): Step {
  const next = state.clone();
  return { state: next, events: observe(next, () => mutate(next)) };
}

/** Runs `mutate` on the state with its events collected, and keeps the score sheet of a round that ends. */
function observe(state: GameState, mutate: () => void): GameEvent[] {
  const events: GameEvent[] = [];
  const dealer = state.dealer;
  state.events = events;
  mutate();
  state.events = null;
  recordRounds(state, dealer, events);
  return events;
}

/**
 * The score sheet of each round that ends among `events` (one step ends at most one round, dealt by `dealer`),
 * read from its award and round-end events: the categories that counting out left unscored follow the awarded
 * ones, which come in the variant's order.
 */
function recordRounds(state: GameState, dealer: number, events: readonly GameEvent[]): void {
  let awards: CategoryAward[] = [];
  for (const event of events) {
    if (event.type === 'award') {
      awards.push({ category: event.category, counts: event.counts, points: event.points, scored: true });
    } else if (event.type === 'round-end') {
      for (const category of state.rules.scoring.categories.slice(awards.length)) {
        awards.push({ category: category.id, counts: [], points: [], scored: false });
      }
      const { round, points, totals, eliminated = [] } = event;
      state.rounds.push({ round, dealer, awards, points, totals, eliminated });
      awards = [];
    }
  }
}

/**
 * Gives the waiting round a deck order (cards top first): the deal follows, or a redeal, after which the
 * round waits for another deck order.
 */
export function supplyDeck(state: GameState, deck: readonly string[]): Result<Step> {
  const codes = deckCodes(state, deck);
  return codes.ok ? ok(step(state, (next) => layDeck(next, codes.value))) : codes;
}

/** The deck order as card codes, if the game waits for one and it is the variant's whole deck. */
function deckCodes(state: GameState, deck: readonly string[]): Result<number[]> {
  if (state.status !== 'awaiting-deck') {
    return err('DECK_NOT_EXPECTED', state.status === 'over' ? 'the game is over' : `round ${state.round} is already dealt`);
  }
  const codes = deck.map(parseCard);
  return isFullDeck(state, codes) ? ok(codes) : err('DECK_NOT_PERMUTATION', describeDeckProblem(state, deck, codes), 'DECK-COPIES');
}

function describeDeckProblem(state: GameState, deck: readonly string[], codes: number[]): string {
  const bad = codes.indexOf(-1);
  if (bad >= 0) return `deck position ${bad + 1}: "${deck[bad]}" is not a card`;
  const copies = state.rules.deck.copies;
  const counts = new Map<number, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  const extra = [...counts].filter(([, n]) => n > copies).map(([code]) => formatCard(code));
  const missing: string[] = [];
  for (let code = 0; code < 40; code++) if ((counts.get(code) ?? 0) < copies) missing.push(formatCard(code));
  const parts = [`expected ${state.seats.deckSize} cards, got ${deck.length}`];
  if (missing.length > 0) parts.push(`missing ${missing.join(' ')}`);
  if (extra.length > 0) parts.push(`too many ${extra.join(' ')}`);
  return `not a full deck: ${parts.join('; ')}`;
}

/** Checks a decision without playing it. */
export function checkDecision(state: GameState, decision: Decision): Result<void> {
  const move = checkMove(state, decision);
  return move.ok ? ok(undefined) : move;
}

/** Plays a decision for the seat whose turn it is. */
export function applyDecision(state: GameState, decision: Decision): Result<Step> {
  const move = checkMove(state, decision);
  if (!move.ok) return move;
  return ok(step(state, (next) => playMove(next, move.value)));
}

/** The legal decisions of the seat to play (none unless the game is waiting for a decision). */
export function legalDecisions(state: GameState): Decision[] {
  return listDecisions(state);
}

/** The cards in a seat's hand. */
export function handOf(state: GameState, seat: number): string[] {
  return formatCards(state.hand(seat));
}

/** The table, in table order (oldest first). */
export function tableOf(state: GameState): string[] {
  return state.tableNames();
}

/** Cards left in the stock. */
export function stockSize(state: GameState): number {
  return state.status === 'playing' ? state.seats.deckSize - state.stockPosition : 0;
}

/** The score sheet of every completed round. */
export function roundRecords(state: GameState): readonly RoundRecord[] {
  return state.rounds;
}
