"""The American card file format, its loader and the shipped practice card.

The format is written up in ``docs/american-card.md``; in brief, one file per card::

    card: My card 2026
    [2026]
    FF 2026a 222b 2222c            (any 3 suits, like 2s)      X 25
    [Consecutive Run]
    11a 222a 3333a 444b 55b {any}  (any 5 consecutive, 2 suits) C 40

A line is a *pattern* of groups (the size of a group is the number of times its symbol is
repeated, as on the printed card: ``FF`` a pair of flowers, ``3333`` a kong), an optional
*numbers rule* in braces, an optional *note* in parentheses, ``X`` (exposures allowed) or
``C`` (concealed) and the points (rule book 001 Part one, "Understanding the NMJL card").
Colour letters ``a``, ``b``, ``c`` are suit variables: different letters are always different
suits (shared/NOTATION.md, "American readings"). Digits are the printed example numbers; a
numbers rule such as ``{any}`` or ``{odd}`` lets them move together (like numbers,
consecutive numbers, odd or even choices); a clause may name digits (``{1: any}``) or words by
position (``{@2 @3: any}``), limit the moves to some shifts (``{shift: 0 4}``), let the colours
share suits (``{suits: 1 2}``) or the printed winds be others (``{N: N S}``, ``{N: any}``).
A word of zeros (``000``) is a group of White dragons, Soap as zero (001 Part one "Dragon
tiles"), and ``R``, ``G`` are the Red and Green dragons whatever the suits. A line of the
file beginning with ``|`` adds another pattern (an *alternative*) to the line above: one card
line whose variations are the union of its patterns'.

Each line is expanded once, when the card loads, into every concrete
:class:`~.model.Variation` (see :func:`expand_line`). Errors are :class:`~.model.CardError`
naming the source, line and column.

Public entry points: :func:`parse_card`, :func:`load_card`, :func:`practice_card`,
:func:`card_from_option`; for tools and tests also :func:`read_card` (the parsed lines before
expansion, with the format features each line uses), :func:`build_card`,
:func:`expand_line`, :func:`read_card_text`, :func:`practice_card_text` and
:func:`format_variation`.
"""

from __future__ import annotations

import _thread
import os
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise, permutations, product

from ...i18n import N_, _, ngettext, pgettext
from ...message import Message
from ...names import SEAT_WINDS, tile_name
from ...tiles import TILES
from .model import (
    FLOWER,
    Card,
    CardError,
    CardLine,
    Group,
    Variation,
    card_errors,
    word_text,
)

__all__ = [
    "PRACTICE",
    "FEATURES",
    "JOKERS_IN_SET",
    "copies_of",
    "Slot",
    "NumberRule",
    "WindRule",
    "CardWarning",
    "LineSpec",
    "CardSpec",
    "parse_card",
    "load_card",
    "practice_card",
    "card_from_option",
    "read_card",
    "read_card_text",
    "build_card",
    "expand_line",
    "check_card_text",
    "practice_card_text",
    "format_variation",
    "format_variation_as_written",
]

#: the value of ``card_from_option`` (and of ``mahjong-table card``) naming the practice card
PRACTICE = "practice"

#: every feature of the format, as :attr:`LineSpec.features` names them
FEATURES: tuple[str, ...] = (
    "exposed", "concealed",
    "single", "pair", "pung", "kong", "quint", "sextet",
    "one colour", "two colours", "three colours", "mixed-colour token",
    "fixed numbers", "any number", "like numbers", "consecutive numbers",
    "odd numbers", "even numbers", "number set", "two number variables",
    "run", "matched dragon", "year", "news", "single wind", "wind group", "flower",
    "singles and pairs", "note",
    "zero group", "named dragon", "alternatives", "group numbers rule",
    "shift set", "suit choice", "wind choice",
)

#: jokers in the set (001 Part one, "Use: ... 8 Jokers")
JOKERS_IN_SET = 8


def copies_of(kind: int) -> int:
    """Natural copies of ``kind`` (0-33 or :data:`~.model.FLOWER`) in the 152-tile American
    set: four of each suit and honour tile, eight interchangeable flowers (001 "Tile Types",
    "Flower tiles")."""
    return 8 if kind == FLOWER else 4


_COLOURS = "abc"
_SUITS = "mps"
_SUIT_BASE = {"m": 0, "p": 9, "s": 18}
_SUIT_NAME = {"m": "characters", "p": "circles", "s": "bamboo"}
#: 001 "Dragon tiles": Green = Bamboo, Red = Characters, White ("Soap") = Dots
_DRAGON_OF_SUIT = {"m": 33, "p": 31, "s": 32}
_WINDS = {"E": 27, "S": 28, "W": 29, "N": 30}
_SOAP = 31
#: dragons named by their colour whatever the line's suits: Red (7z), Green (6z); White is 0
_NAMED_DRAGONS = {"R": 33, "G": 32}
_DIGITS = "123456789"
_COLOURLESS = "FNEWS0RG"
_SYMBOLS = _DIGITS + "0DRGFNEWS"
#: the first character of a line that adds an alternative pattern to the line above
_ALTERNATIVE = "|"
_GROUP_NAMES = {1: "single", 2: "pair", 3: "pung", 4: "kong", 5: "quint", 6: "sextet"}
_DOMAINS: dict[str, frozenset[int]] = {
    "any": frozenset(range(1, 10)),
    "odd": frozenset((1, 3, 5, 7, 9)),
    "even": frozenset((2, 4, 6, 8)),
}
_DIRECTIVE = re.compile(r"([A-Za-z][A-Za-z_-]*)\s*:(.*)\Z")
_SYMBOL_HELP = N_("symbols are 1-9, 0 (Soap: White as zero), D (the dragon of a colour), R and "
                  "G (Red and Green), F (flower), N E W S (winds) and the colour letters a b c")


# --------------------------------------------------------------------------------------------
# parsed, unexpanded lines


@dataclass(frozen=True, slots=True)
class Slot:
    """One group as written in a pattern.

    ``symbol`` is ``"1"``-``"9"`` (a number), ``"0"`` (Soap, the White dragon as zero, in a
    year or a word of zeros), ``"D"`` (the dragon of the colour's suit), ``"R"`` or ``"G"``
    (the Red or Green dragon), ``"F"`` (flower) or ``"N" "E" "W" "S"`` (a wind);
    ``size`` 1-6; ``colour`` ``"a" "b" "c"`` for numbers and dragons, ``None`` otherwise;
    ``year`` True for the tiles of a year such as ``2026`` (fixed numbers, singles);
    ``token`` the index of the written token it belongs to; ``column`` where it starts (from 1).
    """

    symbol: str
    size: int
    colour: str | None
    year: bool
    token: int
    column: int

    @property
    def is_number(self) -> bool:
        return self.symbol in _DIGITS


@dataclass(frozen=True, slots=True)
class NumberRule:
    """One clause of a numbers rule: the groups it moves (``slots``, indices into the line's
    :attr:`LineSpec.slots`; all together, by the same amount), their printed ``digits`` and
    the ``domain`` the moved numbers must stay in. ``text`` is the clause as written, ``name``
    the domain's word (``any``, ``odd``, ``even``), digits (``369``) or ``shift``. ``by_word``
    is True when the clause names groups by their word (``@2``) rather than by digit;
    ``shifts`` the amounts a ``shift`` clause names."""

    digits: frozenset[int]
    domain: frozenset[int]
    name: str
    text: str
    column: int
    slots: frozenset[int] = frozenset()
    by_word: bool = False
    #: the amounts the digits may move by, when the rule names them (``{shift: 0 4}``,
    #: docs/american-card.md): only these, each keeping every moved digit in 1-9
    shifts: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class WindRule:
    """A wind clause of a line's rule (``{N: N S}``, ``{EW: EW NS}``, ``{N: any}``):
    ``letters`` the printed winds it replaces, ``choices`` what they may be, each a string of
    as many wind letters, in order (the printed letters are one of them or not), ``text`` the
    clause as written, ``column`` where it starts."""

    letters: str
    choices: tuple[str, ...]
    text: str
    column: int


