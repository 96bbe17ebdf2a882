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
           "TakeoverFailure", "Account", "LobbyRoom", "Rating", "NameTaken"]

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


# issue 46: accounts, sessions, the public lobby, who sits where, ratings

#: an account: its name as chosen, the name's key (case-folded: names are unique whatever
#: their case) and its password's Argon2id hash (argon2-cffi's encoded form)
_accounts = sa.Table(
    "mt_accounts", _meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("name_key", sa.String(64), nullable=False, unique=True),
    sa.Column("pw_hash", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

#: a signed-in browser: the SHA-256 of its session id (the cookie holds the id, signed), the
#: account and when it expires; deleting the row signs the browser out
_sessions = sa.Table(
    "mt_sessions", _meta,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("account", sa.Integer, nullable=False, index=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
)

#: who holds a person's seat of a room: ``a:ID`` (an account) or ``g:ID`` (a guest browser)
_seats = sa.Table(
    "mt_seats", _meta,
    sa.Column("room", sa.String(64), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("holder", sa.String(80), nullable=False, index=True),
    sa.Column("ready", sa.Boolean, nullable=False, default=False),
    sa.Column("at", sa.Float, nullable=False),
)

#: a room of the public lobby (or one that was): listed while ``public`` and ``waiting``;
#: its host (a holder), whether it is locked, and when quick play fills it with bots
_lobby = sa.Table(
    "mt_lobby", _meta,
    sa.Column("room", sa.String(64), primary_key=True),
    sa.Column("public", sa.Boolean, nullable=False),
    sa.Column("waiting", sa.Boolean, nullable=False),
    sa.Column("locked", sa.Boolean, nullable=False, default=False),
    sa.Column("host", sa.String(80), nullable=False),
    sa.Column("quick", sa.Boolean, nullable=False, default=False),
    sa.Column("fill_at", sa.Float, nullable=True),
    sa.Column("fill_bot", sa.String(32), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

#: an account's rating under one rule set (OpenSkill's Plackett-Luce mu and sigma)
_ratings = sa.Table(
    "mt_ratings", _meta,
    sa.Column("account", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("rules", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

#: the games whose ratings were updated: a game is rated once (its id is the key)
_rated = sa.Table(
    "mt_rated", _meta,
    sa.Column("table_id", sa.String(64), primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
)


@dataclass(frozen=True)
class Account:
    """An account (issue 46): its number, name, and password hash."""

    id: int
    name: str
    pw_hash: str
    created: float


@dataclass
class LobbyRoom:
    """A room of the lobby (issue 46) with its current game and who holds each seat
    (``holders``: per seat, a holder ``a:ID``/``g:ID`` or None; ``ready`` per seat;
    ``holder_names``: per seat, the account's name for account holders)."""

    room: str
    public: bool
    waiting: bool
    locked: bool
    host: str
    quick: bool
    fill_at: float | None
    fill_bot: str
    game: TableRow
    holders: list[str | None]
    ready: list[bool]
    holder_names: list[str | None]
    #: per seat, the holding account's rating under the room's rule set (None: none yet)
    holder_ratings: list[Rating | None] = field(default_factory=lambda: [None] * 4)


@dataclass(frozen=True)
class Rating:
    """An account's rating under a rule set: OpenSkill's ``mu`` and ``sigma`` and the games
    rated."""

    rules: str
    mu: float
    sigma: float
    games: int


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

    def ping(self) -> None:
        """Read one row of the settings table (the health check, issue 45): raises the
        driver's error when the database does not answer or cannot be read."""
        with self.engine.connect() as conn:
            conn.execute(sa.select(sa.func.count()).select_from(_settings)).scalar_one()

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

    # ----- issue 46: accounts and sessions -------------------------------------------------

    @staticmethod
    def _account(r: Any) -> Account:
        return Account(int(r.id), str(r.name), str(r.pw_hash), float(r.created))

    def create_account(self, name: str, name_key: str, pw_hash: str) -> Account:
        """Store a new account. Raises :class:`NameTaken` when ``name_key`` is taken."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                got = conn.execute(_accounts.insert().values(
                    name=name, name_key=name_key, pw_hash=pw_hash, created=now))
                key = got.inserted_primary_key
        except IntegrityError as exc:
            raise NameTaken(name) from exc
        if key is None:
            raise RuntimeError("the database gave the account no number")
        return Account(int(key[0]), name, pw_hash, now)

    def account_named(self, name_key: str) -> Account | None:
        """The account whose name's key is ``name_key`` (None: none)."""
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(_accounts)
                             .where(_accounts.c.name_key == name_key)).first()
        return None if r is None else self._account(r)

    def account(self, account_id: int) -> Account | None:
        """Account number ``account_id`` (None: none)."""
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(_accounts).where(_accounts.c.id == account_id)).first()
        return None if r is None else self._account(r)

    def account_names(self, ids: Iterable[int]) -> dict[int, str]:
        """The names of the accounts ``ids`` that exist."""
        wanted = sorted(set(ids))
        if not wanted:
            return {}
        with self.engine.connect() as conn:
            return {int(r.id): str(r.name) for r in conn.execute(
                sa.select(_accounts.c.id, _accounts.c.name).where(_accounts.c.id.in_(wanted)))}

    def set_password(self, account_id: int, pw_hash: str, keep_session: str | None) -> None:
        """Change an account's password hash and end its sessions but ``keep_session`` (the
        browser that changed it)."""
        with self.engine.begin() as conn:
            conn.execute(_accounts.update().where(_accounts.c.id == account_id)
                         .values(pw_hash=pw_hash))
            q = _sessions.delete().where(_sessions.c.account == account_id)
            if keep_session is not None:
                q = q.where(_sessions.c.id != keep_session)
            conn.execute(q)

    def new_session(self, session_hash: str, account_id: int, expires: float) -> None:
        """A browser signed in (``session_hash``: the SHA-256 of its session id)."""
        with self.engine.begin() as conn:
            conn.execute(_sessions.insert().values(id=session_hash, account=account_id,
                                                   created=time.time(), expires=expires))

    def session_account(self, session_hash: str) -> Account | None:
        """The account a session signs in, if the session exists and has not expired."""
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(_accounts).join(
                _sessions, _sessions.c.account == _accounts.c.id)
                .where(_sessions.c.id == session_hash,
                       _sessions.c.expires > time.time())).first()
        return None if r is None else self._account(r)

    def end_session(self, session_hash: str) -> None:
        """Sign a browser out."""
        with self.engine.begin() as conn:
            conn.execute(_sessions.delete().where(_sessions.c.id == session_hash))

    def adopt_guest(self, guest: str, account_id: int) -> int:
        """A guest browser signed up or in: the seats it held are the account's (its games
        are the account's history). Returns how many seats moved."""
        with self.engine.begin() as conn:
            got = conn.execute(_seats.update().where(_seats.c.holder == f"g:{guest}")
                               .values(holder=f"a:{account_id}"))
            return int(got.rowcount or 0)

    def delete_account(self, account_id: int, gone_name: str) -> None:
        """Delete an account and its data: its sessions, ratings and seats; its name in the
        games and chat of the rooms it sat in is replaced with ``gone_name``."""
        holder = f"a:{account_id}"
        with self.engine.begin() as conn:
            held = conn.execute(sa.select(_seats.c.room, _seats.c.seat)
                                .where(_seats.c.holder == holder)).all()
            for room, seat in held:
                for r in conn.execute(self._room_query(room)).all():
                    names = json.loads(r.names)
                    if r.seats and json.loads(r.seats)[seat] == "human":
                        names[seat] = gone_name
                        conn.execute(_tables.update().where(_tables.c.id == r.id)
                                     .values(names=json.dumps(names)))
                conn.execute(_chat.update().where(_chat.c.room_id == room,
                                                  _chat.c.seat == seat)
                             .values(name=gone_name))
                nick = conn.execute(sa.select(_rooms.c.nicknames)
                                    .where(_rooms.c.id == room)).first()
                if nick is not None:
                    nicks = json.loads(nick[0])
                    nicks[seat] = None
                    conn.execute(_rooms.update().where(_rooms.c.id == room)
                                 .values(nicknames=json.dumps(nicks)))
            conn.execute(_seats.delete().where(_seats.c.holder == holder))
            conn.execute(_lobby.update().where(_lobby.c.host == holder)
                         .values(host=""))
            conn.execute(_sessions.delete().where(_sessions.c.account == account_id))
            conn.execute(_ratings.delete().where(_ratings.c.account == account_id))
            conn.execute(_accounts.delete().where(_accounts.c.id == account_id))

    # ----- issue 46: seats, the lobby ------------------------------------------------------

    def seat_holders(self, room: str) -> list[str | None]:
        """Who holds each seat of a room (None: nobody)."""
        out: list[str | None] = [None] * 4
        with self.engine.connect() as conn:
            for r in conn.execute(sa.select(_seats.c.seat, _seats.c.holder)
                                  .where(_seats.c.room == room)):
                out[int(r.seat)] = str(r.holder)
        return out

    def claim_seat(self, room: str, seat: int, holder: str) -> bool:
        """``holder`` opened a person's seat of a private room: it holds it unless somebody
        does already. True when ``holder`` holds it now."""
        with self.engine.begin() as conn:
            r = conn.execute(sa.select(_seats.c.holder).where(
                _seats.c.room == room, _seats.c.seat == seat)).first()
            if r is not None:
                return str(r[0]) == holder
            mine = conn.execute(sa.select(_seats.c.seat).where(
                _seats.c.room == room, _seats.c.holder == holder)).first()
            if mine is not None:
                return False  # one seat a room for one person
            try:
                with conn.begin_nested():
                    conn.execute(_seats.insert().values(room=room, seat=seat, holder=holder,
                                                        ready=False, at=time.time()))
            except IntegrityError:
                return False
        return True

    def create_lobby_room(self, row: TableRow, *, public: bool, host: str, host_seat: int,
                          quick: bool = False, fill_at: float | None = None,
                          fill_bot: str = "normal") -> None:
        """Store a new room of the lobby: its first game (``row``, not started while the
        room waits), the lobby row, and its host in ``host_seat``."""
        row.created = row.created or time.time()
        with self.engine.begin() as conn:
            conn.execute(_tables.insert().values(
                id=row.id, created=row.created, rules=row.rules,
                options=json.dumps(row.options), seed=row.seed, max_hands=row.max_hands,
                names=json.dumps(row.names), seats=json.dumps(row.seats),
                settings=json.dumps(row.settings), finished=False,
                practice=row.practice, room_id=None, game_no=0))
            conn.execute(_lobby.insert().values(
                room=row.id, public=public, waiting=True, locked=False, host=host,
                quick=quick, fill_at=fill_at, fill_bot=fill_bot, created=row.created))
            conn.execute(_seats.insert().values(room=row.id, seat=host_seat, holder=host,
                                                ready=False, at=row.created))

    def _lobby_rooms(self, conn: Any, where: Any) -> list[LobbyRoom]:
        rows = conn.execute(sa.select(_lobby).where(where).order_by(_lobby.c.created)).all()
        if not rows:
            return []
        ids = [r.room for r in rows]
        games: dict[str, TableRow] = {}
        for r in conn.execute(sa.select(_tables).where(sa.or_(
                _tables.c.room_id.in_(ids),
                sa.and_(_tables.c.room_id.is_(None), _tables.c.id.in_(ids))))):
            t = self._row(r)
            if t.room not in games or games[t.room].game_no < t.game_no:
                games[t.room] = t
        holders: dict[str, list[str | None]] = {i: [None] * 4 for i in ids}
        ready: dict[str, list[bool]] = {i: [False] * 4 for i in ids}
        for r in conn.execute(sa.select(_seats).where(_seats.c.room.in_(ids))):
            holders[r.room][r.seat] = str(r.holder)
            ready[r.room][r.seat] = bool(r.ready)
        accounts = {int(h[2:]) for hs in holders.values() for h in hs
                    if h is not None and h.startswith("a:")}
        names: dict[int, str] = {}
        rated: dict[tuple[int, str], Rating] = {}
        if accounts:
            names = {int(a.id): str(a.name) for a in conn.execute(
                sa.select(_accounts.c.id, _accounts.c.name)
                .where(_accounts.c.id.in_(sorted(accounts))))}
            rated = {(int(r.account), str(r.rules)): Rating(str(r.rules), float(r.mu),
                                                            float(r.sigma), int(r.games))
                     for r in conn.execute(sa.select(_ratings)
                                           .where(_ratings.c.account.in_(sorted(accounts))))}
        out = []
        for r in rows:
            if r.room not in games:
                continue
            hs = holders[r.room]
            out.append(LobbyRoom(
                room=r.room, public=bool(r.public), waiting=bool(r.waiting),
                locked=bool(r.locked), host=str(r.host), quick=bool(r.quick),
                fill_at=None if r.fill_at is None else float(r.fill_at),
                fill_bot=str(r.fill_bot), game=games[r.room], holders=hs, ready=ready[r.room],
                holder_names=[names.get(int(h[2:])) if h and h.startswith("a:") else None
                              for h in hs],
                holder_ratings=[rated.get((int(h[2:]), games[r.room].rules))
                                if h and h.startswith("a:") else None for h in hs]))
        return out

    def lobby_room(self, room: str) -> LobbyRoom | None:
        """A room of the lobby (None: the room was not made through the lobby)."""
        with self.engine.connect() as conn:
            got = self._lobby_rooms(conn, _lobby.c.room == room)
        return got[0] if got else None

    def public_rooms(self, limit: int = 200) -> list[LobbyRoom]:
        """The public rooms, waiting ones first then those playing, oldest first (not those
        whose latest game is over)."""
        with self.engine.connect() as conn:
            got = self._lobby_rooms(conn, _lobby.c.public == sa.true())
        # a room whose latest game is over is not listed (its Play again lists it again)
        got = [r for r in got if not r.game.finished]
        got.sort(key=lambda r: (not r.waiting, r.game.created))
        return got[:limit]

    def lobby_change(self, room: str, change: Any, reread: bool = True) -> LobbyRoom | None:
        """Change a room of the lobby atomically (across processes: its lobby row is locked
        for update on PostgreSQL; SQLite writes one at a time): ``change(conn, lobby_room)``
        makes its writes with the connection and may raise ``ValueError`` (nothing is
        written). Returns the room as it is after (with ``reread``; else None)."""
        with self.engine.begin() as conn:
            if self.url.startswith("postgresql"):
                conn.execute(sa.select(_lobby.c.room).where(_lobby.c.room == room)
                             .with_for_update())
            else:  # take SQLite's write lock first: a read-then-write is then one at a time
                conn.execute(_lobby.update().where(_lobby.c.room == room)
                             .values(room=_lobby.c.room))
            got = self._lobby_rooms(conn, _lobby.c.room == room)
            if not got:
                raise ValueError(_("no such room"))
            change(conn, got[0])
            return self._lobby_rooms(conn, _lobby.c.room == room)[0] if reread else None

    @staticmethod
    def put_seat(conn: Any, room: str, seat: int, holder: str | None) -> None:
        """Within :meth:`lobby_change`: ``holder`` holds ``seat`` (None: nobody)."""
        conn.execute(_seats.delete().where(_seats.c.room == room, _seats.c.seat == seat))
        if holder is not None:
            conn.execute(_seats.insert().values(room=room, seat=seat, holder=holder,
                                                ready=False, at=time.time()))

    @staticmethod
    def put_ready(conn: Any, room: str, seat: int, ready: bool) -> None:
        """Within :meth:`lobby_change`: the holder of ``seat`` is ready (or not)."""
        conn.execute(_seats.update().where(_seats.c.room == room, _seats.c.seat == seat)
                     .values(ready=ready))

    @staticmethod
    def put_lobby(conn: Any, room: str, **values: Any) -> None:
        """Within :meth:`lobby_change`: set columns of the lobby row (``public``,
        ``locked``, ``waiting``, ``host``)."""
        conn.execute(_lobby.update().where(_lobby.c.room == room).values(**values))

    @staticmethod
    def put_game_seats(conn: Any, table_id: str, seats: list[str], names: list[str]) -> None:
        """Within :meth:`lobby_change`: a waiting game's seats and names as it starts."""
        conn.execute(_tables.update().where(_tables.c.id == table_id)
                     .values(seats=json.dumps(seats), names=json.dumps(names)))

    def quick_rooms(self, rules: str) -> list[LobbyRoom]:
        """The public quick-play rooms of rule set ``rules`` still waiting, oldest first."""
        of_rules = sa.select(_tables.c.id).where(_tables.c.rules == rules,
                                                  _tables.c.room_id.is_(None))
        with self.engine.connect() as conn:
            got = self._lobby_rooms(conn, sa.and_(
                _lobby.c.public == sa.true(), _lobby.c.waiting == sa.true(),
                _lobby.c.quick == sa.true(), _lobby.c.locked == sa.false(),
                _lobby.c.room.in_(of_rules)))
        return [r for r in got if r.game.rules == rules]

    def quick_seat(self, rules: str, holder: str, row: TableRow, fill_at: float,
                   fill_bot: str) -> tuple[str, bool]:
        """Quick play for ``holder`` under rule set ``rules``, in one transaction under a
        lock of that rule set's quick play (a transaction-level advisory lock on
        PostgreSQL; SQLite's write lock): the room where it waits already, else the oldest
        public quick-play room of those rules still waiting with an open seat (it takes the
        first), else a new one of ``row`` (four persons' seats; bots fill them at
        ``fill_at``) with ``holder`` at seat 0. Returns the room and whether its wait is
        over (it may start now)."""
        now = time.time()
        with self.engine.begin() as conn:
            if self.url.startswith("postgresql"):
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(hashtextextended(:k, 46))"),
                             {"k": f"quick:{rules}"})
            else:  # take the write lock first (an update of nothing takes it)
                conn.execute(_lobby.update().where(_lobby.c.room == "")
                             .values(room=_lobby.c.room))
            of_rules = sa.select(_tables.c.id).where(_tables.c.rules == rules,
                                                      _tables.c.room_id.is_(None))
            rooms = self._lobby_rooms(conn, sa.and_(
                _lobby.c.public == sa.true(), _lobby.c.waiting == sa.true(),
                _lobby.c.quick == sa.true(), _lobby.c.locked == sa.false(),
                _lobby.c.room.in_(of_rules)))
            for lr in rooms:
                if holder in lr.holders:
                    return lr.room, lr.fill_at is not None and lr.fill_at <= now
            for lr in rooms:
                free = [i for i, k in enumerate(lr.game.seats)
                        if k == "human" and lr.holders[i] is None]
                if free:
                    self.put_seat(conn, lr.room, free[0], holder)
                    if not lr.host:
                        self.put_lobby(conn, lr.room, host=holder)
                    return lr.room, lr.fill_at is not None and lr.fill_at <= now
            row.created = row.created or now
            conn.execute(_tables.insert().values(
                id=row.id, created=row.created, rules=row.rules,
                options=json.dumps(row.options), seed=row.seed, max_hands=row.max_hands,
                names=json.dumps(row.names), seats=json.dumps(row.seats),
                settings=json.dumps(row.settings), finished=False,
                practice=row.practice, room_id=None, game_no=0))
            conn.execute(_lobby.insert().values(
                room=row.id, public=True, waiting=True, locked=False, host=holder,
                quick=True, fill_at=fill_at, fill_bot=fill_bot, created=row.created))
            conn.execute(_seats.insert().values(room=row.id, seat=0, holder=holder,
                                                ready=False, at=row.created))
            return row.id, fill_at <= now

    def is_waiting(self, room: str) -> bool:
        """Whether a room of the lobby still waits for its people (its game not started)."""
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(_lobby.c.waiting).where(_lobby.c.room == room)).first()
        return r is not None and bool(r[0])

    def waiting_rooms_due(self, now: float) -> list[str]:
        """The rooms still waiting whose quick-play wait is over (bots fill them)."""
        with self.engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(
                sa.select(_lobby.c.room).where(_lobby.c.waiting == sa.true(),
                                               _lobby.c.fill_at.is_not(None),
                                               _lobby.c.fill_at <= now))]

    # ----- issue 46: history and ratings ---------------------------------------------------

    def history(self, holder: str, limit: int = 200) -> list[tuple[TableRow, int]]:
        """The finished games ``holder`` played (a person's seat it held), latest first:
        (game, seat)."""
        with self.engine.connect() as conn:
            held = conn.execute(sa.select(_seats.c.room, _seats.c.seat)
                                .where(_seats.c.holder == holder)).all()
            out: list[tuple[TableRow, int]] = []
            rooms = {str(r.room): int(r.seat) for r in held}
            ids = sorted(rooms)
            for i in range(0, len(ids), 200):
                chunk = ids[i:i + 200]
                for r in conn.execute(sa.select(_tables).where(
                        _tables.c.finished == sa.true(), sa.or_(
                            _tables.c.room_id.in_(chunk),
                            sa.and_(_tables.c.room_id.is_(None), _tables.c.id.in_(chunk))))):
                    t = self._row(r)
                    seat = rooms[t.room]
                    if t.seats[seat] == "human":
                        out.append((t, seat))
        out.sort(key=lambda x: -x[0].created)
        return out[:limit]

    def finish_game(self, table_id: str, result: Mapping[str, Any],
                    rate: Any = None) -> bool:
        """Mark a game finished with its result and, when ``rate`` is given, update the
        ratings it decides, in one transaction, exactly once per game: ``rate(ratings)``
        gets ``{account: Rating or None}`` for the accounts it names in ``rate.accounts``
        and ``rate.rules``, and returns the new ``{account: (mu, sigma)}``. A game already
        rated is not rated again (its id is the key of ``mt_rated``). True when ratings
        were updated now."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(_tables.update().where(_tables.c.id == table_id)
                         .values(finished=True, result=json.dumps(dict(result))))
            if rate is None:
                return False
            try:
                with conn.begin_nested():
                    conn.execute(_rated.insert().values(table_id=table_id, at=now))
            except IntegrityError:
                return False  # rated already (by this process before, or another one)
            accounts = sorted(set(rate.accounts))
            q = sa.select(_ratings).where(_ratings.c.account.in_(accounts),
                                          _ratings.c.rules == rate.rules)
            if self.url.startswith("postgresql"):
                q = q.with_for_update()
            have = {int(r.account): Rating(r.rules, float(r.mu), float(r.sigma), int(r.games))
                    for r in conn.execute(q)}
            exist = {int(r[0]) for r in conn.execute(
                sa.select(_accounts.c.id).where(_accounts.c.id.in_(accounts)))}
            new = rate({a: have.get(a) for a in accounts})
            for a, (mu, sigma) in new.items():
                if a not in exist:
                    continue  # deleted meanwhile
                if a in have:
                    conn.execute(_ratings.update().where(
                        _ratings.c.account == a, _ratings.c.rules == rate.rules)
                        .values(mu=mu, sigma=sigma, games=have[a].games + 1, at=now))
                else:
                    conn.execute(_ratings.insert().values(
                        account=a, rules=rate.rules, mu=mu, sigma=sigma, games=1, at=now))
        return True

    def was_rated(self, table_id: str) -> bool:
        """Whether a game's ratings were updated."""
        with self.engine.connect() as conn:
            return conn.execute(sa.select(_rated.c.table_id)
                                .where(_rated.c.table_id == table_id)).first() is not None

    def ratings(self, account_id: int) -> dict[str, Rating]:
        """An account's rating per rule set."""
        with self.engine.connect() as conn:
            return {str(r.rules): Rating(str(r.rules), float(r.mu), float(r.sigma),
                                         int(r.games))
                    for r in conn.execute(sa.select(_ratings)
                                          .where(_ratings.c.account == account_id))}

    def leaderboard(self, rules: str, limit: int = 100) -> list[tuple[str, Rating]]:
        """The rated accounts of a rule set, best first by ``mu - 3 sigma`` (name,
        rating)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(_accounts.c.name, _ratings).join(
                _accounts, _accounts.c.id == _ratings.c.account)
                .where(_ratings.c.rules == rules)
                .order_by((_ratings.c.mu - 3 * _ratings.c.sigma).desc())
                .limit(limit)).all()
        return [(str(r.name), Rating(str(r.rules), float(r.mu), float(r.sigma), int(r.games)))
                for r in rows]


class NameTaken(ValueError):
    """An account name (whatever its case) is taken."""

    def __init__(self, name: str) -> None:
        super().__init__(_("the name {name} is taken").format(name=repr(name)))
