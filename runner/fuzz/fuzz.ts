/**
 * Fuzzing an engine against the rules: seeded random games (random deck orders, decisions drawn over every legal
 * one, and at a chosen rate an illegal one of some shape), each run on the engine through the same plan,
 * comparison and report card as `run`. Each rule broken for the first time is shrunk to the smallest game that
 * still shows it: a fixture that `run` reproduces.
 * @module
 */
import { join } from 'node:path';
import { applyOptions, type OptionValue, parseCard, type ResolvedVariant, Rng, type RuleId, type Rules } from '../../reference/index.ts';
import { judgeReply } from '../verdict/verdict.ts';
import { checkReplyShape, type Engine } from '../engines/engine.ts';
import { expectationsFromReply, expectationsOnReference } from '../fixture/expectations.ts';
import { type Fixture, type FixtureRound, type ReplayReply, replayRequestOf } from '../fixture/fixture.ts';
import { generateGame } from '../fixture/generate.ts';
import type { FixtureResult } from '../run/outcome.ts';
import { type EngineProfile, FULL_REPORTING, PLAYS_EVERYTHING } from '../profile/profile.ts';
import { runFixture, type RunItem } from '../run/replay.ts';
import { reproCommand } from '../report/divergence.ts';

export interface FuzzSettings {
  variant: ResolvedVariant;
  options: Record<string, OptionValue>;
  rules: Rules;
  /**
   * Options whose value each game draws (seeded by the game's seed), over a list of values or a range: those the
   * engine's profile declares and `options` does not set.
   */
  optionDraws?: Record<string, OptionDraw>;
  /** The player counts to play, in turn: game n has `players[n % length]`. */
  players: readonly number[];
  /** The first game's seed; game n has seed + n. */
  seed: number;
  /** Stop after this many games, or after `timeMs`, whichever comes first (at least one of them). */
  games?: number;
  timeMs?: number;
  /** The chance of an illegal decision at each decision. */
  illegalRate: number;
  /** The chance that a game's first round is dealt tables that call for a redeal (default `VOIDING_RATE`). */
  voidingRate?: number;
  /** What the engine declares; by default what it says of itself. */
  profile?: EngineProfile;
  /** Who says what each game gives: by default the reference engine (`--against`: another engine). */
  judge?: Judge;
  /** The engine's name and version, for the fixtures' provenance. */
  engineLabel: string;
  /** The package version, for the fixtures' provenance. */
  engineVersion: string;
  /** The folder the findings are written to, whose name starts their ids, as shown to the user. */
  group: string;
  shownDir: string;
  /** The engine's flags in the command that reruns a finding (`--engine ...`, `--profile ...`). */
  reproFlags: readonly string[];
  /** One of several jobs sharing the games: this one plays games `index`, `index + of`, `index + 2 × of`, ... */
  job?: { index: number; of: number };
  signal?: AbortSignal;
  /** After each game: how many games so far, the rules broken (`ruleKey`), and the finding of each, the smallest so far. */
  onGame?: (games: number, rules: ReadonlySet<string>, findings: ReadonlyMap<string, FuzzFinding>) => void;
}

/** A rule the engine broke, and the smallest game found that shows it. */
export interface FuzzFinding {
  rule: RuleId | null;
  /** The seed of the game it was found in. */
  seed: number;
  /** The shrunk game, ready to be written as a fixture. */
  fixture: Fixture;
  /** The engine's result on the shrunk game. */
  result: FixtureResult;
}

export interface FuzzOutcome {
  games: number;
  /** The games the engine was judged on (passed, failed or errored); the others were skipped or not applicable. */
  judged: number;
  /** Of the games judged, those whose play reached the end of a round, and the end of the game. */
  reachedRoundEnd: number;
  reachedGameEnd: number;
  /** The illegal decisions tried at positions of the games, each judged as a game of its own up to it. */
  probes: number;
  /** Why the first game not judged was not (the engine's skip, the profile's reason). */
  notJudgedBecause?: string;
  durationMs: number;
  /** Every game that did not pass (failed or errored), as `run` reports fixtures. */
  results: FixtureResult[];
  findings: FuzzFinding[];
  interrupted: boolean;
}

