/**
 * Closed vocabularies and the shapes of rules, decisions and events.
 *
 * Every list here is an `as const` tuple and its union type is derived from it, so one list drives both
 * the loops and the type checks. The JSON Schemas in `spec/` mirror these lists; a test keeps them equal.
 * @module
 */

/** Suit letters of the canonical card notation: coins/denari/oros/diamonds, cups/hearts, swords/spades, clubs/bastoni. */
export const SUITS = ['D', 'H', 'S', 'C'] as const;
export type Suit = (typeof SUITS)[number];

/**
 * Stable rule ids. Each has a section in `spec/rules.md`; the schema's `$comment`s, the engine's events and
 * errors and the fixtures' `rules:` lists cite them. An id is never renamed or reused.
 */
export const RULE_IDS = [
  'DECK-CARDS',
  'DECK-COPIES',
  'TEAM-SEATS',
  'TEAM-PARTNERS',
  'TEAM-POOLING',
  'DEAL-DEALER',
  'DEAL-FIRST-PLAYER',
  'DEAL-TABLE-SIZE',
  'DEAL-PROCEDURE',
  'DEAL-TABLE-ORDER',
  'DEAL-REFILL',
  'TABLE-REDEAL-KINGS',
  'TABLE-REDRAW-TENS',
  'TABLE-REDEAL-ACES',
  'TABLE-BONUS-FIFTEEN',
  'DEAL-DECLARATION',
  'DEAL-WILD-CARD',
  'PLAY-TURN',
  'PLAY-TRAIL',
  'CAP-RANK',
  'CAP-SUM',
  'CAP-FIFTEEN',
  'CAP-RANK-PRIORITY',
  'CAP-COMPULSION',
  'CAP-CHOICE',
  'CAP-AUTO',
  'CAP-ACE-TAKES-ALL',
  'CAP-TABLE-CLAIM',
  'CAP-ACE-FIRST-PLAY',
  'SWEEP-POINT',
  'SWEEP-LAST-PLAY',
  'SWEEP-ACE-TAKES-ALL',
  'SWEEP-TIMING',
  'SWEEP-REMAINDER',
  'SCORE-MOST-CARDS',
  'SCORE-MOST-COINS',
  'SCORE-MOST-SEVENS',
  'SCORE-CARD',
  'SCORE-PRIMIERA',
  'SCORE-ALL-COINS',
  'SCORE-ALL-SEVENS',
  'SCORE-NAPOLA',
  'SCORE-GRANDE',
  'SCORE-SWEEPS',
  'SCORE-TIES',
  'END-TARGET',
  'END-EXACT-TIE',
  'END-TIE-BREAKS',
  'END-COUNTING-OUT',
  'END-INSTANT-WIN',
  'END-INVERSE',
  'END-SINGLE-ROUND',
  'END-HOLDING-ALL',
  'END-RANKING',
] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** Seats at one table: the most any variant may allow. */
export const MAX_PLAYERS = 16;

/** Team modes: `individual`, or equal teams written as sizes joined by `v` (`2v2`, `3v3`, `2v2v2`). */
export const TEAM_MODE_PATTERN = /^(individual|([1-9])(v\2)+)$/;

