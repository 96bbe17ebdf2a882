"""Positions round-trip (issue 7): at every state where nobody has answered yet (every turn,
claim window, rob window and Charleston stage) of 1,000 simulated hands per rule set, the
position written out sets up the same state again.

Too slow for the test suite (about 100 states a hand); ``tests/test_positions.py`` runs the
same check on a few hundred states per rule set.
"""

from __future__ import annotations

import time
from typing import Any

from mahjong_table.engine import Game
from mahjong_table.engine.position import position_of, position_state
from mahjong_table.players import make_bot
from mahjong_table.rules import get_rule_set

from .common import Report, heading

__all__ = ["round_trip", "run"]

_RULES: tuple[tuple[str, dict[str, Any], str], ...] = (
    ("hongkong", {"rounds": 1}, "efficiency"),
    ("chinese", {}, "efficiency"),
    ("american", {"blind_pass": True, "courtesy_pass": True}, "american"),
)


def round_trip(rules_name: str, options: dict[str, Any], bot: str,
               hands: int) -> tuple[int, int, int]:
    """Play ``hands`` hands with four ``bot`` bots; at every state where nobody has answered
    yet, write the position out and set it up again. Returns (hands, states, mismatches)."""
    rules = get_rule_set(rules_name, **options)
    played = states = bad = 0
    seed = 0
    while played < hands:
        game = Game(rules, f"bench-pos/{seed}", max_hands=min(4, hands - played))
        bots = [make_bot(bot, f"bench-pos/{seed}/{i}") for i in range(4)]
        while not game.is_over:
            if not game.responses:
                text = position_of(game)
                again = Game.from_position(text, "other")
                states += 1
                if position_of(again) != text or position_state(again) != position_state(game):
                    bad += 1
            p = game.to_act()[0]
            game.apply(bots[p].choose(game.view(p)))
        played += len(game.results)
        seed += 1
    return played, states, bad


def run(report: Report, quick: bool = False) -> None:
    """The positions section of ``python -m bench``."""
    hands = 30 if quick else 1_000
    heading(f"Positions round-trip: every turn, claim and rob window and Charleston stage of "
            f"{hands:,} hands per rule set")
    for rules_name, options, bot in _RULES:
        start = time.perf_counter()
        played, states, bad = round_trip(rules_name, options, bot, hands)
        seconds = time.perf_counter() - start
        print(f"  {rules_name:<9} {played:>6,} hands  {states:>8,} states  {bad} mismatches"
              f"  ({seconds:.0f} s)")
        report.target(bad == 0, f"{rules_name}: {states:,} positions written out and set up "
                                f"again give the same state ({bad} mismatches)")
