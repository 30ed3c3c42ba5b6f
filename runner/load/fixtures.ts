/**
 * Fixture files (and game files, a fixture's inputs alone): read, checked against spec/fixture.schema.json, then
 * checked for meaning: the id against the path, the variant, its options and the setup, each deck order, and every
 * input replayed on the reference engine (except in a recorded fixture, whose agreement with the reference is what
 * running it finds out). Each problem is reported where it is written. A fixture that fails here is broken (invalid
 * input, exit 2); it is never counted as an engine's failure.
 * @module
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import {
  applyOptions,
  formatCard,
  isClaim,
  parseCard,
  RULE_IDS,
  startGame,
  type Decision,
  type GameEvent,
  type GameSetup,
  type ResolvedVariant,
  type Rules,
} from '../../reference/index.ts';
import { replayOnReference } from '../engines/reference.ts';
import { playedCard } from '../report/divergence.ts';
import type { ExpectedRejection, Fixture, FixtureRound, Rejection, ReplayReply, ReplayRequest } from '../fixture/fixture.ts';
import { passesOnReference } from '../run/on-reference.ts';
import { type FileStamp, fileStampSync } from '../util/files.ts';
import { filesUnder } from '../util/walk.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';
import { byPosition, type LoadError, type LoadResult, type SourcePosition } from './load-result.ts';
import { checkAgainstSchema, type SchemaProblem } from './schemas.ts';
import { unknownVariantMessage } from './variants.ts';
import { type NodePart, pointerTo, readDataFile, type YamlSource } from './yaml-source.ts';

export const FIXTURE_SUFFIX = '.yaml';

/** What a game needs besides expectations: the part of a fixture that is replayed, and all a game file holds. */
export type GameInputs = Pick<Fixture, 'variant' | 'options' | 'players' | 'firstDealer' | 'rounds'>;

/** A game file as loaded: a whole fixture (its expectations are there to be ignored or shown), or inputs alone. */
export interface GameFile {
  path: string;
  game: GameInputs;
  fixture?: Fixture;
  /** Where a node of the file starts (a JSON pointer, as in `/rounds/0/plays/2`). */
  locate(pointer: string, part?: NodePart): SourcePosition;
}

/** A game whose variant, options, setup and deck orders are valid: ready to be played. */
export interface PreparedGame {
  variant: ResolvedVariant;
  rules: Rules;
  request: ReplayRequest;
  sides: number;
  /** Who competes in the round categories: the sides, or the players where team cards are not pooled. */
  contestants: number;
  sideOf: (seat: number) => number;
}

/** A fixture that passed every check, with the request that replays it. */
export interface LoadedFixture {
  path: string;
  fixture: Fixture;
  request: ReplayRequest;
}

/** The keys only a fixture (not a game file) has. */
const FIXTURE_ONLY_KEYS = ['id', 'title', 'tags', 'rules', 'provenance', 'expect'];

/** Where each loaded fixture's nodes are written, so that its later checks can point at them. */
const sources = new WeakMap<object, YamlSource>();

const failure = (errors: LoadError[]): LoadResult<never> => ({ ok: false, errors: errors.sort(byPosition) });

/** Reports problems at their place in a file; for a value that was not loaded from a file, at the file. */
class Reporter {
  readonly errors: LoadError[] = [];

  constructor(
    readonly file: string,
    private readonly yaml: YamlSource | undefined,
  ) {}

  at(pointer: string, message: string, part: NodePart = 'value'): void {
    if (this.yaml !== undefined) {
      this.errors.push({ file: this.file, ...this.yaml.locate(pointer, part), message });
    } else {
      this.errors.push({ file: this.file, line: 0, col: 0, message: `${readablePointer(pointer) || 'file'}: ${message}` });
    }
  }
}

/** `/rounds/0/plays/2` as `rounds[0].plays[2]`. */
export function readablePointer(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('')
    .replace(/^\./, '');
}

/**
 * For a game or fixture made in memory rather than read from a file (an imported game log): where its nodes are
 * written, so that `prepareGame` and `checkFixtureMeaning` report each problem at `source.locate(pointer)`.
 */
export function attachSource<T extends GameInputs>(value: T, source: YamlSource): T {
  sources.set(value, source);
  return value;
}

const placeProblems = (yaml: YamlSource, problems: SchemaProblem[]): LoadError[] =>
  problems.map((p) => ({ file: yaml.file, ...yaml.locate(p.pointer, p.part), message: p.message }));

