/**
 * The command line (or another TypeScript entry of the repository) as one JavaScript file, bundled by esbuild: a child
 * process starts it in about 0.15 s, where tsx takes 0.5 s or more to load the sources (its loader thread, then a
 * round trip to it for each of some 150 modules). Each module keeps its own `import.meta.url`, the URL of its source,
 * so that the bundle finds the package's data, worker threads and adapter host where the sources do and behaves
 * as they do; npm packages are imported from the repository's node_modules, which a link beside the bundle names.
 * For the tests' child processes (runner/tools/test-builds.ts) and the mutants served over the protocol
 * (runner/mutants/apply.ts), which may replace some of reference/'s sources with changed ones.
 * @module
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** The entry of the command line. */
export const CLI_ENTRY = join(REPO, 'runner', 'cli', 'bin.ts');

/**
 * Loads each TypeScript module of the repository with its `import.meta.url` written out as its source's URL, and
 * the files of reference/ named in `replaced` (by file name) with the text given there instead of their own.
 */
const asWritten = (replaced: ReadonlyMap<string, string>): Plugin => ({
  name: 'sources-as-written',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const inReference = relative(REPO, dirname(args.path)) === 'reference';
      const text = (inReference ? replaced.get(basename(args.path)) : undefined) ?? (await readFile(args.path, 'utf8'));
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
});

/**
 * Bundles `entry` into `outFile` (an ES module run by `node outFile ...`), with reference/'s files in `replaced` (file
 * name -> text) changed, and links the repository's node_modules beside it, for its imports of npm packages.
 */
export async function bundleEntry(entry: string, outFile: string, replaced: ReadonlyMap<string, string> = new Map()): Promise<void> {
  await mkdir(dirname(outFile), { recursive: true });
  await build({
    entryPoints: [entry],
    outfile: outFile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    plugins: [asWritten(replaced)],
  });
  const link = join(dirname(outFile), 'node_modules');
  if (!existsSync(link)) await symlink(join(REPO, 'node_modules'), link, 'dir');
}
