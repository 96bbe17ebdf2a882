"""American scoring: validation, the line that pays most, jokerless doubling, every payment
option, and the JSON shape.

Rules: rule book 001 Part one "Use" / "Remove" (the 152 tiles), "Jokers", "Exposed sets",
"Winning the hand" (the card's points), "Joker exchange"; shared/NOTATION.md "American
readings" (jokerless, singles and pairs, the line that pays most) and the ``score`` JSON."""

from __future__ import annotations

from typing import Any

import pytest

from mahjong_table.melds import Hand, Meld, MeldKind, parse_hand
from mahjong_table.rules import get_rule_set
from mahjong_table.rules.american.card import parse_card
from mahjong_table.rules.american.scoring import (
    american_options,
    american_payments,
    score_american,
)
from mahjong_table.scoring import ScoreItem, ScoreResult, WinContext
from mahjong_table.tiles import AMERICAN_TILE_SET, TILES, Tile

CARD = parse_card("""card: scoring test
[Evens]
FF 2222a 44a 6666a 88a          X 25
FF 2222a 44a 6666a 88a          C 40
[Pairs]
NN EE WW SS 11a 22a 33a         C 50
""")
EVENS, EVENS_C, PAIRS = CARD.lines
E, S, W, N = range(4)


def ctx(text: str, *, seat: int = E, discarder: int | None = N, self_drawn: bool = False,
        joker_exchange: bool = False, win_tile: str | None = None, **extra: Any) -> WinContext:
    hand = parse_hand(text, AMERICAN_TILE_SET)
    win = hand.concealed[-1] if hand.concealed else hand.melds[-1].tile
    if joker_exchange:
        win = Tile.parse("1j")  # the joker taken completes the hand (001 "Joker exchange")
    if win_tile is not None:
        win = Tile.parse(win_tile)
    return WinContext(hand, win, seat_wind=seat, self_drawn=self_drawn,
                      discarder=None if self_drawn else discarder,
                      joker_exchange=joker_exchange, **extra)


def score(text: str, options: dict[str, Any] | None = None, **kw: Any) -> ScoreResult:
    return score_american(CARD, ctx(text, **kw), options or {})


def ids(result: ScoreResult) -> list[str]:
    return [i.id for i in result.items]


# ----- the line that pays most, jokerless doubling ----------------------------------------


def test_line_that_pays_most_and_jokerless_doubling_on_a_discard() -> None:
    """NOTATION: the line scored pays the winner most; a jokerless win doubles; League
    practice: the discarder pays twice, the other two once."""
    r = score("1f2f 2222m 44m 6666m 88m")
    assert r.valid and r.rules == "american"
    assert (r.extra["line"], r.fan, r.base) == (
        {"section": "Evens", "number": 2, "pattern": "FF 2222a 44a 6666a 88a"}, 40, 80)
    assert r.extra["jokerless"] is True
    assert r.payments == {E: 320, S: -80, W: -80, N: -160}
    assert ids(r) == ["line", "jokerless", "discarder_pays_double"]


def test_joker_win_is_not_doubled() -> None:
    """A joker among the fourteen tiles: no jokerless doubling (NOTATION)."""
    r = score("1f2f 2m111j 44m 6666m 88m")
    assert r.extra["jokerless"] is False
    assert r.payments == {E: 160, S: -40, W: -40, N: -80}
    assert ids(r) == ["line", "discarder_pays_double"]
    assert "2m111j" in r.decomposition


def test_exposed_joker_counts_against_jokerless() -> None:
    """'No joker among the fourteen tiles at Mahjong, exposures included' (NOTATION)."""
    r = score("[2m111j] 1f2f 44m 6666m 88m")
    assert r.extra["jokerless"] is False
    assert r.extra["line"]["number"] == 1  # the concealed line takes no exposure
    assert r.payments == {E: 100, S: -25, W: -25, N: -50}
    assert "[2m111j]" in r.decomposition


def test_concealed_line_is_not_scored_with_an_exposure() -> None:
    """001 "Understanding the NMJL card": a C line cannot hold an exposure, so the X line
    is the one paid, though the C line is worth more."""
    r = score("[2222m] 1f2f 44m 6666m 88m")
    assert (r.extra["line"]["number"], r.fan, r.base) == (1, 25, 50)


