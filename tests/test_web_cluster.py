"""Several `mahjong-table serve` processes on one PostgreSQL (issue 20), with real components:
the processes are real ``serve`` commands started here, the database is the PostgreSQL
server ``.ci/run`` starts (``MAHJONG_TABLE_TEST_PG``), the client speaks real websockets.

- fail-over: the process that owns a room is killed with SIGKILL mid-hand while a person
  plays over a websocket relayed by another process (and a spectator watches on the
  killed one); the other process takes the room over, both pages come back by themselves,
  the hand is played to the end there, every action the person was acknowledged is stored
  and the record replays;
- restart: with many rooms live when their server died, a new server answers at once (the
  rooms are rebuilt in the background, or when opened);
- ``--workers 2`` on SQLite is refused with a clear message.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("psycopg")
pytest.importorskip("websockets")
pytest.importorskip("httpx")

from test_web_browser import ROOT, ServerProcess, free_port
from test_web_postgres import pg_url  # noqa: F401  (the fixture)

FAST = {"claim_seconds": "4", "claim_pause": "0", "bot_delay": "0.05", "turn_seconds": "60"}


def _create(base: str, **fields: str) -> dict[str, Any]:
    """Create a table through the lobby of the server at ``base``; its links."""
    import httpx

    form = {"rules": "hongkong", "seat0": "human", "seat1": "efficiency",
            "seat2": "efficiency", "seat3": "efficiency", "max_hands": "1", **FAST, **fields}
    r = httpx.post(f"{base}/tables", data=form, timeout=30)
    assert r.status_code == 201, r.text
    seats = dict(re.findall(r'data-seat="(\d)" href="[^"]*/play/([^"]+)"', r.text))
    watch = re.search(r'href="[^"]*/watch/([^"]+)"', r.text)
    assert watch is not None and seats
    return {"seats": {int(k): v for k, v in seats.items()}, "watch": watch.group(1)}


@pytest.fixture
def servers(pg_url: str) -> Iterator[list[ServerProcess]]:  # noqa: F811
    """Two `serve` processes on the test PostgreSQL (as two machines would be)."""
    procs = [ServerProcess(pg_url, free_port()), ServerProcess(pg_url, free_port())]
    try:
        for p in procs:
            p.start()
        yield procs
    finally:
        for p in procs:
            if p.proc is not None:
                p.proc.terminate()
                p.proc.wait(10)


def _room_of(pg: str, token: str) -> str:
    from mahjong_table.web.store import Store

    store = Store(pg)
    try:
        secret = store.secret()
    finally:
        store.close()
    from itsdangerous import URLSafeSerializer

    return str(URLSafeSerializer(secret, salt="mahjong-table seat").loads(token)["t"])


def _forget(pg: str, rooms: list[str]) -> None:
    """Leave nothing live in the shared test database for later tests to take over."""
    import sqlalchemy as sa

    from mahjong_table.web.store import Store

    store = Store(pg)
    try:
        with store.engine.begin() as conn:
            conn.execute(sa.text("DELETE FROM mt_owners WHERE room = ANY(:r)"), {"r": rooms})
    finally:
        store.close()


class Page:
    """A page's websocket that reconnects by itself (as ``table.js`` does), to any of the
    servers given (a load balancer's choice: the first that answers)."""

    def __init__(self, ports: list[int], token: str) -> None:
        self.ports = ports
        self.token = token
        self.ws: Any = None
        self.states: list[dict[str, Any]] = []
        self.connects = 0

    async def connect(self) -> None:
        from websockets.asyncio.client import connect

        deadline = time.monotonic() + 30
        while True:
            for port in self.ports:
                try:
                    self.ws = await connect(f"ws://127.0.0.1:{port}/ws/{self.token}",
                                            max_size=2**22, open_timeout=2)
                    self.connects += 1
                    return
                except (OSError, TimeoutError, Exception):
                    continue
            assert time.monotonic() < deadline, "the page could not reconnect"
            await asyncio.sleep(0.25)

    async def recv(self, timeout: float = 30.0) -> dict[str, Any]:
        """The next message; on a closed socket, reconnect and go on."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, "no message in time"
            try:
                raw = await asyncio.wait_for(self.ws.recv(), left)
            except TimeoutError:
                raise
            except Exception:  # the socket closed: the page reconnects by itself
                await asyncio.sleep(0.25)
                await self.connect()
                continue
            msg: dict[str, Any] = json.loads(raw)
            if msg["type"] == "state":
                self.states.append(msg)
            return msg

    async def send(self, msg: dict[str, Any]) -> bool:
        try:
            await self.ws.send(json.dumps(msg))
            return True
        except Exception:
            return False


def _choose(msg: dict[str, Any]) -> dict[str, Any] | None:
    """A person's plain play: Mahjong when offered, else pass a claim, else discard the drawn
    tile (else any discard)."""
    acts = msg["actions"]
    if not acts or msg["offer"] is None:
        return None
    pick = next((a for a in acts if a["kind"] == "mahjong" and not a.get("false")), None) \
        or next((a for a in acts if a["kind"] == "pass"), None) \
        or next((a for a in acts if a["kind"] == "discard"
                 and a.get("tile") == msg["view"].get("drawn")), None) \
        or next((a for a in acts if a["kind"] == "discard"), acts[0])
    return {k: v for k, v in pick.items() if k not in ("label", "count", "blind_max")}


def test_a_killed_owner_hands_its_room_over_mid_hand(servers: list[ServerProcess],
                                                     pg_url: str,  # noqa: F811
                                                     tmp_path: Path) -> None:
    """Issue 20 items 1 and 2: the room is opened on A by a spectator's page (A owns it);
    the person's page is connected to B, which relays it to A. A is killed with
    SIGKILL mid-hand: B takes the room over from its stored actions, both pages come back
    by themselves, the hand is finished on B, every acknowledged action is stored in
    order, and the record replays."""
    import httpx

    from mahjong_table.record import replay
    from mahjong_table.web.store import Store

    a, b = servers
    links = _create(f"http://127.0.0.1:{a.port}")
    room = _room_of(pg_url, links["seats"][0])
    acked: list[dict[str, Any]] = []
    timing: dict[str, float] = {}

    async def play() -> None:
        person = Page([b.port], links["seats"][0])  # relayed by B to A
        watcher = Page([a.port, b.port], links["watch"])  # on A itself
        # (a room with people starts when its first page opens it, in that page's
        # process: the spectator's, on A)
        await watcher.connect()
        await watcher.recv()
        await person.connect()
        pending: dict[int, dict[str, Any]] = {}
        connects = person.connects
        killed = False
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, "the hand did not finish"
            msg = await person.recv()
            if msg["type"] == "ack":
                action = pending.pop(msg["offer"], None)
                if action is not None:
                    acked.append(action)
                if len(acked) == 3 and not killed:
                    # mid-hand: the owner dies without a word
                    assert a.proc is not None
                    a.kill()
                    killed = True
                    timing["killed"] = time.monotonic()
                continue
            if msg["type"] != "state":
                continue
            if person.connects != connects:
                # a new connection: an action sent on the old one and not acknowledged
                # was not accepted; the page offers the decision again
                connects = person.connects
                pending.clear()
            if killed and "back" not in timing and person.connects > 1:
                timing["back"] = time.monotonic()
            if msg["game_end"] is not None:
                break
            action = _choose(msg)
            if action is not None and msg["offer"] not in pending:
                pending[msg["offer"]] = action
                await person.send({"type": "action", "offer": msg["offer"],
                                   "action": action})
        # the spectator, whose process died, is back too, and sees the end
        while True:
            got = await watcher.recv()
            if got["type"] == "state" and got["game_end"] is not None:
                break
        assert watcher.connects >= 2, "the spectator's page was on the killed process"
        await person.ws.close()
        await watcher.ws.close()

    try:
        asyncio.run(play())
        assert "back" in timing, "the person's page did not come back after the kill"
        failover = timing["back"] - timing["killed"]
        assert failover < 20, f"the room took {failover:.1f} s to come back"
        store = Store(pg_url)
        try:
            (row,) = [r for r in store.room_games(room)]
            stored = store.actions(row.id)
        finally:
            store.close()
        mine = [s for s in stored if s.get("player") == 0]
        # every acknowledged action is stored, in order (the table may also have played
        # for seat 0 when a clock ran out: those are stored too, never acknowledged)
        it = iter(mine)
        for action in acked:
            want = {**action, "player": 0}
            assert any(all(s.get(k) == v for k, v in want.items()) for s in it), \
                f"acknowledged action {want} is not stored"
        assert len(acked) >= 4, "the person played on after the fail-over"
        rec = httpx.get(f"http://127.0.0.1:{b.port}/record/{links['seats'][0]}", timeout=30)
        assert rec.status_code == 200, rec.text
        path = tmp_path / "failover.jsonl"
        path.write_text(rec.text)
        report = replay(path)
        assert report.ok, report.problem
        print(f"fail-over: the page was back {failover:.2f} s after SIGKILL")
    finally:
        _forget(pg_url, [room])


def test_a_restart_with_many_live_rooms_answers_at_once(pg_url: str) -> None:  # noqa: F811
    """Issue 20 item 3: 300 rooms were live (mid-game, in ``mt_owners``) when their server
    died; a new server answers its first ``GET /`` without rebuilding them first (the old
    server rebuilt every unfinished table, re-asking its bots, before serving anything),
    and takes them over in the background."""
    import secrets

    import httpx

    from mahjong_table.engine import Game
    from mahjong_table.players import make_bot
    from mahjong_table.rules import get_rule_set
    from mahjong_table.web import store as store_mod
    from mahjong_table.web.store import Store

    rules = get_rule_set("hongkong")
    seed = f"restart-{secrets.token_hex(4)}"
    game = Game(rules, seed, max_hands=1, names=list("ABCD"))
    bots = [make_bot("efficiency", f"{seed}/{i}", rules=rules) for i in range(4)]
    while len(game.actions) < 60 and not game.is_over:
        p = game.to_act()[0]
        game.apply(bots[p].choose(game.view(p)))
    actions = [a.to_json() for a in game.actions]
    n = 300
    store = Store(pg_url)
    rooms = [f"r-{secrets.token_hex(6)}" for _ in range(n)]
    try:
        t = time.time()
        with store.engine.begin() as conn:
            conn.execute(store_mod._tables.insert(), [dict(
                id=r, created=t, rules="hongkong", options="{}", seed=seed, max_hands=1,
                names=json.dumps(list("ABCD")), seats=json.dumps(["efficiency"] * 4),
                settings=json.dumps({"bot_delay": 5.0}), finished=False, practice=True,
                room_id=None, game_no=0) for r in rooms])
            conn.execute(store_mod._actions.insert(), [
                dict(table_id=r, seq=i, action=json.dumps(a), at=t)
                for r in rooms for i, a in enumerate(actions)])
            # live on a server that is gone (its lease session, pid 0, does not exist)
            conn.execute(store_mod._owners.insert(), [
                dict(room=r, proc="dead", lock_pid=0, at=t) for r in rooms])
    finally:
        store.close()
    srv = ServerProcess(pg_url, free_port(), ["--max-rooms", "100"])
    try:
        started = time.monotonic()
        srv.start()
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{srv.port}/", timeout=30)
                break
            except httpx.TransportError:
                assert time.monotonic() - started < 60
                time.sleep(0.05)
        first_answer = time.monotonic() - started
        assert r.status_code == 200
        status = httpx.get(f"http://127.0.0.1:{srv.port}/status", timeout=30).json()
        assert status["rooms"] < n, "every room was rebuilt before the first answer"
        # taken over in the background, up to the process's limit of live rooms
        deadline = time.monotonic() + 60
        while status["rooms"] < 100:
            assert time.monotonic() < deadline, f"only {status['rooms']} rooms taken over"
            time.sleep(0.5)
            status = httpx.get(f"http://127.0.0.1:{srv.port}/status", timeout=30).json()
        assert status["rooms"] == 100, "the limit of live rooms holds"
        print(f"restart: first answer {first_answer:.2f} s after start with {n} live rooms")
        assert first_answer < 30
    finally:
        if srv.proc is not None:
            srv.proc.terminate()
            srv.proc.wait(10)
        _forget(pg_url, rooms)


def test_several_workers_on_sqlite_are_refused(tmp_path: Path) -> None:
    """Issue 20 item 1: ``--workers`` above 1 with SQLite is refused, saying why."""
    got = subprocess.run(
        [sys.executable, "-m", "mahjong_table.cli", "serve", "--workers", "2", "--db",
         f"sqlite:///{tmp_path / 'x.db'}"], cwd=ROOT, capture_output=True, text=True,
        timeout=60)
    assert got.returncode == 2
    assert "--workers 2 needs PostgreSQL" in got.stderr


def test_prune_deletes_the_rooms_unused_for_the_days_given(tmp_path: Path) -> None:
    """Issue 20 item 4: ``serve --prune --older-than-days D`` deletes the rooms with no
    action, chat message or new game for D days (every game, action, chat message and
    nickname of theirs); a room used since, or live in a process, is kept; ``--dry-run``
    only lists them."""
    import sqlalchemy as sa

    from mahjong_table.web import store as store_mod
    from mahjong_table.web.store import Store, TableRow

    db = f"sqlite:///{tmp_path / 'prune.db'}"
    store = Store(db)
    old = time.time() - 40 * 86400
    try:
        for name, created in (("old", old), ("old-chat", old), ("old-live", old),
                              ("new", time.time())):
            store.create_table(TableRow(id=name, rules="hongkong", options={}, seed="s",
                                        max_hands=1, names=list("abcd"),
                                        seats=["human"] * 4, created=created))
            store.add_action(name, 0, {"kind": "pass", "player": 0})
        with store.engine.begin() as conn:
            conn.execute(store_mod._actions.update().values(at=old)
                         .where(store_mod._actions.c.table_id != "new"))
        store.add_chat("old", 0, "a", "long ago")
        with store.engine.begin() as conn:
            conn.execute(store_mod._chat.update().values(at=old))
        store.add_chat("old-chat", 1, "b", "still here")  # used today
        store.set_nickname("old", 0, "Ann")
        store.mark_owned("old-live", "some-process")
    finally:
        store.close()
    cmd = [sys.executable, "-m", "mahjong_table.cli", "serve", "--db", db, "--prune",
           "--older-than-days", "30"]
    env = dict(os.environ)
    dry = subprocess.run([*cmd, "--dry-run"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, env=env)
    assert dry.returncode == 0, dry.stderr
    assert "would delete 1 room(s)" in dry.stdout and dry.stdout.split()[-1] == "old"
    got = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)
    assert got.returncode == 0 and "deleted 1 room(s)" in got.stdout, got.stdout + got.stderr
    store = Store(db)
    try:
        assert sorted(r.id for r in store.tables()) == ["new", "old-chat", "old-live"]
        assert store.actions("old") == [] and store.chat("old") == []
        assert store.nicknames("old") == [None] * 4
        with store.engine.connect() as conn:
            assert conn.execute(sa.select(sa.func.count()).select_from(
                store_mod._actions)).scalar_one() == 3
    finally:
        store.close()


def test_serve_with_a_refused_database_login_says_so_without_a_traceback(
        pg_url: str) -> None:  # noqa: F811  (the fixture)
    """Defect: ``serve`` (and ``serve --prune``) with a PostgreSQL URL whose login is
    refused, or a server that is not there, printed a SQLAlchemy traceback from each process
    (exit 3 or 1). Now: one line naming the database (its password hidden) and the reason,
    exit status 2. The banner of a server that starts hides the password too; ``--dry-run``
    without ``--prune`` is refused instead of starting a server."""
    from sqlalchemy.engine import make_url

    url = make_url(pg_url)
    wrong = url.set(password="not-the-password").render_as_string(hide_password=False)
    gone = url.set(port=free_port()).render_as_string(hide_password=False)
    base = [sys.executable, "-m", "mahjong_table.cli", "serve"]
    for cmd, why in (([*base, "--port", str(free_port()), "--db", wrong], "authentication"),
                     ([*base, "--prune", "--older-than-days", "30", "--dry-run", "--db",
                       wrong], "authentication"),
                     ([*base, "--port", str(free_port()), "--db", gone], "failed")):
        got = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert got.returncode == 2, got.stderr
        assert "Traceback" not in got.stderr
        assert got.stderr.startswith("mahjong-table serve: cannot open the database ")
        assert why in got.stderr and "not-the-password" not in got.stderr
    dry = subprocess.run([*base, "--dry-run", "--port", str(free_port())], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert dry.returncode == 2 and "--dry-run goes with --prune" in dry.stderr
    port = free_port()
    proc = subprocess.Popen([*base, "--port", str(port), "--db", pg_url], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        banner = proc.stdout.readline()
        assert f"serving on http://127.0.0.1:{port}/" in banner
        if url.password:
            assert f":{url.password}@" not in banner and ":***@" in banner
    finally:
        proc.terminate()
        proc.wait(10)
