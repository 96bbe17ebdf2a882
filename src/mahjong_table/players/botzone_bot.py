"""Bots written for Botzone's Chinese Standard Mahjong (the MCR game of the Botzone platform)
at our MCR tables: ``--bots botzone:COMMAND`` (issue 26, item 4).

Botzone's protocol plays one hand. Every event of the
hand is a *request* to every player, and every request gets a *response* from the program
(``PASS`` when it has nothing to do). Players are numbered by seat wind (``0`` East, the
dealer, to ``3`` North); tiles are written ``W1-W9`` (characters, our ``1m-9m``), ``B1-B9``
(circles, ``1p-9p``), ``T1-T9`` (bamboo, ``1s-9s``), ``F1-F4`` (the winds East to North,
``1z-4z``), ``J1-J3`` (the dragons Red, Green, White: ``7z 6z 5z``) and ``H1-H8`` (bonus
tiles: the seasons ``1g-4g``, then the flowers ``1f-4f``). The requests:

- ``0 ID QUAN``: the program's player number and the prevalent wind (first request);
- ``1 H0 H1 H2 H3 T1 .. T13 F..``: the bonus tiles each player drew during the deal, the
  program's thirteen tiles (bonus tiles replaced), then those bonus tiles in player order;
- ``2 TILE``: the program draws TILE (never a bonus tile; the dealer's fourteenth tile too);
- ``3 ID BUHUA TILE`` (a bonus tile laid out), ``3 ID DRAW`` (another player draws),
  ``3 ID PLAY TILE`` (a discard), ``3 ID PENG TILE`` and ``3 ID CHI MIDDLE TILE`` (a pung or
  chow claimed from the last discard, then TILE discarded), ``3 ID GANG`` (a kong: concealed
  if ID drew last, else of the last discard), ``3 ID BUGANG TILE`` (an added kong).

The responses: ``PASS``; after ``2``: ``PLAY TILE``, ``GANG TILE`` (concealed kong),
``BUGANG TILE`` (added kong) or ``HU``; after another's discard: ``PENG TILE`` (pung, then
discard TILE), ``CHI MIDDLE TILE`` (chow from the left player's discard, then discard TILE),
``GANG`` (kong) or ``HU``; after another's ``BUGANG``: ``HU`` (robbing the kong).

Both of Botzone's interactions are spoken (issue 44): the *JSON* one (Botzone's default:
one line of JSON in, ``{"requests", "responses", "data", "globaldata", "time_limit",
"memory_limit"}``, and one out, ``{"response", "debug", "data", "globaldata"}``) and the
*simple* one (a line with the request count ``n``, then the requests and its own responses
alternately, ``2n - 1`` lines, then the data line and the globaldata lines once the program
saved any; out, the response line, then debug, data and globaldata lines).
``botzone:json:COMMAND`` and ``botzone:simple:COMMAND`` name it; ``botzone:COMMAND`` tries
JSON at the program's first request and falls back to simple. ``data`` comes back at the
next request of the hand, ``globaldata`` at every later one, across hands.

Both ways a Botzone program runs are served, chosen by the program itself: one that exits
after answering is started again for every request with the whole hand so far (the
"traditional" mode); one that prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its
response is kept and sent only the next request, a line of text (the "long-running" mode).
A program that reads its input to its end before answering (the official C++ sample) is
given that end once it has read all of it and sleeps (:func:`waiting_for_input`). A new
program is started for every hand. The time allowed is Botzone's for the program's language
(:func:`language_limit`), twice that at a hand's first request, unless ``timeout`` is given.

A response that is malformed, or not legal (a claim or a Mahjong the rules refuse, a
``PLAY`` of a tile it does not hold, anything but ``PASS`` where it has no choice: every
request's response is checked, a decision's or not), fails the bot as a ``cmd:`` bot fails
(:mod:`.stand_in`): the default bot plays its seat for the rest of the game. Botzone ends
the hand on a false ``HU``; our table refuses it instead, since MCR's 8-fan minimum (001
Part two, MCR scoring) is the engine's to judge.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..engine import Action, ActionKind, Game, PlayerView
from ..tiles import Tile
from .pipe_bot import _RUNNING, _TOO_LONG, MAX_LINE, PipeBot
from .stand_in import BotFailure

if TYPE_CHECKING:
    from ..rules.base import RuleSet

__all__ = ["KEEP_RUNNING", "BotzoneBot", "from_botzone", "to_botzone"]

#: what a long-running Botzone program prints after each response
KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
#: Botzone's time limit for one run, before its language's factor (seconds; Botzone's
#: default, "1 second unless the game says otherwise"; a game's first turn has twice it)
BOTZONE_TIME_LIMIT = 1.0
#: Botzone's factor on the time limit by language (its Bot page: C/C++ and Pascal 1,
#: JavaScript 2, Java 3, C# and Python 6)
LANGUAGE_FACTORS = {"python": 6.0, "csharp": 6.0, "java": 3.0, "javascript": 2.0,
                    "native": 1.0}
#: the memory limit Botzone names in a JSON input (MB; not enforced here)
MEMORY_LIMIT_MB = 256
#: seconds between looks at a program that has not answered yet
_POLL = 0.05
#: looks without an answer after which, where a program's state cannot be read (no /proc),
#: its input is ended anyway
_BLIND_POLLS = 20


def language_of(argv: Sequence[str]) -> str:
    """The language a Botzone program is taken to be in, from its command line: a Python
    interpreter or a ``.py`` file (``python``), ``java`` or a ``.jar`` (``java``), ``node``
    or a ``.js`` file (``javascript``), ``mono``, ``dotnet`` or a ``.exe``/``.dll``
    (``csharp``), anything else a compiled program (``native``)."""
    words = [os.path.basename(a).lower() for a in argv[:3]]
    for w in words:
        if w.startswith(("python", "pypy")) or w.endswith(".py"):
            return "python"
        if w == "java" or w.endswith(".jar"):
            return "java"
        if w in ("node", "nodejs") or w.endswith((".js", ".mjs")):
            return "javascript"
        if w in ("mono", "dotnet") or w.endswith((".exe", ".dll")):
            return "csharp"
    return "native"


def language_limit(argv: Sequence[str]) -> float:
    """Botzone's time limit for one request of the program ``argv`` (seconds):
    :data:`BOTZONE_TIME_LIMIT` times its language's factor (:data:`LANGUAGE_FACTORS`)."""
    return BOTZONE_TIME_LIMIT * LANGUAGE_FACTORS[language_of(argv)]


