"""The hard bot for the four-sets-and-a-pair rule sets (Hong Kong 004, Chinese 001 Part two,
simple and MCR scoring): it plays the judgement's best-valued action.

Every decision is :func:`mahjong_table.judgement.judge` of its own
:class:`~mahjong_table.engine.PlayerView`, the same numbers the advisor explains and the coach
comments from: each legal action valued by the expected points of the rest of the hand (the
chance to win times what the rule set's own scorer pays, less what another's win costs, less
what the discard risks now), from the bot's view only: its tiles, the discards of each seat in
order, the exposed melds and bonus tiles, the wall counts; never another player's concealed
tiles or the wall order. So it plays for the hand's worth as well as its speed (one suit, all
pungs, dragon and wind pungs and seven pairs as 004 s07 pays them; MCR's 8-fan minimum, which
it never gives up when another action keeps a win), reads each opponent (readiness from melds
and discards, one-suit hands, tiles let pass) and weighs what a discard risks against what
another's win would cost anyway (004 s07: an opponent's self-drawn win costs everyone more than
a deal-in costs the discarder). It keeps no memory between decisions: the same view gets the
same action, the advisor's (``tests/test_judgement.py``).

American play (a card of lines) is the hard American bot's (:mod:`.hard_american_bot`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Action, PlayerView
from ..judgement import judge
from ..rng import below

if TYPE_CHECKING:
    from ..rules.american.model import Card
    from ..rules.base import RuleSet

__all__ = ["HardBot"]


class HardBot:
    """The hard bot (module docstring). ``rules``: the game's rule set (its scorer and
    payments value hands); without it the bot reads the rule set named in the view with its
    default options. Seeded only for a decision with no judgement (none in these rule sets:
    every decision of theirs is judged)."""

    #: :func:`~mahjong_table.players.make_bot` passes the game's rule set and card
    wants_card = True
    wants_rules = True

    def __init__(self, seed: int | str = 0, name: str = "Hard", card: Card | None = None,
                 rules: RuleSet | None = None) -> None:
        import random

        self.name = name
        self.seed = seed
        self.card = card
        self.rules = rules
        self.rng = random.Random(f"hard-bot/{seed}")

    def _rules(self, view: PlayerView) -> RuleSet:
        if self.rules is None or self.rules.name != view.rules:
            from ..rules import get_rule_set

            self.rules = get_rule_set(view.rules)
        return self.rules

    def choose(self, view: PlayerView) -> Action:
        best = judge(view, self._rules(view)).best
        if best is not None:
            return best.action
        acts = view.legal_actions
        return acts[below(self.rng, len(acts))]
