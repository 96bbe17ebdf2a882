"""Play rules of booklet 001 Part two (Chinese) as the engine applies them.

Test names carry the section: ``p2_01`` is 001 Part two step 01 (seating), ``p2_03`` breaking
the wall, ``p2_04`` dealing, ``p2_05`` play; unnumbered sections by name. Where the rule is the
same as in Hong Kong play the test is short; the differences from Hong Kong each have a test
that also shows the Hong Kong behaviour.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from mahjong_table.engine import Action, ActionKind, Game, Phase
from mahjong_table.rules import RuleSetError, get_rule_set
from mahjong_table.rules.base import Progress
from mahjong_table.rules.chinese import ChineseRules
from mahjong_table.tiles import (
    CHINESE_TILE_SET,
    CHINESE_TILE_SET_NO_BONUS,
    TILES,
    Tile,
    format_tiles,
)
from mahjong_table.wall import Wall, WallPosition, drawing_order
from table import act, arranged_game, kinds, late_position, set_hands

D, CK, AK, MJ = (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG,
                 ActionKind.MAHJONG)
CHOW, PUNG, KONG, PASS = ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG, ActionKind.PASS


def cn(seed: int | str = 1, **options: object) -> Game:
    return Game(get_rule_set("chinese", **options), seed)


def seats(g: Game) -> tuple[int, int, int, int]:
    e = g.dealer
    return e, (e + 1) % 4, (e + 2) % 4, (e + 3) % 4


def pass_all(g: Game) -> None:
    """Everyone still to answer a claim window passes."""
    while g.phase is Phase.CLAIM:
        p = g.to_act()[0]
        g.apply(Action(PASS, p))


def events_of(g: Game, etype: str) -> list[dict[str, Any]]:
    return [e.data for e in g.events if e.type == etype]


class ScriptedRandom(random.Random):
    """A random source whose ``randint`` returns scripted numbers (dice)."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(0)
        self.values: Iterator[int] = iter(values)

    def randint(self, a: int, b: int) -> int:
        v = next(self.values)
        assert a <= v <= b
        return v


# ----- setting up the game: tiles and options -----------------------------------------------

def test_p2_setup_144_tiles_and_default_options() -> None:
    """001 Part two "Setting up the game": suits, winds, dragons, 4 flowers, 4 seasons: 144
    tiles, no jokers; walls of 18 stacks (02). Defaults: 4 wind rounds, bonus tiles, no special
    forms, the simple scoring."""
    r = get_rule_set("chinese")
    assert isinstance(r, ChineseRules)
    assert r.options == {"rounds": 4, "bonus_tiles": True, "seven_pairs": False,
                         "thirteen_orphans": False, "scoring": "simple"}
    assert r.tile_set is CHINESE_TILE_SET and r.tile_set.size == 144
    assert r.stacks_per_wall == 18 and r.uses_bonus_tiles
    assert r.tile_set.copies[46] == 0  # no jokers
    assert r.special_forms() == ()
    assert repr(r).startswith("get_rule_set('chinese'")


def test_p2_flowers_and_seasons_136_tiles_walls_of_17() -> None:
    """001 Part two "Flowers and Seasons": "Some players choose to play without Flower and
    Season tiles, creating a 136-tile game": option bonus_tiles=False; the four walls are then
    17 stacks of two and no bonus tile ever appears."""
    r = get_rule_set("chinese", bonus_tiles=False)
    assert r.tile_set is CHINESE_TILE_SET_NO_BONUS and r.tile_set.size == 136
    assert r.stacks_per_wall == 17 and not r.uses_bonus_tiles
    for seed in range(10):
        g = Game(r, seed)
        assert len(g.wall.tiles) == 136
        assert {p.wall for p in g.wall.positions} == {0, 1, 2, 3}
        assert max(p.stack for p in g.wall.positions) == 16
        assert not any(Tile.of(t).is_bonus for t in g.wall.tiles)
        assert all(not ps.bonus for ps in g.players)
        assert events_of(g, "hand_start")[0]["live_wall"] == 136


