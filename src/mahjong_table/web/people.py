"""Accounts, the public lobby, profiles, the leaderboard and the replay viewer (issue 46).

Pages (HTML, in the request's language) and their JSON:

- ``GET /account``: sign up / sign in (a guest), or the account: change password, sign out,
  delete my account; the games this browser or account played.
- ``POST /account/signup``, ``/account/signin``, ``/account/signout``, ``/account/password``,
  ``/account/delete``: each form carries the browser's CSRF token (``csrf``).
- ``GET /lobby``: the public rooms (rule set, options, clock, seats: who sits there or open),
  a Join button per open seat, quick play (rule set and how long to wait for people before
  bots fill the rest); ``GET /api/rooms``: the same as JSON.
- ``POST /lobby/join``, ``POST /lobby/quick``: sit in an open seat, or quick play.
- ``GET /room/ROOM``: the waiting room of a lobby room (Ready, the host's controls; the page
  moves to the seat's table when the game starts); ``GET /api/rooms/ROOM`` its JSON;
  ``POST /api/rooms/ROOM/OP`` (``ready``, ``unready``, ``leave``, ``remove``, ``swap``,
  ``lock``, ``unlock``, ``public``, ``private``, ``start``), CSRF token in the form.
- ``GET /players/NAME``, ``GET /api/players/NAME``: a profile (ratings per rule set, games,
  win %, deal-in %, mean fan or points of a win, history); 404 for no such account.
- ``GET /leaderboard``: the rated accounts of a rule set.
- ``GET /replay/GAME``, ``GET /api/replay/GAME``: a finished game step by step (see
  :mod:`.replay`).

A browser is a :class:`~.accounts.Visitor`: a guest id and, once signed in, a session, in
one signed cookie (see :mod:`.accounts`).
"""

from __future__ import annotations

import functools
import json
import math
import secrets
import time
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ..i18n import N_, _, language, ngettext
from ..rules import RULE_SETS, get_rule_set
from .accounts import (
    COOKIE,
    PROVISIONAL_GAMES,
    SESSION_DAYS,
    Visitor,
    check_name,
    check_password,
    display_rating,
    dummy_verify,
    hash_password,
    name_key,
    needs_rehash,
    session_hash,
    verify_password,
)
from .lang import language_switch
from .replay import replay_data, replay_page
from .store import LobbyRoom, NameTaken, Rating, TableRow
from .words import bot_label, option_label, option_value_label, script_words

if TYPE_CHECKING:
    from .app import Server

__all__ = ["people_routes", "visitor_of", "set_cookie", "csrf_ok", "nav_bar", "room_json",
           "create_public_room", "maybe_start", "QUICK_WAIT", "LobbyCache", "public_rooms"]

#: quick play: how long to wait for people before bots fill the rest (seconds): choices
QUICK_WAIT = (0, 15, 30, 60, 120, 300)
#: the bot level that fills the open seats of a room that starts
FILL_BOT = "normal"
#: the account page's words after each form (``/account?done=KEY``: a key, so that no link
#: can make the page say anything else)
DONE = {
    "signup": N_("Welcome: your account is made."),
    "signin": N_("You are signed in."),
    "signout": N_("Signed out."),
    "password": N_("Password changed; your other browsers are signed out."),
    "deleted": N_("Your account and its data are deleted."),
}


# ----- the visitor and its cookie -----------------------------------------------------------

async def visitor_of(server: Server, request: Request) -> Visitor:
    """Who the request comes from: the cookie's guest and session (a forged or expired
    cookie is a new guest; a session that ended is signed out)."""
    got = server.cookie.read(request.cookies.get(COOKIE))
    if got is None:
        return Visitor(guest=secrets.token_urlsafe(12), fresh=True)
    guest, session = got
    if session is None:
        return Visitor(guest=guest)
    account = await server.db(server.store.session_account, session_hash(session))
    if account is None:
        return Visitor(guest=guest, fresh=True)  # signed out elsewhere, or expired
    return Visitor(guest=guest, session=session, account=account)


def set_cookie(server: Server, request: Request, response: Response, visitor: Visitor,
               *, force: bool = False) -> Response:
    """Write the visitor's cookie on ``response`` when it is new or changed."""
    if visitor.fresh or force:
        response.set_cookie(COOKIE, server.cookie.write(visitor.guest, visitor.session),
                            max_age=SESSION_DAYS * 86400, httponly=True, samesite="lax",
                            secure=request.url.scheme == "https", path="/")
    return response


def csrf_ok(server: Server, visitor: Visitor, fields: dict[str, str]) -> bool:
    """Whether a form carries the visitor's CSRF token (a new visitor has none)."""
    import hmac

    token = fields.get("csrf", "")
    return not visitor.fresh and hmac.compare_digest(token, server.cookie.csrf(visitor.guest))


async def read_form(request: Request) -> dict[str, str]:
    """A posted form's fields (``application/x-www-form-urlencoded``, at most 16 KiB).
    Raises ``ValueError`` naming the problem."""
    from .app import MAX_BODY, BodyTooLarge, read_body

    try:
        body = await read_body(request, MAX_BODY)
    except BodyTooLarge as exc:
        raise ValueError(_("the form is too large")) from exc
    try:
        return dict(parse_qsl(body.decode("utf-8"), max_num_fields=64))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ValueError(_("the form could not be read")) from exc


# ----- page parts -----------------------------------------------------------------------------

def rules_title(rules: str, options: dict[str, Any] | None = None) -> str:
    """A rule set's title (English, the catalogue's key) with ``options``: made once per
    rule set and options (a rule set is costly to make; every lobby page names several)."""
    return _title(rules, json.dumps(options or {}, sort_keys=True))


@functools.lru_cache(maxsize=512)
def _title(rules: str, options: str) -> str:
    return str(get_rule_set(rules, **json.loads(options)).title)


def _t(message: str) -> str:
    return escape(message, quote=False)


def nav_bar(visitor: Visitor | None = None) -> str:
    """The links at the top of the lobby's pages: the lobby, a new table, the leaderboard,
    the account (its name when signed in)."""
    who = (_("Account") if visitor is None or visitor.account is None
           else visitor.account.name)
    links = [("/lobby", _("Public lobby")), ("/", _("New table")),
             ("/leaderboard", _("Leaderboard")), ("/account", who)]
    return '<nav class="site-nav">' + " · ".join(
        f'<a href="{h}">{_t(w)}</a>' for h, w in links) + "</nav>"


def _page(title: str, body: str, visitor: Visitor | None, path: str) -> str:
    from .app import _head

    return (_head(escape(title)) + '<body class="lobby people"><main>' + language_switch(path)
            + nav_bar(visitor) + body + "</main></body></html>")


def _csrf_field(server: Server, visitor: Visitor) -> str:
    return f'<input type="hidden" name="csrf" value="{server.cookie.csrf(visitor.guest)}">'


