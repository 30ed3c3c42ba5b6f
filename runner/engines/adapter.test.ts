import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli/cli-harness.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const run = (...argv: string[]) => runCli(argv);

const ONE = 'fixtures/pagat/cap-rank-01.yaml';

test('run --adapter replays fixtures through an in-process engine module', async () => {
  const { code, stdout } = await run('run', 'fixtures/pagat', '--filter', 'pagat/cap-*', '--adapter', here('../testdata/reference-adapter.ts'));
  expect(code).toBe(0);
  expect(stdout).toMatch(/\d+ fixtures: \d+ passed, 0 failed, \d+ skipped, 0 errored/);
  // This adapter answers no legal request: the fixtures that check legal decisions are skipped, and only they.
  const skips = stdout.split('\n').filter((line) => line.startsWith('SKIP'));
  for (const line of skips) expect(line).toContain('(expect.legal), and the engine does not offer the optional legal request');
});

test('--engine and --adapter together are a usage mistake', async () => {
  const { code } = await run('run', '--engine', 'x', '--adapter', 'y');
  expect(code).toBe(2);
});

describe('--adapter loads TypeScript and JavaScript, ES modules and CommonJS, in a CommonJS project', () => {
  // A project as `npm init -y` makes it: "type": "commonjs", so that Node takes a .ts or .js file for CommonJS.
  const project = mkdtempSync(join(tmpdir(), 'adapter-kinds-'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'my-engine', version: '1.0.0', type: 'commonjs' })}\n`);
  // EngineFailure from the runner's sources, as an adapter in this repository would import it; a CommonJS adapter
  // gets its own copy of the module, and its failure is still known for one.
  const api = JSON.stringify(here('./engine-api.ts'));
  const engine = (name: string) => `{ name: '${name}', replay: async () => { throw new EngineFailure('${name} gave up'); }, close: async () => {} }`;
  const ADAPTERS: Record<string, string> = {
    'esm.ts': `import { type Engine, EngineFailure } from ${api};\nconst engine: Engine = ${engine('esm.ts')};\nexport default engine;\n`,
    'esm.mts': `import { EngineFailure } from ${api};\nexport default ${engine('esm.mts')};\n`,
    'esm.cts': `import { EngineFailure } from ${api};\nexport default ${engine('esm.cts')};\n`,
    'cjs.cts': `const { EngineFailure } = require(${api});\nmodule.exports = ${engine('cjs.cts')};\n`,
    'esm.js': `import { EngineFailure } from ${api};\nexport default ${engine('esm.js')};\n`,
    'cjs.js': `const { EngineFailure } = require(${api});\nmodule.exports = ${engine('cjs.js')};\n`,
    'esm.mjs': `import { EngineFailure } from ${api};\nexport default ${engine('esm.mjs')};\n`,
    'cjs.cjs': `const { EngineFailure } = require(${api});\nmodule.exports = ${engine('cjs.cjs')};\n`,
    'factory.ts': `import { EngineFailure } from ${api};\nexport default async () => (${engine('factory.ts')});\n`,
  };
  for (const [name, text] of Object.entries(ADAPTERS)) writeFileSync(join(project, name), text);

  test.each(Object.keys(ADAPTERS))('%s', async (name) => {
    const { code, stdout, stderr } = await runCli(['run', join(process.cwd(), ONE), '--adapter', name], { cwd: project });
    expect({ code, stderr }).toEqual({ code: 3, stderr: '' });
    // Known for an EngineFailure: its message alone, no "EngineFailure:" and no stack.
    expect(stdout).toContain(`ERROR pagat/cap-rank-01 (${join(process.cwd(), ONE)}): ${name} gave up\n`);
  });
});

describe('an --adapter that is no adapter is reported in one line, no stack', () => {
  const dir = mkdtempSync(join(tmpdir(), 'adapter-broken-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  test.each([
    ['a missing file: a usage mistake, exit 2', 'missing.ts', undefined, 2, /^error: --adapter .*missing\.ts: no such file\nRun "scopa-conformance help run" for usage\.\n$/],
    ['TypeScript that does not parse: exit 2, where', 'bad.ts', 'const engine: number = ;\nexport default engine;\n', 2, /^.*bad\.ts:1:24: error: the adapter does not parse: Unexpected ";"\n$/],
    ['CommonJS that does not parse: exit 2, where', 'bad.cjs', 'module.exports = {\n  replay( {\n};\n', 2, /^.*bad\.cjs:3:2: error: the adapter does not parse: Unexpected token ';'\n$/],
    ['an ES module that does not parse: exit 2', 'bad.mjs', 'export default {\n  replay( {\n};\n', 2, /^.*bad\.mjs: error: the adapter does not parse: Unexpected token ';'\n$/],
    ['no default export: exit 2', 'none.ts', 'export const engine = 1;\n', 2, /^.*none\.ts: error: an adapter must default-export an Engine \(\{ name, replay, close \}\) or a function returning one: it has no default export\n$/],
    ['a default export that is no engine: exit 2', 'other.mjs', 'export default { name: "x" };\n', 2, /^.*other\.mjs: error: an adapter must default-export .*: its default export is not one\n$/],
    ['a module that throws as it loads: the engine could not start, exit 3', 'throws.mjs', 'JSON.parse("{");\nexport default {};\n', 3, /^error: the engine could not be started: the adapter .*throws\.mjs could not be loaded: Expected property name .*\n$/],
    ['a module that imports what is not there: exit 3', 'imports.ts', 'import x from "no-such-package";\nexport default x;\n', 3, /^error: the engine could not be started: the adapter .*imports\.ts could not be loaded: Cannot find (module|package) 'no-such-package'[^\n]*\n$/],
  ])('%s', async (_, name, text, exit, stderr) => {
    const path = text === undefined ? join(dir, name) : write(name, text);
    const ran = await run('run', ONE, '--adapter', path);
    expect(ran.code).toBe(exit);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toMatch(stderr);
  });

  test('the same from fuzz and show', async () => {
    const bad = write('bad2.ts', 'export default {;\n');
    for (const argv of [['fuzz', '--games', '1', '--adapter', bad], ['fuzz', '--games', '2', '--jobs', '2', '--adapter', bad], ['show', ONE, '--adapter', bad]]) {
      const ran = await run(...argv);
      expect({ code: ran.code, stdout: ran.stdout }).toEqual({ code: 2, stdout: '' });
      expect(ran.stderr).toMatch(/bad2\.ts:1:17: error: the adapter does not parse: /);
    }
  });
});