export const TABLE_SIZES = ['remainder'] as const;
export const DEAL_ORDERS = ['hands-first', 'table-first'] as const;
export const DEAL_PACKETS = ['one', 'hand'] as const;
export const DEAL_START_SEATS = ['first-player', 'seat-zero'] as const;
export const TABLE_ORDERS = ['dealt', 'sorted'] as const;
export const FIRST_DEALERS = ['last-seat', 'setup'] as const;
export const DEALER_ROTATIONS = ['forward', 'backward'] as const;
export const REDEAL_RULES = ['TABLE-REDEAL-KINGS', 'TABLE-REDRAW-TENS', 'TABLE-REDEAL-ACES'] as const;
export const BONUS_BENEFICIARIES = ['dealer', 'first-player'] as const;
export const THIRTY_READINGS = ['sum', 'two-groups', 'none'] as const;
export const DECLARATION_KINDS = ['low', 'three-of-a-kind', 'low-three-of-a-kind'] as const;
export const WILD_PLAYS = ['face', 'named', 'kept'] as const;
export const DECLARATION_SCORINGS = ['best', 'each'] as const;
export const DECLARATION_TIMES = ['deal', 'first-play'] as const;
export const CAPTURE_MODES = ['match-or-sum', 'fifteen', 'fifteen-or-match', 'match-sum-or-fifteen'] as const;
export const RANK_MATCHES = ['one', 'all'] as const;
export const COMPULSIONS = ['none', 'played-card', 'any-card'] as const;
export const CHOOSERS = ['player', 'auto'] as const;
export const SUM_CHOICES = ['any', 'fewest-cards'] as const;
export const AUTO_TIE_BREAKS = ['include-earliest', 'exclude-earliest'] as const;
export const TABLE_CLAIMS = ['none', 'any-fifteen', 'after-discard'] as const;
export const ACES_ON_ACE = ['ordinary', 'takes-all', 'ace-alone'] as const;
export const ACES_ON_EMPTY_TABLE = ['trailed', 'kept'] as const;
export const ACE_FIRST_PLAYS = ['free', 'forbidden', 'ordinary'] as const;
export const ACE_CAPTURES = ['whole-table', 'any-part'] as const;
export const SWEEP_TIMINGS = ['immediate', 'round-end'] as const;
export const REMAINDER_OWNERS = ['discard', 'dealer', 'first-player'] as const;
export const CATEGORY_KINDS = [
  'most-cards',
  'most-coins',
  'most-sevens',
  'card',
  'primiera',
  'all-coins',
  'all-sevens',
  'sweeps',
  'napola',
  'grande',
] as const;
export const TIE_POLICIES = ['nobody', 'each'] as const;
export const INCOMPLETE_PRIMIERA = ['void', 'counts-zero', 'loses-to-complete'] as const;
export const BONUS_COMBINES = ['in-addition', 'instead-of-most'] as const;
export const COPY_SCORINGS = ['most', 'each'] as const;
export const END_MODES = ['target', 'single-round'] as const;
export const EXACT_TIES = ['another-round', 'lowest-seat', 'draw', 'last-round-order'] as const;
export const TARGET_ADDITIONS = ['none', 'first-round-winner-points'] as const;
export const COUNTING_OUT_TIES = ['higher-total', 'next-award'] as const;
export const INSTANT_WIN_SWEEPS = ['scoring-sweep', 'every-sweep'] as const;
export const RANKING_TIES = ['side', 'tie-breaks'] as const;
export const TIE_BREAK_KEYS = ['sweeps', 'coins', 'settebello', 'sevens', 'cards'] as const;
export const OPTION_TYPES = ['integer', 'boolean', 'enum'] as const;
/** The knobs a host option may set directly to its value. */
export const SETTABLE_KNOBS = [
  'end.target',
  'deal.handSize',
  'deck.copies',
  'end.instantWin',
  'end.inverse',
  'scoring.poolTeamCards',
  'players.teamMode',
  'capture.tableClaim',
] as const;

