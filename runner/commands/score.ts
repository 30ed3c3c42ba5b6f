/**
 * `score <game-file>`: plays a game file on the reference engine and prints what a fixture would expect of it: the
 * events, each round's score sheet and the result, laid out as a fixture's `expect` block, so that an author can
 * set it beside what they worked out by hand.
 * @module
 */
import { resolveFixtureArgs } from '../cli/fixture-args.ts';
import { roundRecords, type GameEvent } from '../../reference/index.ts';
import { type Command, EXIT, type Io, NothingToWorkOnError, parseCommandArgs, reportLoadErrors, showPath, UsageError } from '../cli/command.ts';
import { userVariantsOrStop, VARIANTS_OPTION } from '../cli/variant-args.ts';
import type { Expectations, ExpectedRound } from '../fixture/fixture.ts';
import { type GameFile, loadGameFile, prepareGame, type PreparedGame, unusedInputs } from '../load/fixtures.ts';
import { eventsOf, type Playthrough, playThrough, rejectionOf } from '../fixture/playthrough.ts';
import { blockYaml } from '../fixture/yaml-layout.ts';

const OPTIONS = { json: { type: 'boolean' }, ...VARIANTS_OPTION } as const;

/** What `score` prints: the expectations the reference engine gives the game, and the refusal that stopped it. */
export interface Score {
  expect: Expectations;
  /** The input the reference engine refused, with its place in the file. */
  refused?: { round: number; play: number; code: string; message: string; at: string };
}

export const scoreCommand: Command = {
  name: 'score',
  summary: 'play a game file on the reference engine and print its events, score sheets and result',
  help: `Usage: scopa-conformance score <game-file> [--json] [--variants <dir>]

Plays a game file on the reference engine: a fixture (its expectations are ignored)
or a file with only a fixture's inputs (variant, options, players, firstDealer,
rounds). Prints what the reference engine makes of it, laid out as a fixture's
\`expect\` block: every event (match: all), the score sheet of each round that
ends (awards per category, points, totals, sweeps per side) and the result, if the
game ends. A refused input stops the game; it is printed as \`expect.reject\` and as
\`refused\`, with its code, the engine's message and its place in the file.
Inputs the game never reaches are reported on stderr as warnings.

Options:
  --json             print JSON instead of YAML
  --variants <dir>   read the variant files of <dir> too (repeatable), for a game of
                     a variant of your own

Exit status: 0 if the game was played (whether or not an input was refused), 2 if
the file is not a valid game file (YAML, schema, variant, options, setup, decks).`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS);
    const [file, ...extra] = positionals;
    if (file === undefined) throw new NothingToWorkOnError('score needs a game file');
    if (extra.length > 0) throw new UsageError(`score takes one game file, got ${positionals.length}`);
    const [path] = await resolveFixtureArgs([file], io);
    const loaded = await loadAndPrepare(path as string, values, io);
    if (loaded === undefined) return EXIT.invalid;
    const { gameFile, prepared, playthrough } = loaded;

    const events = eventsOf(playthrough);
    warnUnused(gameFile, playthrough, events, io);
    const score = scoreOf(playthrough, events, prepared, (pointer) => placeOf(gameFile, pointer, io));
    const text = values.json === true ? `${JSON.stringify(score, null, 2)}\n` : formatScoreYaml(score, showPath(gameFile.path, io));
    io.stdout.write(text);
    return EXIT.ok;
  },
};

