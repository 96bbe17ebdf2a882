"""MCR scoring (issue 10): the fan table, the combination principles, flowers and the 8-fan
minimum, payments, the ``score`` command, and a differential sample against pymahjonggb.

The rules: the Mahjong Competition Rules that rule book 001 Part two "Scoring" points to
(docs/rules/chinese.md "MCR scoring"); the fan table is ``rules/mcr_fans.py``.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from mahjong_table.cli import main
from mahjong_table.melds import parse_hand
from mahjong_table.rules import get_rule_set
from mahjong_table.rules.mcr_fans import FAN_TABLE, FANS, MINIMUM_FAN
from mahjong_table.rules.mcr_scoring import CHOW, KONG, PUNG, McrHand, mcr_fans, mcr_payments
from mahjong_table.scoring import WinContext
from mahjong_table.tiles import Tile, counts_of, parse_tiles

gb = pytest.importorskip("MahjongGB")

from bench.mcr import compare, departure, random_mcr_hand, reference  # noqa: E402


def hand(tiles: str, win: str, melds: tuple[tuple[int, int, bool], ...] = (),
         **kw: object) -> McrHand:
    """An :class:`McrHand` from concealed tiles (winning tile included)."""
    return McrHand(tuple(counts_of(parse_tiles(tiles))), melds, int(Tile.parse(win)),
                   **kw)  # type: ignore[arg-type]


def fans(h: McrHand) -> dict[str, int]:
    s = mcr_fans(h)
    assert s is not None
    return s.fans


def t(text: str) -> int:
    return int(Tile.parse(text))


# ----- the table -------------------------------------------------------------------------------

def test_mcr_table_has_81_fans_with_the_official_values() -> None:
    """MCR: 81 fans; 7 of 88, 6 of 64, 2 of 48, 3 of 32, 9 of 24, 6 of 16, 5 of 12, 9 of 8,
    7 of 6, 4 of 4, 10 of 2, 13 of 1; stable snake_case ids; exclusions name real fans."""
    assert len(FANS) == 81 == len({d.id for d in FANS}) == len({d.zh for d in FANS})
    by_value = Counter(d.fan for d in FANS)
    assert by_value == {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9, 6: 7, 4: 4,
                        2: 10, 1: 13}
    for d in FANS:
        assert d.id.isidentifier() and d.id == d.id.lower() and d.name and d.explanation
        for x in d.excludes:
            assert x in FAN_TABLE and FAN_TABLE[x].fan <= d.fan, (d.id, x)
    assert MINIMUM_FAN == 8


# ----- forms and principles ---------------------------------------------------------------------

@pytest.mark.parametrize(("tiles", "win", "kw", "want"), [
    # thirteen orphans excludes all types, concealed hand, single wait
    ("19m19p19s12345677z", "7z", {}, {"thirteen_orphans": 1}),
    # seven shifted pairs is not also seven pairs, full flush, concealed hand
    ("11223344556677m", "7m", {}, {"seven_shifted_pairs": 1}),
    # seven pairs with four of a kind: Tile Hog; self-drawn counts, fully concealed does not
    ("11112233445566p", "6p", {"self_drawn": True},
     {"seven_pairs": 1, "full_flush": 1, "tile_hog": 1, "self_drawn": 1, "lower_four": 0}),
    # lesser honours and knitted tiles with the whole knitted straight
    ("147m258p369s12345z", "5z", {"self_drawn": True},
     {"lesser_honours_and_knitted_tiles": 1, "knitted_straight": 1, "self_drawn": 1}),
    # greater honours and knitted tiles
    ("147m25p36s1234567z", "7z", {}, {"greater_honours_and_knitted_tiles": 1}),
    # knitted straight with a dragon pung and a wind pair: All Types
    ("147m258p369s11z555z", "5z", {},
     {"knitted_straight": 1, "dragon_pung": 1, "all_types": 1, "concealed_hand": 1}),
    # nine gates on a 5: two concealed pungs and a pung of terminals beside it
    ("11123455678999m", "5m", {},
     {"nine_gates": 1, "two_concealed_pungs": 1, "pung_of_terminals_or_honours": 1}),
    # pure straight: its chows give no Short Straight or Two Terminal Chows (non-separation)
    ("123m456m789m11p789s", "1p", {},
     {"pure_straight": 1, "mixed_double_chow": 1, "all_chows": 1, "concealed_hand": 1,
      "single_wait": 1}),
    # account once: 234567s 234567p is two Mixed Double Chows and one Short Straight
    ("234567s234567p55m", "5m", {},
     {"mixed_double_chow": 2, "short_straight": 1, "all_chows": 1, "concealed_hand": 1,
      "all_simples": 1, "single_wait": 1}),
])
def test_mcr_forms_and_combination_principles(tiles: str, win: str, kw: dict[str, bool],
                                              want: dict[str, int]) -> None:
    """MCR winning forms and the non-repeat, non-separation, account-once principles
    (docs/rules/chinese.md "MCR scoring")."""
    got = fans(hand(tiles, win, **kw))  # type: ignore[arg-type]
    assert got == {k: v for k, v in want.items() if v}


def test_mcr_big_four_winds_excludes_wind_fans() -> None:
    """Big Four Winds (88) is not also Big Three Winds, All Pungs, Prevalent or Seat Wind or
    Pung of Terminals or Honours (non-repeat)."""
    got = fans(hand("111222333444z55m", "5m", seat_wind=0, round_wind=0))
    assert "big_four_winds" in got
    for x in ("big_three_winds", "all_pungs", "prevalent_wind", "seat_wind",
              "pung_of_terminals_or_honours"):
        assert x not in got


def test_mcr_chicken_hand_is_8_fan_without_other_fans() -> None:
    """Chicken Hand: a winning hand with no other fan (flowers not counted) is worth 8."""
    melds = ((CHOW, t("2m"), True), (PUNG, t("6p"), True), (CHOW, t("3s"), True))
    s = mcr_fans(hand("789p11z", "9p", melds, flowers=2))
    assert s is not None and s.fans == {"chicken_hand": 1, "flower_tiles": 2}
    assert s.total == 10 and s.without_flowers == 8


def test_mcr_flowers_count_but_not_toward_the_minimum() -> None:
    """Flower Tiles: 1 fan each, added to the total but not toward the 8-fan minimum: a
    7-fan hand with three flowers does not win, and the reason says it has 7 fan."""
    rules = get_rule_set("chinese", scoring="mcr")
    h = parse_hand("123m456m789p11p234s")
    ctx = WinContext(hand=h, win_tile=Tile.parse("4s"), self_drawn=True,
                     bonus=tuple(parse_tiles("1f2f3g")))
    r = rules.score(ctx)
    assert not r.valid and r.reason is not None
    assert "7 fan without flowers" in r.reason and "at least 8" in r.reason
    ok = rules.score(WinContext(hand=parse_hand("123m456p789s11p234s"),
                                win_tile=Tile.parse("4s"), self_drawn=True,
                                bonus=tuple(parse_tiles("1f2f3g"))))
    assert ok.valid and [i.id for i in ok.items].count("flower_tiles") == 3


def test_mcr_payments_discard_and_self_drawn() -> None:
    """MCR payments: on a discard the discarder pays 8 + fan, the other two 8 each; on a
    self-drawn win each of the three pays 8 + fan."""
    assert mcr_payments(10, 1, False, 3) == {0: -8, 1: 34, 2: -8, 3: -18}
    assert mcr_payments(10, 1, True, None) == {0: -18, 1: 54, 2: -18, 3: -18}


def test_mcr_robbing_the_kong_is_paid_by_the_robbed_player() -> None:
    """Robbing the Kong (8 fan) wins in MCR and is paid as a discard by the robbed player; it
    excludes Last Tile."""
    rules = get_rule_set("chinese", scoring="mcr")
    ctx = WinContext(hand=parse_hand("123m456p789s11z465m"), win_tile=Tile.parse("5m"),
                     seat_wind=0, discarder=2, robbing_kong=True)
    r = rules.score(ctx)
    assert r.valid
    ids = [i.id for i in r.items]
    assert "robbing_the_kong" in ids and "last_tile" not in ids
    assert r.payments[2] == -(8 + r.fan) and r.payments[1] == r.payments[3] == -8


# ----- pymahjonggb -----------------------------------------------------------------------------

def test_pymahjonggb_departure_concealed_and_melded_kong() -> None:
    """Where pymahjonggb departs from MCR (docs/rules/chinese.md): one exposed and one
    concealed kong are Melded Kong (1) and Concealed Kong (2) in MCR's 81 fans; pymahjonggb
    scores its own 5-fan "Concealed Kong and Melded Kong" (明暗杠). The rule wins, and the
    differential check counts such hands apart."""
    h = hand("123p55s789s", "5s", ((KONG, t("1m"), True), (KONG, t("9p"), False)))
    ours = Counter(fans(h))
    ref = reference(gb, h)
    assert ref is not None
    assert ours["melded_kong"] == 1 and ours["concealed_kong"] == 1
    assert ref[1]["concealed_kong_and_melded_kong"] == 1
    assert departure(h, ours, ref[1]) == "concealed_and_melded_kong"


def test_mcr_differential_sample_against_pymahjonggb() -> None:
    """A sample of the bench differential (bench/mcr.py runs 100,000): random winning hands
    of every form with melds, concealed kongs and every circumstance; total and fans equal
    to pymahjonggb's, except the documented departures; unexplained mismatches: 0."""
    rng = random.Random(2026)
    verdicts: Counter[str] = Counter()
    bad = []
    for _ in range(3000):
        h = random_mcr_hand(rng)
        v, mt, tt, ours, ref = compare(gb, h)
        verdicts[v] += 1
        if v == "mismatch":
            bad.append((h, mt, tt, ours, ref))
    assert not bad, bad[:3]
    assert verdicts["equal"] > 2900


