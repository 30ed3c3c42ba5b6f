/**
 * `show <fixture>`: a fixture's game played on the reference engine and told for a person, deal by deal and play by
 * play, with the hands and the table as the engine holds them, each round's score sheet, the result, and the
 * fixture's expectations beside what the engine did.
 * @module
 */
import { resolveFixtureArgs } from '../cli/fixture-args.ts';
import { handOf, isClaim, roundRecords, tableOf, type DeclarationKind, type GameEvent, type GameState } from '../../reference/index.ts';
import { type Command, EXIT, type Io, NothingToWorkOnError, parseCommandArgs, showPath, UsageError } from '../cli/command.ts';
import { engineSpecOf } from '../engines/flags.ts';
import type { ExpectedResult, ExpectedRound, Expectations } from '../fixture/fixture.ts';
import type { GameFile, PreparedGame } from '../load/fixtures.ts';
import { type EventDifference, EventMatcher } from '../divergences/event-matcher.ts';
import type { Playthrough } from '../fixture/playthrough.ts';
import { flowYaml } from '../fixture/yaml-layout.ts';
import { loadAndPrepare, placeOf } from './score.ts';
import { VARIANTS_OPTION } from '../cli/variant-args.ts';
import { renderEngineShown, showOnEngine } from './show-engine.ts';

const OPTIONS = {
  json: { type: 'boolean' },
  engine: { type: 'string' },
  adapter: { type: 'string' },
  timeout: { type: 'string' },
  'validate-protocol': { type: 'boolean' },
  ...VARIANTS_OPTION,
} as const;

export type ShownStep =
  | { kind: 'redeal'; rule: string; table: string[]; differences?: EventDifference[] }
  | { kind: 'deal'; deal: number; hands: string[][]; table: string[]; differences?: EventDifference[] }
  | { kind: 'table-bonus'; seat: number; cards: string[]; sweeps: number; points?: number; differences?: EventDifference[] }
  | { kind: 'declaration'; seat: number; declared: DeclarationKind; cards: string[]; sweeps: number; differences?: EventDifference[] }
  | {
      kind: 'play';
      play: number;
      seat: number;
      card: string;
      /** The cards taken: absent for a trail, empty for an ace kept on an empty table (CAP-ACE-TAKES-ALL). */
      captured?: string[];
      /** The value a wild card played as (DEAL-WILD-CARD), where its player named one. */
      as?: number;
      sweep: boolean;
      /** The table after the play (before the remainder is taken). */
      table: string[];
      differences?: EventDifference[];
    }
  | {
      /** CAP-TABLE-CLAIM: table cards taken before the seat's play. */
      kind: 'claim';
      play: number;
      seat: number;
      captured: string[];
      sweep: boolean;
      /** The table after the claim. */
      table: string[];
      differences?: EventDifference[];
    }
  | {
      kind: 'refused';
      /** The refused decision's number in its round; 0 for a refused deck order. */
      play: number;
      seat?: number;
      card?: string;
      /** The cards of a refused claim. */
      claim?: string[];
      code: string;
      message: string;
      /** `file:line:col` of the refused input. */
      at: string;
      /** The refusal the fixture expects, in words. */
      expected?: string;
    };

export interface ShownSheet {
  awards: { category: string; counts: number[]; points: number[]; scored: boolean }[];
  points: number[];
  totals: number[];
  sweeps: number[];
  eliminated: number[];
}

export interface ShownRound {
  round: number;
  dealer: number;
  steps: ShownStep[];
  remainder?: { seat: number | null; cards: string[]; differences?: EventDifference[] };
  sheet?: ShownSheet;
  expected?: ExpectedRound;
  /** Expected `award` and `round-end` events that differ from the engine's. */
  differences?: EventDifference[];
}

/** Which game is shown. */
export interface ShownHeader {
  file: string;
  id?: string;
  title?: string;
  variant: string;
  options: Record<string, unknown>;
  players: number;
  sides: number;
}

/** What `show --json` prints; the text form renders the same. */
export interface Shown extends ShownHeader {
  rounds: ShownRound[];
  /** How the play-through ended: the game's end, a refusal, or the end of the inputs (a partial game). */
  end: 'game-over' | 'refused' | 'inputs-end';
  result?: ExpectedResult;
  expected?: Expectations;
  /** An expected `game-end` event that differs from the engine's. */
  resultDifferences?: EventDifference[];
  /** Events the fixture expects after the last one the engine produced. */
  missingEvents?: GameEvent[];
}

