/**
 * The one check and the one write of every file a command writes for the user: what may be replaced, and how.
 */
import { execFileSync } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Io } from './command.ts';
import { markedBy, obstacleAt, type OutputKind, outputFile, whyNotWritable, writeOutputFile } from './output-file.ts';

let dir: string;
let stderr = '';
const io = (): Io => ({ stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) }, cwd: dir, isTTY: false, env: {} });

const PROFILE: OutputKind = { flag: '--write-profile', own: { what: 'a profile diagnose wrote', isOwn: markedBy('# written by diagnose') } };
const FINDINGS: OutputKind = { flag: '--out' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scopa-output-file-'));
  await mkdir(join(dir, 'folder'));
  execFileSync('mkfifo', [join(dir, 'pipe')]);
  await symlink('/dev/null', join(dir, 'null-link'));
  await writeFile(join(dir, 'own.yaml'), '# schema line\n# written by diagnose (no reading)\nvariants: "*"\n');
  await writeFile(join(dir, 'notes.txt'), 'my notes\n');
  await writeFile(join(dir, 'marked-late.txt'), 'one\ntwo\nthree\n# written by diagnose\n');
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('whyNotWritable', () => {
  test.each([
    ['nothing there', 'new.yaml', PROFILE, false, undefined],
    ['a file the command wrote', 'own.yaml', PROFILE, false, undefined],
    ['a file it did not write', 'notes.txt', PROFILE, false, 'exists and is not a profile diagnose wrote; --force replaces it'],
    ['its mark past the first lines', 'marked-late.txt', PROFILE, false, 'exists and is not a profile diagnose wrote; --force replaces it'],
    ['a file it did not write, with --force', 'notes.txt', PROFILE, true, undefined],
    ['any file, where the command owns none', 'own.yaml', FINDINGS, false, 'exists; --force replaces it'],
    ['a directory, even with --force', 'folder', PROFILE, true, 'is a directory; give the file to write'],
    ['a FIFO, even with --force', 'pipe', PROFILE, true, 'is a FIFO (named pipe); only a regular file is written'],
    ['a link to a device, even with --force', 'null-link', FINDINGS, true, 'is a device; only a regular file is written'],
  ] as const)('%s', async (_, name, kind, force, why) => {
    expect(await whyNotWritable(join(dir, name), kind, force)).toBe(why);
  });

  test('a file holding the very text to write is no conflict; a different one is', async () => {
    expect(await whyNotWritable(join(dir, 'notes.txt'), FINDINGS, false, 'my notes\n')).toBeUndefined();
    expect(await whyNotWritable(join(dir, 'notes.txt'), FINDINGS, false, 'other\n')).toBe('exists and differs; --force replaces it');
  });

  test('asked once without --force, the obstacle says whether --force would lift it (the findings writer asks so)', async () => {
    expect(await obstacleAt(join(dir, 'notes.txt'), FINDINGS, 'other\n')).toEqual({ why: 'exists and differs; --force replaces it', forced: true });
    expect(await obstacleAt(join(dir, 'notes.txt'), FINDINGS, 'my notes\n')).toBeUndefined();
    expect(await obstacleAt(join(dir, 'folder'), FINDINGS, 'other\n')).toEqual({ why: 'is a directory; give the file to write', forced: false });
    expect(await obstacleAt(join(dir, 'pipe'), FINDINGS, 'other\n')).toEqual({ why: 'is a FIFO (named pipe); only a regular file is written', forced: false });
  });
});

describe('outputFile', () => {
  test('a usage mistake naming the option and the file, before any work', async () => {
    await expect(outputFile('notes.txt', PROFILE, io())).rejects.toThrow('--write-profile: notes.txt exists and is not a profile diagnose wrote; --force replaces it');
    await expect(outputFile('pipe', PROFILE, io(), true)).rejects.toThrow('--write-profile: pipe is a FIFO (named pipe); only a regular file is written');
    expect(await outputFile('own.yaml', PROFILE, io())).toMatchObject({ path: join(dir, 'own.yaml'), stamp: { size: 63 } });
    expect(await outputFile('new.yaml', PROFILE, io())).toStrictEqual({ path: join(dir, 'new.yaml') });
  });
});

describe('writeOutputFile', () => {
  test('a new file: written whole, no temporary file left', async () => {
    const target = await outputFile('fresh.yaml', PROFILE, io());
    expect(await writeOutputFile(target, 'text\n', 'diagnosis', io())).toBe('written');
    expect(await readFile(join(dir, 'fresh.yaml'), 'utf8')).toBe('text\n');
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  test('the same text: left as it is; another: replaced', async () => {
    const target = await outputFile('fresh.yaml', FINDINGS, io(), true);
    expect(await writeOutputFile(target, 'text\n', 'diagnosis', io())).toBe('unchanged');
    expect(await writeOutputFile(target, 'new text\n', 'diagnosis', io())).toBe('written');
    expect(await readFile(join(dir, 'fresh.yaml'), 'utf8')).toBe('new text\n');
  });

  test('a FIFO put where the file was to go while the work went on: not replaced, said so', async () => {
    stderr = '';
    const target = await outputFile('late-pipe', PROFILE, io());
    execFileSync('mkfifo', [join(dir, 'late-pipe')]);
    expect(await writeOutputFile(target, 'text\n', 'diagnosis', io())).toBeUndefined();
    expect((await lstat(join(dir, 'late-pipe'))).isFIFO()).toBe(true);
    expect(stderr).toBe('late-pipe: error: changed while the diagnosis went on: not overwritten\n');
  });
});
