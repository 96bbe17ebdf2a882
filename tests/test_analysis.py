"""mahjong_table.analysis: shanten (definition, reference library, table vs fallback), waits
and useful tiles against brute force, discard ranking, properties and errors."""

from __future__ import annotations

import importlib.util
import itertools
import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_table.analysis import (
    CHINESE_FORMS,
    HONG_KONG_FORMS,
    STANDARD_FORMS,
    Forms,
    _distance,
    discard_options,
    draw_shanten,
    forms_for_rules,
    is_seven_pairs,
    is_standard_complete,
    is_thirteen_orphans,
    seven_pairs_shanten,
    shanten,
    standard_shanten,
    thirteen_orphans_shanten,
    useful_tiles,
    waits,
)
from mahjong_table.analysis.samples import random_complete
from mahjong_table.tiles import counts_of, parse_tiles

WALL = [k for k in range(34) for _ in range(4)]


def c_of(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


def random_hand(rng: random.Random, n: int) -> list[int]:
    counts = [0] * 34
    for t in rng.sample(WALL, n):
        counts[t] += 1
    return counts


def random_near(rng: random.Random, melds: int, n_random: int = 1) -> list[int]:
    """A waiting hand (13 - 3*melds tiles) close to complete: a complete hand with one tile
    removed and ``n_random - 1`` tiles swapped at random."""
    counts = random_complete(rng, 4 - melds)
    held = [t for t in range(34) for _ in range(counts[t])]
    counts[rng.choice(held)] -= 1
    for _ in range(n_random - 1):
        held = [t for t in range(34) for _ in range(counts[t])]
        counts[rng.choice(held)] -= 1
        free = [t for t in range(34) if counts[t] < 4]
        counts[rng.choice(free)] += 1
    return counts


def is_win(counts: Sequence[int], melds: int, forms: Forms) -> bool:
    """Brute-force win check through analysis.decompose."""
    if sum(counts) != 14 - 3 * melds:
        return False
    if is_standard_complete(counts):
        return True
    if melds:
        return False
    return (forms.seven_pairs and is_seven_pairs(counts)) or (
        forms.thirteen_orphans and is_thirteen_orphans(counts))


# ---------------------------------------------------------------------------------------------
# Worked examples
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "melds", "expected"),
    [
        ("123m456p789s11122z", 0, -1),  # four sets and a pair
        ("234s567p777z111z88m", 0, -1),  # 004 s06 worked example, complete
        ("234s567p777z11z88m", 0, 0),  # 004 s06: waits on the third East (or an 8m)
        ("1112345678999m", 0, 0),  # nine gates shape: ready
        ("19m19p19s1234567z", 0, 0),  # thirteen orphans, thirteen-sided wait
        ("19m19p19s12345677z", 0, -1),  # thirteen orphans complete
        ("1122m3344p5566s77z", 0, -1),  # seven pairs complete
        ("1122m3344p5566s7z", 0, 0),  # seven pairs ready
        ("1111m3344p5566s77z", 0, 1),  # four of a kind are not two pairs (004 s05)
        ("1111m3344p5566s7z", 0, 2),  # ... so this is not ready for seven pairs
        ("123m456p11z", 2, -1),  # two declared melds
        ("123m45p11z", 2, 0),
        ("11z", 4, -1),
        ("1z", 4, 0),
        ("1111z", 3, 1),  # 13 - 9 = 4 tiles all East: no fifth East for the pair
        ("1111222233334z", 0, 3),  # no fifth copies: a fourth set comes from elsewhere
        ("1357m2468p13579s", 0, 4),
    ],
)
def test_worked_examples(hand: str, melds: int, expected: int) -> None:
    assert shanten(c_of(hand), melds) == expected


def test_forms_by_rule_set() -> None:
    seven = c_of("1122m3344p5566s77z")
    orphans = c_of("19m19p19s12345677z")
    assert HONG_KONG_FORMS.shanten(seven) == -1
    assert HONG_KONG_FORMS.shanten(orphans) == -1
    assert CHINESE_FORMS.shanten(seven) == 3
    assert CHINESE_FORMS.shanten(orphans) == 7
    chinese7 = forms_for_rules("chinese", seven_pairs=True)
    assert chinese7.shanten(seven) == -1
    assert chinese7.shanten(orphans) == 5
    assert forms_for_rules("hongkong") is HONG_KONG_FORMS
    assert HONG_KONG_FORMS.by_form(seven) == {"standard": 3, "seven_pairs": -1,
                                              "thirteen_orphans": 10}
    assert HONG_KONG_FORMS.by_form(c_of("123m45p11z"), 2) == {"standard": 0}
    assert STANDARD_FORMS.form_names == ("standard",)


