/**
 * A whole diagnosis: the games (the corpus, and generated games of the engine's rules), the engine's answers to
 * them, the search for causes (search.ts), then games generated again under the explanation found (its readings
 * played by the reference with its known bugs, so that what the engine does past them shows) and the search again
 * from there, until it finds nothing more. What is left is judged as `run` judges it under the explanation: the
 * engine's other bugs, by rule.
 * @module
 */
import type { Decision, ResolvedVariant } from '../../reference/index.ts';
import type { Engine } from '../engines/engine.ts';
import { legalAtPositions, PLAIN_REFERENCE, type Reference, replayOnReference } from '../engines/reference.ts';
import type { ReplayRequest } from '../fixture/fixture.ts';
import { type KnownBugs, planFixture } from '../profile/plan.ts';
import type { EngineProfile, VariantProfile } from '../profile/profile.ts';
import type { FixtureResult } from '../run/outcome.ts';
import { type RunItem, runFixture } from '../run/replay.ts';
import { isDocumented } from './ambiguity.ts';
import { type Answers, askEngine, type LostAnswer, type UnsteadyAnswer } from './answers.ts';
import { type Candidate, candidatesOf } from './candidates.ts';
import { type DiagnosedGame, type Explanation, type GameJudgement, judgeGame, settingsUnder } from './judge-game.ts';
import { KNOWN_BUGS, type KnownBug } from './known-bugs.ts';
import { type Found, searchCauses } from './search.ts';

export interface DiagnosisSetup {
  /** `engine`: an engine under test; `recorded`: recorded fixtures, with the reference as the engine. */
  judged: 'engine' | 'recorded';
  /** The engine under test, one copy for each request it may answer at once; none for recorded fixtures. */
  engines: readonly Engine[];
  /** What the engine declares, for each variant diagnosed. */
  base: EngineProfile & { variants: VariantProfile[] };
  registry: ReadonlyMap<string, ResolvedVariant>;
  corpus: readonly RunItem[];
  /** Games generated under a profile, played by a reference (none where no games are wanted). */
  generate: (profile: EngineProfile, reference: Reference) => RunItem[];
  /** The known bugs tried (every one of the catalog, unless a test narrows them). */
  bugs?: readonly KnownBug[];
  /** Hears of what is being done, for a progress line. */
  progress?: (what: string) => void;
}

export interface DiagnosisOutcome {
  found: Found[];
  explanation: Explanation;
  /** The games judged last (the corpus and the last games generated), and their judgements before and after. */
  games: DiagnosedGame[];
  before: (GameJudgement | undefined)[];
  after: (GameJudgement | undefined)[];
  /** The corpus fixtures and generated games asked. */
  fixtures: number;
  generated: number;
  /** What the engine gave no usable answer to, did not play, or answered two ways. */
  lost: LostAnswer[];
  skipped: number;
  unsteady?: UnsteadyAnswer;
  givenUp?: boolean;
  /** Each game run as `run` runs it under the explanation: what is left. */
  results: FixtureResult[];
}

/** Why run cannot show an answer lost to a game generated under the explanation found. */
const REGENERATED = 'a game generated again under the readings and known bugs found, which run plays only with the files diagnose writes, and nothing is written';

/** How many times games are generated again under the explanation found before the diagnosis stops. */
const GENERATIONS = 3;

/** The profile whose say on what is compared (variants, players, reporting) holds for recorded fixtures. */
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

/**
 * Whether a candidate is a documented reading: a value of one of the variant's own host options (the variant's data
 * documents each), or a knob value a reading of the register names.
 */
const documented = (candidate: Candidate): boolean => candidate.knob.startsWith('options.') || isDocumented(candidate.knob, candidate.value, candidate.rule);

/** The documented readings to try for each variant diagnosed, over the games judged. */
function readingsOf(setup: DiagnosisSetup, games: readonly DiagnosedGame[]) {
  return setup.base.variants.flatMap((entry) => {
    const variant = setup.registry.get(entry.id);
    if (variant === undefined) return [];
    const played = games.filter((game) => game.item.fixture.variant === entry.id).map((game) => game.item.fixture.options);
    return candidatesOf(variant, entry, played).filter(documented);
  });
}

/** The recorded games, as diagnosed games: nothing asked, the reference plays them. */
const recordedGames = (items: readonly RunItem[]): Answers => ({ games: items.map((item) => ({ item })), skipped: 0, lost: [] });

