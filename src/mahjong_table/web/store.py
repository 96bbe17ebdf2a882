"""Storage of the web tables: SQLAlchemy Core over SQLite (the default, an embedded file) or
PostgreSQL (``postgresql://...``, through psycopg), the same code for both.

What is stored is what a record needs and nothing derived: a table's rule set, options, seed
(the effective one; whether it is a practice deal, dealt from the seed its creator typed),
game length, names, which seat is a human and which a bot, and the table's settings; then every
accepted action in order (``seq`` 0, 1, 2 ...). The game is rebuilt by applying the actions to
``Game(rules, seed)``, the path ``mahjong-table replay`` checks. The secret that signs seat
links is kept in the database too, so that links stay valid across restarts.

Every method is synchronous (the server calls them on one worker thread, in order); an action
is committed before :meth:`Store.add_action` returns.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ..i18n import _

__all__ = ["Store", "TableRow", "normalise_url", "DEFAULT_DB", "LostOwnership",
           "TakeoverFailure"]

#: the default database: an SQLite file in the working directory
DEFAULT_DB = "sqlite:///mahjong-table.db"

_meta = sa.MetaData()

_settings = sa.Table(
    "mt_settings", _meta,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

_tables = sa.Table(
    "mt_tables", _meta,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("rules", sa.String(32), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.String(128), nullable=False),
    sa.Column("max_hands", sa.Integer, nullable=True),
    sa.Column("names", sa.Text, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False, default=False),
    # a practice deal: the seed is the one its creator chose, and every page says so
    sa.Column("practice", sa.Boolean, nullable=False, default=False,
              server_default=sa.false()),
    # the room the game is played in (None: the room is the table itself, its first game)
    sa.Column("room_id", sa.String(64), nullable=True),
    # the game's number in its room (0, 1, 2 ...)
    sa.Column("game_no", sa.Integer, nullable=False, default=0, server_default="0"),
    # a finished game's final scores and standings (JSON), for the room's history
    sa.Column("result", sa.Text, nullable=True),
)

#: columns added since the first version: (name, SQL type and default), added at start
_ADDED_COLUMNS = (
    ("practice", "BOOLEAN NOT NULL DEFAULT FALSE"),
    ("room_id", "VARCHAR(64)"),
    ("game_no", "INTEGER NOT NULL DEFAULT 0"),
    ("result", "TEXT"),
)

_rooms = sa.Table(
    "mt_rooms", _meta,
    sa.Column("id", sa.String(64), primary_key=True),
    # per seat: the nickname its person chose (JSON list, null for none)
    sa.Column("nicknames", sa.Text, nullable=False),
)

_chat = sa.Table(
    "mt_chat", _meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("room_id", sa.String(64), nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

_actions = sa.Table(
    "mt_actions", _meta,
    sa.Column("table_id", sa.String(64), sa.ForeignKey("mt_tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

# issue 20: several processes on one database

#: a live room and the process that owns it (its lease is a PostgreSQL advisory lock held by
#: the session ``lock_pid``; the row says who holds it and fences that owner's writes)
_owners = sa.Table(
    "mt_owners", _meta,
    sa.Column("room", sa.String(64), primary_key=True),
    sa.Column("proc", sa.String(64), nullable=False),
    sa.Column("lock_pid", sa.Integer, nullable=False, default=0),
    sa.Column("at", sa.Float, nullable=False),
)

#: each server process and when it was last seen alive (its heartbeat, every second)
_procs = sa.Table(
    "mt_procs", _meta,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("seen", sa.Float, nullable=False),
)

#: a message between processes too large for a NOTIFY payload (read once, then deleted)
_mail = sa.Table(
    "mt_mail", _meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("body", sa.Text, nullable=False),
)

#: a game's room state kept in memory by its owner (away seats, clocks run out, Ready, the
#: clocks' deadlines): stored on each change so that another process resumes it
_room_state = sa.Table(
    "mt_room_state", _meta,
    sa.Column("table_id", sa.String(64), primary_key=True),
    sa.Column("state", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


#: issue 42: a room whose take-over (its rebuild from the stored actions) failed: how many
#: times in a row, when any process may try again, the last cause; ``broken`` once it kept
#: failing (its pages say so and offer its record; nobody tries again)
_takeovers = sa.Table(
    "mt_takeovers", _meta,
    sa.Column("room", sa.String(64), primary_key=True),
    sa.Column("failures", sa.Integer, nullable=False),
    sa.Column("retry_at", sa.Float, nullable=False),
    sa.Column("error", sa.Text, nullable=False),
    sa.Column("broken", sa.Boolean, nullable=False, default=False),
    sa.Column("at", sa.Float, nullable=False),
)

#: issue 42: rate limits shared by every process of the database: one row per counted event
#: (``key`` names the limit and what it counts, e.g. ``create:203.0.113.7``; ``at`` its Unix
#: time). See :meth:`Store.take_limit`.
_limits = sa.Table(
    "mt_limits", _meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("key", sa.String(200), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("mt_limits_key_at", "key", "at"),
)


@dataclass(frozen=True)
class TakeoverFailure:
    """A room whose take-over failed (see :data:`_takeovers`): ``failures`` in a row, the
    Unix time from which a process may try again, the last ``error`` (its cause, for the
    logs and operators) and whether the room is ``broken`` (it kept failing)."""

    room: str
    failures: int
    retry_at: float
    error: str
    broken: bool


@dataclass
class OpenedRoom:
    """What :meth:`Store.open_room` reads for a room taken over: its current game's stored
    actions, the room state and when it was stored, when the previous owner was last seen
    alive (None: none, or unknown), the nicknames, every game of the room, and how many
    take-overs of it failed in a row."""

    actions: list[dict[str, Any]]
    room_state: tuple[dict[str, Any], float] | None
    previous_seen: float | None
    nicknames: list[str | None]
    games: list[TableRow]
    failures: int


class LostOwnership(Exception):
    """An action was not stored because another process owns the room now (its lease
    passed to it): the caller must drop its copy of the room."""


@dataclass
class TableRow:
    """One table as stored. ``seats``: four entries, ``"human"`` or a bot name
    (``players.BOTS``); ``settings``: the table's timing settings (see ``web.table``)."""

    id: str
    rules: str
    options: dict[str, Any]
    seed: str
    max_hands: int | None
    names: list[str]
    seats: list[str]
    settings: dict[str, Any] = field(default_factory=dict)
    finished: bool = False
    created: float = 0.0
    #: a practice deal: ``seed`` is the one the creator typed (anyone who knows it can
    #: compute every hand), shown on every page of the table; otherwise the seed holds the
    #: server's own secret randomness
    practice: bool = False
    #: the room ("" : the table is its own room, the first game of it) and the game's number
    room_id: str = ""
    game_no: int = 0
    #: a finished game's final scores and standings
    result: dict[str, Any] | None = None

    @property
    def room(self) -> str:
        """The id of the table's room (seat links name the room, not the game)."""
        return self.room_id or self.id


