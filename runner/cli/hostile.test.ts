/**
 * Hostile inputs: every case of runner/testdata/hostile/cases.yaml (broken variants and fixtures, misbehaving
 * engines, usage mistakes) must end in the exit code and the message it names, without a stack trace, without a
 * hang, and without leaving a temporary or partial file behind. Cases run through `cli()` in process, or as a child
 * process (every engine case, and a sample of the others): the command line as the test run bundled it once
 * (runner/mutants/shared-builds.ts), which starts in a third of the time tsx takes over the sources.
 * A case marked `known-bug` shows a bug not fixed yet: it is skipped, with the reason in its name.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { cli } from './cli.ts';
import { cliEntry, programArgs } from '../mutants/shared-builds.ts';
import { MAX_REPORT_BYTES } from '../report/merge.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const HOSTILE = 'runner/testdata/hostile';
/**
 * How long any case may take. A hang is what a case must not do (an engine's child sleeps 300 s, a FIFO blocks for
 * ever), so the limit is generous: a loaded CI machine runs a child command ten times slower than a quiet one.
 */
const TIMEOUT_S = 60;

interface HostileCase {
  name: string;
  argv: string[];
  exit: number;
  stderr?: string[];
  stdout?: string[];
  via?: 'process' | 'child' | 'both';
  setup?: keyof typeof SETUPS;
  /** Files the case writes under {tmp}, each with substrings its text must contain. */
  writes?: Record<string, string[]>;
  'known-bug'?: string;
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Set when the run did not finish in time, or threw. */
  problem?: string;
}

const CASES = parse(readFileSync(join(REPO, HOSTILE, 'cases.yaml'), 'utf8')) as HostileCase[];

// ---------------------------------------------------------------------------------------------------------------
// Files made on the fly, each in the case's own temporary directory.

const lines = (count: number, line: string): string => `${line}\n`.repeat(count);
const SIX_MIB_OF_COMMENTS = lines(60_000, `# ${'x'.repeat(100)}`);
const ONE_PLAY = join(REPO, HOSTILE, 'engines', 'fixtures', 'one-play.yaml');
const FINDING = 'sweep-last-play-games-pagat-p2-s2.yaml';

