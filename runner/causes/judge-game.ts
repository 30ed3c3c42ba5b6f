/**
 * One game judged under an explanation: the engine's profile with the readings found declared, and the known bugs
 * named, played by the reference. Two cases:
 *
 * - An engine under test. Its one answer to the game as it was asked (the base profile's options and rules) is
 *   compared with what the reference playing the explanation does with that game, in full: every event, its
 *   refusal, the legal decisions where the fixture asks them, as far as the engine reports. A reading or a bug is
 *   what the engine does with the game it is sent.
 * - Recorded fixtures, with the reference as the engine: the expectations are what the recorded system did, and
 *   they stay; the reference plays each game as the explanation has it, and that is compared with them.
 *
 * Undefined where the game is not judged under the explanation: not applicable to its profile, or a game the
 * reference cannot start.
 * @module
 */
import type { Decision } from '../../reference/index.ts';
import { compareWithExpectations, type ComparedReply, isUnjudged, type PlacedDivergence, playEventIndex } from '../divergences/compare.ts';
import { compareLegal } from '../divergences/legal.ts';
import { legalAtPositions, type Reference, replayOnReference } from '../engines/reference.ts';
import { expectationsFromReply } from '../fixture/expectations.ts';
import { type Expectations, type ReplayReply, type ReplayRequest, replayRequestOf } from '../fixture/fixture.ts';
import { declaredSettings, inputsPlayed } from '../profile/plan.ts';
import { sameJson, sameStreams } from '../verdict/equality.ts';
import { positionsOf } from '../verdict/positions.ts';
import { type EngineProfile, reportingFor, type VariantProfile, variantProfileOf } from '../profile/profile.ts';
import type { RunItem } from '../run/replay.ts';
import type { KnownBug } from './known-bugs.ts';

/** What the engine's profile declares, with the readings found merged in, and the known bugs named. */
export interface Explanation {
  profile: EngineProfile & { variants: VariantProfile[] };
  bugs: readonly KnownBug[];
  /** The reference playing `bugs`. */
  reference: Reference;
}

/** A game `diagnose` judges, with what the engine answered to it (an engine under test). */
export interface DiagnosedGame {
  item: RunItem;
  /** The game as the engine was asked it; undefined for recorded fixtures. */
  asked?: ReplayRequest;
  answer?: ReplayReply;
  /** The engine's legal decisions at the fixture's `expect.legal` positions, in its game; undefined where not asked or not offered. */
  legal?: readonly (readonly Decision[])[];
}

export interface GameJudgement extends ComparedReply {
  /** The game as the reference played it under the explanation: its rules, what it did, and the last round it reached. */
  request: ReplayRequest;
  played: ReplayReply;
  rounds: number;
}

/** The rules a game is played with under a profile, and its options; undefined where the profile does not play it. */
export function settingsUnder(item: RunItem, profile: EngineProfile): { declared: VariantProfile; request: ReplayRequest } | undefined {
  const { fixture } = item;
  const declared = variantProfileOf(profile, fixture.variant);
  if (declared === undefined || (declared.players !== undefined && !declared.players.includes(fixture.players))) return undefined;
  const settings = declaredSettings(fixture, item.variant, item.rules, declared);
  if (settings.kind === 'not-applicable') return undefined;
  return { declared, request: replayRequestOf({ ...fixture, options: settings.options }, settings.rules) };
}

/**
 * The game judged under `explanation`; `compared` is the profile whose reporting is compared for recorded fixtures.
 * `known` is its judgement under another explanation, kept where the reference plays the same game the same way.
 */
