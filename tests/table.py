"""Test helpers: set a game to a chosen position through the public API (issue 7), act, and
probe views.

:func:`set_hands` writes the game's position out (:func:`position_of`), puts the hands and the
next wall tiles wanted into it and sets a new game up from it with
:meth:`Game.from_position`: the position is checked (tile counts, hand sizes, melds) and the
game plays on with invariants checked after every action.
"""

from __future__ import annotations

import json
import random

from mahjong_table.engine import Action, ActionKind, Game, events_for
from mahjong_table.engine.position import position_of
from mahjong_table.engine.tracker import SNAPSHOT_KEYS, ViewTracker
from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import TILES, Tile


def new_game(rules: str = "hongkong", seed: int | str = 1, **options: object) -> Game:
    return Game(get_rule_set(rules, **options), seed, check_invariants=True)


def set_hands(game: Game, hands: dict[int, str], draws: str = "",
              current: int | None = None) -> Game:
    """A new game at ``game``'s position with the hands written (concealed tiles and melds in
    the project's notation; bonus tiles and discards of those players cleared) and ``draws``
    the next live-wall tiles. At the start of a hand the players not named are dealt at
    random from the unseen tiles; later they keep their tiles. The player to act
    (``current``, default: the dealer at the start, else the player to act) holds 14 tiles
    and is to discard. Raises ``PositionError`` for an impossible position."""
    start = not any(ps.discards or ps.melds for ps in game.players)
    turn = current if current is not None else (game.dealer if start else game.current)
    out = []
    for line in position_of(game).split("\n"):
        key = line.split(" ", 1)[0]
        if len(key) == 2 and key[1] == ":":
            p = int(key[0])
            if p in hands:
                line = f"{p}: {hands[p]}"
            elif hands and start:
                line = f"{p}: ?"
        elif key in ("turn", "discard") and (hands or current is not None):
            line = f"turn {turn}"
        elif key == "wall" and (hands or draws):
            line = f"wall {draws}"
        elif key == "replacements" and (hands or draws):
            continue
        out.append(line)
    return Game.from_position("\n".join(out), game.seed, max_hands=game.max_hands,
                              check_invariants=True, names=list(game.names))


def act(game: Game, kind: ActionKind, player: int, tile: str | None = None) -> None:
    game.apply(Action(kind, player, Tile.parse(tile) if tile else None))


def kinds(game: Game, player: int) -> set[str]:
    return {a.kind.value for a in game.legal_actions(player)}


def scramble_changes_no_view(game: Game, rng: random.Random) -> None:
    """For each player p: swap concealed tiles of another player with untaken wall tiles and
    shuffle the untaken middle of the wall; p's view (JSON) must not change. Restored after."""
    wall = game.wall
    # positions certainly untaken: drawn from neither end yet
    region = list(range(wall.head, len(wall.tiles) - wall.tail - 2))
    if len(region) < 2:
        return
    for p in range(4):
        before = json.dumps(game.view(p).to_json(), sort_keys=True)
        saved_tiles = list(wall.tiles)
        saved_counts = [list(ps.counts) for ps in game.players]
        for q, ps in enumerate(game.players):
            if q == p:
                continue
            for k in range(34):
                if ps.counts[k]:
                    i = rng.choice(region)
                    t = wall.tiles[i]
                    if t < 34 and t != k:
                        wall.tiles[i] = TILES[k]
                        ps.counts[k] -= 1
                        ps.counts[t] += 1
        rest = [wall.tiles[i] for i in region]
        rng.shuffle(rest)
        for i, t in zip(region, rest, strict=True):
            wall.tiles[i] = t
        changed = (wall.tiles != saved_tiles
                   or any(ps.counts != c for ps, c in zip(game.players, saved_counts,
                                                          strict=True)))
        after = json.dumps(game.view(p).to_json(), sort_keys=True)
        wall.tiles[:] = saved_tiles
        for ps, c in zip(game.players, saved_counts, strict=True):
            ps.counts[:] = c
        assert changed
        assert after == before, f"player {p}'s view depends on hidden information"


def follow_views(game: Game, trackers: list[ViewTracker], seen: int) -> int:
    """Feed every player's tracker the events since ``seen`` that the player is shown, and
    check that each rebuilt view equals ``game.view(p)`` (nothing in a view that its player
    was not shown). Returns the new ``seen``."""
    for p in range(4):
        for shown in events_for(game.events[seen:], p):
            trackers[p].update(shown)
    for p in range(4):
        view = game.view(p).to_json()
        assert trackers[p].snapshot() == {k: view[k] for k in SNAPSHOT_KEYS}
    return len(game.events)



