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
import { changeOf, type DiagnosedGame, type Explanation, type GameJudgement, judgeGame, settingsUnder } from './judge-game.ts';
import type { KnownBug } from './known-bugs.ts';
import { knobAt, knobsRead } from './knobs-read.ts';
import { referenceWith } from './patched-reference.ts';
import type { EngineProfile } from '../profile/profile.ts';
import { sameJson } from '../verdict/equality.ts';

export type Hypothesis = { kind: 'reading'; reading: Candidate } | { kind: 'bug'; bug: KnownBug };

/** A hypothesis found: the divergences it explained when it joined the explanation, in how many games. */
export interface Found {
  hypothesis: Hypothesis;
  explains: number;
  games: number;
}

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
const SAMPLE = 16;

const hypothesisName = (hypothesis: Hypothesis): string =>
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
  let reads: (string[] | undefined)[] = [];
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

  /** The divergences `hypothesis` explains and in how many games, or undefined where it adds one or explains none. */
  const score = async (hypothesis: Hypothesis): Promise<{ explains: number; games: number } | undefined> => {
    const next = await withHypothesis(explanation, hypothesis);
    if (next === undefined) return undefined;
    const reading = hypothesis.kind === 'reading';
    const indices = reading ? (ofVariant.get(hypothesis.reading.variant) ?? []) : all;
    const reaches = (index: number): boolean => !reading || readingReaches(index, next);
    const failingGames = indices.filter(failing);
    const passingGames = indices.filter((index) => !failing(index));
    const rule = reading ? hypothesis.reading.rule : hypothesis.bug.rule;
    const showsRule = (index: number): boolean =>
      judgements[index]?.divergences.some(({ divergence }) => divergence.rule === rule) === true ||
      judgements[index]?.hidden.some(({ divergence }) => divergence.rule === rule) === true;
    const sample: number[] = [];
    for (const index of [...failingGames.filter(showsRule), ...failingGames.filter((game) => !showsRule(game))]) {
      if (sample.length === SAMPLE) break;
      if (reaches(index)) sample.push(index);
    }
    let explains = 0;
    let changed = 0;
    const tryOn = (list: readonly number[]): boolean => {
      for (const index of list) {
        if (!reaches(index)) continue;
        const after = judge(index, next, judgements[index]);
        const { removed, added } = changeOf(judgements[index], after, reading);
        if (added > 0) return false;
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
    let best: { hypothesis: Hypothesis; explains: number; games: number } | undefined;
    for (const hypothesis of hypotheses) {
      if (!stillOpen(hypothesis, taken)) continue;
      const scored = await score(hypothesis);
      tried(hypothesisName(hypothesis));
      if (scored !== undefined && (best === undefined || scored.explains > best.explains)) best = { hypothesis, ...scored };
    }
    if (best === undefined) break;
    found.push(best);
    taken.add(hypothesisKey(best.hypothesis));
    explanation = (await withHypothesis(explanation, best.hypothesis)) as Explanation;
    judgements = games.map((_, index) => judge(index, explanation));
    reads = [];
  }
  return { found, explanation, before, after: judgements };
}

/** A hypothesis's identity: a bug's name, or a reading's variant and knob (one value per knob). */
const hypothesisKey = (hypothesis: Hypothesis): string =>
  hypothesis.kind === 'bug' ? `bug ${hypothesis.bug.name}` : `${hypothesis.reading.variant} ${hypothesis.reading.knob}`;

/** Whether a hypothesis may still join: not taken, and no reading of the same knob taken. */
const stillOpen = (hypothesis: Hypothesis, taken: ReadonlySet<string>): boolean => !taken.has(hypothesisKey(hypothesis));