def test_forms_of_rule_set() -> None:
    from mahjong_table.rules import get_rule_set

    hk = Forms.of_rule_set(get_rule_set("hongkong"))
    assert (hk.seven_pairs, hk.thirteen_orphans) == (True, True)
    cn = Forms.of_rule_set(get_rule_set("chinese", thirteen_orphans=True))
    assert (cn.seven_pairs, cn.thirteen_orphans, cn.name) == (False, True, "chinese")


def test_special_forms_need_a_concealed_hand() -> None:
    # with a declared meld the concealed 11 tiles cannot be seven pairs
    assert shanten(c_of("1122m3344p556s"), 1) == standard_shanten(c_of("1122m3344p556s"), 1)


# ---------------------------------------------------------------------------------------------
# Shanten against the definition
# ---------------------------------------------------------------------------------------------


def test_complete_iff_win_check() -> None:
    """shanten == -1 exactly when the brute-force win check says the tiles win."""
    rng = random.Random(11)
    for i in range(1500):
        melds = i % 5
        counts = random_complete(rng, 4 - melds)
        if i % 3:  # disturb some of them
            held = [t for t in range(34) for _ in range(counts[t])]
            counts[rng.choice(held)] -= 1
            counts[rng.choice([t for t in range(34) if counts[t] < 4])] += 1
        for forms in (HONG_KONG_FORMS, CHINESE_FORMS):
            assert (forms.shanten(counts, melds) == -1) == is_win(counts, melds, forms), counts


def test_recursive_definition() -> None:
    """The exact definition, checked locally: a waiting hand is one more than its best draw,
    a hand to discard is its best discard (a winning hand is -1). Together with the check
    above this pins shanten down by induction."""
    rng = random.Random(12)
    for i in range(120):
        melds = i % 3
        forms = HONG_KONG_FORMS if i % 2 else CHINESE_FORMS
        h13 = random_near(rng, melds, n_random=1 + i % 5)
        s13 = forms.shanten(h13, melds)
        draws = [s for s in draw_shanten(h13, melds, forms) if s is not None]
        assert s13 == 1 + min(draws)
        t = rng.choice([k for k in range(34) if h13[k] < 4])
        h14 = list(h13)
        h14[t] += 1
        s14 = forms.shanten(h14, melds)
        if s14 >= 0:
            best = 99
            for d in range(34):
                if h14[d]:
                    h14[d] -= 1
                    best = min(best, forms.shanten(h14, melds))
                    h14[d] += 1
            assert s14 == best


def _shapes(n: int, p: int) -> list[tuple[int, ...]]:
    """Every legal shape of n sets and p pairs in one suit, as 9 counts."""
    sets = [(i, i + 1, i + 2) for i in range(7)] + [(i, i, i) for i in range(9)]
    out = set()
    for combo in itertools.combinations_with_replacement(range(len(sets)), n):
        base = [0] * 9
        for s in combo:
            for r in sets[s]:
                base[r] += 1
        for pair in range(9) if p else [None]:
            shape = list(base)
            if pair is not None:
                shape[pair] += 2
            if max(shape, default=0) <= 4:
                out.add(tuple(shape))
    return sorted(out)


def test_suit_distance_vectors_by_enumeration() -> None:
    """The per-suit distance (DP and shipped table) equals the minimum over every shape."""
    shapes = {(n, p): _shapes(n, p) for n in range(4) for p in (0, 1)}
    rng = random.Random(13)
    keys = [tuple(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(9)) for _ in range(40)]
    keys += [(4, 4, 4, 0, 0, 0, 0, 0, 0), (1, 0, 0, 4, 0, 0, 0, 0, 4), (0,) * 9]
    for key in keys:
        if sum(key) > 14:
            continue
        vec = _distance.suit_vector(key)
        for (n, p), group in shapes.items():
            best = min(sum(max(0, s - h) for s, h in zip(shape, key, strict=True))
                       for shape in group)
            assert vec[n + 5 * p] == best, (key, n, p)
        shipped = _distance._TABLE.lookup(key)
        assert shipped == vec


