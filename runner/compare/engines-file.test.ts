import { readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ResolvedVariant } from '../../reference/index.ts';
import { variantsOrStop } from '../cli/command.ts';
import { DEFAULT_TIMEOUT_MS } from '../engines/engine.ts';
import { loadEnginesFile, MAX_ENGINES_FILE_BYTES, profileDigest } from './engines-file.ts';

const CASES = fileURLToPath(new URL('cases/', import.meta.url));
const INVALID = join(CASES, 'invalid');
const invalidCases = readdirSync(INVALID).filter((name) => name.endsWith('.yaml'));

let variants: Map<string, ResolvedVariant>;
let dir: string;
beforeAll(async () => {
  variants = await variantsOrStop();
  dir = await mkdtemp(join(tmpdir(), 'scopa-engines-file-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('invalid engines files: one fault each, reported where it is written', () => {
  test('there are cases', () => {
    expect(invalidCases.length).toBeGreaterThanOrEqual(15);
  });

  test.each(invalidCases)('%s', async (name) => {
    const path = join(INVALID, name);
    const header = /^# expect: (\d+):(\d+) (.+)$/.exec(readFileSync(path, 'utf8').split('\n')[0] ?? '');
    if (header === null) throw new Error(`${name} does not start with "# expect: LINE:COL message"`);
    const loaded = await loadEnginesFile(path, variants, dir);
    const errors = loaded.ok ? [] : loaded.errors;
    expect(errors).toContainEqual({ file: path, line: Number(header[1]), col: Number(header[2]), message: expect.stringContaining(header[3] as string) });
  });

  test('a file larger than an engines file of 64 engines is: refused unread, at once (the parse of 200,000 engines took seconds no signal stopped)', async () => {
    const file = join(dir, 'huge.yaml');
    const entries = Array.from({ length: 40_000 }, (_, index) => `  - name: e${index}\n`).join('');
    await writeFile(file, `engines:\n${entries}`);
    const started = performance.now();
    const loaded = await loadEnginesFile(file, variants, dir);
    expect(loaded.ok ? [] : loaded.errors).toEqual([{ file, line: 0, col: 0, message: `the file is ${9 + entries.length} bytes, more than the ${MAX_ENGINES_FILE_BYTES} an engines file may be (at most 64 engines): nothing was read` }]);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('valid engines files', () => {
  test('each kind of engine, its files read from the file’s folder, its command run in the current folder', async () => {
    const folder = join(dir, 'engines');
    await mkdir(join(folder, 'profiles'), { recursive: true });
    await copyFile(join(CASES, 'profiles/pagat-last-play.yaml'), join(folder, 'profiles/last-play.yaml'));
    await writeFile(join(folder, 'adapter.ts'), 'export default {};\n');
    const file = join(folder, 'engines.yaml');
    await writeFile(
      file,
      `engines:
  - name: reference
  - name: scopa-py
    engine: python3 examples/python/scopa_engine.py
    timeout: 2.5
    validateProtocol: true
  - name: last-play
    adapter: adapter.ts
    profile: profiles/last-play.yaml
`,
    );
    const cwd = join(dir, 'elsewhere');
    const loaded = await loadEnginesFile(file, variants, cwd);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(loaded.value.map(({ name, spec }) => ({ name, spec }))).toEqual([
      { name: 'reference', spec: { kind: 'reference' } },
      { name: 'scopa-py', spec: { kind: 'stdio', command: 'python3 examples/python/scopa_engine.py', timeoutMs: 2500, validateProtocol: true, cwd } },
      { name: 'last-play', spec: { kind: 'module', path: join(folder, 'adapter.ts'), name: 'adapter.ts', timeoutMs: DEFAULT_TIMEOUT_MS } },
    ]);
    expect(loaded.value[2]?.profile).toEqual({
      path: join(folder, 'profiles/last-play.yaml'),
      file: 'profiles/last-play.yaml',
      value: { variants: [{ id: 'pagat', rules: { sweep: { lastPlay: true } } }] },
      digest: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  test('a profile\'s digest: the same for the same declarations in any order of keys, another for another declaration', () => {
    const digest = profileDigest({ variants: [{ id: 'pagat', rules: { sweep: { lastPlay: true } } }] });
    expect(profileDigest({ variants: [{ rules: { sweep: { lastPlay: true } }, id: 'pagat' }] })).toBe(digest);
    expect(profileDigest({ variants: [{ id: 'pagat', players: [2], rules: { sweep: { lastPlay: true } } }] })).not.toBe(digest);
    expect(profileDigest({ variants: [{ id: 'pagat', rules: { sweep: { lastPlay: false } } }] })).not.toBe(digest);
  });

  test('a profile with a problem is reported in the profile, at its line', async () => {
    const file = join(dir, 'engines.yaml');
    await writeFile(file, `engines:\n  - name: mine\n    engine: node mine.js\n    profile: ${join(CASES, 'profiles/no-such-variant.yaml')}\n`);
    const loaded = await loadEnginesFile(file, variants, dir);
    expect(loaded.ok ? [] : loaded.errors).toEqual([
      { file: join(CASES, 'profiles/no-such-variant.yaml'), line: 2, col: 9, message: expect.stringContaining('pagatt') },
    ]);
  });

  test('a known-bugs file: the bugs it names, each of the catalog; one that is not, where it is written', async () => {
    const bugs = join(dir, 'bugs.yaml');
    await writeFile(bugs, 'bugs: [rank-priority-ignored, rank-priority-ignord]\n');
    const file = join(dir, 'engines.yaml');
    await writeFile(file, 'engines:\n  - name: mine\n    engine: node mine.js\n    knownBugs: bugs.yaml\n');
    const loaded = await loadEnginesFile(file, variants, dir);
    expect(loaded.ok ? [] : loaded.errors).toEqual([{ file: bugs, line: 1, col: 31, message: 'no known bug is named "rank-priority-ignord"; did you mean "rank-priority-ignored"?' }]);
    await writeFile(bugs, 'bugs: [rank-priority-ignored]\n');
    const fixed = await loadEnginesFile(file, variants, dir);
    expect(fixed.ok ? fixed.value[0]?.knownBugs?.bugs.map((bug) => bug.name) : fixed.errors).toEqual(['rank-priority-ignored']);
  });
});
