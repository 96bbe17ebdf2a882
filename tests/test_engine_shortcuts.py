"""The engine's shortcuts answer exactly as the full checks do (issue 25).

- "Does this draw win?" (004 s05 'Priorities and Victory'; 001 Part two 'Winning a hand'):
  after a draw from the live wall the engine reads the answer from the waits it already
  knows for the player's thirteen tiles, not from a shanten search; it must agree with the
  rule set's ``is_winning`` in every turn of every game.
- Claim options (004 s05 'The four groups'; 001 Part two 'Claiming discards'): a discard that
  no exposure can take (fewer than two of its kind in the hand, and no chow for the next
  player) is answered at once; the options must equal those of the full loop over the
  claim kinds.
- Seat views (what everybody sees of each seat) are rebuilt only for the seats the events
  since the last view named; after every action they must equal views built afresh.
- Bots draw their random choices with :func:`~mahjong_table.rng.below` and the wall is mixed
  with :func:`~mahjong_table.rng.shuffle`, compiled; they must give the very numbers and
  orders ``random.Random`` gives, so that seeded games stay the same games.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_table.engine import Action, Game, Phase
from mahjong_table.players import RandomBot, make_bot, play_game
from mahjong_table.rng import below, shuffle
from mahjong_table.rules import get_rule_set

RULE_SETS = [("hongkong", {}), ("chinese", {}), ("chinese", {"scoring": "mcr"})]


def _players(kind: str, seed: str, rules: object) -> list[object]:
    if kind == "random":
        return [RandomBot(f"{seed}/{p}") for p in range(4)]
    return [make_bot("efficiency", f"{seed}/{p}", rules=rules) for p in range(4)]


@pytest.mark.parametrize(("name", "options"), RULE_SETS)
def test_a_draw_wins_exactly_when_the_rules_say_so(name: str, options: dict[str, str]) -> None:
    """In every turn, the engine's answer equals ``is_winning`` (004 s05 'Priorities and
    Victory'; 001 Part two 'Winning a hand'), and the waits path answered some winning
    draws and many others."""
    rules = get_rule_set(name, **options)
    read_from_waits = {True: 0, False: 0}

    def check(game: Game, _: Action) -> None:
        if game.phase is not Phase.TURN:
            return
        p = game.current
        ps = game.players[p]
        expected = rules.is_winning(ps.counts, ps.melds)
        assert game._hand_wins(p) == expected, (game.seed, len(game.actions))
        if (game.drew and not game.replacement_draw and game.last_draw is not None
                and game._waits_cache[p] is not None):
            read_from_waits[expected] += 1

    for g in range(6):
        for kind in ("efficiency", "random"):
            seed = f"shortcut/{name}/{g}/{kind}"
            play_game(Game(rules, seed, max_hands=4), _players(kind, seed, rules), check)
    assert read_from_waits[True] > 0
    assert read_from_waits[False] > 100


@pytest.mark.parametrize(("name", "options"), RULE_SETS)
def test_claim_options_equal_the_full_check(name: str, options: dict[str, str]) -> None:
    """At every discard, each player's options equal those the full loop over the claim
    kinds gives (004 s05 'The four groups'; 001 Part two 'Claiming discards'), and most
    discards were answered at once."""
    rules = get_rule_set(name, **options)
    answered_at_once = 0

    def check(game: Game, _: Action) -> None:
        nonlocal answered_at_once
        if game.phase is not Phase.CLAIM or game.last_discard is None:
            return
        d = game.discarder
        assert d is not None
        t = game.last_discard
        live = game.wall.live_remaining
        for i in range(1, 4):
            q = (d + i) % 4
            quick = game._claim_options(q, d, t, live)
            game._plain_claims = False
            try:
                full = game._claim_options(q, d, t, live)
            finally:
                game._plain_claims = True
            assert quick == full, (game.seed, len(game.actions), q)
            if game.players[q].counts[t] < 2:
                answered_at_once += 1

    for g in range(4):
        for kind in ("random", "efficiency"):
            seed = f"claims/{name}/{g}/{kind}"
            play_game(Game(rules, seed, max_hands=3), _players(kind, seed, rules), check)
    assert answered_at_once > 100


@pytest.mark.parametrize(("name", "options"), [*RULE_SETS, ("american", {})])
def test_seat_views_kept_up_to_date_equal_views_built_afresh(
        name: str, options: dict[str, str]) -> None:
    """After every action each player's view, with only the named seats rebuilt, equals the
    view built with every seat rebuilt (issue 7: views show public state only, and all of
    it)."""
    rules = get_rule_set(name, **options)
    compared = 0

    def check(game: Game, _: Action) -> None:
        nonlocal compared
        for p in range(4):
            kept = game.view(p)
            game._seat_cache = None
            assert game.view(p) == kept, (game.seed, len(game.actions), p)
            compared += 1

    for g in range(2):
        seed = f"seats/{name}/{g}"
        play_game(Game(rules, seed, max_hands=2), _players("random", seed, rules), check)
    assert compared > 400


def test_american_reads_no_win_from_waits() -> None:
    """American waits leave jokers out (a drawn joker can still complete a line: 001 Part
    one 'Jokers'), so the American rule set never answers a draw from them."""
    assert get_rule_set("american").draw_wins_from_waits is False
    assert get_rule_set("hongkong").draw_wins_from_waits is True


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), sizes=st.lists(st.integers(1, 2**70), min_size=1,
                                                    max_size=40))
def test_below_draws_the_numbers_randrange_draws(seed: int, sizes: list[int]) -> None:
    """The same seed gives the same numbers, call after call, for any bound."""
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [below(ours, n) for n in sizes] == [theirs.randrange(n) for n in sizes]


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**64), items=st.lists(st.integers(), max_size=200))
def test_shuffle_gives_the_order_random_shuffle_gives(seed: int, items: list[int]) -> None:
    """The wall is mixed by :func:`shuffle`: the same seed must give the same wall as
    ``random.Random.shuffle`` (and the generator must be left in the same state)."""
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(items), list(items)
    shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.random() == theirs.random()


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError, match="no integer below 0"):
        below(random.Random(1), 0)
