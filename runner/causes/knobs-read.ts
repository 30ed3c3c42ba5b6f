/**
 * The knobs a game reads: every value the reference engine reads from the rules as it replays a game and finds
 * its legal decisions, by path (`capture.sums`, `scoring.categories.2.ties`). The reference reads the rules and
 * nothing else besides the inputs, so rules that agree on these paths play the game exactly alike: a reading of a
 * knob the game never reads cannot change what is expected of it.
 * @module
 */
import type { Rules } from '../../reference/index.ts';
import { legalAtPositions, PLAIN_REFERENCE, type Reference, replayOnReference } from '../engines/reference.ts';
import type { LegalPosition, ReplayRequest } from '../fixture/fixture.ts';

/** `node` seen through a proxy that adds to `read` the path of every value other than an object read from it. */
function recording<T extends object>(node: T, path: string, read: Set<string>, made: WeakMap<object, object>): T {
  const known = made.get(node);
  if (known !== undefined) return known as T;
  // Each key's path made once: the reference reads the same few knobs at every step of a game.
  const paths = new Map<string, string>();
  const pathOf = (key: string): string => {
    let at = paths.get(key);
    if (at === undefined) {
      at = path === '' ? key : `${path}.${key}`;
      paths.set(key, at);
    }
    return at;
  };
  const proxy = new Proxy(node, {
    get(target, key) {
      const value: unknown = (target as Record<string | symbol, unknown>)[key];
      if (typeof key === 'symbol' || typeof value === 'function') return value;
      if (value !== null && typeof value === 'object') return recording(value, pathOf(key), read, made);
      read.add(pathOf(key));
      return value;
    },
  });
  made.set(node, proxy);
  return proxy;
}

/**
 * The paths of the rules the reference (or one playing known bugs) reads replaying `request` and listing the legal
 * decisions at `positions`.
 */
export function knobsRead(request: ReplayRequest, positions: readonly LegalPosition[], reference: Reference = PLAIN_REFERENCE): string[] {
  const read = new Set<string>();
  const watched = { ...request, rules: recording<Rules>(request.rules, '', read, new WeakMap()) };
  replayOnReference(watched, reference);
  if (positions.length > 0) legalAtPositions(watched, positions, reference);
  return [...read];
}

/** The value at a dotted path of the rules. */
export const knobAt = (rules: Rules, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), rules);
