"""Hong Kong scoring (rule book 004 s07, Mahjong Time): one test per fan item and limit hand,
the worked example of 004 s06, the payment examples, exclusions, and properties."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_table.analysis.decompose import is_seven_pairs, is_thirteen_orphans
from mahjong_table.melds import Hand, Meld, MeldKind, parse_hand
from mahjong_table.message import Message
from mahjong_table.rules import hongkong_scoring as hk
from mahjong_table.rules.hongkong_scoring import (
    ITEMS,
    ITEMS_BY_ID,
    LIMIT_BASE,
    Reading,
    false_mahjong_payments,
    fan_to_base,
    payments,
    readings,
    score_hand,
    validate_context,
)
from mahjong_table.scoring import ScoreResult, WinContext, wind_index
from mahjong_table.tiles import HONG_KONG_TILE_SET, TILES, Tile, counts_of, parse_tiles

RULE_BOOK = Path(__file__).resolve().parents[2] / "shared" / "rules"


def make_ctx(hand: str, win: str | None = None, *, seat: str = "E", round_wind: str = "E",
             self_drawn: bool = False, discarder: str | None = None, bonus: str = "",
             last_tile: bool = False, robbing_kong: bool = False,
             kong_replacement: bool = False, heavenly: bool = False,
             earthly: bool = False) -> WinContext:
    """A context like the CLI builds: default discarder is the player before the winner."""
    h = parse_hand(hand, HONG_KONG_TILE_SET)
    s = wind_index(seat)
    d: int | None
    if self_drawn:
        d = None
    elif discarder is not None:
        d = wind_index(discarder)
    else:
        d = (s - 1) % 4
    return WinContext(
        hand=h,
        win_tile=Tile.parse(win) if win else h.concealed[-1],
        seat_wind=s,
        round_wind=wind_index(round_wind),
        self_drawn=self_drawn,
        discarder=d,
        bonus=tuple(parse_tiles(bonus)),
        last_tile=last_tile,
        robbing_kong=robbing_kong,
        kong_replacement=kong_replacement,
        heavenly=heavenly,
        earthly=earthly,
    )


def score(hand: str, win: str | None = None, **kw: object) -> ScoreResult:
    return score_hand(make_ctx(hand, win, **kw))  # type: ignore[arg-type]


def ids(result: ScoreResult) -> list[str]:
    return [i.id for i in result.items]


def fan_of(result: ScoreResult, item_id: str) -> int:
    return sum(i.fan for i in result.items if i.id == item_id)


# ----- conversion and payments ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("fan", "base"),
    [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16), (5, 16), (6, 16), (7, 32), (8, 32), (9, 32),
     (10, 64), (13, 64), (40, 64)],
)
def test_fan_to_base(fan: int, base: int) -> None:
    """004 s07 "Convert to exchange points": 0->1, 1->2, 2->4, 3->8, 4-6->16, 7-9->32,
    10+->64."""
    assert fan_to_base(fan) == base


def test_fan_to_base_rejects_negative() -> None:
    with pytest.raises(ValueError, match="negative"):
        fan_to_base(-1)


def test_payment_example_discard() -> None:
    """004 s07: "a base of 8 won on a discard gives +32 to the winner, -16 to the discarder and
    -8 to the other two"."""
    assert payments(8, 1, False, 2) == {0: -8, 1: 32, 2: -16, 3: -8}


def test_payment_example_self_drawn() -> None:
    """004 s07: "A self-drawn win on the same base gives +48 and -16 to each of the other
    three"."""
    assert payments(8, 1, True, None) == {0: -16, 1: 48, 2: -16, 3: -16}


def test_payments_no_east_doubling() -> None:
    """004 s07: East pays and receives like anyone else."""
    assert payments(8, 0, False, 1) == {0: 32, 1: -16, 2: -8, 3: -8}
    assert payments(8, 2, False, 0) == {0: -16, 1: -8, 2: 32, 3: -8}


@pytest.mark.parametrize(
    ("args", "message"),
    [((8, 0, False, None), "discarder"), ((8, 0, True, 1), "self-drawn"),
     ((8, 0, False, 0), "own discard"), ((8, 4, True, None), "winner")],
)
def test_payments_reject_bad_arguments(args: tuple[int, int, bool, int | None],
                                       message: str) -> None:
    with pytest.raises(ValueError, match=message):
        payments(*args)


def test_false_mahjong_on_claimed_discard() -> None:
    """004 s07: a false Mahjong "imposes 64 points on each of the other three, with double
    payment to the discarder if a tile was claimed"."""
    assert false_mahjong_payments(1, 0) == {0: 128, 1: -256, 2: 64, 3: 64}


def test_false_mahjong_self_drawn() -> None:
    """004 s07: a false self-drawn Mahjong pays 64 to each of the other three."""
    assert false_mahjong_payments(2, None) == {0: 64, 1: 64, 2: -192, 3: 64}


def test_false_mahjong_rejects_own_discard() -> None:
    with pytest.raises(ValueError, match="own discard"):
        false_mahjong_payments(1, 1)


# ----- the worked example ---------------------------------------------------------------------


