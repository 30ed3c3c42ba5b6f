/**
 * SCORE-*: the round's categories, in the variant's order, with their tie policies; counting out
 * (END-COUNTING-OUT) adds the points one category at a time and stops at the target.
 * @module
 */
import { CARDS_PER_DECK, parseCard, VALUES_PER_SUIT } from './cards.ts';
import { zero, type GameState } from './state.ts';
import { MAX_PLAYERS, SUITS, type Category, type IncompletePrimiera, type Suit } from './types.ts';

/**
 * Who competes in the categories and what each holds: sides, or with `poolTeamCards` off in a team game,
 * single players whose points go to their side (TEAM-POOLING). Sides eliminated in inverse mode hold
 * nothing here (END-INVERSE).
 */
class Holdings {
  contestants = 0;
  /** Set by `count`. */
  pooled!: boolean;
  totals = new Int32Array(MAX_PLAYERS);
  coins = new Int32Array(MAX_PLAYERS);
  sevens = new Int32Array(MAX_PLAYERS);
  sweeps = new Int32Array(MAX_PLAYERS);
  bestPrime = new Uint8Array(MAX_PLAYERS * SUITS.length);
  private state!: GameState;

  /** Gathers what each contestant captured this round from the seats' running tallies. */
  count(state: GameState): this {
    this.state = state;
    const { players, sides, sideOf } = state.seats;
    // Where each player is a side (sides === players), pooling changes nothing: either reading serves.
    this.pooled = state.rules.scoring.poolTeamCards;
    const contestants = (this.contestants = this.pooled ? sides : players);
    zero(this.totals, contestants);
    zero(this.coins, contestants);
    zero(this.sevens, contestants);
    zero(this.sweeps, contestants);
    zero(this.bestPrime, contestants * SUITS.length);
    // Stryker disable next-line EqualityOperator: `<=` also counts seat `players`, which has no side (undefined) and no pile (undefined): it writes NaN (stored 0) or nothing, at contestant index `players` or `undefined`, never read (contestants < players + 1)
    for (let seat = 0; seat < players; seat++) {
      const side = sideOf[seat];
      if (state.eliminated[side] === 1) continue;
      const contestant = this.pooled ? side : seat;
      this.totals[contestant] += state.pileSize[seat];
      this.coins[contestant] += state.pileCoins[seat];
      this.sevens[contestant] += state.pileSevens[seat];
      for (let suit = 0; suit < SUITS.length; suit++) {
        const held = state.pileBestPrime[seat * SUITS.length + suit];
        const slot = contestant * SUITS.length + suit;
        this.bestPrime[slot] = Math.max(this.bestPrime[slot] as number, held as number);
      }
    }
    for (let i = 0; i < state.sweepLogLength; i++) this.sweeps[this.contestantOf(state.sweepLog[i])]++;
    return this;
  }

  contestantOf(seat: number): number {
    return this.pooled ? this.state.seats.sideOf[seat] : seat;
  }

  sideOf(contestant: number): number {
    return this.pooled ? contestant : this.state.seats.sideOf[contestant];
  }

  /** Copies of one card held by a contestant (inverse mode: none on an eliminated side). */
  copiesOf(contestant: number, code: number): number {
    const { players, sideOf } = this.state.seats;
    let copies = 0;
    // Stryker disable next-line EqualityOperator: `<=` also asks seat `players`, whose contestant (undefined, or `players`) is never the contestant asked about
    for (let seat = 0; seat < players; seat++) {
      if (this.contestantOf(seat) === contestant && this.state.eliminated[sideOf[seat]] === 0) {
        copies += this.state.piles[seat * CARDS_PER_DECK + code];
      }
    }
    return copies;
  }

  /** SCORE-PRIMIERA: the best primiera value in each suit, summed; whether all four suits are there. */
  primeSum(contestant: number): number {
    let sum = 0;
    for (let suit = 0; suit < SUITS.length; suit++) sum += this.bestPrime[contestant * SUITS.length + suit];
    return sum;
  }

  primeComplete(contestant: number): boolean {
    for (let suit = 0; suit < SUITS.length; suit++) if (this.bestPrime[contestant * SUITS.length + suit] === 0) return false;
    return true;
  }

  /** SCORE-NAPOLA: how many cards of the coins suit, from the ace up without a gap, a contestant holds. */
  coinRun(contestant: number): number {
    const ace = this.state.coinsSuitIndex * VALUES_PER_SUIT;
    let run = 0;
    while (run < VALUES_PER_SUIT && this.copiesOf(contestant, ace + run) > 0) run++;
    return run;
  }

