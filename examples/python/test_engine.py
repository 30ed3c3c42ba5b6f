#!/usr/bin/env python3
"""Unit tests of the Python engine's own (standard library only): python3 -m unittest test_engine.py

Each test builds a replay request by hand (rules as in variants/*.yaml, resolved), plays it through the
engine's `handle`, and checks the events or the refusal against spec/rules.md.
"""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import scopa_engine as E  # noqa: E402

RANKS = [{"value": v, "name": str(v), "primiera": p}
         for v, p in zip(range(1, 11), (16, 12, 13, 14, 15, 18, 21, 10, 10, 10))]

# The pagat variant, resolved (variants/pagat.yaml with every option at its default).
PAGAT = {
    "deck": {"copies": 1, "coinsSuit": "D", "ranks": RANKS},
    "players": {"seatings": [{"players": [2, 3], "teamModes": ["individual"]},
                             {"players": [4], "teamModes": ["2v2"]},
                             {"players": [6], "teamModes": ["3v3"]}], "teamMode": "auto"},
    "deal": {"handSize": 3, "tableSize": 4, "packets": [], "order": "hands-first", "packet": "hand", "startSeat": "first-player",
             "tableOrder": "dealt", "sortSuits": ["D", "H", "S", "C"], "firstDealer": "last-seat",
             "rotation": "forward"},
    "openingTable": {"redeal": [{"rule": "TABLE-REDEAL-KINGS", "value": 10, "atLeast": 3, "atLeastPerCopy": 0,
                                 "maxDeals": 0}],
                     "bonus": {"enabled": False, "beneficiary": "dealer", "thirty": "two-groups"}},
    "capture": {"mode": "match-or-sum", "rankPriority": True, "compulsion": "played-card", "chooser": "player",
                "autoTieBreak": "include-earliest", "aceTakesAll": False},
    "sweep": {"points": 1, "lastPlay": False, "timing": "round-end", "aceTakesAll": False},
    "remainder": {"whenNobodyCaptured": "discard"},
    "scoring": {"poolTeamCards": True, "categories": [
        {"id": "cards", "kind": "most-cards", "points": 1, "ties": "nobody"},
        {"id": "coins", "kind": "most-coins", "points": 1, "ties": "nobody"},
        {"id": "settebello", "kind": "card", "card": "7D", "points": 1, "ties": "nobody"},
        {"id": "primiera", "kind": "primiera", "points": 1, "ties": "nobody", "incomplete": "loses-to-complete"},
        {"id": "sweeps", "kind": "sweeps"}]},
    "end": {"mode": "target", "target": 11, "targetPlus": "none", "exactTie": "another-round", "tieBreaks": [],
            "countingOut": False, "countingOutTie": "higher-total", "instantWin": False,
            "instantWinAfter": "scoring-sweep", "inverse": False},
}


def denexa() -> dict:
    r = copy.deepcopy(PAGAT)
    r["players"]["seatings"] = [{"players": [2], "teamModes": ["individual"]}]
    for c in r["scoring"]["categories"]:
        if c["kind"] == "primiera":
            c["incomplete"] = "void"
    r["end"]["countingOut"] = True
    return r


def deck_with(top: str) -> list[str]:
    """A deck order that starts with the given cards, the rest in a fixed order."""
    head = top.split()
    rest = [c for c in E.full_deck(1) if c not in head]
    assert len(set(head)) == len(head)
    return head + rest


def replay(rules: dict, rounds: list[dict], players: int = 2, **extra) -> dict:
    req = {"cmd": "replay", "id": 2, "variant": "test", "options": {}, "rules": rules, "players": players,
           "sideOf": list(range(players)), "rounds": rounds}
    req.update(extra)
    return E.handle(req)


def of_type(events: list[dict], *types: str) -> list[dict]:
    return [e for e in events if e["type"] in types]


