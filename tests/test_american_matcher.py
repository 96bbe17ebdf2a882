"""The American matcher: tiles away, winning lines, completing tiles, against hand-built
lines and the practice card, and differentially against the literal reference.

Rules: rule book 001 Part one "Jokers" (jokers only in groups of three or more, a group may
be all jokers), "Understanding the NMJL card" (X/C lines, colours), "Calling discards"
(exposures); shared/NOTATION.md "American readings that tests outside the project rely on"
(an exposure is exactly one group, never grows; tiles away; Soap)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_table.melds import Meld, MeldError, MeldKind, parse_hand
from mahjong_table.rules.american import matcher
from mahjong_table.rules.american.card import parse_card, practice_card
from mahjong_table.rules.american.matcher import (
    LineDistance,
    _lane_moves,
    _narrow,
    _widen,
    best,
    compile_card,
    completing_tiles,
    exposure_group,
    hand_counts,
    is_complete,
    tiles_away,
    winning_lines,
)
from mahjong_table.rules.american.model import FLOWER, JOKER, Card, CardLine, Group, Variation
from mahjong_table.rules.american.reference import reference_line_away, reference_tiles_away
from mahjong_table.rules.american.samples import near_hand, random_hand, sample_hands
from mahjong_table.tiles import (
    AMERICAN_TILE_SET,
    TILES,
    Tile,
    TileCountError,
    format_tiles,
    parse_tiles,
)

# ----- helpers -----------------------------------------------------------------------------


def variation(text: str) -> Variation:
    """``"FF 2222m 44m 2m 5z"``: each word one group of identical tiles (``F`` repeated for
    flowers, otherwise mpsz)."""
    out = []
    for word in text.split():
        if set(word) == {"F"}:
            out.append(Group(FLOWER, len(word)))
            continue
        tiles = parse_tiles(word)
        assert len(set(tiles)) == 1, word
        out.append(Group(int(tiles[0]), len(tiles)))
    return Variation(tuple(sorted(out, key=lambda g: (g.kind, g.size))))


def make_line(*variations: str, number: int = 1, points: int = 25, concealed: bool = False,
              section: str = "Test") -> CardLine:
    return CardLine(section, number, variations[0], points, concealed,
                    tuple(variation(v) for v in variations))


def make_card(*lines: CardLine) -> Card:
    return Card("test", tuple(lines), tuple(dict.fromkeys(ln.section for ln in lines)))


def hand(text: str) -> tuple[list[int], list[Meld]]:
    """Concealed counts (47) and exposures of a hand written as for ``score``."""
    h = parse_hand(text, AMERICAN_TILE_SET)
    return hand_counts(h.concealed), list(h.melds)


def away(card: Card, text: str, line: int = 0) -> int | None:
    counts, exposures = hand(text)
    target = card.lines[line]
    for d in tiles_away(card, counts, exposures):
        if d.line is target:
            return d.away
    raise AssertionError("line missing")


def distance(card: Card, text: str, line: int = 0) -> LineDistance:
    counts, exposures = hand(text)
    target = card.lines[line]
    return next(d for d in tiles_away(card, counts, exposures) if d.line is target)


def meld(text: str) -> Meld:
    """An exposure built directly (bypassing the notation's meld checks)."""
    tiles = tuple(sorted(parse_tiles(text)))
    kind = {3: MeldKind.PUNG, 4: MeldKind.KONG, 5: MeldKind.QUINT, 6: MeldKind.SEXTET,
            2: MeldKind.PAIR}.get(len(tiles), MeldKind.PUNG)
    return Meld(kind, tiles)


EVENS = make_line("FF 2222m 44m 6666m 88m")
CARD = make_card(EVENS)


# ----- jokers (001 Part one "Jokers") ------------------------------------------------------


def test_complete_hand_is_zero_away() -> None:
    """A 14-tile hand completes a line iff it is 0 tiles away (shared/NOTATION.md)."""
    assert away(CARD, "1f2f 2222m 44m 6666m 88m") == 0
    counts, _ = hand("1f2f 2222m 44m 6666m 88m")
    assert is_complete(CARD, counts, [])
    assert winning_lines(CARD, counts, []) == [EVENS]


def test_joker_in_a_pair_is_rejected() -> None:
    """001 "Jokers": jokers may not be used in pairs."""
    d = distance(CARD, "1f2f 2222m 4m1j 6666m 88m")
    assert d.away == 1
    assert d.needs == (Tile.parse("4m"),)
    assert d.needs_jokerable == ()
    counts, _ = hand("1f2f 2222m 4m1j 6666m 88m")
    assert not is_complete(CARD, counts, [])


def test_joker_as_a_single_or_flower_pair_is_rejected() -> None:
    """001 "Jokers": not as single tiles (runs, NEWS, years are singles), not in pairs."""
    news = make_card(make_line("1z 2z 3z 4z 1111m 111p 111s"))
    assert away(news, "1z2z3z1j 1111m 111p 111s") == 1
    assert away(news, "1z2z3z4z 1m111j 111p 111s") == 0
    assert away(CARD, "1f1j 2222m 44m 6666m 88m") == 1


def test_kong_of_three_jokers_and_one_natural_is_accepted() -> None:
    """001 "Jokers": a group may contain any number of jokers."""
    assert away(CARD, "1f2f 2m111j 44m 6666m 88m") == 0


def test_concealed_group_of_jokers_only_is_accepted() -> None:
    """shared/NOTATION.md: a concealed group may be all jokers."""
    assert away(CARD, "1f2f 1111j 44m 6666m 88m") == 0
    assert away(CARD, "1f2f 1111j 44m 1111j 88m") == 0


def test_two_pairs_of_one_number_in_two_suits_are_no_kong() -> None:
    """Colours are suits (001 "Understanding the NMJL card"): 22m 22p is not 2222m."""
    assert away(CARD, "1f2f 22m22p 44m 6666m 88m") == 2
    assert distance(CARD, "1f2f 22m22p 44m 6666m 88m").needs == (Tile.parse("2m"),) * 2


def test_jokers_fill_the_best_gaps_and_needs_name_naturals() -> None:
    """Needs name the natural tile of a joker-able slot; jokers held fill gaps."""
    d = distance(CARD, "1f2f 22m 44m 66m 88m 1j")
    # held: FF, 22, 44, 66, 88 and one joker = 11 of 14
    assert d.away == 3
    assert len(d.needs) == 3
    assert set(d.needs) <= {Tile.parse("2m"), Tile.parse("6m")}
    assert d.needs_jokerable == d.needs


# ----- exposures (001 "Calling discards"; NOTATION "American readings") ---------------------


def test_pung_of_jokers_with_the_claimed_natural_is_accepted() -> None:
    """``[5m11j]``: a pung of 5 characters with two jokers is one exposed group."""
    pungs = make_card(make_line("555m 666m 777m 8888m 1z"))
    assert away(pungs, "[5m11j] 666m 777m 8888m 1z") == 0
    counts, exposures = hand("[5m11j] 666m 777m 8888m 1z")
    assert exposure_group(exposures[0]) == (4, 3)
    assert is_complete(pungs, counts, exposures)


def test_exposure_of_jokers_only_is_malformed() -> None:
    """NOTATION: ``[111j]`` is no exposure (it holds no natural tile)."""
    with pytest.raises(MeldError):
        parse_hand("[111j] 1f2f 44m 6666m 88m 2m", AMERICAN_TILE_SET)
    jokers = Meld(MeldKind.PUNG, (TILES[JOKER],) * 3)
    with pytest.raises(ValueError, match="at least one natural"):
        tiles_away(CARD, hand("1f2f 44m 6666m 88m 2m")[0], [jokers])
    with pytest.raises(ValueError, match="3-6 tiles"):
        tiles_away(CARD, hand("1f2f 44m 6666m 88m 2m")[0], [meld("22m")])
    with pytest.raises(ValueError, match="identical"):
        tiles_away(CARD, hand("1f2f 44m 6666m 88m 2m")[0], [meld("234m")])


def test_exposed_pung_never_grows_into_a_kong() -> None:
    """NOTATION: an exposure is exactly one group; ``[6s111j]`` is a kong, ``[666s]`` a
    pung that stays a pung."""
    kongs = make_card(make_line("FF 2222s 44s 6666s 88s"))
    assert away(kongs, "[666s] 1f2f 2222s 44s 6s 88s") is None
    assert away(kongs, "[6s111j] 1f2f 2222s 44s 88s") == 0
    assert away(kongs, "[6666s] 1f2f 2222s 44s 88s") == 0
    mixed = make_card(make_line("666s 6666p 2222m 111m"))
    assert away(mixed, "[666s] 6666p 2222m 111m") == 0


def test_exposure_must_match_a_group_of_its_size() -> None:
    """An exposure fits only a group of its own tile and size; else the line is out."""
    assert away(CARD, "[2222m] 1f2f 44m 66m") == 14 - 4 - 2 - 2 - 2
    assert away(CARD, "[222m] 1f2f 44m 66m") is None
    assert away(CARD, "[777m] 1f2f 44m 66m") is None


def test_concealed_line_is_rejected_when_the_hand_has_an_exposure() -> None:
    """001 "Understanding the NMJL card": C = concealed hand."""
    concealed = make_card(make_line("FF 2222m 44m 6666m 88m", concealed=True))
    assert away(concealed, "1f2f 2222m 44m 6666m 88m") == 0
    assert away(concealed, "[2222m] 1f2f 44m 6666m 88m") is None
    counts, exposures = hand("[2222m] 1f2f 44m 6666m 88m")
    assert winning_lines(concealed, counts, exposures) == []
    assert not is_complete(concealed, counts, exposures)
    d = distance(concealed, "[2222m] 1f2f 44m 6666m 88m")
    assert d.variation is None and d.needs == ()


def test_two_equal_exposures_need_two_groups() -> None:
    """Each exposure fills a whole group of its own: two ``[555m]`` need two such pungs."""
    twice = make_card(make_line("555m 555p 777m 8888m 1z"), make_line("555m 555m 44s 8888s 11z"))
    counts, exposures = hand("[5m11j] [55m1j] 44s 8888s 11z")
    found = [d.away for d in tiles_away(twice, counts, exposures)]
    assert found == [0, None]
    assert tiles_away(twice, counts, exposures)[0].line is twice.lines[1]


# ----- flowers, Soap -------------------------------------------------------------------


def test_flowers_are_interchangeable() -> None:
    """001 "Flower tiles": all flowers are alike; an exposed flower pung is any three."""
    for flowers in ("1f2f", "5f8f", "4f7f"):
        assert away(CARD, f"{flowers} 2222m 44m 6666m 88m") == 0
    three = make_card(make_line("FFF 2222m 44m 6666m 8m"))
    counts, _ = hand("2222m 44m 6666m 8m")
    assert tiles_away(three, counts, [meld("1f5f8f")])[0].away == 0
    assert exposure_group(meld("2f6f7f")) == (FLOWER, 3)


def test_soap_is_zero_in_a_year_and_white_elsewhere() -> None:
    """NOTATION: White ``5z`` is Soap, the zero of a year; a D of circles is White too."""
    card = parse_card("[Year]\n2026a DDDb 666b FFFF X 25\n")
    kinds = [{(g.kind, g.size) for g in v.groups} for v in card.lines[0].variations]
    # the year 2026 in characters: 2m, Soap (5z) as a single, 2m, 6m
    year_m = next(k for k in kinds if (1, 1) in k and (5, 1) in k)
    assert (31, 1) in year_m
    # D of circles is White (5z) as a pung
    assert any((31, 3) in k for k in kinds)
    assert away(card, "2p5z2p6p 777z 666m 1f2f3f4f") == 0   # Red goes with characters
    assert away(card, "2m5z2m6m 555z 666p 1f2f3f4f") == 0   # White with circles
    # Soap is no joker spot: the zero is a single of a year
    assert away(card, "2p1j2p6p 777z 666m 1f2f3f4f") == 1


# ----- exact values, needs, completing tiles ---------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("1f2f 2222m 44m 6666m 88m", 0),
    ("1f2f 2222m 44m 6666m 8m", 1),
    ("2222m 44m 6666m 88m", 2),
    ("1f2f 2222p 44p 6666p 88p", 12),          # another suit: only the flowers count
    ("1f 2m 4m 6m 8m 1z2z3z4z5z6z7z 9p9s", 9),  # FF? 1; 2,4,6,8 one each: 5 held
    ("1111j 1111j 44m 88m 1f2f", 0),           # both kongs all jokers
    ("111j 1111j 1f2f 44m 88m", 1),
    ("1f2f3f4f 2222m 4m 6666m 8m", 2),         # extra flowers never count
])
def test_exact_tiles_away(text: str, expected: int) -> None:
    """Tiles away = 14 - most tiles one variation holds (NOTATION "Tiles away")."""
    assert away(CARD, text) == expected
    counts, exposures = hand(text)
    assert reference_line_away(EVENS, counts, exposures) == expected


