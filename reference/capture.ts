/**
 * What a played card may take from the table: the legal capture sets, checking a named capture, and the
 * automatic choice. The table is an ordered list of card codes (DEAL-TABLE-ORDER); a capture is a list of
 * table positions in ascending order.
 * @module
 */
import { cardValue } from './cards.ts';
import type { CaptureRules } from './types.ts';

/** Values of the cards that sum captures combine; a fifteen capture needs at most 14 from the table. */
export const MAX_TARGET = 14;

/**
 * The total the taken table cards must reach: the card's own value (CAP-SUM), or what it lacks of 15
 * (CAP-FIFTEEN). In `match-sum-or-fifteen`, which takes both, this is the fifteen's; `sumsOfValue` says whether
 * the card's own value is also a target.
 */
export function captureTarget(rules: CaptureRules, playedValue: number): number {
  return rules.mode === 'match-or-sum' ? playedValue : 15 - playedValue;
}

/** CAP-RANK: whether a card may take table cards of its own value: in every mode but `fifteen`. */
const capturesByRank = (rules: CaptureRules): boolean => rules.mode !== 'fifteen';

/** CAP-SUM in `match-sum-or-fifteen`: sets of the played value, beside the sets making 15 that captureTarget names. */
export const sumsOfValue = (rules: CaptureRules): boolean => rules.mode === 'match-sum-or-fifteen';

/**
 * The fewest cards of a set totalling `target`: one card of the played value is a rank match, not a sum (CAP-SUM);
 * one card may make 15 (CAP-FIFTEEN). No value is what it lacks of 15, so the target says which the set is.
 */
const smallestSum = (target: number, playedValue: number): number => (target === playedValue ? 2 : 1);

/**
 * CAP-RANK-PRIORITY: whether a rank match, where the rule applies, shuts out a set totalling `target`: every set,
 * except in `match-sum-or-fifteen`, where the sets making 15 stay open beside the match.
 */
const yieldsToRankMatch = (rules: CaptureRules, target: number, playedValue: number): boolean => !sumsOfValue(rules) || target === playedValue;

/** CAP-RANK with `rankMatch: all`: a rank match takes every table card of the played value. */
export const takesEveryMatch = (rules: CaptureRules): boolean => rules.rankMatch === 'all';

/** CAP-RANK-PRIORITY: the first table card of the played value where a rank match comes before any other capture, or -1. */
export function rankMatchPosition(rules: CaptureRules, table: Uint8Array, length: number, playedValue: number): number {
  return capturesByRank(rules) && rules.rankPriority ? firstOfValue(table, length, playedValue) : -1;
}

/**
 * Whether any set of table cards totals `target`: a bitset of reachable sums, one pass over the table. The target
 * is 1..15 (a capture target, at most MAX_TARGET, or a table bonus's 15), so its bits fit in 32.
 */
export function someSubsetSums(table: Uint8Array, length: number, target: number): boolean {
  const limit = (1 << (target + 1)) - 1;
  let reachable = 1;
  for (let position = 0; position < length; position++) {
    reachable = (reachable | (reachable << cardValue(table[position] as number))) & limit;
    if ((reachable >> target) & 1) return true;
  }
  return false;
}

/**
 * CAP-ACE-TAKES-ALL: whether the played card takes the whole table, as an ace does where the rule is on, unless the
 * table is empty or an ace already lies there (it then captures by the ordinary rules, unless `aceOnAce` says it
 * takes all the same, or under `ace-alone` where the table and the ace make 15).
 */
export function takesWholeTable(rules: CaptureRules, table: Uint8Array, length: number, playedValue: number): boolean {
  // Kept this small so that it inlines into the hot paths, where the knob is nearly always off.
  return (
    playedValue === 1 &&
    rules.aceTakesAll &&
    length > 0 &&
    (rules.aceOnAce === 'takes-all' || firstOfValue(table, length, 1) < 0 || (readsAceAlone(rules) && totalValue(table.subarray(0, length)) === 14))
  );
}

/** CAP-ACE-TAKES-ALL: whether an ace onto a table holding an ace may take that ace alone (`aceOnAce: ace-alone`). */
export const readsAceAlone = (rules: CaptureRules): boolean => rules.aceOnAce === 'ace-alone';

