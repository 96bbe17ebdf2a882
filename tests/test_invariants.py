"""Invariants after every action over 1,000 simulated Hong Kong hands (issue 2, item 11):
every one of the 144 tiles in exactly one place, hand sizes right, payments summing to zero,
and views leaking nothing: each player's view is rebuilt from the events that player was
shown, and nothing else, at every step."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from invariants_reference import reference_invariants
from mahjong_table.engine import Game
from mahjong_table.engine.tracker import ViewTracker
from mahjong_table.players import make_bot
from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import Tile
from table import follow_views


def run_checked(rules_name: str, hands_wanted: int, **options: object) -> Counter[str]:
    """Play seeded games (two efficiency bots, two random bots) until ``hands_wanted`` hands,
    checking the engine's invariants and every view after every action. Returns a tally of
    what happened, so the test can see that claims, kongs and wins were exercised."""
    rules = get_rule_set(rules_name, **options)
    tally: Counter[str] = Counter()
    seed = 0
    while tally["hands"] < hands_wanted:
        game = Game(rules, f"inv/{seed}", max_hands=20, check_invariants=True)
        bots = [make_bot("efficiency" if i % 2 == 0 else "random", f"inv/{seed}/{i}")
                for i in range(4)]
        trackers = [ViewTracker(p) for p in range(4)]
        seen = 0
        while True:
            for e in game.events[seen:]:
                tally[e.type] += 1
            seen = follow_views(game, trackers, seen)
            if game.is_over:
                break
            p = game.to_act()[0]
            game.apply(bots[p].choose(game.view(p)))
        tally["hands"] += len(game.results)
        assert sum(game.scores) == 0
        seed += 1
    return tally


def test_invariants_over_1000_hong_kong_hands() -> None:
    tally = run_checked("hongkong", 1000)
    assert tally["hands"] >= 1000
    # the run exercised the rules, not only discards
    for kind in ("claim", "bonus", "declare_mahjong", "concealed_kong", "kong_completed"):
        assert tally[kind] > 0, kind


def _verdict(check: Callable[..., None], *args: object) -> str | None:
    """The message of the ``AssertionError`` that ``check(*args)`` raises, or None."""
    try:
        check(*args)
    except AssertionError as e:
        return f"AssertionError: {e}"
    return None


def _corrupt(game: Game, rng: random.Random) -> None:
    """One random corruption of the kind an engine bug would cause: a tile moved, lost or
    duplicated between hands, ponds, bonus tiles and the wall, a fifth copy, a wall end
    moved."""
    ps = game.players[rng.randrange(4)]
    held = [k for k, c in enumerate(ps.counts) if c]
    what = rng.randrange(8)
    if what == 0 and held:
        ps.counts[rng.choice(held)] -= 1  # a tile lost
    elif what == 1:
        ps.counts[rng.randrange(34)] += 1  # a tile from nowhere
    elif what == 2 and held:  # a tile swapped for another kind
        ps.counts[rng.choice(held)] -= 1
        ps.counts[rng.randrange(34)] += 1
    elif what == 3:
        game.wall.head += rng.choice((-1, 1))  # the live end moved
    elif what == 4:
        game.wall.tail += rng.choice((-1, 1)) if game.wall.tail else 1  # the far end moved
    elif what == 5 and held:  # a concealed tile shown in the pond too
        ps.discards.append(Tile.of(rng.choice(held)))
    elif what == 6:  # a fifth copy
        k = rng.randrange(34)
        ps.counts[k] = 5
    else:  # a tile moved from one hand to another
        other = game.players[rng.randrange(4)]
        if held:
            k = rng.choice(held)
            ps.counts[k] -= 1
            other.counts[k] += 1


def test_the_invariant_check_catches_what_the_reference_check_catches() -> None:
    """Issue 25: the engine's cheaper invariant check raises exactly when the reference
    check (:func:`reference_invariants`, the check as first written) raises, with the same
    message, on the states of real games (Hong Kong, Chinese, American: walls with and
    without a dead wall, bonus tiles, jokers) and on the same states corrupted at random."""
    rng = random.Random(25)
    caught: Counter[bool] = Counter()
    for rules_name in ("hongkong", "chinese", "american"):
        rules = get_rule_set(rules_name)
        for seed in range(3):
            game = Game(rules, f"cheap-inv/{seed}", max_hands=2)
            bots = [make_bot("efficiency", f"cheap-inv/{seed}/{p}") for p in range(4)]
            steps = 0
            while not game.is_over and steps < 400:
                p = game.to_act()[0]
                game.apply(bots[p].choose(game.view(p)))
                steps += 1
                assert _verdict(game.assert_invariants) is None
                assert _verdict(reference_invariants, game) is None
                if steps % 7:
                    continue
                # the same state rebuilt from the seed and the actions (the compiled
                # build's Game cannot be deep-copied)
                copy = Game(rules, f"cheap-inv/{seed}", max_hands=2)
                for action in game.actions:
                    copy.apply(action)
                for _ in range(rng.randint(1, 2)):
                    _corrupt(copy, rng)
                want = _verdict(reference_invariants, copy)
                assert _verdict(copy.assert_invariants) == want
                caught[want is not None] += 1
    assert caught[True] > 50 and caught[False] > 0, caught  # both kinds of state were tried


def test_a_hand_result_made_after_a_check_is_still_checked() -> None:
    """Issue 25 (each hand result's payments are checked once, not at every action): a
    result whose payments do not sum to zero is caught by the next check whether it came
    before the first check or after earlier ones, and the check after it keeps catching it
    (a result never changes, but the state that holds it is wrong until it is gone)."""
    from mahjong_table.engine.game import HandResult

    rules = get_rule_set("hongkong")
    game = Game(rules, "results-checked", max_hands=3)
    bots = [make_bot("efficiency", f"results-checked/{p}") for p in range(4)]
    while not game.results:
        p = game.to_act()[0]
        game.apply(bots[p].choose(game.view(p)))
        game.assert_invariants()
    good = game.results[0]
    bad = HandResult(good.hand_number, good.round_wind, good.dealer, good.reason,
                     good.winner, good.discarder, good.score, (8, 0, 0, 0))
    game.results.append(bad)
    for _ in range(2):
        message = _verdict(game.assert_invariants)
        assert message is not None and "payments do not sum to zero" in message
        game._results_checked = len(game.results) - 1  # as if the bad one came after a check
    game.results.pop()
    game.assert_invariants()