def test_shipped_table_matches_dp() -> None:
    """A sample of the shipped table against the dynamic programme, and the rank order."""
    keys = _distance.iter_suit_keys()
    assert len(keys) == _distance.SUIT_KEYS
    rng = random.Random(14)
    for i in rng.sample(range(len(keys)), 1500):
        assert _distance.suit_rank(keys[i]) == i
        assert _distance._TABLE.lookup(keys[i]) == _distance.suit_vector(keys[i])


@pytest.fixture
def no_table() -> Iterator[None]:
    _distance.use_shipped_table(False)
    try:
        yield
    finally:
        _distance.use_shipped_table(True)


def test_pure_dp_fallback_agrees(no_table: None) -> None:
    """Without the shipped table every suit vector comes from the dynamic programme."""
    rng = random.Random(15)
    hands = [random_hand(rng, 14) for _ in range(300)]
    without = [shanten(h) for h in hands]
    assert not _distance._TABLE.enabled
    _distance.use_shipped_table(True)
    assert [shanten(h) for h in hands] == without


# ---------------------------------------------------------------------------------------------
# Against the reference library (skipped when `mahjong` is not installed)
# ---------------------------------------------------------------------------------------------

HAVE_MAHJONG = importlib.util.find_spec("mahjong") is not None


@pytest.mark.skipif(not HAVE_MAHJONG, reason="the mahjong package (bench extra) is absent")
def test_against_mahjong_library() -> None:
    from mahjong.shanten import Shanten  # type: ignore[import-not-found,unused-ignore]

    rng = random.Random(16)
    for i in range(4000):
        counts = random_hand(rng, 14 if i % 2 else 13)
        assert shanten(counts) == Shanten.calculate_shanten(counts), counts
        assert standard_shanten(counts) == Shanten.calculate_shanten_for_regular_hand(counts)
        assert seven_pairs_shanten(counts) == Shanten.calculate_shanten_for_chiitoitsu_hand(
            counts)
        assert thirteen_orphans_shanten(counts) == Shanten.calculate_shanten_for_kokushi_hand(
            counts)
    for i in range(1500):  # hands with declared melds: the library takes the short hand
        melds = 1 + i % 4
        counts = random_hand(rng, 14 - 3 * melds - i % 2)
        assert standard_shanten(counts, melds) == Shanten.calculate_shanten_for_regular_hand(
            counts)


# ---------------------------------------------------------------------------------------------
# Waits, useful tiles, discards against brute force
# ---------------------------------------------------------------------------------------------


def brute_waits(counts: list[int], melds: int, forms: Forms) -> list[int]:
    out = []
    for t in range(34):
        if counts[t] < 4:
            counts[t] += 1
            if is_win(counts, melds, forms):
                out.append(t)
            counts[t] -= 1
    return out


def test_waits_against_brute_force() -> None:
    rng = random.Random(17)
    ready = 0
    for i in range(700):
        melds = i % 5
        forms = (HONG_KONG_FORMS, CHINESE_FORMS)[i % 2]
        counts = random_near(rng, melds, n_random=1 + (i % 3 == 0))
        got = waits(counts, melds, forms=forms)
        assert [int(w.tile) for w in got] == brute_waits(counts, melds, forms), counts
        assert (forms.shanten(counts, melds) == 0) == bool(got)
        ready += bool(got)
        for w in got:
            assert w.unseen == 4 - counts[w.tile]
    assert ready > 300


def test_special_form_waits() -> None:
    assert [str(w.tile) for w in waits(c_of("1122m3344p5566s7z"))] == ["7z"]
    assert [str(w.tile) for w in waits(c_of("1122m3344p5566s7z"), forms=CHINESE_FORMS)] == []
    assert len(waits(c_of("19m19p19s1234567z"))) == 13
    orphans = [str(w.tile) for w in waits(c_of("19m19p19s1234566z"))]
    assert orphans == ["7z"]
    # all four 1m held: seven pairs cannot use them, and no wait on a fifth 1m
    assert waits(c_of("1111m3344p5566s7z")) == []


def test_waits_unseen_counts() -> None:
    hand = c_of("234s567p777z11z88m")
    visible = c_of("1z8m8m")
    got = waits(hand, visible=visible)
    assert [(str(w.tile), w.unseen) for w in got] == [("8m", 0), ("1z", 1)]


