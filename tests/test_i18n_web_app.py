"""The web's language choice and the words of its scripts (issue 23, the web's share),
through Starlette's test client: Accept-Language, the ``?lang=`` switch remembered in the
``mt_lang`` cookie, ``<html lang>``, a websocket's state messages built in its page's
language (two pages of one table in two languages), the scripts' messages all in the
catalogue, and the buttons' English exactly the line mode's.
"""

from __future__ import annotations

import re
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

from i18n_vocabulary import assert_italian
from mahjong_table.engine import Game
from mahjong_table.i18n import use_language
from mahjong_table.players import make_bot
from mahjong_table.rules import RULE_SETS, get_rule_set
from mahjong_table.tui.line import describe_action
from mahjong_table.web.app import create_app
from mahjong_table.web.table import action_label
from mahjong_table.web.words import SCRIPT_MESSAGES, SCRIPT_PLURALS, script_words

STATIC = Path(__file__).resolve().parent.parent / "src" / "mahjong_table" / "web" / "static"
FAST = {"claim_seconds": "30", "claim_pause": "0", "bot_delay": "0"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'i18n.db'}")) as c:
        yield c


def _lang(html: str) -> str:
    got = re.search(r'<html lang="(\w+)"', html)
    assert got is not None
    return got.group(1)


def test_accept_language_chooses_and_the_switch_is_remembered(client: TestClient) -> None:
    """Issue 23, choosing the language: Accept-Language (the best language there is a
    catalogue for), ``?lang=`` sets the ``mt_lang`` cookie, which then wins over the header;
    an unknown ``?lang=`` or cookie is ignored."""
    assert _lang(client.get("/").text) == "en"
    r = client.get("/", headers={"Accept-Language": "fr-FR,it;q=0.8,en;q=0.5"})
    assert _lang(r.text) == "it" and "Crea il tavolo" in r.text and "set-cookie" not in r.headers
    r = client.get("/", headers={"Accept-Language": "de, en;q=0.9"})
    assert _lang(r.text) == "en" and "Create the table" in r.text
    r = client.get("/?lang=it", headers={"Accept-Language": "en"})
    assert _lang(r.text) == "it"
    assert "mt_lang=it" in r.headers["set-cookie"] and "Max-Age=" in r.headers["set-cookie"]
    # remembered (the test client keeps cookies), whatever the header says
    r = client.get("/", headers={"Accept-Language": "en"})
    assert _lang(r.text) == "it"
    assert 'data-lang="it" aria-current="true"' in r.text
    r = client.get("/?lang=xx")
    assert _lang(r.text) == "it" and "set-cookie" not in r.headers
    client.cookies.set("mt_lang", "klingon")
    assert _lang(client.get("/", headers={"Accept-Language": "en"}).text) == "en"


def test_lobby_errors_and_plain_answers_are_in_the_request_language(client: TestClient) -> None:
    """Issue 23: a refused form and a plain-text answer say what is wrong in the language
    of the request; in English exactly as before."""
    it = {"Accept-Language": "it"}
    r = client.post("/tables", data={"rules": "hongkong", "max_hands": "abc"}, headers=it)
    assert r.status_code == 400
    assert "mani: un numero intero da 1 a 100, oppure vuoto per la partita intera" in r.text
    r = client.post("/tables", data={"rules": "hongkong", "max_hands": "abc"})
    assert "hands: a whole number from 1 to 100, or empty for the whole game" in r.text
    assert client.get("/play/nope", headers=it).text == "questo link non è valido"
    assert client.get("/play/nope").text == "this link is not valid"


def test_two_pages_of_one_table_each_get_their_own_language(client: TestClient) -> None:
    """Issue 23, a live table: each websocket's state messages are built in its page's
    language (the action buttons), so two friends at one table read their own; the
    scripts' words come with the page in its language."""
    form = {"rules": "hongkong", "seat0": "human", "name0": "Ann", "seat1": "human",
            "name1": "Bo", "seat2": "efficiency", "seat3": "efficiency", "max_hands": "1",
            "seed": "two-languages", "practice_deal": "1", **FAST}
    r = client.post("/tables", data=form)
    links = dict(re.findall(r'data-seat="(\d)" href="http://testserver/play/([^"]+)"', r.text))
    it, en = {"Accept-Language": "it-IT"}, {"Accept-Language": "en-GB"}
    page = client.get(f"/play/{links['0']}", headers=it).text
    assert _lang(page) == "it" and '"Your turn: click a tile to discard it."' \
        ':"Tocca a te: clicca una tessera per scartarla."' in page
    seen: dict[str, set[str]] = {"it": set(), "en": set()}
    with client.websocket_connect(f"/ws/{links['0']}", headers=it) as ann, \
            client.websocket_connect(f"/ws/{links['1']}", headers=en) as bo:
        for _ in range(60):
            for name, ws in (("it", ann), ("en", bo)):
                msg: dict[str, Any] = ws.receive_json()
                if msg["type"] != "state" or not msg["actions"]:
                    continue
                seen[name] |= {a["label"].split(" ")[0] for a in msg["actions"]}
                action = msg["actions"][-1] if msg["view"]["phase"] != "claim" else next(
                    a for a in msg["actions"] if a["kind"] == "pass")
                action = {k: v for k, v in action.items() if k not in ("label", "false")}
                ws.send_json({"type": "action", "offer": msg["offer"], "action": action})
            if seen["it"] & {"Scarta"} and seen["en"] & {"Discard"}:
                break
    assert "Scarta" in seen["it"] and not seen["it"] & {"Discard", "Pass"}, seen
    assert "Discard" in seen["en"] and not seen["en"] & {"Scarta", "Passa"}, seen


