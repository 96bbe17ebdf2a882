"""The strong bot (issue 12, part 5): plays whole games of every rule set legally, values
ready hands by the rule set's own scorer (fan, 004 s07), and decides from its own view only
(the other players' concealed tiles and the wall order, scrambled, change nothing)."""

from __future__ import annotations

import random

import pytest

from mahjong_table.engine import ActionKind, Game
from mahjong_table.engine.position import position_of
from mahjong_table.players import make_bot, play_game
from mahjong_table.players.strong_bot import StrongBot, _Context
from mahjong_table.rules import RuleSetError, get_rule_set
from mahjong_table.tiles import Tile, counts_of, format_tiles, parse_tiles


@pytest.mark.parametrize("rules", ["hongkong", "chinese", "american"])
def test_strong_bot_plays_whole_games(rules: str) -> None:
    """Every decision legal (the engine verifies each), invariants after every action."""
    r = get_rule_set(rules)
    game = Game(r, "strong/1", max_hands=2, check_invariants=True)
    bots = [make_bot("strong", f"s/{p}", rules=r) for p in range(2)] + [
        make_bot("efficiency", f"e/{p}", rules=r) for p in range(2, 4)]
    play_game(game, bots)
    assert game.is_over and len(game.results) == 2 and sum(game.scores) == 0


def _context(rules: str = "hongkong") -> _Context:
    r = get_rule_set(rules)
    game = Game(r, "ctx", max_hands=1)
    bot = make_bot("strong", "c", rules=r)
    assert isinstance(bot, StrongBot)
    return _Context(bot, game.view(0))


def test_ready_hands_are_valued_by_their_fan() -> None:
    """004 s07: a ready hand is worth what the scorer pays for its winning tiles: waiting on
    a pung of dragons in one suit (mixed one suit, 3 fan, + a dragon pung) is worth more than
    the same wait in a mixed hand; the gain equals the scorer's payment to the winner."""
    ctx = _context()
    flush = counts_of(parse_tiles("123m456m789m5z5z1z1z"))
    plain = counts_of(parse_tiles("123m456p789s5z5z1z1z"))
    g_flush = ctx.gain(flush, [], Tile.parse("5z"))
    g_plain = ctx.gain(plain, [], Tile.parse("5z"))
    assert g_flush > g_plain > 0
    assert ctx.hand_value(flush, []) > ctx.hand_value(plain, []) > 0


def test_a_winning_tile_the_rules_refuse_is_worth_nothing() -> None:
    """The minimum a rule set sets: Chinese with the MCR scale (8 fan minimum) refuses a
    plain hand, so the bot gives its waits no value."""
    try:
        r = get_rule_set("chinese", scoring="mcr")
    except RuleSetError:  # the scale is another issue's: skip where it is not built yet
        pytest.skip("no MCR scale")
    game = Game(r, "ctx", max_hands=1)
    bot = make_bot("strong", "c", rules=r)
    assert isinstance(bot, StrongBot)
    ctx = _Context(bot, game.view(0))
    plain = counts_of(parse_tiles("234m567m345p9s9s5z5z"))
    assert ctx.gain(plain, [], Tile.parse("5z")) == 0.0
    assert ctx.hand_value(plain, []) == 0.0


def _scramble(text: str, me: int, rng: random.Random) -> str:
    """The position with the other players' concealed tiles and the wall order shuffled
    among themselves (what player ``me`` cannot see); flowers and seasons stay where they
    are in the wall (a hand never holds them)."""
    lines = text.split("\n")
    pool: list[Tile] = []
    where: list[tuple[int, int, list[Tile]]] = []  # line, token (-1: the wall), tiles
    for i, line in enumerate(lines):
        key = line.split(" ", 1)[0]
        if len(key) == 2 and key[1] == ":" and int(key[0]) != me:
            toks = line.split(" ")
            for j, tok in enumerate(toks[1:], start=1):
                if tok and tok[0] not in "[(" and tok not in ("from", "bonus", "discards"):
                    where.append((i, j, parse_tiles(tok)))
                    break
        if line.startswith("wall all "):
            where.append((i, -1, parse_tiles(line[len("wall all "):])))
    for _, _, tiles in where:
        pool.extend(t for t in tiles if t < 34)
    rng.shuffle(pool)
    it = iter(pool)
    for i, j, tiles in where:
        part = [t if t >= 34 else next(it) for t in tiles]
        if j == -1:
            lines[i] = "wall all " + format_tiles(part)
        else:
            toks = lines[i].split(" ")
            toks[j] = format_tiles(sorted(part))
            lines[i] = " ".join(toks)
    return "\n".join(lines)