def test_worked_example_004_s06() -> None:
    """004 s06 (scored by 004 s07): 2-3-4 bamboo, 5-6-7 circles, Red dragons, the East wind won
    on West's discard, pair of 8 characters; seat South, round East: 3 fan, base 8."""
    r = score("234s567p777z111z88m", "1z", seat="S", discarder="W")
    assert r.to_json() == {
        "rules": "hongkong",
        "valid": True,
        "hand": "234s 567p 777z 111z 88m",
        "fan": 3,
        "limit": None,
        "base": 8,
        "items": [
            {"id": "dragon_pung", "name": "Pung of Red dragons", "fan": 1},
            {"id": "round_wind_pung", "name": "Pung of East wind (round wind)", "fan": 1},
            {"id": "no_bonus", "name": "No flowers or seasons", "fan": 1},
        ],
        "decomposition": ["234s", "567p", "777z", "111z", "88m"],
        "payments": {"E": -8, "S": 32, "W": -16, "N": -8},
    }
    assert all(i.explanation for i in r.items)


# ----- fan items ------------------------------------------------------------------------------


def test_dragon_pung() -> None:
    """004 s07: "Each brelan or square of Dragon: 1 fan" - one item per dragon pung or kong."""
    r = score("123m456p789s777z55m", seat="S")
    assert [i.name for i in r.items if i.id == "dragon_pung"] == ["Pung of Red dragons"]
    r = score("[5555z] [6666z] 123m456p11m", seat="S")
    names = [i.name for i in r.items if i.id == "dragon_pung"]
    assert names == ["Kong of White dragons", "Kong of Green dragons"]
    assert fan_of(r, "dragon_pung") == 2


def test_dragon_pair_scores_nothing() -> None:
    """004 s07 counts dragon pungs and kongs, not a dragon pair."""
    r = score("123m456p789s234m77z", seat="S")
    assert "dragon_pung" not in ids(r)


def test_seat_wind_pung() -> None:
    """004 s07: "Each brelan or square of your Wind: 1"."""
    r = score("222z123m456p789s55m", seat="S", round_wind="E")
    assert ids(r).count("seat_wind_pung") == 1
    assert "round_wind_pung" not in ids(r)
    assert r.fan == 2  # seat wind + no bonus


def test_round_wind_pung() -> None:
    """004 s07: "Each brelan or square of the prevailing Wind: 1"."""
    r = score("222z123m456p789s55m", seat="E", round_wind="S")
    assert ids(r).count("round_wind_pung") == 1
    assert "seat_wind_pung" not in ids(r)


def test_seat_wind_that_is_also_round_wind_scores_two() -> None:
    """004 s07: "if your Wind is also dominant, this group therefore returns 2"."""
    r = score("111z123m456p789s55m", seat="E", round_wind="E")
    assert fan_of(r, "seat_wind_pung") + fan_of(r, "round_wind_pung") == 2


def test_other_wind_pung_scores_nothing() -> None:
    """004 s07: only the seat and round winds score."""
    r = score("444z123m456p789s55m", seat="S", round_wind="E")
    assert r.fan == 1 and ids(r) == ["no_bonus"]


def test_all_chows() -> None:
    """004 s07: "Four runs and a pair: 1"."""
    r = score("123m456p789s234m55s", seat="S")
    assert ids(r) == ["all_chows", "no_bonus"] and r.fan == 2
    assert r.items[0].name == "Four runs and a pair"


def test_all_chows_with_scoring_pair() -> None:
    """004 s07 does not ask for a non-scoring pair: a dragon pair still gives all_chows."""
    r = score("123m456p789s234m77z", seat="S")
    assert "all_chows" in ids(r)


def test_all_chows_with_exposed_chows() -> None:
    """004 s07: exposed runs are runs too."""
    r = score("[123m] [456p] 789s234m55s", seat="S")
    assert "all_chows" in ids(r)


def test_all_pungs() -> None:
    """004 s07: "Four triplets or quads and a pair: 3"."""
    r = score("[111m] [3333p] 555s888m99p", seat="S")
    assert "all_pungs" in ids(r) and fan_of(r, "all_pungs") == 3
    assert r.fan == 4


def test_mixed_one_suit() -> None:
    """004 s07: "One numbered suit with honors: 3"."""
    r = score("123m456m789m444z22z", seat="S")
    assert ids(r) == ["mixed_one_suit", "no_bonus"]
    assert r.fan == 4 and r.base == 16


def test_pure_one_suit() -> None:
    """004 s07: "One suit without honors: 6 instead of the previous 3"."""
    r = score("123m456m789m234m55m", seat="S")
    assert "pure_one_suit" in ids(r)
    assert fan_of(r, "pure_one_suit") == 6


def test_pure_one_suit_excludes_mixed_one_suit() -> None:
    """004 s07: pure one suit is counted instead of mixed one suit, never with it."""
    r = score("123m456m789m234m55m", seat="S")
    assert "mixed_one_suit" not in ids(r)
    assert r.fan == 8  # all chows 1 + pure 6 + no bonus 1
    assert "mixed_one_suit" in ITEMS_BY_ID["pure_one_suit"].excludes