@dataclass(frozen=True)
class LineSpec:
    """A card line as parsed, before expansion: ``slots`` (the groups as written), ``rules``
    (the numbers rule's clauses), ``tokens`` (the pattern's words) and the fields that go into
    :class:`~.model.CardLine`. ``rules_column`` is where ``{`` stands (0 without a rule),
    ``column`` where the pattern starts.

    ``alternatives`` are the line's further patterns, each written on a line of the file
    beginning with ``|`` (docs/american-card.md, "Alternatives"): each a ``LineSpec`` of the
    same section, number, X/C, points and note, with its own pattern, numbers rule and
    ``source_line``, and no alternatives of its own. The line's variations are the union of
    its :attr:`patterns`' variations."""

    section: str
    number: int
    pattern: str
    tokens: tuple[str, ...]
    slots: tuple[Slot, ...]
    rules: tuple[NumberRule, ...]
    note: str
    concealed: bool
    points: int
    source: str
    source_line: int
    column: int
    rules_column: int = 0
    alternatives: tuple[LineSpec, ...] = ()
    #: the numbers of different suits the colour letters may take (``{suits: 1 2}``); empty:
    #: exactly as many as there are letters (different letters, different suits)
    suit_counts: tuple[int, ...] = ()
    #: the wind clauses of the rule (``{N: N S}``)
    wind_rules: tuple[WindRule, ...] = ()
    #: every clause of the rule as written, in order (numbers, suits and winds)
    clauses: tuple[str, ...] = ()

    @property
    def patterns(self) -> tuple[LineSpec, ...]:
        """The line's patterns: itself (its first pattern), then its alternatives."""
        return (self, *self.alternatives)

    @property
    def shown_pattern(self) -> str:
        """The line's pattern as ``card``, ``score``, ``analyze`` and every face show it
        (:attr:`~.model.CardLine.pattern`): each pattern with its numbers rule, joined by
        ``" | "`` for a line with alternatives: ``"1111a 1111b 7777c FF {1: any, 7: any}"``,
        ``"NNNN 111a 222a 3333a {any} | SSSS 111a 222a 3333a {any}"``; a pattern without a
        rule as written (issue 48: a line is never shown without its numbers rule)."""
        return " | ".join(f"{p.pattern} {p.rule}".rstrip() for p in self.patterns)

    @property
    def size(self) -> int:
        """The number of tiles the pattern holds (14 in a valid line)."""
        return sum(s.size for s in self.slots)

    @property
    def rule(self) -> str:
        """The rule as written in braces, normalised (``"{1: any, 7: any}"``, ``"{any, suits:
        1 2}"``), or ``""``."""
        texts = self.clauses or tuple(r.text for r in self.rules)
        return "{" + ", ".join(texts) + "}" if texts else ""

    @property
    def colours(self) -> tuple[str, ...]:
        """The colour letters the line uses, sorted."""
        return tuple(sorted({s.colour for s in self.slots if s.colour is not None}))

    @property
    def features(self) -> frozenset[str]:
        """The format features the line uses (names from :data:`FEATURES`), those of every
        pattern of a line with alternatives."""
        if self.alternatives:
            return frozenset({"alternatives"}.union(
                *(replace(p, alternatives=()).features for p in self.patterns)))
        f: set[str] = {"concealed" if self.concealed else "exposed"}
        f.update(_GROUP_NAMES[s.size] for s in self.slots)
        f.update({1: {"one colour"}, 2: {"two colours"}, 3: {"three colours"}}
                 .get(len(self.colours), set()))
        token_colours: dict[int, set[str]] = {}
        for s in self.slots:
            if s.colour is not None:
                token_colours.setdefault(s.token, set()).add(s.colour)
        if any(len(c) > 1 for c in token_colours.values()):
            f.add("mixed-colour token")
        moving = set().union(*(r.slots for r in self.rules)) if self.rules else set()
        if any(s.is_number and not s.year and i not in moving
               for i, s in enumerate(self.slots)):
            f.add("fixed numbers")
        if any(r.by_word for r in self.rules):
            f.add("group numbers rule")
        for r in self.rules:
            f.add({"any": "any number", "odd": "odd numbers", "even": "even numbers",
                   "shift": "shift set"}.get(r.name, "number set"))
            if len(r.digits) > 1:
                f.add("consecutive numbers")
        if len(self.rules) > 1:
            f.add("two number variables")
        by_digit: dict[str, set[str]] = {}
        for s in self.slots:
            if s.is_number and s.colour is not None:
                by_digit.setdefault(s.symbol, set()).add(s.colour)
        if any(len(c) > 1 for c in by_digit.values()):
            f.add("like numbers")
        for i in range(len(self.tokens)):
            tslots = [s for s in self.slots if s.token == i]
            if (len(tslots) >= 3 and all(s.is_number and s.size == 1 and not s.year
                                         for s in tslots)
                    and all(int(b.symbol) == int(a.symbol) + 1
                            for a, b in pairwise(tslots))):
                f.add("run")
            if sorted(s.symbol for s in tslots if s.size == 1) == ["E", "N", "S", "W"]:
                f.add("news")
            elif any(s.symbol in _WINDS and s.size == 1 for s in tslots):
                f.add("single wind")
        if any(s.symbol in _WINDS and s.size > 1 for s in self.slots):
            f.add("wind group")
        if any(s.year for s in self.slots):
            f.add("year")
        if any(s.symbol == "D" for s in self.slots):
            f.add("matched dragon")
        if any(s.symbol in _NAMED_DRAGONS for s in self.slots):
            f.add("named dragon")
        if any(s.symbol == "0" and not s.year for s in self.slots):
            f.add("zero group")
        if any(s.symbol == "F" for s in self.slots):
            f.add("flower")
        if all(s.size < 3 for s in self.slots):
            f.add("singles and pairs")
        if self.note:
            f.add("note")
        if self.suit_counts:
            f.add("suit choice")
        if self.wind_rules:
            f.add("wind choice")
        return frozenset(f)

    def error(self, message: str, column: int) -> CardError:
        """A :class:`~.model.CardError` at ``column`` of this line."""
        return CardError(message, self.source, self.source_line, column)


@dataclass(frozen=True)
class CardWarning:
    """Something in a card file that reads, but probably not as the typist meant (issue 48):
    an uncoloured word on a line that colours its others (it is silently in colour ``a``), a
    wind letter between two numbers where Soap's zero is likely. ``str()`` gives
    ``SOURCE:LINE:COLUMN: warning: MESSAGE``; the message names the fix.

    ``message`` is a :class:`~mahjong_table.message.Message`: English data (``card --json``
    keeps it so), shown in the language in force by :meth:`shown` (issue 48)."""

    message: str
    source: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.source}:{self.line}:{self.column}: warning: {self.message}"

    def shown(self) -> str:
        """``str()`` in the language in force: ``SOURCE:LINE:COLUMN: avviso: ...``."""
        return f"{self.source}:{self.line}:{self.column}: " + _("warning: {message}").format(
            message=Message(self.message).shown())


@dataclass(frozen=True)
class CardSpec:
    """A card file as parsed, before expansion: its ``name``, whether it is the project's
    ``practice`` card, the ``sections`` in order, every :class:`LineSpec` and the
    :class:`CardWarning` s of lines that read but probably not as meant."""

    name: str
    practice: bool
    sections: tuple[str, ...]
    lines: tuple[LineSpec, ...]
    source: str = "<card>"
    warnings: tuple[CardWarning, ...] = ()


# --------------------------------------------------------------------------------------------
# reading the text


def _default_name(source: str) -> str:
    if source.startswith("<"):
        return "unnamed card"
    from pathlib import Path  # only a card with no name directive needs it (issue 25)

    return Path(source).stem or source


def read_card(text: str, source: str = "<card>") -> CardSpec:
    """Parse a card file's ``text`` into a :class:`CardSpec` (no expansion yet).

    Checks everything that can be checked line by line: directives, sections (named, none
    repeated, none empty), symbols, colours, group sizes (1-6), 14 tiles per line, the
    numbers rule's syntax, the note's parentheses, ``X``/``C`` and the points. Raises
    :class:`~.model.CardError` naming ``source``, line and column of every mistake (one per
    line of the file), each on a line of its own.
    """
    spec, problems = _read_card(text, source)
    if problems:
        raise card_errors(problems)
    return spec


