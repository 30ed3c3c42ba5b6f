/**
 * The fixture arguments of a command: each an existing file or directory, else the id of a fixture in fixtures/
 * (`pagat/cap-rank-priority-01`). An argument that is neither is a usage mistake, named with the nearest id.
 * @module
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Io, UsageError } from './command.ts';
import { fixtureIdOf, listFixtureFiles } from '../load/fixtures.ts';
import { nearestValue } from '../util/nearest.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';

/**
 * The paths the arguments name, in order. With `missing: 'read'`, an argument that is neither a path nor an id is
 * passed on as a path, for the command's reader to report where it reports every unreadable file.
 */
export async function resolveFixtureArgs(args: readonly string[], io: Io, missing: 'error' | 'read' = 'error'): Promise<string[]> {
  let ids: Map<string, string> | undefined;
  const paths: string[] = [];
  for (const arg of args) {
    const asPath = resolve(io.cwd, arg);
    if (await exists(asPath)) {
      paths.push(asPath);
      continue;
    }
    ids ??= await fixtureIds();
    const file = ids.get(arg);
    if (file !== undefined) {
      paths.push(file);
      continue;
    }
    if (missing === 'read') {
      paths.push(asPath);
      continue;
    }
    // A path under fixtures/ mistyped is most likely meant as the id it would have.
    const meant = arg.replace(/^(?:.*\/)?fixtures\//, '').replace(/\.yaml$/, '');
    const nearest = nearestValue(ids.keys(), meant);
    const hint = nearest === undefined ? '' : `; did you mean ${nearest}?`;
    throw new UsageError(`"${arg}" is neither a fixture file or directory nor the id of a fixture in fixtures/${hint}`);
  }
  return paths;
}

/** Every fixture in fixtures/: its id and its file. */
async function fixtureIds(): Promise<Map<string, string>> {
  const listed = await listFixtureFiles([FIXTURES_DIR]);
  return new Map(listed.ok ? listed.value.map((file) => [fixtureIdOf(file), file]) : []);
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
