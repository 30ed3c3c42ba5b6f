/**
 * The search for the readings that explain an engine's failures. A failure is one rule one game breaks (what the
 * report card counts); a reading explains it when, declared, the game no longer breaks that rule.
 *
 * A reading is taken for the engine's only if, declared, it explains failures, turns no pass into a failure, breaks
 * no rule the engine kept in every game of the variant, and takes failures away from more games than it adds
 * failures to without taking any away. (A game it explains a failure of may show another failure in its place: a
 * bug of the engine's that the reading's divergence hid, in a round where a play diverged and the scores were not
 * compared.) Each candidate is tried alone first; then the
 * best is declared, the others of its variant are judged again beside it, and the best of them is added, while one
 * still qualifies. A candidate is judged on the games that fail first, then on the others, a few at a time at
 * first, and dropped at the first game that shows it is not the engine's.
 * @module
 */
import type { EngineProfile, VariantProfile } from '../profile/profile.ts';
import type { Candidate } from './candidates.ts';
import { profileWithReadings } from './declare.ts';
import type { Broken, Judgement } from './judge.ts';
import type { Judges } from './judges.ts';

/** A reading found, and how many failures it explained when it was added. */
export interface Found {
  candidate: Candidate;
  explains: number;
}

export interface SearchOutcome {
  readings: Found[];
  /** What each game breaks under the base profile, and under the base profile with the readings. */
  before: Broken[];
  after: Broken[];
}

/** How a profile tried compares with the judgements it starts from. */
interface Score {
  /** Failures it takes away. */
  explained: number;
  /** Games it takes a failure away from, and games it adds failures to and takes none away from. */
  improved: number;
  worsened: number;
  /** Games it changes what is expected of, or what is played. */
  changed: number;
  /** Failures it adds of a rule no game of the variant broke before. */
  unheardOf: number;
  /** Games that passed and fail under it. */
  breaks: number;
}

const NOTHING: Score = { explained: 0, improved: 0, worsened: 0, changed: 0, unheardOf: 0, breaks: 0 };

/** Judgements against the judgements before; `known` are the rules the variant's games broke before. */
function scoreOf(before: readonly Broken[], now: readonly Judgement[], known: ReadonlySet<string | null>): Score {
  const score = { ...NOTHING };
  for (const [i, was] of before.entries()) {
    const judged = now[i] as Judgement;
    if (judged.changed) score.changed++;
    const is = judged.broken;
    // A game not judged under one of the two (not applicable, errored) is left as it was.
    if (was === undefined || is === undefined) continue;
    const explained = was.filter((rule) => !is.includes(rule)).length;
    const added = is.filter((rule) => !was.includes(rule));
    score.explained += explained;
    if (explained > 0) score.improved++;
    else if (added.length > 0) score.worsened++;
    score.unheardOf += added.filter((rule) => !known.has(rule)).length;
    if (was.length === 0 && is.length > 0) score.breaks++;
  }
  return score;
}

const sum = (a: Score, b: Score): Score => ({
  explained: a.explained + b.explained,
  improved: a.improved + b.improved,
  worsened: a.worsened + b.worsened,
  changed: a.changed + b.changed,
  unheardOf: a.unheardOf + b.unheardOf,
  breaks: a.breaks + b.breaks,
});

/**
 * A reading the engine plays explains a failure in most games it changes (the games its divergence showed in): one
 * that has changed this many games and explained a failure in fewer than a quarter of them is given up.
 */
const CHANGED_TO_TELL = 32;

/** Whether a score shows the reading is not the engine's, whatever the games not yet judged say. */
const disproved = (score: Score): boolean => score.breaks > 0 || score.unheardOf > 0 || (score.changed >= CHANGED_TO_TELL && score.improved * 4 < score.changed);

/** Whether a reading with this score over all its games is worth declaring. */
const qualifies = (score: Score): boolean => !disproved(score) && score.explained > 0 && score.improved > score.worsened;