def check_card_text(text: str, source: str = "<card>"
                    ) -> tuple[CardSpec, list[tuple[tuple[Variation, ...], int]]]:
    """Read a card file's ``text`` and expand every line (:func:`expand_line`): the parsed
    card and each line's variations and dropped assignments. Raises one
    :class:`~.model.CardError` naming every mistake, those found reading and those found
    expanding the lines that read well, in the order of the file."""
    spec, problems = _read_card(text, source)
    expanded = _expand_all(spec, problems)
    return spec, expanded


def _expand_all(spec: CardSpec, problems: list[CardError]
                ) -> list[tuple[tuple[Variation, ...], int]]:
    """Every line of ``spec`` expanded (:func:`expand_line`); raises one
    :class:`~.model.CardError` naming ``problems`` (those found before) and every line that
    cannot be expanded, in the order of the file."""
    expanded: list[tuple[tuple[Variation, ...], int]] = []
    for ln in spec.lines:
        try:
            expanded.append(expand_line(ln))
        except CardError as exc:
            problems.append(exc)
    if problems:
        raise card_errors(problems)
    return expanded


def _read_card(text: str, source: str) -> tuple[CardSpec, list[CardError]]:
    """:func:`read_card`'s work: the card as read (the lines that read well) and every
    mistake found."""
    if text.startswith("\ufeff"):
        text = text[1:]
    raw_lines = text.splitlines()
    name: str | None = None
    practice: bool | None = None
    sections: list[str] = []
    section_at: dict[str, int] = {}
    counts: dict[str, int] = {}
    specs: list[LineSpec] = []
    current: str | None = None
    # the line an alternative (|) adds to: the last line of the current section, None when
    # that line has a mistake; ``has_line`` says whether the section has a line yet
    above: LineSpec | None = None
    has_line = False
    # every mistake is collected, one per line of the file, and all are reported at once
    problems: list[CardError] = []
    for lineno, raw in enumerate(raw_lines, 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip())
        try:
            if stripped.startswith("["):
                if not stripped.endswith("]"):
                    raise CardError(_("section header {header!r} has no closing ']'").format(
                        header=stripped), source, lineno, indent + 1)
                title = stripped[1:-1].strip()
                if not title:
                    raise CardError(_("a section needs a name, e.g. [2026]"), source, lineno,
                                    indent + 1)
                if title in section_at:
                    raise CardError(_("duplicate section {section!r} (first at line "
                                      "{line})").format(section=title, line=section_at[title]),
                                    source, lineno, indent + 1)
                if current is not None and counts[current] == 0:
                    problems.append(CardError(_("section {section!r} has no lines").format(
                        section=current), source, section_at[current], 1))
                sections.append(title)
                section_at[title] = lineno
                counts[title] = 0
                current = title
                above, has_line = None, False
                continue
            if stripped.startswith(_ALTERNATIVE):
                if not has_line:
                    problem = (_("an alternative (|) adds a pattern to the line above, and "
                                 "there is no line above it in section {section!r}").format(
                                     section=current) if current is not None
                               else _("an alternative (|) adds a pattern to the line above, "
                                      "and there is no line above it yet"))
                    raise CardError(problem, source, lineno, indent + 1)
                alternative = _read_alternative(raw, above, source, lineno)
                if above is not None and alternative is not None:
                    above = replace(above, alternatives=(*above.alternatives, alternative))
                    specs[-1] = above
                continue
            directive = _DIRECTIVE.match(stripped)
            if directive is not None:
                key, value = directive.group(1).lower(), directive.group(2).strip()
                col = indent + 1
                if current is not None:
                    raise CardError(_("the directive '{name}:' must come before the first "
                                      "section").format(name=directive.group(1)), source,
                                    lineno, col)
                if key == "card":
                    if name is not None:
                        raise CardError(_("the card's name is given twice"), source, lineno,
                                        col)
                    if not value:
                        raise CardError(_("'card:' needs a name"), source, lineno, col)
                    name = value
                elif key == "practice":
                    if practice is not None:
                        raise CardError(_("'practice:' is given twice"), source, lineno, col)
                    low = value.lower()
                    if low not in ("yes", "no", "true", "false"):
                        raise CardError(_("'practice:' is yes or no, not {value!r}").format(
                            value=value), source, lineno, col)
                    practice = low in ("yes", "true")
                else:
                    raise CardError(_("unknown directive '{name}:' (known: card, "
                                      "practice)").format(name=directive.group(1)), source,
                                    lineno, col)
                continue
            if current is None:
                raise CardError(_("a line before the first section; start a section with a "
                                  "header such as [2026]"), source, lineno, indent + 1)
            counts[current] += 1
            above, has_line = None, True
            above = _read_line(raw, current, counts[current], source, lineno)
            specs.append(above)
        except CardError as exc:
            problems.append(exc)
    if current is not None and counts[current] == 0:
        problems.append(CardError(_("section {section!r} has no lines").format(
            section=current), source, section_at[current], 1))
    if not specs and not problems:
        problems.append(CardError(_("the card has no lines (a section header such as [2026] "
                                    "and at least one line)"), source, max(1, len(raw_lines)),
                                  1))
    warnings = [w for ln in specs for p in ln.patterns for w in _line_warnings(p)]
    return CardSpec(name if name is not None else _default_name(source), bool(practice),
                    tuple(sections), tuple(specs), source, tuple(warnings)), problems


def _line_warnings(spec: LineSpec) -> list[CardWarning]:
    """The :class:`CardWarning` s of one pattern: a word with numbers or a dragon and no
    colour letter on a line where another word has one (it is in colour ``a``, maybe by a
    slip: ``FF 1111a 1111b 1111`` is two kongs of one tile), and a wind letter between two
    digits, where Soap's zero is likely (``2S24a`` is 2, South, 24)."""
    out: list[CardWarning] = []
    starts: dict[int, int] = {}
    for slot in spec.slots:
        starts.setdefault(slot.token, slot.column)
    coloured = [any(ch in _COLOURS for ch in word) for word in spec.tokens]
    for i, word in enumerate(spec.tokens):
        col = starts.get(i, spec.column)
        if any(coloured) and not coloured[i] and any(ch in _DIGITS + "D" for ch in word):
            letters = "".join(sorted({ch for w in spec.tokens for ch in w if ch in _COLOURS}))
            out.append(CardWarning(Message(N_(
                "{word!r} has no colour letter, so it is in colour a, on a line whose other "
                "words name their colours ({letters}): write {word}a, or the letter you mean, "
                "after its numbers"), word=word, letters=", ".join(letters)),
                spec.source, spec.source_line, col))
        for m in re.finditer(r"(?<=\d)[NEWS](?=\d)", word):
            out.append(CardWarning(Message(N_(
                "{letter!r} in {word!r} is the {wind} wind between two numbers; Soap, the "
                "White dragon as zero, is written 0: {fixed}"), letter=m.group(0), word=word,
                wind=Message(SEAT_WINDS["ESWN".index(m.group(0))]),
                fixed=word[:m.start()] + "0" + word[m.end():]),
                spec.source, spec.source_line, col + m.start()))
    return out


def _skip_space(raw: str, pos: int) -> int:
    while pos < len(raw) and raw[pos].isspace():
        pos += 1
    return pos


def _word_end(raw: str, pos: int) -> int:
    while pos < len(raw) and not raw[pos].isspace() and raw[pos] not in "{(":
        pos += 1
    return pos


@dataclass(frozen=True)
class _Pattern:
    """A pattern and its numbers rule as read, before the rule's clauses are checked."""

    words: list[tuple[str, int]]
    slots: list[Slot]
    rules_text: str | None
    rules_pos: int
    end: int


_OWN_LINE = N_("an alternative (|) goes on a line of its own, beginning with |, under the line "
               "it adds a pattern to")