def test_seven_pairs() -> None:
    """004 s07: "Seven pairs: 4, in addition to other compatible patterns" (004 s05: distinct
    values, concealed)."""
    r = score("1133m5577p99s1122z", seat="S")
    assert ids(r) == ["seven_pairs", "no_bonus"] and r.fan == 5
    assert r.decomposition == ("11m", "33m", "55p", "77p", "99s", "11z", "22z")


def test_seven_pairs_with_compatible_patterns() -> None:
    """004 s07: seven pairs adds to one-suit, bonus and self-drawn items."""
    r = score("1133557799m1122z", seat="S", self_drawn=True)
    assert ids(r) == ["mixed_one_suit", "seven_pairs", "no_bonus", "self_drawn"]
    assert r.fan == 9 and r.base == 32


def test_seven_pairs_beats_all_chows_reading() -> None:
    """004 s07: the best reading counts; 112233m445566p77s is chows or seven pairs."""
    r = score("112233m445566p77s", seat="S")
    assert "seven_pairs" in ids(r) and "all_chows" not in ids(r)


def test_seven_pairs_need_distinct_values() -> None:
    """004 s05: four identical tiles are not two pairs."""
    r = score("1111m22m33p44p55s66s", seat="S")
    assert not r.valid and r.reason and "distinct" in r.reason


def test_seven_pairs_must_be_concealed() -> None:
    """004 s05: seven pairs are entirely concealed, so no declared meld."""
    r = score("[1111m] 22m33p44p55s6s", seat="S")
    assert not r.valid


def test_no_bonus() -> None:
    """004 s07: "No bonus Flower or Season: 1"."""
    assert "no_bonus" in ids(score("123m456p789s234m55s", seat="S"))
    r = score("123m456p789s234m55s", seat="S", bonus="3f")
    assert "no_bonus" not in ids(r) and r.fan == 1


def test_seat_flower() -> None:
    """004 s07: "each Flower ... corresponding to your seat earns 1, with East = 1, South = 2,
    West = 3, North = 4"."""
    r = score("123m456p789s234m55s", seat="S", bonus="2f")
    assert ids(r) == ["all_chows", "seat_flower"]
    r = score("123m456p789s234m55s", seat="S", bonus="1f")
    assert ids(r) == ["all_chows"]


def test_seat_season() -> None:
    """004 s07: "each ... Season corresponding to your seat earns 1"."""
    r = score("123m456p789s234m55s", seat="N", bonus="4g4f")
    assert ids(r) == ["all_chows", "seat_flower", "seat_season"] and r.fan == 3
    r = score("123m456p789s234m55s", seat="N", bonus="3g")
    assert "seat_season" not in ids(r)


def test_explanations_with_values_are_made_once_and_say_the_same() -> None:
    """004 s07, the seat flower and the self-drawn tile: an explanation with values (a
    Message) depends only on its facts, so a second scoring shares the first one's (issue
    25) and says the same words (a Message still, with its values); a hand with other facts
    gets its own."""
    first = score("123m456p789s234m55s", seat="S", bonus="2f", self_drawn=True)
    again = score("123m456p789s234m55s", seat="S", bonus="2f", self_drawn=True)
    assert ids(first) == ["all_chows", "seat_flower", "self_drawn"]
    for a, b in zip(first.items, again.items, strict=True):
        assert a.explanation is b.explanation or not isinstance(a.explanation, Message)
    why = {i.id: i.explanation for i in first.items}
    assert why["seat_flower"] == "Flower 2 (Orchid) (2f) is the South seat's flower"
    assert why["self_drawn"] == "the winning tile 5s was drawn, not claimed"
    assert isinstance(why["seat_flower"], Message)
    assert why["seat_flower"].values["code"] == "2f"
    other = score("123m456p789s234m55s", seat="W", bonus="3f", self_drawn=True)
    assert {i.id: i.explanation for i in other.items}["seat_flower"] == \
        "Flower 3 (Chrysanthemum) (3f) is the West seat's flower"
    assert len(hk._HITS) <= hk._HITS_LIMIT


def test_all_flowers() -> None:
    """004 s07: "Owning the four Flowers earns 2" (the seat flower is part of that form)."""
    r = score("123m456p789s234m55s", seat="W", bonus="1f2f3f4f")
    assert ids(r) == ["all_chows", "all_flowers"] and fan_of(r, "all_flowers") == 2
    assert "seat_flower" not in ids(r)


def test_all_seasons() -> None:
    """004 s07: "the four Seasons also 2"."""
    r = score("123m456p789s234m55s", seat="W", bonus="1g2g3g4g3f")
    assert ids(r) == ["all_chows", "seat_flower", "all_seasons"] and r.fan == 4


def test_self_drawn() -> None:
    """004 s07: "Draw the winning tile yourself: 1"."""
    r = score("123m456p789s234m55s", seat="S", self_drawn=True)
    assert ids(r) == ["all_chows", "no_bonus", "self_drawn"] and r.fan == 3
    assert r.payments == {0: -16, 1: 48, 2: -16, 3: -16}