def _html(server: Server, request: Request, visitor: Visitor, text: str,
          status: int = 200) -> Response:
    resp = HTMLResponse(text, status_code=status,
                        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})
    return set_cookie(server, request, resp, visitor)


def _seat_name(lr: LobbyRoom, seat: int) -> str:
    kind = lr.game.seats[seat]
    if kind != "human":
        return lr.game.names[seat]
    name = lr.holder_names[seat]
    if name is not None:
        return name
    return _("Guest") if lr.holders[seat] is not None else ""


def room_json(server: Server, lr: LobbyRoom, visitor: Visitor | None = None) -> dict[str, Any]:
    """A lobby room as JSON (``GET /api/rooms``): id, rule set, options, game length, clock,
    seats (``open``, ``person`` with the name, ``bot`` with its kind), whether it waits,
    is locked, is quick play (and seconds until bots fill it); for ``visitor``: its seat,
    whether it hosts, and once the game started its seat's link (``play``)."""
    settings = lr.game.settings
    seats = []
    for i, kind in enumerate(lr.game.seats):
        if kind != "human":
            seats.append({"seat": i, "kind": "bot", "bot": kind, "name": lr.game.names[i]})
        elif lr.holders[i] is None:
            seats.append({"seat": i, "kind": "open", "name": None})
        else:
            r = lr.holder_ratings[i]
            seats.append({"seat": i, "kind": "person", "name": _seat_name(lr, i),
                          "account": lr.holder_names[i] is not None,
                          "rating": None if r is None else display_rating(r),
                          "provisional": r is None or r.games < PROVISIONAL_GAMES,
                          "ready": lr.ready[i]})
    out: dict[str, Any] = {
        "id": lr.room, "rules": lr.game.rules,
        "title": _(rules_title(lr.game.rules, lr.game.options)),
        "options": {k: v for k, v in lr.game.options.items()},
        "max_hands": lr.game.max_hands,
        "clock": {"turn_seconds": settings.get("turn_seconds"),
                  "claim_seconds": settings.get("claim_seconds")},
        "spectator_delay": settings.get("spectator_delay", 0.0),
        "seats": seats, "open": sum(1 for s in seats if s["kind"] == "open"),
        "waiting": lr.waiting, "locked": lr.locked, "public": lr.public, "quick": lr.quick,
        "fill_in": (None if lr.fill_at is None or not lr.waiting
                    else max(0.0, round(lr.fill_at - time.time(), 1))),
        "game_no": lr.game.game_no, "finished": lr.game.finished,
        "watch": f"/watch/{server.token(lr.room, 'w')}" if lr.public else None,
    }
    if visitor is not None:
        mine = next((i for i, h in enumerate(lr.holders) if h == visitor.holder), None)
        out["you"] = mine
        out["host"] = lr.host == visitor.holder
        out["play"] = (f"/play/{server.token(lr.room, mine)}"
                       if mine is not None and not lr.waiting else None)
    return out


# ----- the public rooms, read once for everybody ----------------------------------------------

class LobbyCache:
    """The public rooms as last read, shared by every lobby page and ``GET /api/rooms`` of
    this process for ``ttl`` seconds, one read at a time (the others wait for it): 200
    people polling the lobby cost one database read a second, not 200. The rooms whose
    quick-play wait is over are started on the way. A change made through this process
    forgets it at once; another process's shows within ``ttl``."""

    def __init__(self, ttl: float = 1.0) -> None:
        self.ttl = ttl
        self._rooms: list[LobbyRoom] = []
        self._at = -math.inf
        self._lock: Any = None
        #: ``GET /api/rooms``'s body per language, made once per read
        self._json: dict[str, bytes] = {}
        #: the lobby page's room items per (language, room, the visitor's), once per read
        self.items: dict[tuple[str, str, bool], str] = {}

    def forget(self) -> None:
        """The next read goes to the database."""
        self._at = -math.inf

    async def get(self, server: Server) -> list[LobbyRoom]:
        """The public rooms, read again when older than ``ttl``."""
        import asyncio

        if self._lock is None:
            self._lock = asyncio.Lock()
        if time.monotonic() - self._at < self.ttl:
            return self._rooms
        async with self._lock:
            if time.monotonic() - self._at < self.ttl:
                return self._rooms
            for room in await server.db(server.store.waiting_rooms_due, time.time()):
                await maybe_start(server, room)
            self._rooms = await server.db(server.store.public_rooms)
            self._json = {}
            self.items = {}
            self._at = time.monotonic()
            return self._rooms

    async def json(self, server: Server) -> bytes:
        """``GET /api/rooms``'s body in the language in force (made once per read)."""
        rooms = await self.get(server)
        lang = language()
        body = self._json.get(lang)
        if body is None:
            body = json.dumps({"rooms": [room_json(server, r) for r in rooms]},
                              ensure_ascii=False, separators=(",", ":")).encode()
            self._json[lang] = body
        return body


async def public_rooms(server: Server) -> list[LobbyRoom]:
    """The public rooms as the lobby shows them (see :class:`LobbyCache`)."""
    return await server.lobby_cache.get(server)


# ----- starting a lobby room ----------------------------------------------------------------

def _start_change(force: bool) -> Callable[[Any, LobbyRoom], bool]:
    """The change that starts a waiting room when it may (every person's seat held and
    Ready, or ``force``: the host's Start, or quick play's wait over): open seats become
    bots, held seats take their holders' names."""
    from .store import Store

    def change(conn: Any, lr: LobbyRoom) -> bool:
        if not lr.waiting:
            return False
        people = [i for i, k in enumerate(lr.game.seats) if k == "human"]
        held = [i for i in people if lr.holders[i] is not None]
        due = lr.fill_at is not None and lr.fill_at <= time.time()
        everyone = bool(held) and len(held) == len(people) and all(lr.ready[i] for i in held)
        if not (force or due or everyone):
            return False
        if not held:
            return False  # nobody left: it waits for people (listed, or reused by quick play)
        seats = list(lr.game.seats)
        names = list(lr.game.names)
        guests = 0
        for i in people:
            if lr.holders[i] is None:
                seats[i] = lr.fill_bot
                names[i] = _("{Name} bot {number}").format(Name=lr.fill_bot.capitalize(),
                                                          number=i + 1)
            elif lr.holder_names[i] is not None:
                names[i] = str(lr.holder_names[i])
            else:
                guests += 1
                names[i] = _("Guest {number}").format(number=guests)
        Store.put_game_seats(conn, lr.game.id, seats, names)
        Store.put_lobby(conn, lr.room, waiting=False)
        return True

    return change


