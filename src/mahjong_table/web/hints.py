"""Hints for a seat, from its own view only: shanten, waits and discard advice
(:mod:`mahjong_table.analysis`), or for a game against a card the nearest lines and the tiles
they need (:mod:`mahjong_table.rules.american`)."""

from __future__ import annotations

from typing import Any

from ..analysis.waits import discard_options, useful_tiles, waits
from ..engine import PlayerView
from ..rules.base import RuleSet
from ..tiles import NUM_PLAYING, format_tiles

__all__ = ["hints_for"]


def hints_for(view: PlayerView, rules: RuleSet) -> dict[str, Any]:
    """``{"lines": [text, ...]}``: what a coach would say about ``view``'s hand. Uses only
    what the view holds (the seat's own tiles and public information)."""
    card = getattr(rules, "card", None)
    if view.phase == "game_over":
        return {"lines": ["The game is over."]}
    if card is not None:
        return {"lines": _card_hints(view, card)}
    counts = list(view.counts[:NUM_PLAYING])
    melds = len(view.me.melds)
    seen = view.visible_counts()
    visible = [max(0, min(4, seen[k] - counts[k])) for k in range(NUM_PLAYING)]
    forms = rules.forms
    n = sum(counts)
    lines: list[str] = []
    try:
        if n == 14 - 3 * melds:
            opts = discard_options(counts, melds, visible, forms)
            sh = forms.shanten(counts, melds)
            if sh < 0:
                lines.append("Your hand is complete: declare Mahjong!")
            else:
                lines.append(f"Shanten {sh} (tiles from ready).")
            for o in opts[:3]:
                useful = " ".join(f"{u.tile}" for u in o.useful) or "none"
                what = "waits on" if o.shanten_after == 0 else "then useful"
                lines.append(f"Discard {o.tile}: shanten {o.shanten_after}, {what} {useful} "
                             f"({o.unseen_useful} unseen)")
        elif n == 13 - 3 * melds:
            sh = forms.shanten(counts, melds)
            if sh == 0:
                ws = waits(counts, melds, visible, forms)
                lines.append("Ready! Waiting on " + ", ".join(
                    f"{w.tile} ({w.unseen} unseen)" for w in ws))
            else:
                us = useful_tiles(counts, melds, visible, forms)
                lines.append(f"Shanten {sh}. Useful tiles: " + (", ".join(
                    f"{u.tile} ({u.unseen})" for u in us) or "none"))
        else:
            lines.append("No hint now.")
    except ValueError as exc:
        lines.append(f"No hint: {exc}")
    return {"lines": lines}


def _card_hints(view: PlayerView, card: Any) -> list[str]:
    from ..rules.american.advice import charleston_advice, discard_advice
    from ..rules.american.matcher import tiles_away

    counts = list(view.counts) + [0] * (47 - len(view.counts))
    melds = list(view.me.melds)
    lines: list[str] = []
    try:
        found = tiles_away(card, counts, melds)
    except ValueError as exc:
        return [f"No hint: {exc}"]
    for d in found[:3]:
        ln = d.line
        if d.away is None:
            lines.append(f"{ln.key} {ln.pattern}: out of reach")
        elif d.away == 0:
            lines.append(f"{ln.key} {ln.pattern}: complete!")
        else:
            lines.append(f"{ln.key} {ln.pattern} ({'C' if ln.concealed else 'X'} "
                         f"{ln.points}): {d.away} away, needs {format_tiles(d.needs)}")
    total = sum(counts) + sum(len(m.tiles) for m in melds)
    try:
        if view.phase == "charleston" and not melds:
            lines.append("Pass: " + " ".join(str(t) for t in charleston_advice(card, counts)))
        elif total == 14:
            best = discard_advice(card, counts, melds)[:3]
            lines.append("Discard: " + ", ".join(
                f"{o.tile} ({'-' if o.away is None else o.away} away)" for o in best))
    except ValueError as exc:
        lines.append(f"No advice: {exc}")
    return lines
