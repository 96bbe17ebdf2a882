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
    ("american", {"blind_pass": True, "courtesy_pass": True}, "american"),
])
def test_every_state_round_trips(rules_name: str, options: dict[str, Any], bot: str) -> None:
    """Write the position out at every state of simulated hands where nobody has answered
    yet (every turn, claim window, rob window and Charleston stage), set it up again: the
    same position text and the same state."""
    rules = get_rule_set(rules_name, **options)
    checked: dict[str, int] = {}
    for seed in range(3):
        game = Game(rules, f"pos/{seed}", max_hands=3, check_invariants=True)
        bots = [make_bot(bot, f"pos/{seed}/{i}") for i in range(4)]
        while not game.is_over:
            if not game.responses:
                text = position_of(game)
                again = Game.from_position(text, "another seed", check_invariants=True)
                assert position_of(again) == text
                assert position_state(again) == position_state(game)
                key = game.stage.name if game.stage else game.phase.value
                checked[key] = checked.get(key, 0) + 1
            p = game.to_act()[0]
            game.apply(bots[p].choose(game.view(p)))
    assert sum(checked.values()) > 200
    if rules_name == "american":
        # every stage of the Charleston, the blind passes and the courtesy pass among them
        assert {"first_right", "first_left", "second_vote", "courtesy_ask"} <= set(checked)


# a Hong Kong hand where player 0 adds 5p to an exposed pung and player 1 waits on 5p
_ROB = """hongkong
0: [555p] 123m789s11z 5p 2z3z
1: 234m 678s 99p 34p 666z
2: ?
3: ?
rob 0 5p"""


def test_a_rob_window_position_round_trips_and_can_be_robbed() -> None:
    """004 s05 robbing the kong: ``rob P T`` sets up the window on an added kong; it is
    written out the same, and the waiting player may rob it to win."""
    game = Game.from_position(_ROB, 2, check_invariants=True)
    assert game.phase is Phase.ROB and game.rob_tile == Tile.parse("5p")
    assert {a.kind for a in game.legal_actions(1)} == {ActionKind.MAHJONG, ActionKind.PASS}
    text = position_of(game)
    assert "rob 0 5p" in text
    again = Game.from_position(text, "other", check_invariants=True)
    assert position_state(again) == position_state(game)
    game.apply(Action(ActionKind.MAHJONG, 1))
    result = game.results[-1]
    assert result.winner == 1 and result.discarder == 0
    assert any("rob" in item.name.lower() for item in result.score.items)


def test_a_rob_window_nobody_can_rob_completes_the_kong() -> None:
    """The same added kong with nobody waiting on 5p: the window passes, the kong is
    completed and player 0 draws its replacement (004 s05)."""
    text = _ROB.replace("1: 234m 678s 99p 34p 666z", "1: 234m 678s 99p 19p 666z")
    game = Game.from_position(text, 2, check_invariants=True)
    assert game.phase is Phase.TURN and game.current == 0 and game.replacement_draw
    assert any(m.kind.value == "kong" and m.tile == Tile.parse("5p")
               for m in game.players[0].melds)


def test_a_charleston_stage_position_with_blind_and_courtesy() -> None:
    """001 Part one 06: a position in the last pass of the first Charleston (blind passing
    on: the tiles just received may be passed on) and one in the courtesy pass."""
    text = """american blind_pass=true courtesy_pass=true
    0: 1m2m3m4p5p6p7s8s9s1z2z3z1j1f received 1z2z3z
    1: ?
    2: ?
    3: ?
    charleston first_left"""
    game = Game.from_position(text, 4, check_invariants=True)
    assert game.phase is Phase.CHARLESTON and game.stage is not None
    assert game.stage.name == "first_left"
    blind = [a for a in game.legal_actions(0) if a.number]
    assert blind and max(a.number or 0 for a in blind) == 3
    again = Game.from_position(position_of(game), 9, check_invariants=True)
    assert position_state(again) == position_state(game)
    courtesy = Game.from_position(text.replace("first_left", "courtesy").replace(
        " received 1z2z3z", "") + "\ncourtesy 2 1 2 1", 4, check_invariants=True)
    assert courtesy.stage is not None and courtesy.stage.name == "courtesy"
    assert {len(a.tiles) for a in courtesy.legal_actions(0)} == {2}
    assert {len(a.tiles) for a in courtesy.legal_actions(1)} == {1}
    assert position_of(courtesy).splitlines()[-3] == "courtesy 2 1 2 1"


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
    # fields after ';' are on the same line: the error names the text's own line
    ("hongkong\nround E; hand 0; dealer 0\n0: 123m9z", "position line 3"),
    ("hongkong\n0: [555p] 123m789s11z 6p 2z3z\nrob 0 5p", "does not hold it"),
    ("hongkong\n0: [555m] 123m789s11z 5p 2z3z\nrob 0 5p", "no exposed pung of 5p"),
    ("hongkong\nrob 0 5p\nturn 1", "'turn' is a second"),
    ("hongkong\ncharleston first_right", "have no Charleston"),
    ("american\ncharleston third_right", "not a Charleston stage"),
    ("american\ncharleston first_right\ncourtesy 1 0 1 0", "only in the courtesy pass"),
    ("american courtesy_pass=true\ncharleston courtesy\ncourtesy 1 0 2 0",
     "opposite each other"),
    ("american\n0: 1m2m3m4p5p6p7s8s9s1z2z3z1j1f received 4z\ncharleston first_right",
     "received 4z but does not hold it"),
    ("american\n0: 1m2m3m4p5p6p7s8s9s1z2z3z1j1f received 1z\nturn 0", "only in a Charleston"),
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


def test_analyze_a_rob_window_says_what_the_tile_on_offer_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``analyze --position`` in a rob window studies the player who may rob, counts the
    added tile as seen (it was shown when the kong was declared) and says the tile on offer
    wins by robbing the kong (004 s05; found by a new-user test)."""
    from mahjong_table.cli import main

    assert main(["analyze", "--position", _ROB]) == 0
    out = capsys.readouterr().out
    assert "234m3499p678s666z" in out
    assert "On offer: 5p being added to a kong by player 0; player 1 may claim it: " \
           "Mahjong (robbing the kong)." in out
    # 5p has none left (the pung, the tile added): only 2p is listed as a live wait
    assert "Wins on 2p (2 Circles, 4 unseen) (1 kind with none left not shown)" in out
