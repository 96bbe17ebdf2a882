"""The web table as a room friends come back to (issue 18), through Starlette's test client:
nicknames (checked, stored, shown to all), the table chat (checked, rate-limited, stored,
spectators read only unless the room allows it, a seat link posts as its own seat only),
"Play again" (the same links seat the same people in the room's next game, the room keeps
its games and each game's record), and an older database is brought up to date."""

from __future__ import annotations

import json
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from mahjong_table.record import replay
from mahjong_table.web.app import create_app
from mahjong_table.web.store import Store, TableRow
from test_web_app import create, recv_state


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'room.db'}")
    with TestClient(app) as c:
        yield c


def recv(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg


def test_nicknames_are_checked_stored_and_shown_to_all(client: TestClient) -> None:
    t = create(client, seat1="human", seed="nick")
    with client.websocket_connect(f"/ws/{t['seats'][0]}") as ws0, \
            client.websocket_connect(f"/ws/{t['watch']}") as wsw:
        recv_state(ws0)
        for bad, word in (("", "empty"), ("x" * 25, "at most 24"), (7, "send text"),
                          ("a\x00b", "control")):
            ws0.send_json({"type": "nick", "name": bad})
            err = recv(ws0, "error")
            assert err["code"] == "nickname" and word in err["message"], err
        ws0.send_json({"type": "nick", "name": "  <b>Ann</b> "})
        while recv_state(wsw)["names"][0] != "<b>Ann</b>":
            pass
        wsw.send_json({"type": "nick", "name": "Eve"})
        assert recv(wsw, "error")["code"] == "forbidden"
    with client.websocket_connect(f"/ws/{t['seats'][1]}") as ws1:
        assert recv_state(ws1)["names"][0] == "<b>Ann</b>", "kept in the store"


def test_chat_is_checked_rate_limited_and_spectators_only_read(client: TestClient) -> None:
    t = create(client, seat1="human", seed="chat")
    with client.websocket_connect(f"/ws/{t['seats'][0]}") as ws0, \
            client.websocket_connect(f"/ws/{t['seats'][1]}") as ws1, \
            client.websocket_connect(f"/ws/{t['watch']}") as wsw:
        for ws in (ws0, ws1, wsw):
            assert recv(ws, "chat")["messages"] == []
        # a seat link cannot post as another seat: the seat is the link's
        ws0.send_json({"type": "chat", "text": "<i>hi</i>", "seat": 1, "name": "Bo"})
        for ws in (ws0, ws1, wsw):
            (m,) = recv(ws, "chat")["messages"]
            assert m["seat"] == 0 and m["text"] == "<i>hi</i>" and m["name"] == "Player 1"
        for bad, word in (("", "empty"), ("y" * 201, "at most 200"), (None, "text")):
            ws1.send_json({"type": "chat", "text": bad})
            assert word in recv(ws1, "error")["message"]
        wsw.send_json({"type": "chat", "text": "let me in"})
        assert "spectators" in recv(wsw, "error")["message"]
        codes = []
        for i in range(8):
            ws1.send_json({"type": "chat", "text": f"m{i}"})
        while len(codes) < 8:
            msg = ws1.receive_json()
            if msg["type"] == "chat":
                codes.append("ok")
            elif msg["type"] == "error":
                codes.append(msg["code"])
        assert "chat" in codes and codes[0] == "ok", codes
    with client.websocket_connect(f"/ws/{t['watch']}") as wsw:
        log = recv(wsw, "chat")["messages"]
        assert log[0]["text"] == "<i>hi</i>" and len(log) >= 2, "the chat is stored"
    page = client.get(f"/play/{t['seats'][0]}").text
    assert "chat-form" in page


def test_spectators_write_when_the_room_allows_it(client: TestClient) -> None:
    t = create(client, seed="chat2", spectator_chat="1")
    with client.websocket_connect(f"/ws/{t['watch']}") as wsw:
        recv(wsw, "chat")
        wsw.send_json({"type": "chat", "text": "hello"})
        assert recv(wsw, "chat")["messages"][0]["name"] == "spectator"


def test_bad_room_fields_in_the_lobby_are_named(client: TestClient) -> None:
    for field, value, word in (("turn_seconds", "1", "turn_seconds"),
                               ("ready_seconds", "x", "ready_seconds"),
                               ("away_after", "0", "away_after"),
                               ("away_bot", "nobody", "away_bot"),
                               ("spectator_chat", "maybe", "spectator_chat")):
        r = client.post("/tables", data={"rules": "hongkong", field: value})
        assert r.status_code == 400 and word in r.text, (field, r.text[-300:])


def test_play_again_seats_the_same_people_and_the_room_keeps_its_games(
        client: TestClient, tmp_path: Path) -> None:
    t = create(client, seat0="efficiency", seat1="human", seed="again", turn_seconds="3",
               away_after="1")
    token = t["seats"][1]
    with client.websocket_connect(f"/ws/{token}") as ws:
        ws.send_json({"type": "nick", "name": "Bo"})
        deadline = time.monotonic() + 90
        took_back = False
        while True:
            msg = recv_state(ws)
            if msg["away"][1] and not took_back:
                ws.send_json({"type": "back"})  # the clock ran out: take the seat back once
                took_back = True
            if msg["game_end"] is not None:
                break
            assert time.monotonic() < deadline
        assert msg["final_hands"] is not None and len(msg["final_hands"]) == 4
        while not msg["room"]["games"][0]["finished"]:  # the room's history follows
            msg = recv_state(ws)
        assert msg["room"]["games"][0]["scores"] == msg["game_end"]["scores"]
        ws.send_json({"type": "new_game", "seats": ["human", "human", "x", "random"]})
        err = recv(ws, "error")
        while err["code"] == "not_away":  # an answer to a "back" sent as the game ended
            err = recv(ws, "error")
        assert "seat 2" in err["message"]
        assert {o["name"] for o in msg["room"]["option_choices"]["chinese"]} >= {"scoring"}
        ws.send_json({"type": "new_game", "rules": "chinese", "max_hands": 1,
                      "seats": ["random", "human", "efficiency", "efficiency"],
                      "options": {"colour": "red"}})
        err = recv(ws, "error")
        while err["code"] == "not_away":
            err = recv(ws, "error")
        assert "chinese has no option 'colour'" in err["message"]
        # a new rule set with its options chosen in the room (issue 18 item 1)
        ws.send_json({"type": "new_game", "rules": "chinese", "max_hands": 1,
                      "seats": ["random", "human", "efficiency", "efficiency"],
                      "options": {"scoring": "mcr"}})
        assert recv(ws, "new_game")["game_no"] == 1
    with client.websocket_connect(f"/ws/{token}") as ws:
        msg = recv_state(ws)
        assert msg["view"]["rules"] == "chinese" and msg["names"][1] == "Bo"
        assert msg["room"]["options"]["scoring"] == "mcr"
        assert msg["kinds"][0] == "random" and msg["room"]["game_no"] == 1
        assert [g["no"] for g in msg["room"]["games"]] == [0, 1]
    r = client.get(f"/record/{token}?game=0")
    assert r.status_code == 200
    path = tmp_path / "g0.jsonl"
    path.write_text(r.text)
    assert replay(path).ok
    assert client.get(f"/record/{token}").status_code == 409, "game 1 is not over"
    assert client.get(f"/record/{token}?game=x").status_code == 400


def test_an_older_database_is_brought_up_to_date(tmp_path: Path) -> None:
    """A database made before rooms (no room_id, game_no, result columns; no practice
    either) gets them at start, and its tables are rooms of one game."""
    import sqlalchemy as sa

    path = tmp_path / "old.db"
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        conn.execute(sa.text(
            "CREATE TABLE mt_tables (id VARCHAR(64) PRIMARY KEY, created FLOAT NOT NULL, "
            "rules VARCHAR(32) NOT NULL, options TEXT NOT NULL, seed VARCHAR(128) NOT NULL, "
            "max_hands INTEGER, names TEXT NOT NULL, seats TEXT NOT NULL, "
            "settings TEXT NOT NULL, finished BOOLEAN NOT NULL)"))
        conn.execute(sa.text(
            "INSERT INTO mt_tables VALUES ('old1', 1.0, 'hongkong', '{}', 's', 1, "
            f"'{json.dumps(['a', 'b', 'c', 'd'])}', "
            f"'{json.dumps(['human', 'random', 'random', 'random'])}', '{{}}', 0)"))
    engine.dispose()
    store = Store(f"sqlite:///{path}")
    row = store.current_game("old1")
    assert isinstance(row, TableRow) and row.room == "old1" and row.game_no == 0
    assert store.nicknames("old1") == [None] * 4
    store.set_nickname("old1", 0, "Ann")
    assert store.nicknames("old1")[0] == "Ann"
    store.set_finished("old1", {"scores": [1, 2, 3, 4], "standings": [3, 2, 1, 0]})
    assert store.room_games("old1")[0].result == {"scores": [1, 2, 3, 4],
                                                  "standings": [3, 2, 1, 0]}
    store.close()
