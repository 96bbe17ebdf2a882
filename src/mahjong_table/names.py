"""The names of the game's things in the language in force (issue 23): tiles, suits, winds,
dragons, bonus tiles, seats and melds. Every face names them through here, so the terminal,
the web, the lessons and the text commands use one word for one thing; ``Tile.name`` stays
the English name (data, records, tests).

Italian follows rule book 000 where it names the thing (tessera, Est, jolly, Fiore,
Stagione, pung, kong, quint, sestetto, coppia; see ``docs/glossary.md``).
"""

from __future__ import annotations

from .i18n import N_, _, pgettext
from .tiles import Tile

__all__ = ["tile_name", "tile_label", "suit_name", "wind_name", "wind_letter", "seat_name",
           "meld_name", "honour_name", "SEAT_WINDS"]

#: the seat winds in seat order (East, South, West, North), English (data)
SEAT_WINDS = (N_("East"), N_("South"), N_("West"), N_("North"))

_SUITS = {"m": N_("Characters"), "p": N_("Circles"), "s": N_("Bamboo")}
_NUMBERED = {
    "m": N_("{rank} Characters"),
    "p": N_("{rank} Circles"),
    "s": N_("{rank} Bamboo"),
}
_HONOURS = (N_("East wind"), N_("South wind"), N_("West wind"), N_("North wind"),
            N_("White dragon"), N_("Green dragon"), N_("Red dragon"))
_FLOWERS = (N_("Flower 1 (Plum)"), N_("Flower 2 (Orchid)"), N_("Flower 3 (Chrysanthemum)"),
            N_("Flower 4 (Bamboo)"))
_SEASONS = (N_("Season 1 (Spring)"), N_("Season 2 (Summer)"), N_("Season 3 (Autumn)"),
            N_("Season 4 (Winter)"))
_MELDS = {
    "chow": N_("chow"), "pung": N_("pung"), "kong": N_("kong"), "quint": N_("quint"),
    "sextet": N_("sextet"), "pair": N_("pair"), "single": N_("single"),
    "concealed kong": N_("concealed kong"), "added kong": N_("added kong"),
}


def suit_name(suit: str) -> str:
    """``"m"``, ``"p"``, ``"s"`` -> ``"Characters"``/``"Caratteri"``... Raises ``KeyError``
    for another letter."""
    return _(_SUITS[suit])


def honour_name(rank: int) -> str:
    """Honour ``rank`` 1-7 (East, South, West, North, White, Green, Red) as a tile name:
    ``"East wind"``/``"Vento Est"``, ``"Red dragon"``/``"Drago Rosso"``."""
    return _(_HONOURS[rank - 1])


def tile_name(tile: Tile) -> str:
    """A tile's name: ``"5 Circles"``/``"5 Cerchi"``, ``"East wind"``/``"Vento Est"``,
    ``"Flower 2 (Orchid)"``, ``"Joker"``/``"Jolly"`` (the numbered flowers of the American
    set, 5-8, have no plant)."""
    s, r = tile.suit, tile.rank
    if s in _NUMBERED:
        return _(_NUMBERED[s]).format(rank=r)
    if s == "z":
        return honour_name(r)
    if s == "f":
        return _(_FLOWERS[r - 1]) if r <= 4 else _("Flower {rank}").format(rank=r)
    if s == "g":
        return _(_SEASONS[r - 1])
    return _("Joker")


def tile_label(tile: Tile) -> str:
    """The name with the notation: ``"5 Circles (5p)"``."""
    return f"{tile_name(tile)} ({tile})"


def wind_name(index: int) -> str:
    """Wind ``index`` 0-3 (East, South, West, North) on its own: ``"East"``/``"Est"``;
    prevailing winds and seats."""
    return _(SEAT_WINDS[index])


def wind_letter(index: int) -> str:
    """Wind ``index`` 0-3 as one letter, for tables and short lines: E S W N in English,
    E S O N in Italian (Est, Sud, Ovest, Nord). Data (records, JSON) keeps ``ESWN``."""
    return (pgettext("wind letter", "E"), pgettext("wind letter", "S"),
            pgettext("wind letter", "W"), pgettext("wind letter", "N"))[index]


def seat_name(index: int) -> str:
    """A seat by its wind this hand (0 = East): the same words as :func:`wind_name`."""
    return wind_name(index)


def meld_name(kind: str) -> str:
    """A meld kind (``"pung"``, ``"concealed kong"``, ...) in the language in force; an
    unknown kind is returned as it is."""
    return _(_MELDS[kind]) if kind in _MELDS else kind