/**
 * CAP-ACE-TAKES-ALL with `aceOnAce: ace-alone`: whether the played ace may take an ace of the table and nothing
 * else, a capture that is never a sweep: an ace lies there, and the table and the played ace do not make 15.
 */
export function takesAceAlone(rules: CaptureRules, table: Uint8Array, length: number, playedValue: number): boolean {
  return playedValue === 1 && rules.aceTakesAll && readsAceAlone(rules) && length > 0 && !takesWholeTable(rules, table, length, playedValue);
}

/** CAP-ACE-TAKES-ALL with `aceCapture: any-part`: the ace that takes the table may take any part of it. */
export const takesAnyPart = (rules: CaptureRules): boolean => rules.aceCapture === 'any-part';

/** CAP-ACE-TAKES-ALL with `aceOnEmptyTable: kept`: an ace played to an empty table goes to its player's pile. */
export function keepsItself(rules: CaptureRules, length: number, playedValue: number): boolean {
  return playedValue === 1 && rules.aceTakesAll && length === 0 && rules.aceOnEmptyTable === 'kept';
}

function firstOfValue(table: Uint8Array, length: number, value: number): number {
  for (let position = 0; position < length; position++) if (cardValue(table[position] as number) === value) return position;
  return -1;
}

function countOfValue(table: Uint8Array, length: number, value: number): number {
  let count = 0;
  for (let position = 0; position < length; position++) if (cardValue(table[position] as number) === value) count++;
  return count;
}

/** Writes the positions of the whole table, 0 to length - 1, into `out`; returns their count. */
export function wholeTable(length: number, out: Int16Array): number {
  // Stryker disable next-line EqualityOperator: `<=` also writes out[length], past the count that every caller reads (and past the end of an array sized to the table, where the write is dropped)
  for (let position = 0; position < length; position++) out[position] = position;
  return length;
}

/**
 * The rank match whose first card is at `first`, written into `out`: that card, or under `rankMatch: all` every
 * table card of its value. Returns its size.
 */
export function rankMatchFrom(rules: CaptureRules, table: Uint8Array, length: number, first: number, out: Int16Array): number {
  out[0] = first;
  if (!takesEveryMatch(rules)) return 1;
  const value = cardValue(table[first] as number);
  let taken = 1;
  for (let position = first + 1; position < length; position++) if (cardValue(table[position] as number) === value) out[taken++] = position;
  return taken;
}

/** Whether a card of this value can capture anything (CAP-COMPULSION). */
export function canCapture(rules: CaptureRules, table: Uint8Array, length: number, playedValue: number): boolean {
  return (
    takesWholeTable(rules, table, length, playedValue) ||
    takesAceAlone(rules, table, length, playedValue) ||
    someSubsetSums(table, length, captureTarget(rules, playedValue)) ||
    // A card of the played value is a sum of one, which someSubsetSums finds: a rank match or a sum.
    (sumsOfValue(rules) && someSubsetSums(table, length, playedValue)) ||
    (rules.mode === 'fifteen-or-match' && firstOfValue(table, length, playedValue) >= 0)
  );
}

const stack = new Int16Array(256);
/** The rank match of every card of a value, written here before listCaptures copies it. */
const everyMatch = new Int16Array(256);
// Room for the codes of a wild card kept as a value (KEPT_WILD, 40..49) too.
const excludedCodes = new Uint8Array(50);

/**
 * Every legal capture of a played card of this value, for a player who chooses (CAP-CHOICE), each the table
 * positions it takes in ascending order: the rank matches first, then the sums. Sets that differ only in which copy
 * of a duplicated card they take are listed once, with the earliest copies.
 */