def test_best_variation_and_needs_over_suits() -> None:
    """The best variation of a line that may take any suit (001 "One colour = any suit")."""
    line = make_line("FF 2222m 44m 6666m 88m", "FF 2222p 44p 6666p 88p",
                     "FF 2222s 44s 6666s 88s")
    card = make_card(line)
    d = distance(card, "1f 2222p 44p 66p 8p 5z 5z 1m")
    assert d.away == 4
    assert d.variation == line.variations[1]
    assert d.needs == tuple(parse_tiles("66p 8p 1f"))
    assert "away=4" in repr(d)


def test_results_are_nearest_first_ties_in_card_order() -> None:
    """tiles_away lists every line, nearest first; ties keep card order; None last."""
    a = make_line("FF 2222m 44m 6666m 88m", number=1)
    b = make_line("FF 2222p 44p 6666p 88p", number=2)
    c = make_line("FF 2222m 44m 6666m 88m", number=3, concealed=True)
    d = make_line("FF 1111s 33s 5555s 77s", number=4)
    card = make_card(a, b, c, d)
    counts, exposures = hand("[2222m] 1f2f 44m 66m 2p 4p")
    got = tiles_away(card, counts, exposures)
    assert [(x.line.number, x.away) for x in got] == [(1, 4), (2, None), (3, None),
                                                      (4, None)]
    counts, _ = hand("1f2f 2222p 44p 6666p 8p")
    got = tiles_away(card, counts, [])
    assert [(x.line.number, x.away) for x in got] == [(2, 1), (1, 12), (3, 12), (4, 12)]


