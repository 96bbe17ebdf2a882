"""Claim and rob windows tell nobody anything (issue 7; 004 s05: a pause after every discard
"before the next stock"): two games that differ only in the other players' concealed tiles
show a player the same events and the same views, whether or not somebody could claim."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from mahjong_table.engine import Action, ActionKind, Game, Phase, events_for
from mahjong_table.engine.position import position_of
from mahjong_table.melds import Hand
from mahjong_table.players import make_bot
from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import Tile


def _with_others_changed(game: Game, viewer: int, rng: random.Random) -> str:
    """``game``'s position with the concealed tiles of everyone but ``viewer`` dealt anew
    among them (same hand sizes; the drawn tile of the player to act stays theirs)."""
    text = position_of(game)
    others = [q for q in range(4) if q != viewer]
    keep: dict[int, list[Tile]] = {q: [] for q in others}
    pool: list[Tile] = []
    for q in others:
        tiles = game.players[q].concealed_tiles()
        if q == game.current and game.drew and game.last_draw is not None:
            tiles.remove(game.last_draw)
            keep[q].append(game.last_draw)
        pool.extend(tiles)
    rng.shuffle(pool)
    for q in others:
        ps = game.players[q]
        old = f"{q}: {Hand(tuple(ps.concealed_tiles()), tuple(ps.melds)).notation()}"
        n = len(ps.concealed_tiles()) - len(keep[q])
        new_tiles, pool = pool[:n], pool[n:]
        new = f"{q}: {Hand(tuple(sorted(new_tiles + keep[q])), tuple(ps.melds)).notation()}"
        assert old in text
        text = text.replace(old, new, 1)
    return text


def _public_play(game: Game, discards: int, viewer: int) -> list[Any]:
    """Play ``discards`` turns the same way whatever anyone holds (each player discards the
    tile just drawn and passes every claim), recording what ``viewer`` is shown: every event
    and the view at each of the viewer's decisions."""
    seen: list[Any] = []
    # stop at a turn, never inside a window (whose answers may still be awaited in one game)
    while (sum(1 for e in game.events if e.type == "discard") < discards
           or game.phase is not Phase.TURN):
        if game.is_over or game.results:
            break
        p = game.to_act()[0]
        if p == viewer:
            seen.append(json.dumps(game.view(p).to_json(), sort_keys=True))
        if game.phase is Phase.TURN:
            assert game.last_draw is not None
            action = Action(ActionKind.DISCARD, p, game.last_draw)
        else:
            action = Action(ActionKind.PASS, p)
        game.apply(action)
    seen.extend(events_for(game.events, viewer))
    return seen


@pytest.mark.parametrize(("rules_name", "options", "bot"), [
    ("hongkong", {"rounds": 1}, "efficiency"),
    ("chinese", {}, "efficiency"),
    ("american", {}, "american"),
])
def test_events_and_views_do_not_depend_on_what_others_hold(
        rules_name: str, options: dict[str, Any], bot: str) -> None:
    rules = get_rule_set(rules_name, **options)
    rng = random.Random(rules_name)
    compared = differing_windows = 0
    for seed in range(40):
        if compared >= 24:
            break
        game = Game(rules, f"win/{seed}", max_hands=1)
        bots = [make_bot(bot, f"win/{seed}/{i}") for i in range(4)]
        stop = rng.randrange(20, 140)
        for _ in range(stop):
            if game.is_over:
                break
            p = game.to_act()[0]
            game.apply(bots[p].choose(game.view(p)))
        if game.is_over or game.phase is not Phase.TURN or not game.drew \
                or game.last_draw is None or game.exchanged:
            continue
        for viewer in range(4):
            a = Game.from_position(position_of(game), 1, check_invariants=True)
            b = Game.from_position(_with_others_changed(game, viewer, rng), 1,
                                   check_invariants=True)
            seen_a = _public_play(a, 16, viewer)
            seen_b = _public_play(b, 16, viewer)
            asked_a = sum(1 for e in a.events if e.type == "respond")
            asked_b = sum(1 for e in b.events if e.type == "respond")
            differing_windows += asked_a != asked_b
            assert seen_a == seen_b, f"seed {seed}: player {viewer} can tell the others' tiles"
            compared += 1
    assert compared >= 12
    # the comparison had teeth: in many pairs somebody could claim in one game only
    assert differing_windows >= 3


def test_every_discard_opens_a_claim_window() -> None:
    """A discard nobody can claim still opens (and at once closes) a window."""
    game = Game(get_rule_set("hongkong"), 3)
    bots = [make_bot("efficiency", i) for i in range(4)]
    for _ in range(60):
        p = game.to_act()[0]
        game.apply(bots[p].choose(game.view(p)))
    discards = sum(1 for e in game.events if e.type == "discard")
    windows = sum(1 for e in game.events if e.type == "claim_window")
    assert discards > 10 and windows == discards


def test_every_added_kong_opens_a_rob_window() -> None:
    """004 s05: the tile added to a pung may be robbed; the window opens whether or not
    anyone waits on it, so it says nothing about the others' hands."""
    game = Game.from_position("""hongkong
    0: [555p] 5p 123m 456m 789m 1z
    1: 123s 456s 789s 1122z
    2: ?
    3: ?
    turn 0 drew 5p""", 2, check_invariants=True)
    game.apply(Action(ActionKind.ADDED_KONG, 0, Tile.parse("5p")))
    assert any(e.type == "rob_window" for e in game.events)
    assert game.phase is Phase.TURN  # nobody waits on 5p: the kong completes at once


@pytest.mark.parametrize(("rules", "options"), [("hongkong", {}), ("chinese", {"scoring": "mcr"}),
                                                ("american", {})])
def test_held_windows_give_every_claimable_discard_the_same_state(
        rules: str, options: dict[str, Any]) -> None:
    """Issue 44: with ``hold_windows`` a window nobody may answer stays open (phase claim,
    nobody to act, every view showing the tile on offer and no legal action) until
    ``close_window``; the game then goes on exactly as without it: the same events, event
    for event, and the same views at every decision."""
    rs = get_rule_set(rules, **options)
    for seed in range(3):
        plain = Game(rs, seed, max_hands=1, check_invariants=True)
        held = Game(rs, seed, max_hands=1, check_invariants=True, hold_windows=True)
        bots = [make_bot("random", f"{seed}/{p}", rules=rs) for p in range(4)]
        held_count = 0
        while not plain.is_over:
            while held.window_held:
                window = held.events[-1]
                assert window.type in ("claim_window", "rob_window")
                assert held.to_act() == []
                for p in range(4):
                    view = held.view(p)
                    assert view.phase == held.phase.value and view.legal_actions == ()
                    assert view.last_discard is not None and view.discarder is not None
                held.close_window()
                held_count += 1
            p = plain.to_act()[0]
            assert held.to_act()[0] == p
            assert held.view(p) == plain.view(p)
            action = bots[p].choose(plain.view(p))
            plain.apply(action)
            held.apply(action)
        while held.window_held:  # (a last window before the hand's end)
            held.close_window()
        assert held.is_over
        assert [e.to_json(full=True) for e in held.events] == \
            [e.to_json(full=True) for e in plain.events]
        assert held_count > 10


def test_close_window_without_a_held_window_is_refused() -> None:
    """``close_window`` with no window held raises ValueError and changes nothing."""
    game = Game(get_rule_set("hongkong"), 1, hold_windows=True)
    before = len(game.events)
    with pytest.raises(ValueError, match="no window is held"):
        game.close_window()
    assert len(game.events) == before and game.phase is Phase.TURN