export function listCaptures(rules: CaptureRules, table: Uint8Array, length: number, playedValue: number): number[][] {
  const sets: number[][] = [];
  if (takesWholeTable(rules, table, length, playedValue)) {
    if (takesAnyPart(rules)) collectParts(table, length, 0, 0, sets);
    else sets.push(Array.from({ length }, (_, position) => position));
    return sets;
  }
  const aceAlone = takesAceAlone(rules, table, length, playedValue);
  if (capturesByRank(rules) || aceAlone) {
    if (takesEveryMatch(rules)) {
      const first = firstOfValue(table, length, playedValue);
      if (first >= 0) sets.push(Array.from(everyMatch.subarray(0, rankMatchFrom(rules, table, length, first, everyMatch))));
    } else {
      for (let position = 0; position < length; position++) {
        const code = table[position] as number;
        if (cardValue(code) === playedValue && excludedCodes[code] === 0) {
          excludedCodes[code] = 1;
          sets.push([position]);
        }
      }
      for (const set of sets) excludedCodes[table[set[0] as number] as number] = 0;
    }
  }
  if (aceAlone) return sets;
  const matches = sets.length;
  const priority = matches > 0 && rules.rankPriority;
  // collectSubsets leaves excludedCodes all zero, as it found them.
  if (sumsOfValue(rules) && !priority) collectSubsets(table, length, 0, playedValue, 0, 2, sets);
  const ofValue = sets.length;
  // 1..14: a card's value, or what a card lacks of 15 (MAX_TARGET).
  const target = captureTarget(rules, playedValue);
  if (priority && yieldsToRankMatch(rules, target, playedValue)) return sets;
  collectSubsets(table, length, 0, target, 0, smallestSum(target, playedValue), sets);
  if (rules.sums === 'any') return sets;
  // CAP-CHOICE: the fewest cards among the sets of each total.
  const fewestOfValue = ofValue > matches ? fewestCards(table, length, playedValue) : 0;
  const fewest = fewestCards(table, length, target);
  return sets.filter((set, i) => i < matches || set.length === (i < ofValue ? fewestOfValue : fewest));
}

/**
 * Every set of the first `length` table cards that totals `target`, each its positions in ascending order; sets
 * that differ only in which copy of a duplicated card they take are listed once, with the earliest copies.
 */
export function subsetsTotalling(table: Uint8Array, length: number, target: number): number[][] {
  const sets: number[][] = [];
  collectSubsets(table, length, 0, target, 0, 1, sets);
  return sets;
}

const fewestPerSum = new Int16Array(MAX_TARGET + 1);

/** The fewest table cards that total `target` (CAP-CHOICE, `sums: fewest-cards`), or 0 if none do. */
export function fewestCards(table: Uint8Array, length: number, target: number): number {
  const unreachable = 0x7fff;
  fewestPerSum.fill(unreachable);
  fewestPerSum[0] = 0;
  for (let position = 0; position < length; position++) {
    const value = cardValue(table[position] as number);
    for (let sum = target; sum >= value; sum--) {
      const through = (fewestPerSum[sum - value] as number) + 1;
      if (through < (fewestPerSum[sum] as number)) fewestPerSum[sum] = through;
    }
  }
  const fewest = fewestPerSum[target] as number;
  return fewest === unreachable ? 0 : fewest;
}

/** Adds to `out` the sets from position `from` on that total `remaining`; leaves excludedCodes all zero, as it found them. */
function collectSubsets(
  table: Uint8Array,
  length: number,
  from: number,
  remaining: number,
  depth: number,
  smallest: number,
  out: number[][],
): void {
  for (let position = from; position < length; position++) {
    const code = table[position] as number;
    if (excludedCodes[code] === 0) {
      const value = cardValue(code);
      // Stryker disable next-line ConditionalExpression: taking a card worth more than what remains leaves a negative remainder, which no card (values are positive) can meet exactly, so no set is added: only time is lost
      if (value <= remaining) {
        stack[depth] = position;
        if (value !== remaining) collectSubsets(table, length, position + 1, remaining - value, depth + 1, smallest, out);
        else if (depth + 1 >= smallest) out.push(Array.from(stack.subarray(0, depth + 1)));
      }
    }
    // Past this position the set leaves this copy out, so a later copy of the same card may not stand in for it.
    excludedCodes[code]++;
  }
  for (let position = from; position < length; position++) excludedCodes[table[position] as number]--;
}

/** CAP-ACE-TAKES-ALL with `aceCapture: any-part`: every non-empty set of table cards, in the same order and copies as collectSubsets. */
function collectParts(table: Uint8Array, length: number, from: number, depth: number, out: number[][]): void {
  for (let position = from; position < length; position++) {
    const code = table[position] as number;
    if (excludedCodes[code] === 0) {
      stack[depth] = position;
      out.push(Array.from(stack.subarray(0, depth + 1)));
      collectParts(table, length, position + 1, depth + 1, out);
    }
    excludedCodes[code]++;
  }
  for (let position = from; position < length; position++) excludedCodes[table[position] as number]--;
}