# Round 1 of pagat, 2 players, dealer seat 1: seat 0 gets L0-L2, seat 1 L3-L5, the table is L6-L9.
PRIORITY_DECK = deck_with("8H 2C 6D 9S 4C 7H 8D 5C 3S 1H")


class RankPriority(unittest.TestCase):
    def test_sum_refused_while_a_rank_match_lies_on_the_table(self):
        ans = replay(PAGAT, [{"decks": [PRIORITY_DECK], "plays": [{"card": "8H", "capture": ["5C", "3S"]}]}])
        self.assertEqual(ans["rejection"]["code"], "CAPTURE_RANK_PRIORITY")
        self.assertEqual((ans["rejection"]["round"], ans["rejection"]["play"]), (1, 1))
        self.assertEqual([e["type"] for e in ans["events"]], ["deal"])  # the events before the refusal

    def test_rank_match_accepted(self):
        ans = replay(PAGAT, [{"decks": [PRIORITY_DECK], "plays": [{"card": "8H", "capture": ["8D"]}]}])
        self.assertNotIn("rejection", ans)
        self.assertEqual(ans["events"][-1], {"type": "capture", "seat": 0, "card": "8H", "captured": ["8D"]})

    def test_sum_allowed_without_rank_priority(self):
        rules = copy.deepcopy(PAGAT)
        rules["capture"]["rankPriority"] = False
        ans = replay(rules, [{"decks": [PRIORITY_DECK], "plays": [{"card": "8H", "capture": ["3S", "5C"]}]}])
        self.assertNotIn("rejection", ans)
        self.assertEqual(ans["events"][-1]["captured"], ["5C", "3S"])  # table order, not the order named

    def test_trailing_a_card_that_can_capture(self):
        ans = replay(PAGAT, [{"decks": [PRIORITY_DECK], "plays": [{"card": "8H"}]}])
        self.assertEqual(ans["rejection"]["code"], "MUST_CAPTURE")
        ans = replay(PAGAT, [{"decks": [PRIORITY_DECK], "plays": [{"card": "2C"}]}])  # 2C cannot capture
        self.assertNotIn("rejection", ans)

    def test_automatic_capture_tie_breaks(self):
        # CAP-AUTO's example: table 2D 3C 1H 4S 3H 2C, play 6S.
        table = ["2D", "3C", "1H", "4S", "3H", "2C"]
        g = E.Game(rules=E.merged_rules(PAGAT), n=2, side_of=[0, 1], first_dealer=1)
        g.table = table
        for tie, want in (("include-earliest", ["2D", "3C", "1H"]), ("exclude-earliest", ["1H", "3H", "2C"])):
            g.rules["capture"]["autoTieBreak"] = tie
            self.assertEqual([table[i] for i in g.auto_capture("6S")], want)


class LastPlaySweep(unittest.TestCase):
    """SWEEP-LAST-PLAY: the round's last play clears the table."""

    def rules(self, last_play: bool) -> dict:
        r = copy.deepcopy(PAGAT)
        r["deal"]["handSize"] = 18  # 2 hands of 18 and a table of 4: one deal
        r["sweep"]["lastPlay"] = last_play
        return r

    def test_last_play_sweep_direct(self):
        # A direct position: table [5C], seat 1 holds 5D as the very last card of the round.
        for last_play in (False, True):
            g = E.Game(rules=self.rules(last_play), n=2, side_of=[0, 1], first_dealer=1)
            g.round_no, g.first_player, g.state = 1, 0, "play"
            g.table, g.hands, g.stock = ["5C"], [[], ["5D"]], []
            g.piles, g.sweeps_seat, g.sweep_log = [[], []], [0, 0], []
            g.round_points, g.last_capturer, g.to_play, g.deal_no = [0, 0], None, 1, 1
            g.play({"card": "5D", "capture": ["5C"]})
            types = [e["type"] for e in g.events]
            self.assertEqual(types[:2], ["capture", "sweep"] if last_play else ["capture", "remainder"])
            self.assertEqual(g.sweeps_seat[1], 1 if last_play else 0)

    def test_earlier_sweep_counts_either_way(self):
        # The same capture while the stock is not empty is not the last play: it is a sweep.
        g = E.Game(rules=self.rules(False), n=2, side_of=[0, 1], first_dealer=1)
        g.round_no, g.first_player, g.state = 1, 0, "play"
        g.table, g.hands, g.stock = ["5C"], [[], ["5D"]], E.full_deck(1)[:6]
        g.piles, g.sweeps_seat, g.sweep_log = [[], []], [0, 0], []
        g.round_points, g.last_capturer, g.to_play, g.deal_no = [0, 0], None, 1, 1
        g.play({"card": "5D", "capture": ["5C"]})
        self.assertEqual([e["type"] for e in g.events], ["capture", "sweep", "deal"])
        self.assertEqual(g.events[1], {"type": "sweep", "seat": 1, "points": 1})


