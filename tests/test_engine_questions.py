"""The engine answers every question (issue 26, defect 1): ``can_apply`` and ``verify`` of any
action, legal or not, in any state of any rule set, answer yes/no or raise
:class:`IllegalActionError` naming the rule; they never crash, and "yes" is exactly the legal
actions (plus a false Mahjong where a rule set penalises one instead of refusing it).

The defect: in MCR a hand completed by a claimed pung asked ``can_apply(Mahjong)`` in its
turn raised ``ValueError: the winning tile 6p is not among the concealed tiles 22p`` (the
refusal was scored with the claimed tile as the winning tile, though it lies in a meld).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from mahjong_table import Action, ActionKind, Game, IllegalActionError, get_rule_set
from mahjong_table.tiles import TILES, Tile

#: every kind of question
_KINDS = tuple(ActionKind)


def _random_action(game: Game, rng: random.Random, player: int | None = None) -> Action:
    """Any action at all: any kind, of any seat (or a seat that does not exist), with any
    tile of the whole tile set (flowers, seasons, jokers too) or none, any number of tiles
    passed, jokers, target and number, sensible or not."""
    kind = rng.choice(_KINDS)
    if player is None:
        player = rng.choice((0, 1, 2, 3, 0, 1, 2, 3, -1, 4, 9))
    tile = TILES[rng.randrange(len(TILES))] if rng.random() < 0.8 else None
    tiles: tuple[Tile, ...] = ()
    if rng.random() < 0.4 or kind in (ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS):
        tiles = tuple(TILES[rng.randrange(len(TILES))] for _ in range(rng.randrange(0, 6)))
    jokers = rng.choice((0, 0, 0, 1, 2, 3, -1, 7))
    target = rng.choice((None, None, 0, 1, 2, 3, -2, 5))
    number = rng.choice((None, None, 0, 1, 2, 3, 4, -1, 9))
    return Action(kind, player, tile, tiles, jokers, target, number)


def _near_legal(game: Game, rng: random.Random) -> list[Action]:
    """Variations of the legal actions: the same action for every other seat, with another
    tile, with tiles passed taken from the hand or not, and with a target or number moved."""
    out = []
    for p in game.to_act():
        for a in game.legal_actions(p)[:12]:
            q = rng.randrange(4)
            out.append(replace(a, player=q))
            out.append(replace(a, tile=TILES[rng.randrange(len(TILES))]))
            if a.tiles:
                shuffled = list(a.tiles)
                shuffled[rng.randrange(len(shuffled))] = TILES[rng.randrange(len(TILES))]
                out.append(replace(a, tiles=tuple(shuffled)))
                out.append(replace(a, tiles=a.tiles[:-1]))
                out.append(replace(a, tiles=(*a.tiles, a.tiles[0])))
            out.append(replace(a, target=rng.choice((None, 0, 1, 2, 3, 4))))
            out.append(replace(a, number=rng.choice((None, 0, 1, 2, 3, 4))))
            out.append(replace(a, jokers=rng.choice((0, 1, 2, 5))))
    return out


def _questions(game: Game, rng: random.Random) -> list[Action]:
    """Every action kind of every seat (Mahjong, each claim, kongs, joker exchange,
    dead-hand call, Charleston and courtesy passes), random actions, and variations of the
    legal ones."""
    out = []
    for p in range(4):
        for kind in _KINDS:
            tile = None
            if kind in (ActionKind.CHOW, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG,
                        ActionKind.DISCARD, ActionKind.JOKER_EXCHANGE):
                tile = TILES[rng.randrange(34)]
            target = rng.randrange(4) if kind in (ActionKind.JOKER_EXCHANGE,
                                                 ActionKind.CALL_DEAD) else None
            tiles: tuple[Tile, ...] = ()
            number = None
            if kind in (ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS):
                concealed = game.view(p).concealed
                tiles = tuple(rng.sample(concealed, min(3, len(concealed))))
                number = rng.randrange(3)
            elif kind is ActionKind.COURTESY_ASK:
                number = rng.randrange(5)
            out.append(Action(kind, p, tile, tiles, target=target, number=number))
    out.extend(_random_action(game, rng) for _ in range(8))
    out.extend(_near_legal(game, rng))
    return out


#: games per rule set (about 5 s each on one core); a longer search: raise it
_GAMES = 8


def _fingerprint(game: Game) -> str:
    """The whole state a question could change: every seat's view (its concealed tiles
    included), who is to act and their legal actions, the events, actions and scores."""
    return json.dumps({
        "views": [game.view(p).to_json() for p in range(4)],
        "to_act": game.to_act(),
        "legal": [[a.to_json() for a in game.legal_actions(p)] for p in range(4)],
        "events": len(game.events), "actions": len(game.actions),
        "scores": list(game.scores), "over": game.is_over,
    }, sort_keys=True)


def test_mcr_mahjong_after_a_claimed_set_is_refused_by_name() -> None:
    """The reported case: seed 22, random legal play from ``random.Random(22)``, then
    Mahjong for player 2 at action 180 (MCR, 001 Part two 'Scoring')."""
    game = Game(get_rule_set("chinese", scoring="mcr"), 22, max_hands=2)
    rng = random.Random(22)
    for _ in range(180):
        p = game.to_act()[0]
        acts = game.legal_actions(p)
        game.apply(acts[rng.randrange(len(acts))])
    mahjong = Action(ActionKind.MAHJONG, 2)
    assert game.can_apply(mahjong) is False
    with pytest.raises(IllegalActionError, match="completed by a claimed set"):
        game.verify(mahjong)


@pytest.mark.parametrize(("name", "options"), [
    ("hongkong", {}), ("chinese", {}), ("chinese", {"scoring": "mcr"}), ("american", {}),
    ("hongkong", {"false_mahjong": "penalise"}), ("american", {"false_mahjong": "dead"}),
    ("american", {"blind_pass": False, "courtesy_pass": False}),
    ("chinese", {"seven_pairs": True, "thirteen_orphans": True}),
], ids=["hongkong", "chinese", "mcr", "american", "hongkong-penalise", "american-dead",
        "american-no-blind-no-courtesy", "chinese-special-forms"])
def test_every_question_gets_an_answer(name: str, options: dict[str, object]) -> None:
    """Issue 26, item 6: at every decision of one-hand games played at random, every kind of
    action of every player (and of players that do not exist), random actions and
    variations of the legal ones are asked with ``can_apply``, ``verify`` and ``apply``:
    ``can_apply`` answers a bool, True exactly for the legal actions (or an allowed false
    Mahjong); ``verify`` and ``apply`` of the rest raise :class:`IllegalActionError` naming a
    rule; no question changes the game (fingerprint of every view, the players to act, their
    legal actions, events, actions and scores)."""
    rules = get_rule_set(name, **options)
    for g in range(_GAMES):
        game = Game(rules, f"questions/{g}", max_hands=1, check_invariants=False)
        rng = random.Random(f"questions/{name}/{options}/{g}")
        while True:
            before = _fingerprint(game)
            for q in _questions(game, rng):
                ok = game.can_apply(q)
                assert type(ok) is bool
                if ok:
                    if q.kind in (ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS):
                        # passes are checked, not listed (many combinations): the tiles
                        # are the player's own, never a joker (001 Part one 06)
                        assert game.phase.value == "charleston", q
                        assert not Counter(q.tiles) - Counter(game.view(q.player).concealed)
                        assert not any(t.is_joker for t in q.tiles), q
                    else:
                        assert q in game.legal_actions(q.player) or (
                            q.kind is ActionKind.MAHJONG
                            and rules.false_mahjong_mode() != "reject"), q
                    continue
                with pytest.raises(IllegalActionError) as info:
                    game.verify(q)
                assert info.value.rule and str(info.value)
                with pytest.raises(IllegalActionError):
                    game.apply(q)
            assert _fingerprint(game) == before
            if game.is_over:
                break
            p = game.to_act()[0]
            acts = game.legal_actions(p)
            game.apply(acts[rng.randrange(len(acts))])
        game.assert_invariants()
