/**
 * The stdio driver on fake engines (small Node scripts written for each test): the handshake and what it
 * refuses, replies and refusals, the legal request, and each way an engine fails a request, with the exact
 * message, after which the next request starts a fresh process. Also the fields a replay request carries.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_CODES } from '../../reference/index.ts';
import { StdioEngine } from './stdio.ts';
import { EngineFailure } from './engine-api.ts';
import type { Fixture, ReplayRequest } from '../fixture/fixture.ts';
import { requestBefore } from '../fixture/fixture.ts';
import { playedFixture, requestFor, sweepingFixture, variantRules } from '../test-helpers.ts';
import { replayFields } from './wire-game.ts';

let dir: string;

/** The hostile engines' line reader and hello (`serve(answer)` prints what `answer(request, index)` returns). */
const LIB = new URL('../testdata/hostile/engines/lib.mjs', import.meta.url).href;

/** Writes a fake engine whose body uses `hello` and `serve`; its command. */
async function fake(name: string, body: string): Promise<string> {
  await writeFile(join(dir, `${name}.mjs`), `import { hello, serve } from ${JSON.stringify(LIB)};\n${body}\n`);
  return `"${process.execPath}" ${name}.mjs`;
}

const engines: StdioEngine[] = [];
const engineOf = (command: string, options: { timeoutMs?: number; validateProtocol?: boolean; cwd?: string } = {}): StdioEngine => {
  const engine = new StdioEngine({ command, cwd: options.cwd ?? dir, timeoutMs: options.timeoutMs ?? 20_000, validateProtocol: options.validateProtocol ?? false });
  engines.push(engine);
  return engine;
};

/** A refusal of the engine, as what the runner reports: its message and what the engine left on stderr. */
async function failure(promise: Promise<unknown>): Promise<{ name: string; message: string; detail?: string }> {
  try {
    await promise;
  } catch (error) {
    const { name, message } = error as Error;
    return error instanceof EngineFailure && error.detail !== undefined ? { name, message, detail: error.detail } : { name, message };
  }
  throw new Error('expected a failure');
}

const pagat = variantRules('pagat');
const ONE_PLAY: Fixture = sweepingFixture('pagat/one', 'one play', 1);
const request = (): ReplayRequest => requestFor(ONE_PLAY, pagat);