async def maybe_start(server: Server, room: str, *, force: bool = False) -> bool:
    """Start a waiting room when it may (see :func:`_start_change`); atomic across processes
    (the lobby row is locked while it is read and changed). True when it started now."""
    started: list[bool] = []

    def change(conn: Any, lr: LobbyRoom) -> None:
        started.append(_start_change(force)(conn, lr))

    try:
        await server.db(server.store.lobby_change, room, change, False)
    except ValueError:
        return False
    return bool(started and started[0])


async def create_public_room(server: Server, row: TableRow, visitor: Visitor, *,
                             public: bool = True, quick: bool = False,
                             wait: float | None = None) -> str:
    """Store a lobby room of ``row`` (not started: it waits for its people) with
    ``visitor`` its host at the first person's seat. Returns the room's id."""
    seat = next((i for i, k in enumerate(row.seats) if k == "human"), None)
    if seat is None:
        raise ValueError(_("a lobby room needs at least one person's seat"))
    rules = get_rule_set(row.rules, **row.options)
    from ..players import make_bot

    make_bot(FILL_BOT, 0, rules=rules)  # the bot that fills open seats can play these rules
    await server.db(_create_lobby, server, row, visitor.holder, seat, public, quick,
                    None if wait is None else time.time() + wait)
    server.lobby_cache.forget()
    return row.id


def _create_lobby(server: Server, row: TableRow, host: str, seat: int, public: bool,
                  quick: bool, fill_at: float | None) -> None:
    server.store.create_lobby_room(row, public=public, host=host, host_seat=seat,
                                   quick=quick, fill_at=fill_at, fill_bot=FILL_BOT)


# ----- the routes -------------------------------------------------------------------------------