  /**
   * SCORE-GRANDE: how many cards of the coins suit, from the king down without a gap, a contestant holds; a card of
   * `alsoSuit`, where given, stands in for the coin of its value.
   */
  coinRunFromKing(contestant: number, alsoSuit?: Suit): number {
    const king = this.state.coinsSuitIndex * VALUES_PER_SUIT + VALUES_PER_SUIT - 1;
    const standIn = alsoSuit === undefined ? -1 : SUITS.indexOf(alsoSuit) * VALUES_PER_SUIT + VALUES_PER_SUIT - 1;
    let run = 0;
    while (run < VALUES_PER_SUIT && (this.copiesOf(contestant, king - run) > 0 || (standIn >= 0 && this.copiesOf(contestant, standIn - run) > 0))) run++;
    return run;
  }

  /**
   * SCORE-MOST-SEVENS (`tieRanks`): a count followed, digit by digit, by the cards of each value listed, in base one
   * more than the cards of a value there are, so that equal counts compare by those cards in order.
   */
  withTieRanks(contestant: number, count: number, tieRanks: readonly number[]): number {
    const base = SUITS.length * this.state.rules.deck.copies + 1;
    let rank = count;
    for (const value of tieRanks) {
      let held = 0;
      for (let suit = 0; suit < SUITS.length; suit++) held += this.copiesOf(contestant, suit * VALUES_PER_SUIT + value - 1);
      rank = rank * base + held;
    }
    return rank;
  }

  holdsAll(kind: 'all-coins' | 'all-sevens', contestant: number): boolean {
    const copies = this.state.rules.deck.copies;
    return kind === 'all-coins'
      ? this.coins[contestant] === VALUES_PER_SUIT * copies
      : this.sevens[contestant] === SUITS.length * copies;
  }
}

/** The value a prime is compared by: an incomplete prime is void, counts as it is, or ranks below complete ones. */
function primeRank(sum: number, complete: boolean, incomplete: IncompletePrimiera): number {
  if (complete) return incomplete === 'loses-to-complete' ? sum + 1000 : sum;
  return incomplete === 'void' ? 0 : sum;
}

/** SCORE-NAPOLA, SCORE-GRANDE: the ace, two and three of coins, or the king, cavallo and fante, are the shortest run that scores. */
const SHORTEST_RUN = 3;
/** SCORE-GRANDE: the fante (8), where the run stops unless `downTo` takes it lower. */
const GRANDE_LOWEST = 8;

/**
 * Per contestant: the count shown in the award, and the value compared to find the leaders (a double: a rank with nine
 * tie values from six decks takes 47 bits).
 */
const counts = new Int32Array(MAX_PLAYERS);
const ranks = new Float64Array(MAX_PLAYERS);
const contestantPoints = new Int32Array(MAX_PLAYERS);

function measure(holdings: Holdings, category: Category): void {
  // Stryker disable next-line EqualityOperator: `<=` also measures index `contestants`, which award and the award event never read (their loops stop before it)
  for (let c = 0; c < holdings.contestants; c++) {
    let count: number;
    switch (category.kind) {
      case 'most-cards':
        count = holdings.totals[c];
        break;
      case 'most-coins':
        count = holdings.coins[c];
        break;
      case 'most-sevens':
        count = holdings.sevens[c];
        break;
      case 'card':
        // checkRules: a card category names a card in canonical notation.
        count = holdings.copiesOf(c, parseCard(category.card as string));
        break;
      case 'all-coins':
      case 'all-sevens':
        count = holdings.holdsAll(category.kind, c) ? 1 : 0;
        break;
      case 'sweeps':
        count = holdings.sweeps[c];
        break;
      case 'napola':
        count = Math.min(holdings.coinRun(c), category.upTo ?? VALUES_PER_SUIT);
        break;
      case 'grande':
        count = Math.min(holdings.coinRunFromKing(c, category.alsoSuit), VALUES_PER_SUIT + 1 - (category.downTo ?? GRANDE_LOWEST));
        break;
      case 'primiera': {
        const sum = holdings.primeSum(c);
        const complete = holdings.primeComplete(c);
        const incomplete = category.incomplete ?? 'void';
        counts[c] = incomplete === 'void' && !complete ? 0 : sum;
        ranks[c] = primeRank(sum, complete, incomplete);
        continue;
      }
    }
    counts[c] = count;
    // A count below the threshold does not compete (SCORE-MOST-*: absent, any count above 0 does).
    if (count < (category.threshold ?? 1)) ranks[c] = 0;
    else ranks[c] = category.tieRanks === undefined ? count : holdings.withTieRanks(c, count, category.tieRanks);
  }
}

