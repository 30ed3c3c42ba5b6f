/**
 * `npm run build` (run by `npm pack` and `npm publish` through prepack): the package's JavaScript in dist/, with
 * the declarations of its exports, from the TypeScript sources; its exports again as CommonJS in dist/cjs/; and
 * beside the JavaScript, the files it reads from its own folder. The repository itself needs no build: it runs
 * the sources through tsx.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');
/**
 * The JavaScript as ES modules, the declarations of the exports, and the exports again as CommonJS with their
 * declarations (dist/cjs/, for the "require" conditions of package.json's exports).
 */
const PROJECTS = ['tsconfig.build.json', 'tsconfig.build-types.json', 'tsconfig.build-cjs.json'];
/**
 * What the built code reads with `new URL('./…', import.meta.url)` rather than from the package's root (spec/,
 * variants/, fixtures/, found by runner/util/repo-paths.ts): the HTML report's style and script.
 */
const ASSETS = ['runner/report/html/report.css', 'runner/report/html/viewer.js'];

function build(): number {
  rmSync(DIST, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  for (const project of PROJECTS) {
    const { status } = spawnSync(process.execPath, [tsc, '-p', project], { cwd: ROOT, stdio: 'inherit' });
    if (status !== 0) {
      process.stderr.write(`build: tsc -p ${project} failed\n`);
      return 1;
    }
  }
  for (const asset of ASSETS) {
    mkdirSync(dirname(join(DIST, asset)), { recursive: true });
    copyFileSync(join(ROOT, asset), join(DIST, asset));
  }
  // The package is "type": "module": the CommonJS build says otherwise for its own folder.
  writeFileSync(join(DIST, 'cjs', 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
  // On stderr: `npm pack --json` prints its JSON on stdout, after what prepack prints.
  process.stderr.write(`build: wrote ${DIST}\n`);
  return 0;
}

process.exitCode = build();