def people_routes(srv: Callable[[], Server]) -> list[Route]:
    """The routes of this module's pages (see the module docstring)."""

    async def form_or_error(request: Request) -> tuple[Visitor, dict[str, str] | None,
                                                       Response | None]:
        visitor = await visitor_of(srv(), request)
        try:
            fields = await read_form(request)
        except ValueError as exc:
            return visitor, None, account_response(request, visitor, error=str(exc),
                                                   status=400)
        if not csrf_ok(srv(), visitor, fields):
            return visitor, None, account_response(
                request, visitor, status=403,
                error=_("this form has expired or did not come from this site: try again"))
        return visitor, fields, None

    # ----- accounts ----------------------------------------------------------------------

    def account_response(request: Request, visitor: Visitor, *, error: str | None = None,
                         message: str | None = None, status: int = 200,
                         history: list[tuple[TableRow, int]] | None = None) -> Response:
        return _html(srv(), request, visitor,
                     account_page(srv(), visitor, error, message, history or []), status)

    async def account(request: Request) -> Response:
        visitor = await visitor_of(srv(), request)
        history = await srv().db(srv().store.history, visitor.holder, 50)
        done = DONE.get(request.query_params.get("done", ""))
        return account_response(request, visitor, history=history,
                                message=None if done is None else _(done))

    async def limited(visitor: Visitor, request: Request, name: str, key: str
                      ) -> tuple[float, int | None]:
        from .app import LIMITS

        count, window = LIMITS[name]
        wait, event = await srv().db(srv().store.take_limit, f"{name}:{key}", count, window)
        return float(wait), event

    def address(request: Request) -> str:
        from .app import client_key

        return client_key(request.client.host if request.client is not None else "")

    async def signup(request: Request) -> Response:
        visitor, fields, bad = await form_or_error(request)
        if bad is not None or fields is None:
            return bad  # type: ignore[return-value]
        try:
            name = check_name(fields.get("name"))
            password = check_password(fields.get("password"))
            if fields.get("password2") != password:
                raise ValueError(_("the two passwords differ"))
        except ValueError as exc:
            return account_response(request, visitor, error=str(exc), status=400)
        wait, _event = await limited(visitor, request, "signup", address(request))
        if wait:
            return too_many(request, visitor, wait)
        try:
            acct = await srv().db(srv().store.create_account, name, name_key(name),
                                  hash_password(password))
        except NameTaken as exc:
            return account_response(request, visitor, error=str(exc), status=400)
        return await signed_in(request, visitor, acct.id, "signup")

    async def signed_in(request: Request, visitor: Visitor, account_id: int,
                        done: str) -> Response:
        session = secrets.token_urlsafe(32)
        await srv().db(srv().store.new_session, session_hash(session), account_id,
                       time.time() + SESSION_DAYS * 86400)
        # the games this browser played as a guest are the account's
        await srv().db(srv().store.adopt_guest, visitor.guest, account_id)
        visitor.session = session
        visitor.account = await srv().db(srv().store.account, account_id)
        resp = RedirectResponse("/account?done=" + done, status_code=303)
        return set_cookie(srv(), request, resp, visitor, force=True)

    def too_many(request: Request, visitor: Visitor, wait: float) -> Response:
        resp = account_response(request, visitor, status=429, error=_(
            "too many attempts; try again in {seconds} s").format(seconds=math.ceil(wait)))
        resp.headers["Retry-After"] = str(math.ceil(wait))
        return resp

    async def signin(request: Request) -> Response:
        visitor, fields, bad = await form_or_error(request)
        if bad is not None or fields is None:
            return bad  # type: ignore[return-value]
        raw_name = fields.get("name", "")
        password = fields.get("password", "")
        key = name_key(raw_name.strip())[:64]
        # counted before the password is checked (by address and by account name); a
        # success gives both back, so that only failures count
        wait_addr, ev_addr = await limited(visitor, request, "signin_addr", address(request))
        if wait_addr:
            return too_many(request, visitor, wait_addr)
        wait_name, ev_name = await limited(visitor, request, "signin_name", key)
        if wait_name:
            if ev_addr is not None:
                await srv().db(srv().store.give_back_limit, ev_addr)
            return too_many(request, visitor, wait_name)
        acct = await srv().db(srv().store.account_named, key) if key else None
        if acct is None:
            dummy_verify(password)  # as long as a wrong password: the name's existence
        ok = acct is not None and verify_password(acct.pw_hash, password)
        if not ok or acct is None:
            return account_response(request, visitor, status=400,
                                    error=_("wrong name or password"))
        for ev in (ev_addr, ev_name):
            if ev is not None:
                await srv().db(srv().store.give_back_limit, ev)
        if needs_rehash(acct.pw_hash):
            await srv().db(srv().store.set_password, acct.id, hash_password(password), "")
        return await signed_in(request, visitor, acct.id, "signin")

    async def signout(request: Request) -> Response:
        visitor, fields, bad = await form_or_error(request)
        if bad is not None or fields is None:
            return bad  # type: ignore[return-value]
        if visitor.session_hash is not None:
            await srv().db(srv().store.end_session, visitor.session_hash)
        visitor.session = None
        visitor.account = None
        resp = RedirectResponse("/account?done=signout", status_code=303)
        return set_cookie(srv(), request, resp, visitor, force=True)

    async def password(request: Request) -> Response:
        visitor, fields, bad = await form_or_error(request)
        if bad is not None or fields is None:
            return bad  # type: ignore[return-value]
        if visitor.account is None:
            return account_response(request, visitor, status=403,
                                    error=_("sign in first"))
        if not verify_password(visitor.account.pw_hash, fields.get("old", "")):
            return account_response(request, visitor, status=400,
                                    error=_("the current password is wrong"))
        try:
            new = check_password(fields.get("password"))
            if fields.get("password2") != new:
                raise ValueError(_("the two passwords differ"))
        except ValueError as exc:
            return account_response(request, visitor, error=str(exc), status=400)
        await srv().db(srv().store.set_password, visitor.account.id, hash_password(new),
                       visitor.session_hash)
        return RedirectResponse("/account?done=password", status_code=303)

    async def delete(request: Request) -> Response:
        visitor, fields, bad = await form_or_error(request)
        if bad is not None or fields is None:
            return bad  # type: ignore[return-value]
        if visitor.account is None:
            return account_response(request, visitor, status=403, error=_("sign in first"))
        if not verify_password(visitor.account.pw_hash, fields.get("password", "")):
            return account_response(request, visitor, status=400,
                                    error=_("the password is wrong: the account is kept"))
        await srv().db(srv().store.delete_account, visitor.account.id, _("(deleted)"))
        visitor.session = None
        visitor.account = None
        visitor.guest = secrets.token_urlsafe(12)  # nothing of the old browser's id is kept
        resp = RedirectResponse("/account?done=deleted", status_code=303)
        return set_cookie(srv(), request, resp, visitor, force=True)

    # ----- the lobby -----------------------------------------------------------------------

    async def lobby(request: Request) -> Response:
        visitor = await visitor_of(srv(), request)
        rooms = await public_rooms(srv())
        return _html(srv(), request, visitor, lobby_list_page(srv(), visitor, rooms))

    async def api_rooms(request: Request) -> Response:
        body = await srv().lobby_cache.json(srv())
        return Response(body, media_type="application/json",
                        headers={"Cache-Control": "no-store"})

    async def join(request: Request) -> Response:
        visitor, fields, bad = await form_or_error(request)
        if bad is not None or fields is None:
            return bad  # type: ignore[return-value]
        room = fields.get("room", "")
        raw_seat = fields.get("seat", "")
        if "target" in fields:  # a lobby's seat button: ROOM:SEAT
            room, _sep, raw_seat = fields["target"].rpartition(":")
        seat = int(raw_seat) if raw_seat.isdigit() and len(raw_seat) == 1 else None
        srv().lobby_cache.forget()
        try:
            await srv().db(srv().store.lobby_change, room, _join_change(visitor.holder, seat),
                           False)
        except ValueError as exc:
            return _html(srv(), request, visitor, lobby_list_page(
                srv(), visitor, await public_rooms(srv()), str(exc)), 400)
        resp = RedirectResponse(f"/room/{quote(room)}", status_code=303)
        return set_cookie(srv(), request, resp, visitor)

    async def quick(request: Request) -> Response:
        visitor, fields, bad = await form_or_error(request)
        if bad is not None or fields is None:
            return bad  # type: ignore[return-value]
        rules = fields.get("rules", "")
        raw_wait = fields.get("wait", "30")
        try:
            if rules not in RULE_SETS:
                raise ValueError(_("unknown rule set {name}").format(name=repr(rules)))
            if not raw_wait.isdigit() or int(raw_wait) not in QUICK_WAIT:
                raise ValueError(_("wait: one of {choices} seconds").format(
                    choices=", ".join(map(str, QUICK_WAIT))))
            room = await quick_play(visitor, rules, float(raw_wait))
        except ValueError as exc:
            return _html(srv(), request, visitor, lobby_list_page(
                srv(), visitor, await public_rooms(srv()), str(exc)), 400)
        resp = RedirectResponse(f"/room/{quote(room)}", status_code=303)
        return set_cookie(srv(), request, resp, visitor)

    async def quick_play(visitor: Visitor, rules: str, wait: float) -> str:
        from .app import parse_form

        form = {"rules": rules, "max_hands": "", "turn_seconds": "30"}
        for i in range(4):
            form[f"seat{i}"] = "human"
        row = parse_form(form)  # the room made if none waits
        # found and joined, or made, in one transaction under a lock of the rule set's
        # quick play: people asking at once fill one room, not one room each
        room, due = await srv().db(srv().store.quick_seat, rules, visitor.holder, row,
                                   time.time() + wait, FILL_BOT)
        srv().lobby_cache.forget()
        if due:  # (nobody who just sat down is Ready: only a wait over starts it now)
            await maybe_start(srv(), room)
        return str(room)

    # ----- the waiting room ------------------------------------------------------------------

    async def lobby_room_now(room: str) -> LobbyRoom | None:
        """A lobby room as it is now: started first when its quick-play wait is over."""
        lr: LobbyRoom | None = await srv().db(srv().store.lobby_room, room)
        if lr is not None and lr.waiting and lr.fill_at is not None \
                and lr.fill_at <= time.time() and await maybe_start(srv(), room):
            lr = await srv().db(srv().store.lobby_room, room)
        return lr

    async def room_page(request: Request) -> Response:
        visitor = await visitor_of(srv(), request)
        room = request.path_params["room"]
        lr = await lobby_room_now(room)
        if lr is not None and not lr.public and visitor.holder not in lr.holders:
            lr = None  # a private room is its people's only
        if lr is None:
            return _html(srv(), request, visitor, _page(_("no such room"), "<h1>" + _t(_(
                "no such room")) + "</h1>", visitor, request.url.path), 404)
        return _html(srv(), request, visitor, waiting_page(srv(), visitor, lr,
                                                           request.url.path))

    async def api_room(request: Request) -> Response:
        visitor = await visitor_of(srv(), request)
        room = request.path_params["room"]
        lr = await lobby_room_now(room)
        if lr is None:
            return JSONResponse({"error": _("no such room")}, status_code=404)
        if not lr.public and visitor.holder not in lr.holders:
            return JSONResponse({"error": _("no such room")}, status_code=404)
        return set_cookie(srv(), request, JSONResponse(
            room_json(srv(), lr, visitor), headers={"Cache-Control": "no-store"}), visitor)

    async def room_op(request: Request) -> Response:
        visitor = await visitor_of(srv(), request)
        room = request.path_params["room"]
        op = request.path_params["op"]
        try:
            fields = await read_form(request)
        except ValueError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        if not csrf_ok(srv(), visitor, fields):
            return JSONResponse({"error": _("this form has expired or did not come from "
                                            "this site: try again")}, status_code=403)
        srv().lobby_cache.forget()
        try:
            change = _room_op(op, visitor.holder, fields)
            lr = await srv().db(srv().store.lobby_change, room, change)
        except PermissionError as exc:
            return JSONResponse({"error": str(exc)}, status_code=403)
        except ValueError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        if op in ("ready", "start") and await maybe_start(srv(), room, force=op == "start"):
            lr = await srv().db(srv().store.lobby_room, room)
        return JSONResponse(room_json(srv(), lr, visitor), headers={"Cache-Control": "no-store"})

    # ----- profiles and the leaderboard -------------------------------------------------------

    async def profile_data(name: str) -> dict[str, Any] | None:
        acct = await srv().db(srv().store.account_named, name_key(name))
        if acct is None:
            return None
        ratings: dict[str, Rating] = await srv().db(srv().store.ratings, acct.id)
        history = await srv().db(srv().store.history, f"a:{acct.id}", 200)
        return profile_json(acct.name, acct.created, ratings, history)

    async def profile(request: Request) -> Response:
        visitor = await visitor_of(srv(), request)
        data = await profile_data(request.path_params["name"])
        if data is None:
            return _html(srv(), request, visitor, _page(_("no such player"), "<h1>" + _t(_(
                "no such player")) + "</h1>", visitor, request.url.path), 404)
        return _html(srv(), request, visitor, profile_page(data, visitor, request.url.path))

    async def api_profile(request: Request) -> Response:
        data = await profile_data(request.path_params["name"])
        if data is None:
            return JSONResponse({"error": _("no such player")}, status_code=404)
        return JSONResponse(data, headers={"Cache-Control": "no-store"})

    async def leaderboard(request: Request) -> Response:
        visitor = await visitor_of(srv(), request)
        rules = request.query_params.get("rules", "hongkong")
        if rules not in RULE_SETS:
            rules = "hongkong"
        rows = await srv().db(srv().store.leaderboard, rules)
        return _html(srv(), request, visitor, leaderboard_page(rules, rows, visitor))

    # ----- the replay viewer ------------------------------------------------------------------

    async def replay(request: Request) -> Response:
        visitor = await visitor_of(srv(), request)
        row = await srv().db(srv().store.get_table, request.path_params["game"])
        if row is None or not row.finished:
            return _html(srv(), request, visitor, _page(_("no such game"), "<h1>" + _t(_(
                "no such finished game")) + "</h1>", visitor, request.url.path), 404)
        return _html(srv(), request, visitor, replay_page(row, nav_bar(visitor),
                                                          script_words()))

    async def api_replay(request: Request) -> Response:
        row = await srv().db(srv().store.get_table, request.path_params["game"])
        if row is None or not row.finished:
            return JSONResponse({"error": _("no such finished game")}, status_code=404)
        raw_seat = request.query_params.get("seat", "-1")
        full = request.query_params.get("full", "") in ("1", "true")
        if raw_seat not in ("-1", "0", "1", "2", "3"):
            return JSONResponse({"error": _("seat: 0 to 3, or -1 for a spectator")},
                                status_code=400)
        actions = await srv().db(srv().store.actions, row.id)
        import asyncio

        data = await asyncio.to_thread(replay_data, row, actions, int(raw_seat), full)
        return JSONResponse(data, headers={"Cache-Control": "private, max-age=600"})

    return [
        Route("/account", account),
        Route("/account/signup", signup, methods=["POST"]),
        Route("/account/signin", signin, methods=["POST"]),
        Route("/account/signout", signout, methods=["POST"]),
        Route("/account/password", password, methods=["POST"]),
        Route("/account/delete", delete, methods=["POST"]),
        Route("/lobby", lobby),
        Route("/lobby/join", join, methods=["POST"]),
        Route("/lobby/quick", quick, methods=["POST"]),
        Route("/api/rooms", api_rooms),
        Route("/room/{room}", room_page),
        Route("/api/rooms/{room}", api_room),
        Route("/api/rooms/{room}/{op}", room_op, methods=["POST"]),
        Route("/players/{name}", profile),
        Route("/api/players/{name}", api_profile),
        Route("/leaderboard", leaderboard),
        Route("/replay/{game}", replay),
        Route("/api/replay/{game}", api_replay),
    ]