def test_singles_and_pairs_are_reported_jokerless_but_not_doubled() -> None:
    """NOTATION: a singles-and-pairs line is reported jokerless but not doubled."""
    r = score("44z 11z 33z 22z 11m 22m 33m")
    assert r.extra["line"] == {"section": "Pairs", "number": 1,
                               "pattern": "NN EE WW SS 11a 22a 33a"}
    assert r.extra["jokerless"] is True
    assert r.base == 50
    assert r.payments == {E: 200, S: -50, W: -50, N: -100}
    assert "jokerless_singles_and_pairs" in ids(r)


def test_jokerless_bonus_option_off() -> None:
    """Option jokerless_bonus=False: no doubling, still reported jokerless."""
    r = score("1f2f 2222m 44m 6666m 88m", {"jokerless_bonus": False})
    assert r.base == 40 and r.extra["jokerless"] is True
    assert r.payments == {E: 160, S: -40, W: -40, N: -80}
    assert "jokerless_no_bonus" in ids(r)


# ----- payment options ---------------------------------------------------------------


def test_discard_payment_all_single() -> None:
    """Option discard_payment=all_single: the discarder pays like the others."""
    r = score("1f2f 2m111j 44m 6666m 88m", {"discard_payment": "all_single"})
    assert r.payments == {E: 120, S: -40, W: -40, N: -40}
    assert "discard_single" in ids(r)


def test_self_drawn_all_double_and_all_single() -> None:
    """Option self_drawn_payment: all three pay double (default) or once."""
    r = score("1f2f 2m111j 44m 6666m 88m", self_drawn=True, seat=S)
    assert r.payments == {E: -80, S: 240, W: -80, N: -80}
    assert "self_drawn" in ids(r)
    r = score("1f2f 2m111j 44m 6666m 88m", {"self_drawn_payment": "all_single"},
              self_drawn=True, seat=S)
    assert r.payments == {E: -40, S: 120, W: -40, N: -40}
    assert "self_drawn_single" in ids(r)


def test_joker_exchange_win_paid_as_self_drawn_by_default() -> None:
    """Option joker_exchange_win=self_drawn (default): a win right after a joker exchange
    is paid as self-drawn, whoever discarded last."""
    r = score("1f2f 2m111j 44m 6666m 88m", joker_exchange=True, discarder=W)
    assert r.payments == {E: 240, S: -80, W: -80, N: -80}
    assert ids(r) == ["line", "joker_exchange_win", "self_drawn"]


def test_joker_exchange_win_paid_as_on_the_last_discard() -> None:
    """Option joker_exchange_win=discard: paid as a win on the last discard (discarder
    given); with no discard yet in the hand, nobody is charged for one: paid as self-drawn."""
    options = {"joker_exchange_win": "discard"}
    r = score("1f2f 2m111j 44m 6666m 88m", options, joker_exchange=True, discarder=W)
    assert r.payments == {E: 160, S: -40, W: -80, N: -40}
    r = score("1f2f 2m111j 44m 6666m 88m", options, joker_exchange=True, self_drawn=True)
    assert r.payments == {E: 240, S: -80, W: -80, N: -80}


def test_a_joker_exchange_win_is_completed_by_the_joker_taken() -> None:
    """001 Part one "Joker exchange": the joker taken is racked with the player's tiles and
    completes the hand, so the winning tile is a joker and the win is never jokerless.
    Found by a new-user test: a jokerless hand with --joker-exchange was paid double as
    jokerless."""
    with pytest.raises(ValueError, match="the winning tile is 1j, not 8m"):
        score("1f2f 2m111j 44m 6666m 88m", joker_exchange=True, win_tile="8m")
    with pytest.raises(ValueError, match="the winning tile is 1j"):
        score("1f2f 2222m 44m 6666m 88m", joker_exchange=True, win_tile="2m")
    with pytest.raises(ValueError):  # no joker in the hand to have been taken
        score("1f2f 2222m 44m 6666m 88m", joker_exchange=True)


