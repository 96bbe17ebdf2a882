"""The advisor for four-sets-and-a-pair rule sets (Hong Kong 004; Chinese 001 Part two, simple
and MCR scoring).

The advice is the judgement's (:mod:`mahjong_table.judgement`, the hard bot's choice): every
legal action valued by the chance to win, the chance its discard deals in and the expected
points to the end of the hand, under the rule set's own scorer and payments; the advised
action is the best valued, and the alternatives are listed in the judgement's order with the
same numbers, so the list and the advice never disagree. Each reason says what the action
leaves: how far from ready (:mod:`mahjong_table.analysis.shanten`, over the rule set's own
winning forms) with how many unseen useful tiles, what the hand heads for (one suit, all
pungs, seven pairs), the waits of a ready hand with what each pays under the rule set's
scorer (``rules.score``) on a discard and self-drawn. Where the rule set refuses a win by its
circumstances (MCR's 8-fan minimum, ``rules.win_refusal``) a ready hand whose waits cannot
win is told to rebuild, and the refusal is named. The advice comes from the player's view
alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..analysis.waits import useful_tiles
from ..engine.actions import Action, ActionKind
from ..engine.view import PlayerView
from ..i18n import _, ngettext
from ..judgement import Estimate
from ..judgement.sets import judge_sets
from ..melds import Hand
from ..message import shown
from ..rules.base import RuleSet
from ..scoring import WinContext
from ..tiles import NUM_PLAYING, TILES, Tile, tiles_from_counts
from .model import Advice, Option, Wait, action_text, numbers_text, short_refusal, waits_text

__all__ = ["advise_sets"]

_Words = Callable[[Action], str]


def _away(n: int) -> str:
    if n < 0:
        return _("complete")
    if n == 0:
        return _("ready")
    return _("{n} away from ready (shanten {n})").format(n=n)


class _Hand:
    """The player's hand and what the view tells about the table, with the scorer's help."""

    def __init__(self, view: PlayerView, rules: RuleSet) -> None:
        self.view = view
        self.rules = rules
        self.forms = rules.forms
        self.counts = list(view.counts[:NUM_PLAYING])
        self.melds = tuple(view.me.melds)
        self.m = len(self.melds)
        #: copies of each kind seen outside the concealed hand (discards, every meld)
        self.visible = list(view.table_counts()[:NUM_PLAYING])
        self.unit = "fan"
        #: copies of each kind in the player's own melds
        self.own = [0] * NUM_PLAYING
        for meld in self.melds:
            for t in meld.tiles:
                if t < NUM_PLAYING:
                    self.own[t] += 1

    def unseen(self, t: int, counts: Sequence[int] | None = None) -> int:
        c = self.counts if counts is None else counts
        return max(0, 4 - c[t] - self.visible[t])

    def context(self, counts14: Sequence[int], t: Tile, *, self_drawn: bool,
                discarder: int | None, robbing: bool = False) -> WinContext:
        """The circumstances of a win on ``t`` (``counts14`` holds it), as far as the view
        tells them (the live wall's end, the other copies of ``t`` on the table)."""
        v = self.view
        on_table = self.visible[t] - (0 if self_drawn or robbing else 1)
        return WinContext(
            hand=Hand(tuple(tiles_from_counts(counts14)), self.melds),
            win_tile=t,
            seat_wind=v.me.wind,
            round_wind=v.round_wind,
            self_drawn=self_drawn,
            discarder=None if discarder is None else v.seats[discarder].wind,
            bonus=tuple(v.me.bonus),
            last_tile=v.live_wall == 0 and not robbing,
            robbing_kong=robbing,
            last_of_kind=on_table == 3 and counts14[t] == 1 and not robbing,
        )

    def score(self, ctx: WinContext) -> tuple[int | None, str | None, int, str | None]:
        """The win's worth under the rule set's scorer (None when the rule set refuses it),
        the rule set's refusal, if any, the worth the scorer gives even a refused win, and
        the name of the limit hand it is (004 s07: a limit hand is paid at the limit, whatever
        its fan), if any."""
        result = self.rules.score(ctx)
        self.unit = result.total_key
        limit = None
        if result.limit is not None:
            limit = next((shown(i.name) for i in result.items if i.id == result.limit),
                         result.limit)
        if self.rules.checks_win_context:
            refusal = self.rules.win_refusal(ctx)
            if refusal is not None:
                return None, shown(refusal), result.fan, None
        if not result.valid:
            return None, shown(result.reason), result.fan, None
        return result.fan, None, result.fan, limit

    def worth_text(self, fan: int | None, limit: str | None) -> str:
        """``"worth 3 fan"``, or ``"a limit hand (Thirteen orphans)"``."""
        if limit is not None:
            return _("a limit hand ({limit})").format(limit=limit)
        if fan is None:
            return _("a win")
        return (_("worth {n} points") if self.unit == "points" else
                _("worth {n} fan")).format(n=fan)

    def wait(self, counts13: Sequence[int], t: Tile, discarded: int | None = None) -> Wait:
        """What a win on ``t`` is worth for the waiting ``counts13`` (``discarded``: the
        tile just discarded to wait, now on the table)."""
        v = self.view
        # the tile on offer is on the table: a claim window's discard lies in the discards
        # (counted as seen), a rob window's tile is shown as it is added to the pung
        shown = 1 if t == discarded or (v.phase == "rob" and t == v.last_discard) else 0
        unseen = max(0, self.unseen(t, counts13) - shown)
        on_offer = t == v.last_discard and v.phase in ("claim", "rob")
        if unseen == 0 and not on_offer:
            # every other copy is in the hand or on the table: no win can come on it
            return Wait(t, 0, None, None, self.unit, _("every copy of it is seen"))
        c = list(counts13)
        c[t] += 1
        left = (v.player + 3) % 4  # a discard from the left: the usual case
        discarder = v.discarder if v.discarder is not None else left
        on_discard, why_d, fan_d, limit_d = self.score(self.context(
            c, t, self_drawn=False, discarder=discarder))
        self_drawn: int | None = None
        why_s: str | None = _("every copy of it is seen")
        fan_s = 0
        limit_s = None
        if unseen > 0:
            self_drawn, why_s, fan_s, limit_s = self.score(self.context(
                c, t, self_drawn=True, discarder=None))
        refused = None
        if on_discard is None or self_drawn is None:
            refused = why_d or why_s
        return Wait(t, unseen, on_discard, self_drawn, self.unit,
                    refused, max(fan_d, fan_s) if refused else None, limit_d or limit_s)

    def waits(self, counts13: Sequence[int], tiles: Sequence[Tile],
              discarded: int | None = None) -> tuple[Wait, ...]:
        # a kind held four times (melds included) is no wait: no fifth copy exists
        return tuple(self.wait(counts13, t, discarded) for t in tiles
                     if counts13[t] + self.own[t] < 4)


def _state(sh: int, to_discard: bool) -> str:
    if sh < 0:
        return _("Your hand: complete (a winning shape).")
    if to_discard:
        return _("Your hand: {away} before the discard.").format(away=_away(sh))
    return _("Your hand: {away}.").format(away=_away(sh))


def _shape_text(h: _Hand, e: Estimate, waits: tuple[Wait, ...] | None) -> str:
    """What the hand is after the action, in words: ready and its waits (or why it cannot
    win: rebuild), or how far with how many useful tiles, and what it heads for."""
    if e.shanten == 0 and waits is None:  # after a claim: its waits counted, not worded
        if not e.can_win:
            return _("the hand is ready, but no wait can win; rebuild it")
        return ngettext("the hand is ready with {n} winning tile unseen",
                        "the hand is ready with {n} winning tiles unseen", e.useful).format(
            n=e.useful)
    if e.shanten == 0 and waits is not None:
        live = [w for w in waits if w.can_win]
        if not live:
            return _("the hand is ready, but no wait can win: {waits}; rebuild it").format(
                waits=waits_text(waits))
        return _("the hand is ready, waiting on {waits}").format(waits=waits_text(live))
    if e.shanten is None or e.shanten < 0:
        return ""
    if not e.can_win:
        return _("the hand is {away}, but no win it can still make is allowed; rebuild "
                 "it").format(away=_away(e.shanten))
    text = ngettext("the hand is {away} with {n} useful tile unseen",
                    "the hand is {away} with {n} useful tiles unseen", e.useful).format(
        away=_away(e.shanten), n=e.useful)
    if e.plan is not None:
        text += ", " + _("heading for {plan}").format(plan=shown(e.plan))
    return text


def _why(view: PlayerView, h: _Hand, e: Estimate, counts: list[int],
         win_why: str = "") -> tuple[str, tuple[Wait, ...] | None]:
    """The reason for ``e``'s action (its numbers and what it leaves) and, for an action
    that leaves a ready hand, its waits."""
    a = e.action
    k = a.kind
    numbers = numbers_text(e.win, e.deal_in, e.points)
    if k is ActionKind.MAHJONG:
        return (win_why or _("Mahjong")) + "; " + _("{points} points now").format(
            points=f"{e.points:+.0f}"), None
    waits: tuple[Wait, ...] | None = None
    if e.shanten == 0 and k in (ActionKind.DISCARD, ActionKind.PASS):
        # the hand keeps its melds: its waits are worded with what each win is worth
        after = list(counts)
        if k is ActionKind.DISCARD and a.tile is not None:
            after[int(a.tile)] -= 1
        waits = h.waits(after, [w[0] for w in e.waits],
                        int(a.tile) if a.tile is not None else None)
    shape = _shape_text(h, e, waits)
    if k in (ActionKind.PUNG, ActionKind.CHOW) and e.discard is not None:
        lead = _("then discard {tile}").format(tile=e.discard)
        shape = f"{lead}: {shape}" if shape else lead
    elif k in (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
        lead = _("a kong draws a free replacement tile (004 s05)")
        shape = f"{lead}; {shape}" if shape else lead
    elif k is ActionKind.PASS and e.shanten is not None and e.shanten >= 0:
        shape = _("keeps the hand: {shape}").format(shape=shape) if shape else ""
    return (f"{numbers}: {shape}" if shape else numbers), waits


def advise_sets(view: PlayerView, rules: RuleSet) -> Advice:
    """The advice for ``view`` in a four-sets-and-a-pair rule set (see the module docstring).
    Raises ``ValueError`` for a hand the analysis cannot read (never for an engine view)."""
    h = _Hand(view, rules)
    acts = view.legal_actions
    counts, m = h.counts, h.m
    n = sum(counts)
    win_action = next((a for a in acts if a.kind is ActionKind.MAHJONG), None)
    names = tuple(f"{'ESWN'[s.wind]} {s.name}" for s in view.seats)

    def text(a: Action) -> str:
        return action_text(a, seat_names=names, last_discard=view.last_discard)

    to_discard = n == 14 - 3 * m
    if not to_discard and n != 13 - 3 * m:
        return Advice(view.phase, view.player, None, None, "", _("No advice for this hand."))
    sh = h.forms.shanten(counts, m)
    summary = _state(sh, to_discard)
    waits: tuple[Wait, ...] = ()
    useful: tuple[tuple[Tile, int], ...] = ()
    if not to_discard:
        us = useful_tiles(counts, m, h.visible, h.forms)
        if sh == 0:
            waits = h.waits(counts, [u.tile for u in us])
            if waits and not any(w.can_win for w in waits):
                summary = _("Your hand: ready, but no wait can win (the rules refuse each "
                            "win).")
        else:
            useful = tuple((u.tile, u.unseen) for u in us)
    if not acts:
        return Advice(view.phase, view.player, None, None, "", summary, shanten=sh,
                      waits=waits, useful=useful)
    t = view.last_discard
    robbing = view.phase == "rob"
    no_win: str | None = None
    win_why = ""
    if to_discard:
        drew = view.drawn is not None
        if sh < 0 or win_action is not None:
            wt = view.drawn if view.drawn is not None else next(
                TILES[k] for k in range(NUM_PLAYING) if counts[k])
            left = (view.player + 3) % 4
            fan, refusal, _worth, limit = h.score(h.context(counts, wt, self_drawn=drew,
                                                       discarder=None if drew else left))
            if win_action is not None:
                win_why = _("your hand is complete: Mahjong, {worth}").format(
                    worth=h.worth_text(fan, limit))
            elif sh < 0:
                no_win = refusal or _("a hand completed by a claimed set is not declared in "
                                      "the turn: the win had to be claimed as Mahjong on the "
                                      "discard")
    elif t is not None:
        c = list(counts)
        c[t] += 1
        fan, refusal, _worth, limit = h.score(h.context(c, t, self_drawn=False,
                                              discarder=view.discarder, robbing=robbing))
        if win_action is not None:
            win_why = (_("{tile} completes your hand: Mahjong robbing the kong, {worth}")
                       if robbing else
                       _("{tile} completes your hand: Mahjong on the discard, {worth}")).format(
                tile=t, worth=h.worth_text(fan, limit))
        elif sh == 0 and any(w.tile == t for w in waits):
            no_win = refusal or _("the rules do not allow this win here")
    judgement = judge_sets(view, rules)
    options: list[Option] = []
    advised_waits: tuple[Wait, ...] | None = None
    for i, e in enumerate(judgement.estimates):
        why, ws = _why(view, h, e, counts, win_why)
        if i == 0:
            advised_waits = ws
        options.append(Option(e.action, text(e.action), why, e.win, e.deal_in, e.points,
                              e.shanten, e.worth))
    best = options[0]
    why = best.why
    first = judgement.estimates[0]
    if first.fastest and any(e.points > first.points + 1e-9 for e in judgement.estimates[1:]):
        # kept to the fastest: the others read more, but not clearly (judgement.sets)
        why = _("the fastest hand, and no other is clearly worth more: {why}").format(why=why)
    if win_action is not None and best.action is not win_action:
        why = _("{win}, but {why}").format(win=win_why, why=why) if win_why else why
    if no_win:
        if to_discard:
            why = _("a complete hand, but no Mahjong: {refusal}; {why}").format(
                refusal=short_refusal(no_win), why=why)
        else:
            why = _("{tile} completes your tiles, but no Mahjong: {refusal}; {why}").format(
                tile=t, refusal=short_refusal(no_win), why=why)
    if to_discard:
        waits = advised_waits or ()
        if best.action.kind is not ActionKind.DISCARD:
            waits = ()
    return Advice(view.phase, view.player, best.action, best.text, why, summary,
                  tuple(options), win_action is not None, no_win, sh, waits, useful)
