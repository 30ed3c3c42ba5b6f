/**
 * The first-divergence report: what a person reads when a fixture fails. It says which fixture, where in the
 * game (round, play, seat), what was being done (the decision, with the table and the seat's hand before it,
 * rebuilt by replaying the fixture's inputs on the reference engine), what was expected and what came, the rule
 * that decides it with its place in spec/rules.md, and the command that reruns just this fixture.
 * @module
 */
import {
  applyDecision,
  type Category,
  type Decision,
  type GameEvent,
  type GameState,
  type PlayDecision,
  handOf,
  isClaim,
  legalDecisions,
  type RuleId,
  type Rules,
  startGame,
  SUITS,
  supplyDeck,
  tableOf,
} from '../../reference/index.ts';
import type { Divergence, EventDivergence } from '../divergences/divergence.ts';
import { positionsOf } from '../verdict/positions.ts';
import { canonicalEvent, differingFields, numbers } from '../verdict/equality.ts';
import { legalDifference } from '../verdict/legal-sets.ts';
import type { ExpectedResult, Fixture, ReplayReply } from '../fixture/fixture.ts';
import { oneLine } from '../util/one-line.ts';
import type { Reporting } from '../profile/profile.ts';
import { readSpecText } from '../util/spec-text.ts';

export interface ReportContext {
  fixture: Fixture;
  /** The fixture's file, as the reader refers to it (relative to the working directory where possible). */
  file: string;
  /** The rules the fixture was replayed with. */
  rules: Rules;
  /** The engine's reply. */
  reply: ReplayReply;
  /** The command that reruns this fixture alone. */
  repro: string;
  /** The engine's own legal decisions at the divergence, where it answers `legal`. */
  engineLegal?: Decision[];
  /** Set when the expectations were derived from the engine's declared rules: those declarations, as the profile writes them. */
  derived?: string;
  /** What is compared of the engine's events, where its profile leaves something out: a field it omits never differs. */
  reporting?: Reporting;
}

// ---------------------------------------------------------------------------------------------------------------
// Rule anchors

/** The sections that govern a point no single rule decides. */
const SECTIONS = {
  events: 'spec/rules.md#15-event-vocabulary',
  errors: 'spec/rules.md#16-error-registry',
  scoring: 'spec/rules.md#12-round-scoring',
} as const;
type Section = keyof typeof SECTIONS;

/** `spec/rules.md#<anchor>` for a rule; for none, the section that governs the point (events or errors). */
export function rulePointer(rule: RuleId | undefined, fallback: Section = 'events'): string {
  // Stryker disable next-line StringLiteral: no rule has an empty id, nor this mutant's text: either key finds nothing
  const heading = readSpecText().rules.get(rule ?? '');
  return heading === undefined ? SECTIONS[fallback] : `spec/rules.md#${heading.anchor}`;
}

/** A rule id with its title from spec/rules.md: `SWEEP-LAST-PLAY (a sweep on the last play)`. */
export function ruleName(rule: RuleId): string {
  const heading = readSpecText().rules.get(rule);
  return heading === undefined ? rule : `${rule} (${heading.title})`;
}

