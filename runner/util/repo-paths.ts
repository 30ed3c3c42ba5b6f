/**
 * Places in the repository, found from this file's location so that they do not depend on the working directory.
 * @module
 */
import { fileURLToPath } from 'node:url';

const inRepo = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));

export const SPEC_DIR = inRepo('spec');
export const VARIANTS_DIR = inRepo('variants');
export const FIXTURES_DIR = inRepo('fixtures');
export const PACKAGE_JSON = inRepo('package.json');
/** Where compiled schemas are kept between runs. */
export const CACHE_DIR = inRepo('node_modules/.cache/scopa-conformance');
