/**
 * A game as the protocol sends it (spec/protocol/replay.schema.json): the fixture's inputs with the sides and the
 * laid-out deals, which the runner learns from the reference engine's deal events. A position of a game already
 * laid out (a legal request after a replay) is cut from it, without another replay.
 * @module
 */
import { startGame } from '../../reference/index.ts';
import type { ReplayRequest } from '../fixture/fixture.ts';
import { isDecision } from '../verdict/positions.ts';
import { replayOnReference } from './reference.ts';

/** The laid-out deals of each round, and before each deal of a layout how many decisions (plays and claims) the round had made. */
export interface DealtLayouts {
  layouts: Record<string, unknown>[][];
  playsBefore: number[][][];
}

/**
 * The cards of each deck order as the variant lays them out, from the reference engine's deal events: what
 * the `layouts` of a replay request carry for engines that deal their own way.
 */
export function dealtLayouts(request: ReplayRequest): DealtLayouts {
  const { events } = replayOnReference(request);
  const layouts: Record<string, unknown>[][] = request.rounds.map(() => []);
  const playsBefore: number[][][] = request.rounds.map(() => []);
  let plays = 0;
  for (const event of events) {
    if (isDecision(event)) plays++;
    if (event.type === 'redeal') {
      layouts[event.round - 1]?.push({ void: true, table: event.table });
      playsBefore[event.round - 1]?.push([0]);
    }
    if (event.type === 'deal') {
      const round = layouts[event.round - 1];
      const before = playsBefore[event.round - 1];
      if (event.deal === 1) {
        plays = 0;
        round?.push({ dealer: event.dealer, table: event.table ?? [], deals: [event.hands] });
        before?.push([0]);
      } else {
        ((round?.at(-1)?.deals ?? []) as string[][][]).push(event.hands);
        before?.at(-1)?.push(plays);
      }
    }
  }
  return { layouts, playsBefore };
}

/**
 * The layouts of a game cut short: its rounds up to `rounds`, the last of them with only the deals made by the
 * time it has made `plays` plays (a hand is dealt again as soon as the play that empties the hands is made).
 */
export function layoutsBefore({ layouts, playsBefore }: DealtLayouts, rounds: number, plays: number): Record<string, unknown>[][] {
  return layouts.slice(0, rounds).map((round, r) => {
    if (r < rounds - 1) return round;
    return round.map((layout, l) => {
      const deals = layout.deals as string[][][] | undefined;
      const reached = (playsBefore[r]?.[l] ?? []).filter((before) => before <= plays).length;
      return deals === undefined || reached === deals.length ? layout : { ...layout, deals: deals.slice(0, reached) };
    });
  });
}

/** The side of each seat, as the rules' team mode makes them. */
export function sidesOf(request: ReplayRequest): number[] {
  const started = startGame(request.rules, { players: request.players, firstDealer: request.firstDealer });
  return started.ok ? Array.from(started.value.seats.sideOf) : Array.from({ length: request.players }, (_, seat) => seat);
}

export function wireFields(request: ReplayRequest, layouts: Record<string, unknown>[][], sideOf: number[]): Record<string, unknown> {
  return {
    variant: request.variant,
    options: request.options,
    rules: request.rules,
    players: request.players,
    ...(request.firstDealer === undefined ? {} : { firstDealer: request.firstDealer }),
    sideOf,
    rounds: request.rounds.map((round, i) => ({ decks: round.decks, layouts: layouts[i] ?? [], plays: round.plays })),
  };
}

/**
 * The fields of a replay request on the wire (spec/protocol/replay.schema.json): the fixture's inputs, the sides and
 * the laid-out deals. Also the `game` of each fixture that `export` writes.
 */
export function replayFields(request: ReplayRequest): Record<string, unknown> {
  return wireFields(request, dealtLayouts(request).layouts, sidesOf(request));
}

/**
 * Whether `prefix` is the game of `whole` cut short, as `requestBefore` cuts it: the same settings and the same
 * inputs (the very same values), up to a play.
 */
export function isCutFrom(prefix: ReplayRequest, whole: ReplayRequest): boolean {
  const { rounds } = prefix;
  if (prefix.rules !== whole.rules || prefix.players !== whole.players || prefix.firstDealer !== whole.firstDealer) return false;
  if (prefix.variant !== whole.variant || prefix.options !== whole.options || rounds.length > whole.rounds.length) return false;
  return rounds.every((round, r) => {
    const full = whole.rounds[r];
    if (full === undefined || round.decks !== full.decks || round.plays.length > full.plays.length) return false;
    if (r < rounds.length - 1 && round.plays.length !== full.plays.length) return false;
    return round.plays.every((play, p) => play === full.plays[p]);
  });
}