# ----- changes of a lobby room ------------------------------------------------------------

def _join_change(holder: str, seat: int | None) -> Callable[[Any, LobbyRoom], None]:
    """``holder`` takes ``seat`` (None: the first open one) of a waiting room: refused
    (``ValueError`` naming why) when the room started, is locked or full, the seat is not
    an open person's seat, or the holder sits there already."""
    from .store import Store

    def change(conn: Any, lr: LobbyRoom) -> None:
        if not lr.waiting:
            raise ValueError(_("this room's game has started"))
        if not lr.public:
            raise ValueError(_("this room is private"))
        if lr.locked:
            raise ValueError(_("this room is locked"))
        if holder in lr.holders:
            raise ValueError(_("you have a seat in this room already"))
        open_seats = [i for i, k in enumerate(lr.game.seats)
                      if k == "human" and lr.holders[i] is None]
        if not open_seats:
            raise ValueError(_("this room is full"))
        take = open_seats[0] if seat is None else seat
        if take not in open_seats:
            raise ValueError(_("seat {number} is not open").format(number=take + 1))
        Store.put_seat(conn, lr.room, take, holder)
        if not lr.host:
            Store.put_lobby(conn, lr.room, host=holder)

    return change


def _room_op(op: str, holder: str, fields: dict[str, str]
             ) -> Callable[[Any, LobbyRoom], None]:
    """The change of a waiting room's operation ``op`` by ``holder``: Ready and leaving for
    whoever sits there; removing, swapping, locking, making public or private and starting
    for the host. Raises ``PermissionError`` (not yours to do) or ``ValueError``."""
    from .store import Store

    def seat_field(name: str) -> int:
        raw = fields.get(name, "")
        if not (raw.isdigit() and len(raw) == 1 and int(raw) < 4):
            raise ValueError(_("{field}: a seat, 0 to 3").format(field=name))
        return int(raw)

    host_ops = {"remove", "swap", "lock", "unlock", "public", "private", "start"}
    known = host_ops | {"ready", "unready", "leave"}
    if op not in known:
        raise ValueError(_("unknown operation {name}").format(name=repr(op[:20])))

    def change(conn: Any, lr: LobbyRoom) -> None:
        if op in host_ops and lr.host != holder:
            raise PermissionError(_("only the room's host may do that"))
        if op not in ("public", "private") and not lr.waiting:
            raise ValueError(_("this room's game has started"))
        mine = next((i for i, h in enumerate(lr.holders) if h == holder), None)
        if op in ("ready", "unready", "leave") and mine is None:
            raise PermissionError(_("you have no seat in this room"))
        if op in ("ready", "unready") and mine is not None:
            Store.put_ready(conn, lr.room, mine, op == "ready")
        elif op == "leave" and mine is not None:
            Store.put_seat(conn, lr.room, mine, None)
            if lr.host == holder:
                others = [h for h in lr.holders if h is not None and h != holder]
                Store.put_lobby(conn, lr.room, host=others[0] if others else "")
        elif op == "remove":
            seat = seat_field("seat")
            if lr.holders[seat] is None:
                raise ValueError(_("seat {number} is open already").format(number=seat + 1))
            if lr.holders[seat] == holder:
                raise ValueError(_("the host leaves with Leave, not Remove"))
            Store.put_seat(conn, lr.room, seat, None)
        elif op == "swap":
            a, b = seat_field("a"), seat_field("b")
            if a == b or lr.game.seats[a] != "human" or lr.game.seats[b] != "human":
                raise ValueError(_("swap: two different persons' seats"))
            ha, hb = lr.holders[a], lr.holders[b]
            Store.put_seat(conn, lr.room, a, None)
            Store.put_seat(conn, lr.room, b, None)
            Store.put_seat(conn, lr.room, a, hb)
            Store.put_seat(conn, lr.room, b, ha)
        elif op in ("lock", "unlock"):
            Store.put_lobby(conn, lr.room, locked=op == "lock")
        elif op in ("public", "private"):
            Store.put_lobby(conn, lr.room, public=op == "public")
        # "start": maybe_start(force=True) after this check of the host

    return change


