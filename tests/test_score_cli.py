"""The ``mahjong-table score`` command (shared/NOTATION.md), run in-process through
:func:`mahjong_table.cli.main`, plus the shared score cases."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong_table.cli import main
from mahjong_table.melds import parse_hand
from mahjong_table.rules import get_rule_set
from mahjong_table.scoring import KONG_REPLACEMENT_NOT_LAST_TILE, WinContext
from mahjong_table.tiles import Tile

DATA = Path(__file__).parent / "data" / "hongkong_score.jsonl"
SHARED = Path(__file__).resolve().parents[2] / "shared"
CASES: list[dict[str, Any]] = [
    json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()
]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["score", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    status, out, _ = run([*argv, "--json"], capsys)
    obj: dict[str, Any] = json.loads(out)
    return status, obj


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_shared_case(case: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    """tests/data/hongkong_score.jsonl (a copy of shared/cases): exit status and fields."""
    status, out, err = run([*case["args"], "--json"], capsys)
    assert status == case["exit"], err or out
    if case["exit"] == 2:
        assert err.strip() and not out
        return
    got = json.loads(out)
    for key, value in case["expect"].items():
        assert got.get(key) == value, key


def test_data_copy_matches_shared() -> None:
    """The copied cases stay the same as shared/cases (when shared/ is beside the project)."""
    shared = SHARED / "cases" / "hongkong_score.jsonl"
    if not shared.is_file():
        pytest.skip("shared/cases not present")
    assert shared.read_text(encoding="utf-8") == DATA.read_text(encoding="utf-8")


def test_check_score_cases_tool_against_installed_command() -> None:
    """shared/tools/check_score_cases.py passes every case with the installed command."""
    tool = SHARED / "tools" / "check_score_cases.py"
    cases = SHARED / "cases" / "hongkong_score.jsonl"
    if not tool.is_file() or not cases.is_file():
        pytest.skip("shared/ not present")
    command = Path(sys.executable).parent / "mahjong-table"
    if not command.exists():
        pytest.skip("mahjong-table is not installed beside this Python")
    done = subprocess.run(
        [sys.executable, str(tool), "--cmd", shlex.quote(str(command)), str(cases)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1].endswith(" 0 failed")


def test_notation_example_json(capsys: pytest.CaptureFixture[str]) -> None:
    """NOTATION.md's example: the worked example of 004 s06."""
    status, got = run_json(["--rules", "hongkong", "234s567p777z111z88m", "--win-tile", "1z",
                            "--seat-wind", "S", "--discarder", "W"], capsys)
    assert status == 0
    assert list(got) == ["rules", "valid", "hand", "fan", "limit", "base", "items",
                         "decomposition", "payments"]
    assert got["hand"] == "234s 567p 777z 111z 88m"
    assert got["items"][0] == {"id": "dragon_pung", "name": "Pung of Red dragons", "fan": 1}
    assert got["decomposition"] == ["234s", "567p", "777z", "111z", "88m"]
    assert got["payments"] == {"E": -8, "S": 32, "W": -16, "N": -8}


