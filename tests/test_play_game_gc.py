"""play_game pauses Python's cyclic garbage collector while a game is played (issue 25: its
scans cost about a tenth of a simulated hand and free nothing), and always leaves it as it
found it."""

from __future__ import annotations

import gc

import pytest

from mahjong_table.engine import Action, Game, PlayerView
from mahjong_table.players import RandomBot, make_bot, play_game
from mahjong_table.rules import get_rule_set


def test_collector_paused_during_the_game_and_resumed_after() -> None:
    """Paused for every action, running again once the game is over."""
    rules = get_rule_set("hongkong", rounds=1)
    game = Game(rules, "gc/1", max_hands=1)
    seen: list[bool] = []
    assert gc.isenabled()
    play_game(game, [RandomBot(f"gc/{p}") for p in range(4)],
              on_action=lambda g, a: seen.append(gc.isenabled()))
    assert seen and not any(seen)
    assert gc.isenabled()


def test_collector_left_off_when_it_was_off() -> None:
    """A caller that turned the collector off keeps it off."""
    rules = get_rule_set("hongkong", rounds=1)
    gc.disable()
    try:
        play_game(Game(rules, "gc/2", max_hands=1), [RandomBot(f"gc/{p}") for p in range(4)])
        assert not gc.isenabled()
    finally:
        gc.enable()


class _Broken:
    name = "broken"

    def choose(self, view: PlayerView) -> Action:
        raise RuntimeError("a player failed")


def test_collector_resumed_when_a_player_fails() -> None:
    """An error in a player's choice still resumes the collector."""
    rules = get_rule_set("hongkong", rounds=1)
    with pytest.raises(RuntimeError, match="a player failed"):
        play_game(Game(rules, "gc/3", max_hands=1), [_Broken()] * 4)
    assert gc.isenabled()


@pytest.mark.parametrize("name,options", [("hongkong", {}), ("chinese", {"scoring": "mcr"}),
                                          ("american", {})])
def test_a_game_makes_almost_no_reference_cycles(name: str, options: dict[str, str]) -> None:
    """The reason the pause is safe: with the collector off, a whole game (invariants
    checked) leaves almost nothing that only the collector could free, in every rule set."""
    rules = get_rule_set(name, **options)
    game = Game(rules, f"gc/{name}", max_hands=4, check_invariants=True)
    gc.collect()
    play_game(game, [make_bot("efficiency", f"gc/{name}/{p}", rules=rules) for p in range(4)])
    assert game.results
    gc.disable()
    try:
        collected = gc.collect()
    finally:
        gc.enable()
    assert collected < 200, collected
