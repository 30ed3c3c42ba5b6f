/**
 * The words for every value of every enumerated knob, keyed by the name of its enum in spec/variant.schema.json's
 * `$defs`. A test holds these tables equal to the schema's enums, so a new knob value without wording fails it, and
 * `worded` refuses a value it has no wording for rather than leave it out of a rulebook.
 * @module
 */
import type {
  AceCapture,
  AceFirstPlay,
  AceOnAce,
  AceOnEmptyTable,
  AutoTieBreak,
  BonusBeneficiary,
  BonusCombine,
  CaptureMode,
  CategoryKind,
  Chooser,
  Compulsion,
  CopyScoring,
  CountingOutTie,
  DealerRotation,
  DealOrder,
  DealPacket,
  DealStartSeat,
  DeclarationScoring,
  DeclarationTime,
  EndMode,
  ExactTie,
  FirstDealer,
  IncompletePrimiera,
  InstantWinSweep,
  RankingTie,
  RankMatch,
  RedealRule,
  RemainderOwner,
  SumChoice,
  SweepTiming,
  TableClaim,
  TableOrder,
  TargetAddition,
  ThirtyReading,
  WildPlay,
  TieBreakKey,
  TiePolicy,
} from '../../reference/types.ts';

/** What the wording of a value may need to know about the variant: its names for things. */
export interface Names {
  /** Who scores: `player`, or `player or partnership` where partnerships play. */
  side: string;
  /** The plural of `side`. */
  sides: string;
  /** The name of the coins suit, as the variant writes it. */
  coins: string;
  /** The variant's word for a sweep. */
  sweep: string;
  /** The same with its article: `a scopa`, `an escoba`. */
  aSweep: string;
  /** The variant's name for a card of value 1: `asso`, `as`. */
  ace: string;
  /** The same with its article: `an asso`, `an as`. */
  anAce: string;
  /** A card in words: `the 7 of denari (7D)`. */
  card(card: string): string;
  /** `1 point`, `2 points`. */
  points(points: number): string;
  /** `1 scopa`, `3 scopas`, in the variant's word. */
  sweeps(sweeps: number): string;
  /** The 7 of the coins suit in words. */
  sevenOfCoins: string;
  /** How many decks are shuffled together. */
  copies: number;
}

type Wording<V extends string> = Record<V, (names: Names) => string>;

/** The schema's `$defs` enums whose values are not worded here, and why. */
export const UNWORDED_ENUMS: Record<string, string> = {
  suit: 'suits are named by deck.suitNames, the variant data',
  tableSize: '`remainder` is the only word, worded with the deal sizes it gives',
  optionType: 'host options are shown by their own description and values',
  settableKnob: 'host options are shown by their own description and values',
  declarationKind: 'each declaration is worded with its limit and its sweeps, under DEAL-DECLARATION',
};

