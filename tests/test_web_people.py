"""Accounts, the public lobby, ratings, profiles and the replay viewer (issue 46), through
Starlette's test client on a real SQLite file (and PostgreSQL where
``MAHJONG_TABLE_TEST_PG`` names one: the same tests in a schema of their own)."""

from __future__ import annotations

import os
import re
import time
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("argon2")
pytest.importorskip("openskill")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from mahjong_table.web.accounts import (
    SessionCookie,
    check_name,
    check_password,
    game_stats,
    rate_game,
)
from mahjong_table.web.app import create_app

FAST = {"claim_seconds": "2", "claim_pause": "0", "bot_delay": "0", "turn_seconds": "3",
        "ready_seconds": "1"}
PG = os.environ.get("MAHJONG_TABLE_TEST_PG")


def _pg_url(tmp_schema: str) -> str:
    assert PG is not None
    sep = "&" if "?" in PG else "?"
    return f"{PG}{sep}options=-csearch_path%3D{tmp_schema}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'web.db'}"
        return
    if not PG:
        if os.environ.get("CI"):
            pytest.fail("MAHJONG_TABLE_TEST_PG is not set in CI")
        pytest.skip("MAHJONG_TABLE_TEST_PG is not set")
    import sqlalchemy as sa

    from mahjong_table.web.store import normalise_url

    schema = "t46_" + uuid.uuid4().hex[:10]
    admin = sa.create_engine(normalise_url(PG))
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    try:
        yield _pg_url(schema)
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def new_client(app: Any) -> TestClient:
    """A browser of its own (its own cookies) on the same application."""
    return TestClient(app)


def csrf_of(html: str) -> str:
    got = re.search(r'name="csrf" value="([0-9a-f]+)"', html)
    assert got is not None, html[:500]
    return got.group(1)


def csrf(c: TestClient) -> str:
    return csrf_of(c.get("/account").text)


def sign_up(c: TestClient, name: str, password: str = "correct horse") -> None:
    r = c.post("/account/signup", data={"name": name, "password": password,
                                        "password2": password, "csrf": csrf(c)})
    assert r.status_code == 200, r.text
    assert f"Signed in as {name}" in r.text


# ----- the pure parts ------------------------------------------------------------------------

def test_names_and_passwords_are_checked_with_clear_errors() -> None:
    """Issue 46 "bad input": names 3-24 letters, digits, _ - . ; passwords 8-128."""
    assert check_name("  Ann_1 ") == "Ann_1"
    for bad, words in (("ab", "2 characters"), ("a" * 25, "25 characters"),
                       ("ann smith", "' ' is not allowed"), ("<b>x</b>", "'<' is not allowed"),
                       (None, "type a name")):
        with pytest.raises(ValueError, match=re.escape(words)):
            check_name(bad)
    with pytest.raises(ValueError, match="7 characters"):
        check_password("short12")
    with pytest.raises(ValueError, match="control"):
        check_password("abcdefgh\x00")
    assert check_password("x" * 128) == "x" * 128


def test_a_forged_or_expired_session_cookie_is_refused() -> None:
    """Issue 46: the cookie is signed and time-stamped; a forged one, or one older than its
    age, reads as nothing."""
    cookie = SessionCookie("secret one", max_age=60)
    value = cookie.write("guest", "session")
    assert cookie.read(value) == ("guest", "session")
    assert SessionCookie("another secret").read(value) is None
    assert cookie.read(value[:-2] + ("AA" if not value.endswith("AA") else "BB")) is None
    assert cookie.read("garbage") is None
    old = SessionCookie("secret one", max_age=0)
    time.sleep(1.1)
    assert old.read(value) is None


