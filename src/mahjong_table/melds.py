"""Melds (chow, pung, kong, quint, sextet, pair) and the hand notation of ``shared/NOTATION.md``.

A hand is written as groups separated by spaces: concealed tiles as mpsz runs, ``[...]`` for an
exposed meld and ``(...)`` for a declared concealed kong.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from ._values import reduce_value
from .i18n import _
from .tiles import NotationError, Tile, TileSet, format_tiles, parse_tiles
from .wall import as_kind

__all__ = ["MeldKind", "Meld", "Hand", "parse_hand", "parse_meld", "MeldError"]


class MeldError(NotationError):
    """Raised when tiles written as a meld do not form one; the message names the tiles."""


class MeldKind(Enum):
    """The kinds of group. Values are the standard English terms."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    QUINT = "quint"
    SEXTET = "sextet"
    PAIR = "pair"

    @property
    def size(self) -> int:
        return _SIZES[self]


#: the joker's kind (``1j``, :attr:`Tile.is_joker`)
_JOKER: Final = 46
#: the notation of each meld written so far, by its tiles, whether exposed and whether a kong
#: (a few hundred in all: each is formatted once, issue 25); emptied at
#: :data:`_NOTATION_LIMIT` entries, so its memory is bounded
_NOTATION: Final[dict[tuple[tuple[Tile, ...], bool, bool], str]] = {}
_NOTATION_LIMIT: Final = 4096

_SIZES = {
    MeldKind.CHOW: 3,
    MeldKind.PUNG: 3,
    MeldKind.KONG: 4,
    MeldKind.QUINT: 5,
    MeldKind.SEXTET: 6,
    MeldKind.PAIR: 2,
}
_SAME_KIND = {2: MeldKind.PAIR, 3: MeldKind.PUNG, 4: MeldKind.KONG, 5: MeldKind.QUINT,
              6: MeldKind.SEXTET}