const SETUPS = {
  empty: async () => {},
  'a-file': async (dir: string) => writeFile(join(dir, 'a-file'), 'not a directory\n'),
  'out-hand-written': async (dir: string) => {
    await mkdir(join(dir, 'out'));
    await cp(ONE_PLAY, join(dir, 'out', 'gen-s1.yaml'));
  },
  'out-broken-yaml': async (dir: string) => {
    await mkdir(join(dir, 'out'));
    await writeFile(join(dir, 'out', 'gen-s1.yaml'), 'id: [broken\n');
  },
  'huge-variant': async (dir: string) =>
    writeFile(join(dir, 'huge.yaml'), `id: huge\ntitle: A variant over 5 MiB\nsource: [hostile]\n${SIX_MIB_OF_COMMENTS}`),
  'huge-fixture': async (dir: string) => {
    await mkdir(join(dir, 'fixtures'));
    await writeFile(join(dir, 'fixtures', 'huge.yaml'), `${readFileSync(ONE_PLAY, 'utf8')}${SIX_MIB_OF_COMMENTS}`);
  },
  // A sparse file: past the reports' size limit without writing it.
  'huge-report': async (dir: string) => {
    await writeFile(join(dir, 'huge.json'), '');
    await truncate(join(dir, 'huge.json'), MAX_REPORT_BYTES + 1);
  },
  'newline-in-name': async (dir: string) => {
    await mkdir(join(dir, 'fixtures'));
    await cp(ONE_PLAY, join(dir, 'fixtures', 'one\nFAIL  forged/line.yaml'.replace('/', '-')));
  },
  'cr-line-ends': async (dir: string) => writeFile(join(dir, 'cr.yaml'), readFileSync(ONE_PLAY, 'utf8').replaceAll('\n', '\r')),
  'link-to-root': async (dir: string) => {
    await mkdir(join(dir, 'fixtures'));
    await cp(ONE_PLAY, join(dir, 'fixtures', 'one-play.yaml'));
    await symlink('/', join(dir, 'fixtures', 'root'));
    await symlink(join(dir, 'fixtures'), join(dir, 'fixtures', 'loop'));
  },
  'log-duplicate-key': async (dir: string) =>
    writeFile(join(dir, 'dup.jsonl'), readFileSync(join(REPO, 'runner/testdata/import/sample.jsonl'), 'utf8').replace('"variant":"pagat"', '"variant":"escoba","variant":"pagat"')),
  'log-deep': async (dir: string) => writeFile(join(dir, 'deep.jsonl'), `${'['.repeat(20_000)}${']'.repeat(20_000)}\n`),
  'deep-flow': async (dir: string) =>
    writeFile(join(dir, 'deep.yaml'), `id: deep\ntitle: Deep\nsource: [hostile]\nrules: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`),
  'deep-block': async (dir: string) => {
    const nested = Array.from({ length: 3000 }, (_, depth) => `${' '.repeat(depth + 1)}a:\n`).join('');
    await writeFile(join(dir, 'deep.yaml'), `id: deep\ntitle: Deep\nsource: [hostile]\nrules:\n${nested}`);
  },
  'deep-fixture': async (dir: string) => {
    await mkdir(join(dir, 'fixtures'));
    const deep = `${'{a: '.repeat(5000)}1${'}'.repeat(5000)}`;
    await writeFile(join(dir, 'fixtures', 'deep.yaml'), `id: fixtures/deep\ntitle: Deep\nvariant: pagat\nplayers: ${deep}\n`);
  },
  'directory-named-yaml': async (dir: string) => mkdir(join(dir, 'fixtures', 'inner.yaml'), { recursive: true }),
  fifo: async (dir: string) => execFileSync('mkfifo', [join(dir, 'pipe.yaml')]),
  'users-file': async (dir: string) => writeFile(join(dir, 'notes.txt'), 'my notes: not written by scopa-conformance\n'),
  'findings-folder': async (dir: string) => mkdir(join(dir, 'found')),
  // Where `run --games 1 --seed 2 --variant pagat` of the last-play-sweeps adapter writes its one finding.
  'findings-users-file': async (dir: string) => {
    await mkdir(join(dir, 'found'));
    await writeFile(join(dir, 'found', FINDING), 'my notes: not written by scopa-conformance\n');
  },
  'findings-fifo': async (dir: string) => {
    await mkdir(join(dir, 'found'));
    execFileSync('mkfifo', [join(dir, 'found', FINDING)]);
  },
  'findings-fixture': async (dir: string) => {
    await mkdir(join(dir, 'found'));
    await writeFile(join(dir, 'found', FINDING), readFileSync(ONE_PLAY, 'utf8').replace('id: fixtures/one-play', `id: found/${FINDING.replace('.yaml', '')}`));
  },
  'fifos-in-out': async (dir: string) => {
    await mkdir(join(dir, 'out'));
    for (const name of ['rec-sample-1.yaml', 'gen-s1.yaml', 'house.yaml']) execFileSync('mkfifo', [join(dir, 'out', name)]);
  },
  'fifo-named-yaml': async (dir: string) => {
    await mkdir(join(dir, 'fixtures'));
    execFileSync('mkfifo', [join(dir, 'fixtures', 'a.yaml')]);
  },
  'links-to-devices': async (dir: string) => {
    await mkdir(join(dir, 'fixtures'));
    await symlink('/dev/zero', join(dir, 'fixtures', 'zero.yaml'));
    await symlink('/dev/urandom', join(dir, 'fixtures', 'urandom.yaml'));
  },
  'duplicate-id': async (dir: string) => {
    const text = readFileSync(ONE_PLAY, 'utf8').replace('id: fixtures/one-play\n', '');
    for (const side of ['a', 'b']) {
      await mkdir(join(dir, 'fixtures', side, 'same'), { recursive: true });
      await writeFile(join(dir, 'fixtures', side, 'same', 'one-play.yaml'), `id: same/one-play\n${text}`);
    }
  },
} as const;

