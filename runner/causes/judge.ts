/**
 * A share of the games `diagnose` judges, judged under one profile after another: the engine's own (the base), then
 * with readings declared. Each judgement is `run`'s (plan, replay, verdict, diagnosis: runFixture), reduced to the
 * rules the game breaks. The two cases the diagnosis serves are kept apart:
 *
 * - An engine under test (`EngineJudging`). A reading changes what is expected of the engine: the expectations are
 *   derived on the reference under the declared rules, as `run --profile` derives them. The engine itself is asked
 *   each game once, as the base profile has it played (its own inputs, options and rules), and that one answer is
 *   judged against every reading: a reading is what the engine does with the game it is sent. Asked each reading's
 *   game instead, an engine that plays whatever rules and options it is sent would seem to read every knob every
 *   way, and a fixed option value that shortens every game would seem to explain what the rounds cut away showed.
 * - Recorded fixtures, with the reference as the engine (`RecordedJudging`). The expectations are what the recorded
 *   system did, and they stay: a reading changes the rules the reference plays, and the question is which reading
 *   makes the reference do what the system did.
 * @module
 */
import { type Decision, type ResolvedVariant, type Rules } from '../../reference/index.ts';
import { ruleOfErrorCode } from '../divergences/rule-of.ts';
import { checkReplyShape, type Engine, referenceEngine } from '../engines/engine.ts';
import { type Expectations, type Fixture, type FixtureRound, type LegalPosition, type ReplayReply, type ReplayRequest, replayRequestOf, requestBefore } from '../fixture/fixture.ts';
import { type DeclaredRefusal, declaredSettings, notApplicable, planFixture } from '../profile/plan.ts';
import { type EngineProfile, variantProfileOf } from '../profile/profile.ts';
import type { FixtureResult } from '../run/outcome.ts';
import { type RunItem, runFixture } from '../run/replay.ts';
import { sameJson } from '../verdict/equality.ts';
import { positionsOf } from '../verdict/positions.ts';
import { knobAt, knobsRead } from './knobs-read.ts';

/**
 * The rules a fixture breaks under a profile, one entry each (null: no single rule), as the report card counts
 * them; empty when it passes. Undefined where it is not judged (not applicable, skipped, errored): the diagnosis
 * leaves it as it was.
 */
export type Broken = readonly (string | null)[] | undefined;

/** What a fixture breaks under a profile, and whether anything it is judged on changed from the profile settled. */
export interface Judgement {
  broken: Broken;
  changed: boolean;
}

/** What a run's result says a fixture breaks. */
export const brokenBy = (result: FixtureResult): Broken =>
  result.outcome === 'passed' ? [] : result.outcome === 'failed' ? (result.findings ?? []).map((finding) => finding.rule) : undefined;

/**
 * A fixture's judgement under the profile last settled, with what it was made of, so that a profile that changes
 * none of it is not judged again: the options and rules the game is played with and the knobs it reads there, and
 * what is expected.
 */
interface Point {
  broken: Broken;
  played?: { options: string; rules: Rules; reads?: readonly string[] };
  expected?: { inputs: string; expect: Expectations };
  /** For recorded fixtures: what the reference answered. */
  answered?: ReplayReply;
}

/** How one case judges one fixture under a profile (`settle`: to judge it again from), and runs it as `run` does. */
interface Judging {
  judge(item: RunItem, profile: EngineProfile, settled: Point | undefined, settle: boolean): Promise<Point>;
  run(item: RunItem, profile: EngineProfile): Promise<FixtureResult>;
  /** Told of the fixtures about to be judged, in order: an engine can start on its answers while others are judged. */
  ahead?(items: readonly RunItem[]): void;
}

/** The judgements of one share of the fixtures; indices are the share's. */
export class ShareJudge {
  private readonly points: (Point | undefined)[] = [];

  constructor(
    private readonly items: readonly RunItem[],
    private readonly judging: Judging,
  ) {}

  /**
   * What each fixture at `indices` breaks under `profile`. With `settle`, their judgements become those later ones
   * start from (the others' stay: their variant's declaration is the same in both profiles).
   */
  async judge(profile: EngineProfile, indices: readonly number[], settle: boolean): Promise<Judgement[]> {
    const judgements: Judgement[] = [];
    this.judging.ahead?.(indices.map((index) => this.items[index] as RunItem));
    for (const index of indices) {
      const settled = this.points[index];
      const point = await this.judging.judge(this.items[index] as RunItem, profile, settled, settle);
      if (settle) this.points[index] = point;
      judgements.push({ broken: point.broken, changed: point !== settled });
    }
    return judgements;
  }

  /** Every fixture run under `profile` as `run` runs it. */
  async run(profile: EngineProfile): Promise<FixtureResult[]> {
    const results: FixtureResult[] = [];
    for (const item of this.items) results.push(await this.judging.run(item, profile));
    return results;
  }
}