def test_nearest_lines_are_the_first_of_the_full_list() -> None:
    """tiles_away(..., nearest=n) is the first n of the full list (nearest first, ties in
    card order, None last) on sample hands of the practice card, for every n; a negative n
    is refused by name (shared/NOTATION.md "Tiles away")."""
    card = practice_card()
    lines = len(card.lines)
    for conc, exps in sample_hands(card, 60, 11):
        full = tiles_away(card, conc, exps)
        for n in (0, 1, 3, 10, lines - 1, lines, lines + 5):
            got = tiles_away(card, conc, exps, nearest=n)
            assert [(d.line.key, d.away, d.variation) for d in got] == \
                [(d.line.key, d.away, d.variation) for d in full[:n]]
    with pytest.raises(ValueError, match="nearest must be a whole number, 0 or more, not -1"):
        tiles_away(card, [0] * 47, [], nearest=-1)


def test_winning_lines_and_best_line() -> None:
    """Every line a hand completes; ``best`` takes the most points, ties in card order."""
    low = make_line("FF 2222m 44m 6666m 88m", number=1, points=25)
    high = make_line("FF 2222m 44m 6666m 88m", number=2, points=40, concealed=True)
    same = make_line("FF 2222m 44m 6666m 88m", number=3, points=40)
    card = make_card(low, high, same)
    counts, _ = hand("1f2f 2m111j 44m 6666m 88m")
    lines = winning_lines(card, counts, [])
    assert lines == [low, high, same]
    assert best(lines) is high
    assert best([]) is None
    counts, exposures = hand("[2m111j] 1f2f 44m 6666m 88m")
    assert best(winning_lines(card, counts, exposures)) is same
    assert winning_lines(card, hand("1f2f 2222m 44m 6666m 8m")[0], []) == []


