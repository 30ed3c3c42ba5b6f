/**
 * Plausible engine bugs, each a named mutant of the reference engine: one textual change to one file of
 * reference/, applied to a copy (never to the real tree) and run as an external engine. The fixture corpus
 * must make every one of them fail (`npm run mutants`).
 * @module
 */
import type { Packet, RuleId, Rules, Seating } from '../../reference/types.ts';
import type { CategoryKnobs, VariantProfile } from '../profile/profile.ts';

/**
 * A documented reading that makes a mutant's "bug" a rule an engine may declare: the ambiguity it is, and what
 * to declare in an engine profile for a variant (undefined where the reading cannot be declared for that
 * variant: its knobs would contradict the variant's).
 */
export interface Reading {
  ambiguity: string;
  declare: (variant: Rules) => Omit<VariantProfile, 'id'> | undefined;
}

export interface Mutant {
  name: string;
  /** The mistake, as an engine author would make it. */
  bug: string;
  rule: RuleId;
  /** A file under reference/, the text to find (exactly once) and what replaces it. */
  file: string;
  find: string;
  replace: string;
  /** Further changes the same bug makes, where it shows in more than one place of the engine. */
  also?: readonly { file: string; find: string; replace: string }[];
  /** Set when the mutant plays a reading the ambiguity register documents. */
  reading?: Reading;
}

/** Knobs by category kind, declared for the kinds the variant scores: a profile may not name a kind its variant never scores. */
const knobsOfKinds = (variant: Rules, byKind: Record<string, CategoryKnobs>): Omit<VariantProfile, 'id'> => {
  const scored = Object.entries(byKind).filter(([kind]) => variant.scoring.categories.some((category) => category.kind === kind));
  return scored.length === 0 ? {} : { categories: Object.fromEntries(scored) };
};

/** The categories that have a tie policy. */
const WITH_TIES = ['most-cards', 'most-coins', 'most-sevens', 'card', 'primiera'] as const;
const tiesOf = (variant: Rules, ties: 'each' | 'nobody'): Omit<VariantProfile, 'id'> => knobsOfKinds(variant, Object.fromEntries(WITH_TIES.map((kind) => [kind, { ties }])));

/** Scopone's deal at the table (FIGS): 3 to each player, 2 to the table, 3, 2, 3. */
const FIGS_PACKETS: Packet[] = [{ hands: 3 }, { table: 2 }, { hands: 3 }, { table: 2 }, { hands: 3 }];
/** The four-player deal of scopa d'assi in giochistars and it.wikipedia: ten each, 3, 3 and 4 at a time, no table. */
const TEN_EACH = { handSize: 10, tableSize: 0, packets: [{ hands: 3 }, { hands: 3 }, { hands: 4 }] };

/** The seatings with four players given a seating of their own, dealt `deal`. */
const fourPlayersDealt = (seatings: Seating[], deal: Seating['deal']): Seating[] =>
  seatings.flatMap((seating) => {
    if (!seating.players.includes(4)) return [seating];
    const others = seating.players.filter((players) => players !== 4);
    return [...(others.length === 0 ? [] : [{ ...seating, players: others }]), { ...seating, players: [4], deal }];
  });

