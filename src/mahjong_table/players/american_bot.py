"""A bot for American mahjong (rule book 001 Part one): it plays toward lines of the card.

It plays exactly what the advisor advises (:mod:`mahjong_table.advisor`): its decisions are
:class:`~mahjong_table.rules.american.advice.CardDecider`'s, which values a hand by the
nearest lines of the card and how many of the tiles they need can still come, and whose
module docstring says how each decision (Charleston passes, the vote, the courtesy pass,
claims, joker exchanges, dead-hand calls, discards) is made. The only difference is the
generator that breaks ties: the bot's own, seeded from ``seed``, so a game replays exactly.

Everything it knows comes from its :class:`~mahjong_table.engine.PlayerView` (its own tiles,
the public table) and the card, which is public: it never looks at the game.
"""

from __future__ import annotations

import random
from typing import ClassVar

from ..engine import Action, PlayerView
from ..rules.american.advice import (
    BLIND_USE,
    CLAIM_GAIN,
    CLAIM_SHARE,
    DISCARD_CANDIDATES,
    FULL_SUPPLY,
    POINTS_POWER,
    SPARE_USE,
    STEP,
    TOP_LINES,
    VOTE_CONTINUE_AWAY,
    CardDecider,
    HandJudge,
    Target,
    fold,
)
from ..rules.american.model import Card

__all__ = ["AmericanBot", "HandJudge", "Target", "fold", "BLIND_USE", "CLAIM_GAIN", "CLAIM_SHARE",
           "DISCARD_CANDIDATES", "FULL_SUPPLY", "POINTS_POWER", "SPARE_USE", "STEP", "TOP_LINES",
           "VOTE_CONTINUE_AWAY"]


class AmericanBot:
    """Plays American hands toward the card's lines (module docstring). ``card`` is the
    card the game is played with (its rule set's ``card``); by default the practice card.
    :func:`~mahjong_table.players.make_bot` passes the game's card when it is given the rule
    set. Deterministic from ``seed``."""

    #: :func:`~mahjong_table.players.make_bot` passes ``card=rules.card`` to this bot
    wants_card = True
    #: plays only rule sets with a card of lines (make_bot refuses others)
    needs_card: ClassVar[bool] = True

    def __init__(self, seed: int | str = 0, name: str = "American",
                 card: Card | None = None) -> None:
        self.name = name
        self.rng = random.Random(f"american-bot/{seed}")
        if card is None:
            from ..rules.american.card import practice_card

            card = practice_card()
        self.decider = CardDecider(card)
        self.judge = self.decider.judge

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions`` (see
        :mod:`mahjong_table.rules.american.advice` for each decision). Raises ``ValueError``
        (from the matcher) if an exposure in the view is not an American exposure (three to
        six identical tiles and jokers)."""
        return self.decider.decide(view, self.rng).action
