/**
 * Self-play's uniform random capture: how many legal captures a card has, and the capture numbered k, without
 * listing them. It chooses among the captures the rules allow (capture.ts); it is not a rule itself.
 * @module
 */
import { cardValue } from './cards.ts';
import {
  captureTarget,
  listCaptures,
  MAX_TARGET,
  rankMatchPosition,
  readsAceAlone,
  someSubsetSums,
  sumsOfValue,
  takesAnyPart,
  takesEveryMatch,
  takesWholeTable,
  wholeTable,
} from './capture.ts';
import type { CaptureRules } from './types.ts';

/** Number of ways to reach sum s from positions i.., row i of width MAX_TARGET + 1. */
let ways = new Float64Array(64 * (MAX_TARGET + 1));
/**
 * The captures themselves, where the table of ways does not count them: the sums of the fewest cards, the rank
 * match of every card of a value, rank matches or sums beside fifteens, an ace that may take an ace alone. Those readings are rare enough not to need a
 * counting table of their own; copies of a card are one capture there, as listCaptures lists them.
 */
let listed: number[][] = [];
const listsCaptures = (rules: CaptureRules): boolean =>
  rules.sums === 'fewest-cards' || takesEveryMatch(rules) || rules.mode === 'fifteen-or-match' || sumsOfValue(rules) || readsAceAlone(rules);

/**
 * How many legal captures a played card has, counted without listing them (copies of a card at different
 * positions count separately). Prepares `captureAt` for the same table and card.
 */
export function countCaptures(rules: CaptureRules, table: Uint8Array, length: number, playedValue: number): number {
  if (takesWholeTable(rules, table, length, playedValue)) return takesAnyPart(rules) ? 2 ** length - 1 : 1;
  if (listsCaptures(rules)) {
    listed = listCaptures(rules, table, length, playedValue);
    return listed.length;
  }
  const target = captureTarget(rules, playedValue);
  if (target < 1 || target > MAX_TARGET) return 0;
  if (rules.mode === 'match-or-sum' && rules.rankPriority) {
    let matches = 0;
    for (let position = 0; position < length; position++) if (cardValue(table[position]) === target) matches++;
    if (matches > 0) return matches;
  }
  // Most cards cannot capture at all; the bitset test says so without the counting table.
  if (!someSubsetSums(table, length, target)) return 0;
  const width = MAX_TARGET + 1;
  if ((length + 1) * width > ways.length) ways = new Float64Array((length + 1) * width * 2);
  const last = length * width;
  ways[last] = 1;
  for (let sum = 1; sum <= target; sum++) ways[last + sum] = 0;
  for (let position = length - 1; position >= 0; position--) {
    const row = position * width;
    const value = cardValue(table[position]);
    for (let sum = 0; sum <= target; sum++) {
      ways[row + sum] = ways[row + width + sum] + (value <= sum ? ways[row + width + sum - value] : 0);
    }
  }
  return ways[target];
}

/**
 * The capture numbered `index` (0 <= index < countCaptures(...), same arguments) into `out`; returns its
 * size. Together with `countCaptures` it draws a capture uniformly without listing them all.
 */
export function captureAt(
  rules: CaptureRules,
  table: Uint8Array,
  length: number,
  playedValue: number,
  index: number,
  out: Int16Array,
): number {
  if (takesWholeTable(rules, table, length, playedValue)) return takesAnyPart(rules) ? partAt(length, index, out) : wholeTable(length, out);
  if (listsCaptures(rules)) {
    const set = listed[index] as number[];
    set.forEach((position, i) => (out[i] = position));
    return set.length;
  }
  const target = captureTarget(rules, playedValue);
  if (rankMatchPosition(rules, table, length, playedValue) >= 0) {
    for (let position = 0; position < length; position++) {
      if (cardValue(table[position]) === target && index-- === 0) {
        out[0] = position;
        return 1;
      }
    }
  }
  const width = MAX_TARGET + 1;
  let taken = 0;
  let remaining = target;
  for (let position = 0; position < length && remaining > 0; position++) {
    const value = cardValue(table[position]);
    const including = value <= remaining ? ways[(position + 1) * width + remaining - value] : 0;
    if (index < including) {
      out[taken++] = position;
      remaining -= value;
    } else index -= including;
  }
  return taken;
}

/** The part of the table numbered `index` (CAP-ACE-TAKES-ALL, `aceCapture: any-part`): the positions of the bits set in index + 1. */
function partAt(length: number, index: number, out: Int16Array): number {
  let taken = 0;
  let bits = index + 1;
  for (let position = 0; position < length; position++, bits = Math.floor(bits / 2)) if (bits % 2 === 1) out[taken++] = position;
  return taken;
}
