"""Bots that can fail and be replaced: programs over a pipe (``cmd:``, ``botzone:``) and
Python classes loaded by name (``py:``).

A :class:`ReplaceableBot` asks :meth:`~ReplaceableBot._decide` for each decision; when that
raises :class:`BotFailure` (a crash, a hang, a malformed or illegal answer) the bot is
stopped and the rule set's default bot (``players.default_bot``) plays its seat for the rest
of the game, with a message on standard error naming the bot, the seat and the reason. The
bad answer is never applied, so the game goes on unharmed. ``failure`` keeps the first
reason and ``decisions`` counts the decisions the bot itself made: the arena reports both
(issue 26, defect 3), so a replaced bot is never credited with its stand-in's play.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING

from ..engine import Action, Game, PlayerView

if TYPE_CHECKING:
    from ..rules.base import RuleSet
    from .base import Player

__all__ = ["BotFailure", "ReplaceableBot", "bind_players", "close_players"]


class BotFailure(Exception):
    """A bot broke its protocol (crashed, timed out, answered badly); ``str`` says how."""


class ReplaceableBot:
    """The common life of a bot that may be replaced by its stand-in.

    Subclasses implement :meth:`_decide` (raising :class:`BotFailure` to give up) and may
    override :meth:`bind` (start for a seat of a game), :meth:`_stop` (release what the bot
    holds: a process) and :meth:`close` (the end of the game)."""

    #: whether :meth:`bind` must come before play (a program must be started)
    needs_bind = True

    def __init__(self, seed: int | str, name: str, rules: RuleSet | None) -> None:
        self.seed = seed
        self.name = name
        self.rules = rules
        #: why the bot was replaced, or None while it plays
        self.failure: str | None = None
        #: decisions the bot made itself (not its stand-in)
        self.decisions = 0
        #: the hands of its game finished when it was replaced (None while it plays): the
        #: stand-in played in the hand under way and every one after
        self.failed_at_hand: int | None = None
        self._fallback: Player | None = None
        self._game: Game | None = None
        self._seat = 0
        self._err: IO[str] = sys.stderr

    def bind(self, game: Game, seat: int) -> None:
        """Take ``seat`` of ``game`` (before its first decision)."""
        self._game = game
        self._seat = seat
        self.rules = game.rules

    def close(self) -> None:
        """The game is over (or abandoned): release what the bot holds."""
        self._stop()

    def _stop(self) -> None:
        """Release the bot's resources (a process); called once it fails and at the end."""

    def _decide(self, view: PlayerView) -> Action:  # pragma: no cover - abstract
        """The bot's own answer; one of ``view.legal_actions`` or raises BotFailure."""
        raise NotImplementedError

    def _fail(self, reason: str) -> None:
        from . import default_bot, make_bot

        self.failure = reason
        self.failed_at_hand = len(self._game.results) if self._game is not None else 0
        rules = self.rules
        kind = default_bot(rules) if rules is not None else "efficiency"
        self._fallback = make_bot(kind, f"{self.seed}/fallback", self.name, rules=rules)
        print(f"mahjong-table: bot {self.name!r} (seat {self._seat}) {reason}; the {kind} "
              f"bot plays seat {self._seat} for the rest of the game", file=self._err,
              flush=True)
        self._stop()

    def choose(self, view: PlayerView) -> Action:
        """The bot's answer to ``view``, or the default bot's once the bot failed. Raises
        ``RuntimeError`` if :meth:`bind` was not called and the bot ``needs_bind``."""
        if self._fallback is None:
            if self._game is None and self.needs_bind:
                raise RuntimeError(f"bot {self.name!r}: bind(game, seat) it before play")
            try:
                action = self._decide(view)
                self.decisions += 1
                return action
            except BotFailure as exc:
                self._fail(str(exc))
        assert self._fallback is not None
        return self._fallback.choose(view)

    def _why_illegal(self, action: Action) -> str:
        """``": "`` and the rule refusing ``action`` in the bound game, or ``""``."""
        game = self._game
        if game is None:
            return ""
        try:
            game.verify(action)
        except ValueError as exc:
            return f": {exc}"
        return ""


def bind_players(game: Game, players: Sequence[object]) -> None:
    """Bind every :class:`ReplaceableBot` among ``players`` (one per seat) to its seat of
    ``game`` (a program is started). A bot that fails while being bound (a program that
    exits before the table has written its ``start`` line) is replaced by its stand-in, as
    it would be had it failed a moment later, at its first decision."""
    for seat, p in enumerate(players):
        if isinstance(p, ReplaceableBot):
            try:
                p.bind(game, seat)
            except BotFailure as exc:
                p._fail(str(exc))


def close_players(players: Sequence[object]) -> None:
    """Close every :class:`ReplaceableBot` among ``players`` (a program is sent ``end`` and
    stopped)."""
    for p in players:
        if isinstance(p, ReplaceableBot):
            p.close()
