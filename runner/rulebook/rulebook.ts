/**
 * A variant's complete rulebook for players, built from its resolved rules (options applied) and spec/rules.md:
 * every rule that applies, under its rule id and title, in words made from the knob values (runner/rulebook/
 * wording.ts), with the sources the spec cites for it. Rendering is runner/rulebook/render.ts's job.
 *
 * Text may hold code spans in backticks (cards, ids, option names); renderers turn them into code.
 * @module
 */
import { dealShape, dealSizes } from '../../reference/setup.ts';
import {
  type Category,
  type CategoryKind,
  type DealShape,
  type HandDeclaration,
  type OptionSpec,
  type OptionValue,
  type Packet,
  type ResolvedVariant,
  type RuleId,
  type Rules,
  type Suit,
  SUITS,
} from '../../reference/types.ts';
import { CATEGORY_RULES } from '../divergences/rule-of.ts';
import { readSpecText } from '../util/spec-text.ts';
import { capitalised, type Names, worded } from './wording.ts';

export type Block =
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; head: string[]; rows: string[][] };

export interface RulebookRule {
  id: RuleId;
  /** The rule's title in spec/rules.md. */
  title: string;
  blocks: Block[];
  /** What spec/rules.md cites for the rule. */
  sources: string;
  /** Its entries in spec/ambiguities.md. */
  register: string[];
}

export interface RulebookSection {
  title: string;
  intro: Block[];
  rules: RulebookRule[];
}

export interface Rulebook {
  id: string;
  title: string;
  /** Where the variant comes from and which options this rulebook is for. */
  about: Block[];
  sections: RulebookSection[];
  /** The source ids the rules cite, with the citation of each (spec/sources.md). */
  sourceTags: [tag: string, source: string][];
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const inWords = (count: number): string => NUMBER_WORDS[count] ?? String(count);

/** `an ace`, `a king`. */
const withArticle = (word: string): string => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** `a`, `a and b`, `a, b and c` (or with `or`). */
export function listed(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1) as string}`;
}

/** Whole numbers, runs of three or more written as ranges: `2, 3, 5 and 7 to 16`. */
function numbersListed(numbers: readonly number[], last = 'and'): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && (sorted[end + 1] as number) === (sorted[end] as number) + 1) end++;
    if (end - start >= 2) parts.push(`${sorted[start]} to ${sorted[end]}`);
    else parts.push(...sorted.slice(start, end + 1).map(String));
    start = end + 1;
  }
  return listed(parts, last);
}

/** A team mode in words, with who plays with whom at `players`: `two partnerships of two (seats 0 and 2 against seats 1 and 3)`. */
function teamModeWords(mode: string, players?: number): string {
  if (mode === 'individual') return 'each plays for themselves';
  const sizes = mode.split('v').map(Number);
  const teams = sizes.length;
  const size = sizes[0] as number;
  const kind = size === 2 && teams === 2 ? 'partnerships' : 'teams';
  const groups = `${inWords(teams)} ${kind} of ${inWords(size)}`;
  if (players === undefined) return groups;
  const seatsOf = (side: number): string =>
    `seats ${listed(Array.from({ length: players / teams }, (_, member) => String(side + member * teams)))}`;
  return `${groups} (${Array.from({ length: teams }, (_, side) => seatsOf(side)).join(' against ')})`;
}

interface Seated {
  players: number;
  /** The team mode played at this count, or undefined where the variant's team mode is not allowed there. */
  mode: string | undefined;
  others: string[];
}

/** Each player count with the team mode it is played in (TEAM-SEATS, TEAM-PARTNERS: the first entry listing a count applies). */
function seatedCounts(rules: Rules): Seated[] {
  const seen = new Set<number>();
  const seated: Seated[] = [];
  for (const seating of rules.players.seatings) {
    for (const players of seating.players) {
      if (seen.has(players)) continue;
      seen.add(players);
      const wanted = rules.players.teamMode === 'auto' ? seating.teamModes[0] : rules.players.teamMode;
      const mode = wanted !== undefined && seating.teamModes.includes(wanted) ? wanted : undefined;
      seated.push({ players, mode, others: seating.teamModes.filter((other) => other !== mode) });
    }
  }
  return seated.sort((a, b) => a.players - b.players);
}

/** The opening table and the number of deals for n players (DEAL-TABLE-SIZE), or undefined where the deck does not divide. */
function tableAndDeals(rules: Rules, players: number): { table: number; deals: number } | undefined {
  const sizes = dealSizes(rules, players);
  if (!sizes.ok) return undefined;
  const { deckSize, handSize, tableSize } = sizes.value;
  return { table: tableSize, deals: (deckSize - tableSize) / (handSize * players) };
}

/** DEAL-PROCEDURE: a deal's packets in words: `3 cards to each player, then 2 to the table, ...`. */
function packetsWords(packets: readonly Packet[]): string {
  return packets
    .map((packet, index) => {
      const count = 'table' in packet ? packet.table : packet.hands;
      const cards = index === 0 ? ` card${count === 1 ? '' : 's'}` : '';
      return `${count}${cards} ${'table' in packet ? 'to the table' : 'to each player'}`;
    })
    .join(', then ');
}

function rankName(rules: Rules, value: number): string {
  return rules.deck.ranks.find((rank) => rank.value === value)?.name ?? String(value);
}

/** `the 7 of denari (7D)`. */
function cardName(rules: Rules, card: string): string {
  const match = /^(10|[1-9])([DHSC])$/.exec(card);
  if (match === null) return `\`${card}\``;
  return `the ${rankName(rules, Number(match[1]))} of ${rules.deck.suitNames[match[2] as Suit]} (\`${card}\`)`;
}