export const MUTANTS: readonly Mutant[] = [
  {
    name: 'sweep-on-last-play',
    bug: 'a sweep made by the last card of the round scores',
    rule: 'SWEEP-LAST-PLAY',
    file: 'play.ts',
    find: '(state.rules.sweep.lastPlay || !lastPlay)',
    replace: '(true)',
    reading: { ambiguity: 'AMB-17', declare: () => ({ rules: { sweep: { lastPlay: true } } }) },
  },
  {
    name: 'sweep-never-on-last-play',
    bug: 'a sweep made by the last card never scores, even where the variant says it does',
    rule: 'SWEEP-LAST-PLAY',
    file: 'play.ts',
    find: '(state.rules.sweep.lastPlay || !lastPlay)',
    replace: '(!lastPlay)',
    reading: { ambiguity: 'AMB-17', declare: () => ({ rules: { sweep: { lastPlay: false } } }) },
  },
  {
    name: 'remainder-is-a-sweep',
    bug: 'taking the remainder at the end of the round counts as a sweep',
    rule: 'SWEEP-REMAINDER',
    file: 'round-end.ts',
    find: '  if (owner >= 0) for (const code of cards) state.addToPile(owner, code);',
    replace: '  if (owner >= 0) for (const code of cards) state.addToPile(owner, code);\n  if (owner >= 0 && cards.length > 0) state.sweepLog[state.sweepLogLength++] = owner;',
  },
  {
    name: 'remainder-to-dealer',
    bug: 'the cards left on the table go to the dealer, not to the last capturer',
    rule: 'SWEEP-REMAINDER',
    file: 'round-end.ts',
    find: 'const owner = state.lastCapturer >= 0 ? state.lastCapturer :',
    replace: 'const owner = state.lastCapturer >= 0 ? state.dealer :',
  },
  {
    name: 'rank-priority-ignored',
    bug: 'a sum may be taken although a card of the same value lies on the table',
    rule: 'CAP-RANK-PRIORITY',
    file: 'capture.ts',
    find: "  if (yieldsToRankMatch(rules, target, playedValue) && rankMatchPosition(rules, table, length, playedValue) >= 0) return 'CAPTURE_RANK_PRIORITY';",
    replace: '',
  },
  {
    name: 'auto-prefers-sums',
    bug: 'the automatic capture takes the largest set even when an equal card lies on the table',
    rule: 'CAP-RANK-PRIORITY',
    file: 'capture.ts',
    find: '  if (match >= 0) return',
    replace: '  if (match >= 0 && false) return',
  },
  {
    name: 'equal-ranks-all-captured',
    bug: 'a played card takes every table card of its value, not one',
    rule: 'CAP-RANK',
    file: 'capture.ts',
    find: "=> rules.rankMatch === 'all';",
    replace: '=> true;',
    reading: { ambiguity: 'AMB-11', declare: () => ({ rules: { capture: { rankMatch: 'all' } } }) },
  },
  {
    name: 'auto-tie-break-reversed',
    bug: 'among equally large sets the automatic capture prefers the newest table cards',
    rule: 'CAP-AUTO',
    file: 'capture.ts',
    find: "const preferInclude = rules.autoTieBreak === 'include-earliest';",
    replace: "const preferInclude = rules.autoTieBreak !== 'include-earliest';",
  },
  {
    name: 'trail-while-capture-possible',
    bug: 'a card that can capture may be laid on the table',
    rule: 'CAP-COMPULSION',
    file: 'play.ts',
    find: "if (rules.compulsion !== 'none' && canCapture(rules, state.table, state.tableLength, value)) {",
    replace: 'if (false) {',
    reading: { ambiguity: 'AMB-13', declare: (rules) => (rules.capture.chooser === 'auto' ? undefined : { rules: { capture: { compulsion: 'none' } } }) },
  },
  {
    name: 'trail-goes-first',
    bug: 'a trailed card goes to the front of the table instead of the end',
    rule: 'PLAY-TRAIL',
    file: 'play.ts',
    find: '    state.table[state.tableLength++] = onTable;',
    replace: '    state.table.copyWithin(1, 0, state.tableLength++);\n    state.table[0] = onTable;',
  },
  {
    name: 'ties-to-everyone',
    bug: 'a tie at the top of a category gives every tied side the point',
    rule: 'SCORE-TIES',
    file: 'scoring.ts',
    find: "if (top === 0 || (leaders > 1 && category.ties !== 'each')) return;",
    replace: 'if (top === 0) return;',
    reading: { ambiguity: 'AMB-20', declare: (rules) => tiesOf(rules, 'each') },
  },
  {
    name: 'ties-to-nobody-always',
    bug: 'a tie at the top gives nobody the point, even where the variant gives it to each tied side',
    rule: 'SCORE-TIES',
    file: 'scoring.ts',
    find: "if (top === 0 || (leaders > 1 && category.ties !== 'each')) return;",
    replace: 'if (top === 0 || leaders > 1) return;',
    reading: { ambiguity: 'AMB-20', declare: (rules) => tiesOf(rules, 'nobody') },
  },
  {
    name: 'primiera-without-four-suits',
    bug: 'a prime missing a suit competes with the suits it has',
    rule: 'SCORE-PRIMIERA',
    file: 'scoring.ts',
    find: "return incomplete === 'void' ? 0 : sum;",
    replace: 'return sum;',
    reading: { ambiguity: 'AMB-23', declare: (rules) => knobsOfKinds(rules, { primiera: { incomplete: 'counts-zero' } }) },
  },
  {
    name: 'primiera-sum-of-all-cards',
    bug: 'the prime adds the primiera values of every captured card, not the best of each suit',
    rule: 'SCORE-PRIMIERA',
    file: 'state.ts',
    find: 'if (prime > this.pileBestPrime[slot]) this.pileBestPrime[slot] = prime;',
    replace: 'this.pileBestPrime[slot] = Math.min(255, this.pileBestPrime[slot] + prime);',
  },
  {
    name: 'settebello-held-not-counted',
    bug: 'the card category asks whether a side holds the card, not how many copies (several decks)',
    rule: 'SCORE-CARD',
    file: 'scoring.ts',
    find: 'count = holdings.copiesOf(c, parseCard(category.card as string));',
    replace: 'count = Math.min(1, holdings.copiesOf(c, parseCard(category.card as string)));',
  },
  {
    name: 'settebello-forgotten-from-round-3',
    bug: 'from the third round on, the card category (the settebello) is never scored',
    rule: 'SCORE-CARD',
    file: 'scoring.ts',
    find: '    measure(holdings, category);\n    award(state, holdings, category);\n    reached.length = 0;\n',
    replace:
      "    measure(holdings, category);\n    if (category.kind === 'card' && state.round >= 3) {\n      counts.fill(0);\n      ranks.fill(0);\n    }\n    award(state, holdings, category);\n    reached.length = 0;\n",
  },
  {
    name: 'coins-counted-as-sevens',
    bug: 'the coins tally counts sevens',
    rule: 'SCORE-MOST-COINS',
    file: 'state.ts',
    find: 'if (cardSuitIndex(code) === this.coinsSuitIndex) this.pileCoins[seat]++;',
    replace: 'if (cardValue(code) === 7) this.pileCoins[seat]++;',
  },
  {
    name: 'sweep-points-at-round-end-ignored',
    bug: 'sweeps meant to score at once are only counted at the end of the round',
    rule: 'SWEEP-TIMING',
    file: 'sweeps.ts',
    find: "if (rules.sweep.timing !== 'immediate' || (points === 0 && rules.end.instantWinAfter === 'scoring-sweep')) return;",
    replace: 'return;',
  },
  {
    name: 'dealer-rotates-backwards',
    bug: 'the deal passes the wrong way round the table',
    rule: 'DEAL-DEALER',
    file: 'deal.ts',
    find: "(state.rules.deal.rotation === 'forward' ? 1 : players - 1)",
    replace: "(state.rules.deal.rotation === 'forward' ? players - 1 : 1)",
  },
  {
    name: 'dealer-plays-first',
    bug: 'the dealer, not the player after the dealer, plays first',
    rule: 'DEAL-FIRST-PLAYER',
    file: 'deal.ts',
    find: 'const firstPlayer = (state: GameState): number => (state.dealer + 1) % state.seats.players;',
    replace: 'const firstPlayer = (state: GameState): number => state.dealer;',
  },
  {
    name: 'deal-one-card-at-a-time',
    bug: 'cards are always dealt one at a time, whatever the variant says',
    rule: 'DEAL-PROCEDURE',
    file: 'setup.ts',
    find: "rules.deal.packet === 'hand' ?",
    replace: 'false ?',
    reading: { ambiguity: 'AMB-03', declare: () => ({ rules: { deal: { packet: 'one' } } }) },
  },
  {
    name: 'deal-from-seat-zero',
    bug: 'dealing always starts with seat 0',
    rule: 'DEAL-PROCEDURE',
    file: 'deal.ts',
    find: "const start = state.rules.deal.startSeat === 'seat-zero' ? 0 : firstPlayer(state);",
    replace: 'const start = 0;',
    reading: { ambiguity: 'AMB-03', declare: () => ({ rules: { deal: { startSeat: 'seat-zero' } } }) },
  },
  {
    name: 'table-left-unsorted',
    bug: 'the opening table is left in dealt order where the variant sorts it',
    rule: 'DEAL-TABLE-ORDER',
    file: 'deal.ts',
    find: "if (state.rules.deal.tableOrder === 'sorted') sortTable(state);",
    replace: '',
    reading: { ambiguity: 'AMB-05', declare: () => ({ rules: { deal: { tableOrder: 'dealt' } } }) },
  },
  {
    name: 'king-redeal-ignored',
    bug: 'an opening table full of kings is played',
    rule: 'TABLE-REDEAL-KINGS',
    file: 'deal.ts',
    find: 'if (count >= condition.atLeast + condition.atLeastPerCopy * copies) return condition.rule;',
    replace: '',
    reading: { ambiguity: 'AMB-06', declare: () => ({ rules: { openingTable: { redeal: [] } } }) },
  },
  {
    name: 'redraw-without-limit',
    bug: 'the tens redraw goes on past its limit of draws',
    rule: 'TABLE-REDRAW-TENS',
    file: 'deal.ts',
    find: 'if (condition.maxDeals > 0 && state.deckOrders >= condition.maxDeals) continue;',
    replace: '',
    reading: { ambiguity: 'AMB-07', declare: () => ({ redeals: { 'TABLE-REDRAW-TENS': { maxDeals: 0 } } }) },
  },
  {
    name: 'hand-escoba-thirty-by-sum',
    bug: 'an opening table worth 30 is two escobas even when it does not split into two groups of 15',
    rule: 'TABLE-BONUS-FIFTEEN',
    file: 'deal.ts',
    find: "(bonus.thirty === 'sum' || (bonus.thirty === 'two-groups' && someSubsetSums(state.table, state.tableLength, 15)))",
    replace: '(true)',
    reading: { ambiguity: 'AMB-09', declare: () => ({ rules: { openingTable: { bonus: { thirty: 'sum' } } } }) },
  },
  {
    name: 'counting-out-does-not-stop',
    bug: 'counting out adds every category instead of stopping at the target',
    rule: 'END-COUNTING-OUT',
    file: 'scoring.ts',
    find: '  if (state.rules.end.countingOut && state.totals[side] >= state.target) reached.push(side);',
    replace: '',
  },
  {
    name: 'inverse-target-wins',
    bug: 'inverse mode still treats reaching the target as a win',
    rule: 'END-INVERSE',
    file: 'game-end.ts',
    find: '  if (end.inverse) {',
    replace: '  if (end.inverse && false) {',
  },
  {
    name: 'exact-tie-to-highest-seat',
    bug: 'an exact tie at the top goes to the higher seat',
    rule: 'END-EXACT-TIE',
    file: 'game-end.ts',
    find: "    case 'lowest-seat':\n      return { end: { reason, winner: leaders[0] as number } };",
    replace: "    case 'lowest-seat':\n      return { end: { reason, winner: leaders[leaders.length - 1] as number } };",
  },
  {
    name: 'tie-breaks-ignored',
    bug: 'equal totals at the target are not decided by the tie-break counts',
    rule: 'END-TIE-BREAKS',
    file: 'game-end.ts',
    find: '  for (const key of state.rules.end.tieBreaks) {',
    replace: '  for (const key of [] as typeof state.rules.end.tieBreaks) {',
  },
  {
    name: 'single-round-draw-to-first',
    bug: 'equal points after a one-hand game go to the first player instead of a draw',
    rule: 'END-SINGLE-ROUND',
    file: 'game-end.ts',
    find: 'leaders.length === 1 ? (leaders[0] as number) : null',
    replace: 'leaders[0] as number',
  },
  {
    name: 'rank-priority-before-sum',
    bug: 'a capture of several cards is checked for rank priority before its sum: one that adds up wrong is refused as skipping a rank match',
    rule: 'CAP-RANK-PRIORITY',
    file: 'capture.ts',
    find: "  if (sum !== target || codes.length < smallestSum(target, playedValue)) return 'CAPTURE_WRONG_SUM';\n  if (yieldsToRankMatch(rules, target, playedValue) && rankMatchPosition(rules, table, length, playedValue) >= 0) return 'CAPTURE_RANK_PRIORITY';",
    replace:
      "  if (codes.length > 1 && yieldsToRankMatch(rules, target, playedValue) && rankMatchPosition(rules, table, length, playedValue) >= 0) return 'CAPTURE_RANK_PRIORITY';\n  if (sum !== target || codes.length < smallestSum(target, playedValue)) return 'CAPTURE_WRONG_SUM';",
    // Found by fuzz (pagat/fuzz-rank-priority-before-sum); the hand-verified pagat/cap-sum-03 and
    // scopone-classico/cap-sum-01 now catch it as well, so it is no longer a bug beyond the corpus.
  },
  {
    name: 'automatic-capture-by-count',
    bug: 'where capture is automatic, a named capture is accepted when it takes as many cards as the automatic one, whichever they are',
    rule: 'CAP-AUTO',
    file: 'play.ts',
    find: 'if (!sameCards(named, automatic)) {',
    replace: 'if (named.length !== automatic.length) {',
    // Found by fuzz (playpalace/fuzz-automatic-capture-by-count); the hand-verified playpalace/cap-auto-06 now
    // catches it as well, so it is no longer a bug beyond the corpus.
  },
  {
    name: 'thirty-no-bonus',
    bug: 'an opening table worth 30 is no bonus, split into two groups of 15 or not: only 15 counts',
    rule: 'TABLE-BONUS-FIFTEEN',
    file: 'deal.ts',
    find: 'if (makes(30) && (',
    replace: 'if (false && (',
    reading: { ambiguity: 'AMB-09', declare: () => ({ rules: { openingTable: { bonus: { thirty: 'none' } } } }) },
  },
  {
    name: 'remainder-to-first-player',
    bug: 'where nobody captured in the round, the cards left on the table go to the first player instead of out of the game',
    rule: 'SWEEP-REMAINDER',
    file: 'round-end.ts',
    find: "    case 'discard':\n      return -1;",
    replace: "    case 'discard':\n      return firstPlayer(state);",
    reading: {
      ambiguity: 'AMB-19',
      declare: (rules) => (rules.remainder.whenNobodyCaptured === 'discard' ? { rules: { remainder: { whenNobodyCaptured: 'first-player' } } } : undefined),
    },
  },
  {
    name: 'exact-tie-is-a-draw',
    bug: 'sides tied for the lead at the target end the game in a draw instead of playing another round',
    rule: 'END-EXACT-TIE',
    file: 'game-end.ts',
    find: "    case 'another-round':\n      return NOTHING_DECIDED;",
    replace: "    case 'another-round':\n      return { end: { reason, winner: null } };",
    reading: { ambiguity: 'AMB-31', declare: (rules) => (rules.end.exactTie === 'another-round' ? { rules: { end: { exactTie: 'draw' } } } : undefined) },
  },
  {
    name: 'exact-tie-by-counting-order',
    bug: "a tie for the lead at the target goes to the side the last round's counting order takes there first",
    rule: 'END-EXACT-TIE',
    file: 'game-end.ts',
    find: "    case 'another-round':\n      return NOTHING_DECIDED;",
    replace: "    case 'another-round': {\n      const byOrder = firstToReach(state);\n      return byOrder === null ? NOTHING_DECIDED : { end: { reason, winner: byOrder } };\n    }",
    reading: {
      ambiguity: 'AMB-32',
      declare: (rules) => (rules.end.exactTie === 'another-round' ? { rules: { end: { exactTie: 'last-round-order' } } } : undefined),
    },
  },
  {
    name: 'sums-of-fewest-cards',
    bug: 'a sum capture is refused where a sum of fewer cards makes the same total',
    rule: 'CAP-CHOICE',
    file: 'capture.ts',
    find: "  if (rules.sums === 'fewest-cards' && codes.length > fewestCards(table, length, target)) return 'CAPTURE_NOT_FEWEST';",
    replace: "  if (codes.length > fewestCards(table, length, target)) return 'CAPTURE_NOT_FEWEST';",
    reading: { ambiguity: 'AMB-12', declare: (rules) => (rules.capture.chooser === 'auto' ? undefined : { rules: { capture: { sums: 'fewest-cards' } } }) },
  },
  {
    name: 'losers-ranked-by-tie-breaks',
    bug: 'sides tied on points behind the winner are ordered by the tie-break counts instead of by side number',
    rule: 'END-RANKING',
    file: 'game-end.ts',
    find: "  const keys = rankTies === 'tie-breaks' ? tieBreaks : [];",
    replace: '  const keys = tieBreaks;',
    reading: { ambiguity: 'AMB-64', declare: () => ({ rules: { end: { rankTies: 'tie-breaks' } } }) },
  },
  {
    name: 'claim-sweep-not-counted',
    bug: 'a table claim that takes every card on the table is no escoba',
    rule: 'CAP-TABLE-CLAIM',
    file: 'play.ts',
    find: '  if (state.tableLength === 0) recordSweep(state, seat);',
    replace: '',
  },
  {
    name: 'claims-of-any-fifteen',
    bug: 'any table cards making 15 may be claimed, not only those that take the card an opponent trailed though it could capture',
    rule: 'CAP-TABLE-CLAIM',
    file: 'claim.ts',
    find: "  return state.rules.capture.tableClaim === 'after-discard' ? state.renuncio : undefined;",
    replace: '  return undefined;',
    reading: { ambiguity: 'AMB-14', declare: (rules) => (rules.capture.tableClaim === 'after-discard' ? { rules: { capture: { tableClaim: 'any-fifteen' } } } : undefined) },
  },
  {
    name: 'claims-only-after-discard',
    bug: 'a 15 on the table may be claimed only where an opponent trailed a card that could have made it, and with that card',
    rule: 'CAP-TABLE-CLAIM',
    file: 'claim.ts',
    find: "  return state.rules.capture.tableClaim === 'after-discard' ? state.renuncio : undefined;",
    replace: '  return state.renuncio;',
    reading: { ambiguity: 'AMB-14', declare: (rules) => (rules.capture.tableClaim === 'any-fifteen' ? { rules: { capture: { tableClaim: 'after-discard' } } } : undefined) },
  },
  {
    name: 'claims-never-allowed',
    bug: 'a table claim is refused even where the rules allow claims',
    rule: 'CAP-TABLE-CLAIM',
    file: 'claim.ts',
    find: "  if (state.rules.capture.tableClaim === 'none') return 'CLAIM_OFF';",
    replace: "  return 'CLAIM_OFF';",
  },
  {
    name: 'cards-and-coins-by-threshold',
    bug: 'the cards point needs at least 21 cards and the coins point at least 6 coins, whoever holds the most',
    rule: 'SCORE-MOST-CARDS',
    file: 'scoring.ts',
    find: '    if (count < (category.threshold ?? 1)) ranks[c] = 0;',
    replace: "    if (count < (category.kind === 'most-cards' ? 21 : category.kind === 'most-coins' ? 6 : (category.threshold ?? 1))) ranks[c] = 0;",
    reading: { ambiguity: 'AMB-21', declare: () => ({ categories: { 'most-cards': { threshold: 21 }, 'most-coins': { threshold: 6 } } }) },
  },
  {
    name: 'primiera-by-sevens-then-sixes-then-aces',
    bug: 'the primiera goes to the most sevens, then the most sixes, then the most aces, not to the best sum of primiera values',
    rule: 'SCORE-PRIMIERA',
    file: 'scoring.ts',
    find: "        const sum = holdings.primeSum(c);\n        const complete = holdings.primeComplete(c);\n        const incomplete = category.incomplete ?? 'void';\n        counts[c] = incomplete === 'void' && !complete ? 0 : sum;\n        ranks[c] = primeRank(sum, complete, incomplete);\n",
    replace: '        counts[c] = holdings.sevens[c];\n        ranks[c] = counts[c] === 0 ? 0 : holdings.withTieRanks(c, counts[c], [6, 1]);\n',
    reading: {
      ambiguity: 'AMB-24',
      // The primiera becomes a most-sevens category of the same id, which only the whole list can say; no variant
      // with a primiera has an option that changes the list.
      declare: (rules) =>
        rules.scoring.categories.some((category) => category.kind === 'primiera')
          ? {
              rules: {
                scoring: {
                  categories: rules.scoring.categories.map((category) =>
                    category.kind === 'primiera' ? { id: category.id, kind: 'most-sevens', points: category.points, ties: category.ties, tieRanks: [6, 1] } : category,
                  ),
                },
              },
            }
          : {},
    },
  },
  {
    name: 'sevens-tied-by-sixes-aces-fives',
    bug: 'equal counts of sevens are decided by the most sixes, then aces, then fives, instead of being a tie',
    rule: 'SCORE-MOST-SEVENS',
    file: 'scoring.ts',
    find: '    else ranks[c] = category.tieRanks === undefined ? count : holdings.withTieRanks(c, count, category.tieRanks);',
    replace: "    else ranks[c] = category.kind === 'most-sevens' ? holdings.withTieRanks(c, count, category.tieRanks ?? [6, 1, 5]) : count;",
    reading: {
      ambiguity: 'AMB-26',
      // A variant that already decides equal sevens keeps its own values.
      declare: (rules) => (rules.scoring.categories.some((category) => category.tieRanks !== undefined) ? {} : knobsOfKinds(rules, { 'most-sevens': { tieRanks: [6, 1, 5] } })),
    },
  },
  {
    name: 'settebello-per-copy',
    bug: 'with several decks every copy of the card scores its holder, instead of the most copies scoring once',
    rule: 'SCORE-CARD',
    file: 'scoring.ts',
    find: "  return category.kind === 'sweeps' || category.copies === 'each';",
    replace: "  return category.kind === 'sweeps' || category.kind === 'card';",
    reading: { ambiguity: 'AMB-25', declare: () => ({ categories: { card: { copies: 'each' } } }) },
  },
  {
    name: 'all-coins-win-the-game',
    bug: 'a side that takes every coin wins the game when the round has been scored, whatever the totals',
    rule: 'END-HOLDING-ALL',
    file: 'scoring.ts',
    find: '    if (category.winsGame === true && holderOfAll < 0) {',
    replace: "    if ((category.winsGame === true || category.kind === 'all-coins') && holderOfAll < 0) {",
    // Counting out refuses a category that wins the game.
    reading: { ambiguity: 'AMB-65', declare: (rules) => (rules.end.countingOut ? undefined : knobsOfKinds(rules, { 'all-coins': { winsGame: true } })) },
  },
  {
    name: 'napola-run-to-the-six',
    bug: 'the napola run counts no further than the six of coins: a run to the king scores 6',
    rule: 'SCORE-NAPOLA',
    file: 'scoring.ts',
    find: 'count = Math.min(holdings.coinRun(c), category.upTo ?? VALUES_PER_SUIT);',
    replace: 'count = Math.min(holdings.coinRun(c), 6);',
    reading: { ambiguity: 'AMB-65', declare: (rules) => knobsOfKinds(rules, { napola: { upTo: 6 } }) },
  },
  {
    name: 'scopone-dealt-in-packets',
    bug: 'nine cards each and four to the table are dealt as at the table: 3 to each player, 2 to the table, 3, 2, 3',
    rule: 'DEAL-PROCEDURE',
    file: 'setup.ts',
    find: '  if (packets.length > 0) return packets;',
    replace: '  if (packets.length > 0) return packets;\n  if (handSize === 9 && tableSize === 4) return [{ hands: 3 }, { table: 2 }, { hands: 3 }, { table: 2 }, { hands: 3 }];',
    reading: {
      ambiguity: 'AMB-60',
      declare: (rules) => (rules.deal.handSize === 9 && rules.deal.tableSize === 4 ? { rules: { deal: { packets: FIGS_PACKETS } } } : undefined),
    },
  },
  {
    name: 'ace-game-four-players-ten-each',
    bug: 'where an ace takes the table, four players are dealt ten cards each, 3, 3 and 4 at a time, and none to the table',
    rule: 'DEAL-TABLE-SIZE',
    file: 'setup.ts',
    find: '  return { handSize, tableSize, packets, ...seating?.deal };',
    replace:
      '  if (players === 4 && rules.capture.aceTakesAll) return { handSize: 10, tableSize: 0, packets: [{ hands: 3 }, { hands: 3 }, { hands: 4 }] };\n  return { handSize, tableSize, packets, ...seating?.deal };',
    reading: {
      ambiguity: 'AMB-62',
      declare: (rules) =>
        rules.capture.aceTakesAll && rules.players.seatings.some((seating) => seating.players.includes(4))
          ? { rules: { players: { seatings: fourPlayersDealt(rules.players.seatings, TEN_EACH) } } }
          : undefined,
    },
  },
  {
    name: 'target-plus-first-round-winner',
    bug: "the target is raised by the points the first round's winner scored in it",
    rule: 'END-TARGET',
    file: 'round-end.ts',
    find: "if (state.round === 1 && state.rules.end.targetPlus === 'first-round-winner-points')",
    replace: 'if (state.round === 1)',
    reading: {
      ambiguity: 'AMB-30',
      declare: (rules) => (rules.end.countingOut || rules.end.instantWin ? undefined : { rules: { end: { targetPlus: 'first-round-winner-points' } } }),
    },
  },
  {
    name: 'instant-win-after-every-sweep',
    bug: 'the instant win is checked after a sweep worth 0 points too: a side already at or over the target wins with it',
    rule: 'END-INSTANT-WIN',
    file: 'sweeps.ts',
    find: "(points === 0 && rules.end.instantWinAfter === 'scoring-sweep')",
    replace: 'false',
    reading: { ambiguity: 'AMB-56', declare: () => ({ rules: { end: { instantWinAfter: 'every-sweep' } } }) },
  },
  {
    name: 'counting-out-tie-counts-on',
    bug: 'under counting out, an award that takes two sides to the target together decides nothing: counting goes on',
    rule: 'END-COUNTING-OUT',
    file: 'scoring.ts',
    find: "(reached.length === 1 || (reached.length > 1 && countingOutTie === 'higher-total'))",
    replace: '(reached.length === 1)',
    reading: { ambiguity: 'AMB-35', declare: () => ({ rules: { end: { countingOutTie: 'next-award' } } }) },
  },
  {
    name: 'fifteen-with-rank-match',
    bug: 'in fifteen mode a card may also take a table card of its own value',
    rule: 'CAP-FIFTEEN',
    file: 'capture.ts',
    find: "const capturesByRank = (rules: CaptureRules): boolean => rules.mode !== 'fifteen';",
    replace: 'const capturesByRank = (): boolean => true;',
    reading: {
      ambiguity: 'AMB-66',
      // Table claims are a rule of the fifteen mode alone (checkRules).
      declare: (rules) => (rules.capture.mode === 'fifteen' && rules.capture.tableClaim === 'none' ? { rules: { capture: { mode: 'fifteen-or-match' } } } : undefined),
    },
  },
  {
    name: 'ace-takes-all-over-an-ace',
    bug: 'an ace played onto a table holding an ace takes the whole table, not that ace',
    rule: 'CAP-ACE-TAKES-ALL',
    file: 'capture.ts',
    find: "(rules.aceOnAce === 'takes-all' || firstOfValue(table, length, 1) < 0 || (readsAceAlone(rules) && totalValue(table.subarray(0, length)) === 14))",
    replace: '(true)',
    reading: { ambiguity: 'AMB-62', declare: () => ({ rules: { capture: { aceOnAce: 'takes-all' } } }) },
  },
  {
    name: 'ace-takes-an-ace-alone',
    bug: 'an ace played onto a table holding an ace takes that ace and nothing else, and no sweep, unless the table and it make 15',
    rule: 'CAP-ACE-TAKES-ALL',
    file: 'capture.ts',
    find: "export const readsAceAlone = (rules: CaptureRules): boolean => rules.aceOnAce === 'ace-alone';",
    replace: "export const readsAceAlone = (rules: CaptureRules): boolean => rules.aceOnAce !== 'takes-all';",
    reading: {
      ambiguity: 'AMB-68',
      declare: (rules) => (rules.capture.aceTakesAll && rules.capture.aceOnAce === 'ordinary' ? { rules: { capture: { aceOnAce: 'ace-alone' } } } : undefined),
    },
  },
  {
    name: 'ace-kept-on-empty-table',
    bug: "an ace played to an empty table goes to its player's pile instead of being trailed",
    rule: 'CAP-ACE-TAKES-ALL',
    file: 'capture.ts',
    find: "length === 0 && rules.aceOnEmptyTable === 'kept'",
    replace: 'length === 0',
    reading: { ambiguity: 'AMB-62', declare: () => ({ rules: { capture: { aceOnEmptyTable: 'kept' } } }) },
  },
  {
    name: 'ace-takes-any-part',
    bug: 'the ace that takes the table may take any part of it, leaving the rest',
    rule: 'CAP-ACE-TAKES-ALL',
    file: 'capture.ts',
    find: "export const takesAnyPart = (rules: CaptureRules): boolean => rules.aceCapture === 'any-part';",
    replace: 'export const takesAnyPart = (): boolean => true;',
    reading: { ambiguity: 'AMB-62', declare: () => ({ rules: { capture: { aceCapture: 'any-part' } } }) },
  },
  {
    name: 'ace-lead-forbidden',
    bug: "the first player may not lead an ace on a round's first play",
    rule: 'CAP-ACE-FIRST-PLAY',
    file: 'play.ts',
    find: "if (rules.aceFirstPlay !== 'forbidden' || !rules.aceTakesAll",
    replace: 'if (!rules.aceTakesAll',
    reading: { ambiguity: 'AMB-62', declare: () => ({ rules: { capture: { aceFirstPlay: 'forbidden' } } }) },
  },
  {
    name: 'ace-ordinary-on-first-play',
    bug: "an ace played on a round's first play does not take the table",
    rule: 'CAP-ACE-FIRST-PLAY',
    file: 'play.ts',
    find: "return rules.aceFirstPlay === 'ordinary' && rules.aceTakesAll",
    replace: 'return rules.aceTakesAll',
    reading: { ambiguity: 'AMB-62', declare: () => ({ rules: { capture: { aceFirstPlay: 'ordinary' } } }) },
  },
  {
    name: 'cirulla-fifteen-refused',
    bug: "in Cirulla's capture a card takes a card of its value or a sum of it, never cards making 15 with it",
    rule: 'CAP-FIFTEEN',
    file: 'capture.ts',
    find: "  return rules.mode === 'match-or-sum' ? playedValue : 15 - playedValue;",
    replace: "  return rules.mode === 'match-or-sum' || rules.mode === 'match-sum-or-fifteen' ? playedValue : 15 - playedValue;",
  },
  {
    name: 'ace-sweep-not-scored',
    bug: 'the ace that takes the whole table never scores a sweep, even where the rules count it as one',
    rule: 'SWEEP-ACE-TAKES-ALL',
    file: 'play.ts',
    find: '(state.rules.sweep.aceTakesAll || !takesWholeTable(rules, state.table, state.tableLength, value))',
    replace: '(!takesWholeTable(rules, state.table, state.tableLength, value))',
    reading: { ambiguity: 'AMB-63', declare: (rules) => (rules.sweep.aceTakesAll ? { rules: { sweep: { aceTakesAll: false } } } : undefined) },
  },
  {
    name: 'aces-never-redeal',
    bug: 'the redeal rules count kings and tens but not aces: two aces on the opening table stand',
    rule: 'TABLE-REDEAL-ACES',
    file: 'deal.ts',
    find: 'if (count >= condition.atLeast + condition.atLeastPerCopy * copies) return condition.rule;',
    replace: 'if (condition.value !== 1 && count >= condition.atLeast + condition.atLeastPerCopy * copies) return condition.rule;',
  },
  {
    name: 'grande-for-the-king-alone',
    bug: 'the grande scores for the king of coins alone, without the cavallo and fante below it',
    rule: 'SCORE-GRANDE',
    file: 'scoring.ts',
    find: 'count = Math.min(holdings.coinRunFromKing(c, category.alsoSuit), VALUES_PER_SUIT + 1 - (category.downTo ?? GRANDE_LOWEST));',
    replace: 'count = holdings.coinRunFromKing(c) > 0 ? SHORTEST_RUN : 0;',
  },
  {
    name: 'low-table-three-sweeps',
    bug: 'an opening table worth less than 10 is three sweeps for the beneficiary of the table bonus',
    rule: 'TABLE-BONUS-FIFTEEN',
    file: 'deal.ts',
    find: 'total + wilds < bonus.lowTable.under) sweeps = bonus.lowTable.sweeps;',
    replace: 'total + wilds < 10) sweeps = 3;',
    reading: {
      ambiguity: 'AMB-67',
      declare: (rules) => (rules.openingTable.bonus.enabled ? { rules: { openingTable: { bonus: { lowTable: { under: 10, sweeps: 3 } } } } } : undefined),
    },
  },
  {
    name: 'table-points-low-and-high',
    bug: 'an opening table under 9 is one point for the beneficiary of the table bonus, one over 30 two points',
    rule: 'TABLE-BONUS-FIFTEEN',
    file: 'deal.ts',
    find: 'const points = bonus.points.length === 0 ? 0 : tablePoints(state, bonus.points);',
    replace: 'const points = tablePoints(state, [{ under: 9, points: 1 }, { over: 30, points: 2 }]);',
    reading: {
      ambiguity: 'AMB-67',
      declare: (rules) =>
        rules.openingTable.bonus.enabled
          ? { rules: { openingTable: { bonus: { points: [{ under: 9, points: 1 }, { over: 30, points: 2 }] } } } }
          : undefined,
    },
  },
  {
    name: 'wild-keeps-its-named-value',
    bug: 'the wild card trailed as the value its player named keeps that value on the table, where it is the card it is',
    rule: 'DEAL-WILD-CARD',
    file: 'state.ts',
    find: "this.keptWild = wildInPlay === 'kept';",
    replace: "this.keptWild = wildInPlay !== 'face';",
    reading: {
      ambiguity: 'AMB-70',
      declare: (rules) => (rules.declarations.wildInPlay === 'named' ? { rules: { declarations: { wildInPlay: 'kept' } } } : undefined),
    },
  },
  {
    name: 'grande-cups-for-coins',
    bug: 'in the grande a cuori card stands in for the quadri card of its value',
    rule: 'SCORE-GRANDE',
    file: 'scoring.ts',
    find: 'const standIn = alsoSuit === undefined ? -1 :',
    replace: "const standIn = alsoSuit === undefined ? SUITS.indexOf('H') * VALUES_PER_SUIT + VALUES_PER_SUIT - 1 :",
    reading: { ambiguity: 'AMB-69', declare: (rules) => knobsOfKinds(rules, { grande: { alsoSuit: 'H' } }) },
  },
  {
    name: 'declaration-limit-excluded',
    bug: 'a hand totalling exactly the limit (9 in Cirulla) is not declared: the total must be under it',
    rule: 'DEAL-DECLARATION',
    file: 'declarations.ts',
    find: "? total <= (declaration.atMost as number)",
    replace: "? total < (declaration.atMost as number)",
  },
  {
    name: 'declarations-on-the-first-deal-only',
    bug: "only the hands of a round's first deal are declared, not those of the later deals",
    rule: 'DEAL-DECLARATION',
    file: 'deal.ts',
    find: `  dealEvent(state, false);
  declareHands(state);`,
    replace: '  dealEvent(state, false);',
  },
  {
    name: 'wild-named-value-ignored',
    bug: 'the wild card plays as its own value whatever value its player names',
    rule: 'DEAL-WILD-CARD',
    file: 'play.ts',
    find: '    value = named;\n',
    replace: '',
  },
  {
    name: 'wild-seven-ordinary',
    bug: 'the wild seven of hearts counts as a seven in a declaration',
    rule: 'DEAL-WILD-CARD',
    file: 'declarations.ts',
    find: 'if (code === wild) {',
    replace: 'if (code === -2) {',
  },
  {
    name: 'rank-priority-for-figures-only',
    bug: 'rank priority is checked only for an 8, a 9 or a 10: a 7 may take 5 + 2 while a 7 lies on the table',
    rule: 'CAP-RANK-PRIORITY',
    file: 'capture.ts',
    find: 'playedValue: number): boolean => !sumsOfValue(rules) || target === playedValue;',
    replace: 'playedValue: number): boolean => playedValue >= 8 && (!sumsOfValue(rules) || target === playedValue);',
  },
  {
    name: 'capture-names-a-card-twice',
    bug: 'a capture may name one table card twice: each named card is looked for on the table on its own, copies not counted',
    rule: 'CAP-CHOICE',
    file: 'capture.ts',
    find: "  if (taken < codes.length) return 'CAPTURE_NOT_ON_TABLE';",
    replace: "  if (taken < new Set(codes).size) return 'CAPTURE_NOT_ON_TABLE';",
  },
  {
    name: 'piles-kept-between-rounds',
    bug: "the captured piles are never emptied between rounds: each round's categories count every card taken since the game began",
    rule: 'SCORE-MOST-CARDS',
    file: 'deal.ts',
    find: '  state.clearPiles();\n  state.lastCapturer = -1;',
    replace: '  if (state.round === 1) state.clearPiles();\n  state.lastCapturer = -1;',
  },
  {
    name: 'remainder-to-nobody',
    bug: 'the cards left on the table at the end of the round go to nobody, not to the last capturer',
    rule: 'SWEEP-REMAINDER',
    file: 'round-end.ts',
    find: 'const owner = state.lastCapturer >= 0 ? state.lastCapturer :',
    replace: 'const owner = state.lastCapturer >= 0 ? -1 :',
  },
  {
    name: 'remainder-to-last-player',
    bug: 'the cards left on the table at the end of the round go to the player of the last card, not to the last capturer',
    rule: 'SWEEP-REMAINDER',
    file: 'round-end.ts',
    find: 'const owner = state.lastCapturer >= 0 ? state.lastCapturer :',
    replace: 'const owner = state.lastCapturer >= 0 ? state.turn :',
  },
  {
    name: 'primiera-figures-worth-nothing',
    bug: 'in the primiera the fante, the cavallo and the re are worth nothing, not 10',
    rule: 'SCORE-PRIMIERA',
    file: 'state.ts',
    find: 'for (const rank of rules.deck.ranks) this.primieraOf[rank.value] = rank.primiera;',
    replace: 'for (const rank of rules.deck.ranks) this.primieraOf[rank.value] = rank.value >= 8 ? 0 : rank.primiera;',
  },
  {
    name: 'primiera-ace-above-six',
    bug: 'in the primiera the ace is worth more than a six (19), not 16',
    rule: 'SCORE-PRIMIERA',
    file: 'state.ts',
    find: 'for (const rank of rules.deck.ranks) this.primieraOf[rank.value] = rank.primiera;',
    replace: 'for (const rank of rules.deck.ranks) this.primieraOf[rank.value] = rank.value === 1 ? 19 : rank.primiera;',
  },
  {
    name: 'no-sweep-in-last-deal',
    bug: 'no sweep scores in the last deal of a round, once the stock is empty, where only the last play should be in question',
    rule: 'SWEEP-LAST-PLAY',
    file: 'play.ts',
    find: 'if (sweepsTable && (state.rules.sweep.lastPlay || !lastPlay)) {',
    replace: 'if (sweepsTable && state.stockPosition < state.seats.deckSize && (state.rules.sweep.lastPlay || !lastPlay)) {',
  },
  {
    name: 'named-card-first-side-only',
    bug: 'the named card (the settebello) is looked for in the first side\'s pile only: held by another side, it scores for nobody',
    rule: 'SCORE-CARD',
    file: 'scoring.ts',
    find: 'count = holdings.copiesOf(c, parseCard(category.card as string));',
    replace: 'count = c === 0 ? holdings.copiesOf(c, parseCard(category.card as string)) : 0;',
  },
  {
    name: 'leader-taken-for-dealer',
    bug: 'the player who leads is taken for the dealer: the deal names the seat after the dealer, and what goes to the dealer (a table bonus, a remainder nobody captured) goes to that seat',
    rule: 'DEAL-DEALER',
    file: 'deal.ts',
    find: "const base = { type: 'deal', round: state.round, deal: state.dealNumber, dealer: state.dealer, hands } as const;",
    replace: "const base = { type: 'deal', round: state.round, deal: state.dealNumber, dealer: firstPlayer(state), hands } as const;",
    also: [
      {
        file: 'deal.ts',
        find: "const beneficiary = (state: GameState): number => (state.rules.openingTable.bonus.beneficiary === 'dealer' ? state.dealer : firstPlayer(state));",
        replace: 'const beneficiary = (state: GameState): number => firstPlayer(state);',
      },
      { file: 'round-end.ts', find: "    case 'dealer':\n      return state.dealer;", replace: "    case 'dealer':\n      return firstPlayer(state);" },
    ],
  },
  {
    name: 'wild-card-the-settebello',
    bug: 'the wild card of the declarations is taken to be the seven of coins (the settebello), not the seven it is',
    rule: 'DEAL-WILD-CARD',
    file: 'state.ts',
    find: "this.wildCard = wild === 'none' ? -1 : parseCard(wild);",
    replace: "this.wildCard = wild === 'none' ? -1 : parseCard('7D');",
  },
  {
    name: 'fifteen-over-ten-not-found',
    bug: 'a capture of 15 whose table cards total more than 10 (a card under 5 played) is never found, as if the search stopped at 10: it is not among the captures listed, and named, it is refused as a wrong sum',
    rule: 'CAP-FIFTEEN',
    file: 'capture.ts',
    find: '  collectSubsets(table, length, 0, target, 0, smallestSum(target, playedValue), sets);',
    replace: '  if (target <= 10) collectSubsets(table, length, 0, target, 0, smallestSum(target, playedValue), sets);',
    also: [
      {
        file: 'capture.ts',
        find: "  if (sum !== target || codes.length < smallestSum(target, playedValue)) return 'CAPTURE_WRONG_SUM';",
        replace: "  if (sum !== target || target > 10 || codes.length < smallestSum(target, playedValue)) return 'CAPTURE_WRONG_SUM';",
      },
    ],
  },
  {
    name: 'cirulla-automatic-most-cards',
    bug: "in Cirulla's capture the engine, not the player, chooses what a card takes: the capture of the most cards, a match, a sum or a 15 alike",
    rule: 'CAP-AUTO',
    file: 'play.ts',
    find: "  return rules.aceFirstPlay === 'ordinary' && rules.aceTakesAll && state.isFirstPlay() ? { ...rules, aceTakesAll: false } : rules;",
    replace:
      "  const chosen = rules.mode === 'match-sum-or-fifteen' ? { ...rules, chooser: 'auto' as const } : rules;\n  return chosen.aceFirstPlay === 'ordinary' && chosen.aceTakesAll && state.isFirstPlay() ? { ...chosen, aceTakesAll: false } : chosen;",
    reading: { ambiguity: 'AMB-68', declare: (rules) => (rules.capture.mode === 'match-sum-or-fifteen' ? { rules: { capture: { chooser: 'auto' } } } : undefined) },
  },
  {
    name: 'cards-and-coins-without-threshold',
    bug: 'the most cards and the most coins score whatever the count, the thresholds of 21 cards and 6 coins forgotten',
    rule: 'SCORE-MOST-CARDS',
    file: 'scoring.ts',
    find: '    if (count < (category.threshold ?? 1)) ranks[c] = 0;',
    replace: '    if (count < 1) ranks[c] = 0;',
    reading: {
      ambiguity: 'AMB-69',
      declare: (rules) => {
        const thresholds = rules.scoring.categories.filter((category) => category.threshold !== undefined && category.threshold > 1);
        return thresholds.length === 0 ? undefined : { categories: Object.fromEntries(thresholds.map((category) => [category.id, { threshold: 1 }])) };
      },
    },
  },
  {
    name: 'piccola-up-to-seven',
    bug: 'the piccola counts its run of coins up to the seven at most',
    rule: 'SCORE-NAPOLA',
    file: 'scoring.ts',
    find: '        count = Math.min(holdings.coinRun(c), category.upTo ?? VALUES_PER_SUIT);',
    replace: '        count = Math.min(holdings.coinRun(c), category.upTo ?? 7);',
    reading: {
      ambiguity: 'AMB-69',
      declare: (rules) => (rules.scoring.categories.some((category) => category.kind === 'napola' && category.upTo === undefined) ? { categories: { napola: { upTo: 7 } } } : undefined),
    },
  },
  {
    name: 'cappotto-wins-nothing',
    bug: 'all ten coins held win nothing more: the cappotto does not end the game',
    rule: 'END-HOLDING-ALL',
    file: 'scoring.ts',
    find: '    if (category.winsGame === true && holderOfAll < 0) {',
    replace: "    if (category.winsGame === true && category.kind !== 'all-coins' && holderOfAll < 0) {",
    reading: {
      ambiguity: 'AMB-69',
      declare: (rules) => (rules.scoring.categories.some((category) => category.kind === 'all-coins' && category.winsGame === true) ? { categories: { 'all-coins': { winsGame: false } } } : undefined),
    },
  },
  {
    name: 'declarations-stack',
    bug: 'a hand that makes several declarations scores each of them (three aces: 3 for the low hand and 10 for three of a kind), not the one worth most',
    rule: 'DEAL-DECLARATION',
    file: 'declarations.ts',
    find: "  const made = several === 'best' ? (best === undefined ? [] : [best]) : declarationsMade(declarations, hand, state.wildCard);",
    replace: '  const made = declarationsMade(declarations, hand, state.wildCard);',
    reading: { ambiguity: 'AMB-70', declare: (rules) => (rules.declarations.hands.length > 1 ? { rules: { declarations: { several: 'each' } } } : undefined) },
  },
  {
    name: 'declarations-at-first-play',
    bug: 'a hand is declared when its holder plays its first card of the deal, not as soon as it is dealt',
    rule: 'DEAL-DECLARATION',
    file: 'declarations.ts',
    find: "  if (state.rules.declarations.hands.length === 0 || state.rules.declarations.when === 'first-play') return;",
    replace: '  if (state.rules.declarations.hands.length > 0) return;',
    also: [{ file: 'play.ts', find: "  if (state.rules.declarations.when === 'first-play' && state.handLength[seat] === handSize) {", replace: '  if (state.handLength[seat] === handSize) {' }],
    reading: { ambiguity: 'AMB-70', declare: (rules) => (rules.declarations.hands.length > 0 ? { rules: { declarations: { when: 'first-play' } } } : undefined) },
  },
];
