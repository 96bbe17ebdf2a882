"""The web's language (issue 23): each request and each connection is served in the
language its browser asks for, and every page has a switch that remembers the choice.

The choice, in order: a ``?lang=it`` in the address (a click on the switch: it is then
remembered in the ``mt_lang`` cookie, a year), the ``mt_lang`` cookie, the browser's
``Accept-Language`` (:func:`mahjong_table.i18n.negotiate`); English when none names a
language with a catalogue. :class:`LanguageMiddleware` (pure ASGI, so that it wraps
websockets too) serves every HTTP request and every websocket under
:func:`mahjong_table.i18n.use_language`: a context-variable override, so that other
requests, tasks and the bots' threads keep their own language.

Pages built elsewhere (``web/learn.py``) follow the choice with nothing more than
:func:`mahjong_table.i18n.language` for ``<html lang>`` and :func:`language_switch` (no
arguments: the request's own address) for the switch, since the middleware serves their
requests under the language already.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from contextvars import ContextVar
from html import escape
from typing import Any
from urllib.parse import parse_qsl, urlencode

from starlette.requests import HTTPConnection

from ..i18n import LANGUAGES, LanguageError, check_language, language, negotiate, use_language

__all__ = ["LANG_COOKIE", "request_language", "chosen_language", "language_switch",
           "LanguageMiddleware", "SWITCH_NAMES"]

#: the cookie the switch's choice is kept in
LANG_COOKIE = "mt_lang"
#: a year, in seconds
COOKIE_AGE = 365 * 24 * 3600
#: each language named in itself (the switch's words: never translated)
SWITCH_NAMES = {"en": "English", "it": "Italiano"}
#: the address (path, query) of the request being served, for :func:`language_switch`
_target: ContextVar[tuple[str, str]] = ContextVar("mt_web_target", default=("/", ""))

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _valid(code: str | None) -> str | None:
    if not code:
        return None
    try:
        return check_language(code)
    except LanguageError:
        return None


def chosen_language(conn: HTTPConnection) -> str | None:
    """The language the address chooses (``?lang=it``: a click on the switch), or None."""
    return _valid(conn.query_params.get("lang"))


def request_language(conn: HTTPConnection) -> str:
    """The language to serve a request or websocket ``conn`` in (a Starlette ``Request`` or
    ``WebSocket``): ``?lang=``, else the ``mt_lang`` cookie, else ``Accept-Language``; one of
    :data:`mahjong_table.i18n.LANGUAGES`."""
    return (chosen_language(conn) or _valid(conn.cookies.get(LANG_COOKIE))
            or negotiate(conn.headers.get("accept-language")))


def language_switch(path: str | None = None, query: str | None = None) -> str:
    """The switch every page shows (HTML): ``English | Italiano``, each a link to the same
    page (``path``, keeping the other fields of ``query``; by default the address of the
    request being served) with ``?lang=``; the language in force is marked
    ``aria-current``. A page answering a POST should name a page that answers a GET."""
    if path is None:
        path, here = _target.get()
        query = here if query is None else query
    kept = [(k, v) for k, v in parse_qsl(query or "", keep_blank_values=True) if k != "lang"]
    now = language()
    links = []
    for code in LANGUAGES:
        href = path + "?" + urlencode([*kept, ("lang", code)])
        current = ' aria-current="true"' if code == now else ""
        links.append(f'<a href="{escape(href)}" lang="{code}" hreflang="{code}" '
                     f'data-lang="{code}"{current}>{SWITCH_NAMES[code]}</a>')
    return '<nav class="lang-switch" aria-label="English / Italiano">' + " | ".join(links) \
        + "</nav>"


class LanguageMiddleware:
    """Serve each HTTP request and websocket under the language :func:`request_language`
    chooses (``scope["mt_lang"]`` names it); a request whose address chooses one
    (``?lang=``) answers with the ``mt_lang`` cookie set, so that the choice is remembered."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        conn = HTTPConnection(scope)
        lang = request_language(conn)
        scope["mt_lang"] = lang
        chosen = chosen_language(conn) if scope["type"] == "http" else None

        async def send_marked(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                html = any(k.lower() == b"content-type" and v.startswith(b"text/html")
                           for k, v in headers)
                if html:  # a page differs by language: caches keep one per choice
                    headers.append((b"vary", b"Accept-Language, Cookie"))
                if chosen is not None:
                    cookie = (f"{LANG_COOKIE}={chosen}; Path=/; Max-Age={COOKIE_AGE}; "
                              "SameSite=Lax")
                    headers.append((b"set-cookie", cookie.encode("latin-1")))
                message = {**message, "headers": headers}
            await send(message)

        token = _target.set((conn.url.path, conn.url.query))
        try:
            with use_language(lang):
                await self.app(scope, receive, send_marked if scope["type"] == "http"
                               else send)
        finally:
            _target.reset(token)
