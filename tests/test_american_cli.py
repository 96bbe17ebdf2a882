"""``mahjong-table score --rules american`` and ``analyze --rules american`` (shared/NOTATION.md:
exit status, JSON keys, defaults), and the advice they print (rule book 001 Part one 06, the
Charleston: "Jokers cannot be passed"; 07, "Discard")."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mahjong_table.cli import main
from mahjong_table.rules.american.card import practice_card
from mahjong_table.tiles import Tile

CARD_TEXT = """card: cli test
[Evens]
FF 2222a 44a 6666a 88a          X 25
FF 2222a 44a 6666a 88a          C 40
[Odds]
11a 333a 5555a 777a 99a         X 30
"""
#: a winning hand of the practice card: 2026 #2, FFF 2026a DDDa 6666b (30 points)
PRACTICE_WIN = "1f2f3f 2m5z2m6m 777z 6666p"


@pytest.fixture
def card_file(tmp_path: Path) -> str:
    path = tmp_path / "test.card"
    path.write_text(CARD_TEXT, encoding="utf-8")
    return str(path)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def score_json(argv: list[str], capsys: pytest.CaptureFixture[str]
               ) -> tuple[int, dict[str, Any]]:
    status, out, err = run(["score", "--rules", "american", *argv, "--json"], capsys)
    assert out, err
    obj: dict[str, Any] = json.loads(out)
    return status, obj


# ----- score ---------------------------------------------------------------------------


def test_score_winning_hand_json(capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 0 and the NOTATION keys; default seat East and a win on the discard of the
    winner's left (North), who pays double (League practice)."""
    status, j = score_json([PRACTICE_WIN], capsys)
    assert status == 0
    assert list(j) == ["rules", "valid", "hand", "points", "limit", "base", "items",
                       "decomposition", "payments", "line", "jokerless"]
    assert j["line"] == {"section": "2026", "number": 2, "pattern": "FFF 2026a DDDa 6666b"}
    assert j["points"] == 30 and j["jokerless"] is True and j["base"] == 60
    assert j["payments"] == {"E": 240, "S": -60, "W": -60, "N": -120}
    assert [i["id"] for i in j["items"]] == ["line", "jokerless", "discarder_pays_double"]


def test_score_seat_and_default_discarder(capsys: pytest.CaptureFixture[str]) -> None:
    """--seat-wind S: the default discarder is East (the player before South)."""
    status, j = score_json([PRACTICE_WIN, "--seat-wind", "S"], capsys)
    assert status == 0
    assert j["payments"] == {"E": -120, "S": 240, "W": -60, "N": -60}
    status, j = score_json([PRACTICE_WIN, "--seat-wind", "S", "--discarder", "W"], capsys)
    assert j["payments"] == {"E": -60, "S": 240, "W": -120, "N": -60}


def test_score_self_drawn_and_joker_exchange(capsys: pytest.CaptureFixture[str]) -> None:
    """--self-drawn: all pay double; --joker-exchange: paid as self-drawn by default, or
    as on the last discard with --option joker_exchange_win=discard."""
    hand = "1f2f3f 2m5z2m6m 77z1j 6666p"
    status, j = score_json([hand, "--self-drawn"], capsys)
    assert status == 0 and j["jokerless"] is False
    assert j["payments"] == {"E": 180, "S": -60, "W": -60, "N": -60}
    status, j = score_json([hand, "--joker-exchange"], capsys)
    assert j["payments"] == {"E": 180, "S": -60, "W": -60, "N": -60}
    assert "joker_exchange_win" in [i["id"] for i in j["items"]]
    status, j = score_json([hand, "--joker-exchange", "--option",
                            "joker_exchange_win=discard"], capsys)
    assert j["payments"] == {"E": 120, "S": -30, "W": -30, "N": -60}


