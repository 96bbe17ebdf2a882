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


def test_soak_goes_on_from_a_given_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A soak numbered from ``first_game`` plays the games an earlier run from 0 did not (so
    a million hands can be played in several runs): its jobs start at that game, and the
    summary names it; a negative first game is refused by name."""
    starts: list[int] = []
    real = soak.play_chunk

    def recording(label: str, start: int, count: int) -> dict[str, Any]:
        starts.append(start)
        return real(label, start, count)

    monkeypatch.setattr(soak, "play_chunk", recording)
    got = soak.soak("hongkong", 3, workers=1, first_game=15_000)
    assert starts and min(starts) == 15_000
    assert got["first_game"] == 15_000 and got["violations"] == 0 and got["hands"] >= 3
    with pytest.raises(ValueError, match="first-game must be 0 or more"):
        soak.soak("hongkong", 3, workers=1, first_game=-1)
    with pytest.raises(SystemExit):
        soak.main(["--first-game", "-1", "--hands", "1"])