function ruleLine(rule: RuleId | undefined, fallback: Section): string {
  if (rule === undefined) return `no single rule; see ${rulePointer(undefined, fallback)}`;
  return `${ruleName(rule)}: ${rulePointer(rule, fallback)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Formatting values

const isCardList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A value as the report shows it: card and number lists in brackets without commas, objects as `{key: value}`. */
export function formatValue(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string' || typeof item === 'number' || item === null)) {
      return `[${value.map(formatValue).join(' ')}]`;
    }
    return `[${value.map(formatValue).join(', ')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => `${formatValue(key)}: ${formatValue(item)}`)
      .join(', ')}}`;
  }
  // A word as it is; anything else (a space, a line break an engine sent) quoted as a JSON string.
  if (typeof value === 'string') return /^[\w-]+$/.test(value) ? value : JSON.stringify(value);
  return String(value);
}

/** An event as `type {field: value, ...}`, its vocabulary fields in the spec's order. */
export function formatEvent(event: GameEvent | null | undefined): string {
  if (event === null || event === undefined) return '(none)';
  const { type, ...fields } = canonicalEvent(event);
  return `${formatValue(type)} ${formatValue(fields)}`;
}

/** A decision in words. Where capture is automatic, a decision that names no capture leaves it to the engine. */
export function formatDecision(decision: Decision, rules?: Rules): string {
  if (isClaim(decision)) return `claims ${formatValue(decision.claim)} from the table`;
  const capture = decision.capture;
  const card = playedCard(decision);
  if (capture === undefined && rules?.capture.chooser === 'auto') return `plays ${card} (the capture is automatic)`;
  if (capture === undefined || capture.length === 0) return `plays ${card} and takes nothing (a trail)`;
  return `plays ${card} and takes ${formatValue(capture)}`;
}

/** The card a play plays, with the value it is named as where it is a wild card's (DEAL-WILD-CARD). */
export const playedCard = (decision: PlayDecision): string => (decision.as === undefined ? decision.card : `${decision.card} as ${formatValue(decision.as)}`);

function formatLegal(decision: Decision): string {
  if (isClaim(decision)) return `claim ${formatValue(decision.claim)}`;
  const card = playedCard(decision);
  return decision.capture === undefined || decision.capture.length === 0 ? `${card} trails` : `${card} takes ${formatValue(decision.capture)}`;
}

/** `npx scopa-conformance run <file>` with the engine's flags: what reruns one fixture. */
export function reproCommand(file: string, engineFlags: readonly string[] = []): string {
  return ['npx scopa-conformance run', shellQuote(file), ...engineFlags.map(shellQuote)].join(' ');
}

/**
 * The command that reruns one game of `run --games` (or, with `budget` --probes, one probe of `run --probes`) alone:
 * the game of its seed, picked out by its id.
 */
export function reproGameCommand(id: string, seed: number, engineFlags: readonly string[] = [], budget: '--games' | '--probes' = '--games'): string {
  return ['npx scopa-conformance run', budget, '1 --seed', String(seed), '--filter', shellQuote(id), ...engineFlags.map(shellQuote)].join(' ');
}

function shellQuote(word: string): string {
  return /^[\w./:=@%+,-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

// ---------------------------------------------------------------------------------------------------------------
// The state before a play, from the reference engine

interface Snapshot {
  state?: GameState;
  /** Why the state could not be rebuilt. */
  problem?: string;
}

/**
 * The game just before play `play` of round `round` (play 0: before the round's first deck order), rebuilt by
 * feeding the fixture's inputs to the reference engine.
 */
export function stateBefore(fixture: Fixture, rules: Rules, round: number, play: number): Snapshot {
  const started = startGame(rules, { players: fixture.players, firstDealer: fixture.firstDealer });
  if (!started.ok) return { problem: `the reference engine refuses the setup: ${started.error.code}: ${started.error.message}` };
  let state = started.value;
  let current = 1;
  let decks = 0;
  let plays = 0;
  for (;;) {
    if (state.round !== current) {
      current = state.round;
      decks = 0;
      plays = 0;
    }
    if (current === round) {
      if (play === 0 && decks === 0 && state.status === 'awaiting-deck') return { state };
      if (play > 0 && plays === play - 1 && state.status === 'playing') return { state };
    }
    if (state.status === 'over' || current > round) {
      return { problem: `on the reference engine the game ${state.status === 'over' ? 'is over' : 'has moved on'} before round ${round}, play ${play}` };
    }
    const input = fixture.rounds[current - 1];
    if (state.status === 'awaiting-deck') {
      const deck = input?.decks[decks];
      if (deck === undefined) return { problem: `the fixture gives no deck order ${decks + 1} for round ${current}` };
      const step = supplyDeck(state, deck);
      decks++;
      if (!step.ok) return { problem: `the reference engine refuses deck order ${decks} of round ${current}: ${step.error.code}: ${step.error.message}` };
      state = step.value.state;
    } else {
      const decision = input?.plays[plays];
      if (decision === undefined) return { problem: `the fixture makes no play ${plays + 1} in round ${current}` };
      const step = applyDecision(state, decision);
      plays++;
      if (!step.ok) return { problem: `the reference engine refuses round ${current}, play ${plays}: ${step.error.code}: ${step.error.message}` };
      state = step.value.state;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What each side won, from the engine's events

/** The cards each seat won in a round according to the events: captures, table bonuses, the remainder. */
function pilesOf(events: readonly GameEvent[], round: number, players: number): string[][] {
  const piles = Array.from({ length: players }, (): string[] => []);
  const positions = positionsOf(events);
  events.forEach((event, i) => {
    if (positions[i]?.round !== round) return;
    const add = (seat: number | null, cards: unknown): void => {
      if (seat === null || !Number.isInteger(seat) || !isCardList(cards)) return;
      piles[seat]?.push(...cards);
    };
    if (event.type === 'capture') add(event.seat, [event.card, ...(isCardList(event.captured) ? event.captured : [])]);
    else if (event.type === 'claim') add(event.seat, event.captured);
    else if (event.type === 'table-bonus') add(event.seat, event.cards);
    else if (event.type === 'remainder') add(event.seat, event.cards);
  });
  return piles;
}

const CARD = /^(10|[1-9])([DHSC])$/;
const valueOf = (card: string): number => Number(CARD.exec(card)?.[1] ?? 0);
const suitOf = (card: string): string => CARD.exec(card)?.[2] ?? '?';

/** What a competitor holds that a category looks at, in words. */
function holdingsFor(category: Category, cards: string[], sweeps: number, rules: Rules): string {
  const coins = cards.filter((card) => suitOf(card) === rules.deck.coinsSuit);
  const sevens = cards.filter((card) => valueOf(card) === 7);
  switch (category.kind) {
    case 'most-cards':
      return `${cards.length} cards`;
    case 'most-coins':
      return `${coins.length} coins ${formatValue(coins)}`;
    case 'most-sevens':
      return `${sevens.length} sevens ${formatValue(sevens)}`;
    case 'card': {
      const copies = cards.filter((card) => card === category.card).length;
      return copies === 0 ? `no ${category.card}` : `${copies} × ${category.card}`;
    }
    case 'all-coins':
      return `${coins.length} of ${10 * rules.deck.copies} coins`;
    case 'all-sevens':
      return `${sevens.length} of ${4 * rules.deck.copies} sevens ${formatValue(sevens)}`;
    case 'sweeps':
      return `${sweeps} sweep${sweeps === 1 ? '' : 's'}`;
    case 'primiera': {
      // Stryker disable next-line OptionalChaining: a card of a suit is in the notation, valued 1 to 10, and every deck has those ranks
      const primeOf = (card: string): number => rules.deck.ranks.find((rank) => rank.value === valueOf(card))?.primiera ?? 0;
      const best: string[] = [];
      let sum = 0;
      for (const suit of SUITS) {
        const inSuit = cards.filter((card) => suitOf(card) === suit).sort((a, b) => primeOf(b) - primeOf(a));
        const top = inSuit[0];
        if (top === undefined) best.push(`no ${suit}`);
        else {
          best.push(`${top}=${primeOf(top)}`);
          sum += primeOf(top);
        }
      }
      return `best of each suit ${best.join(' ')}, sum ${sum}`;
    }
    case 'napola': {
      let run = 0;
      while (run < 10 && coins.some((card) => valueOf(card) === run + 1)) run++;
      return `a run of ${run} from the ace, coins ${formatValue(coins)}`;
    }
    case 'grande': {
      let run = 0;
      while (run < 10 && coins.some((card) => valueOf(card) === 10 - run)) run++;
      return `a run of ${run} from the king, coins ${formatValue(coins)}`;
    }
  }
}

/**
 * One line per competitor (side, or player where cards are not pooled) with what it holds for a category,
 * from the engine's events of the round.
 */
function categoryBreakdown(category: Category, contestants: number, sides: number, context: ReportContext, round: number): string[] {
  const { fixture, reply, rules } = context;
  const players = fixture.players;
  const piles = pilesOf(reply.events, round, players);
  const sweepsBySeat = new Array<number>(players).fill(0);
  const positions = positionsOf(reply.events);
  reply.events.forEach((event, i) => {
    if (event.type === 'sweep' && positions[i]?.round === round && Number.isInteger(event.seat)) {
      sweepsBySeat[event.seat] = (sweepsBySeat[event.seat] ?? 0) + 1;
    }
  });
  // Players compete on their own only in a team game whose cards are not pooled.
  const bySeat = contestants === players && sides !== players;
  const label = bySeat ? 'seat' : 'side';
  return Array.from({ length: contestants }, (_, who) => {
    const seats = Array.from({ length: players }, (_, seat) => seat).filter((seat) => (bySeat ? seat === who : seat % contestants === who));
    const cards = seats.flatMap((seat) => piles[seat] ?? []);
    const sweeps = seats.reduce((sum, seat) => sum + (sweepsBySeat[seat] ?? 0), 0);
    return `${label} ${who}: ${holdingsFor(category, cards, sweeps, rules)}`;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The report

/** Labelled lines, labels padded to one width. */
/** A report's lines, one per row: a line break in what a row shows (an engine's words) is escaped, never a line of its own. */
class Lines {
  private readonly rows: [string, string][] = [];
  add(label: string, text: string): this {
    this.rows.push([label, oneLine(text)]);
    return this;
  }
  toString(): string {
    const width = Math.max(...this.rows.map(([label]) => label.length)) + 1;
    return this.rows.map(([label, text]) => (label === '' ? `${' '.repeat(width + 1)}${text}` : `${`${label}:`.padEnd(width)} ${text}`)).join('\n');
  }
}

function where(divergence: Divergence, context: ReportContext): string {
  const { round, play } = divergence;
  const plays = context.fixture.rounds[round - 1]?.plays.length ?? 0;
  switch (divergence.kind) {
    case 'sweeps-mismatch':
    case 'award-mismatch':
    case 'round-mismatch':
      return `round ${round}, after its last play (play ${play}): the round's scoring`;
    case 'result-mismatch':
      return `the end of the game (round ${round}, after play ${play})`;
    default:
      if (play === 0) return `round ${round}, before the first play (the deal)`;
      return `round ${round}, play ${play}${play === plays ? ' (the last play the fixture makes in this round)' : ''}`;
  }
}