@pytest.mark.parametrize(("options", "words"), [
    ({"scoring": "mcr", "eight_flowers": "yes"}, ("eight_flowers", "False, True")),
    ({"scoring": "fan"}, ("'fan'", "not available", "'simple'")),
    ({"bonus_tiles": 1}, ("bonus_tiles", "True, False")),
    ({"seven_pairs": "yes"}, ("seven_pairs",)),
    ({"rounds": 5}, ("rounds",)),
    ({"robbing": True}, ("unknown option", "robbing")),
])
def test_options_are_validated(options: dict[str, object], words: tuple[str, ...]) -> None:
    """Rule-set options are validated with a clear message, also with scoring "mcr" (the
    Mahjong Competition Rules the booklet points to, "Scoring"; issue 10)."""
    with pytest.raises(RuleSetError) as info:
        get_rule_set("chinese", **options)
    for w in words:
        assert w in str(info.value)


# ----- 01: seating and choosing East ---------------------------------------------------------

def test_p2_01_highest_of_two_dice_is_east() -> None:
    """001 Part two 01: each player rolls two dice; the highest total becomes East."""
    r = ChineseRules()
    draw = r.draw_seats(ScriptedRandom([3, 4, 6, 5, 1, 1, 2, 6]))
    assert draw.first_east == 1
    assert draw.detail["rolls"] == [[
        {"player": 0, "dice": [3, 4], "total": 7},
        {"player": 1, "dice": [6, 5], "total": 11},
        {"player": 2, "dice": [1, 1], "total": 2},
        {"player": 3, "dice": [2, 6], "total": 8},
    ]]


def test_p2_01_ties_roll_again_only_the_tied_players() -> None:
    """001 Part two 01: "If there is a tie, those players roll again until one player has the
    highest total": only the tied players roll again, as often as needed."""
    r = ChineseRules()
    # p0 12, p1 3, p2 12, p3 4: p0 and p2 tie; they tie again on 6 and on 8; then p2 wins 10-3.
    # p1 and p3 never roll again.
    script = [6, 6, 1, 2, 6, 6, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 1, 2, 5, 5]
    draw = r.draw_seats(ScriptedRandom(script))
    rolls = draw.detail["rolls"]
    assert [[x["player"] for x in throw] for throw in rolls] == [[0, 1, 2, 3], [0, 2], [0, 2],
                                                                 [0, 2]]
    assert draw.first_east == 2


def test_p2_01_seats_follow_turn_order_from_east() -> None:
    """001 Part two 01: South sits on East's right, West opposite, North on East's left; play
    proceeds counterclockwise, so turn order after East is South, West, North. The game records
    the dice (event game_start) and every player can be East."""
    firsts = set()
    for seed in range(40):
        g = cn(seed)
        start = events_of(g, "game_start")[0]
        detail = start["seat_draw"]
        assert isinstance(detail, dict)
        last = detail["rolls"][-1]
        best = max(x["total"] for x in last)
        assert [x["player"] for x in last if x["total"] == best] == [g.dealer]
        assert start["first_east"] == g.dealer
        e = g.dealer
        assert [g.wind_of((e + i) % 4) for i in range(4)] == [0, 1, 2, 3]
        firsts.add(e)
    assert firsts == {0, 1, 2, 3}


# ----- 02-03: the wall and its break -----------------------------------------------------------

