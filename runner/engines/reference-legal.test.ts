/**
 * The reference engine's legal decisions at many positions of one game from one replay (`legalAtPositions`, the
 * `legal-positions` request): the same as the game cut before each play and replayed, at every position of
 * whole games of each kind of capture; also past the inputs and after a refusal. And the request served
 * over stdio.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, test, vi } from 'vitest';
import { GameSession } from '../../reference/index.ts';
import { type LegalPosition, type ReplayRequest, replayRequestOf, requestBefore } from '../fixture/fixture.ts';
import { playedFixture } from '../test-helpers.ts';
import { legalAtPositions, legalOnReference } from './reference.ts';
import { serve } from './serve.ts';

const cutAndReplayed = (request: ReplayRequest, positions: readonly LegalPosition[]) =>
  positions.map(({ round, play }) => legalOnReference(requestBefore(request, round, play)));

/** Before every play of every round, and one past each round's last play. */
const everyPosition = (request: ReplayRequest): LegalPosition[] =>
  request.rounds.flatMap((round, r) => Array.from({ length: round.plays.length + 1 }, (_, p) => ({ round: r + 1, play: p + 1 })));

describe('legal decisions at many positions from one replay', () => {
  test.each([
    ['pagat', 2, undefined],
    ['playpalace', 3, undefined],
    ['escoba', 2, 0],
    ['scopone-scientifico', 4, undefined],
    ['asso-piglia-tutto', 2, undefined],
    ['anycard-rules-page', 2, undefined],
  ])('%s, %i players, a whole game: the same as each position cut and replayed', (variant, players, firstDealer) => {
    const { fixture, rules } = playedFixture(variant, { players, seed: 5, firstDealer });
    const request = replayRequestOf(fixture, rules);
    const positions = everyPosition(request);
    expect(positions.length).toBeGreaterThan(30);
    const answers = legalAtPositions(request, positions);
    expect(answers).toEqual(cutAndReplayed(request, positions));
    expect(answers.filter((decisions) => decisions.length > 0).length).toBeGreaterThan(positions.length / 2);
  });

  test('one replay of the game answers every position it reaches: the game is started once', () => {
    const { fixture, rules } = playedFixture('pagat', { seed: 8 });
    const request = replayRequestOf(fixture, rules);
    const positions = everyPosition(request).filter(({ round, play }) => play <= (request.rounds[round - 1]?.plays.length ?? 0));
    const starts = vi.spyOn(GameSession, 'start');
    try {
      const answers = legalAtPositions(request, positions);
      expect(starts).toHaveBeenCalledTimes(1);
      expect(answers).toEqual(cutAndReplayed(request, positions));
    } finally {
      starts.mockRestore();
    }
  });

  test('positions in any order and repeated: answered in the order asked', () => {
    const { fixture, rules } = playedFixture('pagat', { rounds: 2, seed: 3 });
    const request = replayRequestOf(fixture, rules);
    const positions = [
      { round: 2, play: 4 },
      { round: 1, play: 7 },
      { round: 2, play: 4 },
      { round: 1, play: 1 },
    ];
    expect(legalAtPositions(request, positions)).toEqual(cutAndReplayed(request, positions));
  });

  test('past the inputs, and after a refusal: as the cut request answers', () => {
    const { fixture, rules } = playedFixture('pagat', { rounds: 1, plays: 6, seed: 4 });
    const request = replayRequestOf(fixture, rules);
    const positions = [
      { round: 1, play: 7 },
      { round: 1, play: 9 },
      { round: 2, play: 1 },
    ];
    expect(legalAtPositions(request, positions)).toEqual(cutAndReplayed(request, positions));
    const round = request.rounds[0];
    if (round === undefined) throw new Error('no round');
    const refused: ReplayRequest = { ...request, rounds: [{ ...round, plays: [...round.plays.slice(0, 2), { card: '99Z' }, ...round.plays.slice(3)] }] };
    const afterRefusal = [
      { round: 1, play: 2 },
      { round: 1, play: 3 },
      { round: 1, play: 5 },
    ];
    expect(legalAtPositions(refused, afterRefusal)).toEqual(cutAndReplayed(refused, afterRefusal));
  });
});

/** The answers of the reference served over stdio to these request lines, parsed. */
async function served(requests: object[]): Promise<Record<string, unknown>[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString()));
  input.end(requests.map((request) => `${JSON.stringify(request)}\n`).join(''));
  await serve(input, output, '9.9.9');
  return text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('legal-positions served over stdio', () => {
  test('offered in the hello; answered as in process; refused without positions', async () => {
    const { fixture, rules } = playedFixture('pagat', { rounds: 1, plays: 8, seed: 6 });
    const game = replayRequestOf(fixture, rules);
    const positions = [
      { round: 1, play: 8 },
      { round: 1, play: 2 },
    ];
    const [hello, answered, refused] = await served([
      { cmd: 'hello', id: 1, protocol: 1 },
      { cmd: 'legal-positions', id: 2, game, positions },
      { cmd: 'legal-positions', id: 3, game },
    ]);
    expect(hello).toMatchObject({ id: 1, capabilities: ['legal', 'legal-positions', 'table-claim'] });
    expect(answered).toEqual({ id: 2, decisions: JSON.parse(JSON.stringify(legalAtPositions(game, positions))) as unknown });
    expect(refused).toEqual({ id: 3, error: 'legal-positions needs a "game" and "positions"' });
  });
});