/** max cards reaching sum s from positions i.., row i of width MAX_TARGET + 1; -1 = unreachable. */
let bestCards = new Int16Array(0);

/**
 * CAP-AUTO where the automatic capture chooses between kinds of capture: a rank match, a sum of the played value and
 * cards making 15 in `match-sum-or-fifteen`, or a rank match and a sum (or a 15) where rank priority is off.
 */
const choosesBetweenKinds = (rules: CaptureRules): boolean => sumsOfValue(rules) || (capturesByRank(rules) && !rules.rankPriority);

/**
 * CAP-AUTO between kinds of capture: of every legal capture (listCaptures: copies of a card once, the earliest), the
 * one with the most cards, ties broken by `autoTieBreak`; written into `out`, its size returned (0: none).
 */
function mostCardsOfListed(rules: CaptureRules, table: Uint8Array, length: number, playedValue: number, out: Int16Array): number {
  let best: number[] = [];
  for (const set of listCaptures(rules, table, length, playedValue)) {
    if (set.length > best.length || (set.length === best.length && preferredOnTie(rules, set, best))) best = set;
  }
  best.forEach((position, i) => (out[i] = position));
  return best.length;
}

/**
 * CAP-AUTO's tie-break between two sets of as many cards: at the first table position where they differ,
 * `include-earliest` prefers the set holding that card (its ascending positions come first), `exclude-earliest` the
 * other.
 */
function preferredOnTie(rules: CaptureRules, set: readonly number[], other: readonly number[]): boolean {
  for (let i = 0; i < set.length; i++) {
    if (set[i] !== other[i]) return ((set[i] as number) < (other[i] as number)) === (rules.autoTieBreak === 'include-earliest');
  }
  return false;
}

/**
 * CAP-AUTO: the automatic capture, written into `out` (positions ascending); returns how many cards it
 * takes (0: the card cannot capture). The whole table for an ace that takes all; the earliest rank match (or
 * every one, under `rankMatch: all`) if rank priority applies; otherwise the set with the most cards, ties
 * broken by `autoTieBreak`. Dynamic programming over the table and the sums 0..14: linear in the table, no
 * subset enumeration, except where the choice is between kinds of capture (choosesBetweenKinds).
 */
export function autoCapture(
  rules: CaptureRules,
  table: Uint8Array,
  length: number,
  playedValue: number,
  out: Int16Array,
): number {
  if (takesWholeTable(rules, table, length, playedValue)) return wholeTable(length, out);
  if (takesAceAlone(rules, table, length, playedValue)) return rankMatchFrom(rules, table, length, firstOfValue(table, length, 1), out);
  if (choosesBetweenKinds(rules)) return mostCardsOfListed(rules, table, length, playedValue, out);
  const target = captureTarget(rules, playedValue);
  const match = rankMatchPosition(rules, table, length, playedValue);
  if (match >= 0) return rankMatchFrom(rules, table, length, match, out);
  const width = MAX_TARGET + 1;
  const size = (length + 1) * width;
  // Stryker disable next-line EqualityOperator,ConditionalExpression: `<=` or always true only allocates the buffer again, of a size that suffices: only time is lost
  if (bestCards.length < size) bestCards = new Int16Array(size);
  const best = bestCards;
  const last = length * width;
  best[last] = 0;
  for (let sum = 1; sum <= target; sum++) best[last + sum] = -1;
  for (let position = length - 1; position >= 0; position--) {
    const row = position * width;
    const next = row + width;
    const value = cardValue(table[position] as number);
    for (let sum = 0; sum <= target; sum++) {
      let cards = best[next + sum] as number;
      if (value <= sum) {
        const rest = best[next + sum - value] as number;
        if (rest >= 0) cards = Math.max(cards, rest + 1);
      }
      best[row + sum] = cards;
    }
  }
  // -1: the target cannot be reached; otherwise at least one card reaches it, and the walk below ends on the
  // table, at the last card of the set.
  if (best[target] === -1) return 0;
  const preferInclude = rules.autoTieBreak === 'include-earliest';
  let taken = 0;
  let remaining = target;
  for (let position = 0; remaining > 0; position++) {
    const row = position * width;
    const next = row + width;
    const value = cardValue(table[position] as number);
    const here = best[row + remaining] as number;
    const canInclude = value <= remaining && (best[next + remaining - value] as number) + 1 === here;
    const canExclude = (best[next + remaining] as number) === here;
    if (canInclude && (preferInclude || !canExclude)) {
      out[taken++] = position;
      remaining -= value;
    }
  }
  return taken;
}

