"""Issue 46 on two real ``mahjong-table serve`` processes sharing one PostgreSQL (the server
``.ci/run`` starts, ``MAHJONG_TABLE_TEST_PG``; a schema of the test's own): accounts made on
either process sign in on both; a public room made on A is listed, joined and readied on B;
its game runs on the process of its first page (B), which is killed (SIGKILL) mid-game; A
takes the room over, the game ends there and is rated exactly once."""

from __future__ import annotations

import asyncio
import re
import signal
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("psycopg")
pytest.importorskip("websockets")
pytest.importorskip("argon2")

from test_web_browser import ServerProcess, free_port
from test_web_postgres import pg_url  # noqa: F401  (the fixture)

FAST = {"claim_seconds": "3", "claim_pause": "0", "bot_delay": "0.12", "turn_seconds": "3",
        "ready_seconds": "1"}


@pytest.fixture
def schema_url(pg_url: str) -> Iterator[str]:  # noqa: F811
    import sqlalchemy as sa

    from mahjong_table.web.store import normalise_url

    schema = "t46c_" + uuid.uuid4().hex[:10]
    admin = sa.create_engine(normalise_url(pg_url))
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in pg_url else "?"
    try:
        yield f"{pg_url}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def _csrf(c: Any, path: str = "/account") -> str:
    got = re.search(r'name="csrf" value="([0-9a-f]+)"', c.get(path).text)
    assert got is not None
    return got.group(1)


def _sign_up(c: Any, name: str) -> None:
    r = c.post("/account/signup", data={"name": name, "password": "pass word 1",
                                        "password2": "pass word 1", "csrf": _csrf(c)},
               follow_redirects=True)
    assert f"Signed in as {name}" in r.text, r.text[:300]


def test_lobby_and_ratings_across_two_processes_and_a_killed_owner(
        schema_url: str) -> None:
    import httpx
    import sqlalchemy as sa
    from websockets.asyncio.client import connect

    from mahjong_table.web.store import normalise_url

    a, b = ServerProcess(schema_url, free_port()), ServerProcess(schema_url, free_port())
    a.start()
    b.start()
    try:
        base_a, base_b = f"http://127.0.0.1:{a.port}", f"http://127.0.0.1:{b.port}"
        with httpx.Client(base_url=base_a, timeout=30) as ann, \
                httpx.Client(base_url=base_b, timeout=30) as bob:
            _sign_up(ann, "Ann")
            _sign_up(bob, "Bob")
            # Ann's session is the database's: process B knows her too
            with httpx.Client(base_url=base_b, cookies=ann.cookies, timeout=30) as ann_b:
                assert "Signed in as Ann" in ann_b.get("/account").text
            form = {"rules": "hongkong", "seat0": "human", "seat1": "human",
                    "seat2": "efficiency", "seat3": "efficiency", "max_hands": "1",
                    "public": "1", **FAST}
            r = ann.post("/tables", data={**form, "csrf": _csrf(ann, "/")})
            assert r.status_code == 303
            room = r.headers["location"].rsplit("/", 1)[1]
            listed = bob.get("/api/rooms").json()["rooms"]
            assert [x["seats"][1]["kind"] for x in listed if x["id"] == room] == ["open"]
            r = bob.post("/lobby/join", data={"room": room, "seat": "1", "csrf": _csrf(bob)})
            assert r.status_code == 303
            assert ann.post(f"/api/rooms/{room}/ready",
                            data={"csrf": _csrf(ann)}).json()["waiting"]
            got = bob.post(f"/api/rooms/{room}/ready", data={"csrf": _csrf(bob)}).json()
            assert not got["waiting"]
            token = got["play"].rsplit("/", 1)[1]

            async def open_on_b() -> None:
                # Bob's page opens the table on B (it starts where its first page is), then
                # closes: both people are away, the away bots play their seats
                async with connect(f"ws://127.0.0.1:{b.port}/ws/{token}") as ws:
                    await ws.recv()
                    await asyncio.sleep(1.5)

            asyncio.run(open_on_b())
            assert not ann.get(f"/api/rooms/{room}").json()["finished"]  # mid-game
            assert b.proc is not None
            b.proc.send_signal(signal.SIGKILL)  # the process running the game dies
            b.proc.wait(10)
            end = time.monotonic() + 120
            while not ann.get(f"/api/rooms/{room}").json()["finished"]:
                assert time.monotonic() < end, "the game did not end after the take-over"
                time.sleep(0.5)
            for name in ("Ann", "Bob"):
                prof = ann.get(f"/api/players/{name}").json()
                assert prof["ratings"]["hongkong"]["games"] == 1, prof
        engine = sa.create_engine(normalise_url(schema_url))
        try:
            with engine.connect() as conn:
                assert conn.execute(sa.text("SELECT COUNT(*) FROM mt_rated")).scalar() == 1
                assert conn.execute(sa.text(
                    "SELECT SUM(games) FROM mt_ratings")).scalar() == 2
        finally:
            engine.dispose()
    finally:
        for p in (a, b):
            if p.proc is not None and p.proc.poll() is None:
                p.proc.terminate()
                p.proc.wait(10)
