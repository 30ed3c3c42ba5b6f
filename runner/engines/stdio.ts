/**
 * An external engine: a child process spoken to in JSON lines over stdin and stdout (spec/PROTOCOL.md).
 * One process serves many replays. Whatever goes wrong with it (it exits, hangs, prints garbage or a line
 * too long, answers with the wrong id) fails that one replay as an `EngineFailure` carrying what it printed,
 * and the next replay starts a fresh process.
 * @module
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { type Decision, type GameEvent, type OptionValue } from '../../reference/index.ts';
import type { LegalPosition, ReplayReply, ReplayRequest } from '../fixture/fixture.ts';
import { checkAgainstSchema } from '../load/schemas.ts';
import { type EngineProfile, PLAYS_EVERYTHING } from '../profile/profile.ts';
import { EngineFailure, EngineStartError, PROTOCOL_VERSION, type Engine } from './engine-api.ts';
import { type DealtLayouts, dealtLayouts, isCutFrom, layoutsBefore, replayFields, sidesOf, wireFields } from './wire-game.ts';

/** At most this much of a line the engine printed, quoted, in a message. */
const EXCERPT_LENGTH = 200;
const excerpt = (line: string): string =>
  `${JSON.stringify(line.slice(0, EXCERPT_LENGTH))}${line.length > EXCERPT_LENGTH ? ` (${line.length - EXCERPT_LENGTH} more characters)` : ''}`;

/** Longer lines are refused: an engine that prints one is broken, and the runner must not run out of memory. */
export const MAX_LINE_LENGTH = 64 * 1024 * 1024;
const STDERR_KEPT = 4096;

export interface StdioEngineOptions {
  command: string;
  timeoutMs: number;
  /** Check every request and answer against spec/protocol/ (`--validate-protocol`). */
  validateProtocol: boolean;
  cwd: string;
}

interface Hello {
  protocol?: unknown;
  engine?: { name?: unknown; version?: unknown };
  variants?: '*' | { id: string; options?: Record<string, OptionValue[]> }[];
  profile?: unknown;
  capabilities?: unknown;
}

/** The profile a hello declares: its `profile`, or else its `variants` list (ids and option values). */
function profileOfHello(hello: Hello): EngineProfile | string {
  if (hello.profile !== undefined) {
    const problems = checkAgainstSchema('profile', hello.profile);
    if (problems.length === 0) return hello.profile as EngineProfile;
    return `answered hello with an invalid profile: ${problems.map((p) => `${p.pointer || '/'}: ${p.message}`).join('; ')}`;
  }
  // Anything but a list plays everything here; the handshake refuses what is neither "*" nor a list.
  if (!Array.isArray(hello.variants)) return PLAYS_EVERYTHING;
  return { variants: hello.variants.map((entry) => ({ id: entry.id, ...(entry.options === undefined ? {} : { options: entry.options }) })) };
}