/** One fixture file on its own: YAML and schema, with `options` and `tags` defaulted. Its meaning is not checked. */
export async function loadFixtureFile(path: string): Promise<LoadResult<Fixture>> {
  const read = await readDataFile(path);
  if (!read.ok) return read;
  const yaml = read.value;
  const problems = checkAgainstSchema('fixture', yaml.value);
  if (problems.length > 0) return failure(placeProblems(yaml, problems));
  const written = yaml.value as Fixture;
  const fixture: Fixture = { ...written, options: written.options ?? {}, tags: written.tags ?? [] };
  sources.set(fixture, yaml);
  return { ok: true, value: fixture };
}

/**
 * A game file: a fixture (checked against the whole schema), or only a fixture's inputs (variant, options,
 * players, firstDealer, rounds). A file with any key only a fixture has is read as a fixture.
 */
export async function loadGameFile(path: string): Promise<LoadResult<GameFile>> {
  const read = await readDataFile(path);
  if (!read.ok) return read;
  const yaml = read.value;
  const data = yaml.value;
  const isFixture =
    data === null || typeof data !== 'object' || FIXTURE_ONLY_KEYS.some((key) => Object.hasOwn(data, key));
  const problems = checkAgainstSchema(isFixture ? 'fixture' : 'fixture#/$defs/game', data);
  if (problems.length > 0) return failure(placeProblems(yaml, problems));
  const written = data as GameInputs & Partial<Fixture>;
  const options = written.options ?? {};
  const game: GameInputs = { ...written, options };
  sources.set(game, yaml);
  const locate = yaml.locate;
  if (!isFixture) return { ok: true, value: { path, game, locate } };
  const fixture: Fixture = { ...(written as Fixture), options, tags: written.tags ?? [] };
  sources.set(fixture, yaml);
  return { ok: true, value: { path, game, fixture, locate } };
}

/** Whether a file is to be read as a fixture: it lies under fixtures/, or its top level has `variant:` or `rounds:`. */
export function isFixturePath(path: string, text: string, fixturesDir = FIXTURES_DIR): boolean {
  if (isInside(path, fixturesDir)) return true;
  return /^(?: {0,2}"(?:variant|rounds)"|(?:variant|rounds))[ \t]*:/m.test(text);
}

function isInside(path: string, dir: string): boolean {
  const fromDir = relative(resolve(dir), resolve(path));
  return fromDir !== '' && !fromDir.startsWith('..') && !isAbsolute(fromDir);
}

/**
 * The fixture files of the given directories (every `*.yaml` below each, recursively, sorted) and files (as given),
 * without duplicates. With nothing given, the repository's fixtures/.
 */
