"""The table drawn as a table (issue 18 items 4 and 6): ``web/board.py`` keeps each seat's
ponds in order with claimed tiles left in place and marked, and each meld's claimed tile with
the seat it came from, from the events the seat was shown only."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")

from mahjong_table.engine import Game, events_for
from mahjong_table.players import make_bot
from mahjong_table.rules import get_rule_set
from mahjong_table.web.board import BoardMemory, card_json, lines_for_view


def feed(events: list[dict[str, Any]], seat: int = 0) -> dict[str, Any]:
    memory = BoardMemory(seat)
    for e in events:
        memory.update(e)
    return memory.to_json()


def test_ponds_keep_their_order_and_claimed_tiles_are_marked() -> None:
    events = [
        {"type": "hand_start", "hand_number": 0},
        {"type": "discard", "player": 0, "tile": "1m"},
        {"type": "discard", "player": 1, "tile": "5p"},
        {"type": "claim", "player": 3, "kind": "pung", "tile": "5p", "discarder": 1,
         "meld": "[555p]"},
        {"type": "discard", "player": 3, "tile": "9s"},
        {"type": "discard", "player": 0, "tile": "2m"},
    ]
    board = feed(events)
    assert board["ponds"][0] == [{"tile": "1m", "by": None}, {"tile": "2m", "by": None}]
    assert board["ponds"][1] == [{"tile": "5p", "by": 3}], "the claimed tile stays, marked"
    assert board["ponds"][3] == [{"tile": "9s", "by": None}]
    assert board["last"] == [0, 1]
    # seat 3 took seat 1's tile: from the seat opposite (3 - 1 = 2)
    assert board["melds"][3] == [{"meld": "[555p]", "source": 2, "tile": "5p"}]
    # a claimed latest discard is no longer highlighted as the one on offer
    board = feed(events[:4])
    assert board["last"] is None
    # a win on a discard marks it too; a new hand clears everything
    won = [*events, {"type": "declare_mahjong", "player": 1, "self_drawn": False,
                     "tile": "2m", "discarder": 0, "robbing_kong": False}]
    assert feed(won)["ponds"][0][-1] == {"tile": "2m", "by": 1}
    again = feed([*won, {"type": "hand_start", "hand_number": 1}])
    assert again["ponds"] == [[], [], [], []] and again["melds"] == [[], [], [], []]


def test_an_added_kong_and_a_joker_exchange_keep_the_meld_and_its_source() -> None:
    events = [
        {"type": "hand_start"},
        {"type": "discard", "player": 2, "tile": "7z"},
        {"type": "claim", "player": 3, "kind": "pung", "tile": "7z", "discarder": 2,
         "meld": "[777z]"},
        {"type": "added_kong", "player": 3, "tile": "7z"},
        {"type": "kong_completed", "player": 3, "meld": "[7777z]"},
        {"type": "concealed_kong", "player": 0, "meld": "(1111s)"},
    ]
    board = feed(events)
    assert board["melds"][3] == [{"meld": "[7777z]", "source": 1, "tile": "7z"}]
    assert board["melds"][0] == [{"meld": "(1111s)", "source": None, "tile": None}]
    ex = feed([{"type": "hand_start"},
               {"type": "discard", "player": 0, "tile": "3m"},
               {"type": "claim", "player": 1, "kind": "pung", "tile": "3m", "discarder": 0,
                "meld": "[33m1j]"},
               {"type": "joker_exchange", "player": 2, "tile": "3m", "target": 1, "index": 0,
                "meld": "[333m]"}])
    assert ex["melds"][1] == [{"meld": "[333m]", "source": 1, "tile": "3m"}]


def test_the_charleston_outcomes_are_noted_and_a_courtesy_agreement_only_for_its_seat(
) -> None:
    events = [{"type": "hand_start"},
              {"type": "charleston_vote", "stage": "vote", "agreed": False},
              {"type": "courtesy_agreed", "player": 0, "number": 2, "partner": 2},
              {"type": "courtesy_pass", "stage": "courtesy", "passes": {"0": 2, "2": 2}}]
    notes = feed(events, seat=0)["notes"]
    assert notes[0] == {"kind": "vote", "stage": "vote", "agreed": False}
    assert notes[1] == {"kind": "courtesy_agreed", "number": 2, "partner": 2}
    assert notes[2]["passes"] == {"0": 2, "2": 2}
    # another seat's agreement, were it ever fed (it is a secret event): not noted
    assert all(n["kind"] != "courtesy_agreed" for n in feed(events, seat=1)["notes"])


@pytest.mark.parametrize("rules", ["hongkong", "chinese", "american"])
def test_the_board_of_every_seat_agrees_with_its_view_through_whole_hands(rules: str) -> None:
    """Played by bots: at every step, each seat's board (from the events it was shown) holds
    the view's discards once the claimed tiles are left out, the view's melds in order, each
    claimed meld's source as the engine's Meld.source, and every seat's board shows the same
    public ponds and melds as the spectator's."""
    r = get_rule_set(rules)
    game = Game(r, f"board-{rules}", max_hands=2)
    bots = [make_bot("american" if rules == "american" else "efficiency", f"b{i}", rules=r)
            for i in range(4)]
    steps = 0
    while not game.is_over and steps < 2000:
        steps += 1
        p = game.to_act()[0]
        game.apply(bots[p].choose(game.view(p)))
        if game.is_over:
            break
        spectator = feed(events_for(game.events, -1), seat=-1)
        for seat in range(4):
            board = feed(events_for(game.events, seat), seat)
            view = game.view(seat)
            assert board["ponds"] == spectator["ponds"]
            assert [[m["meld"] for m in ms] for ms in board["melds"]] == \
                [[m["meld"] for m in ms] for ms in spectator["melds"]]
            for s in view.seats:
                kept = [d["tile"] for d in board["ponds"][s.player] if d["by"] is None]
                assert kept == [str(t) for t in s.discards]
                assert [m["meld"] for m in board["melds"][s.player]] == \
                    [m.notation() for m in s.melds]
                assert [m["source"] for m in board["melds"][s.player]] == \
                    [m.source for m in s.melds]
    assert game.is_over
    assert steps > 50


def test_claims_happen_and_are_marked_in_a_bot_game() -> None:
    r = get_rule_set("hongkong")
    game = Game(r, "board-claims", max_hands=4)
    bots = [make_bot("efficiency", f"c{i}", rules=r) for i in range(4)]
    marked = 0
    memory = BoardMemory(0)
    done = 0
    while not game.is_over:
        p = game.to_act()[0]
        game.apply(bots[p].choose(game.view(p)))
        for e in events_for(game.events[done:], 0):
            memory.update(e)
            if e["type"] == "claim":
                pond = memory.ponds[e["discarder"]]
                assert pond[-1] == {"tile": e["tile"], "by": e["player"]}
                marked += 1
        done = len(game.events)
    assert marked >= 3


def test_the_card_is_served_and_the_nearest_lines_come_from_the_view() -> None:
    r = get_rule_set("american")
    card = card_json(r)
    assert card is not None and card["lines"] and card["practice"]
    assert {"key", "section", "number", "pattern", "points", "concealed"} <= set(
        card["lines"][0])
    assert card_json(get_rule_set("hongkong")) is None
    game = Game(r, "lines", max_hands=1)
    view = game.view(0).to_json()
    lines = lines_for_view(view, r)
    assert 1 <= len(lines) <= 5
    keys = {ln["key"] for ln in card["lines"]}
    assert all(ln["key"] in keys for ln in lines)
    assert all("tiles_away" in ln and "needs" in ln for ln in lines)