# ----- pages ---------------------------------------------------------------------------------

def account_page(server: Server, visitor: Visitor, error: str | None, message: str | None,
                 history: list[tuple[TableRow, int]]) -> str:
    """The account page: sign up and sign in for a guest; the account's settings once
    signed in; the games played (this browser's as a guest, the account's)."""
    csrf = _csrf_field(server, visitor)
    parts = []
    if error:
        parts.append(f'<p class="error" role="alert" id="account-error">{_t(error)}</p>')
    if message:
        parts.append(f'<p class="done" role="status" id="account-done">{_t(message)}</p>')
    if visitor.account is None:
        parts.append("<h1>" + _t(_("Your account")) + "</h1><p>" + _t(_(
            "An account is optional: anyone can play from a link. With one you get a "
            "profile, a rating in public rooms, and your games to watch again. The games "
            "you played in this browser as a guest become the account's.")) + "</p>")
        for action, legend, button, extra in (
                ("signin", _("Sign in"), _("Sign in"), ""),
                ("signup", _("Sign up"), _("Make my account"),
                 '<label for="signup-password2">' + _t(_("password again")) + '</label>'
                 '<input type="password" name="password2" id="signup-password2" '
                 'autocomplete="new-password" required maxlength="128">')):
            auto = "current-password" if action == "signin" else "new-password"
            parts.append(
                f'<form method="post" action="/account/{action}" id="{action}-form">{csrf}'
                f'<fieldset><legend>{_t(legend)}</legend>'
                f'<label for="{action}-name">' + _t(_("name")) + f'</label>'
                f'<input name="name" id="{action}-name" autocomplete="username" required '
                f'maxlength="24">'
                f'<label for="{action}-password">' + _t(_("password")) + f'</label>'
                f'<input type="password" name="password" id="{action}-password" '
                f'autocomplete="{auto}" required maxlength="128">{extra}'
                + ('<small>' + _t(_("3 to 24 letters, digits, _ - or . ; a password of 8 "
                                    "to 128 characters")) + '</small>'
                   if action == "signup" else "")
                + f'<button type="submit">{_t(button)}</button></fieldset></form>')
    else:
        name = visitor.account.name
        parts.append("<h1>" + _t(_("Signed in as {name}").format(name=name)) + "</h1>"
                     f'<p><a id="my-profile" href="/players/{quote(name)}">'
                     + _t(_("Your profile")) + "</a></p>")
        parts.append(f'<form method="post" action="/account/signout" id="signout-form">{csrf}'
                     f'<button type="submit">' + _t(_("Sign out")) + '</button></form>')
        parts.append(
            f'<form method="post" action="/account/password" id="password-form">{csrf}'
            f'<fieldset><legend>' + _t(_("Change password")) + '</legend>'
            '<label for="old">' + _t(_("current password")) + '</label>'
            '<input type="password" name="old" id="old" autocomplete="current-password" '
            'required maxlength="128">'
            '<label for="new-password">' + _t(_("new password")) + '</label>'
            '<input type="password" name="password" id="new-password" '
            'autocomplete="new-password" required maxlength="128">'
            '<label for="new-password2">' + _t(_("new password again")) + '</label>'
            '<input type="password" name="password2" id="new-password2" '
            'autocomplete="new-password" required maxlength="128">'
            '<button type="submit">' + _t(_("Change password")) + '</button></fieldset></form>')
        parts.append(
            f'<form method="post" action="/account/delete" id="delete-form">{csrf}'
            f'<fieldset><legend>' + _t(_("Delete my account")) + '</legend><small>' + _t(_(
                "Deletes the account, its sessions, ratings and the record of which seats "
                "it held; your name in past games and chat becomes \"(deleted)\".")) +
            '</small><label for="delete-password">' + _t(_("password")) + '</label>'
            '<input type="password" name="password" id="delete-password" '
            'autocomplete="current-password" required maxlength="128">'
            '<button type="submit" class="danger">' + _t(_("Delete my account and my data")) + ''
            '</button></fieldset></form>')
    parts.append("<h2>" + _t(_("Your games")) + "</h2>" + history_table(history))
    return _page(_("mahjong-table: account"), "".join(parts), visitor, "/account")


def history_table(history: list[tuple[TableRow, int]]) -> str:
    """The finished games of a history as a table: rule set, date, players, place, points,
    and a link to watch the game again."""
    if not history:
        return "<p>" + _t(_("No finished game yet.")) + "</p>"
    rows = ['<table class="history" id="history"><thead><tr><th>' + "</th><th>".join(
        _t(w) for w in (_("rule set"), _("date"), _("players"), _("place"), _("points"),
                        _("replay"))) + "</th></tr></thead><tbody>"]
    for row, seat in history:
        result = row.result or {}
        scores = result.get("scores") or [0, 0, 0, 0]
        place = 1 + sum(1 for s in scores if s > scores[seat])
        when = time.strftime("%Y-%m-%d %H:%M", time.gmtime(row.created))
        names = ", ".join(row.names)
        rows.append(
            f"<tr><td>{_t(_(rules_title(row.rules, row.options)))}</td>"
            f"<td>{when} UTC</td><td>{_t(names)}</td><td>{place}</td><td>{scores[seat]}</td>"
            f'<td><a class="replay-link" href="/replay/{quote(row.id)}?seat={seat}">'
            f"" + _t(_('watch again')) + "</a></td></tr>")
    return "".join(rows) + "</tbody></table>"