def test_completing_tiles() -> None:
    """The tiles (and joker) that complete a 13-tile hand, for Mahjong on a discard."""
    pair_gap = hand("1f2f 2222m 4m 6666m 88m")[0]
    assert completing_tiles(CARD, pair_gap, []) == {3}
    kong_gap = hand("1f2f 222m 44m 6666m 88m")[0]
    assert completing_tiles(CARD, kong_gap, []) == {1, JOKER}
    flower_gap = hand("1f 2222m 44m 6666m 88m")[0]
    assert completing_tiles(CARD, flower_gap, []) == {FLOWER}
    assert completing_tiles(CARD, hand("1f 2222m 44m 6666m 8m")[0], []) == frozenset()
    assert completing_tiles(CARD, hand("1f2f 2222m 44m 6666m 88m")[0], []) == frozenset()
    counts, exposures = hand("[6666m] 1f2f 2m111j 44m 8m")
    assert completing_tiles(CARD, counts, exposures) == {7}


def test_hand_limits() -> None:
    """At most fourteen tiles; counts over 47 indices (shorter lists are padded)."""
    with pytest.raises(ValueError, match="at most 14"):
        tiles_away(CARD, hand("1f2f 2222m 44m 6666m 88m 9p")[0], [])
    with pytest.raises(ValueError, match="negative"):
        tiles_away(CARD, [-1] + [0] * 46, [])
    assert tiles_away(CARD, [0] * 34, [])[0].away == 14
    assert not is_complete(CARD, hand("1f2f 2222m 44m 6666m 8m")[0], [])
    season = hand("1f2f 2222m 44m 6666m 8m")[0]
    season[42] += 1  # a season is no American tile (001 Part one "Tiles"): refused by name
    with pytest.raises(ValueError, match="not in the American tile set"):
        winning_lines(CARD, season, [])
    with pytest.raises(ValueError, match="not in the American tile set"):
        is_complete(CARD, season, [])


