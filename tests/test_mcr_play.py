"""MCR at the table (issue 10): the engine's 8-fan minimum and its error, robbing the kong,
the circumstances taken from the game, the eight-flowers option, whole games with bots, and
the MCR forms in analysis (shanten, waits, advice, the analyze command).

Rules: the Mahjong Competition Rules that rule book 001 Part two "Scoring" points to; the
readings are in docs/rules/chinese.md ("MCR at the table", "MCR winning forms").
"""

from __future__ import annotations

import json
import random

import pytest

from mahjong_table.analysis.decompose import is_standard_complete
from mahjong_table.analysis.mcr_forms import (
    KNITTED_STRAIGHTS,
    MCR_FORMS,
    is_honours_and_knitted,
    is_knitted_straight_hand,
    is_mcr_winning,
)
from mahjong_table.analysis.waits import discard_options, waits
from mahjong_table.cli import main
from mahjong_table.engine import Action, ActionKind, Game
from mahjong_table.engine.actions import IllegalActionError
from mahjong_table.players import make_bot
from mahjong_table.players.base import play_game
from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import Tile, counts_of, parse_tiles

HEAD = "chinese rounds=1 scoring=mcr\nround E; hand 0; dealer 0\n"


def mahjong_ok(g: Game, p: int) -> bool:
    return any(a.kind is ActionKind.MAHJONG for a in g.legal_actions(p))


def settle(g: Game) -> None:
    """Everyone else still asked about the open discard or added kong passes."""
    while g.phase.value in ("claim", "rob") and g.to_act():
        g.apply(Action(ActionKind.PASS, g.to_act()[0]))


def last_result_items(g: Game) -> list[str]:
    r = g.results[-1]
    assert r.reason == "mahjong" and r.score is not None
    return [i.id for i in r.score.items]


# ----- the engine ---------------------------------------------------------------------------------

def test_mcr_minimum_refuses_a_self_drawn_mahjong_and_says_the_fan() -> None:
    """MCR: a Mahjong needs 8 fan without flowers. A complete hand worth 7 is not offered,
    and declaring it raises an error naming the 7 fan; the state is unchanged."""
    g = Game.from_position(HEAD + "0: 123m456m789p11p23s 4s\nturn 0 drew 4s\n", 3,
                           check_invariants=True)
    assert not mahjong_ok(g, 0)
    before = len(g.events)
    with pytest.raises(IllegalActionError, match=r"7 fan without flowers.*at least 8"):
        g.apply(Action(ActionKind.MAHJONG, 0))
    assert len(g.events) == before


def test_mcr_minimum_on_a_discard() -> None:
    """The minimum is checked in the circumstances of the win: on a discard the same tiles
    are worth less (Concealed Hand 2, not Fully Concealed Hand 4), so no Mahjong claim is
    offered, and the error says 5 fan; a hand with a Mixed Straight may claim."""
    g = Game.from_position(HEAD + "0: ? discards 4s\n1: 123m456m789p11p23s\ndiscard 0 4s\n", 3,
                           check_invariants=True)
    assert not mahjong_ok(g, 1)
    with pytest.raises(IllegalActionError, match=r"5 fan without flowers"):
        g.apply(Action(ActionKind.MAHJONG, 1))
    g = Game.from_position(HEAD + "0: ? discards 4s\n1: 123m456p789s11p23s\ndiscard 0 4s\n", 3,
                           check_invariants=True)
    assert mahjong_ok(g, 1)
    g.apply(Action(ActionKind.MAHJONG, 1))
    settle(g)
    items = last_result_items(g)
    assert "mixed_straight" in items and "concealed_hand" in items


def test_mcr_robbing_the_kong_wins_and_the_robbed_player_pays() -> None:
    """MCR "Robbing the Kong": the tile added to an exposed pung may be robbed to win (not in
    the simple scale); the robbed player pays as a discarder."""
    g = Game.from_position(HEAD + "0: [555m] 12399p11s678s 5m from 3\n"
                           "1: 123m456p789s11z46m\nturn 0 drew 5m\n", 5, check_invariants=True)
    g.apply(Action(ActionKind.ADDED_KONG, 0, Tile.parse("5m")))
    assert mahjong_ok(g, 1)
    g.apply(Action(ActionKind.MAHJONG, 1))
    settle(g)
    items = last_result_items(g)
    assert "robbing_the_kong" in items and "last_tile" not in items
    r = g.results[-1]
    assert r.score is not None
    assert r.payments[0] == -(8 + r.score.fan) and r.payments[2] == r.payments[3] == -8


def test_mcr_last_of_its_kind_comes_from_the_table() -> None:
    """MCR "Last Tile": the engine sees the other three copies of the winning tile in the
    discards and exposed sets, and the win scores it."""
    g = Game.from_position(HEAD + "0: ? discards 4s\n1: 123m456p789s11p23s\n"
                           "2: ? discards 4s\n3: [345s] 5566m7799p56z from 1 discards 4s\n"
                           "discard 0 4s\n", 5, check_invariants=True)
    assert mahjong_ok(g, 1)
    g.apply(Action(ActionKind.MAHJONG, 1))
    settle(g)
    assert "last_tile" in last_result_items(g)


