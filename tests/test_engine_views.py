"""Hidden information stays hidden: a player's view never holds other players' concealed
tiles or the wall order (security property)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from mahjong_table.engine import Game
from mahjong_table.players import RandomBot
from mahjong_table.rules import get_rule_set
from table import scramble_changes_no_view


def test_views_do_not_depend_on_hidden_information() -> None:
    """Changing other players' concealed tiles and the wall order leaves every view unchanged
    (its legal actions included), at many points of many games."""
    rules = get_rule_set("hongkong", rounds=1)
    rng = random.Random(1)
    checked = 0
    for seed in range(4):
        game = Game(rules, seed, max_hands=3)
        bots = [RandomBot(f"{seed}/{i}") for i in range(4)]
        while not game.is_over:
            if rng.random() < 0.2:
                scramble_changes_no_view(game, rng)
                checked += 1
            p = game.to_act()[0]
            game.apply(bots[p].choose(game.view(p)))
    assert checked > 50


def test_view_json_holds_no_hidden_tiles() -> None:
    """A view's JSON has no field for another player's concealed tiles or the wall."""
    game = Game(get_rule_set("hongkong"), 3)
    view = game.view(0).to_json()
    text = json.dumps(view)
    assert "wall_tiles" not in text and "tiles" not in view
    for seat in view["seats"]:
        assert set(seat) == {"player", "wind", "name", "concealed_count", "melds",
                             "meld_sources", "bonus", "discards", "score", "dead"}


def test_events_hide_private_tiles_from_others() -> None:
    """Draws and the deal show their tiles only to their own player."""
    game = Game(get_rule_set("hongkong"), 3)
    for e in game.events:
        if e.private:
            for viewer in range(4):
                shown = e.to_json(for_player=viewer)
                if viewer != e.player:
                    assert "tile" not in shown and "tiles" not in shown
                else:
                    assert ("tile" in shown) or ("tiles" in shown)


def test_claim_answers_and_who_may_claim_stay_hidden() -> None:
    """A claim window does not say who may claim, and a player's answer (pass, or a claim
    not granted) is shown to that player only: either would tell others what they hold."""
    from mahjong_table.engine import events_for

    game = Game(get_rule_set("hongkong"), 3)
    bots = [RandomBot(i) for i in range(4)]
    while len(game.results) < 3:
        p = game.to_act()[0]
        game.apply(bots[p].choose(game.view(p)))
    responds = [e for e in game.events if e.type == "respond"]
    assert responds
    for e in game.events:
        if e.type in ("claim_window", "rob_window"):
            assert "players" not in e.data
    for viewer in range(4):
        shown = events_for(game.events, viewer)
        assert all(s.get("player") == viewer for s in shown if s["type"] == "respond")


def test_the_seed_is_shown_to_nobody_but_the_record() -> None:
    """The seed decides every wall, so whoever knew it would know every hidden tile: no
    player's events (nor a pipe bot's, nor a web client's, which are the same events) carry
    it; the record does, to replay the game (found by a new-user test: the web table's first
    message gave it away)."""
    from mahjong_table.engine import events_for
    from mahjong_table.record import record_lines

    for rules in ("hongkong", "chinese", "american"):
        game = Game(get_rule_set(rules), "a secret seed 4711", max_hands=1)
        for p in range(4):
            shown = json.dumps(events_for(game.events, p))
            assert "4711" not in shown and '"seed"' not in shown
        assert game.events[0].to_json(full=True)["seed"] == "a secret seed 4711"
        assert "4711" in json.dumps(list(record_lines(game)))


@pytest.mark.parametrize(("name", "options"), [
    ("hongkong", {}), ("chinese", {"scoring": "mcr"}), ("american", {})])
def test_a_view_read_back_from_its_json_is_the_same_view(
        name: str, options: dict[str, object]) -> None:
    """``view_from_json`` inverts ``PlayerView.to_json`` (a pipe bot or a web page hands
    views around as JSON; the advisor then reads them): every view of every player at every
    state of three random games, every phase included. The JSON writes melds in the
    project's notation, which does not say whose discard a claimed tile was (``Meld.source``),
    so that is left out of the comparison."""
    import random

    from mahjong_table import Game, get_rule_set
    from mahjong_table.engine import view_from_json

    rules = get_rule_set(name, **options)
    for g in range(3):
        game = Game(rules, f"json/{g}", max_hands=1)
        rng = random.Random(g)
        while True:
            for p in range(4):
                view = game.view(p)
                assert _sourceless(view_from_json(view.to_json(), rules)) == _sourceless(view)
            if game.is_over:
                break
            p = game.to_act()[0]
            acts = game.legal_actions(p)
            game.apply(acts[rng.randrange(len(acts))])


def _sourceless(view: Any) -> Any:
    from dataclasses import replace

    seats = tuple(s._replace(melds=tuple(replace(m, source=None) for m in s.melds))
                  for s in view.seats)
    return view._replace(seats=seats)


def test_views_are_the_named_tuples_of_their_fields_in_order() -> None:
    """Issue 25: views and seat views are built with ``tuple.__new__`` (the fields in
    order, not through the named tuples' Python-level ``__new__``); each one is of its
    class and every field, read by name, holds what the game says, for every seat at every
    step of games of each rule set."""
    from mahjong_table.engine import PlayerView, SeatView

    for rules_name in ("hongkong", "chinese", "american"):
        game = Game(get_rule_set(rules_name), f"views-new/{rules_name}", max_hands=1)
        bots = [RandomBot(f"views-new/{p}") for p in range(4)]
        steps = 0
        while not game.is_over and steps < 300:
            for p in range(4):
                v = game.view(p)
                assert type(v) is PlayerView and len(v) == len(PlayerView._fields)
                assert (v.player, v.rules, v.phase, v.current) == (
                    p, game.rules.name, game.phase.value, game.current)
                assert (v.hand_number, v.round_wind, v.dealer) == (
                    game.hand_progress.hand_number, game.hand_progress.round_wind,
                    game.hand_progress.dealer)
                assert v.counts == tuple(game.players[p].counts)
                assert (v.live_wall, v.dead_wall) == (game.wall.live_remaining,
                                                      game.wall.dead_remaining)
                assert v.legal_actions == tuple(game.legal_actions(p))
                assert v.special_forms == game.special_forms
                assert v.stage == (None if game.stage is None else game.stage.name)
                if v.phase == "claim":
                    assert (v.last_discard, v.discarder) == (game.last_discard,
                                                             game.discarder)
                for x, s in enumerate(v.seats):
                    ps = game.players[x]
                    assert type(s) is SeatView and len(s) == len(SeatView._fields)
                    assert (s.player, s.wind, s.name, s.score, s.dead) == (
                        x, (x - game.hand_progress.dealer) % 4, game.names[x],
                        game.scores[x], ps.dead)
                    assert (s.concealed_count, s.melds, s.bonus, s.discards) == (
                        sum(ps.counts), tuple(ps.melds), tuple(ps.bonus),
                        tuple(ps.discards))
            p = game.to_act()[0]
            game.apply(bots[p].choose(game.view(p)))
            steps += 1


@pytest.mark.parametrize("rules_name", ["hongkong", "chinese", "american"])
def test_table_counts_are_the_tiles_every_seat_shows(rules_name: str) -> None:
    """Issue 25 (``PlayerView.table_counts``, remembered per seat view and packed a byte a
    kind): in every state of real games, for every seat, the table counts are the playing
    tiles of all exposed melds (bonus tiles and a meld's jokers left out) and all discards
    (an American joker discard included), counted tile by tile from the view's seats;
    ``visible_counts`` adds the player's own hand; a view rebuilt from its JSON (new seat
    objects) gives the same counts."""
    from mahjong_table.engine.view import PlayerView
    from mahjong_table.wall import as_kind

    rules = get_rule_set(rules_name)
    for seed in range(2):
        game = Game(rules, f"table-counts/{seed}", max_hands=2)
        bots = [RandomBot(f"table-counts/{seed}/{p}") for p in range(4)]
        steps = 0
        seen_discards = False
        while not game.is_over and steps < 300:
            for p in range(4):
                view = game.view(p)
                want = [0] * len(view.counts)
                for seat in view.seats:
                    for meld in seat.melds:
                        for t in meld.tiles:
                            if as_kind(t) < 34:
                                want[as_kind(t)] += 1
                    for t in seat.discards:
                        want[as_kind(t)] += 1
                        seen_discards = True
                assert list(view.table_counts()) == want
                assert view.visible_counts() == [a + b for a, b in zip(view.counts, want,
                                                                        strict=True)]
                again = PlayerView.from_json(view.to_json(), rules)
                assert list(again.table_counts()) == want
            p = game.to_act()[0]
            game.apply(bots[p].choose(game.view(p)))
            steps += 1
        assert seen_discards