def waiting_for_input(proc: subprocess.Popen[str]) -> bool | None:
    """Whether the program ``proc`` (and every process it started) has read all that was
    written to it and sleeps, using no processor time: it waits for more input. None where
    this cannot be told (no ``/proc``, no ``FIONREAD``)."""
    try:
        import fcntl
        import termios
        from array import array

        stdin = proc.stdin
        if stdin is None:
            return None
        unread = array("i", [0])
        fcntl.ioctl(stdin.fileno(), termios.FIONREAD, unread)
    except (ImportError, OSError, ValueError):
        return None
    if unread[0]:
        return False
    pids = [proc.pid]
    states: list[str] = []
    seen = 0
    while pids and seen < 64:
        pid = pids.pop()
        seen += 1
        try:
            for task in os.listdir(f"/proc/{pid}/task"):  # (every thread of it)
                with open(f"/proc/{pid}/task/{task}/stat", encoding="ascii") as fh:
                    stat = fh.read()
                states.append(stat[stat.rindex(")") + 2])
                with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as fh:
                    pids.extend(int(c) for c in fh.read().split())
        except (OSError, ValueError):
            if pid == proc.pid:
                return None
    return bool(states) and all(state == "S" for state in states)

_WINDS = "ESWN"
_DRAGONS = {"7z": "J1", "6z": "J2", "5z": "J3"}
_SUITS = {"m": "W", "p": "B", "s": "T"}