def test_readable_output(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --json: items with fan and explanation, total, base, payments, glyphs."""
    status, out, _ = run(["234s567p777z111z88m", "--win-tile", "1z", "--seat-wind", "S",
                          "--discarder", "W"], capsys)
    assert status == 0
    assert "Pung of Red dragons" in out and "+1" in out
    assert "Total: 3" in out and "Base: 8" in out
    assert "E -8  S +32  W -16  N -8" in out
    assert "\U0001f004\U0001f004\U0001f004" in out  # three Red dragon glyphs
    assert "each pung or kong of dragons" in out


def test_readable_output_limit(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["19m19p19s1234567z1m", "--self-drawn"], capsys)
    assert status == 0 and "LIMIT" in out and "thirteen_orphans" in out


def test_not_winning_prints_json_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    """NOTATION.md: exit 1 and JSON with valid false and a reason."""
    status, got = run_json(["1112345678999m1s", "--self-drawn"], capsys)
    assert status == 1
    assert got["valid"] is False and got["reason"]
    status, out, _ = run(["1112345678999m1s", "--self-drawn"], capsys)
    assert status == 1 and "Not a winning hand" in out


def test_default_discarder_is_player_before_winner(capsys: pytest.CaptureFixture[str]) -> None:
    """NOTATION.md: by default the player just before the winner in turn order discarded."""
    _, got = run_json(["234s567p777z111z88m", "--seat-wind", "S"], capsys)
    assert got["payments"]["E"] == -2 * got["base"]
    _, got = run_json(["234s567p777z111z88m", "--seat-wind", "E"], capsys)
    assert got["payments"]["N"] == -2 * got["base"]


def test_default_win_tile_is_last_concealed(capsys: pytest.CaptureFixture[str]) -> None:
    """NOTATION.md: --win-tile defaults to the last concealed tile written."""
    status, got = run_json(["[111z] 234s567p88m777z", "--seat-wind", "S"], capsys)
    assert status == 0 and got["valid"]
    status, _, err = run(["[111z] 234s567p777z88m", "--win-tile", "9m"], capsys)
    assert status == 2 and "9m" in err


def test_bonus_option(capsys: pytest.CaptureFixture[str]) -> None:
    _, got = run_json(["123m456p789s234m55s", "--seat-wind", "S", "--bonus", "2f1g"], capsys)
    assert [i["id"] for i in got["items"]] == ["all_chows", "seat_flower"]


def test_heavenly_implies_self_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    status, got = run_json(["123m33m444p666p777s", "--heavenly"], capsys)
    assert status == 0 and got["limit"] == "heavenly"
    assert got["payments"] == {"E": 384, "S": -128, "W": -128, "N": -128}


def test_earthly_implies_discard_by_east(capsys: pytest.CaptureFixture[str]) -> None:
    status, got = run_json(["123m33m444p666p777s", "--earthly", "--seat-wind", "W"], capsys)
    assert status == 0 and got["limit"] == "earthly"
    assert got["payments"]["E"] == -128


def test_kong_replacement_implies_self_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    status, got = run_json(["[1111m] 123p456p789s55s", "--kong-replacement"], capsys)
    assert status == 0
    assert "self_drawn" in [i["id"] for i in got["items"]]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["22222m123p678s4m11z", "--win-tile", "4m"], "2m"),
        (["[891m] 123p456p789s11z"], "not a meld"),
        (["123m456p789s111z2x"], "'x'"),
        (["123m456p789s111z22z", "--bonus", "5f"], "5f"),
        (["123m456p789s111z22z", "--win-tile", "3p"], "3p"),
        (["123m456p789s111z22z", "--seat-wind", "S", "--discarder", "S"], "own discard"),
        (["123m456p789s111z22z", "--heavenly", "--seat-wind", "S"], "East"),
        (["123m456p789s111z22z", "--rules", "nosuch"], "nosuch"),
        (["123m456p789s111z22z", "--scoring", "mcr"], "scoring"),
        (["[1111s]"], "winning tile"),
    ],
)
def test_malformed_input_exits_2(argv: list[str], needle: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """NOTATION.md: exit 2 for malformed input, with a message naming the problem."""
    status, out, err = run(argv, capsys)
    assert status == 2 and not out
    assert needle in err


@pytest.mark.parametrize(
    "argv",
    [
        ["123m456p789s111z22z", "--self-drawn", "--discarder", "S"],
        ["123m456p789s111z22z", "--seat-wind", "X"],
        ["123m456p789s111z22z", "--scoring", "riichi"],
        [],
    ],
)
def test_bad_options_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """argparse errors exit 2 (--self-drawn and --discarder are mutually exclusive)."""
    with pytest.raises(SystemExit) as exc:
        main(["score", *argv])
    assert exc.value.code == 2
    assert capsys.readouterr().err


def test_lowercase_seat_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    status, got = run_json(["234s567p777z111z88m", "--seat-wind", "s", "--discarder", "w"],
                           capsys)
    assert status == 0 and got["payments"]["S"] == 32


# ----- a kong replacement is never the last tile: one rule for the API and the command ---

KONG_WIN = "[1111m] 234s567p777z88m"


@pytest.mark.parametrize(("rules", "options"), [
    ("hongkong", {}), ("chinese", {}), ("chinese", {"scoring": "mcr"}), ("american", {})])
def test_kong_replacement_is_never_the_last_tile_in_the_python_api(
        rules: str, options: dict[str, str]) -> None:
    """004 s04 (replacements come from the dead wall, no part of the live wall) and s07
    (the two are scored apart): a WinContext with both kong_replacement and last_tile is
    refused on construction, whatever the rule set, with the rule named."""
    rule_set = get_rule_set(rules, **options)
    hand = parse_hand(KONG_WIN, rule_set.tile_set)
    with pytest.raises(ValueError, match=r"004 s04") as err:
        rule_set.score(WinContext(hand, Tile.parse("8m"), self_drawn=True,
                                  kong_replacement=True, last_tile=True))
    assert str(err.value) == KONG_REPLACEMENT_NOT_LAST_TILE
    # each alone is a circumstance the context accepts
    WinContext(hand, Tile.parse("8m"), self_drawn=True, kong_replacement=True)
    WinContext(hand, Tile.parse("8m"), self_drawn=True, last_tile=True)


@pytest.mark.parametrize("rules", ["hongkong", "chinese", "american"])
def test_score_command_refuses_it_with_the_same_check(
        rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``score --kong-replacement --last-tile`` is refused (exit 2) with the very message
    of the API's check, for every rule set (American too, before it refuses the flags it
    does not use)."""
    status = main(["score", "--rules", rules, KONG_WIN, "--kong-replacement", "--last-tile"])
    out, err = capsys.readouterr()
    assert status == 2 and not out
    assert err.strip() == f"mahjong-table score: error: {KONG_REPLACEMENT_NOT_LAST_TILE}"

