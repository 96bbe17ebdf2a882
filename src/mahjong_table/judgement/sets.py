"""The judgement of a decision in a four-sets-and-a-pair rule set (Hong Kong 004; Chinese 001
Part two, simple and MCR scoring), from the seat's own view only.

Every legal action is valued by the expected points of the rest of the hand after it
(:class:`~.model.Estimate`): the chance to win times what the win pays, less what another's
win costs, less what the discard risks now::

    points = -deal_in * cost of dealing in
             + (1 - deal_in) * (won self-drawn * its pay + won on a discard * its pay
                                - another won * what that costs)

- **What a win pays** is asked of the rule set's own scorer (``rules.score``): for a ready hand
  exactly, each winning tile scored on a discard and self-drawn (a win the rules refuse, such
  as MCR's under 8 fan, pays nothing). A hand one step from ready is looked ahead one draw:
  each useful draw, weighted by its unseen copies, then the best discard, whose ready hand is
  scored exactly. A hand further away is valued by *plans*: a plain hand, one suit (with
  honours, or pure), all pungs, seven pairs where the rules have it; each plan's distance is
  measured on the tiles it may keep (:mod:`mahjong_table.analysis.plans`) and its worth by
  scoring a likely completion of it with the rule set's scorer, so dragon and wind pungs, one
  suit, all pungs, bonus tiles and limit hands count exactly as the rule set counts them (MCR:
  a plain hand is valued by the fan it heads for and its chance to reach 8,
  :func:`mcr_heading_fan`). The best plan values the hand.
- **The chances** come from :func:`.race.race`: the seat's draws left, a step closer a round by
  its useful tiles among the unseen ones (a claim helps: 1.3 chances a round), a ready hand
  winning by its draw or on one of three discards, another player ending the hand with the
  table's hazard (:class:`.reading.Reading`).
- **What another's win costs** and **what a discard risks** come from the reading of the
  table: each opponent's readiness, the tiles that would complete it and its likely worth
  under the rule set's payments.

The estimates are cached per decision; the scorer's answers are memoised across decisions
(a bounded memo keyed by the hand, the win and the seat's winds and bonus tiles).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from ..analysis.ahead import next_step_useful
from ..analysis.plans import HONOURS, SUIT_BITS, pungs_shanten, restricted_shanten
from ..analysis.shanten import seven_pairs_shanten
from ..analysis.waits import claim_shanten, discard_shanten, draw_shanten
from ..engine.actions import Action, ActionKind
from ..engine.view import PlayerView
from ..i18n import N_
from ..melds import Hand, Meld, MeldKind
from ..rules.base import RuleSet
from ..scoring import WinContext
from ..tiles import NUM_PLAYING, TILES, Tile
from .chances import chances_for
from .model import Estimate, Judgement
from .race import race
from .reading import Reading

__all__ = ["SPEED_MARGIN", "fastest_estimate", "judge_sets", "mcr_heading_fan"]

_DRAGONS: Final = (31, 32, 33)
#: how likely an opponent's discard is one of a ready hand's winning tiles, against a tile
#: drawn from the wall (players keep the tiles they need and avoid the dangerous ones)
_DISCARD_SHARE: Final = 0.6
#: typical unseen useful tiles of a hand at shanten 0, 1, 2, ... (winning tiles at 0), for a
#: full table of 120 unseen tiles
_TYPICAL_USEFUL: Final = (6.0, 20.0, 34.0, 48.0, 58.0, 66.0, 72.0, 76.0, 80.0)
#: the share of its win chance a hand keeps per step it is left further from ready than the
#: decision's fastest action (tuned in paired arenas against the normal bot, docs/bots.md)
TEMPO: float = 0.7
#: per rule-set family, the share of a plan's read chance to win that such plans won in the
#: arena's line-up (the hard bot against three normal ones, who are faster than the hard bots
#: whose games the plans' models were fitted from): ``python -m tools.judgement_calibration
#: plans`` (docs/bots.md); families not listed keep the read chance
PLAN_TRUST: dict[str, float] = {"hongkong": 0.6}

#: Where a win pays the same whatever the hand (Chinese on the simple scale: every loser pays
#: 1, 001 Part two "Scoring"), only speed and a deal-in can tell actions apart, and the
#: learned chances tell speed apart less well than the count of useful tiles does: the
#: judgement keeps to the *fastest* action (the efficiency bot's: the lowest shanten, then the
#: most unseen useful tiles, a kong before a discard or a pass, a pass before a claim that does
#: not bring the hand closer) unless another reads more than this many points better, in
#: units of the mean loss when another wins (:attr:`.reading.Reading.loss`). Measured (issue
#: 43, docs/bots.md; paired against normal, 2,000 hands of seed 9101): without it -0.04 ±
#: 0.06 a hand (win -1.0 points of percentage), at 0.03 -0.02, at 0.1, 0.3 and 5 -0.00 ±
#: 0.06. In Hong Kong, where what a hand is worth decides, the rule did not help (seed 9102,
#: 4,000 hands: -0.29 ± 0.46 without, -0.15 ± 0.44 at 0.1, -0.35 ± 0.42 at 0.3, -0.51 ± 0.41
#: at 1): there it is off, as in MCR.
SPEED_MARGIN: dict[str, float] = {"chinese": 0.3}
#: the plans weighed besides the plain hand (:meth:`_Judge._plans`)
PLAN_KINDS: frozenset[str] = frozenset({"suit", "pure", "pungs", "pairs"})
#: the scorer's answers kept across decisions (cleared when full)
_PAY_CAP: Final = 50_000
_PAY_MEMO: dict[tuple[object, ...], tuple[int, int]] = {}
#: plan names (English data, marked for the catalogue; the faces show them translated)
PLAN_PLAIN: Final = "plain"
PLAN_SUITS: Final = (N_("one suit (characters and honours)"), N_("one suit (circles and honours)"),
                     N_("one suit (bamboo and honours)"))
PLAN_PURE: Final = (N_("one suit of characters alone"), N_("one suit of circles alone"),
                    N_("one suit of bamboo alone"))
PLAN_PUNGS: Final = N_("all pungs")
PLAN_PAIRS: Final = N_("seven pairs")


class _Outlook:
    """A waiting hand's prospects: chances to win self-drawn and on a discard, that another
    wins, the pay of each kind of win, and how the hand stands."""

    __slots__ = ("can_win", "other", "pay_discard", "pay_self", "plan", "shanten",
                 "useful", "waits", "won_discard", "won_self")

    def __init__(self, won_self: float, won_discard: float, other: float, pay_self: float,
                 pay_discard: float, shanten: int, useful: int, plan: str | None,
                 waits: tuple[tuple[Tile, int, int | None, int | None], ...] = (),
                 can_win: bool = True) -> None:
        self.won_self = won_self
        self.won_discard = won_discard
        self.other = other
        self.pay_self = pay_self
        self.pay_discard = pay_discard
        self.shanten = shanten
        self.useful = useful
        self.plan = plan
        self.waits = waits
        self.can_win = can_win

    @property
    def win(self) -> float:
        return self.won_self + self.won_discard

    @property
    def gain(self) -> float:
        return self.won_self * self.pay_self + self.won_discard * self.pay_discard

    def points(self, loss: float) -> float:
        return self.gain - self.other * loss

    @property
    def worth(self) -> float:
        w = self.win
        return self.gain / w if w > 0 else 0.0


def _round(x: float) -> float:
    return round(x, 3)


class _Judge:
    """One decision's judgement (module docstring); every cache lives as long as it."""

    def __init__(self, view: PlayerView, rules: RuleSet) -> None:
        self.view = view
        self.rules = rules
        self.forms = rules.forms
        self.read = Reading(view, rules)
        self.me = view.player
        self.wind = view.me.wind
        self.melds = tuple(view.me.melds)
        self.mcr = "knitted_straight" in view.special_forms
        self.seven_pairs = "seven_pairs" in view.special_forms
        self.left_wind = view.seats[(self.me + 3) % 4].wind
        #: the rule set's minimum (MCR): a plain far hand is valued by the fan it heads for
        self.minimum = rules.checks_win_context
        self._outlooks: dict[tuple[object, ...], _Outlook] = {}
        self._ready: dict[tuple[object, ...], tuple[float, float, float, tuple[
            tuple[Tile, int, int | None, int | None], ...]]] = {}
        unseen = self.read.unseen
        self._key_base = (rules.name, tuple(sorted(rules.options.items())), self.wind,
                          view.round_wind, tuple(view.me.bonus))
        self.scale = self.read.pool / 120.0
        self.unseen = unseen
        self.chances = chances_for(rules)
        #: the lowest shanten the decision's actions leave (set by :meth:`judge`; -9 none)
        self.s_min = -9
        #: the opponents' exposed melds (the learned chances read them)
        self.opp_melds = sum(len(s.melds) for s in view.seats if s.player != view.player)

    # ----- what a win pays -----------------------------------------------------------------

    def pays(self, counts13: Sequence[int], melds: Sequence[Meld], t: int, *,
             robbing: bool = False) -> tuple[int, int]:
        """``(on a discard, self-drawn)``: the points the seat collects winning on ``t`` with
        the waiting ``counts13`` (0 when the rules refuse the win)."""
        key = (self._key_base, tuple(counts13), tuple(melds), t, robbing)
        got = _PAY_MEMO.get(key)
        if got is not None:
            return got
        tiles = [TILES[k] for k in range(NUM_PLAYING) for _ in range(counts13[k])]
        tiles.append(TILES[t])
        hand = Hand(tuple(tiles), tuple(melds))
        out: list[int] = []
        for self_drawn in (False, True):
            if self_drawn and robbing:
                out.append(0)
                continue
            ctx = WinContext(hand=hand, win_tile=TILES[t], seat_wind=self.wind,
                             round_wind=self.view.round_wind, self_drawn=self_drawn,
                             discarder=None if self_drawn else self.left_wind,
                             bonus=tuple(self.view.me.bonus), robbing_kong=robbing)
            try:
                result = self.rules.score(ctx)
            except ValueError:
                out.append(0)
                continue
            ok = result.valid and (not self.rules.checks_win_context
                                   or self.rules.win_refusal(ctx) is None)
            out.append(int(result.payments.get(self.wind, 0)) if ok else 0)
        pair = (max(0, out[0]), max(0, out[1]))
        if len(_PAY_MEMO) >= _PAY_CAP:
            _PAY_MEMO.clear()
        _PAY_MEMO[key] = pair
        return pair

    # ----- a ready hand --------------------------------------------------------------------

    def ready_stats(self, counts: list[int], melds: Sequence[Meld]
                    ) -> tuple[float, float, float,
                               tuple[tuple[Tile, int, int | None, int | None], ...]]:
        """``(winning tiles unseen, mean pay self-drawn, mean pay on a discard, waits)`` of a
        ready waiting hand: only the winning tiles the rules let win count."""
        key = (tuple(counts), tuple(melds))
        got = self._ready.get(key)
        if got is not None:
            return got
        n = len(melds)
        after = draw_shanten(counts, n, self.forms)
        total = 0.0
        pay_s = 0.0
        pay_d = 0.0
        waits: list[tuple[Tile, int, int | None, int | None]] = []
        for t in range(NUM_PLAYING):
            if after[t] != -1:
                continue
            u = self.unseen[t]
            d, s = self.pays(counts, melds, t)
            waits.append((TILES[t], u, d or None, s or None))
            if u <= 0 or (d <= 0 and s <= 0):
                continue
            total += u
            pay_s += u * s
            pay_d += u * d
        out = (total, pay_s / total if total else 0.0, pay_d / total if total else 0.0,
               tuple(waits))
        self._ready[key] = out
        return out

    def _prospect(self, shanten: int, useful: float, pay_s: float, pay_d: float,
                  free_draw: bool, plan: str | None,
                  waits: tuple[tuple[Tile, int, int | None, int | None], ...] = (),
                  ahead: float | None = None) -> _Outlook:
        """A hand ``shanten`` steps from ready with ``useful`` unseen useful tiles (ready: its
        winning tiles the rules let win; ``ahead`` its useful tiles one draw ahead) whose win
        pays ``pay_s`` self-drawn and ``pay_d`` on a discard: the learned chances
        (:mod:`.chances`), its wins self-drawn in the share they learned."""
        read = self.read
        rounds = read.rounds + (1 if free_draw else 0)
        ch = self.chances
        win = ch.win(shanten, useful, rounds, self.opp_melds, len(self.melds), ahead) \
            if useful > 0 else 0.0
        share = ch.self_share(rounds)
        other = (1.0 - win) * ch.other(rounds, self.opp_melds)
        can = useful > 0 and (pay_s > 0 or pay_d > 0)
        return _Outlook(win * share, win * (1.0 - share), other, pay_s, pay_d, shanten,
                        int(useful), plan, waits, can_win=can)

    # ----- a hand's prospects --------------------------------------------------------------

    def outlook(self, counts: list[int], melds: tuple[Meld, ...], free_draw: bool = False
                ) -> _Outlook:
        """The prospects of a waiting hand (``13 - 3 * len(melds)`` concealed ``counts``)."""
        key = (tuple(counts), melds, free_draw)
        got = self._outlooks.get(key)
        if got is not None:
            return got
        n = len(melds)
        s = self.forms.shanten(counts, n)
        if s == 0:
            outs, pay_s, pay_d, waits = self.ready_stats(counts, melds)
            out = self._prospect(0, outs, pay_s, pay_d, free_draw, None, waits)
            if outs <= 0:
                # ready, but no wait can win (MCR's minimum): a hand to rebuild, valued by
                # the plans it may still become
                loss = self.read.loss
                typical = int(_TYPICAL_USEFUL[1] * self.scale)
                for plan in self._plans(counts, melds, 2, typical, free_draw):
                    if plan.points(loss) > out.points(loss) + 1e-9:
                        out = _Outlook(plan.won_self, plan.won_discard, plan.other,
                                       plan.pay_self, plan.pay_discard, 0, 0, plan.plan, waits,
                                       can_win=False)
        else:
            out = self._far(counts, melds, s, free_draw)
        if s > self.s_min >= 0:
            # a hand left further from ready than the decision's fastest action: the learned
            # chances read hands met in play at that distance, not hands broken on purpose,
            # which have given up a step for nothing the features see
            keep = TEMPO ** (s - self.s_min)
            out = _Outlook(out.won_self * keep, out.won_discard * keep, out.other,
                           out.pay_self, out.pay_discard, out.shanten, out.useful, out.plan,
                           out.waits, out.can_win)
        self._outlooks[key] = out
        return out

    def _far(self, counts: list[int], melds: tuple[Meld, ...], s: int, free_draw: bool
             ) -> _Outlook:
        """A hand one or more steps from ready: the look-ahead (one step away) and the plans,
        the best kept."""
        loss = self.read.loss
        n = len(melds)
        after = draw_shanten(counts, n, self.forms)
        useful_kinds: list[int] = []
        for t in range(NUM_PLAYING):
            x = after[t]
            if x is not None and x < s and self.unseen[t] > 0:
                useful_kinds.append(t)
        useful = sum(self.unseen[t] for t in useful_kinds)
        candidates: list[_Outlook] = []
        if s == 1 and useful > 0:
            candidates.append(self._look_ahead(counts, melds, useful_kinds, useful, free_draw))
        for plan in self._plans(counts, melds, s, useful, free_draw):
            candidates.append(plan)
        if not candidates:
            return _Outlook(0.0, 0.0, self._other_only(free_draw), 0.0, 0.0, s, useful, None,
                            can_win=False)
        return max(candidates, key=lambda o: o.points(loss))

    def _other_only(self, free_draw: bool) -> float:
        rounds = self.read.rounds + (1 if free_draw else 0)
        return self.chances.other(rounds, self.opp_melds)

    def _look_ahead(self, counts: list[int], melds: tuple[Meld, ...], useful_kinds: list[int],
                    useful: int, free_draw: bool) -> _Outlook:
        """A hand one step from ready: each useful draw (weighted by its unseen copies) and the
        best discard after it, whose ready hand is scored exactly; the mean of those ready
        hands' winning tiles and pay feeds the race."""
        n = len(melds)
        total_w = 0.0
        outs_sum = 0.0
        pay_s_sum = 0.0
        pay_d_sum = 0.0
        for t in useful_kinds:
            u = self.unseen[t]
            counts[t] += 1
            after = discard_shanten(counts, n, self.forms)
            best_v = -1.0
            best = (0.0, 0.0, 0.0)
            for d in range(NUM_PLAYING):
                if after[d] != 0:
                    continue
                counts[d] -= 1
                outs, pay_s, pay_d, _w = self.ready_stats(counts, melds)
                counts[d] += 1
                v = outs * (pay_s + 3.0 * pay_d)
                if v > best_v:
                    best_v, best = v, (outs, pay_s, pay_d)
            counts[t] -= 1
            total_w += u
            outs_sum += u * best[0]
            pay_s_sum += u * best[0] * best[1]
            pay_d_sum += u * best[0] * best[2]
        if total_w <= 0 or outs_sum <= 0:
            return _Outlook(0.0, 0.0, self._other_only(free_draw), 0.0, 0.0, 1, useful, None,
                            can_win=False)
        return self._prospect(1, useful, pay_s_sum / outs_sum, pay_d_sum / outs_sum,
                              free_draw, None, ahead=outs_sum / total_w)

    # ----- plans ---------------------------------------------------------------------------

    def _plans(self, counts: list[int], melds: tuple[Meld, ...], s: int, useful: int,
               free_draw: bool) -> list[_Outlook]:
        """The plans worth a look for a hand ``s`` (>= 1) steps from ready."""
        n = len(melds)
        out: list[_Outlook] = []
        if s >= 2:
            ahead = next_step_useful(counts, n, self.unseen, self.forms) if s == 2 else None
            if self.minimum:
                reach, pay_s, pay_d = self._mcr_plain_pay(counts, melds)
                o = self._plan_outlook(s, useful, pay_s, pay_d, free_draw, PLAN_PLAIN, "plain",
                                       ahead)
                # a completed hand under the minimum wins nothing: only the share that
                # reaches it is a win
                o.won_self *= reach
                o.won_discard *= reach
                out.append(o)
            else:
                pay_s, pay_d = self._plain_pays(counts, melds)
                out.append(self._plan_outlook(s, useful, pay_s, pay_d, free_draw, PLAN_PLAIN,
                                              "plain", ahead))
        # one suit (with honours, or pure): only for the suit the hand holds most of, when
        # the melds allow it
        kinds = PLAN_KINDS
        suit_tiles = [sum(counts[9 * x:9 * x + 9]) for x in range(3)]
        meld_suits = {int(m.tile) // 9 for m in melds if int(m.tile) < 27}
        main = max(range(3), key=lambda x: suit_tiles[x])
        if not meld_suits or meld_suits == {main}:
            off = sum(suit_tiles) - suit_tiles[main]
            if off <= 6:
                for allowed, name, shape in ((SUIT_BITS[main] | HONOURS, PLAN_SUITS[main],
                                              "suit"),
                                             (SUIT_BITS[main], PLAN_PURE[main], "pure")):
                    if shape not in kinds:
                        continue
                    if allowed & HONOURS == 0 and any(int(m.tile) >= 27 for m in melds):
                        continue
                    sp = restricted_shanten(counts, n, allowed)
                    if sp > s + 2 or sp < 0:
                        continue
                    up = self._plan_useful(counts, n, sp, allowed, False)
                    pays = self._completion_pays(counts, melds, allowed, pungs=False)
                    if up > 0 and pays is not None:
                        out.append(self._plan_outlook(sp, up, pays[1], pays[0], free_draw, name,
                                                      shape))
        # all pungs: no chow among the melds, several pairs or pungs held
        if "pungs" in kinds and not any(m.kind is MeldKind.CHOW for m in melds):
            pairs = sum(1 for k in range(NUM_PLAYING) if counts[k] >= 2)
            if pairs + n >= 3:
                sp = pungs_shanten(counts, n)
                if 0 < sp <= s + 2:
                    up = self._plan_useful(counts, n, sp, 15, True)
                    pays = self._completion_pays(counts, melds, 15, pungs=True)
                    if up > 0 and pays is not None:
                        out.append(self._plan_outlook(sp, up, pays[1], pays[0], free_draw,
                                                      PLAN_PUNGS, "pungs"))
        if "pairs" in kinds and self.seven_pairs and n == 0 and not self.minimum:
            sp = seven_pairs_shanten(counts)
            if 0 < sp <= s + 1:
                up = sum(self.unseen[k] for k in range(NUM_PLAYING) if counts[k] == 1)
                pays = self._pairs_pays(counts)
                if up > 0 and pays is not None:
                    out.append(self._plan_outlook(sp, up, pays[1], pays[0], free_draw,
                                                  PLAN_PAIRS, "pairs"))
        return out

    def _plan_useful(self, counts: list[int], n: int, sp: int, allowed: int,
                     pungs: bool) -> int:
        """Unseen tiles that bring a plan one step closer."""
        total = 0
        for k in range(NUM_PLAYING):
            u = self.unseen[k]
            if u <= 0 or counts[k] >= 4:
                continue
            comp = HONOURS if k >= 27 else SUIT_BITS[k // 9]
            if not allowed & comp:
                continue
            counts[k] += 1
            now = pungs_shanten(counts, n) if pungs else restricted_shanten(counts, n, allowed)
            counts[k] -= 1
            if now < sp:
                total += u
        return total

    def _plan_outlook(self, sp: int, useful: int, pay_s: float, pay_d: float, free_draw: bool,
                      name: str, shape: str, ahead: float | None = None) -> _Outlook:
        """A plan ``sp`` steps from ready with ``useful`` unseen useful tiles. A plan the
        family has a learned model of (fitted from the judgement's own games, where the plan
        was played and won with) takes its chance from it; else a plain hand and a hand in one
        suit take the learned chances of any hand so far from ready with so many tiles to
        help, and all pungs and seven pairs, whose steps each need one kind of a few, are
        raced tile by tile (:func:`.race.race`: a pung's tile may be claimed from any discard,
        seven pairs claims nothing), with the table's hazard (:class:`.reading.Reading`)."""
        plan = None if name == PLAN_PLAIN else name
        out = self._plan_chances(sp, useful, pay_s, pay_d, free_draw, plan, shape, ahead)
        trust = PLAN_TRUST.get(self.chances.family, 1.0) if plan is not None else 1.0
        if trust != 1.0:
            out.won_self *= trust
            out.won_discard *= trust
        return out

    def _plan_chances(self, sp: int, useful: int, pay_s: float, pay_d: float,
                      free_draw: bool, plan: str | None, shape: str, ahead: float | None
                      ) -> _Outlook:
        """:meth:`_plan_outlook`'s chances before :data:`PLAN_TRUST`."""
        read = self.read
        rounds = read.rounds + (1 if free_draw else 0)
        fitted = None if plan is None else self.chances.plan_win(
            shape, sp, useful, rounds, self.opp_melds, len(self.melds))
        if fitted is not None:
            share = self.chances.self_share(rounds)
            other = (1.0 - fitted) * self.chances.other(rounds, self.opp_melds)
            return _Outlook(fitted * share, fitted * (1.0 - share), other, pay_s, pay_d, sp,
                            useful, plan, can_win=pay_s > 0 or pay_d > 0)
        if shape not in ("pungs", "pairs"):
            return self._prospect(sp, useful, pay_s, pay_d, free_draw, plan, ahead=ahead)
        pool = read.pool
        chances = 2.2 if shape == "pungs" else 1.0
        per_kind = useful / max(1, sp + 1 if shape == "pungs" else 2 * sp + 1)
        stages = []
        for i in range(sp):
            rest = max(per_kind, useful - i * per_kind)
            stages.append(_round(1.0 - (1.0 - min(1.0, rest / pool)) ** chances))
        last = max(1.0, min(per_kind * 2, 4.0))
        p_self = _round(min(1.0, last / pool))
        p_disc = _round(1.0 - (1.0 - min(1.0, _DISCARD_SHARE * last / pool)) ** 3)
        ws, wd, other = race(tuple(stages), p_self, p_disc, rounds, _round(read.hazard), True,
                             free_draw)
        return _Outlook(ws, wd, other, pay_s, pay_d, sp, useful, plan,
                        can_win=pay_s > 0 or pay_d > 0)

    def _completion_pays(self, counts: Sequence[int], melds: tuple[Meld, ...], allowed: int,
                         *, pungs: bool) -> tuple[int, int] | None:
        """``(on a discard, self-drawn)`` pay of a likely completion of the plan: the tiles
        outside the plan let go, then, step by step, the unseen tile that brings the plan
        closer with the most copies drawn and the loosest tile let go, until the hand wins;
        the last tile drawn is the winning one. None when the plan cannot be completed."""
        n = len(melds)
        c = list(counts)

        def distance(x: list[int]) -> int:
            return pungs_shanten(x, n) if pungs else restricted_shanten(x, n, allowed)

        def in_plan(k: int) -> bool:
            return bool(allowed & (HONOURS if k >= 27 else SUIT_BITS[k // 9]))

        key = (self._key_base, tuple(c), melds, allowed, pungs)
        got = _COMPLETIONS.get(key)
        if got is not None:
            return got if got[0] >= 0 else None
        result: tuple[int, int] | None = None
        for _step in range(10):
            d = distance(c)
            # draw: the tile that lowers the distance with the most unseen copies left
            best_t = -1
            best_u = 0
            for k in range(NUM_PLAYING):
                u = self.unseen[k] - max(0, c[k] - counts[k])
                if u <= 0 or c[k] >= 4 or not in_plan(k):
                    continue
                c[k] += 1
                if distance(c) < d and u > best_u:
                    best_t, best_u = k, u
                c[k] -= 1
            if best_t < 0:
                break
            c[best_t] += 1
            if d == 0:  # that draw completes it
                c[best_t] -= 1
                final = melds
                if pungs:
                    # pungs are mostly claimed: a triplet made on the way is an exposed pung
                    for k in range(NUM_PLAYING):
                        if k != best_t and c[k] >= 3 and counts[k] < 3:
                            c[k] -= 3
                            final = (*melds, Meld(MeldKind.PUNG, (TILES[k],) * 3))
                            break
                result = self.pays(c, final, best_t)
                break
            # discard: a tile outside the plan first, else one that keeps the distance
            drop = -1
            for k in range(NUM_PLAYING):
                if c[k] and not in_plan(k):
                    drop = k
                    break
            if drop < 0:
                nd = distance(c)
                for k in range(NUM_PLAYING):
                    if c[k] == 0 or k == best_t:
                        continue
                    c[k] -= 1
                    ok = distance(c) <= nd
                    c[k] += 1
                    if ok:
                        drop = k
                        break
            if drop < 0:
                break
            c[drop] -= 1
        if len(_COMPLETIONS) >= _PAY_CAP:
            _COMPLETIONS.clear()
        _COMPLETIONS[key] = result if result is not None else (-1, -1)
        return result

    def _plain_pays(self, counts: Sequence[int], melds: tuple[Meld, ...]
                    ) -> tuple[float, float]:
        """``(self-drawn, on a discard)`` pay expected of a plain hand still far from ready:
        a *canonical* completion scored by the rule set's scorer (its melds, its concealed
        triplets as pungs, a pair, plain chows spread over the three suits for the rest), so
        that what the hand already holds counts as the rule set counts it (dragon and wind
        pungs, bonus tiles); each pair of a kind that scores as a pung (a dragon, the seat's or
        the round's wind) is credited with :data:`_PAIR_TO_PUNG` of the pung it may become, and
        a hand without a pung yet is credited with :data:`_STAYS_CHOWS` of the plain chows'
        own worth (four runs, if the rule set pays it)."""
        key = (self._key_base, tuple(counts), melds)
        got = _PLAIN_MEMO.get(key)
        if got is not None:
            return got
        sets = 4 - len(melds)
        held = list(counts)
        pungs: list[int] = []
        for k in range(NUM_PLAYING):
            if held[k] >= 3 and len(pungs) < sets:
                pungs.append(k)
                held[k] -= 3
        valued = [k for k in range(27, NUM_PLAYING) if held[k] == 2 and self._valued(k)]
        pair = next((k for k in range(NUM_PLAYING) if held[k] >= 2 and k not in valued),
                    valued[0] if valued else -1)
        if pair >= 0 and pair in valued:
            valued.remove(pair)
        base = self._canonical_pays(melds, pungs, pair, sets - len(pungs), 0)
        total_s, total_d = float(base[0]), float(base[1])
        for k in valued[:2]:
            if len(pungs) < sets:
                up = self._canonical_pays(melds, [*pungs, k], pair, sets - len(pungs) - 1, 0)
                total_s += _PAIR_TO_PUNG * (up[0] - base[0])
                total_d += _PAIR_TO_PUNG * (up[1] - base[1])
        no_pung = not pungs and not any(m.kind is not MeldKind.CHOW for m in melds)
        if len(pungs) < sets and sets - len(pungs) >= 1:
            # the chance the hand ends with a pung after all (the chows' own worth lost)
            with_pung = self._canonical_pays(melds, pungs, pair, sets - len(pungs) - 1, 1)
            keep = _STAYS_CHOWS if no_pung else 0.0
            total_s = keep * total_s + (1.0 - keep) * with_pung[0] if no_pung else total_s
            total_d = keep * total_d + (1.0 - keep) * with_pung[1] if no_pung else total_d
        out = (total_s, total_d)
        if len(_PLAIN_MEMO) >= _PAY_CAP:
            _PLAIN_MEMO.clear()
        _PLAIN_MEMO[key] = out
        return out

    def _valued(self, k: int) -> bool:
        """Whether a pung of honour ``k`` scores under the usual tables: a dragon, the seat's
        wind or the round's."""
        return k in _DRAGONS or k == 27 + self.wind or k == 27 + self.view.round_wind

    def _canonical_pays(self, melds: tuple[Meld, ...], pungs: Sequence[int], pair: int,
                        chows: int, filler_pungs: int) -> tuple[int, int]:
        """The pay of the canonical hand: ``melds``, concealed pungs of ``pungs``, the pair
        of ``pair`` (a plain one when -1), ``chows`` plain chows and ``filler_pungs`` plain
        pungs of suit tiles, spread over the suits so that no suit is alone."""
        c = [0] * NUM_PLAYING
        for k in pungs:
            c[k] += 3
        used = [0] * NUM_PLAYING
        for m in melds:
            for t in m.tiles:
                if t < NUM_PLAYING:
                    used[t] += 1
        for k in range(NUM_PLAYING):
            used[k] += c[k]
        if pair < 0:
            pair = next(k for k in (4, 13, 22, 1, 10, 19) if used[k] <= 2)
        c[pair] += 2
        used[pair] += 2
        filler = (0, 12, 24, 3, 15, 21, 6, 9, 18)  # 123m 456p 789s 456m 789p 456s ...
        made = 0
        for start in filler:
            if made >= chows:
                break
            if all(used[start + i] < 4 for i in range(3)):
                for i in range(3):
                    c[start + i] += 1
                    used[start + i] += 1
                made += 1
        for k in (7, 16, 25, 2, 11, 20):  # 8m 8p 8s 3m 3p 3s
            if filler_pungs <= 0:
                break
            if used[k] == 0:
                c[k] += 3
                used[k] += 3
                filler_pungs -= 1
        if made < chows or filler_pungs > 0:
            return 0, 0
        win = next(k for k in range(NUM_PLAYING) if c[k] and k != pair and k not in pungs) \
            if chows else pair
        c[win] -= 1
        d, s = self.pays(c, melds, win)
        return s, d

    def _pairs_pays(self, counts: Sequence[int]) -> tuple[int, int] | None:
        """The pay of seven pairs completed from the hand's pairs and its singles of the most
        unseen copies."""
        c = list(counts)
        pairs = [k for k in range(NUM_PLAYING) if c[k] >= 2]
        singles = sorted((k for k in range(NUM_PLAYING) if c[k] == 1 and self.unseen[k] > 0),
                         key=lambda k: -self.unseen[k])
        need = 7 - len(pairs)
        if need <= 0 or len(singles) < need:
            return None
        chosen = pairs + singles[:need]
        hand = [0] * NUM_PLAYING
        for k in chosen:
            hand[k] = 2
        win = singles[need - 1]
        hand[win] -= 1
        return self.pays(hand, (), win)

    def _mcr_plain_pay(self, counts: Sequence[int], melds: Sequence[Meld]
                       ) -> tuple[float, float, float]:
        """MCR: the chance (logistic around 7 fan) that a plain far hand reaches the 8-fan
        minimum, by the fan it heads for, and what its win then pays, self-drawn and on a
        discard."""
        fan = mcr_heading_fan(counts, melds, self.wind, self.view.round_wind)
        reach = 1.0 / (1.0 + math.exp(-(fan - 7.0) / 1.5))
        worth = max(8, round(fan))
        pays = self.rules.win_payments
        on_discard = pays(worth, self.wind, False, self.left_wind)[self.wind]
        self_drawn = pays(worth + self.rules.self_drawn_worth, self.wind, True, None)[self.wind]
        return reach, float(self_drawn), float(on_discard)

    # ----- actions -------------------------------------------------------------------------

    def after_discard(self, counts: list[int], melds: tuple[Meld, ...], d: int,
                      action: Action) -> Estimate:
        """The estimate of discarding ``d`` from the hand ``counts`` (which must discard)."""
        counts[d] -= 1
        o = self.outlook(counts, melds)
        counts[d] += 1
        chance, cost = self.read.danger(d)
        loss = self.read.loss
        points = -chance * cost + (1.0 - chance) * o.points(loss)
        return Estimate(action, (1.0 - chance) * o.win, chance, points, o.worth, o.shanten,
                        o.useful, TILES[d], o.plan, o.waits, o.can_win)

    def waiting(self, counts: list[int], melds: tuple[Meld, ...], action: Action,
                free_draw: bool = False) -> Estimate:
        """The estimate of a waiting hand that makes no discard now (a pass; a kong, whose
        replacement tile comes first: ``free_draw``)."""
        o = self.outlook(counts, melds, free_draw)
        return Estimate(action, o.win, 0.0, o.points(self.read.loss), o.worth, o.shanten,
                        o.useful, None, o.plan, o.waits, o.can_win)

    def best_discard(self, counts: list[int], melds: tuple[Meld, ...], action: Action
                     ) -> Estimate:
        """A claim's estimate: the hand after it, with its best discard."""
        best: Estimate | None = None
        for d in range(NUM_PLAYING):
            if counts[d] <= 0:
                continue
            e = self.after_discard(counts, melds, d, action)
            if best is None or e.points > best.points + 1e-9:
                best = e
        assert best is not None
        return best

    def judge(self) -> Judgement:
        view = self.view
        acts = view.legal_actions
        counts = list(view.counts[:NUM_PLAYING])
        melds = self.melds
        estimates: list[Estimate] = []
        n = len(melds)
        self.s_min = self._fastest(counts, melds, acts)
        if sum(counts) == 14 - 3 * n:
            estimates = self._turn(counts, melds, acts)
        else:
            estimates = self._window(counts, melds, acts)
        order = {id(a): i for i, a in enumerate(acts)}
        # a Mahjong on offer is taken: passing a win for a bigger one later is a gamble the
        # learned chances cannot price (they come from players who take every win offered)
        estimates.sort(key=lambda e: (e.action.kind is not ActionKind.MAHJONG,
                                      -round(e.points, 6), order.get(id(e.action), 0)))
        margin = SPEED_MARGIN.get(self.chances.family)
        if margin is not None and estimates:
            fast = fastest_estimate(estimates, sum(counts) == 14 - 3 * n)
            if fast is not None:
                fast.fastest = True
                if estimates[0].points < fast.points + margin * max(1.0, self.read.loss):
                    estimates.remove(fast)
                    estimates.insert(0, fast)
        return Judgement(view.phase, view.player, tuple(estimates))

    def _fastest(self, counts: list[int], melds: tuple[Meld, ...], acts: Sequence[Action]
                 ) -> int:
        """The lowest shanten any legal action leaves (a discard's, or a claim's after its
        best discard; passing keeps the hand's)."""
        n = len(melds)
        forms = self.forms
        if sum(counts) == 14 - 3 * n:
            return min(v for v in discard_shanten(counts, n, forms) if v is not None)
        best = forms.shanten(counts, n)
        t = self.view.last_discard
        if t is None:
            return best
        for a in acts:
            try:
                if a.kind is ActionKind.PUNG:
                    best = min(best, claim_shanten(counts, n, forms, "pung", int(t)))
                elif a.kind is ActionKind.CHOW:
                    start = int(a.tile) if a.tile is not None else int(t)
                    best = min(best, claim_shanten(counts, n, forms, "chow", int(t), start))
            except ValueError:
                continue
        return best

    def _turn(self, counts: list[int], melds: tuple[Meld, ...], acts: Sequence[Action]
              ) -> list[Estimate]:
        out: list[Estimate] = []
        for a in acts:
            k = a.kind
            if k is ActionKind.MAHJONG:
                t = self.view.drawn
                if t is None:
                    t = next(TILES[x] for x in range(NUM_PLAYING) if counts[x])
                counts[t] -= 1
                _d, s = self.pays(counts, melds, int(t))
                counts[t] += 1
                out.append(Estimate(a, 1.0, 0.0, float(s), float(s), -1, 0, can_win=s > 0))
            elif k is ActionKind.DISCARD and a.tile is not None:
                out.append(self.after_discard(counts, melds, int(a.tile), a))
            elif k is ActionKind.CONCEALED_KONG and a.tile is not None:
                x = int(a.tile)
                counts[x] -= 4
                out.append(self.waiting(counts, (*melds, Meld(MeldKind.KONG, (TILES[x],) * 4,
                                                              exposed=False)), a, True))
                counts[x] += 4
            elif k is ActionKind.ADDED_KONG and a.tile is not None:
                x = int(a.tile)
                counts[x] -= 1
                after = tuple(Meld(MeldKind.KONG, (TILES[x],) * 4, source=m.source)
                              if m.kind is MeldKind.PUNG and int(m.tile) == x else m
                              for m in melds)
                e = self.waiting(counts, after, a, True)
                counts[x] += 1
                # a rob: an opponent waiting on it wins (004 s05), as a discard would
                chance, cost = self.read.danger(x)
                e.points = -chance * cost + (1.0 - chance) * e.points
                e.win *= 1.0 - chance
                e.deal_in = chance
                out.append(e)
            else:  # no other action is legal in a turn of these rule sets
                out.append(Estimate(a, 0.0, 0.0, -1e6, 0.0))
        return out

    def _window(self, counts: list[int], melds: tuple[Meld, ...], acts: Sequence[Action]
                ) -> list[Estimate]:
        view = self.view
        tile = view.last_discard
        robbing = view.phase == "rob"
        out: list[Estimate] = []
        for a in acts:
            k = a.kind
            if k is ActionKind.PASS:
                out.append(self.waiting(counts, melds, a))
            elif tile is None:
                out.append(Estimate(a, 0.0, 0.0, -1e6, 0.0))
            elif k is ActionKind.MAHJONG:
                d, _s = self.pays(counts, melds, int(tile), robbing=robbing)
                out.append(Estimate(a, 1.0, 0.0, float(d), float(d), -1, 0, can_win=d > 0))
            elif k is ActionKind.KONG:
                t = int(tile)
                counts[t] -= 3
                out.append(self.waiting(counts, (*melds, Meld(MeldKind.KONG, (tile,) * 4)), a,
                                        True))
                counts[t] += 3
            elif k in (ActionKind.PUNG, ActionKind.CHOW):
                t = int(tile)
                if k is ActionKind.PUNG:
                    used = [t, t]
                    meld = Meld(MeldKind.PUNG, (tile,) * 3)
                else:
                    start = int(a.tile) if a.tile is not None else t
                    used = [x for x in range(start, start + 3) if x != t]
                    meld = Meld(MeldKind.CHOW, tuple(TILES[x] for x in range(start, start + 3)))
                for x in used:
                    counts[x] -= 1
                out.append(self.best_discard(counts, (*melds, meld), a))
                for x in used:
                    counts[x] += 1
            else:
                out.append(Estimate(a, 0.0, 0.0, -1e6, 0.0))
        return out


#: likely completions of plans (their pay), kept across decisions (cleared when full)
_COMPLETIONS: dict[tuple[object, ...], tuple[int, int]] = {}
#: plain hands' expected pay, kept across decisions (cleared when full)
_PLAIN_MEMO: dict[tuple[object, ...], tuple[float, float]] = {}
#: the share of a pung credited to a pair of a kind whose pung scores
_PAIR_TO_PUNG: Final = 0.35
#: the chance a hand with no pung yet ends with none (four plain chows)
_STAYS_CHOWS: Final = 0.45


def fastest_estimate(estimates: Sequence[Estimate], turn: bool) -> Estimate | None:
    """The fastest of ``estimates`` as the efficiency bot plays (:data:`SPEED_MARGIN`): the
    lowest shanten, then the most unseen useful tiles (ready: winning tiles), then the most
    points; at equal shanten a kong (a free draw, 004 s05) comes before a discard or a pass,
    and a pass before a pung or chow. None when a Mahjong is on offer (it is taken) or no
    action leaves a hand to measure."""
    best: Estimate | None = None
    best_key: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    for e in estimates:
        k = e.action.kind
        if k is ActionKind.MAHJONG:
            return None
        if e.shanten is None or e.points <= -1e5:
            continue
        if k in (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
            rank = 0.0
        elif turn or k is ActionKind.PASS:
            rank = 1.0
        else:
            rank = 2.0
        key = (float(e.shanten), rank, -float(e.useful), -e.points)
        if best is None or key < best_key:
            best, best_key = e, key
    return best


def judge_sets(view: PlayerView, rules: RuleSet) -> Judgement:
    """The judgement of ``view``'s decision under a four-sets-and-a-pair ``rules`` (module
    docstring): every legal action's estimate, best first. Empty when no decision awaits."""
    if not view.legal_actions:
        return Judgement(view.phase, view.player, ())
    return _Judge(view, rules).judge()


# ----- MCR: the fan a far hand heads for ---------------------------------------------------------


def _distinct_share(counts: Sequence[int], needed: Sequence[int],
                    in_melds: Sequence[int]) -> int:
    """How many of the ``needed`` kinds (each wanted once) the hand holds or has melded."""
    return sum(1 for k in needed if counts[k] > 0 or in_melds[k] > 0)


def mcr_heading_fan(counts: Sequence[int], melds: Sequence[Meld], seat_wind: int,
                    round_wind: int) -> float:
    """The MCR fan a hand of concealed ``counts`` (34 kinds) and declared ``melds`` is heading
    for: the best plan among the big fans (Half Flush 6 or Full Flush 24, All Pungs 6, Pure
    Straight 16, Mixed Straight 8, Mixed Triple Chow 8), each credited by how close the hand is
    to it, plus the small fans it holds or nearly holds (Dragon Pung 2, Prevalent and Seat Wind
    2, Concealed Hand 2, All Chows 2, No Honours 1). An estimate for planning (MCR fan table,
    :mod:`mahjong_table.rules.mcr_fans`), not a score: the scorer scores finished hands."""
    in_melds = [0] * NUM_PLAYING
    chow_melds = 0
    pung_melds = 0
    exposed = False
    for m in melds:
        k = int(m.tile)
        if m.kind is MeldKind.CHOW:
            chow_melds += 1
            for x in range(k, k + 3):
                in_melds[x] += 1
        else:
            pung_melds += 1
            in_melds[k] += 3
        exposed = exposed or m.exposed
    small = 0.0
    honours = 0
    for k in range(27, 34):
        c = counts[k] + in_melds[k]
        honours += c
        worth = 2.0 if k in _DRAGONS else 0.0
        if k == 27 + seat_wind:
            worth += 2.0
        if k == 27 + round_wind:
            worth += 2.0
        if worth:
            small += worth * (1.0 if c >= 3 else 0.4 if c == 2 else 0.0)
    if not exposed:
        small += 1.5  # a concealed hand (2) if it wins on a discard, more if self-drawn
    if honours == 0:
        small += 1.0  # no honours
    triplets = pung_melds + sum(1 for k in range(34) if counts[k] >= 3)
    pairs = sum(1 for k in range(34) if counts[k] == 2)
    if pung_melds == 0 and honours == 0 and triplets == 0:
        small += 1.2  # heading for all chows
    plans = [0.0]
    # one suit: Full Flush 24 without honours, Half Flush 6 with them
    suit_tiles = [0, 0, 0]
    for k in range(27):
        suit_tiles[k // 9] += counts[k] + in_melds[k]
    main = max(range(3), key=lambda s: suit_tiles[s])
    off = sum(suit_tiles) - suit_tiles[main]
    flush = 24.0 if honours == 0 else 6.0
    if off == 0:
        plans.append(flush)
    elif off <= 4:
        plans.append(flush * (0.6, 0.4, 0.2, 0.08)[off - 1])
    # all pungs: four pungs and a pair, no chow melded
    if chow_melds == 0:
        have = triplets + 0.55 * pairs
        if have >= 4.0:
            plans.append(6.0)
        elif have >= 2.5:
            plans.append(6.0 * (have - 2.0) / 2.0)
    # straights and three chows alike (what is held of the nine kinds each needs)
    for s in range(3):
        got = _distinct_share(counts, range(9 * s, 9 * s + 9), in_melds)
        if got >= 6:
            plans.append(16.0 * (0.1, 0.25, 0.5, 1.0)[got - 6])
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        needed = [9 * order[i] + 3 * i + j for i in range(3) for j in range(3)]
        got = _distinct_share(counts, needed, in_melds)
        if got >= 6:
            plans.append(8.0 * (0.15, 0.3, 0.6, 1.0)[got - 6])
    for n in range(7):
        needed = [9 * s + n + j for s in range(3) for j in range(3)]
        got = _distinct_share(counts, needed, in_melds)
        if got >= 6:
            plans.append(8.0 * (0.15, 0.3, 0.6, 1.0)[got - 6])
    return small + max(plans)
