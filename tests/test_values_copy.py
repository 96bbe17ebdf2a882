"""The engine's values pickle and deep-copy, in the pure and the compiled build (issue 44).

The compiled build makes the frozen dataclasses native classes whose default pickling fails
(their ``__new__`` runs ``__init__``); a vector wrapper deep-copying infos (Stable-Baselines3's
``DummyVecEnv``: every view holds actions and melds), a process pool or Ray handing values
back need both. Each value class reduces to its fields (``_values.reduce_value``)."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from mahjong_table.engine import Game
from mahjong_table.engine.position import parse_position
from mahjong_table.players import make_bot
from mahjong_table.rules import get_rule_set
from mahjong_table.wall import drawing_order


@pytest.mark.parametrize(("rules", "options"), [
    ("hongkong", {}), ("chinese", {}), ("chinese", {"scoring": "mcr"}), ("american", {})])
def test_views_actions_and_results_pickle_and_copy(rules: str, options: dict[str, Any]) -> None:
    """Every view, action and hand result of whole games (melds, scores, score items and
    the progress included) comes back equal from ``pickle`` and ``copy.deepcopy``."""
    rs = get_rule_set(rules, **options)
    game = Game(rs, 4, max_hands=2)
    bot = "american" if rules == "american" else "efficiency"
    bots = [make_bot(bot, p, rules=rs) for p in range(4)]
    views = []
    while not game.is_over:
        p = game.to_act()[0]
        view = game.view(p)
        if len(views) < 200:
            views.append(view)
        game.apply(bots[p].choose(view))
    values: list[Any] = [*views, *game.actions[:200], *game.results, game.progress,
                         game.hand_progress]
    values += [r.score for r in game.results if r.score is not None]
    assert any(s.melds for v in views for s in v.seats)
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value


def test_positions_and_wall_places_pickle_and_copy() -> None:
    """A parsed position and a wall place come back equal too."""
    position = parse_position("hongkong\n0: 123m456p789s1122z 3z\nturn 0 drew 3z")
    place = drawing_order(18, 0, 3)[5]
    for value in (position, place):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