def test_last_tile_draw() -> None:
    """004 s07: "Win on the last tile of the living wall: 1" (and self-drawn)."""
    r = score("123m456p789s234m55s", seat="S", self_drawn=True, last_tile=True)
    assert ids(r) == ["all_chows", "no_bonus", "self_drawn", "last_tile_draw"]


def test_last_tile_discard() -> None:
    """004 s07: "on its last discard: 1"."""
    r = score("123m456p789s234m55s", seat="S", discarder="N", last_tile=True)
    assert ids(r) == ["all_chows", "no_bonus", "last_tile_discard"]
    assert r.payments[3] == -2 * r.base


def test_robbing_kong_needs_the_fourth_copy() -> None:
    """004 s05: the robbed tile is the fourth copy, added to an exposed pung; a hand that
    holds another copy of it cannot have robbed it (malformed context)."""
    import pytest

    with pytest.raises(ValueError, match="fourth 1m"):
        score("111m456p789s234m55z", "1m", seat="S", discarder="W", robbing_kong=True)
    with pytest.raises(ValueError, match="fourth 5z"):
        score("123m456p789s234m55z", "5z", seat="S", discarder="W", robbing_kong=True)


def test_robbing_kong() -> None:
    """004 s07: "Steal the addition to a kong: 1"; the robbed player pays as a discarder."""
    r = score("123m456p789s234m55s", "4m", seat="S", discarder="W", robbing_kong=True)
    assert ids(r) == ["all_chows", "no_bonus", "robbing_kong"] and r.base == 8
    assert r.payments == {0: -8, 1: 32, 2: -16, 3: -8}


def test_kong_replacement() -> None:
    """004 s07: "Win on a replacement after kong: 1", a self-drawn win."""
    r = score("[1111m] 123p456p789s55s", seat="S", self_drawn=True, kong_replacement=True)
    assert ids(r) == ["no_bonus", "self_drawn", "kong_replacement"] and r.fan == 3


def test_small_three_dragons() -> None:
    """004 s07: "small three Dragons": 4 for this form, with fans of both Dragon bands."""
    r = score("555z777z66z123m456p", "6z", seat="S", discarder="E")
    assert ids(r) == ["dragon_pung", "dragon_pung", "small_three_dragons", "no_bonus"]
    assert r.fan == 7 and r.base == 32
    assert r.payments == {0: -64, 1: 128, 2: -32, 3: -32}


# ----- limit hands ----------------------------------------------------------------------------


def assert_limit(r: ScoreResult, limit: str) -> None:
    assert r.valid and r.limit == limit and r.base == LIMIT_BASE
    assert r.items[0].id == limit


def test_four_concealed_pungs() -> None:
    """004 s07 limit: "four hidden pungs with a self-drawn win"."""
    assert_limit(score("111m333p555s777z99m", seat="S", self_drawn=True),
                 "four_concealed_pungs")


def test_four_concealed_pungs_with_concealed_kong() -> None:
    """004 s07: a declared concealed kong stays hidden (docs/rules/hongkong.md)."""
    assert_limit(score("(1111m) 333p555s777z99m", seat="S", self_drawn=True),
                 "four_concealed_pungs")


def test_four_concealed_pungs_needs_self_drawn() -> None:
    """004 s07: won on a discard it is only all pungs (3 + red dragon 1 + no bonus 1)."""
    r = score("111m333p555s777z99m", "1m", seat="S", discarder="W")
    assert r.limit is None and r.fan == 5 and r.base == 16


def test_four_concealed_pungs_not_with_exposed_pung() -> None:
    """004 s07: all four pungs must be hidden."""
    r = score("[111m] 333p555s777z99m", seat="S", self_drawn=True)
    assert r.limit is None


def test_big_three_dragons() -> None:
    """004 s07 limit: "three groups of Dragons"."""
    assert_limit(score("555z666z777z123m99p", seat="S"), "big_three_dragons")


def test_small_four_winds() -> None:
    """004 s07 limit: "three groups of Winds with a pair of the fourth"."""
    assert_limit(score("111z222z333z44z123m", seat="S"), "small_four_winds")


def test_big_four_winds() -> None:
    """004 s07 limit: "four groups of Winds"."""
    assert_limit(score("111z222z333z444z55m", seat="S"), "big_four_winds")


def test_all_honours() -> None:
    """004 s07 limit: "one hand only of honours"."""
    assert_limit(score("111z222z555z444z66z", seat="S"), "all_honours")


def test_all_honours_seven_pairs() -> None:
    """004 s07: an all-honours seven pairs is all honours (a limit), seven pairs counted."""
    r = score("11223344556677z", seat="S")
    assert_limit(r, "all_honours")
    assert "seven_pairs" in ids(r)


def test_all_terminals() -> None:
    """004 s07 limit: "one hand only of terminals"."""
    assert_limit(score("111m999m111p999p11s", seat="S"), "all_terminals")


def test_four_kongs() -> None:
    """004 s07 limit: "four kongs"."""
    r = score("[1111m] [2222p] (3333s) [4444z] 55m", seat="S")
    assert_limit(r, "four_kongs")
    assert r.decomposition == ("[1111m]", "[2222p]", "(3333s)", "[4444z]", "55m")


