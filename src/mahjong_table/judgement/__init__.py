"""One judgement of a decision, below every face (issue 43): the hard bots play it, the
advisor explains it, the coach comments from it and ``review`` replays a game through it.

``judge(view, rules)`` returns a :class:`Judgement`: for each legal action an
:class:`Estimate` of the rest of the hand from the seat's own view only (the chance to win, the
chance its discard deals in, the expected points under the rule set's own scorer and
payments), best first. Tile efficiency (:mod:`mahjong_table.analysis`) is one input; what a
hand is worth is asked of the rule set's scorer; what the table shows (discards and their
order, claims, exposures, bonus tiles) is read by :class:`~.reading.Reading`.

- Hong Kong and Chinese (simple and MCR): :mod:`.sets`.
- American (a card of lines): :mod:`.american`.
"""

from __future__ import annotations

from ..engine.view import PlayerView
from ..rules.base import RuleSet
from .model import Estimate, Judgement

__all__ = ["Estimate", "Judgement", "judge"]


def judge(view: PlayerView, rules: RuleSet) -> Judgement:
    """The judgement of the decision in front of ``view``'s player under ``rules`` (the game's
    rule set: its forms, scorer, payments and card are read; of the game only the view).
    Raises ``ValueError`` when ``rules`` is not the rule set of the view's game."""
    if view.rules != rules.name:
        raise ValueError(f"the view is of a {view.rules} game, the rules are {rules.name}")
    if rules.hand_kinds > 34:  # a card of lines (American)
        from .american import judge_american

        return judge_american(view, rules)
    from .sets import judge_sets

    return judge_sets(view, rules)