/** An engine that never answers hello, started with the file (its test comes last). */
let muteStart: Promise<{ command: string; refusal: Awaited<ReturnType<typeof failure>>; ms: number }>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scopa-stdio-'));
  const command = await fake('mute', `serve(() => undefined);`);
  const started = performance.now();
  muteStart = failure(engineOf(command, { timeoutMs: 100 }).start()).then((refusal) => ({ command, refusal, ms: performance.now() - started }));
  // Its test awaits it, and fails there if it went otherwise: no unhandled rejection before then.
  muteStart.catch(() => undefined);
});

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('the handshake', () => {
  test('a hello with a variants list: the profile it declares; no legal without the capability', async () => {
    const engine = engineOf(await fake('listed', `serve((request) => hello(request, { variants: [{ id: 'pagat', options: { target: [11, 21] } }, { id: 'escoba' }] }));`));
    await engine.start();
    expect(engine.profile).toEqual({ variants: [{ id: 'pagat', options: { target: [11, 21] } }, { id: 'escoba' }] });
    expect(await engine.legal(request())).toBeUndefined();
    expect(engine.name).toBe(`"${process.execPath}" listed.mjs`);
  });

  test('a hello with a profile: that profile; "*" or no variants list with a profile: every variant', async () => {
    const profile = { variants: [{ id: 'pagat' }], reports: 'plays-and-scores' };
    const engine = engineOf(await fake('profiled', `serve((request) => hello(request, { variants: [{ id: 'escoba' }], profile: ${JSON.stringify(profile)} }));`));
    await engine.start();
    expect(engine.profile).toEqual(profile);
    const star = engineOf(await fake('star', `serve((request) => hello(request));`));
    await star.start();
    expect(star.profile).toEqual({ variants: '*' });
  });

  test.each([
    ['wrong-protocol', `serve((request) => hello(request, { protocol: 2 }));`, 'speaks protocol 2; this runner speaks 1'],
    ['no-protocol', `serve((request) => { const { protocol, ...rest } = hello(request); return rest; });`, 'speaks protocol undefined; this runner speaks 1'],
    ['no-engine', `serve((request) => hello(request, { engine: undefined }));`, 'answered hello without "engine": {"name", "version"}'],
    ['no-engine-name', `serve((request) => hello(request, { engine: { version: '1' } }));`, 'answered hello without "engine": {"name", "version"}'],
    ['no-engine-version', `serve((request) => hello(request, { engine: { name: 'x', version: 1 } }));`, 'answered hello without "engine": {"name", "version"}'],
    ['no-variants', `serve((request) => hello(request, { variants: undefined }));`, 'answered hello without "variants" ("*" or a list of variant ids)'],
    ['bad-variants', `serve((request) => hello(request, { variants: 'pagat' }));`, 'answered hello without "variants" ("*" or a list of variant ids)'],
    ['bad-profile', `serve((request) => hello(request, { profile: { variants: 7, extra: 1 } }));`, 'answered hello with an invalid profile: /extra: unknown key "extra" (allowed: engine, reports, unordered, variants); /variants: expected a list, got 7'],
    ['not-a-profile', `serve((request) => hello(request, { profile: 7 }));`, 'answered hello with an invalid profile: /: expected a map, got 7'],
  ])('%s: refused, the engine stopped', async (name, body, problem) => {
    const command = await fake(name, body);
    const refusal = await failure(engineOf(command).start());
    expect(refusal.name).toBe('EngineStartError');
    expect(refusal.message).toMatch(new RegExp(`^${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `));
    expect(refusal.message.slice(command.length + 1)).toBe(problem);
  });

  test('no answer to hello: why, with what the engine printed on stderr', async () => {
    const command = await fake('dies', `process.stderr.write('Traceback: boom\\n'); process.exit(3);`);
    expect(await failure(engineOf(command).start())).toEqual({
      name: 'EngineStartError',
      message: `${command}: no answer to hello: the engine exited (code 3)\nTraceback: boom`,
    });
    const silent = await fake('silent', `process.exit(0);`);
    expect(await failure(engineOf(silent).start())).toEqual({ name: 'EngineStartError', message: `${silent}: no answer to hello: the engine exited (code 0)` });
  });

  test('a command that is not there: the shell says so, and the engine cannot start', async () => {
    const refusal = await failure(engineOf('./no-such-engine-here').start());
    expect(refusal.name).toBe('EngineStartError');
    expect(refusal.message).toMatch(/^\.\/no-such-engine-here: no answer to hello: the engine exited \(code 127\)\n.*not found/);
  });

  test('a folder to run in that is not there: not even the shell starts, and the engine cannot start', async () => {
    expect(await failure(engineOf('true', { cwd: join(dir, 'not-there') }).start())).toEqual({
      name: 'EngineStartError',
      message: 'true: no answer to hello: the engine could not be run: spawn /bin/sh ENOENT',
    });
  });
});

