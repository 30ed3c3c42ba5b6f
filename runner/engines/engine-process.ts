/**
 * A child process spoken to in JSON lines: one request written, one line read back as its answer. What both
 * kinds of external engine share: an engine speaking the protocol on stdout, and the process an `--adapter`
 * runs in, which answers on fd 3 (its stdout is the adapter's own output). The process has a process group of
 * its own, ended whole; each request is bounded by a timeout and by the run's abort signal; a line that comes
 * while no request waits, a line too long, garbage or the wrong id ends the process, and the request fails
 * with why (an `EngineFailure` carrying what the process wrote on its other streams).
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Duplex, Readable, Writable } from 'node:stream';
import { parseJsonStrictly } from '../util/json-text.ts';
import { EngineFailure, RunInterrupted } from './engine-api.ts';

/** At most this much of a line the engine printed, quoted, in a message. */
const EXCERPT_LENGTH = 200;
export const excerpt = (line: string): string =>
  `${JSON.stringify(line.slice(0, EXCERPT_LENGTH))}${line.length > EXCERPT_LENGTH ? ` (${line.length - EXCERPT_LENGTH} more characters)` : ''}`;

/** Longer lines are refused: an engine that prints one is broken, and the runner must not run out of memory. */
export const MAX_LINE_LENGTH = 64 * 1024 * 1024;
/** How much of what the process writes besides its answers is kept, from the end. */
const OUTPUT_KEPT = 4096;
/**
 * How long what an exited process wrote last may take to arrive: its pipes are read after the exit is seen, and
 * something it started in the background may hold them open for ever.
 */
const OUTPUT_DRAIN_MS = 250;
/** How long a process that was told to stop may take before it is killed. */
const STOP_GRACE_MS = 1000;

/** What starting a process takes (Node's own start, a tsx or Python interpreter), on top of its first answer. */
const PROCESS_START_MS = 10_000;
/** The longest delay a Node timer takes (2^31 - 1 ms); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The limit of a fresh process's first answer: the request's own limit, and the time a process takes to start. */
export const startAllowance = (timeoutMs: number): number => Math.min(timeoutMs + PROCESS_START_MS, MAX_TIMER_MS);

/** What is wrong with a line that is no answer: not JSON at all, or JSON the runner refuses (`problem`). */
function garbage(line: string, problem: string): string {
  try {
    JSON.parse(line);
    return `printed JSON the runner does not take (${problem})`;
  } catch {
    const bom = line.startsWith('\ufeff') ? ' (it starts with a byte order mark, U+FEFF: write UTF-8 without one)' : '';
    return `printed a line that is not JSON${bom}`;
  }
}

export interface ProcessSpec {
  /** A shell command (an engine's `--engine`), or a program and its arguments, run without a shell. */
  command: string;
  args?: string[];
  shell: boolean;
  cwd: string;
  /** Where the answers come: the process's stdout, or fd 3 (then stdout is output like stderr). */
  channel: 'stdout' | 'fd3';
  /** Aborted when the user stops the run: a waiting request fails at once and the process is ended. */
  signal?: AbortSignal;
  /** How the process is named in messages: "the engine", "the adapter". */
  called: string;
}

export interface Answer {
  id: number;
  reply: Record<string, unknown>;
  line: string;
}

export class EngineProcess {
  /** Pieces of the line being received. */
  private pending: string[] = [];
  private pendingLength = 0;
  private outputTail = '';
  private waiting: { resolve: (line: string) => void; reject: (error: Error) => void } | undefined;
  private exited: string | undefined;
  private nextId = 1;
  private readonly requests: Writable;
  private readonly answers: Readable;
  private readonly onAbort = (): void => this.fail(new RunInterrupted());

  private constructor(
    private readonly child: ChildProcess,
    private readonly spec: ProcessSpec,
  ) {
    const channel = spec.channel === 'stdout' ? null : (child.stdio[3] as Duplex);
    this.requests = channel ?? (child.stdin as Writable);
    this.answers = channel ?? (child.stdout as Readable);
    this.answers.setEncoding('utf8');
    this.answers.on('data', (chunk: string) => this.takeAnswers(chunk));
    for (const output of [child.stderr, channel === null ? null : child.stdout]) {
      output?.setEncoding('utf8');
      output?.on('data', (chunk: string) => {
        this.outputTail = (this.outputTail + chunk).slice(-OUTPUT_KEPT);
      });
    }
    this.requests.on('error', () => {});
    child.stdin?.on('error', () => {});
    child.on('exit', (code, signal) => this.afterOutputDrained(() => this.fail(`${spec.called} exited (${signal ?? `code ${code}`})`)));
    child.on('error', (error) => this.fail(`${spec.called} could not be run: ${error.message}`));
    spec.signal?.addEventListener('abort', this.onAbort, { once: true });
    if (spec.signal?.aborted === true) this.onAbort();
  }

  static start(spec: ProcessSpec): EngineProcess {
    const stdio = spec.channel === 'stdout' ? (['pipe', 'pipe', 'pipe'] as const) : (['ignore', 'pipe', 'pipe', 'pipe'] as const);
    // Its own process group, so that killing it also ends what it started.
    const child = spawn(spec.command, spec.args ?? [], { shell: spec.shell, cwd: spec.cwd, stdio: [...stdio], detached: true });
    return new EngineProcess(child, spec);
  }