export const showCommand: Command = {
  name: 'show',
  summary: 'tell a fixture play by play, with its expectations beside the reference engine or yours',
  help: `Usage: scopa-conformance show <fixture|id> [--json] [--variants <dir>]
       scopa-conformance show <fixture|id> --engine <command> [--timeout <s>] [--validate-protocol] [--json]
       scopa-conformance show <fixture|id> --adapter <module> [--timeout <s>] [--json]

Plays a fixture (a file, or an id: its path under fixtures/ without .yaml) or a game
file on the reference engine and tells it for a person: for each round the dealer,
the hands and table after each deal, then every play as

  round 1 play 3  seat 0  plays 10C  takes 10S  (sweep)

(or, where the rules allow table claims, \`seat 1  claims 7D 8S\` before a play)
with the table after it, the remainder, the score sheet (counts and points per side
for each category, the round's points and totals), and the result. Where the fixture
expects something, it is shown beside what the engine did, and every expected event
that differs is named. A refused input is shown with its code, message and place.

With --engine or --adapter, the fixture is run on that engine as run runs it, and
the engine's own play is shown instead: each of its events marked = (as expected),
x (differs, the expected event under it), + (not expected) or blank (not compared),
>> at the first divergence, the refusal it gave and the one expected, then each rule
it breaks with its report (as run's report card gives it).

Options:
  --json                print the same account as JSON (with an engine: under "engine")
  --engine <command>    an external engine speaking the protocol (spec/PROTOCOL.md)
  --adapter <module>    a JavaScript or TypeScript engine, run on a worker thread
  --timeout <s>         as for run (default 10)
  --validate-protocol   check every request and answer against spec/protocol/
  --variants <dir>      read the variant files of <dir> too (repeatable), for a game of a
                        variant of your own

Exit status: 0 if the game was shown (whatever the engine did), 2 if the file is not
a valid game file (or, with an engine, not a fixture), 3 if the engine could not be
started or gave no usable reply.`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS);
    const [file, ...extra] = positionals;
    if (file === undefined) throw new NothingToWorkOnError('show needs a fixture file or id');
    if (extra.length > 0) throw new UsageError(`show takes one fixture, got ${positionals.length}`);
    const engine = engineSpecOf(values, io.cwd);
    const [path] = await resolveFixtureArgs([file], io);
    const loaded = await loadAndPrepare(path as string, values, io);
    if (loaded === undefined) return EXIT.invalid;
    if (engine.kind === 'reference') {
      const shown = showGame(loaded.gameFile, loaded.prepared, loaded.playthrough, io);
      io.stdout.write(values.json === true ? `${JSON.stringify(shown, null, 2)}\n` : renderShown(shown));
      return EXIT.ok;
    }
    const header = showHeader(loaded.gameFile, loaded.prepared, io);
    const { fixture } = loaded.gameFile;
    if (fixture === undefined) {
      io.stderr.write(`${header.file}: error: a game file has no expectations to compare an engine with: give a fixture\n`);
      return EXIT.invalid;
    }
    const played = await showOnEngine(fixture, loaded.prepared, header.file, engine, io);
    if (typeof played === 'number') return played;
    const text = values.json === true ? `${JSON.stringify({ ...header, engine: played }, null, 2)}` : [...headerLines(header), ...renderEngineShown(played)].join('\n');
    io.stdout.write(`${text}\n`);
    return played.outcome === 'errored' ? EXIT.engineError : EXIT.ok;
  },
};