def test_thirteen_orphans() -> None:
    """004 s05/s07: thirteen orphans is a special form and a limit hand."""
    r = score("19m19p19s1234567z1m", "1m", seat="S", discarder="W")
    assert_limit(r, "thirteen_orphans")
    assert r.payments == {0: -64, 1: 256, 2: -128, 3: -64}


def test_heavenly() -> None:
    """004 s07 limit: "victory of East from his hand distributed"."""
    r = score("123m33m444p666p777s", "7s", self_drawn=True, heavenly=True)
    assert_limit(r, "heavenly")
    assert r.payments == {0: 384, 1: -128, 2: -128, 3: -128}


def test_earthly() -> None:
    """004 s07 limit: "victory of another on the very first discard of East"."""
    r = score("123m33m444p666p777s", "7s", seat="W", discarder="E", earthly=True)
    assert_limit(r, "earthly")
    assert r.payments == {0: -128, 1: -64, 2: 256, 3: -64}


@pytest.mark.parametrize("extra", ["1m", "2m", "5m", "9m"])
def test_nine_gates(extra: str) -> None:
    """004 s07 limit: "hand hidden in a single family, 1112345678999 plus another tile of this
    family, without kong"."""
    assert_limit(score(f"1112345678999m{extra}", extra, seat="S", self_drawn=True),
                 "nine_gates")
    assert_limit(score(f"1112345678999p{extra[0]}p", f"{extra[0]}p", seat="S"), "nine_gates")


def test_nine_gates_needs_concealed_hand() -> None:
    """004 s07: nine gates is concealed, without kong: exposed sets break it."""
    r = score("[111m] 234567m999m55m", seat="S")
    assert r.limit is None and "pure_one_suit" in ids(r)


def test_jade_dragon() -> None:
    """004 s07 chosen scale: bamboo pungs with the Green dragon pung, pair of the same tiles."""
    assert_limit(score("222s444s[666z]888s99s", seat="S"), "jade_dragon")


def test_ruby_dragon() -> None:
    """004 s07 chosen scale: characters pungs with the Red dragon pung."""
    assert_limit(score("111m555m777z999m22m", seat="S"), "ruby_dragon")


def test_pearl_dragon() -> None:
    """004 s07 chosen scale: circles pungs with the White dragon pung (or kong)."""
    assert_limit(score("111p333p555z777p55p", seat="S"), "pearl_dragon")
    assert_limit(score("[5555z] 111p333p777p99p", seat="S"), "pearl_dragon")


@pytest.mark.parametrize(
    "hand",
    [
        "234s444s666z888s99s",  # a chow: not all pungs
        "222s444s888s999s66z",  # the dragon only as the pair
        "222s444s666z888s99m",  # the pair from another suit
        "222s444s777z888s99s",  # the wrong dragon
    ],
)
def test_chosen_scale_resembling_hands_are_not_limits(hand: str) -> None:
    """004 s07: "Do not give this value to a resembling hand that does not fill the same
    tiles"."""
    assert score(hand, seat="S").limit is None


# ----- exclusions, limits not added, best reading ---------------------------------------------


def test_limits_are_not_added() -> None:
    """004 s07: "These limits are not added between them: the base remains 64"."""
    r = score("555z666z777z111z22z", seat="S", self_drawn=True)
    assert r.limit == "big_three_dragons" and r.base == 64
    assert [i.id for i in r.items if ITEMS_BY_ID[i.id].limit] == ["big_three_dragons"]
    assert "all_honours" in r.items[0].explanation
    assert r.payments == {0: -128, 1: 384, 2: -128, 3: -128}


def test_limit_keeps_counted_fan() -> None:
    """NOTATION.md: for a limit hand ``fan`` is the fan counted; ``base`` is the limit."""
    r = score("555z666z777z123m99p", seat="S")
    assert r.limit == "big_three_dragons"
    assert r.fan == sum(i.fan for i in r.items) == 4  # three dragon pungs + no bonus


def test_best_decomposition() -> None:
    """004 s07: 11122233344s222z read as pungs (all pungs 3 + mixed 3 + no bonus 1) beats the
    chow reading; won by East on North's discard."""
    r = score("11122233344s222z", "1s", seat="E", discarder="N")
    assert r.fan == 7 and r.base == 32 and r.limit is None
    assert ids(r) == ["all_pungs", "mixed_one_suit", "no_bonus"]
    assert r.payments == {0: 128, 1: -32, 2: -32, 3: -64}
    assert sorted(r.decomposition) == ["111s", "222s", "222z", "333s", "44s"]


def test_best_reading_prefers_limit() -> None:
    """004 s07: the reading with the higher base wins: 111222333999m55m self-drawn read as
    pungs is four concealed pungs (a limit), read as chows only pure one suit."""
    r = score("111222333999m55m", seat="S", self_drawn=True)
    assert r.limit == "four_concealed_pungs"


def test_item_table_is_consistent() -> None:
    """Every item id is unique and snake_case; excludes/implies name known items; fan items
    have fan > 0 and limits fan 0."""
    seen: set[str] = set()
    for d in ITEMS:
        assert d.id not in seen and d.id.replace("_", "").isalnum() and d.id.islower()
        seen.add(d.id)
        assert (d.fan == 0) == d.limit
        assert d.rule
    for d in ITEMS:
        assert set(d.excludes) <= seen and set(d.implies) <= seen


