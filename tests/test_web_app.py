"""The web table over HTTP and websockets (issue 9), through Starlette's test client: the
lobby, seat links as capabilities, what a websocket client is sent and what it may send, tile
pictures, records."""

from __future__ import annotations

import json
import re
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2, not yet on PyPI here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from mahjong_table.record import replay
from mahjong_table.rules import RULE_SETS, get_rule_set
from mahjong_table.tiles import TILES
from mahjong_table.web.app import MAX_BODY, MAX_MESSAGE, RATE, create_app

FAST = {"claim_seconds": "2", "claim_pause": "0", "bot_delay": "0"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}")
    with TestClient(app) as c:
        yield c


def create(client: TestClient, **fields: str) -> dict[str, Any]:
    form = {"rules": "hongkong", "seat0": "human", "seat1": "efficiency",
            "seat2": "efficiency", "seat3": "efficiency", "max_hands": "1", **FAST, **fields}
    if "seed" in fields and "practice_deal" not in fields:
        form["practice_deal"] = "1"  # the tests' seeds deal their games, as in practice
    r = client.post("/tables", data=form)
    assert r.status_code == 201, r.text
    seats = dict(re.findall(r'data-seat="(\d)" href="http://testserver/play/([^"]+)"', r.text))
    watch = re.search(r'href="http://testserver/watch/([^"]+)"', r.text)
    assert watch is not None
    return {"seats": {int(k): v for k, v in seats.items()}, "watch": watch.group(1),
            "html": r.text}


def recv_state(ws: Any) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "state":
            return msg


