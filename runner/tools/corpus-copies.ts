/**
 * Copies of the fixture corpus, for measuring how a run scales with corpus size: copy k of `fixtures/<v>/<name>.yaml`
 * is `<dir>/<v>-k<k>/<name>.yaml`, with the id its new folder gives it (a fixture outside fixtures/ is named by its
 * folder and file name), so that every copy is a valid fixture of its own.
 * @module
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_SUFFIX } from '../load/fixtures.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';

/** The id line of a fixture in either of its forms: `id: a/b` (YAML) or `"id": "a/b"` (JSON). */
const ID_LINE = /^(\s*"?id"?\s*:\s*"?)([^"\s]+)/m;

/** Writes `copies` copies of the corpus under `dir`; returns the number of fixture files written. */
export function writeCorpusCopies(dir: string, copies: number): number {
  let written = 0;
  for (const variant of readdirSync(FIXTURES_DIR, { withFileTypes: true })) {
    if (!variant.isDirectory()) continue;
    const names = readdirSync(join(FIXTURES_DIR, variant.name)).filter((name) => name.endsWith(FIXTURE_SUFFIX));
    const texts = names.map((name) => readFileSync(join(FIXTURES_DIR, variant.name, name), 'utf8'));
    for (let copy = 1; copy <= copies; copy++) {
      const folder = `${variant.name}-k${copy}`;
      mkdirSync(join(dir, folder), { recursive: true });
      for (const [index, name] of names.entries()) {
        const text = texts[index] as string;
        const renamed = text.replace(ID_LINE, (_, before: string) => `${before}${folder}/${name.slice(0, -FIXTURE_SUFFIX.length)}`);
        if (renamed === text) throw new Error(`${variant.name}/${name}: no id line found`);
        writeFileSync(join(dir, folder, name), renamed);
        written++;
      }
    }
  }
  return written;
}
