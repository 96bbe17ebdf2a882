"""Python bots by name: ``--bots py:module:Class`` (issue 26).

``py:package.module:Class`` imports ``package.module`` (from ``sys.path``, with the current
directory searched first, as ``python -m`` does) and makes one instance of ``Class`` per seat
and per game. The constructor contract: ``Class()`` with no arguments, or with any of these
keyword arguments it declares (or all of them, if it takes ``**kwargs``):

- ``seed`` (``int | str``): the seat's seed for the game (``"S/g/seat"``): seed your random
  numbers from it and the game is reproducible;
- ``name`` (``str``): the seat's name at the table;
- ``rules`` (:class:`~mahjong_table.rules.base.RuleSet`): the game's rule set (its name,
  options, scorer, the American card).

The instance must follow the :class:`~mahjong_table.players.base.Player` protocol: a
``choose(view)`` method taking a :class:`~mahjong_table.engine.PlayerView` and returning one
of ``view.legal_actions``. A ``name`` attribute is optional (the seat's name is used). The bot
sees only its seat's view, never the game.

A bot that also has an ``event(shown)`` method is given the events its seat is shown
(issue 44): every one, in order, each the JSON dict of ``Event.seen_by(seat)`` (the
``event`` messages of the pipe protocol), those since its last decision before each
``choose`` and the last ones when the game ends. With them it can rebuild the public
history a policy was trained with (:class:`mahjong_table.env.SeatEncoder`). Such a bot must
be bound to its game (``bind_players``: the faces and the environments do it).

A class that does not fit is refused before play with a ``ValueError`` naming the
problem; a bot whose ``choose`` raises or returns an action that is not legal is replaced by
the default bot for the rest of that game, as a ``cmd:`` program is (:mod:`.stand_in`), and
the arena marks it.

With ``--workers`` or ``--ray`` the spec string travels to each worker, which imports the
module itself: the module must be importable there (the current directory for local
workers; installed, or on ``PYTHONPATH``, on a Ray cluster).
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from typing import TYPE_CHECKING, Any

from ..engine import Action, Game, PlayerView
from .stand_in import BotFailure, ReplaceableBot

if TYPE_CHECKING:
    from ..rules.base import RuleSet

__all__ = ["PyBot", "load_class"]

#: the keyword arguments a bot class may declare
_KEYWORDS = ("seed", "name", "rules")


def _split(spec: str) -> tuple[str, str]:
    module, sep, cls = spec.rpartition(":")
    if not sep or not module.strip() or not cls.strip():
        raise ValueError(f"py:{spec}: write py:MODULE:CLASS (e.g. py:mybots.policy:Policy)")
    return module.strip(), cls.strip()


def load_class(spec: str) -> type:
    """The class named by ``spec`` (``"module:Class"``, the text after ``py:``). Raises
    ``ValueError`` naming the problem: a malformed spec, a module that cannot be imported
    (with the import's own error), no such class, or a class without ``choose``."""
    module_name, cls_name = _split(spec)
    cwd = os.getcwd()
    if cwd not in sys.path and "" not in sys.path:
        sys.path.insert(0, cwd)
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"py:{spec}: cannot import {module_name!r} ({exc})") from None
    except Exception as exc:  # the module itself failed: say how
        raise ValueError(f"py:{spec}: importing {module_name!r} failed "
                         f"({exc.__class__.__name__}: {exc})") from None
    obj: Any = module
    for part in cls_name.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"py:{spec}: module {module_name!r} has no {cls_name!r}")
        obj = getattr(obj, part)
    if not inspect.isclass(obj):
        raise ValueError(f"py:{spec}: {cls_name!r} is a {type(obj).__name__}, not a class")
    if not callable(getattr(obj, "choose", None)):
        raise ValueError(f"py:{spec}: class {cls_name!r} has no choose(view) method (the "
                         f"Player protocol, mahjong_table.players.base.Player)")
    return obj


def _keywords(cls: type, offered: dict[str, Any]) -> dict[str, Any]:
    try:
        params = inspect.signature(cls).parameters.values()
    except (TypeError, ValueError):  # a class without an introspectable signature
        return {}
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return dict(offered)
    names = {p.name for p in params if p.kind in (inspect.Parameter.KEYWORD_ONLY,
                                                  inspect.Parameter.POSITIONAL_OR_KEYWORD)}
    return {k: v for k, v in offered.items() if k in names}


class PyBot(ReplaceableBot):
    """A seat played by an instance of a Python class named ``py:module:Class`` (see the
    module docstring). Raises ``ValueError`` before play if the class cannot be loaded or
    constructed, or its instance has no ``choose``. It plays without :meth:`bind` too (an
    environment may seat it directly); bound, its failures name the rule refusing them."""

    needs_bind = False

    def __init__(self, spec: str, seed: int | str = 0, name: str | None = None, *,
                 rules: RuleSet | None = None) -> None:
        self.spec = spec
        super().__init__(seed, name or f"py:{spec}", rules)
        cls = load_class(spec)
        kwargs = _keywords(cls, {"seed": seed, "name": self.name, "rules": rules})
        try:
            self.inner: Any = cls(**kwargs)
        except Exception as exc:
            given = ", ".join(kwargs) or "no arguments"
            raise ValueError(f"py:{spec}: the constructor failed with {given} "
                             f"({exc.__class__.__name__}: {exc}); a bot class takes no "
                             f"arguments or any of the keywords {', '.join(_KEYWORDS)}"
                             ) from None
        if not callable(getattr(self.inner, "choose", None)):
            raise ValueError(f"py:{spec}: its instance has no choose(view) method")
        #: the instance takes the events its seat is shown (an ``event`` method)
        self.wants_events = callable(getattr(self.inner, "event", None))
        self.needs_bind = self.wants_events  # (the events come from the bound game)
        self._sent = 0

    def bind(self, game: Game, seat: int) -> None:
        """Take ``seat`` of ``game``; its events are given from the game's start."""
        super().bind(game, seat)
        self._sent = 0

    def _flush_events(self) -> None:
        """Give the instance the events its seat was shown since the last call."""
        game = self._game
        if game is None or not self.wants_events:
            return
        events = game.events
        seat = self._seat
        event = self.inner.event
        for e in events[self._sent:]:
            shown = e.seen_by(seat)
            if shown is not None:
                try:
                    event(shown)
                except Exception as exc:
                    raise BotFailure(f"raised {exc.__class__.__name__} in event(): {exc}"
                                     ) from None
        self._sent = len(events)

    def close(self) -> None:
        """The game is over: the events left (the hand's and the game's end) are given."""
        if self.failure is None:
            try:
                self._flush_events()
            except BotFailure as exc:
                print(f"mahjong-table: bot {self.name!r} (seat {self._seat}) {exc} at the "
                      f"end of the game", file=self._err, flush=True)
        super().close()

    def _decide(self, view: PlayerView) -> Action:
        self._flush_events()
        try:
            action = self.inner.choose(view)
        except Exception as exc:
            raise BotFailure(f"raised {exc.__class__.__name__}: {exc}") from None
        if not isinstance(action, Action):
            raise BotFailure(f"answered {action!r}, not an Action")
        if action not in view.legal_actions:
            raise BotFailure(f"answered an illegal action ({action})"
                             f"{self._why_illegal(action)}")
        return action
