"""The physical wall (004 s04)."""

from __future__ import annotations

import random
from collections import Counter

from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import HONG_KONG_TILE_SET, NUM_KINDS
from mahjong_table.wall import build_wall, drawing_order


def test_004_s04_four_walls_of_eighteen_stacks() -> None:
    """004 s04: each player builds a wall of eighteen stacks of two: 36 tiles, 144 in all."""
    order = drawing_order(18, 0, 5)
    assert len(order) == 144 and len(set(order)) == 144
    per_wall = Counter(p.wall for p in order)
    assert per_wall == {0: 36, 1: 36, 2: 36, 3: 36}


def test_004_s04_dice_sum_counted_from_east() -> None:
    """004 s04: three dice; the sum counted round the walls from East (1 E, 2 S, 3 W, 4 N,
    5 E ...); the same number of stacks counted from that wall's right end."""
    rules = get_rule_set("hongkong")
    for seed in range(200):
        brk = rules.break_wall(random.Random(seed))
        assert len(brk.dice) == 3 and all(1 <= d <= 6 for d in brk.dice)
        total = sum(brk.dice)
        assert brk.wall == (total - 1) % 4 and brk.stacks == total


def test_004_s04_drawing_order_left_of_breach_top_then_bottom_clockwise() -> None:
    """004 s04: tiles are taken from the left of the breach, top then bottom of each stack,
    continuing round the square (to the wall of the owner's left-hand neighbour)."""
    order = drawing_order(18, 2, 7)  # West's wall, 7 stacks from its right end
    assert (order[0].wall, order[0].stack, order[0].level) == (2, 7, 0)
    assert (order[1].wall, order[1].stack, order[1].level) == (2, 7, 1)
    assert (order[2].wall, order[2].stack) == (2, 8)
    # after West's wall comes South's (West's left-hand neighbour), then East's, North's
    walls_seen = []
    for p in order:
        if not walls_seen or walls_seen[-1] != p.wall:
            walls_seen.append(p.wall)
    assert walls_seen == [2, 1, 0, 3, 2]
    # the dead wall: the seven stacks right of the breach are the far end
    assert {(p.wall, p.stack) for p in order[-14:]} == {(2, s) for s in range(7)}


def test_004_s04_dead_wall_kept_at_fourteen() -> None:
    """004 s04: the dead wall stays at 14 tiles by reserving tiles at the end of the live
    wall; replacements come from the dead wall, top then bottom of the stack nearest the
    breach."""
    tiles = HONG_KONG_TILE_SET.all_tiles()
    wall = build_wall(tiles, random.Random(1), stacks_per_wall=18, wall=0, stacks=9,
                      dead_wall_tiles=14)
    assert wall.live_remaining == 130 and wall.dead_remaining == 14
    first_rep = wall.tiles[142]  # the top of the last stack in drawing order
    assert wall.draw_replacement() == first_rep
    assert wall.positions[142].level == 0 and wall.positions[142].stack == 8
    assert wall.dead_remaining == 14 and wall.live_remaining == 129
    drawn = [wall.draw() for _ in range(129)]
    assert wall.live_remaining == 0 and wall.dead_remaining == 14
    assert sorted([*drawn, first_rep, *wall.untaken()]) == sorted(tiles)


def test_wall_is_the_shuffled_tile_set() -> None:
    tiles = HONG_KONG_TILE_SET.all_tiles()
    a = build_wall(tiles, random.Random(5), stacks_per_wall=18, wall=1, stacks=3,
                   dead_wall_tiles=14)
    b = build_wall(tiles, random.Random(5), stacks_per_wall=18, wall=1, stacks=3,
                   dead_wall_tiles=14)
    assert a.tiles == b.tiles and sorted(a.tiles) == sorted(tiles)


def test_untaken_counts_agree_with_the_untaken_tiles() -> None:
    """The invariant check's tile count of the wall (issue 13's fast path) equals counting
    ``untaken()`` after any mix of live draws and replacements (004 s04: replacements from the
    far end), down to an empty wall."""
    tiles = HONG_KONG_TILE_SET.all_tiles()
    rng = random.Random(7)
    for trial in range(20):
        wall = build_wall(tiles, random.Random(trial), stacks_per_wall=18, wall=trial % 4,
                          stacks=2 + trial % 12, dead_wall_tiles=14)
        while True:
            want = Counter(wall.untaken())
            got = wall.untaken_counts(NUM_KINDS)
            assert got == [want.get(k, 0) for k in range(NUM_KINDS)]
            if wall.remaining == 0:
                break
            if wall.live_remaining and rng.random() < 0.85:
                wall.draw()
            else:
                wall.draw_replacement()


def test_untaken_counts_is_the_count_of_untaken_over_every_mix_of_draws() -> None:
    """Issue 25: the invariant check's ``untaken_counts`` (positions from ``head`` to the
    first taken at the far end, and a half-taken stack's bottom) counts exactly the tiles of
    ``untaken()`` (the positions neither drawn in turn nor taken as replacements), for walls
    with and without a dead wall, after every draw of random sequences of live draws and
    replacements, down to an empty wall."""
    rng = random.Random(25)
    tiles = HONG_KONG_TILE_SET.all_tiles()
    for trial in range(60):
        dead = (0, 14, 16)[trial % 3]
        wall = build_wall(tiles, rng, stacks_per_wall=18, wall=trial % 4,
                          stacks=2 + trial % 11, dead_wall_tiles=dead)
        while True:
            want = [0] * NUM_KINDS
            for t in wall.untaken():
                want[t] += 1
            assert wall.untaken_counts(NUM_KINDS) == want
            if wall.remaining <= 0:
                break
            if wall.live_remaining > 0 and rng.random() < 0.8:
                wall.draw()
            else:
                wall.draw_replacement()
