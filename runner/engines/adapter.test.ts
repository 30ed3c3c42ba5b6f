import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { runCli } from '../cli/cli-harness.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const run = (...argv: string[]) => runCli(argv);

test('run --adapter replays fixtures through an in-process engine module', async () => {
  const { code, stdout } = await run('run', 'fixtures/pagat', '--filter', 'pagat/cap-*', '--adapter', here('../testdata/reference-adapter.ts'));
  expect(code).toBe(0);
  expect(stdout).toMatch(/\d+ fixtures: \d+ passed, 0 failed, 0 skipped, 0 errored/);
});

test('run --adapter with a module that exports no engine cannot start: exit 3', async () => {
  const { code, stderr } = await run('run', 'fixtures/pagat/cap-rank-01.yaml', '--adapter', here('./adapter.ts'));
  expect(code).toBe(3);
  expect(stderr).toContain('must default-export an Engine');
});

test('--engine and --adapter together are a usage mistake', async () => {
  const { code } = await run('run', '--engine', 'x', '--adapter', 'y');
  expect(code).toBe(2);
});
