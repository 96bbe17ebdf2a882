"""Whole games under the Chinese rules (001 Part two) with a random legal policy: the engine's
invariants after every action (tile conservation, hand sizes, zero-sum scores), the dealer
rotation and wind rounds over real sequences of hands, every win scored by the beginner scale,
and views that leak nothing. Both the 144-tile and the 136-tile games; over 1,000 hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mahjong_table.engine import Action, ActionKind, Game, Phase
from mahjong_table.rules import get_rule_set
from table import scramble_changes_no_view

HANDS_PER_VARIANT = 600


def _keep_value(counts: list[int], k: int) -> int:
    v = 3 * (counts[k] - 1)
    if k < 27:
        r = k % 9
        for d in (-2, -1, 1, 2):
            if 0 <= r + d <= 8 and counts[k + d]:
                v += 2 if abs(d) == 1 else 1
    return v


def choose(game: Game, p: int, rng: random.Random, eps: float) -> Action:
    """Random legal play that always takes a win. With probability ``1 - eps`` a discard keeps
    the tiles that connect best and a claim is made more often than passed, so that games
    with eps=1 (purely random: mostly drawn hands, the wall played out to its last tile) and
    with eps small (mostly won hands) both occur."""
    acts = game.legal_actions(p)
    for a in acts:
        if a.kind is ActionKind.MAHJONG:
            return a
    if rng.random() < eps:
        return acts[rng.randrange(len(acts))]
    discards = [a for a in acts if a.kind is ActionKind.DISCARD]
    if discards:
        counts = game.players[p].counts
        return min(discards, key=lambda a: (_keep_value(counts, int(a.tile or 0)),
                                            rng.random()))
    claims = [a for a in acts if a.kind is not ActionKind.PASS]
    if claims and rng.random() < 0.6:
        return claims[rng.randrange(len(claims))]
    passes = [a for a in acts if a.kind is ActionKind.PASS]
    return passes[0] if passes else acts[rng.randrange(len(acts))]


def play_variant(bonus_tiles: bool, seed0: int) -> Counter[str]:
    """Play games until HANDS_PER_VARIANT hands, checking everything. Returns tallies."""
    rules = get_rule_set("chinese", bonus_tiles=bonus_tiles)
    tally: Counter[str] = Counter()
    hands = 0
    seed = seed0
    while hands < HANDS_PER_VARIANT:
        eps = 1.0 if seed % 2 else 0.15
        game = Game(rules, seed, max_hands=24, check_invariants=True)
        rng = random.Random(f"policy/{seed}")
        view_rng = random.Random(f"views/{seed}")
        first_east = game.dealer
        n = 0
        while not game.is_over:
            p = game.to_act()[0]
            game.apply(choose(game, p, rng, eps))
            n += 1
            if n % 37 == 0 and not game.is_over:
                scramble_changes_no_view(game, view_rng)
            if not game.is_over:
                assert game.wall.dead_remaining == 0
        check_game(game, first_east, bonus_tiles, tally)
        hands += len(game.results)
        seed += 1
    tally["hands"] = hands
    return tally


def check_game(game: Game, first_east: int, bonus_tiles: bool, tally: Counter[str]) -> None:
    """Rotation, rounds and scores over the hands of one game."""
    results = game.results
    assert results[0].dealer == first_east and results[0].round_wind == 0
    for r in results:
        tally[r.reason] += 1
        assert sum(r.payments) == 0
        if r.reason == "mahjong":
            assert r.score is not None and r.score.valid and r.score.rules == "chinese"
            assert r.winner is not None
            assert r.payments[r.winner] == 3
            assert sorted(r.payments) == [-1, -1, -1, 3]
            tally["self_drawn" if r.discarder is None else "on_discard"] += 1
        else:
            assert r.reason == "draw" and r.payments == (0, 0, 0, 0)
    # 001 Part two "Dealer rotation" and "Wind rounds"
    passes = 0
    for i, a in enumerate(results):
        if a.reason == "mahjong" and a.winner == a.dealer:
            dealer, round_wind = a.dealer, a.round_wind
            tally["east_kept"] += 1
        else:
            passes += 1
            dealer, round_wind = (a.dealer + 1) % 4, passes // 4
        if i + 1 < len(results):
            assert (results[i + 1].dealer, results[i + 1].round_wind) == (dealer, round_wind)
        else:  # after the last hand: the game is over after the North round, or goes on
            assert game.progress.finished == (round_wind == 4)
    assert game.scores == [sum(r.payments[p] for r in results) for p in range(4)]
    if not bonus_tiles:
        assert not any(e.type == "bonus" for e in game.events)
    else:
        tally["bonus"] += sum(1 for e in game.events if e.type == "bonus")
    tally["kongs"] += sum(1 for e in game.events
                          if e.type == "replacement" and e.data["reason"] == "kong")
    if game.progress.finished:
        tally["full_games"] += 1
        assert passes == 16 and results[-1].round_wind == 3


@pytest.mark.parametrize("bonus_tiles", [True, False], ids=["144_tiles", "136_tiles"])
def test_invariants_after_every_action_over_many_hands(bonus_tiles: bool) -> None:
    """Invariants after every action, views without hidden information, rotation and scoring,
    over 600 hands of each variant (1,200 in all)."""
    tally = play_variant(bonus_tiles, 1000 if bonus_tiles else 2000)
    assert tally["hands"] >= HANDS_PER_VARIANT
    # the simulation reached the situations that matter
    assert tally["draw"] > 50 and tally["mahjong"] > 100
    assert tally["self_drawn"] > 10 and tally["on_discard"] > 10
    assert tally["east_kept"] > 10 and tally["kongs"] > 10 and tally["full_games"] > 5
    if bonus_tiles:
        assert tally["bonus"] > 100


def test_phase_is_never_rob() -> None:
    """No rob window ever opens under the Chinese rules (robbing_kong is False)."""
    rules = get_rule_set("chinese")
    for seed in range(10):
        game = Game(rules, seed, max_hands=8)
        rng = random.Random(seed)
        while not game.is_over:
            assert game.phase is not Phase.ROB
            p = game.to_act()[0]
            game.apply(choose(game, p, rng, 0.15))
        assert not any(e.type == "rob_window" for e in game.events)
