"""What the judgement says of a decision: one :class:`Estimate` per legal action, best first.

Every number is for the seat judged, over the rest of the hand, from that seat's view only:

- ``win``: the chance the seat wins this hand after the action (0-1);
- ``deal_in``: the chance that the discard the action makes (a discard, or the discard a claim
  leads to) completes an opponent's hand at once (0-1);
- ``points``: the expected points the seat collects (+) or pays (-) by the end of the hand
  under the rule set's own payments: its wins as the rule set's scorer pays them, less what
  it pays when another wins (004 s07 in Hong Kong, MCR's 8 + fan, 1 a loser on the simple
  scale, the card's values in American play);
- ``worth``: the points a win of the seat would collect, as expected when it comes.

The numbers are estimates (:mod:`mahjong_table.judgement` says how they are made); what the
faces show of them, and the hard bot's choice, all come from one :class:`Judgement`.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action
from ..tiles import Tile

__all__ = ["Estimate", "Judgement"]


class Estimate:
    """One legal action weighed (see the module docstring for ``win``, ``deal_in``,
    ``points`` and ``worth``).

    ``shanten``: how far the hand is from ready after the action (-1 a win, 0 ready; for an
    American hand the tiles away from its nearest line, less one), None when the action ends
    the decision without a hand to measure (a Charleston vote). ``useful``: the unseen tiles
    that bring the hand closer (when ready: that win). ``discard``: the tile the action leads
    to discarding (a claim's best discard), if any. ``plan``: what the hand heads for, in
    English data words (``"one suit: bamboo"``, ``"all pungs"``, a card line's name), or
    None for a plain hand. ``waits``: for a ready hand, ``(tile, unseen, worth on a discard,
    worth self-drawn)`` of each winning tile (worth None when the rules refuse the win).
    ``can_win``: False when no win the hand can still make is allowed (MCR's 8-fan minimum,
    a card with no line left). ``fastest``: True for the action the efficiency bot would
    play, where the rule set's judgement keeps to it unless another is clearly worth more
    (:data:`.sets.SPEED_MARGIN`: Chinese on the simple scale)."""

    __slots__ = ("action", "can_win", "deal_in", "discard", "fastest", "plan", "points",
                 "shanten", "useful", "waits", "win", "worth")

    def __init__(self, action: Action, win: float, deal_in: float, points: float,
                 worth: float, shanten: int | None = None, useful: int = 0,
                 discard: Tile | None = None, plan: str | None = None,
                 waits: tuple[tuple[Tile, int, int | None, int | None], ...] = (),
                 can_win: bool = True) -> None:
        self.action = action
        self.win = win
        self.deal_in = deal_in
        self.points = points
        self.worth = worth
        self.shanten = shanten
        self.useful = useful
        self.discard = discard
        self.plan = plan
        self.waits = waits
        self.can_win = can_win
        self.fastest = False

    def __repr__(self) -> str:
        return (f"Estimate({self.action}, win={self.win:.3f}, deal_in={self.deal_in:.3f}, "
                f"points={self.points:+.2f}, worth={self.worth:.1f}, shanten={self.shanten}, "
                f"plan={self.plan!r})")

    def to_json(self) -> dict[str, Any]:
        """The estimate as JSON data (English; numbers rounded for reading)."""
        out: dict[str, Any] = {
            "action": self.action.to_json(),
            "win": round(self.win, 4),
            "deal_in": round(self.deal_in, 4),
            "points": round(self.points, 3),
            "worth": round(self.worth, 2),
            "shanten": self.shanten,
            "useful": self.useful,
            "can_win": self.can_win,
        }
        if self.discard is not None:
            out["discard"] = str(self.discard)
        if self.fastest:
            out["fastest"] = True
        if self.plan is not None:
            out["plan"] = self.plan
        if self.waits:
            out["waits"] = [{"tile": str(t), "unseen": u, "on_discard": d, "self_drawn": s}
                            for t, u, d, s in self.waits]
        return out


class Judgement:
    """The judgement of one decision: ``estimates`` of every legal action, best first (the
    most expected points; ties kept in the order of ``view.legal_actions``; a Mahjong on
    offer always first; where the rule set keeps to the fastest action, that one first unless
    another is clearly worth more, :data:`.sets.SPEED_MARGIN`), for ``player`` in
    ``phase``. ``best`` is the first.
    Empty when no decision awaits the player."""

    __slots__ = ("estimates", "phase", "player", "unit")

    def __init__(self, phase: str, player: int, estimates: tuple[Estimate, ...],
                 unit: str = "points") -> None:
        self.phase = phase
        self.player = player
        self.estimates = estimates
        #: what a win's worth is counted in (``"points"``)
        self.unit = unit

    @property
    def best(self) -> Estimate | None:
        """The best-valued action's estimate (None when there is no decision)."""
        return self.estimates[0] if self.estimates else None

    def of(self, action: Action) -> Estimate | None:
        """The estimate of ``action`` (compared as actions compare: by value), or None."""
        for e in self.estimates:
            if e.action == action:
                return e
        return None

    def to_json(self) -> dict[str, Any]:
        return {"phase": self.phase, "player": self.player,
                "estimates": [e.to_json() for e in self.estimates]}