/** Whether the divergence is about a decision, so that the decision, table and hand are worth showing. */
function aboutAPlay(divergence: Divergence): boolean {
  if (divergence.play === 0) return false;
  switch (divergence.kind) {
    case 'unexpected-rejection':
    case 'wrong-rejection':
    case 'not-rejected':
    case 'stopped-early':
    case 'extra-play':
    case 'legal-mismatch':
      return true;
    case 'event-mismatch':
    case 'missing-event':
    case 'extra-event':
    case 'misplaced-event': {
      const types = [divergence.expected?.type, divergence.actual?.type];
      return !types.some((type) => type === 'award' || type === 'round-end' || type === 'game-end');
    }
    default:
      return false;
  }
}

const PLAY_TYPES = new Set(['capture', 'trail', 'claim', 'sweep']);

/** Whether the reference's legal decisions help: the point is which decision is legal or what it takes. */
function showLegal(divergence: Divergence): boolean {
  switch (divergence.kind) {
    case 'unexpected-rejection':
    case 'wrong-rejection':
    case 'not-rejected':
    case 'legal-mismatch':
      return true;
    case 'event-mismatch':
    case 'missing-event':
    case 'extra-event':
    case 'misplaced-event':
      return [divergence.expected?.type, divergence.actual?.type].some((type) => type !== undefined && PLAY_TYPES.has(type));
    default:
      return false;
  }
}

