/**
 * Engines with planted causes, for the tests of `diagnose`: the reference playing known bugs of the catalog, with
 * documented readings declared in what it plays. Test code only: nothing the package ships imports it.
 * @module
 */
import type { ResolvedVariant } from '../../reference/index.ts';
import type { Engine } from '../engines/engine.ts';
import { legalAtPositions, type Reference, replayOnReference } from '../engines/reference.ts';
import type { VariantProfile } from '../profile/profile.ts';
import type { RunItem } from '../run/replay.ts';
import { canonicalEvent } from '../verdict/equality.ts';
import type { Candidate } from './candidates.ts';
import { profileWithReadings } from './declare.ts';
import { settingsUnder } from './judge-game.ts';
import type { KnownBug } from './known-bugs.ts';
import { referenceWith } from './patched-reference.ts';

/** The variant's profile with the readings declared: what the planted engine plays. */
export const playing = (variant: string, readings: readonly Candidate[]): VariantProfile & { id: string } =>
  profileWithReadings({ variants: [{ id: variant }] }, readings).variants[0] as VariantProfile & { id: string };

/** An engine: the reference playing the bugs, with the readings declared in what it plays. */
export function plantedEngine(reference: Reference, plays: VariantProfile & { id: string }, variant: ResolvedVariant): Engine {
  const played = (request: Parameters<Engine['replay']>[0]) => {
    const item: RunItem = {
      fixture: {
        id: 'asked',
        title: '',
        variant: request.variant,
        options: request.options,
        players: request.players,
        tags: [],
        rules: [],
        provenance: { kind: 'hand-verified', reasoning: '' },
        rounds: request.rounds,
        expect: {},
        ...(request.firstDealer === undefined ? {} : { firstDealer: request.firstDealer }),
      },
      file: '',
      variant,
      rules: request.rules,
      repro: '',
    };
    return settingsUnder(item, { variants: [plays] })?.request ?? request;
  };
  return {
    name: 'planted',
    claims: true,
    replay: async (request) => replayOnReference(played(request), reference),
    legalPositions: async (request, positions) => legalAtPositions(played(request), positions, reference),
    close: async () => {},
  };
}

/** The engine of a variant that plays these bugs and readings. */
export async function engineWith(variant: ResolvedVariant, bugs: readonly KnownBug[], readings: readonly Candidate[]): Promise<Engine> {
  return plantedEngine(await referenceWith(bugs), playing(variant.id, readings), variant);
}

/** What an engine answers to each game, as the verdict compares it (an empty list of eliminated sides is none). */
export const answersOf = (engine: Engine, items: readonly RunItem[]): Promise<unknown[]> =>
  Promise.all(
    items.map(async (item) => {
      const reply = await engine.replay({ ...item.fixture, rules: item.rules });
      return { events: reply.events.map(canonicalEvent), rejection: reply.rejection };
    }),
  );
