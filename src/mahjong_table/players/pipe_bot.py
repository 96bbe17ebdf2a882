"""Bots in any language, over a pipe: the JSON-lines protocol of ``docs/bot-protocol.md``.

A :class:`PipeBot` runs a command (``--bots cmd:PATH`` or ``cmd:"python mybot.py"``) and talks
to it on its standard input and output, one JSON object a line, each with ``"version": 1``:

- to the bot: ``start`` (seat, rules, options, names), every ``event`` the seat is shown
  (``Event.seen_by(seat)``: the seat's own private tiles, public events, nothing hidden), a
  ``decide`` when the seat must act (its ``legal_actions`` and its ``view``), and ``end``;
- from the bot, to each ``decide`` only: ``{"version": 1, "index": i}`` (an index into
  ``legal_actions``) or ``{"version": 1, "action": {...}}`` (an action in the engine's JSON).

A bot that crashes (exits, or its pipe breaks), hangs past ``timeout`` seconds on a decision,
or answers a malformed or illegal action is stopped and replaced for the rest of the game by
the rule set's default bot (``players.default_bot``), with a message on standard error naming
the bot, the seat and the reason; the game goes on unharmed (the bad answer is never applied).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import shutil
import subprocess
import threading
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any

from ..engine import Action, Game, PlayerView
from .stand_in import BotFailure, ReplaceableBot, bind_players, close_players

if TYPE_CHECKING:
    from ..rules.base import RuleSet

__all__ = ["MAX_LINE", "PROTOCOL_VERSION", "BotFailure", "PipeBot", "bind_players",
           "close_players", "kill_programs"]

#: the protocol's version, sent in and required of every message
PROTOCOL_VERSION = 1

#: the longest line (characters) a bot may write; a longer one fails the bot at once, and is
#: never held in memory whole (issue 26: a 50 MB line waited for the timeout)
MAX_LINE = 1 << 20

#: what the reader hands on for a line longer than MAX_LINE
_TOO_LONG = "\0too long"


def _argv(command: str | Sequence[str], scheme: str = "cmd") -> list[str]:
    """The argument list of ``command``; ``ValueError`` naming the spec (``scheme:command``,
    as the user wrote it) when it is empty or its program is not there."""
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    if not argv:
        raise ValueError(f"{scheme}: needs a command to run ({scheme}:PATH or "
                         f"{scheme}:\"python bot.py\")")
    prog = argv[0]
    if os.sep in prog or (os.altsep and os.altsep in prog):
        if not os.path.isfile(prog):
            raise ValueError(f"{scheme}:{command}: no file {prog!r}")
        if not os.access(prog, os.X_OK):
            raise ValueError(f"{scheme}:{command}: {prog!r} is not executable (chmod +x it, "
                             f"or run it through its interpreter: {scheme}:\"sh {prog}\")")
    elif shutil.which(prog) is None:
        raise ValueError(f"{scheme}:{command}: no program {prog!r} on the PATH")
    return argv


#: the programs of this process's bots still running (kill_programs ends them)
_RUNNING: set[subprocess.Popen[str]] = set()


def kill_programs() -> None:
    """Kill every bot program this process started and has not stopped yet (a worker told
    to end, issue 26 defect 2: the programs run in their own sessions, so nothing else
    would end them)."""
    for proc in list(_RUNNING):
        with contextlib.suppress(OSError):
            proc.kill()
    _RUNNING.clear()


class PipeBot(ReplaceableBot):
    """A bot that is another program (see the module docstring).

    ``command``: a command line (split as a POSIX shell would, :func:`shlex.split`) or an
    argument list. ``rules``: the game's rule set (for the ``start`` message and the default
    bot). ``timeout``: seconds allowed for each decision. Raises ``ValueError`` at once if the
    program cannot be found. Call :meth:`bind` with the game before play (``bind_players``)
    and :meth:`close` after it (``close_players``).
    """

    default_timeout = 10.0

    def __init__(self, command: str | Sequence[str], seed: int | str = 0,
                 name: str | None = None, *, rules: RuleSet | None = None,
                 timeout: float | None = None, scheme: str = "cmd") -> None:
        # scheme: the spec's prefix named in errors (cmd; botzone for Botzone's bots)
        self.argv = _argv(command, scheme)
        self.command = command if isinstance(command, str) else shlex.join(command)
        super().__init__(seed, name or f"cmd:{self.command}", rules)
        self.timeout = self.default_timeout if timeout is None else timeout
        self._sent = 0
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()

    # ----- life cycle ----------------------------------------------------------------------

    def bind(self, game: Game, seat: int) -> None:
        """Start the program for ``seat`` of ``game`` and send it ``start``."""
        super().bind(game, seat)
        self._sent = 0  # (the events of this game, from its start)
        try:
            # its own session: a Ctrl-C at the terminal is the table's to handle (it stops
            # the program itself), not a crash of the bot (issue 26, defect 2)
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                encoding="utf-8", bufsize=1, start_new_session=True)
        except OSError as exc:
            # replaced by its stand-in in bind_players, as any failure to bind
            raise BotFailure(f"could not be started ({exc})") from None
        _RUNNING.add(self._proc)
        threading.Thread(target=self._read, args=(self._proc.stdout,), daemon=True).start()
        self._send({"type": "start", "seat": seat, "rules": game.rules.name,
                    "options": {k: v if isinstance(v, (bool, int, float, str)) or v is None
                                else str(v) for k, v in game.rules.options.items()},
                    "names": list(game.names)})

    def _read(self, stream: IO[str] | None,
              lines: queue.Queue[str | None] | None = None) -> None:
        """Hand the program's output lines to ``lines`` (by default the bot's queue; a
        program started anew reads into a new queue), then None at its end."""
        out = self._lines if lines is None else lines
        if stream is None:
            out.put(None)
            return
        try:
            while True:
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                if len(line) > MAX_LINE and not line.endswith("\n"):
                    out.put(_TOO_LONG)  # refused at once, not read to its end
                    return
                out.put(line)
        except (OSError, ValueError):
            pass
        out.put(None)

    def close(self) -> None:
        """Send the events left and ``end`` (the final scores), then stop the program."""
        game = self._game
        if self._proc is not None and self.failure is None and game is not None:
            try:
                self._flush_events()
                self._send({"type": "end", "scores": list(game.scores)})
            except BotFailure:
                pass
        self._stop()

    def _stop(self) -> None:
        proc = self._proc
        self._proc = None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        _RUNNING.discard(proc)  # only once it has ended: a worker told to end kills it

    # ----- messages ------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None:
            raise BotFailure("is not running")
        text = json.dumps({"version": PROTOCOL_VERSION, **message}, separators=(",", ":"))
        try:
            proc.stdin.write(text + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as exc:
            raise BotFailure(self._crash_reason(f"closed its input ({exc.__class__.__name__})")
                             ) from exc

    def _crash_reason(self, what: str) -> str:
        proc = self._proc
        code = None
        if proc is not None:
            try:  # a program that closed its pipe is usually exiting: wait a moment for it
                code = proc.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                code = None
        if code is not None:
            return f"crashed (exit status {code})"
        return what

    def _flush_events(self) -> None:
        game = self._game
        assert game is not None
        events = game.events
        for e in events[self._sent:]:
            shown = e.seen_by(self._seat)
            if shown is not None:
                self._send({"type": "event", "event": shown})
        self._sent = len(events)

    def _decide(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        self._flush_events()
        self._send({"type": "decide", "seat": self._seat,
                    "legal_actions": [a.to_json() for a in legal], "view": view.to_json()})
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise BotFailure(f"did not answer within {self.timeout:g} s") from None
        if line is None:
            raise BotFailure(self._crash_reason("closed its output"))
        if line == _TOO_LONG:
            raise BotFailure(f"answered a line longer than {MAX_LINE} characters")
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            raise BotFailure(f"answered a malformed line (not JSON): {line.strip()[:80]!r}"
                             ) from None
        if not isinstance(msg, dict):
            raise BotFailure(f"answered {line.strip()[:80]!r}, not a JSON object")
        if msg.get("version") != PROTOCOL_VERSION:
            raise BotFailure(f"answered protocol version {msg.get('version')!r}; this table "
                             f"speaks version {PROTOCOL_VERSION}")
        if "index" in msg:
            i = msg["index"]
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(legal):
                raise BotFailure(f"answered index {i!r}, not one of 0-{len(legal) - 1}")
            return legal[i]
        data = msg.get("action")
        if not isinstance(data, dict):
            raise BotFailure(f"answered {line.strip()[:80]!r} with neither \"index\" nor "
                             f"\"action\"")
        data = {"player": self._seat, **data}
        try:
            action = Action.from_json(data)
        except (KeyError, ValueError, TypeError) as exc:
            raise BotFailure(f"answered a malformed action {data!r} ({exc})") from None
        if action.player != self._seat:
            raise BotFailure(f"answered an action for player {action.player}; it plays "
                             f"seat {self._seat}")
        if action not in legal:
            raise BotFailure(f"answered an illegal action ({action}){self._why_illegal(action)}")
        return action
