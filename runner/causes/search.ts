/**
 * The search for causes. A hypothesis is a documented reading of one variant or a known bug of the catalog; it
 * explains the divergences it removes from the games it changes, and counts only if it adds none there (a divergence
 * in a part of a game an earlier divergence left unjudged is no addition: that part was never judged). The best
 * hypothesis (the most divergences explained; a bug before a reading that explains as many) joins the explanation,
 * every game it touches is judged again, and every hypothesis is tried again beside it, those rejected before
 * included, until none explains anything more: readings are found where every game also has a bug, and a game that
 * fails for two reasons gives both.
 *
 * Judging a hypothesis costs a replay on the reference for each game it may change. A reading changes only the
 * games that read a knob it sets (knobs-read.ts), and a bug only those the reference then plays otherwise. Each is
 * tried on a sample of the failing games first, those showing its rule first, and on the rest only where it explains
 * something there.
 * @module
 */
import type { Candidate } from './candidates.ts';
import { profileWithReadings } from './declare.ts';
import { changeOf, type DiagnosedGame, divergenceKey, type Explanation, type GameJudgement, judgeGame, settingsUnder } from './judge-game.ts';
import type { KnownBug } from './known-bugs.ts';
import { knobAt, knobsRead } from './knobs-read.ts';
import { referenceWith } from './patched-reference.ts';
import { type Reference, replayOnReference } from '../engines/reference.ts';
import type { ReplayReply } from '../fixture/fixture.ts';
import type { EngineProfile } from '../profile/profile.ts';
import { sameJson, sameStreams } from '../verdict/equality.ts';

export type Hypothesis = { kind: 'reading'; reading: Candidate } | { kind: 'bug'; bug: KnownBug };

/**
 * A hypothesis found: the divergences it explained when it joined the explanation, in how many games; with the other
 * hypothesis it joined with, where only the two together explained them.
 */
export interface Found {
  hypothesis: Hypothesis;
  explains: number;
  games: number;
  with?: string;
}

/** One hypothesis, or two that only together explain some divergence. */
type Step = readonly Hypothesis[];

interface Scored {
  explains: number;
  games: number;
}

/** How many pairs of hypotheses are tried, where none explains anything alone. */
const PAIRS = 150;

export interface SearchOutcome {
  found: Found[];
  explanation: Explanation;
  /** Each game's judgement under the base explanation, then under the one found (undefined: not judged). */
  before: (GameJudgement | undefined)[];
  after: (GameJudgement | undefined)[];
}

/**
 * How many failing games a hypothesis is tried on before the rest, those showing its rule first: one that explains
 * nothing there is given up.
 */
const SAMPLE = 8;

export const hypothesisName = (hypothesis: Hypothesis): string =>
  hypothesis.kind === 'bug' ? `bug ${hypothesis.bug.name}` : `${hypothesis.reading.variant} ${hypothesis.reading.knob}=${String(hypothesis.reading.value)}`;

/**
 * The explanation with one hypothesis more; undefined for a bug that cannot join the bugs named (it changes the same
 * text of the reference as one of them).
 */
async function withHypothesis(explanation: Explanation, hypothesis: Hypothesis): Promise<Explanation | undefined> {
  if (hypothesis.kind === 'reading') return { ...explanation, profile: profileWithReadings(explanation.profile, [hypothesis.reading]) };
  const bugs = [...explanation.bugs, hypothesis.bug];
  const reference = await referenceWith(bugs).catch(() => undefined);
  return reference === undefined ? undefined : { ...explanation, bugs, reference };
}

/**
 * Finds the causes of the divergences of `games` under `base`. `compared` says what is compared of recorded fixtures;
 * `tried` hears of each hypothesis as it is judged.
 */
