import { execFileSync } from 'node:child_process';
import { lstat, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FileChangedError, FileExistsError, fileStamp, MAX_FILE_BYTES, NotRegularFileError, readUserFile, writeFileSafely } from './files.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scopa-files-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('readUserFile', () => {
  test('a regular file: its text', async () => {
    await writeFile(join(dir, 'a.yaml'), 'id: a\n');
    expect(await readUserFile(join(dir, 'a.yaml'))).toEqual({ ok: true, text: 'id: a\n' });
  });

  test('a FIFO is refused at once, not waited on', async () => {
    const fifo = join(dir, 'fifo.yaml');
    execFileSync('mkfifo', [fifo]);
    expect(await readUserFile(fifo)).toEqual({ ok: false, message: 'cannot read file: it is a FIFO (named pipe), not a regular file' });
  });

  test('a directory, and a link to a device, are refused', async () => {
    expect(await readUserFile(dir)).toEqual({ ok: false, message: 'cannot read file: it is a directory, not a regular file' });
    await symlink('/dev/zero', join(dir, 'zero.yaml'));
    expect(await readUserFile(join(dir, 'zero.yaml'))).toEqual({ ok: false, message: 'cannot read file: it is a device, not a regular file' });
  });

  test('a missing file, and one over the limit', async () => {
    expect(await readUserFile(join(dir, 'none.yaml'))).toMatchObject({ ok: false, message: expect.stringMatching(/^cannot read file: ENOENT/) });
    await writeFile(join(dir, 'big.yaml'), 'x'.repeat(11));
    expect(await readUserFile(join(dir, 'big.yaml'), 10)).toEqual({ ok: false, message: 'file is 11 bytes, over the limit of 10 bytes' });
    expect(MAX_FILE_BYTES).toBe(5 * 1024 * 1024);
  });

  test('multi-byte text split across reads comes back whole', async () => {
    const text = `${'é'.repeat(70_000)}🂡\n`;
    await writeFile(join(dir, 'utf8.yaml'), text);
    expect(await readUserFile(join(dir, 'utf8.yaml'))).toEqual({ ok: true, text });
  });
});

describe('writeFileSafely', () => {
  const leftovers = async (): Promise<string[]> => (await readdir(dir)).filter((name) => name.endsWith('.tmp'));

  test('writes a new file whole, and leaves no temporary file', async () => {
    await writeFileSafely(join(dir, 'sub', 'new.yaml'), 'hello\n');
    expect(await readFile(join(dir, 'sub', 'new.yaml'), 'utf8')).toBe('hello\n');
    expect(await readdir(join(dir, 'sub'))).toEqual(['new.yaml']);
  });

  test('create: a file that exists is not replaced', async () => {
    await writeFile(join(dir, 'kept.yaml'), 'mine\n');
    await expect(writeFileSafely(join(dir, 'kept.yaml'), 'theirs\n', { create: true })).rejects.toBeInstanceOf(FileExistsError);
    expect(await readFile(join(dir, 'kept.yaml'), 'utf8')).toBe('mine\n');
    expect(await leftovers()).toEqual([]);
  });

  test('unchangedSince: a file edited after it was read is not overwritten; one left alone is', async () => {
    const path = join(dir, 'edited.yaml');
    await writeFile(path, 'as read\n');
    const stamp = await fileStamp(path);
    if (stamp === undefined) throw new Error('no stamp');
    await writeFile(path, 'the user edit\n');
    await utimes(path, new Date(), new Date(stamp.mtimeMs + 5_000));
    await expect(writeFileSafely(path, 'from update\n', { unchangedSince: stamp })).rejects.toBeInstanceOf(FileChangedError);
    expect(await readFile(path, 'utf8')).toBe('the user edit\n');
    const fresh = await fileStamp(path);
    await writeFileSafely(path, 'from update\n', { unchangedSince: fresh });
    expect(await readFile(path, 'utf8')).toBe('from update\n');
    expect(await leftovers()).toEqual([]);
  });

  test('a FIFO, a link to a device or a directory at the path is never renamed over, with any option', async () => {
    const fifo = join(dir, 'out-fifo');
    execFileSync('mkfifo', [fifo]);
    await symlink('/dev/null', join(dir, 'out-null'));
    for (const [path, kind] of [[fifo, 'a FIFO (named pipe)'], [join(dir, 'out-null'), 'a device'], [join(dir, 'sub'), 'a directory']] as const) {
      await expect(writeFileSafely(path, 'x\n')).rejects.toThrow(new NotRegularFileError(path, kind));
    }
    expect((await lstat(fifo)).isFIFO()).toBe(true);
    expect((await lstat(join(dir, 'out-null'))).isSymbolicLink()).toBe(true);
    expect(await leftovers()).toEqual([]);
  });

  test('unchangedSince: a file deleted meanwhile is not written back', async () => {
    const path = join(dir, 'deleted.yaml');
    await writeFile(path, 'x\n');
    const stamp = await fileStamp(path);
    await rm(path);
    await expect(writeFileSafely(path, 'y\n', { unchangedSince: stamp })).rejects.toThrow(`${path} changed since it was read`);
  });
});