export type CaptureProblem =
  | 'CAPTURE_NOT_ON_TABLE'
  | 'CAPTURE_NOT_WHOLE_TABLE'
  | 'CAPTURE_ACE_ALONE'
  | 'CAPTURE_WRONG_SUM'
  | 'CAPTURE_RANK_PRIORITY'
  | 'CAPTURE_NOT_FEWEST';

const takenPerCode = new Int16Array(50);

/**
 * Finds cards named by code on the table, linear in the table: writes the positions of the earliest copies of
 * each into `out` in ascending order and returns how many it found (fewer than named: not all are there).
 */
export function locateOnTable(table: Uint8Array, length: number, codes: readonly number[], out: Int16Array): number {
  takenPerCode.fill(0);
  for (const code of codes) takenPerCode[code]++;
  let taken = 0;
  for (let position = 0; position < length; position++) {
    // Stryker disable next-line ConditionalExpression: once every named card is found, no card still wanted is left (every count is 0), so going on takes nothing more: the break only saves time
    if (taken === codes.length) break;
    const code = table[position] as number;
    if ((takenPerCode[code] as number) > 0) {
      takenPerCode[code]--;
      out[taken++] = position;
    }
  }
  return taken;
}

/** The values of cards given by code (named in a decision, or a table's), added up. */
export function totalValue(codes: ArrayLike<number> & Iterable<number>): number {
  let sum = 0;
  for (const code of codes) sum += cardValue(code);
  return sum;
}

/**
 * Checks a capture named by card codes against the table, linear in the table. On success writes the
 * positions taken (earliest copies of each card) into `out` in ascending order and returns their count;
 * otherwise returns the problem.
 */
export function resolveCapture(
  rules: CaptureRules,
  table: Uint8Array,
  length: number,
  playedValue: number,
  codes: readonly number[],
  out: Int16Array,
): number | CaptureProblem {
  const sum = totalValue(codes);
  // In match-sum-or-fifteen the named cards say which of the two totals they make.
  const target = sumsOfValue(rules) && sum === playedValue ? playedValue : captureTarget(rules, playedValue);
  const taken = locateOnTable(table, length, codes, out);
  if (taken < codes.length) return 'CAPTURE_NOT_ON_TABLE';
  if (takesWholeTable(rules, table, length, playedValue)) return taken === length || takesAnyPart(rules) ? taken : 'CAPTURE_NOT_WHOLE_TABLE';
  if (takesAceAlone(rules, table, length, playedValue)) return isRankMatch(rules, table, length, playedValue, codes) ? taken : 'CAPTURE_ACE_ALONE';
  if (capturesByRank(rules) && isRankMatch(rules, table, length, playedValue, codes)) return taken;
  if (sum !== target || codes.length < smallestSum(target, playedValue)) return 'CAPTURE_WRONG_SUM';
  if (yieldsToRankMatch(rules, target, playedValue) && rankMatchPosition(rules, table, length, playedValue) >= 0) return 'CAPTURE_RANK_PRIORITY';
  if (rules.sums === 'fewest-cards' && codes.length > fewestCards(table, length, target)) return 'CAPTURE_NOT_FEWEST';
  return taken;
}

/** CAP-RANK: whether the named cards are a rank match: one card of the played value, or every one under `rankMatch: all`. */
function isRankMatch(rules: CaptureRules, table: Uint8Array, length: number, playedValue: number, codes: readonly number[]): boolean {
  if (codes.some((code) => cardValue(code) !== playedValue)) return false;
  return codes.length === (takesEveryMatch(rules) ? countOfValue(table, length, playedValue) : 1);
}