/**
 * The report of a fixture's first divergence, as lines of text (no trailing newline). Everything in it comes
 * from the fixture, the engine's reply and the reference engine's replay of the fixture's inputs.
 */
export function formatDivergence(divergence: Divergence, context: ReportContext): string {
  const { fixture, file } = context;
  const lines = new Lines();
  lines.add('fixture', `${fixture.id} (${file})`);
  if (fixture.title !== '') lines.add('title', fixture.title);
  lines.add('what', `${describeWhat(divergence, context)} [${divergence.kind}]`);
  lines.add('where', where(divergence, context));

  if (aboutAPlay(divergence)) addPlay(lines, divergence, context);
  else if (divergence.play === 0 && divergence.kind !== 'result-mismatch') addDeal(lines, divergence, context);

  addExpectedActual(lines, divergence, context);
  const fallback: Section = divergence.kind.endsWith('rejection') || divergence.kind === 'not-rejected'
    ? 'errors'
    : ['sweeps-mismatch', 'award-mismatch', 'round-mismatch'].includes(divergence.kind) ? 'scoring' : 'events';
  lines.add('rule', ruleLine(divergence.rule, fallback));
  if (context.derived !== undefined) lines.add('derived', `expectations derived on the reference engine under the profile's ${context.derived}`);
  lines.add('reproduce', context.repro);
  return lines.toString();
}

