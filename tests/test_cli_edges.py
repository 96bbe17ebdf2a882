"""Rough edges of the command line found by a new user: values refused by their argparse
type, a position whose first line names no rule set, and a card file with several mistakes
(every one reported, each with its line and column)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_table.cli import build_parser, main
from mahjong_table.engine import Game
from mahjong_table.engine.position import PositionError, parse_position
from mahjong_table.rules.american.card import check_card_text, parse_card, read_card
from mahjong_table.rules.american.model import CardError

# ----- argparse types: --pace and --seed ------------------------------------------------


@pytest.mark.parametrize("pace", ["-1", "-0.5", "nan", "inf", "fast"])
def test_pace_must_be_a_number_of_seconds_zero_or_more(
        pace: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--pace SECONDS`` is a delay: a negative, infinite or non-numeric one is refused
    by the parser, with the value and what to give instead."""
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["play", f"--pace={pace}"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"argument --pace: {pace!r} is not a number of seconds: give 0 or more" in err


def test_pace_accepts_zero_and_fractions() -> None:
    """0 (no delay) and fractions of a second are paces."""
    assert build_parser().parse_args(["play", "--pace", "0"]).pace == 0.0
    assert build_parser().parse_args(["play", "--pace", "0.25"]).pace == 0.25


@pytest.mark.parametrize("command", [["play"], ["simulate", "--games", "1"],
                                     ["arena", "--bots", "random,random"]])
@pytest.mark.parametrize("seed", ["", "   "])
def test_an_empty_seed_is_refused_by_every_command_that_takes_one(
        command: list[str], seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A seed decides every wall; ``--seed ""`` is a slip (an unset shell variable), so
    play, simulate and arena refuse it rather than play from the empty text."""
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args([*command, "--seed", seed])
    assert stop.value.code == 2
    assert "argument --seed: the seed is empty" in capsys.readouterr().err


def test_any_other_seed_text_is_kept_as_given() -> None:
    """Seeds are text: numbers, words and spaces inside are kept as typed."""
    assert build_parser().parse_args(["play", "--seed", "my game 1"]).seed == "my game 1"
    assert build_parser().parse_args(["simulate", "--seed", "0"]).seed == "0"


# ----- positions: the first line names the rule set ----------------------------------------


@pytest.mark.parametrize("text", ["hello world", "hello", "Hongkong rounds=1",
                                  "0: 123m456p789s1122z 3z"])
def test_position_first_line_must_name_a_rule_set(text: str) -> None:
    """docs/ARCHITECTURE.md "Positions": the first line names the rule set and its options.
    A first line naming none says so (it said "option 'world' is not NAME=VALUE")."""
    with pytest.raises(PositionError) as err:
        parse_position(text)
    message = str(err.value)
    assert "position line 1" in message
    assert "the first line must name a rule set (american, chinese, hongkong)" in message
    assert "NAME=VALUE" in message and "not NAME=VALUE" not in message


def test_position_option_error_still_names_the_option() -> None:
    """With a rule set named, a word that is no NAME=VALUE is that option's error."""
    with pytest.raises(PositionError, match="option 'world' is not NAME=VALUE"):
        parse_position("hongkong world")
    assert Game.from_position("hongkong rounds=1\nturn 0", 0).rules.name == "hongkong"


@pytest.mark.parametrize("command", [["play", "--plain"], ["analyze"]])
def test_position_file_without_a_rule_set_is_refused_by_the_commands(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """play --position FILE and analyze --position FILE give that message, exit 2."""
    path = tmp_path / "pos.txt"
    path.write_text("hello world\n", encoding="utf-8")
    assert main([*command, "--position", str(path)]) == 2
    assert "the first line must name a rule set" in capsys.readouterr().err


# ----- a card file with several mistakes: every one, each with its line and column -------

BAD_CARD = """card: several mistakes
[2026]
FF 2026a 222b 22222c                 X 25
QQQ 2026a 666b 666c NNNN             X 25
2026a 666b 666c NNN                  X 25
11111a 11111a 1111a {any}            X 30
[Empty]
[Other]
FF 2026a 222b 22222c                 Z 25
"""
#: (line, column, the start of the problem), in the order of the file
BAD_CARD_PROBLEMS = [
    (4, 1, "unknown symbol 'Q' in 'QQQ'"),
    (5, 1, "the line has 13 tiles; a hand is 14"),
    (6, 1, "no variation of the line can be made: it needs 10 jokers"),
    (7, 1, "section 'Empty' has no lines"),
    (9, 38, "'Z' in 'Z' is no symbol: a zero (Soap, the White dragon) is 0"),
]


def test_card_with_several_mistakes_reports_every_one() -> None:
    """docs/american-card.md "Errors": each mistake is reported with its line and column;
    a card with several reports them all at once (reading and expanding), each on a line
    of its own, in one CardError whose ``problems`` are the single errors."""
    with pytest.raises(CardError) as caught:
        parse_card(BAD_CARD, "bad.card")
    exc = caught.value
    got = [(p.line, p.column, p.problem) for p in exc.problems]
    assert [(line, col) for line, col, _ in got] == [(ln, c) for ln, c, _ in BAD_CARD_PROBLEMS]
    for (_, _, problem), (_, _, start) in zip(got, BAD_CARD_PROBLEMS, strict=True):
        assert problem.startswith(start)
    lines = str(exc).splitlines()
    assert len(lines) == len(BAD_CARD_PROBLEMS)
    assert all(ln.startswith(f"bad.card:{line}:{col}: ")
               for ln, (line, col, _) in zip(lines, BAD_CARD_PROBLEMS, strict=True))
    assert (exc.line, exc.column, exc.source) == (4, 1, "bad.card")  # the first one
    assert isinstance(exc, ValueError)


def test_read_card_reports_every_reading_mistake_and_check_adds_expansion() -> None:
    """read_card (no expansion) reports the mistakes found reading; check_card_text adds
    those found expanding the lines that read well."""
    with pytest.raises(CardError) as reading:
        read_card(BAD_CARD, "bad.card")
    assert [p.line for p in reading.value.problems] == [4, 5, 7, 9]
    with pytest.raises(CardError) as checking:
        check_card_text(BAD_CARD, "bad.card")
    assert [p.line for p in checking.value.problems] == [4, 5, 6, 7, 9]


def test_one_mistake_is_one_error_as_before() -> None:
    """A single mistake is reported as before: ``source:line:column: problem``."""
    with pytest.raises(CardError) as caught:
        parse_card("[A]\nFF 2026a 222b 22222c X\n", "one.card")
    assert str(caught.value).count("\n") == 0
    assert str(caught.value).startswith("one.card:2:")
    assert caught.value.problems == (caught.value,)


def test_card_command_lists_every_mistake(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``mahjong-table card FILE`` prints every mistake on standard error, exit 2."""
    path = tmp_path / "bad.card"
    path.write_text(BAD_CARD, encoding="utf-8")
    assert main(["card", str(path)]) == 2
    err = capsys.readouterr().err
    for line, col, start in BAD_CARD_PROBLEMS:
        assert f"{path}:{line}:{col}: {start}" in err