@pytest.mark.parametrize(("scoring", "each"), [("simple", 1), ("mcr", 16)])
def test_eight_flowers_option_wins_with_its_payment(scoring: str, each: int) -> None:
    """Option eight_flowers (001 Part two "Flowers and Seasons": "some rules award an
    automatic win if a player collects all eight Flower and Season tiles"): the player may
    declare Mahjong whatever the hand, paid as a self-drawn win (simple: 1 each; MCR: 8 fan
    of flowers, 8 + 8 each). Without the option there is no such win."""
    text = (f"chinese rounds=1 scoring={scoring} eight_flowers=true\nround E; hand 0; dealer 0\n"
            "0: 1357m2468p1357s1z 9m bonus 1f2f3f4f1g2g3g4g\nturn 0 drew 9m\n")
    g = Game.from_position(text, 2, check_invariants=True)
    assert mahjong_ok(g, 0)
    g.apply(Action(ActionKind.MAHJONG, 0))
    r = g.results[-1]
    assert r.reason == "mahjong" and r.score is not None
    assert r.score.items[0].id == "eight_flowers"
    assert r.payments == (3 * each, -each, -each, -each)
    g = Game.from_position(text.replace(" eight_flowers=true", ""), 2, check_invariants=True)
    assert not mahjong_ok(g, 0)


def test_mcr_whole_games_with_bots_reach_8_fan() -> None:
    """Whole MCR hands between efficiency bots with invariants checked after every action:
    every win the engine accepts is worth at least 8 fan without flowers."""
    rules = get_rule_set("chinese", scoring="mcr", rounds=1)
    wins = 0
    for seed in range(2):
        game = Game(rules, seed=seed, max_hands=2, check_invariants=True)
        play_game(game, [make_bot("efficiency", seed=f"{seed}/{i}") for i in range(4)])
        for r in game.results:
            if r.reason == "mahjong":
                assert r.score is not None
                flowers = sum(1 for i in r.score.items if i.id == "flower_tiles")
                assert r.score.fan - flowers >= 8
                assert sum(r.payments) == 0
                wins += 1
    assert wins >= 1


# ----- analysis -----------------------------------------------------------------------------------

def _random_near_win(rng: random.Random) -> list[int]:
    """Fourteen concealed tiles near an MCR form (knitted ones included)."""
    c = [0] * 34
    kind = rng.random()
    if kind < 0.35:
        base = list(rng.choice(KNITTED_STRAIGHTS)) + rng.sample(range(27, 34), 5)
    elif kind < 0.5:
        base = [rng.randrange(34) for _ in range(7) for _ in range(2)]
    else:
        base = [rng.randrange(34) for _ in range(14)]
    for x in base:
        if c[x] < 4:
            c[x] += 1
    while sum(c) < 14:
        x = rng.randrange(34)
        if c[x] < 4:
            c[x] += 1
    for _ in range(rng.randrange(4)):  # a few tiles changed
        out = rng.choice([k for k in range(34) if c[k]])
        c[out] -= 1
        x = rng.randrange(34)
        while c[x] >= 4:
            x = rng.randrange(34)
        c[x] += 1
    return c


def test_mcr_forms_win_check_matches_shanten_and_waits_match_win_check() -> None:
    """The MCR forms' shanten is -1 exactly for MCR winning hands, and the waits of a ready
    hand are exactly the tiles that make an MCR winning hand (seven pairs with four of a
    kind, honours and knitted tiles, knitted straight with a set and a pair included)."""
    rng = random.Random(7)
    checked_waits = 0
    for _ in range(400):
        c = _random_near_win(rng)
        assert (MCR_FORMS.shanten(c) == -1) == is_mcr_winning(c), c
        d = rng.choice([k for k in range(34) if c[k]])
        c[d] -= 1
        if MCR_FORMS.shanten(c) == 0:
            got = {int(w.tile) for w in waits(c, 0, forms=MCR_FORMS)}
            want = set()
            for x in range(34):
                if c[x] < 4:
                    c[x] += 1
                    if is_mcr_winning(c):
                        want.add(x)
                    c[x] -= 1
            assert got == want, c
            checked_waits += 1
    assert checked_waits > 20


def test_mcr_special_form_checks() -> None:
    """Honours and knitted tiles, and a knitted straight with a set and a pair (one declared
    set at most): MCR "Winning hands"."""
    assert is_honours_and_knitted(counts_of(parse_tiles("147m25p36s1234567z")))
    assert not is_honours_and_knitted(counts_of(parse_tiles("147m258p36s1234566z")))
    assert is_knitted_straight_hand(counts_of(parse_tiles("147m258p369s11z555z")))
    assert is_knitted_straight_hand(counts_of(parse_tiles("147m258p369s11z")), melds=1)
    assert not is_knitted_straight_hand(counts_of(parse_tiles("147m258p369s11z")), melds=2)
    assert is_mcr_winning(counts_of(parse_tiles("11112233445566p")))
    assert not is_standard_complete(counts_of(parse_tiles("147m258p369s11z555z")))


def test_mcr_discard_advice_keeps_the_knitted_straight() -> None:
    """Discard advice over the MCR forms: from 147m258p369s1155z9m the best discard is 9m,
    which leaves the knitted straight ready on 1z or 5z (shanten 0)."""
    c = counts_of(parse_tiles("147m258p369s1155z9m"))
    best = discard_options(c, 0, forms=MCR_FORMS)[0]
    assert str(best.tile) == "9m" and best.shanten_after == 0
    assert {str(u.tile) for u in best.useful} == {"1z", "5z"}


def test_analyze_command_with_mcr_forms(capsys: pytest.CaptureFixture[str]) -> None:
    """``analyze --rules chinese --option scoring=mcr`` reads the MCR forms: honours and
    knitted tiles is a winning hand, a knitted straight one tile away is ready."""
    assert main(["analyze", "--rules", "chinese", "--option", "scoring=mcr",
                 "147m258p369s12356z", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["shanten"] == -1 and "honours_and_knitted" in got["forms"]
    assert main(["analyze", "--rules", "chinese", "--option", "scoring=mcr",
                 "147m258p369s11z55z", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["shanten"] == 0 and {w["tile"] for w in got["waits"]} == {"1z", "5z"}
    assert main(["analyze", "--rules", "chinese", "147m258p369s11z55z", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["shanten"] > 0
