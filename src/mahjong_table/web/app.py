"""The web table's Starlette application (``mahjong-table serve``).

Why this stack: Starlette is a small, maintained ASGI toolkit with websockets, a test client
and no template or ORM opinions; uvicorn serves it; SQLAlchemy Core speaks SQLite and
PostgreSQL (psycopg 3) through one code path; itsdangerous signs the seat links.

Pages and endpoints:

- ``GET /``: the lobby: a form that creates a table (rule set and every option of it with its
  help text, game length, seats: a person or which bot, the table's timing settings).
- ``POST /tables``: creates the table and shows its links: one per person's seat and one for
  spectators (``/play/TOKEN``, ``/watch/TOKEN``); a seat link is a capability: a signed,
  unguessable token naming the table and the seat.
- ``GET /play/TOKEN``, ``GET /watch/TOKEN``: the table page (HTML and one small script).
- ``WS /ws/TOKEN``: the live table: the server sends ``state`` messages (the seat's view and
  the events it was shown, its clock, who is away, Ready, the room's games), ``chat`` and
  ``new_game``; the client sends ``action``, ``hint``, ``nick``, ``chat``, ``ready``,
  ``back`` (take my seat back) and ``new_game`` (Play again) messages. A token names a room:
  its current game is played, and its games follow one another with the same links.
- ``GET /tile/NAME.svg``: a tile's picture (:mod:`mahjong_table.svg`).
- ``GET /card/TOKEN``: the card of lines an American table plays (JSON, for the card panel).
- ``GET /record/TOKEN``: the record of a finished game (``mahjong-table replay`` checks it);
  ``?game=N`` for the room's game N.
- ``GET /review/TOKEN``: the review of a finished game for the token's seat (every decision
  against the judgement: :mod:`mahjong_table.review`), ``?game=N`` for the room's game N,
  ``?seat=S`` for a watcher's link (issue 43).
- ``GET /links/TOKEN``: the links page again (the creator's token).
- ``/score``: the score calculator for physical tables (issue 47, :mod:`.score`).
- ``GET /status``: what this process holds (JSON); ``GET /healthz``: the health check (200,
  or 503 when the database does not answer); ``GET /metrics``: Prometheus metrics (issue 45,
  :mod:`mahjong_table.web.metrics`).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import ipaddress
import json
import logging
import math
import os
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import AsyncIterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from html import escape
from importlib import resources
from typing import Any, TypeVar
from urllib.parse import parse_qsl

from itsdangerous import BadSignature, URLSafeSerializer
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..engine import Game
from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, _, language, use_language
from ..players import BOTS, bot_choices, make_bot
from ..record import read_games, record_lines
from ..review import review_game
from ..review_html import review_page
from ..rules import RULE_SETS, RuleSetError, get_rule_set, rule_set_class
from ..svg import tile_svg
from ..tiles import NotationError, Tile
from ..tui.line import bot_word
from .accounts import SessionCookie, Visitor, game_stats, rate_game
from .board import card_json
from .cluster import Coordinator, make_coordinator
from .hints import hints_for
from .lang import LanguageMiddleware, language_switch
from .learn import learn_mount
from .metrics import COUNTS, count_errors, health, metrics_text
from .people import (
    LobbyCache,
    create_public_room,
    csrf_ok,
    nav_bar,
    people_routes,
    set_cookie,
    visitor_of,
)
from .score import score_routes
from .store import LostOwnership, Store, TableRow, TakeoverFailure
from .table import (
    SPECTATOR,
    ActionRefused,
    Client,
    LiveTable,
    TableSettings,
    rebuild,
    replay_prefix,
)
from .words import (
    bot_label,
    bot_name,
    option_label,
    option_value_label,
    script_words,
    setting_label,
)

__all__ = ["Server", "create_app", "app_from_env", "SERVE_ENV", "read_body", "BodyTooLarge",
           "RateLimited", "MAX_MESSAGE", "MAX_BODY", "RATE"]

log = logging.getLogger("mahjong_table.web")
count_errors()  # every error logged counts in /metrics (issue 45)

#: the largest message a client may send (bytes); a larger one is refused (too_large)
MAX_MESSAGE = 4096
#: messages a client may send: a burst of RATE[0], refilled at RATE[1] per second
RATE = (30.0, 10.0)
#: messages queued for a client that does not read; then it is dropped
MAX_QUEUE = 256
#: connections at once to one table, and to one seat of it
MAX_CLIENTS = 64
MAX_PER_SEAT = 4
#: tables one client address may create per minute at most
TABLES_PER_MINUTE = 30
#: issue 42: the rate limits kept in the database, shared by every process of it: name ->
#: (events, window in seconds). Each is counted per key (``create``: the client address, see
#: :func:`client_key`) through ``Store.take_limit``. Issue 46: signing in is limited by
#: address and by account name (failed attempts: a success gives its two back), signing up
#: by address.
LIMITS: dict[str, tuple[int, float]] = {
    "create": (TABLES_PER_MINUTE, 60.0),
    "signin_addr": (20, 600.0),
    "signin_name": (10, 600.0),
    "signup": (10, 3600.0),
}
#: chat messages a seat may post: a burst of CHAT_RATE[0], refilled at CHAT_RATE[1] per second
CHAT_RATE = (4.0, 0.5)
#: the longest chat message and nickname (characters)
MAX_CHAT = 200
MAX_NICKNAME = 24
#: the largest request body (the lobby form), in bytes: a larger one is refused (413) as
#: soon as its Content-Length says so, or as soon as that many bytes have come in
MAX_BODY = 16384

_T = TypeVar("_T")


def _static(name: str) -> str:
    return resources.files("mahjong_table.web").joinpath("static", name).read_text("utf-8")


class WsClient:
    """One websocket client of a table: a queue drained by its own sender task, so that a
    slow reader never holds the table up (past :data:`MAX_QUEUE` messages it is dropped)."""

    def __init__(self, ws: WebSocket, seat: int, lang: str | None = None,
                 delay: float = 0.0) -> None:
        self.ws = ws
        self.seat = seat
        #: issue 46: a spectator's page of a room with a spectator delay gets every message
        #: (but its own errors and pongs) this many seconds late
        self.delay = delay
        #: the language this page's messages are built in (issue 23)
        self.lang = lang or language()
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.task = asyncio.get_running_loop().create_task(self._pump())
        self.tokens = RATE[0]
        self.stamp = time.monotonic()

    def send(self, message: dict[str, Any]) -> None:
        if self.delay > 0 and message.get("type") not in ("error", "pong"):
            asyncio.get_running_loop().call_later(self.delay, self._put, message)
            return
        self._put(message)

    def _put(self, message: dict[str, Any]) -> None:
        if self.queue.qsize() > MAX_QUEUE:
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(message)

    async def _pump(self) -> None:
        while True:
            msg = await self.queue.get()
            if msg is None:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=1008)
                return
            try:
                await self.ws.send_text(json.dumps(msg, separators=(",", ":")))
            except Exception:
                return

    def allow(self) -> bool:
        """Token bucket: may this client send one more message now?"""
        now = time.monotonic()
        self.tokens = min(RATE[0], self.tokens + (now - self.stamp) * RATE[1])
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def send_close(self) -> None:
        """Close the socket once what is queued is sent (the page reconnects); with a delay,
        once what was sent before has come out of it."""
        if self.delay > 0:
            asyncio.get_running_loop().call_later(self.delay, self.queue.put_nowait, None)
            return
        self.queue.put_nowait(None)

    async def close(self) -> None:
        self.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.task, 2)


class RemoteClient:
    """A page connected to another process of the cluster, relayed to this one, the room's
    owner (issue 20): what the table sends it goes back through the database's NOTIFY to
    that process, which passes it to the page; the page's messages come the same way and
    are handled here in order, as a local page's are."""

    def __init__(self, server: Server, proc: str, cid: str, seat: int,
                 live: LiveTable, lang: str = DEFAULT_LANGUAGE) -> None:
        self.server = server
        self.proc = proc
        self.cid = cid
        self.seat = seat
        self.live = live
        #: the page's language (issue 23: the relaying process says which)
        self.lang = lang
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.task = asyncio.get_running_loop().create_task(self._work(),
                                                           context=contextvars.Context())

    def send(self, message: dict[str, Any]) -> None:
        self.server.coord.post(self.proc, {"op": "out", "cid": self.cid, "msg": message})

    def send_close(self) -> None:
        """Close the page's socket once what is queued is sent (the page reconnects)."""
        self.server.coord.post(self.proc, {"op": "bye", "cid": self.cid})

    async def _work(self) -> None:
        # the room's chat so far, then the state (every state message follows), as for a
        # page connected here
        try:
            chat = await self.server.db(self.server.store.chat, self.live.row.room)
        except Exception:
            log.exception("table %s: a relayed page's chat could not be read", self.live.id)
            chat = []
        if self.server.remote.get(self.cid) is not self:
            return  # closed meanwhile
        self.send({"type": "chat", "messages": chat})
        self.live.attach(self)
        while True:
            text = await self.inbox.get()
            if text is None:
                return
            with use_language(self.lang):
                try:
                    await _handle(self.server, self.live, self, text)
                except Exception:
                    log.exception("table %s: a relayed message could not be handled",
                                  self.live.id)
                    self.send({"type": "error", "code": "internal",
                               "message": _("the server could not handle that message")})


class Relay:
    """A page connected here whose room another process owns: its socket, and who owns
    the room (see :class:`RemoteClient`, the owner's side)."""

    def __init__(self, client: WsClient, room: str, owner: str) -> None:
        self.client = client
        self.room = room
        self.owner = owner


class Elsewhere:
    """A room owned by another process (``owner``: its id)."""

    def __init__(self, owner: str) -> None:
        self.owner = owner


class Unavailable:
    """A room whose take-over failed (issue 42): it waits out its back-off before any
    process tries again, or it is broken (``failure.broken``: nobody tries again; its pages
    say so and offer its record)."""

    def __init__(self, failure: TakeoverFailure) -> None:
        self.failure = failure

    @property
    def retry_in(self) -> float:
        """Seconds until a process may try again (0 for a broken room)."""
        return 0.0 if self.failure.broken else max(self.failure.retry_at - time.time(), 0.0)

    def message(self) -> dict[str, Any]:
        """What a page is sent (then its socket closes): ``unavailable``, whether the room
        is ``broken``, the seconds until it is tried again, and words for the page (the
        cause stays in the server's log and ``mt_takeovers``: it may name hidden tiles)."""
        if self.failure.broken:
            text = _("This room could not be restored: its game stopped on a server error "
                     "and does not go on.")
        else:
            text = _("This room is being restored after a server error; the page tries "
                     "again in {seconds} s.").format(seconds=math.ceil(self.retry_in))
        return {"type": "unavailable", "broken": self.failure.broken,
                "retry_in": self.retry_in, "message": text}


