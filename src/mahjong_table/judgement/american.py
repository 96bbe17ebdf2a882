"""The judgement of an American decision (rule book 001 Part one), from the seat's view and
the card, which is public.

A hand is valued against the nearest lines of the card (the matcher's tiles away, read by
:class:`~mahjong_table.rules.american.advice.HandJudge`): for each line still in reach, the
tiles it needs (a natural single or pair only as itself; a slot of a group of three or more
as itself or a joker, the held jokers filling the scarcest slots first, 001 Part one
"Jokers") and how many of each the seat has not seen. The race of :mod:`.race` turns them into
the chance to complete the line before another player wins or the wall runs out: a round
brings one of the needed tiles with the chance that the seat draws one (or, for a group of an
open line, calls one from a discard), the last one may also be called for Mahjong from any
discard. What the line pays comes from the rule set's payments (its points, the discarder
paying double, every payer double on a self-drawn win, by the table's options). The hand's
value is its best line's expected points, with a quarter of what its other lines in reach
could collect (a hand near several lines is more flexible), less what another's win costs.

The actions:

- **Discards** leave the hand that is valued; the danger of the tile (how likely it completes
  an opponent's hand, read from the lines each opponent's exposures fit, by
  :class:`~mahjong_table.players.hard_american_bot.HardAmericanDecider`) is weighed against
  what the seat pays on a deal-in (the discarder pays double).
- **Claims** (pung, kong, quint, sextet, with jokers) are valued after the best discard that
  follows, their exposure ruling out the concealed lines; **pass** keeps the hand.
- **Joker exchanges** that complete the hand are a win; others are valued after the best
  discard.
- **Mahjong** is worth what the rule set's scorer pays; **calling a dead hand** is always
  made (one player fewer to beat).
- The Charleston's passes, the vote and the courtesy pass are the decider's (by the lines the
  tiles serve); their estimates give the hand's numbers as it stands.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from typing import Final

from ..engine.actions import EXPOSURE_SIZES, Action, ActionKind
from ..engine.view import PlayerView
from ..i18n import N_
from ..melds import Hand
from ..message import Message
from ..players.hard_american_bot import HardAmericanDecider
from ..rules.american.advice import Table, Target, table_of
from ..rules.american.matcher import exposure_group
from ..rules.american.model import FLOWER, JOKER, Card, CardLine
from ..rules.american.scoring import score_american
from ..rules.base import RuleSet
from ..scoring import WinContext
from ..tiles import TILES, Tile
from .chances import chances_for
from .model import Estimate, Judgement
from .race import race
from .reading import HAZARD_FLOOR, HAZARD_PER_READY, Reading


def _plan(line: CardLine) -> Message:
    """The line a hand heads for, ``"2026 #2 FFF 2026a DDDa 6666b"``, as a message: its
    section's name and the number sign shown in the language in force ("2026 n. 2 ..."), as
    :func:`~mahjong_table.rules.american.scoring.line_key` shows them, never read back from
    the English (issue 48)."""
    return Message(N_("{section} #{number} {pattern}"), section=Message(line.section, "card"),
                   number=line.number, pattern=line.pattern)

__all__ = ["JUDGEMENT_SEED", "decider_for", "judge_american"]

_KINDS: Final = 47
#: how many of the nearest lines are raced
_LINES: Final = 4
#: the share of the other lines' expected gain added to the best line's
_FLEX: Final = 0.25
#: how likely an opponent's discard is the tile the seat needs, against a drawn tile
_DISCARD_SHARE: Final = 0.6
#: chances a round to take a needed tile of a group of an open line (a draw, a call)
_GROUP_CHANCES: Final = 1.4
#: a line's worth to another player, in points a payer (the practice card's mean)
_TYPICAL_LINE: Final = 30
#: deal-in chance a unit of the decider's danger
_DANGER_SCALE: Final = 0.2

#: the Charleston's ties are broken by a generator of this seed, so the hard bot and the
#: advisor pass the same tiles
JUDGEMENT_SEED: Final = "judgement"
_LOCAL = threading.local()


def decider_for(card: Card) -> HardAmericanDecider:
    """The hard decider of ``card`` for the calling thread (one per card and thread, kept:
    its caches serve every decision of that thread; a decider's caches are not shared
    between threads, so two threads judging at once never see each other's half-made
    entries: issue 42)."""
    deciders: dict[int, tuple[Card, HardAmericanDecider]] | None = getattr(
        _LOCAL, "deciders", None)
    if deciders is None:
        deciders = {}
        _LOCAL.deciders = deciders
    got = deciders.get(id(card))
    if got is None or got[0] is not card:
        if len(deciders) > 16:
            deciders.clear()
        got = (card, HardAmericanDecider(card))
        deciders[id(card)] = got
    return got[1]


def _fold(t: int) -> int:
    return FLOWER if 34 <= t < 42 else t


class _Hand:
    """A hand's prospects: ``win`` (chance), ``points`` (expected, the other lines' share
    and another's win counted), ``worth`` (what a win pays), ``away`` (the nearest line's
    tiles away, None: no line), ``line`` (the best line's name), ``can_win``."""

    __slots__ = ("away", "can_win", "line", "points", "win", "worth")

    def __init__(self, win: float, points: float, worth: float, away: int | None,
                 line: str | None, can_win: bool) -> None:
        self.win = win
        self.points = points
        self.worth = worth
        self.away = away
        self.line = line
        self.can_win = can_win


class _Judge:
    def __init__(self, view: PlayerView, rules: RuleSet, card: Card) -> None:
        self.view = view
        self.rules = rules
        self.card = card
        self.decider = decider_for(card)
        self.danger, _late = self.decider.table_danger(view)
        self.table: Table = table_of(view)
        self.unseen = self.table.unseen
        self.pool = max(1, sum(self.unseen))
        self.rounds = Reading._draws_left(view)
        self.me = view.player
        self.wind = view.me.wind
        self.left_wind = view.seats[(self.me + 3) % 4].wind
        threats = self.decider.threat_by_exposures
        stay = 1.0
        for seat in view.seats:
            if seat.player == self.me or seat.dead:
                continue
            n = len(seat.melds)
            stay *= 1.0 - HAZARD_PER_READY * threats[min(n, len(threats) - 1)]
        self.hazard = round(min(0.6, HAZARD_FLOOR + (1.0 - stay)), 3)
        pays = rules.win_payments
        others = [s.wind for s in view.seats if s.player != self.me]
        # what another's win costs: its self-drawn win, another's discard, the seat's own
        self_drawn = -pays(_TYPICAL_LINE, others[0], True, None)[self.wind]
        other_disc = -pays(_TYPICAL_LINE, others[0], False, others[1])[self.wind]
        self.deal_in_cost = float(-pays(_TYPICAL_LINE, others[0], False, self.wind)[self.wind])
        self.loss = 0.3 * self_drawn + 0.7 * (2 * other_disc + self.deal_in_cost) / 3
        self._hands: dict[tuple[object, ...], _Hand] = {}
        self.chances = chances_for(rules)
        #: the opponents' exposures (the learned chances read them)
        self.opp_exposures = sum(len(s.melds) for s in view.seats if s.player != self.me)
        if self.chances.card_coef:
            self.loss = self.chances.loss

    # ----- a hand --------------------------------------------------------------------------

    def _line(self, tg: Target, counts: Sequence[int]) -> tuple[float, float, float, float]:
        """``(chance to win, expected gain, chance another wins first, pay of a win)`` of one
        line for the waiting ``counts``: the race over its needed tiles (module
        docstring)."""
        u = self.unseen
        wild = u[JOKER]
        needs: list[float] = []
        calls = False
        for k, n in tg.natural:
            if u[k] < n:
                return 0.0, 0.0, 0.0, 0.0
            needs.extend(float(u[k] - i) for i in range(n))
        spare = tg.jokers
        for k, n in sorted(tg.gaps, key=lambda g: u[g[0]]):
            fill = min(n, spare)
            spare -= fill
            n -= fill
            if n <= 0:
                continue
            if u[k] + wild < n:
                return 0.0, 0.0, 0.0, 0.0
            calls = calls or not tg.concealed
            needs.extend(float(u[k] + wild - i) for i in range(n))
        points = tg.line.points
        pays = self.rules.win_payments
        pay_s = float(pays(points, self.wind, True, None)[self.wind])
        pay_d = float(pays(points, self.wind, False, self.left_wind)[self.wind])
        if not needs:  # complete (a hand that holds it already)
            return 1.0, pay_s, 0.0, pay_s
        needs.sort(reverse=True)
        pool = self.pool
        chances = _GROUP_CHANCES if calls else 1.0
        stages = []
        for i in range(len(needs) - 1):
            rest = sum(needs[i:])
            stages.append(round(1.0 - (1.0 - min(1.0, rest / pool)) ** chances, 3))
        last = needs[-1]
        p_self = round(min(1.0, last / pool), 3)
        p_disc = round(1.0 - (1.0 - min(1.0, _DISCARD_SHARE * last / pool)) ** 3, 3)
        ws, wd, other = race(tuple(stages), p_self, p_disc, self.rounds, self.hazard)
        gain = ws * pay_s + wd * pay_d
        return ws + wd, gain, other, (gain / (ws + wd)) if ws + wd > 0 else pay_d

    def hand(self, counts: list[int], groups: tuple[tuple[int, int], ...]) -> _Hand:
        """The prospects of the waiting hand ``counts`` (folded) with exposures ``groups``."""
        key = (bytes(counts), groups)
        got = self._hands.get(key)
        if got is not None:
            return got
        targets = self.decider.judge.targets(counts, groups)
        if self.chances.card_coef:
            out = self._learned(targets, counts)
            self._hands[key] = out
            return out
        lines: list[tuple[float, float, float, float, Target]] = []
        for tg in targets[:_LINES]:
            win, gain, other, worth = self._line(tg, counts)
            if win > 0:
                lines.append((gain - other * self.loss, win, gain, worth, tg))
        if not lines:
            _ws, _wd, other = race((), 0.0, 0.0, self.rounds, self.hazard)
            away = targets[0].away if targets else None
            out = _Hand(0.0, -other * self.loss, 0.0, away, None, False)
        else:
            lines.sort(key=lambda x: -x[0])
            ev, win, _gain, worth, tg = lines[0]
            ev += _FLEX * sum(x[2] for x in lines[1:])
            miss = 1.0 - win
            for x in lines[1:]:
                miss *= 1.0 - _FLEX * x[1]
            name = _plan(tg.line)
            out = _Hand(min(0.95, 1.0 - miss), ev, worth, tg.away, name, True)
        self._hands[key] = out
        return out

    def _learned(self, targets: Sequence[Target], counts: list[int]) -> _Hand:
        """The learned chance (:meth:`.chances.Chances.card_win`) from the nearest lines'
        chance products, and the points of a win as their products weigh the lines."""
        judge = self.decider.judge
        total = 0.0
        weighted = 0.0
        best: Target | None = None
        best_value = -1.0
        for tg in targets:
            w = judge.line_worth(tg, self.unseen)
            prod = w / tg.weight if tg.weight else 0.0
            total += prod
            weighted += prod * tg.line.points
            if prod * tg.line.points > best_value:
                best, best_value = tg, prod * tg.line.points
        away = targets[0].away if targets else None
        ch = self.chances
        if total <= 0.0 or best is None:
            other = ch.other(self.rounds, self.opp_exposures)
            return _Hand(0.0, -other * self.loss, 0.0, away, None, False)
        worth_points = max(1, round(weighted / total))
        pays = self.rules.win_payments
        pay_s = float(pays(worth_points, self.wind, True, None)[self.wind])
        pay_d = float(pays(worth_points, self.wind, False, self.left_wind)[self.wind])
        win = ch.card_win(total, self.rounds, self.opp_exposures, counts[JOKER])
        share = ch.self_share(self.rounds)
        gain = win * (share * pay_s + (1.0 - share) * pay_d)
        other = (1.0 - win) * ch.other(self.rounds, self.opp_exposures)
        name = _plan(best.line)
        return _Hand(win, gain - other * self.loss, gain / win if win > 0 else pay_d,
                     best.away if best.away is not None else away, name, True)

    def _estimate(self, a: Action, h: _Hand, deal_in: float = 0.0, discard: Tile | None = None
                  ) -> Estimate:
        points = -deal_in * self.deal_in_cost + (1.0 - deal_in) * h.points
        away = None if h.away is None else h.away - 1
        return Estimate(a, (1.0 - deal_in) * h.win, deal_in, points, h.worth, away, 0,
                        discard, h.line, can_win=h.can_win)

    def _deal_in(self, k: int) -> float:
        u = self.unseen
        d = self.danger[k] * (0.5 + 0.5 * min(1.0, u[k] / 2.0))
        return min(0.9, _DANGER_SCALE * d)

    def after_discard(self, counts: list[int], groups: tuple[tuple[int, int], ...], k: int,
                      a: Action) -> Estimate:
        counts[k] -= 1
        h = self.hand(counts, groups)
        counts[k] += 1
        return self._estimate(a, h, self._deal_in(k), TILES[k])

    def best_discard(self, counts: list[int], groups: tuple[tuple[int, int], ...],
                     a: Action) -> Estimate:
        best: Estimate | None = None
        for k in range(_KINDS):
            if counts[k] <= 0 or (k == JOKER and sum(counts) > counts[JOKER]):
                continue
            e = self.after_discard(counts, groups, k, a)
            if best is None or e.points > best.points + 1e-9:
                best = e
        assert best is not None
        return best

    def win_pay(self, counts: list[int], t: int, self_drawn: bool) -> float:
        """What the seat collects winning with ``counts`` (14 tiles, folded as held: the
        view's own counts) completed by ``t``, by the rule set's scorer."""
        tiles = [TILES[k] for k in range(_KINDS) for _ in range(counts[k])]
        ctx = WinContext(hand=Hand(tuple(tiles), tuple(self.view.me.melds)),
                         win_tile=TILES[t], seat_wind=self.wind,
                         round_wind=self.view.round_wind, self_drawn=self_drawn,
                         discarder=None if self_drawn else self.left_wind)
        try:
            result = score_american(self.card, ctx, self.rules.options)
        except ValueError:
            return 0.0
        return float(result.payments.get(self.wind, 0)) if result.valid else 0.0

    # ----- the decision --------------------------------------------------------------------

    def judge(self) -> Judgement:
        view = self.view
        acts = view.legal_actions
        kinds = {a.kind for a in acts}
        counts = self.table.counts
        groups = self.table.groups
        if kinds & {ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS,
                    ActionKind.CHARLESTON_CONTINUE, ActionKind.CHARLESTON_STOP,
                    ActionKind.COURTESY_ASK}:
            d = self.decider.decide(view, random.Random(JUDGEMENT_SEED))
            h = self.hand(counts, groups) if sum(counts) == 13 else None
            est = (self._estimate(d.action, h) if h is not None
                   else Estimate(d.action, 0.0, 0.0, 0.0, 0.0))
            return Judgement(view.phase, view.player, (est,))
        out: list[Estimate] = []
        tile = view.last_discard
        for a in acts:
            k = a.kind
            if k is ActionKind.MAHJONG:
                raw = list(view.counts) + [0] * (_KINDS - len(view.counts))
                if view.phase in ("claim", "rob") and tile is not None:
                    raw[int(tile)] += 1
                    pay = self.win_pay(raw, int(tile), False)
                else:
                    t = view.drawn if view.drawn is not None else TILES[JOKER]
                    pay = self.win_pay(raw, int(t), True)
                out.append(Estimate(a, 1.0, 0.0, pay, pay, -1, can_win=pay > 0))
            elif k is ActionKind.CALL_DEAD:
                # 001 Part one "Dead hands": one player fewer to beat; the hand is unchanged
                h = self.hand_now(counts, groups)
                e = self._estimate(a, h)
                e.points += 1.0
                out.append(e)
            elif k is ActionKind.DISCARD and a.tile is not None:
                out.append(self.after_discard(counts, groups, _fold(int(a.tile)), a))
            elif k is ActionKind.JOKER_EXCHANGE and a.tile is not None:
                x = _fold(int(a.tile))
                counts[x] -= 1
                counts[JOKER] += 1
                targets = self.decider.judge.targets(counts, groups)
                if targets and targets[0].away == 0:
                    # "Joker exchange": complete, and Mahjong follows in the same turn
                    points = float(self.rules.win_payments(
                        targets[0].line.points, self.wind, True, None)[self.wind])
                    e = Estimate(a, 1.0, 0.0, points, points, -1, 0, None,
                                 _plan(targets[0].line))
                else:
                    e = self.best_discard(counts, groups, a)
                counts[x] += 1
                counts[JOKER] -= 1
                out.append(e)
            elif k is ActionKind.PASS:
                out.append(self._estimate(a, self.hand(counts, groups)))
            elif k in EXPOSURE_SIZES and tile is not None:
                size = EXPOSURE_SIZES[k]
                x = _fold(int(tile))
                naturals = size - 1 - a.jokers
                if counts[x] < naturals or counts[JOKER] < a.jokers:
                    continue
                counts[x] -= naturals
                counts[JOKER] -= a.jokers
                after = tuple(sorted((*groups, (x, size))))
                out.append(self.best_discard(counts, after, a))
                counts[x] += naturals
                counts[JOKER] += a.jokers
            else:
                out.append(Estimate(a, 0.0, 0.0, -1e6, 0.0))
        order = {id(a): i for i, a in enumerate(acts)}
        # a Mahjong on offer is taken (as in .sets), and a winning joker exchange right after
        out.sort(key=lambda e: (e.action.kind is not ActionKind.MAHJONG,
                                -round(e.points, 6), order.get(id(e.action), 0)))
        return Judgement(view.phase, view.player, tuple(out))

    def hand_now(self, counts: list[int], groups: tuple[tuple[int, int], ...]) -> _Hand:
        """The hand as it stands (a turn's 14 tiles: after its best discard)."""
        if sum(counts) + sum(n for _k, n in groups) <= 13:
            return self.hand(counts, groups)
        best: _Hand | None = None
        for k in range(_KINDS):
            if counts[k] <= 0:
                continue
            counts[k] -= 1
            h = self.hand(counts, groups)
            counts[k] += 1
            if best is None or h.points > best.points:
                best = h
        assert best is not None
        return best


def judge_american(view: PlayerView, rules: RuleSet, card: Card | None = None) -> Judgement:
    """The judgement of ``view``'s decision in American play (module docstring), against
    ``card`` (by default the rule set's). Raises ``ValueError`` when there is no card or an
    exposure in the view is not an American one."""
    if card is None:
        card = getattr(rules, "card", None)
    if card is None:
        raise ValueError("American judgement needs the rule set's card")
    if not view.legal_actions:
        return Judgement(view.phase, view.player, ())
    groups_ok = True
    try:
        for m in view.me.melds:
            exposure_group(m)
    except ValueError:
        groups_ok = False
    if not groups_ok:
        raise ValueError("an exposure in the view is not an American exposure")
    return _Judge(view, rules, card).judge()