/** Whether a reply goes on past the last of `rounds`' plays: the engine's game ends after the one expected. */
function playedPast(reply: ReplayReply, rounds: readonly FixtureRound[]): boolean {
  const last = Array.isArray(reply.events) ? positionsOf(reply.events).at(-1) : undefined;
  const end = { round: rounds.length, play: rounds.at(-1)?.plays.length ?? 0 };
  return last !== undefined && (last.round > end.round || (last.round === end.round && last.play > end.play));
}

/** A fixture's options and inputs as a plan may cut them (a game that ends sooner). */
const inputsOf = (fixture: Fixture): string =>
  `${JSON.stringify(fixture.options)} ${fixture.rounds.length} ${fixture.rounds.at(-1)?.plays.length ?? 0}`;

type Settings = ReturnType<typeof declaredSettings>;

/**
 * An engine under test. Its answer to each game is asked once (`answer`) and kept; `run` asks the engine itself
 * what `run` asks it.
 */
export class EngineJudging implements Judging {
  private readonly settings = new WeakMap<EngineProfile, Map<string, Settings>>();
  private readonly answers = new Map<string, Promise<ReplayReply>>();
  private readonly legal = new Map<string, Promise<Decision[][] | undefined>>();
  /** The engine's last request: it answers one at a time, so each waits for the one before. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly engine: Engine,
    private readonly base: EngineProfile,
  ) {}

  async judge(item: RunItem, profile: EngineProfile, settled: Point | undefined, settle: boolean): Promise<Point> {
    const settings = this.settingsOf(item, profile);
    const played = settings.kind === 'not-applicable' ? undefined : { options: JSON.stringify(settings.options), rules: settings.rules };
    const before = settled?.played;
    if (played !== undefined && before?.reads !== undefined && played.options === before.options && before.reads.every((path) => knobAt(played.rules, path) === knobAt(before.rules, path))) {
      return settled as Point;
    }
    const point = await this.judged(item, profile, settled);
    if (!settle || settings.kind === 'not-applicable' || played === undefined) return point;
    const reads = knobsRead(replayRequestOf({ ...item.fixture, options: settings.options }, settings.rules), item.fixture.expect.legal ?? []);
    return { ...point, played: { ...played, reads } };
  }

  run(item: RunItem, profile: EngineProfile): Promise<FixtureResult> {
    return runFixture(this.engine, item, profile);
  }

  ahead(items: readonly RunItem[]): void {
    for (const item of items) void this.answer(item);
  }

  /** The judgement, as `run` makes it against the engine's one answer, unless the same is expected as before. */
  private async judged(item: RunItem, profile: EngineProfile, settled: Point | undefined): Promise<Point> {
    const plan = planFixture(item.fixture, item.variant, item.rules, profile);
    if (plan.kind === 'not-applicable') return { broken: plan.refused === undefined ? undefined : await this.refusalBroken(item, plan.refused, settled?.broken) };
    const expected = { inputs: inputsOf(plan.fixture), expect: plan.fixture.expect };
    if (settled?.expected?.inputs === expected.inputs && sameJson(settled.expected.expect, expected.expect)) return settled;
    const broken = brokenBy(await runFixture(this.answering(item), item, profile, plan));
    const reply = await this.answer(item).catch(() => undefined);
    // The declared rules end the game sooner than the engine does: what the rounds cut away showed stays unexplained.
    const cutShort = broken !== undefined && reply !== undefined && playedPast(reply, plan.fixture.rounds);
    return { broken: cutShort ? [...new Set([...broken, ...(settled?.broken ?? [])])] : broken, expected };
  }

  /**
   * A fixture the declared rules refuse a decision of (or accept the one it expects refused): explained where the
   * engine refuses the same play with the same code (or refuses nothing). Otherwise the declared rules are not the
   * engine's: what it broke before (`was`) stands, and it breaks the rule of that code besides.
   */
  private async refusalBroken(item: RunItem, refused: DeclaredRefusal, was: Broken): Promise<Broken> {
    let reply: ReplayReply;
    try {
      reply = await this.answer(item);
    } catch {
      return undefined;
    }
    if (checkReplyShape(reply) !== undefined || reply.skipped !== undefined) return undefined;
    const expected = refused.rejection;
    const actual = reply.rejection;
    if (expected?.round === actual?.round && expected?.play === actual?.play && expected?.code === actual?.code) return [];
    const code = expected?.code ?? actual?.code;
    return [...(was ?? []), code === undefined ? null : (ruleOfErrorCode(code, refused.request.rules) ?? null)];
  }

  /** The engine as `runFixture` sees it for one fixture: whatever it is asked, its one answer to the fixture's game. */
  private answering(item: RunItem): Engine {
    return {
      name: this.engine.name,
      replay: () => this.answer(item),
      legalPositions: (_, positions) => this.legalAnswer(item, positions),
      close: async () => {},
    };
  }

  /**
   * The game the engine is asked for a fixture: its own inputs, with the options and rules the base profile plays it
   * with (the fixture's own where the base does not play it).
   */
  private askedGame(item: RunItem): ReplayRequest {
    const settings = this.settingsOf(item, this.base);
    return settings.kind === 'not-applicable' ? replayRequestOf(item.fixture, item.rules) : replayRequestOf({ ...item.fixture, options: settings.options }, settings.rules);
  }