def _read_pattern(raw: str, pos: int, source: str, lineno: int,
                  alternative: bool = False) -> _Pattern:
    """``PATTERN [{RULE}]`` from ``pos`` of the line ``raw``; ``alternative`` says whether it
    is an alternative's (errors name "the line" or "the alternative")."""

    def fail(message: str, at: int) -> CardError:
        return CardError(message, source, lineno, at + 1)

    pos = _skip_space(raw, pos)
    words: list[tuple[str, int]] = []
    while pos < len(raw) and raw[pos] not in "{(#":
        end = _word_end(raw, pos)
        word = raw[pos:end]
        if word in ("X", "C"):
            break
        if re.fullmatch(r"[XCxc]\d+", word):
            raise fail(str(_marker_fix(word)), pos)
        if word.startswith(_ALTERNATIVE):
            raise fail(_(_OWN_LINE), pos)
        words.append((word, pos))
        pos = _skip_space(raw, end)
    if not words:
        raise fail(_("the alternative has no groups (a pattern such as FF 2026a 222b 3333c "
                     "comes first)") if alternative
                   else _("the line has no groups (a pattern such as FF 2026a 222b 3333c comes "
                          "first)"), pos)
    slots: list[Slot] = []
    for index, (word, start) in enumerate(words):
        if word in ("x", "c"):
            raise fail(str(_marker_fix(word)), start)
        slots.extend(_read_token(word, index, start + 1, source, lineno))
    rules_text: str | None = None
    rules_pos = 0
    if pos < len(raw) and raw[pos] == "{":
        close = raw.find("}", pos)
        if close < 0:
            raise fail(_("'{' is not closed by '}'"), pos)
        rules_text, rules_pos = raw[pos + 1:close], pos
        pos = _skip_space(raw, close + 1)
    return _Pattern(words, slots, rules_text, rules_pos, pos)


def _pattern_spec(read: _Pattern, section: str, number: int, note: str, concealed: bool,
                  points: int, source: str, lineno: int, alternative: bool = False) -> LineSpec:
    """The :class:`LineSpec` of a pattern read: its 14 tiles and its numbers rule checked."""
    words = read.words
    spec = LineSpec(section, number, " ".join(w for w, _ in words), tuple(w for w, _ in words),
                    tuple(read.slots), (), note, concealed, points, source, lineno,
                    words[0][1] + 1, read.rules_pos + 1 if read.rules_text is not None else 0)
    total = spec.size
    if total != 14:
        # (the English says "1 tiles" as it always has: one form in English, two in Italian)
        problem = (ngettext("the alternative has {n} tiles; a hand is 14",
                            "the alternative has {n} tiles; a hand is 14", total)
                   if alternative else ngettext("the line has {n} tiles; a hand is 14",
                                                "the line has {n} tiles; a hand is 14", total))
        raise spec.error(problem.format(n=total), spec.column)
    if read.rules_text is not None:
        spec = _read_rules(read.rules_text, read.rules_pos + 2, spec)
    return spec


def _read_alternative(raw: str, above: LineSpec | None, source: str, lineno: int
                      ) -> LineSpec | None:
    """A line ``| PATTERN [{RULE}] [# comment]``: another pattern of the line ``above``
    (``None`` when that line has a mistake: the alternative is still checked). Returns the
    alternative."""
    bar = raw.index(_ALTERNATIVE)
    read = _read_pattern(raw, bar + 1, source, lineno, alternative=True)
    pos = read.end
    if pos < len(raw) and raw[pos] != "#":
        end = _word_end(raw, pos)
        if raw[pos] == "(":
            problem = _("an alternative has no note: the line's note is written once, after "
                        "its first pattern")
        elif raw[pos:end] in ("X", "C"):
            problem = _("an alternative has no {marker} and no points: it takes those of the "
                        "line above; write only its pattern and numbers rule").format(
                            marker=raw[pos:end])
        elif raw[pos] == "{":
            problem = _("expected the end of the alternative, found a second numbers rule")
        else:
            problem = _("unexpected {text!r} after the alternative").format(
                text=raw[pos:max(end, pos + 1)])
        raise CardError(problem, source, lineno, pos + 1)
    if above is None:
        _pattern_spec(read, "", 0, "", False, 1, source, lineno, alternative=True)
        return None
    return _pattern_spec(read, above.section, above.number, above.note, above.concealed,
                         above.points, source, lineno, alternative=True)


def _read_line(raw: str, section: str, number: int, source: str, lineno: int) -> LineSpec:
    """One card line: ``PATTERN [{RULE}] [(NOTE)] X|C POINTS [# comment]``."""

    def fail(message: str, pos: int) -> CardError:
        return CardError(message, source, lineno, pos + 1)

    read = _read_pattern(raw, 0, source, lineno)
    pos = read.end
    note = ""
    if pos < len(raw) and raw[pos] == "(":
        depth, i = 0, pos
        while i < len(raw):
            if raw[i] == "(":
                depth += 1
            elif raw[i] == ")":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        if depth:
            raise fail(_("the note's '(' is not closed by ')'"), pos)
        note = " ".join(raw[pos + 1:i].split())
        pos = _skip_space(raw, i + 1)
    if pos >= len(raw) or raw[pos] == "#":
        raise fail(_("the line has no X (exposures allowed) or C (concealed), and no points"),
                   pos)
    end = _word_end(raw, pos)
    marker = raw[pos:end]
    if marker not in ("X", "C"):
        fix = _marker_fix(marker)
        if fix is not None:
            raise fail(fix, pos)
        if raw[pos] == "{":
            problem = (_("expected X (exposures allowed) or C (concealed), found a numbers rule "
                         "after the note (the rule comes first)") if note
                       else _("expected X (exposures allowed) or C (concealed), found a second "
                              "numbers rule"))
        elif raw[pos] == "(":
            problem = _("expected X (exposures allowed) or C (concealed), found a second note")
        else:
            problem = _("expected X (exposures allowed) or C (concealed), found {found!r}"
                        ).format(found=marker)
        raise fail(problem, pos)
    pos = _skip_space(raw, end)
    if pos >= len(raw) or raw[pos] == "#":
        raise fail(_("the line has no points (a whole number after X or C)"), pos)
    end = _word_end(raw, pos)
    points_text = raw[pos:end]
    if not points_text.isdecimal() or not points_text.isascii():
        raise fail(_("points must be a whole number, found {found!r}").format(
            found=points_text), pos)
    points = int(points_text)
    if points < 1:
        raise fail(_("points must be at least 1"), pos)
    pos = _skip_space(raw, end)
    if pos < len(raw) and raw[pos] == _ALTERNATIVE:
        raise fail(_(_OWN_LINE), pos)
    if pos < len(raw) and raw[pos] != "#":
        raise fail(_("unexpected {text!r} after the points (a comment starts with #)").format(
            text=raw[pos:max(_word_end(raw, pos), pos + 1)]), pos)

    return _pattern_spec(read, section, number, note, marker == "C", points, source, lineno)


@dataclass
class _Run:
    """A run of one repeated symbol while a word is read."""

    symbol: str
    offset: int
    size: int = 1
    colour: str | None = None


def _unknown_symbol(ch: str, word: str) -> str:
    """The error for a character of ``word`` that is no symbol, naming the fix for the
    mistakes typists make (issue 48): a capital colour letter, Z for zero, J for a joker."""
    if ch in "ABC":
        return _("colour letters are lower case: write {fixed!r} ({letter!r} is no "
                 "symbol)").format(fixed=word.replace(ch, ch.lower()), letter=ch)
    if ch in "Zz":
        return _("{letter!r} in {word!r} is no symbol: a zero (Soap, the White dragon) is 0, "
                 "e.g. {fixed!r}; a dragon is D (its colour's), R (Red) or G (Green)").format(
                     letter=ch, word=word, fixed=word.replace(ch, "0"))
    if ch in "Jj":
        return _("{letter!r} in {word!r} is no symbol: jokers are never written, a group of "
                 "three or more takes them by itself; write the tile the jokers stand for, "
                 "e.g. {example}a for a group of 1s").format(
                     letter=ch, word=word, example="1" * max(3, min(6, word.count(ch))))
    return _("unknown symbol {letter!r} in {word!r} ({symbols})").format(
        letter=ch, word=word, symbols=_(_SYMBOL_HELP))


def _marker_fix(word: str) -> str | None:
    """The error for ``word`` standing where X/C and the points belong, when it is one of
    the typists' slips (issue 48): ``x``/``c`` in lower case, ``X25`` without its space."""
    m = re.fullmatch(r"([XCxc])(\d+)", word)
    if m:
        marker, points = m.group(1).upper(), m.group(2)
        if m.group(1).islower():
            return _("put a space between {marker} and the points: write {marker} {points} "
                     "(X and C are capital letters)").format(marker=marker, points=points)
        return _("put a space between {marker} and the points: write {marker} "
                 "{points}").format(marker=marker, points=points)
    if word in ("x", "c"):
        return _("write {marker} (exposures allowed or concealed) as a capital "
                 "letter").format(marker=word.upper())
    return None