export type OptionDraw = OptionValue[] | { min: number; max: number };

/**
 * Each game's options and rules: `options`, with a value drawn for each option of `optionDraws`. The rules of each
 * combination are made once; a combination the variant refuses is played with `options` alone.
 */
function gameSettings(settings: FuzzSettings): (seed: number) => { options: Record<string, OptionValue>; rules: Rules } {
  const draws = Object.entries(settings.optionDraws ?? {});
  const made = new Map<string, { options: Record<string, OptionValue>; rules: Rules }>();
  const fixed = { options: settings.options, rules: settings.rules };
  if (draws.length === 0) return () => fixed;
  return (seed) => {
    const rng = new Rng(seed + OPTION_SEED);
    const options = { ...settings.options };
    for (const [name, draw] of draws) {
      options[name] = Array.isArray(draw) ? (draw[rng.below(draw.length)] as OptionValue) : draw.min + rng.below(draw.max - draw.min + 1);
    }
    const key = JSON.stringify(options);
    let game = made.get(key);
    if (game === undefined) {
      const rules = applyOptions(settings.variant, options);
      game = rules.ok ? { options, rules: rules.value } : fixed;
      made.set(key, game);
    }
    return game;
  };
}

/** Option draws use a generator of their own, so that a game's deck orders and decisions do not depend on them. */
const OPTION_SEED = 0x5eed;

/** By default, one game in 20 tries the redeal rules: its first round's tables call for a redeal, deal after deal. */
export const VOIDING_RATE = 0.05;

export const ruleKey = (rule: RuleId | null): string => rule ?? 'no single rule';

/** A fuzz fixture's id and file name part: the rule in lower case and the seed. */
export const findingName = (finding: Pick<FuzzFinding, 'rule' | 'seed'>): string => `${ruleKey(finding.rule).toLowerCase().replaceAll(' ', '-')}-s${finding.seed}`;

