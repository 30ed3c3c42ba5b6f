/**
 * The package as a new user gets it: `npm pack` (which builds dist/ through prepack), the tarball's contents, and
 * the tarball installed in a fresh `npm init -y` project (CommonJS), where the CLI runs from the build, adapters
 * of that project load, outputs land in the project, and the exports import from ES modules, CommonJS and
 * TypeScript. Slow (a build, an install from npm's cache and a dozen commands): a minute or two.
 * @module
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../cli/cli-harness.ts';

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; never throws on a non-zero exit. */
function sh(command: string, args: string[], cwd: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr });
    });
  });
}

const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const SLOW = 300_000;

let work: string;
let project: string;
let packed: string[];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'scopa-package-'));
  project = join(work, 'my-engine');
  // The JSON comes after what prepack (the build) prints.
  const pack = await sh('npm', ['pack', '--json', '--pack-destination', work], REPO_ROOT);
  expect(pack.code, pack.stderr).toBe(0);
  const [info] = JSON.parse(pack.stdout.slice(pack.stdout.search(/^\[/m))) as { filename: string; files: { path: string }[] }[];
  packed = (info?.files ?? []).map((file) => file.path);
  await sh('mkdir', [project], work);
  expect((await sh('npm', ['init', '-y'], project)).code).toBe(0);
  // From the cache `npm ci` filled: the package's own dependencies are the repository's.
  const install = await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, info?.filename ?? '')], project);
  expect(install.code, install.stderr).toBe(0);
}, SLOW);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

/** `npx scopa-conformance ...` in the project, without what npm itself warns about (its configuration, say). */
async function cli(...args: string[]): Promise<Ran> {
  const ran = await sh('npx', ['--no', 'scopa-conformance', ...args], project);
  return { ...ran, stderr: ran.stderr.replace(/^npm warn .*\n/gm, '') };
}
const write = (name: string, text: string): void => writeFileSync(join(project, name), text);
const summary = (ran: Ran): string => ran.stdout.trim().split('\n').at(-1) ?? '';