def test_ratings_rank_four_players_and_bots_stay_fixed() -> None:
    """Issue 46 item 3: OpenSkill Plackett-Luce over the final scores; a guest's seat makes
    the game unrated; bots are in the ranking with their level's fixed rating."""
    assert rate_game("hongkong", ["human"] * 4, ["a:1", "a:2", "g:x", "a:4"],
                     [1, 2, 3, 4]) is None
    r = rate_game("hongkong", ["human", "human", "normal", "normal"], ["a:1", "a:2", None, None],
                  [300, -100, 0, -200])
    assert r is not None and r.places == [0, 2, 1, 3] and sorted(r.accounts) == [1, 2]
    new = r({1: None, 2: None})
    assert new[1][0] > 25 > new[2][0]  # the winner up, the last down
    assert set(new) == {1, 2}


def test_game_stats_count_wins_deal_ins_and_value() -> None:
    results = [
        {"winner": 0, "discarder": 2, "reason": "mahjong", "score": {"fan": 6}},
        {"winner": None, "discarder": None, "reason": "draw", "score": None},
        {"winner": 1, "discarder": None, "reason": "mahjong", "score": {"points": 25}},
    ]
    s = game_stats(results, [10, 5, -5, -10])
    assert s[0] == {"hands": 3, "wins": 1, "deal_ins": 0, "win_value": 6, "score": 10,
                    "place": 0}
    assert s[2]["deal_ins"] == 1 and s[1]["win_value"] == 25 and s[3]["place"] == 3


# ----- accounts over HTTP ------------------------------------------------------------------

def test_sign_up_in_out_password_and_delete(db: str) -> None:
    """Issue 46 item 1: sign up, sign out, a wrong password (the same words as a name that
    does not exist), sign in, change password (other browsers signed out), delete."""
    app = create_app(db)
    with new_client(app) as a, new_client(app) as b:
        sign_up(a, "Ann")
        # the name is taken whatever its case
        r = b.post("/account/signup", data={"name": "ANN", "password": "12345678",
                                            "password2": "12345678", "csrf": csrf(b)})
        assert r.status_code == 400 and "is taken" in r.text
        r = b.post("/account/signup", data={"name": "Bob", "password": "12345678",
                                            "password2": "12345679", "csrf": csrf(b)})
        assert r.status_code == 400 and "the two passwords differ" in r.text
        wrong = b.post("/account/signin", data={"name": "Ann", "password": "nope nope",
                                                "csrf": csrf(b)})
        nobody = b.post("/account/signin", data={"name": "Zed", "password": "nope nope",
                                                 "csrf": csrf(b)})
        assert wrong.status_code == nobody.status_code == 400
        assert "wrong name or password" in wrong.text and "wrong name or password" in nobody.text
        r = b.post("/account/signin", data={"name": "ann", "password": "correct horse",
                                            "csrf": csrf(b)})
        assert "Signed in as Ann" in r.text
        # a form without the token (another site's) is refused and changes nothing
        r = a.post("/account/password", data={"old": "correct horse", "password": "new pass 1",
                                              "password2": "new pass 1"})
        assert r.status_code == 403
        r = a.post("/account/password", data={"old": "correct horse", "password": "new pass 1",
                                              "password2": "new pass 1", "csrf": csrf(a)})
        assert "Password changed" in r.text
        assert "Signed in as Ann" not in b.get("/account").text  # b's session ended
        assert "Signed in as Ann" in a.get("/account").text
        r = a.post("/account/signout", data={"csrf": csrf(a)})
        assert "Signed out" in r.text and "Sign in" in r.text
        r = a.post("/account/signin", data={"name": "Ann", "password": "new pass 1",
                                            "csrf": csrf(a)})
        assert "Signed in as Ann" in r.text
        assert a.get("/api/players/Ann").status_code == 200
        r = a.post("/account/delete", data={"password": "wrong one", "csrf": csrf(a)})
        assert r.status_code == 400 and a.get("/api/players/Ann").status_code == 200
        r = a.post("/account/delete", data={"password": "new pass 1", "csrf": csrf(a)})
        assert "deleted" in r.text
        assert a.get("/api/players/Ann").status_code == 404
        assert a.get("/players/Ann").status_code == 404