/** One running engine process and its line reader. */
class EngineProcess {
  /** Complete lines not yet asked for, and the pieces of the line being received. */
  private lines: string[] = [];
  private pending: string[] = [];
  private pendingLength = 0;
  private stderrTail = '';
  private waiting: { resolve: (line: string) => void; reject: (error: EngineFailure) => void } | undefined;
  private exited: string | undefined;
  private nextId = 1;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.takeOutput(chunk));
    child.stderr.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_KEPT);
    });
    child.stdin.on('error', () => {});
    child.on('exit', (code, signal) => this.fail(`the engine exited (${signal ?? `code ${code}`})`));
    child.on('error', (error) => this.fail(`the engine could not be run: ${error.message}`));
  }

  static start(options: StdioEngineOptions): EngineProcess {
    // Its own process group, so that killing it also ends what the shell started.
    const child = spawn(options.command, { shell: true, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    return new EngineProcess(child);
  }

  get stderr(): string {
    return this.stderrTail;
  }

  /** Splits output into lines as it comes, looking only at the new chunk, and hands lines to whoever waits. */
  private takeOutput(chunk: string): void {
    let rest = chunk;
    for (let newline = rest.indexOf('\n'); newline >= 0; newline = rest.indexOf('\n')) {
      this.pending.push(rest.slice(0, newline));
      this.lines.push(this.pending.join(''));
      this.pending = [];
      this.pendingLength = 0;
      rest = rest.slice(newline + 1);
    }
    if (rest !== '') {
      this.pending.push(rest);
      this.pendingLength += rest.length;
      if (this.pendingLength > MAX_LINE_LENGTH) this.fail(`the engine printed a line longer than ${MAX_LINE_LENGTH} characters`);
    }
    this.deliver();
  }

  private deliver(): void {
    const line = this.lines.shift();
    if (line === undefined) return;
    const waiting = this.waiting;
    if (waiting === undefined) {
      this.lines.unshift(line);
      return;
    }
    this.waiting = undefined;
    waiting.resolve(line);
  }

  private fail(reason: string): void {
    this.exited ??= reason;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(new EngineFailure(reason, this.stderrTail));
    this.kill();
  }

  /**
   * Ends the engine's whole process group, even after the engine itself has exited (what it started in the
   * background may still hold its output open), and lets go of its pipes so that nothing keeps the runner alive.
   */
  private kill(): void {
    if (this.child.pid !== undefined) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        if (this.child.exitCode === null) this.child.kill('SIGKILL');
      }
    }
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    this.child.stdin.destroy();
  }

  /** The line being received, as far as it came: what a timeout or an exit cut short. */
  get unfinished(): string {
    return this.pending.join('');
  }

  /** Sends one request and waits for the line that answers it. */
  async request(message: Record<string, unknown>, timeoutMs: number): Promise<{ id: number; reply: Record<string, unknown>; line: string }> {
    if (this.exited !== undefined) throw new EngineFailure(this.exited, this.stderrTail);
    const id = this.nextId++;
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        const partial = this.unfinished === '' ? '' : `; it printed an unfinished line: ${excerpt(this.unfinished)}`;
        this.fail(`the engine did not answer within ${timeoutMs} ms (raise --timeout if it is just slow)${partial}`);
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
      this.child.stdin.write(`${JSON.stringify({ ...message, id })}\n`);
      this.deliver();
    });
    let reply: unknown;
    try {
      reply = JSON.parse(line);
    } catch {
      this.fail('garbage');
      const bom = line.startsWith('\ufeff') ? ' (it starts with a byte order mark, U+FEFF: write UTF-8 without one)' : '';
      throw new EngineFailure(`the engine printed a line that is not JSON${bom}: ${excerpt(line)}`, this.stderrTail);
    }
    if (typeof reply !== 'object' || reply === null || (reply as { id?: unknown }).id !== id) {
      this.fail('wrong id');
      throw new EngineFailure(`the engine answered request ${id} with ${excerpt(line)}`, this.stderrTail);
    }
    return { id, reply: reply as Record<string, unknown>, line };
  }

  async stop(): Promise<void> {
    if (this.exited !== undefined) {
      this.kill();
      return;
    }
    this.child.stdin.write(`${JSON.stringify({ cmd: 'bye', id: this.nextId++ })}\n`);
    this.child.stdin.end();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.kill();
        resolve();
      }, 1000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        this.kill();
        resolve();
      });
    });
  }
}

function protocolProblem(schema: string, message: unknown): string | undefined {
  const problems = checkAgainstSchema(schema, message);
  return problems.length === 0 ? undefined : problems.map((p) => `${p.pointer || '/'}: ${p.message}`).join('; ');
}

/** An answer that reports an error is no answer: the fixture errors with the engine's words. */
function failOnError(reply: Record<string, unknown>, stderr: string): void {
  if (typeof reply.error === 'string') throw new EngineFailure(`the engine reported an error: ${reply.error}`, stderr);
}

export class StdioEngine implements Engine {
  readonly name: string;
  private process: EngineProcess | undefined;
  private answersLegal = false;
  private answersLegalPositions = false;
  /** The last game replayed, with its layouts and sides: the legal requests of its positions need no replay of their own. */
  private lastGame: { request: ReplayRequest; dealt: DealtLayouts; sideOf: number[] } | undefined;
  /** What the engine's hello declares. */
  profile: EngineProfile = PLAYS_EVERYTHING;

  constructor(private readonly options: StdioEngineOptions) {
    this.name = options.command;
  }

  /** Starts the process and shakes hands; refuses an engine that cannot be started or speaks another version. */
  async start(): Promise<void> {
    const process = EngineProcess.start(this.options);
    let hello: Hello;
    try {
      hello = (await this.exchange(process, 'hello', { cmd: 'hello', protocol: PROTOCOL_VERSION })).reply as Hello;
    } catch (error) {
      const detail = error instanceof EngineFailure && error.detail ? `\n${error.detail.trimEnd()}` : '';
      throw new EngineStartError(`${this.name}: no answer to hello: ${(error as Error).message}${detail}`);
    }
    const profile = profileOfHello(hello);
    const problem =
      hello.protocol !== PROTOCOL_VERSION
        ? `speaks protocol ${JSON.stringify(hello.protocol)}; this runner speaks ${PROTOCOL_VERSION}`
        : typeof hello.engine?.name !== 'string' || typeof hello.engine.version !== 'string'
          ? 'answered hello without "engine": {"name", "version"}'
          : hello.variants !== '*' && !Array.isArray(hello.variants)
            ? 'answered hello without "variants" ("*" or a list of variant ids)'
            : typeof profile === 'string'
              ? profile
              : undefined;
    if (problem !== undefined) {
      await process.stop();
      throw new EngineStartError(`${this.name} ${problem}`);
    }
    this.profile = profile as EngineProfile;
    const capabilities: unknown[] = Array.isArray(hello.capabilities) ? hello.capabilities : [];
    this.answersLegal = capabilities.includes('legal');
    this.answersLegalPositions = capabilities.includes('legal-positions');
    this.process = process;
  }

