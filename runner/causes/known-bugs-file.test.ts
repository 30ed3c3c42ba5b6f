/**
 * Known-bugs files: what diagnose writes is what run reads; a file that does not parse, is not the shape of
 * spec/known-bugs.schema.json or names a bug the catalog does not have is an error at its line and column.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadKnownBugsFile, knownBugsYaml } from './known-bugs-file.ts';
import { KNOWN_BUGS, knownBugsNamed } from './known-bugs.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scopa-known-bugs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fileWith = async (name: string, text: string): Promise<string> => {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
};

describe('known-bugs files', () => {
  test('what knownBugsYaml writes, loadKnownBugsFile reads back: the same bugs, in order', async () => {
    const bugs = [KNOWN_BUGS[3], KNOWN_BUGS[0]].map((bug) => bug as (typeof KNOWN_BUGS)[number]);
    const path = await fileWith('written.yaml', knownBugsYaml(bugs, '../spec/known-bugs.schema.json', ['written by a test']));
    const loaded = await loadKnownBugsFile(path);
    expect(loaded).toEqual({ ok: true, value: bugs });
  });

  test('a bug the catalog does not have: its line and column, and the name it is likely to mean', async () => {
    const path = await fileWith('typo.yaml', 'bugs:\n  - remainder-to-nobody\n  - remainder-to-nobdy\n');
    expect(await loadKnownBugsFile(path)).toEqual({
      ok: false,
      errors: [{ file: path, line: 3, col: 5, message: 'no known bug is named "remainder-to-nobdy"; did you mean "remainder-to-nobody"?' }],
    });
  });

  test('not the schema\'s shape, or not YAML at all: an error where it is written', async () => {
    const shape = await loadKnownBugsFile(await fileWith('shape.yaml', 'bugs: remainder-to-nobody\n'));
    expect(shape.ok).toBe(false);
    if (!shape.ok) expect(shape.errors[0]).toMatchObject({ line: 1, col: 7 });
    const twice = await loadKnownBugsFile(await fileWith('twice.yaml', 'bugs: [remainder-to-nobody, remainder-to-nobody]\n'));
    expect(twice.ok).toBe(false);
    const broken = await loadKnownBugsFile(await fileWith('broken.yaml', 'bugs: [remainder-to-nobody\n'));
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.errors[0]?.line).toBeGreaterThan(0);
  });

  test('two bugs that change the same code of the reference: refused at the second, which names the first', async () => {
    const path = await fileWith('clash.yaml', 'bugs:\n  - remainder-to-nobody\n  - primiera-sum-of-all-cards\n  - remainder-to-dealer\n');
    expect(await loadKnownBugsFile(path)).toEqual({
      ok: false,
      errors: [
        {
          file: path,
          line: 4,
          col: 5,
          message: '"remainder-to-dealer" cannot be played together with "remainder-to-nobody" (line 2): both change the same code of the reference engine, so no engine has both; list one of them',
        },
      ],
    });
    const last = await loadKnownBugsFile(await fileWith('clash-last.yaml', 'bugs: [remainder-to-nobody, remainder-to-last-player]\n'));
    expect(last.ok ? [] : last.errors.map((error) => [error.line, error.col, error.message.split(':')[0]])).toEqual([[1, 29, '"remainder-to-last-player" cannot be played together with "remainder-to-nobody" (line 1)']]);
  });

  test('a documented reading is no bug: it is said to belong in the profile', async () => {
    const path = await fileWith('reading.yaml', 'bugs:\n  - remainder-to-nobody\n  - sweep-on-last-play\n');
    expect(await loadKnownBugsFile(path)).toEqual({
      ok: false,
      errors: [{ file: path, line: 3, col: 5, message: `"sweep-on-last-play" is a reading the ambiguity register documents (AMB-17), not a bug: declare it in the engine's profile (run --profile), where diagnose --write-profile writes it` }],
    });
  });

  test('a bug listed twice: said at the second, with the line of the first', async () => {
    const path = await fileWith('twice-lines.yaml', 'bugs:\n  - remainder-to-nobody\n  - primiera-sum-of-all-cards\n  - remainder-to-nobody\n');
    expect(await loadKnownBugsFile(path)).toEqual({
      ok: false,
      errors: [{ file: path, line: 4, col: 5, message: '"remainder-to-nobody" is listed twice (line 2 has it too); each bug once' }],
    });
  });

  test('the reference playing the bugs named, for a plan; none for no name', async () => {
    expect(await knownBugsNamed([])).toBeUndefined();
    const known = await knownBugsNamed(['remainder-to-nobody']);
    expect(known?.names).toEqual(['remainder-to-nobody']);
    expect(typeof known?.reference.GameSession).toBe('function');
    await expect(knownBugsNamed(['no-such-bug'])).rejects.toThrow('no known bug is named "no-such-bug"');
  });
});