def _read_token(word: str, index: int, column: int, source: str,
                lineno: int) -> list[Slot]:
    """The groups of one pattern word. A word of digits with a ``0`` is a year (all singles,
    fixed numbers); a word of ``0`` only is a group of White dragons (Soap as zero, 001 Part
    one "Dragon tiles": White "may be used as a Zero on the NMJL card"), with no suit;
    otherwise each run of one repeated symbol is one group."""

    def fail(message: str, offset: int) -> CardError:
        return CardError(message, source, lineno, column + offset)

    for i, ch in enumerate(word):
        if ch not in _SYMBOLS and ch not in _COLOURS:
            raise fail(_unknown_symbol(ch, word), i)
    year = "0" in word and all(ch in _DIGITS + "0" + _COLOURS for ch in word) and any(
        ch in _DIGITS for ch in word)
    if "0" in word and not year and set(word) != {"0"}:
        at = next(i for i, ch in enumerate(word) if ch != "0")
        if all(ch in "0" + _COLOURS for ch in word):
            raise fail(_("zeros are White dragons (Soap) and take no colour: write {fixed!r} "
                         "without {letter!r}").format(fixed=word.replace(word[at], ""),
                                                      letter=word[at]), at)
        raise fail(_("a word of zeros holds zeros only (White dragons, Soap) or is a year of "
                     "digits such as 2026; {word!r} mixes 0 with {other!r}: write them as "
                     "separate words").format(word=word, other=word[at]), word.index("0"))
    runs: list[_Run] = []
    pending: list[_Run] = []
    coloured = False
    open_run = False
    for i, ch in enumerate(word):
        if ch in _COLOURS:
            if not pending:
                if i and word[i - 1] in _NAMED_DRAGONS:
                    raise fail(_("{letter} is the {dragon} whatever the suits and takes no "
                                 "colour (D is the dragon of a colour)").format(
                                     letter=word[i - 1],
                                     dragon=tile_name(TILES[_NAMED_DRAGONS[word[i - 1]]])), i)
                raise fail(_("colour letter {letter!r} has no number or dragon before it to "
                             "colour").format(letter=ch), i)
            for run in pending:
                run.colour = ch
            pending = []
            coloured = True
            open_run = False
            continue
        if open_run and not year and runs[-1].symbol == ch:
            runs[-1].size += 1
            continue
        runs.append(_Run(ch, i))
        open_run = True
        if ch not in _COLOURLESS:
            pending.append(runs[-1])
    if pending:
        if coloured:
            run = pending[0]
            raise fail(_("{group!r} in {word!r} has no colour letter after it (write one "
                         "after every coloured group of a word, or none at all)").format(
                             group=run.symbol * run.size, word=word), run.offset)
        for run in pending:
            run.colour = "a"
    out: list[Slot] = []
    for run in runs:
        if run.size > 6:
            raise fail(_("the group {group!r} has {n} tiles; the largest group is a sextet "
                         "(6)").format(group=run.symbol * run.size, n=run.size), run.offset)
        out.append(Slot(run.symbol, run.size, run.colour, year, index, column + run.offset))
    return out


_WIND_LETTERS = "NEWS"
_KEYWORDS = ("shift", "suits")


def _rule_fix(text: str) -> str:
    """The rule ``text`` (inside the braces) with the mistakes of issue 48 put right, for a
    message to suggest: commas between the words of one clause become spaces (``@2,@3: any``
    -> ``@2 @3: any``) and a missing colon before the domain is put in (``@2 @3 any`` ->
    ``@2 @3: any``)."""
    text = re.sub(r"(@\d+)\s*,\s*(?=@)", r"\1 ", text.strip())
    if ":" not in text:
        words = text.split()
        if len(words) > 1:
            text = " ".join(words[:-1]) + ": " + words[-1]
    return "{" + text + "}"


def _read_rules(text: str, column: int, spec: LineSpec) -> LineSpec:
    """The rule ``{...}``: comma-separated clauses. A numbers clause is ``DOMAIN`` or
    ``NAMES: DOMAIN``, DOMAIN being ``any``, ``odd``, ``even``, digits such as ``369``, or
    ``shift`` and the amounts the digits may move by (``shift 0 4``); NAMES are printed digits
    (``17``: every group of 1s and of 7s) and words of the pattern by position (``@2 @3``: the
    numbers of the second and third words), separated by spaces; ``shift: 0 4`` moves every
    number of the line. ``suits: 1 2`` lets the colour letters take that many different suits
    (one or two suits); ``N: N S`` lets the printed winds be each choice in turn (North or
    South; ``EW: EW NS`` a pair of winds, ``N: any`` any wind). ``column`` is where the text
    inside the braces starts. Returns ``spec`` with its rule (docs/american-card.md)."""
    movable = [i for i, s in enumerate(spec.slots) if s.is_number and not s.year]
    printed = {int(spec.slots[i].symbol) for i in movable}
    if not text.strip():
        raise spec.error(_("the numbers rule {} is empty (any, odd, even or digits such as "
                           "369)"), column - 1)
    clauses: list[tuple[str, int]] = []
    offset = 0
    for part in text.split(","):
        lead = len(part) - len(part.lstrip())
        clauses.append((part.strip(), column + offset + lead))
        offset += len(part) + 1
    number_clauses = [c for c, _col in clauses if c.partition(":")[0].strip() not in _KEYWORDS
                      and not _is_wind_names(c.partition(":")[0].strip())]
    rules: list[NumberRule] = []
    winds: list[WindRule] = []
    suit_counts: tuple[int, ...] = ()
    taken: dict[int, bool] = {}  # slot -> named by word
    for clause, col in clauses:
        if not clause:
            raise spec.error(_("an empty clause in the numbers rule"), col)
        names_text, sep, domain_text = clause.partition(":")
        names_text, domain_text = names_text.strip(), domain_text.strip()
        if not sep:
            if clause.startswith("@") and all(w.startswith("@") for w in clause.split()):
                raise spec.error(_(
                    "{clause!r} names words but gives no rule for them: the words of one "
                    "clause are separated by spaces, not commas, and a colon comes before the "
                    "rule: write {fix}").format(clause=clause, fix=_rule_fix(text)), col)
            last = clause.split()[-1]
            if len(clause.split()) > 1 and (last in _DOMAINS or last.isdigit()):
                raise spec.error(_(
                    "{clause!r}: a colon separates what a clause moves from its rule: write "
                    "{fix}").format(clause=clause, fix=_rule_fix(text)), col)
            names_text, domain_text = "", clause
            if len(number_clauses) > 1 and not domain_text.startswith("shift"):
                raise spec.error(_("with several clauses each names the digits it moves, "
                                   "e.g. {{1: any, 7: any}}; {clause!r} does not").format(
                                       clause=clause), col)
        if names_text == "suits":
            suit_counts = _read_suits(domain_text, spec, col)
            continue
        if _is_wind_names(names_text):
            winds.append(_read_winds(names_text, domain_text, clause, spec, winds, col))
            continue
        if names_text == "shift":  # "shift: 0 4": every number of the line
            names_text, sep, domain_text = "", "", "shift " + domain_text
        shifts: tuple[int, ...] = ()
        if domain_text.split()[:1] == ["shift"]:
            domain = _DOMAINS["any"]
            shifts = _read_shifts(domain_text, spec, col)
            domain_name = "shift"
        else:
            domain_name = domain_text
            found = _DOMAINS.get(domain_text)
            if found is None:
                if domain_text and all(ch in _DIGITS for ch in domain_text):
                    found = frozenset(int(ch) for ch in domain_text)
                else:
                    raise spec.error(_("unknown numbers rule {rule!r} (any, odd, even, the "
                                       "digits allowed, such as 369, never 0, or shift and the "
                                       "amounts, such as shift 0 4)").format(rule=domain_text),
                                     col)
            domain = found
        by_word = False
        if sep:
            slots: set[int] = set()
            if not names_text:
                raise spec.error(_("'' before ':' must be printed digits 1-9 of the line or "
                                   "words by position such as @2"), col)
            for name in names_text.split():
                if name.startswith("@"):
                    by_word = True
                    slots |= _word_slots(name, spec, movable, col)
                    continue
                if not all(ch in _DIGITS for ch in name):
                    if name.endswith(",") or "," in name:
                        raise spec.error(_("{name!r}: the names of one clause are separated "
                                           "by spaces: write {fix}").format(
                                               name=name, fix=_rule_fix(text)), col)
                    raise spec.error(_("{name!r} before ':' must be printed digits 1-9 of the "
                                       "line, words by position such as @2, winds such as N, "
                                       "or the word suits or shift").format(name=name), col)
                for d in sorted(int(ch) for ch in name):
                    if d not in printed:
                        raise spec.error(_("the numbers rule moves {digit}, but no {digit} is "
                                           "printed on the line outside a year").format(
                                               digit=d), col)
                    slots |= {i for i in movable if int(spec.slots[i].symbol) == d}
        else:
            slots = set(movable)
            if not slots:
                raise spec.error(_("the numbers rule has no numbers to move (the digits of a "
                                   "year never move)"), col)
        twice = sorted(slots & taken.keys())
        if twice:
            first = spec.slots[twice[0]]
            if not by_word and not taken[twice[0]]:
                raise spec.error(_("digit {digit} is moved by two clauses").format(
                    digit=first.symbol), col)
            raise spec.error(_("the group {group!r} of word @{n} is moved by two "
                               "clauses").format(group=first.symbol * first.size,
                                                 n=first.token + 1), col)
        taken.update((i, by_word) for i in slots)
        digits = frozenset(int(spec.slots[i].symbol) for i in slots)
        rule = NumberRule(digits, domain, domain_name, clause, col, frozenset(slots), by_word,
                          shifts)
        if shifts:
            for k in shifts:
                out = sorted(d + k for d in digits if not 1 <= d + k <= 9)
                if out:
                    raise spec.error(_(
                        "shift {shift} moves the printed {digits} out of 1-9 (to {out})").format(
                            shift=f"{k:+d}", digits="".join(str(d) for d in sorted(digits)),
                            out=", ".join(str(x) for x in out)), col)
        elif not _shifts(rule):
            raise spec.error(_(
                "no numbers satisfy {clause!r}: the printed {digits} cannot move together into "
                "{domain}").format(clause=clause, digits="".join(str(d) for d in sorted(digits)),
                                   domain="{" + ",".join(str(d) for d in sorted(domain)) + "}"),
                col)
        rules.append(rule)
    if rules and next(_number_maps(rules), None) is None:
        raise spec.error(_("no numbers satisfy the numbers rule: its clauses are different "
                           "variables and must reach different numbers"), column - 1)
    return replace(spec, rules=tuple(rules), suit_counts=suit_counts, wind_rules=tuple(winds),
                   clauses=tuple(c for c, _col in clauses))


