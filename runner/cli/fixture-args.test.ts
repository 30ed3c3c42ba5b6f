import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from './cli-harness.ts';
import type { Io } from './command.ts';
import { resolveFixtureArgs } from './fixture-args.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';

const io: Io = { stdout: { write: () => true }, stderr: { write: () => true }, cwd: REPO_ROOT, isTTY: false, env: {} };
const NOT_FOUND = 'is neither a fixture file or directory nor the id of a fixture in fixtures/';

describe('fixture arguments', () => {
  test('a path is taken as it is, an id as its file under fixtures/', async () => {
    expect(await resolveFixtureArgs(['runner/testdata/run/demo', 'pagat/cap-rank-priority-01'], io)).toEqual([
      join(REPO_ROOT, 'runner/testdata/run/demo'),
      join(FIXTURES_DIR, 'pagat/cap-rank-priority-01.yaml'),
    ]);
  });

  test('an unknown id is a usage mistake naming the nearest id', async () => {
    await expect(resolveFixtureArgs(['pagat/cap-rank-priorty-01'], io)).rejects.toThrow(
      `"pagat/cap-rank-priorty-01" ${NOT_FOUND}; did you mean pagat/cap-rank-priority-01?`,
    );
  });

  test('a mistyped path under fixtures/ is matched as the id it would have', async () => {
    await expect(resolveFixtureArgs(['fixtures/pagat/cap-rank-priority-1.yaml'], io)).rejects.toThrow(
      `"fixtures/pagat/cap-rank-priority-1.yaml" ${NOT_FOUND}; did you mean pagat/cap-rank-priority-01?`,
    );
  });

  test('nothing near: no suggestion; an id never reaches outside fixtures/', async () => {
    await expect(resolveFixtureArgs(['../package'], io)).rejects.toThrow(new RegExp(`^"\\.\\./package" ${NOT_FOUND}$`));
  });

  test("with missing 'read', an unknown argument is passed on for the command's reader to report", async () => {
    expect(await resolveFixtureArgs(['no-such.yaml'], io, 'read')).toEqual([join(REPO_ROOT, 'no-such.yaml')]);
  });

  test.each([['show'], ['score'], ['run'], ['validate'], ['update', '--dry-run']])('%s takes a fixture id', async (command, ...flags) => {
    const ran = await runCli([command, 'pagat/cap-rank-priority-01', ...flags]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
  });
});
