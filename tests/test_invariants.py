"""Invariants after every action over 1,000 simulated Hong Kong hands (issue 2, item 11):
every one of the 144 tiles in exactly one place, hand sizes right, payments summing to zero,
and views leaking nothing: each player's view is rebuilt from the events that player was
shown, and nothing else, at every step."""

from __future__ import annotations

from collections import Counter

from mahjong_table.engine import Game
from mahjong_table.engine.tracker import ViewTracker
from mahjong_table.players import make_bot
from mahjong_table.rules import get_rule_set
from table import follow_views


def run_checked(rules_name: str, hands_wanted: int, **options: object) -> Counter[str]:
    """Play seeded games (two efficiency bots, two random bots) until ``hands_wanted`` hands,
    checking the engine's invariants and every view after every action. Returns a tally of
    what happened, so the test can see that claims, kongs and wins were exercised."""
    rules = get_rule_set(rules_name, **options)
    tally: Counter[str] = Counter()
    seed = 0
    while tally["hands"] < hands_wanted:
        game = Game(rules, f"inv/{seed}", max_hands=20, check_invariants=True)
        bots = [make_bot("efficiency" if i % 2 == 0 else "random", f"inv/{seed}/{i}")
                for i in range(4)]
        trackers = [ViewTracker(p) for p in range(4)]
        seen = 0
        while True:
            for e in game.events[seen:]:
                tally[e.type] += 1
            seen = follow_views(game, trackers, seen)
            if game.is_over:
                break
            p = game.to_act()[0]
            game.apply(bots[p].choose(game.view(p)))
        tally["hands"] += len(game.results)
        assert sum(game.scores) == 0
        seed += 1
    return tally


def test_invariants_over_1000_hong_kong_hands() -> None:
    tally = run_checked("hongkong", 1000)
    assert tally["hands"] >= 1000
    # the run exercised the rules, not only discards
    for kind in ("claim", "bonus", "declare_mahjong", "concealed_kong", "kong_completed"):
        assert tally[kind] > 0, kind
