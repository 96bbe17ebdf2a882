"""Command-line robustness: bad input gives exit 2 and a message naming the problem."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_table.cli import main


def test_simulate_rejects_bad_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "0"]) == 2
    assert "--hands" in capsys.readouterr().err
    assert main(["simulate", "--games", "0"]) == 2
    assert main(["simulate", "--option", "nonsense"]) == 2
    assert main(["simulate", "--option", "colour=red"]) == 2


def test_unwritable_record_is_refused_before_playing(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    assert main(["simulate", "--games", "1", "--record", "/nonexistent/dir/x.rec"]) == 2
    assert "cannot write the record" in capsys.readouterr().err
    assert main(["play", "--record", "/nonexistent/dir/x.rec"]) == 2


def test_multi_game_record_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "three.rec"
    assert main(["simulate", "--games", "3", "--hands", "2", "--bots",
                 "random,random,random,random", "--record", str(path)]) == 0
    assert main(["replay", str(path)]) == 0
    assert "3 games" in capsys.readouterr().out
    lines = path.read_text().splitlines()
    second_header = [i for i, line in enumerate(lines) if '"record"' in line][1]
    del lines[second_header + 3]
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)]) == 1
    assert "game 2 of 3" in capsys.readouterr().out


@pytest.mark.parametrize("content", [b"[1,2]\n", b"42\n", b"\xff\xfe\x00garbage\n",
                                     b'{"record":"mahjong-table","version":1}\n',
                                     b'{"event":{}}\n', b""])
def test_replay_malformed_files_exit_2(tmp_path: Path, content: bytes,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.rec"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    assert "mahjong-table replay:" in capsys.readouterr().err


def test_score_options_reach_the_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Chinese seven pairs are off by default (001 Part two lists only 4 sets and a pair) and
    can be switched on with --option seven_pairs=true."""
    hand = ["score", "--rules", "chinese", "1122m3344p5566s77z", "--json"]
    assert main(hand) == 1
    capsys.readouterr()
    assert main([*hand, "--option", "seven_pairs=true"]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is True
