"""The learned chances of a hand (issue 43): how likely the seat wins the hand from here, how
often its wins are self-drawn, and how likely another player wins when it does not.

The numbers come from logistic models fitted to games between normal bots
(:mod:`._fitted`, made by ``tools/judgement_data.py`` and ``tools/judgement_fit.py``), one per
rule-set family (Hong Kong; Chinese on the simple scale; Chinese under MCR) and per shanten
(0-4, and 5 or more together), on what the seat's view shows: ``u`` the unseen tiles that
bring the hand closer (when ready: its winning tiles the rules let win), ``r`` the seat's draws
left, ``o`` the opponents' exposed melds and ``m`` the seat's own. A model that learned a
chance falling with more useful tiles where data are thin (no draws left) is held to rise with
them: more tiles that help never make a hand worse.
"""

from __future__ import annotations

import math
from typing import Final

from ..rules.base import RuleSet
from ._fitted import FITTED

__all__ = ["Chances", "family_of"]

#: the least a useful tile may add to the log-odds of winning, per unit of ln(1 + u)
_MIN_SLOPE: Final = 0.05


def family_of(rules: RuleSet) -> str:
    """The fitted family of ``rules``: ``"hongkong"``, ``"chinese"`` (simple scale),
    ``"chinese-mcr"`` or ``"american"``; a rule set without its own model reads Hong
    Kong's."""
    name = rules.name + ("-mcr" if rules.checks_win_context else "")
    return name if name in FITTED else "hongkong"



def _logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


class Chances:
    """The fitted models of one family (:func:`family_of`)."""

    def __init__(self, family: str) -> None:
        data = FITTED[family]
        self.family = family
        win = data.get("win", [])
        assert isinstance(win, list)
        self.win_coef: list[list[float]] = [[float(c) for c in row] for row in win]
        card = data.get("card", [])
        assert isinstance(card, list)
        #: American (a card of lines): the chance to win from the nearest lines' chance
        #: products (:meth:`card_win`)
        self.card_coef: list[float] = [float(c) for c in card]
        cap = data.get("cap", [1.0] * len(win))
        assert isinstance(cap, list)
        #: per shanten, the highest chance read (what the luckiest tenth of the data won)
        self.win_cap: list[float] = [float(c) for c in cap]
        self_coef = data["self"]
        other_coef = data["other"]
        assert isinstance(self_coef, list) and isinstance(other_coef, list)
        self.self_coef = [float(c) for c in self_coef]
        self.other_coef = [float(c) for c in other_coef]
        loss = data["loss"]
        assert isinstance(loss, (int, float))
        self.loss = float(loss)
        plans = data.get("plans", {})
        assert isinstance(plans, dict)
        #: per plan kind (``suit``, ``pure``, ``pungs``, ``pairs``): the chance to win with it
        self.plan_coef: dict[str, list[float]] = {
            str(k): [float(c) for c in v] for k, v in plans.items()}

    def win(self, shanten: int, useful: float, rounds: int, opponents: int, melds: int,
            ahead: float | None = None) -> float:
        """The chance to win the hand at ``shanten`` with ``useful`` unseen useful tiles,
        ``rounds`` draws left, ``opponents`` exposed melds among the others and ``melds`` of
        one's own (the farthest shanten fitted, and more, share one model that reads the
        shanten). ``ahead``: the useful tiles one draw ahead
        (:func:`~mahjong_table.analysis.ahead.next_step_useful`), read by the models of the
        shanten that learned it (1 and 2); when not given, the useful tiles now stand in."""
        if shanten < 0:
            return 1.0
        far = len(self.win_coef) - 1
        b = self.win_coef[min(shanten, far)]
        lu = math.log1p(max(0.0, useful))
        lr = math.log1p(max(0, rounds))
        slope = max(_MIN_SLOPE, b[1] + b[3] * lr)
        x = b[0] + slope * lu + b[2] * lr + b[4] * opponents + b[5] * melds
        if len(b) > 6:
            if shanten >= far:
                x += b[6] * shanten
            else:
                x += b[6] * math.log1p(max(0.0, useful if ahead is None else ahead))
        return min(_logistic(x), self.win_cap[min(shanten, far)])

    def plan_win(self, plan: str, shanten: int, useful: float, rounds: int, opponents: int,
                 melds: int) -> float | None:
        """The chance to win the hand with ``plan`` (a plan kind: ``suit``, ``pure``,
        ``pungs``, ``pairs``) at ``shanten`` toward it, or None when the family has no model
        of that plan (fitted from the judgement's own games)."""
        b = self.plan_coef.get(plan)
        if b is None:
            return None
        if shanten < 0:
            return 1.0
        lu = math.log1p(max(0.0, useful))
        lr = math.log1p(max(0, rounds))
        slope = max(_MIN_SLOPE, b[1] + b[3] * lr)
        return _logistic(b[0] + slope * lu + b[2] * lr + b[4] * opponents + b[5] * melds
                         + b[6] * shanten)

    def card_win(self, products: float, rounds: int, opponents: int, jokers: int) -> float:
        """American: the chance to win the hand from ``products``, the nearest lines' chance
        products summed (:meth:`~mahjong_table.rules.american.advice.HandJudge.line_worth`
        without the points' weight: each needed tile's step times how many copies can still
        come), the seat's ``rounds`` of draws left, ``opponents`` exposures among the others
        and ``jokers`` held. Rises with the products."""
        b = self.card_coef
        if not b or products <= 0.0:
            return 0.0
        lp = math.log(products + 1e-6)
        lr = math.log1p(max(0, rounds))
        slope = max(_MIN_SLOPE, b[1] + b[3] * lr)
        x = b[0] + slope * lp + b[2] * lr + b[4] * opponents + b[5] * jokers
        raw = _logistic(x)
        if not self.win_cap:
            return raw
        # a soft cap (the smooth minimum of the model and the data's best, a 4-norm): a
        # plain minimum made every near hand equal at the cap, so the chance a discard
        # gave up was not seen (tests/test_advisor_positions.py, am-keep-near-line)
        cap = self.win_cap[0]
        return float((raw ** -4 + cap ** -4) ** -0.25) if raw > 0.0 else 0.0

    def self_share(self, rounds: int) -> float:
        """The share of the seat's wins that it draws itself."""
        c = self.self_coef
        return _logistic(c[0] + c[1] * math.log1p(max(0, rounds)))

    def other(self, rounds: int, opponents: int) -> float:
        """The chance another player wins the hand when the seat does not."""
        c = self.other_coef
        return _logistic(c[0] + c[1] * math.log1p(max(0, rounds)) + c[2] * opponents)


_CACHE: dict[str, Chances] = {}


def chances_for(rules: RuleSet) -> Chances:
    """The :class:`Chances` of ``rules``'s family (built once; a second thread building it at
    the same time builds an equal one, and either is kept)."""
    family = family_of(rules)
    got = _CACHE.get(family)
    if got is None:
        got = Chances(family)
        _CACHE[family] = got
    return got