def test_p2_03_east_rolls_two_dice_and_breaks_east_wall() -> None:
    """001 Part two 03: East rolls the dice (two: docs/rules/chinese.md) and, from the right
    end of East's own wall, counts that many stacks to the left; the wall breaks there, always
    in East's wall (Hong Kong counts the dice round the table to choose the wall)."""
    r = ChineseRules()
    for i in range(200):
        brk = r.break_wall(random.Random(i))
        assert len(brk.dice) == 2 and brk.wall == 0
        assert brk.stacks == sum(brk.dice) and 2 <= brk.stacks <= 12
    for seed in range(30):
        g = cn(seed, bonus_tiles=False)
        hs = events_of(g, "hand_start")[0]
        dice = hs["dice"]
        assert isinstance(dice, list) and len(dice) == 2
        assert hs["break_wall"] == "E" and hs["break_stacks"] == sum(dice)
        k = sum(dice)
        # the live wall starts just left of the counted stacks, in East's wall
        assert g.wall.positions[0] == WallPosition(0, k, 0)
        assert g.wall.positions[1] == WallPosition(0, k, 1)
        # the counted stacks are the other end: the last tiles of the wall
        assert g.wall.positions[-2] == WallPosition(0, k - 1, 0)


def test_p2_03_hong_kong_breaks_any_wall() -> None:
    """Contrast: Hong Kong counts the dice round the walls, so other walls are broken too."""
    walls = {get_rule_set("hongkong").break_wall(random.Random(i)).wall for i in range(100)}
    assert walls == {0, 1, 2, 3}


# ----- 04: the deal ------------------------------------------------------------------------------

@pytest.mark.parametrize("bonus", [False, True])
def test_p2_04_deal_two_stacks_each_then_east_two_others_one(bonus: bool) -> None:
    """001 Part two 04: dealing begins at the break; East takes 2 stacks (4 tiles), then each
    player counterclockwise, until everyone has 12; then East takes 2 more tiles and the others
    1 each: East 14, the others 13."""
    for seed in range(15):
        g = cn(seed, bonus_tiles=bonus)
        w = g.wall.tiles
        e, s, we, n = seats(g)
        expect = {
            e: w[0:4] + w[16:20] + w[32:36] + w[48:50],
            s: w[4:8] + w[20:24] + w[36:40] + w[50:51],
            we: w[8:12] + w[24:28] + w[40:44] + w[51:52],
            n: w[12:16] + w[28:32] + w[44:48] + w[52:53],
        }
        deals = {ev.player: ev.data["tiles"] for ev in g.events if ev.type == "deal"}
        for p, tiles in expect.items():
            assert deals[p] == format_tiles(sorted(tiles))
            held = g.players[p].concealed_count
            assert held == (14 if p == e else 13)
        assert g.current == e and g.phase is Phase.TURN


# ----- no dead wall: replacements from the other end ---------------------------------------------

def test_p2_no_dead_wall_live_wall_is_all_the_rest() -> None:
    """001 Part two has no dead wall (02-04 build, break and deal only; "End of the hand":
    the hand ends when the live wall is drawn): every tile left after the deal is live. Hong
    Kong keeps 14 tiles aside."""
    g = cn(3, bonus_tiles=False)
    assert g.rules.dead_wall_tiles == 0
    assert g.wall.live_remaining == 136 - 53 and g.wall.dead_remaining == 0
    assert g.view(0).dead_wall == 0
    assert events_of(g, "hand_start")[0]["dead_wall"] == 0
    g144 = cn(3)
    bonus = sum(len(ps.bonus) for ps in g144.players)
    assert g144.wall.live_remaining == 144 - 53 - bonus
    hk = Game(get_rule_set("hongkong"), 3)
    assert hk.wall.dead_remaining == 14


