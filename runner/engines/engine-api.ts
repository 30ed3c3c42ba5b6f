/**
 * What every engine driver shares, with nothing to import from them: the interface an engine fits, the protocol
 * version, and the two ways an engine fails. A leaf module, so that the drivers (stdio.ts) and the module that
 * makes engines (engine.ts) both import it and not each other.
 * @module
 */
import type { Decision } from '../../reference/index.ts';
import type { LegalPosition, ReplayReply, ReplayRequest } from '../fixture/fixture.ts';
import type { LoadError } from '../load/load-result.ts';
import type { EngineProfile } from '../profile/profile.ts';

export interface Engine {
  /** How reports name the engine: `reference`, or an external engine's command. */
  readonly name: string;
  /**
   * Replays one fixture's inputs. Rejects with an `EngineFailure` when the engine did not answer (crash,
   * timeout, garbage); any other exception is a bug in the engine's adapter and is reported with its stack.
   */
  replay(request: ReplayRequest): Promise<ReplayReply>;
  /** Stops the engine. Called once, after the last replay; an engine must not be used after it. */
  close(): Promise<void>;
  /**
   * Optional: the decisions the engine considers legal once the request's inputs are played (its `legal`
   * capability); undefined if it does not offer them. The runner checks fixtures' `expect.legal` with it, and
   * asks it at a divergence to show the engine's view beside the reference's. Rejects like `replay`.
   */
  legal?(request: ReplayRequest): Promise<Decision[] | undefined>;
  /**
   * Optional: the legal decisions at each of several positions of one game, in one call (its `legal-positions`
   * capability): the whole game's inputs, and the positions, each before play P of round R, in the order given.
   * The runner checks a fixture's `expect.legal` with it, where offered, instead of one `legal` call per position.
   * Undefined if the engine does not offer it; rejects like `replay`.
   */
  legalPositions?(request: ReplayRequest, positions: readonly LegalPosition[]): Promise<Decision[][] | undefined>;
  /**
   * Whether the engine plays claim decisions (CAP-TABLE-CLAIM; its `table-claim` capability). A fixture that makes
   * a claim, or asks for legal decisions where the rules allow claims, is not applicable to an engine without it.
   */
  readonly claims?: boolean;
  /**
   * Optional: what the engine declares about itself (spec/profile.schema.json): the variants it plays, how it
   * reads their rules, the settings it supports and what it reports. An external engine sends it in its hello;
   * `run --profile` overrides it. Without one, the engine is taken to play every fixture as written.
   */
  readonly profile?: EngineProfile;
}

/** The engine protocol version this runner and `scopa-conformance engine` speak (spec/PROTOCOL.md). */
export const PROTOCOL_VERSION = 1;

/** The default per-request timeout of an external engine. */
export const DEFAULT_TIMEOUT_MS = 10_000;

const ENGINE_FAILURE = Symbol.for('scopa-conformance.EngineFailure');

/** The engine did not answer a replay: the fixture is `errored`. `detail` is what it left behind (stderr, a stack). */
export class EngineFailure extends Error {
  /**
   * An adapter's EngineFailure may come from another copy of this module than the runner's (tsx gives a CommonJS
   * adapter its own copy of the packages it imports): it is known by this mark, not by its class.
   */
  static [Symbol.hasInstance](value: unknown): value is EngineFailure {
    return typeof value === 'object' && value !== null && (value as { [ENGINE_FAILURE]?: unknown })[ENGINE_FAILURE] === true;
  }
  readonly [ENGINE_FAILURE] = true;
  override name = 'EngineFailure';
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** The user stopped the run while the engine was answering: the fixture was not run, and is not judged. */
export class RunInterrupted extends Error {
  override name = 'RunInterrupted';
  constructor() {
    super('not run: the run was interrupted');
  }
}

/** The engine could not be started at all: nothing is run, exit 3. */
export class EngineStartError extends Error {
  override name = 'EngineStartError';
}

/**
 * The module given with --adapter is no adapter: it does not parse, or it exports no engine. The engine cannot
 * start, but the fault is in an input file, as with a broken fixture: the CLI reports `problem` at file:line:col
 * and exits 2, not 3 (the commands that catch an EngineStartError let this one through).
 */
export class AdapterError extends EngineStartError {
  /** The fault, where it is (the line and column where the parser stopped, when it says). */
  declare readonly problem: LoadError;
  constructor(message: string, problem: LoadError) {
    super(message);
    // Not enumerable: in every other respect (its name, its message) this is the EngineStartError it extends.
    Object.defineProperty(this, 'problem', { value: problem, enumerable: false });
  }
}
