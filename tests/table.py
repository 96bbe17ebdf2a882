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