export function judgeGame(game: DiagnosedGame, explanation: Explanation, compared: EngineProfile, known?: GameJudgement): GameJudgement | undefined {
  const under = settingsUnder(game.item, explanation.profile);
  if (under === undefined) return undefined;
  const { request, declared } = under;
  const played = replayOnReference(request, explanation.reference);
  const sameGame = known !== undefined && game.item.fixture.expect.legal === undefined && sameJson(known.request, request);
  if (sameGame && sameStreams(known.played.events, played.events) && sameJson(known.played.rejection, played.rejection)) return known;
  const rounds = positionsOf(played.events).at(-1)?.round ?? 1;
  const { fixture } = game.item;
  if (game.answer === undefined) {
    const reporting = reportingFor(compared, variantProfileOf(compared, fixture.variant));
    return { ...compareWithExpectations(fixture, played, request.rules, reporting), request, played, rounds };
  }
  const expect = expectationsFromReply(request, played) ?? refusedAtStart(played);
  if (expect === undefined) return undefined;
  const expected = { ...fixture, options: request.options, rounds: inputsPlayed(fixture.rounds, played.events), expect };
  const judged = compareWithExpectations(expected, game.answer, request.rules, reportingFor(explanation.profile, declared));
  const positions = fixture.expect.legal;
  if (positions === undefined || game.legal === undefined) return { ...judged, request, played, rounds };
  const decisions = legalAtPositions(request, positions, explanation.reference);
  const legal = positions.flatMap((position, i): PlacedDivergence[] => {
    const at = Math.max(0, playEventIndex(game.answer?.events ?? [], position.round, position.play));
    const divergence = compareLegal({ ...position, decisions: decisions[i] ?? [] }, game.legal?.[i] ?? [], request.rules, at);
    return divergence === null ? [] : [{ divergence, phase: 'play' }];
  });
  return { ...judged, divergences: [...judged.divergences, ...legal], request, played, rounds };
}

/**
 * What is expected of a game the reference refuses to start under the explanation (a first dealer the rules want
 * given, and none is): that refusal, and nothing else.
 */
function refusedAtStart(played: ReplayReply): Expectations | undefined {
  const { rejection } = played;
  if (rejection === undefined) return undefined;
  return { events: { match: 'all', list: played.events }, reject: { round: rejection.round, play: rejection.play, code: rejection.code } };
}

/** What identifies a divergence across explanations: its rule (or kind) and its round, one per both. */
export const divergenceKey = ({ divergence }: PlacedDivergence): string => `${divergence.rule ?? divergence.kind}@${divergence.round}`;

/** The rules whose divergence says the engine seats the game otherwise: who deals, who leads, whose turn it is. */
const SEATING_RULES: ReadonlySet<string> = new Set(['DEAL-DEALER', 'DEAL-FIRST-PLAYER', 'PLAY-TURN']);

/** How an explanation changes a game's judgement: the divergences it removes, and those it adds. */
export interface Change {
  removed: number;
  added: number;
}

/**
 * How judging a game under a new explanation (`after`) changes its judgement under the old (`before`). A divergence
 * is removed when the new one judges where it was and no longer has it (a round the game no longer reaches, or a part
 * an earlier divergence now decides, explains nothing); added when the old had neither it nor an unjudged part where
 * it lies. A game that failed before and is not judged after counts as an addition: nothing is explained by no longer
 * judging it. One that passed before and is not judged after (its own options contradict a reading: an automatic
 * capture where the reading lets a player trail) neither adds nor removes: the hypothesis says nothing of it. With
 * `seated` (a reading), a divergence removed where its round's seating already differs (who deals, who leads, whose
 * turn it is) is not counted: a reading must also predict who deals and leads.
 */
export function changeOf(before: GameJudgement | undefined, after: GameJudgement | undefined, seated: boolean): Change {
  if (before === undefined) return { removed: 0, added: after?.divergences.length ?? 0 };
  if (after === undefined) return { removed: 0, added: before.divergences.length };
  const was = new Set(before.divergences.map(divergenceKey));
  const is = new Set(after.divergences.map(divergenceKey));
  // Where the seating already differs at or before a divergence's place, a reading does not predict the game there.
  const seatings = after.divergences.filter(({ divergence }) => divergence.rule !== undefined && SEATING_RULES.has(divergence.rule)).map(({ divergence }) => divergence);
  const unseated = (at: { round: number; play: number }): boolean => seatings.some((seating) => seating.round === at.round && seating.play <= at.play);
  let removed = 0;
  let added = 0;
  for (const placed of before.divergences) {
    if (is.has(divergenceKey(placed))) continue;
    // Where the new judgement does not judge that part (a round the game no longer reaches, a part an earlier
    // divergence decides), the divergence is not explained, only no longer seen.
    const judged = placed.divergence.round <= after.rounds && !isUnjudged(after.unjudged, placed);
    if (judged && !(seated && unseated(placed.divergence))) removed++;
  }
  for (const placed of after.divergences) if (!was.has(divergenceKey(placed)) && !isUnjudged(before.unjudged, placed)) added++;
  return { removed, added };
}
