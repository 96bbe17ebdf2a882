"""Tiles, tile sets and the extended mpsz notation.

A :class:`Tile` is a small immutable value: an ``int`` subclass whose value is the tile
*kind index* below, so tiles index count arrays directly and compare and hash as ints.

=========  ===========  ===================================================
index      notation     tiles
=========  ===========  ===================================================
0-8        ``1m``-``9m``  characters (craks)
9-17       ``1p``-``9p``  circles (dots)
18-26      ``1s``-``9s``  bamboo (bams)
27-33      ``1z``-``7z``  honours: East, South, West, North, White, Green, Red
34-41      ``1f``-``8f``  flowers (1-4 in Hong Kong/Chinese play, 1-8 American)
42-45      ``1g``-``4g``  seasons
46         ``1j``       joker (American play)
=========  ===========  ===================================================

The 34 kinds 0-33 are the *playing* kinds (suits and honours); analysis works on count
arrays of length :data:`NUM_PLAYING` indexed by them.

Notation is fixed by ``shared/NOTATION.md`` ("Tiles: extended mpsz"): digits are ranks and the
letter after a run of digits names the suit of the whole run.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from ._tiletext import counts_of, format_tiles, has_excess
from .i18n import N_, _

__all__ = [
    "read_tile_text",
    "NUM_KINDS",
    "NUM_PLAYING",
    "SUIT_LETTERS",
    "Tile",
    "TileSet",
    "NotationError",
    "TileCountError",
    "parse_tiles",
    "format_tiles",
    "counts_of",
    "tiles_from_counts",
    "TILES",
    "HONG_KONG_TILE_SET",
    "CHINESE_TILE_SET",
    "CHINESE_TILE_SET_NO_BONUS",
    "AMERICAN_TILE_SET",
]

NUM_PLAYING = 34
NUM_KINDS = 47

#: suit letter -> (first kind index, number of ranks)
_SUIT_RANGES: dict[str, tuple[int, int]] = {
    "m": (0, 9),
    "p": (9, 9),
    "s": (18, 9),
    "z": (27, 7),
    "f": (34, 8),
    "g": (42, 4),
    "j": (46, 1),
}
SUIT_LETTERS = "mpszfgj"

_SUIT_NAMES = {
    "m": "Characters",
    "p": "Circles",
    "s": "Bamboo",
}
_HONOUR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
_FLOWER_NAMES = ("Plum", "Orchid", "Chrysanthemum", "Bamboo")
_SEASON_NAMES = ("Spring", "Summer", "Autumn", "Winter")

# Unicode Mahjong Tiles block (U+1F000-U+1F02B).
_GLYPHS: dict[str, Sequence[str]] = {
    "m": [chr(0x1F007 + i) for i in range(9)],
    "p": [chr(0x1F019 + i) for i in range(9)],
    "s": [chr(0x1F010 + i) for i in range(9)],
    # East South West North, then White, Green, Red (Tenhou order)
    "z": ["\U0001f000", "\U0001f001", "\U0001f002", "\U0001f003", "\U0001f006", "\U0001f005",
          "\U0001f004"],
    "f": ["\U0001f022", "\U0001f023", "\U0001f025", "\U0001f024"] * 2,
    "g": ["\U0001f026", "\U0001f027", "\U0001f028", "\U0001f029"],
    "j": ["\U0001f02a"],
}


class NotationError(ValueError):
    """Raised for malformed tile or hand notation; the message names the bad token."""


class TileCountError(NotationError):
    """Raised when a hand holds more copies of a tile than the rule set's tile set holds."""


