"""``mahjong-table serve``: the web table (issue 9): a lobby, tables for friends and bots in
the browser, stored in SQLite (default) or PostgreSQL. Needs the ``web`` extra.

Issue 20: ``--workers N`` runs N server processes sharing the listening socket (uvicorn's
workers, each with its own event loop); the same command on other machines pointed at the
same PostgreSQL adds processes there. ``--prune`` deletes the rooms unused for
``--older-than-days`` days and exits."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from ..i18n import _, ngettext

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "serve", help=_("serve the web table: play in a browser with friends and bots"),
        description=_("Serve the web table: a lobby creates tables, each person gets a seat "
                      "link, bots fill the other seats. Every action is stored; a restarted "
                      "server answers at once and rebuilds each room when it is opened. With "
                      "PostgreSQL, any number of processes (--workers, other machines) serve "
                      "the rooms together and take over those of a process that died."))
    p.add_argument("--host", default="127.0.0.1", help=_("address to listen on (default "
                                                             "127.0.0.1)"))
    p.add_argument("--port", type=int, default=8000, help=_("port (default 8000)"))
    p.add_argument("--db", default=None, metavar="URL",
                   help=_("database: sqlite:///FILE (default sqlite:///mahjong-table.db) or "
                          "postgresql://USER:PASSWORD@HOST/DB"))
    p.add_argument("--tables-per-minute", type=int, default=30, metavar="N",
                   help=_("tables the lobby creates per minute for one client address at "
                          "most (default 30; then 429 with Retry-After)"))
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help=_("server processes on this machine sharing the port (default 1; "
                          "above 1 needs PostgreSQL)"))
    p.add_argument("--max-rooms", type=int, default=500, metavar="N",
                   help=_("live rooms one process holds at most (default 500); a room "
                          "nobody has open is unloaded to make room"))
    p.add_argument("--idle-minutes", type=float, default=10.0, metavar="M",
                   help=_("a room with no page open for M minutes leaves memory (default "
                          "10; it is rebuilt when next opened)"))
    p.add_argument("--bot-threads", type=int, default=2, metavar="N",
                   help=_("threads per process for the bots of tables with people (default "
                          "2); tables of bots only share one more thread"))
    p.add_argument("--forwarded-allow-ips", default=None, metavar="ADDRESSES",
                   help=_("addresses of the reverse proxies whose X-Forwarded-For and "
                          "X-Forwarded-Proto headers are believed (comma-separated, '*' for "
                          "any; default 127.0.0.1): the client address the limits count is "
                          "then the one the proxy saw"))
    p.add_argument("--log-format", choices=("text", "json"), default="text",
                   help=_("the log's format: text lines (default) or one JSON object per "
                          "line"))
    p.add_argument("--log-level", choices=("debug", "info", "warning", "error"),
                   default="warning",
                   help=_("the least serious log records shown (default warning; info adds "
                          "a line per request)"))
    p.add_argument("--prune", action="store_true",
                   help=_("delete the rooms unused for --older-than-days days (every game, "
                          "action and chat message of theirs) and exit"))
    p.add_argument("--older-than-days", type=float, default=30.0, metavar="D",
                   help=_("with --prune: rooms with no action, chat or new game for D days "
                          "(default 30)"))
    p.add_argument("--dry-run", action="store_true",
                   help=_("with --prune: list the rooms, delete nothing"))
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    print(f"mahjong-table serve: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..web.app import MAX_MESSAGE, SERVE_ENV, create_app
        from ..web.store import DEFAULT_DB, Store, normalise_url
    except ModuleNotFoundError as exc:
        print("mahjong-table serve: " + _("{name} is not installed; install the web extra: "
                                          "pip install 'mahjong-table[web]'").format(
                                              name=exc.name), file=sys.stderr)
        return 2
    db = args.db or DEFAULT_DB
    try:
        url = normalise_url(db)
    except ValueError as exc:
        return _fail(str(exc))
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    shown = make_url(url).render_as_string(hide_password=True)
    if args.dry_run and not args.prune:
        return _fail(_("--dry-run goes with --prune (it shows what --prune would delete)"))
    if args.prune and args.older_than_days < 0:
        return _fail(_("--older-than-days must be 0 or more"))

    def open_store() -> Store | str:
        # opened once here so that an unreachable database or a refused login is one clear
        # line and exit status 2, not a traceback from every server process
        try:
            return Store(db)
        except SQLAlchemyError as exc:
            reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
            return _("cannot open the database {url}: {reason}").format(url=shown,
                                                                          reason=reason)

    if args.prune:
        store = open_store()
        if isinstance(store, str):
            return _fail(store)
        try:
            gone = store.prune(time.time() - args.older_than_days * 86400,
                               dry_run=args.dry_run)
        finally:
            store.close()
        said = (_("would delete {n} room(s) unused for {days} days") if args.dry_run
                else _("deleted {n} room(s) unused for {days} days"))
        print("mahjong-table serve --prune: "
              + said.format(n=len(gone), days=f"{args.older_than_days:g}"))
        for room in gone:
            print(room)
        return 0
    if not 0 < args.port < 65536:
        return _fail(_("--port must be 1-65535"))
    if args.tables_per_minute < 1:
        return _fail(_("--tables-per-minute must be at least 1"))
    if args.workers < 1:
        return _fail(_("--workers must be at least 1"))
    if args.workers > 1 and not url.startswith("postgresql"):
        return _fail(_("--workers {n} needs PostgreSQL (--db postgresql://...): "
                       "SQLite is the embedded database of one process; several processes "
                       "coordinate through PostgreSQL's locks and notifications").format(
                           n=args.workers))
    if args.max_rooms < 1:
        return _fail(_("--max-rooms must be at least 1"))
    if args.idle_minutes <= 0:
        return _fail(_("--idle-minutes must be more than 0"))
    if args.bot_threads < 1:
        return _fail(_("--bot-threads must be at least 1"))
    settings = {"tables_per_minute": args.tables_per_minute, "max_rooms": args.max_rooms,
                "idle_seconds": args.idle_minutes * 60, "bot_threads": args.bot_threads}
    probe = open_store()
    if isinstance(probe, str):
        return _fail(probe)
    probe.close()
    print("mahjong-table: " + ngettext(
        "serving on {url} (database {db}, {n} process)",
        "serving on {url} (database {db}, {n} processes)", args.workers).format(
            url=f"http://{args.host}:{args.port}/", db=shown, n=args.workers), flush=True)
    # bots choose on worker threads: a short GIL switch interval keeps the event loop (and
    # so every person's next view) from waiting behind a thinking bot
    sys.setswitchinterval(0.0005)
    # a websocket frame larger than this is refused by the protocol layer already; the
    # application refuses messages over MAX_MESSAGE bytes itself
    from ..web.metrics import logging_config

    # issue 45: behind a reverse proxy, the client address (which the per-address limits
    # count) is the one the proxy names, believed only from the addresses given here
    # (uvicorn's proxy-headers middleware); the logs in text or JSON
    served: dict[str, Any] = {
        "host": args.host, "port": args.port, "ws_max_size": MAX_MESSAGE * 4,
        "log_level": args.log_level, "log_config": logging_config(args.log_format,
                                                                  args.log_level),
        "proxy_headers": True, "server_header": False}
    if args.forwarded_allow_ips is not None:
        served["forwarded_allow_ips"] = args.forwarded_allow_ips
    if args.workers > 1:
        # uvicorn's workers share the socket; each builds the app from this setting
        os.environ[SERVE_ENV] = json.dumps({"db": db, **settings})
        uvicorn.run("mahjong_table.web.app:app_from_env", factory=True,
                    workers=args.workers, **served)
        return 0
    app = create_app(db, **settings)
    uvicorn.run(app, **served)
    return 0