def arranged_game(rules_name: str, seed: int | str, hands: dict[int, str], *,
                  draws: str = "", far: str = "", **options: object) -> Game:
    """A game whose first wall is built (``Game(wall_order=...)``) so that the seat winds in
    ``hands`` (0 East .. 3 North) are dealt those tiles, ``draws`` are the next live tiles
    and ``far`` the first replacement tiles from the far end; everything else is mixed with
    the seed, the other hands without bonus tiles (so no replacement is drawn in the deal).
    The dice, and so the break, come from the seed as in any game."""
    from collections import Counter

    from mahjong_table.tiles import parse_tiles
    from mahjong_table.wall import _physical_index

    rules = get_rule_set(rules_name, **options)
    n = rules.tile_set.size
    brk = rules.break_wall(random.Random(f"{seed}/hand/0"))
    index = _physical_index(rules.stacks_per_wall, brk.wall, brk.stacks)
    counter = iter(range(n))
    dealt = rules.deal_tiles(lambda: next(counter))  # type: ignore[arg-type,return-value]
    placed: dict[int, Tile] = {}
    for w, text in hands.items():
        tiles = parse_tiles(text)
        assert len(tiles) == len(dealt[w]), f"wind {w} is dealt {len(dealt[w])} tiles"
        placed.update(zip(dealt[w], tiles, strict=True))
    after = sum(len(d) for d in dealt)
    placed.update(zip(range(after, n), parse_tiles(draws), strict=False))
    tail = [2 * (n // 2 - 1 - i // 2) + i % 2 for i in range(n)]
    placed.update(zip(tail, parse_tiles(far), strict=False))
    pool = Counter(rules.tile_set.all_tiles())
    pool.subtract(placed.values())
    assert min(pool.values()) >= 0, "more copies than the tile set holds"
    rest = sorted(pool.elements())
    random.Random(f"{seed}/arranged").shuffle(rest)
    plain = [t for t in rest if t not in rules.bonus_kinds]
    bonus = [t for t in rest if t in rules.bonus_kinds]
    order: list[Tile | None] = [placed.get(i) for i in range(n)]
    deal_positions = {i for d in dealt for i in d}
    for i in range(n):
        if order[i] is None and i in deal_positions:
            order[i] = plain.pop()
    rest = plain + bonus
    random.Random(f"{seed}/arranged/rest").shuffle(rest)
    for i in range(n):
        if order[i] is None:
            order[i] = rest.pop()
    physical: list[Tile] = [TILES[0]] * n
    for i, t in enumerate(order):
        assert t is not None
        physical[index[i]] = t
    return Game(rules, seed, wall_order=physical, check_invariants=True)


def late_position(head: str, hands: dict[int, str], wall: str, turn: str) -> Game:
    """A game late in a hand: the players' hands as written (players 0-3), ``wall`` the
    only tiles left in the wall, and every other tile of the set already played (discards
    spread over the players, bonus tiles exposed by player 0)."""
    from collections import Counter

    from mahjong_table.melds import parse_hand
    from mahjong_table.tiles import format_tiles, parse_tiles

    rules = get_rule_set(head.split()[0], **{
        k: (v == "true" if v in ("true", "false") else v)
        for k, _, v in (o.partition("=") for o in head.split()[1:])})
    pool = Counter(rules.tile_set.all_tiles())
    for text in hands.values():
        hand = parse_hand(text)
        pool.subtract(hand.all_tiles())
    pool.subtract(parse_tiles(wall))
    assert min(pool.values()) >= 0, "more copies than the tile set holds"
    rest = sorted(pool.elements())
    bonus = [t for t in rest if t in rules.bonus_kinds]
    plain = [t for t in rest if t not in rules.bonus_kinds]
    lines = [head]
    for p in range(4):
        line = f"{p}: {hands[p]}"
        mine = plain[p::4]
        if p == 0 and bonus:
            line += f" bonus {format_tiles(bonus)}"
        if mine:
            line += f" discards {format_tiles(mine)}"
        lines.append(line)
    lines += [turn, f"wall all {wall}" if wall else "wall all", "replacements 0"]
    return Game.from_position("\n".join(lines), 1, check_invariants=True)