  private async exchange(process: EngineProcess, schema: string, message: Record<string, unknown>): Promise<{ reply: Record<string, unknown>; line: string }> {
    const { id, reply, line } = await process.request(message, this.options.timeoutMs);
    if (this.options.validateProtocol) {
      const sent = protocolProblem(`protocol/${schema}`, { ...message, id });
      if (sent !== undefined) throw new Error(`the runner sent an invalid ${schema} request: ${sent}`);
      const answered = protocolProblem(`protocol/${schema}#/$defs/response`, reply);
      if (answered !== undefined) throw new EngineFailure(`protocol violation in the ${schema} answer: ${answered}`, process.stderr);
    }
    return { reply, line };
  }

  async replay(request: ReplayRequest): Promise<ReplayReply> {
    const dealt = dealtLayouts(request);
    const sideOf = sidesOf(request);
    this.lastGame = { request, dealt, sideOf };
    return this.ask('replay', { cmd: 'replay', ...wireFields(request, dealt.layouts, sideOf) }, (reply, stderr, line): ReplayReply => {
      if (typeof reply.skipped === 'string') return { events: [], skipped: reply.skipped };
      failOnError(reply, stderr);
      if (!Array.isArray(reply.events)) throw new EngineFailure(`the answer has no "events" array: ${excerpt(line)}`, stderr);
      const answer: ReplayReply = { events: reply.events as GameEvent[] };
      if (reply.rejection !== undefined) answer.rejection = reply.rejection as ReplayReply['rejection'];
      return answer;
    });
  }

  /**
   * The engine's legal decisions after the request's inputs; undefined if it does not offer `legal`. Rejects with
   * an `EngineFailure` when it offers it and does not answer, or answers an error or something else.
   */
  async legal(request: ReplayRequest): Promise<Decision[] | undefined> {
    if (!this.answersLegal) return undefined;
    return this.ask('legal', { cmd: 'legal', game: this.gameFields(request) }, (reply, stderr, line) => {
      failOnError(reply, stderr);
      if (!Array.isArray(reply.decisions)) throw new EngineFailure(`the answer to legal has no "decisions" array: ${excerpt(line)}`, stderr);
      return reply.decisions as Decision[];
    });
  }

  /**
   * The engine's legal decisions at each position of the game, in one request; undefined if it does not offer
   * `legal-positions`. Rejects like `legal`, and when the answer has not one list per position.
   */
  async legalPositions(request: ReplayRequest, positions: readonly LegalPosition[]): Promise<Decision[][] | undefined> {
    if (!this.answersLegalPositions) return undefined;
    const message = { cmd: 'legal-positions', game: this.gameFields(request), positions };
    return this.ask('legal-positions', message, (reply, stderr, line) => {
      failOnError(reply, stderr);
      const { decisions } = reply;
      if (!Array.isArray(decisions) || decisions.length !== positions.length || !decisions.every(Array.isArray)) {
        throw new EngineFailure(`the answer to legal-positions has no "decisions" array of ${positions.length} lists: ${excerpt(line)}`, stderr);
      }
      return decisions as Decision[][];
    });
  }

  /** A game's fields on the wire; the layouts of the last game replayed serve any cut of it. */
  private gameFields(request: ReplayRequest): Record<string, unknown> {
    const last = this.lastGame;
    if (last === undefined || !isCutFrom(request, last.request)) return replayFields(request);
    return wireFields(request, layoutsBefore(last.dealt, request.rounds.length, request.rounds.at(-1)?.plays.length ?? 0), last.sideOf);
  }

  /**
   * One request to the engine, started first if need be; `read` turns its answer into a result or throws.
   * Whatever goes wrong, the next request starts from a fresh process.
   */
  private async ask<T>(
    schema: string,
    message: Record<string, unknown>,
    read: (reply: Record<string, unknown>, stderr: string, answer: string) => T,
  ): Promise<T> {
    if (this.process === undefined) await this.start();
    const process = this.process as EngineProcess;
    try {
      const { reply, line } = await this.exchange(process, schema, message);
      return read(reply, process.stderr, line);
    } catch (error) {
      this.process = undefined;
      void process.stop();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.process?.stop();
    this.process = undefined;
  }
}