def test_p2_rules_in_detail_kong_replacement_from_the_other_end() -> None:
    """001 Part two "Rules in detail", Kongs: "Draw one replacement tile". With no dead wall it
    comes from the other end of the wall: the last counted stack of East's wall, top first; the
    live wall shrinks by one."""
    g = arranged_game("chinese", 5, {0: "1111m 234p 567s 112z 3z"}, far="9p",
                      bonus_tiles=False)
    e = g.dealer
    far = len(g.wall.tiles) - 2
    k = events_of(g, "hand_start")[0]["break_stacks"]
    assert g.wall.positions[far] == WallPosition(0, k - 1, 0)
    live = g.wall.live_remaining
    head = g.wall.head
    act(g, CK, e, "1m")
    assert g.events[-1].type == "replacement" and g.events[-1].data["tile"] == "9p"
    assert g.players[e].counts[Tile.parse("9p")] == 1
    assert g.wall.live_remaining == live - 1 and g.wall.head == head
    assert g.phase is Phase.TURN and g.current == e and g.drew


def test_p2_flowers_replaced_from_the_other_end() -> None:
    """001 Part two "Flowers and Seasons": a flower or season drawn is exposed at once and a
    replacement drawn, here from the other end of the wall (no dead wall)."""
    g = arranged_game("chinese", 7, {0: "123m456p789s1122z3z", 1: "147m258p369s1234z"},
                      draws="2f", far="5m")
    e, s, w, n = seats(g)
    live = g.wall.live_remaining
    act(g, D, e, "3z")
    pass_all(g)
    types = [ev.type for ev in g.events[-4:]]
    assert types[-3:] == ["draw", "bonus", "replacement"]
    assert (g.events[-1].data["tile"], g.events[-1].data["reason"]) == ("5m", "bonus")
    assert Tile.parse("2f") in g.players[s].bonus
    assert g.players[s].concealed_count == 14 and g.current == s
    assert g.wall.live_remaining == live - 2


def test_p2_end_of_hand_bonus_as_last_tile_is_a_draw() -> None:
    """001 Part two "End of the hand": if the last tile of the wall is a flower, it is exposed
    and no replacement is left: the live wall is exhausted and the hand is a draw."""
    g = late_position("chinese", {0: "123m456p789s1122z3z", 1: "147m258p369s1234z",
                                  2: "258m369p147s1234z", 3: "369m147p258s5566z"},
                      wall="3f", turn="turn 0")
    e, s, w, n = seats(g)
    assert g.wall.live_remaining == 1
    dealer = g.dealer
    act(g, D, e, "3z")
    pass_all(g)
    r = g.results[-1]
    assert r.reason == "draw" and r.payments == (0, 0, 0, 0)
    bonus_events = [ev for ev in g.events if ev.type == "bonus" and ev.data["tile"] == "3f"]
    assert bonus_events and bonus_events[-1].player == s
    assert g.dealer == (dealer + 1) % 4  # the deal passes after a draw


def _small_wall() -> Wall:
    """Four walls of one stack: 8 tiles, tiles[i] = TILES[i]."""
    order = drawing_order(1, 0, 0)
    tiles = [TILES[i] for i in range(len(order))]
    return Wall(tiles, order, dead_wall_tiles=0)


def test_wall_ends_meet_in_one_stack_after_a_replacement() -> None:
    """No dead wall: when a replacement took the top of the last stack, the last live draw is
    that stack's bottom tile (each physical tile is drawn exactly once)."""
    wall = _small_wall()
    got = [wall.draw_replacement()]  # top of the last stack
    while wall.live_remaining:
        got.append(wall.draw())
    assert sorted(got) == sorted(TILES[i] for i in range(8)) and wall.untaken() == []
    assert got[-1] == TILES[7]


def test_wall_ends_meet_in_one_stack_after_a_draw() -> None:
    """No dead wall: when the top of the last stack was drawn in turn, the replacement is that
    stack's bottom tile."""
    wall = _small_wall()
    got = [wall.draw() for _ in range(7)]
    assert wall.remaining == 1 and wall.untaken() == [TILES[7]]
    got.append(wall.draw_replacement())
    assert sorted(got) == [TILES[i] for i in range(8)] and wall.untaken() == []
    wall = _small_wall()
    got = [wall.draw_replacement() for _ in range(2)] + [wall.draw() for _ in range(5)]
    assert wall.untaken() == [TILES[5]]
    got.append(wall.draw_replacement())
    assert sorted(got) == [TILES[i] for i in range(8)]


