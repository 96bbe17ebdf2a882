"""The duplicate arena (issue 12, part 3): every wall in every rotation of the line-up, results
with 95% confidence intervals as a table and JSON, the same whatever the number of workers."""

from __future__ import annotations

import json
import math

import pytest

from mahjong_table.arena import interval, lineup_of, play_walls
from mahjong_table.cli import main


def test_lineup_fills_the_seats_with_the_last_bot() -> None:
    assert lineup_of(["strong", "efficiency"]) == ["strong"] + ["efficiency"] * 3
    assert lineup_of(["a", "b", "c", "d"]) == ["a", "b", "c", "d"]
    with pytest.raises(ValueError, match="2 to 4"):
        lineup_of(["a"])


def test_interval_is_the_normal_95_percent_interval() -> None:
    """mean +- 1.96 standard errors (sample standard deviation)."""
    iv = interval([1.0, 2.0, 3.0, 4.0])
    sd = math.sqrt(sum((x - 2.5) ** 2 for x in (1, 2, 3, 4)) / 3)
    assert iv.mean == 2.5 and iv.n == 4
    assert iv.high - iv.mean == pytest.approx(1.96 * sd / 2)
    assert math.isnan(interval([1.0]).low) and interval([]).n == 0


def test_every_wall_is_played_in_every_rotation() -> None:
    """Duplicate play: each bot holds every seat of every wall once per rotation, and each
    wall's hands are zero-sum."""
    lineup = ["random", "efficiency", "efficiency", "efficiency"]
    walls = play_walls("hongkong", {}, lineup, "dup", [0, 1], 5.0)
    for w in walls:
        assert w["bots"]["random"][0] == 4 and w["bots"]["efficiency"][0] == 12
        assert w["bots"]["random"][1] + w["bots"]["efficiency"][1] == 0


def test_arena_table_and_json_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    """Requirement: per bot points per hand, win rate, deal-in rate and mean fan of wins with
    95% intervals, as a table and as JSON; the same results with 1 and 2 workers."""
    args = ["arena", "--rules", "hongkong", "--bots", "random,efficiency", "--hands", "24",
            "--seed", "t"]
    assert main([*args, "--workers", "1"]) == 0
    table = capsys.readouterr().out
    assert "6 walls x 4 rotations = 24 hands" in table
    assert "points/hand" in table and "deal-in %" in table and "mean fan of wins" in table
    assert "±" in table and "decision time" in table
    outs = []
    for workers in ("1", "2"):
        assert main([*args, "--workers", workers, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        for key in ("timing", "seconds", "where"):
            data.pop(key)
        outs.append(data)
    assert outs[0] == outs[1]
    bots = {b["bot"]: b for b in outs[0]["bots"]}
    assert bots["random"]["hands"] == 24 and bots["efficiency"]["hands"] == 72
    for b in bots.values():
        for key in ("points", "win_rate", "deal_in_rate", "win_value"):
            assert set(b[key]) == {"mean", "low", "high", "n"}
    pts = bots["efficiency"]["points"]
    assert pts["low"] <= pts["mean"] <= pts["high"]


def test_arena_american_and_pipe_bots(capsys: pytest.CaptureFixture[str]) -> None:
    """Every rule set plays in the arena (American: mean points of wins), a cmd: bot too."""
    from pathlib import Path

    bot = Path(__file__).resolve().parent.parent / "examples" / "bots" / "simple_bot.sh"
    assert main(["arena", "--rules", "american", "--bots", f"cmd:{bot},american",
                 "--hands", "4", "--workers", "1"]) == 0
    out = capsys.readouterr()
    assert "mean points of wins" in out.out and "for the rest of the game" not in out.err


def test_arena_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "efficiency", "--hands", "4"]) == 2
    assert "2 to 4 bot names" in capsys.readouterr().err
    assert main(["arena", "--bots", "nobody,efficiency", "--hands", "4"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert main(["arena", "--bots", "random,efficiency", "--hands", "0"]) == 2


def test_a_replaced_program_bot_is_marked_in_the_table_and_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 26, defect 3: a program bot that fails is played by its stand-in; the arena
    says so in its table and JSON instead of crediting the program with the stand-in's
    results (docs/bot-protocol.md: a crashed bot is replaced by the default bot)."""
    argv = ["arena", "--rules", "hongkong", "--bots", "cmd:python3 -c 'import sys',efficiency",
            "--hands", "4", "--seed", "1", "--workers", "1"]
    assert main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = {b["bot"]: b for b in out["bots"]}
    program = rows["cmd:python3 -c 'import sys'"]
    assert program["replaced"]["hands"] == program["hands"] == 4
    assert program["replaced"]["decisions"] > 0 and program["replaced"]["reason"]
    # one replacement per game it sat in: 1 wall x 4 rotations, one seat each
    assert program["replaced"]["times"] == program["replacements"] == 4
    assert rows["efficiency"]["replaced"] is None and rows["efficiency"]["replacements"] == 0
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "cmd:python3 -c 'import sys'*" in text
    assert "was replaced by its stand-in bot 4 time(s), in 4 of its 4 hands" in text
    head = next(line for line in text.splitlines() if line.startswith("bot "))
    assert head.rstrip().endswith("replaced")
    row = next(line for line in text.splitlines() if line.startswith("cmd:python3"))
    assert row.rstrip().endswith(" 4")


def test_paired_arena_compares_two_bots_on_the_same_deals(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 43: ``arena --paired A,B`` plays each wall with B in every seat, then with A in
    each seat in turn, every seat's bot seeded alike in all five games: the paired difference
    is A's result minus B's in the same seat of the same deal. A bot against itself differs
    by nothing; a stronger bot's difference is positive."""
    walls = play_walls("hongkong", {}, ["efficiency", "random", "random", "random"], "p", [0, 1],
                       1.0, paired=True)
    for w in walls:
        assert w["paired"][0] == 4 and w["baseline"][0] == 4
        assert sum(w["bots"]["efficiency"][1:2]) - w["baseline"][1] == w["paired"][1]
    assert main(["arena", "--rules", "hongkong", "--bots", "efficiency,random", "--paired",
                 "--hands", "16", "--seed", "p", "--workers", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["paired"]["a"] == "efficiency" and data["paired"]["b"] == "random"
    assert data["paired"]["points"]["mean"] > 0 and data["paired"]["win_rate"]["mean"] > 0
    # the same bot on both sides: every game is its baseline, the difference is nothing
    assert main(["arena", "--rules", "hongkong", "--bots", "efficiency,efficiency",
                 "--paired", "--hands", "8", "--workers", "1"]) == 2
    assert "--paired needs --bots A,B" in capsys.readouterr().err
    same = play_walls("hongkong", {}, ["efficiency"] * 4, "q", [0, 1, 2], 1.0, paired=True)
    assert all(w["paired"] == [4, 0, 0, 0] for w in same)
    assert main(["arena", "--rules", "hongkong", "--bots", "efficiency,random", "--paired",
                 "--hands", "8", "--workers", "1"]) == 0
    assert "paired: efficiency minus random in the same seat of the same deal" in \
        capsys.readouterr().out