def profile_json(name: str, created: float, ratings: dict[str, Rating],
                 history: list[tuple[TableRow, int]]) -> dict[str, Any]:
    """A profile as JSON (``GET /api/players/NAME``): ratings per rule set (display value,
    mu, sigma, games, provisional), the games with their stats and the totals."""
    games = []
    hands = wins = deal_ins = win_value = 0
    places = []
    for row, seat in history:
        result = row.result or {}
        scores = result.get("scores") or [0, 0, 0, 0]
        stats = (result.get("stats") or [None] * 4)[seat]
        place = 1 + sum(1 for s in scores if s > scores[seat])
        places.append(place)
        if isinstance(stats, dict):
            hands += int(stats.get("hands", 0))
            wins += int(stats.get("wins", 0))
            deal_ins += int(stats.get("deal_ins", 0))
            win_value += int(stats.get("win_value", 0))
        games.append({"id": row.id, "rules": row.rules, "date": row.created,
                      "players": row.names, "seat": seat, "place": place,
                      "points": scores[seat], "replay": f"/replay/{row.id}?seat={seat}"})
    return {
        "name": name, "since": created,
        "ratings": {r.rules: {"rating": display_rating(r), "mu": round(r.mu, 3),
                              "sigma": round(r.sigma, 3), "games": r.games,
                              "provisional": r.games < PROVISIONAL_GAMES}
                    for r in ratings.values()},
        "stats": {"games": len(history), "hands": hands,
                  "win_rate": round(wins / hands, 4) if hands else None,
                  "deal_in_rate": round(deal_ins / hands, 4) if hands else None,
                  "mean_win_value": round(win_value / wins, 2) if wins else None,
                  "mean_place": round(sum(places) / len(places), 2) if places else None},
        "games": games,
    }


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f} %"


def profile_page(data: dict[str, Any], visitor: Visitor, path: str) -> str:
    """A player's profile (HTML)."""
    stats = data["stats"]
    parts = ["<h1>" + _t(data["name"]) + "</h1>", "<h2>" + _t(_("Ratings")) + "</h2>"]
    if data["ratings"]:
        parts.append('<table id="ratings"><thead><tr><th>' + "</th><th>".join(
            _t(w) for w in (_("rule set"), _("rating"), _("games"))) + "</th></tr></thead>"
            "<tbody>")
        for rules, r in sorted(data["ratings"].items()):
            mark = (" " + _t(_("(provisional)"))) if r["provisional"] else ""
            parts.append(f"<tr><td>{_t(_(rules_title(rules)))}</td>"
                         f"<td>{r['rating']:.0f}{mark}</td><td>{r['games']}</td></tr>")
        parts.append("</tbody></table>")
    else:
        parts.append("<p>" + _t(_("No rated game yet: ratings come from public rooms.")) + "</p>")
    parts.append('<dl id="stats">' + "".join(
        f"<dt>{_t(k)}</dt><dd>{_t(v)}</dd>" for k, v in (
            (_("games"), str(stats["games"])), (_("hands"), str(stats["hands"])),
            (_("won"), _pct(stats["win_rate"])), (_("dealt in"), _pct(stats["deal_in_rate"])),
            (_("mean fan or points of a win"),
             "–" if stats["mean_win_value"] is None else str(stats["mean_win_value"])),
            (_("mean place"), "–" if stats["mean_place"] is None else str(stats["mean_place"]))))
        + "</dl>")
    parts.append("<h2>" + _t(_("Games")) + "</h2>")
    if not data["games"]:
        parts.append("<p>" + _t(_("No finished game yet.")) + "</p>")
    else:
        parts.append('<table class="history" id="history"><thead><tr><th>' + "</th><th>".join(
            _t(w) for w in (_("rule set"), _("date"), _("players"), _("place"), _("points"),
                            _("replay"))) + "</th></tr></thead><tbody>")
        for g in data["games"]:
            when = time.strftime("%Y-%m-%d %H:%M", time.gmtime(g["date"]))
            parts.append(f"<tr><td>{_t(_(rules_title(g['rules'])))}</td>"
                         f"<td>{when} UTC</td><td>{_t(', '.join(g['players']))}</td>"
                         f"<td>{g['place']}</td><td>{g['points']}</td>"
                         f'<td><a class="replay-link" href="{escape(g["replay"])}">'
                         f"" + _t(_('watch again')) + "</a></td></tr>")
        parts.append("</tbody></table>")
    return _page(_("mahjong-table: {name}").format(name=data["name"]), "".join(parts), visitor,
                 path)


def leaderboard_page(rules: str, rows: list[tuple[str, Rating]], visitor: Visitor) -> str:
    """The leaderboard of a rule set (HTML): rank, name, rating, games."""
    parts = ["<h1>" + _t(_("Leaderboard")) + "</h1>", '<form method="get" id="board-rules">'
             '<select name="rules" onchange="this.form.submit()">']
    for name in RULE_SETS:
        sel = " selected" if name == rules else ""
        parts.append(f'<option value="{name}"{sel}>{_t(_(rules_title(name)))}</option>')
    parts.append('</select><noscript><button>' + _t(_("Show")) + "</button></noscript></form>")
    parts.append("<p>" + _t(_(
        "Ratings by OpenSkill (Plackett-Luce) from the games of public rooms, shown as 40 x "
        "(mu - 3 sigma); provisional until {n} games.").format(n=PROVISIONAL_GAMES)) + "</p>")
    if not rows:
        parts.append("<p>" + _t(_("Nobody is rated under these rules yet.")) + "</p>")
    else:
        parts.append('<table id="leaderboard"><thead><tr><th>#</th><th>' + "</th><th>".join(
            _t(w) for w in (_("name"), _("rating"), _("games"))) + "</th></tr></thead><tbody>")
        for i, (name, r) in enumerate(rows, 1):
            mark = (" " + _t(_("(provisional)"))) if r.games < PROVISIONAL_GAMES else ""
            parts.append(f'<tr><td>{i}</td><td><a href="/players/{quote(name)}">{_t(name)}'
                         f"</a></td><td>{display_rating(r):.0f}{mark}</td><td>{r.games}</td>"
                         "</tr>")
        parts.append("</tbody></table>")
    return _page(_("mahjong-table: leaderboard"), "".join(parts), visitor, "/leaderboard")


def _options_text(row: TableRow) -> str:
    if not row.options:
        return _("default options")
    return ", ".join(f"{option_label(k)}: {option_value_label(v)}"
                     for k, v in row.options.items())


def _clock_text(row: TableRow) -> str:
    s = row.settings
    return _("{turn} s a turn, {claim} s a claim").format(
        turn=f"{float(s.get('turn_seconds', 60)):g}",
        claim=f"{float(s.get('claim_seconds', 12)):g}")