export async function diagnose(setup: DiagnosisSetup): Promise<DiagnosisOutcome> {
  const { base, corpus } = setup;
  const bugs = setup.bugs ?? KNOWN_BUGS;
  const compared = comparedOnly(base);
  const ask = async (items: readonly RunItem[]): Promise<Answers> => {
    if (setup.judged === 'recorded') return recordedGames(items);
    let answered = 0;
    return askEngine(setup.engines, items, base, () => setup.progress?.(`asking the engine: ${++answered} of ${items.length}`));
  };
  const asked = await ask(corpus);
  let generatedItems = setup.generate(base, PLAIN_REFERENCE);
  // An engine given up on, or found unsteady, on the corpus is not asked the generated games: nothing would be explained.
  const notAsked: Answers = { games: [], skipped: 0, lost: [] };
  let generated = asked.givenUp === true || asked.unsteady !== undefined ? notAsked : await ask(generatedItems);
  const lost = [...asked.lost, ...generated.lost];
  const outcome = (rest: Pick<DiagnosisOutcome, 'found' | 'explanation' | 'games' | 'before' | 'after' | 'results'>): DiagnosisOutcome => ({
    ...rest,
    fixtures: corpus.length,
    generated: generatedItems.length,
    lost,
    skipped: asked.skipped + generated.skipped,
    ...(asked.unsteady ?? generated.unsteady ? { unsteady: asked.unsteady ?? generated.unsteady } : {}),
    ...(asked.givenUp === true || generated.givenUp === true ? { givenUp: true } : {}),
  });
  const start: Explanation = { profile: base, bugs: [], reference: PLAIN_REFERENCE };
  let games = [...asked.games, ...generated.games];
  if (asked.unsteady !== undefined || generated.unsteady !== undefined || asked.givenUp === true || generated.givenUp === true) {
    return outcome({ found: [], explanation: start, games, before: [], after: [], results: [] });
  }

  const found: Found[] = [];
  let explanation = start;
  let searched = await searchCauses(games, explanation, compared, readingsOf(setup, games), bugs, (name) => setup.progress?.(`trying ${name}`));
  let regenerated = false;
  for (let generation = 1; ; generation++) {
    found.push(...searched.found);
    explanation = searched.explanation;
    if (searched.found.length === 0 || generatedItems.length === 0 || generation === GENERATIONS) break;
    generatedItems = setup.generate(explanation.profile, explanation.reference);
    generated = await ask(generatedItems);
    lost.push(...generated.lost.map((answer) => ({ ...answer, notAskedByRun: REGENERATED })));
    games = [...asked.games, ...generated.games];
    regenerated = true;
    searched = await searchCauses(games, explanation, compared, readingsOf(setup, games), bugs, (name) => setup.progress?.(`trying ${name}`));
  }
  // The games judged last, before any cause and with those found: the search's own, unless games were made again.
  const before = regenerated ? games.map((game) => judgeGame(game, start, compared)) : searched.before;
  const results = await resultsUnder(games, explanation, compared, setup.judged);
  return outcome({ found, explanation, games, before, after: searched.after, results });
}

/** Every game run as `run` runs it with the explanation's profile and known bugs, against the engine's one answer. */
async function resultsUnder(games: readonly DiagnosedGame[], explanation: Explanation, compared: EngineProfile, judged: DiagnosisSetup['judged']): Promise<FixtureResult[]> {
  const known: KnownBugs | undefined = explanation.bugs.length === 0 ? undefined : { names: explanation.bugs.map((bug) => bug.name), reference: explanation.reference };
  const results: FixtureResult[] = [];
  for (const game of games) {
    const { item } = game;
    if (judged === 'recorded') {
      results.push(await runFixture(referencePlaying(explanation, item), item, compared));
      continue;
    }
    const plan = planFixture(item.fixture, item.variant, item.rules, explanation.profile, known);
    results.push(await runFixture(answering(game), item, explanation.profile, plan));
  }
  return results;
}

/** The engine as `runFixture` sees it for one game: whatever it is asked, its one answer to the game. */
const answering = (game: DiagnosedGame): Engine => ({
  name: 'the engine diagnosed',
  replay: async () => game.answer ?? { events: [] },
  legalPositions: async () => game.legal as Decision[][] | undefined,
  claims: true,
  close: async () => {},
});

/** The reference playing a recorded game as the explanation has it (its readings, its known bugs). */
const referencePlaying = (explanation: Explanation, item: RunItem): Engine => {
  const played = (): ReplayRequest | undefined => settingsUnder(item, explanation.profile)?.request;
  return {
    name: 'reference',
    replay: async () => {
      const request = played();
      return request === undefined ? { events: [], skipped: 'the profile does not play it' } : replayOnReference(request, explanation.reference);
    },
    legalPositions: async (_, positions) => {
      const request = played();
      return request === undefined ? undefined : legalAtPositions(request, positions, explanation.reference);
    },
    claims: true,
    close: async () => {},
  };
};