# ----- 05 and "Rules in detail": play -------------------------------------------------------------

def test_p2_05_east_discards_first_then_the_player_on_the_right_draws() -> None:
    """001 Part two 05: East begins by discarding; the player to East's right (South, next in
    turn order) then draws the first tile from the live wall."""
    g = cn(11, bonus_tiles=False)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "119m19p19s1234567z", s: "258m258p258s1234z",
                      w: "258m258p258s1234z", n: "369m369p369s1234z"})
    assert kinds(g, e) == {"discard"}
    act(g, D, e, "1m")
    pass_all(g)
    assert g.current == s and g.players[s].concealed_count == 14
    assert [ev.type for ev in g.events[-1:]] == ["draw"]


def test_p2_rules_in_detail_chow_only_from_the_player_before() -> None:
    """001 Part two "Claiming discards": "A Chow may only be claimed from the player
    immediately before you in turn order"; suit tiles only ("Chows")."""
    g = cn(12, bonus_tiles=False)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "3m 9m 19p19s1234567z 1m", s: "12m 5z258p258s1234z",
                      w: "12m 6z369p369s1234z", n: "5z 147m147p147s123z"})
    act(g, D, e, "3m")
    assert Action(CHOW, s, Tile.parse("1m")) in g.legal_actions(s)
    assert w not in g.pending  # West holds 12m too, but may not chow East's tile
    pass_all(g)
    # honours never make a chow
    g = cn(12, bonus_tiles=False)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "2z 19p19s134567z 1m1m9m", s: "13z 258p258s1234z 5m"})
    act(g, D, e, "2z")
    assert not any(a.kind is CHOW for a in g.legal_actions(s))


def test_p2_priority_mahjong_then_pung_then_chow_nearest_first() -> None:
    """001 Part two "Priority of calls": Mahjong, then pung or kong, then chow; between two calls
    of the same type, the player nearest in turn order from the discarder."""
    g = cn(13, bonus_tiles=False)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "5p 19m19s1234567z 1m9p", s: "46p 222m 333s 666s 7s 8m",
                      w: "55p 444m 777m 88s 3p 2s 5z", n: "12m 3z258p258s1234z"})
    act(g, D, e, "5p")
    g.apply(Action(CHOW, s, Tile.parse("4p")))
    g.apply(Action(PUNG, w))
    assert g.current == w and g.players[w].melds[-1].notation() == "[555p]"
    # two Mahjong calls: the nearest from the discarder wins
    g = cn(13, bonus_tiles=False)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "9s5s 19m19p1234567z 1m", s: "147m147p147s3467z",
                      w: "123m456p78s111z55m", n: "234m567p78s222z66m"})
    act(g, D, e, "9s")
    assert MJ in {a.kind for a in g.legal_actions(w)} and MJ in {a.kind for a in
                                                                 g.legal_actions(n)}
    g.apply(Action(MJ, n))
    g.apply(Action(MJ, w))
    assert g.results[-1].winner == w and g.results[-1].discarder == e


def test_p2_rules_in_detail_claimed_kong_and_replacement() -> None:
    """001 Part two "Rules in detail", Exposed Kong: made by claiming a discard with three in
    hand; a replacement is drawn; players between lose their turn ("Claiming discards")."""
    g = cn(14, bonus_tiles=False)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "7z 19m19p19s123456z 9m", n: "777z 147m258p369s1z"})
    act(g, D, e, "7z")
    assert {a.kind for a in g.legal_actions(n)} >= {PUNG, KONG}
    g.apply(Action(KONG, n))
    pass_all(g)
    assert g.current == n and g.players[n].melds[-1].notation() == "[7777z]"
    assert g.events[-1].type == "replacement" and g.events[-1].data["reason"] == "kong"


