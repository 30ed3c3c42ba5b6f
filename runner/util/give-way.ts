/**
 * Work that runs in process for seconds on end (the reference engine's replays, the games `run --games` makes)
 * resolves only promises, which never let the event loop turn: a signal's handler (Ctrl-C) and every timer would
 * wait for the end of the run. Such work calls `giveWay` between its steps.
 * @module
 */

/** How long work may keep the event loop from turning: a Ctrl-C is heard within about this much. */
const TURN_EVERY_MS = 20;

let lastTurn = performance.now();

/** Lets the event loop turn, if it has not for a while; costs a clock reading otherwise. */
export async function giveWay(): Promise<void> {
  if (performance.now() - lastTurn < TURN_EVERY_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  lastTurn = performance.now();
}