/** Which of two qualifying scores is the better reading: more failures explained, then fewer games worsened. */
const better = (a: Score, b: Score): boolean => a.explained > b.explained || (a.explained === b.explained && a.worsened < b.worsened);

/** The first games to judge a candidate on; each batch after is twice the one before. */
const FIRST_BATCH = 16;

/**
 * Games in an order that takes every part of the list early (the corpus, each setting of generated games), so that
 * a few of them already show most readings that are not the engine's.
 */
const spread = (games: readonly number[]): number[] => {
  const stride = Math.max(1, Math.floor(Math.sqrt(games.length)));
  return Array.from({ length: stride }, (_, offset) => games.filter((_, i) => i % stride === offset)).flat();
};

/**
 * Finds the readings. `variantOf` gives each game's variant; `judges` judge the games; `candidates` are the
 * readings to try, each of one variant of `base`; `tried` is told of each once it has been tried alone.
 */
export async function searchReadings(
  judges: Judges,
  base: EngineProfile & { variants: VariantProfile[] },
  variantOf: readonly string[],
  candidates: readonly Candidate[],
  tried: (candidate: Candidate) => void = () => {},
): Promise<SearchOutcome> {
  const all = variantOf.map((_, index) => index);
  const current = (await judges.judge(base, all, true)).map((judgement) => judgement.broken);
  const before = [...current];
  const gamesOf = new Map<string, number[]>();
  for (const index of all) gamesOf.set(variantOf[index] as string, [...(gamesOf.get(variantOf[index] as string) ?? []), index]);
  const known = new Map([...gamesOf].map(([variant, games]) => [variant, new Set(games.flatMap((index) => before[index] ?? []))]));

  /** A profile's score on a variant's games, the failing ones first; undefined once it is disproved or, on the failing ones, explains nothing. */
  const scoreOn = async (profile: EngineProfile, variant: string): Promise<Score | undefined> => {
    const games = gamesOf.get(variant) ?? [];
    const failing = spread(games.filter((index) => (current[index]?.length ?? 0) > 0));
    const others = spread(games.filter((index) => (current[index]?.length ?? 0) === 0));
    let score = NOTHING;
    for (const [part, list] of [failing, others].entries()) {
      for (let from = 0, size = FIRST_BATCH; from < list.length; from += size, size *= 2) {
        const batch = list.slice(from, from + size);
        score = sum(score, scoreOf(batch.map((index) => current[index]), await judges.judge(profile, batch), known.get(variant) as Set<string | null>));
        if (disproved(score)) return undefined;
      }
      if (part === 0 && score.explained === 0) return undefined;
    }
    return score;
  };

  const scores = new Map<Candidate, Score>();
  for (const candidate of candidates) {
    const score = await scoreOn(profileWithReadings(base, [candidate]), candidate.variant);
    if (score !== undefined && qualifies(score)) scores.set(candidate, score);
    tried(candidate);
  }

  const readings: Found[] = [];
  for (;;) {
    let best: [Candidate, Score] | undefined;
    for (const entry of scores) if (best === undefined || better(entry[1], best[1])) best = entry;
    if (best === undefined) break;
    const [reading, score] = best;
    readings.push({ candidate: reading, explains: score.explained });
    const declared = readings.map((found) => found.candidate);
    const games = gamesOf.get(reading.variant) ?? [];
    const settled = await judges.judge(profileWithReadings(base, declared), games, true);
    for (const [i, index] of games.entries()) current[index] = settled[i]?.broken;
    scores.delete(reading);
    for (const candidate of [...scores.keys()]) {
      if (candidate.variant !== reading.variant) continue;
      const again = candidate.knob === reading.knob ? undefined : await scoreOn(profileWithReadings(base, [...declared, candidate]), candidate.variant);
      if (again !== undefined && qualifies(again)) scores.set(candidate, again);
      else scores.delete(candidate);
    }
  }
  return { readings, before, after: current };
}