def test_p2_added_kong_cannot_be_robbed() -> None:
    """001 Part two "Winning a hand": the winning tile is drawn from the wall or claimed from a
    discard. The tile added to an exposed pung ("Added Kong") is neither, so it cannot be robbed
    (Hong Kong allows it): the kong completes and its owner draws a replacement."""
    for rules, robbed in (("chinese", False), ("hongkong", True)):
        g = Game(get_rule_set(rules), 15)
        e, s, w, n = seats(g)
        g = set_hands(g, {e: "1z 8m 19m19p19s234567z", s: "[555m] 123p456p789s1z",
                          w: "123p456p789s11z46m"}, draws="5m")
        act(g, D, e, "1z")
        pass_all(g)
        assert g.current == s and Action(AK, s, Tile.parse("5m")) in g.legal_actions(s)
        act(g, AK, s, "5m")
        if robbed:
            assert g.phase is Phase.ROB and w in g.pending
        else:
            assert g.phase is Phase.TURN and g.current == s
            assert not events_of(g, "rob_window")
            assert g.players[s].melds[0].notation() == "[5555m]"
            assert g.events[-1].type in ("replacement", "bonus")


def test_p2_no_kong_without_a_replacement_tile() -> None:
    """A kong needs a replacement tile ("Draw one replacement tile"): after the last tile of
    the wall no kong may be declared; the last discard may be claimed only to win
    (docs/rules/chinese.md)."""
    g = late_position("chinese bonus_tiles=false",
                      {0: "1z 8m 19m19p19s234567z", 1: "555m 123p789p789s5p",
                       2: "555p 123m678m789s1z", 3: "147m369p258s1234z"},
                      wall="5m", turn="turn 0")
    e, s, w, n = seats(g)
    act(g, D, e, "1z")
    pass_all(g)
    assert g.current == s and g.wall.live_remaining == 0
    assert kinds(g, s) == {"discard"}  # no concealed kong: nothing left to replace it
    act(g, D, s, "5p")
    assert w not in g.pending  # no pung or kong on the last discard
    pass_all(g)
    assert g.results[-1].reason == "draw"


def test_p2_winning_hand_four_sets_and_a_pair_only() -> None:
    """001 Part two "Winning a hand": 4 sets and 1 pair. Seven pairs and thirteen orphans are
    not in the booklet: they win only with their options (docs/rules/chinese.md)."""
    hands = {"seven_pairs": "1122m3344p5566s77z", "thirteen_orphans": "19m19p19s12345677z"}
    for form, hand in hands.items():
        g = cn(17)
        g = set_hands(g, {g.dealer: hand})
        assert "mahjong" not in kinds(g, g.dealer)
        g = cn(17, **{form: True})
        g = set_hands(g, {g.dealer: hand})
        assert "mahjong" in kinds(g, g.dealer)
        assert form in g.rules.special_forms()
    g = cn(17)
    g = set_hands(g, {g.dealer: "123m456p789s11122z"})
    assert "mahjong" in kinds(g, g.dealer)


def test_p2_winning_on_a_discard_is_scored_and_paid() -> None:
    """001 Part two "Winning a hand" and "Scoring": a win on a discard ends the hand; the
    winner gets 1 point from each other player (docs/rules/chinese.md)."""
    g = cn(18, bonus_tiles=False)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "9s 19m19p1234567z 1m5s", w: "123m456p78s111z99s"})
    act(g, D, e, "9s")
    g.apply(Action(MJ, w))
    pass_all(g)
    r = g.results[-1]
    assert r.reason == "mahjong" and r.winner == w and r.discarder == e
    assert r.score is not None and r.score.rules == "chinese" and r.score.fan == 1
    pays = [0, 0, 0, 0]
    for p in range(4):
        pays[p] = 3 if p == w else -1
    assert list(r.payments) == pays and sum(r.payments) == 0
    assert g.dealer == s  # East did not win: the deal passes