def test_decisions_come_from_the_bots_own_view_only() -> None:
    """Hidden information stays hidden: with the other hands and the wall scrambled, the
    bot's view is the same and so is its decision, at every turn of a hand."""
    r = get_rule_set("hongkong")
    game = Game(r, "hidden/3", max_hands=1)
    bots = [make_bot("efficiency", f"e/{p}", rules=r) for p in range(4)]
    rng = random.Random(1)
    checked = 0
    while not game.is_over and checked < 12:
        p = game.to_act()[0]
        if game.view(p).phase == "turn" and game.wall.live_remaining > 8:
            text = position_of(game)
            other = Game.from_position(_scramble(text, p, rng), 0)
            assert other.view(p) == game.view(p)
            a = make_bot("strong", "same", rules=r).choose(game.view(p))
            b = make_bot("strong", "same", rules=r).choose(other.view(p))
            assert a == b
            checked += 1
        game.apply(bots[p].choose(game.view(p)))
    assert checked >= 5


def _claim_position(hand: str, tile: str) -> Game:
    """Player 0 holding ``hand`` (13 tiles) in the claim window on player 2's discard."""
    return Game.from_position("\n".join([
        "hongkong", "round E; hand 0; dealer 0", f"0: {hand}", "1: ?",
        f"2: ? discards {tile}", "3: ?", f"discard 2 {tile}"]), 1)


@pytest.mark.parametrize("hand", ["555m123p456p78s99s", "5559m23p456p78s19s"])
def test_a_kong_that_keeps_the_shanten_is_claimed(hand: str) -> None:
    """004 s05: a claimed kong takes a replacement tile from the dead wall, a free draw; the
    bot claims it when it keeps the hand as close to ready (ready, or two steps away)."""
    game = _claim_position(hand, "5m")
    view = game.view(0)
    assert {a.kind for a in view.legal_actions} >= {ActionKind.KONG, ActionKind.PASS}
    assert make_bot("strong", 1, rules=game.rules).choose(view).kind is ActionKind.KONG


SLOWER_FLUSH = "\n".join([
    "hongkong", "round E; hand 0; dealer 2", "0: 7m234567889p679s2z", "1: ?",
    "2: ? bonus 2f discards 1z", "3: ? bonus 4g discards 6z", "turn 0 drew 9p"])


def test_speed_first_keeps_the_fastest_discard_unless_another_is_worth_much_more() -> None:
    """Won hands end the hand (004 s07: every loser pays), so the bot keeps to the fastest
    discards: here the model alone would let 9s go for a hand in circles (51 unseen useful
    tiles left instead of 61); speed first lets the lone South go, which keeps 61."""
    game = Game.from_position(SLOWER_FLUSH, 1)
    view = game.view(0)
    assert str(make_bot("strong", 1, rules=game.rules).choose(view)) == "discard 2z"
    model_only = StrongBot(1, rules=game.rules)
    model_only.fan_margin = 0.0
    assert str(model_only.choose(view)) == "discard 9s"


def test_another_player_ends_the_hand_soon_enough() -> None:
    """Hands between these bots last about 8.7 rounds, not the 17 the wall holds: from the
    first turn on, the model gives another player at least 7% a round to end the hand."""
    assert _context().hazard >= 0.07


def test_monte_carlo_futures_come_from_the_unseen_tiles() -> None:
    """The rollouts (off by default) sample only tiles the bot has not seen: a ready hand
    wins in some futures and collects what the scorer pays; a hand with no winning tile left
    unseen never wins; the same seed gives the same decision."""
    ctx = _context()
    ready = counts_of(parse_tiles("123m456m789m5z5z1z1z"))
    rng = random.Random(3)
    pool = [k for k in range(34) for _ in range(ctx.unseen[k])]
    values = [ctx.rollout(ready, [], rng.sample(pool, 40), 10) for _ in range(50)]
    assert any(v > 0 for v in values)
    assert all(v in (0.0, ctx.gain(ready, [], 27), 3 * ctx.gain(ready, [], 27),
                     ctx.gain(ready, [], 31), 3 * ctx.gain(ready, [], 31)) for v in values)
    no_wait = [k for k in pool if k not in (27, 31)]
    assert all(ctx.rollout(ready, [], rng.sample(no_wait, 4), 1) == 0.0 for _ in range(20))
    game = Game.from_position(SLOWER_FLUSH, 1)
    picks = set()
    for _ in range(2):
        bot = StrongBot(7, rules=game.rules)
        bot.mc_rollouts, bot.mc_close, bot.fan_margin = 30.0, 1.0, 0.0
        picks.add(str(bot.choose(game.view(0))))
    assert len(picks) == 1
