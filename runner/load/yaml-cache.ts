/**
 * The data of YAML texts parsed before, kept between runs: parsing a hand-written file costs milliseconds (300 of
 * the package's files, most of a second), and its text is the same from run to run. An entry is named by a hash of
 * the text and holds v8's serialization of the data (which keeps -0, Infinity and NaN, where JSON would not). Its
 * folder is named by a hash of the parsing module's own text (which holds every check the parse makes) and of
 * yaml's version, so that a changed parser finds none of the old entries, and removes them. Only a text that parsed
 * without a problem is kept: one with a problem is parsed again, to report it. A cache that cannot be read or
 * written is no error: the text is parsed as usual.
 * @module
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { cacheFolder } from '../util/repo-paths.ts';

const FOLDER_PREFIX = 'yaml-';

export interface YamlCache {
  /** The data the text parsed to, where it was kept. */
  get(text: string): { value: unknown } | undefined;
  /** Keeps the data a text parsed to, without a problem. */
  set(text: string, value: unknown): void;
}

const hashOf = (...parts: string[]): string => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:${part}`);
  return hash.digest('hex').slice(0, 32);
};

/**
 * The cache of the YAML the module at `parserUrl` parses; undefined where caches are off (SCOPA_CONFORMANCE_CACHE)
 * or that module's text cannot be read.
 */
export function yamlCache(parserUrl: string): YamlCache | undefined {
  const root = cacheFolder();
  if (root === undefined) return undefined;
  let parser: string;
  try {
    parser = readFileSync(fileURLToPath(parserUrl), 'utf8');
  } catch {
    return undefined;
  }
  const { version } = createRequire(import.meta.url)('yaml/package.json') as { version: string };
  const name = `${FOLDER_PREFIX}${hashOf(parser, version)}`;
  const folder = join(root, name);
  let made = existsSync(folder);
  return {
    get(text) {
      try {
        return { value: deserialize(readFileSync(join(folder, hashOf(text)))) as unknown };
      } catch {
        return undefined;
      }
    },
    set(text, value) {
      try {
        if (!made) {
          mkdirSync(folder, { recursive: true });
          made = true;
          // The entries of another parser's text are never found again.
          for (const old of readdirSync(root).filter((entry) => entry.startsWith(FOLDER_PREFIX) && entry !== name)) rmSync(join(root, old), { recursive: true, force: true });
        }
        const entry = join(folder, hashOf(text));
        const temporary = `${entry}.${process.pid}.tmp`;
        writeFileSync(temporary, serialize(value));
        renameSync(temporary, entry);
      } catch {
        // A read-only install: parsed each time.
      }
    },
  };
}
