/**
 * An adapter in a process of its own: what it prints is kept with a failure and never reaches the runner's
 * stdout; what it does to built-ins stays in its process; a process it ends is started afresh for the next
 * request; its close is bounded; it offers legal decisions only where it has them, and plays claims where it says so.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AdapterEngine } from './adapter-engine.ts';
import { EngineFailure } from './engine-api.ts';
import { requestFor, sweepingFixture, variantRules } from '../test-helpers.ts';

const request = requestFor(sweepingFixture('pagat/two', 'two plays', 2), variantRules('pagat'));
let dir: string;

const start = (file: string, timeoutMs = 2000): Promise<AdapterEngine> =>
  AdapterEngine.start({ path: join(dir, file), name: file, timeoutMs, cwd: dir });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scopa-adapter-'));
  await writeFile(
    join(dir, 'chatty.mjs'),
    `let replays = 0;
export default {
  name: 'chatty',
  replay: async () => {
    console.log('replay', ++replays);
    if (replays === 2) process.exit(9);
    if (replays === 3) throw new Error('third time unlucky');
    return { events: [{ type: 'trail', seat: 0, card: '7D' }] };
  },
  legal: async () => [{ card: '7D' }],
  claims: true,
  close: async () => { console.log('closing'); },
};
`,
  );
  await writeFile(
    join(dir, 'patching.mjs'),
    `Array.prototype.map = () => 'patched';
Object.prototype.toString = () => 'patched';
export default { name: 'patching', replay: async () => ({ events: [1, 2].map((n) => n) }), close: () => new Promise(() => {}) };
`,
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('its output goes with its failures, its own process dies alone and is started afresh, its legal decisions are asked', async () => {
  const engine = await start('chatty.mjs');
  expect(engine.name).toBe('chatty');
  expect(engine.claims).toBe(true);
  expect(await engine.replay(request)).toEqual({ events: [{ type: 'trail', seat: 0, card: '7D' }] });
  const exited = await engine.replay(request).catch((error: unknown) => error);
  expect(exited).toBeInstanceOf(EngineFailure);
  expect((exited as EngineFailure).message).toBe('the adapter exited (code 9)');
  expect((exited as EngineFailure).detail).toContain('replay 2');
  // A fresh process: its count starts again, so this is its first replay.
  expect(await engine.replay(request)).toEqual({ events: [{ type: 'trail', seat: 0, card: '7D' }] });
  expect(await engine.legal(request)).toEqual([{ card: '7D' }]);
  expect(await engine.legalPositions(request, [{ round: 1, play: 1 }])).toBeUndefined();
  await engine.close();
});

test('what it patches stays in its process; a close that never settles is ended within the timeout', async () => {
  const engine = await start('patching.mjs', 500);
  expect(engine.claims).toBe(false);
  expect(await engine.replay(request)).toEqual({ events: 'patched' });
  expect([1, 2].map((n) => n + 1)).toEqual([2, 3]);
  const started = performance.now();
  await engine.close();
  expect(performance.now() - started).toBeLessThan(3000);
});