def test_a_win_on_a_discarded_joker_is_refused() -> None:
    """001 Part one "Jokers": a discarded joker is dead, so no win is claimed on one (found by
    a new-user test: score accepted --win-tile 1j on a discard)."""
    with pytest.raises(ValueError, match="discarded joker is dead"):
        score("1f2f 2m111j 44m 6666m 88m", {}, discarder=W, win_tile="1j")
    r = score("1f2f 2m111j 44m 6666m 88m", {}, self_drawn=True, win_tile="1j")
    assert r.valid


def test_payments_sum_to_zero_for_every_option() -> None:
    """Payments by seat wind always sum to zero."""
    for discard in ("discarder_double", "all_single"):
        for drawn in ("all_double", "all_single"):
            for self_drawn in (False, True):
                for winner in range(4):
                    pays = american_payments(
                        30, winner, self_drawn, None if self_drawn else (winner + 1) % 4,
                        {"discard_payment": discard, "self_drawn_payment": drawn})
                    assert sum(pays.values()) == 0 and pays[winner] > 0


def test_bad_option_values_are_rejected() -> None:
    """Options take only their listed values (a bool option is no 1)."""
    assert american_options({})["discard_payment"] == "discarder_double"
    with pytest.raises(ValueError, match="discard_payment"):
        american_options({"discard_payment": "double"})
    with pytest.raises(ValueError, match="jokerless_bonus"):
        american_options({"jokerless_bonus": 1})


# ----- validation --------------------------------------------------------------------


