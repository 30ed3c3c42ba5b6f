/**
 * An external engine: a child process spoken to in JSON lines over stdin and stdout (spec/PROTOCOL.md).
 * One process serves many replays. Whatever goes wrong with it (it exits, hangs, prints garbage or a line
 * too long, answers with the wrong id) fails that one replay as an `EngineFailure` carrying what it printed,
 * and the next replay starts a fresh process.
 * @module
 */
import { type Decision, type GameEvent, type OptionValue } from '../../reference/index.ts';
import type { LegalPosition, ReplayReply, ReplayRequest } from '../fixture/fixture.ts';
import { checkAgainstSchema } from '../load/schemas.ts';
import { type EngineProfile, PLAYS_EVERYTHING, type Reporting, reportingFor, variantProfileOf } from '../profile/profile.ts';
import { EngineFailure, EngineStartError, PROTOCOL_VERSION, RunInterrupted, type Engine } from './engine-api.ts';
import { EngineProcess, excerpt, startAllowance } from './engine-process.ts';
import { protocolProblem, replayAnswerProblem } from './protocol-schema.ts';
import { type DealtLayouts, dealtLayouts, isCutFrom, layoutsBefore, replayFields, sidesOf, wireFields } from './wire-game.ts';

export interface StdioEngineOptions {
  command: string;
  timeoutMs: number;
  /**
   * Check every request and answer against spec/protocol/ (`--validate-protocol`); a replay answer as far as the
   * engine reports, by the profile it is judged by.
   */
  validateProtocol: boolean;
  cwd: string;
  /** The profile the engine is judged by where --profile gives one: it replaces the hello's. */
  profile?: EngineProfile;
}

interface Hello {
  protocol?: unknown;
  engine?: { name?: unknown; version?: unknown };
  variants?: '*' | { id: string; options?: Record<string, OptionValue[]> }[];
  profile?: unknown;
  capabilities?: unknown;
}

/** An entry's `options`: absent, or a map of option names to lists of values. */
const isOptionsMap = (options: unknown): boolean =>
  options === undefined || (typeof options === 'object' && options !== null && !Array.isArray(options) && Object.values(options).every(Array.isArray));

/** The profile a hello declares: its `profile`, or else its `variants` list (ids and option values). */
function profileOfHello(hello: Hello): EngineProfile | string {
  if (hello.profile !== undefined) {
    const problems = checkAgainstSchema('profile', hello.profile);
    if (problems.length === 0) return hello.profile as EngineProfile;
    return `answered hello with an invalid profile: ${problems.map((p) => `${p.pointer || '/'}: ${p.message}`).join('; ')}`;
  }
  // Anything but a list plays everything here; the handshake refuses what is neither "*" nor a list.
  if (!Array.isArray(hello.variants)) return PLAYS_EVERYTHING;
  const bad = (hello.variants as unknown[]).findIndex(
    (entry) => typeof entry !== 'object' || entry === null || typeof (entry as { id?: unknown }).id !== 'string' || !isOptionsMap((entry as { options?: unknown }).options),
  );
  if (bad >= 0) return `answered hello with a "variants" list whose entry ${bad} is not {"id": "...", "options": {...}}: ${JSON.stringify(hello.variants[bad]) ?? 'undefined'}`;
  return { variants: hello.variants.map((entry) => ({ id: entry.id, ...(entry.options === undefined ? {} : { options: entry.options }) })) };
}

const BYE = { cmd: 'bye' };

/** An answer that reports an error is no answer: the fixture errors with the engine's words. */
function failOnError(reply: Record<string, unknown>, stderr: string): void {
  if (typeof reply.error === 'string') throw new EngineFailure(`the engine reported an error: ${reply.error}`, stderr);
}

export class StdioEngine implements Engine {
  readonly name: string;
  private process: EngineProcess | undefined;
  private answersLegal = false;
  private answersLegalPositions = false;
  /** Whether the hello offers `table-claim`. */
  claims = false;
  /** The last game replayed, with its layouts and sides: the legal requests of its positions need no replay of their own. */
  private lastGame: { request: ReplayRequest; dealt: DealtLayouts; sideOf: number[] } | undefined;
  /** What the engine's hello declares. */
  profile: EngineProfile = PLAYS_EVERYTHING;

