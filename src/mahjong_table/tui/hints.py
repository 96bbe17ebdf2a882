"""Hints on request (issue 11, item 2), from one seat's :class:`PlayerView` only.

Four-sets-and-a-pair rule sets (Hong Kong 004, Chinese 001 Part two): shanten (tiles away from
ready), the waits of a ready hand with how many of each are unseen by this seat, the discard
advice of :mod:`mahjong_table.analysis` with its reason (the shanten it leaves and the unseen
useful tiles), and on a claim prompt what each claim does to the hand. American (001 Part one):
the nearest lines of the card with their tiles away, the discard advice of
:mod:`mahjong_table.rules.american.advice` and what a claim does to the nearest line.

"Unseen" is counted from the seat's view: copies of a kind that are neither in the player's
own hand nor among the exposed melds and discards (``PlayerView.visible_counts``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..analysis.shanten import Forms
from ..analysis.waits import TileUnseen, discard_options, useful_tiles
from ..engine import Action, ActionKind, PlayerView
from ..engine.actions import EXPOSURE_SIZES
from ..melds import Meld, MeldKind
from ..tiles import NUM_PLAYING, TILES

if TYPE_CHECKING:
    from ..rules.american.model import Card

__all__ = ["claim_effect", "hint_lines", "waiting_line"]

_JOKER = 46


def _card_game(view: PlayerView) -> bool:
    return len(view.counts) > NUM_PLAYING


def _forms(view: PlayerView) -> Forms:
    return Forms("seven_pairs" in view.special_forms, "thirteen_orphans" in view.special_forms)


def _unseen_vector(view: PlayerView) -> list[int]:
    """Per playing kind, copies the seat sees outside its own concealed hand."""
    vis = view.visible_counts()
    return [vis[k] - view.counts[k] for k in range(NUM_PLAYING)]


def _tiles_unseen(xs: Sequence[TileUnseen]) -> str:
    return ", ".join(f"{u.tile} ({u.unseen} unseen)" for u in xs)


def _away(n: int) -> str:
    if n < 0:
        return "a winning hand"
    if n == 0:
        return "ready"
    return f"{n} away from ready (shanten {n})"


def _short(n: int) -> str:
    return "complete" if n < 0 else "ready" if n == 0 else f"shanten {n}"


def _counts34(view: PlayerView) -> list[int]:
    return list(view.counts[:NUM_PLAYING])


def _melds(view: PlayerView) -> int:
    return len(view.me.melds)


def waiting_line(view: PlayerView, card: Card | None = None) -> str | None:
    """``"Waiting on: 3m (2 unseen), 6m (1 unseen)"`` when the hand is ready (13 tiles, or
    ready after the best discard in a turn: then the discard is named); None otherwise."""
    if view.me.dead:
        return None
    if _card_game(view):
        return _american_waiting(view, card)
    counts = _counts34(view)
    melds = _melds(view)
    n = sum(counts)
    vis = _unseen_vector(view)
    forms = _forms(view)
    try:
        if n == 13 - 3 * melds:
            if forms.shanten(counts, melds) != 0:
                return None
            waits = useful_tiles(counts, melds, vis, forms)
            return f"Waiting on: {_tiles_unseen(waits)}" if waits else None
        if n == 14 - 3 * melds:
            if forms.shanten(counts, melds) < 0:
                return "Your hand is complete: declare Mahjong"
            options = discard_options(counts, melds, vis, forms, best_only=True)
            ready = [o for o in options if o.shanten_after == 0]
            if not ready:
                return None
            best = ready[0]
            return (f"Ready: discard {best.tile} to wait on {_tiles_unseen(best.useful)}")
    except ValueError:
        return None
    return None


def _american_waiting(view: PlayerView, card: Card | None) -> str | None:
    from ..rules.american.matcher import completing_tiles

    if card is None or len(view.concealed) + sum(len(m.tiles) for m in view.me.melds) != 13:
        return None
    try:
        tiles = completing_tiles(card, list(view.counts), view.me.melds)
    except ValueError:
        return None
    if not tiles:
        return None
    vis = view.visible_counts()
    shown = []
    for k in sorted(tiles):
        if k == _JOKER:
            shown.append("1j (any joker)")
        elif k < NUM_PLAYING:
            shown.append(f"{TILES[k]} ({max(4 - vis[k], 0)} unseen)")
        else:
            shown.append(f"{TILES[k]} (any flower)")
    return f"Waiting on: {', '.join(shown)}"


def hint_lines(view: PlayerView, card: Card | None = None) -> list[str]:
    """The hint for the decision in ``view``: where the hand stands, the advice and why, and
    for a claim prompt what each claim does. Lines of plain text."""
    if _card_game(view):
        return _american_hints(view, card)
    counts = _counts34(view)
    melds = _melds(view)
    n = sum(counts)
    vis = _unseen_vector(view)
    forms = _forms(view)
    out: list[str] = []
    try:
        if n == 14 - 3 * melds:
            sh = forms.shanten(counts, melds)
            if sh < 0:
                return ["Your tiles form a winning hand: declare Mahjong."]
            options = discard_options(counts, melds, vis, forms)
            best = options[0]
            out.append(f"Your hand: {_away(forms.shanten(counts, melds))} before the discard.")
            equal = [o for o in options if (o.shanten_after, o.unseen_useful)
                     == (best.shanten_after, best.unseen_useful)]
            names = " or ".join(str(o.tile) for o in equal[:3])
            out.append(f"Advice: discard {names}. Why: it leaves the hand "
                       f"{_away(best.shanten_after)} with {len(best.useful)} kinds of useful "
                       f"tile, {best.unseen_useful} unseen: "
                       f"{' '.join(str(u) for u in best.useful)}")
            others = [o for o in options if o not in equal][:2]
            for o in others:
                out.append(f"  discard {o.tile}: {_away(o.shanten_after)}, "
                           f"{o.unseen_useful} unseen useful tiles")
        elif n == 13 - 3 * melds:
            sh = forms.shanten(counts, melds)
            useful = useful_tiles(counts, melds, vis, forms)
            out.append(f"Your hand: {_away(sh)}.")
            if sh == 0:
                out.append(f"Waits: {_tiles_unseen(useful)}")
            elif useful:
                out.append(f"Useful draws ({sum(u.unseen for u in useful)} unseen): "
                           f"{' '.join(str(u) for u in useful)}")
    except ValueError as exc:
        out.append(f"(no analysis of this hand: {exc})")
    for a in view.legal_actions:
        if a.kind in (ActionKind.PASS, ActionKind.DISCARD):
            continue
        effect = claim_effect(view, a, card)
        if effect:
            out.append(effect)
    return out


def _after_claim(view: PlayerView, a: Action) -> tuple[list[int], int] | None:
    """The concealed counts and meld count after claim ``a`` of the last discard (None if
    ``a`` is no exposure claim)."""
    t = view.last_discard
    if t is None:
        return None
    counts = _counts34(view)
    if a.kind is ActionKind.CHOW and a.tile is not None:
        for k in (a.tile, a.tile + 1, a.tile + 2):
            if k != t:
                counts[k] -= 1
    elif a.kind in EXPOSURE_SIZES:
        counts[t] -= EXPOSURE_SIZES[a.kind] - 1
    else:
        return None
    if min(counts) < 0:
        return None
    return counts, _melds(view) + 1


def claim_effect(view: PlayerView, a: Action, card: Card | None = None) -> str | None:
    """What claim (or declaration) ``a`` does to the hand: ``"Pung 5p: after it and the best
    discard (3m) your hand is ready (now 1 away)"``. None for actions with nothing to say."""
    if a.kind is ActionKind.MAHJONG:
        return "Mahjong: wins the hand now." if view.last_discard is not None or \
            view.phase == "turn" else None
    if _card_game(view):
        return _american_claim(view, a, card)
    forms = _forms(view)
    counts = _counts34(view)
    melds = _melds(view)
    vis = _unseen_vector(view)
    try:
        now = forms.shanten(counts, melds)
        if a.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG) and a.tile is not None:
            c = list(counts)
            c[a.tile] -= 4 if a.kind is ActionKind.CONCEALED_KONG else 1
            m = melds + (1 if a.kind is ActionKind.CONCEALED_KONG else 0)
            after = forms.shanten(c, m)
            return (f"Kong {a.tile}: with the replacement tile still to come the hand is "
                    f"{_away(after)} (now {_short(now)})")
        got = _after_claim(view, a)
        if got is None:
            return None
        c, m = got
        label = f"{a.kind.value.capitalize()} {view.last_discard}"
        if a.kind is ActionKind.CHOW and a.tile is not None:
            label = f"Chow {a.tile.rank}{a.tile.rank + 1}{a.tile.rank + 2}{a.tile.suit}"
        if a.kind is ActionKind.KONG:
            after = forms.shanten(c, m)
            return (f"{label}: exposes a kong and draws a replacement; the hand is then "
                    f"{_away(after)} (now {_short(now)})")
        options = discard_options(c, m, vis, forms, best_only=True)
        best = options[0]
        return (f"{label}: exposes the set; after it and the best discard ({best.tile}) the "
                f"hand is {_away(best.shanten_after)} with {best.unseen_useful} unseen useful "
                f"tiles (now {_short(now)}; a claimed set can no longer be changed)")
    except ValueError:
        return None