const playCount = (count: number): string => `${count} play${count === 1 ? '' : 's'}`;

function describeWhat(divergence: Divergence, context: ReportContext): string {
  switch (divergence.kind) {
    case 'event-mismatch':
      return `the engine's event #${divergence.eventIndex} is not the one the fixture expects`;
    case 'missing-event':
      return `the engine reports no event where the fixture expects one (the engine reported ${context.reply.events.length})`;
    case 'extra-event':
      return `the engine's event #${divergence.eventIndex} is one the fixture does not expect there`;
    case 'misplaced-event':
      if (divergence.actual === null) return `the engine reports the fixture's event #${divergence.expectedIndex} at another place than the fixture expects it`;
      return divergence.expected === null
        ? `the engine's event #${divergence.eventIndex} is one the fixture expects at another place`
        : `the engine's event #${divergence.eventIndex} and the one the fixture expects there come in the other order`;
    case 'unexplained':
      return `the reply fails the verdict's comparison of the ${divergence.part}, and no single divergence could be placed (a gap in the diagnosis: please report it)`;
    case 'unexpected-rejection':
      return divergence.expected === null
        ? 'the engine refused an input the fixture treats as legal'
        : `the engine refused an input before the one the fixture expects it to refuse (round ${divergence.expected.round}, play ${divergence.expected.play})`;
    case 'wrong-rejection':
      return `the engine refused the decision with ${divergence.actual?.code}, not ${divergence.expected?.code}`;
    case 'not-rejected': {
      const code = divergence.expected?.code;
      if (context.reply.events[divergence.eventIndex] !== undefined) return `the engine accepted a decision it must refuse with ${code}`;
      // Its events end before that decision: the engine was never asked it.
      const where = `round ${divergence.round}, play ${divergence.play}`;
      return context.reply.events.at(-1)?.type === 'game-end'
        ? `the engine ended the game before the decision it must refuse with ${code} (${where}): it never reached it`
        : `the engine stopped before the decision it must refuse with ${code} (${where}), without refusing anything`;
    }
    case 'stopped-early': {
      const last = context.reply.events.at(-1);
      const ended = last?.type === 'game-end' ? ' (its last event ends the game)' : '';
      return `the engine stopped after play ${divergence.actual.plays} of round ${divergence.round} without refusing anything${ended}; the fixture makes ${playCount(divergence.expected.plays)} in that round`;
    }
    case 'extra-play':
      return `the engine reports ${playCount(divergence.actual.plays)} in round ${divergence.round}; the fixture makes ${divergence.expected.plays}`;
    case 'sweeps-mismatch':
      return `the sweeps made in round ${divergence.round}, per side, differ`;
    case 'award-mismatch': {
      const category = context.rules.scoring.categories.find((c) => c.id === divergence.category);
      const name = `category "${divergence.category}"${category === undefined ? '' : ` (${category.kind})`}`;
      return divergence.field === 'missing'
        ? `the engine made no award for ${name} in round ${divergence.round}`
        : `${name} was scored differently in round ${divergence.round}: its ${divergence.field} differ`;
    }
    case 'round-mismatch':
      return divergence.field === 'missing'
        ? `the engine's events have no round-end for round ${divergence.round}`
        : `round ${divergence.round}'s ${divergence.field} differ`;
    case 'result-mismatch':
      return divergence.field === 'missing'
        ? 'the engine\'s events have no game-end: for the engine the game did not end'
        : `the game's ${divergence.field} differs`;
    case 'legal-mismatch':
      return `the engine's legal decisions before play ${divergence.play} of round ${divergence.round} are not the ones the fixture expects`;
  }
}