class Tile(int):
    """One tile kind, as an immutable ``int`` (its kind index, see the module docstring).

    Build one with :meth:`Tile.parse` (``Tile.parse("5z")``) or :meth:`Tile.of` (index);
    ``str(tile)`` gives the mpsz form back and ``repr`` shows what to type.
    """

    __slots__ = ()
    _cache: ClassVar[list[Tile]] = []

    @classmethod
    def of(cls, index: int) -> Tile:
        """The tile with kind index ``index`` (0-46). Raises ``ValueError`` if out of range."""
        if not 0 <= index < NUM_KINDS:
            raise ValueError(f"tile index {index} is out of range 0-{NUM_KINDS - 1}")
        return cls._cache[index]

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse exactly one tile such as ``"1m"`` or ``"7z"``. Raises :class:`NotationError`."""
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise NotationError(_("expected exactly one tile, got {n} in {text!r}").format(
                n=len(tiles), text=text))
        return tiles[0]

    @property
    def suit(self) -> str:
        """The suit letter: one of ``m p s z f g j``."""
        return _SUIT_OF[self]

    @property
    def rank(self) -> int:
        """The rank within the suit, from 1."""
        return _RANK_OF[self]

    @property
    def is_suited(self) -> bool:
        """Characters, circles or bamboo."""
        return self < 27

    @property
    def is_honour(self) -> bool:
        """A wind or a dragon."""
        return 27 <= self < 34

    @property
    def is_wind(self) -> bool:
        return 27 <= self < 31

    @property
    def is_dragon(self) -> bool:
        return 31 <= self < 34

    @property
    def is_terminal(self) -> bool:
        """A suited 1 or 9."""
        return self < 27 and (self % 9 in (0, 8))

    @property
    def is_terminal_or_honour(self) -> bool:
        return (27 <= self < 34) or self.is_terminal

    @property
    def is_flower(self) -> bool:
        return 34 <= self < 42

    @property
    def is_season(self) -> bool:
        return 42 <= self < 46

    @property
    def is_bonus(self) -> bool:
        """A flower or a season: never part of the four sets and a pair."""
        return 34 <= self < 46

    @property
    def is_joker(self) -> bool:
        return self == 46

    @property
    def name(self) -> str:
        """English name, e.g. ``"5 Characters"``, ``"Red dragon"``, ``"East wind"``."""
        s, r = self.suit, self.rank
        if s in _SUIT_NAMES:
            return f"{r} {_SUIT_NAMES[s]}"
        if s == "z":
            return f"{_HONOUR_NAMES[r - 1]} {'wind' if r <= 4 else 'dragon'}"
        if s == "f":
            return f"Flower {r}" + (f" ({_FLOWER_NAMES[r - 1]})" if r <= 4 else "")
        if s == "g":
            return f"Season {r} ({_SEASON_NAMES[r - 1]})"
        return "Joker"

    @property
    def glyph(self) -> str:
        """The Unicode Mahjong Tiles glyph."""
        return _GLYPHS[self.suit][self.rank - 1]

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def _repr_svg_(self) -> str:
        """The tile as an SVG picture (notebooks; :mod:`mahjong_table.svg`)."""
        from .svg import tile_svg

        return tile_svg(self)


_SUIT_OF: list[str] = []
_RANK_OF: list[int] = []
for _letter, (_start, _n) in _SUIT_RANGES.items():
    for _r in range(1, _n + 1):
        _SUIT_OF.append(_letter)
        _RANK_OF.append(_r)
Tile._cache.extend(int.__new__(Tile, i) for i in range(NUM_KINDS))
#: every kind's notation ("1m" .. "8f"), indexed by kind
_NAMES: tuple[str, ...] = tuple(f"{r}{s}" for r, s in zip(_RANK_OF, _SUIT_OF, strict=True))

#: every tile kind, indexed by kind index
TILES: tuple[Tile, ...] = tuple(Tile._cache)
#: _REPEATS[kind][n]: n copies of the tile (n up to 8, for American flowers and jokers)
_REPEATS: tuple[tuple[tuple[Tile, ...], ...], ...] = tuple(
    tuple((t,) * n for n in range(9)) for t in TILES)


def _tile_at(letter: str, rank: int, token: str) -> Tile:
    start, n = _SUIT_RANGES[letter]
    if not 1 <= rank <= n:
        raise NotationError(
            _("rank {rank} is out of range for suit {letter!r} (1-{n}) in {token!r}").format(
                rank=rank, letter=letter, n=n, token=token)
        )
    return TILES[start + rank - 1]


def parse_tiles(text: str, tile_set: TileSet | None = None) -> list[Tile]:
    """Parse an mpsz run such as ``"123m456p 11z"`` into tiles, in written order.

    Spaces are allowed between runs. With ``tile_set``, the copies of each tile are checked
    against it (:class:`TileCountError` on too many). Raises :class:`NotationError` naming the
    bad token: an unknown letter, a rank out of range, digits with no letter.
    (Rule: shared/NOTATION.md, "Tiles: extended mpsz".)
    """
    tiles: list[Tile] = []
    digits: list[int] = []
    start = 0
    for i, ch in enumerate(text):
        if ch.isdigit():
            if not digits:
                start = i
            digits.append(int(ch))
        elif ch in _SUIT_RANGES:
            if not digits:
                raise NotationError(_("suit letter {ch!r} at position {i} has no ranks before "
                                      "it").format(ch=ch, i=i))
            token = text[start : i + 1]
            tiles.extend(_tile_at(ch, d, token) for d in digits)
            digits = []
        elif ch.isspace():
            if digits:
                raise NotationError(
                    _("digits {digits!r} at position {start} have no suit letter").format(
                        digits=text[start:i], start=start)
                )
        else:
            raise NotationError(_("unknown character {ch!r} at position {i} in {text!r}").format(
                ch=ch, i=i, text=text))
    if digits:
        raise NotationError(_("digits {digits!r} at position {start} have no suit letter").format(
            digits=text[start:], start=start))
    if tile_set is not None:
        tile_set.check_counts(tiles)
    return tiles


def tiles_from_counts(counts: Sequence[int]) -> list[Tile]:
    """The sorted tiles of a count array (counts of 0-4 per kind)."""
    out: list[Tile] = []
    reps = _REPEATS
    for i, c in enumerate(counts):
        if c:
            out += reps[i][c]
    return out


@dataclass(frozen=True)
class TileSet:
    """The physical tiles a rule set plays with: ``copies[kind]`` for all 47 kinds.

    ``group_limits`` caps the total over a group of kinds, for American flowers that are all
    interchangeable (eight in all, whatever rank is written).
    """

    name: str
    copies: tuple[int, ...]
    group_limits: tuple[tuple[tuple[int, ...], int, str], ...] = field(default=())

    @property
    def size(self) -> int:
        """Number of physical tiles (144, 136, 152)."""
        return sum(self.copies)

    def all_tiles(self) -> list[Tile]:
        """Every physical tile once, sorted by kind."""
        return [TILES[k] for k, c in enumerate(self.copies) for _ in range(c)]

    def check_counts(self, tiles: Iterable[int]) -> None:
        """Raise :class:`TileCountError` if ``tiles`` hold more copies than this set has."""
        counts = counts_of(tiles, NUM_KINDS)
        if not has_excess(counts, self.copies) and not self.group_limits:
            return  # the common case, in the compiled helper
        for k, c in enumerate(counts):
            if c > self.copies[k] and not any(k in g for g, _, _ in self.group_limits):
                from .names import tile_name  # names imports this module

                if self.copies[k] == 0:
                    raise TileCountError(_("tile {tile} ({name}) is not in the {tile_set} tile "
                                           "set").format(tile=TILES[k], name=tile_name(TILES[k]),
                                                         tile_set=_(self.name)))
                raise TileCountError(
                    _("{n} copies of {tile} ({name}): the {tile_set} tile set holds "
                      "{limit}").format(n=c, tile=TILES[k], name=tile_name(TILES[k]),
                                        tile_set=_(self.name), limit=self.copies[k])
                )
        for group, limit, label in self.group_limits:
            total = sum(counts[k] for k in group)
            if total > limit:
                raise TileCountError(_("{total} {label}: the {tile_set} tile set holds "
                                       "{limit}").format(total=total, label=_(label),
                                                         tile_set=_(self.name), limit=limit))


def _copies(playing: int, flowers: int, seasons: int, jokers: int) -> tuple[int, ...]:
    return tuple([playing] * 34 + [1] * flowers + [0] * (8 - flowers) + [1] * seasons
                 + [0] * (4 - seasons) + [jokers])


#: Hong Kong (rule book 004 section 02): 136 suit and honour tiles, 4 flowers, 4 seasons.
HONG_KONG_TILE_SET = TileSet(N_("Hong Kong"), _copies(4, 4, 4, 0))
#: Chinese (rule book 001 Part two): 144 tiles, no jokers.
CHINESE_TILE_SET = TileSet(N_("Chinese"), _copies(4, 4, 4, 0))
#: Chinese without flowers and seasons: 136 tiles (001 Part two, Flowers and Seasons).
CHINESE_TILE_SET_NO_BONUS = TileSet(N_("Chinese (136 tiles)"), _copies(4, 0, 0, 0))
#: American (001 Part one): 136 + 8 flowers + 8 jokers = 152 tiles. Flowers are
#: interchangeable: eight in all, written 1f-8f.
AMERICAN_TILE_SET = TileSet(
    N_("American"),
    tuple([4] * 34 + [1] * 8 + [0] * 4 + [8]),
    group_limits=((tuple(range(34, 42)), 8, N_("flowers")),),
)


#: every glyph (flowers and seasons too; the first tile of a shared glyph) -> its tile
_GLYPH_ALL: dict[str, Tile] = {}
for _t in TILES:
    _GLYPH_ALL.setdefault(_t.glyph, _t)


def read_tile_text(text: str, *, fold_case: bool = True) -> str:
    """Tile text as the one parser reads it everywhere (``play``, ``score``, ``analyze``,
    the lessons' answers): Unicode tile glyphs become their mpsz names; with ``fold_case`` (a
    person typing at a prompt) suit letters are read in lower case (``5P`` is ``5p``).
    ``score`` and ``analyze`` keep the case, since the notation is case-sensitive
    (shared/NOTATION.md) and ``5P`` is an error there. The result goes to
    :func:`parse_tiles` or :func:`~mahjong_table.melds.parse_hand`, which name any bad
    token. Returns a string; never raises."""
    out = []
    for ch in text:
        t = _GLYPH_ALL.get(ch)
        if t is not None:
            out.append(str(t))
        elif fold_case and ch in "MPSZFGJ":
            out.append(ch.lower())
        else:
            out.append(ch)
    return "".join(out)