def test_compile_card_is_cached_once_per_card() -> None:
    """The card's index is built once and reused (the card is matched millions of times)."""
    assert compile_card(CARD) is compile_card(CARD)
    with pytest.raises(ValueError, match="not 14"):
        compile_card(make_card(make_line("FF 2222m 44m 6666m 8m")))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 300), min_size=1, max_size=40), st.randoms(use_true_random=False))
def test_folds_give_every_lines_maximum(sizes: list[int], rng: random.Random) -> None:
    """The packed layout's folds (issue 25, item 3: every line folded at once) give each line
    the largest held value of its own variations, whatever the lines' variation counts, and
    never read a padding lane or another line's lane."""
    v = "FF 2222m 44m 6666m 88m"
    card = make_card(*(make_line(*[v] * n, number=i + 1) for i, n in enumerate(sizes)))
    cc = compile_card(card)
    data = bytearray(cc.size)
    for p, var in enumerate(cc.variations):
        if var is not None:
            data[p] = rng.randrange(15)
    expected = [max(data[p] for p in cc.positions_of[id(ln)]) for ln in card.lines]
    packed = cc.pack(bytes(data))
    assert cc.to_bytes(packed) == bytes(data)  # five-bit lanes and back
    assert list(cc.maxima(packed)) == expected
    # both builds' last steps, whichever this build runs: the lanes read where they lie
    # (compiled) and the lanes moved apart first (pure Python)
    folded = cc.fold(packed)
    assert cc._read_maxima(folded) == expected
    assert cc._widen_maxima(folded) == expected
    assert sorted(p for ln in card.lines for p in cc.positions_of[id(ln)]) == [
        p for p, var in enumerate(cc.variations) if var is not None]
    # a line's best variation read from the packed bytes, lane by lane (issue 25: the
    # whole card's lanes are no longer moved apart for it), is the first holding the most
    raw = cc.packed_bytes(packed)
    for ln, top in zip(card.lines, expected, strict=True):
        held = [data[p] for p in cc.positions_of[id(ln)]]
        assert cc.best_variation(raw, ln, top) is ln.variations[held.index(top)]
    with pytest.raises(ValueError, match="holds 15 tiles"):
        cc.best_variation(raw, card.lines[0], 15)


def test_component_sums_are_the_kinds_sums_and_their_memo_is_bounded() -> None:
    """The held vector sums each suit's (and the honours') kinds once per distinct counts of
    that component, from a memo (issue 25, item 3): the sums equal the kind-by-kind rows,
    and the memo never holds more than its cap, however many hands are matched."""
    card = practice_card()
    cc = compile_card(card)
    rng = random.Random(25)
    cc._sums.clear()
    for _ in range(60):
        counts = [0] * 47
        for k in rng.sample(range(35), 5):
            counts[k] = rng.randint(1, 4)
        for first, number in ((0, 0), (9, 1), (18, 2), (27, 3)):
            key = number << 36
            f = n = 0
            for k in range(first, min(first + 9, 35)):
                key |= counts[k] << (4 * (k - first))
                slots, natural = cc.slots[k], cc.natural[k]
                if counts[k] and slots is not None:
                    f += slots[counts[k]]
                    if natural is not None:
                        n += natural[counts[k]]
            assert cc._component(key) == (f, n, f - n)
    # far more distinct suits than the cap: the memo is emptied when full, and matching
    # still agrees with the literal reference
    seen = set()
    for i in range(4 ** 7):
        counts = [0] * 47
        for r in range(7):
            counts[r] = (i >> (2 * r)) & 3
        if sum(counts) > 12:
            continue
        counts[27] = 2
        tiles_away(card, counts)
        seen.add(tuple(counts[:9]))
        assert len(cc._sums) <= matcher._SUMS_CAP
    assert len(seen) > matcher._SUMS_CAP + 1000
    for sample in sample_hands(card, 40, 3):
        got = [d.away for d in sorted(tiles_away(card, *sample),
                                      key=lambda d: card.lines.index(d.line))]
        assert got == reference_tiles_away(card, *sample)


