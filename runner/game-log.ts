/**
 * Game logs (spec/GAME-LOG.md): what another system recorded of the games it played, one JSON object per line,
 * read into games and turned into recorded fixtures. Every problem is reported at its line.
 * @module
 */
import type { Decision, GameEvent, OptionValue } from '../reference/index.ts';
import type { ExpectedRound, Fixture, FixtureRound, Provenance } from './fixture.ts';
import { readablePointer } from './load/fixtures.ts';
import { checkAgainstSchema } from './load/schemas.ts';
import type { SourcePosition } from './load/yaml-source.ts';

/** A problem in a log: its line (from 1) and what is wrong there. */
export interface LogProblem {
  line: number;
  message: string;
}

interface GameLine {
  type: 'game';
  system?: string;
  version?: string;
  recordedAt?: string;
  note?: string;
  title?: string;
  variant?: string;
  options?: Record<string, OptionValue>;
  players: number;
  firstDealer?: number;
}

interface DeckLine {
  type: 'deck';
  cards: string[];
}

interface PlayLine {
  type: 'play';
  seat: number;
  card: string;
  captured?: string[];
}

interface RoundLine {
  type: 'round';
  round: number;
  points: number[];
  totals: number[];
  sweeps?: number[];
  categories?: Record<string, number[]>;
}

interface ResultLine {
  type: 'result';
  winner: number | null;
  totals: number[];
}

type LogLine = GameLine | DeckLine | PlayLine | RoundLine | ResultLine;

/** A line's content and its line number. */
type Numbered<T> = T & { line: number };

interface LoggedRound {
  /** The round's deck orders: the first, then one per redeal. */
  decks: Numbered<DeckLine>[];
  plays: Numbered<PlayLine>[];
  /** Its `round` line, if the log ends it. */
  end?: Numbered<RoundLine>;
}

/** A game as its lines are read: its `game` line (unless that line is invalid), its rounds and its result. */
interface GameDraft {
  header?: Numbered<GameLine>;
  line: number;
  rounds: LoggedRound[];
  result?: Numbered<ResultLine>;
}

/** One game of a log, its recorder and variant settled (from its `game` line, or else the command line). */
export interface LoggedGame extends GameDraft {
  header: Numbered<GameLine>;
  system: string;
  version: string;
  variant: string;
}

/** What the command line says where a `game` line is silent: import --system, --version, --variant. */
export type LogDefaults = Partial<Pick<LoggedGame, 'system' | 'version' | 'variant'>>;

/**
 * The games of a log's text, or every problem in it: lines that are not JSON or break spec/game-log.schema.json,
 * lines out of order, a game without a deck order, and a recorder or variant given neither by the log nor by
 * `defaults` (or by both, differently). Blank lines are skipped.
 */
