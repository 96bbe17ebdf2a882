"""Scoring of booklet 001 Part two ("Scoring"): the beginner scale, one point to the winner,
with the hand checked as the Hong Kong scorer checks it; and the ``score`` command with
``--rules chinese``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mahjong_table.cli import main
from mahjong_table.melds import parse_hand
from mahjong_table.rules import RuleSetError, get_rule_set
from mahjong_table.rules.chinese import SCORING_SCALES, simple_payments
from mahjong_table.scoring import ScoreResult, WinContext
from mahjong_table.tiles import Tile, parse_tiles


def ctx(hand: str, win: str | None = None, **kw: Any) -> WinContext:
    h = parse_hand(hand)
    tile = Tile.parse(win) if win else h.concealed[-1]
    if "discarder" not in kw and not kw.get("self_drawn"):
        kw["discarder"] = (kw.get("seat_wind", 0) - 1) % 4
    if "bonus" in kw:
        kw["bonus"] = tuple(parse_tiles(kw["bonus"]))
    return WinContext(hand=h, win_tile=tile, **kw)


def score(hand: str, options: dict[str, Any] | None = None, **kw: Any) -> ScoreResult:
    return get_rule_set("chinese", **(options or {})).score(ctx(hand, **kw))


# ----- the beginner scale --------------------------------------------------------------------

def test_scoring_simple_one_point_to_the_winner_on_a_discard() -> None:
    """001 Part two "Scoring": "Beginners can simply award 1 point to the winner of each hand":
    fan (points) 1, base 1, one item "win"; each other player pays 1 (docs/rules/chinese.md),
    the discarder no more than the others."""
    r = score("234s567p777z111z88m", seat_wind=1, discarder=2)
    assert r.valid and r.rules == "chinese"
    assert r.fan == 1 and r.base == 1 and r.limit is None
    assert [(i.id, i.fan) for i in r.items] == [("win", 1)]
    assert r.decomposition == ("234s", "567p", "777z", "111z", "88m")
    assert r.hand == "234s 567p 777z 111z 88m"
    assert r.payments == {0: -1, 1: 3, 2: -1, 3: -1}
    assert sum(r.payments.values()) == 0


def test_scoring_simple_self_drawn_is_worth_the_same() -> None:
    """001 Part two "Scoring": every win is one point; a self-drawn win is paid the same way,
    1 by each other player."""
    r = score("123m456p789s11122z", seat_wind=3, self_drawn=True)
    assert r.valid and r.payments == {0: -1, 1: -1, 2: -1, 3: 3}


@pytest.mark.parametrize("winner", range(4))
def test_scoring_simple_payments_sum_to_zero(winner: int) -> None:
    """Payments are zero-sum: the winner +3, the others -1."""
    pays = simple_payments(winner)
    assert sum(pays.values()) == 0 and pays[winner] == 3
    assert sorted(pays.values()) == [-1, -1, -1, 3]


def test_scoring_melds_and_concealed_kongs() -> None:
    """001 Part two "Rules in detail": exposed sets and concealed kongs count as sets; a kong
    counts as one set."""
    r = score("[777z] (1111s) [234m] 456p 11z", win="1z")
    assert r.valid and r.decomposition == ("[777z]", "(1111s)", "[234m]", "456p", "11z")


def test_scoring_ignores_circumstances_and_bonus_tiles() -> None:
    """The beginner scale gives 1 point whatever the circumstances or bonus tiles."""
    r = score("123m456p789s11122z", self_drawn=True, bonus="1f2g", last_tile=True)
    assert r.valid and r.fan == 1 and r.payments[0] == 3


# ----- the hand is checked ----------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "words"), [
    ("123m456p789s1122z", ("13 tiles", "4 sets and 1 pair")),
    ("123m456p789s11z22z33z", ("15 tiles",)),
    ("1122m3344p5566s77z", ("seven pairs", "option seven_pairs")),
    ("19m19p19s12345677z", ("thirteen orphans", "option thirteen_orphans")),
    ("123m456p789s12345z", ("not 4 sets and 1 pair", "Winning a hand")),
    ("[123m] 456p789s12345z", ("do not complete", "declared")),
])
def test_winning_hand_four_sets_and_a_pair(hand: str, words: tuple[str, ...]) -> None:
    """001 Part two "Winning a hand": 4 sets and 1 pair; otherwise valid is False with the
    reason (seven pairs and thirteen orphans only with their options)."""
    r = score(hand)
    assert not r.valid and r.reason
    for w in words:
        assert w in r.reason
    assert r.to_json() == {"rules": "chinese", "valid": False, "hand": r.hand,
                           "reason": r.reason}


def test_special_forms_with_their_options() -> None:
    """Options seven_pairs and thirteen_orphans (not in the booklet) make those forms win,
    still for one point; four identical tiles are not two pairs."""
    r = score("1122m3344p5566s77z", {"seven_pairs": True})
    assert r.valid and r.fan == 1 and len(r.decomposition) == 7
    r = score("19m19p19s12345677z", {"thirteen_orphans": True})
    assert r.valid and r.fan == 1
    r = score("1111m3344p5566s77z", {"seven_pairs": True})
    assert not r.valid and r.reason and "distinct" in r.reason
    assert not score("19m19p19s12345677z", {"seven_pairs": True}).valid


@pytest.mark.parametrize(("hand", "kw", "options", "words"), [
    ("234s567p777z111z88m", {"bonus": "1f"}, {"bonus_tiles": False}, ("1f", "136")),
    ("234s567p777z111z8m1j", {}, {}, ("jokers",)),
    ("234s567p777z111z88m", {"discarder": 0}, {}, ("own discard",)),
    ("234s567p777z111z88m", {"win": "9m"}, {}, ("winning tile",)),
    ("234s567p777z111z88m", {"robbing_kong": True, "discarder": 2}, {}, ("robbing a kong",)),
    ("234s567p777z111z88888m", {}, {}, ("copies",)),
    ("234s567p777z111z88m", {"bonus": "5m"}, {}, ("not a flower or a season",)),
    ("[55m] 234s567p777z111z", {"win": "1z"}, {}, ("pair",)),
])
def test_malformed_context_raises(hand: str, kw: dict[str, Any], options: dict[str, Any],
                                  words: tuple[str, ...]) -> None:
    """A malformed context raises ValueError naming the problem, as the Hong Kong scorer does
    (the checks are shared); robbing a kong is not a Chinese win (docs/rules/chinese.md)."""
    rules = get_rule_set("chinese", **options)
    with pytest.raises(ValueError) as info:
        c = ctx(hand, **kw)
        rules.score(c)
    for w in words:
        assert w in str(info.value)


def test_scoring_option_names_the_scale() -> None:
    """001 Part two "Scoring": players agree on a scoring system. Option scoring: "simple"
    and "mcr" (the Mahjong Competition Rules the booklet cites, issue 10); an unknown scale
    errors clearly."""
    assert tuple(SCORING_SCALES) == ("simple", "mcr")
    assert get_rule_set("chinese", scoring="simple").options["scoring"] == "simple"
    assert get_rule_set("chinese", scoring="mcr").options["scoring"] == "mcr"
    with pytest.raises(RuleSetError, match=r"'points' is not available"):
        get_rule_set("chinese", scoring="points")


# ----- the score command ----------------------------------------------------------------------

def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["score", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_score_command_rules_chinese_json(capsys: pytest.CaptureFixture[str]) -> None:
    """``mahjong-table score --rules chinese HAND --json`` (shared/NOTATION.md): exit 0 and the
    JSON object with fan = points = 1."""
    status, out, err = run(["--rules", "chinese", "234s567p777z111z88m", "--seat-wind", "S",
                            "--discarder", "W", "--json"], capsys)
    assert status == 0, err
    got = json.loads(out)
    assert got == {
        "rules": "chinese", "valid": True, "hand": "234s 567p 777z 111z 88m", "fan": 1,
        "limit": None, "base": 1, "items": [{"id": "win", "name": "Mahjong", "fan": 1}],
        "decomposition": ["234s", "567p", "777z", "111z", "88m"],
        "payments": {"E": -1, "S": 3, "W": -1, "N": -1},
    }
    status, out, _ = run(["--rules", "chinese", "234s567p777z111z88m", "--scoring", "simple",
                          "--self-drawn", "--bonus", "1f3g", "--json"], capsys)
    assert status == 0 and json.loads(out)["payments"] == {"E": 3, "S": -1, "W": -1, "N": -1}


def test_score_command_rules_chinese_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """Text output; exit 1 for a hand that does not win; exit 2 with a message on standard
    error for ``--robbing-kong``; ``--scoring mcr`` scores by MCR (issue 10)."""
    status, out, _ = run(["--rules", "chinese", "234s567p777z111z88m"], capsys)
    assert status == 0 and "Mahjong" in out and "Payments" in out
    status, out, _ = run(["--rules", "chinese", "1122m3344p5566s77z", "--json"], capsys)
    assert status == 1 and json.loads(out)["valid"] is False
    status, out, err = run(["--rules", "chinese", "234s567p777z111z88m", "--scoring", "mcr",
                            "--json"], capsys)
    assert status == 0 and "dragon_pung" in {i["id"] for i in json.loads(out)["items"]}, err
    status, out, err = run(["--rules", "chinese", "234s567p777z111z88m", "--robbing-kong",
                            "--discarder", "W", "--json"], capsys)
    assert status == 2 and "robbing a kong" in err
