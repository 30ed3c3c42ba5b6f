import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { requestBefore, replayRequestOf, type ReplayRequest } from '../fixture/fixture.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { loadRunItem } from '../run/corpus-items.ts';
import { playedFixture } from '../test-helpers.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';
import { dealtLayouts, isCutFrom, layoutsBefore } from './wire-game.ts';

const registry = await loadVariantRegistry();
if (!registry.ok) throw new Error('the variants are invalid');

/** Games with redeals (void opening tables), hands dealt again within rounds, several rounds, teams. */
const FIXTURES = ['pagat/table-redeal-kings-01', 'pagat/table-redeal-kings-02', 'playpalace/table-redraw-tens-01', 'pagat/deal-dealer-01'];
const games: [string, ReplayRequest][] = [
  ...(await Promise.all(FIXTURES.map(async (id): Promise<[string, ReplayRequest]> => {
    const item = await loadRunItem(join(FIXTURES_DIR, `${id}.yaml`), registry.value);
    return [id, replayRequestOf(item.fixture, item.rules)];
  }))),
  ...(['pagat', 'escoba', 'scoparella'] as const).map((variant): [string, ReplayRequest] => {
    const { fixture, rules } = playedFixture(variant, { firstDealer: 1, rounds: 2, seed: 7 });
    return [`${variant}, 2 rounds played`, replayRequestOf(fixture, rules)];
  }),
  ((): [string, ReplayRequest] => {
    const { fixture, rules } = playedFixture('scopone-scientifico', { players: 4, firstDealer: 3, rounds: 1, seed: 3 });
    return ['scopone-scientifico, 4 players', replayRequestOf(fixture, rules)];
  })(),
];

describe('the layouts of a position, cut from the whole game', () => {
  test.each(games)('%s: at every position, the layouts a replay of the position itself gives', (_, whole) => {
    const dealt = dealtLayouts(whole);
    let positions = 0;
    for (const [r, round] of whole.rounds.entries()) {
      for (let plays = 0; plays <= round.plays.length; plays++) {
        const position = requestBefore(whole, r + 1, plays + 1);
        expect(isCutFrom(position, whole)).toBe(true);
        expect(layoutsBefore(dealt, r + 1, plays)).toEqual(dealtLayouts(position).layouts);
        positions++;
      }
    }
    expect(positions).toBeGreaterThan(whole.rounds.length);
  });

  test('a game that is not the same game cut short is not taken for one', () => {
    const [, whole] = games[0] as [string, ReplayRequest];
    const position = requestBefore(whole, 1, 2);
    expect(isCutFrom(position, whole)).toBe(true);
    expect(isCutFrom({ ...position, players: position.players + 1 }, whole)).toBe(false);
    expect(isCutFrom({ ...position, rules: { ...position.rules } }, whole)).toBe(false);
    const otherDecks = position.rounds.map((round) => ({ ...round, decks: [...round.decks] }));
    expect(isCutFrom({ ...position, rounds: otherDecks }, whole)).toBe(false);
    const otherPlay = position.rounds.map((round) => ({ ...round, plays: round.plays.map((play) => ({ ...play })) }));
    expect(isCutFrom({ ...position, rounds: otherPlay }, whole)).toBe(false);
    const longer = { ...whole, rounds: [...whole.rounds, whole.rounds[0] as ReplayRequest['rounds'][number]] };
    expect(isCutFrom(longer, whole)).toBe(false);
  });
});
