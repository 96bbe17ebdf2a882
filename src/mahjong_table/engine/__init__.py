"""The engine: one deterministic state machine for every rule set.

``Game(rules, seed)`` -> ``to_act()``, ``legal_actions(player)``, ``apply(action)`` -> events,
``view(player)``.
"""

from .actions import Action, ActionKind, IllegalActionError
from .events import Event, events_for
from .game import Game, HandResult, Phase, PlayerState
from .view import PlayerView, SeatView, view_from_json, view_of

__all__ = [
    "Action",
    "ActionKind",
    "Event",
    "events_for",
    "Game",
    "HandResult",
    "IllegalActionError",
    "Phase",
    "PlayerState",
    "PlayerView",
    "SeatView",
    "view_from_json",
    "view_of",
]