@dataclass(frozen=True, slots=True)
class Meld:
    """A group of tiles.

    ``tiles`` are sorted (jokers last); ``exposed`` is False only for a declared concealed kong
    (or a set kept concealed in a decomposition). ``source`` is the seat offset the claimed
    tile came from (1 = the player on your left ... 3 = on your right), or None.
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    exposed: bool = True
    source: int | None = None

    def __init__(self, kind: MeldKind, tiles: tuple[Tile, ...], exposed: bool = True,
                 source: int | None = None) -> None:
        # written out, as every hot dataclass's is (issue 25: the generated __init__ runs as
        # Python in the compiled build, 2,000-20,000 instructions an object)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "exposed", exposed)
        object.__setattr__(self, "source", source)

    @property
    def tile(self) -> Tile:
        """The lowest natural tile (for a pung/kong: the tile; for a chow: its first tile)."""
        for t in self.tiles:
            # (Tile.is_joker, read as a plain integer: ``k = t`` would leave ``k`` a Tile)
            if as_kind(t) != _JOKER:
                return t
        return self.tiles[0]

    @property
    def is_chow(self) -> bool:
        return self.kind is MeldKind.CHOW

    @property
    def is_pung_or_kong(self) -> bool:
        """A pung or a kong (004 s07 counts "brelan or square" alike)."""
        return self.kind in (MeldKind.PUNG, MeldKind.KONG)

    @property
    def is_kong(self) -> bool:
        return self.kind is MeldKind.KONG

    @property
    def jokers(self) -> int:
        return sum(1 for t in self.tiles if t.is_joker)

    def notation(self) -> str:
        """``[123m]`` when exposed, ``(1111s)`` for a concealed kong, bare for a concealed set."""
        key = (self.tiles, self.exposed, self.kind is MeldKind.KONG)
        text = _NOTATION.get(key)
        if text is not None:
            return text
        body = format_tiles(self.tiles)
        if self.exposed:
            text = f"[{body}]"
        elif self.kind is MeldKind.KONG:
            text = f"({body})"
        else:
            text = body
        if len(_NOTATION) >= _NOTATION_LIMIT:
            _NOTATION.clear()
        _NOTATION[key] = text
        return text

    def __str__(self) -> str:
        return self.notation()

    def _repr_svg_(self) -> str:
        """The meld as an SVG row of tiles (notebooks; :mod:`mahjong_table.svg`)."""
        from .svg import meld_svg

        return meld_svg(self)

    @staticmethod
    def of(tiles: Sequence[Tile], *, exposed: bool = True, allow_jokers: bool = False,
           source: int | None = None) -> Meld:
        """Classify ``tiles`` as a meld. Raises :class:`MeldError` naming the tiles.

        A chow is three consecutive tiles of one suit (no honours, no wrapping: 891 is no
        chow; 004 s05 "The four groups", 08 "Frequent errors"). A pung/kong/quint/sextet is
        identical tiles, where jokers (American play, 001 Part one "Jokers") may stand in.
        """
        ts = tuple(sorted(tiles))
        text = format_tiles(ts)
        naturals = [t for t in ts if not t.is_joker]
        njokers = len(ts) - len(naturals)
        if njokers and not allow_jokers:
            raise MeldError(_("{text}: jokers are not used in this rule set").format(text=text))
        if njokers and not naturals:
            raise MeldError(_("{text}: an exposure of jokers only is no exposure: it holds at "
                              "least one natural tile, the one claimed (shared/NOTATION.md)"
                              ).format(text=text))
        # American play (the tile set with jokers): flowers are hand tiles, all alike (001
        # "Flower tiles"), so a group of flowers is a group of identical tiles
        flowers = allow_jokers and bool(naturals) and all(t.is_flower for t in naturals)
        if any(t.is_bonus for t in ts) and not flowers:
            raise MeldError(_("{text}: flowers and seasons are bonus tiles, never part of a "
                              "meld").format(text=text))
        if len(ts) == 3 and not njokers and ts[0].is_suited and ts[0].suit == ts[2].suit \
                and ts[1] == ts[0] + 1 and ts[2] == ts[0] + 2:
            return Meld(MeldKind.CHOW, ts, exposed, source)
        if (len(set(naturals)) <= 1 or flowers) and len(ts) in _SAME_KIND and naturals:
            kind = _SAME_KIND[len(ts)]
            if njokers and kind is MeldKind.PAIR:
                raise MeldError(_("{text}: jokers may not be used in a pair").format(text=text))
            return Meld(kind, ts, exposed, source)
        raise MeldError(
            _("{text!r} is not a meld: a chow is three consecutive tiles of one suit, "
              "a pung, kong, quint or sextet is identical tiles").format(text=text)
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand as written: concealed tiles (in written order) and declared melds.

    ``melds`` holds the exposed melds and the declared concealed kongs (``exposed=False``).
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()

    def __init__(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...] = ()) -> None:
        # written out, as every hot dataclass's is (issue 25: the generated __init__ runs as
        # Python in the compiled build, 2,000-20,000 instructions an object)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "melds", melds)

    def all_tiles(self) -> list[Tile]:
        return list(self.concealed) + [t for m in self.melds for t in m.tiles]

    def notation(self) -> str:
        parts = [m.notation() for m in self.melds]
        if self.concealed:
            parts.append(format_tiles(self.concealed))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


_GROUP = re.compile(r"\[[^\]]*\]|\([^)]*\)|[^\[\]()]+")


def parse_meld(text: str, *, tile_set: TileSet | None = None,
               source: int | None = None) -> Meld:
    """Parse ``[123m]`` (exposed) or ``(1111s)`` (concealed kong); ``source``: where the meld
    was claimed from (:attr:`Meld.source`, 1-3, or None). Raises :class:`MeldError`."""
    text = text.strip()
    if len(text) < 2 or (text[0], text[-1]) not in (("[", "]"), ("(", ")")):
        raise MeldError(
            _("{text!r}: a meld is written [tiles] (exposed) or (tiles) (concealed "
              "kong)").format(text=text))
    tiles = parse_tiles(text[1:-1])
    allow_jokers = tile_set is None or tile_set.copies[46] > 0
    if source is not None and (isinstance(source, bool) or not isinstance(source, int)
                               or not 1 <= source <= 3):
        raise MeldError(_("{text!r}: a meld's source is the seat 1, 2 or 3 places before "
                          "its claimer, not {source!r}").format(text=text, source=source))
    meld = Meld.of(tiles, exposed=text[0] == "[", allow_jokers=allow_jokers, source=source)
    if not meld.exposed and meld.kind is not MeldKind.KONG:
        raise MeldError(_("{text!r}: only a kong is written in ( ); concealed sets stay "
                          "bare").format(text=text))
    return meld


def parse_hand(text: str, tile_set: TileSet | None = None) -> Hand:
    """Parse a hand: ``"[777z] (1111s) 123m456p 11z"``.

    Raises :class:`NotationError` (or its subclasses :class:`MeldError`,
    :class:`~mahjong_table.tiles.TileCountError`) naming the bad group. With ``tile_set``, copies
    over the whole hand are checked (shared/NOTATION.md, "Hands").
    """
    if text.count("[") != text.count("]") or text.count("(") != text.count(")"):
        raise NotationError(_("unbalanced brackets in {text!r}").format(text=text))
    concealed: list[Tile] = []
    melds: list[Meld] = []
    for m in _GROUP.finditer(text):
        group = m.group(0)
        if group[0] in "[(":
            melds.append(parse_meld(group, tile_set=tile_set))
        elif group.strip():
            concealed.extend(parse_tiles(group))
    hand = Hand(tuple(concealed), tuple(melds))
    if tile_set is not None:
        tile_set.check_counts(hand.all_tiles())
        for t in concealed:
            if t.is_joker and tile_set.copies[46] == 0:
                raise NotationError(_("jokers are not used in the {tile_set} tile "
                                      "set").format(tile_set=_(tile_set.name)))
    return hand