def recv_error(ws: Any) -> dict[str, Any]:
    """The next error message, past the states the table keeps sending (bots play on)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] != "state":
            return msg


def test_lobby_offers_every_rule_set_option_with_its_help() -> None:
    """Issue 9 item 2: the lobby form has every option of every rule set, with its help
    text, the game length, the seats (a person or which bot) and the table settings."""
    from mahjong_table.web.app import lobby_page

    html = lobby_page()
    for name in RULE_SETS:
        for o in get_rule_set(name).options_spec:
            assert f'name="opt_{name}_{o.name}"' in html
            assert o.help.replace("'", "&#x27;") in html
    for field in ("max_hands", "seat0", "seat3", "claim_seconds", "claim_pause", "bot_delay"):
        assert f'name="{field}"' in html
    assert "efficiency bot" in html and "american bot" in html


def test_create_a_table_and_its_links_are_signed_capabilities(client: TestClient) -> None:
    """Issue 9 item 2: each person's seat gets its own link, spectators one link; a link
    whose token is changed, or a seat link used as a spectator link, is refused."""
    t = create(client, seat2="human", name2="Ann")
    assert set(t["seats"]) == {0, 2}
    assert "Ann" in t["html"]
    r = client.get(f"/play/{t['seats'][0]}")
    assert r.status_code == 200 and "table.js" in r.text
    assert '<link rel="icon" href="data:image/svg+xml,' in r.text  # the tab has an icon
    assert client.get(f"/watch/{t['watch']}").status_code == 200
    forged = t["seats"][0][:-3] + ("aaa" if not t["seats"][0].endswith("aaa") else "bbb")
    assert client.get(f"/play/{forged}").status_code == 404
    assert client.get(f"/watch/{t['seats'][0]}").status_code == 404
    assert client.get(f"/play/{t['watch']}").status_code == 404
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(f"/ws/{forged}") as ws:
        ws.receive_json()


def test_bad_lobby_input_is_named(client: TestClient) -> None:
    """Bad input gets a clear error naming the problem (developers' guide)."""
    r = client.post("/tables", data={"rules": "hongkong", "opt_hongkong_rounds": "9"})
    assert r.status_code == 400 and "rounds" in r.text
    r = client.post("/tables", data={"rules": "hongkong", "seat1": "american"})
    assert r.status_code == 400 and "card" in r.text
    r = client.post("/tables", data={"rules": "american", "opt_american_card": "/etc/passwd"})
    assert r.status_code == 400 and "practice card" in r.text
    r = client.post("/tables", data={"rules": "hongkong", "claim_pause": "99"})
    assert r.status_code == 400 and "claim_pause" in r.text


def test_a_seat_is_sent_its_own_view_and_acts_through_the_engine(client: TestClient) -> None:
    """Issue 9 items 3 and 5: a seat's client gets its own concealed tiles, the legal actions
    with labels and a decision number; a stale decision number and an illegal action are
    refused with a message (the engine's own for an illegal one) and change nothing; a
    spectator gets no concealed tiles and cannot act."""
    t = create(client, seat1="human", seed="ws-1")
    with client.websocket_connect(f"/ws/{t['seats'][0]}") as ws0, \
            client.websocket_connect(f"/ws/{t['watch']}") as wsw:
        watch = recv_state(wsw)
        assert watch["view"]["concealed"] == "" and watch["actions"] == []
        wsw.send_json({"type": "action", "offer": 0, "action": {"kind": "pass"}})
        assert recv_error(wsw)["code"] == "forbidden"
        me = recv_state(ws0)
        assert me["seat"] == 0 and len(me["view"]["concealed"]) > 0
        # wait for a decision of seat 0
        deadline = time.monotonic() + 20
        while not me["actions"]:
            assert time.monotonic() < deadline
            me = recv_state(ws0)
        offer = me["offer"]
        ws0.send_json({"type": "action", "offer": offer + 1000, "action": me["actions"][0]})
        err = ws0.receive_json()
        assert err["type"] == "error" and err["code"] == "stale"
        recv_state(ws0)
        ws0.send_json({"type": "action", "offer": offer,
                       "action": {"kind": "chow", "tile": "1m", "player": 3}})
        err = ws0.receive_json()
        assert err["code"] == "illegal" and "(" in err["message"]
        recv_state(ws0)
        ws0.send_json({"type": "hint"})
        while True:
            hint = ws0.receive_json()
            if hint["type"] == "hint":
                break
        assert hint["lines"]
        pick = {k: v for k, v in me["actions"][0].items() if k != "label"}
        ws0.send_json({"type": "action", "offer": offer, "action": pick})
        while True:
            got = ws0.receive_json()
            if got["type"] == "ack":
                break
            assert got["type"] == "state"


def test_message_size_and_rate_limits(client: TestClient) -> None:
    """Issue 9 item 5: a message over the size limit is refused (and the socket serves on);
    a flood is answered with 'slow down' and not acted on."""
    t = create(client, seed="limits")
    with client.websocket_connect(f"/ws/{t['seats'][0]}") as ws:
        recv_state(ws)
        for _ in range(int(RATE[0]) + 10):
            ws.send_json({"type": "ping"})
        codes = []
        for _ in range(int(RATE[0]) + 10):
            msg = ws.receive_json()
            while msg["type"] == "state":
                msg = ws.receive_json()
            codes.append(msg.get("code", msg["type"]))
        assert "rate" in codes and codes.count("pong") >= int(RATE[0]) - 1
    with client.websocket_connect(f"/ws/{t['seats'][0]}") as ws:
        recv_state(ws)
        ws.send_text("x" * (MAX_MESSAGE + 1))
        msg = ws.receive_json()
        while msg["type"] == "state":
            msg = ws.receive_json()
        assert msg["code"] == "too_large"
        ws.send_json({"type": "ping"})
        assert recv_error(ws)["type"] == "pong", "the message was refused, not the socket"


def call_app(client: TestClient, method: str, path: str, chunks: Iterator[bytes],
             headers: dict[str, str] | None = None,
             host: str = "127.0.0.1") -> tuple[int, dict[str, str], int]:
    """Send one HTTP request straight to the running app (the test client's event loop), its
    body streamed in from ``chunks`` one ASGI message each, as a server passes a body on as
    it arrives (Starlette's test client reads a generator whole before the app sees it).
    Returns the status, the response headers and how many chunks the app asked for."""
    asked = [0]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        asked[0] += 1
        chunk = next(chunks, None)
        if chunk is None:
            return {"type": "http.request", "body": b"", "more_body": False}
        return {"type": "http.request", "body": chunk, "more_body": True}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "root_path": "", "query_string": b"", "client": (host, 50000),
             "server": ("testserver", 80),
             "headers": [(b"host", b"testserver"),
                         (b"content-type", b"application/x-www-form-urlencoded"),
                         *((k.lower().encode(), v.encode())
                           for k, v in (headers or {}).items())]}
    assert client.portal is not None
    client.portal.call(client.app, scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    got = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    return start["status"], got, asked[0]


def test_a_body_over_the_limit_is_refused_as_it_streams_in(client: TestClient) -> None:
    """Limits: a request body is read as it comes, and refused with 413 as soon as it passes
    MAX_BODY bytes; the rest is not read (a 300 MB body used to be read whole first). A
    Content-Length over the limit is refused before any of the body is read."""
    chunk = 4096
    pulled = [0]

    def body() -> Iterator[bytes]:
        for _ in range(300 * 1024 * 1024 // chunk):  # 300 MB, if it were all read
            pulled[0] += 1
            yield b"x" * chunk

    status, headers, asked = call_app(client, "POST", "/tables", body())
    assert status == 413 and headers["connection"] == "close"
    read = pulled[0] * chunk
    assert MAX_BODY < read <= MAX_BODY + chunk, f"{read} bytes read before the 413"
    assert asked == pulled[0]
    # declared too large: refused before a byte of the body is read
    pulled[0] = 0
    status, _, asked = call_app(client, "POST", "/tables", body(),
                                headers={"content-length": str(300 * 1024 * 1024)})
    assert status == 413 and asked == 0 and pulled[0] == 0
    status, _, asked = call_app(client, "POST", "/tables", body(),
                                headers={"content-length": "lots"})
    assert status == 400 and asked == 0
    # a form within the limit, sent in pieces, still creates a table
    form = b"rules=hongkong&seat0=efficiency&max_hands=1&claim_pause=0"
    status, _, _ = call_app(client, "POST", "/tables", iter([form[:10], form[10:]]))
    assert status == 201
    r = client.post("/tables", content=b"x" * (MAX_BODY + 1),
                    headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413 and "too large" in r.text


def test_the_table_creation_limit_is_per_client_address(tmp_path: Path) -> None:
    """Limits: the lobby's creation limit counts each client address apart. A client over
    it is answered 429 Too Many Requests with Retry-After (seconds), before its form is
    read; another address is still served; a refused form does not count."""
    form = {"rules": "hongkong", "seat0": "human", "seat1": "human", "seat2": "human",
            "seat3": "human", "max_hands": "1"}
    body = "&".join(f"{k}={v}" for k, v in form.items()).encode()
    app = create_app(f"sqlite:///{tmp_path / 'rate.db'}", tables_per_minute=2)
    with TestClient(app, client=("192.0.2.1", 50000)) as a:  # client A's address
        assert a.post("/tables", data={"rules": "nope"}).status_code == 400
        assert a.post("/tables", data=form).status_code == 201
        assert a.post("/tables", data=form).status_code == 201
        r = a.post("/tables", data=form)
        assert r.status_code == 429 and "too many tables" in r.text
        assert 1 <= int(r.headers["retry-after"]) <= 60
        # a body is not even read once the address is over the limit
        status, headers, asked = call_app(a, "POST", "/tables", iter([body]),
                                          host="192.0.2.1")
        assert (status, asked) == (429, 0) and "retry-after" in headers
        # another address is served, up to its own limit
        for _ in range(2):
            status, _, _ = call_app(a, "POST", "/tables", iter([body]), host="10.1.2.3")
            assert status == 201
        status, headers, _ = call_app(a, "POST", "/tables", iter([body]), host="10.1.2.3")
        assert status == 429 and int(headers["retry-after"]) >= 1
        # an IPv6 host is limited by its /64 network, another /64 is not
        for host in ("2001:db8::1", "2001:db8::2"):
            assert call_app(a, "POST", "/tables", iter([body]), host=host)[0] == 201
        assert call_app(a, "POST", "/tables", iter([body]), host="2001:db8::3")[0] == 429
        assert call_app(a, "POST", "/tables", iter([body]), host="2001:db8:0:1::1")[0] == 201


#: frames a client may send that the table does not read: (what, how it is sent, the error)
MALFORMED_FRAMES: list[tuple[str, str, bytes | str, str]] = [
    ("a binary frame", "bytes", b"\x00\x01{\"type\": \"ping\"}", "malformed"),
    ("an empty binary frame", "bytes", b"", "malformed"),
    ("text that is not JSON", "text", "{not json", "malformed"),
    ("an empty text", "text", "", "malformed"),
    ("JSON nested 2,000 deep", "text", "[" * 2000 + "]" * 2000, "malformed"),
    ("an object nested 800 deep", "text", '{"":' * 800 + "1" + "}" * 800, "malformed"),
    ("a number too long to read", "text", "9" * 4090, "malformed"),
    ("JSON that is not an object", "text", "[1, 2]", "malformed"),
    ("null", "text", "null", "malformed"),
    ("a type that is a list", "text", '{"type": ["ping"]}', "malformed"),
    ("an unknown type", "text", '{"type": "dance"}', "malformed"),
    ("no type", "text", '{"offer": 1}', "malformed"),
    ("an offer that is a string", "text",
     '{"type": "action", "offer": "0", "action": {"kind": "pass"}}', "malformed"),
    ("an offer that is true", "text",
     '{"type": "action", "offer": true, "action": {"kind": "pass"}}', "malformed"),
    ("an action that is a list", "text", '{"type": "action", "offer": 0, "action": []}',
     "malformed"),
    ("a tile that is a list", "text",
     '{"type": "action", "offer": 0, "action": {"kind": "discard", "tile": [1]}}',
     "malformed"),
    ("a tile nested 900 deep", "text",
     '{"type": "action", "offer": 0, "action": {"kind": "discard", "tile": '
     + "[" * 900 + "]" * 900 + "}}", "malformed"),
    ("a kind that is a number", "text",
     '{"type": "action", "offer": 0, "action": {"kind": 5}}', "malformed"),
    ("tiles that are a number", "text",
     '{"type": "action", "offer": 0, "action": {"kind": "chow", "tiles": 5}}', "malformed"),
    ("a target that is an object", "text",
     '{"type": "action", "offer": 0, "action": {"kind": "pass", "target": {}}}', "malformed"),
    ("an action without a kind", "text",
     '{"type": "action", "offer": 0, "action": {"tile": "1m"}}', "malformed"),
    ("a text over the size limit", "text", "x" * (MAX_MESSAGE + 1), "too_large"),
    ("a text over the limit in bytes, not in characters", "text",
     '"' + "\u00e9" * (MAX_MESSAGE // 2 + 10) + '"', "too_large"),
]


def test_every_malformed_frame_gets_an_error_and_the_socket_serves_on(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Robustness: every frame the table cannot read (binary, not JSON, JSON nested too deep
    for the parser, fields of the wrong type, an unknown type, too large) is answered with
    an ``error`` message of the documented codes, logs no traceback and no error, and the
    socket answers the next message (a ping) as before."""
    import logging

    caplog.set_level(logging.DEBUG)
    t = create(client, seat1="human", seat2="human", seat3="human", seed="bad-frames")
    seat = next(iter(t["seats"].values()))
    with client.websocket_connect(f"/ws/{seat}") as ws:
        recv_state(ws)
        for what, how, frame, code in MALFORMED_FRAMES:
            if how == "bytes":
                assert isinstance(frame, bytes)
                ws.send_bytes(frame)
            else:
                assert isinstance(frame, str)
                ws.send_text(frame)
            err = recv_error(ws)
            assert err["type"] == "error" and err["code"] == code, (what, err)
            assert err["message"], what
            ws.send_json({"type": "ping"})
            assert recv_error(ws)["type"] == "pong", f"the socket serves on after {what}"
            time.sleep(0.1)  # two messages each: stay within the rate limit's refill
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert bad == [], [r.getMessage() for r in bad]
    assert "Traceback" not in caplog.text


def test_a_seat_takes_a_few_connections_not_a_flood(client: TestClient) -> None:
    """Issue 9 item 5: at most MAX_PER_SEAT connections to one seat at once (a few tabs)."""
    from contextlib import ExitStack

    from mahjong_table.web.app import MAX_PER_SEAT

    t = create(client, seed="conns")
    with ExitStack() as stack:
        for _ in range(MAX_PER_SEAT):
            ws = stack.enter_context(client.websocket_connect(f"/ws/{t['seats'][0]}"))
            recv_state(ws)
        with pytest.raises(WebSocketDisconnect) as exc, \
                client.websocket_connect(f"/ws/{t['seats'][0]}") as ws:
            ws.receive_json()
        assert exc.value.code == 4429


def test_tiles_are_served_as_pictures_with_text_alternatives(client: TestClient) -> None:
    """Issue 9 item 3: every tile of every rule set (suits, honours, flowers, seasons,
    jokers) and the back are SVG pictures whose title holds the glyph and mpsz name."""
    for t in TILES:
        r = client.get(f"/tile/{t}.svg")
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg")
        assert f"{t.glyph} {t}" in r.text and "<svg" in r.text
    assert client.get("/tile/back.svg").status_code == 200
    assert client.get("/tile/0m.svg").status_code == 404
    assert client.get("/tile/11m.svg").status_code == 404


def test_a_finished_game_downloads_as_a_record_that_replays(client: TestClient,
                                                            tmp_path: Path) -> None:
    """Issue 9 item 4: the record is refused while the game runs (it holds every hidden
    tile) and given once it is over; `mahjong-table replay` verifies it."""
    t = create(client, seat0="efficiency", seed="rec")
    assert t["seats"] == {}
    token = t["watch"]
    with client.websocket_connect(f"/ws/{token}") as ws:
        deadline = time.monotonic() + 60
        while True:
            msg = recv_state(ws)
            if msg["game_end"] is not None:
                break
            assert time.monotonic() < deadline
            r = client.get(f"/record/{token}")
            assert r.status_code in (200, 409)
    r = client.get(f"/record/{token}")
    assert r.status_code == 200
    path = tmp_path / "rec.jsonl"
    path.write_text(r.text)
    report = replay(path)
    assert report.ok, report.problem
    first = json.loads(r.text.splitlines()[0])
    assert first["seed"] == "rec" and first["rules"] == "hongkong"


def test_a_finished_game_is_reviewed_on_its_page_as_the_review_command_reviews_it(
        client: TestClient, tmp_path: Path) -> None:
    """Issue 43: /review/TOKEN judges every decision of the seat's finished game, the same
    numbers as ``mahjong-table review`` gives for its record; refused while the game runs
    (409), for a watcher's link without a seat (400) and for a bad link (404)."""
    from mahjong_table.review import review_record

    t = create(client, seat0="efficiency", seed="rev")
    token = t["watch"]
    with client.websocket_connect(f"/ws/{token}") as ws:
        assert client.get(f"/review/{token}?seat=0").status_code == 409
        deadline = time.monotonic() + 60
        while recv_state(ws)["game_end"] is None:
            assert time.monotonic() < deadline
    assert client.get(f"/review/{token}").status_code == 400
    assert client.get(f"/review/{token}?seat=7").status_code == 400
    assert client.get(f"/review/{token}?seat=0&game=x").status_code == 400
    assert client.get("/review/not-a-token?seat=0").status_code == 404
    r = client.get(f"/review/{token}?seat=2&game=0")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    path = tmp_path / "rev.jsonl"
    path.write_text(client.get(f"/record/{token}").text)
    (want,) = review_record(path, 2)
    assert want.decisions, "the seat made no decision to review"
    summary = (f"{len(want.decisions)} decisions, "
               f"{sum(1 for d in want.decisions if d.agrees)} as the judgement prefers, "
               f"{want.total_loss:.1f} expected points given up")
    assert summary in r.text
    assert r.text.count('<section') == len(want.decisions)
    # a seat's own link reviews its seat; its game (a person's, not played) is not over
    human = create(client, seed="rev2")
    assert client.get(f"/review/{human['seats'][0]}").status_code == 409


def _start_hands(rules: str, seed: str) -> list[str]:
    """The concealed tiles of the four seats that ``Game(get_rule_set(rules), seed)`` deals
    (what a creator could compute offline from the seed typed)."""
    from mahjong_table.engine import Game

    game = Game(get_rule_set(rules), seed)
    return [game.view(p).to_json()["concealed"] for p in range(4)]


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_a_typed_seed_without_the_practice_flag_does_not_deal_the_game(
        client: TestClient, rules: str) -> None:
    """Fairness: the seed typed in the lobby alone does not deal the game. Without the
    practice flag the server mixes its own secret randomness into the stored seed, so the
    hands a seat is sent are none of those ``Game(rules, typed seed)`` deals; the stored
    seed is the effective one (the game rebuilds from it), and no page claims a practice
    deal."""
    from mahjong_table.web.table import build_game

    typed = f"known-{rules}"
    t = create(client, rules=rules, seat1="human", seat2="human", seat3="human",
               seed=typed, practice_deal="")
    offline = _start_hands(rules, typed)
    sent = []
    for seat in range(4):
        with client.websocket_connect(f"/ws/{t['seats'][seat]}") as ws:
            sent.append(recv_state(ws)["view"]["concealed"])
    assert all(hand not in offline for hand in sent), "a hand is the typed seed's deal"
    server = client.app.state.holder["server"]  # type: ignore[attr-defined]
    (row,) = server.store.tables()
    assert row.seed != typed and row.seed.startswith(f"{typed}+") and not row.practice
    rebuilt = build_game(row, server.store.actions(row.id))
    assert [rebuilt.view(p).to_json()["concealed"] for p in range(4)] == sent
    for token in [*t["seats"].values()]:
        assert "practice deal" not in client.get(f"/play/{token}").text
    assert "practice deal" not in client.get(f"/watch/{t['watch']}").text
    # the same seed typed again deals another game
    again = create(client, rules=rules, seat1="human", seat2="human", seat3="human",
                   seed=typed, practice_deal="")
    with client.websocket_connect(f"/ws/{again['seats'][0]}") as ws:
        assert recv_state(ws)["view"]["concealed"] != sent[0]


def test_a_practice_deal_honours_the_seed_and_every_page_says_so(client: TestClient) -> None:
    """Fairness: with the lobby's practice flag the typed seed deals the game exactly, and
    every page of that table (each seat's, the spectator's, the links page) shows "practice
    deal, seed X"."""
    typed = "practice-7"
    t = create(client, seat1="human", seed=typed, practice_deal="1")
    notice = f"practice deal, seed {typed}"
    assert notice in t["html"]
    pages = [client.get(f"/play/{tok}").text for tok in t["seats"].values()]
    pages.append(client.get(f"/watch/{t['watch']}").text)
    assert len(pages) == 3
    for html in pages:
        assert f'<span id="practice" class="practice" role="note">{notice}</span>' in html
    with client.websocket_connect(f"/ws/{t['seats'][1]}") as ws:
        assert recv_state(ws)["view"]["concealed"] == _start_hands("hongkong", typed)[1]
    r = client.post("/tables", data={"rules": "hongkong", "practice_deal": "maybe"})
    assert r.status_code == 400 and "practice_deal" in r.text


def test_serve_command_is_registered() -> None:
    """`mahjong-table serve --help` names its options (README's serve section)."""
    from mahjong_table.cli import build_parser

    parser = build_parser()
    args = parser.parse_args(["serve", "--port", "9001", "--db", "sqlite:///x.db"])
    assert args.port == 9001 and args.db == "sqlite:///x.db" and args.host == "127.0.0.1"


def test_american_charleston_and_play_through_the_websocket(client: TestClient) -> None:
    """Issue 9 item 3: every engine phase plays in the browser's protocol: an American
    table's person is offered the Charleston pass as one entry (how many tiles, how many
    blind), passes three tiles of their hand, votes, asks for a courtesy pass, and reaches
    play; the bots play on."""
    t = create(client, rules="american", seat1="american", seat2="american",
               seat3="american", seed="am-ws")
    seen_kinds: set[str] = set()
    with client.websocket_connect(f"/ws/{t['seats'][0]}") as ws:
        deadline = time.monotonic() + 60
        msg = recv_state(ws)
        while msg["view"]["phase"] in ("charleston",) or not seen_kinds:
            assert time.monotonic() < deadline
            if msg["actions"] and msg["offer"] is not None:
                acts = {a["kind"]: a for a in msg["actions"]}
                seen_kinds.update(acts)
                if "charleston_pass" in acts or "courtesy_pass" in acts:
                    entry = acts.get("charleston_pass") or acts["courtesy_pass"]
                    assert msg["stage"] is not None
                    hand = [x for x in re.findall(r"\d[mpszfgj]", _expand(
                        msg["view"]["concealed"])) if x != "1j"]
                    action = {"kind": entry["kind"], "tiles": "".join(hand[:entry["count"]])}
                else:
                    pick = acts.get("charleston_continue") or msg["actions"][-1]
                    action = {k: v for k, v in pick.items() if k != "label"}
                ws.send_json({"type": "action", "offer": msg["offer"], "action": action})
            msg = recv_state(ws)
            if msg["view"]["phase"] == "turn":
                break
    assert msg["view"]["phase"] != "charleston", "the Charleston ended and play began"
    assert "charleston_pass" in seen_kinds
    assert {"charleston_continue", "charleston_stop"} & seen_kinds or \
        "courtesy_ask" in seen_kinds


def _expand(text: str) -> str:
    """``"123m5z"`` -> ``"1m2m3m5z"``."""
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out.extend(d + ch for d in digits)
            digits = ""
    return "".join(out)


def test_serve_refuses_a_database_it_cannot_use(capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input gets a clear error naming the problem: an unknown database scheme."""
    from mahjong_table.cli import main

    assert main(["serve", "--db", "mysql://db/x"]) == 2
    assert "sqlite:///FILE or postgresql://" in capsys.readouterr().err


def test_the_lobby_offers_the_bot_levels_first_and_a_level_seats_its_rule_sets_bot(
        client: TestClient) -> None:
    """Issue 24 item 1: easy, normal and hard are offered in the lobby before the bots by
    name, each with its description, and a table with a level in a seat starts (the level
    plays the rule set's bot of that strength; an American table too)."""
    page = client.get("/").text
    options = re.findall(r'<select name="seat2" id="seat2">(.*?)</select>', page, re.S)[0]
    values = re.findall(r'<option value="([^"]+)"', options)
    assert values[:4] == ["human", "easy", "normal", "hard"]
    assert "reads the table" in options  # the hard level's description
    for rules in ("hongkong", "american"):
        t = create(client, rules=rules, seat1="hard", seat2="easy", seat3="normal")
        assert client.get(f"/play/{t['seats'][0]}").status_code == 200