class Primiera(unittest.TestCase):
    """SCORE-PRIMIERA's three readings of a missing suit, and equal primes."""

    def award(self, incomplete: str, piles: list[list[str]]) -> dict:
        r = copy.deepcopy(PAGAT)
        r["scoring"]["categories"] = [{"id": "p", "kind": "primiera", "points": 1, "ties": "nobody",
                                       "incomplete": incomplete}, {"id": "sweeps", "kind": "sweeps"}]
        g = E.Game(rules=E.merged_rules(r), n=2, side_of=[0, 1], first_dealer=1)
        g.piles = piles
        counts, points = g.category_result(r["scoring"]["categories"][0])
        return {"counts": counts, "points": points}

    def test_three_readings(self):
        a = ["7D", "1H", "7S", "6D"]              # coins 21, cups 16, swords 21: 58, no clubs
        b = ["6D", "6C", "7S"]                      # coins 18, clubs 18, swords 21: 57, no cups
        self.assertEqual(self.award("void", [a, b]), {"counts": [0, 0], "points": [0, 0]})
        self.assertEqual(self.award("counts-zero", [a, b]), {"counts": [58, 57], "points": [1, 0]})
        self.assertEqual(self.award("loses-to-complete", [a, b]), {"counts": [58, 57], "points": [1, 0]})

    def test_complete_beats_incomplete_with_a_higher_sum(self):
        a = ["7D", "7H", "7S"]                # 63, no clubs
        b = ["1D", "2H", "2S", "2C"]          # 16 + 12 + 12 + 12 = 52, complete
        self.assertEqual(self.award("loses-to-complete", [a, b])["points"], [0, 1])
        self.assertEqual(self.award("void", [a, b]), {"counts": [0, 52], "points": [0, 1]})
        self.assertEqual(self.award("counts-zero", [a, b])["points"], [1, 0])

    def test_equal_primes_score_nobody(self):
        a = ["7D", "7H", "6S", "6C"]
        b = ["7S", "7C", "6D", "6H"]
        self.assertEqual(self.award("loses-to-complete", [a, b]), {"counts": [78, 78], "points": [0, 0]})


