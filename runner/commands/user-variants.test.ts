import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A folder of the user's own, as the current folder, away from the repository (removed after the tests). */
function userFolder(): { dir: string; run: (...argv: string[]) => ReturnType<typeof runCli> } {
  const dir = mkdtempSync(join(tmpdir(), 'user-variants-'));
  folders.push(dir);
  return { dir, run: (...argv) => runCli(argv, { cwd: dir }) };
}

describe('a variant of your own: --variants <dir>, or its file where an id is taken', () => {
  const { dir, run } = userFolder();

  test('new writes it in the current folder and names the flags that find it', async () => {
    const made = await run('new', 'house', '--extends', 'pagat');
    expect(made.code, made.stderr).toBe(0);
    expect(existsSync(join(dir, 'variants', 'house.yaml'))).toBe(true);
    expect(made.stdout).toContain('npx scopa-conformance explain house --variants variants\n');
    expect(made.stdout).toContain('npx scopa-conformance generate --variant house --seed 1 --count 50 --variants variants\n');
  });

  test('the commands that take a variant id take its file, or find it with --variants', async () => {
    expect((await run('variant', 'show', 'variants/house.yaml', '--json')).stdout).toContain('"id": "house"');
    expect((await run('variant', 'list', '--variants', 'variants')).stdout).toMatch(/^house +/m);
    expect((await run('explain', 'house', '--variants', 'variants')).stdout).toMatch(/^# .*house rules\n/);
    expect((await run('selfplay', '--variant', 'variants/house.yaml', '--games', '3')).stdout).toMatch(/^house +3 games/);

    const generated = await run('generate', '--variant', 'house', '--variants', 'variants', '--seed', '1');
    expect(generated).toEqual({ code: 0, stdout: 'wrote 1 generated fixture to fixtures/house\n', stderr: '' });
    const game = 'fixtures/house/gen-s1.yaml';
    expect(readFileSync(join(dir, game), 'utf8')).toContain('"variant": "house"');

    expect((await run('validate', 'fixtures/house', '--variants', 'variants')).stdout).toBe(`ok ${game}\n`);
    expect((await run('score', game, '--variants', 'variants')).code).toBe(0);
    expect((await run('show', game, '--variants', 'variants')).code).toBe(0);
    expect((await run('export', 'fixtures/house', '--variant', 'variants/house.yaml')).stdout).toContain('"id":"house/gen-s1"');
    const ran = await run('run', 'fixtures/house', '--variant', 'variants/house.yaml');
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^1 fixture: 1 passed/m);
    expect((await run('run', 'fixtures/house', '--variants', 'variants')).code).toBe(0);
  });

  test('without them the variant is unknown; a file that is not there, or an id given twice, is a mistake', async () => {
    const unknown = await run('run', 'fixtures/house');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown variant "house"');
    expect(await run('generate', '--variant', 'variants/castle.yaml', '--seed', '1')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: no variant file variants/castle.yaml\nRun "scopa-conformance help generate" for usage.\n',
    });
    mkdirSync(join(dir, 'copies'));
    copyFileSync(join(REPO_ROOT, 'variants', 'pagat.yaml'), join(dir, 'copies', 'pagat.yaml'));
    const twice = await run('selfplay', '--variants', 'copies', '--games', '1');
    expect(twice.code).toBe(2);
    expect(twice.stderr).toBe(`copies/pagat.yaml: error: variant "pagat" is given twice: here and in ${join(REPO_ROOT, 'variants', 'pagat.yaml')}; rename one (its file name is its id)\n`);
  });
});

describe('what generate and import write goes to the current folder (never into the installed package)', () => {
  test('generate without --out: fixtures/<variant>/ here', async () => {
    const { dir, run } = userFolder();
    expect(await run('generate', '--variant', 'pagat', '--seed', '987654')).toEqual({ code: 0, stdout: 'wrote 1 generated fixture to fixtures/pagat\n', stderr: '' });
    expect(existsSync(join(dir, 'fixtures', 'pagat', 'gen-s987654.yaml'))).toBe(true);
    expect(existsSync(join(REPO_ROOT, 'fixtures', 'pagat', 'gen-s987654.yaml'))).toBe(false);
  });

  test('import without --out: fixtures/<variant>/ here', async () => {
    const { dir, run } = userFolder();
    const imported = await run('import', join(REPO_ROOT, 'runner/testdata/import/sample.jsonl'));
    expect(imported).toEqual({ code: 0, stdout: 'wrote fixtures/pagat/rec-sample-1.yaml\nwrote fixtures/anycard/rec-sample-2.yaml\n', stderr: '' });
    expect(existsSync(join(dir, 'fixtures', 'anycard', 'rec-sample-2.yaml'))).toBe(true);
  });
});

describe('run stops only on the fixture files it needs', () => {
  const { dir, run } = userFolder();
  mkdirSync(join(dir, 'suite', 'pagat'), { recursive: true });
  mkdirSync(join(dir, 'suite', 'escoba'), { recursive: true });
  copyFileSync(join(REPO_ROOT, 'fixtures', 'pagat', 'cap-rank-01.yaml'), join(dir, 'suite', 'pagat', 'cap-rank-01.yaml'));
  const broken = readFileSync(join(REPO_ROOT, 'fixtures', 'escoba', 'cap-compulsion-01.yaml'), 'utf8').replace(/^title: .*$/m, 'title: [broken');
  writeFileSync(join(dir, 'suite', 'escoba', 'cap-compulsion-01.yaml'), broken);
  const NOTE = 'note: 1 problem in 1 fixture file the selection leaves out (validate shows them)\n';

  test.each([
    ['--variant pagat: the broken escoba fixture is left out', ['--variant', 'pagat']],
    ['--filter pagat/*: likewise', ['--filter', 'pagat/*']],
  ])('%s', async (_, flags) => {
    const ran = await run('run', 'suite', ...flags);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: NOTE });
    expect(ran.stdout).toMatch(/^1 fixture: 1 passed/m);
  });

  test.each([
    ['--variant escoba', ['--variant', 'escoba']],
    ['no selection', []],
  ])('%s: the broken fixture stops the run', async (_, flags) => {
    const ran = await run('run', 'suite', ...flags);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toMatch(/^suite\/escoba\/cap-compulsion-01\.yaml:\d+:\d+: error: .*\n1 problem in the input files: nothing was run\n$/);
  });
});