  private answer(item: RunItem): Promise<ReplayReply> {
    let answer = this.answers.get(item.fixture.id);
    if (answer === undefined) {
      answer = this.inTurn(() => this.engine.replay(this.askedGame(item)));
      this.answers.set(item.fixture.id, answer);
    }
    return answer;
  }

  /** A request made once the engine has answered the one before; its failure is the caller's to see. */
  private inTurn<T>(request: () => Promise<T>): Promise<T> {
    const answer = this.last.then(request);
    this.last = answer.catch(() => undefined);
    return answer;
  }

  /** The engine's legal decisions at the positions of the fixture's `expect.legal`, in its game, asked once. */
  private legalAnswer(item: RunItem, positions: readonly LegalPosition[]): Promise<Decision[][] | undefined> {
    let answer = this.legal.get(item.fixture.id);
    if (answer === undefined) {
      answer = this.inTurn(() => legalAt(this.engine, this.askedGame(item), positions));
      this.legal.set(item.fixture.id, answer);
    }
    return answer;
  }

  /** The options and rules a fixture is played with under `profile` (or why it is not), the same for every fixture of one setting. */
  private settingsOf(item: RunItem, profile: EngineProfile): Settings {
    let bySetting = this.settings.get(profile);
    if (bySetting === undefined) {
      bySetting = new Map();
      this.settings.set(profile, bySetting);
    }
    const { variant, options, players, firstDealer } = item.fixture;
    const key = JSON.stringify([variant, options, players, firstDealer]);
    let settings = bySetting.get(key);
    if (settings === undefined) {
      const declared = variantProfileOf(profile, variant);
      settings = declared === undefined ? notApplicable('a variant the profile does not declare', `the profile does not declare ${variant}`) : declaredSettings(item.fixture, item.variant, item.rules, declared);
      bySetting.set(key, settings);
    }
    return settings;
  }
}

/** The engine's legal decisions at each position of a game: in one call where it offers that, else one call each. */
async function legalAt(engine: Engine, request: ReplayRequest, positions: readonly LegalPosition[]): Promise<Decision[][] | undefined> {
  if (engine.legalPositions !== undefined) return engine.legalPositions(request, positions);
  const answers: Decision[][] = [];
  for (const { round, play } of positions) {
    const listed = await engine.legal?.(requestBefore(request, round, play));
    if (listed === undefined) return undefined;
    answers.push(listed);
  }
  return answers;
}

/**
 * Recorded fixtures, with the reference as the engine: the reference plays each game as the profile tried declares
 * (its fixed option values, its rules read its way) and is judged against what the recorded system did, by what
 * the base profile says is compared; no expectation is derived.
 */
export class RecordedJudging implements Judging {
  private readonly compared: EngineProfile;

  constructor(
    base: EngineProfile,
    private readonly variants: ReadonlyMap<string, ResolvedVariant>,
  ) {
    this.compared = comparedOnly(base);
  }

  async judge(item: RunItem, profile: EngineProfile, settled: Point | undefined): Promise<Point> {
    const engine = referencePlaying(profile, this.variants);
    const answered = await engine.replay(replayRequestOf(item.fixture, item.rules));
    if (settled?.answered !== undefined && sameJson(settled.answered, answered)) return settled;
    return { broken: brokenBy(await runFixture(engine, item, this.compared)), answered };
  }

  run(item: RunItem, profile: EngineProfile): Promise<FixtureResult> {
    return runFixture(referencePlaying(profile, this.variants), item, this.compared);
  }
}

/** A profile's say on what is compared (the variants, player counts and reporting), without its settings and readings. */
function comparedOnly(profile: EngineProfile): EngineProfile {
  if (profile.variants === '*') return profile;
  return {
    ...profile,
    variants: profile.variants.map(({ id, players, reports, unordered }) => ({
      id,
      ...(players === undefined ? {} : { players }),
      ...(reports === undefined ? {} : { reports }),
      ...(unordered === undefined ? {} : { unordered }),
    })),
  };
}

/** The reference engine playing each game it is asked as `profile` declares it; a game the profile cannot play is skipped. */
function referencePlaying(profile: EngineProfile, variants: ReadonlyMap<string, ResolvedVariant>): Engine {
  const reference = referenceEngine();
  const asDeclared = (request: ReplayRequest): ReplayRequest | string => {
    const variant = variants.get(request.variant);
    const declared = variantProfileOf(profile, request.variant);
    if (variant === undefined || declared === undefined) return `the profile does not declare ${request.variant}`;
    const settings = declaredSettings(request, variant, request.rules, declared);
    return settings.kind === 'not-applicable' ? settings.reason : { ...request, options: settings.options, rules: settings.rules };
  };
  return {
    name: reference.name,
    async replay(request) {
      const played = asDeclared(request);
      return typeof played === 'string' ? { events: [], skipped: played } : reference.replay(played);
    },
    async legalPositions(request, positions) {
      const played = asDeclared(request);
      return typeof played === 'string' ? undefined : reference.legalPositions?.(played, positions);
    },
    close: () => reference.close(),
  };
}