class Threshold(unittest.TestCase):
    """SCORE-MOST-CARDS with a threshold (AMB-21): three players, 14, 13 and 13 cards."""

    def test_the_most_scores_only_from_the_threshold_up(self):
        r = copy.deepcopy(PAGAT)
        cards = {"id": "cards", "kind": "most-cards", "points": 1, "ties": "nobody", "threshold": 21}
        r["scoring"]["categories"] = [cards, {"id": "sweeps", "kind": "sweeps"}]
        g = E.Game(rules=E.merged_rules(r), n=3, side_of=[0, 1, 2], first_dealer=2)
        deck = E.full_deck(1)
        g.piles = [deck[:14], deck[14:27], deck[27:]]
        self.assertEqual(g.category_result(cards), ([14, 13, 13], [0, 0, 0]))
        g.piles = [deck[:21], deck[21:30], deck[30:]]
        self.assertEqual(g.category_result(cards), ([21, 9, 10], [1, 0, 0]))

    def test_readings_it_does_not_play_are_skipped(self):
        for knob, value in (("tieRanks", [6, 1]), ("copies", "each"), ("winsGame", True)):
            r = copy.deepcopy(PAGAT)
            kind = {"tieRanks": "most-sevens", "copies": "card", "winsGame": "all-coins"}[knob]
            r["scoring"]["categories"] = [{"id": "x", "kind": kind, "points": 1, "ties": "nobody", "card": "7D",
                                           knob: value}, {"id": "sweeps", "kind": "sweeps"}]
            self.assertIn("skipped", replay(r, [{"decks": [PRIORITY_DECK], "plays": []}]), knob)

    def test_cirulla_is_skipped(self):
        """Cirulla's capture (match, sum or 15) and its grande are not played."""
        mixed = copy.deepcopy(PAGAT)
        mixed["capture"]["mode"] = "match-sum-or-fifteen"
        grande = copy.deepcopy(PAGAT)
        grande["scoring"]["categories"] = [{"id": "grande", "kind": "grande", "points": 5}, {"id": "sweeps", "kind": "sweeps"}]
        for r in (mixed, grande):
            self.assertIn("skipped", replay(r, [{"decks": [PRIORITY_DECK], "plays": []}]))