def _american_hints(view: PlayerView, card: Card | None) -> list[str]:
    from ..rules.american.advice import discard_advice
    from ..rules.american.matcher import tiles_away

    if card is None:
        return ["(no card: no hint)"]
    out: list[str] = []
    exposures: list[Meld] = list(view.me.melds)
    counts = list(view.counts)
    total = sum(counts) + sum(len(m.tiles) for m in exposures)
    try:
        found = tiles_away(card, counts, exposures)
        near = [d for d in found if d.away is not None][:3]
        for d in near:
            needs = " ".join(str(t) for t in d.needs)
            out.append(f"{d.line.key} {d.line.pattern}: {d.away} away"
                       + (f", needs {needs}" if needs else ""))
        if total == 14 and view.phase == "turn":
            options = discard_advice(card, counts, exposures)
            if options:
                best = options[0]
                lines = ", ".join(d.line.key for d in best.lines[:3])
                out.append(f"Advice: discard {best.tile}. Why: it keeps the hand "
                           f"{best.away} away from {lines or 'no line'}")
    except ValueError as exc:
        out.append(f"(no analysis of this hand: {exc})")
    for a in view.legal_actions:
        if a.kind in EXPOSURE_SIZES:
            effect = _american_claim(view, a, card)
            if effect:
                out.append(effect)
    return out


def _american_claim(view: PlayerView, a: Action, card: Card | None) -> str | None:
    from ..rules.american.matcher import tiles_away

    t = view.last_discard
    if card is None or t is None or a.kind not in EXPOSURE_SIZES:
        return None
    size = EXPOSURE_SIZES[a.kind]
    counts = list(view.counts)
    naturals = size - 1 - a.jokers
    counts[t] -= naturals
    counts[_JOKER] -= a.jokers
    if min(counts) < 0:
        return None
    tiles = (TILES[t],) * (size - a.jokers) + (TILES[_JOKER],) * a.jokers
    kind = {3: MeldKind.PUNG, 4: MeldKind.KONG, 5: MeldKind.QUINT, 6: MeldKind.SEXTET}[size]
    try:
        meld = Meld(kind, tiles, exposed=True)
        found = tiles_away(card, counts, [*view.me.melds, meld])
    except (ValueError, TypeError):
        return None
    near = next((d for d in found if d.away is not None), None)
    label = f"{a.kind.value.capitalize()} {t}" + (f" with {a.jokers} joker(s)" if a.jokers
                                                  else "")
    if near is None:
        return f"{label}: no line of the card could be completed after it"
    return f"{label}: the nearest line is then {near.line.key}, {near.away} away"