@pytest.mark.skipif(not RULE_BOOK.is_dir(), reason="shared/rules not present")
def test_item_rules_quote_the_rule_book() -> None:
    """Each item's ``rule`` is a sentence of 004 s07 (quoted as the book writes it)."""
    book = next(RULE_BOOK.glob("004_*.txt")).read_text(encoding="utf-8")
    for d in ITEMS:
        assert d.rule in book, d.id


# ----- invalid and malformed ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "reason"),
    [
        ("1112345678999m1s", "four sets and a pair"),
        ("[123m] [456p] [789s] [111z] 6p4s", "pair"),
        ("123m456p789s11z", "11 tiles"),
        ("123m456p789s111z22z3z", "15 tiles"),
    ],
)
def test_not_winning(hand: str, reason: str) -> None:
    """004 s05: a winning hand is four sets and a pair or a special form."""
    r = score(hand, seat="S")
    assert not r.valid and r.reason and reason in r.reason
    assert r.to_json() == {"rules": "hongkong", "valid": False, "hand": r.hand,
                           "reason": r.reason}


def test_four_in_hand_can_be_used_otherwise() -> None:
    """004 s05: four identical tiles kept in hand (no kong declared) can be used in runs."""
    r = score("111123m456p789s55z", "3m", seat="S")
    assert r.valid


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hand": "123m456p789s111z22z", "win": "3p"}, "not among the concealed"),
        ({"hand": "123m456p789s111z22z", "bonus": "5f"}, "not in the Hong Kong"),
        ({"hand": "123m456p789s111z22z", "bonus": "1f1f"}, "copies of 1f"),
        ({"hand": "123m456p789s111z22z", "bonus": "1m"}, "not a flower"),
        ({"hand": "123m456p789s111z22z", "seat": "S", "discarder": "S"}, "own discard"),
        ({"hand": "123m456p789s111z22z", "self_drawn": True, "robbing_kong": True},
         "robbing"),
        ({"hand": "123m456p789s111z22z", "kong_replacement": True}, "self-drawn"),
        ({"hand": "123m456p789s111z22z", "self_drawn": True, "kong_replacement": True},
         "declared kong"),
        ({"hand": "123m456p789s111z22z", "seat": "S", "self_drawn": True, "heavenly": True},
         "East"),
        ({"hand": "123m456p789s111z22z", "heavenly": True}, "self-drawn"),
        ({"hand": "123m456p789s111z22z", "seat": "W", "discarder": "S", "earthly": True},
         "discarder is East"),
        ({"hand": "123m456p789s111z22z", "earthly": True, "discarder": "S"}, "another player"),
        ({"hand": "[1111m] 123p456p789s55s", "self_drawn": True, "last_tile": True,
          "kong_replacement": True}, "not a win on the last tile of the live wall"),
        ({"hand": "123m456p789s111z22z", "win": "1m", "discarder": "S", "last_tile": True,
          "robbing_kong": True}, "no robbed kong tile"),
    ],
)
def test_malformed_context_raises(kwargs: dict[str, object], message: str) -> None:
    """Malformed contexts raise ValueError naming the problem (the CLI exits 2)."""
    with pytest.raises(ValueError, match=message):
        score(**kwargs)  # type: ignore[arg-type]


def test_malformed_meld_raises() -> None:
    """004 s05: a pair is never an exposed meld; only a kong is declared concealed."""
    pair = Meld.of(parse_tiles("55m"))
    hand = Hand(tuple(parse_tiles("123m456p789s111z")), (pair,))
    with pytest.raises(ValueError, match="pair is not a meld"):
        score_hand(WinContext(hand, TILES[0], discarder=3))
    pung = Meld(MeldKind.PUNG, tuple(parse_tiles("555m")), exposed=False)
    hand = Hand(tuple(parse_tiles("123m456p789s11z")), (pung,))
    with pytest.raises(ValueError, match="only a kong"):
        score_hand(WinContext(hand, TILES[0], discarder=3))


def test_five_copies_raise() -> None:
    """004 s02: four copies of each tile."""
    hand = Hand(tuple(parse_tiles("22222m123p678s4m11z")))
    with pytest.raises(ValueError, match="copies of 2m"):
        score_hand(WinContext(hand, Tile.parse("4m"), discarder=3))


# ----- properties -----------------------------------------------------------------------------


