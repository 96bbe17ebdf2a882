"""The board as a hand ended, every hand face up (no terminal library here).

The engine deals the next hand in the same ``apply`` that ends one, so once a hand is over
``game.view(p)`` already shows the next deal. What the table keeps on screen until the person
continues (and what ``replay --show`` shows when a step lands on a win) is rebuilt from the
events instead: each seat's view from the events *that seat* was shown up to the hand's
``hand_end`` (a :class:`~mahjong_table.engine.tracker.ViewTracker` per seat, which equals
``game.view(p)`` at every point), and the viewer's :class:`~.render.TableMemory` (discards in
order, claims marked). Every hand is shown face up only because the hand is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Event, Game, PlayerView, events_for
from ..engine.tracker import ViewTracker
from ..engine.view import view_from_json
from ..tiles import Tile
from .render import TableMemory

__all__ = ["FinishedHand", "finished_hand", "last_hand_end"]


@dataclass
class FinishedHand:
    """A hand that is over: ``views`` every seat's view at its end (the concealed tiles as
    they ended, the winner's with the winning tile), ``memory`` the viewer's discards in
    order, ``hand_number`` (from 0) and ``end`` the index of its ``hand_end`` event."""

    views: dict[int, PlayerView]
    memory: TableMemory
    hand_number: int
    end: int

    def open_hands(self) -> dict[int, Sequence[Tile]]:
        """Every seat's concealed tiles, by player."""
        return {p: v.concealed for p, v in self.views.items()}


def last_hand_end(events: Sequence[Event], start: int = 0, stop: int | None = None) -> int | None:
    """The index of the last ``hand_end`` event in ``events[start:stop]``, or None."""
    stop = len(events) if stop is None else stop
    for i in range(stop - 1, start - 1, -1):
        if events[i].type == "hand_end":
            return i
    return None


def _view(tracker: ViewTracker, game: Game) -> PlayerView:
    """The seat's view as its events leave it at the end of the hand (between decisions)."""
    return view_from_json(tracker.snapshot(), game.rules)


def finished_hand(game: Game, end: int, viewer: int) -> FinishedHand:
    """The board at the ``hand_end`` event ``game.events[end]``, every hand face up, drawn
    from ``viewer``'s seat (public API: the events each seat was shown)."""
    events = game.events
    if events[end].type != "hand_end":
        raise ValueError(f"event {end} is a {events[end].type}, not the end of a hand")
    start = next(i for i in range(end, -1, -1) if events[i].type == "hand_start")
    head = [e for e in events[:start] if e.type == "game_start"][-1:]
    hand = head + list(events[start:end + 1])
    views: dict[int, PlayerView] = {}
    for p in range(4):
        tracker = ViewTracker(p)
        for shown in events_for(hand, p):
            tracker.update(shown)
        views[p] = _view(tracker, game)
    memory = TableMemory()
    memory.feed(events_for(hand, viewer))
    return FinishedHand(views, memory, views[viewer].hand_number, end)