/** The variant's names for things, which the wording of knob values uses. */
export function namesOf(rules: Rules): Names {
  const partnerships = seatedCounts(rules).some(({ mode }) => mode !== undefined && mode !== 'individual');
  const sweep = rules.capture.mode === 'fifteen' ? 'escoba' : 'scopa';
  return {
    side: partnerships ? 'player or partnership' : 'player',
    sides: partnerships ? 'players or partnerships' : 'players',
    coins: rules.deck.suitNames[rules.deck.coinsSuit],
    sweep,
    aSweep: withArticle(sweep),
    ace: rankName(rules, 1),
    anAce: withArticle(rankName(rules, 1)),
    card: (card) => cardName(rules, card),
    points: (points) => `${points} point${points === 1 ? '' : 's'}`,
    sweeps: (sweeps) => `${sweeps} ${sweep}${sweeps === 1 ? '' : 's'}`,
    sevenOfCoins: cardName(rules, `7${rules.deck.coinsSuit}`),
    copies: rules.deck.copies,
  };
}

/** Builds rulebooks of one variant with one set of option values. */
class RulebookWriter {
  readonly names: Names;
  private readonly seated: Seated[];

  constructor(
    private readonly variant: ResolvedVariant,
    private readonly options: Record<string, OptionValue>,
    private readonly rules: Rules,
  ) {
    this.seated = seatedCounts(rules);
    this.names = namesOf(rules);
  }

  private suitName(suit: Suit): string {
    return this.rules.deck.suitNames[suit];
  }

  private rankName(value: number): string {
    return rankName(this.rules, value);
  }

  private cardName(card: string): string {
    return cardName(this.rules, card);
  }

  private rule(id: RuleId, ...blocks: (Block | string)[]): RulebookRule {
    const spec = readSpecText().rules.get(id);
    if (spec === undefined) throw new Error(`rule ${id} has no section in spec/rules.md`);
    const asBlock = (block: Block | string): Block => (typeof block === 'string' ? { kind: 'text', text: block } : block);
    return { id, title: spec.title, blocks: blocks.map(asBlock), sources: spec.sources, register: spec.register };
  }

  build(): Rulebook {
    const sections = [this.setup(), this.deal(), this.play(), this.capture(), this.sweeps(), this.scoring(), this.end()];
    const cited = sections.flatMap((section) => section.rules.map((rule) => rule.sources)).join(' ');
    const sourceTags = [...readSpecText().sourceTags].filter(([tag]) =>
      new RegExp(`(^|[^\\w-])${tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`).test(cited),
    );
    return { id: this.variant.id, title: this.variant.title, about: this.about(), sections, sourceTags };
  }

  private about(): Block[] {
    const blocks: Block[] = [
      { kind: 'text', text: `The complete rules of the variant \`${this.variant.id}\`, as the reference engine plays it. Its sources:` },
      { kind: 'list', items: this.variant.source },
    ];
    if (this.variant.options.length === 0) return blocks;
    blocks.push(
      { kind: 'text', text: 'A game host may change these options (`--option name=value`); this rulebook is for the values shown:' },
      {
        kind: 'table',
        head: ['Option', 'Here', 'Default', 'Values', 'What it does'],
        rows: this.variant.options.map((option) => [
          `\`${option.name}\``,
          String(this.options[option.name] ?? option.default),
          String(option.default),
          optionValues(option),
          option.description,
        ]),
      },
    );
    return blocks;
  }

