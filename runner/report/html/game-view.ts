/**
 * What the HTML report's game viewer shows of a failed fixture, as plain data: the game's steps (each round's
 * deal, then each play, as `positionsOf` places events), the reference engine's events (with which the viewer
 * lays out the table, hands, captures and scores), the engine's events and refusal, and each finding at its
 * step with expected against actual. Everything shown is worded here; the page's script only lays it out.
 * @module
 */
import { positionsOf, type EventPosition } from '../../verdict/positions.ts';
import type { FixtureResult, JudgedGame } from '../../run/outcome.ts';
import { playThrough } from '../../fixture/playthrough.ts';
import { divergenceSides } from '../card.ts';
import { formatDecision, formatEvent, ruleName, rulePointer } from '../divergence.ts';
import type { GameView, ViewStep } from './view-types.ts';

const keyOf = (position: EventPosition): string => `${position.round}:${position.play}`;

/** The game viewer's data for a failed result that carries its game; undefined for any other. */
export function gameViewOf(result: FixtureResult): GameView | undefined {
  if (result.outcome !== 'failed' || result.game === undefined) return undefined;
  const { request, reply } = result.game;
  const played = playThrough(request.rules, { players: request.players, firstDealer: request.firstDealer }, request.rounds);
  const referenceEvents = played.ok ? played.value.steps.flatMap((step) => step.events) : [];
  const referencePositions = positionsOf(referenceEvents);
  const enginePositions = positionsOf(reply.events);
  const referenceRefusal: { at: EventPosition; text: string } | undefined = !played.ok
    ? { at: { round: 1, play: 0 }, text: `the reference engine refuses the setup: ${played.error.code}: ${played.error.message}` }
    : played.value.refusal === undefined
      ? undefined
      : {
          at: { round: played.value.refusal.round, play: played.value.refusal.kind === 'play' ? played.value.refusal.number : 0 },
          text: `refuses it: ${played.value.refusal.error.code}: ${played.value.refusal.error.message}`,
        };
  const engineRefusal = reply.rejection === undefined ? undefined : {
    at: { round: reply.rejection.round, play: reply.rejection.play },
    text: `refuses it: ${reply.rejection.code}${reply.rejection.message === undefined ? '' : `: ${reply.rejection.message}`}`,
  };
  const findings = result.findings ?? [];

  const positions = [
    ...referencePositions,
    ...enginePositions,
    ...findings.map(({ divergence }) => divergence),
    ...(referenceRefusal === undefined ? [] : [referenceRefusal.at]),
    ...(engineRefusal === undefined ? [] : [engineRefusal.at]),
  ];
  const unique = new Map(positions.map((position) => [keyOf(position), { round: position.round, play: position.play }]));
  const ordered = [...unique.values()].sort((a, b) => a.round - b.round || a.play - b.play);
  const stepOf = new Map(ordered.map((position, index) => [keyOf(position), index]));
  const step = (position: EventPosition): number => stepOf.get(keyOf(position)) as number;

  const seatAt = new Map<string, number>();
  referenceEvents.forEach((event, i) => {
    if (event.type === 'capture' || event.type === 'trail' || event.type === 'claim') seatAt.set(keyOf(referencePositions[i] as EventPosition), event.seat);
  });
  const steps = ordered.map((position): ViewStep => ({ ...position, label: stepLabel(position, result.game as JudgedGame, seatAt.get(keyOf(position))) }));
  const sides = played.ok ? played.value.start.seats.sides : request.players;

  return {
    players: request.players,
    sides,
    steps,
    reference: {
      events: referenceEvents.map((event, i) => ({ step: step(referencePositions[i] as EventPosition), text: formatEvent(event) })),
      data: referenceEvents,
      ...(referenceRefusal === undefined ? {} : { refusal: { step: step(referenceRefusal.at), text: referenceRefusal.text } }),
    },
    engine: {
      events: reply.events.map((event, i) => ({ step: step(enginePositions[i] as EventPosition), text: formatEvent(event) })),
      ...(engineRefusal === undefined ? {} : { refusal: { step: step(engineRefusal.at), text: engineRefusal.text } }),
    },
    findings: findings.map(({ rule, divergence, report }) => ({
      step: step(divergence),
      rule: rule ?? 'no single rule',
      name: rule === null ? 'no single rule' : ruleName(rule),
      link: rulePointer(rule ?? undefined),
      ...divergenceSides(divergence),
      eventIndex: divergence.eventIndex,
      report,
    })),
  };
}

function stepLabel(position: EventPosition, game: JudgedGame, seat: number | undefined): string {
  const { round, play } = position;
  if (play === 0) return `round ${round}: the deal`;
  const decision = game.request.rounds[round - 1]?.plays[play - 1];
  const what = decision === undefined ? 'a play the fixture does not make' : formatDecision(decision, game.request.rules);
  return `round ${round}, play ${play}: ${seat === undefined ? '' : `seat ${seat} `}${what}`;
}
