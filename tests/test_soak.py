"""The soak's worker (``bench/soak.py``, issue 25 item 5): games with the invariants checked
after every action, every hundredth record replayed, and every failure reported with the seed
that reproduces it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import soak


@pytest.mark.parametrize("label", list(soak.RULE_SETS))
def test_soak_chunk_plays_checks_and_replays(label: str) -> None:
    """Issue 25 item 5: two games of every rule set (game 0 is replayed from its record)
    play to the end with the invariants on: hands counted, no failure, one record replayed."""
    got = soak.play_chunk(label, 0, 2)
    assert got["failed"] == []
    assert got["replayed"] == 1
    assert 2 <= got["hands"] <= 2 * soak.HANDS_PER_GAME
    assert got["actions"] > 0


def test_soak_reports_a_failure_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that raises (an invariant's AssertionError, or any engine error) is a
    violation named by the seed that replays it; the other games of the job still play."""
    import mahjong_table.players as players

    real = players.play_game

    def failing(game: Any, bots: Any) -> None:
        if game.seed == "soak/hongkong/1":
            raise AssertionError("scores do not sum to zero: [1, 0, 0, 0]")
        real(game, bots)

    monkeypatch.setattr(players, "play_game", failing)
    got = soak.play_chunk("hongkong", 0, 3)
    assert got["failed"] == [{"seed": "soak/hongkong/1",
                              "problem": "AssertionError: scores do not sum to zero: "
                                         "[1, 0, 0, 0]"}]
    assert got["hands"] >= 2