/** Whether every sweep (SCORE-SWEEPS), or every copy of the card (SCORE-CARD `copies: each`), scores its holder. */
function scoresEach(category: Category): boolean {
  return category.kind === 'sweeps' || category.copies === 'each';
}

/** The bonus that, when a contestant wins it, replaces that contestant's most-coins or most-sevens point. */
function replacingBonus(categories: Category[], kind: Category['kind']): 'all-coins' | 'all-sevens' | undefined {
  const bonus = kind === 'most-coins' ? 'all-coins' : kind === 'most-sevens' ? 'all-sevens' : undefined;
  for (const category of categories) if (category.kind === bonus && category.combine === 'instead-of-most') return bonus;
  return undefined;
}

/** Points per contestant for one category into `contestantPoints` (SCORE-TIES: leaders must have more than 0). */
function award(state: GameState, holdings: Holdings, category: Category): void {
  const contestants = holdings.contestants;
  zero(contestantPoints, contestants);
  if (scoresEach(category)) {
    const each = category.kind === 'sweeps' ? state.rules.sweep.points : (category.points ?? 0);
    // Stryker disable next-line EqualityOperator: `<=` also writes contestantPoints[contestants], which no reader reaches (they stop before it)
    for (let c = 0; c < contestants; c++) contestantPoints[c] = ranks[c] * each;
    return;
  }
  if (category.kind === 'napola' || category.kind === 'grande') {
    // A run of three scores 3 (napola) or the category's points (grande), and each further card one more.
    const pointsForThree = category.kind === 'napola' ? SHORTEST_RUN : (category.points ?? 0);
    // Stryker disable next-line EqualityOperator: `<=` also writes contestantPoints[contestants], which no reader reaches (they stop before it)
    for (let c = 0; c < contestants; c++) {
      contestantPoints[c] = ranks[c] >= SHORTEST_RUN ? pointsForThree + ranks[c] - SHORTEST_RUN : 0;
    }
    return;
  }
  let top = 0;
  let leaders = 0;
  for (let c = 0; c < contestants; c++) {
    if (ranks[c] > top) {
      top = ranks[c];
      leaders = 1;
    } else if (ranks[c] === top) leaders++;
  }
  if (top === 0 || (leaders > 1 && category.ties !== 'each')) return;
  const bonus = replacingBonus(state.rules.scoring.categories, category.kind);
  // Stryker disable next-line EqualityOperator: `<=` also asks index `contestants`, whose rank is stale; it can only write contestantPoints[contestants], which no reader reaches
  for (let c = 0; c < contestants; c++) {
    if (ranks[c] === top && !(bonus !== undefined && holdings.holdsAll(bonus, c))) contestantPoints[c] = category.points ?? 0;
  }
}

export const holdingsScratch = new Holdings();
const sidePoints = new Int32Array(MAX_PLAYERS);
/** The sides the award being added has taken to the target (END-COUNTING-OUT). */
const reached: number[] = [];

/**
 * Adds a side's points to the award's, the round's and the game's; under counting out, notes the side in
 * `reached` if it is now at or over the target. A function of its own, not a closure made each round: under tsx
 * every closure made is also given its name, which self-play would pay for each round.
 */
function addPoints(state: GameState, side: number, points: number): void {
  if (points === 0) return;
  sidePoints[side] += points;
  state.totals[side] += points;
  state.roundPoints[side] += points;
  if (state.rules.end.countingOut && state.totals[side] >= state.target) reached.push(side);
}

/**
 * One category's points per side into `sidePoints`, from `contestantPoints` (which `award` has filled): a side
 * scores a category once, however many of its players lead it, but every sweep and every copy its players hold.
 */