def test_best_variation_read_by_line_number_is_the_first_that_holds_the_most() -> None:
    """A distance's variation is the first of its line's variations (card order) that holds
    the most tiles of the hand (shared/NOTATION.md "Tiles away"): read by the line's number
    on the card (issue 25), it is the one a scan of the line's lanes in the held vector
    finds, and the one found from the line itself; ``index`` is the line's place."""
    card = practice_card()
    cc = matcher.compile_card(card)
    checked = 0
    for conc, exps in sample_hands(card, 80, 12):
        for d in tiles_away(card, conc, exps):
            assert card.lines[d.index] is d.line  # reachable or not (a new-user test found
            if d.away is None:                     # -1 on every unreachable line)
                assert d.variation is None
                continue
            result = d._result
            assert result is not None
            data = result.data
            lanes = []
            for p in cc.positions_of[id(d.line)]:
                bit = p * matcher._LANE
                lanes.append(((data[bit >> 3] | data[(bit >> 3) + 1] << 8) >> (bit & 7))
                             & matcher._LANE_MASK)
            assert max(lanes) == 14 - d.away
            first = d.line.variations[lanes.index(14 - d.away)]
            assert d.variation is first
            unindexed = LineDistance(d.line, d.away, result)
            assert unindexed.index == -1 and unindexed.variation is first
            checked += 1
    assert checked > 1000
    with pytest.raises(ValueError, match="no variation of line"):
        cc.best_variation_at(cc.packed_bytes(0), 0, 14)
    # a line number or line not on the card is named, not read from another line (-1 used to
    # wrap to the last line) or reported as a KeyError of an object id
    for bad in (-1, len(card.lines), 10**20):
        with pytest.raises(ValueError, match="has no line number"):
            cc.best_variation_at(cc.packed_bytes(0), bad, 0)
    stranger = make_line("FF 2222m 44m 6666m 88m")
    with pytest.raises(ValueError, match="is not on card"):
        cc.best_variation(cc.packed_bytes(0), stranger, 0)


def test_impossible_hands_are_refused_by_the_matcher_with_the_tile_named() -> None:
    """The American tile set holds four of each suit and honour tile, eight flowers, eight
    jokers and no seasons (001 Part one "Tiles"): the matcher refuses counts and exposures
    that hold more, naming the tile, as ``score`` does; and it refuses a negative count
    anywhere, flowers included (they are added together: -1 used to cancel a flower). Found
    by a new-user test: 14 jokers were a complete hand."""
    card = practice_card()

    def counts(**at: int) -> list[int]:
        c = [0] * 47
        for k, n in at.items():
            c[int(k[1:])] = n
        return c

    cases = [
        (counts(k46=14), [], "14 copies of 1j"),
        (counts(k0=5, k46=9), [], "copies of"),
        (counts(k34=5, k35=4), [], "9 flowers"),
        (counts(k43=1), [], "is not in the American tile set"),
        (counts(k46=8), [meld("1m1j1j")], "10 copies of 1j"),  # 8 + 2 exposed
        (counts(k0=4), [meld("1m1j1j")], "5 copies of 1m"),  # 4 + 1 exposed
        (counts(k0=1), [meld("1m1m1m"), meld("1m1j1j")], "5 copies of 1m"),  # two exposures
        (counts(k0=1), [meld("1111m")], "5 copies of 1m"),
    ]
    for conc, exps, message in cases:
        for call in (tiles_away, is_complete, winning_lines):
            with pytest.raises(ValueError, match=message):
                call(card, conc, exps)
    for conc in (counts(k34=2, k35=-1), counts(k35=-1, k36=1), counts(k0=-1)):
        with pytest.raises(ValueError, match="cannot be negative"):
            tiles_away(card, conc)
    # the limits themselves are hands
    assert tiles_away(card, counts(k0=4, k34=8, k46=2))
    assert tiles_away(card, counts(k0=1, k46=5), [meld("1m1m1m1j1j1j")])
    for bad in (-1, 47):
        with pytest.raises(ValueError, match=f"tile index {bad} is not a tile"):
            hand_counts([0, bad])
    for n in (2.0, "3", None.__class__):
        # TypeError in both builds (the compiled one checks the argument's type at the call)
        with pytest.raises(TypeError):
            tiles_away(card, counts(k0=3), nearest=n)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="has no lines"):
        matcher.compile_card(Card("empty", (), ()))