def _is_wind_names(names: str) -> bool:
    """Whether a clause's names are winds (``N``, ``EW``): the letters N E W S only."""
    return bool(names) and all(ch in _WIND_LETTERS for ch in names)


def _read_shifts(domain_text: str, spec: LineSpec, col: int) -> tuple[int, ...]:
    """The amounts of ``shift 0 4`` (``+4``, ``-4`` too), each once, in the order written."""
    amounts = domain_text.split()[1:]
    if not amounts:
        raise spec.error(_("shift needs the amounts the numbers may move by, e.g. shift 0 4 "
                           "(runs 1-5 or 5-9)"), col)
    out: list[int] = []
    for a in amounts:
        if not re.fullmatch(r"[+-]?[0-8]", a):
            raise spec.error(_("a shift is a whole number from -8 to 8, not {amount!r} (e.g. "
                               "shift 0 4)").format(amount=a), col)
        if int(a) not in out:
            out.append(int(a))
    return tuple(out)


def _read_suits(domain_text: str, spec: LineSpec, col: int) -> tuple[int, ...]:
    """The counts of ``suits: 1 2``: how many different suits the colour letters may take."""
    letters = len(spec.colours)
    if not letters:
        raise spec.error(_("suits: the line has no colour letter to give suits to (write the "
                           "colours a, b, c after its numbers and dragons)"), col)
    counts: list[int] = []
    for w in domain_text.split():
        if w not in ("1", "2", "3"):
            raise spec.error(_("suits: {word!r} is no number of suits (1, 2 or 3, e.g. suits: "
                               "1 2)").format(word=w), col)
        n = int(w)
        if n > letters:
            raise spec.error(_("suits: {n} suits need {n} colour letters and the line has "
                               "{letters} ({colours})").format(
                                   n=n, letters=letters, colours=", ".join(spec.colours)), col)
        if n not in counts:
            counts.append(n)
    if not counts:
        raise spec.error(_("suits needs the numbers of suits allowed, e.g. suits: 1 2"), col)
    return tuple(sorted(counts))


def _read_winds(names: str, domain_text: str, clause: str, spec: LineSpec,
                before: Sequence[WindRule], col: int) -> WindRule:
    """A wind clause ``N: N S`` / ``EW: EW NS`` / ``N: any``."""
    if len(set(names)) != len(names):
        raise spec.error(_("{names!r}: a wind is named once in a clause").format(names=names),
                         col)
    printed = {s.symbol for s in spec.slots}
    for ch in names:
        if ch not in printed:
            raise spec.error(_("the rule names the wind {wind}, but no {wind} is printed on "
                               "the line").format(wind=ch), col)
        if any(ch in w.letters for w in before):
            raise spec.error(_("the wind {wind} is named by two clauses").format(wind=ch), col)
    words = domain_text.split()
    if words == ["any"]:
        if len(names) != 1:
            raise spec.error(_("any stands for one wind; for {names!r} write the choices, "
                               "e.g. {{EW: EW NS}}").format(names=names), col)
        words = list("ESWN")
    if not words:
        raise spec.error(_("{names}: give the winds it may be, e.g. {example} or "
                           "{any_example}").format(
                               names=names,
                               example=f"{{{names}: {names} {'S' if names != 'S' else 'N'}}}",
                               any_example=f"{{{names}: any}}"), col)
    for w in words:
        if len(w) != len(names) or not all(ch in _WIND_LETTERS for ch in w):
            other = ("S" if "S" not in names else "N") * len(names)
            # (one English form, "letter(s)", as it always was; two in Italian)
            raise spec.error(ngettext(
                "{choice!r} is no choice for {names!r}: each choice is {n} wind letter(s) "
                "(N E W S), e.g. {example}",
                "{choice!r} is no choice for {names!r}: each choice is {n} wind letter(s) "
                "(N E W S), e.g. {example}", len(names)).format(
                    choice=w, names=names, n=len(names), example=f"{{{names}: {names} {other}}}"),
                col)
        if len(set(w)) != len(w):
            raise spec.error(_("{choice!r}: the winds of a choice are different winds").format(
                choice=w), col)
    return WindRule(names, tuple(dict.fromkeys(words)), clause, col)


def _word_slots(name: str, spec: LineSpec, movable: Sequence[int], col: int) -> set[int]:
    """The number groups (not of a year) of the word ``@N`` names, N counted from 1."""
    position = name[1:]
    if not position.isdecimal() or not position.isascii() or int(position) < 1:
        raise spec.error(_("{name!r} names no word: write @ and the word's position in the "
                           "pattern, counted from 1, e.g. @2").format(name=name), col)
    n = int(position)
    if n > len(spec.tokens):
        raise spec.error(ngettext("{name} names no word: the pattern has {n} words",
                                  "{name} names no word: the pattern has {n} words",
                                  len(spec.tokens)).format(name=name, n=len(spec.tokens)), col)
    slots = {i for i in movable if spec.slots[i].token == n - 1}
    if not slots:
        raise spec.error(_("{name} names {word!r}, which has no number to move (only numbers "
                           "move; the digits of a year never move)").format(
                               name=name, word=spec.tokens[n - 1]), col)
    return slots


# --------------------------------------------------------------------------------------------
# expansion


def _shifts(rule: NumberRule) -> list[int]:
    """The amounts ``k`` by which every printed digit of ``rule`` can move: ``d + k`` in
    1-9 and in the rule's domain, ascending; for a ``shift`` clause its own amounts, in
    ascending order."""
    if rule.shifts:
        return sorted(rule.shifts)
    return [k for k in range(-8, 9) if all(d + k in rule.domain for d in rule.digits)]