def test_useful_tiles_against_brute_force() -> None:
    rng = random.Random(18)
    for i in range(150):
        melds = i % 4
        counts = random_near(rng, melds, n_random=2 + i % 4)
        base = shanten(counts, melds)
        expect = []
        for t in range(34):
            if counts[t] < 4:
                counts[t] += 1
                if shanten(counts, melds) < base:
                    expect.append(t)
                counts[t] -= 1
        assert [int(u.tile) for u in useful_tiles(counts, melds)] == expect


class _GenericStandard:
    """A WinDistance that is not a Forms: exercises the generic path."""

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int:
        return standard_shanten(counts, melds)


def test_generic_win_distance_path() -> None:
    rng = random.Random(19)
    generic = _GenericStandard()
    for i in range(40):
        melds = i % 3
        counts = random_near(rng, melds, n_random=1 + i % 3)
        assert draw_shanten(counts, melds, generic) == draw_shanten(counts, melds,
                                                                    STANDARD_FORMS)
        assert waits(counts, melds, forms=generic) == waits(counts, melds,
                                                            forms=STANDARD_FORMS)


def test_discard_options() -> None:
    rng = random.Random(20)
    for i in range(40):
        melds = i % 3
        h13 = random_near(rng, melds, n_random=1 + i % 4)
        counts = list(h13)
        counts[rng.choice([t for t in range(34) if counts[t] < 4])] += 1
        visible = [0] * 34
        for t in rng.sample(range(34), 5):
            visible[t] = min(4 - counts[t], rng.randrange(3))
        options = discard_options(counts, melds, visible)
        assert sorted(int(o.tile) for o in options) == [t for t in range(34) if counts[t]]
        keys = [(o.shanten_after, -o.unseen_useful, -o.useful_kinds, o.tile) for o in options]
        assert keys == sorted(keys)
        assert options[0].shanten_after == shanten(counts, melds) or shanten(counts,
                                                                              melds) == -1
        for o in options:
            counts[o.tile] -= 1
            assert o.shanten_after == shanten(counts, melds)
            useful = useful_tiles(counts, melds)
            counts[o.tile] += 1
            assert [u.tile for u in o.useful] == [u.tile for u in useful]
            for u in o.useful:
                assert u.unseen == max(0, 4 - counts[u.tile] - visible[u.tile])
            assert o.unseen_useful == sum(u.unseen for u in o.useful)


def test_discard_doc_example() -> None:
    best = discard_options(c_of("123m456p789s1122z5s"))[0]
    assert str(best.tile) == "5s" and best.shanten_after == 0
    assert [(str(u.tile), u.unseen) for u in best.useful] == [("1z", 2), ("2z", 2)]
    assert best.to_json() == {"tile": "5s", "shanten": 0, "unseen": 4,
                              "useful": [{"tile": "1z", "unseen": 2},
                                         {"tile": "2z", "unseen": 2}]}


# ---------------------------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------------------------

