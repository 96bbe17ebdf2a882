"""One seat's observations at play time, built as training built them (issue 44, item 3).

A policy trained on ``planes-v1`` observations (the environments', or ``export-dataset``'s)
reads the public history: each seat's discards in order, the claimed and after-claim marks,
the Charleston's passes. A bot at the table is given views, and, when it asks, the events
its seat is shown: a ``py:`` bot with an ``event(shown)`` method (``players.py_bot``), a
``cmd:`` program through its ``event`` messages (``docs/bot-protocol.md``). Fed those
events, a :class:`SeatEncoder` gives exactly the observation the environments and
``export-dataset`` give for the same view (tests compare every channel over whole games).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine import Event, PlayerView
from ..rules import get_rule_set
from ..rules.base import RuleSet
from .planes import PublicHistory, get_encoding

__all__ = ["SeatEncoder", "event_from_json"]


def event_from_json(shown: dict[str, Any]) -> Event:
    """The :class:`~mahjong_table.engine.Event` of an event's JSON form (``Event.to_json``,
    ``Event.seen_by``): ``type``, ``player`` and the rest as its data. Raises ``KeyError``
    without a ``type``."""
    data = {k: v for k, v in shown.items() if k not in ("type", "player")}
    return Event(str(shown["type"]), shown.get("player"), data)


class SeatEncoder:
    """Encodes one seat's views as the environments do. ``rules``: the game's rule set (or
    its name, with ``options``); ``encoding``: ``"planes-v1"`` (default) or ``"flat-v0"``.

    Call :meth:`event` with every event the seat is shown, in order (the JSON dicts a
    ``py:`` bot's ``event`` method or a pipe bot's ``event`` messages carry), then
    :meth:`encode` with the seat's view at a decision. A new game (its ``game_start``
    event) starts the history afresh."""

    def __init__(self, rules: RuleSet | str, encoding: str = "planes-v1",
                 **options: Any) -> None:
        self.rules = get_rule_set(rules, **options) if isinstance(rules, str) else rules
        self.encoding = get_encoding(encoding, self.rules)
        self.history = PublicHistory()
        self._events: list[Event] = []

    def event(self, shown: dict[str, Any]) -> None:
        """Take the next event the seat is shown (its JSON form)."""
        e = event_from_json(shown)
        if e.type == "game_start":
            self.history.reset()
            self._events = []
        self._events.append(e)

    def encode(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """The observation of ``view`` with the history of the events taken so far."""
        self.history.update(self._events)
        return self.encoding.encode(view, self.history)
