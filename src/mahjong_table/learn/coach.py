"""A coached hand: one real hand against the rule set's default bots, with the advisor
commenting on each of the learner's decisions after it is made.

The coach drives the engine through its public API only (``Game``, ``legal_actions``,
``verify``, ``apply``, ``view``) and asks the one advisor
(:func:`mahjong_table.advisor.advise`) for each decision, from the learner's view, *before*
the decision is applied; the comment says what the advisor would have done and why, whether
the learner agreed, and where the hand stands. Faces drive it the same way::

    hand = CoachedHand("hongkong", 7)
    hand.advance()                      # bots play until the learner must decide
    while not hand.finished:
        action = ...                    # one of hand.legal_actions(), chosen by the learner
        comment = hand.play(action)     # IllegalActionError (state unchanged) if not legal
        hand.advance()
    print(hand.summary().text_lines())
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..advisor import Advice, Option, action_text, advise
from ..advisor.model import numbers_text
from ..engine import Action, ActionKind, Game, IllegalActionError, PlayerView, events_for
from ..i18n import _
from ..names import wind_name
from ..players import default_bot, make_bot
from ..players.base import Player
from ..rules import get_rule_set
from ..scoring import ScoreResult
from .books import check_rules
from .model import shown_name

__all__ = ["CoachedHand", "Comment", "HandSummary", "as_verb"]

WIND_NAMES = ("East", "South", "West", "North")


@dataclass(frozen=True)
class Comment:
    """The advisor on one decision of the learner, computed before it was applied.

    ``chosen`` and ``advised`` are the actions worded as every face words them
    (``discard 4m``, ``pung 5p``, ``pass 3m 5p 7z``); ``agreed`` is True when they are the
    same action; ``why`` the advisor's reason; ``distance`` where the hand stood (the
    advisor's summary: tiles from ready, or the nearest card lines); ``rank`` the chosen
    action's place among the advisor's ranked options (0 = the advised one; None when the
    advisor did not rank it); ``alternatives`` the next options with their reasons;
    ``phase`` the decision's phase (``turn``, ``claim``, ``rob``, ``charleston``); ``loss``
    and ``remarks`` what the choice gave up, from the judgement's numbers (the same the
    advisor and the hard bot read)."""

    chosen: str
    advised: str
    agreed: bool
    why: str
    distance: str
    rank: int | None = None
    alternatives: tuple[str, ...] = ()
    phase: str = ""
    #: the expected points the choice gave up against the advice (the judgement's numbers;
    #: None where the advisor weighed no numbers for it)
    loss: float | None = None
    #: what the choice did that the advice would not have: took the hand further from
    #: ready, gave up value (the judgement's numbers, in words)
    remarks: tuple[str, ...] = ()

    @property
    def advised_verb(self) -> str:
        """``advised`` as what one "would" do: ``declare Mahjong``, ``claim pung 5p``,
        ``declare a concealed kong of 5p``, ``add 5p to the exposed pung (added kong)``;
        an action already worded as a verb (``discard 4m``, ``pass``, ``ask for 2``) as
        it is."""
        return as_verb(self.advised)

    def text_lines(self) -> list[str]:
        """The comment as lines of plain text, the same in every face."""
        if self.agreed:
            out = [_("You chose {chosen}: the advisor agrees. Why: {why}").format(
                chosen=self.chosen, why=self.why)]
        else:
            out = [_("You chose {chosen}; the advisor would {advised}. Why: {why}").format(
                chosen=self.chosen, advised=self.advised_verb, why=self.why)]
            out.extend(self.remarks)
        out.append(self.distance)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"chosen": self.chosen, "advised": self.advised, "agreed": self.agreed,
                "why": self.why, "distance": self.distance, "rank": self.rank,
                "alternatives": list(self.alternatives), "phase": self.phase,
                "loss": None if self.loss is None else round(self.loss, 3),
                "remarks": list(self.remarks)}


def _remarks(chosen: Option | None, advised: Option | None) -> tuple[float | None,
                                                                     tuple[str, ...]]:
    """What a choice gave up against the advice, from the judgement's numbers: the expected
    points, and in words whether it took the hand further from ready, gave up value or
    risked a deal-in."""
    if chosen is None or advised is None or chosen.points is None or advised.points is None:
        return None, ()
    loss = max(0.0, advised.points - chosen.points)
    out = [_("Your choice: {numbers}; the advice: {advice}. It gave up {loss} expected "
             "points.").format(
        numbers=numbers_text(chosen.win or 0.0, chosen.deal_in or 0.0, chosen.points),
        advice=numbers_text(advised.win or 0.0, advised.deal_in or 0.0, advised.points),
        loss=f"{loss:.1f}")]
    if chosen.shanten is not None and advised.shanten is not None \
            and chosen.shanten > advised.shanten >= 0:
        out.append(_("It took the hand further from ready: {chosen} away instead of "
                     "{advised}.").format(chosen=chosen.shanten, advised=advised.shanten))
    if chosen.worth is not None and advised.worth is not None \
            and advised.worth > 1.2 * chosen.worth + 0.5:
        out.append(_("It gave up value: a win was expected to pay {chosen} instead of "
                     "{advised}.").format(chosen=f"{chosen.worth:.0f}",
                                          advised=f"{advised.worth:.0f}"))
    if (chosen.deal_in or 0.0) > (advised.deal_in or 0.0) + 0.05:
        out.append(_("It risked more: {chosen}% to deal in instead of {advised}%.").format(
            chosen=round(100 * (chosen.deal_in or 0.0)),
            advised=round(100 * (advised.deal_in or 0.0))))
    return loss, tuple(out)


def _before(summary: str) -> str:
    """The advisor's summary of the hand, said to be where it stood before the decision (a
    claim changes it: "5 away from Singles and Pairs #2" is not true after a pung), unless
    it says so already ("... before the discard.")."""
    if not summary.startswith("Your hand:") or "before" in summary:
        return summary
    return _("{summary}, before this decision.").format(summary=summary.rstrip("."))


def as_verb(text: str) -> str:
    """An action worded by :func:`~mahjong_table.advisor.model.action_text` as a verb phrase,
    to follow "would": its claims and declarations get their verb (``mahjong`` -> ``declare
    Mahjong``, ``pung 5p`` -> ``claim pung 5p``, ``added kong 5p`` -> ``add 5p to the
    exposed pung (added kong)``, a claim window's ``pass`` -> ``pass (make no claim)``); the
    other wordings are verbs already."""
    head = text.partition(" ")[0]
    if text == "mahjong":
        return _("declare Mahjong")
    if text == "pass":  # a claim (or rob) window's pass, not a Charleston pass of tiles
        return _("pass (make no claim)")
    if head in ("pung", "kong", "chow", "quint", "sextet"):
        return _("claim {claim}").format(claim=text)
    if text.startswith("concealed kong "):
        return _("declare a concealed kong of {tile}").format(
            tile=text[len("concealed kong "):])
    if text.startswith("added kong "):
        tile = text[len("added kong "):]
        return _("add {tile} to the exposed pung (added kong)").format(tile=tile)
    return text


@dataclass(frozen=True)
class HandSummary:
    """The end of a coached hand: ``decisions`` made, ``agreements`` with the advisor,
    ``disagreements`` (the biggest first: the most expected points given up, else the chosen
    action furthest down the advisor's ranking), ``result`` (who won and how, or a draw),
    ``payments`` by player, ``score`` (the winner's :class:`ScoreResult`, or None), ``seat``
    the learner's player."""

    decisions: int
    agreements: int
    disagreements: tuple[Comment, ...]
    result: str
    payments: tuple[int, ...]
    score: ScoreResult | None
    seat: int
    comments: tuple[Comment, ...] = field(default=())

    def text_lines(self) -> list[str]:
        out = [self.result,
               _("You made {decisions} decisions and agreed with the advisor on "
                 "{agreements}.").format(decisions=self.decisions, agreements=self.agreements)]
        if self.score is not None and self.score.valid:
            items = "; ".join(f"{shown_name(i.name)} {i.fan}" for i in self.score.items)
            out.append(_("Score: {items}").format(items=items))
        out.append(_("Your payment: {amount}").format(amount=f"{self.payments[self.seat]:+d}"))
        if self.disagreements:
            out.append(_("Where you and the advisor differed most:"))
            for c in self.disagreements:
                out.append("  " + _("you chose {chosen}; the advisor would {advised}: {why}"
                                    ).format(chosen=c.chosen, advised=c.advised_verb, why=c.why))
        return out

    def to_json(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "agreements": self.agreements,
                "disagreements": [c.to_json() for c in self.disagreements],
                "result": self.result, "payments": list(self.payments),
                "score": None if self.score is None else self.score.to_json(),
                "seat": self.seat}


def _same(a: Action, b: Action | None) -> bool:
    """The same decision (a pass's tiles compared as a multiset)."""
    if b is None:
        return False
    if a.kind is not b.kind:
        return False
    if a.kind in (ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS):
        return sorted(a.tiles) == sorted(b.tiles) and (a.number or 0) == (b.number or 0)
    return a == b


class CoachedHand:
    """One hand of ``rules`` (a rule-set name; ``options`` its options) from ``seed`` against
    the rule set's default bots, the learner at ``seat`` (player 0-3). The game is a real
    engine game of one hand (``Game(..., max_hands=1)``); bots are seeded
    ``f"{seed}/{player}"`` as the play command seeds them. Raises ``ValueError`` for an
    unknown rule set, option or seat."""

    def __init__(self, rules: str, seed: int | str, *, seat: int = 0,
                 bot: str | None = None, **options: Any) -> None:
        check_rules(rules)
        if seat not in range(4):
            raise ValueError(f"seat must be 0-3, not {seat!r}")
        if "hands" in get_rule_set(rules).options and "hands" not in options:
            options["hands"] = 1  # an American game is its option's hands: here one
        self.rules = get_rule_set(rules, **options)
        self.seed = seed
        self.seat = seat
        names = [f"Bot {p}" for p in range(4)]
        names[seat] = "You"
        self.game = Game(self.rules, seed, max_hands=1, names=names)
        kind = bot or default_bot(self.rules)
        self.bots: dict[int, Player] = {
            p: make_bot(kind, f"{seed}/{p}", rules=self.rules) for p in range(4) if p != seat}
        self.comments: list[Comment] = []
        self._shown = 0

    # ----- what the learner sees -----------------------------------------------------------

    def view(self) -> PlayerView:
        """The learner's view (their own tiles and public information only)."""
        return self.game.view(self.seat)

    def legal_actions(self) -> list[Action]:
        """The learner's legal actions now (empty when nothing awaits them)."""
        if self.game.is_over or self.seat not in self.game.to_act():
            return []
        return self.game.legal_actions(self.seat)

    def waiting(self) -> bool:
        """True when the game waits on the learner's decision."""
        return not self.game.is_over and self.seat in self.game.to_act()

    @property
    def finished(self) -> bool:
        """True once the hand has ended."""
        return self.game.is_over

    def advice(self) -> Advice:
        """The advisor's advice for the learner's view now (a hint, before deciding)."""
        return advise(self.view(), self.rules)

    def new_events(self) -> list[dict[str, Any]]:
        """The events shown to the learner since the last call, in their JSON form
        (``events_for``: nothing the learner may not see)."""
        events = self.game.events[self._shown:]
        self._shown = len(self.game.events)
        return events_for(list(events), self.seat)

    # ----- play ----------------------------------------------------------------------------

    def advance(self) -> int:
        """Let the bots play until the learner must decide or the hand ends; returns how
        many bot actions were applied."""
        n = 0
        while not self.game.is_over:
            acting = self.game.to_act()
            if self.seat in acting:
                break
            p = acting[0]
            self.game.apply(self.bots[p].choose(self.game.view(p)))
            n += 1
        return n

    def play(self, action: Action) -> Comment:
        """Apply the learner's ``action`` and return the advisor's comment on it, computed
        from the learner's view before it was applied. Raises
        :class:`~mahjong_table.engine.IllegalActionError` naming the rule (and changes
        nothing) when the action is not legal now or is not the learner's."""
        if action.player != self.seat:
            raise IllegalActionError(f"you play player {self.seat}, not {action.player}",
                                     "the coached hand")
        self.game.verify(action)
        view = self.view()
        advice = advise(view, self.rules)
        names = tuple(wind_name((p - view.dealer) % 4) for p in range(4))
        offered = view.last_discard

        def words(a: Action) -> str:
            return action_text(a, seat_names=names, last_discard=offered)

        rank = next((i for i, o in enumerate(advice.options) if _same(action, o.action)),
                    None)
        agreed = _same(action, advice.action)
        loss, remarks = (None, ()) if agreed or rank is None or not advice.options else \
            _remarks(advice.options[rank], advice.options[0])
        comment = Comment(
            chosen=words(action),
            advised=advice.text or "no advice",
            agreed=agreed,
            why=advice.why,
            distance=_before(advice.summary),
            rank=0 if agreed else rank,
            alternatives=tuple(f"{o.text}: {o.why}" for o in advice.options[1:3]),
            phase=view.phase,
            loss=0.0 if agreed else loss,
            remarks=remarks,
        )
        self.game.apply(action)
        self.comments.append(comment)
        return comment

    # ----- the end -------------------------------------------------------------------------

    def summary(self) -> HandSummary:
        """The hand's summary. Raises ``ValueError`` before the hand has ended."""
        if not self.game.results:
            raise ValueError("the hand has not ended yet")
        res = self.game.results[-1]
        if res.reason == "mahjong" and res.winner is not None:
            if res.winner == self.seat:
                if res.discarder is None:
                    result = _("You won self-drawn.")
                else:
                    result = _("You won on {seat}'s discard.").format(
                        seat=wind_name((res.discarder - res.dealer) % 4))
            else:
                who = wind_name((res.winner - res.dealer) % 4)
                if res.discarder is None:
                    result = _("{seat} won self-drawn.").format(seat=who)
                elif res.discarder == self.seat:
                    result = _("{seat} won on your discard.").format(seat=who)
                else:
                    result = _("{seat} won on {discarder}'s discard.").format(
                        seat=who, discarder=wind_name((res.discarder - res.dealer) % 4))
        elif res.reason == "draw":
            result = _("The wall ran out: a draw, nobody pays.")
        else:
            result = _("The hand ended: {reason}.").format(
                reason=shown_name(res.reason.replace("_", " ")))
        # the biggest first: the expected points given up (the judgement's numbers), else
        # the chosen action's place in the advisor's ranking
        ranked = sorted((c for c in self.comments if not c.agreed),
                        key=lambda c: (-(c.loss if c.loss is not None else -1.0),
                                       -(c.rank if c.rank is not None else 99)))
        return HandSummary(
            decisions=len(self.comments),
            agreements=sum(1 for c in self.comments if c.agreed),
            disagreements=tuple(ranked[:3]),
            result=result,
            payments=tuple(res.payments),
            score=res.score,
            seat=self.seat,
            comments=tuple(self.comments),
        )
