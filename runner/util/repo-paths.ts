/**
 * Places in the package (the repository, or the installed package), found from this file's location so that
 * they do not depend on the working directory.
 * @module
 */
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file is runner/util/repo-paths.ts in the sources and dist/runner/util/repo-paths.js in the build that the
// package ships (`npm run build`): the package's root is two folders up from the one, three from the other.
const ROOT = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../' : '../../../', import.meta.url));
const inRepo = (path: string): string => join(ROOT, path);

export const SPEC_DIR = inRepo('spec');
/** The reference engine's TypeScript sources: the package ships them, so that known bugs can be played (runner/mutants/patched-reference.ts). */
export const REFERENCE_DIR = inRepo('reference');
export const VARIANTS_DIR = inRepo('variants');
export const FIXTURES_DIR = inRepo('fixtures');
export const PACKAGE_JSON = inRepo('package.json');
/**
 * Where compiled schemas are kept between runs: node_modules/.cache/scopa-conformance, of the project the
 * package is installed in (never inside the installed package), or of the repository.
 */
export const CACHE_DIR =
  basename(dirname(ROOT)) === 'node_modules' ? join(dirname(ROOT), '.cache', 'scopa-conformance') : inRepo('node_modules/.cache/scopa-conformance');

/** The folder caches are kept in: SCOPA_CONFORMANCE_CACHE where it names one, else `CACHE_DIR`; undefined where it is `off`. */
export function cacheFolder(): string | undefined {
  const folder = process.env.SCOPA_CONFORMANCE_CACHE ?? CACHE_DIR;
  return folder === 'off' ? undefined : folder;
}