def test_sign_in_attempts_are_limited_by_name_and_by_address(db: str) -> None:
    """Issue 46 item 1: past 10 failed attempts on one name in 10 minutes, or 20 from one
    address, sign-in answers 429 with Retry-After, even with the right password."""
    app = create_app(db)
    with new_client(app) as a:
        sign_up(a, "Cat")
        a.post("/account/signout", data={"csrf": csrf(a)})
        token = csrf(a)
        for _ in range(10):
            r = a.post("/account/signin", data={"name": "Cat", "password": "bad bad bad",
                                                "csrf": token})
            assert r.status_code == 400
        r = a.post("/account/signin", data={"name": "cat", "password": "correct horse",
                                            "csrf": token})
        assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
        # other names from this address count up to the address's limit (the refused
        # attempt above was not counted against the address)
        for i in range(10):
            r = a.post("/account/signin", data={"name": f"nobody{i}", "password": "x" * 8,
                                                "csrf": token})
            assert r.status_code == 400, i
        r = a.post("/account/signin", data={"name": "other", "password": "x" * 8,
                                            "csrf": token})
        assert r.status_code == 429


# ----- the lobby, a rated game, history and the replay ------------------------------------

def wait_finished(c: TestClient, room: str, seconds: float = 60.0) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        r = c.get(f"/api/rooms/{room}").json()
        if r.get("finished"):
            return r
        time.sleep(0.2)
    raise AssertionError("the game did not finish")