function addPlay(lines: Lines, divergence: Divergence, context: ReportContext): void {
  const { fixture, rules } = context;
  const { round, play } = divergence;
  const decision = fixture.rounds[round - 1]?.plays[play - 1];
  const snapshot = stateBefore(fixture, rules, round, play);
  const state = snapshot.state;
  const seat = decision?.seat ?? state?.turn;
  const who = seat === undefined ? 'the seat to play' : `seat ${seat}`;
  if (decision === undefined) lines.add('decision', `none: the fixture makes no play ${play} in round ${round}`);
  else lines.add('decision', `${who} ${formatDecision(decision, rules)}`);
  if (state === undefined) {
    lines.add('state', `not shown: ${snapshot.problem ?? 'unknown'}`);
    return;
  }
  lines.add('table', `${formatValue(tableOf(state))} before the play`);
  const toPlay = seat === state.turn ? '' : ` (seat ${state.turn} is to play)`;
  lines.add('hand', `seat ${state.turn} holds ${formatValue(handOf(state, state.turn))}${toPlay}`);
  if (showLegal(divergence)) {
    const reference = legalDecisions(state);
    const shortened = (decisions: Decision[]): string[] => {
      const listed = decisions.map(formatLegal);
      return listed.length > 12 ? [...listed.slice(0, 12), `... ${listed.length - 12} more`] : listed;
    };
    const { engineLegal } = context;
    const difference = engineLegal === undefined ? undefined : legalDifference(reference, engineLegal);
    const agrees = difference !== undefined && difference.missing.length === 0 && difference.extra.length === 0;
    lines.add('legal', `${shortened(reference).join(' | ')} (reference engine${agrees ? '; the engine under test agrees' : ''})`);
    if (engineLegal !== undefined && !agrees) {
      const listed = shortened(engineLegal);
      lines.add('engine legal', `${listed.length === 0 ? 'none' : listed.join(' | ')} (engine under test)`);
    }
  }
}

function addDeal(lines: Lines, divergence: Divergence, context: ReportContext): void {
  const { fixture, rules } = context;
  const snapshot = stateBefore(fixture, rules, divergence.round, 0);
  if (snapshot.state !== undefined) lines.add('dealer', `seat ${snapshot.state.dealer}`);
  const decks = fixture.rounds[divergence.round - 1]?.decks ?? [];
  decks.forEach((deck, i) => lines.add(decks.length === 1 ? 'deck order' : `deck order ${i + 1}`, `${formatValue(deck)} (top first)`));
}

