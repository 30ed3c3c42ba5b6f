import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../reference/index.ts';
import type { ReplayReply, ReplayRequest } from '../fixture/fixture.ts';
import { askingSomeTwice, isAskedTwice } from './asked-twice.ts';
import { type Engine, EngineFailure } from './engine-api.ts';

const request = (game: number): ReplayRequest => ({ variant: 'pagat', options: {}, rules: {} as ReplayRequest['rules'], players: 2, rounds: [{ decks: [[`${(game % 10) + 1}D`]], plays: [] }] });
const trail = (seat: number): GameEvent => ({ type: 'trail', seat, card: '7D' }) as GameEvent;

/** An engine that answers each game with `answer(game, call)`, call counting every replay it is asked from 0. */
function countingEngine(answer: (game: ReplayRequest, call: number) => ReplayReply): Engine & { calls: ReplayRequest[] } {
  const calls: ReplayRequest[] = [];
  return {
    name: 'counting',
    calls,
    replay: async (game) => answer(game, calls.push(game) - 1),
    close: async () => {},
  };
}

describe('a sample of replays asked twice', () => {
  test('the replays asked twice are the powers of 4 from 4: a run of n replays asks floor(log4 n) more', () => {
    expect([1, 2, 3, 4, 5, 8, 15, 16, 17, 32, 64, 256, 1024, 4096].filter(isAskedTwice)).toEqual([4, 16, 64, 256, 1024, 4096]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), (n) => {
        const asked = Array.from({ length: n }, (_, index) => index + 1).filter(isAskedTwice).length;
        expect(asked).toBe(n < 4 ? 0 : Math.floor(Math.log(n) / Math.log(4) + 1e-9));
      }),
    );
  });

  test('a deterministic engine: every answer as it gave it, each sampled request sent twice in a row, the others once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 80 }), async (n) => {
        const inner = countingEngine((game) => ({ events: [trail(game.rounds.length)] }));
        const engine = askingSomeTwice(inner);
        for (let game = 0; game < n; game++) expect(await engine.replay(request(game))).toEqual({ events: [trail(1)] });
        const twice = [4, 16, 64].filter((replay) => replay <= n);
        expect(inner.calls.length).toBe(n + twice.length);
        for (const replay of twice) {
          const at = replay - 1 + twice.indexOf(replay);
          expect(inner.calls[at + 1]).toBe(inner.calls[at]);
        }
      }),
    );
  });

  test('an engine answering the same request two ways: that replay fails naming where, with the request; the others pass', async () => {
    const engine = askingSomeTwice(countingEngine((_, call) => ({ events: [trail(0), trail(call % 2)] })));
    const outcomes: string[] = [];
    for (let game = 1; game <= 16; game++) {
      outcomes.push(
        await engine.replay(request(game)).then(
          () => 'answered',
          (error: unknown) => {
            expect(error).toBeInstanceOf(EngineFailure);
            const failure = error as EngineFailure;
            expect(failure.message).toBe('the engine is not deterministic: asked this game twice, it answered two ways (event #2 trail, then trail)');
            expect(failure.detail).toMatch(/^first: {2}event #2 \{"type":"trail","seat":([01]),"card":"7D"\}\nthen: {3}event #2 \{"type":"trail","seat":(?!\1)[01],"card":"7D"\}\n/);
            expect(failure.detail).toContain(`the request: ${JSON.stringify(request(game))}`);
            return `failed ${game}`;
          },
        ),
      );
    }
    expect(outcomes.filter((outcome) => outcome !== 'answered')).toEqual(['failed 4', 'failed 16']);
  });

  test('answers that differ past the events, or in their number, are told apart too', async () => {
    const refusing = askingSomeTwice(countingEngine((_, call) => ({ events: [], ...(call === 3 ? { rejection: { round: 1, play: 1, code: 'MUST_CAPTURE' } } : {}) }) as ReplayReply));
    const shorter = askingSomeTwice(countingEngine((_, call) => ({ events: call === 4 ? [] : [trail(0)] })));
    for (let game = 1; game <= 3; game++) {
      await refusing.replay(request(game));
      await shorter.replay(request(game));
    }
    await expect(refusing.replay(request(4))).rejects.toThrow('(the same events, and otherwise a different answer)');
    await expect(shorter.replay(request(4))).rejects.toThrow('(event #1 trail, then none)');
  });

  test("the engine's other requests, its profile and its capabilities pass through untouched", async () => {
    const legal = async () => [{ card: '7D' }];
    const inner: Engine = { name: 'full', replay: async () => ({ events: [] }), close: async () => {}, legal, legalPositions: async () => [[{ card: '1D' }]], claims: true, profile: { variants: '*' } };
    const engine = askingSomeTwice(inner);
    expect(engine.name).toBe('full');
    expect(engine.claims).toBe(true);
    expect(engine.profile).toBe(inner.profile);
    expect(await engine.legal?.(request(1))).toEqual([{ card: '7D' }]);
    expect(await engine.legalPositions?.(request(1), [{ round: 1, play: 1 }])).toEqual([[{ card: '1D' }]]);
    const bare = askingSomeTwice({ name: 'bare', replay: async () => ({ events: [] }), close: async () => {} });
    expect('legal' in bare || 'legalPositions' in bare || 'claims' in bare || 'profile' in bare).toBe(false);
  });
});
