"""Bot levels (issue 24): ``easy``, ``normal`` and ``hard`` name each rule set's bots of that
level; the easy, hard, easy American and hard American bots play whole games legally and
decide from their own view only (hidden information stays hidden: the other players'
concealed tiles and the wall order, scrambled, change nothing)."""

from __future__ import annotations

import random

import pytest

from mahjong_table.engine import ActionKind, Game
from mahjong_table.engine.position import position_of
from mahjong_table.judgement.american import decider_for
from mahjong_table.judgement.reading import Reading
from mahjong_table.judgement.sets import mcr_heading_fan
from mahjong_table.melds import Meld, MeldKind
from mahjong_table.players import (
    BOTS,
    LEVELS,
    bot_choices,
    check_bot_kind,
    level_bot,
    make_bot,
    play_game,
)
from mahjong_table.players.american_bot import AmericanBot
from mahjong_table.players.easy_bot import EasyBot
from mahjong_table.players.hard_american_bot import EasyAmericanBot, HardAmericanBot
from mahjong_table.players.hard_bot import HardBot
from mahjong_table.players.strong_bot import StrongBot
from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import TILES, counts_of, parse_tiles
from test_arena_strong_bot import _scramble

_RULES = [("hongkong", {}), ("chinese", {}), ("chinese", {"scoring": "mcr"}), ("american", {})]


@pytest.mark.parametrize(("rules", "options"), _RULES)
def test_each_level_is_the_rule_sets_bot_of_that_level(rules: str, options: dict[str, str]
                                                       ) -> None:
    """easy -> the easy bot, normal -> today's best (strong; american), hard -> the hard bot,
    by the rule set: a card of lines (001 Part one) takes the American bots."""
    r = get_rule_set(rules, **options)
    card = rules == "american"
    expect = {"easy": EasyAmericanBot if card else EasyBot,
              "normal": AmericanBot if card else StrongBot,
              "hard": HardAmericanBot if card else HardBot}
    for level, cls in expect.items():
        check_bot_kind(level)
        assert level in BOTS and level in LEVELS
        bot = make_bot(level, 1, rules=r)
        assert type(bot) is cls
        assert bot.name == level.capitalize()
        assert make_bot(level, 1, "Ann", rules=r).name == "Ann"


def test_level_names_and_choices() -> None:
    """The levels resolve without a rule set to the Hong Kong/Chinese bots; an unknown level
    is refused by name; the lobby's choices list the levels first, with a line each, and
    only the bots that play the rule set asked for."""
    assert level_bot("hard") == "master" and level_bot("easy") == "beginner"
    assert level_bot("normal", get_rule_set("american")) == "american"
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        level_bot("expert")
    choices = bot_choices()
    assert [n for n, _ in choices[:3]] == ["easy", "normal", "hard"]
    assert all(desc for _, desc in choices)
    assert {n for n, _ in choices} == set(BOTS)
    american = {n for n, _ in bot_choices("american")}
    assert {"easy", "normal", "hard", "american", "american-master"} <= american
    assert "strong" not in american and "master" not in american
    hongkong = {n for n, _ in bot_choices("hongkong")}
    assert "american" not in hongkong and "master" in hongkong
    with pytest.raises(Exception, match="nosuch"):
        bot_choices("nosuch")
    with pytest.raises(ValueError, match="plays a card of lines"):
        make_bot("american-master", 0, rules=get_rule_set("hongkong"))


@pytest.mark.parametrize(("rules", "options"), _RULES)
def test_the_levels_play_whole_games(rules: str, options: dict[str, str]) -> None:
    """Every decision legal (the engine verifies each), invariants after every action, the
    scores summing to zero."""
    r = get_rule_set(rules, **options)
    game = Game(r, f"levels/{rules}", max_hands=1, check_invariants=True)
    bots = [make_bot(k, f"{k}/{p}", rules=r)
            for p, k in enumerate(["easy", "normal", "hard", "hard"])]
    play_game(game, bots)
    assert game.is_over and sum(game.scores) == 0


@pytest.mark.parametrize(("rules", "options", "level"),
                         [(r, o, lv) for r, o in _RULES[:3] for lv in ("easy", "hard")])
def test_decisions_come_from_the_bots_own_view_only(rules: str, options: dict[str, str],
                                                   level: str) -> None:
    """Hidden information stays hidden: with the other hands and the wall scrambled, the
    bot's view is the same and so is its decision, at every turn of a hand."""
    r = get_rule_set(rules, **options)
    game = Game(r, f"hidden/{rules}", max_hands=1)
    bots = [make_bot("efficiency", f"e/{p}", rules=r) for p in range(4)]
    rng = random.Random(2)
    checked = 0
    while not game.is_over and checked < 8:
        p = game.to_act()[0]
        if game.view(p).phase == "turn" and game.wall.live_remaining > 8:
            other = Game.from_position(_scramble(position_of(game), p, rng), 0)
            assert other.view(p) == game.view(p)
            a = make_bot(level, "same", rules=r).choose(game.view(p))
            b = make_bot(level, "same", rules=r).choose(other.view(p))
            assert a == b
            checked += 1
        game.apply(bots[p].choose(game.view(p)))
    assert checked >= 4