/** Every file below a directory with its size (links as links, not followed): compared before and after a run, to find partial output. */
async function snapshot(dir: string, prefix = ''): Promise<string[]> {
  const entries: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const name = join(prefix, entry.name);
    if (entry.isDirectory()) entries.push(`${name} dir`, ...(await snapshot(dir, name)));
    else entries.push(`${name} ${entry.isSymbolicLink() ? 'link' : (await lstat(join(dir, name))).size}`);
  }
  return entries.sort();
}

// ---------------------------------------------------------------------------------------------------------------
// Running a case.

// A test engine written in TypeScript runs as the test run bundled it, like the command line (see cliEntry).
const expand = (text: string, tmp: string): string =>
  text
    .replaceAll('$H', HOSTILE)
    .replaceAll('{tmp}', tmp)
    .replace(/\{node\} --import tsx (\S+\.ts)/g, (_, program: string) => ['{node}', ...programArgs(program)].join(' '))
    .replaceAll('{node}', process.execPath);

async function runInProcess(argv: string[], timeoutMs: number): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: REPO,
    isTTY: false,
    env: { CI: '1' },
  };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  try {
    const code = await Promise.race([cli(argv, io), timedOut]);
    if (code === 'timeout') return { code: null, stdout, stderr, problem: `did not finish within ${timeoutMs} ms` };
    return { code, stdout, stderr };
  } catch (error) {
    return { code: null, stdout, stderr, problem: `cli() threw: ${(error as Error).stack ?? String(error)}` };
  } finally {
    clearTimeout(timer);
  }
}

function runAsChild(argv: string[], timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliEntry(), ...argv], {
      cwd: REPO,
      env: { ...process.env, CI: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    let problem: string | undefined;
    const timer = setTimeout(() => {
      problem = `did not finish within ${timeoutMs} ms`;
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(problem === undefined ? { code, stdout, stderr } : { code, stdout, stderr, problem });
    });
  });
}

/** A stack trace, or the first line of an uncaught exception, in what the command printed. */
function stackTraceIn(text: string): string | undefined {
  const patterns = [/^\s+at \S.*$/m, /^(?:[A-Z]\w*(?:Error|Exception)\b|DOMException).*$/m, /^.*node:internal.*$/m];
  for (const pattern of patterns) {
    const found = pattern.exec(text);
    if (found !== null) return found[0];
  }
  return undefined;
}