def to_botzone(tile: Tile) -> str:
    """Botzone's name of ``tile`` (``Tile.parse("5p")`` -> ``"B5"``, ``7z`` -> ``"J1"``,
    ``1g`` -> ``"H1"``, ``1f`` -> ``"H5"``)."""
    text = str(tile)
    rank, suit = text[:-1], text[-1]
    if suit in _SUITS:
        return _SUITS[suit] + rank
    if suit == "z":
        return _DRAGONS.get(text, f"F{rank}")
    if suit == "g":
        return f"H{rank}"
    if suit == "f":
        return f"H{int(rank) + 4}"
    raise ValueError(f"{text} has no Botzone name")


_FROM = {to_botzone(Tile.parse(t)): Tile.parse(t)
         for t in [f"{r}{s}" for s in "mps" for r in range(1, 10)]
         + [f"{r}z" for r in range(1, 8)] + [f"{r}{s}" for s in "fg" for r in range(1, 5)]}


def from_botzone(name: str) -> Tile:
    """The tile Botzone names ``name`` (``"B5"`` -> ``5p``). Raises ``ValueError`` for a
    name that is not a tile."""
    tile = _FROM.get(name.strip().upper())
    if tile is None:
        raise ValueError(f"{name!r} is not a Botzone tile (W1-W9, B1-B9, T1-T9, F1-F4, "
                         f"J1-J3, H1-H8)")
    return tile