describe('replies', () => {
  test('events, a refusal, a skip: as the engine sent them; the request carries the fixture\'s inputs with layouts and sides', async () => {
    const command = await fake(
      'echoing',
      `serve((request, index) => {
  if (index === 0) return hello(request);
  if (request.players === 3) return { id: request.id, skipped: 'three players: not played' };
  const event = { type: 'trail', seat: 0, card: '7D', keys: Object.keys(request).join(','), sideOf: request.sideOf, layouts: request.rounds[0].layouts.length };
  return { id: request.id, events: [event], ...(request.players === 4 ? { rejection: { round: 1, play: 1, code: 'MUST_CAPTURE' } } : {}) };
});`,
    );
    const engine = engineOf(command);
    expect(await engine.replay(request())).toEqual({
      events: [{ type: 'trail', seat: 0, card: '7D', keys: 'cmd,variant,options,rules,players,sideOf,rounds,id', sideOf: [0, 1], layouts: 1 }],
    });
    expect(await engine.replay({ ...request(), players: 3 })).toEqual({ events: [], skipped: 'three players: not played' });
    const four = await engine.replay({ ...request(), players: 4 });
    expect(four.rejection).toEqual({ round: 1, play: 1, code: 'MUST_CAPTURE' });
    expect(four.events[0]).toMatchObject({ sideOf: [0, 1, 0, 1] });
  });

  test('an answer over several chunks, and two answers waiting: each request gets its own line', async () => {
    const command = await fake(
      'chunked',
      `let pending = [];
serve((request, index) => {
  if (index === 0) return hello(request);
  const line = JSON.stringify({ id: request.id, events: [{ type: 'trail', seat: 0, card: String(request.id) }] }) + '\\n';
  process.stdout.write(line.slice(0, 5));
  setTimeout(() => process.stdout.write(line.slice(5)), 50);
  return undefined;
});`,
    );
    const engine = engineOf(command);
    expect(await engine.replay(request())).toEqual({ events: [{ type: 'trail', seat: 0, card: '2' }] });
    expect(await engine.replay(request())).toEqual({ events: [{ type: 'trail', seat: 0, card: '3' }] });
  });

  test('an answer that reports an error, or has no events: a failure with its words, and a fresh process after it', async () => {
    const command = await fake(
      'moody',
      `serve((request, index) => {
  if (index === 0) return hello(request);
  if (request.players === 3) return { id: request.id, error: 'no three-player games' };
  if (request.players === 4) return { id: request.id, events: 'none' };
  return { id: request.id, events: [], pid: process.pid };
});`,
    );
    const engine = engineOf(command);
    expect(await failure(engine.replay({ ...request(), players: 3 }))).toEqual({ name: 'EngineFailure', message: 'the engine reported an error: no three-player games', detail: '' });
    expect(await failure(engine.replay({ ...request(), players: 4 }))).toEqual({
      name: 'EngineFailure',
      message: `the answer has no "events" array: "{\\"id\\":2,\\"events\\":\\"none\\"}"`,
      detail: '',
    });
    expect(await engine.replay(request())).toEqual({ events: [] });
  });

  test('garbage: not JSON (a byte order mark named), the wrong id, a reply that is not an object', async () => {
    const command = await fake(
      'garbage',
      `serve((request, index) => {
  if (index === 0) return hello(request);
  if (request.players === 3) return '\\ufeff{"id": ' + request.id + '}\\n';
  if (request.players === 4) return { id: request.id + 1, events: [] };
  if (request.players === 5) return 'null\\n';
  return 'x'.repeat(250) + '\\n';
});`,
    );
    const engine = engineOf(command);
    expect(await failure(engine.replay(request()))).toEqual({
      name: 'EngineFailure',
      message: `the engine printed a line that is not JSON: "${'x'.repeat(200)}" (50 more characters)`,
      detail: '',
    });
    expect(await failure(engine.replay({ ...request(), players: 3 }))).toEqual({
      name: 'EngineFailure',
      message: 'the engine printed a line that is not JSON (it starts with a byte order mark, U+FEFF: write UTF-8 without one): "\ufeff{\\"id\\": 2}"',
      detail: '',
    });
    expect(await failure(engine.replay({ ...request(), players: 4 }))).toEqual({ name: 'EngineFailure', message: 'the engine answered request 2 with "{\\"id\\":3,\\"events\\":[]}"', detail: '' });
    expect(await failure(engine.replay({ ...request(), players: 5 }))).toEqual({ name: 'EngineFailure', message: 'the engine answered request 2 with "null"', detail: '' });
  });

  test('a stale answer: the last request\'s answer again, with its lower id, is no answer to this one', async () => {
    const command = await fake('stale', `let last; serve((request, index) => { if (index === 0) return hello(request); const answer = last ?? { id: request.id, events: [] }; last = { ...answer }; return answer; });`);
    const engine = engineOf(command);
    expect(await engine.replay(request())).toEqual({ events: [] });
    expect(await failure(engine.replay(request()))).toEqual({ name: 'EngineFailure', message: 'the engine answered request 3 with "{\\"id\\":2,\\"events\\":[]}"', detail: '' });
    await engine.close();
  });

  test('an engine that prints before it is asked: that line answers the hello, with the wrong id', async () => {
    const command = await fake('eager', `process.stdout.write('{"id": 0}\\n'); serve((request) => hello(request));`);
    expect(await failure(engineOf(command).start())).toEqual({ name: 'EngineStartError', message: `${command}: no answer to hello: the engine answered request 1 with "{\\"id\\": 0}"` });
  });

  test('an engine that exits mid-run, or is killed: the failure says how, with its stderr; the next replay starts it again', async () => {
    const command = await fake(
      'mortal',
      `serve((request, index) => {
  if (index === 0) return hello(request);
  if (request.players === 3) { process.stderr.write('dying\\n'); process.exit(7); }
  if (request.players === 4) process.kill(process.pid, 'SIGTERM');
  return { id: request.id, events: [] };
});`,
    );
    // exec: the shell becomes the engine, so that a signal that ends the engine ends the process the runner started.
    const engine = engineOf(`exec ${command}`);
    expect(await failure(engine.replay({ ...request(), players: 3 }))).toEqual({ name: 'EngineFailure', message: 'the engine exited (code 7)', detail: 'dying\n' });
    expect(await failure(engine.replay({ ...request(), players: 4 }))).toEqual({ name: 'EngineFailure', message: 'the engine exited (SIGTERM)', detail: '' });
    expect(await engine.replay(request())).toEqual({ events: [] });
  });

  test('a hang: the timeout, and the unfinished line it printed (in two pieces)', async () => {
    const command = await fake(
      'hangs',
      `serve((request, index) => {
  if (index === 0) return hello(request);
  if (request.players === 3) {
    setTimeout(() => process.stdout.write('"events": ['), 100);
    return '{"id": ' + request.id + ', ';
  }
  return undefined;
});`,
    );
    const engine = engineOf(command, { timeoutMs: 1500 });
    expect(await failure(engine.replay(request()))).toEqual({
      name: 'EngineFailure',
      message: 'the engine did not answer within 1500 ms (raise --timeout if it is just slow)',
      detail: '',
    });
    expect(await failure(engine.replay({ ...request(), players: 3 }))).toEqual({
      name: 'EngineFailure',
      message: 'the engine did not answer within 1500 ms (raise --timeout if it is just slow); it printed an unfinished line: "{\\"id\\": 2, \\"events\\": ["',
      detail: '',
    });
  });

  test('an answer stops its request\'s timer: requests answered in time, over longer than the timeout in all, all pass', async () => {
    const command = await fake('prompt', `serve((request, index) => (index === 0 ? hello(request) : { id: request.id, events: [] }));`);
    const engine = engineOf(command, { timeoutMs: 300 });
    for (let i = 0; i < 3; i++) {
      expect(await engine.replay(request())).toEqual({ events: [] });
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  });

  test('stderr: the last 4096 characters are kept', async () => {
    const command = await fake(
      'chatty',
      `serve((request, index) => {
  if (index === 0) return hello(request);
  process.stderr.write('a'.repeat(5000) + 'END', () => setTimeout(() => process.stdout.write(JSON.stringify({ id: request.id, error: 'x' }) + '\\n'), 300));
  return undefined;
});`,
    );
    const refusal = await failure(engineOf(command).replay(request()));
    expect(refusal.detail).toBe(`${'a'.repeat(4093)}END`);
  });
});

describe('the legal request', () => {
  const legalEngine = async (name: string, answer: string): Promise<StdioEngine> =>
    engineOf(
      await fake(
        name,
        `serve((request, index) => {
  if (index === 0) return hello(request, { capabilities: ['legal'] });
  if (request.cmd === 'legal') return ${answer};
  return { id: request.id, events: [] };
});`,
      ),
    );

  test('offered: the decisions listed, for the game sent as the replay\'s fields', async () => {
    const engine = await legalEngine('legal-echo', `{ id: request.id, decisions: [{ card: '7D' }, { card: String(request.game.players) }] }`);
    await engine.start();
    expect(await engine.legal(request())).toEqual([{ card: '7D' }, { card: '2' }]);
  });

  test('after a replay, the game of each of its positions: the same as a replay of the position would lay out', async () => {
    const engine = await legalEngine('legal-game', `{ id: request.id, decisions: [request.game] }`);
    const { fixture, rules } = playedFixture('pagat', { firstDealer: 1, rounds: 1, plays: 10, seed: 7 });
    const whole = requestFor(fixture, rules);
    await engine.replay(whole);
    // No round yet; before the second deal; after it (a hand of 3 cards each: it comes with play 7).
    for (const position of [{ ...whole, rounds: [] }, requestBefore(whole, 1, 3), requestBefore(whole, 1, 9)]) {
      expect(await engine.legal(position)).toEqual([replayFields(position)]);
    }
  });

  test('an error answer, or no decisions list: a failure with the engine\'s words', async () => {
    const erring = await legalEngine('legal-error', `{ id: request.id, error: 'not here' }`);
    await erring.start();
    expect(await failure(erring.legal(request()))).toEqual({ name: 'EngineFailure', message: 'the engine reported an error: not here', detail: '' });
    const garbage = await legalEngine('legal-garbage', `{ id: request.id, decisions: 'all' }`);
    await garbage.start();
    expect(await failure(garbage.legal(request()))).toEqual({
      name: 'EngineFailure',
      message: `the answer to legal has no "decisions" array: "{\\"id\\":2,\\"decisions\\":\\"all\\"}"`,
      detail: '',
    });
  });
});

describe('--validate-protocol', () => {
  test('an answer against the protocol\'s schema: the violation named; a valid one passes', async () => {
    const command = await fake(
      'sloppy',
      `serve((request, index) => {
  if (index === 0) return hello(request);
  if (request.players === 3) return { id: request.id, events: [], rejection: { round: 1, play: 1, code: 'NOPE' } };
  return { id: request.id, events: [] };
});`,
    );
    const engine = engineOf(command, { validateProtocol: true });
    expect(await engine.replay(request())).toEqual({ events: [] });
    const refusal = await failure(engine.replay({ ...request(), players: 3 }));
    expect(refusal).toEqual({
      name: 'EngineFailure',
      message:
        `protocol violation in the replay answer: /rejection/code: "NOPE" is not one of the ${ERROR_CODES.length} allowed values; /: missing key "skipped"; /: missing key "error"; /: must match exactly one schema in oneOf`,
      detail: '',
    });
    const legal = engineOf(
      await fake('sloppy-legal', `serve((request, index) => (index === 0 ? hello(request, { capabilities: ['legal'] }) : request.cmd === 'legal' ? { id: request.id, decisions: [{ card: 7 }] } : { id: request.id, events: [] }));`),
      { validateProtocol: true },
    );
    await legal.start();
    expect((await failure(legal.legal(request()))).message).toBe(
      'protocol violation in the legal answer: /decisions/0/card: expected a string, got 7; /: missing key "error"; /: must match exactly one schema in oneOf',
    );
    const lax = engineOf(command);
    expect(await lax.replay({ ...request(), players: 3 })).toEqual({ events: [], rejection: { round: 1, play: 1, code: 'NOPE' } });
  });

  test('a request of the runner\'s own against the schema: the runner\'s mistake, not the engine\'s', async () => {
    const engine = engineOf(await fake('any-request', `serve((request, index) => (index === 0 ? hello(request) : { id: request.id, events: [] }));`), { validateProtocol: true });
    expect(await failure(engine.replay({ ...request(), players: 17 }))).toEqual({ name: 'Error', message: 'the runner sent an invalid replay request: /players: must be <= 16, got 17' });
  });
});

describe('stopping', () => {
  test('close says bye and waits for the engine; an engine that ignores bye is killed after a second', async () => {
    // It stays up after stdin ends: only the bye ends it.
    const polite = engineOf(await fake('polite', `setInterval(() => {}, 1000);\nserve((request) => hello(request));`));
    await polite.start();
    let started = Date.now();
    await polite.close();
    expect(Date.now() - started).toBeLessThan(900);
    const deaf = engineOf(await fake('deaf', `import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => { const r = JSON.parse(line); if (r.cmd === 'hello') process.stdout.write(JSON.stringify(hello(r)) + '\\n'); });
process.stdin.on('end', () => setTimeout(() => {}, 60000));`));
    await deaf.start();
    started = Date.now();
    await deaf.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    await deaf.close();
  });
});

describe('the line reader and the process\'s life', () => {
  test('characters split across chunks are put back together, on stdout and stderr', async () => {
    const command = await fake(
      'split',
      `serve((request, index) => {
  if (index === 0) return hello(request);
  const line = Buffer.from(JSON.stringify({ id: request.id, error: 'café' }) + '\\n');
  const cut = line.indexOf(0xc3) + 1;
  const err = Buffer.from('naïve\\n');
  const errCut = err.indexOf(0xc3) + 1;
  process.stderr.write(err.subarray(0, errCut), () => setTimeout(() => process.stderr.write(err.subarray(errCut), () =>
    setTimeout(() => { process.stdout.write(line.subarray(0, cut)); setTimeout(() => process.stdout.write(line.subarray(cut)), 100); }, 200)), 100));
  return undefined;
});`,
    );
    expect(await failure(engineOf(command).replay(request()))).toEqual({ name: 'EngineFailure', message: 'the engine reported an error: café', detail: 'naïve\n' });
  });

  test('an empty line is a line: not JSON', async () => {
    const command = await fake('blank', `serve((request, index) => (index === 0 ? hello(request) : '\\n' + JSON.stringify({ id: request.id, events: [] }) + '\\n'));`);
    expect(await failure(engineOf(command).replay(request()))).toEqual({ name: 'EngineFailure', message: 'the engine printed a line that is not JSON: ""', detail: '' });
  });

  const EARLY = `JSON.stringify({ id: request.id + 1, events: [{ type: 'trail', seat: 0, card: 'EARLY' }] }) + '\\n'`;
  test.each([
    ['with the hello\'s answer', 'early', `serve((request, index) => (index === 0 ? JSON.stringify(hello(request)) + '\\n' + ${EARLY} : undefined));`],
    ['printed while nothing waits', 'unasked', `serve((request, index) => (index === 0 ? (setTimeout(() => process.stdout.write(${EARLY}), 50), hello(request)) : undefined));`],
  ])('a line that comes while no request waits answers nothing: the engine\'s protocol error, never the next answer: %s', async (_, name, body) => {
    const command = await fake(name, body);
    const engine = engineOf(command);
    await engine.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stray = `the engine printed a line while no request was waiting for an answer: ${JSON.stringify(JSON.stringify({ id: 2, events: [{ type: 'trail', seat: 0, card: 'EARLY' }] }))}`;
    expect(await failure(engine.replay(request()))).toEqual({ name: 'EngineFailure', message: stray, detail: '' });
    await engine.close();
  });

  test('a line of exactly 200 characters is quoted whole; a longer one is cut there', async () => {
    const command = await fake('two-hundred', `serve((request, index) => (index === 0 ? hello(request) : 'y'.repeat(request.players === 3 ? 201 : 200) + '\\n'));`);
    const engine = engineOf(command);
    expect((await failure(engine.replay(request()))).message).toBe(`the engine printed a line that is not JSON: "${'y'.repeat(200)}"`);
    expect((await failure(engine.replay({ ...request(), players: 3 }))).message).toBe(`the engine printed a line that is not JSON: "${'y'.repeat(200)}" (1 more characters)`);
  });

  test('a line over 64 MiB: refused as it comes, without waiting for its end; one of exactly 64 MiB is a line', async () => {
    const command = await fake('endless', `serve((request, index) => (index === 0 ? hello(request) : 'z'.repeat(64 * 1024 * 1024 + 1)));`);
    expect(await failure(engineOf(command).replay(request()))).toEqual({ name: 'EngineFailure', message: 'the engine printed a line longer than 67108864 characters', detail: '' });
    // Its end comes a moment later, once the runner holds all 64 MiB of it.
    const exact = await fake(
      'sixty-four',
      `serve((request, index) => {
  if (index === 0) return hello(request);
  process.stdout.write('z'.repeat(64 * 1024 * 1024), () => setTimeout(() => process.stdout.write('\\n'), 200));
  return undefined;
});`,
    );
    expect(await failure(engineOf(exact).replay(request()))).toEqual({
      name: 'EngineFailure',
      message: `the engine printed a line that is not JSON: "${'z'.repeat(200)}" (${64 * 1024 * 1024 - 200} more characters)`,
      detail: '',
    });
  });

  test('an engine that exits between requests: the next request fails at once with why; closing it is immediate', async () => {
    const command = await fake('brief', `serve((request) => { setTimeout(() => process.exit(4), 50); return hello(request); });`);
    const engine = engineOf(command, { timeoutMs: 20_000 });
    await engine.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = Date.now();
    expect(await failure(engine.replay(request()))).toEqual({ name: 'EngineFailure', message: 'the engine exited (code 4)', detail: '' });
    expect(Date.now() - started).toBeLessThan(5000);
    const closing = engineOf(command);
    await closing.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = Date.now();
    await closing.close();
    expect(Date.now() - before).toBeLessThan(500);
  });

  test('closing ends what the engine started in the background too (its own process group), killed, not asked to stop', async () => {
    const marker = join(dir, 'background-survived');
    const command = await fake(
      'parent',
      `import { spawn } from 'node:child_process';
const background = ${JSON.stringify(`process.on('SIGTERM', () => {}); setTimeout(() => require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x'), 1500); process.stdout.write('ready')`)};
// It answers hello once its background process is up and deaf to SIGTERM.
spawn(process.execPath, ['-e', background], { stdio: ['ignore', 'pipe', 'ignore'] }).stdout.once('data', () => serve((request) => hello(request)));`,
    );
    const engine = engineOf(command);
    await engine.start();
    await engine.close();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await expect(stat(marker)).rejects.toThrow(/ENOENT/);
  });

  test('an engine that closes its stdin and stays up: the bye that cannot be written is no error, and it is killed after a second', async () => {
    const command = await fake(
      'closes-stdin',
      `import { closeSync } from 'node:fs';
setInterval(() => {}, 1000);
serve((request) => {
  setTimeout(() => { process.stdin.destroy(); closeSync(0); }, 10);
  return hello(request);
});`,
    );
    // exec: the shell, which would hold stdin open too, becomes the engine.
    const engine = engineOf(`exec ${command}`);
    await engine.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await engine.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });

  test('no legal decisions asked of an engine not started, or started without the capability', async () => {
    const engine = engineOf(await fake('not-started', `serve((request) => hello(request, { capabilities: ['legal'] }));`));
    expect(await engine.legal(request())).toBeUndefined();
  });

  test('an engine plays table claims exactly when its hello offers table-claim', async () => {
    const offering = engineOf(await fake('claims', `serve((request) => hello(request, { capabilities: ['legal', 'table-claim'] }));`));
    const silent = engineOf(await fake('no-claims', `serve((request) => hello(request, { capabilities: ['legal'] }));`));
    await offering.start();
    await silent.start();
    expect([offering.claims, silent.claims]).toEqual([true, false]);
    await Promise.all([offering.close(), silent.close()]);
  });

  test('a reply without a refusal has no rejection field', async () => {
    const engine = engineOf(await fake('plain', `serve((request, index) => (index === 0 ? hello(request) : { id: request.id, events: [] }));`));
    expect(await engine.replay(request())).toStrictEqual({ events: [] });
  });

  test('a hello list entry without options has no options field', async () => {
    const engine = engineOf(await fake('no-options', `serve((request) => hello(request, { variants: [{ id: 'pagat' }] }));`));
    await engine.start();
    expect(engine.profile).toStrictEqual({ variants: [{ id: 'pagat' }] });
  });
});

describe('the legal-positions request', () => {
  const positionsEngine = async (name: string, answer: string, options: { validateProtocol?: boolean } = {}): Promise<StdioEngine> =>
    engineOf(
      await fake(
        name,
        `serve((request, index) => {
  if (index === 0) return hello(request, { capabilities: ['legal', 'legal-positions'] });
  if (request.cmd === 'legal-positions') return ${answer};
  return { id: request.id, events: [] };
});`,
      ),
      options,
    );
  const POSITIONS = [
    { round: 1, play: 1 },
    { round: 1, play: 2 },
  ];

  test('offered: one request with the whole game as the replay sent it, and the positions; a list per position', async () => {
    // Each position's list echoes the request: the command, the position, and the game's plays and layouts.
    const echo = `{ id: request.id, decisions: request.positions.map((p) => [{ card: request.cmd + ' ' + p.round + '/' + p.play }, { card: JSON.stringify(request.game.rounds[0].plays) }, { card: String(request.game.rounds[0].layouts.length) }]) }`;
    const engine = await positionsEngine('positions-echo', echo, { validateProtocol: true });
    await engine.replay(request());
    const plays = JSON.stringify(request().rounds[0]?.plays);
    expect(await engine.legalPositions(request(), POSITIONS)).toEqual([
      [{ card: 'legal-positions 1/1' }, { card: plays }, { card: '1' }],
      [{ card: 'legal-positions 1/2' }, { card: plays }, { card: '1' }],
    ]);
  });

  test('not offered by an engine that lists only legal: nothing is sent', async () => {
    // The replay's refusal says which request it was: the one after the hello, if nothing was sent before it.
    const engine = engineOf(
      await fake(
        'legal-only',
        `serve((request, index) => (index === 0 ? hello(request, { capabilities: ['legal'] }) : { id: request.id, events: [], rejection: { round: index, play: 0, code: request.cmd } }));`,
      ),
    );
    await engine.start();
    expect(await engine.legalPositions(request(), POSITIONS)).toBeUndefined();
    expect(await engine.replay(request())).toEqual({ events: [], rejection: { round: 1, play: 0, code: 'replay' } });
  });

  test.each([
    ['an error answer', `{ id: request.id, error: 'not here' }`, 'the engine reported an error: not here'],
    ['no decisions', `{ id: request.id }`, 'the answer to legal-positions has no "decisions" array of 2 lists: "{\\"id\\":2}"'],
    ['one list for two positions', `{ id: request.id, decisions: [[]] }`, 'the answer to legal-positions has no "decisions" array of 2 lists: "{\\"id\\":2,\\"decisions\\":[[]]}"'],
    ['an entry that is not a list', `{ id: request.id, decisions: [[], 'all'] }`, 'the answer to legal-positions has no "decisions" array of 2 lists: "{\\"id\\":2,\\"decisions\\":[[],\\"all\\"]}"'],
  ])('%s: a failure with the engine\'s words', async (name, answer, message) => {
    const engine = await positionsEngine(`positions-${name.replaceAll(' ', '-')}`, answer);
    await engine.start();
    expect(await failure(engine.legalPositions(request(), POSITIONS))).toEqual({ name: 'EngineFailure', message, detail: '' });
  });
});

// Last, so that the ten seconds of the engine started with the file pass while the tests above run.
describe('the handshake, an engine that never answers', () => {
  test('an engine that never answers hello is given up on after the timeout and 10 s to start, not waited on', async () => {
    const { command, refusal, ms } = await muteStart;
    expect(refusal).toEqual({
      name: 'EngineStartError',
      message: `${command}: no answer to hello: the engine did not answer within 10100 ms (raise --timeout if it is just slow)`,
    });
    expect(ms).toBeLessThan(15_000);
  }, 30_000);
});