def _number_maps(rules: Sequence[NumberRule]) -> Iterator[dict[int, int]]:
    """Every assignment of a line's numbers: the amount each moved group (its index in the
    line's slots) moves by (groups no clause moves are left out: they stand for their
    printed number). Different clauses are different variables and take different numbers
    (no number is reached by two).

    A depth-first search, in the order of ``itertools.product`` over the clauses' shifts,
    that drops a partial assignment as soon as two clauses reach one number: trying every
    combination first took 20 s for a line of seven ``any`` clauses (9^7 combinations, a
    new-user test) and now takes a fraction of a second.
    """
    shifts = [list(_shifts(r)) for r in rules]
    yield from _extend_maps(rules, shifts, 0, frozenset(), {})


def _extend_maps(rules: Sequence[NumberRule], shifts: list[list[int]], i: int,
                 used: frozenset[int], mapping: dict[int, int]) -> Iterator[dict[int, int]]:
    """:func:`_number_maps` from clause ``i`` on, given the numbers ``used`` and the
    ``mapping`` of the clauses before it."""
    if i == len(rules):
        yield dict(mapping)
        return
    rule = rules[i]
    for k in shifts[i]:
        values = frozenset(d + k for d in rule.digits)
        if values & used:
            continue
        before = dict(mapping)
        mapping.update((slot, k) for slot in rule.slots)
        yield from _extend_maps(rules, shifts, i + 1, used | values, mapping)
        mapping.clear()
        mapping.update(before)


def _impossible(groups: Sequence[tuple[int, int]]) -> str | None:
    """Why the concrete groups cannot be held with an American set, or ``None``.

    Singles and pairs take natural tiles only, so they need the copies themselves (four of a
    kind, eight flowers). Slots of groups of three or more beyond the natural copies left
    must be jokers, and the set has eight (001 Part one "Jokers", "Use: 8 Jokers")."""
    naturals: dict[int, int] = {}
    slots: dict[int, int] = {}
    for kind, size in groups:
        target = slots if size >= 3 else naturals
        target[kind] = target.get(kind, 0) + size
    if any(n > copies_of(kind) for kind, n in naturals.items()):
        for kind, n in sorted(naturals.items()):
            if n > copies_of(kind):
                return _("it needs {n} natural {kind} in singles and pairs (no jokers there) "
                         "and the set has {have}").format(n=n, kind=_kind_name(kind),
                                                          have=copies_of(kind))
    jokers = sum(max(0, naturals.get(k, 0) + n - copies_of(k)) for k, n in slots.items())
    if jokers > JOKERS_IN_SET:
        return _("it needs {n} jokers and the set has {have}").format(n=jokers,
                                                                      have=JOKERS_IN_SET)
    return None


def _kind_name(kind: int) -> str:
    return _("flowers") if kind == FLOWER else f"{TILES[kind]} ({tile_name(TILES[kind])})"


def _slots_by_word(spec: LineSpec) -> list[list[int]]:
    """The indices of the slots of each word of the pattern, in written order (words with
    no slot left out)."""
    words: list[list[int]] = [[] for _ in spec.tokens]
    for i, slot in enumerate(spec.slots):
        words[slot.token].append(i)
    return [w for w in words if w]


def _words(word_slots: Sequence[Sequence[int]], groups: Sequence[tuple[int, int]]
           ) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]]:
    """The concrete groups of a pattern's slots (``groups``, in written order) sorted (a
    variation's key), and how the card writes that variation
    (:attr:`~.model.Variation.words`): for each word of the pattern (``word_slots``, see
    :func:`_slots_by_word`), the indices into the sorted groups of its slots, in written order
    (identical groups take the indices in turn: the sort is stable)."""
    order = sorted(range(len(groups)), key=groups.__getitem__)
    where = [0] * len(groups)
    for j, i in enumerate(order):
        where[i] = j
    return (tuple(groups[i] for i in order),
            tuple([tuple(map(where.__getitem__, word)) for word in word_slots]))


#: one :class:`~.model.Group` per kind and size, shared by the variations (groups are
#: immutable values)
_GROUPS: dict[tuple[int, int], Group] = {}


def _group(key: tuple[int, int]) -> Group:
    got = _GROUPS.get(key)
    if got is None:
        got = _GROUPS[key] = Group(key[0], key[1])
    return got


def _slot_kinds(slots: Sequence[Slot]) -> list[tuple[int, str, bool, int, int]]:
    """How each slot's tile kind is worked out once the colours have suits and the numbers
    their shifts, prepared once per pattern (001 Part one "Dragon tiles": D is its suit's
    dragon; R, G named dragons; 0 the White, Soap): ``(kind, colour, dragon, number)`` with
    ``kind`` the fixed kind (flowers, winds, Soap, named dragons) or -1 when the colour
    decides it: the dragon of the colour's suit (``dragon``), else the number ``number``
    (0-8, before the shift) in that suit; then the slot's ``size``."""
    out: list[tuple[int, str, bool, int, int]] = []
    for slot in slots:
        sym = slot.symbol
        size = slot.size
        if sym == "F":
            out.append((FLOWER, "", False, 0, size))
        elif sym in _WINDS:
            out.append((_WINDS[sym], "", False, 0, size))
        elif sym == "0":
            out.append((_SOAP, "", False, 0, size))
        elif sym in _NAMED_DRAGONS:
            out.append((_NAMED_DRAGONS[sym], "", False, 0, size))
        elif sym == "D":
            out.append((-1, str(slot.colour), True, 0, size))
        else:
            out.append((-1, str(slot.colour), False, int(sym) - 1, size))
    return out


def _suit_orders(letters: int, counts: Sequence[int]) -> list[tuple[str, ...]]:
    """The suits the ``letters`` colour letters (in alphabetical order) take, one tuple per
    assignment: every order of different suits (``counts`` empty: 3 ways for one letter, 6
    for two or three), or with ``{suits: ...}`` every assignment whose number of different
    suits is one of ``counts`` (``suits: 1 2`` on two letters: all 9, ``m m``, ``m p``,
    ``m s``, ``p m``, ...), in product order, which keeps the default order of the
    assignments of different suits."""
    if not counts:
        return list(permutations(_SUITS, letters))
    return [combo for combo in product(_SUITS, repeat=letters) if len(set(combo)) in counts]


def _wind_patterns(spec: LineSpec) -> Iterator[LineSpec]:
    """``spec`` with each choice of its wind clauses (``{N: N S}``: the line with North, then
    with South), the printed winds replaced; ``spec`` itself without wind clauses. Winds of
    different clauses are different variables and take different winds (as numbers do)."""
    if not spec.wind_rules:
        yield spec
        return
    for combo in product(*(w.choices for w in spec.wind_rules)):
        chosen = "".join(combo)
        if len(set(chosen)) != len(chosen):
            continue  # two clauses reaching one wind
        swap: dict[str, str] = {}
        for w, choice in zip(spec.wind_rules, combo, strict=True):
            swap.update(zip(w.letters, choice, strict=True))
        yield replace(spec, slots=tuple(replace(s, symbol=swap.get(s.symbol, s.symbol))
                                        for s in spec.slots), wind_rules=())


def expand_line(spec: LineSpec) -> tuple[tuple[Variation, ...], int]:
    """Every concrete variation of ``spec`` and the number of assignments dropped as
    impossible with the tile set.

    An *assignment* gives each colour letter a different suit (one letter: 3 ways, two: 6,
    three: 6; letters in alphabetical order take the suits in the orders m p s, m s p, p m s,
    ...) and each numbers-rule clause an amount to move its groups by (ascending). Each
    assignment gives a multiset of concrete groups; assignments giving the same multiset are
    one variation (the first kept), so the order is deterministic: numbers outer, suits inner.
    A line with alternatives (``|``) is the union of its patterns' variations, in the order
    of the file, duplicates removed across them.
    An assignment that needs more natural copies of a tile in singles and pairs than the set
    holds, or more jokers than its eight, is dropped (see :func:`_impossible`); a line, or an
    alternative, left with no variation is an error. Raises :class:`~.model.CardError`
    (one naming every pattern of the line that fails).
    """
    # each multiset of groups met so far, with why it cannot be held (None: it can); an
    # assignment giving one met before is no new variation and has the same verdict
    verdicts: dict[tuple[tuple[int, int], ...], str | None] = {}
    out: list[Variation] = []
    dropped = 0
    problems: list[CardError] = []
    for n, written in enumerate(spec.patterns):
        made = 0
        reason: str | None = None
        for pattern in _wind_patterns(written):  # the pattern, or each choice of its winds
            m, d, why = _expand_pattern(pattern, verdicts, out)
            made, dropped, reason = made + m, dropped + d, reason or why
        if not made:
            problem = (_("no variation of the line can be made: {reason}") if n == 0
                       else _("no variation of this alternative can be made: {reason}"))
            problems.append(written.error(problem.format(reason=reason), written.column))
    if problems:
        raise card_errors(problems)
    return tuple(out), dropped