export async function listFixtureFiles(dirOrFiles: string[] = [FIXTURES_DIR]): Promise<LoadResult<string[]>> {
  const files: string[] = [];
  const errors: LoadError[] = [];
  for (const path of dirOrFiles) {
    try {
      if (!(await stat(path)).isDirectory()) {
        files.push(path);
        continue;
      }
      files.push(...(await filesUnder(path, FIXTURE_SUFFIX)));
    } catch (error) {
      errors.push({ file: path, line: 0, col: 0, message: `cannot read: ${(error as Error).message}` });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const seen = new Set<string>();
  return { ok: true, value: files.filter((file) => !seen.has(resolve(file)) && seen.add(resolve(file))) };
}

/**
 * A folder's name as the first part of an id: lowercase letters, digits and hyphens, each run of anything else one
 * hyphen (`Fuzz.out` gives `fuzz-out`), so that fixtures written to any folder have ids `run` takes.
 */
export const idSegment = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'fixtures';

/**
 * The id a fixture file must have: its path under fixtures/ without `.yaml`; elsewhere its folder's name (as an
 * id segment) and its own.
 */
export function fixtureIdOf(file: string, fixturesDir = FIXTURES_DIR): string {
  const name = basename(file, FIXTURE_SUFFIX);
  if (isInside(file, fixturesDir)) {
    return join(relative(resolve(fixturesDir), resolve(dirname(file))), name).split(sep).join('/');
  }
  return `${idSegment(basename(dirname(resolve(file))))}/${name}`;
}

/**
 * Everything the schema cannot say about a fixture, each problem at its line: the id against the path, the rule
 * ids, the reasoning of a hand-verified fixture, the variant, option values, players and first dealer, each deck
 * order, and the replay of every input on the reference engine. A refusal there is the fixture's fault unless it is
 * the decision its `expect.reject` names; a `reject` the engine accepts is a fault too, and so is any input the game
 * never reaches (a play after the round's last, a deck order no redeal asks for, a round after the game's end).
 * Expectations are not compared with the reference's answer, the refusal's code included: that is what `run` does.
 *
 * A recorded fixture (what another system did) is not replayed: its decisions must name cards, and its expectations
 * must fit the game's sides and categories, but whether the reference engine accepts its inputs, how far they go and
 * what they score is left to `run`, which reports each disagreement as a divergence.
 */
export function checkFixtureMeaning(
  fixture: Fixture,
  file: string,
  variants: Map<string, ResolvedVariant>,
  fixturesDir = FIXTURES_DIR,
): LoadError[] {
  return examineFixture(fixture, file, variants, fixturesDir).errors.sort(byPosition);
}

/** A fixture's problems; without any, its request, and the reference engine's reply to it where it was replayed. */
function examineFixture(
  fixture: Fixture,
  file: string,
  variants: Map<string, ResolvedVariant>,
  fixturesDir: string,
): { errors: LoadError[]; request?: ReplayRequest; reply?: ReplayReply } {
  const report = new Reporter(file, sources.get(fixture));
  const id = fixtureIdOf(file, fixturesDir);
  if (fixture.id !== id) {
    const where = isInside(file, fixturesDir) ? 'its path under fixtures/' : 'its folder and file name';
    report.at('/id', `id "${fixture.id}" must be ${where} without .yaml: "${id}"`);
  }
  for (const [index, rule] of fixture.rules.entries()) {
    if (!(RULE_IDS as readonly string[]).includes(rule)) report.at(`/rules/${index}`, `unknown rule id "${rule}"`);
  }
  const { provenance } = fixture;
  if (provenance.kind === 'hand-verified' && !/\S[^\n]*\n[\s\S]*\S/.test(provenance.reasoning ?? '')) {
    report.at('/provenance', 'a hand-verified fixture needs a reasoning of at least two lines', 'key');
  }
  const prepared = prepare(fixture, report, variants);
  if (prepared === undefined) return { errors: report.errors };
  checkExpectedEvents(fixture, report);
  checkExpectedLegal(fixture, report);
  if (provenance.kind === 'recorded') {
    // Not replayed: the reference engine would refuse a decision whose cards are not cards, so they are checked here.
    for (const [round, input] of fixture.rounds.entries()) {
      for (const [play, decision] of input.plays.entries()) {
        checkDecisionCards(decision, pointerTo('rounds', round, 'plays', play), report);
      }
    }
    checkExpectedScores(fixture, prepared, undefined, report);
    return report.errors.length === 0 ? { errors: [], request: prepared.request } : { errors: report.errors };
  }
  const reply = checkReplay(fixture, prepared, report);
  return report.errors.length === 0 ? { errors: [], request: prepared.request, reply } : { errors: report.errors };
}

/**
 * A game's inputs that can be checked without playing: the variant, option values, the setup and the deck
 * orders. Gives the rules and the replay request; no problem is found by playing (see `checkFixtureMeaning`).
 */
export function prepareGame(
  game: GameInputs,
  file: string,
  variants: Map<string, ResolvedVariant>,
): LoadResult<PreparedGame> {
  const report = new Reporter(file, sources.get(game));
  const prepared = prepare(game, report, variants);
  return prepared === undefined ? failure(report.errors) : { ok: true, value: prepared };
}

function prepare(game: GameInputs, report: Reporter, variants: Map<string, ResolvedVariant>): PreparedGame | undefined {
  const variant = variants.get(game.variant);
  if (variant === undefined) {
    report.at('/variant', unknownVariantMessage(variants, game.variant));
    return undefined;
  }
  let optionsValid = true;
  for (const [name, value] of Object.entries(game.options)) {
    const applied = applyOptions(variant, { [name]: value });
    if (applied.ok || applied.error.code === 'VARIANT_INCONSISTENT') continue;
    optionsValid = false;
    const pointer = pointerTo('options', name);
    report.at(pointer, applied.error.message, applied.error.code === 'OPTION_UNKNOWN' ? 'key' : 'value');
  }
  if (!optionsValid) return undefined;
  const rules = applyOptions(variant, game.options);
  if (!rules.ok) {
    report.at('/options', `these option values together: ${rules.error.message}`, 'key');
    return undefined;
  }
  const started = startGame(rules.value, setupOf(game));
  if (!started.ok) {
    const { code, message } = started.error;
    const atDealer = code === 'SETUP_DEALER' && game.firstDealer !== undefined;
    report.at(atDealer ? '/firstDealer' : '/players', `${code}: ${message}`);
    return undefined;
  }
  let decksValid = true;
  for (const [round, input] of game.rounds.entries()) {
    for (const [index, deck] of input.decks.entries()) {
      const problem = deckProblem(deck, rules.value.deck.copies);
      if (problem === undefined) continue;
      decksValid = false;
      const place = `deck order ${index + 1} of round ${round + 1}`;
      const pointer = pointerTo('rounds', round, 'decks', index, ...(problem.at === undefined ? [] : [problem.at]));
      report.at(pointer, `${place} ${problem.message}`);
    }
  }
  if (!decksValid) return undefined;
  const { seats } = started.value;
  const pooled = rules.value.scoring.poolTeamCards || seats.sides === seats.players;
  return {
    variant,
    rules: rules.value,
    request: {
      variant: game.variant,
      options: game.options,
      rules: rules.value,
      ...setupOf(game),
      rounds: game.rounds,
    },
    sides: seats.sides,
    contestants: pooled ? seats.sides : seats.players,
    sideOf: (seat) => seats.sideOf[seat] as number,
  };
}

/** The setup of a game: its players, and its first dealer where it names one. */
const setupOf = (game: GameInputs): GameSetup =>
  game.firstDealer === undefined ? { players: game.players } : { players: game.players, firstDealer: game.firstDealer };

/** DECK-COPIES: a deck order must hold every card of the 40-card deck exactly `copies` times. */
function deckProblem(deck: readonly string[], copies: number): { message: string; at?: number } | undefined {
  const counts = new Map<number, number>();
  const extra: string[] = [];
  let firstExtra: number | undefined;
  for (const [index, card] of deck.entries()) {
    const code = parseCard(card);
    if (code < 0) return { message: `has "${card}", which is not a card`, at: index };
    const count = (counts.get(code) ?? 0) + 1;
    counts.set(code, count);
    if (count > copies) {
      extra.push(card);
      firstExtra ??= index;
    }
  }
  const missing: string[] = [];
  for (let code = 0; code < 40; code++) {
    for (let copy = counts.get(code) ?? 0; copy < copies; copy++) missing.push(formatCard(code));
  }
  if (missing.length === 0 && extra.length === 0) return undefined;
  const parts = [`is not a full deck: ${deck.length} cards, expected ${40 * copies}`];
  if (missing.length > 0) parts.push(`missing ${missing.join(' ')}`);
  if (extra.length > 0) parts.push(`${copies === 1 ? 'twice' : 'too often'}: ${extra.join(' ')}`);
  return { message: parts.join('; '), at: firstExtra };
}

/** With `match: types`, every listed event must be of a listed type. */
function checkExpectedEvents(fixture: Fixture, report: Reporter): void {
  const expected = fixture.expect.events;
  if (expected?.match !== 'types') return;
  const types = new Set<string>(expected.types);
  for (const [index, event] of expected.list.entries()) {
    if (!types.has(event.type)) {
      report.at(
        `/expect/events/list/${index}/type`,
        `event type "${event.type}" is not among the types compared (${[...types].join(', ')})`,
      );
    }
  }
}

/** What the replay made of one round's inputs. */
interface RoundUse {
  decks: number;
  plays: number;
  /** An opening deal stood (not only redeals). */
  dealt: boolean;
  /** The round reached its `round-end`. */
  scored: boolean;
  /** The round is over: scored, or the game ended in it. */
  ended: boolean;
}

interface ReplayUse {
  rounds: RoundUse[];
  /** The round the game ended in, if it did. */
  gameEndedIn?: number;
}

/** How much of each round's inputs a replay consumed, read from its events (spec/rules.md section 15). */
function replayUse(events: readonly GameEvent[]): ReplayUse {
  const rounds: RoundUse[] = [];
  let current = 0;
  const use = (round: number): RoundUse =>
    (rounds[round - 1] ??= { decks: 0, plays: 0, dealt: false, scored: false, ended: false });
  let gameEndedIn: number | undefined;
  for (const event of events) {
    switch (event.type) {
      case 'redeal':
        current = event.round;
        use(current).decks++;
        break;
      case 'deal':
        current = event.round;
        if (event.deal === 1) Object.assign(use(current), { decks: use(current).decks + 1, dealt: true });
        break;
      case 'capture':
      case 'trail':
      case 'claim':
        use(current).plays++;
        break;
      case 'round-end':
        Object.assign(use(event.round), { scored: true, ended: true });
        break;
      case 'game-end':
        gameEndedIn = current;
        use(current).ended = true;
        break;
      default:
        break;
    }
  }
  return gameEndedIn === undefined ? { rounds } : { rounds, gameEndedIn };
}

/**
 * Inputs a replay never reached. `rejection` is where it stopped on a refusal; the inputs after it are never
 * replayed. Returns [pointer, message] pairs, at most one per round.
 */
export function unusedInputs(
  rounds: readonly FixtureRound[],
  events: readonly GameEvent[],
  rejection?: Rejection,
): [pointer: string, message: string][] {
  const { rounds: uses, gameEndedIn } = replayUse(events);
  const found: [string, string][] = [];
  for (const [index, input] of rounds.entries()) {
    const round = index + 1;
    const use = uses[index];
    if (use === undefined) {
      const reason =
        gameEndedIn !== undefined
          ? `the game ends in round ${gameEndedIn}`
          : rejection !== undefined
            ? `round ${rejection.round} play ${rejection.play} before it is refused`
            : `round ${uses.length} stops before its end (its inputs run out)`;
      found.push([`/rounds/${index}`, `round ${round} is never played: ${reason}`]);
      break;
    }
    if (input.decks.length > use.decks) {
      const taken = `round ${round} takes ${use.decks} deck order${use.decks === 1 ? '' : 's'} (one more only after a redeal)`;
      found.push([`/rounds/${index}/decks/${use.decks}`, `${taken}; this one is never used`]);
      continue;
    }
    if (input.plays.length <= use.plays) continue;
    if (rejection?.round === round) {
      if (input.plays.length > rejection.play) {
        const message = `this play is never replayed: play ${rejection.play} of round ${round} before it is refused`;
        found.push([`/rounds/${index}/plays/${rejection.play}`, message]);
      }
    } else if (use.ended) {
      const end = use.scored ? `round ${round} ends` : `the game ends`;
      const message = `${end} after ${use.plays} plays; this play and any after it are never played`;
      found.push([`/rounds/${index}/plays/${use.plays}`, message]);
    } else if (!use.dealt) {
      const message =
        `round ${round}'s deal is void (a redeal) and no further deck order is given, ` + 'so its plays are never played';
      found.push([`/rounds/${index}/decks`, message]);
    }
  }
  return found;
}

/** Each `expect.legal` position is before a play the fixture makes, and names cards in canonical notation. */
function checkExpectedLegal(fixture: Fixture, report: Reporter): void {
  for (const [index, expected] of (fixture.expect.legal ?? []).entries()) {
    const at = `/expect/legal/${index}`;
    const round = fixture.rounds[expected.round - 1];
    if (round === undefined) report.at(`${at}/round`, `the fixture has no round ${expected.round}`);
    else if (expected.play > round.plays.length) {
      report.at(`${at}/play`, `round ${expected.round} lists ${round.plays.length} plays; there is no play ${expected.play} to list the legal decisions before`);
    }
    for (const [d, decision] of expected.decisions.entries()) checkDecisionCards(decision, `${at}/decisions/${d}`, report);
  }
}

/** A decision's cards in canonical notation: the card played and the cards it captures, or the cards claimed. */
function checkDecisionCards(decision: Decision, at: string, report: Reporter): void {
  const checkList = (key: string, cards: readonly string[]): void => {
    for (const [c, card] of cards.entries()) if (parseCard(card) < 0) report.at(`${at}/${key}/${c}`, `"${card}" is not a card`);
  };
  if (isClaim(decision)) {
    checkList('claim', decision.claim);
    return;
  }
  if (parseCard(decision.card) < 0) report.at(`${at}/card`, `"${decision.card}" is not a card`);
  checkList('capture', decision.capture ?? []);
}

/**
 * Replays the inputs on the reference engine and checks the expectations that depend on how far the game goes;
 * returns the reference's reply.
 */
function checkReplay(fixture: Fixture, prepared: PreparedGame, report: Reporter): ReplayReply {
  const reply = replayOnReference(prepared.request);
  const { rejection } = reply;
  const use = replayUse(reply.events);
  const expected = fixture.expect.reject;
  const refusedAsExpected = rejection !== undefined && expected?.round === rejection.round && expected.play === rejection.play;
  // Where the reference refuses is a question of the inputs' legality, judged by the reference; with which code is
  // an expectation, compared by `run` like any other (a hand-verified code stands even where the reference differs).
  if (rejection !== undefined && !refusedAsExpected) {
    const { round, play, code, message } = rejection;
    const pointer = play === 0 ? `/rounds/${round - 1}/decks` : `/rounds/${round - 1}/plays/${play - 1}`;
    const said = `${code}${message === undefined ? '' : `: ${message}`}`;
    const note =
      expected === undefined ? '' : ` (the fixture expects the refusal at round ${expected.round} play ${expected.play})`;
    report.at(pointer, `the reference engine refuses round ${round} play ${play}: ${said}${note}`);
    return reply;
  }
  if (rejection === undefined && expected !== undefined) checkRefusalHappens(fixture, expected, use, report);

  for (const [pointer, message] of unusedInputs(fixture.rounds, reply.events, rejection)) report.at(pointer, message);
  checkExpectedScores(fixture, prepared, use, report);
  return reply;
}

/** A decision in a few words: `7D taking 3C 5S`, `7D taking nothing`, `7D`, `claim 7H 8S`. */
function describeDecision(decision: Decision): string {
  if (isClaim(decision)) return `claim ${decision.claim.join(' ')}`;
  const card = playedCard(decision);
  return decision.capture === undefined ? card : `${card} taking ${decision.capture.join(' ') || 'nothing'}`;
}

/** A negative fixture's decision must be there, and refused. */
function checkRefusalHappens(fixture: Fixture, expected: ExpectedRejection, use: ReplayUse, report: Reporter): void {
  const round = fixture.rounds[expected.round - 1];
  const decision = round?.plays[expected.play - 1];
  if (round === undefined) {
    report.at('/expect/reject/round', `the fixture has no round ${expected.round}`);
  } else if (decision === undefined) {
    const message = `round ${expected.round} lists ${round.plays.length} plays; there is no play ${expected.play}`;
    report.at('/expect/reject/play', message);
  } else if ((use.rounds[expected.round - 1]?.plays ?? 0) >= expected.play) {
    // (A decision the replay never reaches is reported where it is written, by unusedInputs.)
    const message =
      `the reference engine accepts round ${expected.round} play ${expected.play} (${describeDecision(decision)}); ` +
      'a reject expectation must name a decision that is refused';
    report.at('/expect/reject', message, 'key');
  }
}

/**
 * Expected score sheets and results must fit the game: a value per side (or per player), categories the game scores,
 * sides that exist. With the replay's `use`, they must also belong to rounds the fixture plays to their end, and a
 * result needs the game's end; without it (a recorded fixture, not replayed) how far the game goes is not checked.
 */
function checkExpectedScores(fixture: Fixture, prepared: PreparedGame, use: ReplayUse | undefined, report: Reporter): void {
  const { sides, contestants, rules } = prepared;
  const perSide = (pointer: string, values: readonly unknown[] | undefined, count = sides, what = 'side'): void => {
    if (values !== undefined && values.length !== count) {
      // Named, for sources without columns (a game log's line holds several such lists).
      const name = readablePointer(pointer.replace(/^\/expect\/(rounds\/\d+|result)/, ''));
      report.at(pointer, `${name}: expected ${count} values, one per ${what}; got ${values.length}`);
    }
  };
  const categories = rules.scoring.categories.map((category) => category.id);
  const seen = new Set<number>();
  for (const [index, expected] of (fixture.expect.rounds ?? []).entries()) {
    const at = `/expect/rounds/${index}`;
    if (seen.has(expected.round)) report.at(`${at}/round`, `round ${expected.round} is expected twice`);
    seen.add(expected.round);
    if (use !== undefined && use.rounds[expected.round - 1]?.scored !== true) {
      report.at(`${at}/round`, `round ${expected.round} is not played to its end in this fixture, so it has no score sheet`);
    }
    for (const [category, award] of Object.entries(expected.awards ?? {})) {
      const pointer = `${at}${pointerTo('awards', category)}`;
      if (!categories.includes(category)) {
        const known = categories.length === 0 ? 'this game scores no categories' : `its categories: ${categories.join(', ')}`;
        report.at(pointer, `unknown category "${category}" (${known})`, 'key');
        continue;
      }
      const what = contestants === sides ? 'side' : 'player';
      perSide(`${pointer}/counts`, award.counts, contestants, what);
      perSide(`${pointer}/points`, award.points);
    }
    perSide(`${at}/points`, expected.points);
    perSide(`${at}/totals`, expected.totals);
    perSide(`${at}/sweeps`, expected.sweeps);
  }

  const result = fixture.expect.result;
  if (result === undefined) return;
  if (use !== undefined && use.gameEndedIn === undefined) {
    report.at('/expect/result', 'the game does not end in this fixture (a partial game), so it has no result', 'key');
    return;
  }
  if (result.winner !== null && result.winner >= sides) {
    report.at('/expect/result/winner', `side ${result.winner} does not exist: this game has ${sides} sides`);
  }
  perSide('/expect/result/totals', result.totals);
  const everySide = Array.from({ length: sides }, (_, side) => side).join();
  if (result.ranking !== undefined && [...result.ranking].sort((a, b) => a - b).join() !== everySide) {
    report.at('/expect/result/ranking', `a ranking lists every side once: ${sides} sides, 0 to ${sides - 1}`);
  }
}

/**
 * A fixture file that passed every check: what selecting, running and reporting it needs without its contents,
 * and the contents themselves unless they were let go to keep memory flat (they are then read again to run).
 */
export interface CheckedFixture {
  path: string;
  id: string;
  variant: string;
  title: string;
  tags: readonly string[];
  /** The file's stamp when it was checked: a file changed since is not run unchecked. */
  stamp: FileStamp;
  loaded?: LoadedFixture;
  /**
   * Set where the check was asked to judge the plain reference engine too and it passes the fixture (see
   * passesOnReference): how long its replay and verdict took, in milliseconds.
   */
  passedOnReference?: { durationMs: number };
}

/** A fixture file's check: what it names, or its problems (and its id, where it has one). */
export type FileChecked = { checked: CheckedFixture; id?: undefined; errors?: undefined } | { checked?: undefined; id?: string; errors: LoadError[] };

/**
 * One fixture file read and given every check but the corpus's (that no two files share an id): its problems, or
 * what `CheckedFixture` names, with its contents where `hold` (without where its nodes are written, which only a
 * problem needs). With `judgeOnReference`, the reference's reply that the check replayed is judged as `run` judges
 * it (see `CheckedFixture.passedOnReference`).
 */
export async function checkFixtureFile(
  path: string,
  variants: Map<string, ResolvedVariant>,
  hold: boolean,
  judgeOnReference = false,
): Promise<FileChecked> {
  const stamp = fileStampSync(path);
  const result = await loadFixtureFile(path);
  if (!result.ok) return { errors: result.errors };
  const fixture = result.value;
  const started = performance.now();
  const { errors, request, reply } = examineFixture(fixture, path, variants, FIXTURES_DIR);
  if (errors.length > 0 || request === undefined) return { id: fixture.id, errors };
  const { id, variant, title, tags } = fixture;
  const held = hold ? { loaded: { path, fixture: { ...fixture }, request } } : {};
  const passed =
    judgeOnReference && reply !== undefined && passesOnReference(fixture, variants.get(variant) as ResolvedVariant, request, reply)
      ? { passedOnReference: { durationMs: Math.round((performance.now() - started) * 1000) / 1000 } }
      : {};
  // (A file gone between its stamp and its reading gets a stamp no file has: it is not read again unchecked.)
  return { checked: { path, id, variant, title, tags, stamp: stamp ?? { mtimeMs: -1, size: -1 }, ...held, ...passed } };
}

/** That a fixture's id is also another file's, reported at its id. */
export async function duplicateIdError(path: string, id: string, other: string): Promise<LoadError> {
  const read = await readDataFile(path);
  const at = read.ok ? read.value.locate('/id') : { line: 0, col: 0 };
  return { file: path, ...at, message: `id "${id}" is also the id of ${other}` };
}
