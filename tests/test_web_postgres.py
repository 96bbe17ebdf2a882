"""The web table's store on a real PostgreSQL server (issue 9 item 1: ``--db postgresql://``
uses the same code as SQLite).

The server is found through ``MAHJONG_TABLE_TEST_PG`` (a ``postgresql://`` URL; ``.ci/run``
installs, starts and exports it). Outside CI the tests are skipped when it is not set; in CI
(``CI=true``) a missing server is a failure, not a skip.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("psycopg")

PG_URL = os.environ.get("MAHJONG_TABLE_TEST_PG")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture
def pg_url() -> str:
    if not PG_URL:
        if IN_CI:
            pytest.fail("CI=true but MAHJONG_TABLE_TEST_PG is not set: .ci/run must start "
                        "PostgreSQL and export it")
        pytest.skip("MAHJONG_TABLE_TEST_PG is not set (no PostgreSQL server for the tests)")
    return PG_URL


def test_store_roundtrip_on_postgresql(pg_url: str) -> None:
    """Tables, actions (each number once) and the signing secret, on PostgreSQL."""
    from test_web_table import store_roundtrip

    store_roundtrip(pg_url)


def test_a_table_is_played_stored_and_resumed_on_postgresql(pg_url: str,
                                                            tmp_path: Path) -> None:
    """A bots' table is played through the application on PostgreSQL; a second server on
    the same database resumes it from the stored actions and the record replays."""
    import warnings

    with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from mahjong_table.record import replay
    from mahjong_table.web.app import create_app

    seed = f"pg-{time.time_ns()}"
    form = {"rules": "hongkong", "seat0": "efficiency", "seat1": "efficiency",
            "seat2": "random", "seat3": "efficiency", "max_hands": "1", "seed": seed,
            "claim_seconds": "2", "claim_pause": "0", "bot_delay": "0.02"}
    with TestClient(create_app(pg_url)) as client:
        r = client.post("/tables", data=form)
        assert r.status_code == 201
        token = r.text.split("/watch/")[1].split('"')[0]
        # asked at once: the game has barely begun (asked after the pause below, a short
        # hand played by the compiled build could be over already: the deal is random)
        assert client.get(f"/record/{token}").status_code == 409, "the game is not over yet"
        time.sleep(0.3)  # some actions are played, then the server stops (mid-hand, mostly)
    with TestClient(create_app(pg_url)) as client:
        deadline = time.monotonic() + 60
        while client.get(f"/record/{token}").status_code != 200:
            assert time.monotonic() < deadline, "the resumed table did not finish"
            time.sleep(0.05)
        path = tmp_path / "pg.jsonl"
        path.write_text(client.get(f"/record/{token}").text)
    report = replay(path)
    assert report.ok, report.problem


def test_rooms_nicknames_and_chat_on_postgresql(pg_url: str) -> None:
    """Issue 18's store on PostgreSQL: a room's games in order, its nicknames, its chat."""
    import secrets

    from mahjong_table.web.store import Store, TableRow

    store = Store(pg_url)
    try:
        first = TableRow(id=secrets.token_urlsafe(9), rules="hongkong", options={}, seed="s",
                         max_hands=1, names=list("abcd"), seats=["human"] + ["random"] * 3)
        store.create_table(first)
        second = TableRow(id=secrets.token_urlsafe(9), rules="chinese", options={}, seed="t",
                          max_hands=1, names=list("abcd"), seats=["human"] + ["random"] * 3,
                          room_id=first.id, game_no=1)
        store.create_table(second)
        store.set_finished(first.id, {"scores": [0, 0, 0, 0], "standings": [0, 1, 2, 3]})
        assert [r.id for r in store.room_games(first.id)] == [first.id, second.id]
        current = store.current_game(first.id)
        assert current is not None and current.id == second.id
        assert store.room_games(first.id)[0].result == {"scores": [0, 0, 0, 0],
                                                        "standings": [0, 1, 2, 3]}
        store.set_nickname(first.id, 2, "Cy")
        assert store.nicknames(first.id) == [None, None, "Cy", None]
        m = store.add_chat(first.id, 2, "Cy", "hi <b>")
        assert store.chat(first.id)[-1] == m
    finally:
        store.close()
