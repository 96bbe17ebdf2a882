"""The sections of each rule set's book (/work/shared/rules, the project's specification).

- Hong Kong follows book 004: ten numbered sections, cited ``"004 s01"`` .. ``"004 s10"``
  (its closing bibliography teaches no rule and is not a section here).
- American follows book 001 Part one; Chinese follows book 001 Part two. Both parts share the
  booklet's tile guide and end with its beginner tips. A part's numbered steps are cited
  ``"001 Part one 06"``, its titled rules ``"001 Part one 'Jokers'"``, as the code cites them.

The lists are the books' own structure, read from the text, in the books' order; the lessons
(:mod:`.lessons`) must cover every one (tests/test_learn_lessons.py).

Each section's citation (:attr:`Section.cite`, the same text as its id) is a message: in
Italian it cites booklet 000, the Italian edition of 001, where 000 has the section in Italian
("000 Parte prima 06"; the American and Chinese "Regole nel dettaglio", which 000 gives as
one text without 001's headings, as "000 Parte prima «Regole nel dettaglio»:"), and says "solo
in inglese" where 000 too has it in English only (the tile guide, "Setting up", the quick
reference, the beginner tips); book 004 has no Italian edition (issue 48, docs/glossary.md).
"""

from __future__ import annotations

from ..i18n import N_, _
from .model import Lesson, Section

__all__ = ["RULES", "book_name", "book_sections", "citation", "cited", "section"]

#: the rule sets that have lessons, with their book (a message: shown with :func:`book_name`)
RULES: dict[str, str] = {"hongkong": N_("004"), "chinese": N_("001 Part two"),
                         "american": N_("001 Part one")}

_HONGKONG = (
    Section("004", "s01", N_("004 s01"), N_("Discover the game")),
    Section("004", "s02", N_("004 s02"), N_("Equipment")),
    Section("004", "s03", N_("004 s03"), N_("The goal")),
    Section("004", "s04", N_("004 s04"), N_("Seats, wall and distribution")),
    Section("004", "s05", N_("004 s05"), N_("Turns, claims and the hands")),
    Section("004", "s06", N_("004 s06"), N_("An example to understand")),
    Section("004", "s07", N_("004 s07"), N_("Counting, turning the winds and winning the game")),
    Section("004", "s08", N_("004 s08"), N_("Frequent errors")),
    Section("004", "s09", N_("004 s09"), N_("Start well")),
    Section("004", "s10", N_("004 s10"), N_("Express summary")),
)

_TILE_GUIDE = Section("001", "Tile guide", N_("001 Tile guide"), N_("Tile types"))

_AMERICAN = (
    _TILE_GUIDE,
    Section("001", "Part one 'Setting up'", N_("001 Part one 'Setting up'"),
            N_("Setting up for NMJL American Mahjong")),
    Section("001", "Part one 01", N_("001 Part one 01"), N_("Choosing East (dealer)")),
    Section("001", "Part one 02", N_("001 Part one 02"), N_("Building the wall")),
    Section("001", "Part one 03", N_("001 Part one 03"), N_("Using your pusher")),
    Section("001", "Part one 04", N_("001 Part one 04"), N_("Breaking the wall")),
    Section("001", "Part one 05", N_("001 Part one 05"), N_("Dealing the tiles")),
    Section("001", "Part one 06", N_("001 Part one 06"), N_("Before play begins: the Charleston")),
    Section("001", "Part one 07", N_("001 Part one 07"), N_("Starting play")),
    Section("001", "Part one 'Tile combinations'", N_("001 Part one 'Tile combinations'"),
            N_("Tile combinations on the NMJL card")),
    Section("001", "Part one 'Quick reference'", N_("001 Part one 'Quick reference'"),
            N_("Quick reference: from setup to play")),
    Section("001", "Part one 'Calling discards'", N_("001 Part one 'Calling discards'"),
            N_("Calling discards")),
    Section("001", "Part one 'Priority of calls'", N_("001 Part one 'Priority of calls'"),
            N_("Priority of calls")),
    Section("001", "Part one 'Exposed sets'", N_("001 Part one 'Exposed sets'"),
            N_("Exposed sets")),
    Section("001", "Part one 'Jokers'", N_("001 Part one 'Jokers'"), N_("Jokers")),
    Section("001", "Part one 'Joker exchange'", N_("001 Part one 'Joker exchange'"),
            N_("Joker exchange")),
    Section("001", "Part one 'Dead hands'", N_("001 Part one 'Dead hands'"), N_("Dead hands")),
    Section("001", "Part one 'Wall game'", N_("001 Part one 'Wall game'"), N_("Wall game")),
    Section("001", "Part one 'Winning the hand'", N_("001 Part one 'Winning the hand'"),
            N_("Winning the hand")),
    Section("001", "Part one 'Understanding the NMJL card'",
            N_("001 Part one 'Understanding the NMJL card'"),
            N_("Understanding the NMJL card")),
    Section("001", "Beginner tips 'American Mahjong'", N_("001 Beginner tips 'American Mahjong'"),
            N_("Beginner tips: American Mahjong")),
)

