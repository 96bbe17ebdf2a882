"""The data model of an American card (rule book 001 Part one, "Understanding the NMJL card").

A *card* is a list of *lines* in named *sections*; each line is a pattern of *groups* written
with colour (suit) and number variables. When a card loads, every line is expanded once into
its concrete *variations*: each a multiset of concrete groups, a group being a tile kind and a
size. Matching a hand (``matcher.py``) then works on variations only.

Tile kinds are the indices of :mod:`mahjong_table.tiles` (0-33 suits and honours). All eight
American flowers are alike (001 "Flower tiles": "all Flower tiles are interchangeable"), so a
group of flowers has kind :data:`FLOWER` (34) and any of the tiles ``1f``-``8f`` fills it.
Jokers (:data:`JOKER`, 46) are never a group's kind.

Jokers may fill a slot of a group of three or more identical tiles (pung, kong, quint,
sextet) and never a single or a pair ("Jokers": "may not be used in pairs, as single tiles,
to replace a single tile in a run, in a NEWS combination, in a year combination"). Runs,
NEWS and year groups such as ``2026`` are written as singles, so "jokers allowed" is exactly
``size >= 3``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = ["FLOWER", "JOKER", "Group", "Variation", "CardLine", "Card", "CardError", "card_errors",
           "fold_counts", "word_text"]

#: the kind of every flower group (any of the tiles 34-41 fills it)
FLOWER = 34
#: the joker's tile index
JOKER = 46


class CardError(ValueError):
    """A malformed card file. ``line`` and ``column`` (both from 1) say where; the message
    names the problem, e.g. ``my.card:12:7: unknown group 'QQQ'``.

    A card with several mistakes raises one ``CardError`` for all of them (see
    :func:`card_errors`): ``problems`` holds each (one ``CardError`` per mistake, in the
    order of the file) and the message lists them one per line, each with its line and
    column; ``line``, ``column`` and ``problem`` are the first one's. A single mistake's
    ``problems`` is ``(itself,)``."""

    source: str
    line: int
    column: int
    problem: str
    problems: tuple[CardError, ...]

    def __init__(self, message: str, source: str = "<card>", line: int = 0,
                 column: int = 0, problems: Sequence[CardError] = ()) -> None:
        if len(problems) > 1:
            first = problems[0]
            super().__init__("\n".join(str(p) for p in problems))
            source, line, column, message = first.source, first.line, first.column, \
                first.problem
        else:
            super().__init__(f"{source}:{line}:{column}: {message}")
        self.source = source
        self.line = line
        self.column = column
        self.problem = message
        self.problems = tuple(problems) if len(problems) > 1 else (self,)


def card_errors(problems: Sequence[CardError]) -> CardError:
    """One :class:`CardError` for every mistake in ``problems`` (at least one), sorted by
    line and column: the only one itself, or one listing them all."""
    found = sorted((q for p in problems for q in p.problems),
                   key=lambda p: (p.line, p.column))
    if len(found) == 1:
        return found[0]
    return CardError("", problems=found)


@dataclass(frozen=True, slots=True)
class Group:
    """One concrete group: ``size`` (1 single, 2 pair, 3 pung, 4 kong, 5 quint, 6 sextet)
    identical tiles of ``kind`` (0-33, or :data:`FLOWER`)."""

    kind: int
    size: int

    @property
    def jokers_allowed(self) -> bool:
        """Jokers fill groups of three or more only (001 Part one "Jokers")."""
        return self.size >= 3


@dataclass(frozen=True)
class Variation:
    """One concrete way to complete a line: its groups (fourteen tiles in all), sorted.

    ``naturals[k]`` is the number of tiles of kind ``k`` that must be natural (singles and
    pairs); ``jokerable[k]`` the number of slots of kind ``k`` in groups of three or more
    (natural or joker). Both are sparse: only kinds the variation uses appear. Computed from
    ``groups`` on construction.

    ``words`` says how the card writes the variation, for display only (it takes no part in
    comparing variations): one entry per word of the line's pattern, in the card's order,
    each the indices into ``groups`` of that word's groups in the order written (the year
    ``2026a`` is four singles, 2, Soap, 2, 6, in one word). Empty when not known.
    """

    groups: tuple[Group, ...]
    naturals: dict[int, int] = field(init=False, compare=False, repr=False)
    jokerable: dict[int, int] = field(init=False, compare=False, repr=False)
    words: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        nat: dict[int, int] = {}
        jok: dict[int, int] = {}
        for g in self.groups:
            target = jok if g.jokers_allowed else nat
            target[g.kind] = target.get(g.kind, 0) + g.size
        object.__setattr__(self, "naturals", nat)
        object.__setattr__(self, "jokerable", jok)

    @property
    def size(self) -> int:
        return sum(g.size for g in self.groups)


@dataclass(frozen=True)
class CardLine:
    """One line (hand) of a card.

    ``section`` is the section's name as written in the card file, ``number`` the line's
    position in that section counted from 1 (shared/NOTATION.md), ``pattern`` the groups as
    written, ``note`` the bracketed instructions, ``points`` its value, ``concealed`` True for
    a C line (only the tile that wins may be called, 001 Part one "Understanding the NMJL
    card"), ``source_line`` its line in the card file. ``variations`` are every concrete
    variation, expanded once when the card loads, without duplicates.
    """

    section: str
    number: int
    pattern: str
    points: int
    concealed: bool
    variations: tuple[Variation, ...]
    note: str = ""
    source_line: int = 0

    @property
    def singles_and_pairs(self) -> bool:
        """A line of singles and pairs only: no joker can ever be used in it (its jokerless
        win is not doubled; shared/NOTATION.md)."""
        return all(g.size < 3 for v in self.variations for g in v.groups)

    @property
    def key(self) -> str:
        """``"Section #n"``, how the line is named in messages."""
        return f"{self.section} #{self.number}"


@dataclass(frozen=True)
class Card:
    """A card: its ``name``, the ``sections`` in order and every line. ``source`` is the file
    it came from; ``practice`` is True for the project's own practice card (not the
    League's)."""

    name: str
    lines: tuple[CardLine, ...]
    sections: tuple[str, ...]
    source: str = "<card>"
    practice: bool = False

    def line(self, section: str, number: int) -> CardLine:
        """The line ``number`` (from 1) of ``section``. Raises ``KeyError``."""
        for ln in self.lines:
            if ln.section == section and ln.number == number:
                return ln
        raise KeyError(f"no line {section} #{number} on card {self.name!r}")


def fold_counts(counts: Sequence[int]) -> list[int]:
    """A hand's counts over the 47 tile indices with the eight flowers (34-41) folded into
    :data:`FLOWER`: the form the matcher reads. Jokers stay at :data:`JOKER`."""
    out = list(counts) + [0] * (47 - len(counts))
    out[FLOWER] = sum(out[34:42])
    for k in range(35, 42):
        out[k] = 0
    return out


def word_text(texts: Sequence[str]) -> str:
    """The groups of one word of a card's pattern, each in mpsz (``"2m"``, ``"5z"``,
    ``"2m"``, ``"6m"``), written as one word in the card's order: groups all of one suit
    share its letter (the run ``"1234m"``, NEWS ``"4132z"``), others keep theirs (the year
    ``"2m5z2m6m"``, ``"1m1p1s"``)."""
    suits = {t[-1] for t in texts}
    if len(suits) == 1 and all(t[:-1].isdigit() for t in texts):
        return "".join(t[:-1] for t in texts) + texts[0][-1]
    return "".join(texts)
