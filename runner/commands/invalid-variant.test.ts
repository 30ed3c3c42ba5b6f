/**
 * An invalid file among the variants stops only the commands that need its variant, and validate reports its
 * problem once. The variants are read from a directory of this test's own (pagat and a broken child).
 */
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';

const VARIANTS = vi.hoisted(() => `${process.env.TMPDIR ?? '/tmp'}/scopa-invalid-variant-${process.pid}`);
vi.mock('../util/repo-paths.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../util/repo-paths.ts')>()),
  VARIANTS_DIR: VARIANTS,
}));

const FIXTURE = 'fixtures/pagat/cap-rank-priority-01.yaml';
const BAD_ERROR = `${VARIANTS}/bad.yaml:5:28: error: expected an integer, got "nine"\n`;

beforeAll(async () => {
  await mkdir(VARIANTS, { recursive: true });
  await copyFile(join(REPO_ROOT, 'variants/pagat.yaml'), join(VARIANTS, 'pagat.yaml'));
  await writeFile(join(VARIANTS, 'bad.yaml'), 'id: bad\nextends: pagat\ntitle: Broken\nsource: [test]\nrules: { deal: { handSize: nine } }\n');
});
afterAll(() => rm(VARIANTS, { recursive: true, force: true }));

describe('an invalid variant file', () => {
  test('does not stop run on fixtures of another variant', async () => {
    const { code, stdout, stderr } = await runCli(['run', '--variant', 'pagat', FIXTURE]);
    expect(stderr).toBe('');
    expect(stdout).toContain('1 fixture: 1 passed, 0 failed, 0 skipped, 0 errored');
    expect(code).toBe(0);
  });

  test('stops a command that needs its variant, with its first problem', async () => {
    const { code, stderr } = await runCli(['selfplay', '--variant', 'bad', '--games', '1']);
    expect(stderr).toBe(
      'error: variant "bad" has errors (bad.yaml:5:28: expected an integer, got "nine")\n' +
        'Run "scopa-conformance help selfplay" for usage.\n',
    );
    expect(code).toBe(2);
  });

  test('is reported once by validate, beside the fixtures it does not concern', async () => {
    const { code, stdout, stderr } = await runCli(['validate', join(VARIANTS, 'bad.yaml'), FIXTURE]);
    expect(stderr).toBe(BAD_ERROR);
    expect(stdout).toBe(`ok ${FIXTURE}\n2 files, 1 invalid\n`);
    expect(code).toBe(2);
  });

  test('is reported by variant list after the valid variants', async () => {
    const { code, stdout, stderr } = await runCli(['variant', 'list']);
    expect(stdout).toBe('pagat  Scopa (pagat.com), with primiera\n');
    expect(stderr).toBe(BAD_ERROR);
    expect(code).toBe(2);
  });
});