class CountingOut(unittest.TestCase):
    """END-COUNTING-OUT's example (denexa): A on 9, B on 10; A wins cards, B wins coins: B wins at once."""

    def test_scoring_stops_at_the_target(self):
        r = E.merged_rules(denexa())
        g = E.Game(rules=r, n=2, side_of=[0, 1], first_dealer=1)
        g.round_no, g.totals = 3, [9, 10]
        # A: 22 cards with 4 coins, the settebello and a full prime; B: 18 cards with 6 coins.
        coins = [f"{v}D" for v in range(1, 11)]
        a = ["7D", "1D", "2D", "3D"] + [f"{v}{s}" for s in "HSC" for v in range(1, 7)]
        b = [c for c in coins if c not in a] + [f"{v}{s}" for s in "HS" for v in range(7, 11)][:12]
        g.piles, g.sweeps_seat, g.sweep_log, g.round_points = [a, b], [2, 0], [0, 0], [0, 0]
        self.assertTrue(g.score_round())
        awards = of_type(g.events, "award")
        self.assertEqual([x["category"] for x in awards], ["cards", "coins"])
        self.assertEqual(awards[0]["points"], [1, 0])
        self.assertEqual(awards[1], {"type": "award", "round": 3, "category": "coins", "counts": [4, 6],
                                     "points": [0, 1]})
        self.assertEqual(g.events[-2], {"type": "round-end", "round": 3, "points": [1, 1], "totals": [10, 11]})
        self.assertEqual(g.events[-1], {"type": "game-end", "reason": "counting-out", "winner": 1,
                                        "ranking": [1, 0], "totals": [10, 11]})

    def test_sweeps_counted_one_at_a_time(self):
        r = E.merged_rules(denexa())
        r["scoring"]["categories"] = [{"id": "sweeps", "kind": "sweeps"}]
        g = E.Game(rules=r, n=2, side_of=[0, 1], first_dealer=1)
        g.round_no, g.totals = 1, [9, 10]
        g.piles, g.round_points = [[], []], [0, 0]
        g.sweeps_seat, g.sweep_log = [3, 1], [0, 0, 1, 0]  # A 10, A 11: A wins; B's and A's third never count
        self.assertTrue(g.score_round())
        aw = of_type(g.events, "award")[0]
        self.assertEqual((aw["counts"], aw["points"]), ([3, 1], [2, 0]))
        self.assertEqual(g.events[-1], {"type": "game-end", "reason": "counting-out", "winner": 0,
                                        "ranking": [0, 1], "totals": [11, 10]})

    def test_first_to_reach_wins_inside_sweeps(self):
        r = E.merged_rules(denexa())
        r["scoring"]["categories"] = [{"id": "sweeps", "kind": "sweeps"}]
        g = E.Game(rules=r, n=2, side_of=[0, 1], first_dealer=1)
        g.round_no, g.totals = 1, [8, 10]
        g.piles, g.round_points = [[], []], [0, 0]
        g.sweeps_seat, g.sweep_log = [3, 1], [0, 0, 1, 0]  # A 9, A 10, B 11: B wins; A's third never counts
        self.assertTrue(g.score_round())
        aw = of_type(g.events, "award")[0]
        self.assertEqual((aw["counts"], aw["points"]), ([3, 1], [2, 1]))
        self.assertEqual(g.events[-1], {"type": "game-end", "reason": "counting-out", "winner": 1,
                                        "ranking": [1, 0], "totals": [10, 11]})

    def award_taking_both(self, tie: str, totals: list[int], points: int) -> E.Game:
        """A cards category worth `points` that scores both players (20 cards each), then one sweep by B."""
        r = E.merged_rules(denexa())
        r["scoring"]["categories"] = [{"id": "cards", "kind": "most-cards", "points": points, "ties": "each"},
                                      {"id": "sweeps", "kind": "sweeps"}]
        r["end"]["countingOutTie"] = tie
        g = E.Game(rules=r, n=2, side_of=[0, 1], first_dealer=1)
        g.round_no, g.totals = 2, list(totals)
        half = E.full_deck(1)
        g.piles, g.round_points = [half[:20], half[20:]], [0, 0]
        g.sweeps_seat, g.sweep_log = [0, 1], [1]
        g.score_round()
        return g

    def test_one_award_takes_both_there_the_higher_total_wins(self):
        g = self.award_taking_both("higher-total", [10, 9], 2)
        self.assertEqual([x["category"] for x in of_type(g.events, "award")], ["cards"])
        self.assertEqual(g.events[-1], {"type": "game-end", "reason": "counting-out", "winner": 0,
                                        "ranking": [0, 1], "totals": [12, 11]})

    def test_one_award_takes_both_there_with_equal_totals_another_round(self):
        g = self.award_taking_both("higher-total", [10, 10], 1)
        self.assertEqual(g.events[-1], {"type": "round-end", "round": 2, "points": [1, 1], "totals": [11, 11]})
        self.assertEqual(g.state, "between-rounds")

    def test_next_award_counts_on_to_the_next_point(self):
        g = self.award_taking_both("next-award", [10, 10], 1)
        self.assertEqual([x["category"] for x in of_type(g.events, "award")], ["cards", "sweeps"])
        self.assertEqual(g.events[-1], {"type": "game-end", "reason": "counting-out", "winner": 1,
                                        "ranking": [1, 0], "totals": [11, 12]})


class Target(unittest.TestCase):
    """END-TARGET with targetPlus, END-INSTANT-WIN with instantWinAfter."""

    def test_first_round_winner_points_raise_the_target(self):
        r = E.merged_rules(copy.deepcopy(PAGAT))
        r["scoring"]["categories"] = []
        r["end"]["targetPlus"] = "first-round-winner-points"
        g = E.Game(rules=r, n=2, side_of=[0, 1], first_dealer=1)
        g.round_no, g.totals, g.round_points = 1, [4, 3], [4, 3]
        g.table, g.piles, g.last_capturer = [], [[], []], None
        g.finish_round()
        self.assertEqual((g.target, g.state), (15, "between-rounds"))

    def sweep_at_target(self, after: str) -> E.Game:
        r = E.merged_rules(copy.deepcopy(PAGAT))
        r["scoring"]["categories"] = []
        r["sweep"].update({"timing": "immediate", "points": 0})
        r["end"].update({"instantWin": True, "instantWinAfter": after})
        g = E.Game(rules=r, n=2, side_of=[0, 1], first_dealer=1)
        g.round_no, g.totals, g.round_points = 2, [11, 3], [0, 0]
        g.sweeps_seat, g.sweep_log = [0, 0], []
        g.make_sweep(0)
        return g

    def test_a_sweep_worth_nothing_wins_only_after_every_sweep(self):
        self.assertFalse(self.sweep_at_target("scoring-sweep").over)
        self.assertEqual(self.sweep_at_target("every-sweep").events[-1]["reason"], "instant-win")