@st.composite
def winning_contexts(draw: st.DrawFn) -> WinContext:
    """A random winning hand built from four random sets and a pair, with random melds,
    seats, circumstances and bonus tiles."""
    used = [0] * 34
    concealed: list[Tile] = []
    melds: list[Meld] = []
    for _ in range(4):
        kind = draw(st.sampled_from(["chow", "pung", "kong"]))
        if kind == "chow":
            start = draw(st.sampled_from(
                [s * 9 + r for s in range(3) for r in range(7)
                 if all(used[s * 9 + r + i] < 4 for i in range(3))]))
            tiles = [TILES[start + i] for i in range(3)]
        else:
            need = 4 if kind == "kong" else 3
            k = draw(st.sampled_from([k for k in range(34) if used[k] + need <= 4]))
            tiles = [TILES[k]] * need
        for t in tiles:
            used[t] += 1
        if kind == "kong":
            melds.append(Meld.of(tiles, exposed=draw(st.booleans())))
        elif draw(st.booleans()):
            melds.append(Meld.of(tiles))
        else:
            concealed.extend(tiles)
    pair = draw(st.sampled_from([k for k in range(34) if used[k] <= 2]))
    concealed.extend([TILES[pair]] * 2)
    concealed = draw(st.permutations(concealed))
    hand = Hand(tuple(concealed), tuple(melds))
    seat = draw(st.integers(0, 3))
    self_drawn = draw(st.booleans())
    discarder = None if self_drawn else draw(st.sampled_from([s for s in range(4) if s != seat]))
    bonus = tuple(draw(st.sets(st.sampled_from(TILES[34:38] + TILES[42:46]))))
    has_kong = any(m.is_kong for m in melds)
    kong_replacement = self_drawn and has_kong and draw(st.booleans())
    win_tile = draw(st.sampled_from(concealed))
    # a robbed tile is the fourth copy: the winner holds no other (004 s05)
    only_copy = sum(1 for t in hand.all_tiles() if t == win_tile) == 1
    robbing_kong = not self_drawn and only_copy and draw(st.booleans())
    last_tile = not (kong_replacement or robbing_kong) and draw(st.booleans())
    return WinContext(
        hand=hand,
        win_tile=win_tile,
        seat_wind=seat,
        round_wind=draw(st.integers(0, 3)),
        self_drawn=self_drawn,
        discarder=discarder,
        bonus=bonus,
        last_tile=last_tile,
        robbing_kong=robbing_kong,
        kong_replacement=kong_replacement,
    )


@settings(max_examples=300, deadline=None)
@given(winning_contexts())
def test_random_winning_hands_score(ctx: WinContext) -> None:
    """Any four sets and a pair is a winning hand: the base is a power of two up to the limit,
    payments sum to zero and the winner gains; exclusions and implications hold."""
    r = score_hand(ctx)
    assert r.valid, r.reason
    assert r.base in {1, 2, 4, 8, 16, 32, 64}
    assert r.base == (LIMIT_BASE if r.limit else fan_to_base(r.fan))
    assert sum(r.payments.values()) == 0
    assert r.payments[ctx.seat_wind] > 0
    assert all(v < 0 for s, v in r.payments.items() if s != ctx.seat_wind)
    got = set(ids(r))
    for i in got:
        d = ITEMS_BY_ID[i]
        assert not (set(d.excludes) & got), i
        assert set(d.implies) <= got, i
    assert sum(1 for i in r.items if ITEMS_BY_ID[i.id].limit) == (1 if r.limit else 0)
    assert r.fan == sum(i.fan for i in r.items)
    assert len(r.decomposition) == (7 if "seven_pairs" in got else 5)


def test_zero_fan_hand_wins() -> None:
    """004 s01/s03: no minimum fan; 0 fan gives base 1 (004 s07)."""
    r = score("123m456p789s222m55s", seat="E", bonus="3f")
    assert r.valid and r.fan == 0 and r.items == () and r.base == 1
    assert r.payments == {0: 4, 1: -1, 2: -1, 3: -2}


def test_every_item_has_its_own_test() -> None:
    """Each fan item and limit hand has a test named for it citing 004 s05 or s07."""
    for d in ITEMS:
        fn = globals().get(f"test_{d.id}")
        assert fn is not None, d.id
        doc = fn.__doc__ or ""
        assert "004 s07" in doc or "004 s05" in doc, d.id


# ----- scoring without search (issue 25, item 1) ------------------------------------------------


def _random_context(rng: random.Random) -> WinContext:
    """A random Hong Kong hand of four sets and a pair (some declared, often of one suit and
    close ranks, so that it reads several ways), seven pairs or thirteen orphans, with random
    circumstances; now and then one that is malformed or does not win."""
    roll = rng.random()
    melds: list[Meld] = []
    if roll < 0.08:
        kinds = rng.sample(range(34), 7)
        concealed = [k for k in kinds for _ in range(2)]
    elif roll < 0.12:
        orphans = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
        concealed = [*orphans, rng.choice(orphans)]
    else:
        concealed = []
        suit = rng.randrange(3)
        for _ in range(4):
            r = rng.random()
            lo = 9 * (suit if rng.random() < 0.7 else rng.randrange(3))
            if r < 0.5:
                start = lo + rng.randrange(7)
                tiles = [start, start + 1, start + 2]
            else:
                tiles = [lo + rng.randrange(9) if rng.random() < 0.6 else rng.randrange(34)] * (
                    4 if r > 0.92 else 3)
            if len(tiles) == 4 or rng.random() < 0.25:
                melds.append(Meld.of([TILES[t] for t in tiles],
                                     exposed=len(tiles) == 3 or rng.random() < 0.6))
            else:
                concealed += tiles
        pair = 9 * suit + rng.randrange(9) if rng.random() < 0.6 else rng.randrange(34)
        concealed += [pair, pair]
    if rng.random() < 0.05:
        concealed[rng.randrange(len(concealed))] = rng.randrange(34)  # mostly not a win
    rng.shuffle(concealed)
    self_drawn = rng.random() < 0.4
    seat = rng.randrange(4)
    flags = {name: rng.random() < 0.1 for name in ("last_tile", "robbing_kong",
                                                    "kong_replacement", "heavenly", "earthly")}
    if flags["last_tile"] and flags["kong_replacement"]:
        flags["last_tile"] = False
    return WinContext(
        hand=Hand(tuple(TILES[t] for t in concealed), tuple(melds)),
        win_tile=TILES[concealed[-1] if rng.random() < 0.97 else rng.randrange(34)],
        seat_wind=seat if rng.random() < 0.98 else 4,
        round_wind=rng.randrange(4),
        self_drawn=self_drawn,
        discarder=None if self_drawn else (seat + rng.randrange(1, 4)) % 4,
        bonus=tuple(TILES[t] for t in rng.sample((34, 35, 36, 37, 42, 43, 44, 45, 38),
                                                 rng.choice((0, 0, 1, 2, 4, 5, 8)))),
        **flags,
    )


