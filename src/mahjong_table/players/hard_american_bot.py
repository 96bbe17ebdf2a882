"""The easy and hard American bots (rule book 001 Part one), beside the normal one
(:class:`~mahjong_table.players.american_bot.AmericanBot`, which plays what the advisor
advises).

Both decide with :class:`~mahjong_table.rules.american.advice.CardDecider` (the advisor's
judge of a hand against the card: the Charleston passes by the card and by the tiles just
received on a blind pass, the vote, claims, joker exchanges from anyone's exposures, dead-hand
calls, discards by the worth left) and change what a level changes:

- :class:`HardAmericanBot` reads the other players' exposures. For each opponent, the lines
  of the card that fit its exposures (the matcher's lines for those exposures alone) say which
  tiles it may still call: a discard that a fitting line has a slot for is dangerous against
  it, the more so the more it has exposed and the later in the wall. Among the discards worth
  nearly as much as the best (:attr:`HardAmericanDecider.slack`), the safest goes; late in the
  wall (:attr:`HardAmericanDecider.late_wall` tiles or fewer left) the bot gives up more worth
  for safety, and it prefers a tile with few unseen copies (dead, so no one can want it). It
  never feeds a line an opponent's exposures show when another discard is near as good, never
  throws a joker while it holds another tile (jokers stay for exposures), exchanges jokers
  from others' exposures and calls dead hands (the decider's rules), and weighs more
  discards than the normal bot.
- :class:`EasyAmericanBot` plays like a beginner: now and then the second or third best
  discard instead of the best (never a joker while other tiles are held), a claim missed now
  and then, no joker exchange unless it wins at once.

Everything comes from the bot's own :class:`~mahjong_table.engine.PlayerView` and the card,
which is public. Seeded: the bots' generators break ties and make the easy bot's slips.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from ..engine import Action, ActionKind, PlayerView
from ..rng import below
from ..rules.american.advice import CardDecider, CardDecision, HandJudge, Table, Target
from ..rules.american.matcher import exposure_group
from ..rules.american.model import JOKER, Card

if TYPE_CHECKING:
    from ..rules.base import RuleSet

__all__ = ["EasyAmericanBot", "EasyAmericanDecider", "HardAmericanBot", "HardAmericanDecider"]

_KINDS = 47


def _default_card(card: Card | None) -> Card:
    if card is not None:
        return card
    from ..rules.american.card import practice_card

    return practice_card()


class HardAmericanDecider(CardDecider):
    """The card decider with defence (module docstring). ``decide`` reads the opponents'
    exposures before deciding; the discards are then ranked by worth and safety."""

    discard_candidates = 8
    #: a discard within this share of the best worth may be chosen for safety
    slack: ClassVar[float] = 0.05
    #: ... and within this share late in the wall
    late_slack: ClassVar[float] = 0.25
    #: live wall tiles at or below which the wall is late
    late_wall: ClassVar[int] = 24
    #: the chance an opponent is near Mahjong by its exposures (0, 1, 2, 3 or more)
    threat_by_exposures: ClassVar[tuple[float, ...]] = (0.0, 0.15, 0.45, 0.8)

    def __init__(self, card: Card) -> None:
        super().__init__(card)
        #: the lines an opponent's exposures fit: many, not only the nearest ten
        self.reader = HandJudge(card, top_lines=40)
        self._danger: list[float] = [0.0] * _KINDS
        self._late = False

    def decide(self, view: PlayerView, rng: random.Random) -> CardDecision:
        self._read_table(view)
        return super().decide(view, rng)

    def _read_table(self, view: PlayerView) -> None:
        """Each kind's danger as a discard now (:meth:`table_danger`), kept for the decision
        under way."""
        self._danger, self._late = self.table_danger(view)

    def table_danger(self, view: PlayerView) -> tuple[list[float], bool]:
        """Each kind's danger as a discard now: over the opponents, the chance the opponent
        is near Mahjong times the share of its fitting lines that have a slot for the kind;
        and whether the wall is late. Changes nothing (two threads may ask at once)."""
        danger = [0.0] * _KINDS
        late = 0 < view.live_wall <= self.late_wall
        lateness = max(0.0, 1.0 - view.live_wall / 60.0)
        empty = [0] * _KINDS
        for seat in view.seats:
            if seat.player == view.player or seat.dead:
                continue
            try:
                groups = tuple(sorted(exposure_group(m) for m in seat.melds))
            except ValueError:
                continue
            threats = self.threat_by_exposures
            threat = threats[min(len(groups), len(threats) - 1)]
            threat = min(1.0, threat + 0.4 * lateness) if groups or late else 0.0
            if not groups:
                # nothing exposed: any tile may complete a concealed hand late in the wall
                for k in range(_KINDS):
                    danger[k] += 0.1 * threat
                continue
            targets = self.reader.targets(empty, groups)
            if not targets:
                continue
            filled: dict[int, int] = {}
            for k, n in groups:
                filled[k] = filled.get(k, 0) + n
            share = 1.0 / len(targets)
            for tg in targets:
                v = tg.variation
                for k in v.naturals.keys() | v.jokerable.keys():
                    left = v.naturals.get(k, 0) + v.jokerable.get(k, 0) - filled.get(k, 0)
                    if left > 0:
                        danger[k] += threat * share
        return danger, late

    def _discards_ranked(self, table: Table, counts: list[int],
                         groups: tuple[tuple[int, int], ...], rng: random.Random,
                         targets: tuple[Target, ...] | None = None,
                         values: list[float] | None = None) -> list[tuple[float, int, int]]:
        ranked = super()._discards_ranked(table, counts, groups, rng, targets, values)
        if len(ranked) < 2:
            return ranked
        best_worth = ranked[0][0]
        slack = self.late_slack if self._late else self.slack
        floor = best_worth * (1.0 - slack)
        danger = self._danger
        unseen = table.unseen
        near = [o for o in ranked if o[0] >= floor and o[1] != JOKER]
        if len(near) < 2:
            return ranked

        def risk(o: tuple[float, int, int]) -> float:
            k = o[1]
            # a tile with no unseen copy left is wanted by no concealed hand's pair
            return danger[k] * (0.5 + 0.5 * min(1.0, unseen[k] / 2.0))

        safest = min(near, key=lambda o: (risk(o) - 1e-6 * o[0] / max(best_worth, 1e-12)))
        if risk(safest) >= risk(ranked[0]) - 1e-9:
            return ranked
        # the others by kind (each is a different kind), not by identity: the compiled build
        # holds these tuples unboxed and does not keep it
        return [safest, *(o for o in ranked if o[1] != safest[1])]


class EasyAmericanDecider(CardDecider):
    """The card decider with a beginner's slips (module docstring); ``rng`` (the bot's)
    makes them."""

    #: the chance of playing the second or third best discard
    wander: ClassVar[float] = 0.3
    #: the chance of letting a claim the normal bot makes pass
    miss_claim: ClassVar[float] = 0.4

    def decide(self, view: PlayerView, rng: random.Random) -> CardDecision:
        decision = super().decide(view, rng)
        acts = view.legal_actions
        if decision.reason == "exchange":
            # a beginner does not see a joker exchange that does not win at once
            rest = [c for c in decision.ranked if c.action.kind is ActionKind.DISCARD]
            if rest:
                return decision._replace(action=rest[0].action, reason="discard")
            return decision
        if decision.reason == "claim" and rng.random() < self.miss_claim:
            pass_action = next((a for a in acts if a.kind is ActionKind.PASS), None)
            if pass_action is not None:
                return decision._replace(action=pass_action, reason="no_claim")
        if decision.reason == "discard" and rng.random() < self.wander:
            options = [c for c in decision.ranked[:3]
                       if c.action.kind is ActionKind.DISCARD and c.action.tile != JOKER]
            if len(options) > 1:
                pick = options[below(rng, len(options))]
                return decision._replace(action=pick.action)
        return decision


class HardAmericanBot:
    """The hard American bot: it plays the judgement's best-valued action
    (:func:`mahjong_table.judgement.judge`, :mod:`mahjong_table.judgement.american`: the
    hard decider's reading of the table with every action valued by its expected points),
    the advisor's choice. ``card``: the game's card (by default the practice card);
    :func:`~mahjong_table.players.make_bot` passes it, with the rule set."""

    wants_card = True
    wants_rules = True
    needs_card: ClassVar[bool] = True

    def __init__(self, seed: int | str = 0, name: str = "Hard",
                 card: Card | None = None, rules: RuleSet | None = None) -> None:
        self.name = name
        self.rng = random.Random(f"hard-american-bot/{seed}")
        self.card = _default_card(card)
        if rules is None:
            from ..rules import get_rule_set

            rules = get_rule_set("american")
        #: the game's rule set: its payments and options (the card is :attr:`card`)
        self.rules: RuleSet = rules

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``."""
        from ..judgement.american import judge_american

        best = judge_american(view, self.rules, self.card).best
        if best is None:
            acts = view.legal_actions
            return acts[below(self.rng, len(acts))]
        return best.action


class EasyAmericanBot:
    """The easy American bot (module docstring). Seeded."""

    wants_card = True
    needs_card: ClassVar[bool] = True

    def __init__(self, seed: int | str = 0, name: str = "Easy",
                 card: Card | None = None) -> None:
        self.name = name
        self.rng = random.Random(f"easy-american-bot/{seed}")
        self.decider: CardDecider = EasyAmericanDecider(_default_card(card))

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``."""
        return self.decider.decide(view, self.rng).action