export type DealOrder = (typeof DEAL_ORDERS)[number];
export type DealPacket = (typeof DEAL_PACKETS)[number];
export type DealStartSeat = (typeof DEAL_START_SEATS)[number];
export type TableOrder = (typeof TABLE_ORDERS)[number];
export type FirstDealer = (typeof FIRST_DEALERS)[number];
export type DealerRotation = (typeof DEALER_ROTATIONS)[number];
export type RedealRule = (typeof REDEAL_RULES)[number];
export type BonusBeneficiary = (typeof BONUS_BENEFICIARIES)[number];
export type ThirtyReading = (typeof THIRTY_READINGS)[number];
export type DeclarationKind = (typeof DECLARATION_KINDS)[number];
export type WildPlay = (typeof WILD_PLAYS)[number];
export type DeclarationScoring = (typeof DECLARATION_SCORINGS)[number];
export type DeclarationTime = (typeof DECLARATION_TIMES)[number];
export type CaptureMode = (typeof CAPTURE_MODES)[number];
export type RankMatch = (typeof RANK_MATCHES)[number];
export type Compulsion = (typeof COMPULSIONS)[number];
export type Chooser = (typeof CHOOSERS)[number];
export type SumChoice = (typeof SUM_CHOICES)[number];
export type AutoTieBreak = (typeof AUTO_TIE_BREAKS)[number];
export type TableClaim = (typeof TABLE_CLAIMS)[number];
export type AceOnAce = (typeof ACES_ON_ACE)[number];
export type AceOnEmptyTable = (typeof ACES_ON_EMPTY_TABLE)[number];
export type AceFirstPlay = (typeof ACE_FIRST_PLAYS)[number];
export type AceCapture = (typeof ACE_CAPTURES)[number];
export type SweepTiming = (typeof SWEEP_TIMINGS)[number];
export type RemainderOwner = (typeof REMAINDER_OWNERS)[number];
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
export type TiePolicy = (typeof TIE_POLICIES)[number];
export type IncompletePrimiera = (typeof INCOMPLETE_PRIMIERA)[number];
export type BonusCombine = (typeof BONUS_COMBINES)[number];
export type CopyScoring = (typeof COPY_SCORINGS)[number];
export type EndMode = (typeof END_MODES)[number];
export type ExactTie = (typeof EXACT_TIES)[number];
export type TargetAddition = (typeof TARGET_ADDITIONS)[number];
export type CountingOutTie = (typeof COUNTING_OUT_TIES)[number];
export type InstantWinSweep = (typeof INSTANT_WIN_SWEEPS)[number];
export type RankingTie = (typeof RANKING_TIES)[number];
export type TieBreakKey = (typeof TIE_BREAK_KEYS)[number];
export type OptionType = (typeof OPTION_TYPES)[number];
export type SettableKnob = (typeof SETTABLE_KNOBS)[number];

/** One rank of the 40-card deck; `value` is both the capture value and the number in the card notation. */
export interface RankSpec {
  value: number;
  name: string;
  primiera: number;
}

/** DECK-CARDS, DECK-COPIES. */
export interface DeckRules {
  copies: number;
  coinsSuit: Suit;
  suitNames: Record<Suit, string>;
  ranks: RankSpec[];
}

/**
 * DEAL-PROCEDURE: one packet of a deal, from the top of the stock: `hands` cards to each seat in turn, or `table`
 * cards face up to the table.
 */
export type Packet = { hands: number } | { table: number };

/** DEAL-TABLE-SIZE, DEAL-PROCEDURE: the knobs of the deal a player count may set for itself. */
export type DealShape = Pick<DealRules, 'handSize' | 'tableSize' | 'packets'>;

/**
 * TEAM-SEATS, TEAM-PARTNERS: the allowed player counts, each with its allowed team modes (first = default), and the
 * deal's sizes where they differ at these counts from `deal`'s.
 */
export interface Seating {
  players: number[];
  teamModes: string[];
  deal?: Partial<DealShape>;
}

export interface PlayerRules {
  seatings: Seating[];
  /** `auto` takes the first team mode the seating allows for the player count. */
  teamMode: string;
}

/** DEAL-*: the deal, exact enough to lay out cards from a deck order alone. */
export interface DealRules {
  handSize: number;
  tableSize: number | 'remainder';
  /** The opening deal packet by packet, in place of `order` and `packet`; empty where those lay it out. */
  packets: Packet[];
  order: DealOrder;
  packet: DealPacket;
  startSeat: DealStartSeat;
  tableOrder: TableOrder;
  sortSuits: Suit[];
  firstDealer: FirstDealer;
  rotation: DealerRotation;
}

/** TABLE-REDEAL-KINGS, TABLE-REDRAW-TENS, TABLE-REDEAL-ACES: `value` cards on the opening table, at least `atLeast + atLeastPerCopy * copies`. */
export interface RedealCondition {
  rule: RedealRule;
  value: number;
  atLeast: number;
  atLeastPerCopy: number;
  /** Deck orders a round may consume; the last one's table stands whatever it holds. 0 = no limit. */
  maxDeals: number;
}