def test_line_distance_is_a_read_only_value() -> None:
    """A LineDistance compares by line and tiles away, hashes alike, and cannot be changed
    (it became a plain class with slots for speed, issue 25: the value semantics stay)."""
    counts, exposures = hand("2222m 44m 6666m 88m 1f 5z")
    card = practice_card()
    first = tiles_away(card, counts, exposures)
    again = tiles_away(card, counts, exposures)
    assert first == again and hash(first[0]) == hash(again[0])
    assert first[0] != first[-1] and first[0] != "a string"
    with pytest.raises(AttributeError):
        first[0].away = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        first[0].line = first[1].line  # type: ignore[misc]


# ----- the practice card -----------------------------------------------------------------


def test_practice_card_lines() -> None:
    """Hands built from practice-card lines complete them (shared card model)."""
    card = practice_card()
    counts, _ = hand("1f2f3f 2m5z2m6m 777z 6666p")   # 2026 #2: FFF 2026a DDDa 6666b
    names = {ln.key for ln in winning_lines(card, counts, [])}
    assert "2026 #2" in names
    counts, exposures = hand("[777z] [6666p] 1f2f3f 2m5z2m6m")
    assert "2026 #2" in {ln.key for ln in winning_lines(card, counts, exposures)}
    first = tiles_away(card, counts, exposures)[0]
    assert first.away == 0 and first.line.key == "2026 #2"
    assert all(d.away is None for d in tiles_away(card, counts, exposures) if d.line.concealed)


# ----- the differential sample against the reference ---------------------------------------


def _random_card(rng: random.Random) -> Card:
    """Random lines of random groups (pairs and pungs of one kind, flowers, singles), some
    concealed: shapes the practice card may not have."""
    lines = []
    for number in range(1, 13):
        variations = set()
        for _ in range(rng.randint(1, 8)):
            groups: list[Group] = []
            left = 14
            while left:
                size = min(left, rng.choice((1, 1, 2, 2, 3, 3, 4, 5, 6)))
                kind = rng.choice((FLOWER, rng.randrange(34), rng.randrange(9)))
                groups.append(Group(kind, size))
                left -= size
            variations.add(tuple(sorted(groups, key=lambda g: (g.kind, g.size))))
        lines.append(CardLine("Random", number, f"random {number}", 25, rng.random() < 0.3,
                              tuple(Variation(g) for g in sorted(variations,
                                    key=lambda gs: [(g.kind, g.size) for g in gs]))))
    return Card("random", tuple(lines), ("Random",))


def _compare(card: Card, counts: list[int], exposures: Sequence[Meld]) -> list[str]:
    got = {id(d.line): d for d in tiles_away(card, counts, exposures)}
    want = reference_tiles_away(card, counts, exposures)
    problems = []
    for line, expected in zip(card.lines, want, strict=True):
        d = got[id(line)]
        if d.away != expected:
            problems.append(f"{line.key}: {d.away} != {expected} for "
                            f"{format_tiles(t for t, n in enumerate(counts) for _ in range(n))}"
                            f" {' '.join(str(m) for m in exposures)}")
        elif d.away is not None:
            assert len(d.needs) == d.away
            assert d.variation in line.variations
    total = sum(counts) + sum(len(m.tiles) for m in exposures)
    if total == 14:
        complete = [ln for ln, w in zip(card.lines, want, strict=True) if w == 0]
        assert winning_lines(card, counts, exposures) == complete
        assert is_complete(card, counts, exposures) == bool(complete)
    return problems


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 15), min_size=1, max_size=300))
def test_lanes_move_between_five_bits_and_bytes(values: list[int]) -> None:
    """The packed vectors hold one five-bit lane per variation (issue 25, item 3): the steps
    that move lanes to bytes and back lose and mix nothing, for any number of lanes."""
    steps = _lane_moves(len(values), 5, 8)
    packed = sum(v << (5 * i) for i, v in enumerate(values))
    wide = _widen(packed, steps)
    assert wide.to_bytes(len(values), "little") == bytes(values)
    assert _narrow(wide, steps) == packed