hand14 = st.lists(st.integers(0, 135), min_size=14, max_size=14, unique=True).map(
    lambda ids: counts_of(i // 4 for i in ids))


def _permute_suits(counts: list[int], order: Sequence[int]) -> list[int]:
    return [x for s in order for x in counts[9 * s: 9 * s + 9]] + counts[27:]


@settings(max_examples=300, deadline=None)
@given(hand14, st.permutations([0, 1, 2]), st.permutations(list(range(7))), st.booleans())
def test_symmetries(counts: list[int], suits: list[int], honours: list[int],
                    mirror: bool) -> None:
    """Shanten does not change when suits are swapped, ranks mirrored (1<->9) or honours
    permuted."""
    other = _permute_suits(counts, suits)
    if mirror:
        other = [x for s in range(3) for x in reversed(other[9 * s: 9 * s + 9])] + other[27:]
    other = other[:27] + [other[27 + h] for h in honours]
    assert shanten(other) == shanten(counts)
    assert standard_shanten(other) == standard_shanten(counts)


@settings(max_examples=300, deadline=None)
@given(hand14, st.integers(0, 13))
def test_one_tile_changes_shanten_by_at_most_one(counts: list[int], index: int) -> None:
    held = [t for t in range(34) for _ in range(counts[t])]
    s14 = shanten(counts)
    counts[held[index]] -= 1
    s13 = shanten(counts)
    assert s14 <= s13 <= s14 + 1
    assert -1 <= s14 <= 6
    assert s13 >= 0
    assert HONG_KONG_FORMS.shanten(counts) <= CHINESE_FORMS.shanten(counts)
    assert shanten(counts) == min(standard_shanten(counts), seven_pairs_shanten(counts),
                                  thirteen_orphans_shanten(counts))


# ---------------------------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "melds", "message"),
    [
        ([0] * 33, 0, "34 entries"),
        ([0] * 35, 0, "34 entries"),
        ([5] + [1] * 9 + [0] * 24, 0, "count 5 for 1m"),
        ([-1] + [1] * 15 + [0] * 18, 0, "count -1"),
        # larger than a machine integer: the compiled build's i64 read must not leak out
        ([10**30] + [1] * 13 + [0] * 20, 0, "count 1000000000000000000000000000000 for 1m"),
        ([1] * 12 + [0] * 22, 0, "12 concealed tiles"),
        ([1] * 13 + [0] * 21, 1, "13 concealed tiles with 1 declared meld"),
        ([1] + [0] * 33, 5, "melds must be 0-4"),
        ([1] * 13 + [0] * 21, -1, "melds must be 0-4"),
    ],
)
def test_shanten_errors(counts: list[int], melds: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        shanten(counts, melds)


@pytest.mark.parametrize("bad", [0.5, 1.0, "1", None])
def test_shanten_count_that_is_no_integer_is_named(bad: object) -> None:
    """A count that is not an integer is refused naming it and its index, in both builds
    (the compiled build's own boundary message named neither)."""
    counts: list[object] = [1] * 13 + [0] * 21
    counts[20] = bad
    with pytest.raises(TypeError, match=rf"tile counts must be integers, got {bad!r} at "
                                        rf"index 20"):
        shanten(counts)  # type: ignore[arg-type]


def test_other_errors() -> None:
    with pytest.raises(TypeError):
        shanten([0.5] * 34)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="13 or 14"):
        seven_pairs_shanten(c_of("1122m"))
    with pytest.raises(ValueError, match="waiting hand has 13"):
        waits(c_of("123m456p789s11122z"))
    with pytest.raises(ValueError, match="must discard has 14"):
        discard_options(c_of("123m456p789s1122z"))
    with pytest.raises(ValueError, match="visible counts have 34"):
        waits(c_of("123m456p789s1122z"), visible=[0] * 3)
    with pytest.raises(ValueError, match="American"):
        forms_for_rules("american")
    with pytest.raises(ValueError, match="unknown rule set"):
        forms_for_rules("riichi")


def _random_hand14(rng: random.Random, melds: int) -> tuple[list[int], list[int]]:
    """A random hand that must discard (``14 - 3 * melds`` tiles) and the shuffled wall it
    came from."""
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    counts = [0] * 34
    for t in wall[: 14 - 3 * melds]:
        counts[t] += 1
    return counts, wall


@pytest.mark.parametrize("forms", [HONG_KONG_FORMS, CHINESE_FORMS, STANDARD_FORMS])
def test_incremental_draw_and_discard_shanten_equal_a_full_count(forms: Forms) -> None:
    """The fast path (each suit's value after one more or one fewer tile, kept per suit
    pattern; issue 13) gives exactly the shanten of every hand one draw or one discard away,
    with and without declared melds, and so do the discard options built on it."""
    from mahjong_table.analysis import discard_shanten

    rng = random.Random(13)
    for n in range(300):
        melds = n % 4
        counts, _ = _random_hand14(rng, melds)
        expected = []
        for d in range(34):
            if not counts[d]:
                expected.append(None)
                continue
            counts[d] -= 1
            expected.append(forms.shanten(counts, melds))
            counts[d] += 1
        assert discard_shanten(counts, melds, forms) == expected
        d = next(k for k in range(34) if counts[k])
        counts[d] -= 1
        after = []
        for t in range(34):
            if counts[t] >= 4:
                after.append(None)
                continue
            counts[t] += 1
            after.append(forms.shanten(counts, melds))
            counts[t] -= 1
        assert draw_shanten(counts, melds, forms) == after
    with pytest.raises(ValueError, match="must discard has 14"):
        discard_shanten([1] * 13 + [0] * 21, 0, forms)


@pytest.mark.parametrize("forms", [HONG_KONG_FORMS, CHINESE_FORMS, STANDARD_FORMS])
def test_rank_discards_is_the_ranking_of_discard_options(forms: Forms) -> None:
    """The efficiency bot's integer ranking (issue 13: no option objects in its inner loop)
    keeps exactly the order, shanten, unseen and kinds of ``discard_options(best_only=True)``,
    and with candidates it falls back to ranking all of them when none reaches the lowest
    shanten, as the bot always did."""
    from mahjong_table.analysis.waits import rank_discards

    rng = random.Random(29)
    for n in range(300):
        melds = n % 4
        counts, wall = _random_hand14(rng, melds)
        visible = [0] * 34
        for t in wall[40:40 + n % 30]:
            if counts[t] + visible[t] < 4:
                visible[t] += 1
        before = list(counts)
        want = [(o.shanten_after, -o.unseen_useful, -o.useful_kinds, int(o.tile))
                for o in discard_options(counts, melds, visible, forms, best_only=True)]
        assert rank_discards(counts, melds, visible, forms) == want
        assert counts == before
        worst = max(want, key=lambda w: w[0])[0] + 1
        options = discard_options(counts, melds, visible, forms)
        others = [int(o.tile) for o in options if o.shanten_after >= worst]
        if others:
            assert rank_discards(counts, melds, visible, forms, others) == [
                (o.shanten_after, -o.unseen_useful, -o.useful_kinds, int(o.tile))
                for o in options if int(o.tile) in others]


def test_shanten_tables_hold_integers_outside_the_collector() -> None:
    """Issue 13: the flat shanten tables (millions of entries) hold integers only, so they can
    never be part of a reference cycle and are kept out of the cyclic collector's walks; they
    stay so when cleared, and still answer afterwards."""
    import gc

    for table in (_distance.SUIT_PACKS, _distance.HONOUR_PACKS, _distance.COMBINE_FLAT):
        assert not gc.is_tracked(table)
    _distance.clear_tables()
    assert not gc.is_tracked(_distance.SUIT_PACKS)
    assert shanten(c_of("123m456p789s1122z")) == 0
    assert all(isinstance(v, int) for v in _distance.SUIT_PACKS[:5**4])


def _near_hand14(rng: random.Random, melds: int) -> list[int]:
    """A hand that must discard, a few exchanges from complete: sometimes a standard hand,
    sometimes pairs or terminals and honours (so that the special forms matter too)."""
    style = rng.randrange(3)
    if style == 0:
        counts = random_complete(rng, 4 - melds)
    elif style == 1 and melds == 0:
        counts = [0] * 34
        for t in rng.sample(range(34), 7):
            counts[t] = 2
    elif melds == 0:
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        counts = [0] * 34
        for t in orphans:
            counts[t] = 1
        counts[rng.choice(orphans)] += 1
    else:
        counts = random_complete(rng, 4 - melds)
    for _ in range(rng.randrange(4)):  # exchanges away from complete
        held = [t for t in range(34) if counts[t]]
        free = [t for t in range(34) if counts[t] < 4]
        counts[rng.choice(held)] -= 1
        counts[rng.choice(free)] += 1
    return counts


def _ranking_from_scratch(counts: list[int], melds: int, visible: list[int],
                          forms: Forms) -> list[tuple[int, int, int, int]]:
    """:func:`rank_discards` (no candidates) from ``forms.shanten`` of every hand one discard
    and one draw away: no tables' incremental path, no memo."""
    after = {}
    for d in range(34):
        if counts[d]:
            counts[d] -= 1
            after[d] = forms.shanten(counts, melds)
            counts[d] += 1
    lowest = min(after.values())
    held = list(counts)  # before the discard: the discarded copy is on the table
    out = []
    for d, base in after.items():
        if base != lowest:
            continue
        counts[d] -= 1
        useful = unseen = 0
        for t in range(34):
            if counts[t] < 4:
                counts[t] += 1
                if forms.shanten(counts, melds) < base:
                    useful += 1
                    unseen += max(0, 4 - held[t] - visible[t])
                counts[t] -= 1
        counts[d] += 1
        out.append((base, -unseen, -useful, d))
    return sorted(out)


@pytest.mark.parametrize("forms", [HONG_KONG_FORMS, CHINESE_FORMS, STANDARD_FORMS])
def test_rank_discards_memo_answers_what_a_full_count_does(forms: Forms) -> None:
    """Issue 25: the efficiency bot's ranking, whose useful draws and discards come per
    component from bounded memos (``_distance.DRAW_MASKS``, ``_distance.DISCARD_MASKS``),
    equals the ranking counted from scratch (the
    shanten of every hand one discard and one draw away), with the memo empty, warm, or
    filled by other hands first: its answers never depend on what was asked before. Hands
    near a win of every form, with and without melds; the memo stays within its cap."""
    from mahjong_table.analysis.waits import rank_discards

    rng = random.Random(2025)
    hands = []
    for n in range(400):
        melds = n % 4 if n % 3 else 0
        counts = _near_hand14(rng, melds) if n % 2 else _random_hand14(rng, melds)[0]
        visible = [min(rng.randrange(3), 4 - counts[t]) for t in range(34)]
        hands.append((counts, melds, visible))
    _distance.DRAW_MASKS.clear()
    _distance.DISCARD_MASKS.clear()
    cold = [rank_discards(c, m, v, forms) for c, m, v in hands]
    warm = [rank_discards(c, m, v, forms) for c, m, v in hands]
    backwards = [rank_discards(c, m, v, forms) for c, m, v in reversed(hands)][::-1]
    for (counts, melds, visible), got, again, other in zip(hands, cold, warm, backwards,
                                                          strict=True):
        assert got == again == other
        assert got == _ranking_from_scratch(list(counts), melds, visible, forms)
    assert 0 < len(_distance.DRAW_MASKS) <= _distance.MASKS_CAP
    assert 0 < len(_distance.DISCARD_MASKS) <= _distance.MASKS_CAP


@pytest.mark.parametrize("forms", [HONG_KONG_FORMS, CHINESE_FORMS, STANDARD_FORMS])
def test_winning_mask_is_what_draw_shanten_finds_at_minus_one(forms: Forms) -> None:
    """Issue 25: the engine's waits for the tables' forms (``RuleSet.waits`` reads
    ``winning_mask``: per-component draw masks over the entries the hand's distance is
    reached through) are the kinds whose draw completes the hand by :func:`draw_shanten`,
    on hands of 13 tiles (and fewer, with melds) near every form, ready or not; a hand
    that is not ready has none; MCR's forms (knitted hands) are left to ``draw_shanten``."""
    from mahjong_table.analysis.mcr_forms import MCR_FORMS
    from mahjong_table.analysis.waits import winning_mask

    rng = random.Random(31)
    ready = 0
    for n in range(1500):
        melds = n % 4 if n % 3 else 0
        counts = _near_hand14(rng, melds)
        counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        want = 0
        if forms.shanten(counts, melds) == 0:
            ready += 1
            want = sum(1 << t for t, s in enumerate(draw_shanten(counts, melds, forms))
                       if s == -1)
        assert winning_mask(counts, melds, forms) == want, (counts, melds)
    assert ready > 300  # most of the hands tried are ready
    assert winning_mask(c_of("19m19p19s1234567z"), 0, MCR_FORMS) == -1


@pytest.mark.parametrize("forms", [HONG_KONG_FORMS, CHINESE_FORMS, STANDARD_FORMS])
def test_lowest_discard_shanten_is_the_least_of_discard_shanten(forms: Forms) -> None:
    """Issue 25 (what a pung or chow claim leads to, ``claim_shanten``, reads the lowest
    shanten after one discard from the component masks): the least of
    :func:`discard_shanten` on hands that must discard, near every form, with and without
    melds, and through MCR's forms too."""
    from mahjong_table.analysis.mcr_forms import MCR_FORMS
    from mahjong_table.analysis.waits import discard_shanten, lowest_discard_shanten

    rng = random.Random(37)
    for n in range(1500):
        melds = n % 4 if n % 3 else 0
        counts = _near_hand14(rng, melds) if n % 2 else _random_hand14(rng, melds)[0]
        for f in (forms, MCR_FORMS) if n % 50 == 0 else (forms,):
            want = min(v for v in discard_shanten(counts, melds, f) if v is not None)
            assert lowest_discard_shanten(counts, melds, f) == want, (counts, melds)


def _packed_stats(counts: list[int]) -> int:
    """The packed stats of a whole hand: its four components' packs added."""
    return (_distance.suit_pack(_distance.suit_key(counts, 0))
            + _distance.suit_pack(_distance.suit_key(counts, 9))
            + _distance.suit_pack(_distance.suit_key(counts, 18))
            + _distance.honour_pack(_distance.honour_key(counts, 27)))


def test_special_useful_is_special_shanten_after_the_draw() -> None:
    """Issue 25: whether a draw brings the special forms below a shanten, read from how the
    draw moves the counts they use, is what ``special_shanten`` of the hand with the draw
    says, for every draw, every bound and each choice of special forms."""
    from mahjong_table.analysis.waits import _ORPHAN, _special_useful

    rng = random.Random(7)
    for n in range(300):
        counts = _near_hand14(rng, 0) if n % 2 else _random_hand14(rng, 0)[0]
        counts[rng.choice([t for t in range(34) if counts[t]])] -= 1  # 13 tiles
        before = _packed_stats(counts)
        for t in range(34):
            if counts[t] >= 4:
                continue
            counts[t] += 1
            drawn = _packed_stats(counts)
            counts[t] -= 1
            for flags in (1, 2, 3):
                want = _distance.special_shanten(drawn, flags)
                for base in range(-1, 14):
                    assert _special_useful(before, flags, counts[t], _ORPHAN[t], base) == (
                        want < base)


def test_packed_stats_count_what_the_special_forms_read() -> None:
    """Issue 25 (``_stats`` rewritten as plain loops): a component's packed stats hold its
    tiles, kinds held twice or more, kinds held, and the terminal or honour kinds held and
    held twice or more, field by field, for every suit and honour pattern of a sample."""
    rng = random.Random(3)
    for _ in range(2000):
        honours = rng.random() < 0.3
        counts = tuple(rng.randrange(5) for _ in range(7 if honours else 9))
        orphans = counts if honours else (counts[0], counts[8])
        want = (sum(counts) | sum(c >= 2 for c in counts) << 8 | sum(c >= 1 for c in counts) << 14
                | sum(c >= 1 for c in orphans) << 20 | sum(c >= 2 for c in orphans) << 24)
        assert _distance._stats(counts, honours) == want


def test_special_after_discard_is_special_shanten_of_the_smaller_hand() -> None:
    """Issue 25: the special forms' shanten after a discard, read from how taking a copy out
    moves the counts they use, is ``special_shanten`` of the hand without that copy, for
    every discard and each choice of special forms."""
    from mahjong_table.analysis.waits import _ORPHAN, _special_after_discard

    rng = random.Random(11)
    for n in range(300):
        counts = _near_hand14(rng, 0) if n % 2 else _random_hand14(rng, 0)[0]
        before = _packed_stats(counts)
        for t in range(34):
            if not counts[t]:
                continue
            counts[t] -= 1
            after = _packed_stats(counts)
            counts[t] += 1
            for flags in (1, 2, 3):
                assert _special_after_discard(before, flags, counts[t], _ORPHAN[t]) == (
                    _distance.special_shanten(after, flags))


# ----- each suit read once (issue 25, item 1) -------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_suit_table_readings_in_the_plain_search_order(seed: int) -> None:
    """004 s05 "The four groups": decompose_sets, which reads each suit from its table by its
    code, gives the readings of the plain search (decompositions) each once, in the order the
    plain search first finds them (a scorer keeping the first of equal readings, as Hong Kong
    scoring does, keeps the same one), its sets sorted by tile, pung first."""
    from mahjong_table.analysis.decompose import decompose_sets, decompositions

    rng = random.Random(seed)
    counts = [0] * 34
    suit = rng.randrange(3)
    for _ in range(rng.randrange(5)):
        if rng.random() < 0.6:
            start = 9 * (suit if rng.random() < 0.8 else rng.randrange(3)) + rng.randrange(7)
            for t in range(start, start + 3):
                counts[t] += 1
        else:
            counts[9 * suit + rng.randrange(9) if rng.random() < 0.7 else rng.randrange(34)] += 3
    counts[9 * suit + rng.randrange(9) if rng.random() < 0.8 else rng.randrange(34)] += 2
    first_seen = dict.fromkeys(
        (pair, tuple(sorted(sets, key=lambda s: (s[1], s[0] == "chow"))))
        for pair, sets in decompositions(counts))
    assert decompose_sets(counts, first_only=False) == list(first_seen)
