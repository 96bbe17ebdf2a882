"""Several server processes on one database (issue 20): who owns a room, and how messages
reach it.

PostgreSQL is the coordination layer; nothing else runs beside it.

- **Lease**: a process owns a live room while it holds the session-level advisory lock
  ``pg_try_advisory_lock(hashtextextended(room, 0))`` on its own lease connection. The
  database enforces it: one session at a time holds a lock, and when the process dies
  (``kill -9``, a crashed machine: the session's TCP keepalives are set to a few seconds)
  its session ends and every lock it held is free at once. The owner also writes
  ``mt_owners`` (room, process, its lease session's pid): the fence of its writes (an
  action is inserted only while that row names the process, see ``Store.add_action``) and
  how the others find a room's owner, or see that the owner's session is gone.
- **Messages**: each process LISTENs on its own channel ``mt_p_<id>``. A page connected to
  a process that does not own its room is relayed: its messages go to the owner with
  ``pg_notify`` and the owner's messages for that page (its seat's state, chat, answers)
  come back the same way, so the owner is the only one that computes a seat's view, and a
  seat's hidden tiles go only to that seat's pages. Payloads are JSON lists packed per
  destination, zlib-compressed and base64-encoded; one over NOTIFY's 8000 bytes goes
  through the ``mt_mail`` table and the notification names it.

:class:`LocalCoordinator` is the one-process case (SQLite): every room is this process's and
no message leaves it.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import secrets
import zlib
from collections.abc import Awaitable, Callable
from typing import Any

from .store import Store

__all__ = ["Coordinator", "LocalCoordinator", "PgCoordinator", "make_coordinator",
           "pack", "unpack", "NOTIFY_LIMIT"]

log = logging.getLogger("mahjong_table.web")

#: the largest NOTIFY payload sent inline (PostgreSQL refuses 8000 bytes and more)
NOTIFY_LIMIT = 7900
#: seconds between two heartbeats of a process (its lease session is checked then too)
HEARTBEAT = 1.0

Handler = Callable[[dict[str, Any]], Awaitable[None]]


def pack(messages: list[dict[str, Any]]) -> str:
    """A list of messages as a NOTIFY payload: ``z`` + base64 of zlib-compressed JSON."""
    raw = json.dumps(messages, separators=(",", ":")).encode("utf-8")
    return "z" + base64.b64encode(zlib.compress(raw, 1)).decode("ascii")


def unpack(payload: str) -> list[dict[str, Any]]:
    """The messages of a payload made by :func:`pack`. Raises ``ValueError`` for another."""
    if not payload.startswith("z"):
        raise ValueError(f"not a packed payload: {payload[:20]!r}")
    got = json.loads(zlib.decompress(base64.b64decode(payload[1:])))
    if not isinstance(got, list):
        raise ValueError("a packed payload holds a list of messages")
    return [m for m in got if isinstance(m, dict)]


class Coordinator:
    """The rooms' leases and the messages between processes (see the module docstring).
    This base class is the one-process case."""

    #: True when several processes may share the database
    distributed = False

    def __init__(self, store: Store) -> None:
        self.store = store
        #: this process's id (random, new at each start)
        self.proc = secrets.token_hex(6)
        self.lock_pid = 0

    async def start(self, handler: Handler, on_lost: Callable[[], Awaitable[None]]) -> None:
        """Start listening; ``handler`` gets each message sent to this process, ``on_lost``
        is awaited if the leases were lost (the lease session broke)."""

    async def stop(self) -> None:
        """Release every lease and stop listening."""

    async def acquire(self, room: str) -> bool:
        """Take the lease of ``room`` if it is free (True: this process owns it now)."""
        return True

    async def acquire_many(self, rooms: list[str]) -> set[str]:
        """Take the leases of those of ``rooms`` that are free, at once (the rooms whose
        lease this process has now)."""
        return set(rooms)

    async def release(self, room: str) -> None:
        """Give the lease of ``room`` back."""

    async def send(self, proc: str, message: dict[str, Any]) -> None:
        """Queue ``message`` for process ``proc`` (sent in order, packed with others)."""
        self.post(proc, message)

    def post(self, proc: str, message: dict[str, Any]) -> None:
        """:meth:`send` without waiting (for a client's ``send``, which must not block)."""
        raise RuntimeError("a single process sends no messages")

    async def alive_sessions(self) -> set[int]:
        """The lease sessions alive now (PostgreSQL backend pids)."""
        return {self.lock_pid}


class LocalCoordinator(Coordinator):
    """One process on an embedded database (SQLite): it owns every room."""


class PgCoordinator(Coordinator):
    """Leases as advisory locks, messages as NOTIFY, on PostgreSQL (``url``: a
    ``postgresql://`` URL for psycopg)."""

    distributed = True

    def __init__(self, store: Store, url: str) -> None:
        super().__init__(store)
        self.url = url
        self._lease: Any = None  # psycopg.AsyncConnection holding the advisory locks
        self._lease_lock = asyncio.Lock()
        self._listen: Any = None
        self._sender: Any = None
        self._send_lock = asyncio.Lock()
        self._queues: dict[str, list[dict[str, Any]]] = {}
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self.held: set[str] = set()
        self._handler: Handler | None = None
        self._on_lost: Callable[[], Awaitable[None]] | None = None

    async def _connect(self) -> Any:
        import psycopg

        conn = await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, keepalives=1, keepalives_idle=5,
            keepalives_interval=2, keepalives_count=3)
        # the server side notices a vanished machine within seconds too
        for name, value in (("tcp_keepalives_idle", 5), ("tcp_keepalives_interval", 2),
                            ("tcp_keepalives_count", 3)):
            with contextlib.suppress(Exception):
                await conn.execute(f"SET {name} = {value}")
        return conn

    async def start(self, handler: Handler, on_lost: Callable[[], Awaitable[None]]) -> None:
        self._handler = handler
        self._on_lost = on_lost
        self._lease = await self._connect()
        self.lock_pid = int(self._lease.info.backend_pid)
        self._sender = await self._connect()
        self._listen = await self._connect()
        await self._listen.execute(f'LISTEN "mt_p_{self.proc}"')
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listener(), name="mt listen"),
                       loop.create_task(self._send_loop(), name="mt send"),
                       loop.create_task(self._heartbeat(), name="mt heartbeat")]

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        for conn in (self._listen, self._sender, self._lease):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()  # the session ends: its advisory locks are free
        self.held.clear()

    async def acquire(self, room: str) -> bool:
        async with self._lease_lock:
            if room in self.held:
                return True
            cur = await self._lease.execute(
                "SELECT pg_try_advisory_lock(hashtextextended(%s, 0))", (room,))
            row = await cur.fetchone()
            if not (row and row[0]):
                return False
            self.held.add(room)
            return True

    async def acquire_many(self, rooms: list[str]) -> set[str]:
        """:meth:`acquire` of many rooms in one query (issue 42: a restart takes a thousand
        rooms over, a query each was a tenth of the event loop's time)."""
        async with self._lease_lock:
            want = [r for r in rooms if r not in self.held]
            got = {r for r in rooms if r in self.held}
            if want:
                cur = await self._lease.execute(
                    "SELECT r, pg_try_advisory_lock(hashtextextended(r, 0)) "
                    "FROM unnest(%s::text[]) AS r", (want,))
                for room, ok in await cur.fetchall():
                    if ok:
                        self.held.add(str(room))
                        got.add(str(room))
            return got

    async def release(self, room: str) -> None:
        async with self._lease_lock:
            if room not in self.held:
                return
            self.held.discard(room)
            with contextlib.suppress(Exception):
                await self._lease.execute(
                    "SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (room,))

    async def alive_sessions(self) -> set[int]:
        async with self._send_lock:
            cur = await self._sender.execute("SELECT pid FROM pg_stat_activity")
            return {int(r[0]) for r in await cur.fetchall()}

    async def send(self, proc: str, message: dict[str, Any]) -> None:
        self._queues.setdefault(proc, []).append(message)
        self._wake.set()

    def post(self, proc: str, message: dict[str, Any]) -> None:
        """:meth:`send` without waiting (for a client's ``send``, which must not block)."""
        self._queues.setdefault(proc, []).append(message)
        self._wake.set()

    async def _send_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            queues, self._queues = self._queues, {}
            for proc, messages in queues.items():
                # pack as many as fit in one payload, in order
                i = 0
                while i < len(messages):
                    j = min(len(messages), i + 64)
                    payload = pack(messages[i:j])
                    while len(payload) > NOTIFY_LIMIT and j - i > 1:
                        j = i + max(1, (j - i) // 2)
                        payload = pack(messages[i:j])
                    try:
                        await self._notify(proc, payload)
                    except Exception:
                        log.exception("a message to process %s was not sent", proc)
                    i = j

    async def _notify(self, proc: str, payload: str) -> None:
        if len(payload) > NOTIFY_LIMIT:
            number = await asyncio.to_thread(self.store.put_mail, payload)
            payload = f"m{number}"
        async with self._send_lock:
            await self._sender.execute("SELECT pg_notify(%s, %s)", (f"mt_p_{proc}", payload))

    async def _listener(self) -> None:
        assert self._handler is not None
        async for note in self._listen.notifies():
            payload = note.payload
            try:
                if payload.startswith("m"):
                    got = await asyncio.to_thread(self.store.take_mail, int(payload[1:]))
                    if got is None:
                        continue
                    payload = got
                messages = unpack(payload)
            except (ValueError, zlib.error):
                log.error("an unreadable message: %.60s", payload)
                continue
            for m in messages:
                try:
                    await self._handler(m)
                except Exception:
                    log.exception("a message could not be handled: %.200s", m)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                async with self._lease_lock:
                    await self._lease.execute("SELECT 1")
                await asyncio.to_thread(self.store.heartbeat, self.proc)
            except Exception:
                log.exception("the lease session broke: every room of this process is "
                              "dropped and taken over elsewhere")
                self.held.clear()
                if self._on_lost is not None:
                    await self._on_lost()
                with contextlib.suppress(Exception):
                    await self._lease.close()
                try:
                    self._lease = await self._connect()
                    self.lock_pid = int(self._lease.info.backend_pid)
                except Exception:
                    log.exception("the lease session could not be opened again")


def make_coordinator(store: Store) -> Coordinator:
    """The coordinator for ``store``'s database: PostgreSQL's leases and messages, or one
    process on SQLite."""
    url = store.url
    if url.startswith("postgresql"):
        return PgCoordinator(store, "postgresql://" + url.split("://", 1)[1])
    return LocalCoordinator(store)