# ----- the score command ----------------------------------------------------------------------

def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["score", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_score_mcr_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    """``score --rules chinese --scoring mcr`` prints shared/NOTATION.md's object: fan total,
    limit null, items with MCR ids and names, the decomposition and payments."""
    status, out, err = run(["--rules", "chinese", "--scoring", "mcr", "[567m] 123m456p11z 789s",
                            "--discarder", "N", "--json"], capsys)
    assert status == 0, err
    assert json.loads(out) == {
        "rules": "chinese", "valid": True, "hand": "[567m] 123m 456p 11z 789s", "fan": 8,
        "limit": None, "base": 8,
        "items": [{"id": "mixed_straight", "name": "Mixed Straight", "fan": 8}],
        "decomposition": ["[567m]", "123m", "456p", "11z", "789s"],
        "payments": {"E": 32, "S": -8, "W": -8, "N": -16},
    }
    status, out, _ = run(["--rules", "chinese", "--option", "scoring=mcr",
                          "123m456m789p11p234s", "--json"], capsys)
    got = json.loads(out)
    assert status == 1 and got["valid"] is False and "5 fan" in got["reason"]


def test_score_mcr_circumstances_and_flowers(capsys: pytest.CaptureFixture[str]) -> None:
    """The options for a hand from a physical table: --self-drawn, --last-tile,
    --kong-replacement, --robbing-kong, --last-of-kind, --bonus (flowers)."""
    status, out, err = run(["--rules", "chinese", "--scoring", "mcr", "147m258p369s12345z",
                            "--self-drawn", "--last-tile", "--bonus", "1f2f", "--json"], capsys)
    assert status == 0, err
    ids = [i["id"] for i in json.loads(out)["items"]]
    assert ids == ["lesser_honours_and_knitted_tiles", "knitted_straight", "last_tile_draw",
                   "flower_tiles", "flower_tiles"]
    status, out, err = run(["--rules", "chinese", "--scoring", "mcr", "123m456p789s11z 456m",
                            "--win-tile", "6m", "--discarder", "N", "--last-of-kind", "--json"],
                           capsys)
    assert status == 0, err
    assert "last_tile" in [i["id"] for i in json.loads(out)["items"]]
    status, out, err = run(["--rules", "chinese", "--scoring", "mcr", "(1111m) 456p789s11z456m",
                            "--kong-replacement", "--json"], capsys)
    assert status == 0, err
    assert "out_with_replacement_tile" in [i["id"] for i in json.loads(out)["items"]]
    status, out, err = run(["--rules", "chinese", "--scoring", "mcr", "123m456p789s11z99m",
                            "--last-of-kind", "--json"], capsys)
    assert status == 2 and "last of its kind" in err


# ----- mismatches found against pymahjonggb on the way, each a named test --------------------

def test_mcr_big_three_winds_with_the_wind_pungs_counted_once() -> None:
    """Big Three Winds (12) with a pung of the prevalent and of the seat wind (East, East
    here): the three wind pungs are counted once as Big Three Winds (no Pung of Terminals or
    Honours for them), beside Three Concealed Pungs, One Voided Suit, Concealed Hand and
    Single Wait; equal to pymahjonggb (a miscount of the pungs was found on the way)."""
    h = hand("111z222z333z123m55p", "5p")
    assert fans(h) == {"big_three_winds": 1, "three_concealed_pungs": 1,
                       "one_voided_suit": 1, "concealed_hand": 1, "single_wait": 1,
                       "prevalent_wind": 1, "seat_wind": 1}
    assert compare(gb, h)[0] == "equal"


def test_mcr_knitted_straight_with_a_chow_and_its_waits() -> None:
    """Knitted Straight (12) with a chow and a pair: 147m258p369s 234s 11z won on 4s is
    Knitted Straight and Concealed Hand (14); its waits are both ends of the chow (1s, 4s),
    and with a knitted tile missing the wait is that tile (9s) (the knitted-straight waits
    were wrong on the way)."""
    from mahjong_table.analysis import waits
    from mahjong_table.analysis.mcr_forms import MCR_FORMS

    h = hand("147m258p369s234s11z", "4s")
    assert fans(h) == {"knitted_straight": 1, "concealed_hand": 1}
    assert compare(gb, h)[0] == "equal"
    ready = counts_of(parse_tiles("147m258p369s23s11z"))
    assert [str(w.tile) for w in waits(ready, 0, forms=MCR_FORMS)] == ["1s", "4s"]
    missing = counts_of(parse_tiles("147m258p36s234s11z"))
    assert [str(w.tile) for w in waits(missing, 0, forms=MCR_FORMS)] == ["9s"]


def test_mcr_self_drawn_counts_with_a_special_form() -> None:
    """Self-Drawn (1) counts with Seven Pairs (24) as with four sets and a pair (it was
    missing for the special forms on the way): 25 fan, equal to pymahjonggb."""
    from dataclasses import replace

    h = replace(hand("1133m5577p99s1144z", "4z"), self_drawn=True)
    assert fans(h) == {"seven_pairs": 1, "self_drawn": 1}
    assert compare(gb, h)[0] == "equal"


# ----- readings by suit code (issue 25, item 1) ----------------------------------------------


def test_suit_code_readings_equal_the_plain_search() -> None:
    """MCR "Winning hands" (four sets and a pair): decompose_sets, which reads each suit once
    by its code and combines the suits, gives exactly the readings of the plain search over
    the whole hand, on random hands of 2-14 tiles, fifth copies included, and on counts the
    code cannot hold (read without the cache)."""
    from mahjong_table.analysis.decompose import _readings
    from mahjong_table.analysis.mcr_forms import decompose_sets

    rng = random.Random(25)
    checked = 0
    for i in range(4000):
        counts = [0] * 34
        suit = rng.randrange(3)
        if i % 2:
            # sets and a pair, mostly in one suit, so that many hands have several readings
            for _ in range(rng.randrange(5)):
                s = suit if rng.random() < 0.7 else rng.randrange(4)
                if s < 3 and rng.random() < 0.6:
                    start = 9 * s + rng.randrange(7)
                    for t in range(start, start + 3):
                        counts[t] += 1
                else:
                    counts[9 * s + rng.randrange(9 if s < 3 else 7)] += 3
            counts[9 * suit + rng.randrange(9)] += 2
        else:
            for _ in range(rng.choice((2, 5, 8, 11, 14))):
                counts[9 * suit + rng.randrange(9) if rng.random() < 0.7
                       else rng.randrange(34)] += 1
        if i % 50 == 0:
            counts[rng.randrange(34)] += 3  # counts beyond the wall's four, read as they are
        ours = decompose_sets(counts, first_only=False)
        plain = _readings(counts, first_only=False) if sum(counts) % 3 == 2 else []
        # the plain search may find one reading twice, its sets in another order
        unique = {(p, tuple(sorted(sets, key=lambda x: (x[1], x[0] == "chow"))))
                  for p, sets in plain}
        assert sorted(ours) == sorted(unique), counts
        assert bool(decompose_sets(counts, first_only=True)) == bool(plain)
        checked += bool(plain)
    assert checked > 1500
    big = [0] * 34
    big[0] = 18  # beyond four bits: read without the cache
    big[5] = 2
    assert decompose_sets(big, first_only=False) == [(5, (("pung", 0),) * 6)]


def test_component_code_adds_a_tile_per_rank() -> None:
    """The code of a suit moves by ``2 << 4*r`` when a tile of rank ``r`` is added, tells
    suits from honours, and is -1 for a count outside 0-15."""
    from mahjong_table.analysis.mcr_forms import component_code

    counts = counts_of(parse_tiles("1123m4599p77z"))
    code = component_code(counts, 0, 9, True)
    counts[2] += 1
    assert component_code(counts, 0, 9, True) == code + (2 << 4 * 2)
    assert component_code(counts, 27, 7, False) != component_code(counts, 27, 7, True)
    counts[30] = 16
    assert component_code(counts, 27, 7, False) == -1
    counts[30] = -1
    assert component_code(counts, 27, 7, False) == -1


def test_unique_wait_by_suit_code_equals_trying_every_tile() -> None:
    """MCR "Single wait" / "Edge wait" / "Closed wait" need the hand to wait on one kind only:
    the code-keyed check agrees with adding each of the 34 kinds to the standing hand and
    asking for four sets and a pair (or seven pairs, fully concealed), on random winning
    hands."""
    from mahjong_table.analysis.mcr_forms import decompose_sets
    from mahjong_table.rules.mcr_scoring import _unique_wait

    rng = random.Random(26)
    for _ in range(3000):
        h = random_mcr_hand(rng)
        c = list(h.concealed)
        before = list(c)
        before[h.win_tile] -= 1
        waits = set()
        for t in range(34):
            before[t] += 1
            seven_pairs = sum(before) == 14 and all(x in (0, 2, 4) for x in before)
            if seven_pairs or decompose_sets(before, first_only=True):
                waits.add(t)
            before[t] -= 1
        assert _unique_wait(h, c) == (len(waits) == 1), (h, sorted(waits))
