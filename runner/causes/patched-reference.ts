/**
 * The reference engine playing known bugs, in process: its sources (reference/, which the package ships) with the
 * bugs' changes made, bundled into one module by esbuild and imported from memory. What `diagnose` and
 * `run --known-bugs` judge an engine against once a bug of the catalog is named, so that the next bug shows.
 * @module
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { PLAIN_REFERENCE, type Reference } from '../engines/reference.ts';
import { REFERENCE_DIR } from '../util/repo-paths.ts';
import type { Mutant } from '../mutants/catalog.ts';

/** A change to the engine's sources: a bug of the catalog, in one place or more. */
export type SourceChange = Pick<Mutant, 'name' | 'file' | 'find' | 'replace' | 'also'>;

/** Sources that serve the engine: not its tests and their helpers. */
const servesTheEngine = (name: string): boolean => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'test-helpers.ts';

let pristine: Promise<Map<string, string>> | undefined;

const readSources = async (): Promise<Map<string, string>> => {
  const names = (await readdir(REFERENCE_DIR)).filter(servesTheEngine);
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(join(REFERENCE_DIR, name), 'utf8')] as const)));
};

/** A change whose text is not found exactly once in the sources, as earlier changes left them. */
export class ChangeNotFoundError extends Error {}

/**
 * The engine's sources with the changes made, by file name; throws a ChangeNotFoundError where a change's text is
 * not found exactly once (two bugs that change the same code cannot be played together).
 */
export async function patchedSources(changes: readonly SourceChange[]): Promise<Map<string, string>> {
  pristine ??= readSources();
  const sources = new Map(await pristine);
  for (const change of changes) {
    for (const { file, find, replace } of [change, ...(change.also ?? [])]) {
      const text = sources.get(file);
      const occurrences = text === undefined ? 0 : text.split(find).length - 1;
      if (text === undefined || occurrences !== 1) {
        throw new ChangeNotFoundError(`known bug ${change.name}: the text to change occurs ${occurrences} times in reference/${file}, not once`);
      }
      sources.set(file, text.replace(find, () => replace));
    }
  }
  return sources;
}

/** Resolves the engine's sibling imports (`./capture.ts`) to the sources given, and nothing else. */
const fromSources = (sources: ReadonlyMap<string, string>): Plugin => ({
  name: 'reference-sources',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => ({ path: args.path.replace(/^\.\//, ''), namespace: 'reference' }));
    build.onLoad({ filter: /.*/, namespace: 'reference' }, (args) => {
      const contents = sources.get(args.path);
      if (contents === undefined) return { errors: [{ text: `reference/${args.path} is not one of the engine's sources` }] };
      return { contents, loader: 'ts' };
    });
  },
});

const loaded = new Map<string, Promise<Reference>>();

/** The reference engine playing every one of `changes` at once (the plain engine for none), loaded once per process. */
export function referenceWith(changes: readonly SourceChange[]): Promise<Reference> {
  if (changes.length === 0) return Promise.resolve(PLAIN_REFERENCE);
  const key = changes
    .map((change) => change.name)
    .sort()
    .join('+');
  let reference = loaded.get(key);
  if (reference === undefined) {
    reference = load(changes);
    loaded.set(key, reference);
  }
  return reference;
}

async function load(changes: readonly SourceChange[]): Promise<Reference> {
  const sources = await patchedSources(changes);
  const bundled = await build({
    stdin: { contents: sources.get('index.ts') as string, loader: 'ts', sourcefile: 'index.ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
    plugins: [fromSources(sources)],
  });
  const code = bundled.outputFiles[0]?.text ?? '';
  return (await import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Reference;
}