/** JSON equality: lists in order, maps by their keys (a key whose value is undefined is not there). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  const mapA = a as Record<string, unknown>;
  const mapB = b as Record<string, unknown>;
  const keys = Object.keys(mapA).filter((key) => mapA[key] !== undefined);
  const keysOfB = Object.keys(mapB).filter((key) => mapB[key] !== undefined);
  return keys.length === keysOfB.length && keys.every((key) => sameValue(mapA[key], mapB[key]));
}

/** The account of a played game: every step read from the engine's events and states. */
export function showGame(gameFile: GameFile, prepared: PreparedGame, playthrough: Playthrough, io: Io): Shown {
  const { fixture, game } = gameFile;
  const expected: Expectations | undefined = fixture?.expect;
  const matcher = new EventMatcher(expected);
  const rounds: ShownRound[] = [];
  const ending: { differences?: EventDifference[] } = {};
  const roundOf = (state: GameState, number: number): ShownRound => {
    let shown = rounds.find((round) => round.round === number);
    if (shown === undefined) {
      shown = { round: number, dealer: state.dealer, steps: [] };
      const written = expected?.rounds?.find((round) => round.round === number);
      if (written !== undefined) shown.expected = written;
      rounds.push(shown);
    }
    return shown;
  };

  for (const step of playthrough.steps) {
    let current = roundOf(step.state, step.round);
    // The step's round, then (after its round-end) the next one, which only starts waiting for its deck.
    let play: Extract<ShownStep, { kind: 'play' }> | undefined;
    for (const event of step.events) {
      const difference = matcher.compare(event);
      const note = (target: { differences?: EventDifference[] }): void => {
        if (difference !== undefined) (target.differences ??= []).push(difference);
      };
      switch (event.type) {
        case 'redeal': {
          const shown: ShownStep = { kind: 'redeal', rule: event.rule, table: event.table };
          note(shown);
          current.steps.push(shown);
          break;
        }
        case 'deal': {
          current = roundOf(step.state, event.round);
          current.dealer = event.dealer;
          const hands = Array.from({ length: game.players }, (_, seat) => handOf(step.state, seat));
          const table = event.table ?? tableOf(step.state);
          const shown: ShownStep = { kind: 'deal', deal: event.deal, hands, table };
          note(shown);
          current.steps.push(shown);
          break;
        }
        case 'table-bonus': {
          const shown: ShownStep = { kind: 'table-bonus', seat: event.seat, cards: event.cards, sweeps: event.sweeps };
          if (event.points !== undefined) shown.points = event.points;
          note(shown);
          current.steps.push(shown);
          break;
        }
        case 'declaration': {
          const shown: ShownStep = { kind: 'declaration', seat: event.seat, declared: event.kind, cards: event.cards, sweeps: event.sweeps };
          note(shown);
          current.steps.push(shown);
          break;
        }
        case 'capture':
        case 'trail': {
          const table = tableOf(step.state);
          play = { kind: 'play', play: step.number, seat: event.seat, card: event.card, sweep: false, table };
          if (event.type === 'capture') play.captured = event.captured;
          if (step.decision !== undefined && !isClaim(step.decision) && step.decision.as !== undefined) play.as = step.decision.as;
          note(play);
          current.steps.push(play);
          break;
        }
        case 'claim': {
          const claim: ShownStep = { kind: 'claim', play: step.number, seat: event.seat, captured: event.captured, sweep: false, table: tableOf(step.state) };
          note(claim);
          current.steps.push(claim);
          break;
        }
        case 'sweep': {
          // A sweep follows its capture or claim, or the table bonus it counts for.
          const last = current.steps.at(-1);
          if (last?.kind === 'play' || last?.kind === 'claim') last.sweep = true;
          note(last === undefined || last.kind === 'refused' ? current : last);
          break;
        }
        case 'remainder':
          current.remainder = { seat: event.seat, cards: event.cards };
          // The table after the round's last play is what the remainder takes.
          if (play !== undefined) play.table = event.cards;
          note(current.remainder);
          break;
        case 'award':
        case 'round-end':
          note(current);
          break;
        case 'game-end':
          note(ending);
          break;
      }
    }
  }

  for (const record of roundRecords(playthrough.final)) {
    const shown = rounds.find((round) => round.round === record.round);
    if (shown === undefined) continue;
    shown.sheet = {
      awards: record.awards.map(({ category, counts, points, scored }) => ({ category, counts, points, scored })),
      points: record.points,
      totals: record.totals,
      sweeps: sweepsOf(playthrough, record.round, prepared),
      eliminated: record.eliminated,
    };
  }

  const { refusal } = playthrough;
  if (refusal !== undefined) {
    const state = playthrough.final;
    const shown: ShownStep = {
      kind: 'refused',
      play: refusal.kind === 'play' ? refusal.number : 0,
      code: refusal.error.code,
      message: refusal.error.message,
      at: placeOf(gameFile, refusal.pointer, io),
      ...(refusal.kind === 'play' && state.status === 'playing' ? { seat: state.turn } : {}),
      ...(refusal.decision === undefined ? {} : isClaim(refusal.decision) ? { claim: refusal.decision.claim } : { card: refusal.decision.card }),
    };
    const reject = expected?.reject;
    if (reject !== undefined) shown.expected = `round ${reject.round} play ${reject.play} refused with ${reject.code}`;
    roundOf(state, refusal.round).steps.push(shown);
  }

  const result = playthrough.final.result;
  const missingEvents = matcher.remaining();
  return {
    ...showHeader(gameFile, prepared, io),
    rounds,
    end: refusal !== undefined ? 'refused' : result !== null ? 'game-over' : 'inputs-end',
    ...(result === null ? {} : { result: { ...result } }),
    ...(expected === undefined ? {} : { expected }),
    ...(ending.differences === undefined ? {} : { resultDifferences: ending.differences }),
    ...(missingEvents.length === 0 ? {} : { missingEvents }),
  };
}

