/** A folder of fixtures walked whatever its links: inside it they are followed once, out of it never. */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { filesUnder } from './walk.ts';

let dir: string;
let outside: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scopa-walk-'));
  outside = await mkdtemp(join(tmpdir(), 'scopa-walk-out-'));
  await writeFile(join(outside, 'far.yaml'), 'id: far\n');
  await mkdir(join(dir, 'a', 'b'), { recursive: true });
  await writeFile(join(dir, 'top.yaml'), '');
  await writeFile(join(dir, 'a', 'b', 'deep.yaml'), '');
  await writeFile(join(dir, 'a', 'notes.txt'), '');
  await symlink('/', join(dir, 'a', 'root'));
  await symlink(dir, join(dir, 'a', 'b', 'loop'));
  await symlink(join(dir, 'a', 'b'), join(dir, 'b-again'));
  await symlink(join(outside, 'far.yaml'), join(dir, 'far.yaml'));
  await symlink(join(dir, 'top.yaml'), join(dir, 'a', 'top-again.yaml'));
  await symlink(join(dir, 'nowhere'), join(dir, 'dangling.yaml'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

test('the files of the suffix at any depth, sorted; links to folders followed inside the folder once, never out of it', async () => {
  const files = (await filesUnder(dir, '.yaml')).map((file) => file.slice(dir.length + 1));
  // Links to files are files, a dangling one too (its reading will say why it cannot be read).
  expect(files).toEqual(['a/b/deep.yaml', 'a/top-again.yaml', 'dangling.yaml', 'far.yaml', 'top.yaml']);
});
