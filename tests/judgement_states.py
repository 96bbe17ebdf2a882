"""Decisions met in play, for the judgement's tests (tests/test_judgement.py,
tests/test_judgement_speed_margin.py): one-hand games of normal bots."""

from __future__ import annotations

import random
from collections.abc import Iterator

from mahjong_table.engine import Game, PlayerView
from mahjong_table.players import make_bot
from mahjong_table.rules.base import RuleSet


def decisions(rules: RuleSet, games: int, seed: str, rng: random.Random | None = None
              ) -> Iterator[tuple[Game, int, PlayerView]]:
    """``(game, player, view)`` at every decision with more than one legal action in ``games``
    one-hand games played by normal bots (seeded from ``seed``); with ``rng``, a random legal
    move one time in ten, so that odd positions come up. The game moves on when the caller
    asks for the next decision."""
    for g in range(games):
        game = Game(rules, f"{seed}/{g}", max_hands=1)
        bots = [make_bot("normal", f"{seed}/{g}/{p}", rules=rules) for p in range(4)]
        while not game.is_over:
            p = game.to_act()[0]
            view = game.view(p)
            if len(view.legal_actions) > 1:
                yield game, p, view
            acts = view.legal_actions
            action = acts[rng.randrange(len(acts))] if rng is not None and rng.random() < 0.1 \
                else bots[p].choose(view)
            game.apply(action)