def test_score_with_a_card_file_and_options(card_file: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """--card FILE; the line that pays most; --option discard_payment=all_single."""
    status, j = score_json(["1f2f 2222m 44m 6666m 88m", "--card", card_file], capsys)
    assert status == 0 and j["line"]["number"] == 2 and j["points"] == 40
    status, j = score_json(["[2222m] 1f2f 44m 6666m 88m", "--card", card_file,
                            "--option", "discard_payment=all_single"], capsys)
    assert j["line"]["number"] == 1
    assert j["payments"] == {"E": 150, "S": -50, "W": -50, "N": -50}


def test_score_not_winning_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 1: valid false and a reason, still printed as JSON."""
    status, j = score_json(["1f2f3f 2m5z2m6m 77z7m 6666p"], capsys)
    assert status == 1
    assert j["valid"] is False and "2026 #2" in j["reason"]
    assert set(j) == {"rules", "valid", "hand", "reason"}
    status, j = score_json(["1f2f3f 2m5z2m6m 6666p"], capsys)
    assert status == 1 and "14 tiles" in j["reason"]


@pytest.mark.parametrize("argv", [
    ["[111j] 1f2f3f 2m5z2m6m 6666p"],        # jokers alone are no exposure
    ["[55m] 1f2f3f 2m5z2m6m 6666p 7z"],       # a pair is never exposed
    ["1g 1f2f3f 2m5z2m6m 777z 666p"],         # no seasons in American play
    ["1f2f3f 2m5z2m6m 777z 66666p"],          # five copies of 6p
    [PRACTICE_WIN, "--bonus", "4f"],           # flowers are hand tiles
    [PRACTICE_WIN, "--discarder", "E"],        # the winner's own discard
    [PRACTICE_WIN, "--card", "/no/such.card"],
    [PRACTICE_WIN, "--option", "discard_payment=triple"],
    ["(1111s) 1f2f3f 2m5z2m6m 777z"],         # no concealed kongs declared
])
def test_score_malformed_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 2: malformed input or options, a message on standard error, nothing on out."""
    status, out, err = run(["score", "--rules", "american", *argv, "--json"], capsys)
    assert status == 2 and not out and err.startswith("mahjong-table score: error:")


def test_score_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    """The readable breakdown names the line, the items and the payments."""
    status, out, _ = run(["score", "--rules", "american", PRACTICE_WIN], capsys)
    assert status == 0
    assert "Line: 2026 #2" in out and "Jokerless (doubled)" in out
    assert "Payments: E +240  S -60  W -60  N -120" in out
    status, out, _ = run(["score", "--rules", "american", "1f2f3f 2m5z2m6m 6666p"], capsys)
    assert status == 1 and "Not a winning hand" in out


def test_score_text_adds_up_and_shows_the_payment_rule_as_a_rule(
        capsys: pytest.CaptureFixture[str]) -> None:
    """rules/american/scoring.py: the line and the jokerless doubling add up to each payer's
    base, shown under them; self-drawn or on a discard is the payment rule ("Paid:"), with
    no points of its own, so no column reads as a hand worth more than it is."""
    status, out, _ = run(["score", "--rules", "american", "22m6m5z 666p 666s 444z1j",
                          "--self-drawn"], capsys)
    assert status == 0
    assert "American (NMJL style): 2m5z2m6m 666p 666s 444z1j" in out  # the year as written
    assert "Line: 2026 #1  2026a 666b 666c NNNN  (25 points on the card)" in out
    assert re.search(r"^ +\+25  2026 #1: .*\n +=25  Each payer's base\n"
                     r" +Paid:  Self-drawn: each player pays double +each of the three pays 50$",
                     out, re.M)
    assert "+25  Self-drawn" not in out
    status, out, _ = run(["score", "--rules", "american", PRACTICE_WIN], capsys)
    rows = [int(m) for m in re.findall(r"^ +\+(\d+)  ", out, re.M)]
    assert rows == [30, 30] and "=60  Each payer's base" in out
    assert re.search(r"^ +Paid:  On N's discard: the discarder pays double", out, re.M)


def test_joker_exchange_flag_is_american_only(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["score", "--rules", "hongkong", "234s567p777z111z88m",
                            "--joker-exchange"], capsys)
    assert status == 2 and "american" in err


# ----- analyze -------------------------------------------------------------------------


def test_analyze_json(capsys: pytest.CaptureFixture[str]) -> None:
    """NOTATION: one entry per line, nearest first, tiles_away and needs (mpsz)."""
    status, out, _ = run(["analyze", "--rules", "american", "1f2f3f 2m5z2m6m 77z7m 6666p",
                          "--json"], capsys)
    assert status == 0
    j = json.loads(out)
    # NOTATION.md's "lines" first; the advisor's "advice" and "charleston" beside it
    assert list(j) == ["lines", "advice", "charleston"]
    assert len(j["lines"]) == len(practice_card().lines)
    first = j["lines"][0]
    assert list(first) == ["section", "number", "pattern", "tiles_away", "needs"]
    assert first == {"section": "2026", "number": 2, "pattern": "FFF 2026a DDDa 6666b",
                     "tiles_away": 1, "needs": "7z"}
    aways = [e["tiles_away"] for e in j["lines"]]
    assert aways == sorted(aways)


def test_analyze_json_nulls_with_exposures(card_file: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """A concealed line, and a line no exposure fits, are null (NOTATION)."""
    status, out, _ = run(["analyze", "--rules", "american", "[2222m] 1f2f 44m 66m",
                          "--card", card_file, "--json"], capsys)
    assert status == 0
    lines = json.loads(out)["lines"]
    assert lines[0] == {"section": "Evens", "number": 1, "pattern": "FF 2222a 44a 6666a 88a",
                        "tiles_away": 4, "needs": "6688m"}
    assert [e["tiles_away"] for e in lines[1:]] == [None, None]
    assert [e["needs"] for e in lines[1:]] == ["", ""]


def test_analyze_text_with_advice(capsys: pytest.CaptureFixture[str]) -> None:
    """Text: the nearest lines with their needs, discard advice for 14 tiles, the
    Charleston pass advice for a hand with no exposures."""
    status, out, _ = run(["analyze", "--rules", "american", "1f2f3f 2m5z2m6m 77z7m 6666p"],
                         capsys)
    assert status == 0
    assert "1. 2026 #2" in out and "1 away, needs 7z" in out
    assert "Advice: discard 7m. Why: win " in out
    assert "points expected: 1 away from 2026 #2" in out
    assert "Charleston: pass 7m" in out


@pytest.mark.parametrize("argv", [
    ["[111j] 1f2f3f 2m5z2m6m"],
    ["1f2f3f 2m5z2m6m 77z7m 6666p 1m"],        # fifteen tiles
    ["1f2f", "--card", "/no/such.card"],
    ["1f2f", "--seen", "1m"],
])
def test_analyze_malformed_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["analyze", "--rules", "american", *argv], capsys)
    assert status == 2 and not out and err.startswith("mahjong-table analyze: error:")


def test_analyze_card_option_is_american_only(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["analyze", "123m456p789s1123z", "--card", "practice"], capsys)
    assert status == 2 and "american" in err


# ----- advice ------------------------------------------------------------------------


def advice_for(tmp_path: Path, position: str) -> Any:
    """The advisor's advice for player 0 of ``position`` (body lines) played with the card
    of CARD_TEXT."""
    from mahjong_table.advisor import advise
    from mahjong_table.engine import Game

    card = tmp_path / "card.txt"
    card.write_text(CARD_TEXT)
    game = Game.from_position(f"american card={card}\n{position}", 0)
    return advise(game.view(0), game.rules)


def test_discard_advice_keeps_the_nearest_line(tmp_path: Path) -> None:
    """001 Part one 07: the discard that keeps the hand nearest the card's lines; a joker is
    kept (it fills any group of three or more)."""
    advice = advice_for(tmp_path, "0: 1f2f2222m44m6666m8m 9p\nturn 0 drew 9p")
    assert advice.text == "discard 9p"
    assert advice.lines[0].away == 1
    advice = advice_for(tmp_path, "0: 1f2f2222m44m6666m8m 1j\nturn 0 drew 1j")
    assert advice.action.kind.value == "discard" and advice.action.tile != Tile.parse("1j")
    assert all(o.action.tile != Tile.parse("1j") for o in advice.options[:1])


def test_charleston_advice_never_passes_jokers(tmp_path: Path) -> None:
    """001 Part one 06: jokers cannot be passed; pass what the nearest lines use least."""
    advice = advice_for(tmp_path, "dealer 1\n0: 1f2f2222m44m1j1j9p4s7z\n"
                                  "charleston first_right")
    passed = advice.action.tiles
    assert len(passed) == 3
    assert Tile.parse("1j") not in passed
    assert set(passed) == {Tile.parse("9p"), Tile.parse("4s"), Tile.parse("7z")}
    advice = advice_for(tmp_path, "dealer 1\n0: 2222m4444m1j1j1j1j9p\ncharleston first_right")
    assert Tile.parse("1j") not in advice.action.tiles
    assert Tile.parse("9p") in advice.action.tiles


def test_a_joker_exchange_win_names_no_discarder(capsys: pytest.CaptureFixture[str]) -> None:
    """Found by a new-user test: ``--joker-exchange --discarder S`` was accepted and paid as
    self-drawn. A win right after a joker exchange is paid as self-drawn unless the option
    joker_exchange_win=discard says otherwise."""
    from mahjong_table.cli import main

    hand = "22m6m5z 666p 666s 444z1j"
    assert main(["score", "--rules", "american", hand, "--joker-exchange",
                 "--discarder", "S", "--json"]) == 2
    assert "joker_exchange_win=discard" in capsys.readouterr().err
    assert main(["score", "--rules", "american", hand, "--joker-exchange", "--discarder", "S",
                 "--option", "joker_exchange_win=discard", "--json"]) == 0
    assert main(["score", "--rules", "american", hand, "--win-tile", "1j", "--discarder",
                 "S"]) == 2
    assert "discarded joker is dead" in capsys.readouterr().err


def test_a_joker_exchange_win_is_never_jokerless(capsys: pytest.CaptureFixture[str]) -> None:
    """Found by a new-user test: ``--joker-exchange`` with a hand holding no joker was scored
    jokerless and paid double. The joker taken in the exchange completes the hand (001 Part
    one "Joker exchange"): without --win-tile it is the winning tile; a hand without one, or
    another --win-tile, is refused by name."""
    from mahjong_table.cli import main

    jokerless = "2m5z2m6m666p666s4444z"
    assert main(["score", "--rules", "american", jokerless, "--joker-exchange"]) == 2
    err = capsys.readouterr().err
    assert "1j" in err and "jokerless" not in err
    assert main(["score", "--rules", "american", "22m6m5z 666p 666s 444z1j", "--joker-exchange",
                 "--win-tile", "2m"]) == 2
    assert "the winning tile is 1j, not 2m" in capsys.readouterr().err
    status, j = score_json(["22m6m5z 666p 666s 444z1j", "--joker-exchange"], capsys)
    assert status == 0 and j["jokerless"] is False


def test_the_american_bot_refuses_rules_without_a_card(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """Found by a new-user test: ``simulate --rules hongkong --bots american,...`` ran and
    every hand was drawn. The american bot plays a card: other rules get a clear error."""
    from mahjong_table.cli import main

    assert main(["simulate", "--rules", "hongkong", "--games", "1", "--hands", "1",
                 "--bots", "american,random,random,random"]) == 2
    assert "plays a card of lines" in capsys.readouterr().err


# ----- a line with alternatives (issue 21) -------------------------------------------------

ALTERNATIVES_TEXT = """card: alternatives
[Winds]
NNNN 111a 222a 3333a {any}  (North or South, any 3 consecutive numbers)  X 25
| SSSS 111a 222a 3333a {any}
RRRR GGGG 111a 111b {any}   (Red and Green, like numbers in two suits)   X 30
"""


def test_a_line_with_alternatives_is_one_line_in_score_and_analyze(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A line with a | alternative is one line under its number in ``score`` and ``analyze``
    (NOTATION.md keys unchanged): either pattern wins it, the pattern shown is both joined by
    " | ", and analyze lists it once."""
    path = tmp_path / "alternatives.card"
    path.write_text(ALTERNATIVES_TEXT, encoding="utf-8")
    joined = "NNNN 111a 222a 3333a {any} | SSSS 111a 222a 3333a {any}"
    for winds in ("4444z", "2222z"):
        status, j = score_json([f"{winds} 555s 666s 7777s", "--card", str(path)], capsys)
        assert status == 0
        assert j["line"] == {"section": "Winds", "number": 1, "pattern": joined}
        assert j["points"] == 25
    status, j = score_json(["7777z 6666z 333m 333p", "--card", str(path)], capsys)
    assert status == 0 and j["line"]["number"] == 2
    status, out, _ = run(["analyze", "--rules", "american", "2222z 555s 666s 777s",
                          "--card", str(path), "--json"], capsys)
    assert status == 0
    lines = json.loads(out)["lines"]
    assert [(e["section"], e["number"]) for e in lines] == [("Winds", 1), ("Winds", 2)]
    assert lines[0] == {"section": "Winds", "number": 1, "pattern": joined,
                        "tiles_away": 1, "needs": "7s"}
