import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../cli/cli-harness.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function corpusCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-update-'));
  made.push(dir);
  for (const file of ['pagat/gen-s1.yaml', 'pagat/cap-rank-01.yaml']) await cp(join(FIXTURES_DIR, file), join(dir, file), { recursive: true });
  return dir;
}

const update = (dir: string, env: Record<string, string> = {}) => runCli(['update', dir], { cwd: dir, env });

test('update rewrites a generated fixture whose expectations went stale, and shows the change', async () => {
  const dir = await corpusCopy();
  const file = join(dir, 'pagat/gen-s1.yaml');
  const original = await readFile(file, 'utf8');
  await writeFile(file, original.replace('"points":[5,0],"totals":[5,0]}', '"points":[5,0],"totals":[6,0]}'));
  const { code, stdout } = await update(dir);
  expect(code).toBe(0);
  expect(stdout).toContain('updated pagat/gen-s1.yaml');
  expect(stdout).toMatch(/^ {2}- +\{"type":"round-end","round":1,"points":\[5,0\],"totals":\[6,0\]\},$/m);
  expect(stdout).toMatch(/^ {2}\+ +\{"type":"round-end","round":1,"points":\[5,0\],"totals":\[5,0\]\},$/m);
  expect(stdout).toContain('1 of 1 generated fixtures changed');
  expect(await readFile(file, 'utf8')).toBe(original);
  expect((await readdir(join(dir, 'pagat'))).sort()).toEqual(['cap-rank-01.yaml', 'gen-s1.yaml']);
});

test('update never touches a hand-verified fixture', async () => {
  const dir = await corpusCopy();
  const file = join(dir, 'pagat/cap-rank-01.yaml');
  const before = await readFile(file, 'utf8');
  expect((await update(dir)).code).toBe(0);
  expect(await readFile(file, 'utf8')).toBe(before);
});

test('update refuses to run in CI', async () => {
  const dir = await corpusCopy();
  const { code, stderr } = await update(dir, { CI: 'true' });
  expect(code).toBe(2);
  expect(stderr).toContain('update does not run in CI');
});

test('a fixture update cannot write is named, the others are written, nothing claims it was updated, exit 2', async (context) => {
  const dir = await corpusCopy();
  const file = join(dir, 'pagat/gen-s1.yaml');
  const original = await readFile(file, 'utf8');
  await writeFile(file, original.replace('"points":[5,0],"totals":[5,0]}', '"points":[5,0],"totals":[6,0]}'));
  // Root may write any file: an immutable one is the one it may not replace.
  try {
    execFileSync('chattr', ['+i', file], { stdio: 'ignore' });
  } catch {
    context.skip('chattr +i is not available here: no way to make a file that cannot be replaced');
  }
  try {
    const { code, stdout, stderr } = await update(dir);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^pagat\/gen-s1\.yaml: error: cannot write: EPERM: operation not permitted, rename .*\n1 fixture not updated\n$/);
    expect(stdout).not.toContain('updated pagat/gen-s1.yaml');
    expect(await readFile(file, 'utf8')).not.toBe(original);
    expect((await readdir(join(dir, 'pagat'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  } finally {
    execFileSync('chattr', ['-i', file], { stdio: 'ignore' });
  }
});
