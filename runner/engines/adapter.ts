/**
 * For JavaScript and TypeScript engines: the interface an in-process adapter implements, and the shapes it
 * receives and returns. `scopa-conformance run --adapter my-adapter.ts` loads a module whose default export
 * is an {@link Engine} (or a function returning one) and replays every fixture through it, with no process
 * or protocol in between.
 *
 * ```ts
 * import type { Engine } from 'scopa-conformance/engine';
 * const engine: Engine = {
 *   name: 'my-scopa',
 *   async replay(request) {
 *     // play request.rounds with request.rules; return the events in the fixture vocabulary
 *     return { events: [] };
 *   },
 *   async close() {},
 * };
 * export default engine;
 * ```
 * @module
 */
export type { Engine } from './engine-api.ts';
export { EngineFailure } from './engine-api.ts';
export type { FixtureRound, Rejection, ReplayReply, ReplayRequest } from '../fixture/fixture.ts';
export type { ClaimDecision, Decision, GameEvent, PlayDecision, Rules } from '../../reference/types.ts';
