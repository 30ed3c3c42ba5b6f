/**
 * An `--adapter` engine, as the runner sees it: the adapter module runs in a process of its own
 * (adapter-host.ts), spoken to in JSON lines on fd 3, so that nothing it does reaches the runner's realm, stdout or
 * verdict. What the adapter prints is captured and kept with a failure's detail, escaped where it is shown. Each
 * request, the loading and the closing are bounded by the timeout; a process that dies or hangs fails that one
 * request, and the next one starts a fresh process.
 * @module
 */
import { fileURLToPath } from 'node:url';
import type { Decision } from '../../reference/index.ts';
import type { LegalPosition, ReplayReply, ReplayRequest } from '../fixture/fixture.ts';
import { checkAgainstSchema } from '../load/schemas.ts';
import type { EngineProfile } from '../profile/profile.ts';
import type { AdapterHello, FromAdapter, ToAdapter } from './adapter-host.ts';
import { AdapterError, type Engine, EngineFailure, EngineStartError, RunInterrupted } from './engine-api.ts';
import { EngineProcess, startAllowance } from './engine-process.ts';

export interface AdapterSpec {
  /** The module's path. */
  path: string;
  /** How reports name it: the path as the user gave it. */
  name: string;
  timeoutMs: number;
  cwd: string;
  /** Aborted when the user stops the run: a waiting request fails at once and the process is ended. */
  signal?: AbortSignal;
}

const FROM_SOURCES = import.meta.url.endsWith('.ts');
const HOST = new URL(FROM_SOURCES ? './adapter-host.ts' : './adapter-host.js', import.meta.url);

/** Node's arguments that run the host: from the sources through tsx's loader, from the build as it is. */
const hostArguments = (): string[] => (FROM_SOURCES ? ['--import', import.meta.resolve('tsx'), fileURLToPath(HOST)] : [fileURLToPath(HOST)]);

/** An answer to a request the adapter offers: nothing (undefined, a forgotten `return`) is no answer. */
function answered(value: unknown, method: string): unknown {
  if (value === null) throw new EngineFailure(`the adapter offers ${method}() and answered nothing (undefined): no legal decisions to judge`);
  return value;
}

export class AdapterEngine implements Engine {
  name: string;
  profile?: EngineProfile;
  private process: EngineProcess | undefined;
  private offersLegal = false;
  private offersLegalPositions = false;
  claims = false;

  private constructor(private readonly spec: AdapterSpec) {
    this.name = spec.name;
  }

  /** Starts the adapter's process and loads the module; rejects with an `AdapterError` or an `EngineStartError`. */
  static async start(spec: AdapterSpec): Promise<AdapterEngine> {
    const engine = new AdapterEngine(spec);
    const hello = await engine.load();
    engine.name = hello.name;
    engine.offersLegal = hello.legal;
    engine.offersLegalPositions = hello.legalPositions;
    engine.claims = hello.claims;
    if (hello.profile !== undefined) {
      const problems = checkAgainstSchema('profile', hello.profile);
      if (problems.length > 0) {
        await engine.close();
        throw new EngineStartError(`the adapter ${spec.name} declares an invalid profile: ${problems.map((p) => `${p.pointer || '/'}: ${p.message}`).join('; ')}`);
      }
      engine.profile = hello.profile as EngineProfile;
    }
    return engine;
  }

  /** A fresh process with the module loaded in it. */
  private async load(): Promise<AdapterHello> {
    const process = EngineProcess.start({
      command: globalThis.process.execPath,
      args: hostArguments(),
      shell: false,
      cwd: this.spec.cwd,
      channel: 'fd3',
      called: 'the adapter',
      ...(this.spec.signal === undefined ? {} : { signal: this.spec.signal }),
    });
    let answer: FromAdapter;
    try {
      const load = { cmd: 'load', path: this.spec.path, name: this.spec.name };
      const limit = startAllowance(this.spec.timeoutMs);
      answer = (await process.request(load, limit, 'make its engine')).reply as FromAdapter;
    } catch (error) {
      await process.stop();
      const detail = error instanceof EngineFailure && error.detail ? `\n${error.detail.trimEnd()}` : '';
      throw new EngineStartError(`the adapter ${this.spec.name} could not be loaded: ${(error as Error).message}${detail}`);
    }
    if ('startFailed' in answer) {
      await process.stop();
      const { message, problem } = answer.startFailed;
      throw problem === undefined ? new EngineStartError(message) : new AdapterError(message, problem);
    }
    const hello = 'ok' in answer ? (answer.ok as AdapterHello) : undefined;
    if (typeof hello?.name !== 'string') {
      await process.stop();
      throw new EngineStartError(`the adapter ${this.spec.name} answered its loading with no engine`);
    }
    this.process = process;
    return hello;
  }

  /** One request to the adapter's process, loaded afresh first if the last one died or hung. */
  private async ask(message: ToAdapter extends infer T ? (T extends ToAdapter ? Omit<T, 'id'> : never) : never): Promise<unknown> {
    if (this.spec.signal?.aborted === true) throw new RunInterrupted();
    if (this.process?.ended !== undefined) this.process = undefined;
    if (this.process === undefined) {
      try {
        await this.load();
      } catch (error) {
        throw new EngineFailure((error as Error).message);
      }
    }
    const process = this.process as EngineProcess;
    const { reply } = await process.request(message, this.spec.timeoutMs);
    const answer = reply as FromAdapter;
    if ('failure' in answer) throw new EngineFailure(answer.failure.message, [answer.failure.detail, process.output].filter(Boolean).join('\n') || undefined);
    if (!('ok' in answer)) throw new EngineFailure(`the adapter's process answered with neither a value nor a failure`, process.output);
    return answer.ok;
  }

  async replay(request: ReplayRequest): Promise<ReplayReply> {
    return (await this.ask({ cmd: 'replay', request })) as ReplayReply;
  }

  async legal(request: ReplayRequest): Promise<Decision[] | undefined> {
    if (!this.offersLegal) return undefined;
    return answered(await this.ask({ cmd: 'legal', request }), 'legal') as Decision[];
  }

  async legalPositions(request: ReplayRequest, positions: readonly LegalPosition[]): Promise<Decision[][] | undefined> {
    if (!this.offersLegalPositions) return undefined;
    return answered(await this.ask({ cmd: 'legal-positions', request, positions }), 'legalPositions') as Decision[][];
  }

  /** Lets the adapter close its engine, within the timeout; then its process is ended, whatever it did. */
  async close(): Promise<void> {
    const process = this.process;
    this.process = undefined;
    if (process === undefined || process.ended !== undefined) return;
    try {
      await process.request({ cmd: 'close' }, this.spec.timeoutMs);
    } catch {
      // A close that fails or never settles leaves nothing to wait for: the process is ended below.
    }
    await process.exit(1000);
  }
}