/** TABLE-BONUS-FIFTEEN: Escoba's opening-table escobas. */
export interface TableBonus {
  enabled: boolean;
  beneficiary: BonusBeneficiary;
  thirty: ThirtyReading;
  /** Whether the wild card (`declarations.wild`) on the opening table counts as the value that makes 30 or 15. */
  wild: boolean;
  /** A table totalling less than `under` (0: no such bonus) is `sweeps` sweeps for the beneficiary. */
  lowTable: { under: number; sweeps: number };
  /** Tables that score points, not sweeps, for the beneficiary, who takes no card. */
  points: TablePoints[];
}

/** TABLE-BONUS-FIFTEEN: an opening table totalling less than `under`, or more than `over`, scores `points`. */
export interface TablePoints {
  under?: number;
  over?: number;
  points: number;
}

export interface OpeningTableRules {
  redeal: RedealCondition[];
  bonus: TableBonus;
}

/**
 * DEAL-DECLARATION: one declaration a hand dealt may make: `low`, a hand totalling `atMost` or less;
 * `three-of-a-kind`, every card of one value; `low-three-of-a-kind`, both at once. It scores `sweeps` sweeps.
 */
export interface HandDeclaration {
  kind: DeclarationKind;
  sweeps: number;
  /** kinds `low`, `low-three-of-a-kind` only. */
  atMost?: number;
}

/** DEAL-DECLARATION, DEAL-WILD-CARD: Cirulla's declarations of the hand ("accusi"). */
export interface DeclarationRules {
  /** The declarations a hand may make. Empty: none. */
  hands: HandDeclaration[];
  /** A hand that makes several declarations scores the one worth most (`best`), or every one (`each`). */
  several: DeclarationScoring;
  /** A hand is declared as soon as it is dealt (`deal`), or when its holder plays its first card of the deal (`first-play`). */
  when: DeclarationTime;
  /** DEAL-WILD-CARD: the card that stands in a declaration for the value that makes it worth most, or `none`. */
  wild: string;
  /** DEAL-WILD-CARD: in play the wild card is the card it is (`face`), or plays as the value its player names (`named`). */
  wildInPlay: WildPlay;
}

export interface CaptureRules {
  mode: CaptureMode;
  /** CAP-RANK: whether a rank match takes one table card of the played value, or every one. */
  rankMatch: RankMatch;
  rankPriority: boolean;
  compulsion: Compulsion;
  chooser: Chooser;
  /** CAP-CHOICE: which sums a player may take: any, or only those of the fewest cards. */
  sums: SumChoice;
  autoTieBreak: AutoTieBreak;
  /** CAP-ACE-TAKES-ALL: an ace played onto a table without an ace takes the whole table. */
  aceTakesAll: boolean;
  /** CAP-TABLE-CLAIM: which table cards making 15 the seat to play may take before its play, if any. */
  tableClaim: TableClaim;
  /**
   * CAP-ACE-TAKES-ALL: an ace played onto a table holding an ace captures as any card of value 1, takes it all, or
   * takes that ace alone, with no sweep, unless the table and it make 15 (then all).
   */
  aceOnAce: AceOnAce;
  /** CAP-ACE-TAKES-ALL: an ace played to an empty table is trailed, or goes to its player's pile. */
  aceOnEmptyTable: AceOnEmptyTable;
  /** CAP-ACE-FIRST-PLAY: what a round's first play may do with an ace. */
  aceFirstPlay: AceFirstPlay;
  /** CAP-ACE-TAKES-ALL: whether the ace that takes the table takes all of it, or any part the player names. */
  aceCapture: AceCapture;
}

export interface SweepRules {
  points: number;
  lastPlay: boolean;
  timing: SweepTiming;
  /** SWEEP-ACE-TAKES-ALL: whether an ace's taking the whole table (CAP-ACE-TAKES-ALL) is a sweep. */
  aceTakesAll: boolean;
}

export interface RemainderRules {
  whenNobodyCaptured: RemainderOwner;
}

