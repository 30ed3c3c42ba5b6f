import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { detachedString, detachStrings } from './detached-string.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// What a run holds of each fixture to its end, measured in a child node (--expose-gc): a hand-written fixture
// padded with a 100 KB comment, checked and run 100 times (after 20 to warm up), each result held. Had the held
// names been slices of the file's text, the 100 texts (10 MB) would stay alive; as strings of their own, the held
// checks and results take a few hundred KB.
const probe = `
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { checkFixtureFile } from './runner/load/fixtures.ts';
import { loadVariantRegistry } from './runner/load/variants.ts';
import { loadRunItem } from './runner/run/corpus-items.ts';
import { runFixture } from './runner/run/replay.ts';
import { referenceEngine } from './runner/engines/engine.ts';
const registry = await loadVariantRegistry();
const dir = join(mkdtempSync(join(tmpdir(), 'scopa-held-')), 'pagat');
mkdirSync(dir);
const file = join(dir, 'cap-choice-01.yaml');
writeFileSync(file, readFileSync('fixtures/pagat/cap-choice-01.yaml', 'utf8') + '# ' + 'x'.repeat(100_000) + '\\n');
const engine = referenceEngine();
const heldAfter = async (make) => {
  for (let i = 0; i < 20; i++) await make();
  const held = [];
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 100; i++) held.push(await make());
  globalThis.gc();
  return { kb: Math.round((process.memoryUsage().heapUsed - before) / 1024), sample: held[0] };
};
const checked = await heldAfter(async () => (await checkFixtureFile(file, registry.value, false)).checked);
const results = await heldAfter(async () => runFixture(engine, await loadRunItem(file, registry.value)));
process.stdout.write(JSON.stringify({ checked: checked.kb, title: checked.sample?.title, results: results.kb, outcome: results.sample.outcome }));
`;

describe('detachedString', () => {
  test('a copy equal to the string', () => {
    const parent = `a title long enough to be cut as a slice: ${Math.random()}`;
    expect(detachedString(parent.slice(2, 40))).toBe(parent.slice(2, 40));
    expect(detachedString('')).toBe('');
    expect(detachedString('é\u0000"\\')).toBe('é\u0000"\\');
  });

  test('detachStrings: the same data, the same lists and objects, at every depth', () => {
    const list = ['a string long enough to be a slice', 3, null, true];
    const data = { title: 'x'.repeat(20), rounds: [{ plays: list }], n: 1.5 };
    const copy = structuredClone(data);
    expect(detachStrings(data)).toBe(data);
    expect(data.rounds[0]?.plays).toBe(list);
    expect(data).toEqual(copy);
    expect(detachStrings('plain')).toBe('plain');
    expect(detachStrings(undefined)).toBeUndefined();
  });

  test("what a run holds of a checked fixture, and of its result, does not keep the file's text alive", () => {
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', probe], { cwd: ROOT, encoding: 'utf8' });
    expect(child.stderr).toBe('');
    const held = JSON.parse(child.stdout) as { checked: number; title: string; results: number; outcome: string };
    expect(held.title).toBe('A 6 naming 1D + 4S (total 5) is refused with CAPTURE_WRONG_SUM');
    expect(held.outcome).toBe('passed');
    expect(held.checked).toBeLessThan(2500);
    expect(held.results).toBeLessThan(2500);
  });
});
