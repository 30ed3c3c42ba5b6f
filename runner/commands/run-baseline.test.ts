import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';

/** pass-01..03 pass on the reference engine; fail-01 expects a sweep left out, at round 1, play 3. */
const DEMO = 'runner/testdata/run/demo';
const THROWS = join(REPO_ROOT, 'runner/testdata/hostile/adapters/throws-a-string.mjs');
const FAIL_01 = 'SWEEP-POINT: round 1 play 3: expected trail {seat: 1, card: 9D}, got sweep {seat: 0, points: 1}';
const COUNTS = /^4 fixtures: 3 passed, 1 failed, 1 expected to fail, 0 skipped, 0 errored /m;

describe('run --write-expect-fail', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'run-baseline-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('a text list of the failures, each with its rule and one line; a run with it exits 0', async () => {
    const file = join(dir, 'known.txt');
    const written = await runCli(['run', DEMO, '--write-expect-fail', file]);
    expect(written.code).toBe(1);
    expect(written.stdout).toMatch(/^FAIL {2}demo\/fail-01: /m);
    expect(written.stderr).toBe(`wrote 1 expected failure to ${file}\n`);
    expect(await readFile(file, 'utf8')).toBe(
      [
        '# Expected failures of the reference engine: 1 fixture,',
        '# written by scopa-conformance run --write-expect-fail; read by run --expect-fail.',
        `demo/fail-01 ${FAIL_01}`,
        '',
      ].join('\n'),
    );
    const rerun = await runCli(['run', DEMO, '--expect-fail', file]);
    expect(rerun.code).toBe(0);
    expect(rerun.stdout).toMatch(COUNTS);
  });

  test('a .yaml file gets a YAML map; an existing list is rewritten from the run', async () => {
    const file = join(dir, 'known.yaml');
    await writeFile(file, 'demo/pass-02: thought broken\n');
    const written = await runCli(['run', DEMO, '--expect-fail', file, '--write-expect-fail', file]);
    expect(written.code).toBe(1);
    expect(written.stdout).toMatch(/^XPASS demo\/pass-02: /m);
    expect(await readFile(file, 'utf8')).toBe(
      [
        '# Expected failures of the reference engine: 1 fixture,',
        '# written by scopa-conformance run --write-expect-fail; read by run --expect-fail.',
        `demo/fail-01: ${JSON.stringify(FAIL_01)}`,
        '',
      ].join('\n'),
    );
    const rerun = await runCli(['run', DEMO, '--expect-fail', file]);
    expect(rerun.code).toBe(0);
    expect(rerun.stdout).toMatch(COUNTS);
  });

  test('errors are listed too, with what the engine did', async () => {
    const file = join(dir, 'errors.txt');
    const argv = ['run', DEMO, '--filter', 'demo/pass-0?', '--adapter', THROWS];
    const written = await runCli([...argv, '--write-expect-fail', file]);
    expect(written.code).toBe(3);
    expect((await readFile(file, 'utf8')).split('\n').slice(2)).toEqual([
      'demo/pass-01 errored: the adapter threw a string, not an Error',
      'demo/pass-02 errored: the adapter threw a string, not an Error',
      'demo/pass-03 errored: the adapter threw a string, not an Error',
      '',
    ]);
    expect((await runCli([...argv, '--expect-fail', file])).code).toBe(0);
  }, 30_000);

  test('no failure: a list with no entry, which a run reads as such', async () => {
    const file = join(dir, 'none.txt');
    expect((await runCli(['run', DEMO, '--filter', 'demo/pass-*', '--write-expect-fail', file])).stderr).toBe(`wrote 0 expected failures to ${file}\n`);
    expect((await readFile(file, 'utf8')).split('\n')[0]).toBe('# Expected failures of the reference engine: 0 fixtures,');
    expect((await runCli(['run', DEMO, '--filter', 'demo/pass-*', '--expect-fail', file])).code).toBe(0);
  });

  test.each([
    ['changed', '# Expected failures of the reference engine: 0 fixtures,\n# written by scopa-conformance run --write-expect-fail; read by run --expect-fail.\n'],
    ['made', undefined],
  ])('a file %s while the run goes on is not overwritten: exit 2', async (name, before) => {
    const file = join(dir, `${name}.txt`);
    if (before !== undefined) await writeFile(file, before);
    // An engine that writes the file while it replays, as an editor saving it would.
    const adapter = join(dir, `${name}-adapter.mjs`);
    await writeFile(adapter, `import { writeFileSync } from 'node:fs';\nexport default { name: 'writer', replay: async () => { writeFileSync(${JSON.stringify(file)}, 'edited during the run\\n'); return { events: [] }; }, close: async () => {} };\n`);
    const ran = await runCli(['run', DEMO, '--filter', 'demo/pass-01', '--adapter', adapter, '--write-expect-fail', file]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(`${file}: error: changed while the run went on: not overwritten\n`);
    expect(await readFile(file, 'utf8')).toBe('edited during the run\n');
    expect((await readdir(dir)).filter((entry) => entry.endsWith('.tmp'))).toEqual([]);
  }, 30_000);

  test('a file run did not write is replaced only with --force, or where --expect-fail reads it', async () => {
    const file = join(dir, 'notes.txt');
    await writeFile(file, 'my notes\n');
    const refused = await runCli(['run', DEMO, '--write-expect-fail', file]);
    expect(refused).toEqual({ code: 2, stdout: '', stderr: `error: --write-expect-fail: ${file} exists and is not an expect-fail list run wrote; --force replaces it\nRun "scopa-conformance help run" for usage.\n` });
    expect(await readFile(file, 'utf8')).toBe('my notes\n');
    expect((await runCli(['run', DEMO, '--write-expect-fail', file, '--force'])).code).toBe(1);
    expect(await readFile(file, 'utf8')).toMatch(/^# Expected failures of the reference engine: 1 fixture,\n/);
    expect(await runCli(['run', DEMO, '--force'])).toMatchObject({ code: 2, stderr: expect.stringContaining('error: --force goes with --reporter html, --write-expect-fail or --write-findings\n') });
  });

  test.each([
    [['--bail'], '--write-expect-fail lists every failure of a whole run: not with --bail'],
    [[], '--write-expect-fail: runner is a directory; give the file to write'],
  ])('a usage mistake (%j): exit 2, nothing run', async (flags, message) => {
    const ran = await runCli(['run', DEMO, ...flags, '--write-expect-fail', 'runner']);
    expect(ran).toEqual({ code: 2, stdout: '', stderr: `error: ${message}\nRun "scopa-conformance help run" for usage.\n` });
  });
});