def _sets_of(r: Reading) -> list[tuple[int, int, bool]]:
    kinds = {"chow": 0, "pung": 1, "kong": 2}
    return [(kinds[s.kind], int(s.tile), s.hidden) for s in r.sets]


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_item_counts_equal_the_detectors(seed: int) -> None:
    """004 s07, every item of the fan table: the counts score_hand works on (_hand_hits and
    _reading_hits) are, on every reading of random hands, the number of hits each item's
    detector finds; the fan and base _tally gives are _score_reading's."""
    ctx = _random_context(random.Random(seed))
    try:
        validate_context(ctx)
    except ValueError:
        return
    counts = counts_of(ctx.hand.all_tiles())
    shared = hk._hand_hits(ctx, counts)
    for r in readings(ctx):
        pair = -1 if r.pair is None else int(r.pair)
        hits = hk._reading_hits(shared, ctx, r.form, _sets_of(r), pair)
        assert hits == [len(d.detect(r)) for d in ITEMS], (ctx, r.form)
        scored = hk._score_reading(r)
        assert hk._tally(hits) == (scored.fan, scored.base)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14),
       st.sampled_from(["any", "pairs", "orphans"]))
def test_special_forms_in_one_pass_are_the_two_checks(kinds: list[int], shape: str) -> None:
    """004 s05, seven pairs and thirteen orphans: the one pass score_hand makes over a hand
    without melds says what is_seven_pairs and is_thirteen_orphans say."""
    if shape == "pairs":
        kinds = [k for k in kinds[:7] for _ in range(2)]
    elif shape == "orphans":
        kinds = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, kinds[0]]
    counts = [min(4, kinds.count(k)) for k in range(34)]
    if sum(counts) != 14:
        return
    bits = hk._special_forms(counts)
    assert bool(bits & 1) == is_seven_pairs(counts)
    assert bool(bits & 2) == is_thirteen_orphans(counts)


def _reference_score(ctx: WinContext) -> ScoreResult:
    """score_hand as it was written before issue 25: every detector on every reading."""
    validate_context(ctx)
    options = readings(ctx)
    if not options:
        return ScoreResult("hongkong", False, ctx.hand.notation(),
                           reason=hk._not_winning_reason(ctx))
    best = max((hk._score_reading(r) for r in options), key=lambda s: (s.base, s.fan))
    items = ((best.limit,) if best.limit else ()) + best.fan_items
    groups = best.reading.groups
    return ScoreResult("hongkong", True, " ".join(groups), best.fan,
                       best.limit.id if best.limit else None, best.base, items, groups,
                       payments(best.base, ctx.seat_wind, ctx.self_drawn, ctx.discarder))


def _outcome(score: Callable[[WinContext], ScoreResult], ctx: WinContext) -> object:
    try:
        result = score(ctx)
    except ValueError as exc:
        return ("error", str(exc))
    return (result, [(i.explanation, getattr(i.explanation, "values", None))
                     for i in result.items], result.to_json())


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_score_hand_equals_every_detector_on_every_reading(seed: int) -> None:
    """004 s07 "the best reading": score_hand (item counts on integers, the detectors run on
    the best reading only, the quick validation) gives the result, explanations and errors of
    running every detector on every reading, as before issue 25."""
    ctx = _random_context(random.Random(seed))
    assert _outcome(score_hand, ctx) == _outcome(_reference_score, ctx)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_quick_validation_accepts_only_valid_contexts(seed: int) -> None:
    """004 s02 (the tile set) and s05 (a win): _plain_counts vouches for a context only when
    validate_context accepts it, and then gives the counts of the concealed tiles and of all
    the playing tiles."""
    ctx = _random_context(random.Random(seed))
    plain = hk._plain_counts(ctx)
    if plain is not None:
        validate_context(ctx)
        assert plain == (counts_of(ctx.hand.concealed), counts_of(ctx.hand.all_tiles()))
