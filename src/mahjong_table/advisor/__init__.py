"""One advisor for every face: advice for the decision in front of one player, from that
player's view only.

``advise(view, rules)`` returns an :class:`Advice`: the advised action (always one of
``view.legal_actions``; None when no decision awaits the player), why, the alternatives
ranked, where the hand stands (shanten, or the nearest lines of an American card counting only
tiles that can still come), its waits with how many are unseen and what each is worth under
the rule set's own scorer, and, when the tiles form a winning shape the rules refuse, why
(MCR's 8-fan minimum with the shortfall named). ``advice.win`` is True exactly when the engine
offers a Mahjong (it is read from the legal actions, never guessed).

Every face renders it: the full-screen table and the line mode (``tui/hints.py``), the web
table (``web/hints.py``), ``analyze`` (its ``advice`` object); the American bot plays by the
same decider (:mod:`mahjong_table.rules.american.advice`). The rule set is public, so the
advisor may ask it anything (its forms, its scorer, its card); of the game it sees the view.
"""

from __future__ import annotations

from ..engine.view import PlayerView
from ..i18n import _
from ..rules.base import RuleSet
from .model import Advice, CardLineStatus, Option, Wait, action_text

__all__ = ["Advice", "CardLineStatus", "Option", "Wait", "action_text", "advise"]


def advise(view: PlayerView, rules: RuleSet) -> Advice:
    """The advice for ``view`` under ``rules`` (the rule set the game is played with: its
    forms, scorer and card are read). Raises ``ValueError`` when ``rules`` is not the rule set
    of the view's game."""
    if view.rules != rules.name:
        raise ValueError(f"the view is of a {view.rules} game, the rules are {rules.name}")
    if view.phase == "game_over":
        return Advice(view.phase, view.player, None, None, "", _("The game is over."))
    if rules.hand_kinds > 34:  # hands of a card (American): flowers and jokers in the hand
        from .american import advise_american

        return advise_american(view, rules)
    from .sets import advise_sets

    return advise_sets(view, rules)