function showHeader(gameFile: GameFile, prepared: PreparedGame, io: Io): ShownHeader {
  const { fixture, game } = gameFile;
  return {
    file: showPath(gameFile.path, io),
    ...(fixture === undefined ? {} : { id: fixture.id, title: fixture.title }),
    variant: game.variant,
    options: game.options,
    players: game.players,
    sides: prepared.sides,
  };
}

function sweepsOf(playthrough: Playthrough, round: number, prepared: PreparedGame): number[] {
  const counts = new Array<number>(prepared.sides).fill(0);
  for (const step of playthrough.steps) {
    if (step.round !== round) continue;
    for (const event of step.events) if (event.type === 'sweep') counts[prepared.sideOf(event.seat)]++;
  }
  return counts;
}

const cards = (list: readonly string[]): string => (list.length === 0 ? '(empty)' : list.join(' '));
const numbers = (list: readonly number[] | undefined): string => (list === undefined ? '' : list.join(' '));

/** The account as text: one line per deal, hand, play and score, the expectations to the right. */
export function renderShown(shown: Shown): string {
  const lines = headerLines(shown);

  for (const round of shown.rounds) {
    lines.push('', `round ${round.round}  dealer seat ${round.dealer}`);
    for (const step of round.steps) lines.push(...stepLines(round.round, step));
    if (round.remainder !== undefined) {
      const { seat, cards: left } = round.remainder;
      const taker = seat === null ? 'discarded' : `seat ${seat} takes`;
      lines.push(`  remainder  ${left.length === 0 ? 'none' : `${taker} ${left.join(' ')}`}`);
      lines.push(...differenceLines(round.remainder.differences));
    }
    if (round.sheet !== undefined) lines.push(...sheetLines(round.sheet, round.expected));
    else if (round.expected !== undefined) {
      lines.push(`  score sheet expected: ${flowYaml(round.expected)}  (the round does not end)`);
    }
    lines.push(...differenceLines(round.differences));
  }

  lines.push('');
  const expectedResult = shown.expected?.result;
  if (shown.result !== undefined) {
    const { reason, winner, ranking, totals } = shown.result;
    const outcome = winner === null ? 'a draw' : `side ${winner} wins`;
    const line = `result  ${outcome} (${reason ?? 'over'}); ranking ${numbers(ranking)}; totals ${numbers(totals)}`;
    if (expectedResult === undefined) lines.push(line);
    else {
      const differs = sameResult(shown.result, expectedResult) ? '' : '  (differs)';
      lines.push(`${line}    | expected ${flowYaml(expectedResult)}${differs}`);
    }
  } else {
    const why = shown.end === 'refused' ? 'an input was refused' : 'the inputs end (a partial game)';
    lines.push(`no result: ${why}${expectedResult === undefined ? '' : `    | expected ${flowYaml(expectedResult)}`}`);
  }
  lines.push(...differenceLines(shown.resultDifferences));
  if (shown.missingEvents !== undefined) {
    lines.push(`expected events the engine did not produce: ${shown.missingEvents.length}`);
    for (const event of shown.missingEvents) lines.push(`  ${flowYaml(event)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The game's id and title (or file), variant, players, sides, options and file. */
function headerLines(shown: ShownHeader): string[] {
  const options = Object.entries(shown.options);
  const lines = [shown.id === undefined ? shown.file : `${shown.id}: ${shown.title ?? ''}`];
  lines.push(
    `variant ${shown.variant}, ${shown.players} players, ${shown.sides} sides, options: ${
      options.length === 0 ? 'defaults' : options.map(([name, value]) => `${name}=${String(value)}`).join(', ')
    }`,
  );
  if (shown.id !== undefined) lines.push(`file ${shown.file}`);
  return lines;
}

function sameResult(actual: ExpectedResult, expected: ExpectedResult): boolean {
  const written = actual as unknown as Record<string, unknown>;
  return Object.entries(expected).every(([key, value]) => sameValue(value, written[key]));
}

function stepLines(round: number, step: ShownStep): string[] {
  switch (step.kind) {
    case 'redeal':
      return [
        `  void deal (${step.rule}): table ${cards(step.table)}; the next deck order is dealt`,
        ...differenceLines(step.differences),
      ];
    case 'deal': {
      const lines = [`  deal ${step.deal}`];
      for (const [seat, hand] of step.hands.entries()) lines.push(`    seat ${seat}  ${cards(hand)}`);
      lines.push(`    table   ${cards(step.table)}`);
      return [...lines, ...differenceLines(step.differences)];
    }
    case 'table-bonus':
      return [
        step.points === undefined
          ? `  table bonus  seat ${step.seat} takes ${cards(step.cards)}  (${step.sweeps} sweep${step.sweeps === 1 ? '' : 's'})`
          : `  table bonus  seat ${step.seat} scores ${step.points} point${step.points === 1 ? '' : 's'}, the table stays`,
        ...differenceLines(step.differences),
      ];
    case 'declaration':
      return [
        `  declaration  seat ${step.seat} shows ${cards(step.cards)}, ${step.declared}  (${step.sweeps} sweep${step.sweeps === 1 ? '' : 's'})`,
        ...differenceLines(step.differences),
      ];
    case 'play': {
      const action = step.captured === undefined ? 'trails' : step.captured.length === 0 ? 'keeps it' : `takes ${step.captured.join(' ')}`;
      return [
        `round ${round} play ${step.play}  seat ${step.seat}  plays ${step.card}${step.as === undefined ? '' : ` as ${step.as}`}  ${action}${step.sweep ? '  (sweep)' : ''}`,
        `    table   ${cards(step.table)}`,
        ...differenceLines(step.differences),
      ];
    }
    case 'claim':
      return [
        `round ${round} play ${step.play}  seat ${step.seat}  claims ${step.captured.join(' ')}${step.sweep ? '  (sweep)' : ''}`,
        `    table   ${cards(step.table)}`,
        ...differenceLines(step.differences),
      ];
    case 'refused': {
      const who = step.seat === undefined ? '' : `  seat ${step.seat}`;
      const what =
        step.claim !== undefined ? `  claims ${step.claim.join(' ')}` : step.card === undefined ? (step.play === 0 ? '  deck order' : '') : `  plays ${step.card}`;
      const lines = [
        `round ${round} play ${step.play}${who}${what}  REFUSED ${step.code}: ${step.message}`,
        `    at ${step.at}`,
      ];
      if (step.expected !== undefined) lines.push(`    expected: ${step.expected}`);
      return lines;
    }
  }
}

function differenceLines(differences: EventDifference[] | undefined): string[] {
  return (differences ?? []).map(({ actual, expected }) =>
    expected === undefined
      ? `    (differs) the fixture expects no more events; the engine: ${flowYaml(actual)}`
      : `    (differs) expected ${flowYaml(expected)}`,
  );
}

function sheetLines(sheet: ShownSheet, expected: ExpectedRound | undefined): string[] {
  const rows: string[][] = [['', 'counts', 'points', expected === undefined ? '' : 'expected']];
  const check = (actual: number[] | undefined, wanted: number[] | undefined): string =>
    wanted === undefined ? '' : `${numbers(wanted)}${sameValue(actual, wanted) ? '' : '  (differs)'}`;
  for (const award of sheet.awards) {
    const wanted = expected?.awards?.[award.category];
    const parts = [
      wanted?.counts === undefined ? '' : `counts ${check(award.counts, wanted.counts)}`,
      wanted?.points === undefined ? '' : `points ${check(award.points, wanted.points)}`,
    ];
    const expectedText = parts.filter((part) => part !== '').join('; ');
    rows.push([award.category, award.scored ? numbers(award.counts) : '(not scored)', numbers(award.points), expectedText]);
  }
  rows.push(['round points', '', numbers(sheet.points), check(sheet.points, expected?.points)]);
  rows.push(['totals', '', numbers(sheet.totals), check(sheet.totals, expected?.totals)]);
  rows.push(['sweeps made', numbers(sheet.sweeps), '', check(sheet.sweeps, expected?.sweeps)]);
  if (sheet.eliminated.length > 0) rows.push(['eliminated', numbers(sheet.eliminated), '', '']);
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => (row[column] as string).length)));
  return [
    '  score sheet',
    ...rows.map((row) =>
      `    ${row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column] as number) : cell)).join('  ')}`.trimEnd(),
    ),
  ];
}
