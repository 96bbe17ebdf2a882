"""The engine's invariant check as first written (issue 2), kept as the reference that the
cheaper check of issue 25 is held to (``test_invariants.py``). Not a test module, so pytest
leaves its ``assert`` statements as they are: their messages are the engine's."""

from __future__ import annotations

from mahjong_table.engine import Game
from mahjong_table.engine.game import Phase
from mahjong_table.tiles import NUM_KINDS, NUM_PLAYING, TILES

#: the joker's kind
JOKER = 46


def reference_invariants(game: Game) -> None:
    """The invariant check as it was written before issue 25 made it cheaper (a set of the
    far end's taken positions, ``all`` over the counts): the reference the engine's check is
    held to."""
    assert sum(game.scores) == 0, f"scores do not sum to zero: {game.scores}"
    for r in game.results:
        assert sum(r.payments) == 0, f"payments do not sum to zero: {r}"
    if game.phase is Phase.GAME_OVER or game.events[-1].type == "hand_end":
        return
    wall = game.wall
    got = [0] * NUM_KINDS
    if wall.remaining > 0:
        taken_tail = {wall._tail_index(i) for i in range(wall.tail)}
        for i, t in enumerate(wall.tiles):
            if i >= wall.head and i not in taken_tail:
                got[t] += 1
    for ps in game.players:
        for i, c in enumerate(ps.counts):
            got[i] += c
        for m in ps.melds:
            for t in m.tiles:
                got[t] += 1
        for t in [*ps.bonus, *ps.discards]:
            got[t] += 1
    expected = game.rules.tile_set.copies
    if tuple(got) != expected:
        wrong = [f"{TILES[k]}: {got[k]} instead of {expected[k]}"
                 for k in range(NUM_KINDS) if got[k] != expected[k]]
        raise AssertionError(f"tiles are not conserved: {', '.join(wrong)}")
    full = game.rules.full_meld_count
    for p, ps in enumerate(game.players):
        melded = sum(len(m.tiles) for m in ps.melds) if full else 3 * len(ps.melds)
        n = ps.concealed_count + melded
        holding = game.phase in (Phase.TURN, Phase.ROB) and p == game.current
        if game.phase is Phase.CHARLESTON:
            holding = p == game.dealer
        want = 14 if holding else 13
        if ps.dead:
            assert n in (13, 14), f"dead player {p} holds {n} tiles"
        else:
            assert n == want, f"player {p} holds {n} tiles (kongs as 3), expected {want}"
        assert all(c <= 4 for c in ps.counts[:NUM_PLAYING])
        for m in ps.melds:
            assert m.tiles.count(TILES[JOKER]) < len(m.tiles), \
                f"player {p}'s exposure {m.notation()} holds no natural tile"


JOKER = 46