_CHINESE = (
    _TILE_GUIDE,
    Section("001", "Part two 'Setting up'", N_("001 Part two 'Setting up'"),
            N_("Setting up the game")),
    Section("001", "Part two 01", N_("001 Part two 01"), N_("Seating, winds and choosing East")),
    Section("001", "Part two 02", N_("001 Part two 02"), N_("Building the wall")),
    Section("001", "Part two 03", N_("001 Part two 03"), N_("Breaking the wall")),
    Section("001", "Part two 04", N_("001 Part two 04"), N_("Dealing the tiles")),
    Section("001", "Part two 05", N_("001 Part two 05"), N_("Starting play")),
    Section("001", "Part two 'Tile combinations'", N_("001 Part two 'Tile combinations'"),
            N_("Tile combinations")),
    Section("001", "Part two 'Chows'", N_("001 Part two 'Chows'"), N_("Chows")),
    Section("001", "Part two 'Kongs'", N_("001 Part two 'Kongs'"),
            N_("Kongs: concealed, exposed, added")),
    Section("001", "Part two 'Claiming discards'", N_("001 Part two 'Claiming discards'"),
            N_("Claiming discards")),
    Section("001", "Part two 'Priority of calls'", N_("001 Part two 'Priority of calls'"),
            N_("Priority of calls")),
    Section("001", "Part two 'Exposed and concealed sets'",
            N_("001 Part two 'Exposed and concealed sets'"),
            N_("Exposed and concealed sets")),
    Section("001", "Part two 'Winning a hand'", N_("001 Part two 'Winning a hand'"),
            N_("Winning a hand")),
    Section("001", "Part two 'Flowers and Seasons'", N_("001 Part two 'Flowers and Seasons'"),
            N_("Flowers and Seasons")),
    Section("001", "Part two 'Scoring'", N_("001 Part two 'Scoring'"), N_("Scoring")),
    Section("001", "Part two 'End of the hand'", N_("001 Part two 'End of the hand'"),
            N_("End of the hand")),
    Section("001", "Part two 'Dealer rotation'", N_("001 Part two 'Dealer rotation'"),
            N_("Dealer rotation")),
    Section("001", "Part two 'Wind rounds'", N_("001 Part two 'Wind rounds'"), N_("Wind rounds")),
    Section("001", "Beginner tips 'Chinese Mahjong'", N_("001 Beginner tips 'Chinese Mahjong'"),
            N_("Beginner tips: Chinese Mahjong")),
)

_SECTIONS = {"hongkong": _HONGKONG, "american": _AMERICAN, "chinese": _CHINESE}


def check_rules(rules: str) -> None:
    """Raise ``ValueError`` naming the known rule sets unless ``rules`` has lessons."""
    if rules not in _SECTIONS:
        raise ValueError(f"no lessons for rule set {rules!r}; known: {', '.join(_SECTIONS)}")


def book_sections(rules: str) -> tuple[Section, ...]:
    """Every section of ``rules``' book, in the book's order (see the module's docstring).
    Raises ``ValueError`` for a rule set with no book here."""
    check_rules(rules)
    return _SECTIONS[rules]


def section(rules: str, section_id: str) -> Section:
    """The section of ``rules``' book cited as ``section_id`` (``"004 s05"``). Raises
    ``KeyError`` naming it when the book has no such section."""
    for s in book_sections(rules):
        if s.id == section_id:
            return s
    raise KeyError(f"{section_id!r} is no section of the {rules} book")


def book_name(rules: str) -> str:
    """``rules``' book as cited in the language in force: ``"001 Part two"``, in Italian
    ``"000 Parte seconda"`` (the Italian edition)."""
    check_rules(rules)
    return _(RULES[rules])


def _grouped(texts: list[str]) -> tuple[str, ...]:
    """Citations with consecutive ones of one 000 text ("000 Parte prima «Regole nel
    dettaglio», mani morte") given once with their topics joined, each citation once."""
    out: list[tuple[str, list[str]]] = []
    for text in texts:
        head, sep, topic = text.partition(", ")
        if sep and out and out[-1][0] == head and out[-1][1]:
            out[-1][1].append(topic)
        elif sep:
            out.append((head, [topic]))
        else:
            out.append((text, []))
    shown = [f"{head}: {', '.join(topics)}" if len(topics) > 1 else
             f"{head}, {topics[0]}" if topics else head for head, topics in out]
    return tuple(dict.fromkeys(shown))


def cited(lesson: Lesson) -> tuple[str, ...]:
    """The citations of the sections ``lesson`` teaches, in the language in force
    (:attr:`Section.cite`), each once, for a face to join with ``"; "``: ``("001 Part one
    06",)``, in Italian ``("000 Parte prima 06",)``. Booklet 000 gives several of 001's titled
    rules as one text, "Regole nel dettaglio", cited with the topic ("000 Parte prima «Regole
    nel dettaglio», mani morte"): consecutive citations of one such text are given once, with
    their topics (``"000 Parte prima «Regole nel dettaglio»: reclamare gli scarti, mani
    morte"``). A section id the book lacks is shown as it is."""
    out = []
    for sid in lesson.sections:
        try:
            out.append(_(section(lesson.rules, sid).cite))
        except KeyError:
            out.append(sid)
    return _grouped(out)


def citation(lesson: Lesson) -> str:
    """The book sections ``lesson`` teaches, with their headings, as every face shows them:
    ``"004 s03 (The goal); 004 s05 (Playing)"``, in Italian citing booklet 000 (see the
    module's docstring; one 000 text cited once with its topics, as :func:`cited` does); a
    section id the book lacks is shown bare."""
    out = []
    for sid in lesson.sections:
        try:
            s = section(lesson.rules, sid)
        except KeyError:
            out.append(sid)
            continue
        cite, title = _(s.cite), _(s.title)
        # a citation that names its topic already ("001 Part one 'Dead hands'") needs no title
        out.append(cite if title.lower() in cite.lower() else f"{cite} ({title})")
    return "; ".join(_grouped(out))
