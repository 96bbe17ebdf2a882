"""Records replay exactly; a tampered record is caught."""

from __future__ import annotations

import io
import json
from pathlib import Path

from mahjong_table.cli import main
from mahjong_table.engine import Game
from mahjong_table.players import RandomBot, play_game
from mahjong_table.record import replay, write_record
from mahjong_table.rules import get_rule_set


def _record(seed: int = 4) -> list[str]:
    game = Game(get_rule_set("hongkong", rounds=1), seed, max_hands=4)
    play_game(game, [RandomBot(i) for i in range(4)])
    buf = io.StringIO()
    write_record(game, buf)
    return buf.getvalue().splitlines()


def test_record_replays() -> None:
    lines = _record()
    report = replay(lines)
    assert report.ok, report.problem
    assert report.actions > 50


def test_tampered_action_is_caught() -> None:
    lines = _record()
    i = next(i for i, line in enumerate(lines) if '"action"' in line and "discard" in line)
    row = json.loads(lines[i])
    row["action"]["tile"] = "9z" if row["action"]["tile"] != "9z" else "1m"
    lines[i] = json.dumps(row)
    report = replay(lines)
    assert not report.ok and "line" in (report.problem or "")


def test_tampered_scores_are_caught() -> None:
    lines = _record()
    final = json.loads(lines[-1])
    final["final"]["scores"][0] += 1
    lines[-1] = json.dumps(final)
    assert not replay(lines).ok


def test_replay_command(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    assert main(["simulate", "--games", "1", "--hands", "3", "--bots",
                 "random,random,random,random", "--record", str(path)]) == 0
    assert main(["replay", str(path)]) == 0
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-3] + lines[-1:]) + "\n")
    assert main(["replay", str(path)]) == 1
    (tmp_path / "bad.jsonl").write_text("not json\n")
    assert main(["replay", str(tmp_path / "bad.jsonl")]) == 2
