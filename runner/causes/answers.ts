/**
 * The engine's answers to the games `diagnose` judges, each asked once: the game as the engine's own profile has it
 * played (its inputs, with the options and rules the base profile plays it with), and where the fixture asks them,
 * the legal decisions at its positions. A sample of the games is asked a second time: an engine that answers the
 * same request otherwise is not deterministic, and nothing it answered can be explained. An engine that gives no
 * usable answer to the first games asked is given up on, so that a dead engine costs a bounded time.
 * @module
 */
import type { Decision } from '../../reference/index.ts';
import { checkReplyShape, type Engine, RunInterrupted } from '../engines/engine.ts';
import { type LegalPosition, type ReplayReply, type ReplayRequest, replayRequestOf, requestBefore, usesClaims } from '../fixture/fixture.ts';
import { planFixture } from '../profile/plan.ts';
import type { EngineProfile } from '../profile/profile.ts';
import type { RunItem } from '../run/replay.ts';
import { sameJson } from '../verdict/equality.ts';
import { oneLine } from '../util/one-line.ts';
import type { DiagnosedGame } from './judge-game.ts';
import { settingsUnder } from './judge-game.ts';

/** A game the engine gave no usable answer to, and why. */
export interface LostAnswer {
  id: string;
  message: string;
  /**
   * Why `run`, with the same profile, does not ask the engine this game as diagnose did, so that it cannot show the
   * answer lost; absent where it asks the very same request.
   */
  notAskedByRun?: string;
}

/** A request the engine answered two ways. */
export interface UnsteadyAnswer {
  id: string;
  request: ReplayRequest;
}

export interface Answers {
  games: DiagnosedGame[];
  /** Games the engine does not play (it skipped them, or they make claims it does not offer). */
  skipped: number;
  lost: LostAnswer[];
  /** Set when the engine answered a request two ways. */
  unsteady?: UnsteadyAnswer;
  /** Set when the engine gave no usable answer to any of the first games asked, and the rest were not asked. */
  givenUp?: boolean;
}

/** Games asked before an engine that answered none of them is given up on. */
const FIRST_ANSWERS = 8;
/** Games asked a second time, spread over the list. */
const ASKED_TWICE = 6;

/** The game the engine is asked for an item: the base profile's options and rules, or the fixture's own where it plays none. */
export const askedGame = (item: RunItem, base: EngineProfile): ReplayRequest => settingsUnder(item, base)?.request ?? replayRequestOf(item.fixture, item.rules);

type Asked = { reply: ReplayReply; legal?: Decision[][] } | { lost: string } | { skipped: true };

/** The engine's answer to one game: its reply, and its legal decisions where the fixture asks them. */
async function ask(engine: Engine, item: RunItem, request: ReplayRequest): Promise<Asked> {
  if (engine.claims !== true && usesClaims(item.fixture)) return { skipped: true };
  try {
    const reply: unknown = await engine.replay(request);
    const problem = checkReplyShape(reply);
    if (problem !== undefined) return { lost: `the engine's reply is malformed: ${problem}` };
    if ((reply as ReplayReply).skipped !== undefined) return { skipped: true };
    const positions = item.fixture.expect.legal;
    if (positions === undefined) return { reply: reply as ReplayReply };
    const legal = await legalAt(engine, request, positions);
    return legal === undefined ? { reply: reply as ReplayReply } : { reply: reply as ReplayReply, legal };
  } catch (error) {
    if (error instanceof RunInterrupted) throw error;
    return { lost: oneLine(error instanceof Error ? error.message : String(error)) };
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
 * Whether `run` under the same profile asks the engine `asked`, and why not where it does not: it asks only the games
 * that apply to the profile, each with the inputs its declared rules play, where diagnose asks every game whole.
 */
function howRunAsks(item: RunItem, asked: ReplayRequest, base: EngineProfile): Pick<LostAnswer, 'notAskedByRun'> {
  const plan = planFixture(item.fixture, item.variant, item.rules, base);
  if (plan.kind === 'not-applicable') return { notAskedByRun: `run finds it not applicable (${plan.reason})` };
  if (sameJson(replayRequestOf(plan.fixture, plan.rules), asked)) return {};
  return { notAskedByRun: 'run asks it with the inputs its declared rules play (cut where the game ends sooner, no capture named to an automatic engine)' };
}

/**
 * Asks `engines` (one or more copies of the engine, each answering one request at a time) for every item's game,
 * then a sample a second time. `progress` hears of each answer.
 */
export async function askEngine(engines: readonly Engine[], items: readonly RunItem[], base: EngineProfile, progress: () => void = () => {}): Promise<Answers> {
  const requests = items.map((item) => askedGame(item, base));
  const asked: Asked[] = new Array<Asked>(items.length);
  let next = 0;
  let givenUp = false;
  const answered = (): boolean => asked.slice(0, FIRST_ANSWERS).some((answer) => answer !== undefined && !('lost' in answer));
  await Promise.all(
    engines.map(async (engine) => {
      for (let index = next++; index < items.length; index = next++) {
        if (index >= FIRST_ANSWERS && !answered() && asked.slice(0, FIRST_ANSWERS).every((answer) => answer !== undefined)) {
          givenUp = true;
          return;
        }
        asked[index] = await ask(engine, items[index] as RunItem, requests[index] as ReplayRequest);
        progress();
      }
    }),
  );
  const games: DiagnosedGame[] = [];
  const lost: LostAnswer[] = [];
  let skipped = 0;
  for (const [index, answer] of asked.entries()) {
    const item = items[index] as RunItem;
    if (answer === undefined) continue;
    if ('skipped' in answer) skipped++;
    else if ('lost' in answer) lost.push({ id: item.fixture.id, message: answer.lost, ...howRunAsks(item, requests[index] as ReplayRequest, base) });
    else games.push({ item, asked: requests[index] as ReplayRequest, answer: answer.reply, ...(answer.legal === undefined ? {} : { legal: answer.legal }) });
  }
  const unsteady = givenUp ? undefined : await askedTwice(engines[0] as Engine, games, lost);
  return { games, skipped, lost, ...(unsteady === undefined ? {} : { unsteady }), ...(givenUp ? { givenUp } : {}) };
}

/**
 * The first of a sample of games (spread over the list) that the engine answers otherwise when asked again. A second
 * asking that gets no usable answer (the engine died, timed out) says nothing of its steadiness: it joins `lost`.
 */
async function askedTwice(engine: Engine, games: readonly DiagnosedGame[], lost: LostAnswer[]): Promise<UnsteadyAnswer | undefined> {
  const stride = Math.max(1, Math.floor(games.length / ASKED_TWICE));
  for (let index = 0; index < games.length; index += stride) {
    const game = games[index] as DiagnosedGame;
    const request = game.asked as ReplayRequest;
    const again = await ask(engine, game.item, request);
    if ('lost' in again) {
      lost.push({ id: game.item.fixture.id, message: `asked a second time: ${again.lost}`, notAskedByRun: 'run asks a game once, and the engine answered it the first time' });
      continue;
    }
    const same = 'reply' in again && sameJson(again.reply, game.answer) && sameJson(again.legal, game.legal);
    if (!same) return { id: game.item.fixture.id, request };
  }
  return undefined;
}