/** A round-scoring category. A `sweeps` category takes its points from `sweep.points` and has no `points` or `ties`. */
export interface Category {
  id: string;
  kind: CategoryKind;
  points?: number;
  ties?: TiePolicy;
  /** kinds `most-*` only: the least count that scores (absent: any count above 0). */
  threshold?: number;
  /** kind `most-sevens` only: the values whose cards decide equal counts of sevens, in order. */
  tieRanks?: number[];
  /** kind `card` only: the card in canonical notation. */
  card?: string;
  /** kind `card` only: the most copies score the points, or each copy scores them (absent: `most`). */
  copies?: CopyScoring;
  /** kind `primiera` only. */
  incomplete?: IncompletePrimiera;
  /** kinds `all-coins`, `all-sevens` only. */
  combine?: BonusCombine;
  /** kinds `all-coins`, `all-sevens` only: holding every card of the kind wins the game (END-HOLDING-ALL). */
  winsGame?: boolean;
  /** kind `napola` only: the highest value a run counts to (absent: 10). */
  upTo?: number;
  /** kind `grande` only: the lowest value a run from the king counts down to (absent: 8, the fante). */
  downTo?: number;
  /** kind `grande` only: a suit whose cards stand in for the coins of their value (absent: none). */
  alsoSuit?: Suit;
}

export interface ScoringRules {
  categories: Category[];
  poolTeamCards: boolean;
}

export interface EndRules {
  mode: EndMode;
  target: number;
  /** END-TARGET: what is added to `target` once the first round is scored. */
  targetPlus: TargetAddition;
  exactTie: ExactTie;
  tieBreaks: TieBreakKey[];
  /** END-RANKING: how sides tied on points are ordered behind the winner. */
  rankTies: RankingTie;
  countingOut: boolean;
  /** END-COUNTING-OUT: who wins when one award takes two or more sides to the target. */
  countingOutTie: CountingOutTie;
  instantWin: boolean;
  /** END-INSTANT-WIN: after which sweeps the instant win is checked. */
  instantWinAfter: InstantWinSweep;
  inverse: boolean;
}

/** A complete rule set: what the engine plays. Every knob is present. */
export interface Rules {
  deck: DeckRules;
  players: PlayerRules;
  deal: DealRules;
  openingTable: OpeningTableRules;
  declarations: DeclarationRules;
  capture: CaptureRules;
  sweep: SweepRules;
  remainder: RemainderRules;
  scoring: ScoringRules;
  end: EndRules;
}

/** Any part of a value: objects may leave out keys at every depth; arrays and scalars are whole. */
export type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** A partial rule set, as written in a variant file, an `extends` override or an option case. */
export type RulesPatch = DeepPartial<Rules>;

export type OptionValue = number | boolean | string;

/** A host option a variant declares: its type, default and range, and what it changes. */
export interface OptionSpec {
  name: string;
  type: OptionType;
  default: OptionValue;
  description: string;
  min?: number;
  max?: number;
  values?: string[];
  /** The knob that takes the option's value. */
  sets?: SettableKnob;
  /** Patches applied when the option has the value named by the key. */
  cases?: Record<string, RulesPatch>;
}

/** A variant as written in a file: `rules` may be partial when it `extends` another. */
export interface VariantSource {
  id: string;
  title: string;
  source: string[];
  extends?: string;
  rules?: RulesPatch;
  options?: OptionSpec[];
}

/** A variant with its parents merged in and every default filled. */
export interface ResolvedVariant {
  id: string;
  title: string;
  source: string[];
  rules: Rules;
  options: OptionSpec[];
}

/** One turn's play: the card played and, where the player chooses, the table cards it captures. */
export interface PlayDecision {
  card: string;
  /** Table cards taken. Absent or empty is a trail where the player chooses; where capture is automatic, if given it must equal the automatic choice. */
  capture?: string[];
  /** The seat that decides; if given, it must be the seat to play. */
  seat?: number;
  /** DEAL-WILD-CARD under `wildInPlay: named`: the value the wild card plays as (absent: its own). */
  as?: number;
}