function addExpectedActual(lines: Lines, divergence: Divergence, context: ReportContext): void {
  switch (divergence.kind) {
    case 'event-mismatch':
    case 'missing-event':
    case 'extra-event':
    case 'misplaced-event':
      addEvents(lines, divergence, context);
      return;
    case 'unexpected-rejection':
    case 'wrong-rejection':
    case 'not-rejected': {
      const { expected, actual } = divergence;
      lines.add(
        'expected',
        expected === null ? 'no refusal: the fixture treats every input as legal' : `refusal of round ${expected.round}, play ${expected.play} with ${expected.code}`,
      );
      if (actual !== null) {
        const message = actual.message === undefined ? '' : `: ${JSON.stringify(actual.message)}`;
        lines.add('actual', `refusal of round ${actual.round}, play ${actual.play} with ${actual.code}${message}`);
      } else {
        const accepted = context.reply.events[divergence.eventIndex];
        lines.add('actual', accepted === undefined ? 'no refusal' : `no refusal; the engine played it: ${formatEvent(accepted)}`);
      }
      return;
    }
    case 'legal-mismatch': {
      const list = (decisions: Decision[]): string => (decisions.length === 0 ? 'none' : decisions.map(formatLegal).join(' | '));
      lines.add('expected', `${list(divergence.expected)} (the fixture)`);
      lines.add('missing', list(divergence.missing));
      lines.add('extra', list(divergence.extra));
      return;
    }
    case 'stopped-early':
    case 'extra-play': {
      const next = context.reply.events[divergence.eventIndex];
      lines.add('expected', `${playCount(divergence.expected.plays)} in round ${divergence.round}`);
      lines.add('actual', `${playCount(divergence.actual.plays)} in round ${divergence.round}`);
      lines.add('then', next === undefined ? 'the engine\'s events end' : `event #${divergence.eventIndex}: ${formatEvent(next)}`);
      return;
    }
    case 'sweeps-mismatch': {
      lines.add('expected', `sweeps per side ${formatValue(divergence.expected)}`);
      lines.add('actual', `sweeps per side ${formatValue(divergence.actual)}`);
      addRoundSweeps(lines, divergence.round, context, true);
      return;
    }
    case 'award-mismatch': {
      const { expected, actual } = divergence;
      const figures = (f: { counts?: number[]; points?: number[] }): string =>
        `counts ${f.counts === undefined ? '(not checked)' : formatValue(f.counts)}, points ${f.points === undefined ? '(not checked)' : formatValue(f.points)}`;
      lines.add('expected', figures(expected));
      lines.add('actual', actual === null ? 'no award event for this category' : figures(actual));
      const category = context.rules.scoring.categories.find((c) => c.id === divergence.category);
      const contestants = numbers(actual?.counts)?.length ?? expected.counts?.length ?? 0;
      const sides = numbers(actual?.points)?.length ?? expected.points?.length ?? contestants;
      if (category !== undefined && contestants > 0) {
        const [first, ...rest] = categoryBreakdown(category, contestants, sides, context, divergence.round);
        lines.add('behind it', `${first} (from the engine's events)`);
        for (const line of rest) lines.add('', line);
      }
      return;
    }
    case 'round-mismatch': {
      lines.add('expected', `${divergence.field === 'missing' ? 'a round-end with' : divergence.field} ${formatValue(divergence.expected)}`);
      lines.add('actual', divergence.actual === null ? 'no round-end event' : `${divergence.field} ${formatValue(divergence.actual)}`);
      addRoundAwards(lines, divergence.round, context);
      addRoundSweeps(lines, divergence.round, context);
      return;
    }
    case 'result-mismatch': {
      lines.add('expected', formatResult(divergence.expected));
      lines.add('actual', divergence.actual === null ? 'no game-end event' : formatResult(divergence.actual));
      return;
    }
    case 'unexplained':
      return;
  }
}