  constructor(
    private readonly options: StdioEngineOptions,
    private readonly signal?: AbortSignal,
  ) {
    this.name = options.command;
  }

  /** Starts the process and shakes hands; refuses an engine that cannot be started or speaks another version. */
  async start(): Promise<void> {
    const { command, cwd } = this.options;
    const process = EngineProcess.start({ command, cwd, shell: true, channel: 'stdout', called: 'the engine', ...(this.signal === undefined ? {} : { signal: this.signal }) });
    let hello: Hello;
    try {
      hello = (await this.exchange(process, 'hello', { cmd: 'hello', protocol: PROTOCOL_VERSION }, startAllowance(this.options.timeoutMs))).reply as Hello;
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
      await process.stop(BYE);
      throw new EngineStartError(`${this.name} ${problem}`);
    }
    this.profile = profile as EngineProfile;
    const capabilities: unknown[] = Array.isArray(hello.capabilities) ? hello.capabilities : [];
    this.answersLegal = capabilities.includes('legal');
    this.answersLegalPositions = capabilities.includes('legal-positions');
    this.claims = capabilities.includes('table-claim');
    this.process = process;
  }

  /** Sends a request and reads its answer; under validateProtocol, checks both (`answerProblem` the answer, where a schema is not enough). */
  private async exchange(
    process: EngineProcess,
    schema: string,
    message: Record<string, unknown>,
    limitMs = this.options.timeoutMs,
    answerProblem = (reply: Record<string, unknown>) => protocolProblem(`protocol/${schema}#/$defs/response`, reply),
  ): Promise<{ reply: Record<string, unknown>; line: string }> {
    const { id, reply, line } = await process.request(message, limitMs);
    if (this.options.validateProtocol) {
      const sent = protocolProblem(`protocol/${schema}`, { ...message, id });
      if (sent !== undefined) throw new Error(`the runner sent an invalid ${schema} request: ${sent}`);
      const answered = answerProblem(reply);
      if (answered !== undefined) throw new EngineFailure(`protocol violation in the ${schema} answer: ${answered}`, process.output);
    }
    return { reply, line };
  }

  async replay(request: ReplayRequest): Promise<ReplayReply> {
    const dealt = dealtLayouts(request);
    const sideOf = sidesOf(request);
    this.lastGame = { request, dealt, sideOf };
    const message = { cmd: 'replay', ...wireFields(request, dealt.layouts, sideOf) };
    const read = (reply: Record<string, unknown>, stderr: string, line: string): ReplayReply => {
      if (typeof reply.skipped === 'string') return { events: [], skipped: reply.skipped };
      failOnError(reply, stderr);
      if (!Array.isArray(reply.events)) throw new EngineFailure(`the answer has no "events" array: ${excerpt(line)}`, stderr);
      const answer: ReplayReply = { events: reply.events as GameEvent[] };
      if (reply.rejection !== undefined) answer.rejection = reply.rejection as ReplayReply['rejection'];
      return answer;
    };
    return this.ask('replay', message, read, (reply) => replayAnswerProblem(reply, this.reportingOf(request.variant)));
  }

  /** What the engine reports of a variant's games, by the profile it is judged by (known once it has said hello). */
  private reportingOf(variant: string): Reporting {
    const judgedBy = this.options.profile ?? this.profile;
    return reportingFor(judgedBy, variantProfileOf(judgedBy, variant));
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
    answerProblem?: (reply: Record<string, unknown>) => string | undefined,
  ): Promise<T> {
    if (this.signal?.aborted === true) throw new RunInterrupted();
    if (this.process === undefined) await this.start();
    const process = this.process as EngineProcess;
    try {
      const { reply, line } = await this.exchange(process, schema, message, this.options.timeoutMs, answerProblem);
      return read(reply, process.output, line);
    } catch (error) {
      this.process = undefined;
      void process.stop(BYE);
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.process?.stop(BYE);
    this.process = undefined;
  }
}
