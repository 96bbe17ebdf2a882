"""The engine answers every question (issue 26, defect 1): ``can_apply`` and ``verify`` of any
action, legal or not, in any state of any rule set, answer yes/no or raise
:class:`IllegalActionError` naming the rule; they never crash, and "yes" is exactly the legal
actions (plus a false Mahjong where a rule set penalises one instead of refusing it).

The defect: in MCR a hand completed by a claimed pung asked ``can_apply(Mahjong)`` in its
turn raised ``ValueError: the winning tile 6p is not among the concealed tiles 22p`` (the
refusal was scored with the claimed tile as the winning tile, though it lies in a meld).
"""

from __future__ import annotations

import random

import pytest

from mahjong_table import Action, ActionKind, Game, IllegalActionError, get_rule_set
from mahjong_table.tiles import TILES

#: every kind of question, with the parameters that make sense for it
_KINDS = (ActionKind.MAHJONG, ActionKind.PASS, ActionKind.PUNG, ActionKind.KONG,
          ActionKind.QUINT, ActionKind.CHOW, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG,
          ActionKind.DISCARD, ActionKind.JOKER_EXCHANGE, ActionKind.CALL_DEAD)


def _questions(game: Game, rng: random.Random) -> list[Action]:
    out = []
    for p in range(4):
        for kind in _KINDS:
            tile = None
            if kind in (ActionKind.CHOW, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG,
                        ActionKind.DISCARD, ActionKind.JOKER_EXCHANGE):
                tile = TILES[rng.randrange(34)]
            target = rng.randrange(4) if kind in (ActionKind.JOKER_EXCHANGE,
                                                 ActionKind.CALL_DEAD) else None
            out.append(Action(kind, p, tile, target=target))
    return out


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
], ids=["hongkong", "chinese", "mcr", "american", "hongkong-penalise", "american-dead"])
def test_every_question_gets_an_answer(name: str, options: dict[str, object]) -> None:
    """At every state of 40 one-hand games played at random, every kind of action for every
    player is answered: True exactly for the legal actions (or an allowed false Mahjong),
    otherwise IllegalActionError; the game is unchanged by the questions."""
    rules = get_rule_set(name, **options)
    for g in range(40):
        game = Game(rules, f"questions/{g}", max_hands=1)
        rng = random.Random(f"questions/{name}/{g}")
        while not game.is_over:
            before = len(game.events)
            for q in _questions(game, rng):
                legal = game.legal_actions(q.player)
                ok = game.can_apply(q)
                if q in legal:
                    assert ok, q
                elif ok:
                    assert q.kind is ActionKind.MAHJONG and rules.false_mahjong_mode() != \
                        "reject", q
                else:
                    with pytest.raises(IllegalActionError):
                        game.verify(q)
            assert len(game.events) == before
            p = game.to_act()[0]
            acts = game.legal_actions(p)
            game.apply(acts[rng.randrange(len(acts))])
