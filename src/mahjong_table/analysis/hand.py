"""Analysis of a whole written hand (:class:`~mahjong_table.melds.Hand`): what the
``analyze`` command prints, as a value.

A hand with ``13 - 3*melds`` concealed tiles is *waiting*: the analysis gives its shanten,
its winning tiles when ready, and the tiles that would bring it closer otherwise. A hand with
``14 - 3*melds`` concealed tiles must *discard* (or has won): the analysis ranks every discard.
Each declared meld (exposed, or a declared concealed kong) counts as one meld; its tiles are
visible to the player, so they are taken off the unseen counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import _
from ..melds import Hand
from ..names import tile_name
from ..tiles import NUM_PLAYING, TILES
from .shanten import HONG_KONG_FORMS, Forms
from .waits import DiscardOption, TileUnseen, discard_options, useful_tiles

__all__ = ["HandAnalysis", "analyze_hand", "visible_counts"]


def visible_counts(hand: Hand, seen: Sequence[int] = ()) -> list[int]:
    """Counts of the tiles the holder of ``hand`` can see outside their concealed tiles: the
    tiles of their declared melds plus ``seen`` (tile kinds seen elsewhere: discards, other
    players' melds). Raises ``ValueError`` when a tile would be seen more than four times
    counting the concealed tiles, or for a bonus tile."""
    counts = [0] * NUM_PLAYING
    for t in [*(t for m in hand.melds for t in m.tiles), *seen]:
        if t >= NUM_PLAYING:
            raise ValueError(_("{tile} ({name}) is a bonus tile, never in play").format(
                tile=TILES[t], name=tile_name(TILES[t])))
        counts[t] += 1
    held = [0] * NUM_PLAYING
    for t in hand.concealed:
        if t < NUM_PLAYING:
            held[t] += 1
    for k in range(NUM_PLAYING):
        if counts[k] + held[k] > 4:
            raise ValueError(_("{n} copies of {tile} between the hand and the tiles seen: a "
                               "tile set holds four").format(n=counts[k] + held[k],
                                                             tile=TILES[k]))
    return counts


@dataclass(frozen=True)
class HandAnalysis:
    """The analysis of one hand.

    ``to_discard`` says whether the hand holds ``14 - 3*melds`` concealed tiles (then
    ``discards`` ranks every discard, best first, and ``waits``/``useful`` are empty) or
    ``13 - 3*melds`` (then ``useful`` lists the tiles that lower the shanten, ``waits`` the
    winning tiles when ready, and ``discards`` is empty).
    """

    hand: Hand
    forms: Forms
    melds: int
    counts: tuple[int, ...]
    visible: tuple[int, ...]
    to_discard: bool
    shanten: int
    by_form: dict[str, int]
    waits: tuple[TileUnseen, ...]
    useful: tuple[TileUnseen, ...]
    discards: tuple[DiscardOption, ...]

    @property
    def state(self) -> str:
        """``"complete"`` (a winning hand), ``"ready"`` (shanten 0) or ``"not_ready"``."""
        if self.shanten < 0:
            return "complete"
        return "ready" if self.shanten == 0 else "not_ready"

    @property
    def unseen_useful(self) -> int:
        """Unseen copies of the useful tiles (waiting hands)."""
        return sum(u.unseen for u in self.useful)

    def to_json(self) -> dict[str, Any]:
        """The ``analyze --json`` object (see docs/analysis.md)."""
        def tiles(xs: Sequence[TileUnseen]) -> list[dict[str, Any]]:
            return [{"tile": str(x.tile), "unseen": x.unseen} for x in xs]

        return {
            "rules": self.forms.name,
            "hand": self.hand.notation(),
            "concealed_tiles": sum(self.counts),
            "melds": self.melds,
            "forms": list(self.forms.form_names),
            "to_discard": self.to_discard,
            "shanten": self.shanten,
            "shanten_by_form": self.by_form,
            "state": self.state,
            "waits": tiles(self.waits),
            "useful": tiles(self.useful),
            "unseen_useful": self.unseen_useful,
            "discards": [d.to_json() for d in self.discards],
        }


def analyze_hand(hand: Hand, forms: Forms = HONG_KONG_FORMS, seen: Sequence[int] = ()
                 ) -> HandAnalysis:
    """Analyse ``hand`` under ``forms``; ``seen`` are tiles visible elsewhere (discards,
    other players' melds), which lower the unseen counts.

    Raises ``ValueError`` naming the problem: a bonus tile among the concealed tiles, a
    concealed tile count that is neither ``13 - 3*melds`` nor ``14 - 3*melds``, more than
    four of a tile in all, more than four melds.
    """
    for t in hand.concealed:
        if t >= NUM_PLAYING:
            raise ValueError(_("{tile} ({name}) is a bonus tile, not part of the hand: leave "
                               "flowers and seasons out").format(tile=t, name=tile_name(t)))
    melds = len(hand.melds)
    if melds > 4:
        raise ValueError(_("{n} declared melds: a hand has at most four").format(n=melds))
    counts = [0] * NUM_PLAYING
    for t in hand.concealed:
        counts[t] += 1
    n = len(hand.concealed)
    if n not in (13 - 3 * melds, 14 - 3 * melds):
        raise ValueError(_(
            "{n} concealed tiles with {melds} declared meld(s): a hand waiting for a tile has "
            "{waiting}, a hand about to discard has {discarding}").format(
                n=n, melds=melds, waiting=13 - 3 * melds, discarding=14 - 3 * melds))
    visible = visible_counts(hand, seen)
    shanten = forms.shanten(counts, melds)
    by_form = forms.by_form(counts, melds)
    to_discard = n == 14 - 3 * melds
    waits: tuple[TileUnseen, ...] = ()
    useful: tuple[TileUnseen, ...] = ()
    discards: tuple[DiscardOption, ...] = ()
    if to_discard:
        discards = tuple(discard_options(counts, melds, visible, forms))
    else:
        useful = tuple(useful_tiles(counts, melds, visible, forms))
        if shanten == 0:
            waits = useful
    return HandAnalysis(hand, forms, melds, tuple(counts), tuple(visible), to_discard,
                        shanten, by_form, waits, useful, discards)
