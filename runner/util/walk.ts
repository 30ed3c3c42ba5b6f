/**
 * The files under a folder, as a run reads a folder of fixtures: every file whose name ends a given way, at any
 * depth, in a stable order. A link to a folder is followed only where it leads inside the folder, and each folder
 * is read once: a link to `/`, out of the folder or back up into it cannot make a walk endless or take it
 * elsewhere. Whatever has a name that ends so is listed, whatever it is or leads to: reading it says what it is.
 * @module
 */
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const inside = (root: string, path: string): boolean => {
  const fromRoot = relative(root, path);
  return fromRoot === '' || (!fromRoot.startsWith(`..${sep}`) && fromRoot !== '..' && !fromRoot.startsWith(sep));
};

/** The paths (as `folder` joined with each name) of the files under `folder` whose names end with `suffix`, sorted. */
export async function filesUnder(folder: string, suffix: string): Promise<string[]> {
  const root = await realpath(folder);
  const seen = new Set<string>([root]);
  const found: string[] = [];
  const walk = async (shown: string): Promise<void> => {
    const entries: Dirent[] = await readdir(shown, { withFileTypes: true });
    for (const entry of entries) {
      const path = join(shown, entry.name);
      let isDirectory = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        // A link to a file is listed wherever it leads (reading it checks what it is); a link to a folder is
        // followed only inside this one.
        const target = await realpath(path).catch(() => undefined);
        isDirectory = target !== undefined && (await stat(target)).isDirectory();
        if (isDirectory && (!inside(root, target as string) || seen.has(target as string))) continue;
        if (isDirectory) seen.add(target as string);
      } else if (isDirectory) {
        const real = await realpath(path);
        if (seen.has(real)) continue;
        seen.add(real);
      }
      // Whatever has the name (a FIFO, a device, a folder) is listed: reading it says why it is no file.
      if (entry.name.endsWith(suffix)) found.push(path);
      if (isDirectory) await walk(path);
    }
  };
  await walk(folder);
  return found.sort();
}