function formatResult(result: ExpectedResult): string {
  const parts = [result.winner === null ? 'a draw' : `side ${result.winner} wins`];
  if (result.reason !== undefined) parts.push(`reason ${result.reason}`);
  if (result.totals !== undefined) parts.push(`totals ${formatValue(result.totals)}`);
  if (result.ranking !== undefined) parts.push(`ranking ${formatValue(result.ranking)}`);
  return parts.join(', ');
}

/**
 * Where the sweep at `index` came from: the table bonus or a declaration of the hand it follows (with the sweeps
 * before it), or the play it was made at.
 */
function sweepSource(events: readonly GameEvent[], index: number, play: number | undefined): string {
  let from = index - 1;
  while (from >= 0 && events[from]?.type === 'sweep') from--;
  const source = events[from]?.type;
  if (source === 'declaration') return `by a declaration (${play === 0 ? 'at the deal' : `after play ${String(play)}`})`;
  if (source === 'table-bonus') return 'at the deal (table bonus)';
  return play === 0 ? 'at the deal' : `at play ${String(play)}`;
}

/** The engine's sweeps in a round, where each was made and what it was worth. */
function addRoundSweeps(lines: Lines, round: number, context: ReportContext, always = false): void {
  const positions = positionsOf(context.reply.events);
  const made = context.reply.events.flatMap((event, i) => {
    if (event.type !== 'sweep' || positions[i]?.round !== round) return [];
    const play = positions[i]?.play;
    return [`seat ${formatValue(event.seat)} ${sweepSource(context.reply.events, i, play)} (${formatValue(event.points)} point${event.points === 1 ? '' : 's'})`];
  });
  if (made.length > 0 || always) lines.add('engine sweeps', made.length === 0 ? 'none' : made.join(', '));
}

/** The engine's awards in a round, one line each: where a round's points come from. */
function addRoundAwards(lines: Lines, round: number, context: ReportContext): void {
  const positions = positionsOf(context.reply.events);
  const awards = context.reply.events.flatMap((event, i) =>
    event.type === 'award' && positions[i]?.round === round
      ? [`${event.category}: counts ${formatValue(event.counts)}, points ${formatValue(event.points)}`]
      : [],
  );
  const [first, ...rest] = awards.length === 0 ? ['none'] : awards;
  lines.add('engine awards', first as string);
  for (const line of rest) lines.add('', line);
}

function addEvents(lines: Lines, divergence: EventDivergence, context: ReportContext): void {
  const { expected, actual } = divergence;
  const index = (i: number, label: string): string => ` (${label} #${i})`;
  lines.add('expected', `${formatEvent(expected)}${expected === null ? '' : index(divergence.expectedIndex, 'expected event')}`);
  lines.add('actual', `${formatEvent(actual)}${actual === null ? '' : index(divergence.eventIndex, 'engine event')}`);
  if (expected !== null && actual !== null && expected.type === actual.type) {
    const fields = differingFields(expected, actual, context.reporting);
    if (fields.length > 0) lines.add('differs in', fields.join(', '));
  }
  const previous = context.reply.events[divergence.eventIndex - 1];
  if (previous !== undefined) lines.add('after', `${formatEvent(previous)} (engine event #${divergence.eventIndex - 1})`);
  const award = [expected, actual].find((event) => event?.type === 'award');
  if (award?.type === 'award') {
    const category = context.rules.scoring.categories.find((c) => c.id === award.category);
    const contestants = numbers(award.counts)?.length ?? 0;
    const sides = numbers(award.points)?.length ?? contestants;
    if (category !== undefined && contestants > 0) {
      const [first, ...rest] = categoryBreakdown(category, contestants, sides, context, divergence.round);
      lines.add('behind it', `${first} (from the engine's events)`);
      for (const line of rest) lines.add('', line);
    }
  }
}