function checkOutput(stream: string, expected: string[] | undefined, tmp: string, name: string): void {
  for (const entry of expected ?? []) {
    const wanted = expand(entry, tmp);
    if (wanted.length > 2 && wanted.startsWith('/') && wanted.endsWith('/')) {
      // A regular expression: {tmp} was written as \{tmp\} in it, and its path must match literally.
      const source = expand(entry.slice(1, -1).replaceAll('\\{tmp\\}', '{tmp}').replaceAll('{tmp}', '\u0000'), tmp);
      const pattern = new RegExp(
        source
          .split('\u0000')
          .join(tmp.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
        'm',
      );
      expect(stream, `${name}: ${pattern}`).toMatch(pattern);
    } else {
      expect(stream, name).toContain(wanted);
    }
  }
}

async function checkCase(testCase: HostileCase, via: 'process' | 'child'): Promise<void> {
  const tmp = await mkdtemp(join(tmpdir(), 'scopa-hostile-'));
  try {
    if (testCase.setup !== undefined) await SETUPS[testCase.setup](tmp);
    const before = await snapshot(tmp);
    const argv = testCase.argv.map((arg) => expand(String(arg), tmp));
    const timeoutMs = TIMEOUT_S * 1000;
    const outcome = via === 'child' ? await runAsChild(argv, timeoutMs) : await runInProcess(argv, timeoutMs);
    const shown = `${testCase.name} (${via})\n--- stderr\n${outcome.stderr.slice(0, 3000)}\n--- stdout\n${outcome.stdout.slice(0, 3000)}`;
    expect(outcome.problem, shown).toBeUndefined();
    expect(stackTraceIn(outcome.stderr), `a stack trace on stderr: ${shown}`).toBeUndefined();
    expect(outcome.code, shown).toBe(testCase.exit);
    checkOutput(outcome.stderr, testCase.stderr, tmp, shown);
    checkOutput(outcome.stdout, testCase.stdout, tmp, shown);
    for (const [name, expected] of Object.entries(testCase.writes ?? {})) {
      const text = await readFile(join(tmp, name), 'utf8').catch(() => `${name} was not written`);
      checkOutput(text, expected, tmp, `${shown}\n--- ${name}\n${text}`);
      await rm(join(tmp, name));
    }
    expect(await snapshot(tmp), `${testCase.name}: files left behind in ${tmp}`).toEqual(before);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------

const viaOf = (testCase: HostileCase): ('process' | 'child')[] =>
  testCase.via === 'both' ? ['process', 'child'] : [testCase.via ?? 'process'];
const TEST_TIMEOUT_MS = (TIMEOUT_S + 15) * 1000;

describe('the manifest', () => {
  test('has at least 100 cases, each named once, with an exit code', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(100);
    const names = CASES.map((c) => c.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    for (const testCase of CASES) {
      expect(Number.isInteger(testCase.exit), testCase.name).toBe(true);
      expect(Array.isArray(testCase.argv), testCase.name).toBe(true);
      expect(testCase.setup === undefined || Object.hasOwn(SETUPS, testCase.setup), testCase.name).toBe(true);
      expect((testCase.stderr ?? []).length + (testCase.stdout ?? []).length, `${testCase.name} names no message`).toBeGreaterThan(0);
    }
  });

  test('both loops below have cases to run', () => {
    expect(CASES.filter((c) => viaOf(c).includes('process')).length).toBeGreaterThanOrEqual(100);
    expect(CASES.filter((c) => viaOf(c).includes('child')).length).toBeGreaterThanOrEqual(20);
  });

  test('every engine case runs as a child process with a timeout of its own', () => {
    for (const testCase of CASES.filter((c) => c.name.startsWith('engines/'))) {
      expect(testCase.via, testCase.name).toBe('child');
      expect(testCase.argv, testCase.name).toContain('--timeout');
    }
  });
});

let fixturesBefore: string[];
beforeAll(async () => {
  fixturesBefore = await snapshot(FIXTURES_DIR);
});
afterAll(async () => {
  // Nothing was written into the repository: no fixture, no temporary file, here or in the hostile inputs.
  expect(await snapshot(FIXTURES_DIR)).toEqual(fixturesBefore);
  const leftovers = (await readdir(join(REPO, HOSTILE), { recursive: true, encoding: 'utf8' })).filter((name) => name.endsWith('.tmp'));
  expect(leftovers).toEqual([]);
});

describe('in process', () => {
  for (const testCase of CASES.filter((c) => viaOf(c).includes('process'))) {
    const bug = testCase['known-bug'];
    if (bug !== undefined) test.skip(`${testCase.name} [known bug: ${bug}]`, () => {});
    else test(testCase.name, () => checkCase(testCase, 'process'), TEST_TIMEOUT_MS);
  }
});

describe.concurrent('as a child process', () => {
  for (const testCase of CASES.filter((c) => viaOf(c).includes('child'))) {
    const bug = testCase['known-bug'];
    if (bug !== undefined) test.skip(`${testCase.name} [known bug: ${bug}]`, () => {});
    else test(testCase.name, () => checkCase(testCase, 'child'), TEST_TIMEOUT_MS);
  }
});
