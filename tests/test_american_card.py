"""The American card format, its loader, the practice card and the ``card`` command
(docs/american-card.md; rule book 001 Part one, "Jokers" and "Understanding the NMJL card";
shared/NOTATION.md, "American readings that tests outside the project rely on")."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_table.cli import main
from mahjong_table.rules.american import card as card_module
from mahjong_table.rules.american.card import (
    FEATURES,
    NumberRule,
    card_from_option,
    expand_line,
    format_variation,
    format_variation_as_written,
    load_card,
    parse_card,
    practice_card,
    practice_card_text,
    read_card,
)
from mahjong_table.rules.american.model import FLOWER, Card, CardError, CardLine, Group

M, P, S = 0, 9, 18  # first index of characters, circles, bamboo
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)


def card(*lines: str) -> Card:
    """A one-section card of ``lines``."""
    return parse_card("[S]\n" + "\n".join(lines) + "\n")


def one(pattern: str, tail: str = "X 25") -> CardLine:
    """The single line ``pattern`` (with its rule and note) followed by ``tail``."""
    return card(f"{pattern} {tail}").lines[0]


def shown(line: CardLine) -> set[str]:
    """The line's variations, as ``format_variation`` writes them."""
    return {format_variation(v) for v in line.variations}


def kinds(line: CardLine) -> list[Counter[int]]:
    """For each variation, the tiles per kind."""
    out = []
    for v in line.variations:
        c: Counter[int] = Counter()
        for g in v.groups:
            c[g.kind] += g.size
        out.append(c)
    return out


# --------------------------------------------------------------------------------------------
# groups


def test_group_sizes_single_to_kong_001_tile_combinations() -> None:
    """001 Part one "Tile combinations on the NMJL card": the size of a group is the number
    of repeated symbols (single, pair, pung, kong)."""
    line = one("1a 22a 333a 4444a FFFF")
    assert len(line.variations) == 3
    v = line.variations[0]
    assert v.groups == (Group(M, 1), Group(M + 1, 2), Group(M + 2, 3), Group(M + 3, 4),
                        Group(FLOWER, 4))
    assert shown(line) == {"1m 22m 333m 4444m FFFF", "1p 22p 333p 4444p FFFF",
                           "1s 22s 333s 4444s FFFF"}


def test_quint_and_sextet_001_tile_combinations() -> None:
    """001 "Tile combinations": quints (5) and sextets (6) of identical tiles."""
    line = one("11111a 222222a 333a")
    assert sorted(g.size for g in line.variations[0].groups) == [3, 5, 6]
    assert shown(line) == {"11111m 222222m 333m", "11111p 222222p 333p",
                           "11111s 222222s 333s"}


def test_jokers_allowed_only_in_groups_of_three_or_more_001_jokers() -> None:
    """001 "Jokers": naturals only in singles and pairs (and so in runs, NEWS, years)."""
    v = one("NEWS 2026a 111a DDDa").variations[0]  # a = characters first
    assert v.naturals == {NORTH: 1, EAST: 1, WEST: 1, SOUTH: 1, M + 1: 2, WHITE: 1,
                          M + 5: 1}
    assert v.jokerable == {M: 3, RED: 3}


def test_sextet_limit_group_of_seven_is_an_error() -> None:
    """Group size > 6 is rejected, naming the group's column."""
    with pytest.raises(CardError) as e:
        card("NN 1111111a EEEEE X 25")
    assert (e.value.line, e.value.column) == (2, 4)
    assert "sextet" in e.value.problem


def test_a_word_of_runs_splits_into_groups() -> None:
    """Each run of one repeated symbol in a word is one group: ``1122a`` is two pairs,
    ``123a`` a run of three singles (001 "Jokers": no joker for a single tile in a run)."""
    line = one("1122a 123b NNNN EEE")
    v = line.variations[0]
    assert Group(M, 2) in v.groups and Group(M + 1, 2) in v.groups
    assert [g for g in v.groups if g.kind in (P, P + 1, P + 2)] == [
        Group(P, 1), Group(P + 1, 1), Group(P + 2, 1)]


# --------------------------------------------------------------------------------------------
# colours


def test_one_colour_any_one_suit_001_understanding_the_card() -> None:
    """001 "Understanding the NMJL card": one colour = any one suit."""
    assert shown(one("222a 4444a 666a 8888a")) == {
        "222m 4444m 666m 8888m", "222p 4444p 666p 8888p", "222s 4444s 666s 8888s"}


def test_two_colours_two_different_suits_001_understanding_the_card() -> None:
    """001: two colours = two different suits; never both in one suit."""
    assert shown(one("111a 222b NNNN EEEE")) == {
        f"111{x} 222{y} 1111z 4444z" if "mps".index(x) < "mps".index(y)
        else f"222{y} 111{x} 1111z 4444z"
        for x in "mps" for y in "mps" if x != y}
    assert len(one("111a 222b NNNN EEEE").variations) == 6