def _words(text: str) -> str:
    """A message without its ``{placeholders}`` (names, not words)."""
    return re.sub(r"\{\w+\}", " ", text)


def test_every_message_of_the_scripts_is_in_the_catalogue() -> None:
    """Issue 23, the scripts: every literal ``t("...")`` and ``tn("...", "...")`` of
    table.js and board.js is listed in web/words.py (so extracted and translated), and the
    Italian words the page carries are Italian."""
    literal: set[str] = set()
    plurals: set[tuple[str, str]] = set()
    for name in ("table.js", "board.js"):
        text = (STATIC / name).read_text("utf-8")
        literal |= set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', text))
        plurals |= set(re.findall(r'\btn\("((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"', text))
    known = set(SCRIPT_MESSAGES) | {"East", "South", "West", "North"}
    assert literal - known == set(), "messages of the scripts missing in words.py"
    assert plurals == set(SCRIPT_PLURALS)
    with use_language("it"):
        words = script_words()
    for message in SCRIPT_MESSAGES:
        assert_italian(_words(words[message]), f"script word {message!r}",
                       allow=["mahjong-table"])
    for one, many in SCRIPT_PLURALS:
        for form in words[one + "\0" + many]:
            assert_italian(_words(form), f"script plural {one!r}")
    assert words["stage\x04first right"] == "primo a destra"


@pytest.mark.parametrize("rules_name", list(RULE_SETS))
def test_the_buttons_english_is_the_line_modes_and_the_italian_is_italian(
        rules_name: str) -> None:
    """Issue 23 (English unchanged): through a whole bot game of each rule set, every legal
    action's web label in English is exactly the line mode's ``describe_action``; in
    Italian it is Italian (tile notation allowed)."""
    rules = get_rule_set(rules_name)
    game = Game(rules, f"labels-{rules_name}", max_hands=1)
    bots = [make_bot("american" if rules_name == "american" else "efficiency", f"l{i}",
                     rules=rules) for i in range(4)]
    kinds = set()
    while not game.is_over:
        for seat in game.to_act():
            view = game.view(seat)
            claimed = view.last_discard if view.phase in ("claim", "rob") else None
            for a in view.legal_actions:
                if a.kind.value in ("charleston_pass", "courtesy_pass"):
                    continue  # summed up as one entry with its own words
                english = action_label(a, claimed=claimed, drawn=view.drawn)
                assert english == describe_action(a, claimed=claimed, drawn=view.drawn)
                with use_language("it"):
                    italian = action_label(a, claimed=claimed, drawn=view.drawn)
                assert_italian(italian, f"label of {a}", allow=re.findall(r"\(\w+\)", italian))
                kinds.add(a.kind.value)
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game.view(seat)))
    assert {"discard", "pass"} <= kinds


def test_the_middleware_serves_any_page_and_socket_in_its_language() -> None:
    """Issue 23: ``LanguageMiddleware`` alone (as it serves /learn's pages): a page built
    with ``language()`` and ``language_switch()`` (no arguments: the request's own address,
    its other fields kept) follows the choice; a websocket is served in its page's
    language; a page says it differs by language (Vary)."""
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.requests import Request
    from starlette.responses import HTMLResponse
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket

    from mahjong_table.i18n import _, language
    from mahjong_table.web.lang import LanguageMiddleware, language_switch

    async def page(_request: Request) -> HTMLResponse:
        return HTMLResponse(f'<html lang="{language()}">{language_switch()}'
                            f'{_("Your turn")}</html>')

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        await ws.send_text(language() + " " + _("Your turn"))
        await ws.close()

    app = Starlette(routes=[Route("/learn/x", page), WebSocketRoute("/ws", socket)],
                    middleware=[Middleware(LanguageMiddleware)])
    with TestClient(app) as c:
        r = c.get("/learn/x?seed=5", headers={"Accept-Language": "it"})
        assert _lang(r.text) == "it" and "Tocca a te" in r.text
        assert 'href="/learn/x?seed=5&amp;lang=en"' in r.text
        assert "Accept-Language" in r.headers["vary"]
        assert "Your turn" in c.get("/learn/x").text
        with c.websocket_connect("/ws", headers={"Accept-Language": "it-IT"}) as ws:
            assert ws.receive_text() == "it Tocca a te"
        c.get("/learn/x?lang=it")
        with c.websocket_connect("/ws") as ws:  # the cookie the switch set
            assert ws.receive_text() == "it Tocca a te"
    assert language() == "en"  # nothing leaked out of the requests


def test_a_scoring_item_with_values_is_sent_translated() -> None:
    """Issue 23 (seen on a screenshot): the end-of-hand panel named "Pung of White dragons"
    in English on an Italian page. A name built with values is no catalogue entry of its
    own: the state's words carry the message's own Italian, from the game's last result."""
    from types import SimpleNamespace

    from mahjong_table.i18n import use_language
    from mahjong_table.melds import parse_hand
    from mahjong_table.rules import get_rule_set
    from mahjong_table.scoring import WinContext
    from mahjong_table.tiles import Tile
    from mahjong_table.web.table import _data_words

    result = get_rule_set("hongkong").score(WinContext(
        hand=parse_hand("123m456p789s555z22z"), win_tile=Tile.parse("2z"), discarder=1))
    names = [str(i.name) for i in result.items]
    assert "Pung of White dragons" in names
    with use_language("it"):
        words = _data_words(None, last=SimpleNamespace(score=result))
    assert words["Pung of White dragons"] == "Pung di Drago Bianco", words
    with use_language("en"):
        assert "Pung of White dragons" not in _data_words(None, last=SimpleNamespace(
            score=result))
