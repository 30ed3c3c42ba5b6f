/**
 * What every engine driver shares, with nothing to import from them: the interface an engine fits, the protocol
 * version, and the two ways an engine fails. A leaf module, so that the drivers (stdio.ts) and the module that
 * makes engines (engine.ts) both import it and not each other.
 * @module
 */
import type { Decision } from '../../reference/index.ts';
import type { ReplayReply, ReplayRequest } from '../fixture/fixture.ts';
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

/** The engine did not answer a replay: the fixture is `errored`. `detail` is what it left behind (stderr, a stack). */
export class EngineFailure extends Error {
  override name = 'EngineFailure';
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** The engine could not be started at all: nothing is run, exit 3. */
export class EngineStartError extends Error {
  override name = 'EngineStartError';
}