function categorySidePoints(state: GameState, holdings: Holdings, category: Category): void {
  const { sides } = state.seats;
  zero(sidePoints, sides);
  if (holdings.pooled || scoresEach(category)) {
    // Stryker disable next-line EqualityOperator: `<=` also adds contestantPoints[contestants], stale and 0 after zero(): nothing changes
    for (let c = 0; c < holdings.contestants; c++) sidePoints[holdings.sideOf(c)] += contestantPoints[c];
    return;
  }
  for (let side = 0; side < sides; side++) {
    let best = 0;
    for (let c = 0; c < holdings.contestants; c++) if (holdings.sideOf(c) === side) best = Math.max(best, contestantPoints[c]);
    sidePoints[side] = best;
  }
}

/**
 * END-EXACT-TIE (`last-round-order`): the side that would have reached the target first had the round just
 * scored been counted point by point, from the totals before it: the sweeps scored at once in the order they
 * were made, then the categories in order, each side by side. Null where none reaches it alone.
 */
export function firstToReach(state: GameState): number | null {
  const { sides, sideOf } = state.seats;
  const { target } = state;
  const running = Array.from({ length: sides }, (_, side) => (state.totals[side] as number) - (state.roundPoints[side] as number));
  const reached = (): number[] => running.flatMap((total, side) => (total >= target ? [side] : []));
  if (state.rules.sweep.timing === 'immediate') {
    for (let i = 0; i < state.sweepLogLength; i++) {
      running[sideOf[state.sweepLog[i]] as number] += state.rules.sweep.points;
      const now = reached();
      if (now.length > 0) return now.length === 1 ? (now[0] as number) : null;
    }
  }
  const holdings = holdingsScratch.count(state);
  for (const category of state.rules.scoring.categories) {
    measure(holdings, category);
    award(state, holdings, category);
    categorySidePoints(state, holdings, category);
    for (let side = 0; side < sides; side++) running[side] += sidePoints[side] as number;
    const now = reached();
    if (now.length > 0) return now.length === 1 ? (now[0] as number) : null;
  }
  return null;
}

/**
 * How a round's scoring ends the game: the sides one award counted out (END-COUNTING-OUT), or the side that held
 * every card of a category that wins the game (END-HOLDING-ALL).
 */
export type ScoringEnd = { reason: 'counting-out'; sides: number[] } | { reason: 'holding-all'; winner: number };

/**
 * Scores the round's categories in order into `state.totals` and `state.roundPoints`, with an award event for
 * each. Under counting out the points are added one award at a time (the sweeps one sweep at a time, in the
 * order they were made), and scoring stops once an award has taken a side to the target: the sides that award took
 * there end the game, and the categories after it have no award. An award that takes several sides there together
 * stops scoring under `countingOutTie: higher-total`; under `next-award` it decides nothing and scoring goes on.
 * Returns how the scoring ends the game, null where it does not.
 */
export function scoreRound(state: GameState): ScoringEnd | null {
  const holdings = holdingsScratch.count(state);
  const { sides, sideOf } = state.seats;
  const { countingOut, countingOutTie } = state.rules.end;
  let holderOfAll = -1;
  for (const category of state.rules.scoring.categories) {
    measure(holdings, category);
    award(state, holdings, category);
    reached.length = 0;
    // END-HOLDING-ALL: the first such category held decides (checkRules keeps it apart from counting out).
    if (category.winsGame === true && holderOfAll < 0) {
      for (let c = 0; c < holdings.contestants; c++) if (counts[c] === 1) holderOfAll = holdings.sideOf(c);
    }
    if (category.kind === 'sweeps' && countingOut) {
      zero(sidePoints, sides);
      for (let i = 0; i < state.sweepLogLength && reached.length === 0; i++) addPoints(state, sideOf[state.sweepLog[i]], state.rules.sweep.points);
    } else {
      categorySidePoints(state, holdings, category);
      // addPoints adds into sidePoints as it goes: each side's points are taken out first.
      for (let side = 0; side < sides; side++) {
        const points = sidePoints[side] as number;
        sidePoints[side] = 0;
        addPoints(state, side, points);
      }
    }
    // Stryker disable next-line ConditionalExpression: with no listener (events null) emit drops the award; the guard only saves copying the counts and points
    if (state.events !== null) {
      const shownCounts = Array.from(counts.subarray(0, holdings.contestants));
      const points = Array.from(sidePoints.subarray(0, sides));
      state.emit({ type: 'award', round: state.round, category: category.id, counts: shownCounts, points });
    }
    if (reached.length === 1 || (reached.length > 1 && countingOutTie === 'higher-total')) return { reason: 'counting-out', sides: [...reached] };
  }
  return holderOfAll >= 0 ? { reason: 'holding-all', winner: holderOfAll } : null;
}
