/**
 * Making engines from their specs, naming them, the flags that rerun a fixture on them, the shape a reply must
 * have; the reference engine as an engine under test.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AdapterError, checkReplyShape, DEFAULT_TIMEOUT_MS, engineFlags, engineName, type EngineSpec, EngineStartError, referenceEngine, startEngine } from './engine.ts';
import { legalOnReference, replayOnReference, replayToPosition } from './reference.ts';
import { StdioEngine } from './stdio.ts';
import type { Fixture, ReplayRequest } from '../fixture/fixture.ts';
import { requestFor, sweepingFixture, variantRules } from '../test-helpers.ts';

const pagat = variantRules('pagat');
const TWO_PLAYS: Fixture = sweepingFixture('pagat/two', 'two plays', 2);
const request = (fixture: Fixture = TWO_PLAYS): ReplayRequest => requestFor(fixture, pagat);
/** Ten lines of code that runs, to put what follows on line 11. */
const TEN_LINES = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};\n`).join('');

describe('the reference engine as an engine under test', () => {
  test('replays up to the end of the inputs: the events, no refusal; the state it stops in', () => {
    const { reply, state } = replayToPosition(request());
    expect(reply).toEqual({
      events: [
        { type: 'deal', round: 1, deal: 1, dealer: 1, hands: [['10C', '7C', '5S'], ['7H', '9D', '6S']], table: ['2D', '3C', '4H', '1S'] },
        { type: 'capture', seat: 0, card: '10C', captured: ['2D', '3C', '4H', '1S'] },
        { type: 'sweep', seat: 0, points: 1 },
        { type: 'trail', seat: 1, card: '7H' },
      ],
    });
    expect(replayOnReference(request())).toEqual(reply);
    expect(state?.turn).toBe(0);
    expect(legalOnReference(request())).toEqual([{ card: '7C', capture: ['7H'] }, { card: '5S' }]);
  });

  test('a refused decision: the events before it, the refusal with its round, play, code and message; the state before it', () => {
    const refused: Fixture = { ...TWO_PLAYS, rounds: [{ ...(TWO_PLAYS.rounds[0] as Fixture['rounds'][number]), plays: [{ card: '10C', capture: ['2D', '3C', '4H', '1S'] }, { card: '9D', capture: ['7H'] }] }] };
    const { reply, state } = replayToPosition(request(refused));
    expect(reply.events.map((event) => event.type)).toEqual(['deal', 'capture', 'sweep']);
    expect(reply.rejection).toMatchObject({ round: 1, play: 2, code: 'CAPTURE_NOT_ON_TABLE' });
    expect(reply.rejection?.message).toEqual(expect.any(String));
    expect(state?.turn).toBe(1);
  });

  test('a refused deck order is play 0 of its round', () => {
    const badDeck: Fixture = { ...TWO_PLAYS, rounds: [{ decks: [['7D']], plays: [] }] };
    expect(replayOnReference(request(badDeck)).rejection).toMatchObject({ round: 1, play: 0, code: 'DECK_NOT_PERMUTATION' });
  });

  test('a setup it refuses: round 1, play 0, the setup\'s code; no state, no legal decisions', () => {
    const { reply, state } = replayToPosition(request({ ...TWO_PLAYS, players: 9 }));
    expect(reply).toEqual({ events: [], rejection: { round: 1, play: 0, code: 'SETUP_PLAYERS', message: expect.any(String) as string } });
    expect(state).toBeUndefined();
    expect(legalOnReference(request({ ...TWO_PLAYS, players: 9 }))).toEqual([]);
  });

  test('referenceEngine: named "reference", replays and lists legal decisions as the functions do, closes', async () => {
    const engine = referenceEngine();
    expect(engine.name).toBe('reference');
    expect(await engine.replay(request())).toEqual(replayOnReference(request()));
    expect(await engine.legal?.(request())).toEqual([{ card: '7C', capture: ['7H'] }, { card: '5S' }]);
    await expect(engine.close()).resolves.toBeUndefined();
    expect(await startEngine({ kind: 'reference' })).toMatchObject({ name: 'reference' });
  });
});

describe('engines from their specs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scopa-engine-'));
    const engine = `{ name: 'made', replay: async () => ({ events: [] }), close: async () => {} }`;
    await writeFile(join(dir, 'object.mjs'), `export default ${engine};\n`);
    await writeFile(join(dir, 'maker.mjs'), `export default () => (${engine});\n`);
    await writeFile(join(dir, 'async-maker.mjs'), `export default async () => (${engine});\n`);
    await writeFile(join(dir, 'nameless.mjs'), `export default { replay: async () => ({ events: [] }), close: async () => {} };\n`);
    await writeFile(join(dir, 'no-close.mjs'), `export default { name: 'x', replay: async () => ({ events: [] }) };\n`);
    await writeFile(join(dir, 'no-replay.mjs'), `export default { name: 'x', replay: 'soon', close: async () => {} };\n`);
    await writeFile(join(dir, 'nothing.mjs'), `export const engine = 1;\n`);
    await writeFile(join(dir, 'broken.mjs'), `export default {;\n`);
    await writeFile(join(dir, 'hello.mjs'), `import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  if (request.cmd === 'bye') process.exit(0);
  process.stdout.write(JSON.stringify({ id: request.id, protocol: 1, engine: { name: 'e', version: '1' }, variants: '*' }) + '\\n');
});
`);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test.each([['object.mjs'], ['maker.mjs'], ['async-maker.mjs']])('a module whose default export is an engine, or makes one: %s', async (file) => {
    const engine = await startEngine({ kind: 'module', path: join(dir, file), timeoutMs: 1000 });
    expect(engine.name).toBe('made');
    expect(await engine.replay(request())).toEqual({ events: [] });
  });

  test.each([['nameless.mjs'], ['no-close.mjs'], ['no-replay.mjs'], ['nothing.mjs']])('a module that exports no engine: %s', async (file) => {
    const path = join(dir, file);
    await expect(startEngine({ kind: 'module', path, timeoutMs: 1000 })).rejects.toThrow(
      new EngineStartError(`the adapter ${path} must default-export an Engine ({ name, replay, close }) or a function returning one`),
    );
  });

  test('a module that cannot be loaded: why, in the loader\'s words (which differ between Node and the test runner)', async () => {
    const path = join(dir, 'broken.mjs');
    const refusal = startEngine({ kind: 'module', path, timeoutMs: 1000 });
    await expect(refusal).rejects.toBeInstanceOf(EngineStartError);
    await expect(refusal).rejects.toThrow(new RegExp(`^the adapter ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} could not be loaded: \\S`));
  });

  describe('why a module is no adapter: the file, and the reason in a line', () => {
    const MUST = 'must default-export an Engine ({ name, replay, close }) or a function returning one';
    const files: Record<string, string> = {
      'null.mjs': 'export default null;\n',
      'number.mjs': 'export default 7;\n',
      'none.mjs': 'export const x = 1;\n',
      'fn-bad.mjs': "export default () => ({ name: 'x' });\n",
      'obj-bad.mjs': "export default { name: 'x', close() {} };\n",
      'cjs-default.cjs': "module.exports = { default: { name: 'cjs', replay: async () => ({ events: [] }), close: async () => {} } };\n",
      'cjs-plain.cjs': "module.exports = { name: 'plain', replay: async () => ({ events: [] }), close: async () => {} };\n",
      'cjs-es-no-default.cjs': "Object.defineProperty(exports, '__esModule', { value: true });\nexports.x = 1;\n",
      'cjs-not-engine.cjs': "module.exports = { name: 'plain' };\n",
      'bad.ts': 'const x: number = ;\nexport default x;\n',
      'bad.cjs': "module.exports = {\n  name: 'x',,\n};\n",
      'throws.mjs': "throw new Error('boom at load');\n",
      'missing-import.mjs': "import x from './nowhere.mjs';\nexport default x;\n",
      'fn-none.mjs': 'export default () => undefined;\n',
      'own-default.mjs': "export default { name: 'own', replay: async () => ({ events: [] }), close: async () => {}, default: 'not the engine' };\n",
      // The parse errors below line 9: a line number of two digits.
      'late-bad.ts': `${TEN_LINES}const x: number = ;\nexport default x;\n`,
      'late-bad.cjs': `${TEN_LINES}module.exports = { look at this };\n`,
      'not-an-error.mjs': "throw 'not an Error';\n",
      'frameless.mjs': "const error = new Error('no frames');\nerror.stack = 'Error: no frames';\nthrow error;\n",
      'own-syntax-error.mjs': "JSON.parse('{');\n",
      'esbuild-words.mjs': 'throw new Error(\'Transform failed with 1 error:\\n<stdin>:3:5: ERROR: Expected ";"\');\n',
      'named-transform.mjs': "const error = new Error('Transform failed');\nerror.name = 'TransformError';\nthrow error;\n",
    };
    beforeAll(async () => {
      for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    });
    const start = (file: string) => startEngine({ kind: 'module', path: join(dir, file), name: file, timeoutMs: 1000 });
    const refusal = async (file: string): Promise<{ message: string; adapter: boolean; problem?: unknown }> => {
      try {
        await start(file);
      } catch (error) {
        if (!(error instanceof EngineStartError)) throw error;
        return error instanceof AdapterError ? { message: error.message, adapter: true, problem: error.problem } : { message: error.message, adapter: false };
      }
      throw new Error(`${file} started`);
    };

    test.each([
      ['null.mjs', 'its default export is null'],
      ['number.mjs', 'its default export is a number'],
      ['none.mjs', 'it has no default export'],
      ['fn-bad.mjs', 'its default export, a function, did not return one'],
      ['obj-bad.mjs', 'its default export is not one'],
      ['cjs-es-no-default.cjs', 'it has no default export'],
      ['cjs-not-engine.cjs', 'its default export is not one'],
      ['fn-none.mjs', 'its default export, a function, did not return one'],
    ])('%s: %s', async (file, why) => {
      expect(await refusal(file)).toEqual({
        message: `the adapter ${file} ${MUST}`,
        adapter: true,
        problem: { file: join(dir, file), line: 0, col: 0, message: `an adapter ${MUST}: ${why}` },
      });
    });

    test('CommonJS: an engine as the exports, or one level down as their default', async () => {
      expect((await start('cjs-plain.cjs')).name).toBe('plain');
      expect((await start('cjs-default.cjs')).name).toBe('cjs');
    });

    test('an engine that has a "default" field of its own is that engine, not its default', async () => {
      expect((await start('own-default.mjs')).name).toBe('own');
    });

    test('a module that does not parse: where the parser stopped (esbuild counts columns from 0, Node\'s caret shows it)', async () => {
      expect(await refusal('bad.ts')).toEqual({
        message: `the adapter bad.ts could not be loaded: Transform failed with 1 error:\n${join(dir, 'bad.ts')}:1:18: ERROR: Unexpected ";"`,
        adapter: true,
        problem: { file: join(dir, 'bad.ts'), line: 1, col: 19, message: 'the adapter does not parse: Unexpected ";"' },
      });
      expect(await refusal('bad.cjs')).toEqual({
        message: "the adapter bad.cjs could not be loaded: Unexpected token ','",
        adapter: true,
        problem: { file: join(dir, 'bad.cjs'), line: 2, col: 13, message: "the adapter does not parse: Unexpected token ','" },
      });
    });

    test('a parse error on line 11: the whole line number; a line that says "at" is not taken for a stack frame', async () => {
      expect(await refusal('late-bad.ts')).toEqual({
        message: `the adapter late-bad.ts could not be loaded: Transform failed with 1 error:\n${join(dir, 'late-bad.ts')}:11:18: ERROR: Unexpected ";"`,
        adapter: true,
        problem: { file: join(dir, 'late-bad.ts'), line: 11, col: 19, message: 'the adapter does not parse: Unexpected ";"' },
      });
      expect(await refusal('late-bad.cjs')).toEqual({
        message: "the adapter late-bad.cjs could not be loaded: Unexpected identifier 'at'",
        adapter: true,
        problem: { file: join(dir, 'late-bad.cjs'), line: 11, col: 25, message: "the adapter does not parse: Unexpected identifier 'at'" },
      });
    });

    test('a module that throws as it loads, or imports what is not there: an engine that could not start, no position', async () => {
      expect(await refusal('throws.mjs')).toEqual({ message: 'the adapter throws.mjs could not be loaded: boom at load', adapter: false });
      expect(await refusal('missing-import.mjs')).toEqual({
        message: `the adapter missing-import.mjs could not be loaded: Cannot find module '${join(dir, 'nowhere.mjs')}' imported from ${join(dir, 'missing-import.mjs')}`,
        adapter: false,
      });
    });

    test('what the module\'s own code throws as it loads is no parse error, whatever it looks like', async () => {
      const jsonError = (() => {
        try {
          JSON.parse('{');
        } catch (error) {
          return (error as Error).message;
        }
        return '';
      })();
      expect([
        await refusal('not-an-error.mjs'),
        await refusal('frameless.mjs'),
        await refusal('own-syntax-error.mjs'),
        await refusal('esbuild-words.mjs'),
        await refusal('named-transform.mjs'),
      ]).toEqual([
        { message: 'the adapter not-an-error.mjs could not be loaded: not an Error', adapter: false },
        { message: 'the adapter frameless.mjs could not be loaded: no frames', adapter: false },
        { message: `the adapter own-syntax-error.mjs could not be loaded: ${jsonError}`, adapter: false },
        { message: 'the adapter esbuild-words.mjs could not be loaded: Transform failed with 1 error:\n<stdin>:3:5: ERROR: Expected ";"', adapter: false },
        { message: 'the adapter named-transform.mjs could not be loaded: Transform failed', adapter: false },
      ]);
    });
  });

  test('an external engine: started, its hello taken', async () => {
    const engine = await startEngine({ kind: 'stdio', command: `"${process.execPath}" hello.mjs`, cwd: dir, timeoutMs: 5000, validateProtocol: false });
    try {
      expect(engine).toBeInstanceOf(StdioEngine);
      expect(engine.profile).toEqual({ variants: '*' });
    } finally {
      await engine.close();
    }
  });

  test('names and rerun flags: none for the reference; the command, the timeout when not the default, --validate-protocol when set', () => {
    const stdio: EngineSpec = { kind: 'stdio', command: 'python3 a.py', cwd: '/', timeoutMs: DEFAULT_TIMEOUT_MS, validateProtocol: false };
    const module: EngineSpec = { kind: 'module', path: 'my-adapter.ts', timeoutMs: DEFAULT_TIMEOUT_MS };
    expect([engineName({ kind: 'reference' }), engineName(stdio), engineName(module)]).toEqual(['reference', 'python3 a.py', 'my-adapter.ts']);
    expect(engineFlags({ kind: 'reference' })).toEqual([]);
    expect(engineFlags(stdio)).toEqual(['--engine', 'python3 a.py']);
    expect(engineFlags({ ...stdio, timeoutMs: 2500, validateProtocol: true })).toEqual(['--engine', 'python3 a.py', '--timeout', '2.5', '--validate-protocol']);
    expect(engineFlags(module)).toEqual(['--adapter', 'my-adapter.ts']);
    expect(engineFlags({ ...module, timeoutMs: 30_000 })).toEqual(['--adapter', 'my-adapter.ts', '--timeout', '30']);
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
  });
});

describe('the shape of a reply', () => {
  test.each<[string, unknown, string | undefined]>([
    ['events', { events: [{ type: 'trail' }] }, undefined],
    ['no events', { events: [] }, undefined],
    ['a refusal', { events: [], rejection: { round: 1, play: 0, code: 'X' } }, undefined],
    ['a skip, and nothing else', { skipped: 'no escoba' }, undefined],
    ['a skip beside garbage', { skipped: 'no escoba', events: 7 }, undefined],
    ['not an object', 'events', 'the reply is not an object'],
    ['null', null, 'the reply is not an object'],
    ['a list', [], 'the reply is not an object'],
    ['a skip that is not a string', { skipped: 1, events: [] }, 'the reply\'s "skipped" is not a string'],
    ['no events', {}, 'the reply has no "events" array'],
    ['events not a list', { events: { type: 'trail' } }, 'the reply has no "events" array'],
    ['an event that is not an object', { events: [{ type: 'trail' }, 'trail'] }, 'event 1 is not an object with a string "type"'],
    ['a null event', { events: [null] }, 'event 0 is not an object with a string "type"'],
    ['an undefined event (from an in-process adapter)', { events: [undefined] }, 'event 0 is not an object with a string "type"'],
    ['an event without a type', { events: [{ type: 'trail' }, { type: 'trail' }, { seat: 1 }] }, 'event 2 is not an object with a string "type"'],
    ['an event whose type is not a string', { events: [{ type: 3 }] }, 'event 0 is not an object with a string "type"'],
    ['a refusal that is not an object', { events: [], rejection: 'MUST_CAPTURE' }, 'the reply\'s "rejection" needs an integer "round" and "play" and a string "code"'],
    ['a null refusal', { events: [], rejection: null }, 'the reply\'s "rejection" needs an integer "round" and "play" and a string "code"'],
    ['a refusal that is a function, even one with the fields', { events: [], rejection: Object.assign(() => {}, { round: 1, play: 0, code: 'X' }) }, 'the reply\'s "rejection" needs an integer "round" and "play" and a string "code"'],
    ['a refusal without a round', { events: [], rejection: { play: 1, code: 'X' } }, 'the reply\'s "rejection" needs an integer "round" and "play" and a string "code"'],
    ['a fractional play', { events: [], rejection: { round: 1, play: 1.5, code: 'X' } }, 'the reply\'s "rejection" needs an integer "round" and "play" and a string "code"'],
    ['a code that is not a string', { events: [], rejection: { round: 1, play: 1, code: 7 } }, 'the reply\'s "rejection" needs an integer "round" and "play" and a string "code"'],
  ])('%s', (_, reply, problem) => {
    expect(checkReplyShape(reply)).toBe(problem);
  });
});