@pytest.mark.parametrize(("text", "kw", "message"), [
    ("1f2f 2222m 44m 6666m 88m", {"self_drawn": False, "discarder": E}, "own discard"),
    ("1f2f 2222m 44m 6666m 88m", {"seat": 5}, "seat wind"),
])
def test_malformed_contexts(text: str, kw: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        score(text, **kw)


def test_no_seasons_and_the_tile_counts_of_the_american_set() -> None:
    """001 Part one "Remove: Seasons"; four of a tile, eight flowers, eight jokers."""
    season = Hand((*parse_hand("1f2f 2222m 44m 6666m 8m", AMERICAN_TILE_SET).concealed,
                   Tile.parse("1g")))
    with pytest.raises(ValueError, match="not in the American tile set"):
        score_american(CARD, WinContext(season, Tile.parse("1g"), discarder=N), {})
    five = Hand((*parse_hand("1f2f 2222m 44m 6666m 8m", AMERICAN_TILE_SET).concealed,
                 Tile.parse("2m")))
    with pytest.raises(ValueError, match="5 copies of 2m"):
        score_american(CARD, WinContext(five, Tile.parse("2m"), discarder=N), {})


def test_malformed_exposures_are_rejected() -> None:
    """NOTATION: an exposure holds a natural tile; no concealed kongs are declared; no
    bonus tiles in American play."""
    base = parse_hand("1f2f 44m 6666m 88m", AMERICAN_TILE_SET)
    jokers = Meld(MeldKind.PUNG, (TILES[46],) * 3)
    hand = Hand(base.concealed, (jokers,))
    with pytest.raises(ValueError, match="natural"):
        score_american(CARD, WinContext(hand, Tile.parse("8m"), discarder=N), {})
    kong = Meld(MeldKind.KONG, (Tile.parse("2m"),) * 4, exposed=False)
    with pytest.raises(ValueError, match="concealed kongs"):
        score_american(CARD, WinContext(Hand(base.concealed, (kong,)), Tile.parse("8m"),
                                        discarder=N), {})
    with pytest.raises(ValueError, match="bonus"):
        score("1f2f 2222m 44m 6666m 88m", bonus=(Tile.parse("3f"),))
    with pytest.raises(ValueError, match="kong"):
        score("1f2f 2222m 44m 6666m 88m", robbing_kong=True)


def test_not_winning_hands_are_valid_false_with_a_reason() -> None:
    """A well-formed hand that completes no line: valid false and the reason in words."""
    r = score("1f2f 2222m 44m 6666m 8m")
    assert not r.valid and r.reason is not None and "13 tiles" in r.reason
    assert r.to_json() == {"rules": "american", "valid": False,
                           "hand": "12f22224466668m", "reason": r.reason}
    r = score("1f2f 2222m 44m 6666m 8m9p")
    assert not r.valid and r.reason is not None
    assert "Evens #1" in r.reason and "1 tile away" in r.reason and "8m" in r.reason


# ----- JSON --------------------------------------------------------------------------


def test_json_shape() -> None:
    """NOTATION: ``points`` instead of ``fan``, plus ``line`` and ``jokerless``."""
    j = score("1f2f 2m111j 44m 6666m 88m").to_json()
    assert list(j) == ["rules", "valid", "hand", "points", "limit", "base", "items",
                       "decomposition", "payments", "line", "jokerless"]
    assert j["points"] == 40 and j["limit"] is None
    assert j["payments"] == {"E": 160, "S": -40, "W": -40, "N": -80}
    assert all(set(i) == {"id", "name", "points"} for i in j["items"])
    assert j["hand"] == " ".join(j["decomposition"])


def test_hong_kong_json_is_unchanged() -> None:
    """The additive fields leave other rule sets' JSON as it was (``fan``, no extras)."""
    r = ScoreResult("hongkong", True, "x", fan=3, base=8,
                    items=(ScoreItem("dragon_pung", "Pung of Red dragons", 1),))
    j = r.to_json()
    assert list(j) == ["rules", "valid", "hand", "fan", "limit", "base", "items",
                       "decomposition", "payments"]
    assert j["items"] == [{"id": "dragon_pung", "name": "Pung of Red dragons", "fan": 1}]


def test_rule_set_scores_with_its_card_and_options() -> None:
    """``get_rule_set("american").score`` is this scoring with the rule set's options."""
    rules = get_rule_set("american", discard_payment="all_single")
    hand = parse_hand("1f2f3f 2m5z2m6m 777z 6666p", AMERICAN_TILE_SET)
    r = rules.score(WinContext(hand, hand.concealed[-1], discarder=N))
    assert r.valid and r.extra["line"]["section"] == "2026"
    assert r.payments == {E: 180, S: -60, W: -60, N: -60}


# ----- groups written as the card writes them ----------------------------------------------

YEARS = parse_card("""card: years
[2026]
2026a 666b 666c NNNN            X 25
2a02b6c FFFFF 22222a            X 45
NEWS 1234a 5555a 11b            X 30
""")


@pytest.mark.parametrize(("hand", "groups"), [
    # the year 2026 in one suit: 2, Soap (5z), 2, 6 in one word, not "226m ... 5z"
    ("22m6m5z 666p 666s 444z1j", ("2m5z2m6m", "666p", "666s", "444z1j")),
    # a year across three suits, as 2a02b6c writes it
    ("2m5z2p6s 1f2f3f4f5f 22m111j", ("2m5z2p6s", "12345f", "22m111j")),
    # NEWS in the card's order and a run as one word each; an exposure stays a group
    ("1z2z3z4z 1234m [5555m] 11p", ("4132z", "1234m", "[5555m]", "11p")),
])
def test_decomposition_writes_each_group_as_the_card_writes_it(
        hand: str, groups: tuple[str, ...]) -> None:
    """docs/american-card.md: a year (``2026a``, ``2a02b6c``), a run or NEWS is one word
    of the pattern; the winning hand's groups follow the card's words and order."""
    result = score_american(YEARS, ctx(hand, self_drawn=True), {})
    assert result.valid, result.reason
    assert result.decomposition == groups
    assert result.hand == " ".join(groups)


def test_items_that_make_the_base_add_up_to_it_and_payment_rules_stand_apart() -> None:
    """rules/american/scoring.py: the line and the jokerless doubling add up to each payer's
    base; the self-drawn or discard payment rule says how the base is paid (PAYMENT_ITEMS),
    so a breakdown does not add it to the points."""
    from mahjong_table.rules.american.scoring import PAYMENT_ITEMS

    for kw in ({"self_drawn": True}, {"discarder": N}):
        for text in ("1f2f 2222m 44m 6666m 88m", "1f2f 2m111j 44m 6666m 88m"):
            r = score(text, **kw)
            made = [i for i in r.items if i.id not in PAYMENT_ITEMS]
            paid = [i for i in r.items if i.id in PAYMENT_ITEMS]
            assert sum(i.fan for i in made) == r.base
            assert len(paid) == 1 and paid[0].name.startswith(("Self-drawn", "On N's"))
