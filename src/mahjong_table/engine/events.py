"""Events: everything that happens at the table, in order.

An event is a type, the player it concerns (or None) and a data mapping. Some carry a tile only
its player may see (a draw, the deal): ``private`` names them, and :meth:`Event.to_json` with
``for_player`` hides the tile from everyone else; the seed (``game_start``) is shown to nobody
but records and replays, since it decides every wall. Some are wholly the player's own business
(``secret``: an answer to a claim window, which would tell others what the player could have
claimed): :meth:`Event.seen_by` gives None for anyone else. The event stream with the seed and
the rule options is enough to rebuild the whole state (see ``record.py``), and the events a
player is shown are enough to rebuild that player's view (see ``tracker.py``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Event", "PRIVATE_FIELDS", "RECORD_ONLY_FIELDS", "events_for"]

#: data fields that only the event's own player may see
PRIVATE_FIELDS = frozenset({"tile", "tiles", "hand"})
#: data fields that no player is shown, only records and replays (``full``): the game's seed
#: decides every wall, so whoever knew it would know every hidden tile
RECORD_ONLY_FIELDS = frozenset({"seed"})


class Event(NamedTuple):
    """``type`` (snake_case), ``player`` (0-3 or None), ``data`` (JSON-ready values) and
    ``private``: True when the data's tiles are the player's secret (a draw, the deal);
    ``secret``: True when the whole event is for its player only."""

    type: str
    player: int | None = None
    data: dict[str, Any] = {}  # noqa: RUF012 - never mutated; the engine passes its own dict
    private: bool = False
    secret: bool = False

    def seen_by(self, viewer: int) -> dict[str, Any] | None:
        """What ``viewer`` (0-3) is shown of this event, or None if it is hidden from them."""
        if self.secret and viewer != self.player:
            return None
        return self.to_json(for_player=viewer)

    def to_json(self, for_player: int | None = None, *, full: bool = False) -> dict[str, Any]:
        """JSON form. ``full`` shows everything (records, replays); otherwise private fields
        are dropped unless ``for_player`` is the event's player, and the record-only fields
        (the seed) always."""
        out: dict[str, Any] = {"type": self.type}
        if self.player is not None:
            out["player"] = self.player
        hide = self.private and not full and for_player != self.player
        for k, v in self.data.items():
            if hide and k in PRIVATE_FIELDS:
                continue
            if not full and k in RECORD_ONLY_FIELDS:
                continue
            out[k] = v
        return out


def events_for(events: list[Event], viewer: int) -> list[dict[str, Any]]:
    """The events ``viewer`` is shown, in their JSON form (hidden tiles and secret events
    left out)."""
    out = []
    for e in events:
        shown = e.seen_by(viewer)
        if shown is not None:
            out.append(shown)
    return out