def test_three_colours_all_three_suits_001_understanding_the_card() -> None:
    """001: three colours = all three suits (6 orders; no symmetry here)."""
    line = one("111a 222b 333c NNNNN")
    assert len(line.variations) == 6
    for c in kinds(line):
        suits = {k // 9 for k in c if k < 27}
        assert suits == {0, 1, 2}


def test_colour_letters_are_variables_not_fixed_suits() -> None:
    """Which letter is which suit does not matter, only which letters are equal."""
    assert shown(one("111b 222c NNNN EEEE")) == shown(one("111a 222b NNNN EEEE"))


def test_a_word_without_colour_is_colour_a() -> None:
    """docs/american-card.md "Colours": a word with no colour letter is in colour a."""
    line = one("FF 2026 222 33333")
    assert len(line.variations) == 3
    for c in kinds(line):
        assert len({k // 9 for k in c if k < 27}) == 1


def test_mixed_colour_word_like_mpsz() -> None:
    """A colour letter colours the numbers since the previous letter, as in mpsz:
    ``1a2b3c`` is 1, 2 and 3 in three different suits."""
    line = one("1a2b3c NNNN EEEE WWW")
    assert len(line.variations) == 6
    for c in kinds(line):
        suited = sorted(k for k in c if k < 27)
        assert len(suited) == 3
        assert sorted(k % 9 for k in suited) == [0, 1, 2]
        assert len({k // 9 for k in suited}) == 3


def test_different_letters_are_different_suits_even_for_dragons_only() -> None:
    """shared/NOTATION.md: different colour letters are always different suits, also when a
    letter names only a dragon: ``DDDa DDDb`` is two different dragons."""
    line = one("DDDa DDDb NNNN SSSS")
    assert shown(line) == {"2222z 4444z 555z 666z", "2222z 4444z 555z 777z",
                           "2222z 4444z 666z 777z"}
    assert shown(one("DDDDa DDDDb DDDc FFF")) == {
        "5555z 6666z 777z FFF", "5555z 666z 7777z FFF", "555z 6666z 7777z FFF"}


# --------------------------------------------------------------------------------------------
# dragons, Soap, winds, flowers


def test_dragons_matched_to_suits_001_dragon_tiles() -> None:
    """001 "Dragon tiles": Green = Bamboo, Red = Characters, White = Dots; D in colour a is
    the dragon of a's suit."""
    assert shown(one("1111a DDDa NNNN EEE")) == {
        "1111m 111z 4444z 777z", "1111p 111z 4444z 555z", "1111s 111z 4444z 666z"}


def test_opposite_dragon_is_d_in_another_colour() -> None:
    """A D in another colour is never the numbers' own dragon (different letters, different
    suits)."""
    line = one("1111a DDDb NNNN EEE")
    assert len(line.variations) == 6
    own = {M: RED, P: WHITE, S: GREEN}
    for c in kinds(line):
        suit = next(k for k in c if k < 27)
        assert own[suit] not in c


def test_soap_as_zero_in_a_year_001_dragon_tiles() -> None:
    """001 "Dragon tiles": White ("Soap") may be used as a Zero; a year is singles."""
    line = one("2026a NNNN EEEE SS")
    assert shown(line) == {"2m 2m 6m 1111z 22z 4444z 5z", "2p 2p 6p 1111z 22z 4444z 5z",
                           "2s 2s 6s 1111z 22z 4444z 5z"}
    assert all(Group(WHITE, 1) in v.groups for v in line.variations)


def test_white_outside_a_year_is_the_circles_dragon() -> None:
    """Elsewhere White is just the circles' dragon: ``D`` in the circles' colour."""
    line = one("DDDa 1111a NNNN EEE")
    whites = [c for c in kinds(line) if c[WHITE]]
    assert len(whites) == 1 and whites[0][P] == 4


@pytest.mark.parametrize(("pattern", "column", "words"), [
    ("1111a 0a NNNN EEEEE", 8, "take no colour"),
    ("FF0 1111a NNNN EEEE", 3, "mixes 0 with 'F'"),
    ("1111a 00N NNN EEEE", 7, "mixes 0 with 'N'"),
    ("1111a 000b NNN EEEE", 10, "take no colour"),
])
def test_zero_word_with_a_colour_or_other_symbols_is_an_error(pattern: str, column: int,
                                                             words: str) -> None:
    """A 0 stands in a year (``2026``) or in a word of zeros only (``000``, White dragons),
    never coloured nor beside other symbols (docs/american-card.md "Zero groups")."""
    with pytest.raises(CardError) as e:
        card(f"{pattern} X 25")
    assert (e.value.line, e.value.column) == (2, column)
    assert words in e.value.problem


def test_zero_is_suitless_and_never_moves() -> None:
    """shared/NOTATION.md: Zero is suitless and no number next to 1 or 9; a year's digits
    never move with a numbers rule, the other numbers do."""
    line = one("2026a 1111b NNNN EE {any}")
    assert len(line.variations) == 9 * 6
    for c in kinds(line):
        assert c[WHITE] == 1
        year_suit = next(k // 9 for k, n in c.items() if k < 27 and n == 2)
        assert c[year_suit * 9 + 1] == 2 and c[year_suit * 9 + 5] == 1


def test_news_one_of_each_wind_as_singles_001_jokers() -> None:
    """NEWS is one each of North, East, West, South, singles (no jokers in NEWS)."""
    line = one("NEWS NNN EEE WWWW")
    assert len(line.variations) == 1
    assert line.variations[0].groups == (
        Group(EAST, 1), Group(EAST, 3), Group(SOUTH, 1), Group(WEST, 1), Group(WEST, 4),
        Group(NORTH, 1), Group(NORTH, 3))


def test_single_winds_and_wind_groups() -> None:
    """Single winds (``E W``) beside wind kongs; a wind quint needs a joker but is legal."""
    line = one("E W EEEE WWWW DDDDa")
    assert len(line.variations) == 3
    v = line.variations[0]
    assert Group(EAST, 1) in v.groups and Group(EAST, 4) in v.groups
    assert len(one("NNNNN SSSSS FFFF").variations) == 1


def test_flowers_are_one_kind_001_flower_tiles() -> None:
    """001 "Flower tiles": all flowers are interchangeable: kind FLOWER, up to 8 naturals."""
    line = one("FF F F FF FF 1111a 22a")
    assert kinds(line)[0][FLOWER] == 8
    assert one("FFFFFF 3333a 3333b").variations[0].groups[-1] == Group(FLOWER, 6)
    with pytest.raises(CardError, match="9 natural flowers"):
        card("FF FF FF FF F 1111a 1a X 25")


# --------------------------------------------------------------------------------------------
# numbers


def test_fixed_numbers_without_a_rule() -> None:
    """Digits without a numbers rule are the printed numbers."""
    for c in kinds(one("111a 333a 5555a 777a 9a")):
        assert sorted(k % 9 + 1 for k in c) == [1, 3, 5, 7, 9]


def test_like_numbers_any_number() -> None:
    """Like numbers: the same number in different suits, ``{any}``: 9 numbers, the six suit
    orders being one multiset."""
    line = one("1111a 1111b 1111c FF {any}")
    assert len(line.variations) == 9
    assert shown(line) == {f"{d * 4}m {d * 4}p {d * 4}s FF" for d in "123456789"}


def test_consecutive_numbers_with_offsets() -> None:
    """Consecutive numbers N, N+1, ...: the printed digits move together and keep their
    offsets; seven consecutive pairs can start at 1, 2 or 3 (x 3 suits)."""
    line = one("11a 22a 33a 44a 55a 66a 77a {any}", "C 55")
    assert len(line.variations) == 9
    assert "11m 22m 33m 44m 55m 66m 77m" in shown(line)
    assert "33s 44s 55s 66s 77s 88s 99s" in shown(line)
    assert len(one("111a 2222a 333b 4444b {any}").variations) == 6 * 6


def test_odd_numbers_choice() -> None:
    """``{odd}``: 135, 357 or 579, with 2 colours: 3 x 6."""
    line = one("FFFF 1111a 333a 555b {odd}")
    assert len(line.variations) == 18
    assert {tuple(sorted({k % 9 + 1 for k in c if k < 27})) for c in kinds(line)} == {
        (1, 3, 5), (3, 5, 7), (5, 7, 9)}
    assert len(one("FFF 777a 7777b 7777c {odd}").variations) == 5 * 3


def test_even_numbers_choice() -> None:
    """``{even}``: like even numbers 2, 4, 6, 8 in three suits."""
    line = one("FF 4444a 4444b 4444c {even}")
    assert shown(line) == {f"{d * 4}m {d * 4}p {d * 4}s FF" for d in "2468"}


def test_number_set_369() -> None:
    """A digit set as domain: ``{369}``: like 3s, 6s or 9s (x 3: a and b interchangeable)."""
    line = one("FFFFFF 3333a 3333b {369}")
    assert len(line.variations) == 9
    assert {k % 9 + 1 for c in kinds(line) for k in c if k < 27} == {3, 6, 9}


def test_two_number_variables_take_different_numbers() -> None:
    """``{1: any, 7: any}``: two independent numbers, always different (9 x 8), x 3 suit
    multisets (a and b interchangeable)."""
    line = one("1111a 1111b 7777c FF {1: any, 7: any}")
    assert len(line.variations) == 9 * 8 * 3
    for c in kinds(line):
        assert len({k % 9 for k in c if k < 27}) == 2


def test_a_clause_moves_only_its_digits() -> None:
    """``{1: any}``: the 1s move, the printed 5 and 2 stay. 9 x 6 assignments, but when the
    1s become 5s (or 2s) swapping the suits of the two 5 kongs (or 2 kongs) gives the same
    multiset: 54 - 3 - 3 = 48 variations."""
    line = one("1111a 5555b 2222c FF {1: any}")
    assert len(line.variations) == 48
    for c in kinds(line):
        assert any(k % 9 == 4 and n == 4 for k, n in c.items() if k < 27)
        assert any(k % 9 == 1 and n == 4 for k, n in c.items() if k < 27)


def test_three_colours_one_number_variable_symmetry() -> None:
    """A 3-colour line with one number variable: 9 numbers x 6 orders / 2 when two groups
    are alike (a and b interchangeable)."""
    assert len(one("1111a 1111b 111c FFF {any}").variations) == 9 * 6 // 2
    assert len(one("111a 222b 3333c 4444a {any}").variations) == 6 * 6


def test_any_dragon_takes_what_the_other_colours_leave() -> None:
    """A D in a colour that colours nothing else is any dragon only on a line with no other
    colour letter; beside one suit it is either opposite dragon, beside two suits the third
    suit's dragon (different letters are different suits, shared/NOTATION.md)."""
    alone = one("NN EEE WWW SSSS DDa")
    assert {g.kind for v in alone.variations for g in v.groups if g.kind >= WHITE} == {
        WHITE, GREEN, RED}
    own = {M: RED, P: WHITE, S: GREEN}
    beside_one = one("1111a DDDb NNNN EEE")
    pairs = {(next(k // 9 * 9 for k in c if k < 27), next(k for k in c if k >= WHITE))
             for c in kinds(beside_one)}
    assert pairs == {(suit, dragon) for suit in own for dragon in own.values()
                     if dragon != own[suit]}
    beside_two = one("1111a 2222b DDc NNNN")
    for c in kinds(beside_two):
        used = {k // 9 * 9 for k in c if k < 27}
        third = ({M, P, S} - used).pop()
        assert [k for k in c if k >= WHITE] == [own[third]]


# --------------------------------------------------------------------------------------------
# issue 21: zero groups, named dragons, alternatives, numbers rules on words


def test_zero_group_is_white_outside_a_year_001_dragon_tiles() -> None:
    """001 "Dragon tiles": White "may be used as a Zero on the NMJL card": a word of 0s is a
    group of White dragons with no suit, 00 a pair up to 000000 a sextet, jokers in groups
    of three or more. ``F 000 1111a 1111b NN {any}``: 9 like numbers x 3 pairs of suits."""
    line = one("F 000 1111a 1111b NN {any}")
    assert len(line.variations) == 27
    assert all(Group(WHITE, 3) in v.groups and v.jokerable[WHITE] == 3
               for v in line.variations)
    pair = one("00 NNNN EEEE SSSS")
    assert shown(pair) == {"1111z 2222z 4444z 55z"} and pair.variations[0].naturals[WHITE] == 2
    sextet = one("000000 1111a 1111b")
    assert Group(WHITE, 6) in sextet.variations[0].groups
    assert len(sextet.variations) == 3


def test_zero_groups_count_with_a_year_and_white_dragons_in_the_impossible_check() -> None:
    """The zeros of a year, a word of zeros and a White D are all the White dragon: an
    assignment needing a fifth natural White is dropped (001 "Tile Types": four of each)."""
    spec = read_card("[S]\n2020a 00 Db 1111c FFF X 25\n").lines[0]
    variations, dropped = expand_line(spec)
    assert dropped == 2 and len(variations) == 4  # the two with b in circles are dropped
    assert all(v.naturals[WHITE] == 4 for v in variations)
    with pytest.raises(CardError, match="5 natural 5z"):
        card("2000a 00 1111b 1111c X 25")
    # in a pung the fifth White is a joker: allowed
    assert len(one("2000a 000 1111b FFF").variations) == 6


def test_named_dragons_red_and_green_whatever_the_suits() -> None:
    """R and G are the Red (7z) and Green (6z) dragons in any size, not tied to a colour:
    ``RRRR GGGG 111a 111b {any}`` is 9 like numbers x 3 pairs of suits."""
    line = one("RRRR GGGG 111a 111b {any}")
    assert len(line.variations) == 27
    assert all(Group(RED, 4) in v.groups and Group(GREEN, 4) in v.groups
               for v in line.variations)
    assert shown(one("RR GG 000 NNNN EEE")) == {"111z 4444z 555z 66z 77z"}
    assert format_variation_as_written(one("R G 0 NEWS 1111a FFF").variations[0]) == \
        "7z 6z 5z 4132z 1111m FFF"


def test_alternatives_are_one_line_with_the_union_of_variations() -> None:
    """A line beginning with | adds a pattern, with its own numbers rule, to the line above:
    one line (same section, number, X/C, points, note) whose variations are the union.
    North or South: 2 winds x 7 runs x 3 suits = 42."""
    c = card("NNNN 111a 222a 3333a {any} (north or south) C 40",
             "| SSSS 111a 222a 3333a {any}",
             "FF 1111a 1111b 1111c {any} X 25")
    assert len(c.lines) == 2
    line = c.lines[0]
    assert (line.section, line.number, line.points, line.concealed, line.note) == (
        "S", 1, 40, True, "north or south")
    assert line.pattern == "NNNN 111a 222a 3333a {any} | SSSS 111a 222a 3333a {any}"
    assert len(line.variations) == 42
    winds = Counter(next(g.kind for g in v.groups if g.kind >= EAST) for v in line.variations)
    assert winds == {NORTH: 21, SOUTH: 21}
    assert (c.lines[1].number, c.lines[1].source_line) == (2, 4)


def test_alternatives_remove_duplicate_variations() -> None:
    """A variation two patterns of a line give is one variation: runs within 1-5 are among
    any runs."""
    line = card("111a 222a 3333a NNNN {any} X 25", "| 111a 222a 3333a NNNN {12345}").lines[0]
    assert len(line.variations) == 21
    assert len({v.groups for v in line.variations}) == 21
    same = card("1111a 2222a 3333a FF X 25", "| 1111a 2222a 3333a FF").lines[0]
    assert len(same.variations) == 3


def test_alternatives_one_or_two_suits_and_number_choices() -> None:
    """Constructs that need alternatives: any 1 or 2 suits; runs 1-5 or 5-9 only."""
    suits = card("11a 222a 3333a 44444a {any} X 25", "| 11a 222a 3333b 44444b {any}").lines[0]
    assert len(suits.variations) == 6 * 3 + 6 * 6
    runs = card("12345a 6666b 77777c X 25", "| 56789a 1111b 22222c").lines[0]
    assert len(runs.variations) == 12
    assert {format_variation_as_written(v).split()[0] for v in runs.variations} == {
        "12345m", "12345p", "12345s", "56789m", "56789p", "56789s"}


def _same(line: CardLine, other: CardLine) -> bool:
    return {v.groups for v in line.variations} == {v.groups for v in other.variations}


def test_shift_sets_write_numbers_limited_to_some_shifts_without_alternatives() -> None:
    """Issue 48: a line whose note limits its numbers to some shifts ("1-5 or 5-9 only") is
    one pattern with {shift: 0 4}: the same variations as the pattern and its copy moved by
    4, written as an alternative. A clause may shift some digits only ({1: shift 0 2}), and
    signed amounts read too."""
    shifted = one("11a 22a 333a 444a 5555b {shift: 0 4}")
    by_bar = card("11a 22a 333a 444a 5555b X 25", "| 55a 66a 777a 888a 9999b").lines[0]
    assert len(shifted.variations) == 12 and _same(shifted, by_bar)
    assert "shift set" in read_card("[S]\n11a 22a 333a 444a 5555b {shift: 0 4} X 25\n"
                                    ).lines[0].features
    runs = one("12345a 1111b 22222c {shift: 0 +4}")
    assert {format_variation_as_written(v).split()[0][:5] for v in runs.variations} == {
        "12345", "56789"}
    some = one("11a 1111b 7777c FFFF {1: shift 0 2}")
    assert {g.kind % 9 + 1 for v in some.variations for g in v.groups
            if g.size == 4 and g.kind < 27} == {1, 3, 7}
    assert _same(one("3333a 6666a 33b 66b FF {shift: 0 3}"), one("3333a 6666a 33b 66b FF {369}"))


def test_suit_choices_write_one_or_two_suits_without_alternatives() -> None:
    """Issue 48: "any 1 or 2 suits" is {suits: 1 2}: the two colours may also be one suit,
    the same variations as the two patterns written with |."""
    choice = one("11a 222a 3333b 44444b {any, suits: 1 2}")
    by_bar = card("11a 222a 3333a 44444a {any} X 25", "| 11a 222a 3333b 44444b {any}").lines[0]
    assert len(choice.variations) == 6 * 3 + 6 * 6 and _same(choice, by_bar)
    three = one("111a 222b 333c FFFFF {any, suits: 2 3}")
    assert _same(three, card("111a 222b 333c FFFFF {any} X 25",
                             "| 111a 222a 333b FFFFF {any}", "| 111a 222b 333a FFFFF {any}",
                             "| 111a 222b 333b FFFFF {any}").lines[0])


def test_wind_choices_write_wind_pairs_and_any_wind_without_alternatives() -> None:
    """Issue 48: "North or South" is {N: N S}, a pair of winds ("East and West, or North and
    South") {EW: EW NS}, "any wind" {N: any}: the same variations as one pattern a wind."""
    north_south = one("NNNN 111a 222a 3333a {any, N: N S}")
    assert len(north_south.variations) == 42 and _same(north_south, card(
        "NNNN 111a 222a 3333a {any} X 25", "| SSSS 111a 222a 3333a {any}").lines[0])
    pairs = one("EEEE WWW 111a 2222a {any, EW: EW NS}")
    assert _same(pairs, card("EEEE WWW 111a 2222a {any} X 25",
                             "| NNNN SSS 111a 2222a {any}").lines[0])
    any_wind = one("NNNN 1111a 2222b FF {N: any}")
    assert len(any_wind.variations) == 4 * 6 and _same(any_wind, card(
        "NNNN 1111a 2222b FF X 25", "| EEEE 1111a 2222b FF", "| WWWW 1111a 2222b FF",
        "| SSSS 1111a 2222b FF").lines[0])
    # winds of two clauses are two variables, as numbers are: never the same wind
    two = one("NNNN EEEE 111a 333b {N: any, E: any}")
    assert len(two.variations) == 6 * 6 and all(
        len({g.kind for g in v.groups if g.kind >= EAST}) == 2 for v in two.variations)


@pytest.mark.parametrize(("rule", "words"), [
    ("{shift: 0 9}", "a shift is a whole number from -8 to 8"),
    ("{shift: 0 7}", "shift +7 moves the printed 123 out of 1-9 (to 10)"),
    ("{shift}", "shift needs the amounts"),
    ("{suits: 3}", "suits: 3 suits need 3 colour letters and the line has 2"),
    ("{suits: 4}", "is no number of suits"),
    ("{W: N}", "no W is printed on the line"),
    ("{N: NS}", "'NS' is no choice for 'N'"),
    ("{NS: any}", "any stands for one wind"),
    ("{N: any, N: S}", "named by two clauses"),
])
def test_the_new_clauses_name_their_mistakes(rule: str, words: str) -> None:
    """Issue 48: the shift, suits and wind clauses refuse what cannot be meant, saying so."""
    with pytest.raises(CardError) as e:
        card(f"NNNN 111a 222a 33b SS {rule} X 25")
    assert words in str(e.value), str(e.value)


@pytest.mark.parametrize(("line", "words"), [
    ("11a 1111b 1111c FFFF {@2,@3: any} X 30", "write {@2 @3: any}"),
    ("11a 1111b 1111c FFFF {@2 @3 any} X 30", "write {@2 @3: any}"),
    ("11a 1111b 1111c FFFF {any} x 30", "write X (exposures allowed or concealed) as a capital"),
    ("11a 1111b 1111c FFFF {any} X30", "put a space between X and the points: write X 30"),
    ("11a 1111b 1111c FFFF X30", "put a space between X and the points: write X 30"),
    ("2024A 222b 2222c NNN X 25", "colour letters are lower case: write '2024a'"),
    ("ZZZZ 1111a 2222b FF X 25", "a zero (Soap, the White dragon) is 0, e.g. '0000'"),
    ("JJJJ 1111a 2222b FF X 25", "jokers are never written"),
])
def test_typists_slips_are_errors_that_name_the_fix(line: str, words: str) -> None:
    """Issue 48: the mistakes met typing real cards each get an error that says what to
    write instead."""
    with pytest.raises(CardError) as e:
        card(line)
    assert words in str(e.value), str(e.value)


def test_lines_that_read_but_probably_not_as_meant_are_warned_of(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 48: an uncoloured word on a line that colours its others is in colour a, which
    silently means another hand (FF 1111a 1111b 1111: two kongs of one tile), and S or W
    between two numbers is a wind where Soap's zero was likely (2S24a): both read, both are
    warned of with the fix, on standard error and in --json; the exit status stays 0."""
    f = tmp_path / "slips.card"
    f.write_text("[S]\nFF 1111a 1111b 1111 X 25\n2S24a 222b 2222c NNN X 25\n"
                 "FF 2026 2222 3333 X 25\n", encoding="utf-8")
    spec = read_card(f.read_text(encoding="utf-8"), str(f))
    assert [(w.line, w.column) for w in spec.warnings] == [(2, 16), (3, 2)]
    assert "write 1111a, or the letter you mean" in spec.warnings[0].message
    assert "is written 0: 2024a" in spec.warnings[1].message
    assert main(["card", str(f)]) == 0
    err = capsys.readouterr().err
    assert f"{f}:2:16: warning: '1111' has no colour letter" in err
    assert f"{f}:3:2: warning: 'S' in '2S24a' is the South wind" in err
    assert main(["card", str(f), "--json"]) == 0
    assert [w["line"] for w in json.loads(capsys.readouterr().out)["warnings"]] == [2, 3]
    # a line of one colour, all its words uncoloured, is no slip
    assert not read_card("[S]\nFF 2026 2222 3333 X 25\n").warnings


def test_numbers_rule_names_words_by_position() -> None:
    """{@2 @3: any} moves the numbers of the 2nd and 3rd words only, so a digit may be
    printed fixed elsewhere on the line: the same variations as the renamed-digit trick."""
    by_word = one("11a 1111b 1111c FFFF {@2 @3: any}")
    trick = one("11a 9999b 9999c FFFF {9: any}")
    assert len(by_word.variations) == 27
    assert {v.groups for v in by_word.variations} == {v.groups for v in trick.variations}
    assert all(Group(k, 2) in v.groups for v in by_word.variations
               for k in [next(g.kind for g in v.groups if g.size == 2)] if k in (M, P, S))
    two = one("1111a 1111b 11c 1111a {@1: any, @2 @3: odd}")
    assert len({v.groups for v in two.variations}) == len(two.variations)
    spec = read_card("[S]\n11a 1111b 1111c FFFF {@2 @3: any} X 25\n").lines[0]
    assert "group numbers rule" in spec.features and "fixed numbers" in spec.features


# --------------------------------------------------------------------------------------------
# expansion


def test_every_variation_totals_14_and_groups_are_sorted() -> None:
    """Every variation of every practice line holds exactly 14 tiles, groups sorted."""
    for line in practice_card().lines:
        assert line.variations
        for v in line.variations:
            assert v.size == 14
            assert list(v.groups) == sorted(v.groups, key=lambda g: (g.kind, g.size))


def test_variations_are_deduplicated() -> None:
    """Two assignments giving the same multiset of groups are one variation."""
    for line in practice_card().lines:
        keys = [v.groups for v in line.variations]
        assert len(keys) == len(set(keys))


def test_expansion_order_is_deterministic() -> None:
    """Numbers outer (ascending), suits inner in the order m, p, s."""
    line = one("111a 2222a 333b 4444b {any}")
    assert format_variation(line.variations[0]) == "111m 2222m 333p 4444p"
    assert format_variation(line.variations[-1]) == "888p 9999p 666s 7777s"
    again = parse_card(practice_card_text())
    assert again.lines == practice_card().lines and again.sections == practice_card().sections


def test_quint_of_one_kind_is_legal_with_jokers() -> None:
    """001 "Jokers": jokers fill groups of three or more, so five slots of 1m is legal."""
    line = one("11111a NNNN EEEE 1a")
    assert len(line.variations) == 3
    assert line.variations[0].naturals[M] == 1 and line.variations[0].jokerable[M] == 5


def test_impossible_assignment_is_dropped() -> None:
    """An assignment needing a fifth natural copy is dropped (three Soaps and a White pair
    would be five natural White dragons), the others stay."""
    spec = read_card("[S]\n2000a DDa 1111b 1111c X 25\n").lines[0]
    variations, dropped = expand_line(spec)
    assert dropped == 1 and len(variations) == 2
    assert all(v.naturals.get(WHITE, 0) <= 4 for v in variations)


def test_line_with_no_possible_variation_is_an_error() -> None:
    """Five natural 1s in singles and pairs, or ten jokers, can never be held."""
    with pytest.raises(CardError) as e:
        card("  11a 11a 1a NNNN EEEEE X 25")
    assert (e.value.line, e.value.column) == (2, 3)
    assert "5 natural 1m" in e.value.problem
    with pytest.raises(CardError, match="10 jokers"):
        card("111111a 111111a 11a X 25")


# --------------------------------------------------------------------------------------------
# the line's other fields


def test_x_c_points_note_and_position_001_understanding_the_card() -> None:
    """001: X = exposures allowed, C = concealed; the points; the bracketed note; section
    and number from 1 (shared/NOTATION.md)."""
    c = parse_card("card: Test card\n[Odd ones]\n# a comment\n"
                   "111a 333a 5555a 777a 9a (one suit (fixed)) X 25   # trailing comment\n"
                   "\n"
                   "13579a 1111b 33b FFF C 35\n")
    assert c.name == "Test card" and c.sections == ("Odd ones",) and not c.practice
    first, second = c.lines
    assert (first.section, first.number, first.points, first.concealed, first.note,
            first.source_line) == ("Odd ones", 1, 25, False, "one suit (fixed)", 4)
    assert (second.number, second.points, second.concealed, second.note) == (2, 35, True, "")
    assert first.pattern == "111a 333a 5555a 777a 9a"
    assert c.line("Odd ones", 2) is second


def test_singles_and_pairs_line() -> None:
    """A singles-and-pairs line takes no joker anywhere."""
    line = one("NEWS 11a 22a 11b 22b FF {any}", "C 50")
    assert line.singles_and_pairs and len(line.variations) == 8 * 3
    assert not one("111a 2222a 333b 4444b").singles_and_pairs


def test_card_name_defaults_to_the_file_name(tmp_path: Path) -> None:
    """docs/american-card.md "The file": without ``card:`` the name is the file's stem;
    ``card_from_option`` with a path loads that file."""
    path = tmp_path / "my-2026.card"
    path.write_text("[2026]\n2026a 666b 666c NNNN X 25\n", encoding="utf-8")
    c = load_card(path)
    assert c.name == "my-2026" and c.source == str(path)
    assert card_from_option(str(path)) == c


def test_bom_and_crlf_line_ends_are_read() -> None:
    """A UTF-8 byte order mark and CRLF line ends (as editors on Windows write) are fine."""
    c = parse_card("\ufeffcard: Windows\r\n[S]\r\n2026a 666b 666c NNNN X 25\r\n")
    assert c.name == "Windows" and len(c.lines[0].variations) == 3


def test_features_of_a_line() -> None:
    """LineSpec.features names the format features a line uses (docs/american-card.md)."""
    spec = read_card("[S]\nNEWS 1a1b1c 1111a FFF {any} (like) C 35\n").lines[0]
    assert spec.features == {"concealed", "single", "pung", "kong", "three colours",
                             "mixed-colour token", "any number", "like numbers", "news",
                             "flower", "note"}
    assert spec.rule == "{any}"


# --------------------------------------------------------------------------------------------
# the practice card


def test_practice_card_size_and_marking() -> None:
    """The shipped practice card: >= 50 lines in >= 8 sections, marked as not the League's
    card, points 25-75, both X and C lines."""
    c = practice_card()
    assert c.practice
    assert "NOT the National Mah Jongg League" in c.name
    assert "NOT the National Mah Jongg League's card" in practice_card_text()
    assert len(c.lines) >= 50 and len(c.sections) >= 8
    assert {"2026", "2468", "Like Numbers", "Quints", "Consecutive Run", "13579",
            "Winds - Dragons", "369", "Singles and Pairs"} <= set(c.sections)
    assert all(25 <= ln.points <= 75 for ln in c.lines)
    assert {ln.concealed for ln in c.lines} == {True, False}
    assert all(ln.note for ln in c.lines)
    assert all(ln.singles_and_pairs for ln in c.lines if ln.section == "Singles and Pairs")


def test_practice_card_uses_every_feature_of_the_format() -> None:
    """Together the practice card's lines use every feature of the format."""
    spec = read_card(practice_card_text())
    used = set().union(*(ln.features for ln in spec.lines))
    assert used == set(FEATURES)


def test_practice_card_is_cached() -> None:
    """practice_card() is loaded once (its parse time is make bench's: speed targets live in
    benchmarks, not in timed tests)."""
    assert practice_card() is practice_card()
    assert card_from_option("practice") is practice_card()
    assert parse_card(practice_card_text()).lines == practice_card().lines


# --------------------------------------------------------------------------------------------
# errors


ERRORS = [
    # (card text, line, column, words of the problem)
    ("[S]\nFF 2026a QQQ 3333c X 25\n", 2, 10, "unknown symbol 'Q'"),
    ("[S]\nFF 2026a 222b x 25\n", 2, 15, "as a capital letter"),
    ("[S]\nFF 2026a 2y22b 33333c X 25\n", 2, 11, "unknown symbol 'y'"),
    ("[S]\nFF 2026a 222b 3333c X 25\n", 2, 1, "13 tiles"),
    ("[S]\n\tFF 2026a 222b 33333c X 25 12\n", 2, 28, "after the points"),
    ("[S]\nFF 2026a 222b 33333c X\n", 2, 23, "no points"),
    ("[S]\nFF 2026a 222b 33333c X twenty\n", 2, 24, "whole number"),
    ("[S]\nFF 2026a 222b 33333c X 0\n", 2, 24, "at least 1"),
    ("[S]\nFF 2026a 222b 33333c (note)\n", 2, 28, "no X"),
    ("[S]\nFF 2026a 222b 33333c (note X 25\n", 2, 22, "not closed"),
    ("[S]\nFF 2026a 222b 33333c {any X 25\n", 2, 22, "not closed"),
    ("[S]\nFF 2026a 222b 33333c Z 25\n", 2, 22, "'Z' in 'Z' is no symbol: a zero"),
    ("[S]\nFF 2026a 222b 33333c (n) Z 25\n", 2, 26, "expected X"),
    ("[A]\n2026a 666b 666c NNNN X 25\n[A]\n", 3, 1, "duplicate section 'A'"),
    ("[A]\n[B]\n2026a 666b 666c NNNN X 25\n", 1, 1, "section 'A' has no lines"),
    ("2026a 666b 666c NNNN X 25\n", 1, 1, "before the first section"),
    ("year: 2026\n[A]\n2026a 666b 666c NNNN X 25\n", 1, 1, "unknown directive"),
    ("[A]\ncard: late\n", 2, 1, "before the first section"),
    ("[A\n", 1, 1, "no closing"),
    ("# nothing\n", 1, 1, "no lines"),
    ("[S]\n111a 2222a 333b 4444b {odd} X 25\n", 2, 24, "no numbers satisfy 'odd'"),
    ("[S]\n111a 2222a 333b 4444b {big} X 25\n", 2, 24, "unknown numbers rule 'big'"),
    ("[S]\n111a 2222a 333b 4444b {} X 25\n", 2, 23, "empty"),
    ("[S]\n111a 2222a 333b 4444b {1: any, 7: any} X 25\n", 2, 32, "no 7 is printed"),
    ("[S]\n111a 2222a 333b 4444b {12: any, 2: any} X 25\n", 2, 33, "two clauses"),
    ("[S]\n111a 2222a 333b 4444b {1: 5, 2: 5} X 25\n", 2, 23, "different numbers"),
    ("[S]\n111a 2222a 333b 4444b {any, 2: any} X 25\n", 2, 24, "each names the digits"),
    ("[S]\n2026a NNNN EEEE SS {any} X 25\n", 2, 21, "no numbers to move"),
    ("[S]\n1111a1 NNNN EEEEE X 25\n", 2, 6, "no colour letter after it"),
    ("[S]\nNNa 1111b EEEE SSSS F X 25\n", 2, 3, "colour letter 'a'"),
    ("[S]\n111111a 1111111b X 25\n", 2, 9, "sextet"),
    ("[S]\n111a 2222a 333b 4444b (n) {any} X 25\n", 2, 27, "the rule comes first"),
    ("[S]\n111a 2222a 333b 4444b (n) (m) X 25\n", 2, 27, "a second note"),
    ("card: A\ncard: B\n[S]\n", 2, 1, "given twice"),
    ("practice: maybe\n[S]\n", 1, 1, "yes or no"),
    ("[]\n", 1, 1, "needs a name"),
    ("[S]\n| NNNN 111a 222a 3333a X 25\n", 2, 1, "no line above"),
    ("[S]\nNNNN 111a 222a 3333a {any} X 25\n| SSSS 111a 222a 333a\n", 3, 3,
     "the alternative has 13 tiles"),
    ("[S]\nNNNN 111a 222a 3333a X 25\n| SSSS 111a 222a 3333a (n)\n", 3, 24, "has no note"),
    ("[S]\nNNNN 111a 222a 3333a X 25\n| SSSS 111a 222a 3333a X 25\n", 3, 24,
     "has no X and no points"),
    ("[S]\nNNNN 111a 222a 3333a X 25 | SSSS 111a 222a 3333a\n", 2, 27, "a line of its own"),
    ("[S]\nNNNN 111a 222a 3333a X 25\n| SSSS 111a 222a 3333a {any\n", 3, 24, "not closed"),
    ("[S]\n11a 1111b 1111c FFFF {@5: any} X 25\n", 2, 23, "the pattern has 4 words"),
    ("[S]\n11a 1111b 1111c FFFF {@4: any} X 25\n", 2, 23, "no number to move"),
    ("[S]\n11a 1111b 1111c FFFF {@two: any} X 25\n", 2, 23, "names no word"),
    ("[S]\n11a 1111b 1111c FFFF {1: any, @2: odd} X 25\n", 2, 31, "moved by two clauses"),
    ("[S]\nRRRa GGGG 1111a 111b X 25\n", 2, 4, "takes no colour"),
    ("[S]\nF 000a 1111a 1111b NN X 25\n", 2, 6, "take no colour"),
    ("[S]\nF 0002 1111a 1111b NN X 25\n", 2, 1, "the line has 15 tiles"),
    ("[S]\nF 00F 1111a 1111b NNN X 25\n", 2, 3, "mixes 0 with 'F'"),
    ("[S]\n0000000 1111a 1111b X 25\n", 2, 1, "sextet"),
    ("[S]\nNNNN 1111a 2222a FF X 25\n| 2000a 00 1111b 1111c\n", 3, 3,
     "no variation of this alternative can be made: it needs 5 natural 5z"),
]


@pytest.mark.parametrize(("text", "line", "column", "words"), ERRORS,
                         ids=[e[3] for e in ERRORS])
def test_malformed_cards_name_line_and_column(text: str, line: int, column: int,
                                              words: str) -> None:
    """Malformed cards raise CardError with the right line and column
    (docs/american-card.md "Errors"); a card with other mistakes besides (an empty section
    left by the example) lists those too, each on a line of its own."""
    with pytest.raises(CardError) as e:
        parse_card(text, "my.card")
    err = next((p for p in e.value.problems if words in p.problem), None)
    assert err is not None, str(e.value)
    assert (err.source, err.line, err.column) == ("my.card", line, column), str(err)
    assert str(err) == f"my.card:{line}:{column}: {err.problem}"
    assert str(err) in str(e.value).splitlines()


def test_unreadable_files(tmp_path: Path) -> None:
    """A file that cannot be read (missing, a directory, not UTF-8) is a CardError."""
    missing = tmp_path / "missing.card"
    with pytest.raises(CardError) as e:
        load_card(missing)
    assert str(e.value).startswith(f"{missing}:0:0: cannot read the card")
    with pytest.raises(CardError, match="cannot read"):
        load_card(tmp_path)
    binary = tmp_path / "latin1.card"
    binary.write_bytes(b"[S]\n\xe9\n")
    with pytest.raises(CardError, match="not UTF-8"):
        card_from_option(str(binary))


# --------------------------------------------------------------------------------------------
# the card command


def test_card_command_lists_the_practice_card(capsys: pytest.CaptureFixture[str]) -> None:
    """``mahjong-table card practice``: every line with section, number, X/C, points,
    pattern and variations, then the totals; exit 0."""
    assert main(["card", "practice"]) == 0
    out = capsys.readouterr().out
    c = practice_card()
    total = sum(len(ln.variations) for ln in c.lines)
    assert f"ok: {len(c.lines)} lines in {len(c.sections)} sections, {total} variations" in out
    rows = [r for r in out.splitlines() if r.startswith("Like Numbers ")]
    assert len(rows) == sum(1 for ln in c.lines if ln.section == "Like Numbers")
    fields = rows[-1].split()
    assert fields[2:7] == ["6", "X", "30", "216", "1111a"]
    assert "{1: any, 7: any}" in rows[-1]
    assert main(["card", "--practice"]) == 0
    assert capsys.readouterr().out == out


def test_card_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    """``card --practice --json``: one object with every line and the totals."""
    assert main(["card", "--practice", "--json", "--variations"]) == 0
    obj = json.loads(capsys.readouterr().out)
    c = practice_card()
    assert obj["ok"] and obj["practice"] and obj["card"] == c.name
    assert obj["sections"] == list(c.sections)
    assert obj["totals"]["lines"] == len(c.lines)
    assert obj["totals"]["variations"] == sum(len(ln.variations) for ln in c.lines)
    first = obj["lines"][0]
    assert first["section"] == c.lines[0].section and first["number"] == 1
    assert first["exposure"] in ("X", "C") and first["variations"] == len(first["expanded"])


def test_card_command_variations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--variations`` lists every concrete variation, each word as the card writes it;
    dropped assignments are reported."""
    path = tmp_path / "small.card"
    path.write_text("[Dragons]\nDDDa DDDb NNNN SSSS (two dragons) X 25\n"
                    "[Soap]\n2000a DDa 1111b 1111c C 30\n", encoding="utf-8")
    assert main(["card", str(path), "--variations"]) == 0
    out = capsys.readouterr().out
    assert "- 555z 666z 4444z 2222z" in out  # DDDa DDDb NNNN SSSS, a circles, b bamboo
    assert "1 impossible assignment dropped" in out
    assert "ok: 2 lines in 2 sections, 5 variations; 1 X and 1 C; points 25-30" in out


ISSUE_21_CARD = """card: invented constructs (issue 21)
[Dragons]
RRRR GGGG 111a 111b {any}             (Red and Green, like numbers in two suits)  X 25
F 000 1111a 1111b NN {any}            (a pung of zeros)                           X 30
[Winds]
NNNN 111a 222a 3333a {any}            (North or South)                            X 25
| SSSS 111a 222a 3333a {any}
[Numbers]
11a 1111b 1111c FFFF {@2 @3: any}     (a pair of 1s, kongs of any like number)    X 30
"""


def test_card_command_counts_each_construct_of_issue_21(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``card FILE --json --variations`` on invented lines: Red and Green kongs with like
    pungs in two suits, 9 numbers x 3 pairs of suits = 27; a pung of zeros with like kongs
    in two suits = 27; North or South with any 3 consecutive numbers in one suit, one line,
    2 x 7 x 3 = 42 (with alternatives for both patterns); a pair of fixed 1s with like kongs
    of a number named by word, 9 x 3 = 27."""
    path = tmp_path / "issue21.card"
    path.write_text(ISSUE_21_CARD, encoding="utf-8")
    assert main(["card", str(path), "--json", "--variations"]) == 0
    obj = json.loads(capsys.readouterr().out)
    got = [(ln["section"], ln["number"], ln["variations"], len(ln["expanded"]))
           for ln in obj["lines"]]
    assert got == [("Dragons", 1, 27, 27), ("Dragons", 2, 27, 27), ("Winds", 1, 42, 42),
                   ("Numbers", 1, 27, 27)]
    winds = obj["lines"][2]
    assert winds["pattern"] == "NNNN 111a 222a 3333a {any} | SSSS 111a 222a 3333a {any}"
    assert winds["numbers"] == "" and winds["source_line"] == 6
    assert winds["alternatives"] == [
        {"pattern": "NNNN 111a 222a 3333a", "numbers": "{any}", "source_line": 6},
        {"pattern": "SSSS 111a 222a 3333a", "numbers": "{any}", "source_line": 7}]
    assert len(set(winds["expanded"])) == 42
    assert obj["lines"][0]["alternatives"] == [
        {"pattern": "RRRR GGGG 111a 111b", "numbers": "{any}", "source_line": 3}]
    assert obj["totals"]["lines"] == 4 and obj["totals"]["variations"] == 27 * 3 + 42
    assert main(["card", str(path), "--variations"]) == 0
    out = capsys.readouterr().out
    assert "- F 555z 1111m 1111p 44z" in out  # F 000 1111a 1111b NN, word for word
    assert "42  NNNN 111a 222a 3333a {any} | SSSS 111a 222a 3333a {any}" in out


def test_card_command_malformed_and_unreadable(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 2 with the CardError message on standard error."""
    bad = tmp_path / "bad.card"
    bad.write_text("[S]\n2026a 666b 666c NNNN X 25\nFF 2026a QQQ 3333c X 25\n",
                   encoding="utf-8")
    assert main(["card", str(bad)]) == 2
    out, err = capsys.readouterr()
    assert not out and f"{bad}:3:10: unknown symbol 'Q'" in err
    assert main(["card", str(tmp_path / "none.card"), "--json"]) == 2
    out, err = capsys.readouterr()
    assert not out and "cannot read the card" in err
    assert main(["card"]) == 2
    assert "name a card" in capsys.readouterr().err
    assert main(["card", str(bad), "--practice"]) == 2
    assert "not both" in capsys.readouterr().err


def test_variations_are_shown_as_the_card_writes_them() -> None:
    """docs/american-card.md: a year is one word of digits with Soap as zero (``2026a``), a
    run or NEWS one word: a variation is shown word for word in the card's order, not split
    and sorted (``format_variation`` keeps the sorted form for comparisons)."""
    line = one("2026a NNNN EEEE SS")
    assert [format_variation_as_written(v) for v in line.variations] == [
        "2m5z2m6m 4444z 1111z 22z", "2p5z2p6p 4444z 1111z 22z", "2s5z2s6s 4444z 1111z 22z"]
    mixed = one("2a02b6c NEWS 1234a FF")
    assert format_variation_as_written(mixed.variations[0]) == "2m5z2p6s 4132z 1234m FF"
    assert format_variation(mixed.variations[0]).startswith("1m 2m 2m 3m 4m 2p 6s")


def _number_maps_by_every_combination(rules: list[NumberRule]) -> list[dict[int, int]]:
    """The plain reading of the numbers rule: every combination of shifts, in product order,
    kept when no two clauses reach one number."""
    out = []
    for ks in itertools.product(*(card_module._shifts(r) for r in rules)):
        mapping: dict[int, int] = {}
        used: set[int] = set()
        for rule, k in zip(rules, ks, strict=True):
            values = {d + k for d in rule.digits}
            if values & used:
                break
            used |= values
            mapping.update((i, k) for i in rule.slots)
        else:
            out.append(mapping)
    return out


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.frozensets(st.integers(1, 9), min_size=1, max_size=3),
                          st.sampled_from([frozenset(range(1, 10)), frozenset({1, 3, 5, 7, 9}),
                                           frozenset({2, 4, 6, 8}), frozenset({3, 6, 9})])),
                min_size=0, max_size=4))
def test_number_maps_search_equals_every_combination(
        clauses: list[tuple[frozenset[int], frozenset[int]]]) -> None:
    """The numbers rule's assignments (docs/american-card.md, numbers rules: different clauses take
    different numbers) are found by a depth-first search that drops a clash early (a line
    of seven ``any`` clauses took 20 s to expand by trying every combination: a new-user
    test); the maps and their order are the plain reading's."""
    rules = [NumberRule(digits, domain, "any", "", 0, frozenset({i}))
             for i, (digits, domain) in enumerate(clauses)]
    assert list(card_module._number_maps(rules)) == _number_maps_by_every_combination(rules)