export async function fuzz(engine: Engine, settings: FuzzSettings): Promise<FuzzOutcome> {
  const started = performance.now();
  const results: FixtureResult[] = [];
  const findings = new Map<string, FuzzFinding>();
  const broken = new Set<string>();
  const item = (fixture: Fixture, rules: Rules): RunItem => ({ fixture, file: `${fixture.id}.yaml`, variant: settings.variant, rules, repro: '' });
  const settingsOfGame = gameSettings(settings);
  // Judged as written, every event reported: a game whose answer is the expected one passes without the comparison.
  const asWritten = (settings.profile ?? engine.profile ?? PLAYS_EVERYTHING) === PLAYS_EVERYTHING;
  const elapsed = (): number => performance.now() - started;
  const { index: first, of: stride } = settings.job ?? { index: 0, of: 1 };
  const tally = { games: 0, judged: 0, reachedRoundEnd: 0, reachedGameEnd: 0, probes: 0 };
  let notJudgedBecause: string | undefined;

  /** Judges one game on the engine, and shrinks each rule it shows that is new, or shown by a smaller game. Whether it was judged. */
  const judge = async (game: Fixture, rules: Rules, seed: number): Promise<boolean> => {
    const answered = asWritten ? await answerOf(engine, game, rules) : undefined;
    if (answered !== undefined && passes(answered, game)) return true;
    // The game is judged on the answer just given: asking again would let a flaky engine answer right the second time.
    const result = await runFixture(answered === undefined ? engine : answering(engine, answered), item(game, rules), settings.profile);
    if (result.outcome === 'skipped' || result.outcome === 'not-applicable') {
      notJudgedBecause ??= result.message;
      return false;
    }
    if (result.outcome === 'failed' || result.outcome === 'errored') results.push(result);
    for (const found of result.outcome === 'failed' ? (result.findings ?? []) : []) {
      // A rule already broken is shrunk again only from a game that may show it with fewer players or rounds.
      const known = findings.get(ruleKey(found.rule))?.fixture;
      if (known !== undefined && game.players >= known.players && found.divergence.round >= known.rounds.length) continue;
      const run = async (candidate: Fixture): Promise<FixtureResult> => runFixture(engine, item(candidate, rules), settings.profile);
      const shrunk = await shrink({ fixture: game, result }, found.rule, rules, run, settings.judge);
      if (known !== undefined && !smaller(shrunk.fixture, known)) continue;
      const fixture: Fixture = {
        ...shrunk.fixture,
        id: `${settings.group}/${findingName({ rule: found.rule, seed })}`,
        title: `${ruleKey(found.rule)} broken by ${settings.engineLabel}: found by fuzz in game ${seed}, shrunk`,
        provenance: { kind: 'fuzz', seed, engine: settings.engineLabel, ...(found.rule === null ? {} : { rule: found.rule }), engineVersion: settings.engineVersion },
        rules: found.rule === null ? [] : [found.rule],
      };
      // Run once more as the fixture it will be: its id, its file and the command that reruns it, in the report.
      const file = join(settings.shownDir, `${findingName({ rule: found.rule, seed })}.yaml`);
      const reported = await runFixture(engine, { ...item(fixture, rules), file, repro: reproCommand(file, settings.reproFlags), keepGame: true }, settings.profile);
      findings.set(ruleKey(found.rule), { rule: found.rule, seed, fixture, result: reported });
      broken.add(ruleKey(found.rule));
    }
    return true;
  };

  for (
    let index = first;
    (settings.games === undefined || index < settings.games) &&
    (settings.timeMs === undefined || elapsed() < settings.timeMs) &&
    settings.signal?.aborted !== true;
    index += stride
  ) {
    const seed = settings.seed + index;
    const players = settings.players[index % settings.players.length] as number;
    const { options, rules } = settingsOfGame(seed);
    const spec = { variant: settings.variant.id, options, rules, players, seed, illegalRate: settings.illegalRate, voidingRate: settings.voidingRate ?? VOIDING_RATE };
    const generated = generateGame(spec, `fuzz/game-s${seed}`, settings.engineVersion);
    tally.games++;
    const game = await judged({ ...generated.fixture, tags: ['fuzz'] }, rules, settings.judge);
    if (game !== undefined && (await judge(game, rules, seed))) {
      tally.judged++;
      const types = new Set((game.expect.events?.list ?? []).map((event) => event.type));
      if (types.has('round-end')) tally.reachedRoundEnd++;
      if (types.has('game-end')) tally.reachedGameEnd++;
    }
    const probe = generated.probe === undefined ? undefined : await judged({ ...generated.probe, tags: ['fuzz', 'probe'] }, rules, settings.judge);
    if (probe !== undefined && (await judge(probe, rules, seed))) tally.probes++;
    settings.onGame?.(tally.games, broken, findings);
  }
  return {
    ...tally,
    ...(notJudgedBecause === undefined ? {} : { notJudgedBecause }),
    durationMs: Math.round(elapsed()),
    results,
    findings: [...findings.values()],
    interrupted: settings.signal?.aborted === true,
  };
}

/** A generated game with the expectations of the judge (`--against`), or as the reference played it. */
const judged = async (game: Fixture, rules: Rules, judge: Judge | undefined): Promise<Fixture | undefined> => (judge === undefined ? game : judge(game, rules));

/**
 * The outcomes of jobs that shared the games, as one: per rule, the smallest example any job found (the lowest
 * seed among equals), in the order of their seeds.
 */
export function mergeOutcomes(outcomes: readonly FuzzOutcome[]): FuzzOutcome {
  const best = new Map<string, FuzzFinding>();
  for (const finding of outcomes.flatMap((outcome) => outcome.findings)) {
    const known = best.get(ruleKey(finding.rule));
    const better = known === undefined || smaller(finding.fixture, known.fixture) || (!smaller(known.fixture, finding.fixture) && finding.seed < known.seed);
    if (better) best.set(ruleKey(finding.rule), finding);
  }
  const notJudgedBecause = outcomes.find((outcome) => outcome.notJudgedBecause !== undefined)?.notJudgedBecause;
  const sum = (count: (outcome: FuzzOutcome) => number): number => outcomes.reduce((total, outcome) => total + count(outcome), 0);
  return {
    games: sum((outcome) => outcome.games),
    judged: sum((outcome) => outcome.judged),
    reachedRoundEnd: sum((outcome) => outcome.reachedRoundEnd),
    reachedGameEnd: sum((outcome) => outcome.reachedGameEnd),
    probes: sum((outcome) => outcome.probes),
    ...(notJudgedBecause === undefined ? {} : { notJudgedBecause }),
    durationMs: Math.max(0, ...outcomes.map((outcome) => outcome.durationMs)),
    results: outcomes.flatMap((outcome) => outcome.results),
    findings: [...best.values()].sort((a, b) => a.seed - b.seed),
    interrupted: outcomes.some((outcome) => outcome.interrupted),
  };
}