describe('the tarball', () => {
  test('holds the build, the CLI and the data; no sources, tests, test data or tools', () => {
    for (const required of [
      'package.json',
      'README.md',
      'bin/scopa-conformance.js',
      'dist/runner/cli/bin.js',
      'dist/runner/run/pool-worker.js',
      'dist/runner/fuzz/fuzz-worker.js',
      'dist/runner/report/html/report.css',
      'dist/runner/report/html/viewer.js',
      'dist/reference/index.js',
      'dist/reference/index.d.ts',
      'dist/runner/engines/adapter.js',
      'dist/runner/engines/adapter.d.ts',
      'dist/cjs/package.json',
      'dist/cjs/reference/index.js',
      'dist/cjs/reference/index.d.ts',
      'dist/cjs/runner/engines/adapter.js',
      'dist/cjs/runner/engines/adapter.d.ts',
      'spec/rules.md',
      'spec/sources.md',
      'spec/fixture.schema.json',
      'spec/protocol/replay.schema.json',
      'variants/pagat.yaml',
      'fixtures/pagat/cap-rank-01.yaml',
      // The reference's sources, from which known bugs are played (runner/causes/patched-reference.ts).
      'reference/capture.ts',
      'reference/index.ts',
      // The catalog of known bugs, which diagnose and run --known-bugs read (runner/causes/known-bugs.ts).
      'dist/runner/mutants/catalog.js',
    ]) {
      expect(packed, required).toContain(required);
    }
    const forbidden = packed.filter(
      (path) =>
        /\.test\.|test-helpers|cli-harness|testdata|stryker|mutants\/(?!catalog\.)|\/tools\/(bench|build)|screenshot/.test(path) ||
        (path.endsWith('.ts') && !path.endsWith('.d.ts') && !/^reference\/[\w-]+\.ts$/.test(path)) ||
        /^(runner|docs|examples|reports|coverage|node_modules)\//.test(path) ||
        path === 'fixtures/generate.sh',
    );
    expect(forbidden).toEqual([]);
  });

  test('holds every module the sources start as a worker thread (tsconfig.build.json lists them: no import leads there)', () => {
    const sources = readdirSync(join(REPO_ROOT, 'runner'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    const workers = sources.flatMap((file) =>
      [...readFileSync(join(REPO_ROOT, 'runner', file), 'utf8').matchAll(/startTypeScriptWorker\(new URL\('\.\/([\w-]+)\.ts'/g)].map(
        (match) => `dist/runner/${join(dirname(file), `${match[1]}.js`).split(sep).join('/')}`,
      ),
    );
    expect(workers.length).toBeGreaterThanOrEqual(3);
    for (const worker of workers) expect(packed).toContain(worker);
  });
});

describe('installed in a CommonJS project (npm init -y)', () => {
  test(
    'the CLI runs from the build: an external engine over the protocol, on worker threads, and fuzz',
    async () => {
      const engine = 'node node_modules/scopa-conformance/bin/scopa-conformance.js engine';
      const ran = await cli('run', '--engine', engine, '--filter', 'pagat/cap-*', '--jobs', '2');
      expect(ran.code, ran.stderr).toBe(0);
      expect(summary(ran)).toMatch(/^(\d+) fixtures: \1 passed, 0 failed, 0 skipped, 0 errored \(engine "node node_modules/);
      const fuzzed = await cli('fuzz', '--engine', engine, '--games', '20', '--jobs', '2');
      expect(fuzzed.code, fuzzed.stderr).toBe(0);
      expect((await cli('--version')).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    },
    SLOW,
  );

  test(
    '--adapter loads a TypeScript adapter written in the project, typed by the package',
    async () => {
      write(
        'my-adapter.ts',
        `import { type Engine, EngineFailure, type ReplayRequest } from 'scopa-conformance/engine';
const engine: Engine = {
  name: 'my engine',
  async replay(request: ReplayRequest) {
    throw new EngineFailure(\`my engine cannot play \${request.rules.players.seatings.length > 0 ? 'yet' : 'at all'}\`);
  },
  async close() {},
};
export default engine;
`,
      );
      write('empty-adapter.mjs', "export default { name: 'empty', replay: async () => ({ events: [] }), close: async () => {} };\n");
      const failing = await cli('run', 'pagat/cap-rank-01', '--adapter', 'my-adapter.ts');
      expect({ code: failing.code, stderr: failing.stderr }).toEqual({ code: 3, stderr: '' });
      expect(failing.stdout).toContain('ERROR pagat/cap-rank-01 (node_modules/scopa-conformance/fixtures/pagat/cap-rank-01.yaml): my engine cannot play yet\n');

      const html = await cli('run', 'pagat/cap-rank-01', '--adapter', 'empty-adapter.mjs', '--reporter', 'html', '--out', 'report.html');
      expect(html.code, html.stderr).toBe(1);
      const page = readFileSync(join(project, 'report.html'), 'utf8');
      // Its style and its viewer, read from beside the built reporter.
      expect(page).toContain(readFileSync(join(REPO_ROOT, 'runner/report/html/report.css'), 'utf8').slice(0, 200));
      expect(page).toContain(readFileSync(join(REPO_ROOT, 'runner/report/html/viewer.js'), 'utf8').split('\n').find((line) => line.length > 40));

      const broken = await cli('run', 'pagat/cap-rank-01', '--adapter', 'missing.ts');
      expect(broken).toEqual({ code: 2, stdout: '', stderr: 'error: --adapter missing.ts: no such file\nRun "scopa-conformance help run" for usage.\n' });
    },
    SLOW,
  );

  test(
    'what generate, new and the reports write goes to the current folder, never into the package',
    async () => {
      const before = readdirSync(join(project, 'node_modules', 'scopa-conformance'), { recursive: true }).length;
      const generated = await cli('generate', '--variant', 'pagat', '--seed', '1');
      expect(generated).toMatchObject({ code: 0, stdout: 'wrote 1 generated fixture to fixtures/pagat\n' });
      expect((await cli('run', 'fixtures/pagat/gen-s1.yaml')).code).toBe(0);

      // A variant of one's own: written beside, used by its file or through --variants.
      const made = await cli('new', 'house', '--extends', 'pagat');
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toContain('npx scopa-conformance generate --variant house --seed 1 --count 50 --variants variants\n');
      expect(existsSync(join(project, 'variants', 'house.yaml'))).toBe(true);
      expect((await cli('selfplay', '--variant', 'variants/house.yaml', '--games', '5')).stdout).toMatch(/^house +5 games/);
      expect((await cli('generate', '--variant', 'house', '--variants', 'variants', '--seed', '1')).code).toBe(0);
      const house = await cli('run', 'fixtures/house', '--variants', 'variants');
      expect(house.code, house.stderr).toBe(0);
      expect(summary(house)).toMatch(/^1 fixture: 1 passed/);

      expect(readdirSync(join(project, 'node_modules', 'scopa-conformance'), { recursive: true }).length).toBe(before);
      // The schemas' compile cache: the project's node_modules/.cache, as other tools keep theirs.
      expect(readdirSync(join(project, 'node_modules', '.cache', 'scopa-conformance')).length).toBeGreaterThan(0);
    },
    SLOW,
  );

  test(
    'the exports: require, import, and TypeScript (node16 and bundler resolution, ES module and CommonJS files)',
    async () => {
      const required = await sh('node', ['-e', "const s = require('scopa-conformance'); const e = require('scopa-conformance/engine'); console.log(typeof s.resolveVariant, typeof e.EngineFailure)"], project);
      expect(required).toEqual({ code: 0, stdout: 'function function\n', stderr: '' });
      const imported = await sh('node', ['--input-type=module', '-e', "const s = await import('scopa-conformance'); const e = await import('scopa-conformance/engine'); console.log(typeof s.legalDecisions, typeof e.EngineFailure)"], project);
      expect(imported).toEqual({ code: 0, stdout: 'function function\n', stderr: '' });

      const consumer = `import type { Engine, ReplayRequest } from 'scopa-conformance/engine';
import { EngineFailure } from 'scopa-conformance/engine';
import { legalDecisions, resolveVariant, type Decision } from 'scopa-conformance';
export const seen: Decision[] = [];
export const engine: Engine = {
  name: 'typed',
  async replay(request: ReplayRequest) {
    if (request.rounds.length === 0) throw new EngineFailure('nothing to play');
    return { events: [] };
  },
  async close() {},
};
export const used = [legalDecisions, resolveVariant];
`;
      write('consumer.mts', consumer);
      write('consumer.cts', consumer);
      for (const [module, resolution] of [['node16', 'node16'], ['nodenext', 'nodenext'], ['esnext', 'bundler']]) {
        const files = module === 'esnext' ? ['consumer.mts'] : ['consumer.mts', 'consumer.cts', 'my-adapter.ts'];
        const config = { compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, module, moduleResolution: resolution, types: [] }, files };
        write('tsconfig.json', JSON.stringify(config));
        const checked = await sh(process.execPath, [TSC, '-p', '.'], project);
        expect(checked.stdout, `${module}/${resolution}`).toBe('');
        expect(checked.code).toBe(0);
      }
    },
    SLOW,
  );
});