def normalise_url(url: str) -> str:
    """The SQLAlchemy URL for ``url``: ``postgresql://`` and ``postgres://`` use psycopg 3;
    a bare path is an SQLite file. Raises ``ValueError`` for another scheme."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith(("postgresql+psycopg://", "sqlite://")):
        return url
    if "://" not in url:
        return f"sqlite:///{url}"
    raise ValueError(_("database URL {url}: use sqlite:///FILE or postgresql://USER@HOST/DB"
                       ).format(url=repr(url)))


class Store:
    """The tables and their actions in one database (see the module docstring)."""

    def __init__(self, url: str = DEFAULT_DB) -> None:
        self.url = normalise_url(url)
        kwargs: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine = sa.create_engine(self.url, **kwargs)
        if self.url.startswith("sqlite"):
            @sa.event.listens_for(self.engine, "connect")
            def _pragmas(conn: Any, _record: Any) -> None:
                cur = conn.cursor()
                # WAL: a commit is durable across a crash of the process; readers never block
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()
        if self.url.startswith("postgresql"):
            # several processes may start at once (serve --workers N): one at a time
            # creates the schema, under a transaction-level advisory lock
            with self.engine.begin() as conn:
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(20200920)"))
                _meta.create_all(conn)
        else:
            _meta.create_all(self.engine)
        self._add_missing_columns()

    def _add_missing_columns(self) -> None:
        """Bring a database made by an older version up to date (the columns of
        :data:`_ADDED_COLUMNS`; new tables such as ``mt_rooms`` are made by create_all)."""
        for name, ddl in _ADDED_COLUMNS:
            have = {c["name"] for c in sa.inspect(self.engine).get_columns("mt_tables")}
            if name in have:
                continue
            try:
                with self.engine.begin() as conn:
                    conn.execute(sa.text(f"ALTER TABLE mt_tables ADD COLUMN {name} {ddl}"))
            except sa.exc.DBAPIError:  # another process added it first
                have = {c["name"] for c in sa.inspect(self.engine).get_columns("mt_tables")}
                if name not in have:
                    raise

    def close(self) -> None:
        self.engine.dispose()

    def secret(self) -> str:
        """The server's signing secret, created on first use and kept in the database."""
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(_settings.c.value)
                               .where(_settings.c.key == "secret")).first()
            if row is not None:
                return str(row[0])
        value = secrets.token_urlsafe(32)
        try:
            with self.engine.begin() as conn:
                conn.execute(_settings.insert().values(key="secret", value=value))
        except IntegrityError:  # another process made it first
            pass
        with self.engine.begin() as conn:
            return str(conn.execute(sa.select(_settings.c.value)
                                    .where(_settings.c.key == "secret")).scalar_one())

    def create_table(self, row: TableRow) -> None:
        """Store a new table. Raises ``sqlalchemy.exc.IntegrityError`` if the id exists."""
        row.created = row.created or time.time()
        with self.engine.begin() as conn:
            conn.execute(_tables.insert().values(
                id=row.id, created=row.created, rules=row.rules,
                options=json.dumps(row.options), seed=row.seed, max_hands=row.max_hands,
                names=json.dumps(row.names), seats=json.dumps(row.seats),
                settings=json.dumps(row.settings), finished=row.finished,
                practice=row.practice, room_id=row.room_id or None, game_no=row.game_no))

    def add_action(self, table_id: str, seq: int, action: Mapping[str, Any],
                   fence: tuple[str, str] | None = None,
                   state: Mapping[str, Any] | None = None) -> None:
        """Store action number ``seq`` of a table, committed before returning. Raises
        ``IntegrityError`` if that number is taken (an action is never stored twice).

        ``fence``: (room, process): the action is stored only while ``mt_owners`` names that
        process the room's owner (the owners row is locked for share, so that a process
        taking the room over waits for this insert or makes it store nothing); otherwise
        :class:`LostOwnership` is raised and nothing is stored. ``state``: the room state
        stored in the same transaction (see :meth:`set_room_state`)."""
        at = time.time()
        with self.engine.begin() as conn:
            if fence is None:
                conn.execute(_actions.insert().values(table_id=table_id, seq=seq,
                                                      action=json.dumps(action), at=at))
            else:
                sel = (sa.select(sa.literal(table_id), sa.literal(seq),
                                 sa.literal(json.dumps(action)), sa.literal(at))
                       .select_from(_owners)
                       .where(_owners.c.room == fence[0], _owners.c.proc == fence[1])
                       .with_for_update(read=True))
                got = conn.execute(_actions.insert().from_select(
                    ["table_id", "seq", "action", "at"], sel).returning(_actions.c.seq))
                if len(got.all()) != 1:
                    raise LostOwnership(f"room {fence[0]} is owned by another process now")
            if state is not None:
                self._put_state(conn, table_id, state, at)

    @staticmethod
    def _put_state(conn: Any, table_id: str, state: Mapping[str, Any], at: float) -> None:
        body = json.dumps(state)
        got = conn.execute(_room_state.update().where(_room_state.c.table_id == table_id)
                           .values(state=body, at=at))
        if got.rowcount == 0:
            conn.execute(_room_state.insert().values(table_id=table_id, state=body, at=at))

    def set_room_state(self, table_id: str, state: Mapping[str, Any]) -> None:
        """Store a game's room state (away seats, clocks run out, Ready, clock deadlines as
        wall-clock times), replacing the last."""
        with self.engine.begin() as conn:
            self._put_state(conn, table_id, state, time.time())

    def room_state(self, table_id: str) -> tuple[dict[str, Any], float] | None:
        """A game's stored room state and when it was stored (None: never)."""
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(_room_state.c.state, _room_state.c.at)
                             .where(_room_state.c.table_id == table_id)).first()
        return None if r is None else (json.loads(r[0]), float(r[1]))

    # ----- owners (issue 20) --------------------------------------------------------------

    def mark_owned(self, room: str, proc: str, lock_pid: int = 0) -> None:
        """Record that ``proc`` owns ``room`` (it holds the room's lease)."""
        with self.engine.begin() as conn:
            got = conn.execute(_owners.update().where(_owners.c.room == room)
                               .values(proc=proc, lock_pid=lock_pid, at=time.time()))
            if got.rowcount == 0:
                conn.execute(_owners.insert().values(room=room, proc=proc,
                                                     lock_pid=lock_pid, at=time.time()))

    def open_room(self, row: TableRow, proc: str, lock_pid: int) -> OpenedRoom:
        """Everything a process needs to take a game's room (``row``'s) over, in one
        transaction: it writes ``mt_owners`` first (so that a previous owner still alive
        stores nothing more, see :meth:`add_action`), then reads the stored actions, the
        room state, when the previous owner was last seen alive, the nicknames, the room's
        games and its failed take-overs (issue 42: one trip to the database instead of
        seven; a restart takes a thousand rooms over)."""
        room = row.room
        with self.engine.begin() as conn:
            before = conn.execute(sa.select(_owners.c.proc)
                                  .where(_owners.c.room == room)).first()
            now = time.time()
            got = conn.execute(_owners.update().where(_owners.c.room == room)
                               .values(proc=proc, lock_pid=lock_pid, at=now))
            if got.rowcount == 0:
                conn.execute(_owners.insert().values(room=room, proc=proc,
                                                     lock_pid=lock_pid, at=now))
            rows = conn.execute(sa.select(_actions.c.seq, _actions.c.action)
                                .where(_actions.c.table_id == row.id)
                                .order_by(_actions.c.seq)).all()
            st = conn.execute(sa.select(_room_state.c.state, _room_state.c.at)
                              .where(_room_state.c.table_id == row.id)).first()
            seen = None
            if before is not None and before[0] not in (proc, ""):
                r = conn.execute(sa.select(_procs.c.seen)
                                 .where(_procs.c.id == before[0])).first()
                seen = None if r is None else float(r[0])
            nick = conn.execute(sa.select(_rooms.c.nicknames)
                                .where(_rooms.c.id == room)).first()
            games = [self._row(r) for r in conn.execute(
                self._room_query(room).order_by(_tables.c.game_no))]
            failed = conn.execute(sa.select(_takeovers.c.failures)
                                  .where(_takeovers.c.room == room)).first()
        actions = []
        for i, (seq, text) in enumerate(rows):
            if seq != i:
                raise ValueError(f"table {row.id}: action {i} is missing (found {seq})")
            actions.append(json.loads(text))
        nicknames: list[str | None] = [None] * 4
        if nick is not None:
            nicknames = [x if isinstance(x, str) else None for x in json.loads(nick[0])][:4]
        return OpenedRoom(actions=actions,
                          room_state=None if st is None else (json.loads(st[0]), float(st[1])),
                          previous_seen=seen, nicknames=nicknames, games=games,
                          failures=0 if failed is None else int(failed[0]))

    def unmark_owned(self, room: str, proc: str) -> None:
        """The room left ``proc``'s memory (idle, or its game over): nobody owns it."""
        with self.engine.begin() as conn:
            conn.execute(_owners.delete().where(_owners.c.room == room,
                                                _owners.c.proc == proc))

    def drop_owner(self, room: str) -> None:
        """Forget the owner of ``room`` whoever it was (the caller holds its lease)."""
        with self.engine.begin() as conn:
            conn.execute(_owners.delete().where(_owners.c.room == room))

    def owners(self) -> dict[str, tuple[str, int]]:
        """Every live room: its owner process and the owner's lease session."""
        with self.engine.connect() as conn:
            return {r.room: (r.proc, int(r.lock_pid))
                    for r in conn.execute(sa.select(_owners))}

    def owner_of(self, room: str) -> tuple[str, int] | None:
        """The owner process of a live room and its lease session (None: not live)."""
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(_owners.c.proc, _owners.c.lock_pid)
                             .where(_owners.c.room == room)).first()
        return None if r is None else (str(r[0]), int(r[1]))

    # ----- take-overs that failed (issue 42) ---------------------------------------------

    def takeover_failed(self, room: str, proc: str, error: str, *, backoff: float,
                        max_failures: int) -> TakeoverFailure:
        """Record that ``proc`` failed to take ``room`` over (or that its live game
        stopped): the failures in a row grow by one; any process may try again ``backoff *
        2 ** (failures - 1)`` seconds from now (at most 60 s later); at ``max_failures``
        the room is broken. The owners row, if it names ``proc``, is handed to nobody (a
        process id no process has, session 0), so that every process's sweeper sees the
        room as one to take over once the back-off is over; a broken room's row is
        deleted (nobody tries again). Returns the room's failure as stored."""
        now = time.time()
        with self.engine.begin() as conn:
            r = conn.execute(sa.select(_takeovers.c.failures)
                             .where(_takeovers.c.room == room)).first()
            failures = (int(r[0]) if r is not None else 0) + 1
            broken = failures >= max_failures
            retry_at = now + min(backoff * 2 ** (failures - 1), 60.0)
            values = {"failures": failures, "retry_at": retry_at, "error": error[:2000],
                      "broken": broken, "at": now}
            if r is None:
                conn.execute(_takeovers.insert().values(room=room, **values))
            else:
                conn.execute(_takeovers.update().where(_takeovers.c.room == room)
                             .values(**values))
            mine = sa.and_(_owners.c.room == room, _owners.c.proc == proc)
            if broken:
                conn.execute(_owners.delete().where(mine))
            else:
                conn.execute(_owners.update().where(mine)
                             .values(proc="", lock_pid=0, at=now))
                # a room opened by a page had no owners row: one for the sweepers to find
                if conn.execute(sa.select(_owners.c.room)
                                .where(_owners.c.room == room)).first() is None:
                    conn.execute(_owners.insert().values(room=room, proc="", lock_pid=0,
                                                         at=now))
        return TakeoverFailure(room, failures, retry_at, error, broken)

    def takeover_succeeded(self, room: str) -> None:
        """``room`` is live again: its failures are forgotten."""
        with self.engine.begin() as conn:
            conn.execute(_takeovers.delete().where(_takeovers.c.room == room))

    def takeover_failures(self, room: str | None = None) -> dict[str, TakeoverFailure]:
        """The rooms whose take-over failed last time (all of them, or only ``room``)."""
        q = sa.select(_takeovers)
        if room is not None:
            q = q.where(_takeovers.c.room == room)
        with self.engine.connect() as conn:
            return {r.room: TakeoverFailure(r.room, int(r.failures), float(r.retry_at),
                                            str(r.error), bool(r.broken))
                    for r in conn.execute(q)}

    def forgive(self, room: str) -> bool:
        """Forget a room's failed take-overs, broken or not (an operator's
        ``serve --retry-room``): the next page that opens it rebuilds it. True if the room
        had any."""
        with self.engine.begin() as conn:
            got = conn.execute(_takeovers.delete().where(_takeovers.c.room == room))
            return bool(got.rowcount)

    def orphans(self, proc: str, now: float, *, sessions: bool) -> list[str]:
        """The rooms ``mt_owners`` says another process than ``proc`` owns whose owner is
        gone, oldest first: with ``sessions`` (PostgreSQL) those whose lease session is not
        in ``pg_stat_activity``, else every other process's rooms (one process on SQLite:
        they were its predecessors'); the rooms whose take-over waits out its back-off or
        is broken are left out. One query: every process's sweeper runs it twice a
        second."""
        held = (sa.select(_takeovers.c.room)
                .where(sa.or_(_takeovers.c.broken == sa.true(), _takeovers.c.retry_at > now)))
        q = (sa.select(_owners.c.room).where(_owners.c.proc != proc)
             .where(_owners.c.room.not_in(held)).order_by(_owners.c.at))
        if sessions:
            q = q.where(_owners.c.lock_pid.not_in(
                sa.select(sa.column("pid")).select_from(sa.table("pg_stat_activity"))))
        with self.engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(q)]

    def owners_of(self, rooms: Iterable[str]) -> dict[str, str]:
        """The owner process of each of ``rooms`` that has one (a room in no owners row is
        not live anywhere)."""
        wanted = sorted(set(rooms))
        if not wanted:
            return {}
        with self.engine.connect() as conn:
            return {str(r[0]): str(r[1]) for r in conn.execute(
                sa.select(_owners.c.room, _owners.c.proc).where(_owners.c.room.in_(wanted)))}

    # ----- rate limits shared by every process (issue 42) ---------------------------------

    def take_limit(self, key: str, limit: int, window: float) -> tuple[float, int | None]:
        """Count one event against the limit ``key`` (at most ``limit`` events in any
        ``window`` seconds), shared by every process of this database: ``(0, id)`` when it
        is allowed (``id`` names the event, for :meth:`give_back_limit`), else ``(seconds
        until one is allowed, None)`` and nothing is counted. Atomic across processes: on
        PostgreSQL under a transaction-level advisory lock of the key, on SQLite under the
        database's write lock (the insert comes first). Events older than the window are
        deleted on the way, so the table holds at most ``limit`` rows a key."""
        now = time.time()
        with self.engine.connect() as conn:
            if self.url.startswith("postgresql"):
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(hashtextextended(:k, 42))"),
                             {"k": key})
            got = conn.execute(_limits.insert().values(key=key, at=now))
            key_id = got.inserted_primary_key
            conn.execute(_limits.delete().where(_limits.c.key == key,
                                                _limits.c.at <= now - window))
            times = [float(r[0]) for r in conn.execute(
                sa.select(_limits.c.at).where(_limits.c.key == key)
                .order_by(_limits.c.at.desc()).limit(limit + 1))]
            if len(times) <= limit:
                conn.commit()
                return 0.0, int(key_id[0]) if key_id else None
            conn.rollback()  # over the limit: this one is not counted
        oldest = times[limit]  # the oldest of the newest ``limit`` others
        return max(window - (now - oldest), 0.001), None

    def limit_wait(self, key: str, limit: int, window: float) -> float:
        """Seconds until one more event is allowed under the limit ``key`` (0: now),
        counting nothing (a check before the work, e.g. before a form is read)."""
        now = time.time()
        with self.engine.connect() as conn:
            times = [float(r[0]) for r in conn.execute(
                sa.select(_limits.c.at).where(_limits.c.key == key, _limits.c.at > now - window)
                .order_by(_limits.c.at.desc()).limit(limit))]
        if len(times) < limit:
            return 0.0
        return max(window - (now - times[-1]), 0.001)

    def give_back_limit(self, event: int) -> None:
        """Uncount an event :meth:`take_limit` counted (the work it allowed was not done:
        a form refused as bad does not count)."""
        with self.engine.begin() as conn:
            conn.execute(_limits.delete().where(_limits.c.id == event))

    def prune_limits(self, older_than: float) -> int:
        """Delete the counted events older than ``older_than`` (a Unix time) of every key
        (keys never counted again keep theirs until this runs); returns how many."""
        with self.engine.begin() as conn:
            got = conn.execute(_limits.delete().where(_limits.c.at < older_than))
            return int(got.rowcount or 0)

    def heartbeat(self, proc: str) -> None:
        """``proc`` is alive now."""
        with self.engine.begin() as conn:
            got = conn.execute(_procs.update().where(_procs.c.id == proc)
                               .values(seen=time.time()))
            if got.rowcount == 0:
                conn.execute(_procs.insert().values(id=proc, seen=time.time()))

    def last_seen(self, proc: str) -> float | None:
        """When ``proc`` was last seen alive (None: never)."""
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(_procs.c.seen).where(_procs.c.id == proc)).first()
        return None if r is None else float(r[0])

    def put_mail(self, body: str) -> int:
        """Keep a message too large for a NOTIFY payload; returns its number."""
        with self.engine.begin() as conn:
            got = conn.execute(_mail.insert().values(body=body))
            key = got.inserted_primary_key
            if key is None:
                raise RuntimeError("the database gave the message no number")
            return int(key[0])

    def take_mail(self, number: int) -> str | None:
        """Read and delete message ``number``."""
        with self.engine.begin() as conn:
            r = conn.execute(sa.select(_mail.c.body).where(_mail.c.id == number)).first()
            conn.execute(_mail.delete().where(_mail.c.id == number))
        return None if r is None else str(r[0])

    def prune(self, older_than: float, *, dry_run: bool = False) -> list[str]:
        """Delete the rooms not used since ``older_than`` (a Unix time): no action, chat or
        creation after it, and nobody owns them; with every game, action, chat message,
        nickname and room state of theirs. Returns the rooms' ids (with ``dry_run`` only
        lists them)."""
        rooms: dict[str, float] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(sa.select(_tables.c.id, _tables.c.room_id,
                                            _tables.c.created)):
                room = r.room_id or r.id
                rooms[room] = max(rooms.get(room, 0.0), float(r.created))
            for table_id, room_id, at in conn.execute(
                    sa.select(_tables.c.id, _tables.c.room_id, sa.func.max(_actions.c.at))
                    .join(_actions, _actions.c.table_id == _tables.c.id)
                    .group_by(_tables.c.id, _tables.c.room_id)):
                room = room_id or table_id
                rooms[room] = max(rooms.get(room, 0.0), float(at or 0.0))
            for room_id, at in conn.execute(sa.select(_chat.c.room_id, sa.func.max(_chat.c.at))
                                            .group_by(_chat.c.room_id)):
                if room_id in rooms:
                    rooms[room_id] = max(rooms[room_id], float(at or 0.0))
            owned = {r[0] for r in conn.execute(sa.select(_owners.c.room))}
        old = sorted(r for r, at in rooms.items() if at < older_than and r not in owned)
        if dry_run or not old:
            return old
        for i in range(0, len(old), 200):
            chunk = old[i:i + 200]
            with self.engine.begin() as conn:
                ids = [r[0] for r in conn.execute(sa.select(_tables.c.id).where(sa.or_(
                    _tables.c.room_id.in_(chunk),
                    sa.and_(_tables.c.room_id.is_(None), _tables.c.id.in_(chunk)))))]
                conn.execute(_actions.delete().where(_actions.c.table_id.in_(ids)))
                conn.execute(_room_state.delete().where(_room_state.c.table_id.in_(ids)))
                conn.execute(_tables.delete().where(_tables.c.id.in_(ids)))
                conn.execute(_chat.delete().where(_chat.c.room_id.in_(chunk)))
                conn.execute(_rooms.delete().where(_rooms.c.id.in_(chunk)))
        return old

    def set_finished(self, table_id: str, result: Mapping[str, Any] | None = None) -> None:
        """Mark a game finished, with its final scores and standings."""
        with self.engine.begin() as conn:
            conn.execute(_tables.update().where(_tables.c.id == table_id)
                         .values(finished=True,
                                 result=None if result is None else json.dumps(result)))

    def _room_query(self, room_id: str) -> Any:
        return sa.select(_tables).where(sa.or_(
            _tables.c.room_id == room_id,
            sa.and_(_tables.c.room_id.is_(None), _tables.c.id == room_id)))

    def room_games(self, room_id: str) -> list[TableRow]:
        """The games of a room, first to latest."""
        with self.engine.connect() as conn:
            rows = conn.execute(self._room_query(room_id).order_by(_tables.c.game_no)).all()
        return [self._row(r) for r in rows]

    def current_game(self, room_id: str) -> TableRow | None:
        """The latest game of a room (None: no such room)."""
        with self.engine.connect() as conn:
            r = conn.execute(self._room_query(room_id)
                             .order_by(_tables.c.game_no.desc()).limit(1)).first()
        return None if r is None else self._row(r)

    def nicknames(self, room_id: str) -> list[str | None]:
        """The nickname each seat's person chose in a room (None: none yet)."""
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(_rooms.c.nicknames)
                             .where(_rooms.c.id == room_id)).first()
        if r is None:
            return [None] * 4
        got = json.loads(r[0])
        return [x if isinstance(x, str) else None for x in got][:4]

    def set_nickname(self, room_id: str, seat: int, name: str) -> list[str | None]:
        """Set a seat's nickname in a room; returns every seat's."""
        with self.engine.begin() as conn:
            r = conn.execute(sa.select(_rooms.c.nicknames)
                             .where(_rooms.c.id == room_id)).first()
            names: list[str | None] = [None] * 4 if r is None else json.loads(r[0])
            names[seat] = name
            if r is None:
                conn.execute(_rooms.insert().values(id=room_id, nicknames=json.dumps(names)))
            else:
                conn.execute(_rooms.update().where(_rooms.c.id == room_id)
                             .values(nicknames=json.dumps(names)))
        return names

    def add_chat(self, room_id: str, seat: int, name: str, text: str) -> dict[str, Any]:
        """Store a chat message of a room; returns it as sent to clients."""
        at = time.time()
        with self.engine.begin() as conn:
            got = conn.execute(_chat.insert().values(room_id=room_id, seat=seat, name=name,
                                                     text=text, at=at))
            key = got.inserted_primary_key
        return {"id": int(key[0]) if key else 0, "seat": seat, "name": name, "text": text,
                "at": at}

    def chat(self, room_id: str, limit: int = 50) -> list[dict[str, Any]]:
        """The latest ``limit`` chat messages of a room, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(_chat).where(_chat.c.room_id == room_id)
                                .order_by(_chat.c.id.desc()).limit(limit)).all()
        return [{"id": r.id, "seat": r.seat, "name": r.name, "text": r.text, "at": r.at}
                for r in reversed(rows)]

    @staticmethod
    def _row(r: Any) -> TableRow:
        return TableRow(id=r.id, rules=r.rules, options=json.loads(r.options), seed=r.seed,
                        max_hands=r.max_hands, names=json.loads(r.names),
                        seats=json.loads(r.seats), settings=json.loads(r.settings),
                        finished=bool(r.finished), created=r.created,
                        practice=bool(r.practice), room_id=r.room_id or "",
                        game_no=int(r.game_no or 0),
                        result=json.loads(r.result) if r.result else None)

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(_tables).where(_tables.c.id == table_id)).first()
        return None if r is None else self._row(r)

    def tables(self, *, unfinished: bool = False) -> list[TableRow]:
        """Every table (oldest first), or only those still being played."""
        q = sa.select(_tables).order_by(_tables.c.created)
        if unfinished:
            q = q.where(_tables.c.finished == sa.false())
        with self.engine.connect() as conn:
            return [self._row(r) for r in conn.execute(q)]

    def actions(self, table_id: str) -> list[dict[str, Any]]:
        """The stored actions of a table, in order (JSON objects of ``Action.to_json``)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(_actions.c.seq, _actions.c.action)
                                .where(_actions.c.table_id == table_id)
                                .order_by(_actions.c.seq)).all()
        out = []
        for i, (seq, text) in enumerate(rows):
            if seq != i:
                raise ValueError(f"table {table_id}: action {i} is missing (found {seq})")
            out.append(json.loads(text))
        return out