const playCount = (fixture: Fixture): number => fixture.rounds.reduce((total, round) => total + round.plays.length, 0);

/** Whether a game is smaller than another: fewer players, then fewer rounds, then fewer plays. */
const smaller = (a: Fixture, b: Fixture): boolean =>
  a.players !== b.players
    ? a.players < b.players
    : a.rounds.length < b.rounds.length || (a.rounds.length === b.rounds.length && playCount(a) < playCount(b));

/**
 * How many cards of its last deck order the last round of a game deals before its inputs end: the cards of the
 * deals after the round's last redeal, as its expected events say.
 */
export function cardsDealt(fixture: Fixture): number {
  const round = fixture.rounds.length;
  let dealt = 0;
  for (const event of fixture.expect.events?.list ?? []) {
    if (event.type === 'redeal' && event.round === round) dealt = 0;
    if (event.type === 'deal' && event.round === round) dealt += event.hands.flat().length + (event.table?.length ?? 0);
  }
  return dealt;
}

/** A deck order with the cards after the first `dealt` in card order (by suit, ace to king), where none was seen. */
export function withUndealtInOrder(deck: readonly string[], dealt: number): string[] {
  const rest = deck.slice(dealt).sort((a, b) => parseCard(a) - parseCard(b));
  return [...deck.slice(0, dealt), ...rest];
}

/** An engine's one answer to a game: what it replied, or what it threw. */
type Answered = { reply: unknown } | { thrown: unknown };

async function answerOf(engine: Engine, game: Fixture, rules: Rules): Promise<Answered> {
  try {
    return { reply: await engine.replay(replayRequestOf(game, rules)) };
  } catch (thrown) {
    return { thrown };
  }
}

/**
 * Whether an answer passes the game, by the verdict alone: the common case, a game the engine gets right, is
 * settled without the plan and the report. Anything else goes through `runFixture`, with this same answer.
 */
function passes(answered: Answered, game: Fixture): boolean {
  if (!('reply' in answered) || checkReplyShape(answered.reply) !== undefined) return false;
  const reply = answered.reply as ReplayReply;
  return reply.skipped === undefined && judgeReply(game, reply, FULL_REPORTING).passed;
}

/** The engine, its next replay answered with `answered` instead of asked again; the requests after it asked as usual. */
function answering(engine: Engine, answered: Answered): Engine {
  let given = false;
  return {
    name: engine.name,
    ...(engine.profile === undefined ? {} : { profile: engine.profile }),
    ...(engine.claims === undefined ? {} : { claims: engine.claims }),
    replay: async (request) => {
      if (given) return engine.replay(request);
      given = true;
      if ('thrown' in answered) throw answered.thrown;
      return answered.reply as ReplayReply;
    },
    legal: async (request) => engine.legal?.(request),
    legalPositions: async (request, positions) => engine.legalPositions?.(request, positions),
    close: async () => {},
  };
}

/** Whether a result shows the rule. */
const shows = (result: FixtureResult, rule: RuleId | null): boolean =>
  result.outcome === 'failed' && (result.findings ?? []).some((finding) => finding.rule === rule);

/**
 * What a game is expected to give: its inputs with the expectations of the engine that judges, or undefined if
 * that engine cannot play it.
 */
export type Judge = (fixture: Fixture, rules: Rules) => Promise<Fixture | undefined>;

