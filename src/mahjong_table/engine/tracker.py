"""Rebuild one player's view from the events that player is shown (and nothing else).

After libriichi's ``PlayerState::update(event)``: a :class:`ViewTracker` takes the JSON events of
:func:`~.events.events_for` one at a time and keeps what the player can know. Its
:meth:`~ViewTracker.snapshot` equals the public part of ``game.view(player).to_json()`` at every
point of a game (tested over thousands of hands): so a view holds nothing the player was not
shown, and the shown events are enough to follow the game.
"""

from __future__ import annotations

from typing import Any

from ..scoring import WIND_LETTERS
from ..tiles import NUM_KINDS, Tile, format_tiles, parse_tiles, tiles_from_counts

__all__ = ["ViewTracker", "SNAPSHOT_KEYS"]

#: the keys of ``PlayerView.to_json()`` a tracker rebuilds
SNAPSHOT_KEYS = ("player", "hand_number", "round_wind", "dealer", "concealed", "seats",
                 "live_wall", "dead_wall")


class _Seat:
    __slots__ = ("count", "melds", "sources", "bonus", "discards", "dead")

    def __init__(self) -> None:
        self.dead = False
        self.count = 0
        self.melds: list[str] = []
        #: per meld, where it was claimed from ((claimer - discarder) % 4) or None
        self.sources: list[int | None] = []
        self.bonus: list[Tile] = []
        self.discards: list[Tile] = []


class ViewTracker:
    """Follows the game as ``player`` sees it. Feed it with :meth:`update`."""

    def __init__(self, player: int) -> None:
        self.player = player
        self.names = [f"Player {i}" for i in range(4)]
        self.scores = [0, 0, 0, 0]
        self.hand_number = 0
        self.round_wind = "E"
        self.dealer = 0
        self.live_wall = 0
        self.dead_wall = 0
        self.counts = [0] * NUM_KINDS
        self.seats = [_Seat() for _ in range(4)]

    def _gain(self, p: int, tile: str | None) -> None:
        self.seats[p].count += 1
        if p == self.player and tile is not None:
            # a bonus tile is taken back out by the "bonus" event that follows it
            self.counts[Tile.parse(tile)] += 1

    def _lose(self, p: int, tiles: list[Tile]) -> None:
        self.seats[p].count -= len(tiles)
        if p == self.player:
            for t in tiles:
                self.counts[t] -= 1

    def update(self, e: dict[str, Any]) -> None:
        """Take one shown event (the JSON form given by ``events_for``)."""
        kind = e["type"]
        p = e.get("player")
        if kind == "game_start":
            self.names = list(e["names"])
        elif kind == "hand_start":
            self.hand_number = e["hand_number"]
            self.round_wind = e["round_wind"]
            self.dealer = e["dealer"]
            self.live_wall, self.dead_wall = e["live_wall"], e["dead_wall"]
            self.counts = [0] * NUM_KINDS
            self.seats = [_Seat() for _ in range(4)]
        elif kind == "deal":
            assert p is not None
            self.seats[p].count += e["count"]
            self.live_wall -= e["count"]  # the deal comes from the live wall
            if p == self.player:
                for t in parse_tiles(e["tiles"]):
                    self.counts[t] += 1
        elif kind == "bonus":
            assert p is not None
            t = Tile.parse(e["tile"])
            self.seats[p].count -= 1
            self.seats[p].bonus.append(t)
            if p == self.player:
                self.counts[t] -= 1
        elif kind == "seat":
            # a hand set up at a position: the seat's public part, and one's own tiles
            assert p is not None
            seat = self.seats[p]
            seat.count = e["count"]
            seat.melds = list(e["melds"])
            seat.sources = list(e.get("meld_sources") or [None] * len(seat.melds))
            seat.bonus = parse_tiles(e["bonus"])
            seat.discards = parse_tiles(e["discards"])
            seat.dead = e["dead"]
            if p == self.player:
                for t in parse_tiles(e["tiles"]):
                    self.counts[t] += 1
        elif kind == "passed":
            # a pass keeps every hand's size: only the tracked player's own tiles change
            for t in parse_tiles(e["tiles"]):
                self.counts[t] -= 1
        elif kind == "received":
            for t in parse_tiles(e["tiles"]):
                self.counts[t] += 1
        elif kind == "joker_exchange":
            assert p is not None
            t = Tile.parse(e["tile"])
            if p == self.player:
                self.counts[t] -= 1
                self.counts[46] += 1
            self.seats[e["target"]].melds[e["index"]] = e["meld"]
        elif kind == "dead_hand":
            assert p is not None
            self.seats[p].dead = True
        elif kind in ("draw", "replacement"):
            assert p is not None
            self._gain(p, e.get("tile"))
            self.live_wall, self.dead_wall = e["live_wall"], e["dead_wall"]
        elif kind == "discard":
            assert p is not None
            t = Tile.parse(e["tile"])
            self._lose(p, [t])
            self.seats[p].discards.append(t)
        elif kind == "claim":
            assert p is not None
            t = Tile.parse(e["tile"])
            self.seats[e["discarder"]].discards.pop()
            meld_tiles = parse_tiles(e["meld"].strip("[]()"))
            meld_tiles.remove(t)
            self._lose(p, meld_tiles)
            self.seats[p].melds.append(e["meld"])
            self.seats[p].sources.append((p - e["discarder"]) % 4)
        elif kind == "concealed_kong":
            assert p is not None
            self._lose(p, parse_tiles(e["meld"].strip("()")))
            self.seats[p].melds.append(e["meld"])
            self.seats[p].sources.append(None)
        elif kind == "kong_completed":
            assert p is not None
            tiles = parse_tiles(e["meld"].strip("[]"))
            self._lose(p, tiles[:1])
            pung = "[" + format_tiles(tiles[:3]) + "]"
            melds = self.seats[p].melds
            melds[melds.index(pung)] = e["meld"]
        elif kind == "declare_mahjong" and not e["self_drawn"] and not e.get("false"):
            assert p is not None
            d = e["discarder"]
            t = Tile.parse(e["tile"])
            if e["robbing_kong"]:
                self._lose(d, [t])
            else:
                self.seats[d].discards.pop()
            self._gain(p, e["tile"])
        elif kind == "hand_end":
            self.scores = list(e["scores"])

    def snapshot(self) -> dict[str, Any]:
        """The part of ``PlayerView.to_json()`` named by :data:`SNAPSHOT_KEYS`."""
        return {
            "player": self.player,
            "hand_number": self.hand_number,
            "round_wind": self.round_wind,
            "dealer": self.dealer,
            "concealed": format_tiles(tiles_from_counts(self.counts)),
            "seats": [
                {
                    "player": x,
                    "wind": WIND_LETTERS[(x - self.dealer) % 4],
                    "name": self.names[x],
                    "concealed_count": s.count,
                    "melds": list(s.melds),
                    "meld_sources": list(s.sources),
                    "bonus": format_tiles(s.bonus),
                    "discards": format_tiles(s.discards),
                    "score": self.scores[x],
                    "dead": s.dead,
                }
                for x, s in enumerate(self.seats)
            ],
            "live_wall": self.live_wall,
            "dead_wall": self.dead_wall,
        }