# ----- dealer rotation and wind rounds -----------------------------------------------------------

def test_p2_dealer_rotation_east_keeps_only_by_winning() -> None:
    """001 Part two "Dealer rotation": if East wins, East remains the dealer; if East does not
    win (another player wins, or nobody: a draw), the deal passes counterclockwise. Hong Kong
    keeps East after a draw."""
    r = get_rule_set("chinese")
    p = Progress(0, 2, 0, 5)
    assert r.next_progress(p, True) == Progress(0, 2, 0, 6)
    assert r.next_progress(p, False) == Progress(0, 3, 1, 6)
    assert r.next_progress(p, None) == Progress(0, 3, 1, 6)
    assert get_rule_set("hongkong").next_progress(p, None).dealer == 2


def test_p2_wind_rounds_advance_after_every_player_was_east() -> None:
    """001 Part two "Wind rounds": once every player has been East and the current East does
    not keep the deal, the prevailing wind advances; four wind rounds make a game (option
    rounds=1: the East round only)."""
    r = get_rule_set("chinese")
    p = Progress(0, 1, 0, 0)
    seen = []
    for _ in range(16):
        p = r.next_progress(p, True)  # East keeps: nothing moves but the hand number
        p = r.next_progress(p, None)  # a draw: the deal passes
        seen.append((p.round_wind, p.dealer))
    assert seen[:5] == [(0, 2), (0, 3), (0, 0), (1, 1), (1, 2)]
    assert p.finished and p.hand_number == 32
    short = get_rule_set("chinese", rounds=1)
    q = Progress(0, 3, 0, 0)
    for i in range(4):
        q = short.next_progress(q, False)
        assert q.finished == (i == 3)


def test_p2_draw_in_play_passes_the_deal() -> None:
    """001 Part two "End of the hand" and "Dealer rotation": the live wall runs out, the hand
    is a draw with no payment, and the deal passes to South."""
    g = late_position("chinese bonus_tiles=false",
                      {0: "119m19p19s1234567z", 1: "258m258p258s1234z",
                       2: "258m258p258s1234z", 3: "369m369p369s1234z"}, wall="", turn="turn 0")
    e, s, w, n = seats(g)
    assert g.wall.live_remaining == 0
    act(g, D, e, "1m")
    pass_all(g)
    r = g.results[0]
    assert r.reason == "draw" and r.payments == (0, 0, 0, 0) and r.dealer == e
    assert g.dealer == s and g.progress.hand_number == 1 and g.progress.dealer_passes == 1
    hs = events_of(g, "hand_start")[-1]
    assert hs["dealer"] == s and hs["winds"] == [["E", "S", "W", "N"][(p - s) % 4]
                                                 for p in range(4)]


def test_p2_false_mahjong_is_refused() -> None:
    """001 Part two "Winning a hand": "Verify that your hand forms a valid Mahjong hand. If your
    hand is valid, the round ends": the engine refuses a Mahjong that does not win, naming the
    rule (the rule set has no false-Mahjong penalty)."""
    from mahjong_table.engine import IllegalActionError

    g = cn(20)
    g = set_hands(g, {g.dealer: "119m19p19s1234567z"})
    with pytest.raises(IllegalActionError):
        g.apply(Action(MJ, g.dealer))
    assert not g.results


def test_illegal_action_cites_the_chinese_booklet() -> None:
    """An illegal action under the Chinese rules names 001 Part two, not the Hong Kong book."""
    import pytest

    from mahjong_table.engine import Action, ActionKind, Game, IllegalActionError
    from mahjong_table.rules import get_rule_set

    game = Game(get_rule_set("chinese"), 1)
    other = (game.current + 1) % 4
    with pytest.raises(IllegalActionError) as err:
        game.apply(Action(ActionKind.PASS, other))
    assert "001 Part two" in str(err.value) and "004" not in str(err.value)
