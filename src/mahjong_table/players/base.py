"""The Player protocol, and the loop that lets players play a game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine import Action, Game, PlayerView

__all__ = ["Player", "play_game"]


class Player(Protocol):
    """Anything that picks an action from a view. ``choose`` must return one of
    ``view.legal_actions`` (a human adapter may return another action to have the engine
    explain why it is illegal)."""

    name: str

    def choose(self, view: PlayerView) -> Action:
        """Pick an action. ``view.legal_actions`` is never empty when this is called."""
        ...


def play_game(game: Game, players: Sequence[Player],
              on_action: Callable[[Game, Action], None] | None = None) -> Game:
    """Let ``players`` (one per seat, index = player) play ``game`` to its end.

    Decisions awaited from several players at once (claims) are asked in turn order from the
    discarder; each sees only its own view. Returns ``game``.
    """
    while not game.is_over:
        p = game.to_act()[0]
        action = players[p].choose(game.view(p))
        game.apply(action)
        if on_action is not None:
            on_action(game, action)
    return game