#: defaults of the limits of one process (issue 20 item 4; ``serve`` sets them)
MAX_ROOMS = 500
IDLE_SECONDS = 600.0
FINISHED_IDLE_SECONDS = 60.0
BOT_THREADS = 2
#: rooms a process takes over in one sweep (twice a second) at most
ADOPT_PER_SWEEP = 50
#: issue 42: seconds before a room whose take-over failed is tried again (doubled at each
#: failure in a row, at most 60 s), and the failures in a row that make it broken
TAKEOVER_BACKOFF = 1.0
MAX_TAKEOVER_FAILURES = 5


class Server:
    """The rooms one process holds, and their storage.

    With SQLite it is the only process and owns every room. With PostgreSQL any number of
    processes (``serve --workers N``, several machines) share the database: a room is live
    in the one process that holds its lease (:mod:`.cluster`), the others relay their pages
    to it. No room is rebuilt at start: a room is rebuilt when a page opens it, or in the
    background when its owner died (fail-over) or the server restarted while it was live.
    Rooms without pages leave memory after ``idle_seconds`` (a finished game's after
    ``finished_idle_seconds``); at most ``max_rooms`` are live. Bots choose on a pool of
    ``bot_threads`` threads for tables with people and one thread for tables of bots only,
    so that bot-only tables cannot starve people's tables."""

    def __init__(self, db: str, *, tables_per_minute: int = TABLES_PER_MINUTE,
                 max_rooms: int = MAX_ROOMS, idle_seconds: float = IDLE_SECONDS,
                 finished_idle_seconds: float = FINISHED_IDLE_SECONDS,
                 bot_threads: int = BOT_THREADS) -> None:
        self.store = Store(db)
        self.tables_per_minute = tables_per_minute
        self.max_rooms = max_rooms
        self.idle_seconds = idle_seconds
        self.finished_idle_seconds = finished_idle_seconds
        self.coord: Coordinator = make_coordinator(self.store)
        self.executor = ThreadPoolExecutor(max_workers=4 if self.coord.distributed else 1,
                                           thread_name_prefix="mt-store")
        self.people_bots = ThreadPoolExecutor(max_workers=max(1, bot_threads),
                                              thread_name_prefix="mt-bots")
        self.bot_only_bots = ThreadPoolExecutor(max_workers=1,
                                                thread_name_prefix="mt-bots-only")
        #: per table id: its live game (only the current game of each room owned here)
        self.tables: dict[str, LiveTable] = {}
        self.signer = URLSafeSerializer(self.store.secret(), salt="mahjong-table seat")
        #: issue 46: the browsers' signed session cookie (guest id, session id)
        self.cookie = SessionCookie(self.store.secret())
        #: issue 46: the public rooms as the lobby last read them (shared for a second)
        self.lobby_cache = LobbyCache()
        self._loading: dict[str, asyncio.Lock] = {}
        #: per room owned here: the id of its current (latest) game
        self.rooms: dict[str, str] = {}
        #: per room owned here: since when (event loop time) it has had no page
        self._unused_since: dict[str, float] = {}
        #: per (room, seat): the chat token bucket (tokens, stamp)
        self._chat_rate: dict[tuple[str, int], tuple[float, float]] = {}
        self._new_game_lock = asyncio.Lock()
        #: pages connected here whose room another process owns, by connection id
        self.relays: dict[str, Relay] = {}
        #: pages of other processes relayed to the rooms owned here, by connection id
        self.remote: dict[str, RemoteClient] = {}
        #: per process: when a message of it was last heard (event loop time)
        self._heard: dict[str, float] = {}
        self._dirty: set[str] = set()
        self._dirty_wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        #: fail-overs done: (room, seconds from noticing to serving it)
        self.adopted: deque[tuple[str, float]] = deque(maxlen=1000)
        #: rooms whose failed take-over could not be stored: this process tries them again
        #: at that Unix time
        self._retry_here: dict[str, float] = {}
        self._limits_pruned = 0.0
        #: rooms unloaded since memory was last given back, and when (event loop time)
        self._unloaded = 0
        self._trimmed = 0.0
        self.started_at = time.time()

    async def db(self, fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)

    # ----- tokens -------------------------------------------------------------------------

    def token(self, table_id: str, seat: int | str) -> str:
        """The signed link token of ``seat`` (0-3, ``"w"`` spectator, ``"a"`` creator) of
        a room (``table_id``: the room's id, its first game's)."""
        return str(self.signer.dumps({"t": table_id, "s": seat}))

    def read_token(self, token: str) -> tuple[str, int | str] | None:
        if len(token) > 200:
            return None
        try:
            data = self.signer.loads(token)
        except BadSignature:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("t"), str):
            return None
        seat = data.get("s")
        if seat not in (0, 1, 2, 3, "w", "a"):
            return None
        return data["t"], seat

    # ----- start, stop, the sweeper --------------------------------------------------------

    async def start(self) -> None:
        """Start at once (issue 20 item 3): nothing is rebuilt here. The sweeper takes over,
        in the background, the rooms that were live when their owner stopped."""
        await self.coord.start(self._on_message, self._lost_leases)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._sweeper(), name="mt sweeper"),
                       loop.create_task(self._state_writer(), name="mt room state")]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for relay in list(self.relays.values()):
            relay.client.send_close()
        for t in list(self.tables.values()):
            await t.stop()
        await self._write_states()
        # the owners rows stay: the rooms are taken over by another process, or by this
        # server's next start, in the background
        await self.coord.stop()
        self.executor.shutdown(wait=True)
        self.people_bots.shutdown(wait=False, cancel_futures=True)
        self.bot_only_bots.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    async def _lost_leases(self) -> None:
        """The lease session broke: another process may own these rooms now; drop them
        (their pages reconnect and find the new owner)."""
        for room in list(self.rooms):
            await self._unload(room, keep_owner=True)

    async def _sweeper(self) -> None:
        period = 0.5 if self.coord.distributed else 2.0
        await asyncio.sleep(0.2)  # the server listens first
        while True:
            more = False
            try:
                more = await self._sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the sweeper failed once")
            # rooms left to take over (a restart with many): the next batch at once
            await asyncio.sleep(0.02 if more else period)

    async def _sweep(self) -> bool:
        """One sweep (see :meth:`start`); True when rooms are left to take over now."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        # pages of other processes that went silent (their process died): they are gone
        for cid, rc in list(self.remote.items()):
            if now - self._heard.get(rc.proc, now) > 6.0:
                await self._remote_close(cid)
                # if that process lives after all, its page reconnects
                await self.coord.send(rc.proc, {"op": "gone", "cid": cid})
        # tell the owners whose rooms this process relays that its pages are alive
        for owner in {r.owner for r in self.relays.values()}:
            await self.coord.send(owner, {"op": "alive", "from": self.coord.proc})
        # idle rooms leave memory
        for room, table_id in list(self.rooms.items()):
            live = self.tables.get(table_id)
            if live is None:
                continue
            if live.clients:
                self._unused_since.pop(room, None)
                continue
            since = self._unused_since.setdefault(room, now)
            limit = self.finished_idle_seconds if live.finished else self.idle_seconds
            if now - since >= limit:
                await self._unload(room)
                self._unloaded += 1
        if self._unloaded and (not self.rooms or now - self._trimmed >= 60.0):
            # rooms left memory: what the C allocator holds free goes back to the system
            self._unloaded = 0
            self._trimmed = now
            await asyncio.to_thread(give_back_memory)
        # the rate limits' events past every window (keys counted again drop their own)
        if now - self._limits_pruned >= 60.0:
            self._limits_pruned = now
            await self.db(self.store.prune_limits,
                          time.time() - max(w for _n, w in LIMITS.values()))
        # rooms whose owner is gone (or whose take-over failed and waited out its back-off):
        # relayed pages reconnect; the rooms are taken over. One query, which leaves out
        # the rooms of live owners and those waiting (issue 42: each process used to read
        # every owners row and every session twice a second)
        orphans: list[str] = await self.db(functools.partial(
            self.store.orphans, self.coord.proc, time.time(),
            sessions=self.coord.distributed))
        wall = time.time()
        for room, when in list(self._retry_here.items()):
            # take-overs whose failure could not even be stored: this process tries again
            if when <= wall and room not in orphans:
                orphans.append(room)
        if self.relays:
            owners = await self.db(self.store.owners_of, [r.room for r in self.relays.values()])
            gone = set(orphans)
            for relay in list(self.relays.values()):
                if owners.get(relay.room) != relay.owner or relay.room in gone:
                    relay.client.send_close()
        room_left = max(0, self.max_rooms - len(self.rooms))
        waiting = [r for r in orphans if r not in self.rooms and r not in self._loading]
        batch = waiting[:min(room_left, ADOPT_PER_SWEEP)]
        if batch:
            # the batch's leases in one query; a room whose lease another process took
            # first is that process's (room() would find it so too)
            leased = await self.coord.acquire_many(batch)
            await asyncio.gather(*(self._adopt(r) for r in batch if r in leased))
        return len(waiting) > len(batch) and len(self.rooms) < self.max_rooms

    async def _adopt(self, room: str) -> None:
        """Take over a room whose owner is gone (rebuilt from its stored actions)."""
        await asyncio.sleep(0)  # requests first: a take-over never holds them up
        t0 = time.perf_counter()
        self._retry_here.pop(room, None)
        try:
            got_live = await self.room(room, adopt=True)
        except RoomsFull:
            return
        except Exception:  # (room() records a failed rebuild itself; this is the rest)
            log.exception("room %s could not be taken over", room)
            return
        finally:
            if room not in self.rooms and room not in self._loading:
                await self.coord.release(room)  # (leased with its batch, not opened)
        if isinstance(got_live, LiveTable):
            COUNTS.takeovers += 1
            self.adopted.append((room, time.perf_counter() - t0))
            log.info("room %s taken over from a stopped process", room)

    async def _state_writer(self) -> None:
        while True:
            await self._dirty_wake.wait()
            self._dirty_wake.clear()
            await self._write_states()
            await asyncio.sleep(0.05)

    async def _write_states(self) -> None:
        dirty, self._dirty = self._dirty, set()
        for table_id in dirty:
            live = self.tables.get(table_id)
            if live is None:
                continue
            with contextlib.suppress(Exception):
                await self.db(self.store.set_room_state, table_id, live.room_state())

    # ----- rooms ---------------------------------------------------------------------------

    def _live_of(self, room_id: str) -> LiveTable | None:
        current = self.rooms.get(room_id)
        return None if current is None else self.tables.get(current)

    async def room(self, room_id: str, *, adopt: bool = False
                   ) -> LiveTable | Elsewhere | Unavailable | None:
        """The current game of room ``room_id`` if this process owns it (taking its lease
        and rebuilding it if nobody does), :class:`Elsewhere` naming the owner,
        :class:`Unavailable` for a room whose take-over failed (it waits out its back-off,
        or it is broken), or None for no such room. ``adopt``: only take it over (the
        sweeper)."""
        live = self._live_of(room_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(room_id, asyncio.Lock())
        try:
            async with lock:
                live = self._live_of(room_id)
                if live is not None:
                    return live
                row = await self.db(self.store.current_game, room_id)
                if row is None:
                    return None
                if row.game_no == 0 and not row.finished \
                        and await self.db(self.store.is_waiting, room_id):
                    return None  # issue 46: a lobby's room still waiting for its people
                failed = (await self.db(self.store.takeover_failures, room_id)).get(room_id)
                if failed is not None and (failed.broken or failed.retry_at > time.time()):
                    return Unavailable(failed)
                if len(self.rooms) >= self.max_rooms and not await self._evict_one():
                    raise RoomsFull(self.max_rooms)
                if not await self.coord.acquire(room_id):
                    got = await self.db(self.store.owner_of, room_id)
                    return Elsewhere(got[0]) if got is not None else Elsewhere("")
                if adopt and row.finished:
                    # a finished game left behind: nothing to take over until a page asks
                    await self.db(self.store.drop_owner, room_id)
                    await self.coord.release(room_id)
                    return None
                try:
                    return await self._open(row, adopt=adopt)
                except asyncio.CancelledError:
                    await self.coord.release(room_id)
                    raise
                except Exception as exc:
                    # issue 42: logged with the room and the cause, the lease given back,
                    # tried again later by any process; broken when it keeps failing
                    return Unavailable(await self._room_failed(room_id, exc, "take-over"))
        finally:
            if not lock.locked():
                self._loading.pop(room_id, None)

    async def _room_failed(self, room: str, exc: BaseException, what: str
                           ) -> TakeoverFailure:
        """A room could not be taken over (``what``: "take-over"), or its live game stopped
        on an error ("live game"): log it with the room and the cause, store the failure
        (any process tries again after a back-off that doubles; at
        :data:`MAX_TAKEOVER_FAILURES` in a row the room is broken: its pages say so and
        offer its record) and give the lease back. The caller has left the room out of
        :attr:`rooms`."""
        cause = f"{type(exc).__name__}: {exc}"
        COUNTS.room_failures += 1
        log.error("room %s: %s failed: %s", room, what, cause,
                  exc_info=(type(exc), exc, exc.__traceback__))
        try:
            failed: TakeoverFailure = await self.db(functools.partial(
                self.store.takeover_failed, room, self.coord.proc, cause,
                backoff=TAKEOVER_BACKOFF, max_failures=MAX_TAKEOVER_FAILURES))
        except Exception:
            # the database itself failed: this process tries again (the owners row still
            # names it, so no other process would)
            log.exception("room %s: the failed %s could not be stored; this process "
                          "tries again", room, what)
            self._retry_here[room] = time.time() + TAKEOVER_BACKOFF
            failed = TakeoverFailure(room, 1, time.time() + TAKEOVER_BACKOFF, cause, False)
        finally:
            await self.coord.release(room)
        if failed.broken:
            log.error("room %s is broken: %d %s failures in a row (last: %s); its pages "
                      "say so and offer its record", room, failed.failures, what, cause)
        else:
            log.warning("room %s: failure %d of %d; any process tries again in %.1f s",
                        room, failed.failures, MAX_TAKEOVER_FAILURES,
                        max(failed.retry_at - time.time(), 0.0))
        return failed

    async def _live_failed(self, live: LiveTable, exc: BaseException) -> None:
        """The driver of a live game stopped on an error (a bug): the room is not left
        frozen: it leaves memory (its pages reconnect) and counts as a failed take-over,
        so that it is rebuilt from its stored actions after the back-off, by any process,
        or marked broken when it keeps failing."""
        room = live.row.room
        if self.rooms.get(room) != live.id:
            return
        await self._unload(room, keep_owner=True)
        await self._room_failed(room, exc, "live game")

    async def _evict_one(self) -> bool:
        """Unload the room unused longest (no page), to make room; False if none is."""
        unused = []
        for room, since in self._unused_since.items():
            live = self._live_of(room)
            if live is not None and not live.clients:
                unused.append((since, room))
        if not unused:
            return False
        await self._unload(min(unused)[1])
        return True

    async def _unload(self, room: str, *, keep_owner: bool = False) -> None:
        """A room leaves memory: its table stops, its pages are closed (they reconnect and
        load it again), its lease is given back (with ``keep_owner`` the owners row and the
        lease are left as they are: the caller sees to them)."""
        table_id = self.rooms.pop(room, None)
        self._unused_since.pop(room, None)
        live = self.tables.pop(table_id, None) if table_id is not None else None
        if live is not None:
            for c in list(live.clients):
                live.detach(c)
                if isinstance(c, (WsClient, RemoteClient)):
                    c.send_close()
            await live.stop()
            if table_id in self._dirty:
                with contextlib.suppress(Exception):
                    await self.db(self.store.set_room_state, table_id, live.room_state())
        for key in [k for k in self._chat_rate if k[0] == room]:
            del self._chat_rate[key]
        if not keep_owner:
            with contextlib.suppress(Exception):
                await self.db(self.store.unmark_owned, room, self.coord.proc)
            await self.coord.release(room)

    async def _open(self, row: TableRow, *, adopt: bool = False) -> LiveTable:
        """Rebuild a game from its stored actions and start it (the caller holds the room's
        lease). The owners row is written before the actions are read, so that a previous
        owner still alive can store nothing more (``Store.add_action``'s fence). Everything
        is read first (one trip to the database, :meth:`Store.open_room`); the room is
        registered and started only once nothing more can fail."""
        room = row.room
        opened = await self.db(self.store.open_room, row, self.coord.proc, self.coord.lock_pid)
        game, bots, ask_again = await asyncio.to_thread(rebuild, row, opened.actions)
        table_id = row.id
        fence = (room, self.coord.proc) if self.coord.distributed else None

        async def save(seq: int, action: dict[str, Any]) -> None:
            try:
                await self.db(self.store.add_action, table_id, seq, action, fence)
            except LostOwnership as exc:
                asyncio.get_running_loop().create_task(self._unload(room, keep_owner=True))
                raise ActionRefused(_("this room has moved to another server process; the "
                                      "page reconnects to it"), "moved") from exc

        # (the callbacks find the table by its id: a closure over the table itself would
        # make every table cyclic garbage, kept until a full collection long after its room
        # left memory: issue 42 item 5)
        async def finished() -> None:
            live = self.tables.get(table_id)
            if live is None:
                return
            end = live.game.events[-1].to_json() if live.game.events else {}
            result: dict[str, Any] = {"scores": end.get("scores"),
                                      "standings": end.get("standings")}
            if isinstance(end.get("scores"), list):
                # issue 46: each seat's hands won, deal-ins ... for profiles
                result["stats"] = game_stats([r.to_json() for r in live.game.results],
                                             list(end["scores"]))
            live.row.result = result
            live.row.finished = True
            # issue 46: finished and rated (a public room of four ranked players) in one
            # transaction, once: a process that dies before it commits leaves the game to
            # be noted finished, and rated, by the one that takes the room over
            await self.db(self.finish_game, live.row, result)
            await self.refresh_room(live)

        def state_changed() -> None:
            self._dirty.add(table_id)
            self._dirty_wake.set()

        def crashed(exc: BaseException) -> None:
            live = self.tables.get(table_id)
            if live is not None:
                asyncio.get_running_loop().create_task(self._live_failed(live, exc))

        people = any(k == "human" for k in row.seats)
        pool = self.people_bots if people else self.bot_only_bots

        async def run_bot(fn: Any, view: Any) -> Any:
            return await asyncio.get_running_loop().run_in_executor(pool, fn, view)

        live = LiveTable(row, game, save, finished, bots, run_bot=run_bot,
                         on_room_state=state_changed, ask_again=ask_again,
                         on_crash=crashed)
        if opened.room_state is not None:
            stored, stopped_at = opened.room_state
            if opened.previous_seen is not None:
                stopped_at = max(stopped_at, opened.previous_seen)
            live.restore_room_state(stored, stopped_at)
        live.nicknames = opened.nicknames
        live.room = self.room_info_of(row, opened.games)
        if opened.failures:
            await self.db(self.store.takeover_succeeded, room)
        old = self.rooms.get(room)
        if old is not None and old != row.id:
            old_live = self.tables.pop(old, None)
            if old_live is not None:
                await old_live.stop()
        self.tables[row.id] = live
        self.rooms[room] = row.id
        self._unused_since[room] = asyncio.get_running_loop().time()
        live.start()
        live._broadcast()
        if live.finished and not row.finished:
            # its last action was stored, then its server stopped before it said the game
            # was over: said now (the room's history, the record's download)
            await finished()
        return live

    async def host_seat(self, room: str) -> int | None:
        """The seat of a lobby room's host (-1: the host holds no seat now), or None for a
        room made from links (every person there may pause)."""
        lobby = await self.db(self.store.lobby_room, room)
        if lobby is None:
            return None
        return next((i for i, h in enumerate(lobby.holders) if h == lobby.host), -1)

    def finish_game(self, row: TableRow, result: dict[str, Any]) -> bool:
        """Store a game as finished with its ``result`` and, for a public room's game of
        four ranked players (accounts and bots), update the accounts' ratings in the same
        transaction, at most once per game (issue 46; on the database worker). True when
        ratings were updated."""
        rating = None
        lobby = self.store.lobby_room(row.room)
        scores = result.get("scores")
        if lobby is not None and lobby.public and isinstance(scores, list):
            rating = rate_game(row.rules, row.seats, lobby.holders, scores)
        return self.store.finish_game(row.id, result, rating)

    async def refresh_room(self, live: LiveTable) -> None:
        """Tell the clients of a game its room's history (every game, its result)."""
        live.room = await self.room_info(live.row)
        live._broadcast()

    async def room_info(self, row: TableRow) -> dict[str, Any]:
        """A room's history (every game, its result) as its pages show it."""
        return self.room_info_of(row, await self.db(self.store.room_games, row.room))

    @staticmethod
    def room_info_of(row: TableRow, rows: list[TableRow]) -> dict[str, Any]:
        """:meth:`room_info` from the room's games ``rows`` already read."""
        games = []
        for r in rows:
            games.append({"no": r.game_no, "rules": rule_set_class(r.rules, r.options).title,
                          "hands": r.max_hands, "names": r.names, "finished": r.finished,
                          "scores": (r.result or {}).get("scores"),
                          "standings": (r.result or {}).get("standings")})
        return {"id": row.room, "game_no": row.game_no, "games": games,
                "rules": row.rules, "max_hands": row.max_hands,
                "rule_sets": list(RULE_SETS), "bots": list(BOTS),
                "options": {k: str(v) for k, v in row.options.items()},
                "option_choices": option_choices()}

    async def table(self, room_id: str) -> LiveTable | None:
        """The current game of room ``room_id`` if it is (or can be made) live here; None
        for no such room, one owned by another process or one that cannot be taken over
        now."""
        got = await self.room(room_id)
        return got if isinstance(got, LiveTable) else None

    async def stored_game(self, room_id: str, game_no: int | None = None
                          ) -> tuple[TableRow, Game] | None:
        """A game of a room as stored (its latest, or number ``game_no``), rebuilt from
        its actions without any bot and not kept: for records and finished games. A game
        whose actions do not all replay (a broken room's) is rebuilt as far as they do."""
        if game_no is None:
            row = await self.db(self.store.current_game, room_id)
        else:
            row = next((r for r in await self.db(self.store.room_games, room_id)
                        if r.game_no == game_no), None)
        if row is None:
            return None
        actions = await self.db(self.store.actions, row.id)
        game, _done, _problem = await asyncio.to_thread(replay_prefix, row, actions)
        return row, game

    async def broken_record(self, room_id: str) -> str | None:
        """The record (JSON lines) of a broken room's current game, as far as its stored
        actions replay; its header says the room is broken, why the rest did not replay
        and holds the stored actions not replayed. None when the room is not broken."""
        failed = (await self.db(self.store.takeover_failures, room_id)).get(room_id)
        if failed is None or not failed.broken:
            return None
        row = await self.db(self.store.current_game, room_id)
        if row is None:
            return None
        actions = await self.db(self.store.actions, row.id)
        game, done, problem = await asyncio.to_thread(replay_prefix, row, actions)
        lines = list(record_lines(game))
        lines[0]["broken"] = {"error": problem or failed.error, "stored_actions": len(actions),
                              "replayed": done, "not_replayed": actions[done:]}
        return "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)

    # ----- messages between processes ------------------------------------------------------

    async def _on_message(self, m: dict[str, Any]) -> None:
        """A message from another process (see :mod:`.cluster`)."""
        op = m.get("op")
        sender = m.get("from")
        if isinstance(sender, str):
            self._heard[sender] = asyncio.get_running_loop().time()
        cid = m.get("cid")
        if op == "out":
            relay = self.relays.get(str(cid))
            msg = m.get("msg")
            if relay is not None and isinstance(msg, dict):
                relay.client.send(msg)
        elif op in ("bye", "gone"):
            gone = self.relays.get(str(cid))
            if gone is not None:
                gone.client.send_close()
        elif op == "open" and isinstance(sender, str) and isinstance(cid, str):
            seat = m.get("seat")
            live = self._live_of(str(m.get("room")))
            if live is None or not isinstance(seat, int) or not -1 <= seat < 4:
                await self.coord.send(sender, {"op": "gone", "cid": cid})
                return
            same = sum(1 for c in live.clients if c.seat == seat)
            if len(live.clients) >= MAX_CLIENTS or (seat != SPECTATOR
                                                    and same >= MAX_PER_SEAT):
                await self.coord.send(sender, {"op": "gone", "cid": cid})
                return
            lang = m.get("lang")
            rc = RemoteClient(self, sender, cid, seat, live,
                              lang if isinstance(lang, str) and lang in LANGUAGES
                              else DEFAULT_LANGUAGE)
            # (the page joins on its own task, which reads the chat first: the listener
            # never waits for the database, every other page's messages go on meanwhile)
            self.remote[cid] = rc
        elif op == "text" and isinstance(cid, str):
            known = self.remote.get(cid)
            text = m.get("text")
            if known is None:
                if isinstance(sender, str):
                    await self.coord.send(sender, {"op": "gone", "cid": cid})
            elif isinstance(text, str):
                known.inbox.put_nowait(text)
        elif op == "close" and isinstance(cid, str):
            await self._remote_close(cid)

    async def _remote_close(self, cid: str) -> None:
        rc = self.remote.pop(cid, None)
        if rc is None:
            return
        rc.live.detach(rc)
        rc.inbox.put_nowait(None)

    async def relay_page(self, ws: WebSocket, room: str, seat: int, owner: str) -> None:
        """Serve a page whose room ``owner`` holds: every message goes there and back (a
        spectator's late by the room's ``spectator_delay``, here as on the owner)."""
        delay = 0.0
        if seat == SPECTATOR:
            row = await self.db(self.store.current_game, room)
            if row is not None:
                delay = float(row.settings.get("spectator_delay", 0.0) or 0.0)
        await ws.accept()
        client = WsClient(ws, seat, delay=delay)
        cid = f"{self.coord.proc}.{secrets.token_hex(6)}"
        self.relays[cid] = Relay(client, room, owner)
        me = self.coord.proc
        await self.coord.send(owner, {"op": "open", "from": me, "cid": cid, "room": room,
                                      "seat": seat, "lang": client.lang})
        try:
            async for text in text_frames(ws, client):
                await self.coord.send(owner, {"op": "text", "from": me, "cid": cid,
                                              "text": text})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.relays.pop(cid, None)
            with contextlib.suppress(Exception):
                await self.coord.send(owner, {"op": "close", "from": me, "cid": cid})
            await client.close()
            if ws.application_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await ws.close()

    def status(self) -> dict[str, Any]:
        """What this process holds (for ``GET /status``, the benchmark and operators)."""
        return {"process": self.coord.proc, "pid": os.getpid(),
                "rooms": len(self.rooms),
                "unfinished": sum(1 for t in self.tables.values() if not t.finished),
                "pages": sum(len(t.clients) for t in self.tables.values()),
                "relayed": len(self.relays), "remote": len(self.remote),
                "actions": sum(t.stats_actions for t in self.tables.values()),
                "adopted": len(self.adopted), "uptime": time.time() - self.started_at}

    # ----- the room: nicknames, chat, the next game ----------------------------------------

    async def set_nickname(self, live: LiveTable, seat: int, raw: Any) -> None:
        """A person names themselves (raises ``ValueError`` naming what is wrong)."""
        name = check_nickname(raw)
        names = await self.db(self.store.set_nickname, live.row.room, seat, name)
        for t in self.tables.values():
            if t.row.room == live.row.room:
                t.nicknames = names
                t._broadcast()

    async def chat(self, live: LiveTable, seat: int, raw: Any) -> None:
        """A chat message from ``seat`` (or a spectator where the room allows it): checked,
        rate-limited per seat, stored, sent to every client of the room's current game.
        Raises ``ValueError`` naming what is wrong."""
        if seat == SPECTATOR and not live.settings.spectator_chat:
            raise ValueError(_("spectators may read the chat but not write in this room"))
        text = check_chat(raw)
        key = (live.row.room, seat)
        now = time.monotonic()
        tokens, stamp = self._chat_rate.get(key, (CHAT_RATE[0], now))
        tokens = min(CHAT_RATE[0], tokens + (now - stamp) * CHAT_RATE[1])
        if tokens < 1:
            raise ValueError(_("too many chat messages: wait a few seconds"))
        self._chat_rate[key] = (tokens - 1, now)
        name = "spectator" if seat == SPECTATOR else live.display_names()[seat]  # data
        msg = await self.db(self.store.add_chat, live.row.room, seat, name, text)
        for c in list(live.clients):
            c.send({"type": "chat", "messages": [msg]})

    async def new_game(self, live: LiveTable, seat: int, msg: dict[str, Any]) -> TableRow:
        """The next game of a finished game's room ("Play again", or a new rule set, length
        and seats chosen in the room): the same links seat the same people. Raises
        ``ValueError`` naming what is wrong."""
        async with self._new_game_lock:
            if self.rooms.get(live.row.room) != live.id:
                raise ValueError(_("a new game has already started in this room"))
            if not live.finished:
                raise ValueError(_("the game is not over yet"))
            old = live.row
            rules = msg.get("rules", old.rules)
            if not isinstance(rules, str):
                raise ValueError(_("rules: a rule set's name"))
            form: dict[str, str] = {"rules": rules}
            hands = msg.get("max_hands", old.max_hands)
            if (hands is not None and not isinstance(hands, (int, str))) or isinstance(hands,
                                                                                   bool):
                raise ValueError(_("max_hands: a whole number from 1 to 100, or empty"))
            form["max_hands"] = "" if hands is None else str(hands)
            seats = msg.get("seats", old.seats)
            if not isinstance(seats, list) or len(seats) != 4 \
                    or not all(isinstance(k, str) for k in seats):
                raise ValueError(_("seats: four entries, each 'human' or a bot's name"))
            names = live.display_names()
            for i in range(4):
                form[f"seat{i}"] = seats[i]
                form[f"name{i}"] = names[i] if seats[i] == "human" or old.seats[i] == seats[i] \
                    else ""
            for k, v in old.settings.items():
                form[k] = ("1" if v else "") if isinstance(v, bool) else str(v)
            if rules == old.rules:
                for k, v in old.options.items():
                    form[f"opt_{rules}_{k}"] = str(v)
            chosen = msg.get("options", {})
            if not isinstance(chosen, dict) or not all(
                    isinstance(k, str) and isinstance(v, (str, bool, int))
                    for k, v in chosen.items()):
                raise ValueError(_("options: an object of option names and values"))
            known = {o.name for o in type(get_rule_set(rules)).options_spec} \
                if rules in RULE_SETS else set()
            for k, v in chosen.items():
                if k not in known:
                    raise ValueError(_("options: {rules} has no option {name}").format(
                        rules=rules, name=repr(k)))
                form[f"opt_{rules}_{k}"] = str(v)
            form["practice_deal"] = "1" if old.practice else ""
            form["seed"] = f"{old.seed}/{old.game_no + 1}" if old.practice else ""
            row = parse_form(form)
            row.room_id = old.room
            row.game_no = old.game_no + 1
            rs = get_rule_set(row.rules, **row.options)
            for kind in row.seats:
                if kind != "human":
                    make_bot(kind, 0, rules=rs)
            await self.db(self.store.create_table, row)
            try:
                await self._open(row)
            except Exception as exc:
                # the room's pages move on and find the new game's room unavailable
                # for a while (or broken); the old game's table leaves memory
                self.rooms.pop(live.row.room, None)
                self.tables.pop(live.id, None)
                await live.stop()
                await self._room_failed(row.room, exc, "take-over")
        for c in list(live.clients):  # every page of the room moves to the new game
            c.send({"type": "new_game", "game_no": row.game_no})
            live.detach(c)
            if isinstance(c, (WsClient, RemoteClient)):
                c.send_close()
        return row

    def _limit(self, name: str, key: str) -> tuple[str, int, float]:
        """The key, count and window (seconds) of limit ``name`` (:data:`LIMITS`) for
        ``key`` (a client address ...), as the database keeps it."""
        count, window = LIMITS[name]
        if name == "create":
            count = self.tables_per_minute
        return f"{name}:{key}", count, window

    async def may_create(self, address: str) -> float:
        """0 if the client at ``address`` may create a table now, else the seconds until it
        may (it has created ``tables_per_minute`` tables in the last minute, through any
        process of this database: issue 42)."""
        return float(await self.db(self.store.limit_wait, *self._limit("create", address)))

    async def create(self, form: dict[str, str], address: str = "",
                     public_for: Visitor | None = None) -> TableRow:
        """A new table from the lobby form, for the client at ``address``; with
        ``public_for``, a room of the public lobby that browser hosts (issue 46: it waits
        for its people, see :mod:`.people`). Raises
        :class:`RateLimited` when that address has created too many tables in the last
        minute, counted in the database so that every process shares the count (other
        addresses are not held up), ``ValueError`` naming a problem of the form."""
        # counted before the form is read, atomically across processes (issue 42); a table
        # not made is uncounted below
        wait, event = await self.db(self.store.take_limit, *self._limit("create", address))
        if wait:
            raise RateLimited(wait)
        try:
            row = parse_form(form)
            rules = get_rule_set(row.rules, **row.options)
            for kind in row.seats:
                if kind != "human":
                    make_bot(kind, 0, rules=rules)  # a bot that cannot play these rules says so
            if public_for is not None:
                await create_public_room(self, row, public_for)
                return row
            await self.db(self.store.create_table, row)
        except BaseException:
            if event is not None:
                with contextlib.suppress(Exception):
                    await self.db(self.store.give_back_limit, event)  # not made: not counted
            raise
        if "human" not in row.seats:
            # a table of bots plays at once; a table with people starts when its first page
            # opens it, in the process that page reached (issue 42: so that its pages are
            # served there and not relayed from another process, which cost a relayed
            # page's action 90-250 ms more at p50, measured on two processes)
            with contextlib.suppress(RoomsFull):  # then it starts when a page opens it
                await self.room(row.id)
        return row


def give_back_memory() -> bool:
    """Give the memory the C allocator holds free back to the system (glibc's
    ``malloc_trim``: its free pages anywhere in its heaps, those of the bot and database
    threads too), as rooms leave memory (issue 42 item 5). Python's own allocator returns
    an arena once it is empty; the big integers of the American matcher, lists and dicts
    come from the C allocator, which keeps what it freed. False where there is no glibc."""
    try:
        import ctypes

        trim = ctypes.CDLL(None).malloc_trim  # the process's own symbols: glibc's
    except (OSError, AttributeError, TypeError):
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    trim(0)
    return True


class RoomsFull(Exception):
    """This process holds its most live rooms, none of them unused."""

    def __init__(self, limit: int) -> None:
        super().__init__(_("this server process holds {limit} live rooms, its limit").format(
            limit=limit))


class RateLimited(Exception):
    """A client over a rate limit; ``retry_after`` is the seconds until it may try again."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(_("too many tables created from your address in the last minute; "
                           "try again in {seconds} s").format(seconds=math.ceil(retry_after)))
        self.retry_after = retry_after


def _clean_text(raw: Any, what: str, longest: int) -> str:
    """A person's text (a nickname, a chat message): a string, no control characters,
    1 to ``longest`` characters once spaces around it are taken off. Raises ``ValueError``
    naming what is wrong. (It is shown as text, never as markup.)"""
    if not isinstance(raw, str):
        raise ValueError(_("{what}: send text").format(what=what))
    text = raw.strip()
    if not text:
        raise ValueError(_("{what}: empty (1 to {longest} characters)").format(
            what=what, longest=longest))
    if len(text) > longest:
        raise ValueError(_("{what}: {n} characters, at most {longest}").format(
            what=what, n=len(text), longest=longest))
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text):
        raise ValueError(_("{what}: control or unassigned characters are not allowed").format(
            what=what))
    return text


def check_nickname(raw: Any) -> str:
    """A nickname as typed, checked (1-24 characters, see :func:`_clean_text`)."""
    return _clean_text(raw, _("nickname"), MAX_NICKNAME)


def check_chat(raw: Any) -> str:
    """A chat message as typed, checked (1-200 characters, see :func:`_clean_text`)."""
    return _clean_text(raw, _("chat message"), MAX_CHAT)


@functools.cache
def option_choices() -> dict[str, list[dict[str, Any]]]:
    """Per rule set, the options a room may choose for its next game (those with a list of
    choices; the card is the practice card's), each ``{"name", "choices", "default",
    "help"}``: the Play again form offers them as the lobby does. Worked out once (every
    room's state carries it; not to be changed by the caller)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for name in RULE_SETS:
        out[name] = [{"name": o.name, "choices": [str(c) for c in o.choices],
                      "default": str(o.default), "help": o.help}
                     for o in type(get_rule_set(name)).options_spec if o.choices is not None]
    return out


def _option_value(raw: str, choices: tuple[Any, ...] | None) -> Any:
    if choices is None:
        return raw
    for c in choices:
        if str(c) == raw or (isinstance(c, bool) and raw.lower() == str(c).lower()):
            return c
    raise ValueError(_("{value} is not one of {choices}").format(
        value=repr(raw), choices=", ".join(map(str, choices))))


def parse_form(form: dict[str, str]) -> TableRow:
    """The table a lobby form describes (see :func:`lobby_page` for the field names).
    Raises ``ValueError`` (or ``RuleSetError``) naming the bad field."""
    rules_name = form.get("rules", "hongkong")
    if rules_name not in RULE_SETS:
        raise ValueError(_("unknown rule set {name}").format(name=repr(rules_name)))
    cls = type(get_rule_set(rules_name))
    options: dict[str, Any] = {}
    for o in cls.options_spec:
        raw = form.get(f"opt_{rules_name}_{o.name}")
        if raw is None or raw == "":
            continue
        if o.choices is None:
            if raw != "practice":
                raise ValueError(_("option {name}: this server plays only the practice card "
                                   "(a card file on the server's disk is not offered to "
                                   "browsers)").format(name=o.name))
            options[o.name] = raw
        else:
            try:
                options[o.name] = _option_value(raw, o.choices)
            except ValueError as exc:
                raise ValueError(_("option {name}: {problem}").format(
                    name=o.name, problem=exc)) from exc
    hands_raw = form.get("max_hands", "").strip()
    max_hands = None
    if hands_raw:
        if not hands_raw.isdigit() or not 1 <= int(hands_raw) <= 100:
            raise ValueError(_("hands: a whole number from 1 to 100, or empty for the whole game"))
        max_hands = int(hands_raw)
    seats = []
    names = []
    for i in range(4):
        kind = form.get(f"seat{i}", "human" if i == 0 else "efficiency")
        if kind != "human" and kind not in BOTS:
            raise ValueError(_("seat {number}: unknown player {kind}").format(
                number=i, kind=repr(kind)))
        seats.append(kind)
        name = form.get(f"name{i}", "").strip()[:24]
        # a default name in the language of the lobby it was made in (a name: stored as is)
        names.append(name or (_("Player {number}").format(number=i + 1) if kind == "human"
                              else _("{Name} bot {number}").format(
                                  Name=bot_word(kind[:1].upper() + kind[1:]) or kind,
                                  number=i + 1)))
    settings: dict[str, Any] = {}
    for name, _low, _high, _help in TableSettings.FIELDS:
        raw = form.get(name, "").strip()
        if raw:
            try:
                settings[name] = float(raw)
            except ValueError as exc:
                raise ValueError(_("{name}: {value} is not a number").format(
                    name=name, value=repr(raw))) from exc
    extra: dict[str, Any] = dict(settings)
    away_bot = form.get("away_bot", "").strip()
    if away_bot and away_bot not in BOTS:
        raise ValueError(_("away_bot: unknown bot {name}").format(name=repr(away_bot)))
    extra["away_bot"] = away_bot
    chat_raw = form.get("spectator_chat", "").strip().lower()
    if chat_raw not in _YES + _NO:
        raise ValueError(_("{field}: {value} is not a yes or a no").format(
            field="spectator_chat", value=repr(chat_raw)))
    extra["spectator_chat"] = chat_raw in _YES
    settings_json = TableSettings.from_json(extra).to_json()
    practice_raw = form.get("practice_deal", "").strip().lower()
    if practice_raw not in _YES + _NO:
        raise ValueError(_("{field}: {value} is not a yes or a no").format(
            field="practice_deal", value=repr(practice_raw)))
    practice = practice_raw in _YES
    typed = form.get("seed", "").strip()[:64]
    return TableRow(id=secrets.token_urlsafe(12), rules=rules_name, options=options,
                    seed=deal_seed(typed, practice), max_hands=max_hands, names=names,
                    seats=seats, settings=settings_json, practice=practice)


#: the lobby's practice_deal checkbox: what a yes and a no may be written as
_YES = ("1", "on", "true", "yes")
_NO = ("", "0", "off", "false", "no")


def deal_seed(typed: str, practice: bool) -> str:
    """The seed a new table is dealt from (and stored with: the game is rebuilt from it).

    A practice deal honours the seed its creator typed (a fresh random one if none was), and
    its pages say so. Otherwise the server mixes in 128 bits of its own secret randomness, so
    that nobody who typed a seed can compute the hands: ``"TYPED+HEX"`` (or ``HEX``)."""
    if practice:
        return typed or secrets.token_hex(8)
    own = secrets.token_hex(16)
    return f"{typed}+{own}" if typed else own


# ----- pages ----------------------------------------------------------------------------------

_HEAD = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="icon" href="{icon}">
<link rel="stylesheet" href="/static/table.css">
<link rel="stylesheet" href="/static/board.css"></head>"""
#: the tab's icon: a tile face with a red dot (our own drawing), as a data URL
_ICON = ("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 32'%3E"
         "%3Crect x='1' y='1' width='22' height='30' rx='3' fill='%23f6f1e3' stroke='%23333'/%3E"
         "%3Ccircle cx='12' cy='16' r='6' fill='%23c0392b'/%3E%3C/svg%3E")


def _text(message: str) -> str:
    """A message as the text of an element: ``&``, ``<``, ``>`` escaped, quotes as they are
    (an attribute's value needs :func:`html.escape` with its quotes)."""
    return escape(message, quote=False)


def _head(title: str) -> str:
    """The page's head in the language in force (``<html lang>``); ``title`` is HTML."""
    return _HEAD.format(lang=language(), icon=_ICON, title=title)


def _score_link() -> str:
    """The lobby's link to the score calculator (issue 47, web/score.py)."""
    return "<p>" + _("{link}: tap in a hand from a physical table and get its score, also "
                     "offline.").format(link='<a href="/score" id="score-link">'
                                        + escape(_("Score a hand")) + "</a>") + "</p>"


def lobby_page(error: str | None = None, csrf: str = "", visitor: Visitor | None = None
               ) -> str:
    """The lobby: a form for a new table. Field names: ``rules``; ``opt_RULES_NAME`` for each
    option of each rule set; ``max_hands``; ``seat0``-``seat3`` (``human`` or a bot) and
    ``name0``-``name3``; the timing settings; ``seed`` and ``practice_deal`` (the seed is
    honoured as typed only with it; see :func:`deal_seed`). In the language in force, with
    the language switch. ``csrf``: the browser's CSRF token (issue 46): with it the form
    may make a public room of the lobby (``public``), held by this browser."""
    parts = [_head(escape(_("mahjong-table: new table"))),
             '<body class="lobby"><main>', language_switch("/"), nav_bar(visitor),
             "<h1>mahjong-table</h1>",
             "<p>" + _text(_("Create a table, then send each person their seat's link. Bots "
                             "fill the other seats.")) + "</p>",
             "<p>" + _('{link}: lessons, exercises and a coached hand.').format(
                 link='<a href="/learn/" id="learn-link">' + escape(_("Learn to play"))
                 + "</a>") + "</p>", _score_link()]
    if error:
        parts.append(f'<p class="error" role="alert">{escape(error)}</p>')
    parts.append('<form method="post" action="/tables" id="new-table">'
                 + (f'<input type="hidden" name="csrf" value="{escape(csrf)}">' if csrf else "")
                 + '<fieldset><legend>' + escape(_("Rule set")) + '</legend>'
                 '<select name="rules" id="rules">')
    for name in RULE_SETS:
        rs = get_rule_set(name)
        parts.append(f'<option value="{name}">{escape(_(rs.title))} ({escape(_(rs.book))})'
                     '</option>')
    parts.append("</select></fieldset>")
    for name in RULE_SETS:
        rs = get_rule_set(name)
        legend = _("{rules} options").format(rules=_(rs.title))
        parts.append(f'<fieldset class="options" data-rules="{name}"><legend>'
                     f'{escape(legend)}</legend>')
        for o in rs.options_spec:
            field = f"opt_{name}_{o.name}"
            parts.append(f'<label for="{field}"><b>{escape(option_label(o.name))}</b>'
                         '</label>')
            if o.choices is None:
                parts.append(f'<select name="{field}" id="{field}"><option value="practice">'
                             f'{escape(option_value_label("practice"))}</option></select>')
            else:
                parts.append(f'<select name="{field}" id="{field}">')
                for c in o.choices:
                    sel = " selected" if c == o.default else ""
                    parts.append(f'<option value="{escape(str(c))}"{sel}>'
                                 f'{escape(option_value_label(c))}</option>')
                parts.append("</select>")
            help_text = _(o.help)
            if o.choices is None:
                help_text = _("{help} (this server offers the practice card)").format(
                    help=help_text)
            parts.append(f'<small>{escape(help_text)}</small>')
        parts.append("</fieldset>")
    parts.append('<fieldset><legend>' + escape(_("Length")) + '</legend><label for="max_hands">'
                 + escape(_("hands")) + '</label>'
                 '<input name="max_hands" id="max_hands" inputmode="numeric" '
                 'placeholder="' + escape(_("whole game")) + '">'
                 '<small>' + escape(_("stop the game after this many hands (empty: play the "
                                      "whole game; the rounds option sets the wind rounds)"))
                 + '</small></fieldset>')
    parts.append('<fieldset><legend>' + escape(_("Seats")) + '</legend>')
    for i in range(4):
        seat_words = _("Seat {number}").format(number=i + 1)
        parts.append(f'<div class="seat-row"><label for="seat{i}">{escape(seat_words)}'
                     f'</label><select name="seat{i}" id="seat{i}">')
        # issue 24: the levels (easy, normal, hard) first, each the rule set's bot of that
        # level, then the bots by name
        kinds = [("human", _("a person (gets a link)")), *bot_choices()]
        default = "human" if i < 2 else "efficiency"
        for k, about in kinds:
            sel = " selected" if k == default else ""
            label = about if k == "human" else bot_label(k)
            about = about if k == "human" else _(about)
            parts.append(f'<option value="{k}" title="{escape(about)}"{sel}>'
                         f'{escape(label)}</option>')
        name_label = _("name of seat {number}").format(number=i + 1)
        parts.append(f'</select><input name="name{i}" placeholder="' + escape(_("name")) + f'" '
                     f'maxlength="24" aria-label="{escape(name_label)}"></div>')
    levels = "; ".join(f"{bot_name(k)}: {_(about)}" for k, about in bot_choices()[:3])
    named = ", ".join(bot_name(k) for k, _about in bot_choices()[3:])
    parts.append("<small>" + _text(_(
        "Levels, each the rule set's bot of that strength: {levels}. Bots by name: {names} "
        "(the american bots play the card: American rules only); a bot that runs an outside "
        "program is not offered here")).format(levels=escape(levels), names=escape(named))
        + "</small></fieldset>")
    parts.append('<fieldset><legend>' + escape(_("Table settings")) + '</legend>')
    defaults = TableSettings().to_json()
    for name, low, high, help_text in TableSettings.FIELDS:
        parts.append(f'<label for="{name}">{escape(setting_label(name))}</label>'
                     f'<input name="{name}" id="{name}" '
                     f'type="number" step="0.1" min="{low:g}" max="{high:g}" '
                     f'value="{defaults[name]:g}"><small>{escape(_(help_text))}</small>')
    parts.append(f'<label for="away_bot">{escape(setting_label("away_bot"))}</label>'
                 '<select name="away_bot" id="away_bot">'
                 '<option value="">' + _text(_("the rule set's default bot")) + '</option>'
                 + "".join(f'<option value="{k}">{escape(bot_label(k))}</option>'
                           for k, _about in bot_choices())
                 + "</select><small>" + _text(_(
                     "the bot that plays a person's seat while they are away (page closed, "
                     "or their clock ran out away_after times in a row) until they take it "
                     "back")) + "</small>"
                 '<label for="spectator_chat">' + escape(_("spectators may chat")) + '</label>'
                 '<input type="checkbox" name="spectator_chat" id="spectator_chat" value="1">'
                 "<small>" + escape(_("spectators can always read the table chat; tick to let "
                                      "them write too")) + "</small>")
    parts.append('<label for="seed">' + escape(_("seed")) + '</label><input name="seed" id="seed" '
                 'placeholder="' + escape(_("random")) + '" maxlength="64"><small>'
                 + escape(_("the game is reproducible from its seed and its actions; the "
                            "server mixes its own secret randomness into the seed typed here, "
                            "unless this is a practice deal")) + "</small>"
                 '<label for="practice_deal">' + escape(_("practice deal")) + '</label>'
                 '<input type="checkbox" name="practice_deal" id="practice_deal" value="1">'
                 "<small>" + _text(_(
                     'deal exactly from the seed typed above (anyone who knows it can compute '
                     'every hand): every page of the table then says "practice deal" and '
                     'shows the seed')) + "</small></fieldset>")
    if csrf:
        parts.append('<fieldset><legend>' + escape(_("The public lobby")) + '</legend>'
                     '<label for="public">' + escape(_("public room")) + '</label>'
                     '<input type="checkbox" name="public" id="public" value="1"><small>'
                     + _text(_("list the room in the lobby: anyone may take a person's seat "
                               "that is open; you sit at the first and are its host; the game "
                               "starts when everyone pressed Ready (or you start it, bots "
                               "taking the seats still open)")) + "</small></fieldset>")
    parts.append('<button type="submit">' + escape(_("Create the table"))
                 + '</button></form></main>'
                 '<script>'
                 'const r=document.getElementById("rules");function sh(){for(const f of '
                 'document.querySelectorAll("fieldset.options"))f.hidden=f.dataset.rules!==r.'
                 'value}r.addEventListener("change",sh);sh();</script></body></html>')
    return "".join(parts)


def links_page(server: Server, row: TableRow, base: str) -> str:
    """The links of a new table (HTML, in the language in force): one per person's seat,
    the spectators' and the creator's own to come back to."""
    title = escape(_(get_rule_set(row.rules, **row.options).title))
    if row.practice:
        about = "<p>" + _(
            "{rules}; {notice}: the seed you chose deals every wall, so whoever knows it can "
            "compute every hand; every page of this table says so. ").format(
                rules=title, notice=practice_notice(row))
    else:
        about = "<p>" + _(
            "{rules}; the seed is in the record when the game ends (it decides every wall, so "
            "nobody is shown it before; a seed typed in the lobby is mixed with the server's "
            "own secret randomness). ").format(rules=title)
    again = f"{base}/links/{server.token(row.room, 'a')}"
    parts = [_head(escape(_("mahjong-table: your table"))),
             '<body class="lobby"><main>',
             language_switch(f"/links/{server.token(row.room, 'a')}"),
             '<h1>' + escape(_("Your table")) + '</h1>', about,
             _text(_("Send each person their own link: whoever has a seat's link plays that "
                     "seat.")), '</p><ul class="links">']
    for i, kind in enumerate(row.seats):
        seat_words = escape(_("Seat {number}").format(number=i + 1))
        if kind == "human":
            url = f"{base}/play/{server.token(row.room, i)}"
            parts.append(f'<li>{seat_words} ({escape(row.names[i])}): '
                         f'<a class="seat-link" data-seat="{i}" href="{escape(url)}">'
                         f'{escape(url)}</a></li>')
        else:
            parts.append(f"<li>{seat_words}: {escape(row.names[i])} "
                         f"({escape(bot_label(kind))})</li>")
    watch = f"{base}/watch/{server.token(row.room, 'w')}"
    parts.append('<li>' + escape(_("Spectators")) + f': <a class="watch-link" '
                 f'href="{escape(watch)}">{escape(watch)}</a></li></ul>')
    parts.append("<p>" + _("Keep this page's address to find the links again: {link}").format(
                 link=f'<a href="{escape(again)}">{escape(again)}</a>') + "</p>"
                 '<p><a href="/">' + escape(_("New table")) + '</a></p></main></body></html>')
    return "".join(parts)


def practice_notice(row: TableRow) -> str:
    """The words every page of a practice deal shows (HTML-escaped): ``practice deal, seed
    X``."""
    return escape(_("practice deal, seed {seed}").format(seed=row.seed))


def table_page(row: TableRow, token: str, seat: int, path: str | None = None,
               broken: Unavailable | None = None) -> str:
    """The table page of ``seat`` (or :data:`SPECTATOR`): a shell ``table.js`` fills in, in
    the language in force, with the words of the scripts (:func:`.jstext.script_words`). A
    practice deal says so, with its seed, in the page's header. ``path``: the page's own
    address, for the language switch (by default the request's). ``broken``: the room is
    broken (issue 42): the page says so at the top, with its record's link."""
    who = (_("spectator") if seat == SPECTATOR
           else _("seat {number} ({name})").format(number=seat + 1, name=row.names[seat]))
    rules = get_rule_set(row.rules, **row.options)
    practice = (f' <span id="practice" class="practice" role="note">{practice_notice(row)}'
                '</span>' if row.practice else "")
    words = json.dumps(script_words(), ensure_ascii=False, separators=(",", ":"))
    words = words.replace("</", "<\\/")
    e = escape
    return (_head("mahjong-table: " + escape(who))
            + f'<body class="table" data-token="{escape(token)}" data-seat="{seat}">'
            f'<header id="bar"><b id="rules-title">{escape(_(rules.title))}</b>{practice} '
            '<span id="status">'
            + e(_("connecting…")) + '</span><span id="info"></span><span id="clock" hidden>'
            '</span><span id="me-box"></span>' + language_switch(path) + '</header>'
            + ('' if broken is None else
               f'<p id="unavailable" class="error" role="alert">'
               f'{_text(broken.message()["message"])} <a id="broken-record" '
               f'href="/record/{escape(token)}">{_text(_("Download its record"))}</a></p>')
            + '<aside id="room" aria-label="' + e(_("the room")) + '"><div id="pause-box"></div>'
            '<div id="away-box"></div>'
            '<div id="ready-box"></div><div id="again-box"></div>'
            '<section id="chat" aria-label="' + e(_("table chat")) + '"><h3>' + e(_("Chat"))
            + '</h3>'
            '<ol id="chat-log" aria-live="polite"></ol><form id="chat-form">'
            '<input id="chat-text" autocomplete="off" '
            'aria-label="' + e(_("chat message")) + '" '
            'placeholder="' + e(_("say something (200 characters)")) + '">'
            '<button type="submit">' + e(_("Send")) + '</button>'
            '<small id="chat-left" aria-live="polite"></small></form></section>'
            '<details id="history"><summary>' + e(_("Games in this room")) + '</summary>'
            '<ol id="history-list"></ol></details></aside>'
            '<main id="board">'
            '<section class="seat" id="seat-top"></section>'
            '<section class="seat" id="seat-left"></section>'
            '<section id="centre"><div id="centre-info"></div><div id="window"></div></section>'
            '<section class="seat" id="seat-right"></section>'
            '<section class="seat me" id="seat-bottom"></section>'
            '</main>'
            '<section id="hand" aria-label="' + e(_("your hand")) + '"></section>'
            '<section id="actions" aria-label="' + e(_("your actions")) + '"></section>'
            '<section id="hints" aria-live="polite"></section>'
            '<section id="result" hidden></section>'
            '<details id="log-box"><summary>' + e(_("Table log")) + '</summary><ol id="log"></ol>'
            '</details>'
            '<noscript>' + e(_("The table needs JavaScript.")) + f'</noscript>'
            f'<script id="mt-words" type="application/json">{words}</script>'
            '<script src="/static/board.js"></script>'
            '<script src="/static/table.js"></script></body></html>')


# ----- the application ------------------------------------------------------------------------

#: the environment variable ``serve --workers N`` passes its settings to each worker in
SERVE_ENV = "MAHJONG_TABLE_SERVE"


def app_from_env() -> Starlette:
    """The application of one ``serve --workers N`` worker (uvicorn's app factory): its
    settings are the JSON object in :data:`SERVE_ENV` (``db`` and :func:`create_app`'s
    keywords). Raises ``RuntimeError`` when it is not set."""
    raw = os.environ.get(SERVE_ENV)
    if not raw:
        raise RuntimeError(f"{SERVE_ENV} is not set (mahjong-table serve sets it)")
    settings = json.loads(raw)
    db = settings.pop("db")
    return create_app(db, **settings)


def create_app(db: str, *, tables_per_minute: int = TABLES_PER_MINUTE,
               max_rooms: int = MAX_ROOMS, idle_seconds: float = IDLE_SECONDS,
               finished_idle_seconds: float = FINISHED_IDLE_SECONDS,
               bot_threads: int = BOT_THREADS) -> Starlette:
    """The web table over the database at ``db`` (an SQLAlchemy or postgresql:// URL);
    each client address creates at most ``tables_per_minute`` tables per minute; the other
    keywords are :class:`Server`'s limits of this process."""
    holder: dict[str, Server] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        server = Server(db, tables_per_minute=tables_per_minute, max_rooms=max_rooms,
                        idle_seconds=idle_seconds,
                        finished_idle_seconds=finished_idle_seconds,
                        bot_threads=bot_threads)
        holder["server"] = server
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    def srv() -> Server:
        return holder["server"]

    async def lobby(request: Request) -> Response:
        visitor = await visitor_of(srv(), request)
        page = lobby_page(csrf=srv().cookie.csrf(visitor.guest), visitor=visitor)
        return set_cookie(srv(), request, HTMLResponse(page), visitor)

    async def create(request: Request) -> Response:
        address = client_key(request.client.host if request.client is not None else "")
        wait = await srv().may_create(address)
        if wait:  # refused before the body is read
            return _rate_limited(RateLimited(wait))
        try:
            body = await read_body(request, MAX_BODY)
        except BodyTooLarge:
            # the rest of the body is never read: the connection is closed after the answer
            return HTMLResponse(lobby_page(_("the form is too large")), status_code=413,
                                headers={"Connection": "close"})
        except ValueError as exc:
            return HTMLResponse(lobby_page(str(exc)), status_code=400,
                                headers={"Connection": "close"})
        # the lobby form is application/x-www-form-urlencoded: the standard library reads it
        try:
            fields = dict(parse_qsl(body.decode("utf-8"), max_num_fields=64))
        except (UnicodeDecodeError, ValueError):
            return HTMLResponse(lobby_page(_("the form could not be read")), status_code=400)
        public = fields.get("public", "").strip().lower() in _YES
        visitor = None
        if public:
            # issue 46: a room of the public lobby is held by the browser that made it:
            # its form must carry that browser's CSRF token
            visitor = await visitor_of(srv(), request)
            if not csrf_ok(srv(), visitor, fields):
                return HTMLResponse(lobby_page(_(
                    "this form has expired or did not come from this site: try again"),
                    csrf=srv().cookie.csrf(visitor.guest), visitor=visitor), status_code=403)
        try:
            row = await srv().create(fields, address, visitor)
        except RateLimited as exc:
            return _rate_limited(exc)
        except (ValueError, RuleSetError) as exc:
            return HTMLResponse(lobby_page(str(exc)), status_code=400)
        if visitor is not None:
            return set_cookie(srv(), request, RedirectResponse(f"/room/{row.id}",
                                                               status_code=303), visitor)
        return HTMLResponse(links_page(srv(), row, _base(request)), status_code=201)

    async def links(request: Request) -> Response:
        got = srv().read_token(request.path_params["token"])
        if got is None or got[1] != "a":
            return PlainTextResponse(_("not a creator's link"), status_code=404)
        row = await srv().db(srv().store.current_game, got[0])
        if row is None:
            return PlainTextResponse(_("no such table"), status_code=404)
        return HTMLResponse(links_page(srv(), row, _base(request)))

    async def page(request: Request) -> Response:
        token = request.path_params["token"]
        got = srv().read_token(token)
        want_watch = request.url.path.startswith("/watch/")
        if got is None or (got[1] == "w") != want_watch or got[1] == "a":
            return PlainTextResponse(_("this link is not valid"), status_code=404)
        # the page is read from the database: it needs no live room (any process serves it)
        row = await srv().db(srv().store.current_game, got[0])
        if row is None:
            return PlainTextResponse(_("no such table"), status_code=404)
        seat = SPECTATOR if got[1] == "w" else int(got[1])
        if row.game_no == 0 and not row.finished \
                and await srv().db(srv().store.is_waiting, got[0]):
            # issue 46: a lobby room still waiting for its people: its waiting room
            return RedirectResponse(f"/room/{got[0]}", status_code=303)
        visitor = await visitor_of(srv(), request)
        if seat != SPECTATOR and row.seats[seat] == "human":
            # issue 46: the browser (an account or a guest) that opens a person's seat
            # first holds it: the room's games are in its history
            await srv().db(srv().store.claim_seat, got[0], seat, visitor.holder)
        failed = (await srv().db(srv().store.takeover_failures, got[0])).get(got[0])
        broken = Unavailable(failed) if failed is not None and failed.broken else None
        return set_cookie(srv(), request, HTMLResponse(
            table_page(row, token, seat, request.url.path, broken),
            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}), visitor)

    async def tile(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            t = None if name == "back" else Tile.parse(name)
        except NotationError:
            return PlainTextResponse(_("no such tile"), status_code=404)
        if t is not None and str(t) != name:
            return PlainTextResponse(_("no such tile"), status_code=404)
        return Response(tile_svg(t), media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        types = {"table.js": "text/javascript", "table.css": "text/css",
                 "board.js": "text/javascript", "board.css": "text/css",
                 "people.js": "text/javascript", "replay.js": "text/javascript"}
        if name not in types:
            return PlainTextResponse(_("not found"), status_code=404)
        return Response(_static(name), media_type=types[name],
                        headers={"Cache-Control": "no-cache"})

    async def card(request: Request) -> Response:
        """The card the table plays (American), for the page's card panel, in the
        request's language."""
        got = srv().read_token(request.path_params["token"])
        row = None if got is None else await srv().db(srv().store.current_game, got[0])
        data = None if row is None else card_json(get_rule_set(row.rules, **row.options))
        if data is None:
            return PlainTextResponse(_("no card"), status_code=404)
        return JSONResponse(data, headers={"Cache-Control": "private, max-age=3600",
                                           "Vary": "Cookie, Accept-Language"})

    async def record(request: Request) -> Response:
        got = srv().read_token(request.path_params["token"])
        if got is None:
            return PlainTextResponse(_("this link is not valid"), status_code=404)
        game_raw = request.query_params.get("game")
        if game_raw is not None:
            if not game_raw.isdigit() or len(game_raw) > 6:
                return PlainTextResponse(_("game: a game's number in the room (0, 1, ...)"),
                                         status_code=400)
            got_game = await srv().stored_game(got[0], int(game_raw))
        else:
            got_game = await srv().stored_game(got[0])
        if got_game is None:
            return PlainTextResponse(_("no such table"), status_code=404)
        row, game = got_game
        if not row.finished and game_raw is None:
            # issue 42: a broken room's game does not go on: its seats may have its record
            # (as far as it replays) once the server has given up on it
            broken = await srv().broken_record(got[0])
            if broken is not None:
                return Response(broken, media_type="application/x-ndjson", headers={
                    "Content-Disposition": f'attachment; filename="mahjong-{row.id}.jsonl"'})
        if not row.finished:
            return PlainTextResponse(_("the game is not over: its record holds every hidden "
                                       "tile, so it is given only at the end"), status_code=409)
        # read from the database and not kept (issue 20 item 4)
        text = "".join(json.dumps(line, separators=(",", ":")) + "\n"
                       for line in record_lines(game))
        return Response(text, media_type="application/x-ndjson", headers={
            "Content-Disposition": f'attachment; filename="mahjong-{row.id}.jsonl"'})

    async def review(request: Request) -> Response:
        """The review page of a finished game (issue 43): a seat's link reviews its seat, a
        watcher's names one with ``?seat=``; a game being played has no review (it would
        tell the judgement's reading of a hand still in play)."""
        got = srv().read_token(request.path_params["token"])
        if got is None:
            return PlainTextResponse(_("this link is not valid"), status_code=404)
        game_raw = request.query_params.get("game")
        seat_raw = request.query_params.get("seat")
        if game_raw is not None and (not game_raw.isdigit() or len(game_raw) > 6):
            return PlainTextResponse(_("game: a game's number in the room (0, 1, ...)"),
                                     status_code=400)
        if isinstance(got[1], int):
            seat = got[1]
        elif seat_raw is not None and seat_raw in ("0", "1", "2", "3"):
            seat = int(seat_raw)
        else:
            return PlainTextResponse(_("seat: a seat 0-3 (the link is not a seat's)"),
                                     status_code=400)
        got_game = await srv().stored_game(got[0], None if game_raw is None
                                           else int(game_raw))
        if got_game is None:
            return PlainTextResponse(_("no such table"), status_code=404)
        row, game = got_game
        if not row.finished:
            return PlainTextResponse(_("the game is not over: its review is given at the "
                                       "end"), status_code=409)
        lines = [json.dumps(line) for line in record_lines(game)]

        def make() -> str:
            # judged off the event loop (a game's decisions take a second or two)
            reviews = [review_game(rows, seat) for rows in read_games(lines)]
            return review_page(reviews, title=_("Review of game {n}").format(
                n=row.game_no + 1))

        page_html = await asyncio.to_thread(make)
        return HTMLResponse(page_html, headers={"Cache-Control": "private, max-age=3600",
                                                "Vary": "Cookie, Accept-Language"})

    async def ws_endpoint(ws: WebSocket) -> None:
        got = srv().read_token(ws.path_params["token"])
        if got is None or got[1] == "a":
            await ws.close(code=4403)
            return
        seat = SPECTATOR if got[1] == "w" else int(got[1])
        try:
            where = await srv().room(got[0])
        except RoomsFull:
            await ws.close(code=1013)  # try again later (the page reconnects by itself)
            return
        if where is None:
            await ws.close(code=4404)
            return
        if isinstance(where, Unavailable):
            # issue 42: the page says why; a broken room's page stops reconnecting (4410),
            # another tries again after the back-off (1013)
            await ws.accept()
            await ws.send_text(json.dumps(where.message()))
            await ws.close(code=4410 if where.failure.broken else 1013)
            return
        if isinstance(where, Elsewhere):
            # another process owns the room: this one relays the page to it
            await srv().relay_page(ws, got[0], seat, where.owner)
            return
        live = where
        same = sum(1 for c in live.clients if c.seat == seat)
        if len(live.clients) >= MAX_CLIENTS or (seat != SPECTATOR and same >= MAX_PER_SEAT):
            await ws.close(code=4429)  # too many connections: a flood, not a person
            return
        await ws.accept()
        client = WsClient(ws, seat, delay=live.settings.spectator_delay
                          if seat == SPECTATOR else 0.0)
        # the room's chat so far, then the state (every state message follows)
        client.send({"type": "chat", "messages": await srv().db(srv().store.chat,
                                                                 live.row.room)})
        live.attach(client)
        try:
            async for text in text_frames(ws, client):
                try:
                    await _handle(srv(), live, client, text)
                except Exception:  # a bug, not the client's fault: logged, the socket lives
                    log.exception("table %s: a message could not be handled", live.id)
                    client.send({"type": "error", "code": "internal",
                                 "message": _("the server could not handle that message")})
        except WebSocketDisconnect:
            pass
        except RuntimeError:
            pass  # the socket closed under us
        finally:
            live.detach(client)
            await client.close()
            if ws.application_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await ws.close()

    async def status(_request: Request) -> Response:
        """What this process holds (rooms, pages, actions): for operators and the bench."""
        return JSONResponse(srv().status(), headers={"Cache-Control": "no-store"})

    async def healthz(_request: Request) -> Response:
        """The health check of a load balancer or orchestrator (web/metrics.py)."""
        code, body = await health(srv())
        return JSONResponse(body, status_code=code, headers={"Cache-Control": "no-store"})

    async def metrics(_request: Request) -> Response:
        """This process's Prometheus metrics (web/metrics.py)."""
        body, content_type = metrics_text(srv())
        return Response(body, headers={"Content-Type": content_type,
                                       "Cache-Control": "no-store"})

    routes = [
        Route("/", lobby),
        Route("/status", status),
        Route("/healthz", healthz),
        Route("/metrics", metrics),
        Route("/tables", create, methods=["POST"]),
        Route("/links/{token}", links),
        Route("/play/{token}", page),
        Route("/watch/{token}", page),
        Route("/tile/{name}.svg", tile),
        Route("/static/{name}", static),
        Route("/record/{token}", record),
        Route("/review/{token}", review),
        Route("/card/{token}", card),
        WebSocketRoute("/ws/{token}", ws_endpoint),
        *people_routes(srv),  # issue 46: accounts, the public lobby, profiles, replays
        learn_mount(lambda: srv().store.secret()),  # issue 22: /learn (web/learn.py)
        *score_routes(),  # issue 47: /score, the score calculator (web/score.py)
    ]
    # issue 23: every request and websocket in its language (the learn pages too)
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(LanguageMiddleware)])
    app.state.holder = holder
    return app


class BodyTooLarge(Exception):
    """A request body over the limit (see :func:`read_body`)."""


async def read_body(request: Request, limit: int) -> bytes:
    """The body of ``request``, read as it streams in, at most ``limit`` bytes. Raises
    :class:`BodyTooLarge` as soon as the Content-Length header says more, before reading
    anything, or as soon as more than ``limit`` bytes have come in (the rest is not read);
    ``ValueError`` for a Content-Length that is not a number."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.strip().isdigit():
            raise ValueError(_("the Content-Length header is not a number"))
        if int(declared) > limit:
            raise BodyTooLarge
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise BodyTooLarge
    return bytes(body)


def client_key(host: str) -> str:
    """The key a client's address is limited by: an IPv4 address itself, an IPv6 address's
    /64 network (one host commonly holds a whole /64), any other name as it is."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _rate_limited(exc: RateLimited) -> Response:
    """429 with the lobby naming the limit, and ``Retry-After`` in whole seconds."""
    return HTMLResponse(lobby_page(str(exc)), status_code=429,
                        headers={"Retry-After": str(math.ceil(exc.retry_after))})


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


async def text_frames(ws: WebSocket, client: WsClient) -> AsyncIterator[str]:
    """The text of each acceptable frame a page sends, until it disconnects: a frame over the
    client's rate is answered with a rate error, a malformed one with its error (both
    skipped), as every page's socket does (a seat's own table, or one relayed to the room's
    owner)."""
    while True:
        frame = await ws.receive()
        if frame["type"] == "websocket.disconnect":
            return
        if not client.allow():
            client.send({"type": "error", "code": "rate",
                         "message": _("too many messages: slow down")})
            continue
        error = _frame_error(frame)
        if error is not None:
            client.send(error)
            continue
        yield frame["text"]


def _frame_error(frame: Mapping[str, Any]) -> dict[str, Any] | None:
    """The error message for a websocket frame the table does not read (a binary frame, a
    text over :data:`MAX_MESSAGE` bytes), or None for a text frame to handle."""
    text = frame.get("text")
    if not isinstance(text, str):
        return {"type": "error", "code": "malformed",
                "message": _("a binary frame: messages are JSON text")}
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "replace")) > MAX_MESSAGE:
        return {"type": "error", "code": "too_large",
                "message": _("message over {n} bytes").format(n=MAX_MESSAGE)}
    return None


