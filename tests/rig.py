"""The old test rig: puts a game in a chosen position by rewriting players' counts and the
wall behind the engine's back (tile conservation broken, so rigged games run without
invariant checks).

Being replaced by positions through the public API (``tests/table.py``, ``set_hands``; issue
7): the Hong Kong engine tests and most Chinese rule tests use that now. Still to convert:
the five Chinese tests of the physical wall in ``test_chinese_rules.py`` (replacements from
the far end, the last tile: they need a wall arranged at both ends with
``Game(wall_order=...)`` or a position late in the hand).
"""

from __future__ import annotations

from mahjong_table.engine import Game
from mahjong_table.melds import parse_hand
from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import NUM_PLAYING, parse_tiles
from table import act, kinds

__all__ = ["act", "kinds", "new_game", "rig"]


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
