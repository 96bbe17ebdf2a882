"""Positions through the public API (issue 7): a hand set up from a written position plays on
with invariants on, a position written out from any turn or claim window sets up the same
state again (like python-chess's FEN), a game can start from a chosen wall order, and bad
positions get an error naming the problem."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mahjong_table.engine import Action, ActionKind, Game, Phase
from mahjong_table.engine.position import PositionError, position_of, position_state
from mahjong_table.players import make_bot
from mahjong_table.record import record_lines, replay
from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import TILES, Tile, parse_tiles


@pytest.mark.parametrize(("rules_name", "options", "bot"), [
    ("hongkong", {"rounds": 1}, "efficiency"),
    ("chinese", {}, "efficiency"),
    ("american", {}, "american"),
])
def test_every_turn_and_claim_window_round_trips(rules_name: str, options: dict[str, Any],
                                                 bot: str) -> None:
    """Write the position out at every turn and every unanswered claim window of simulated
    hands, set it up again: the same position text and the same state."""
    rules = get_rule_set(rules_name, **options)
    checked = 0
    for seed in range(3):
        game = Game(rules, f"pos/{seed}", max_hands=3, check_invariants=True)
        bots = [make_bot(bot, f"pos/{seed}/{i}") for i in range(4)]
        while not game.is_over:
            if game.phase is Phase.TURN or (game.phase is Phase.CLAIM and not game.responses):
                text = position_of(game)
                again = Game.from_position(text, "another seed", check_invariants=True)
                assert position_of(again) == text
                assert position_state(again) == position_state(game)
                checked += 1
            p = game.to_act()[0]
            game.apply(bots[p].choose(game.view(p)))
    assert checked > 200


def test_a_position_plays_on_with_invariants_and_replays() -> None:
    """A written position (some hands random) plays to the end of the game with invariants
    checked after every action, and its record replays."""
    text = """hongkong rounds=1
    round E; hand 0; dealer 0
    0: 123m456p789s1122z 3z
    1: 147m258p369s1234z
    2: ?
    3: ?
    turn 0 drew 3z
    wall 5z5z"""
    game = Game.from_position(text, 7, max_hands=2, check_invariants=True)
    assert game.players[0].counts[TILES[27 + 2]] == 1  # 3z drawn
    game.apply(Action(ActionKind.DISCARD, 0, Tile.parse("3z")))
    bots = [make_bot("efficiency", i) for i in range(4)]
    while not game.is_over:
        p = game.to_act()[0]
        game.apply(bots[p].choose(game.view(p)))
    draws = [e for e in game.events if e.type == "draw"]
    assert draws[0].data["tile"] == "5z"  # the next tile of the live wall, as written
    lines = [json.dumps(x) for x in record_lines(game)]
    assert json.loads(lines[0])["position"] == text
    report = replay(lines)
    assert report.ok, report.problem


def test_a_claim_window_position_asks_the_claimers() -> None:
    """``discard P T`` opens the claim window on P's last discard."""
    game = Game.from_position("""hongkong
    0: 123m456p789s1122z discards 3z
    1: 33z 147m258p369s14z
    2: ?
    3: ?
    discard 0 3z""", 1, check_invariants=True)
    assert game.phase is Phase.CLAIM
    assert {a.kind for a in game.legal_actions(1)} >= {ActionKind.PUNG, ActionKind.PASS}


def test_american_position_with_jokers_and_a_dead_hand() -> None:
    """An American position: jokers in an exposure, flowers written alike, a dead hand."""
    game = Game.from_position("""american false_mahjong=dead
    0: [5m5m1j] 1f1f 123p 123s 123z from 3
    1: 123p 123s 1234z 5z6z7z1m dead
    2: ?
    3: ?
    turn 0 claimed""", 3, check_invariants=True)
    assert game.players[1].dead and game.view(2).seats[1].dead
    assert game.players[0].counts[34] == 1 and game.players[0].counts[35] == 1  # 1f, 2f


@pytest.mark.parametrize(("text", "problem"), [
    ("hongkong\n0: 11111m 23p", "5 copies of 1m"),
    ("hongkong\n0: 123m456p789s11z", "player 0 holds 11 tiles"),
    ("hongkong\n0: 123m456p789s1122z 1f", "1f is a bonus tile"),
    ("american\n0: [123m] 456p789s1122z 3z", "is a chow; the American"),
    ("american\n0: (1111m) 456p789s11z 3z", "declare no concealed kongs"),
    ("hongkong\n0: 123m456p789s1122z3z\nturn 0 drew 4z", "does not hold it"),
    ("hongkong\nround Q", "the round is one of E, S, W, N"),
    ("hongkong\n5: ?", "not a player"),
    ("hongkong\nfoo 1", "unknown key 'foo'"),
    ("hongkong\nscores 1 2 3 4", "do not sum to zero"),
    ("mahjong-deluxe", "unknown rule set"),
    ("hongkong\n0: 123q", "position line 2"),
])
def test_bad_positions_name_the_problem(text: str, problem: str) -> None:
    with pytest.raises(PositionError, match=problem):
        Game.from_position(text, 1)


def test_a_game_from_a_chosen_wall_order() -> None:
    """The wall as built (East's wall first, each from its right end, top then bottom):
    the deal follows from it, with the dice from the seed."""
    rules = get_rule_set("hongkong", rounds=1)
    order = sorted(rules.tile_set.all_tiles())
    a = Game(rules, 5, wall_order=order)
    b = Game(rules, 5, wall_order=" ".join(str(t) for t in order))
    assert [e.to_json(full=True) for e in a.events] == [e.to_json(full=True) for e in b.events]
    assert a.wall.tiles != Game(rules, 5).wall.tiles
    with pytest.raises(ValueError, match="missing: 1m"):
        Game(rules, 5, wall_order=[*order[1:], TILES[1]])
    dealt = [parse_tiles(e.data["tiles"]) for e in a.events if e.type == "deal"]
    assert sum(len(d) for d in dealt) == 53


def test_analyze_and_play_take_a_position(tmp_path: Any, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    """``analyze --position`` studies the hand of the player to act, with the rules and the
    tiles seen from the position; ``play --position`` plays on from it (issue 7 item 3)."""
    import io

    from mahjong_table.cli import build_parser, main
    from mahjong_table.commands import play

    text = ("hongkong rounds=1\n0: 123m456p789s1122z 3z\n1: 147m258p369s1234z discards 1z\n"
            "2: ?\n3: ?\nturn 0 drew 3z\n")
    path = tmp_path / "table.position"
    path.write_text(text)
    assert main(["analyze", "--position", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["shanten"] == 0
    best = out["discards"][0]
    assert best["tile"] == "3z" and {w["tile"]: w["unseen"] for w in best["useful"]} == {
        "1z": 1, "2z": 2}  # the 1z discarded by player 1 is seen, its concealed 2z is not
    assert main(["analyze", "--position", "hongkong\n0: 11111m"]) == 2
    assert "5 copies of 1m" in capsys.readouterr().err
    args = build_parser().parse_args(["play", "--position", str(path), "--hands", "1",
                                      "--seed", "3", "--ascii"])
    out_stream = io.StringIO()
    assert play.run(args, io.StringIO("3z\n" + "p\n" * 200 + "1\n" * 200),
                    out_stream) in (0, 130)
    shown = out_stream.getvalue()
    assert "123m456p789s1122z" in shown
