"""Issue 22: each rule set's lessons cover every section of its book (004 for Hong Kong,
001 Part one for American, 001 Part two for Chinese), cite only real sections, draw only
tiles that parse in the project's notation, and offer only exercises of the rule set."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mahjong_table.learn import book_sections, kinds_for, lessons
from mahjong_table.learn.books import RULES, citation, cited
from mahjong_table.learn.lessons import lesson
from mahjong_table.melds import parse_hand
from mahjong_table.rules import get_rule_set

BOOKS = Path("/work/shared/rules")


@pytest.mark.parametrize("rules", tuple(RULES))
def test_every_section_is_taught(rules: str) -> None:
    """A section no lesson cites fails here, by name."""
    cited = {s for ls in lessons(rules) for s in ls.sections}
    missing = [s.id for s in book_sections(rules) if s.id not in cited]
    assert not missing, f"{rules}: no lesson covers {missing}"


@pytest.mark.parametrize("rules", tuple(RULES))
def test_lessons_cite_real_sections(rules: str) -> None:
    ids = {s.id for s in book_sections(rules)}
    for ls in lessons(rules):
        assert ls.rules == rules and ls.screens and ls.sections
        unknown = set(ls.sections) - ids
        assert not unknown, f"{ls.id} cites {unknown}, no section of the {rules} book"


@pytest.mark.parametrize("rules", tuple(RULES))
def test_tile_rows_parse(rules: str) -> None:
    """Every row of tiles is the project's hand notation, within the rule set's tiles."""
    tile_set = get_rule_set(rules).tile_set
    for ls in lessons(rules):
        for sc in ls.screens:
            assert not sc.captions or len(sc.captions) == len(sc.tiles), ls.id
            for row in sc.tiles:
                tiles = parse_hand(row).all_tiles()
                assert tiles, (ls.id, row)
                for t in tiles:
                    assert t in tile_set.all_tiles(), (ls.id, row, str(t))


@pytest.mark.parametrize("rules", tuple(RULES))
def test_exercises_and_ids(rules: str) -> None:
    seen = set()
    for ls in lessons(rules):
        assert ls.id.startswith(rules) and ls.id not in seen
        seen.add(ls.id)
        assert lesson(ls.id) is ls
        assert set(ls.exercises) <= set(kinds_for(rules)), ls.id
    taught = {k for ls in lessons(rules) for k in ls.exercises}
    assert taught == set(kinds_for(rules)), "every exercise kind is offered by a lesson"


@pytest.mark.skipif(not BOOKS.is_dir(), reason="the rule books are not on this machine")
def test_sections_are_the_books() -> None:
    """The sections listed are the books' own: 004's numbered sections 01-10 and 001's
    numbered steps and titled rules are all found in the text."""
    hk = next(BOOKS.glob("004_*.txt")).read_text(encoding="utf-8")
    numbers = re.findall(r"^(\d\d)[A-Z]", hk, re.MULTILINE)
    assert [f"004 s{n}" for n in numbers] == [s.id for s in book_sections("hongkong")]
    booklet = next(BOOKS.glob("001_*.txt")).read_text(encoding="utf-8")
    part_one = booklet[booklet.index("Part one\n"):booklet.index("Part two\n")]
    part_two = booklet[booklet.index("Part two\n"):booklet.index("Before you play")]
    for rules, text in (("american", part_one), ("chinese", part_two)):
        for s in book_sections(rules):
            m = re.search(r"'(.+)'$", s.ref)
            if re.search(r" (\d\d)$", s.ref):
                assert f"\n{s.ref[-2:]}\n" in text, s.id
            elif m and s.ref.startswith("Part"):
                name = {"Setting up": "Setting up", "Tile combinations": "COMBINATIONS",
                        "Quick reference": "Quick reference"}.get(m.group(1), m.group(1))
                assert name.lower() in text.lower(), s.id
    assert "Tile Types" in booklet and "Beginner tips" in booklet


def test_unknown_rule_set() -> None:
    with pytest.raises(ValueError, match="known"):
        lessons("riichi")


_HONOURS = {"east": "1z", "south": "2z", "west": "3z", "north": "4z", "white": "5z",
            "green": "6z", "red": "7z"}


@pytest.mark.parametrize("rules", tuple(RULES))
def test_captions_name_the_honours_drawn(rules: str) -> None:
    """A caption naming an honour's pung or kong ("Red pung", "kong of North") is about the
    row it is under: that row holds three or more of that honour (5z is White, 6z Green, 7z
    Red: 004 s02, 001 Tile guide). A caption that names another dragon than the one drawn
    teaches the wrong tile."""
    from mahjong_table.tiles import Tile

    pattern = re.compile(r"\b(east|south|west|north|white|green|red)\s+(?:dragon\s+)?"
                         r"(pung|kong)|\b(pung|kong)s?\s+of\s+(east|south|west|north|white|"
                         r"green|red)\b", re.I)
    checked = 0
    for ls in lessons(rules):
        for sc in ls.screens:
            for row, cap in zip(sc.tiles, sc.captions, strict=False):
                tiles = parse_hand(row).all_tiles()
                for m in pattern.finditer(cap):
                    name = (m.group(1) or m.group(4)).lower()
                    want = Tile.parse(_HONOURS[name])
                    assert tiles.count(want) >= 3, f"{ls.id}: {cap!r} under {row!r}"
                    checked += 1
    if rules != "chinese":
        assert checked, "no caption names an honour group: the check checks nothing"


def _text(lesson_id: str) -> str:
    return " ".join(sc.text for sc in lesson(lesson_id).screens)


def test_lessons_say_what_the_rules_do_issue_48() -> None:
    """The lesson defects a learner found, each checked against the rule set the game plays:
    a claimed kong takes a replacement (004 s05: "a declared square requires a replacement");
    a false Mahjong on a claimed discard pays the discarder double (004 s07: 128, the
    scorer's false_mahjong_payments); East rolls one or two dice (001 Part two 03); robbing
    the kong is refused on the booklet's scale and allowed, for 8 fan, under MCR."""
    from mahjong_table.rules.hongkong_scoring import false_mahjong_payments
    from mahjong_table.rules.mcr_fans import FAN_TABLE

    assert "after a kong you first take its replacement tile from the dead wall" in _text(
        "hongkong-05-claims")
    assert "without drawing." not in _text("hongkong-05-claims")
    pays = false_mahjong_payments(0, 1)
    assert pays[1] == 128 and pays[2] == 64 and pays[0] == -256  # offender 0, discarder 1
    assert "twice that, 128, to the discarder" in _text("hongkong-08-scoring")
    assert "East rolls one or two dice" in _text("chinese-02-wall")
    booklet, mcr = get_rule_set("chinese"), get_rule_set("chinese", scoring="mcr")
    assert not booklet.robbing_kong and mcr.robbing_kong
    rob = FAN_TABLE["robbing_the_kong"]
    text = _text("chinese-06-kongs")
    assert "nobody may rob an added kong" in text
    assert f"robbing the kong scores {rob.fan} fan" in text


@pytest.mark.parametrize("rules", tuple(RULES))
def test_italian_citations_are_booklet_000s_where_it_has_italian(rules: str) -> None:
    """Issue 48: in Italian a section of 001 is cited as booklet 000's Italian section where
    000 has one, and as the English 001 "solo in inglese" where 000 is English too; the
    headings cited are 000's (numbered steps, "Regole nel dettaglio", the tables)."""
    from mahjong_table.i18n import _, use_language

    it_book = next(BOOKS.glob("000_*.txt")).read_text(encoding="utf-8") if BOOKS.is_dir() \
        else ""
    with use_language("it"):
        for s in book_sections(rules):
            cite = _(s.cite)
            if s.book == "004":
                assert cite == s.id
                continue
            assert cite.startswith("000 Parte ") or cite.endswith("solo in inglese"), cite
            assert "Part " not in cite or cite.endswith("solo in inglese"), cite
            if it_book and "«Regole nel dettaglio»" in cite:
                assert "Regole nel dettaglio" in it_book
            m = re.fullmatch(r"000 Parte (?:prima|seconda) (\d\d)", cite)
            if m and it_book:
                assert f"\n{m.group(1)}\n" in it_book, cite
        for ls in lessons(rules):
            assert all(c for c in cited(ls)) and citation(ls)
            assert "001 Part" not in citation(ls) or "solo in inglese" in citation(ls)