export async function searchCauses(
  games: readonly DiagnosedGame[],
  base: Explanation,
  compared: EngineProfile,
  readings: readonly Candidate[],
  bugs: readonly KnownBug[],
  tried: (name: string) => void = () => {},
): Promise<SearchOutcome> {
  let explanation = base;
  const judge = (index: number, under: Explanation, known?: GameJudgement): GameJudgement | undefined => judgeGame(games[index] as DiagnosedGame, under, compared, known);
  let judgements = games.map((_, index) => judge(index, explanation));
  const before = [...judgements];
  /** The knobs each game reads under the current explanation, found once asked. */
  const reads: (string[] | undefined)[] = [];
  /** The reference the knobs were read with. */
  let readsReference = explanation.reference;
  const readsOf = (index: number): string[] | undefined => {
    const judgement = judgements[index];
    if (judgement === undefined) return undefined;
    reads[index] ??= knobsRead(judgement.request, games[index]?.item.fixture.expect.legal ?? [], explanation.reference);
    return reads[index];
  };
  const all = games.map((_, index) => index);
  const ofVariant = new Map<string, number[]>();
  for (const index of all) {
    const variant = games[index]?.item.fixture.variant as string;
    ofVariant.set(variant, [...(ofVariant.get(variant) ?? []), index]);
  }
  const failing = (index: number): boolean => (judgements[index]?.divergences.length ?? 0) > 0;

  /** Whether a reading may change a game: it plays the game with rules that differ on a knob the game reads. */
  const readingReaches = (index: number, next: Explanation): boolean => {
    const item = games[index]?.item;
    const read = readsOf(index);
    const now = judgements[index];
    const under = item === undefined ? undefined : settingsUnder(item, next.profile);
    if (now === undefined || under === undefined || read === undefined) return now !== undefined || under !== undefined;
    return read.some((path) => !sameJson(knobAt(now.request.rules, path), knobAt(under.request.rules, path)));
  };

  /**
   * Whether a bug alone makes the reference play a game otherwise than the plain reference does, as the game is
   * played now; a bug that plays none of the games it is tried on otherwise changes nothing there. Known for each
   * game until the rules it is played with change (a reading of its variant joins).
   */
  const requestVersions = games.map(() => 0);
  const plainPlays = new Map<number, { version: number; reply: ReplayReply }>();
  const bugPlays = new Map<string, Map<number, { version: number; otherwise: boolean }>>();
  const playsOtherwise = (index: number, bug: KnownBug, alone: Reference): boolean => {
    const judgement = judgements[index];
    if (judgement === undefined) return false;
    if (games[index]?.item.fixture.expect.legal !== undefined) return true;
    const version = requestVersions[index] as number;
    const known = bugPlays.get(bug.name)?.get(index);
    if (known?.version === version) return known.otherwise;
    let plain = plainPlays.get(index);
    if (plain?.version !== version) {
      plain = { version, reply: replayOnReference(judgement.request) };
      plainPlays.set(index, plain);
    }
    const played = replayOnReference(judgement.request, alone);
    const otherwise = !sameStreams(plain.reply.events, played.events) || !sameJson(plain.reply.rejection, played.rejection);
    const ofBug = bugPlays.get(bug.name) ?? new Map<number, { version: number; otherwise: boolean }>();
    ofBug.set(index, { version, otherwise });
    bugPlays.set(bug.name, ofBug);
    return otherwise;
  };

  /** Each game's judgement changes its version: a hypothesis rejected on games whose versions all stand is rejected still. */
  const versions = games.map(() => 0);
  const rejected = new Map<Hypothesis, Map<number, number>>();
  const stillRejected = (hypothesis: Hypothesis): boolean => {
    const seen = rejected.get(hypothesis);
    return seen !== undefined && [...seen].every(([index, version]) => versions[index] === version);
  };
  /** Hypotheses rejected this pass that made the reference play some game otherwise: two of them may explain together what neither does alone. */
  let touching: Hypothesis[] = [];
  /**
   * The pairs to try: each hypothesis whose rule some game's first divergence shows, those of the most games first
   * (which one of those divergences calls for), with any other that changed some game, at most PAIRS of them.
   */
  const pairsToTry = (list: readonly Hypothesis[]): Step[] => {
    const firstShown = new Map<string | null, number>();
    for (const judgement of judgements) {
      const first = judgement?.divergences[0]?.divergence.rule ?? null;
      if (judgement?.divergences[0] !== undefined) firstShown.set(first, (firstShown.get(first) ?? 0) + 1);
    }
    const shownBy = (hypothesis: Hypothesis): number => firstShown.get(hypothesis.kind === 'reading' ? hypothesis.reading.rule : hypothesis.bug.rule) ?? 0;
    const firsts = list.filter((hypothesis) => shownBy(hypothesis) > 0).sort((a, b) => shownBy(b) - shownBy(a));
    const pairs = firsts.flatMap((a, i) => list.filter((b) => hypothesisKey(a) !== hypothesisKey(b) && !firsts.slice(0, i + 1).includes(b)).map((b): Step => [a, b]));
    return pairs.slice(0, PAIRS);
  };

  /**
   * The rules of the divergences a rejected hypothesis brought out, while it stays rejected: a reading that lets the
   * game go on where the engine's bug then shows (Cirulla's 15-or-match letting a 7 take 5 + 2 where the engine
   * checks rank priority for figures only) is tried beside each hypothesis of those rules.
   */
  const brought = new Map<Hypothesis, Set<string | null>>();
  /** Pairs of a rejected hypothesis and one of the rules it brought out, at most PAIRS. */
  const revealingPairs = (open: readonly Hypothesis[]): Step[] =>
    [...brought]
      .filter(([hypothesis]) => open.includes(hypothesis))
      .flatMap(([hypothesis, rules]) =>
        open.filter((other) => hypothesisKey(other) !== hypothesisKey(hypothesis) && rules.has(other.kind === 'reading' ? other.reading.rule : other.bug.rule)).map((other): Step => [hypothesis, other]),
      )
      .slice(0, PAIRS);

  /** A hypothesis's score, or undefined where it is rejected: then the games it was rejected on are remembered. */
  const score = async (hypothesis: Hypothesis): Promise<Scored | undefined> => {
    const examined = new Map<number, number>();
    let touched = false;
    const rules = new Set<string | null>();
    const scored = await scoreOn(
      [hypothesis],
      (index) => examined.set(index, versions[index] as number),
      () => {
        touched = true;
      },
      (rule) => rules.add(rule),
    );
    if (scored === undefined) rejected.set(hypothesis, examined);
    else rejected.delete(hypothesis);
    if (scored === undefined && touched) touching.push(hypothesis);
    if (scored === undefined && rules.size > 0) brought.set(hypothesis, rules);
    else brought.delete(hypothesis);
    return scored;
  };

  /**
   * The divergences a step (one hypothesis, or two that only together explain something) explains and in how many
   * games, or undefined where it adds one or explains none. `examine` hears of each game looked at, `touch` of a game
   * whose judgement the step changes, `bring` of the rule of each divergence it adds.
   */
  const scoreOn = async (step: Step, examine: (index: number) => void, touch: () => void, bring: (rule: string | null) => void = () => {}): Promise<Scored | undefined> => {
    const readingsOnly = step.every((hypothesis) => hypothesis.kind === 'reading');
    const variantsOf = new Set(step.flatMap((hypothesis) => (hypothesis.kind === 'reading' ? [hypothesis.reading.variant] : [])));
    const indices = readingsOnly ? all.filter((index) => variantsOf.has(games[index]?.item.fixture.variant as string)) : all;
    const failingGames = indices.filter(failing);
    const passingGames = indices.filter((index) => !failing(index));
    const rules = new Set(step.map((hypothesis) => (hypothesis.kind === 'reading' ? hypothesis.reading.rule : hypothesis.bug.rule)));
    const showsRule = (index: number): boolean =>
      judgements[index]?.divergences.some(({ divergence }) => rules.has(divergence.rule ?? null)) === true ||
      judgements[index]?.hidden.some(({ divergence }) => rules.has(divergence.rule ?? null)) === true;
    const likely = [...failingGames.filter(showsRule), ...failingGames.filter((game) => !showsRule(game))];
    // A bug is first played alone (its engine is loaded once for every search) on the likeliest failing games, those
    // showing its rule first: one that plays none of them otherwise cannot explain them, and its engine with the bugs
    // already named is never loaded.
    const [only] = step;
    if (step.length === 1 && only?.kind === 'bug') {
      const first = likely.slice(0, 2 * SAMPLE);
      for (const index of first) examine(index);
      const alone = await referenceWith([only.bug]).catch(() => undefined);
      if (alone === undefined || !first.some((index) => playsOtherwise(index, only.bug, alone))) return undefined;
    }
    let next: Explanation | undefined = explanation;
    for (const hypothesis of step) next = next === undefined ? undefined : await withHypothesis(next, hypothesis);
    if (next === undefined) return undefined;
    const under = next;
    const reaches = (index: number): boolean => !readingsOnly || readingReaches(index, under);
    const sample: number[] = [];
    for (const index of likely) {
      if (sample.length === SAMPLE) break;
      examine(index);
      if (reaches(index)) sample.push(index);
    }
    let explains = 0;
    let changed = 0;
    const tryOn = (list: readonly number[]): boolean => {
      for (const index of list) {
        examine(index);
        if (!reaches(index)) continue;
        const after = judge(index, under, judgements[index]);
        if (after !== judgements[index]) touch();
        const { removed, added } = changeOf(judgements[index], after, readingsOnly);
        if (added > 0) {
          const was = new Set(judgements[index]?.divergences.map(divergenceKey));
          for (const placed of after?.divergences ?? []) if (!was.has(divergenceKey(placed))) bring(placed.divergence.rule ?? null);
          return false;
        }
        explains += removed;
        if (removed > 0) changed++;
      }
      return true;
    };
    if (!tryOn(sample) || (sample.length > 0 && explains === 0)) return undefined;
    const inSample = new Set(sample);
    if (!tryOn(failingGames.filter((index) => !inSample.has(index))) || explains === 0) return undefined;
    if (!tryOn(passingGames)) return undefined;
    return { explains, games: changed };
  };

  const found: Found[] = [];
  const taken = new Set<string>();
  const hypotheses: Hypothesis[] = [...bugs.map((bug): Hypothesis => ({ kind: 'bug', bug })), ...readings.map((reading): Hypothesis => ({ kind: 'reading', reading }))];
  for (;;) {
    touching = [];
    let best: { step: Step } & Scored | undefined;
    for (const hypothesis of hypotheses) {
      if (!stillOpen(hypothesis, taken) || stillRejected(hypothesis)) continue;
      const scored = await score(hypothesis);
      tried(hypothesisName(hypothesis));
      if (scored !== undefined && (best === undefined || scored.explains > best.explains)) best = { step: [hypothesis], ...scored };
    }
    // None explains anything alone: two that each change some game may explain together (two bugs of one
    // category, a reading and a bug of one event), where each alone leaves a divergence the other causes. And
    // always: a rejected hypothesis beside one of the rules it brought out.
    const open = hypotheses.filter((hypothesis) => stillOpen(hypothesis, taken));
    const pairs = [...revealingPairs(open), ...(best === undefined ? pairsToTry(touching) : [])];
    for (const pair of pairs) {
      const scored = await scoreOn(pair, () => {}, () => {});
      tried(pair.map(hypothesisName).join(' with '));
      if (scored !== undefined && (best === undefined || scored.explains > best.explains)) best = { step: pair, ...scored };
    }
    if (best === undefined) break;
    const { step, explains, games: changed } = best;
    for (const hypothesis of step) {
      const partner = step.find((other) => other !== hypothesis);
      found.push({ hypothesis, explains, games: changed, ...(partner === undefined ? {} : { with: hypothesisName(partner) }) });
      taken.add(hypothesisKey(hypothesis));
      const joined = await withHypothesis(explanation, hypothesis);
      // A bug that cannot be played with those named was scored as nothing: it is never taken, nor written.
      if (joined === undefined) throw new Error(`${hypothesisName(hypothesis)} was taken, but cannot be played with ${explanation.bugs.map((bug) => bug.name).join(', ')}`);
      explanation = joined;
    }
    const was = judgements;
    const readBy = explanation.reference;
    judgements = games.map((_, index) => judge(index, explanation));
    // The knobs a game reads stand while the reference plays the same game the same way: a reading of another
    // variant, or one the game does not read, leaves them.
    const readsStand = readBy === readsReference;
    for (const index of all) {
      if (!sameJudgement(was[index], judgements[index])) versions[index]++;
      if (!sameJson(was[index]?.request, judgements[index]?.request)) {
        requestVersions[index]++;
        reads[index] = undefined;
      } else if (!readsStand) reads[index] = undefined;
    }
    readsReference = readBy;
  }
  return { found, explanation, before, after: judgements };
}

/** A hypothesis's identity: a bug's name, or a reading's variant and knob (one value per knob). */
const hypothesisKey = (hypothesis: Hypothesis): string =>
  hypothesis.kind === 'bug' ? `bug ${hypothesis.bug.name}` : `${hypothesis.reading.variant} ${hypothesis.reading.knob}`;

/** Whether a hypothesis may still join: not taken, and no reading of the same knob taken. */
const stillOpen = (hypothesis: Hypothesis, taken: ReadonlySet<string>): boolean => !taken.has(hypothesisKey(hypothesis));

/** Whether two judgements of a game agree: the same game played, the same divergences. */
const sameJudgement = (a: GameJudgement | undefined, b: GameJudgement | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && sameJson(a.request, b.request) && sameJson(a.divergences.map(divergenceKey), b.divergences.map(divergenceKey)));