export function readGameLog(
  text: string,
  defaults: LogDefaults,
): { ok: true; games: LoggedGame[] } | { ok: false; problems: LogProblem[] } {
  const problems: LogProblem[] = [];
  const drafts: GameDraft[] = [];
  for (const [index, written] of text.split('\n').entries()) {
    if (written.trim() === '') continue;
    const line = index + 1;
    const value = parseJson(written, line, problems);
    if (value === undefined) continue;
    const entry = checkLine(value, line, problems);
    // An invalid `game` line still starts a game, so that the lines after it are not taken for the game before.
    if ((value as { type?: unknown } | null)?.type === 'game') {
      drafts.push({ ...(entry?.type === 'game' ? { header: entry } : {}), line, rounds: [] });
      continue;
    }
    if (entry === undefined || entry.type === 'game') continue; // (an invalid line, or for the type's sake)
    const draft = drafts.at(-1);
    const misplaced =
      draft === undefined ? `a "${entry.type}" line before any "game" line: a log starts with a "game" line` : place(draft, entry);
    if (misplaced !== undefined) problems.push({ line, message: misplaced });
  }
  const games: LoggedGame[] = [];
  for (const draft of drafts) {
    if (draft.rounds.length === 0) problems.push({ line: draft.line, message: 'this game has no "deck" line: there is nothing to replay' });
    const { header } = draft;
    const settled = header === undefined ? undefined : settle(header, defaults, problems);
    if (header !== undefined && settled !== undefined) games.push({ ...draft, header, ...settled });
  }
  return problems.length === 0 ? { ok: true, games } : { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
}

/** A line's JSON value, or undefined with the problem noted. */
function parseJson(written: string, line: number, problems: LogProblem[]): unknown {
  try {
    return JSON.parse(written) as unknown;
  } catch (error) {
    problems.push({ line, message: `not JSON: ${(error as Error).message}` });
    return undefined;
  }
}

/** A line checked against spec/game-log.schema.json, or undefined with its problems noted. */
function checkLine(value: unknown, line: number, problems: LogProblem[]): Numbered<LogLine> | undefined {
  const found = checkAgainstSchema('game-log', value);
  for (const { pointer, part, message } of found) {
    problems.push({ line, message: part === 'value' && pointer !== '' ? `${readablePointer(pointer)}: ${message}` : message });
  }
  return found.length === 0 ? { ...(value as LogLine), line } : undefined;
}

/** The system, version and variant of a game: its line's, or else the command line's; both must agree. */
function settle(header: Numbered<GameLine>, defaults: LogDefaults, problems: LogProblem[]): Required<LogDefaults> | undefined {
  const settled: LogDefaults = {};
  for (const key of ['system', 'version', 'variant'] as const) {
    const [written, given] = [header[key], defaults[key]];
    if (written !== undefined && given !== undefined && written !== given) {
      problems.push({ line: header.line, message: `the game's ${key} is "${written}", but --${key} says "${given}"` });
    } else if (written === undefined && given === undefined) {
      problems.push({ line: header.line, message: `the game names no ${key}: write "${key}" in its "game" line, or give --${key}` });
    } else settled[key] = written ?? given;
  }
  const { system, version, variant } = settled;
  return system === undefined || version === undefined || variant === undefined ? undefined : { system, version, variant };
}

/** Adds a line to its game, or says why it does not belong where it is. */
function place(game: GameDraft, entry: Numbered<Exclude<LogLine, GameLine>>): string | undefined {
  if (game.result !== undefined) {
    return `a "${entry.type}" line after the game's "result" line (line ${game.result.line}): a new game starts with a "game" line`;
  }
  const round = game.rounds.at(-1);
  const open = round?.end === undefined ? round : undefined;
  switch (entry.type) {
    case 'deck':
      if (open === undefined) game.rounds.push({ decks: [entry], plays: [] });
      else if (open.plays.length === 0) open.decks.push(entry);
      else {
        return (
          `a "deck" line after the plays of round ${game.rounds.length}: a redeal's deck order comes before the ` +
          `round's first play, and the next round's after the round's "round" line`
        );
      }
      return undefined;
    case 'play':
    case 'round':
      if (open === undefined) {
        const where =
          round?.end === undefined
            ? 'before the game\'s first "deck" line'
            : `after round ${game.rounds.length}'s "round" line (line ${round.end.line})`;
        return `a "${entry.type}" line ${where}: a round starts with a "deck" line`;
      }
      if (entry.type === 'play') open.plays.push(entry);
      else open.end = entry;
      return entry.type === 'round' && entry.round !== game.rounds.length
        ? `the "round" line says round ${entry.round}, but it ends round ${game.rounds.length}`
        : undefined;
    case 'result':
      game.result = entry;
      return undefined;
  }
}

/** A `round` line's points per category, as a score sheet's awards. */
const awardsOf = (categories: Record<string, number[]>): NonNullable<ExpectedRound['awards']> =>
  Object.fromEntries(Object.entries(categories).map(([category, points]) => [category, { points }]));

/** A recorded fixture and where each of its parts comes from in the log. */
export interface RecordedFixture {
  fixture: Fixture;
  /** The log line a node of the fixture (a JSON pointer) was made from. */
  locate(pointer: string): SourcePosition;
}

/**
 * A game as a recorded fixture. Its captures are the system's: the decisions' where the player chooses, the
 * expected `capture` events' either way; where capture is `automatic`, the decisions name the card alone. The title
 * is the `game` line's, or else `defaultTitle`.
 */
export function recordedFixture(game: LoggedGame, id: string, defaultTitle: string, automatic: boolean): RecordedFixture {
  const lines = new Map<string, number>([['', game.header.line]]);
  const rounds: FixtureRound[] = [];
  const events: GameEvent[] = [];
  const expectedRounds: ExpectedRound[] = [];
  for (const [r, round] of game.rounds.entries()) {
    round.decks.forEach((deck, d) => lines.set(`/rounds/${r}/decks/${d}`, deck.line));
    const plays = round.plays.map(({ seat, card, captured = [], line }, p): Decision => {
      lines.set(`/rounds/${r}/plays/${p}`, line).set(`/expect/events/list/${events.length}`, line);
      events.push(captured.length === 0 ? { type: 'trail', seat, card } : { type: 'capture', seat, card, captured });
      return automatic || captured.length === 0 ? { seat, card } : { seat, card, capture: captured };
    });
    rounds.push({ decks: round.decks.map((deck) => deck.cards), plays });
    if (round.end === undefined) continue;
    const { points, totals, sweeps, categories, line } = round.end;
    lines.set(`/expect/rounds/${expectedRounds.length}`, line);
    // In the order fixtures write a score sheet: round, awards, points, totals, sweeps.
    expectedRounds.push({
      round: r + 1,
      ...(categories === undefined ? {} : { awards: awardsOf(categories) }),
      points,
      totals,
      ...(sweeps === undefined ? {} : { sweeps }),
    });
  }
  const { header, result } = game;
  if (result !== undefined) lines.set('/expect/result', result.line);
  const provenance: Provenance = {
    kind: 'recorded',
    system: game.system,
    version: game.version,
    ...(header.recordedAt === undefined ? {} : { recordedAt: header.recordedAt }),
    ...(header.note === undefined ? {} : { note: header.note }),
  };
  const fixture: Fixture = {
    id,
    title: header.title ?? defaultTitle,
    variant: game.variant,
    options: header.options ?? {},
    players: header.players,
    ...(header.firstDealer === undefined ? {} : { firstDealer: header.firstDealer }),
    tags: ['recorded'],
    rules: [],
    provenance,
    rounds,
    expect: {
      events: { match: 'types', types: ['capture', 'trail'], list: events },
      ...(expectedRounds.length === 0 ? {} : { rounds: expectedRounds }),
      ...(result === undefined ? {} : { result: { winner: result.winner, totals: result.totals } }),
    },
  };
  const locate = (pointer: string): SourcePosition => {
    let at = pointer;
    while (!lines.has(at)) at = at.slice(0, at.lastIndexOf('/'));
    return { line: lines.get(at) as number, col: 1 };
  };
  return { fixture, locate };
}