def test_a_public_room_waits_starts_rates_and_replays(db: str) -> None:
    """Issue 46 items 1-4: Ann (an account) makes a public room with two persons' seats; it
    is listed with its open seat; a guest joins it, then signs up (keeping the seat); Bob
    cannot join a full room; both press Ready and the game starts; it is played (their
    seats by the away bot), rated once, shown on the profiles and the leaderboard, and
    replayed from any seat, hidden hands hidden unless the full view is asked."""
    app = create_app(db)
    with new_client(app) as ann, new_client(app) as guest, new_client(app) as bob:
        sign_up(ann, "Ann")
        form = {"rules": "hongkong", "seat0": "human", "seat1": "human",
                "seat2": "efficiency", "seat3": "normal", "max_hands": "1", "public": "1",
                **FAST}
        r = ann.post("/tables", data={**form})
        assert r.status_code == 403  # no CSRF token: refused
        r = ann.post("/tables", data={**form, "csrf": csrf_of(ann.get("/").text)},
                     follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/room/")
        room = r.headers["location"].split("/")[-1]
        listed = guest.get("/api/rooms").json()["rooms"]
        mine = next(x for x in listed if x["id"] == room)
        assert [s["kind"] for s in mine["seats"]] == ["person", "open", "bot", "bot"]
        assert mine["seats"][0]["name"] == "Ann" and mine["open"] == 1
        assert mine["clock"]["turn_seconds"] == 3.0 and mine["waiting"]
        lobby = guest.get("/lobby").text
        assert "Join seat 2" in lobby
        r = guest.post("/lobby/join", data={"room": room, "seat": "1",
                                            "csrf": csrf_of(lobby)}, follow_redirects=False)
        assert r.status_code == 303
        assert guest.get(f"/api/rooms/{room}").json()["you"] == 1
        sign_up(guest, "Gus")  # the guest's seat is the account's now
        assert guest.get(f"/api/rooms/{room}").json()["you"] == 1
        r = bob.post("/lobby/join", data={"room": room, "seat": "1",
                                          "csrf": csrf_of(bob.get("/lobby").text)})
        assert (r.status_code == 400 and "not open" in r.text) or "full" in r.text
        # only the host may lock; the host may
        token_g = csrf(guest)
        r = guest.post(f"/api/rooms/{room}/lock", data={"csrf": token_g})
        assert r.status_code == 403
        token_a = csrf(ann)
        assert ann.post(f"/api/rooms/{room}/ready", data={"csrf": token_a}).json()["waiting"]
        # before the game starts, a seat's page leads to the waiting room
        got = guest.post(f"/api/rooms/{room}/ready", data={"csrf": token_g}).json()
        assert not got["waiting"] and got["play"].startswith("/play/")
        a_play = ann.get(f"/api/rooms/{room}").json()["play"]
        assert a_play != got["play"]
        # only the host pauses a lobby room's game
        with guest.websocket_connect("/ws/" + got["play"].split("/")[-1]) as ws:
            ws.send_json({"type": "pause"})
            while True:
                msg = ws.receive_json()
                if msg["type"] == "error":
                    assert msg["code"] == "forbidden" and "host" in msg["message"]
                    break
        # one page opens the table, then closes: both people are away, bots play their seats
        with ann.websocket_connect("/ws/" + a_play.split("/")[-1]) as ws:
            assert ws.receive_json()["type"] == "chat"
        done = wait_finished(ann, room)
        assert done["finished"]
        ann_profile = ann.get("/api/players/Ann").json()
        gus = ann.get("/api/players/gus").json()
        assert ann_profile["ratings"]["hongkong"]["games"] == 1
        assert gus["ratings"]["hongkong"]["games"] == 1
        assert ann_profile["ratings"]["hongkong"]["provisional"]
        assert len(ann_profile["games"]) == 1 and ann_profile["stats"]["hands"] == 1
        game = ann_profile["games"][0]
        assert game["players"][:2] == ["Ann", "Gus"] and game["seat"] == 0
        board = ann.get("/leaderboard?rules=hongkong").text
        assert "Ann" in board and "Gus" in board
        # the lobby shows a seated account's rating (provisional), a new one's as unrated
        r = ann.post("/tables", data={**form, "csrf": csrf_of(ann.get("/").text)},
                     follow_redirects=False)
        second = r.headers["location"].split("/")[-1]
        listed = next(x for x in bob.get("/api/rooms").json()["rooms"] if x["id"] == second)
        assert listed["seats"][0]["rating"] == ann_profile["ratings"]["hongkong"]["rating"]
        assert listed["seats"][0]["provisional"]
        assert "(provisional)" in bob.get("/lobby").text
        # the replay: a seat's frames never hold another seat's concealed tiles
        seat0 = ann.get(f"/api/replay/{game['id']}?seat=0").json()
        assert seat0["frames"] and all(f["hands"] is None for f in seat0["frames"])
        for f in seat0["frames"]:
            for e in f["events"]:
                if e["type"] == "draw" and e.get("player") != 0:
                    assert "tile" not in e or e["tile"] is None
        spectator = ann.get(f"/api/replay/{game['id']}?seat=-1").json()
        assert all(f["view"]["concealed"] == "" for f in spectator["frames"])
        full = ann.get(f"/api/replay/{game['id']}?seat=-1&full=1").json()
        assert all(len(f["hands"]) == 4 for f in full["frames"])
        assert full["frames"][-1]["view"]["phase"] == "game_over"
        assert ann.get(f"/replay/{game['id']}").status_code == 200
        assert ann.get(f"/api/replay/{game['id']}?seat=7").status_code == 400
        assert ann.get("/api/replay/nope").status_code == 404
        assert ann.get("/api/players/nobody-here").status_code == 404


def _offline_actions(row: Any) -> list[dict[str, Any]]:
    """A whole game of ``row`` played by bots offline: its actions, as a server would have
    stored them."""
    from mahjong_table.engine import Game
    from mahjong_table.players import make_bot, play_game
    from mahjong_table.rules import get_rule_set

    rules = get_rule_set(row.rules, **row.options)
    game = Game(rules, row.seed, max_hands=row.max_hands, names=list(row.names))
    actions: list[dict[str, Any]] = []
    play_game(game, [make_bot("efficiency", i, rules=rules) for i in range(4)],
              on_action=lambda _g, a: actions.append(a.to_json()))
    assert game.events[-1].type == "game_end"
    return actions


def test_a_game_whose_server_died_at_its_end_is_rated_once_by_the_next(db: str) -> None:
    """Issue 46 "real components": every action of a rated game was stored, then the
    process that ran it died before it noted the end. The next process that opens the room
    (a second application on the same database) notes it finished and rates it, once; a
    third opening, and the first process's own late attempt, rate nothing more."""
    from mahjong_table.web.store import Store

    app1 = create_app(db)
    with new_client(app1) as ann:
        sign_up(ann, "Ann")
        form = {"rules": "hongkong", "seat0": "human", "seat1": "efficiency",
                "seat2": "efficiency", "seat3": "efficiency", "max_hands": "1",
                "public": "1", **FAST}
        r = ann.post("/tables", data={**form, "csrf": csrf_of(ann.get("/").text)},
                     follow_redirects=False)
        room = r.headers["location"].split("/")[-1]
        got = ann.post(f"/api/rooms/{room}/ready", data={"csrf": csrf(ann)}).json()
        assert not got["waiting"]
        play = got["play"].split("/")[-1]
        cookies = dict(ann.cookies)
    store = Store(db)
    try:
        row = store.current_game(room)
        assert row is not None and not row.finished
        for seq, action in enumerate(_offline_actions(row)):
            store.add_action(row.id, seq, action)  # ... and the process died here
        assert not store.was_rated(row.id)
        app2 = create_app(db)
        with new_client(app2) as again:
            again.cookies.update(cookies)
            with again.websocket_connect(f"/ws/{play}") as ws:
                ws.receive_json()
                end = time.monotonic() + 20
                while not store.was_rated(row.id):
                    assert time.monotonic() < end, "the game was not rated"
                    time.sleep(0.1)
            prof = again.get("/api/players/Ann").json()
            assert prof["ratings"]["hongkong"]["games"] == 1
        app3 = create_app(db)
        with new_client(app3) as third, third.websocket_connect(f"/ws/{play}") as ws:
            ws.receive_json()
            time.sleep(0.5)
            assert third.get("/api/players/Ann").json()["ratings"]["hongkong"]["games"] == 1
        # the dead process's own finish, had it come late, rates nothing more
        from mahjong_table.web.accounts import rate_game

        finished = store.current_game(room)
        assert finished is not None and finished.finished and finished.result is not None
        rating = rate_game(row.rules, finished.seats, store.seat_holders(room),
                           finished.result["scores"])
        assert rating is not None
        assert store.finish_game(row.id, finished.result, rating) is False
        assert store.ratings(1)["hongkong"].games == 1
    finally:
        store.close()


def test_two_processes_finishing_one_game_at_once_rate_it_once(db: str) -> None:
    """Issue 46: two stores (as two processes) note one game finished at the same moment:
    exactly one updates the ratings."""
    import threading

    from mahjong_table.web.accounts import rate_game
    from mahjong_table.web.app import parse_form
    from mahjong_table.web.store import Store

    stores = [Store(db), Store(db)]
    try:
        acct = stores[0].create_account("Eve", "eve", "x")
        row = parse_form({"rules": "hongkong", "seat0": "human", "seat1": "efficiency",
                          "seat2": "efficiency", "seat3": "efficiency"})
        stores[0].create_lobby_room(row, public=True, host=f"a:{acct.id}", host_seat=0)
        result = {"scores": [10, 0, -5, -5], "standings": [0, 1, 2, 3]}
        outcomes: list[bool] = []
        barrier = threading.Barrier(2)

        def finish(store: Store) -> None:
            rating = rate_game("hongkong", row.seats, store.seat_holders(row.id),
                               result["scores"])
            barrier.wait()
            outcomes.append(store.finish_game(row.id, result, rating))

        threads = [threading.Thread(target=finish, args=(s,)) for s in stores]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == [False, True]
        assert stores[1].ratings(acct.id)["hongkong"].games == 1
    finally:
        for s in stores:
            s.close()


def test_nothing_leaks_across_accounts(db: str) -> None:
    """Issue 46 "bad input": Bob reads every page and JSON message Ann's room and account
    give out, as himself, and finds none of Ann's secrets (her seat's link, her session,
    her CSRF token); he cannot act for her in the waiting room, take her seat, or read her
    private room."""
    app = create_app(db)
    with new_client(app) as ann, new_client(app) as bob:
        sign_up(ann, "Ann")
        sign_up(bob, "Bob")
        form = {"rules": "hongkong", "seat0": "human", "seat1": "human",
                "seat2": "efficiency", "seat3": "efficiency", "max_hands": "1",
                "public": "1", **FAST}
        r = ann.post("/tables", data={**form, "csrf": csrf_of(ann.get("/").text)},
                     follow_redirects=False)
        room = r.headers["location"].split("/")[-1]
        ann_token = csrf(ann)
        ann_cookie = ann.cookies.get("mt_session")
        assert ann_cookie
        # Ann makes it private: Bob can no longer read it or join
        ann.post(f"/api/rooms/{room}/private", data={"csrf": ann_token})
        assert bob.get(f"/api/rooms/{room}").status_code == 404
        assert bob.get(f"/room/{room}").status_code == 404
        r = bob.post("/lobby/join", data={"room": room, "seat": "1", "csrf": csrf(bob)})
        assert r.status_code == 400 and "private" in r.text
        ann.post(f"/api/rooms/{room}/public", data={"csrf": ann_token})
        # Bob, with Ann's CSRF token, is refused: the token is his browser's own
        r = bob.post(f"/api/rooms/{room}/start", data={"csrf": ann_token})
        assert r.status_code == 403
        # ... and with his own, is not the host
        r = bob.post(f"/api/rooms/{room}/start", data={"csrf": csrf(bob)})
        assert r.status_code == 403 and "host" in r.json()["error"]
        r = bob.post(f"/api/rooms/{room}/ready", data={"csrf": csrf(bob)})
        assert r.status_code == 403  # no seat of his
        bob.post("/lobby/join", data={"room": room, "seat": "1", "csrf": csrf(bob)})
        ann.post(f"/api/rooms/{room}/ready", data={"csrf": ann_token})
        got = bob.post(f"/api/rooms/{room}/ready", data={"csrf": csrf(bob)}).json()
        assert got["you"] == 1 and got["play"]
        ann_play = ann.get(f"/api/rooms/{room}").json()["play"]
        assert ann_play and ann_play != got["play"]
        secrets = [ann_play.split("/")[-1], ann_cookie, ann_token]
        pages = ["/", "/lobby", "/api/rooms", f"/api/rooms/{room}", f"/room/{room}",
                 "/account", "/players/Ann", "/api/players/Ann", "/leaderboard",
                 got["play"]]
        for path in pages:
            text = bob.get(path).text
            for secret in secrets:
                assert secret not in text, (path, secret[:12])
        with bob.websocket_connect("/ws/" + got["play"].split("/")[-1]) as ws:
            for _ in range(5):
                text = ws.receive_text()
                for secret in secrets:
                    assert secret not in text
        # a forged cookie (Ann's session id signed with another secret) is a new guest
        from mahjong_table.web.accounts import SessionCookie

        forged = SessionCookie("not the server's").write("g", "s")
        with new_client(app) as mallory:
            mallory.cookies.set("mt_session", forged)
            assert "Sign in" in mallory.get("/account").text
            assert "Signed in as" not in mallory.get("/account").text


def test_quick_play_asked_at_once_fills_one_room_then_the_next(db: str) -> None:
    """Issue 46 item 2: eight people asking for quick play at the same moment, through two
    stores (as two processes), sit four to a room: two rooms, not eight."""
    import threading

    from mahjong_table.web.app import parse_form
    from mahjong_table.web.store import Store

    stores = [Store(db), Store(db)]
    try:
        rooms: list[str] = []
        barrier = threading.Barrier(8)

        def ask(i: int) -> None:
            row = parse_form({"rules": "hongkong", **{f"seat{k}": "human" for k in range(4)}})
            barrier.wait()
            room, due = stores[i % 2].quick_seat("hongkong", f"g:person{i}", row,
                                                 time.time() + 300, "normal")
            assert not due
            rooms.append(room)

        threads = [threading.Thread(target=ask, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(rooms) == 8 and sorted(rooms.count(r) for r in set(rooms)) == [4, 4]
        for room in set(rooms):
            lr = stores[0].lobby_room(room)
            assert lr is not None and all(h is not None for h in lr.holders)
    finally:
        for s in stores:
            s.close()


def test_spectators_see_the_table_with_the_rooms_delay(tmp_path: Path) -> None:
    """Issue 46 item 2: a room's ``spectator_delay`` holds every message to a spectator's
    page back that long (a seat's page is not held back); 0 keeps spectators live."""
    import re as _re

    app = create_app(f"sqlite:///{tmp_path / 'web.db'}")
    with TestClient(app) as c:
        for delay, late in (("1.5", True), ("0", False)):
            form = {"rules": "hongkong", "seat0": "human", "seat1": "efficiency",
                    "seat2": "efficiency", "seat3": "efficiency", "max_hands": "1",
                    "spectator_delay": delay, **FAST}
            r = c.post("/tables", data=form)
            assert r.status_code == 201, r.text
            seat = _re.search(r'data-seat="0" href="http://testserver/play/([^"]+)"', r.text)
            watch = _re.search(r'href="http://testserver/watch/([^"]+)"', r.text)
            assert seat is not None and watch is not None
            with c.websocket_connect(f"/ws/{seat.group(1)}") as ws:
                t0 = time.monotonic()
                assert ws.receive_json()["type"] == "chat"
                assert ws.receive_json()["type"] == "state"
                assert time.monotonic() - t0 < 1.0  # a seat: at once
                with c.websocket_connect(f"/ws/{watch.group(1)}") as spectator:
                    t0 = time.monotonic()
                    assert spectator.receive_json()["type"] == "chat"
                    msg = spectator.receive_json()
                    waited = time.monotonic() - t0
                    assert msg["type"] == "state" and msg["seat"] == -1
                    if late:
                        assert waited >= 1.4, waited
                    else:
                        assert waited < 1.0, waited


def test_a_paused_game_takes_no_action_until_it_is_resumed(tmp_path: Path) -> None:
    """Issue 46 item 2 (a host control): while a game is paused no bot acts and a person's
    action is refused (``paused``); resumed, it plays on. In a lobby room only the host may
    pause; spectators never."""
    import re as _re

    app = create_app(f"sqlite:///{tmp_path / 'web.db'}")
    with TestClient(app) as c:
        # the person sits last: the three bots before it play first
        form = {"rules": "hongkong", "seat0": "efficiency", "seat1": "efficiency",
                "seat2": "efficiency", "seat3": "human", "max_hands": "1",
                **{**FAST, "bot_delay": "0.3", "turn_seconds": "60"}}
        r = c.post("/tables", data=form)
        seat = _re.search(r'data-seat="3" href="http://testserver/play/([^"]+)"', r.text)
        watch = _re.search(r'href="http://testserver/watch/([^"]+)"', r.text)
        assert seat is not None and watch is not None

        def next_state(ws: Any) -> dict[str, Any]:
            while True:
                msg: dict[str, Any] = ws.receive_json()
                if msg["type"] in ("state", "error"):
                    return msg

        with c.websocket_connect(f"/ws/{seat.group(1)}") as ws:
            state = next_state(ws)
            ws.send_json({"type": "pause"})
            while not state.get("paused"):
                state = next_state(ws)
            live = next(iter(app.state.holder["server"].tables.values()))
            actions = len(live.game.events)
            time.sleep(1.5)  # bots would have acted about five times
            assert len(live.game.events) == actions, "a bot acted while the game was paused"
            if state["actions"]:
                a = {k: v for k, v in state["actions"][0].items() if k != "label"}
                ws.send_json({"type": "action", "offer": state["offer"], "action": a})
                got = next_state(ws)
                assert got["type"] == "error" and got["code"] == "paused"
            with c.websocket_connect(f"/ws/{watch.group(1)}") as spectator:
                spectator.send_json({"type": "resume"})
                while True:
                    msg = spectator.receive_json()
                    if msg["type"] == "error":
                        assert msg["code"] == "forbidden"
                        break
            ws.send_json({"type": "resume"})
            end = time.monotonic() + 10
            while True:
                state = next_state(ws)
                if state["type"] == "state" and not state.get("paused") \
                        and len(live.game.events) > actions:
                    break
                assert time.monotonic() < end, "the game did not play on"


def test_the_hosts_controls_in_the_waiting_room(db: str) -> None:
    """Issue 46 item 2: the host swaps two seats, removes a person, locks the room (a join
    is refused) and unlocks it; a person leaves; a seat number out of range is named."""
    app = create_app(db)
    with new_client(app) as ann, new_client(app) as bob:
        sign_up(ann, "Ann")
        form = {"rules": "hongkong", "seat0": "human", "seat1": "human",
                "seat2": "efficiency", "seat3": "efficiency", "max_hands": "1",
                "public": "1", **FAST}
        r = ann.post("/tables", data={**form, "csrf": csrf_of(ann.get("/").text)},
                     follow_redirects=False)
        room = r.headers["location"].split("/")[-1]
        token_a, token_b = csrf(ann), csrf_of(bob.get("/lobby").text)
        bob.post("/lobby/join", data={"room": room, "target": f"{room}:1", "csrf": token_b})
        assert bob.get(f"/api/rooms/{room}").json()["you"] == 1
        got = ann.post(f"/api/rooms/{room}/swap", data={"a": "0", "b": "1", "csrf": token_a})
        assert got.json()["you"] == 1 and bob.get(f"/api/rooms/{room}").json()["you"] == 0
        r = ann.post(f"/api/rooms/{room}/swap", data={"a": "0", "b": "7", "csrf": token_a})
        assert r.status_code == 400 and "b: a seat, 0 to 3" in r.json()["error"]
        r = ann.post(f"/api/rooms/{room}/swap", data={"a": "0", "b": "2", "csrf": token_a})
        assert r.status_code == 400  # a bot's seat
        got = ann.post(f"/api/rooms/{room}/remove", data={"seat": "0", "csrf": token_a})
        assert got.json()["seats"][0]["kind"] == "open"
        assert bob.get(f"/api/rooms/{room}").json()["you"] is None
        assert ann.post(f"/api/rooms/{room}/lock", data={"csrf": token_a}).json()["locked"]
        r = bob.post("/lobby/join", data={"room": room, "seat": "0", "csrf": token_b})
        assert r.status_code == 400 and "locked" in r.text
        assert not ann.post(f"/api/rooms/{room}/unlock",
                            data={"csrf": token_a}).json()["locked"]
        bob.post("/lobby/join", data={"room": room, "seat": "0", "csrf": token_b})
        assert bob.get(f"/api/rooms/{room}").json()["you"] == 0
        got = bob.post(f"/api/rooms/{room}/leave", data={"csrf": token_b})
        assert got.json()["you"] is None and got.json()["seats"][0]["kind"] == "open"
        r = bob.post(f"/api/rooms/{room}/nonsense", data={"csrf": token_b})
        assert r.status_code == 400 and "unknown operation" in r.json()["error"]