/** The reference engine as the judge: its events, score sheets, result or refusal. */
export const referenceJudge: Judge = async (fixture, rules) => {
  const derived = expectationsOnReference(replayRequestOf(fixture, rules));
  return derived === undefined ? undefined : { ...fixture, expect: derived.expect };
};

/** Another engine as the judge (`--against`): what it answers, written down as expectations. */
export function engineJudge(judge: Engine): Judge {
  return async (fixture, rules) => {
    const request = replayRequestOf(fixture, rules);
    let reply;
    try {
      reply = await judge.replay(request);
    } catch {
      return undefined;
    }
    if (reply.skipped !== undefined || checkReplyShape(reply) !== undefined) return undefined;
    const expect = expectationsFromReply(request, reply);
    return expect === undefined ? undefined : { ...fixture, expect };
  };
}

/** The game with these inputs, judged. */
function withInputs(fixture: Fixture, rounds: FixtureRound[], firstDealer: number | undefined, rules: Rules, judge: Judge): Promise<Fixture | undefined> {
  const { firstDealer: _, ...rest } = fixture;
  return judge({ ...rest, rounds, ...(firstDealer === undefined ? {} : { firstDealer }) }, rules);
}

/** The dealer of a round, as the fixture's expected deal events say. */
function dealerOf(fixture: Fixture, round: number): number | undefined {
  const deal = fixture.expect.events?.list.find((event) => event.type === 'deal' && event.round === round && event.deal === 1);
  return deal?.type === 'deal' ? deal.dealer : undefined;
}

/**
 * The smallest game found that still shows the rule, starting from the game (and the engine's result on it)
 * that showed it: the rounds after the first one showing it cut off, the
 * rounds before it dropped (that round played as the first, dealt by the same seat where the variant lets the
 * first dealer be set), then as few of its plays as still show it, then the cards no deal reached in card order.
 * Each step is kept only if the engine still
 * breaks the same rule on the smaller game; the expectations of each are the reference engine's.
 */
export async function shrink(
  found: { fixture: Fixture; result: FixtureResult },
  rule: RuleId | null,
  rules: Rules,
  run: (candidate: Fixture) => Promise<FixtureResult>,
  judge: Judge = referenceJudge,
): Promise<{ fixture: Fixture; result: FixtureResult }> {
  let best = found;
  const attempt = async (candidate: Fixture | undefined): Promise<boolean> => {
    if (candidate === undefined) return false;
    const result = await run(candidate);
    if (!shows(result, rule)) return false;
    best = { fixture: candidate, result };
    return true;
  };
  const round = (best.result.findings ?? []).find((finding) => finding.rule === rule)?.divergence.round;
  if (round === undefined) return best;
  await attempt(await withInputs(best.fixture, best.fixture.rounds.slice(0, round), best.fixture.firstDealer, rules, judge));
  if (round > 1) {
    const dealer = rules.deal.firstDealer === 'setup' ? dealerOf(best.fixture, round) : best.fixture.firstDealer;
    await attempt(await withInputs(best.fixture, best.fixture.rounds.slice(round - 1, round), dealer, rules, judge));
  }

  const base = best.fixture;
  const last = base.rounds.at(-1);
  if (last === undefined) return best;
  let low = 0;
  let high = last.plays.length;
  while (low < high) {
    const plays = Math.floor((low + high) / 2);
    const rounds = [...base.rounds.slice(0, -1), { ...last, plays: last.plays.slice(0, plays) }];
    if (await attempt(await withInputs(base, rounds, base.firstDealer, rules, judge))) high = plays;
    else low = plays + 1;
  }

  // A deck order is an input too: the cards no deal reached are put in card order, if the rule still shows.
  const shrunk = best.fixture;
  const final = shrunk.rounds.at(-1);
  const deck = final?.decks.at(-1);
  if (final === undefined || deck === undefined) return best;
  const simpler = withUndealtInOrder(deck, cardsDealt(shrunk));
  if (simpler.join() !== deck.join()) {
    const rounds = [...shrunk.rounds.slice(0, -1), { ...final, decks: [...final.decks.slice(0, -1), simpler] }];
    await attempt(await withInputs(shrunk, rounds, shrunk.firstDealer, rules, judge));
  }
  return best;
}