async def _handle(server: Server, live: LiveTable, client: Client, text: str) -> None:
    """Answer one client message (a JSON text of at most :data:`MAX_MESSAGE` bytes). Every
    malformed message gets an ``error`` message (``malformed``) and changes nothing."""
    try:
        msg = json.loads(text)
    except ValueError:  # JSONDecodeError, or a number too long to read
        client.send({"type": "error", "code": "malformed", "message": _("not JSON")})
        return
    except RecursionError:
        client.send({"type": "error", "code": "malformed", "message": _("JSON nested too deep")})
        return
    if not isinstance(msg, dict):
        client.send({"type": "error", "code": "malformed", "message": _("not a JSON object")})
        return
    kind = msg.get("type")
    if kind == "ping":
        client.send({"type": "pong"})
    elif kind == "hint":
        if client.seat == SPECTATOR or live._hold is not None:
            client.send({"type": "hint", "lines": [_("No hint now.")]})
        else:
            view = live.game.view(client.seat)
            hint = await asyncio.to_thread(hints_for, view, live.game.rules)
            client.send({"type": "hint", **hint})
    elif kind == "action":
        if client.seat == SPECTATOR:
            client.send({"type": "error", "code": "forbidden",
                         "message": _("a spectator cannot act")})
            return
        action = msg.get("action")
        offer = msg.get("offer")
        if not isinstance(action, dict) or not (offer is None or (
                isinstance(offer, int) and not isinstance(offer, bool))):
            client.send({"type": "error", "code": "malformed",
                         "message": _("an action message is {type, offer, action}")})
            return
        try:
            await live.submit(client.seat, offer, action)
        except ActionRefused as exc:
            client.send({"type": "error", "code": exc.code, "message": str(exc)})
            client.send(live.state_for(client.seat))
            return
        client.send({"type": "ack", "offer": offer})
    elif kind in ("nick", "ready", "back", "new_game", "pause", "resume") \
            and client.seat == SPECTATOR:
        client.send({"type": "error", "code": "forbidden",
                     "message": _("a spectator has no seat")})
    elif kind == "nick":
        try:
            await server.set_nickname(live, client.seat, msg.get("name"))
        except ValueError as exc:
            client.send({"type": "error", "code": "nickname", "message": str(exc)})
    elif kind == "chat":
        try:
            await server.chat(live, client.seat, msg.get("text"))
        except ValueError as exc:
            client.send({"type": "error", "code": "chat", "message": str(exc)})
    elif kind in ("pause", "resume"):
        # issue 46: the host of a lobby room (any person of a room made from links)
        host = await server.host_seat(live.row.room)
        if host is not None and host != client.seat:
            client.send({"type": "error", "code": "forbidden",
                         "message": _("only the room's host may pause the game")})
        elif not (live.pause() if kind == "pause" else live.resume()):
            client.send({"type": "error", "code": kind,
                         "message": _("the game is paused already") if kind == "pause"
                         else _("the game is not paused")})
    elif kind == "ready":
        await live.set_ready(client.seat)
    elif kind == "back":
        if not await live.take_back(client.seat):
            client.send({"type": "error", "code": "not_away",
                         "message": _("your seat is yours already")})
    elif kind == "new_game":
        try:
            await server.new_game(live, client.seat, msg)
        except (ValueError, RuleSetError) as exc:
            client.send({"type": "error", "code": "new_game", "message": str(exc)})
    else:
        name = repr(kind) if isinstance(kind, str) else _("of JSON type {type}").format(
            type=type(kind).__name__)
        client.send({"type": "error", "code": "malformed",
                     "message": _("unknown message type {name}").format(name=name[:40])})