export const WORDING = {
  dealOrder: {
    'hands-first': () => 'The dealer deals the hands first, then lays the table cards face up.',
    'table-first': () => 'The dealer lays the table cards face up first, then deals the hands.',
  } satisfies Wording<DealOrder>,
  dealPacket: {
    hand: () => 'each player receives a whole hand at once',
    one: () => 'the cards are dealt one at a time, round the table, until every hand is complete',
  } satisfies Wording<DealPacket>,
  dealStartSeat: {
    'first-player': () => 'starting with the player after the dealer',
    'seat-zero': () => 'always starting with the player in seat 0, whoever deals',
  } satisfies Wording<DealStartSeat>,
  tableOrder: {
    dealt: () => 'The table cards lie in the order they were dealt; a trailed card goes after them.',
    sorted: () => 'The opening table is laid out sorted by suit and, within a suit, by value; a trailed card goes after them.',
  } satisfies Wording<TableOrder>,
  firstDealer: {
    'last-seat': () => 'The player in the last seat deals the first round, so the player in seat 0 leads it.',
    setup: () => 'The first dealer is chosen before the game (by chance).',
  } satisfies Wording<FirstDealer>,
  dealerRotation: {
    forward: () => 'After each round the deal passes to the next player in turn order: the player who led the round deals the next.',
    backward: () => 'After each round the deal passes to the previous player, against the turn order.',
  } satisfies Wording<DealerRotation>,
  redealRule: {
    'TABLE-REDEAL-KINGS': () => 'the deal is void: the cards are thrown in, shuffled, and the same dealer deals again',
    'TABLE-REDRAW-TENS': () => 'the table cards are put back, the deck is shuffled, and the same dealer lays out the table and deals again',
    'TABLE-REDEAL-ACES': () => 'the deal is void: the cards are thrown in, shuffled, and the same dealer deals again',
  } satisfies Wording<RedealRule>,
  bonusBeneficiary: {
    dealer: () => 'the dealer',
    'first-player': () => 'the player after the dealer',
  } satisfies Wording<BonusBeneficiary>,
  thirtyReading: {
    sum: () => 'whatever the cards',
    'two-groups': () => 'if the cards can be split into two groups of 15 each (otherwise nothing happens)',
    none: () => 'never: a table of 30 is no bonus, and the cards stay on the table',
  } satisfies Wording<ThirtyReading>,
  wildPlay: {
    face: () => 'In play it is the card it is.',
    named: () =>
      'In play its player names the value from 1 to 10 it plays as, and it captures as a card of that value: named an ace, it takes a table without an ace. Trailed, it lies on the table as the card it is.',
    kept: () =>
      'In play its player names the value from 1 to 10 it plays as, and it captures as a card of that value. Trailed, it keeps that value on the table: the other players capture it as a card of that value, until it is taken.',
  } satisfies Wording<WildPlay>,
  declarationScoring: {
    best: () => 'a hand that makes more than one of these scores the one worth most',
    each: () => 'a hand that makes more than one of these scores each of them: three aces, say, are both a low hand and three of a kind',
  } satisfies Wording<DeclarationScoring>,
  declarationTime: {
    deal: () => 'Every hand is looked at as soon as it is dealt, in every deal',
    'first-play': () => 'Every hand is looked at, as dealt, when its holder plays its first card of the deal, before that play, in every deal',
  } satisfies Wording<DeclarationTime>,
  captureMode: {
    'match-or-sum': () => 'A card captures by matching a table card of the same value, or by taking table cards that add up to its value.',
    fifteen: () => 'A card captures table cards that add up, together with the card played, to 15.',
    'fifteen-or-match': () => 'A card captures by matching a table card of the same value, or by taking table cards that add up, together with the card played, to 15.',
    'match-sum-or-fifteen': () =>
      'A card captures by matching a table card of the same value, by taking table cards that add up to its value, or by taking table cards that add up, together with the card played, to 15.',
  } satisfies Wording<CaptureMode>,
  rankMatch: {
    one: () => 'A card may take one table card of the same value: a 5 takes one 5, never two at once.',
    all: () => 'A card that matches takes every table card of its value at once, as in Cassino: a 5 played onto two 5s takes both.',
  } satisfies Wording<RankMatch>,
  compulsion: {
    'played-card': () => 'Capturing is compulsory for the card played: you may play any card from your hand, but a card that can capture must capture.',
    'any-card': () =>
      'Capturing is compulsory: if any card in your hand can capture, you must play one that can, and capture with it. You may trail only when no card in your hand can capture.',
    none: () => 'Capturing is never compulsory: you may trail any card, even one that could capture.',
  } satisfies Wording<Compulsion>,
  chooser: {
    player: () => 'When a card can make several captures, you choose which one to make.',
    auto: () => 'The capture is made for you: you only choose the card to play.',
  } satisfies Wording<Chooser>,
  sumChoice: {
    any: () => '',
    'fewest-cards': () => ' Among captures that make the total, only those of the fewest cards may be made.',
  } satisfies Wording<SumChoice>,
  autoTieBreak: {
    'include-earliest': () => 'that takes the card earliest in table order where the sets first differ',
    'exclude-earliest': () => 'that leaves out the card earliest in table order where the sets first differ',
  } satisfies Wording<AutoTieBreak>,
  tableClaim: {
    none: () => '',
    'any-fifteen': (names) =>
      `At the start of your turn, before you play, you may take any two or more table cards that add up to 15, whoever left them there, once a turn; you then play a card as usual. Taking every card on the table so is ${names.aSweep}, and the card you then play is trailed onto the empty table.`,
    'after-discard': (names) =>
      `A player who trails a card that could have made 15 leaves that 15 on the table: the next player may take it before playing, the trailed card and table cards it could have taken, adding up to 15 (from the table alone), once a turn; no other table cards may be taken so. Taking every card on the table so is ${names.aSweep}, and the card then played is trailed onto the empty table.`,
  } satisfies Wording<TableClaim>,
  aceOnAce: {
    ordinary: (names) => `Where ${names.anAce} lies on the table, the ${names.ace} played captures by the ordinary rules instead.`,
    'takes-all': (names) => `It does so even where ${names.anAce} lies on the table.`,
    'ace-alone': (names) =>
      `Where ${names.anAce} lies on the table, the ${names.ace} played takes that ${names.ace} and nothing else, and is not ${names.aSweep} even where it leaves the table empty; unless the table and the ${names.ace} played add up to 15, when it takes the whole table.`,
  } satisfies Wording<AceOnAce>,
  aceCapture: {
    'whole-table': () => 'It takes the table whole, never a part of it.',
    'any-part': () => 'Its player may instead take any part of the table with it, and leave the rest.',
  } satisfies Wording<AceCapture>,
  aceOnEmptyTable: {
    trailed: (names) => `Played to an empty table, ${names.anAce} captures nothing and is trailed.`,
    kept: (names) => `Played to an empty table, ${names.anAce} goes to its player's pile: a capture of no table cards, and not ${names.aSweep}.`,
  } satisfies Wording<AceOnEmptyTable>,
  aceFirstPlay: {
    free: (names) => `On the first play of a round, ${names.anAce} plays as on any other.`,
    forbidden: (names) => `On the first play of a round, the first player may not play ${names.anAce} unless holding nothing else.`,
    ordinary: (names) => `On the first play of a round, ${names.anAce} does not take the table: it captures by the ordinary rules, as any card of its value.`,
  } satisfies Wording<AceFirstPlay>,
  sweepTiming: {
    immediate: (names) => `${capitalised(names.aSweep)}'s points are added to the score at once, during play.`,
    'round-end': (names) => `${capitalised(names.sweep)}s are scored after the round, with the other points (see Scoring).`,
  } satisfies Wording<SweepTiming>,
  remainderOwner: {
    discard: () => 'they are put aside and count for nobody',
    dealer: () => 'they go to the dealer',
    'first-player': () => 'they go to the player who played first in the round',
  } satisfies Wording<RemainderOwner>,
  categoryKind: {
    'most-cards': () => 'Most cards',
    'most-coins': (names) => `Most ${names.coins}`,
    'most-sevens': () => 'Most sevens',
    card: () => 'A named card',
    primiera: () => 'Primiera',
    'all-coins': (names) => `All the ${names.coins}`,
    'all-sevens': () => 'All the sevens',
    sweeps: (names) => `${capitalised(names.sweep)}s`,
    napola: (names) => `Napola, a run of ${names.coins} from the ace`,
    grande: (names) => `Grande, a run of ${names.coins} from the king`,
  } satisfies Wording<CategoryKind>,
  tiePolicy: {
    nobody: () => 'a tie for the most scores nobody',
    each: (names) => `on a tie for the most, each tied ${names.side} scores`,
  } satisfies Wording<TiePolicy>,
  incompletePrimiera: {
    void: (names) => `A ${names.side} without a card of every suit has no prime and cannot win it.`,
    'counts-zero': () => 'A suit you have no card of counts 0.',
    'loses-to-complete': () =>
      'A prime with all four suits beats any prime with fewer; primes with fewer suits compare by their sums, a missing suit counting 0.',
  } satisfies Wording<IncompletePrimiera>,
  bonusCombine: {
    'in-addition': () => 'in addition to',
    'instead-of-most': () => 'instead of',
  } satisfies Wording<BonusCombine>,
  copyScoring: {
    most: (names) => `to the ${names.side} with the most copies of it`,
    each: (names) => `to a ${names.side} for each copy of it they took`,
  } satisfies Wording<CopyScoring>,
  endMode: {
    target: () => 'The game is played over as many rounds as it takes.',
    'single-round': () => 'The game is a single round.',
  } satisfies Wording<EndMode>,
  exactTie: {
    'another-round': () => 'another round is played, and the game ends at the first round end that leaves a single leader at or over the target',
    'lowest-seat': (names) => `the tied ${names.side} with the lowest seat number wins`,
    draw: () => 'the game ends in a draw',
    'last-round-order': (names) => `the last round's points are counted again one by one, from the totals before it (${names.sweep}s scored at once first, then the categories in their order), and the first to reach the target wins; if none reaches it alone, another round is played`,
  } satisfies Wording<ExactTie>,
  targetAddition: {
    none: () => '',
    'first-round-winner-points': (names) =>
      ` Once the first round is scored, the points its winner scored in it (the most any ${names.side} scored) are added to the target.`,
  } satisfies Wording<TargetAddition>,
  countingOutTie: {
    'higher-total': (names) => `If one category takes two or more ${names.sides} to the target at once, counting stops there too, and the one with the highest total wins`,
    'next-award': (names) =>
      `If one category takes two or more ${names.sides} to the target at once, it decides nothing and counting goes on: the next points counted to a ${names.side} at or over the target win`,
  } satisfies Wording<CountingOutTie>,
  instantWinSweep: {
    'scoring-sweep': (names) => `${capitalised(names.aSweep)} worth no points wins nothing.`,
    'every-sweep': (names) => `Even ${names.aSweep} worth no points wins at once for a ${names.side} already at or over the target.`,
  } satisfies Wording<InstantWinSweep>,
  rankingTie: {
    side: () => 'by seat order',
    'tie-breaks': () => 'by the tie-break counts above, then by seat order',
  } satisfies Wording<RankingTie>,
  tieBreakKey: {
    sweeps: (names) => `most ${names.sweep}s`,
    coins: (names) => `most ${names.coins}`,
    settebello: (names) => (names.copies === 1 ? names.sevenOfCoins : `most copies of ${names.sevenOfCoins}`),
    sevens: () => 'most sevens',
    cards: () => 'most cards',
  } satisfies Wording<TieBreakKey>,
};

export type WordedEnum = keyof typeof WORDING;

/** The words for a knob's value; a value without wording is a bug here, never left out of a rulebook. */
export function worded<E extends WordedEnum>(knobEnum: E, value: string, names: Names): string {
  const table = WORDING[knobEnum] as Record<string, ((names: Names) => string) | undefined>;
  const words = Object.hasOwn(table, value) ? table[value] : undefined;
  if (words === undefined) throw new Error(`no wording for ${knobEnum} value "${value}": add it to runner/rulebook/wording.ts`);
  return words(names);
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