  private setup(): RulebookSection {
    const { deck } = this.rules;
    const suits = listed(SUITS.map((suit) => this.suitName(suit)));
    const ranks = listed(deck.ranks.map((rank) => rank.name));
    const named = deck.ranks.filter((rank) => rank.name !== String(rank.value));
    const values =
      named.length === 0
        ? 'each card counts its number'
        : `the ${listed(named.map((rank, index) => `${rank.name}${index === 0 ? ' counts' : ''} ${rank.value}`))}; the other cards count their number`;
    const copies = deck.copies === 1 ? 'one deck of 40 cards' : `${inWords(deck.copies)} decks of 40 cards shuffled together`;
    const rules = [
      this.rule(
        'DECK-CARDS',
        `The game uses ${copies}: four suits, ${suits}, of ten cards each: ${ranks}. In captures ${values}. The ${this.names.coins} are the coins suit.`,
        `Cards are also written by value and suit letter: ${SUITS.map((suit) => `\`${suit}\` ${this.suitName(suit)}`).join(', ')}; so \`7${deck.coinsSuit}\` is ${this.cardName(`7${deck.coinsSuit}`).replace(/ \(`.*`\)$/, '')}.`,
      ),
    ];
    if (deck.copies > 1) {
      rules.push(
        this.rule('DECK-COPIES', `There are ${deck.copies} copies of every card (${40 * deck.copies} cards). Copies of a card are interchangeable, and scoring counts each copy.`),
      );
    }
    rules.push(this.rule('TEAM-SEATS', ...this.seatingBlocks()));
    const teamModes = new Set(this.seated.map(({ mode }) => mode));
    if (this.names.side !== 'player' || teamModes.size > 1) {
      rules.push(
        this.rule(
          'TEAM-PARTNERS',
          'Partners never sit side by side: seat i belongs to side i modulo the number of sides, so the sides alternate in turn order. Whatever a player wins counts for their side.',
        ),
      );
    }
    return { title: 'Setup', intro: [], rules };
  }

  private seatingBlocks(): Block[] {
    const lines = new Map<string, number[]>();
    for (const { players, mode, others } of this.seated) {
      let line = mode === undefined ? `cannot be played in team mode \`${this.rules.players.teamMode}\`` : teamModeWords(mode, players);
      if (others.length > 0) line += `; also allowed: ${listed(others.map((other) => teamModeWords(other)), 'or')}`;
      lines.set(`${line}.`, [...(lines.get(`${line}.`) ?? []), players]);
    }
    const items = [...lines].map(([line, counts]) => `${numbersListed(counts, 'or')} players: ${line}`);
    return [{ kind: 'text', text: 'Seats are numbered 0, 1, 2, ... in turn order.' }, { kind: 'list', items }];
  }

  private deal(): RulebookSection {
    const { deal, deck } = this.rules;
    const names = this.names;
    const rules: RulebookRule[] = [
      this.rule(
        'DEAL-DEALER',
        worded('firstDealer', deal.firstDealer, names),
        ...(this.rules.end.mode === 'single-round' ? [] : [worded('dealerRotation', deal.rotation, names)]),
      ),
      this.rule(
        'DEAL-FIRST-PLAYER',
        `The player after the dealer in turn order leads the round, and leads again after each new deal.${this.seated.some(({ players }) => players === 2) ? ' With two players, that is the non-dealer.' : ''}`,
      ),
    ];
    const sizesWords = ({ handSize, tableSize }: DealShape): string => {
      const table =
        tableSize === 'remainder'
          ? `the cards left over when the hands are dealt a whole number of times (${40 * deck.copies} modulo ${handSize} times the number of players)`
          : `${tableSize} card${tableSize === 1 ? '' : 's'}`;
      const opening = tableSize === 0 ? 'No card goes to the table: play starts on an empty table.' : `The first deal of a round also lays out the opening table: ${table}.`;
      return `each deal gives every player ${handSize} card${handSize === 1 ? '' : 's'}. ${opening}`;
    };
    const procedureWords = ({ packets }: DealShape): string =>
      packets.length === 0
        ? `${worded('dealOrder', deal.order, names)} The hands are dealt ${worded('dealStartSeat', deal.startSeat, names)}: ${worded('dealPacket', deal.packet, names)}.`
        : `The first deal goes out in packets from the top of the deck, ${worded('dealStartSeat', deal.startSeat, names)}: ${packetsWords(packets)}.`;
    // The player counts whose seating gives a deal of its own, grouped by that deal.
    const ownDeals = new Map<string, { own: Partial<DealShape>; shape: DealShape; counts: number[] }>();
    for (const { players } of this.seated) {
      const own = this.rules.players.seatings.find((seating) => seating.players.includes(players))?.deal;
      if (own === undefined) continue;
      const key = JSON.stringify(own);
      ownDeals.set(key, { own, shape: dealShape(this.rules, players), counts: [...(ownDeals.get(key)?.counts ?? []), players] });
    }
    const withCounts = (counts: number[], words: string): string => `With ${numbersListed(counts, 'or')} players, ${words.charAt(0).toLowerCase()}${words.slice(1)}`;
    const rows = this.seated.map(({ players }) => {
      const handSize = String(dealShape(this.rules, players).handSize);
      const sizes = tableAndDeals(this.rules, players);
      return sizes === undefined
        ? [String(players), handSize, 'the deck does not divide: not playable', '']
        : [String(players), handSize, String(sizes.table), String(sizes.deals)];
    });
    const ownSizes = [...ownDeals.values()].map(({ shape, counts }) => ` ${withCounts(counts, sizesWords(shape))}`).join('');
    const ownProcedures = [...ownDeals.values()].filter(({ own }) => own.packets !== undefined).map(({ shape, counts }) => withCounts(counts, procedureWords(shape)));
    const laterHands = [...new Set(this.seated.filter(({ players }) => (tableAndDeals(this.rules, players)?.deals ?? 1) > 1).map(({ players }) => dealShape(this.rules, players).handSize))];
    const laterCards = laterHands.length === 1 ? `${laterHands[0]} more card${laterHands[0] === 1 ? ' is' : 's are'}` : 'as many cards as the first deal gave are';
    rules.push(
      this.rule(
        'DEAL-TABLE-SIZE',
        `${capitalised(sizesWords(deal))}${ownSizes} The deals of a round use up the whole deck:`,
        { kind: 'table', head: ['Players', 'Cards per hand', 'Opening table', 'Deals per round'], rows },
      ),
      this.rule('DEAL-PROCEDURE', `${procedureWords(deal)} The cards left over form the stock.`, ...ownProcedures),
      this.rule(
        'DEAL-TABLE-ORDER',
        deal.tableOrder === 'sorted'
          ? `${worded('tableOrder', deal.tableOrder, names)} The suits go in the order ${listed(deal.sortSuits.map((suit) => this.suitName(suit)))}.`
          : worded('tableOrder', deal.tableOrder, names),
      ),
      this.rule(
        'DEAL-REFILL',
        laterHands.length === 0
          ? 'The whole deck is dealt in the first deal: there are no later deals, and the round ends when every hand is empty.'
          : `When every hand is empty and the stock is not, ${laterCards} dealt to each player in the same way, none to the table, and the player after the dealer leads again. The round ends when the stock and every hand are empty.`,
      ),
    );
    rules.push(...this.openingTable());
    return { title: 'The deal', intro: [], rules };
  }

  private openingTable(): RulebookRule[] {
    const { openingTable, deck } = this.rules;
    const names = this.names;
    const rules: RulebookRule[] = [];
    if (openingTable.redeal.length === 0) {
      rules.push(this.rule('TABLE-REDEAL-KINGS', 'The opening table stands whatever it holds: it is never dealt again, for kings or any other cards.'));
    }
    for (const redeal of openingTable.redeal) {
      const atLeast = redeal.atLeast + redeal.atLeastPerCopy * deck.copies;
      const limit =
        redeal.maxDeals === 0
          ? 'as often as needed'
          : `at most ${redeal.maxDeals - 1} time${redeal.maxDeals === 2 ? '' : 's'} in a round; after that the opening table stands whatever it holds`;
      rules.push(
        this.rule(
          redeal.rule,
          `If the opening table holds ${atLeast} or more cards of value ${redeal.value}${this.rankName(redeal.value) === String(redeal.value) ? '' : ` (${this.rankName(redeal.value)})`}, ${worded('redealRule', redeal.rule, names)}, ${limit}.`,
        ),
      );
    }
    const { bonus } = openingTable;
    if (bonus.enabled) {
      const who = worded('bonusBeneficiary', bonus.beneficiary, names);
      rules.push(
        this.rule(
          'TABLE-BONUS-FIFTEEN',
          `If the opening table adds up to 15, ${who} takes all of it before the first play, and it counts as one ${names.sweep}. ${bonus.thirty === 'none' ? `A table of 30 counts for nothing: ${worded('thirtyReading', bonus.thirty, names)}` : `If it adds up to 30, ${who} takes it as two ${names.sweep}s, ${worded('thirtyReading', bonus.thirty, names)}`}.${bonus.lowTable.under > 0 && bonus.lowTable.sweeps > 0 ? ` If it adds up to less than ${bonus.lowTable.under}, ${who} takes it as ${names.sweeps(bonus.lowTable.sweeps)}.` : ''}${bonus.wild ? ` ${capitalised(this.cardName(this.rules.declarations.wild))} on it counts as whatever value makes 30 or, failing that, 15.` : ''} These are ${names.sweep}s in every respect, and the first player then plays to an empty table.${bonus.points.map((entry) => ` An opening table that adds up to ${entry.under === undefined ? `more than ${entry.over}` : `less than ${entry.under}`} scores ${names.points(entry.points)} for ${who} at once: points, not ${names.sweep}s; the cards stay on the table.`).join('')}`,
        ),
      );
    }
    rules.push(...this.declarations());
    return rules;
  }

  private declarations(): RulebookRule[] {
    const { hands, wild } = this.rules.declarations;
    if (hands.length === 0) return [];
    const made = (declaration: HandDeclaration): string =>
      declaration.kind === 'low'
        ? `a hand totalling ${declaration.atMost} or less scores ${this.names.sweeps(declaration.sweeps)}`
        : declaration.kind === 'three-of-a-kind'
          ? `three of a kind scores ${this.names.sweeps(declaration.sweeps)}`
          : `three of a kind totalling ${declaration.atMost} or less scores ${this.names.sweeps(declaration.sweeps)}`;
    const rules = [
      this.rule(
        'DEAL-DECLARATION',
        `${worded('declarationTime', this.rules.declarations.when, this.names)}: ${listed(hands.map(made))}. The hand is shown, and its holder makes them as ${this.names.sweep}s in every respect; ${worded('declarationScoring', this.rules.declarations.several, this.names)}. It is then played as dealt.`,
      ),
    ];
    if (wild !== 'none') {
      rules.push(
        this.rule(
          'DEAL-WILD-CARD',
          `In a declaration ${this.cardName(wild)} stands for whatever value makes the hand worth most: 1 in a total, the other cards' value in three of a kind. ${worded('wildPlay', this.rules.declarations.wildInPlay, this.names)}`,
        ),
      );
    }
    return rules;
  }

  private play(): RulebookSection {
    const rules = [
      this.rule(
        'PLAY-TURN',
        'Turns go round in seat order: seat 0, 1, 2, ... and back to seat 0 (at a table, to the right). On your turn you play exactly one card from your hand: it captures, or it is trailed. Nobody passes, and every card dealt is played.',
      ),
      this.rule('PLAY-TRAIL', 'A card that captures nothing is laid face up on the table beside the others: a trail. When you may trail is said under Capture.'),
    ];
    return { title: 'Play', intro: [], rules };
  }

  private capture(): RulebookSection {
    const { capture } = this.rules;
    const names = this.names;
    const rules: RulebookRule[] = [];
    if (capture.mode !== 'fifteen') rules.push(this.rule('CAP-RANK', worded('rankMatch', capture.rankMatch, names)));
    const bySum = capture.mode === 'match-or-sum' || capture.mode === 'match-sum-or-fifteen';
    if (bySum) {
      rules.push(
        this.rule('CAP-SUM', `A card may instead take two or more table cards whose values add up to its own: a 7 takes a 4 and a 3. ${capitalised(names.anAce)} cannot take by sum.`),
      );
    }
    if (capture.mode !== 'match-or-sum') {
      const byValue = capture.mode === 'fifteen' ? ' There is no capture by equal value.' : '';
      rules.push(this.rule('CAP-FIFTEEN', `A card ${capture.mode === 'fifteen' ? 'takes' : 'may instead take'} one or more table cards that add up, together with it, to 15: a 7 takes an 8, or a 5 and a 3.${byValue}`));
    }
    if (capture.mode !== 'fifteen') {
      const matched = capture.rankMatch === 'all' ? 'the cards of that value' : 'such a card';
      const instead = bySum ? ['a sum', 'a 5 and a 3'] : ['cards that make 15 with it', 'a 7'];
      const fifteenOpen = capture.mode === 'match-sum-or-fifteen' ? ' Cards that make 15 with it may still be taken instead of the 8: a 7.' : '';
      rules.push(
        this.rule(
          'CAP-RANK-PRIORITY',
          capture.rankPriority
            ? `If the table holds a card of the same value as the card played, ${matched} must be taken: ${instead[0]} may not be taken instead. With an 8 on the table, an 8 takes the 8, not ${instead[1]}.${fifteenOpen}`
            : `A card may take a card of the same value or ${capture.mode === 'match-sum-or-fifteen' ? 'a sum or cards that make 15 with it' : instead[0]}, as the player likes, even when the table holds a card of its value.`,
        ),
      );
    }
    if (capture.aceTakesAll) {
      rules.push(
        this.rule(
          'CAP-ACE-TAKES-ALL',
          [
            `${capitalised(names.anAce)} played onto a table takes every card on it.`,
            worded('aceOnAce', capture.aceOnAce, names),
            worded('aceCapture', capture.aceCapture, names),
            worded('aceOnEmptyTable', capture.aceOnEmptyTable, names),
          ].join(' '),
        ),
        this.rule('CAP-ACE-FIRST-PLAY', worded('aceFirstPlay', capture.aceFirstPlay, names)),
      );
    }
    rules.push(this.rule('CAP-COMPULSION', worded('compulsion', capture.compulsion, names)));
    if (capture.tableClaim !== 'none') rules.push(this.rule('CAP-TABLE-CLAIM', worded('tableClaim', capture.tableClaim, names)));
    if (capture.chooser === 'player') {
      rules.push(this.rule('CAP-CHOICE', `${worded('chooser', capture.chooser, names)}${worded('sumChoice', capture.sums, names)}`));
    } else {
      const first = capture.rankMatch === 'all' ? 'all of them' : 'the first of them in table order';
      const betweenKinds = capture.mode === 'match-sum-or-fifteen' || (capture.mode !== 'fifteen' && !capture.rankPriority);
      const match =
        capture.mode === 'fifteen'
          ? 'It'
          : betweenKinds
            ? 'Of every capture the card could make, whatever its kind, it'
            : `If the table holds cards of the value played, it takes ${first}. Otherwise it`;
      rules.push(
        this.rule(
          'CAP-AUTO',
          `${worded('chooser', capture.chooser, names)} ${match} takes the set with the most cards; between sets with as many cards, the one ${worded('autoTieBreak', capture.autoTieBreak, names)}. A card that cannot capture is trailed.`,
        ),
      );
    }
    const captured = 'The card played and the cards it takes go face down to the capturing player’s pile.';
    return { title: 'Capture', intro: [worded('captureMode', capture.mode, names), captured].map((text) => ({ kind: 'text', text })), rules };
  }

  private sweeps(): RulebookSection {
    const { sweep, remainder, capture, deck } = this.rules;
    const names = this.names;
    const worth =
      sweep.points === 0
        ? `it scores no point, but it still counts as ${names.aSweep} made`
        : `it scores ${names.points(sweep.points)} for the ${names.side} who makes it`;
    const lastPlay = sweep.lastPlay
      ? `${capitalised(names.aSweep)} on the very last play of the round counts like any other.`
      : `Taking every card on the table with the very last play of the round is not ${names.aSweep}: it is an ordinary capture and scores nothing.`;
    const impossible = capture.mode === 'fifteen' && deck.copies % 3 !== 0 ? ' (With this deck it cannot happen: the cards left at the end never add up to a multiple of 15.)' : '';
    const rules = [
      this.rule('SWEEP-POINT', `Capturing every card on the table is ${names.aSweep}: ${worth}. The next player then plays to an empty table, and so trails.`),
      this.rule('SWEEP-LAST-PLAY', lastPlay + impossible),
      ...(capture.aceTakesAll
        ? [
            this.rule(
              'SWEEP-ACE-TAKES-ALL',
              sweep.aceTakesAll
                ? `${capitalised(withArticle(rankName(this.rules, 1)))} that takes the whole table is ${names.aSweep} like any other.`
                : `${capitalised(withArticle(rankName(this.rules, 1)))} that takes the whole table is not ${names.aSweep}: it is an ordinary capture.`,
            ),
          ]
        : []),
      this.rule('SWEEP-TIMING', worded('sweepTiming', sweep.timing, names)),
      this.rule(
        'SWEEP-REMAINDER',
        `After the last play, the cards still on the table go to the player who captured last; taking them is not ${names.aSweep}. If nobody captured in the round, ${worded('remainderOwner', remainder.whenNobodyCaptured, names)}.`,
      ),
    ];
    return { title: `${capitalised(names.sweep)}s and the last cards`, intro: [], rules };
  }

  private scoring(): RulebookSection {
    const { scoring } = this.rules;
    const names = this.names;
    if (scoring.categories.length === 0) {
      return { title: 'Scoring', intro: [{ kind: 'text', text: `Nothing is scored at the end of a round: only ${names.sweep}s score.` }], rules: [] };
    }
    const rules: RulebookRule[] = [];
    scoring.categories.forEach((category, index) => {
      const label = category.kind === 'card' ? capitalised(this.cardName(category.card ?? '').replace(/ \(`.*`\)$/, '')) : worded('categoryKind', category.kind, names);
      rules.push(this.rule(CATEGORY_RULES[category.kind], `${index + 1}. ${label} (\`${category.id}\`): ${this.categoryText(category)}`));
    });
    if (names.side !== 'player') {
      rules.push(
        this.rule(
          'TEAM-POOLING',
          scoring.poolTeamCards
            ? 'Partners put the cards they have won together, and count them as one.'
            : 'Partners do not put their cards together: each player counts their own, a category won by a player scores for their partnership, and a tie between partners for the most is a tie.',
        ),
      );
    }
    const withTies = scoring.categories.filter((category) => category.ties !== undefined && !['all-coins', 'all-sevens', 'sweeps'].includes(category.kind));
    if (withTies.length > 0) rules.push(this.rule('SCORE-TIES', this.tiesText(withTies)));
    const order = `After each round, points are scored in this order, ${this.rules.end.countingOut ? 'which decides who reaches the target first' : `and added to each ${names.side}’s total`}:`;
    return { title: 'Scoring', intro: [{ kind: 'text', text: order }], rules };
  }

  private categoryText(category: Category): string {
    const names = this.names;
    const points = names.points(category.points ?? 0);
    const ties = `; ${worded('tiePolicy', category.ties ?? 'nobody', names)}`;
    const atLeast = category.threshold === undefined ? '' : `, if that is at least ${category.threshold}`;
    const most = (what: string): string => `${points} to the ${names.side} with the most ${what}${atLeast}${ties}.`;
    const alongside = (kind: CategoryKind, what: string): string => {
      const other = this.rules.scoring.categories.some((c) => c.kind === kind);
      return other ? `, ${worded('bonusCombine', category.combine ?? 'in-addition', names)} the points for most ${what}` : '';
    };
    const holdingAll = (what: string, combined: string): string => {
      const wins = 'wins the game (see End of the game)';
      if (category.winsGame !== true) return `${points} to a ${names.side} who took ${what}${combined}.`;
      if ((category.points ?? 0) === 0) return `a ${names.side} who took ${what} ${wins}.`;
      return `${points} to a ${names.side} who took ${what}${combined}; taking them all also ${wins}.`;
    };
    switch (category.kind) {
      case 'most-cards':
        return most('cards');
      case 'most-coins':
        return most(names.coins);
      case 'most-sevens': {
        if (category.tieRanks === undefined) return most('sevens');
        const values = category.tieRanks.map((value) => `of value ${value}`).join(', then ');
        return `${points} to the ${names.side} with the most sevens${atLeast}; equal sevens go to the ${names.side} with more cards ${values}${ties}.`;
      }
      case 'card': {
        const card = `(\`${category.card ?? ''}\`)`;
        if (this.rules.deck.copies === 1) return `${points} to the ${names.side} who took it ${card}.`;
        const copies = category.copies ?? 'most';
        return `${points} ${worded('copyScoring', copies, names)} ${card}${copies === 'most' ? ties : ''}.`;
      }
      case 'primiera':
        return `${points} to the best prime. Each ${names.side} takes their best card of each suit by these values, and adds the four: ${this.primieraValues()}. ${worded('incompletePrimiera', category.incomplete ?? 'void', names)} A prime of 0 never scores${ties}.`;
      case 'all-coins':
        return holdingAll(`all ${10 * this.rules.deck.copies} ${names.coins}`, alongside('most-coins', names.coins));
      case 'all-sevens':
        return holdingAll(`all ${4 * this.rules.deck.copies} sevens`, alongside('most-sevens', 'sevens'));
      case 'sweeps':
        return `${names.points(this.rules.sweep.points)} for each ${names.sweep} made in the round.`;
      case 'napola':
        return `each ${names.side} holding the ace, two and three of ${names.coins} scores the length of its unbroken run from the ace: 3 points for the ace to the three, one more for each further card in order, up to ${category.upTo ?? 10}; ${names.coins} after the first gap add nothing, and a shorter run scores nothing.`;
      case 'grande': {
        const lowest = category.downTo ?? 8;
        const further =
          lowest === 8
            ? 'lower cards add nothing'
            : `one more for each further card down to the ${this.rankName(lowest)} without a gap, so at most ${names.points((category.points ?? 0) + 8 - lowest)}`;
        const standIn = category.alsoSuit === undefined ? '' : ` A card of ${this.rules.deck.suitNames[category.alsoSuit]} stands in for the ${names.coins} card of its value.`;
        return `each ${names.side} holding the ${this.rankName(10)}, ${this.rankName(9)} and ${this.rankName(8)} of ${names.coins} scores ${points}; ${further}.${standIn}`;
      }
    }
  }

  /** `7 = 21, 6 = 18, asso = 16, ..., fante, cavallo and re = 10`. */
  private primieraValues(): string {
    const byValue = new Map<number, string[]>();
    for (const rank of [...this.rules.deck.ranks].sort((a, b) => b.primiera - a.primiera || b.value - a.value)) {
      byValue.set(rank.primiera, [...(byValue.get(rank.primiera) ?? []), rank.name]);
    }
    return [...byValue].map(([value, ranks]) => `${listed(ranks.sort((a, b) => this.valueOf(a) - this.valueOf(b)))} = ${value}`).join(', ');
  }

  private valueOf(rankName: string): number {
    return this.rules.deck.ranks.find((rank) => rank.name === rankName)?.value ?? 0;
  }

  private tiesText(categories: Category[]): string {
    const names = this.names;
    const policies = new Map<string, string[]>();
    for (const category of categories) {
      const policy = category.ties ?? 'nobody';
      policies.set(policy, [...(policies.get(policy) ?? []), `\`${category.id}\``]);
    }
    const parts = [...policies].map(([policy, ids]) => `${policies.size === 1 ? 'in every category' : `in ${listed(ids)}`}, ${worded('tiePolicy', policy, names)}`);
    return `${capitalised(parts.join('; '))}. A count of 0 never scores.`;
  }

  /** END-TIE-BREAKS: the keys, in order, in words. */
  private tieBreakWords(): string {
    return this.rules.end.tieBreaks.map((key) => worded('tieBreakKey', key, this.names)).join(', then ');
  }

  /**
   * END-COUNTING-OUT: who wins when one category takes several sides to the target, where one can: a category
   * that scores every side tied for it, or napola, which two sides can score with two decks or more.
   */
  private countingOutTie(): string {
    const { end, deck, scoring } = this.rules;
    const names = this.names;
    if (!scoring.categories.some((category) => category.ties === 'each' || (category.kind === 'napola' && deck.copies > 1))) return '';
    const keys = end.tieBreaks.length === 0 ? '' : `; a tie for the highest total is decided over the whole game by, in order: ${this.tieBreakWords()}`;
    const stillTied = end.exactTie === 'lowest-seat' || end.exactTie === 'draw' ? worded('exactTie', end.exactTie, names) : 'nobody wins yet and another round is played';
    const highest = `${keys}; if they are still tied, ${stillTied}.`;
    const tie = worded('countingOutTie', end.countingOutTie, names);
    return end.countingOutTie === 'next-award' ? ` ${tie}. If the round's points run out first, the one with the highest total wins${highest}` : ` ${tie}${highest}`;
  }

  private end(): RulebookSection {
    const { end } = this.rules;
    const names = this.names;
    const target = `${end.target} point${end.target === 1 ? '' : 's'}`;
    const rules: RulebookRule[] = [];
    if (end.mode === 'single-round') {
      rules.push(
        this.rule('END-SINGLE-ROUND', `${worded('endMode', end.mode, names)} After its scoring the ${names.side} with the most points wins; if several share the most, the game is drawn.`),
      );
    } else if (end.inverse) {
      rules.push(
        this.rule(
          'END-INVERSE',
          `${worded('endMode', end.mode, names)} Reaching the target of ${target} does not win: it eliminates. At the end of each round every ${names.side} at or over ${target} is out; it plays on, its ${names.sweep}s still score, but its cards no longer compete in the round's scoring. When one ${names.side} is left, it wins; if every one is out, the lowest total wins (the lowest seat on a tie).${worded('targetAddition', end.targetPlus, names)}`,
        ),
      );
    } else if (end.countingOut) {
      rules.push(
        this.rule('END-TARGET', `${worded('endMode', end.mode, names)} The first ${names.side} to reach ${target} wins.`),
        this.rule(
          'END-COUNTING-OUT',
          `Points are counted out: after each round they are added one category at a time in the order of Scoring, ${names.sweep}s one at a time. The moment a ${names.side} reaches ${target}, counting stops and that ${names.side} wins; the points not yet counted are never scored.${this.countingOutTie()}`,
        ),
      );
    } else {
      rules.push(
        this.rule(
          'END-TARGET',
          `${worded('endMode', end.mode, names)} When a round ends with one or more ${names.sides} at ${target} or more, the one with the highest total wins.${worded('targetAddition', end.targetPlus, names)}`,
        ),
      );
      if (end.tieBreaks.length > 0) rules.push(this.rule('END-TIE-BREAKS', `A tie for the highest total at or over the target is decided over the whole game by, in order: ${this.tieBreakWords()}.`));
      const still = end.tieBreaks.length > 0 ? 'still tied after that' : `tied for the highest total at or over the target`;
      rules.push(this.rule('END-EXACT-TIE', `If two or more ${names.sides} are ${still}, ${worded('exactTie', end.exactTie, names)}.`));
    }
    const winning = this.rules.scoring.categories.filter((category) => category.winsGame === true);
    if (winning.length > 0) {
      const held = listed(winning.map((category) => (category.kind === 'all-coins' ? `all the ${names.coins}` : 'all the sevens')), 'or');
      rules.push(
        this.rule(
          'END-HOLDING-ALL',
          `A ${names.side} that took ${held} in a round wins the game when the round has been scored, whatever the totals${end.inverse ? ', and nobody is eliminated that round' : ''}.`,
        ),
      );
    }
    if (end.instantWin) {
      rules.push(
        this.rule(
          'END-INSTANT-WIN',
          `A ${names.side} whose ${names.sweep} takes its total to ${target} or more wins at once, in the middle of the round. ${worded('instantWinSweep', end.instantWinAfter, names)}`,
        ),
      );
    }
    if (this.seated.some(({ players, mode }) => players > 2 && mode !== '2v2')) {
      rules.push(this.rule('END-RANKING', `The other ${names.sides} are ranked by total, ${end.inverse ? 'lowest' : 'highest'} first; those with equal totals ${worded('rankingTie', end.rankTies, names)}.`));
    }
    return { title: 'End of the game', intro: [], rules };
  }
}

function optionValues(option: OptionSpec): string {
  switch (option.type) {
    case 'integer':
      return `${option.min ?? 0} to ${option.max ?? option.min ?? 0}`;
    case 'boolean':
      return 'true, false';
    case 'enum':
      return (option.values ?? []).join(', ');
  }
}

/** The rulebook of a variant played with these option values and the rules they give. */
export function buildRulebook(variant: ResolvedVariant, options: Record<string, OptionValue>, rules: Rules): Rulebook {
  return new RulebookWriter(variant, options, rules).build();
}
