"""The advisor for four-sets-and-a-pair rule sets (Hong Kong 004; Chinese 001 Part two, simple
and MCR scoring).

The advice plays for speed first, as the efficiency bot does: the discard that leaves the
lowest shanten (:mod:`mahjong_table.analysis.shanten`, over the rule set's own winning forms),
then the most unseen useful tiles; a pung or chow only when it brings the hand closer, a kong
(claimed or declared) when it keeps the shanten (its replacement draw is free, 004 s05); a
Mahjong whenever the engine offers one. What the rules let a hand win with is asked of the
rule set itself: each wait is scored by the rule set's scorer (``rules.score``) on a discard
and self-drawn, and where the rule set refuses a win by its circumstances (MCR's 8-fan
minimum, ``rules.win_refusal``) a ready hand whose waits cannot win counts as not ready, and
the refusal is named. The advice comes from the player's view alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..analysis.waits import (
    DiscardOption,
    claim_shanten,
    declared_kong_shanten,
    discard_options,
    useful_tiles,
)
from ..engine.actions import Action, ActionKind
from ..engine.view import PlayerView
from ..i18n import _, ngettext
from ..melds import Hand
from ..message import shown
from ..rules.base import RuleSet
from ..scoring import WinContext
from ..tiles import NUM_PLAYING, TILES, Tile, tiles_from_counts
from .model import Advice, Option, Wait, action_text, short_refusal, waits_text

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


def _short(n: int) -> str:
    return _("complete") if n < 0 else _("ready") if n == 0 else _("{n} away").format(n=n)


def _ready_key(o: DiscardOption, ws: tuple[Wait, ...] | None) -> tuple[int, int, int, int]:
    """The discard ranking: shanten after it (a ready hand none of whose waits can win counts
    as one away), then the unseen tiles that help (for a ready hand: that win), then the kinds
    of them, then tile order."""
    if ws is None:
        return (o.shanten_after, -o.unseen_useful, -len(o.useful), int(o.tile))
    live = [w for w in ws if w.can_win]
    if not live:
        return (1, -o.unseen_useful, -len(o.useful), int(o.tile))
    return (0, -sum(w.unseen for w in live), -len(live), int(o.tile))


def _discard_why(o: DiscardOption, ws: tuple[Wait, ...] | None) -> str:
    if ws is not None:
        live = [w for w in ws if w.can_win]
        if not live:
            return _("it leaves the hand ready, but no wait can win: {waits}").format(
                waits=waits_text(ws))
        return _("it leaves the hand ready, waiting on {waits}").format(waits=waits_text(live))
    kinds = len(o.useful)
    return ngettext("it leaves the hand {away} with {n} kind of useful tile, {unseen} unseen: "
                    "{tiles}",
                    "it leaves the hand {away} with {n} kinds of useful tile, {unseen} unseen: "
                    "{tiles}", kinds).format(
        away=_away(o.shanten_after), n=kinds, unseen=o.unseen_useful,
        tiles=" ".join(str(u) for u in o.useful))


def _state(sh: int, to_discard: bool) -> str:
    if sh < 0:
        return _("Your hand: complete (a winning shape).")
    if to_discard:
        return _("Your hand: {away} before the discard.").format(away=_away(sh))
    return _("Your hand: {away}.").format(away=_away(sh))


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

    if n == 14 - 3 * m:
        return _turn(view, h, acts, win_action, text)
    if n != 13 - 3 * m:
        return Advice(view.phase, view.player, None, None, "", _("No advice for this hand."))
    sh = h.forms.shanten(counts, m)
    waits: tuple[Wait, ...] = ()
    useful: tuple[tuple[Tile, int], ...] = ()
    us = useful_tiles(counts, m, h.visible, h.forms)
    if sh == 0:
        waits = h.waits(counts, [u.tile for u in us])
    else:
        useful = tuple((u.tile, u.unseen) for u in us)
    summary = _state(sh, False)
    if sh == 0 and waits and not any(w.can_win for w in waits):
        summary = _("Your hand: ready, but no wait can win (the rules refuse each win).")
    if not acts:
        return Advice(view.phase, view.player, None, None, "", summary, shanten=sh,
                      waits=waits, useful=useful)
    t = view.last_discard
    robbing = view.phase == "rob"
    no_win: str | None = None
    if win_action is not None:
        if t is None:  # pragma: no cover - a window's view names the tile on offer
            why = _("the tile on offer completes your hand: Mahjong")
        else:
            c = list(counts)
            c[t] += 1
            fan, _refusal, _worth, limit = h.score(h.context(c, t, self_drawn=False,
                                                 discarder=view.discarder, robbing=robbing))
            why = (_("{tile} completes your hand: Mahjong robbing the kong, {worth}") if robbing
                   else _("{tile} completes your hand: Mahjong on the discard, {worth}")).format(
                tile=t, worth=h.worth_text(fan, limit))
        gives_up = _("gives up the win")
        options = (Option(win_action, text(win_action), why),
                   *(Option(a, text(a), gives_up) for a in acts
                     if a is not win_action))
        return Advice(view.phase, view.player, win_action, text(win_action), why, summary,
                      options, True, None, sh, waits, useful)
    if t is not None and sh == 0 and any(w.tile == t for w in waits):
        c = list(counts)
        c[t] += 1
        _fan, no_win, _worth, _limit = h.score(h.context(c, t, self_drawn=False,
                                            discarder=view.discarder, robbing=robbing))
        no_win = no_win or _("the rules do not allow this win here")
    options = _claims(view, h, acts, text)
    best = options[0]
    why = best.why
    if no_win:
        why = _("{tile} completes your tiles, but no Mahjong: {refusal}; {why}").format(
            tile=t, refusal=short_refusal(no_win), why=why)
    return Advice(view.phase, view.player, best.action, best.text, why, summary, options,
                  False, no_win, sh, waits, useful)


def _claims(view: PlayerView, h: _Hand, acts: Sequence[Action], text: _Words
            ) -> tuple[Option, ...]:
    """Every claim weighed (as the efficiency bot weighs them), best first, Pass among them."""
    counts, m, forms = h.counts, h.m, h.forms
    t = view.last_discard
    now = forms.shanten(counts, m)
    pass_action = next((a for a in acts if a.kind is ActionKind.PASS), None)
    weighed: list[tuple[tuple[int, int], Option]] = []
    for a in acts:
        if t is None or a.kind in (ActionKind.PASS, ActionKind.MAHJONG):
            continue
        if a.kind is ActionKind.KONG:
            s = claim_shanten(counts, m, forms, "kong", t)
            good = s <= now
            why = _("exposes a kong and draws a replacement; the hand is then {away} (now "
                    "{now})").format(away=_away(s), now=_short(now))
            weighed.append(((s if good else 99, 0), Option(a, text(a), why)))
        elif a.kind in (ActionKind.PUNG, ActionKind.CHOW):
            s = claim_shanten(counts, m, forms, a.kind.value, t,
                              None if a.tile is None else int(a.tile))
            good = s < now
            why = (_("after it and the best discard the hand is {away} (now {now})") if good else
                   _("after it and the best discard the hand is {away} (now {now}): no closer, "
                     "and a claimed set can no longer change")).format(away=_away(s),
                                                                        now=_short(now))
            weighed.append(((s if good else 99, 1 if a.kind is ActionKind.PUNG else 2),
                            Option(a, text(a), why)))
    weighed.sort(key=lambda w: w[0])
    out: list[Option] = []
    if pass_action is not None:
        better = [o for key, o in weighed if key[0] < 99 and key < (now, 3)]
        rest = [o for key, o in weighed if o not in better]
        if better:
            pass_why = _("keeps the hand as it is")
        elif not h.melds:
            pass_why = _("no claim brings the hand closer: keep it concealed and wait for a "
                         "draw")
        else:
            pass_why = _("no claim brings the hand closer: wait for a draw")
        pass_opt = Option(pass_action, text(pass_action), pass_why)
        out = [*better, pass_opt, *rest]
    else:
        out = [o for _key, o in weighed]
    return tuple(out)


def _turn(view: PlayerView, h: _Hand, acts: Sequence[Action], win_action: Action | None,
          text: _Words) -> Advice:
    """A hand of 14 - 3 * melds tiles: in the player's turn, or shown between decisions."""
    counts, m, forms = h.counts, h.m, h.forms
    sh = forms.shanten(counts, m)
    summary = _state(sh, True)
    no_win: str | None = None
    win_why = ""
    drew = view.drawn is not None
    if sh < 0 or win_action is not None:
        t = view.drawn if view.drawn is not None else next(
            TILES[k] for k in range(NUM_PLAYING) if counts[k])
        left = (view.player + 3) % 4
        fan, refusal, _worth, limit = h.score(h.context(counts, t, self_drawn=drew,
                                                   discarder=None if drew else left))
        if win_action is not None:
            win_why = _("your hand is complete: Mahjong, {worth}").format(
                worth=h.worth_text(fan, limit))
        elif sh < 0:
            no_win = refusal or _("a hand completed by a claimed set is not declared in the "
                                  "turn: the win had to be claimed as Mahjong on the discard")
    mine = [a for a in acts if a.kind is not ActionKind.MAHJONG]
    if not acts or not any(a.kind is ActionKind.DISCARD for a in acts):
        return Advice(view.phase, view.player, win_action,
                      None if win_action is None else text(win_action), win_why, summary,
                      win=win_action is not None, no_win=no_win, shanten=sh)
    options = discard_options(counts, m, h.visible, forms)
    scored: list[tuple[tuple[int, int, int, int], DiscardOption, tuple[Wait, ...] | None]] = []
    for o in options:
        ws = None
        if o.shanten_after == 0:
            c = list(counts)
            c[o.tile] -= 1
            ws = h.waits(c, [u.tile for u in o.useful], int(o.tile))
        scored.append((_ready_key(o, ws), o, ws))
    scored.sort(key=lambda s: s[0])
    by_tile = {int(a.tile): a for a in mine if a.kind is ActionKind.DISCARD and a.tile is not None}
    discard_opts = [Option(by_tile[int(o.tile)], text(by_tile[int(o.tile)]), _discard_why(o, ws))
                    for _key, o, ws in scored if int(o.tile) in by_tile]
    best_key = scored[0][0]
    best_waits = scored[0][2] or ()
    good_kongs: list[Option] = []
    other_kongs: list[Option] = []
    for a in mine:
        if a.kind not in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG) or a.tile is None:
            continue
        s = declared_kong_shanten(counts, m, forms, int(a.tile),
                                  added=a.kind is ActionKind.ADDED_KONG)
        good = s <= best_key[0]
        why = (_("a kong draws a free replacement tile (004 s05); with it still to come the "
                 "hand is {away}").format(away=_away(s)) if good else
               _("a kong draws a free replacement tile (004 s05); with it still to come the "
                 "hand is {away}, farther than the best discard ({best})").format(
                   away=_away(s), best=_away(best_key[0])))
        (good_kongs if good else other_kongs).append(Option(a, text(a), why))
    ranked: list[Option] = [*good_kongs, *discard_opts, *other_kongs]
    waits = best_waits
    if win_action is not None:
        ranked.insert(0, Option(win_action, text(win_action), win_why))
        waits = ()
    elif good_kongs:
        waits = ()
    best = ranked[0]
    why = best.why
    if no_win:
        why = _("a complete hand, but no Mahjong: {refusal}; {why}").format(
            refusal=short_refusal(no_win), why=why)
    return Advice(view.phase, view.player, best.action, best.text, why, summary,
                  tuple(ranked), win_action is not None, no_win, sh, waits)