class Packets(unittest.TestCase):
    """DEAL-PROCEDURE with deal.packets; DEAL-TABLE-SIZE with a seating's own deal."""

    def first_deal(self, rules: dict) -> dict:
        ordered = E.full_deck(1)
        return replay(rules, [{"decks": [ordered], "plays": []}], players=4, sideOf=[0, 1, 0, 1])["events"][0]

    def test_packets_interleave_the_table(self):
        r = copy.deepcopy(PAGAT)
        r["deal"].update({"handSize": 9, "packets": [{"hands": 3}, {"table": 2}, {"hands": 3}, {"table": 2},
                                                     {"hands": 3}]})
        deal = self.first_deal(r)
        self.assertEqual(deal["hands"][0], ["1D", "2D", "3D", "5H", "6H", "7H", "9S", "10S", "1C"])
        self.assertEqual(deal["table"], ["3H", "4H", "7S", "8S"])

    def test_a_seating_deals_its_own_sizes(self):
        r = copy.deepcopy(PAGAT)
        r["players"]["seatings"][1]["deal"] = {"handSize": 10, "tableSize": 0,
                                               "packets": [{"hands": 3}, {"hands": 3}, {"hands": 4}]}
        deal = self.first_deal(r)
        self.assertEqual(deal["hands"][3], ["10D", "1H", "2H", "2S", "3S", "4S", "7C", "8C", "9C", "10C"])
        self.assertEqual(deal["table"], [])

    def test_packets_that_do_not_add_up_are_refused(self):
        r = copy.deepcopy(PAGAT)
        r["deal"]["packets"] = [{"hands": 2}, {"table": 4}]
        ans = replay(r, [{"decks": [E.full_deck(1)], "plays": []}])
        self.assertEqual(ans["rejection"]["code"], "SETUP_DEAL_SIZE")


def fifteen(table_claim: str) -> dict:
    """Pagat's rules with Escoba's capture (15, no rank priority, compulsion none) and a table-claim reading."""
    r = copy.deepcopy(PAGAT)
    r["capture"].update({"mode": "fifteen", "rankPriority": False, "compulsion": "none", "tableClaim": table_claim})
    return r


# Dealer seat 1: seat 0 holds 9S 3D 7C, seat 1 10H 1C 8D; the table is 6D 4C 2H 5S (6 + 4 + 5 = 15).
CLAIM_DECK = deck_with("9S 3D 7C 10H 1C 8D 6D 4C 2H 5S")


