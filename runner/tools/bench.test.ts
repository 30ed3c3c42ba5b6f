import { expect, test } from 'vitest';
import { runWithReaderGone } from '../cli/cli-harness.ts';

test('npm run bench | head: the bench ends at once when its reader goes away, quietly, no EPIPE trace', async () => {
  const started = performance.now();
  const { code, stderr } = await runWithReaderGone(['--quick'], ['--import', 'tsx', 'runner/tools/bench.ts']);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  // The whole --quick bench takes over a minute; this one stops after its first self-play figure.
  expect(performance.now() - started).toBeLessThan(30_000);
}, 60_000);