def _expand_pattern(pattern: LineSpec, verdicts: dict[tuple[tuple[int, int], ...], str | None],
                    out: list[Variation]) -> tuple[int, int, str | None]:
    """:func:`expand_line`'s work for one pattern (its winds chosen): appends to ``out`` each
    new variation (``verdicts`` holds the multisets met before, across the line's patterns).
    Returns the assignments that can be held, the new ones dropped as impossible, and the
    first reason one could not be held."""
    made = dropped = 0
    reason: str | None = None
    colours = pattern.colours
    # per assignment of suits: each colour's first tile kind and its dragon
    suit_maps = [({c: _SUIT_BASE[s] for c, s in zip(colours, perm, strict=True)},
                  {c: _DRAGON_OF_SUIT[s] for c, s in zip(colours, perm, strict=True)})
                 for perm in _suit_orders(len(colours), pattern.suit_counts)]
    prepared = list(enumerate(_slot_kinds(pattern.slots)))
    word_slots = _slots_by_word(pattern)
    for numbers in _number_maps(pattern.rules):
        shift = numbers.get
        for bases, dragons in suit_maps:
            groups = [((kind if kind >= 0 else dragons[colour] if dragon
                        else bases[colour] + number + shift(i, 0)), size)
                      for i, (kind, colour, dragon, number, size) in prepared]
            key = tuple(sorted(groups))
            if key in verdicts:
                why = verdicts[key]
                new = False
            else:
                why = verdicts[key] = _impossible(key)
                new = True
            if why is None:
                made += 1
            reason = reason or why
            if not new:
                continue
            if why is not None:
                dropped += 1
                continue
            ordered, words = _words(word_slots, groups)
            out.append(Variation(tuple(_group(g) for g in ordered), words=words))
    return made, dropped, reason


def build_card(spec: CardSpec,
               expanded: Sequence[tuple[tuple[Variation, ...], int]] | None = None) -> Card:
    """Expand every line of ``spec`` (:func:`expand_line`, unless ``expanded`` holds the
    lines' expansions already) into a :class:`~.model.Card`. Raises one
    :class:`~.model.CardError` naming every line that cannot be expanded."""
    if expanded is None:
        expanded = _expand_all(spec, [])
    lines = tuple(
        CardLine(ln.section, ln.number, ln.shown_pattern, ln.points, ln.concealed,
                 variations, ln.note, ln.source_line)
        for ln, (variations, _) in zip(spec.lines, expanded, strict=True))
    return Card(spec.name, lines, spec.sections, spec.source, spec.practice)


# --------------------------------------------------------------------------------------------
# loading


def parse_card(text: str, source: str = "<card>") -> Card:
    """Parse and expand a card file's ``text``; ``source`` names it in errors.

    Raises :class:`~.model.CardError` (``"source:line:column: problem"``): an unknown
    symbol, a group of more than 6 tiles, a line not of 14 tiles, a line with no X/C or no
    points, a duplicate or empty section, a numbers rule no assignment satisfies, a line
    none of whose assignments can be held with the tile set, ... (docs/american-card.md,
    "Errors").
    """
    return build_card(*check_card_text(text, source))


def read_card_text(path: str | os.PathLike[str]) -> str:
    """The text of the card file at ``path`` (UTF-8). Raises :class:`~.model.CardError`
    (line and column 0) if it cannot be read."""
    source = os.fspath(path)
    try:
        with open(source, encoding="utf-8") as fh:
            return fh.read()
    except UnicodeDecodeError as exc:
        raise CardError(_("cannot read the card: not UTF-8 text ({reason} at byte "
                          "{byte})").format(reason=exc.reason, byte=exc.start), source) from exc
    except OSError as exc:
        # (the system's own words for the error, strerror, stay as the system gives them)
        raise CardError(_("cannot read the card: {error}").format(error=exc.strerror or exc),
                        source) from exc


def load_card(path: str | os.PathLike[str]) -> Card:
    """Load and expand the card file at ``path``. Raises :class:`~.model.CardError`."""
    return parse_card(read_card_text(path), os.fspath(path))


def _practice_path() -> str:
    """The shipped practice card's file, in the package's folder ``cards``: read with plain
    file functions, not :mod:`importlib.resources` (its readers import zipfile, tempfile,
    threading...: issue 25, start-up). The package's ``__init__`` is never compiled, so its
    ``__file__`` is the folder's."""
    package = sys.modules["mahjong_table.rules.american"]
    return os.path.join(os.path.dirname(str(package.__file__)), "cards", "practice.card")


def practice_card_text() -> str:
    """The text of the shipped practice card (``cards/practice.card``)."""
    with open(_practice_path(), encoding="utf-8") as fh:
        return fh.read()


#: the practice card once loaded (a list of one: filled under :data:`_PRACTICE_LOCK`)
_PRACTICE: list[Card] = []
_PRACTICE_LOCK = _thread.allocate_lock()


def practice_card() -> Card:
    """The project's own practice card (not the National Mah Jongg League's), loaded once:
    threads asking for it at once get the one card (issue 42: each used to parse its own,
    and each card gets its own matcher index)."""
    if not _PRACTICE:
        with _PRACTICE_LOCK:
            if not _PRACTICE:
                _PRACTICE.append(parse_card(practice_card_text(), _practice_path()))
    return _PRACTICE[0]


def card_from_option(value: str) -> Card:
    """The card an option names: ``"practice"`` the practice card, anything else a path.
    Raises :class:`~.model.CardError`."""
    if value == PRACTICE:
        return practice_card()
    return load_card(value)


def _group_text(g: Group) -> str:
    if g.kind == FLOWER:
        return "F" * g.size
    t = TILES[g.kind]
    return f"{str(t.rank) * g.size}{t.suit}"


def format_variation(variation: Variation) -> str:
    """A variation in mpsz, groups in order: ``"FF 2m 2m 2p 22p 5z 6m ..."``; flowers are
    written ``F`` (any of ``1f``-``8f``)."""
    return " ".join(_group_text(g) for g in variation.groups)


def format_variation_as_written(variation: Variation) -> str:
    """A variation in mpsz as the card writes its line: one word per word of the pattern,
    in the card's order (``"2m5z2m6m 666p 666s 4444z"`` for ``2026a 666b 666c NNNN``);
    flowers are ``F``. A variation that does not know its words: :func:`format_variation`."""
    if not variation.words:
        return format_variation(variation)
    return " ".join(word_text([_group_text(variation.groups[i]) for i in word])
                    for word in variation.words)


def shipped_card_texts() -> list[tuple[str, str]]:
    """Every player-visible text of the shipped card(s), as ``[(text, where)]``: the card's
    name, its section names and its lines' notes (the bracketed instructions), each once,
    ``where`` the card file and line (``"rules/american/cards/practice.card:31"``). Faces
    show them with ``pgettext("card", text)`` (issue 23); ``tools/i18n.py`` extracts them
    with the context ``"card"``. Patterns are notation, never translated."""
    card = practice_card()
    where = "src/mahjong_table/rules/american/cards/practice.card"
    out: list[tuple[str, str]] = [(card.name, f"{where}:1")]
    seen = {card.name}
    first_line: dict[str, int] = {}
    for ln in card.lines:
        first_line.setdefault(ln.section, ln.source_line)
    for section in card.sections:
        if section not in seen:
            seen.add(section)
            out.append((section, f"{where}:{max(first_line.get(section, 1) - 1, 1)}"))
    for ln in card.lines:
        if ln.note and ln.note not in seen:
            seen.add(ln.note)
            out.append((ln.note, f"{where}:{ln.source_line}"))
    return out


def card_text(text: str) -> str:
    """A text of a card (its name, a section's name, a line's note) as a face shows it: the
    shipped card's in the language in force (``pgettext("card", text)``), a typed-in card's
    as written."""
    return pgettext("card", text) if text else text