class BotzoneBot(PipeBot):
    """A program for Botzone's Chinese Standard Mahjong at an MCR table (see the module
    docstring). ``command``: the command line, optionally after ``json:`` or ``simple:``
    (the interaction; found at the first request otherwise); ``seed``, ``name`` as for
    :class:`PipeBot`; ``timeout``: seconds per request (None: Botzone's limits by
    language). Raises ``ValueError`` before play for a rule set other than Chinese with
    MCR scoring, or a program that cannot be found."""

    def __init__(self, command: str | Sequence[str], seed: int | str = 0,
                 name: str | None = None, *, rules: RuleSet | None = None,
                 timeout: float | None = None) -> None:
        spec = command if isinstance(command, str) else shlex.join(command)
        mode: str | None = None
        for named in ("json", "simple"):
            if spec.startswith(named + ":"):
                mode, spec = named, spec[len(named) + 1:]
        super().__init__(spec, seed, name, rules=rules, timeout=timeout,
                         scheme="botzone")
        # (None: Botzone's limits, :meth:`_limit`; PipeBot's default is for cmd: bots)
        self.timeout = timeout  # type: ignore[assignment]
        #: the interaction named in the spec (``json:``, ``simple:``), or None to find it
        self.interaction = mode
        self._mode = mode
        self.name = name or f"botzone:{'' if mode is None else mode + ':'}{self.command}"
        #: Botzone's time limit for a request in the program's language (seconds)
        self.language_limit = language_limit(self.argv)
        #: the program reads its input to its end (learnt at its first run)
        self._reads_to_end = False
        self._stdin_open = False
        #: Botzone's ``globaldata``: kept from hand to hand (each a Botzone game)
        self._globaldata: Any = ""
        if rules is not None:
            self._check_rules(rules)
        self._reset_hand()

    @staticmethod
    def _check_rules(rules: RuleSet) -> None:
        if rules.name != "chinese" or rules.options.get("scoring") != "mcr":
            raise ValueError(
                f"botzone: bots play Botzone's Chinese Standard Mahjong, the Mahjong "
                f"Competition Rules: use --rules chinese --option scoring=mcr (not the "
                f"{rules.title} rules{'' if rules.name != 'chinese' else ' with simple scoring'})")

    def _reset_hand(self) -> None:
        self._requests: list[str] = []
        self._responses: list[str] = []
        self._keep = False
        self._data: Any = ""  # (a Botzone game is a hand: its data starts empty)
        self._ids = [0, 1, 2, 3]  # Botzone's player number (seat wind) of each seat
        self._initial: dict[str, Any] | None = None
        self._held: dict[int, list[Tile]] = {}
        self._claimed: dict[int, str] = {}  # a seat's claim awaiting its discard
        self._last_drawer: int | None = None
        self._then: Tile | None = None  # our discard promised with a PENG or CHI
        self._done = False  # the hand is over for Botzone (after HU or a draw)

    # ----- life cycle ----------------------------------------------------------------------

    def bind(self, game: Game, seat: int) -> None:
        """Take ``seat`` of ``game``; the program is started at each hand's first request."""
        self._check_rules(game.rules)
        self._game = game
        self._seat = seat
        self.rules = game.rules
        self._sent = 0

    def close(self) -> None:
        """Send the requests left of the hand under way, then stop the program."""
        if self.failure is None and self._game is not None and self._proc is not None:
            with contextlib.suppress(BotFailure):
                self._catch_up(None)
        self._stop()

    def _start(self) -> None:
        lines: queue.Queue[str | None] = queue.Queue()
        self._lines = lines
        self._stdin_open = True
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                encoding="utf-8", bufsize=1, start_new_session=True)
        except OSError as exc:
            raise BotFailure(f"could not be started ({exc})") from None
        _RUNNING.add(self._proc)
        threading.Thread(target=self._read, args=(self._proc.stdout, lines),
                         daemon=True).start()

    def _write(self, text: str) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None:
            raise BotFailure("is not running")
        try:
            proc.stdin.write(text)
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as exc:
            raise BotFailure(self._crash_reason(f"closed its input ({exc.__class__.__name__})")
                             ) from exc

    def _end_input(self) -> None:
        """Close the program's input: it has read the whole of it (Botzone's input ends
        there; a program reading to the end of its input goes on)."""
        proc = self._proc
        self._stdin_open = False
        if proc is not None and proc.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                proc.stdin.close()

    def _limit(self) -> float:
        """Seconds allowed for the response to come: ``timeout`` when given, else
        Botzone's limit for the program's language, doubled at a hand's first request
        (Botzone's first turn of a game)."""
        if self.timeout is not None:
            return self.timeout
        limit = self.language_limit
        return 2 * limit if len(self._requests) == 1 else limit

    def _line(self, deadline: float, watch: bool) -> str | None:
        """The program's next output line (None at its end), waiting until ``deadline``.
        With ``watch``, a program that has read all its input and waits, idle, for more is
        given the end of its input (Botzone's traditional runs read their input to its end:
        a C++ program reading JSON with ``cin >> value`` does)."""
        idle_seen = 0
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BotFailure(f"did not answer within {self._limit():g} s")
            try:
                line = self._lines.get(timeout=min(left, _POLL) if watch else left)
            except queue.Empty:
                if watch and self._stdin_open and self._proc is not None:
                    idle = waiting_for_input(self._proc)
                    idle_seen = idle_seen + 1 if idle is not False else 0
                    if idle_seen >= (2 if idle else _BLIND_POLLS):
                        self._end_input()
                        self._reads_to_end = True
                continue
            if line == _TOO_LONG:
                raise BotFailure(f"answered a line longer than {MAX_LINE} characters")
            return line

    def _ask(self, request: str) -> str:
        """Send ``request`` (starting the program as its mode needs) and return its
        response."""
        self._requests.append(request)
        response = self._detect() if self._mode is None else self._turn()
        self._responses.append(response)
        return response

    def _detect(self) -> str:
        """The first request of a ``botzone:`` program whose interaction is not named: its
        JSON interaction (Botzone's default) is tried first; a program that answers no
        JSON (or fails) is started again in the simple interaction, and the mode found is
        kept for the game."""
        self._mode = "json"
        try:
            return self._turn()
        except BotFailure as json_failure:
            self._stop()
            self._keep = False
            self._reads_to_end = False
            self._mode = "simple"
            try:
                return self._turn()
            except BotFailure as exc:
                self._mode = None
                raise BotFailure(f"{exc} (in Botzone's simple interaction; in its JSON "
                                 f"interaction it {json_failure})") from None

    def _turn(self) -> str:
        """One request (the last of ``_requests``): sent alone to a program kept running,
        else with the whole hand so far to the program started anew."""
        deadline = time.monotonic() + self._limit()
        request = self._requests[-1]
        if self._keep and self._proc is not None:
            self._write(request + "\n")  # (a string request, as its own line)
            return self._output(deadline, watch=False)
        self._stop()
        self._start()
        self._write(self._input())
        if self._reads_to_end:
            self._end_input()
        return self._output(deadline, watch=True)

    def _input(self) -> str:
        """A traditional run's input: the hand's requests and responses, ``data`` and
        ``globaldata``, in the program's interaction."""
        if self._mode == "json":
            return json.dumps(
                {"requests": self._requests, "responses": self._responses,
                 "data": self._data, "globaldata": self._globaldata,
                 "time_limit": self._limit(), "memory_limit": MEMORY_LIMIT_MB},
                ensure_ascii=False, separators=(",", ":")) + "\n"
        lines = [str(len(self._requests))]
        for i, req in enumerate(self._requests):
            lines.append(req)
            if i < len(self._responses):
                lines.append(self._responses[i])
        data = self._data if isinstance(self._data, str) else json.dumps(self._data)
        glob = (self._globaldata if isinstance(self._globaldata, str)
                else json.dumps(self._globaldata))
        if data or glob:
            # the data line and the globaldata lines, once the program saved any (a program
            # that saves none reads the requests alone, as before issue 44)
            lines.append(data.replace("\n", " "))
            lines.append(glob)
        return "\n".join(lines) + "\n"

    def _output(self, deadline: float, watch: bool) -> str:
        """Read the program's output for one request: its response, then (traditional) up
        to its end or (long-running) up to the ``KEEP_RUNNING`` line. Keeps ``data`` and
        ``globaldata`` and returns the response."""
        first: str | None = None
        extra: list[str] = []
        while True:
            line = self._line(deadline, watch and first is None)
            if line is None:  # it exited: the traditional mode
                if first is None:
                    raise BotFailure(self._crash_reason("closed its output without a "
                                                        "response"))
                self._keep = False
                self._stop()
                break
            text = line.rstrip("\r\n")
            if text.strip() == KEEP_RUNNING:
                if first is None:
                    raise BotFailure(f"printed {KEEP_RUNNING} without a response")
                self._keep = self._stdin_open  # (a program whose input ended cannot go on)
                if not self._keep:
                    self._stop()
                break
            if first is None:
                if text.strip():
                    first = text.strip()
            else:
                extra.append(text)
        if self._mode == "json":
            try:
                out = json.loads(first)
            except json.JSONDecodeError:
                out = None
            if not isinstance(out, dict) or not isinstance(out.get("response"), str):
                raise BotFailure(f"answered {first[:80]!r}, not the JSON Botzone reads "
                                 f"(an object with a \"response\" string)")
            if "data" in out:
                self._data = out["data"] if out["data"] is not None else ""
            if "globaldata" in out:
                self._globaldata = out["globaldata"] if out["globaldata"] is not None else ""
            return str(out["response"]).strip()
        if len(extra) >= 2:  # debug, data, then globaldata to the end
            self._data = extra[1]
            self._globaldata = "\n".join(extra[2:])
        return first

    # ----- events to requests --------------------------------------------------------------

    def _bz(self, player: int) -> int:
        return self._ids[player]

    def _requests_of(self, e: dict[str, Any]) -> list[str]:
        """The Botzone requests an event makes for this seat (often none)."""
        kind = e["type"]
        me = self._seat
        p: int = -1 if e.get("player") is None else int(e["player"])
        if kind == "hand_start":
            self._stop()
            self._reset_hand()  # a new Botzone game: a new program
            self._ids = [_WINDS.index(w) for w in e["winds"]]
            self._initial = {"hand": [], "bonus": {q: [] for q in range(4)}}
            return [f"0 {self._bz(me)} {_WINDS.index(e['round_wind'])}"]
        init = self._initial
        if init is not None and kind in ("deal", "bonus", "replacement"):
            if kind == "deal" and p == me:
                init["hand"] = [Tile.parse(t) for t in _split(e["tiles"])]
            elif kind == "bonus":
                init["bonus"][p].append(Tile.parse(e["tile"]))
                if p == me:
                    init["hand"].remove(Tile.parse(e["tile"]))
            elif kind == "replacement" and p == me:
                init["hand"].append(Tile.parse(e["tile"]))
            return []
        out: list[str] = []
        if init is not None:  # the deal is over: the hands as Botzone deals them
            out.extend(self._deal_requests(init))
            self._initial = None
        if kind == "draw" or (kind == "replacement" and e.get("reason") != "bonus"):
            self._last_drawer = p
            if p == me:
                tile = Tile.parse(e["tile"])
                if not self._is_bonus(tile):
                    out.append(f"2 {to_botzone(tile)}")
            else:
                out.append(f"3 {self._bz(p)} DRAW")
        elif kind == "replacement":  # after a bonus tile in play
            self._last_drawer = p
            if p != me:
                out.append(f"3 {self._bz(p)} DRAW")
            elif not self._is_bonus(Tile.parse(e["tile"])):  # else BUHUA comes next
                out.append(f"2 {to_botzone(Tile.parse(e['tile']))}")
        elif kind == "bonus":
            out.append(f"3 {self._bz(p)} BUHUA {to_botzone(Tile.parse(e['tile']))}")
        elif kind == "discard":
            name = to_botzone(Tile.parse(e["tile"]))
            claim = self._claimed.pop(p, None)
            out.append(f"3 {self._bz(p)} {claim} {name}" if claim else
                       f"3 {self._bz(p)} PLAY {name}")
        elif kind == "claim":
            if e["kind"] == "pung":
                self._claimed[p] = "PENG"
            elif e["kind"] == "chow":
                middle = sorted(Tile.parse(t) for t in _split(e["meld"].strip("[]")))[1]
                self._claimed[p] = f"CHI {to_botzone(middle)}"
            elif e["kind"] == "kong":
                out.append(f"3 {self._bz(p)} GANG")
        elif kind == "concealed_kong":
            out.append(f"3 {self._bz(p)} GANG")
        elif kind == "added_kong":
            out.append(f"3 {self._bz(p)} BUGANG {to_botzone(Tile.parse(e['tile']))}")
        return out

    def _is_bonus(self, tile: Tile) -> bool:
        return str(tile)[-1] in "fg"

    def _deal_requests(self, init: dict[str, Any]) -> list[str]:
        game = self._game
        assert game is not None
        hand: list[Tile] = sorted(init["hand"])
        by_id: list[list[Tile]] = [[], [], [], []]
        for q in range(4):
            by_id[self._bz(q)] = init["bonus"][q]
        extra = None
        if len(hand) == 14:  # the dealer: Botzone deals 13 and the 14th is a draw
            extra = hand.pop()
        head = " ".join(str(len(b)) for b in by_id)
        tiles = " ".join(to_botzone(t) for t in hand)
        bonus = " ".join(to_botzone(t) for b in by_id for t in b)
        out = [" ".join(x for x in ("1", head, tiles, bonus) if x)]
        if extra is not None:
            out.append(f"2 {to_botzone(extra)}")
        return out

    def _catch_up(self, view: PlayerView | None) -> str | None:
        """Send every request of the events since the last call; with ``view`` (a decision)
        the last one's response and the request are returned as ``"RESPONSE\nREQUEST"``."""
        game = self._game
        assert game is not None
        pending: str | None = None
        for e in game.events[self._sent:]:
            shown = e.seen_by(self._seat)
            if shown is None:
                continue
            if shown["type"] in ("declare_mahjong", "hand_end"):
                # Botzone's game is over: no more requests of this hand
                pending = None
                self._initial = None
                self._stop()
                self._done = True
                continue
            if shown["type"] != "hand_start" and self._done:
                continue
            for req in self._requests_of(shown):
                if pending is not None:
                    # no decision of ours: the answer is checked, never applied
                    self._ask_no_choice(pending)
                pending = req
        self._sent = len(game.events)
        if view is not None and self._initial is not None:  # the dealer's first decision
            for req in self._deal_requests(self._initial):
                if pending is not None:
                    self._ask_no_choice(pending)
                pending = req
            self._initial = None
        if pending is None:
            return None
        if view is None:
            self._ask_no_choice(pending)
            return None
        return self._ask(pending) + "\n" + pending

    def _ask_no_choice(self, request: str) -> None:
        """Send ``request``, at which the table offers the bot no decision, and check its
        response: ``PASS`` is the only one, since every seat the rules let claim a discard
        or rob a kong is asked to decide (the engine waits for all of them), and setup
        requests, draws, bonus tiles, kongs and its own actions take ``PASS`` on Botzone. A
        ``2 TILE`` (its own draw; always a decision in practice) takes the responses of a
        draw. Anything else fails the bot as a bad answer to a decision does (issue 26)."""
        response = self._ask(request)
        words = response.split()
        if request.startswith("2 "):
            self._action_of(response, request, None)  # raises for what a draw does not take
            return
        if len(words) == 1 and words[0].upper() == "PASS":
            return
        raise BotFailure(f"answered {response!r} to {request!r}, where the only response "
                         f"is PASS (it has no choice there{self._no_claim_reason(request)})")

    def _no_claim_reason(self, request: str) -> str:
        words = request.split()
        if len(words) >= 3 and words[0] == "3" and words[2] in ("PLAY", "PENG", "CHI",
                                                                 "BUGANG"):
            if int(words[1]) == self._bz(self._seat):
                return ": the action is its own"
            return ": the rules let it make no claim"
        return ""

    # ----- decisions -----------------------------------------------------------------------

    def _decide(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        game = self._game
        assert game is not None
        claimed = any(
            seen is not None and seen["type"] == "claim" and seen.get("player") == self._seat
            for seen in (e.seen_by(self._seat) for e in game.events[self._sent:]))
        if self._then is not None and view.phase == "turn" and claimed:
            # the discard it named with its PENG or CHI
            tile, self._then = self._then, None
            self._catch_up(None)
            action = Action(ActionKind.DISCARD, self._seat, tile)
            if action not in legal:
                raise BotFailure(f"claimed with a discard of {to_botzone(tile)} it cannot "
                                 f"make{self._why_illegal(action)}")
            return action
        self._then = None
        got = self._catch_up(view)
        if got is None:
            raise BotFailure("was asked to decide with no request to answer (table error)")
        response, request = got.split("\n", 1)
        action, then = self._action_of(response, request, view)
        if action not in legal:
            raise BotFailure(f"answered {response!r} to {request!r}: an illegal "
                             f"{action.kind.value}{self._why_illegal(action)}")
        self._then = then
        return action

    def _action_of(self, response: str, request: str, view: PlayerView | None
                   ) -> tuple[Action, Tile | None]:
        words = response.split()
        verb = words[0].upper()
        me = self._seat
        try:
            if verb == "PASS" and len(words) == 1:
                return Action(ActionKind.PASS, me), None
            if verb == "HU" and len(words) == 1:
                return Action(ActionKind.MAHJONG, me), None
            own_turn = request.startswith("2 ")
            if own_turn and verb == "PLAY" and len(words) == 2:
                return Action(ActionKind.DISCARD, me, from_botzone(words[1])), None
            if own_turn and verb == "GANG" and len(words) == 2:
                return Action(ActionKind.CONCEALED_KONG, me, from_botzone(words[1])), None
            if own_turn and verb == "BUGANG" and len(words) == 2:
                return Action(ActionKind.ADDED_KONG, me, from_botzone(words[1])), None
            if not own_turn and verb == "GANG" and len(words) == 1:
                return Action(ActionKind.KONG, me), None
            if not own_turn and verb == "PENG" and len(words) == 2:
                return Action(ActionKind.PUNG, me), from_botzone(words[1])
            if not own_turn and verb == "CHI" and len(words) == 3:
                middle = from_botzone(words[1])
                if str(middle)[-1] not in "mps" or str(middle)[0] in "19":
                    raise ValueError(f"{words[1]} cannot be the middle of a chow")
                return (Action(ActionKind.CHOW, me, Tile.parse(f"{int(str(middle)[0]) - 1}"
                                                               f"{str(middle)[-1]}")),
                        from_botzone(words[2]))
        except ValueError as exc:
            raise BotFailure(f"answered {response!r} to {request!r} ({exc})") from None
        raise BotFailure(f"answered {response!r} to {request!r}: not a response of Botzone's "
                         f"Chinese Standard Mahjong there")


def _split(text: str) -> list[str]:
    """Tile texts of compact notation (``"2689m28p"`` -> ``["2m", "6m", ...]``)."""
    from ..tiles import parse_tiles

    return [str(t) for t in parse_tiles(text)]
