/**
 * From rules and a setup to a new game: player count, team mode, sizes of the deal, the first dealer.
 * @module
 */
import { CARDS_PER_DECK } from './cards.ts';
import { GameState, type Table } from './state.ts';
import { err, ok, TEAM_MODE_PATTERN, type DealShape, type GameSetup, type Packet, type Result, type Rules } from './types.ts';
import { beginRound } from './deal.ts';

/** Number of sides a team mode makes for n players, or an explanation of why it cannot. */
function sidesOf(teamMode: string, players: number): number | string {
  if (teamMode === 'individual') return players;
  if (!TEAM_MODE_PATTERN.test(teamMode)) return `"${teamMode}" is not a team mode`;
  const sizes = teamMode.split('v').map(Number);
  const seated = sizes.reduce((sum, size) => sum + size, 0);
  return seated === players ? sizes.length : `team mode ${teamMode} seats ${seated} players, not ${players}`;
}

/** TEAM-SEATS, TEAM-PARTNERS, DEAL-TABLE-SIZE, DEAL-DEALER: checks the setup and lays out the seats. */
export function checkSetup(rules: Rules, setup: GameSetup): Result<Table> {
  const { players } = setup;
  const seating = rules.players.seatings.find((s) => s.players.includes(players));
  if (!Number.isInteger(players) || seating === undefined) {
    const allowed = rules.players.seatings.flatMap((s) => s.players).sort((a, b) => a - b);
    return err('SETUP_PLAYERS', `${players} players cannot play; allowed: ${allowed.join(', ')}`, 'TEAM-SEATS');
  }
  const wanted = rules.players.teamMode;
  const teamMode = wanted === 'auto' ? (seating.teamModes[0] as string) : wanted;
  if (!seating.teamModes.includes(teamMode)) {
    return err(
      'SETUP_TEAM_MODE',
      `team mode ${teamMode} is not allowed with ${players} players; allowed: ${seating.teamModes.join(', ')}`,
      'TEAM-PARTNERS',
    );
  }
  const sides = sidesOf(teamMode, players);
  if (typeof sides === 'string') return err('SETUP_TEAM_MODE', sides, 'TEAM-PARTNERS');

  let firstDealer = players - 1;
  if (rules.deal.firstDealer === 'setup') {
    if (setup.firstDealer === undefined) {
      return err('SETUP_DEALER', 'this variant needs the first dealer in the setup (firstDealer)', 'DEAL-DEALER');
    }
    firstDealer = setup.firstDealer;
  }
  if (
    !Number.isInteger(firstDealer) ||
    firstDealer < 0 ||
    firstDealer >= players ||
    (setup.firstDealer !== undefined && setup.firstDealer !== firstDealer)
  ) {
    return err(
      'SETUP_DEALER',
      rules.deal.firstDealer === 'setup'
        ? `first dealer ${setup.firstDealer} is not a seat 0..${players - 1}`
        : `this variant's first dealer is seat ${firstDealer}, not ${setup.firstDealer}`,
      'DEAL-DEALER',
    );
  }
  const sizes = dealSizes(rules, players);
  if (!sizes.ok) return sizes;
  const { deckSize, handSize, tableSize, openingDeal, laterDeal } = sizes.value;

  const sideOf = new Uint8Array(players).map((_, seat) => seat % sides);
  return ok({ players, sides, teamMode, sideOf, deckSize, handSize, openingTableSize: tableSize, openingDeal, laterDeal, firstDealer });
}

/** DEAL-TABLE-SIZE: the deal's knobs for n players: those of the first seating that lists n, where it gives them. */
export function dealShape(rules: Rules, players: number): DealShape {
  const { handSize, tableSize, packets } = rules.deal;
  const seating = rules.players.seatings.find((s) => s.players.includes(players));
  return { handSize, tableSize, packets, ...seating?.deal };
}

/** The deal's packets, and the sizes of the deck, each hand and the opening table for n players. */
export interface DealSizes {
  deckSize: number;
  handSize: number;
  tableSize: number;
  /** DEAL-PROCEDURE: the opening deal, packet by packet. */
  openingDeal: readonly Packet[];
  /** DEAL-REFILL: each later deal, the opening deal's hands packets. */
  laterDeal: readonly Packet[];
}

/** The cards packets give each hand, or the table. */
const cardsTo = (to: 'hands' | 'table', packets: readonly Packet[]): number =>
  packets.reduce((total, packet) => total + (to in packet ? (packet as Record<typeof to, number>)[to] : 0), 0);

/** DEAL-PROCEDURE: the opening deal's packets as `order` and `packet` lay it out, where `packets` does not. */
function openingPackets(rules: Rules, { handSize, packets }: DealShape, tableSize: number): Packet[] {
  if (packets.length > 0) return packets;
  const hands: Packet[] = rules.deal.packet === 'hand' ? [{ hands: handSize }] : Array.from({ length: handSize }, () => ({ hands: 1 }));
  const table: Packet[] = tableSize > 0 ? [{ table: tableSize }] : [];
  return rules.deal.order === 'table-first' ? [...table, ...hands] : [...hands, ...table];
}

/** DEAL-TABLE-SIZE, DEAL-PROCEDURE: how the deck is dealt to n players, if it deals evenly. */
export function dealSizes(rules: Rules, players: number): Result<DealSizes> {
  const shape = dealShape(rules, players);
  const deckSize = CARDS_PER_DECK * rules.deck.copies;
  const handSize = shape.handSize;
  const perDeal = handSize * players;
  const tableSize = shape.tableSize === 'remainder' ? deckSize % perDeal : shape.tableSize;
  if (perDeal > deckSize) {
    return err(
      'SETUP_DEAL_SIZE',
      `${handSize} cards each to ${players} players need ${perDeal} cards; the deck has ${deckSize}`,
      'DEAL-TABLE-SIZE',
    );
  }
  if (tableSize > deckSize - perDeal || (deckSize - tableSize) % perDeal !== 0) {
    return err(
      'SETUP_DEAL_SIZE',
      `${deckSize} cards do not deal evenly: ${tableSize} to the table, then ${handSize} each to ${players} players`,
      'DEAL-TABLE-SIZE',
    );
  }
  const openingDeal = openingPackets(rules, shape, tableSize);
  const [toHands, toTable] = [cardsTo('hands', openingDeal), cardsTo('table', openingDeal)];
  if (toHands !== handSize || toTable !== tableSize) {
    return err(
      'SETUP_DEAL_SIZE',
      `the deal's packets give each player ${toHands} cards and the table ${toTable}, not ${handSize} and ${tableSize}`,
      'DEAL-PROCEDURE',
    );
  }
  return ok({ deckSize, handSize, tableSize, openingDeal, laterDeal: openingDeal.filter((packet) => 'hands' in packet) });
}

/** A new game, waiting for the deck order of round 1. */
export function createGame(rules: Rules, setup: GameSetup): Result<GameState> {
  const seats = checkSetup(rules, setup);
  if (!seats.ok) return seats;
  const state = new GameState(rules, seats.value);
  beginRound(state);
  return ok(state);
}
