"""Test helper: put a game in a chosen position (hands and next wall tiles).

Rigging breaks tile conservation on purpose, so rigged games run without invariant checks.
"""

from __future__ import annotations

import json
import random

from mahjong_table.engine import Action, ActionKind, Game
from mahjong_table.melds import parse_hand
from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import NUM_PLAYING, TILES, Tile, parse_tiles


def new_game(rules: str = "hongkong", seed: int | str = 1, **options: object) -> Game:
    return Game(get_rule_set(rules, **options), seed)


def rig(game: Game, hands: dict[int, str], draws: str = "", current: int | None = None) -> Game:
    """Give players the hands written (concealed tiles and melds in hand notation), clear
    bonus tiles and discards, and make ``draws`` the next live-wall tiles. The current player
    (default: the dealer) holds 14 tiles and is to discard."""
    for p, text in hands.items():
        hand = parse_hand(text)
        ps = game.players[p]
        ps.counts = [0] * NUM_PLAYING
        for t in hand.concealed:
            ps.counts[t] += 1
        ps.melds = list(hand.melds)
        ps.bonus = []
        ps.discards = []
    wall = game.wall
    for i, t in enumerate(parse_tiles(draws)):
        wall.tiles[wall.head + i] = t
    if current is not None:
        game.current = current
    # the engine caches what it derives from hands; rigging changes hands behind its back
    game._turn_cache = None
    game._waits_cache = [None] * 4
    game._seat_cache = None
    return game


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