/** Loads a game file, checks what can be checked without playing it, and plays it; undefined after reporting problems. */
export async function loadAndPrepare(
  path: string,
  values: { variants?: string[] | undefined },
  io: Io,
): Promise<{ gameFile: GameFile; prepared: PreparedGame; playthrough: Playthrough } | undefined> {
  const registry = await userVariantsOrStop(values, [], io);
  const loaded = await loadGameFile(path);
  if (!loaded.ok) {
    reportLoadErrors(loaded.errors, io);
    return undefined;
  }
  const prepared = prepareGame(loaded.value.game, path, registry);
  if (!prepared.ok) {
    reportLoadErrors(prepared.errors, io);
    return undefined;
  }
  const { request } = prepared.value;
  const { players, firstDealer } = request;
  const setup = firstDealer === undefined ? { players } : { players, firstDealer };
  const played = playThrough(request.rules, setup, request.rounds);
  // prepareGame has started this game already, so its setup is accepted.
  if (!played.ok) throw new Error(`setup refused after it was checked: ${played.error.message}`);
  return { gameFile: loaded.value, prepared: prepared.value, playthrough: played.value };
}

/** `file:line:col` of a node of the game file. */
export function placeOf(gameFile: GameFile, pointer: string, io: Io): string {
  const { line, col } = gameFile.locate(pointer);
  return `${showPath(gameFile.path, io)}:${line}:${col}`;
}

function warnUnused(gameFile: GameFile, playthrough: Playthrough, events: GameEvent[], io: Io): void {
  const rejection = playthrough.refusal === undefined ? undefined : rejectionOf(playthrough.refusal);
  for (const [pointer, message] of unusedInputs(gameFile.game.rounds, events, rejection)) {
    io.stderr.write(`${placeOf(gameFile, pointer, io)}: warning: ${message}\n`);
  }
}

/** The expectations the reference engine's play gives: the events, each ended round's sheet, the result. */
export function scoreOf(
  playthrough: Playthrough,
  events: GameEvent[],
  prepared: PreparedGame,
  placeAt: (pointer: string) => string,
): Score {
  const { final, refusal } = playthrough;
  const sweeps = sweepsPerRound(events, prepared);
  const rounds: ExpectedRound[] = roundRecords(final).map((record) => {
    const awards: NonNullable<ExpectedRound['awards']> = {};
    // Under counting out, the categories left unscored have no award event: nothing to expect of them.
    for (const { category, counts, points, scored } of record.awards) if (scored) awards[category] = { counts, points };
    const { round, points, totals } = record;
    return { round, awards, points, totals, sweeps: sweeps.get(round) ?? new Array<number>(prepared.sides).fill(0) };
  });
  const expect: Expectations = { events: { match: 'all', list: events }, rounds };
  if (final.result !== null) {
    const { reason, winner, ranking, totals } = final.result;
    expect.result = { reason, winner, ranking, totals };
  }
  if (refusal === undefined) return { expect };
  const { round, play, code, message = '' } = rejectionOf(refusal);
  expect.reject = { round, play, code };
  return { expect, refused: { round, play, code, message, at: placeAt(refusal.pointer) } };
}

/** Sweep events per round and side (table bonuses included), as an expected round's `sweeps`. */
function sweepsPerRound(events: GameEvent[], prepared: PreparedGame): Map<number, number[]> {
  const perRound = new Map<number, number[]>();
  let round = 0;
  for (const event of events) {
    if (event.type === 'deal' || event.type === 'redeal') round = event.round;
    if (event.type !== 'sweep') continue;
    let counts = perRound.get(round);
    if (counts === undefined) perRound.set(round, (counts = new Array<number>(prepared.sides).fill(0)));
    counts[prepared.sideOf(event.seat)]++;
  }
  return perRound;
}

/** YAML laid out as a fixture's `expect` block, under a comment that says how far the game went. */
export function formatScoreYaml(score: Score, file: string): string {
  const { expect, refused } = score;
  const rounds = expect.rounds?.length ?? 0;
  const ending =
    refused !== undefined
      ? `stopped by a refusal at round ${refused.round} play ${refused.play}`
      : expect.result !== undefined
        ? `the game ends (${expect.result.reason ?? 'over'})`
        : 'the game goes on (a partial game)';
  return blockYaml({ ...score }, [`score of ${file}: ${rounds} round${rounds === 1 ? '' : 's'} scored; ${ending}`]);
}