  /** Runs `then` once the pipes of the exited process are read to their end, or after OUTPUT_DRAIN_MS. */
  private afterOutputDrained(then: () => void): void {
    const once = (): void => {
      clearTimeout(timer);
      this.child.off('close', once);
      then();
    };
    const timer = setTimeout(once, OUTPUT_DRAIN_MS);
    this.child.once('close', once);
  }

  /** What the process wrote besides its answers (its stderr, and its stdout where answers come on fd 3): the last of it. */
  get output(): string {
    return this.outputTail;
  }

  /** Why the process can no longer answer, or undefined while it can. */
  get ended(): string | undefined {
    return this.exited;
  }

  /** Splits answers into lines as they come, looking only at the new chunk. */
  private takeAnswers(chunk: string): void {
    let rest = chunk;
    for (let newline = rest.indexOf('\n'); newline >= 0 && this.exited === undefined; newline = rest.indexOf('\n')) {
      this.pending.push(rest.slice(0, newline));
      const line = this.pending.join('');
      this.pending = [];
      this.pendingLength = 0;
      rest = rest.slice(newline + 1);
      this.deliver(line);
    }
    if (rest !== '' && this.exited === undefined) {
      this.pending.push(rest);
      this.pendingLength += rest.length;
      if (this.pendingLength > MAX_LINE_LENGTH) this.fail(`${this.spec.called} printed a line longer than ${MAX_LINE_LENGTH} characters`);
    }
  }

  /** A line is the answer to the request that waits; with none waiting, it answers nothing: a protocol error. */
  private deliver(line: string): void {
    const waiting = this.waiting;
    if (waiting === undefined) {
      this.fail(`${this.spec.called} printed a line while no request was waiting for an answer: ${excerpt(line)}`);
      return;
    }
    this.waiting = undefined;
    waiting.resolve(line);
  }

  private fail(reason: string | RunInterrupted): void {
    this.exited ??= typeof reason === 'string' ? reason : reason.message;
    const waiting = this.waiting;
    this.waiting = undefined;
    const error: Error = typeof reason === 'string' ? new EngineFailure(reason, this.outputTail) : reason;
    waiting?.reject(error);
    this.kill();
  }

  /**
   * Ends the process group, even after the process itself has exited (what it started in the background may
   * still hold its output open), and lets go of its pipes so that nothing keeps the runner alive.
   */
  private kill(): void {
    this.spec.signal?.removeEventListener('abort', this.onAbort);
    if (this.child.pid !== undefined) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        if (this.child.exitCode === null) this.child.kill('SIGKILL');
      }
    }
    for (const stream of this.child.stdio) stream?.destroy();
  }

  /** The line being received, as far as it came: what a timeout or an exit cut short. */
  private get unfinished(): string {
    return this.pending.join('');
  }

  /**
   * Sends one request and waits for the line that answers it: a JSON object with the request's id. `awaited` says
   * what a timeout did not get ("answer", "make its engine").
   */
  async request(message: Record<string, unknown>, timeoutMs: number, awaited = 'answer'): Promise<Answer> {
    if (this.spec.signal?.aborted === true) throw new RunInterrupted();
    if (this.exited !== undefined) throw new EngineFailure(this.exited, this.outputTail);
    const id = this.nextId++;
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        const partial = this.unfinished === '' ? '' : `; it printed an unfinished line: ${excerpt(this.unfinished)}`;
        this.fail(`${this.spec.called} did not ${awaited} within ${timeoutMs} ms (raise --timeout if it is just slow)${partial}`);
      }, timeoutMs);
      this.waiting = {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.requests.write(`${JSON.stringify({ ...message, id })}\n`);
    });
    const parsed = parseJsonStrictly(line);
    if (!parsed.ok) {
      this.fail('garbage');
      throw new EngineFailure(`${this.spec.called} ${garbage(line, parsed.message)}: ${excerpt(line)}`, this.outputTail);
    }
    const reply = parsed.value;
    if (typeof reply !== 'object' || reply === null || Array.isArray(reply) || (reply as { id?: unknown }).id !== id) {
      this.fail('wrong id');
      throw new EngineFailure(`${this.spec.called} answered request ${id} with ${excerpt(line)}`, this.outputTail);
    }
    return { id, reply: reply as Record<string, unknown>, line };
  }

  /** Sends a last message (none if `farewell` is undefined), closes the process's input and waits for it to exit, at most a second. */
  async stop(farewell?: Record<string, unknown>): Promise<void> {
    if (this.exited !== undefined) {
      this.kill();
      return;
    }
    if (farewell !== undefined) this.requests.write(`${JSON.stringify({ ...farewell, id: this.nextId++ })}\n`);
    this.requests.end();
    this.child.stdin?.end();
    await this.exit(STOP_GRACE_MS);
  }

  /** Waits for the process to exit, at most `ms`; then ends its group whatever it did. */
  async exit(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, ms);
      if (this.child.exitCode !== null || this.child.signalCode !== null) done();
      else this.child.once('exit', done);
    });
    this.exited ??= `${this.spec.called} was stopped`;
    this.kill();
  }
}