/** CAP-TABLE-CLAIM: table cards making 15 that the seat to play takes before its play, at most once a turn. */
export interface ClaimDecision {
  claim: string[];
  /** The seat that decides; if given, it must be the seat to play. */
  seat?: number;
}

/** A decision of the seat to play: its play, or a claim before it. */
export type Decision = PlayDecision | ClaimDecision;

/** Whether a decision is a claim: one that names `claim`, whatever else it holds. */
export const isClaim = (decision: Decision): decision is ClaimDecision => (decision as Partial<ClaimDecision>).claim !== undefined;

/** What an engine needs besides the rules to start a game. */
export interface GameSetup {
  players: number;
  /** Required where the rules say `deal.firstDealer: setup`. */
  firstDealer?: number;
}

export const EVENT_TYPES = [
  'deal',
  'redeal',
  'table-bonus',
  'declaration',
  'capture',
  'trail',
  'claim',
  'sweep',
  'remainder',
  'award',
  'round-end',
  'game-end',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const GAME_END_REASONS = ['target', 'counting-out', 'instant-win', 'inverse', 'single-round', 'holding-all'] as const;
export type GameEndReason = (typeof GAME_END_REASONS)[number];

/** The event vocabulary. Sides are team indices (the seat itself in individual play). */
export type GameEvent =
  | { type: 'deal'; round: number; deal: number; dealer: number; hands: string[][]; table?: string[] }
  | { type: 'redeal'; round: number; rule: RedealRule; table: string[] }
  | { type: 'table-bonus'; round: number; seat: number; cards: string[]; sweeps: number; points?: number }
  | { type: 'declaration'; round: number; seat: number; kind: DeclarationKind; cards: string[]; sweeps: number }
  | { type: 'capture'; seat: number; card: string; captured: string[] }
  | { type: 'trail'; seat: number; card: string }
  | { type: 'claim'; seat: number; captured: string[] }
  | { type: 'sweep'; seat: number; points: number }
  | { type: 'remainder'; seat: number | null; cards: string[] }
  | { type: 'award'; round: number; category: string; counts: number[]; points: number[] }
  | { type: 'round-end'; round: number; points: number[]; totals: number[]; eliminated?: number[] }
  | { type: 'game-end'; reason: GameEndReason; winner: number | null; ranking: number[]; totals: number[] };

/** The error registry: every way a setup, deck order or decision can be refused. */
export const ERROR_CODES = [
  'SETUP_PLAYERS',
  'SETUP_TEAM_MODE',
  'SETUP_DEALER',
  'SETUP_DEAL_SIZE',
  'OPTION_UNKNOWN',
  'OPTION_VALUE',
  'VARIANT_UNKNOWN',
  'VARIANT_CYCLE',
  'VARIANT_INCONSISTENT',
  'DECK_NOT_EXPECTED',
  'DECK_NOT_PERMUTATION',
  'DECK_NEEDED',
  'GAME_OVER',
  'NOT_YOUR_TURN',
  'CLAIM_OFF',
  'CLAIM_TWICE',
  'CARD_UNKNOWN',
  'CARD_NOT_IN_HAND',
  'WILD_VALUE',
  'ACE_LEAD_FORBIDDEN',
  'CAPTURE_NOT_ON_TABLE',
  'CAPTURE_NOT_WHOLE_TABLE',
  'CAPTURE_ACE_ALONE',
  'CAPTURE_WRONG_SUM',
  'CAPTURE_RANK_PRIORITY',
  'CAPTURE_NOT_FEWEST',
  'CAPTURE_NOT_AUTOMATIC',
  'MUST_CAPTURE',
  'MUST_PLAY_CAPTURING_CARD',
  'CLAIM_NOT_ON_TABLE',
  'CLAIM_NOT_FIFTEEN',
  'CLAIM_NOT_LEFT',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface RuleError {
  code: ErrorCode;
  message: string;
  rule?: RuleId;
}

export type Result<T, E = RuleError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = (code: ErrorCode, message: string, rule?: RuleId): Result<never> => ({
  ok: false,
  error: rule === undefined ? { code, message } : { code, message, rule },
});
