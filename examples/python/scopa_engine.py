#!/usr/bin/env python3
"""An independent Scopa-family engine for scopa-conformance, written from spec/ alone.

It speaks the engine protocol, version 1 (spec/PROTOCOL.md), on stdin/stdout: one JSON request per line
in, one JSON answer per line out (flushed), logs on stderr. It is data-driven: every game is played from
the resolved `rules` object of the replay request, so it answers `hello` with variants "*".

Python 3.11, standard library only. Rule ids in comments refer to spec/rules.md.
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from typing import Any

ENGINE_NAME = "scopa-py"
ENGINE_VERSION = "0.1.0"

CARD_RE = re.compile(r"^(10|[1-9])([DHSC])$")
SUITS = ("D", "H", "S", "C")
NEG = float("-inf")


def log(*parts: Any) -> None:
    print("[scopa-py]", *parts, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------------
# Errors


class Refusal(Exception):
    """A refused input (spec/rules.md section 16)."""

    def __init__(self, code: str, message: str, rule: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule


class Unsupported(Exception):
    """The engine does not implement something the rules ask for: the game is answered `skipped`."""


# --------------------------------------------------------------------------------------------------
# Cards


def is_card(c: Any) -> bool:
    return isinstance(c, str) and CARD_RE.match(c) is not None


def value(c: str) -> int:
    return int(c[:-1])


def suit(c: str) -> str:
    return c[-1]


def full_deck(copies: int) -> list[str]:
    return [f"{v}{s}" for s in SUITS for v in range(1, 11)] * copies


# --------------------------------------------------------------------------------------------------
# Rules: reading, checking, deriving the setup

KNOWN = {
    ("deal", "order"): ("hands-first", "table-first"),
    ("deal", "packet"): ("hand", "one"),
    ("deal", "startSeat"): ("first-player", "seat-zero"),
    ("deal", "tableOrder"): ("dealt", "sorted"),
    ("deal", "firstDealer"): ("last-seat", "setup"),
    ("deal", "rotation"): ("forward", "backward"),
    ("capture", "mode"): ("match-or-sum", "fifteen"),
    ("capture", "compulsion"): ("none", "played-card", "any-card"),
    ("capture", "chooser"): ("player", "auto"),
    ("capture", "autoTieBreak"): ("include-earliest", "exclude-earliest"),
    ("capture", "sums"): ("any",),
    ("capture", "tableClaim"): ("none", "any-fifteen", "after-discard"),
    ("capture", "rankMatch"): ("one",),
    ("capture", "aceOnAce"): ("ordinary",),
    ("capture", "aceOnEmptyTable"): ("trailed",),
    ("capture", "aceFirstPlay"): ("free",),
    ("capture", "aceCapture"): ("whole-table",),
    ("sweep", "timing"): ("immediate", "round-end"),
    ("remainder", "whenNobodyCaptured"): ("discard", "dealer"),
    ("end", "mode"): ("target", "single-round"),
    ("end", "exactTie"): ("another-round", "lowest-seat"),
    ("end", "rankTies"): ("side",),
    ("end", "targetPlus"): ("none", "first-round-winner-points"),
    ("end", "countingOutTie"): ("higher-total", "next-award"),
    ("end", "instantWinAfter"): ("scoring-sweep", "every-sweep"),
}
CATEGORY_KINDS = ("most-cards", "most-coins", "most-sevens", "card", "primiera", "all-coins", "all-sevens",
                  "sweeps", "napola")
TIE_KEYS = ("sweeps", "coins", "settebello", "sevens", "cards")
REDEAL_RULES = ("TABLE-REDEAL-KINGS", "TABLE-REDRAW-TENS", "TABLE-REDEAL-ACES")

# DEFAULT_RULES as far as the spec text states them (rules.md, the "Knobs" paragraphs).
DEFAULTS: dict[str, dict[str, Any]] = {
    "deck": {"copies": 1, "coinsSuit": "D", "ranks": [
        {"value": v, "primiera": p} for v, p in zip(range(1, 11), (16, 12, 13, 14, 15, 18, 21, 10, 10, 10))]},
    "players": {"seatings": [{"players": [2], "teamModes": ["individual"]}], "teamMode": "auto"},
    "deal": {"handSize": 3, "tableSize": 4, "packets": [], "order": "hands-first", "packet": "hand",
             "startSeat": "first-player", "tableOrder": "dealt", "sortSuits": ["D", "H", "S", "C"],
             "firstDealer": "last-seat", "rotation": "forward"},
    "openingTable": {"redeal": [], "bonus": {"enabled": False, "beneficiary": "dealer", "thirty": "two-groups"}},
    "capture": {"mode": "match-or-sum", "rankMatch": "one", "rankPriority": True, "compulsion": "played-card",
                "chooser": "player", "sums": "any", "autoTieBreak": "include-earliest", "aceTakesAll": False,
                "aceOnAce": "ordinary", "aceOnEmptyTable": "trailed", "aceFirstPlay": "free", "aceCapture": "whole-table",
                "tableClaim": "none"},
    "sweep": {"points": 1, "lastPlay": False, "timing": "round-end", "aceTakesAll": False},
    "remainder": {"whenNobodyCaptured": "discard"},
    "scoring": {"poolTeamCards": True, "categories": []},
    "end": {"mode": "target", "target": 11, "targetPlus": "none", "exactTie": "another-round", "tieBreaks": [],
            "rankTies": "side", "countingOut": False, "countingOutTie": "higher-total", "instantWin": False,
            "instantWinAfter": "scoring-sweep", "inverse": False},
}


def merged_rules(rules: dict) -> dict:
    """The rules with every section present (missing knobs take the spec's defaults)."""
    out: dict[str, Any] = {}
    for sec, dflt in DEFAULTS.items():
        given = rules.get(sec) or {}
        if not isinstance(given, dict):
            raise Unsupported(f"rules.{sec} is not an object")
        sect = dict(dflt)
        sect.update(given)
        if sec == "openingTable":
            b = dict(dflt["bonus"])
            b.update(given.get("bonus") or {})
            sect["bonus"] = b
        out[sec] = sect
    return out


def check_supported(r: dict) -> None:
    """Knob values this engine does not know make it skip the game rather than guess."""
    for (sec, knob), allowed in KNOWN.items():
        if r[sec].get(knob) not in allowed:
            raise Unsupported(f"{sec}.{knob} = {r[sec].get(knob)!r} is not implemented")
    ts = r["deal"]["tableSize"]
    if not (ts == "remainder" or (isinstance(ts, int) and not isinstance(ts, bool) and ts >= 0)):
        raise Unsupported(f"deal.tableSize = {ts!r} is not implemented")
    for k in ("handSize",):
        if not isinstance(r["deal"][k], int) or r["deal"][k] < 1:
            raise Unsupported(f"deal.{k} = {r['deal'][k]!r}")
    if not isinstance(r["deck"]["copies"], int) or r["deck"]["copies"] < 1:
        raise Unsupported(f"deck.copies = {r['deck']['copies']!r}")
    if r["deck"]["coinsSuit"] not in SUITS:
        raise Unsupported(f"deck.coinsSuit = {r['deck']['coinsSuit']!r}")
    if r["deal"]["tableOrder"] == "sorted" and sorted(r["deal"]["sortSuits"]) != sorted(SUITS):
        raise Unsupported(f"deal.sortSuits = {r['deal']['sortSuits']!r}")
    b = r["openingTable"]["bonus"]
    if b.get("enabled"):
        if b.get("beneficiary") not in ("dealer", "first-player") or b.get("thirty") not in ("sum", "two-groups"):
            raise Unsupported(f"openingTable.bonus = {b!r} is not implemented")
        # Cirulla's readings of the opening table: the wild card on it, a low table, tables scored in points.
        if b.get("wild") or (b.get("lowTable") or {}).get("under", 0) > 0 or b.get("points"):
            raise Unsupported(f"openingTable.bonus = {b!r} is not implemented")
    for e in r["openingTable"]["redeal"]:
        if e.get("rule") not in REDEAL_RULES:
            raise Unsupported(f"redeal rule {e.get('rule')!r} is not implemented")
    for cat in r["scoring"]["categories"]:
        kind = cat.get("kind")
        if kind not in CATEGORY_KINDS:
            raise Unsupported(f"category kind {kind!r} is not implemented")
        if kind != "sweeps" and cat.get("ties", "nobody") not in ("nobody", "each"):
            raise Unsupported(f"category ties {cat.get('ties')!r} is not implemented")
        if kind == "primiera" and cat.get("incomplete", "void") not in ("void", "counts-zero", "loses-to-complete"):
            raise Unsupported(f"primiera incomplete {cat.get('incomplete')!r} is not implemented")
        if kind in ("all-coins", "all-sevens") and cat.get("combine", "in-addition") not in (
                "in-addition", "instead-of-most"):
            raise Unsupported(f"combine {cat.get('combine')!r} is not implemented")
        for knob, played in (("tieRanks", None), ("copies", "most"), ("winsGame", False), ("upTo", 10)):
            if cat.get(knob, played) != played:
                raise Unsupported(f"category {knob} {cat.get(knob)!r} is not implemented")
    for k in r["end"]["tieBreaks"]:
        if k not in TIE_KEYS:
            raise Unsupported(f"tie-break key {k!r} is not implemented")


def check_rules(r: dict) -> None:
    """VARIANT_INCONSISTENT checks of the error registry (section 16)."""
    def bad(msg: str, rule: str) -> None:
        raise Refusal("VARIANT_INCONSISTENT", msg, rule)

    ranks = r["deck"]["ranks"]
    if not isinstance(ranks, list) or [x.get("value") for x in ranks] != list(range(1, 11)):
        bad("deck.ranks must list the values 1 to 10 in ascending order", "DECK-CARDS")
    cap = r["capture"]
    if cap["chooser"] == "auto" and cap["compulsion"] == "none":
        bad("automatic capture with compulsion none", "CAP-COMPULSION")
    if cap["chooser"] == "auto" and cap["mode"] == "match-or-sum" and not cap["rankPriority"]:
        bad("automatic capture without rank priority in match-or-sum mode", "CAP-COMPULSION")
    cats = r["scoring"]["categories"]
    ids = [c.get("id") for c in cats]
    if len(set(ids)) != len(ids):
        bad("duplicate category id", "SCORE-CARD")
    for c in cats:
        if c.get("kind") == "card" and not is_card(c.get("card")):
            bad(f"category {c.get('id')} has no valid card", "SCORE-CARD")
    has_sweeps = any(c.get("kind") == "sweeps" for c in cats)
    sw = r["sweep"]
    if sw["timing"] == "round-end" and sw["points"] > 0 and cats and not has_sweeps:
        bad("round-end sweeps without a sweeps category", "SWEEP-TIMING")
    if sw["timing"] == "immediate" and has_sweeps:
        bad("immediate sweeps with a sweeps category", "SWEEP-TIMING")
    end = r["end"]
    if end["countingOut"] and sw["timing"] != "round-end":
        bad("counting out without round-end sweeps", "END-COUNTING-OUT")
    if end["targetPlus"] != "none" and (end["countingOut"] or end["instantWin"]):
        bad("a target raised after round 1 with counting out or instant win, which read it in round 1", "END-TARGET")
    if end["instantWin"] and sw["timing"] != "immediate":
        bad("instant win without immediate sweeps", "END-INSTANT-WIN")
    if end["mode"] == "single-round" and (end["inverse"] or end["countingOut"]):
        bad("single-round with inverse or counting out",
            "END-INVERSE" if end["inverse"] else "END-SINGLE-ROUND")


def deal_shape(r: dict, n: int) -> dict:
    """DEAL-TABLE-SIZE: handSize, tableSize and packets for n players; the seating listing n may give its own."""
    shape = {k: r["deal"][k] for k in ("handSize", "tableSize", "packets")}
    for entry in r["players"]["seatings"]:
        if n in entry.get("players", []):
            shape.update(entry.get("deal") or {})
            break
    return shape


def packet_cards(packets: list[dict], to: str) -> int:
    """DEAL-PROCEDURE: the cards the packets give each hand (to = "hands") or the table."""
    return sum(p.get(to, 0) for p in packets)


def team_mode_sides(r: dict, n: int) -> list[int]:
    """TEAM-SEATS and TEAM-PARTNERS: the side of each seat, or a setup refusal."""
    entry = None
    for s in r["players"]["seatings"]:
        if n in s.get("players", []):
            entry = s
            break
    if entry is None:
        raise Refusal("SETUP_PLAYERS", f"{n} players is not allowed", "TEAM-SEATS")
    mode = r["players"].get("teamMode", "auto")
    modes = entry.get("teamModes") or []
    if mode == "auto":
        if not modes:
            raise Refusal("SETUP_TEAM_MODE", "no team mode listed", "TEAM-PARTNERS")
        mode = modes[0]
    if mode not in modes:
        raise Refusal("SETUP_TEAM_MODE", f"team mode {mode} is not allowed for {n} players", "TEAM-PARTNERS")
    if mode == "individual":
        return list(range(n))
    try:
        sizes = [int(x) for x in mode.split("v")]
    except ValueError:
        raise Refusal("SETUP_TEAM_MODE", f"unknown team mode {mode}", "TEAM-PARTNERS")
    if len(sizes) < 2 or len(set(sizes)) != 1 or sum(sizes) != n:
        raise Refusal("SETUP_TEAM_MODE", f"team mode {mode} does not fit {n} players", "TEAM-PARTNERS")
    T = len(sizes)
    return [i % T for i in range(n)]


# --------------------------------------------------------------------------------------------------
# Capture arithmetic


def subset_exists(values: list[int], total: int, min_cards: int) -> bool:
    """Is there a subset of `values` with at least `min_cards` elements totalling `total`?"""
    if total <= 0:
        return False
    best = [NEG] * (total + 1)  # most cards reaching each sum
    best[0] = 0
    for a in values:
        for s in range(total, a - 1, -1):
            if best[s - a] + 1 > best[s]:
                best[s] = best[s - a] + 1
    return best[total] >= min_cards


def auto_subset(values: list[int], total: int, tie: str) -> list[int] | None:
    """CAP-AUTO step 2: positions of the largest set totalling `total`, tie broken by `tie`."""
    m = len(values)
    best = [[NEG] * (total + 1) for _ in range(m + 1)]
    best[m][0] = 0
    for i in range(m - 1, -1, -1):
        a = values[i]
        for r in range(total + 1):
            b = best[i + 1][r]
            if a <= r and best[i + 1][r - a] + 1 > b:
                b = best[i + 1][r - a] + 1
            best[i][r] = b
    if best[0][total] <= 0:
        return None
    r = total
    taken = []
    for i in range(m):
        a = values[i]
        can_take = a <= r and best[i + 1][r - a] + 1 == best[i][r]
        can_skip = best[i + 1][r] == best[i][r]
        take = can_take if tie == "include-earliest" else not can_skip
        if take:
            taken.append(i)
            r -= a
    return taken


def subsets_with_total(cards: list[str], total: int, min_cards: int) -> list[list[int]]:
    """All position sets (distinct as multisets of cards) totalling `total` with at least `min_cards` cards."""
    out: list[list[int]] = []
    seen: set[tuple[str, ...]] = set()

    def rec(i: int, left: int, chosen: list[int]) -> None:
        if left == 0:
            if len(chosen) >= min_cards:
                key = tuple(sorted(cards[j] for j in chosen))
                if key not in seen:
                    seen.add(key)
                    out.append(list(chosen))
            return
        for j in range(i, len(cards)):
            v = value(cards[j])
            if v <= left:
                chosen.append(j)
                rec(j + 1, left - v, chosen)
                chosen.pop()

    if total > 0:
        rec(0, total, [])
    return out


# --------------------------------------------------------------------------------------------------
# The game


@dataclass
class Game:
    rules: dict
    n: int
    side_of: list[int]
    first_dealer: int
    events: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        r = self.rules
        self.S = max(self.side_of) + 1
        self.c = r["deck"]["copies"]
        shape = deal_shape(r, self.n)
        self.h = shape["handSize"]
        ts = shape["tableSize"]
        self.t = (40 * self.c) % (self.h * self.n) if ts == "remainder" else ts
        self.packets = shape["packets"]
        self.D = (40 * self.c - self.t) // (self.h * self.n)
        self.primiera_of = {x["value"]: x["primiera"] for x in r["deck"]["ranks"]}
        self.coins = r["deck"]["coinsSuit"]
        self.target = r["end"]["target"]
        self.totals = [0] * self.S
        self.eliminated: set[int] = set()
        # whole-game counts for END-TIE-BREAKS
        self.game_sweeps = [0] * self.S
        self.game_won: list[list[str]] = [[] for _ in range(self.S)]
        self.round_no = 0
        self.dealer = self.first_dealer
        self.over = False
        self.state = "need-deck"  # need-deck | play | between-rounds | over
        self.decks_this_round = 0

    # ---------------------------------------------------------------------------------------- helpers

    def emit(self, ev: dict) -> None:
        self.events.append(ev)

    def rank_sides(self, winner: int | None) -> list[int]:
        inverse = self.rules["end"]["inverse"]
        order = sorted(range(self.S), key=lambda s: ((self.totals[s] if inverse else -self.totals[s]), s))
        if winner is None:
            return sorted(range(self.S), key=lambda s: (-self.totals[s], s))
        return [winner] + [s for s in order if s != winner]

    def end_game(self, reason: str, winner: int | None) -> None:
        self.emit({"type": "game-end", "reason": reason, "winner": winner, "ranking": self.rank_sides(winner),
                   "totals": list(self.totals)})
        self.over = True
        self.state = "over"

    # ---------------------------------------------------------------------------------------- dealing

    def start_round(self) -> None:
        self.round_no += 1
        if self.round_no > 1:
            step = 1 if self.rules["deal"]["rotation"] == "forward" else -1
            self.dealer = (self.dealer + step) % self.n
        self.first_player = (self.dealer + 1) % self.n
        self.decks_this_round = 0
        self.state = "need-deck"

    def deal_packets(self, cards: list[str], pos: int, packets: list[dict]) -> tuple[list[list[str]], list[str], int]:
        """DEAL-PROCEDURE with deal.packets: {hands: k} gives each seat in turn k cards, {table: k} k to the table."""
        dr = self.rules["deal"]
        start = self.first_player if dr["startSeat"] == "first-player" else 0
        hands: list[list[str]] = [[] for _ in range(self.n)]
        table: list[str] = []
        for p in packets:
            if "table" in p:
                table.extend(cards[pos:pos + p["table"]])
                pos += p["table"]
                continue
            for k in range(self.n):
                hands[(start + k) % self.n].extend(cards[pos:pos + p["hands"]])
                pos += p["hands"]
        return hands, table, pos

    def deal_hands(self, cards: list[str], pos: int) -> tuple[list[list[str]], int]:
        dr = self.rules["deal"]
        if self.packets:
            hands, _, pos = self.deal_packets(cards, pos, [p for p in self.packets if "hands" in p])
            return hands, pos
        start = self.first_player if dr["startSeat"] == "first-player" else 0
        seq = [(start + k) % self.n for k in range(self.n)]
        hands: list[list[str]] = [[] for _ in range(self.n)]
        if dr["packet"] == "hand":
            for s in seq:
                hands[s] = cards[pos:pos + self.h]
                pos += self.h
        else:
            for _ in range(self.h):
                for s in seq:
                    hands[s].append(cards[pos])
                    pos += 1
        return hands, pos

    def take_deck(self, deck: Any) -> None:
        """DEAL-PROCEDURE with the redeal rules: TABLE-REDEAL-KINGS, TABLE-REDRAW-TENS, TABLE-REDEAL-ACES."""
        if self.state != "need-deck":
            raise Refusal("DECK_NOT_EXPECTED", "no deck order is needed now", "DEAL-PROCEDURE")
        if (not isinstance(deck, list) or not all(is_card(x) for x in deck)
                or sorted(deck) != sorted(full_deck(self.c))):
            raise Refusal("DECK_NOT_PERMUTATION", "the deck order is not a permutation of the deck", "DECK-COPIES")
        self.decks_this_round += 1
        dr = self.rules["deal"]
        pos = 0
        if self.packets:
            hands, table, pos = self.deal_packets(deck, 0, self.packets)
        elif dr["order"] == "table-first":
            table = deck[:self.t]
            pos = self.t
            hands, pos = self.deal_hands(deck, pos)
        else:
            hands, pos = self.deal_hands(deck, 0)
            table = deck[pos:pos + self.t]
            pos += self.t
        if dr["tableOrder"] == "sorted":
            order = {s: i for i, s in enumerate(dr["sortSuits"])}
            table = sorted(table, key=lambda x: (order[suit(x)], value(x)))
        for e in self.rules["openingTable"]["redeal"]:
            count = sum(1 for x in table if value(x) == e.get("value"))
            need = e.get("atLeast", 0) + e.get("atLeastPerCopy", 0) * self.c
            maxd = e.get("maxDeals", 0)
            if count >= need and (maxd == 0 or self.decks_this_round < maxd):
                self.emit({"type": "redeal", "round": self.round_no, "rule": e["rule"], "table": list(table)})
                return  # still need-deck
        # the deal stands
        self.table = list(table)
        self.hands = hands
        self.stock = deck[pos:]
        self.deal_no = 1
        self.piles: list[list[str]] = [[] for _ in range(self.n)]
        self.sweeps_seat = [0] * self.n
        self.sweep_log: list[int] = []  # seats, in the order sweeps were made
        self.round_points = [0] * self.S
        self.last_capturer: int | None = None
        self.claimed = False  # CAP-TABLE-CLAIM: the seat to play has claimed this turn
        self.left: str | None = None  # the card the last play trailed though it could capture
        self.to_play = self.first_player
        self.emit({"type": "deal", "round": self.round_no, "deal": 1, "dealer": self.dealer,
                   "hands": [list(x) for x in hands], "table": list(table)})
        self.state = "play"
        self.table_bonus()

    def table_bonus(self) -> None:
        """TABLE-BONUS-FIFTEEN."""
        b = self.rules["openingTable"]["bonus"]
        if not b.get("enabled") or not self.table:
            return
        total = sum(value(x) for x in self.table)
        sweeps = 0
        if total == 15:
            sweeps = 1
        elif total == 30:
            if b["thirty"] == "sum" or subset_exists([value(x) for x in self.table], 15, 1):
                sweeps = 2
        if not sweeps:
            return
        seat = self.dealer if b["beneficiary"] == "dealer" else self.first_player
        cards = list(self.table)
        self.piles[seat].extend(cards)
        self.table = []
        self.last_capturer = seat
        self.emit({"type": "table-bonus", "round": self.round_no, "seat": seat, "cards": cards, "sweeps": sweeps})
        for _ in range(sweeps):
            self.make_sweep(seat)
            if self.over:
                return

    def make_sweep(self, seat: int) -> None:
        """SWEEP-POINT (and SWEEP-TIMING immediate, END-INSTANT-WIN)."""
        pts = self.rules["sweep"]["points"]
        side = self.side_of[seat]
        self.sweeps_seat[seat] += 1
        self.sweep_log.append(seat)
        self.game_sweeps[side] += 1
        self.emit({"type": "sweep", "seat": seat, "points": pts})
        if self.rules["sweep"]["timing"] == "immediate":
            self.totals[side] += pts
            self.round_points[side] += pts
            every = self.rules["end"]["instantWinAfter"] == "every-sweep"
            if self.rules["end"]["instantWin"] and (pts > 0 or every) and self.totals[side] >= self.target:
                self.end_game("instant-win", side)

    # ---------------------------------------------------------------------------------------- play

    def takes_whole_table(self, card: str) -> bool:
        """CAP-ACE-TAKES-ALL: an ace onto a non-empty table without an ace takes all of it."""
        return (bool(self.rules["capture"]["aceTakesAll"]) and value(card) == 1 and bool(self.table)
                and all(value(x) != 1 for x in self.table))

    def legal_captures_for(self, card: str) -> list[list[int]]:
        """Every legal capture (as table positions) for a played card, CAP-RANK/SUM/FIFTEEN/RANK-PRIORITY."""
        if self.takes_whole_table(card):
            return [list(range(len(self.table)))]
        cap = self.rules["capture"]
        v = value(card)
        if cap["mode"] == "fifteen":
            return subsets_with_total(self.table, 15 - v, 1)
        ranks = []
        seen = set()
        for i, x in enumerate(self.table):
            if value(x) == v and x not in seen:
                seen.add(x)
                ranks.append([i])
        if ranks and cap["rankPriority"]:
            return ranks
        return ranks + subsets_with_total(self.table, v, 2)

    def can_capture(self, card: str) -> bool:
        if self.takes_whole_table(card):
            return True
        cap = self.rules["capture"]
        v = value(card)
        vals = [value(x) for x in self.table]
        if cap["mode"] == "fifteen":
            return subset_exists(vals, 15 - v, 1)
        return v in vals or subset_exists(vals, v, 2)

    def auto_capture(self, card: str) -> list[int] | None:
        """CAP-AUTO: positions of the automatic capture, or None for a trail."""
        if self.takes_whole_table(card):
            return list(range(len(self.table)))
        cap = self.rules["capture"]
        v = value(card)
        if cap["mode"] == "match-or-sum":
            for i, x in enumerate(self.table):
                if value(x) == v:
                    return [i]
            return auto_subset([value(x) for x in self.table], v, cap["autoTieBreak"])
        return auto_subset([value(x) for x in self.table], 15 - v, cap["autoTieBreak"])

    def positions_of(self, names: list[str]) -> list[int] | None:
        """The earliest table positions holding the named cards, copies counted (DEAL-TABLE-ORDER)."""
        used: list[int] = []
        for nm in names:
            for i, x in enumerate(self.table):
                if x == nm and i not in used:
                    used.append(i)
                    break
            else:
                return None
        return sorted(used)

    def check_capture_form(self, card: str, names: list[str]) -> list[int]:
        """CAP-CHOICE checks 1 to 3 for a non-empty capture list; returns the positions."""
        for x in names:
            if not is_card(x):
                raise Refusal("CARD_UNKNOWN", f"{x!r} is not a card", "DECK-CARDS")
        pos = self.positions_of(names)
        if pos is None:
            raise Refusal("CAPTURE_NOT_ON_TABLE", f"{names} is not on the table {self.table}", "CAP-CHOICE")
        if self.takes_whole_table(card):
            if len(pos) != len(self.table):
                raise Refusal("CAPTURE_NOT_WHOLE_TABLE", f"an ace takes the whole table {self.table}",
                              "CAP-ACE-TAKES-ALL")
            return pos
        cap = self.rules["capture"]
        v = value(card)
        vals = [value(x) for x in names]
        if cap["mode"] == "fifteen":
            if sum(vals) != 15 - v:
                raise Refusal("CAPTURE_WRONG_SUM", f"{card} and {names} do not total 15", "CAP-FIFTEEN")
        else:
            ok = (len(vals) == 1 and vals[0] == v) or (len(vals) >= 2 and sum(vals) == v)
            if not ok:
                raise Refusal("CAPTURE_WRONG_SUM", f"{names} is neither a match nor a sum of {v}",
                              "CAP-SUM" if len(vals) >= 2 else "CAP-RANK")
            if len(vals) >= 2 and cap["rankPriority"] and any(value(x) == v for x in self.table):
                raise Refusal("CAPTURE_RANK_PRIORITY", f"a card of value {v} lies on the table",
                              "CAP-RANK-PRIORITY")
        return pos

    def play(self, decision: Any) -> None:
        """One decision (PLAY-TURN), checked in the order of section 16."""
        if self.state == "over":
            raise Refusal("GAME_OVER", "the game is over", "PLAY-TURN")
        if self.state != "play":
            raise Refusal("DECK_NEEDED", "a deck order is needed first", "DEAL-PROCEDURE")
        if not isinstance(decision, dict):
            raise Refusal("CARD_UNKNOWN", "the decision is not an object", "DECK-CARDS")
        seat = self.to_play
        if "seat" in decision and decision["seat"] is not None and decision["seat"] != seat:
            raise Refusal("NOT_YOUR_TURN", f"seat {seat} is to play, not {decision['seat']}", "PLAY-TURN")
        if "claim" in decision:
            self.claim(seat, decision["claim"])
            return
        card = decision.get("card")
        capture = decision.get("capture")
        if not is_card(card):
            raise Refusal("CARD_UNKNOWN", f"{card!r} is not a card", "DECK-CARDS")
        if capture is not None:
            if not isinstance(capture, list):
                raise Refusal("CARD_UNKNOWN", "capture is not a list of cards", "DECK-CARDS")
            for x in capture:
                if not is_card(x):
                    raise Refusal("CARD_UNKNOWN", f"{x!r} is not a card", "DECK-CARDS")
        hand = self.hands[seat]
        if card not in hand:
            raise Refusal("CARD_NOT_IN_HAND", f"{card} is not in the hand of seat {seat}", "PLAY-TURN")
        cap = self.rules["capture"]
        positions: list[int] | None
        if cap["chooser"] == "auto":
            auto = self.auto_capture(card)
            if capture is not None:
                if capture:
                    self.check_capture_form(card, capture)
                    if auto is None or sorted(capture) != sorted(self.table[i] for i in auto):
                        raise Refusal("CAPTURE_NOT_AUTOMATIC", "the capture differs from the automatic one",
                                      "CAP-AUTO")
                elif auto is not None:
                    raise Refusal("CAPTURE_NOT_AUTOMATIC", "an empty capture for a card that can capture",
                                  "CAP-AUTO")
            positions = auto
            if positions is None:
                self.check_trail(card, hand)
        else:
            if capture:
                positions = self.check_capture_form(card, capture)
            else:
                positions = None
                self.check_trail(card, hand)
        # accepted
        hand.remove(card)
        self.claimed = False
        if positions is None:
            self.left = card if self.can_capture(card) else None
            self.table.append(card)
            self.emit({"type": "trail", "seat": seat, "card": card})
        else:
            self.left = None
            taking_all = self.takes_whole_table(card)
            taken = [self.table[i] for i in positions]
            self.table = [x for i, x in enumerate(self.table) if i not in positions]
            self.piles[seat].append(card)
            self.piles[seat].extend(taken)
            self.last_capturer = seat
            self.emit({"type": "capture", "seat": seat, "card": card, "captured": taken})
            if not self.table:
                last = all(not x for x in self.hands) and not self.stock
                # SWEEP-LAST-PLAY, SWEEP-ACE-TAKES-ALL
                if (not last or self.rules["sweep"]["lastPlay"]) and (
                        not taking_all or self.rules["sweep"]["aceTakesAll"]):
                    self.make_sweep(seat)
                    if self.over:
                        return
        self.to_play = (seat + 1) % self.n
        self.after_play_checks()

    def claim(self, seat: int, names: Any) -> None:
        """CAP-TABLE-CLAIM: table cards making 15, taken before the seat's play, once a turn."""
        reading = self.rules["capture"]["tableClaim"]
        if reading == "none":
            raise Refusal("CLAIM_OFF", "these rules have no table claims", "CAP-TABLE-CLAIM")
        if self.claimed:
            raise Refusal("CLAIM_TWICE", f"seat {seat} has claimed this turn already", "CAP-TABLE-CLAIM")
        if not isinstance(names, list) or not all(is_card(x) for x in names):
            raise Refusal("CARD_UNKNOWN", "the claim is not a list of cards", "DECK-CARDS")
        pos = self.positions_of(names)
        if pos is None:
            raise Refusal("CLAIM_NOT_ON_TABLE", f"{names} is not on the table {self.table}", "CAP-TABLE-CLAIM")
        if sum(value(x) for x in names) != 15:
            raise Refusal("CLAIM_NOT_FIFTEEN", f"{names} does not total 15", "CAP-TABLE-CLAIM")
        if reading == "after-discard" and (self.left is None or self.left not in names):
            raise Refusal("CLAIM_NOT_LEFT", "the claim does not take a card the last play left", "CAP-TABLE-CLAIM")
        taken = [self.table[i] for i in pos]
        self.table = [x for i, x in enumerate(self.table) if i not in pos]
        self.piles[seat].extend(taken)
        self.last_capturer = seat
        self.claimed = True
        self.emit({"type": "claim", "seat": seat, "captured": taken})
        # A claim is never the round's last play: the seat still plays a card after it.
        if not self.table:
            self.make_sweep(seat)

    def legal_claims(self) -> list[list[int]]:
        """CAP-TABLE-CLAIM: the claims (table positions) the seat to play may make now."""
        reading = self.rules["capture"]["tableClaim"]
        if reading == "none" or self.claimed:
            return []
        sets = subsets_with_total(self.table, 15, 2)
        if reading == "after-discard":
            return [p for p in sets if self.left in [self.table[i] for i in p]]
        return sets

    def check_trail(self, card: str, hand: list[str]) -> None:
        """CAP-COMPULSION for a trail."""
        comp = self.rules["capture"]["compulsion"]
        if comp == "none":
            return
        if self.can_capture(card):
            raise Refusal("MUST_CAPTURE", f"{card} can capture and must", "CAP-COMPULSION")
        if comp == "any-card" and any(self.can_capture(x) for x in hand if x != card):
            raise Refusal("MUST_PLAY_CAPTURING_CARD", "another card in the hand can capture", "CAP-COMPULSION")

    def after_play_checks(self) -> None:
        """DEAL-REFILL, or the end of the round after the last play."""
        if any(self.hands):
            return
        if self.stock:
            self.deal_no += 1
            hands, pos = self.deal_hands(self.stock, 0)
            self.stock = self.stock[pos:]
            self.hands = hands
            self.to_play = self.first_player
            self.emit({"type": "deal", "round": self.round_no, "deal": self.deal_no, "dealer": self.dealer,
                       "hands": [list(x) for x in hands]})
            return
        self.finish_round()

    # ---------------------------------------------------------------------------------------- scoring

    def finish_round(self) -> None:
        # SWEEP-REMAINDER
        cards = list(self.table)
        if self.last_capturer is not None:
            seat = self.last_capturer
        elif self.rules["remainder"]["whenNobodyCaptured"] == "dealer":
            seat = self.dealer
        else:
            seat = None
        if seat is not None:
            self.piles[seat].extend(cards)
        self.table = []
        self.emit({"type": "remainder", "seat": seat, "cards": cards})
        for s in range(self.n):
            self.game_won[self.side_of[s]].extend(self.piles[s])
        if self.score_round():
            return  # counting out ended the round
        if self.round_no == 1 and self.rules["end"]["targetPlus"] == "first-round-winner-points":
            self.target += max(self.round_points)  # END-TARGET: the first round's winner's points
        self.end_of_round()

    def competitors(self) -> tuple[list[list[str]], list[int], list[bool]]:
        """TEAM-POOLING: the piles compared, the side of each, and whether each competes (END-INVERSE)."""
        if self.rules["scoring"]["poolTeamCards"]:
            piles = [[] for _ in range(self.S)]
            for s in range(self.n):
                piles[self.side_of[s]].extend(self.piles[s])
            sides = list(range(self.S))
        else:
            piles = [list(p) for p in self.piles]
            sides = list(self.side_of)
        active = [sd not in self.eliminated for sd in sides]
        return piles, sides, active

    def count(self, kind: str, cat: dict, pile: list[str]) -> int:
        if kind == "most-cards":
            return len(pile)
        if kind == "most-coins":
            return sum(1 for x in pile if suit(x) == self.coins)
        if kind == "most-sevens":
            return sum(1 for x in pile if value(x) == 7)
        if kind == "card":
            return sum(1 for x in pile if x == cat["card"])
        if kind == "all-coins":
            return 1 if sum(1 for x in pile if suit(x) == self.coins) == 10 * self.c else 0
        if kind == "all-sevens":
            return 1 if sum(1 for x in pile if value(x) == 7) == 4 * self.c else 0
        if kind == "napola":
            run = 0
            while run < 10 and f"{run + 1}{self.coins}" in pile:
                run += 1
            return run
        raise AssertionError(kind)

    def prime(self, pile: list[str]) -> tuple[int, bool]:
        """SCORE-PRIMIERA: the sum with missing suits at 0, and whether all four suits are there."""
        best = {}
        for x in pile:
            p = self.primiera_of[value(x)]
            if p > best.get(suit(x), -1):
                best[suit(x)] = p
        return sum(best.values()), len(best) == 4

    def category_result(self, cat: dict) -> tuple[list[int], list[int]]:
        """The counts (per competitor) and points (per side) of one category, before counting out."""
        kind = cat["kind"]
        piles, sides, active = self.competitors()
        k = len(piles)
        points = [0] * self.S
        if kind == "sweeps":
            pts = self.rules["sweep"]["points"]
            if self.rules["scoring"]["poolTeamCards"]:
                counts = [0] * self.S
                for s in range(self.n):
                    counts[self.side_of[s]] += self.sweeps_seat[s]
            else:
                counts = list(self.sweeps_seat)
            for s in range(self.n):
                points[self.side_of[s]] += pts * self.sweeps_seat[s]
            return counts, points
        cp = cat.get("points", 1)
        ties = cat.get("ties", "nobody")
        if kind == "primiera":
            inc = cat.get("incomplete", "void")
            counts = [0] * k
            keys: list[Any] = [None] * k
            for i in range(k):
                if not active[i]:
                    continue
                total, complete = self.prime(piles[i])
                if inc == "void":
                    counts[i] = total if complete else 0
                    keys[i] = total if complete else None
                elif inc == "counts-zero":
                    counts[i] = total
                    keys[i] = total if total > 0 else None
                else:
                    counts[i] = total
                    keys[i] = (1 if complete else 0, total) if total > 0 else None
            cand = [key for key in keys if key is not None]
            if cand:
                top = max(cand)
                winners = [i for i in range(k) if keys[i] == top]
                self.give(points, winners, sides, cp, ties)
            return counts, points
        counts = [self.count(kind, cat, piles[i]) if active[i] else 0 for i in range(k)]
        if kind == "napola":
            # SCORE-NAPOLA: every run of three or more scores its length; a side scores its best player's run.
            for i in range(k):
                if counts[i] >= 3:
                    points[sides[i]] = max(points[sides[i]], counts[i])
            return counts, points
        top = max(counts) if counts else 0
        # SCORE-MOST-*: the most scores only from the category's threshold up (absent: from 1).
        if top >= cat.get("threshold", 1):
            winners = [i for i in range(k) if counts[i] == top]
            if kind in ("all-coins", "all-sevens"):
                for i in winners:
                    points[sides[i]] = cp
            else:
                self.give(points, winners, sides, cp, ties)
        return counts, points

    @staticmethod
    def give(points: list[int], winners: list[int], sides: list[int], cp: int, ties: str) -> None:
        """Majority rule and SCORE-TIES."""
        if len(winners) == 1:
            points[sides[winners[0]]] += cp
        elif ties == "each":
            for sd in sorted({sides[i] for i in winners}):
                points[sd] = cp

    def score_round(self) -> bool:
        """Section 12 with END-COUNTING-OUT. Returns True when counting out ended the game."""
        cats = self.rules["scoring"]["categories"]
        results = [self.category_result(cat) for cat in cats]
        # combine: instead-of-most (SCORE-MOST-COINS, SCORE-MOST-SEVENS)
        for cat, (_, pts) in zip(cats, results):
            if cat["kind"] in ("all-coins", "all-sevens") and cat.get("combine") == "instead-of-most":
                target_kind = "most-coins" if cat["kind"] == "all-coins" else "most-sevens"
                for sd in range(self.S):
                    if pts[sd] > 0:
                        for cat2, (_, pts2) in zip(cats, results):
                            if cat2["kind"] == target_kind:
                                pts2[sd] = 0
        end = self.rules["end"]
        for cat, (counts, pts) in zip(cats, results):
            if end["countingOut"]:
                # the sides an addition leaves at or over the target: one sweep at a time, an award all at once
                shown = [0] * self.S
                reached: list[int] = []
                if cat["kind"] == "sweeps":
                    step = self.rules["sweep"]["points"]
                    for sd in [self.side_of[s] for s in self.sweep_log]:
                        shown[sd] += step
                        self.totals[sd] += step
                        self.round_points[sd] += step
                        if step > 0 and self.totals[sd] >= self.target:
                            reached = [sd]
                            break
                else:
                    for sd in range(self.S):
                        shown[sd] = pts[sd]
                        self.totals[sd] += pts[sd]
                        self.round_points[sd] += pts[sd]
                        if pts[sd] > 0 and self.totals[sd] >= self.target:
                            reached.append(sd)
                self.emit({"type": "award", "round": self.round_no, "category": cat["id"], "counts": counts,
                           "points": shown})
                # END-COUNTING-OUT: several sides reached in one award stop the count only under higher-total
                if len(reached) == 1 or (reached and end["countingOutTie"] == "higher-total"):
                    self.emit_round_end()
                    self.decide_highest(reached, "counting-out")
                    return True
            else:
                for sd in range(self.S):
                    self.totals[sd] += pts[sd]
                    self.round_points[sd] += pts[sd]
                self.emit({"type": "award", "round": self.round_no, "category": cat["id"], "counts": counts,
                           "points": pts})
        return False

    def emit_round_end(self, eliminated: list[int] | None = None) -> None:
        ev = {"type": "round-end", "round": self.round_no, "points": list(self.round_points),
              "totals": list(self.totals)}
        if self.rules["end"]["inverse"]:
            ev["eliminated"] = eliminated or []
        self.emit(ev)

    def tie_key_counts(self, key: str, sd: int) -> int:
        won = self.game_won[sd]
        if key == "sweeps":
            return self.game_sweeps[sd]
        if key == "coins":
            return sum(1 for x in won if suit(x) == self.coins)
        if key == "settebello":
            return sum(1 for x in won if x == f"7{self.coins}")
        if key == "sevens":
            return sum(1 for x in won if value(x) == 7)
        return len(won)

    def end_of_round(self) -> None:
        end = self.rules["end"]
        if end["mode"] == "single-round":
            self.emit_round_end()
            top = max(self.totals)
            leaders = [sd for sd in range(self.S) if self.totals[sd] == top]
            self.end_game("single-round", leaders[0] if len(leaders) == 1 else None)
            return
        if end["inverse"]:
            newly = sorted(sd for sd in range(self.S)
                           if sd not in self.eliminated and self.totals[sd] >= self.target)
            self.eliminated.update(newly)
            self.emit_round_end(newly)
            still = [sd for sd in range(self.S) if sd not in self.eliminated]
            if len(still) == 1:
                self.end_game("inverse", still[0])
            elif not still:
                low = min(self.totals)
                self.end_game("inverse", min(sd for sd in range(self.S) if self.totals[sd] == low))
            else:
                self.state = "between-rounds"
            return
        self.emit_round_end()
        if any(self.totals[sd] >= self.target for sd in range(self.S)):
            self.decide_highest(list(range(self.S)), "target")
        else:
            self.state = "between-rounds"

    def decide_highest(self, sides: list[int], reason: str) -> None:
        """END-TARGET among `sides`: the highest total wins, then END-TIE-BREAKS, then END-EXACT-TIE."""
        end = self.rules["end"]
        top = max(self.totals[sd] for sd in sides)
        tied = [sd for sd in sides if self.totals[sd] == top]
        for key in end["tieBreaks"]:
            if len(tied) == 1:
                break
            best = max(self.tie_key_counts(key, sd) for sd in tied)
            tied = [sd for sd in tied if self.tie_key_counts(key, sd) == best]
        if len(tied) == 1:
            self.end_game(reason, tied[0])
        elif end["exactTie"] == "lowest-seat":
            self.end_game(reason, min(tied))
        else:
            self.state = "between-rounds"


# --------------------------------------------------------------------------------------------------
# Requests


def new_game(req: dict) -> Game:
    """Variant, options and setup stages: the checks of section 16 before any deck order."""
    rules_in = req.get("rules")
    if not isinstance(rules_in, dict):
        raise Unsupported("the request carries no rules object")
    r = merged_rules(rules_in)
    check_rules(r)
    check_supported(r)
    n = req.get("players")
    if not isinstance(n, int) or isinstance(n, bool):
        raise Refusal("SETUP_PLAYERS", "players is not an integer", "TEAM-SEATS")
    side_of = team_mode_sides(r, n)
    given = req.get("sideOf")
    if given is not None and given != side_of:
        log(f"request sideOf {given} differs from the rules' {side_of}; using the rules")
    fd = req.get("firstDealer")
    if r["deal"]["firstDealer"] == "setup":
        if not isinstance(fd, int) or isinstance(fd, bool) or not 0 <= fd < n:
            raise Refusal("SETUP_DEALER", f"the setup must name a first dealer from 0 to {n - 1}", "DEAL-DEALER")
        first = fd
    else:
        if fd is not None and fd != n - 1:
            raise Refusal("SETUP_DEALER", f"the first dealer is seat {n - 1}, not {fd}", "DEAL-DEALER")
        first = n - 1
    shape = deal_shape(r, n)
    c, h = r["deck"]["copies"], shape["handSize"]
    ts = shape["tableSize"]
    t = (40 * c) % (h * n) if ts == "remainder" else ts
    if h * n > 40 * c or t > 40 * c or (40 * c - t) % (h * n) != 0 or (40 * c - t) // (h * n) < 1:
        raise Refusal("SETUP_DEAL_SIZE", f"{n} hands of {h} and a table of {t} do not divide {40 * c} cards",
                      "DEAL-TABLE-SIZE")
    packets = shape["packets"]
    if packets and (packet_cards(packets, "hands"), packet_cards(packets, "table")) != (h, t):
        raise Refusal("SETUP_DEAL_SIZE", f"the packets do not give {h} cards to each hand and {t} to the table",
                      "DEAL-PROCEDURE")
    return Game(rules=r, n=n, side_of=side_of, first_dealer=first)


def run_game(req: dict) -> tuple[Game | None, dict]:
    """Play a replay request as spec/INTERPRETING.md "Replaying a fixture" says: inputs are taken only when
    the game asks for one, and the replay stops where the inputs stop (a partial game), at the game's end,
    or at the first refusal. Returns the game and the answer fields (events, rejection or skipped)."""
    try:
        game = new_game(req)
    except Unsupported as e:
        return None, {"skipped": str(e)}
    except Refusal as e:
        # Setup-stage refusals have no round or play of their own; they are placed before round 1's first play.
        return None, {"events": [], "rejection": {"round": 1, "play": 0, "code": e.code, "message": e.message}}
    rounds = req.get("rounds") or []
    decks_used = plays_made = 0
    where = (1, 0)
    try:
        while not game.over:
            if game.state == "between-rounds" or game.round_no == 0:
                game.start_round()
                decks_used = plays_made = 0
            if game.round_no > len(rounds):
                break  # a partial game: no input for this round
            rnd = rounds[game.round_no - 1] or {}
            if game.state == "need-deck":
                decks = rnd.get("decks") or []
                if decks_used >= len(decks):
                    break  # a partial game
                where = (game.round_no, 0)
                deck = decks[decks_used]
                decks_used += 1
                game.take_deck(deck)
            else:
                plays = rnd.get("plays") or []
                if plays_made >= len(plays):
                    break  # a partial game
                decision = plays[plays_made]
                plays_made += 1
                where = (game.round_no, plays_made)
                game.play(decision)
    except Refusal as e:
        rej = {"round": where[0], "play": where[1], "code": e.code, "message": e.message}
        return game, {"events": game.events, "rejection": rej}
    return game, {"events": game.events}


def legal_decisions(game: Game) -> list[dict]:
    if game.state != "play":
        return []
    seat = game.to_play
    hand = game.hands[seat]
    cap = game.rules["capture"]
    out: list[dict] = []
    for card in dict.fromkeys(hand):
        if cap["chooser"] == "auto":
            pos = game.auto_capture(card)
            if pos is None:
                try:
                    game.check_trail(card, hand)
                except Refusal:
                    continue
                out.append({"card": card})
            else:
                out.append({"card": card, "capture": [game.table[i] for i in pos]})
            continue
        caps = game.legal_captures_for(card)
        for pos in caps:
            out.append({"card": card, "capture": [game.table[i] for i in pos]})
        try:
            game.check_trail(card, hand)
            out.append({"card": card})
        except Refusal:
            pass
    out.extend({"claim": [game.table[i] for i in pos]} for pos in game.legal_claims())
    return out


def handle(req: dict) -> dict | None:
    cmd = req.get("cmd")
    if cmd == "hello":
        return {"protocol": 1, "engine": {"name": ENGINE_NAME, "version": ENGINE_VERSION, "language": "python"},
                "variants": "*", "capabilities": ["legal", "legal-positions", "table-claim"]}
    if cmd == "replay":
        _, ans = run_game(req)
        return ans
    if cmd == "legal":
        return legal_at(req.get("game") or {})
    if cmd == "legal-positions":
        game = req.get("game") or {}
        answers = [legal_at(cut_before(game, p["round"], p["play"])) for p in req.get("positions") or []]
        errors = [a["error"] for a in answers if "error" in a]
        return {"error": errors[0]} if errors else {"decisions": [a["decisions"] for a in answers]}
    return {"error": f"unknown command {cmd!r}"}


def legal_at(game_fields: dict) -> dict:
    """The answer to a legal request: the decisions of the seat to play once the game's inputs are played."""
    game, ans = run_game(game_fields)
    if game is None or "rejection" in ans or "skipped" in ans:
        return {"error": ans.get("skipped") or (ans.get("rejection") or {}).get("message", "no game")}
    return {"decisions": legal_decisions(game)}


def cut_before(game: dict, round_no: int, play: int) -> dict:
    """The game cut just before play `play` of round `round_no`, as a legal request's position is cut
    (spec/PROTOCOL.md "The position a legal request describes"). Replaying each cut keeps this engine simple;
    an engine may instead note the decisions during one replay."""
    rounds = (game.get("rounds") or [])[:round_no]
    if len(rounds) == round_no:
        rounds[-1] = {**rounds[-1], "plays": (rounds[-1].get("plays") or [])[:play - 1]}
    return {**game, "rounds": rounds}


def main() -> None:
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        rid = None
        try:
            req = json.loads(line)
            rid = req.get("id")
            if req.get("cmd") == "bye":
                break
            ans = handle(req)
        except Exception as e:  # noqa: BLE001 - the engine must answer every request
            log("error:", repr(e))
            ans = {"error": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps({"id": rid, **ans}, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