def lobby_list_page(server: Server, visitor: Visitor, rooms: list[LobbyRoom],
                    error: str | None = None) -> str:
    """The public lobby (HTML): quick play, then every public room with its seats and a
    Join button per open seat (a room still waiting), or its spectators' link."""
    csrf = _csrf_field(server, visitor)
    parts = ["<h1>" + _t(_("Public lobby")) + "</h1>"]
    if error:
        parts.append(f'<p class="error" role="alert" id="lobby-error">{_t(error)}</p>')
    parts.append(f'<form method="post" action="/lobby/quick" id="quick-form">{csrf}'
                 f'<fieldset><legend>' + _t(_("Quick play")) + '</legend>'
                 '<label for="quick-rules">' + _t(_("rule set")) + '</label>'
                 '<select name="rules" id="quick-rules">'
                 + "".join(f'<option value="{n}">{_t(_(rules_title(n)))}</option>'
                           for n in RULE_SETS)
                 + '</select><label for="quick-wait">' + _t(_("wait for people")) + '</label>'
                 '<select name="wait" id="quick-wait">'
                 + "".join(f'<option value="{w}"{" selected" if w == 30 else ""}>'
                           + _t(ngettext("{n} second", "{n} seconds", w).format(n=w))
                           + "</option>" for w in QUICK_WAIT)
                 + "</select><small>" + _t(_(
                     "sits you at the next game of these rules with whoever is waiting; "
                     "bots take the seats still open when the wait is over")) + "</small>"
                 '<button type="submit">' + _t(_("Play now")) + '</button></fieldset></form>')
    parts.append("<p>" + _t(_("To open a room of your own, tick \"public room\" on the "
                              "new table form.")) + ' <a href="/">' + _t(_("New table"))
                 + "</a></p>")
    waiting = [r for r in rooms if r.waiting]
    playing = [r for r in rooms if not r.waiting]
    parts.append(f'<form method="post" action="/lobby/join" id="join-form">{csrf}</form>')
    parts.append("<h2>" + _t(_("Rooms waiting for players")) + "</h2>")
    if not waiting:
        parts.append('<p id="no-rooms">' + _t(_("No public room is waiting now.")) + "</p>")
    parts.append('<ul class="rooms" id="waiting-rooms">')
    for lr in waiting:
        parts.append(_room_item(server, lr, visitor.holder in lr.holders))
    parts.append("</ul><h2>" + _t(_("Rooms playing")) + '</h2><ul class="rooms" '
                 'id="playing-rooms">')
    for lr in playing:
        parts.append(_room_item(server, lr, visitor.holder in lr.holders))
    parts.append("</ul>")
    return _page(_("mahjong-table: lobby"), "".join(parts), visitor, "/lobby")


def _room_item(server: Server, lr: LobbyRoom, mine: bool) -> str:
    """A room of the lobby's list (HTML, in the language in force), ``mine`` when the
    visitor sits there; kept by the :class:`LobbyCache` for the read it came from."""
    key = (language(), lr.room, mine)
    got = server.lobby_cache.items.get(key)
    if got is None:
        got = server.lobby_cache.items[key] = _make_room_item(server, lr, mine)
    return got


def _make_room_item(server: Server, lr: LobbyRoom, mine: bool) -> str:
    row = lr.game
    title = _t(_(rules_title(row.rules, row.options)))
    length = (_("whole game") if row.max_hands is None else ngettext(
        "{n} hand", "{n} hands", row.max_hands).format(n=row.max_hands))
    bits = [f'<li class="room" data-room="{escape(lr.room)}"><b>{title}</b> · '
            f"{_t(length)} · {_t(_options_text(row))} · {_t(_clock_text(row))}"]
    if lr.locked:
        bits.append(" · " + _t(_("locked")))
    if lr.quick and lr.fill_at is not None and lr.waiting:
        bits.append(" · " + _t(_("bots fill it in {seconds} s").format(
            seconds=max(0, math.ceil(lr.fill_at - time.time())))))
    bits.append('<ol class="room-seats">')
    for i, kind in enumerate(row.seats):
        if kind != "human":
            bits.append(f"<li>{_t(row.names[i])} ({_t(bot_label(kind))})</li>")
        elif lr.holders[i] is not None:
            bits.append(f"<li>{_t(_seat_name(lr, i))}{_rating_text(lr, i)}</li>")
        elif lr.waiting and not lr.locked and not mine:
            # (the page's one join form carries the CSRF token: the item is the same for
            # every visitor, made once per read of the rooms)
            label = _("Join seat {number}").format(number=i + 1)
            bits.append(f'<li><button type="submit" form="join-form" name="target" '
                        f'value="{escape(lr.room)}:{i}" class="join-seat" data-seat="{i}">'
                        f"{_t(label)}</button></li>")
        else:
            bits.append("<li>" + _t(_('open')) + "</li>")
    bits.append("</ol>")
    if mine or not lr.waiting:
        href = f"/room/{quote(lr.room)}" if mine else f"/watch/{server.token(lr.room, 'w')}"
        word = _("Your room") if mine else _("Watch")
        bits.append(f'<a href="{escape(href)}">{_t(word)}</a>')
    return "".join(bits) + "</li>"


def _rating_text(lr: LobbyRoom, seat: int) -> str:
    """`` (rating 1,012)`` after an account's name in the lobby (provisional marked)."""
    if lr.holder_names[seat] is None:
        return ""
    r = lr.holder_ratings[seat]
    if r is None:
        return " " + _t(_("(unrated)"))
    word = (_("rating {value} (provisional)") if r.games < PROVISIONAL_GAMES
            else _("rating {value}"))
    return " (" + _t(word.format(value=f"{display_rating(r):.0f}")) + ")"


def waiting_page(server: Server, visitor: Visitor, lr: LobbyRoom, path: str) -> str:
    """The waiting room of a lobby room (HTML and ``people.js``, which polls the room's JSON
    every second: Ready, the host's controls, and the move to the table once it starts)."""
    row = lr.game
    title = _(rules_title(row.rules, row.options))
    words = json.dumps(script_words(), ensure_ascii=False,
                       separators=(",", ":")).replace("</", "<\\/")
    body = ('<h1>' + _t(_("Waiting room")) + f': {_t(title)}</h1>'
            f'<p>{_t(_options_text(row))} · {_t(_clock_text(row))}</p>'
            f'<div id="waiting" data-room="{escape(lr.room)}" '
            f'data-csrf="{server.cookie.csrf(visitor.guest)}" aria-live="polite"></div>'
            f'<p id="waiting-error" class="error" role="alert" hidden></p>'
            f'<script id="mt-words" type="application/json">{words}</script>'
            '<script src="/static/people.js"></script>')
    return _page(_("mahjong-table: waiting room"), body, visitor, path)