def _bamboo_table(rules_name: str) -> Game:
    """A table where player 1 has exposed two pungs of bamboo and discarded none of late."""
    return Game.from_position("\n".join([
        rules_name, "round E; hand 0; dealer 0",
        "0: 123m456m789p1122z3s",
        "1: 1p3p5p8m9m6z7z [222s] [777s] discards 1m9p2p1z3m5p4m",
        "2: ? discards 9m", "3: ? discards 1p"]), 0)


def test_hard_bot_reads_a_one_suit_hand() -> None:
    """An opponent with two exposed pungs of bamboo and no bamboo among its latest discards
    is read as heading for one suit (004 s07 fan table: one suit 3-7 fan): bamboo tiles are
    then more dangerous against it than the same tiles of another suit."""
    r = get_rule_set("hongkong")
    game = _bamboo_table("hongkong")
    bot = make_bot("hard", "r", rules=r)
    assert isinstance(bot, HardBot)
    # the hard bot plays the judgement, which reads the table so (judgement/reading.py)
    reading = Reading(game.view(0), r)
    bamboo, dots = 21, 12  # 4s, 4p
    assert reading.danger(bamboo)[0] > 2 * reading.danger(dots)[0]


def test_a_deal_in_costs_what_folding_would_save() -> None:
    """Chinese on the simple scale (001 Part two 'Scoring': every loser pays 1, however the
    hand is won): dealing in costs 1, but a ready opponent not fed now still wins the hand a
    third of the time early in the wall, less later (reading.LATER_WIN, LATER_PER_ROUND) and
    the seat then pays 1 anyway, so the judgement charges a deal-in 1 less that share, the
    same against every opponent."""
    from mahjong_table.judgement.reading import LATER_PER_ROUND, LATER_WIN

    r = get_rule_set("chinese")
    game = _bamboo_table("chinese")
    reading = Reading(game.view(0), r)
    chance, cost = reading.danger(21)
    assert chance > 0.0
    assert reading.rounds * LATER_PER_ROUND >= LATER_WIN  # early: the whole share
    assert cost == pytest.approx(1.0 - LATER_WIN)
    assert all(o.loss == pytest.approx(1.0) and o.dealing_in == 1.0 for o in reading.opponents)


def test_mcr_heading_fan_favours_a_hand_that_reaches_eight() -> None:
    """MCR fan table: a hand nearly in one suit with honours heads for Half Flush (6) and
    more, a scattered hand of chows in three suits heads for little; a pure straight held
    (16) is far above the 8-fan minimum."""
    flushy = counts_of(parse_tiles("123567m1189m55z2p"))
    scattered = counts_of(parse_tiles("139m467p2599s35z1s"))
    straight = counts_of(parse_tiles("123456789m55p3s7p"))
    assert mcr_heading_fan(flushy, [], 0, 0) > 6.0
    assert mcr_heading_fan(scattered, [], 0, 0) < 5.0
    assert mcr_heading_fan(straight, [], 0, 0) >= 16.0
    pung = Meld(MeldKind.PUNG, (TILES[31],) * 3)
    assert mcr_heading_fan(scattered[:], [pung], 0, 0) > 0.0


def test_easy_bot_keeps_a_ready_hand_and_always_wins() -> None:
    """The easy bot's slips never break a ready hand (a beginner does not throw away a
    ready hand), and it always takes Mahjong when the engine offers it."""
    r = get_rule_set("hongkong")
    game = Game.from_position("\n".join([
        "hongkong", "round E; hand 0; dealer 0",
        "0: 123m456m789p1122z5s",
        "1: ?", "2: ?", "3: ?"]), 0)
    for seed in range(30):
        act = make_bot("easy", seed, rules=r).choose(game.view(0))
        assert act.kind is ActionKind.DISCARD and act.tile is not None
        assert act.tile == parse_tiles("5s")[0]


def test_hard_american_bot_keeps_off_an_opponents_exposed_line() -> None:
    """001 Part one "Calling discards": a tile an opponent's exposures show it may still
    call is dangerous; the hard American bot reads the lines that fit the exposures and
    rates such a tile above a tile no fitting line wants."""
    r = get_rule_set("american")
    bot = make_bot("hard", 3, rules=r)
    assert isinstance(bot, HardAmericanBot)
    game = Game(r, "american-hard", max_hands=1)
    players = [make_bot("american", f"a/{p}", rules=r) for p in range(4)]
    seen_danger = False
    while not game.is_over:
        p = game.to_act()[0]
        view = game.view(p)
        if p == 0 and view.phase == "turn" and any(s.melds for s in view.seats
                                                   if s.player != 0):
            bot.choose(view)
            danger, _late = decider_for(bot.card).table_danger(view)
            assert max(danger) > 0.0
            exposed = {int(m.tiles[0]) for s in view.seats if s.player != 0
                       for m in s.melds if int(m.tiles[0]) < 34}
            assert exposed
            seen_danger = True
            break
        game.apply(players[p].choose(view))
    if not seen_danger:
        pytest.fail("no exposure in the hand: choose another seed")