def test_exposure_a_variation_cannot_hold_leaves_the_others_right() -> None:
    """001 Part one "Jokers": with an exposed kong of 2m (one joker in it: the set holds four
    2m) and a concealed 2m, a variation whose
    2m are a pair (no room for the kong) is out, and its lane (where the concealed 2m counts
    fewer than the natural-only slots take) must not spill into the other variations' lanes:
    the line with the kong is one tile away (the concealed 2m is the tile too many)."""
    card = make_card(make_line("FF 22m 44m 6666m 8888m", "FF 2222m 44m 666m 888m",
                               "FF 22m 44m 6666m 8888m", "FF 2222m 44m 666m 888m"))
    counts, _ = hand("1f2f 2m 44m 666m 88m")
    kong = meld("2m2m2m1j")
    (d,) = tiles_away(card, counts, [kong])
    assert d.away == 1
    assert d.variation == card.lines[0].variations[1]
    assert reference_tiles_away(card, counts, [kong]) == [1]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_differential_practice_card(seed: int) -> None:
    """Tiles away of the fast matcher equals the literal reference on the practice card:
    random hands and hands built near random variations (with exposures and jokers)."""
    card = practice_card()
    rng = random.Random(seed)
    problems = []
    for i in range(500):
        counts, exposures = near_hand(rng, card) if i % 3 else random_hand(rng)
        problems += _compare(card, counts, exposures)
    assert problems == []


def test_differential_random_cards() -> None:
    """The same on random cards (pairs and pungs of one kind in one variation, flowers)."""
    rng = random.Random(11)
    problems = []
    for _ in range(20):
        card = _random_card(rng)
        for i in range(100):
            counts, exposures = near_hand(rng, card) if i % 2 else random_hand(rng)
            problems += _compare(card, counts, exposures)
    assert problems == []


def test_completing_tiles_against_adding_each_tile() -> None:
    """completing_tiles equals trying every tile (and a joker) with is_complete."""
    card = practice_card()
    rng = random.Random(5)
    checked = 0
    while checked < 150:
        counts, exposures = near_hand(rng, card)
        if sum(counts) + sum(len(m.tiles) for m in exposures) != 13:
            continue
        checked += 1
        expected = set()
        for t in [*range(35), JOKER]:
            counts[t] += 1
            try:
                if is_complete(card, counts, exposures):
                    expected.add(t)
            except TileCountError:
                pass  # every copy of t is in the hand already: t cannot come
            counts[t] -= 1
        assert completing_tiles(card, counts, exposures) == expected


#: invented lines using every construct of issue 21: zero groups (with a year's zeros and
#: White D), named dragons, alternatives (one line, several patterns), rules naming words
CONSTRUCTS_CARD = """card: constructs
[Zeros]
F 000 1111a 1111b NN {any}               X 30
2020a 00 Db 1111c FFF                    C 40
000000 RR G 2222a 2b {@4: even}          X 45
[Dragons]
RRRR GGGG 111a 111b {any}                X 25
RR GG 111a 2222a 333a {any}              X 30
| RR GG 111a 2222b 333b {any}
[Winds]
NNNN 111a 222a 3333a {any}               X 25
| SSSS 111a 222a 3333a {any}
EE WW 12345a 11b 1c 0 F {@3: any}        C 50
| NN SS 56789a 99b 9c 0 F
"""


def test_differential_card_of_issue_21_constructs() -> None:
    """Tiles away of the fast matcher equals the literal reference on a card using zero
    groups, named dragons, alternatives and numbers rules by word: random hands and hands
    built near random variations (with exposures and jokers); 3000 hands."""
    card = parse_card(CONSTRUCTS_CARD)
    assert [len(ln.variations) for ln in card.lines] == [27, 4, 24, 27, 63, 42, 36]
    rng = random.Random(21)
    problems = []
    for i in range(3000):
        counts, exposures = near_hand(rng, card) if i % 3 else random_hand(rng)
        problems += _compare(card, counts, exposures)
    assert problems == []