class TableClaim(unittest.TestCase):
    def test_after_discard_claims_the_card_trailed_and_a_whole_table_is_a_sweep(self):
        plays = [{"card": "9S"}, {"claim": ["9S", "6D"]}, {"card": "8D", "capture": ["2H", "5S"]}, {"card": "7C"},
                 {"card": "1C"}, {"card": "3D"}, {"claim": ["3D", "4C", "7C", "1C"]}, {"card": "10H"}]
        ans = replay(fifteen("after-discard"), [{"decks": [CLAIM_DECK], "plays": plays}])
        self.assertNotIn("rejection", ans)
        self.assertEqual(of_type(ans["events"], "claim", "sweep"), [
            {"type": "claim", "seat": 1, "captured": ["6D", "9S"]},
            {"type": "claim", "seat": 1, "captured": ["4C", "7C", "1C", "3D"]},
            {"type": "sweep", "seat": 1, "points": 1}])

    def test_after_discard_refuses_a_fifteen_no_trail_left(self):
        ans = replay(fifteen("after-discard"), [{"decks": [CLAIM_DECK], "plays": [{"claim": ["6D", "4C", "5S"]}]}])
        self.assertEqual(ans["rejection"]["code"], "CLAIM_NOT_LEFT")

    def test_any_fifteen_claims_the_deal_s_fifteen_once_a_turn(self):
        plays = [{"claim": ["6D", "4C", "5S"]}, {"claim": ["9S"]}]
        ans = replay(fifteen("any-fifteen"), [{"decks": [CLAIM_DECK], "plays": plays}])
        self.assertEqual(of_type(ans["events"], "claim"), [{"type": "claim", "seat": 0, "captured": ["6D", "4C", "5S"]}])
        self.assertEqual((ans["rejection"]["play"], ans["rejection"]["code"]), (2, "CLAIM_TWICE"))

    def test_refusals(self):
        for reading, claim, code in [("none", ["6D", "4C", "5S"], "CLAIM_OFF"), ("any-fifteen", ["KD"], "CARD_UNKNOWN"),
                                     ("any-fifteen", ["6D", "9D"], "CLAIM_NOT_ON_TABLE"),
                                     ("any-fifteen", ["6D", "4C"], "CLAIM_NOT_FIFTEEN")]:
            ans = replay(fifteen(reading), [{"decks": [CLAIM_DECK], "plays": [{"claim": claim}]}])
            self.assertEqual(ans["rejection"]["code"], code, reading)

    def test_legal_claims(self):
        game = {"rules": fifteen("after-discard"), "players": 2, "rounds": [{"decks": [CLAIM_DECK], "plays": [{"card": "9S"}]}]}
        claims = [d for d in E.handle({"cmd": "legal", "id": 3, "game": game})["decisions"] if "claim" in d]
        self.assertEqual(claims, [{"claim": ["6D", "9S"]}, {"claim": ["4C", "2H", "9S"]}])


class Protocol(unittest.TestCase):
    def test_hello_and_bye_over_stdio(self):
        lines = [{"cmd": "hello", "id": 1, "protocol": 1},
                 {"cmd": "replay", "id": 2, "variant": "pagat", "options": {}, "rules": PAGAT, "players": 2,
                  "sideOf": [0, 1], "rounds": [{"decks": [PRIORITY_DECK], "layouts": [], "plays": []}]},
                 {"cmd": "nope", "id": 3},
                 {"cmd": "bye", "id": 4}]
        out = subprocess.run([sys.executable, os.path.join(HERE, "scopa_engine.py")], text=True,
                             input="".join(json.dumps(x) + "\n" for x in lines), capture_output=True, timeout=30)
        answers = [json.loads(x) for x in out.stdout.splitlines()]
        self.assertEqual([a["id"] for a in answers], [1, 2, 3])
        self.assertEqual(answers[0]["protocol"], 1)
        self.assertEqual(answers[0]["variants"], "*")
        self.assertEqual(answers[1]["events"][0]["table"], ["8D", "5C", "3S", "1H"])
        self.assertIn("error", answers[2])

    def test_unknown_knob_value_is_skipped(self):
        r = copy.deepcopy(PAGAT)
        r["capture"]["mode"] = "cassino"
        self.assertIn("skipped", replay(r, [{"decks": [PRIORITY_DECK], "plays": []}]))

    def test_kings_redeal_then_partial_game(self):
        kings = deck_with("1D 2D 3D 1H 2H 3H 10D 10H 10S 10C")
        ans = replay(PAGAT, [{"decks": [kings], "plays": [{"card": "1D"}]}])
        # the replay stops where the inputs stop (INTERPRETING.md): no second deck order, so no deal
        self.assertEqual(ans["events"], [{"type": "redeal", "round": 1, "rule": "TABLE-REDEAL-KINGS",
                                          "table": ["10D", "10H", "10S", "10C"]}])
        self.assertNotIn("rejection", ans)


if __name__ == "__main__":
    unittest.main()
