"""``mahjong-table serve``: the web table (issue 9): a lobby, tables for friends and bots in
the browser, stored in SQLite (default) or PostgreSQL. Needs the ``web`` extra."""

from __future__ import annotations

import argparse
import sys
from typing import Any

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "serve", help="serve the web table: play in a browser with friends and bots",
        description="Serve the web table: a lobby creates tables, each person gets a seat "
                    "link, bots fill the other seats. Every action is stored; a restarted "
                    "server resumes every table.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default "
                   "127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default=None, metavar="URL",
                   help="database: sqlite:///FILE (default sqlite:///mahjong-table.db) or "
                        "postgresql://USER:PASSWORD@HOST/DB")
    p.add_argument("--tables-per-minute", type=int, default=30, metavar="N",
                   help="tables the lobby creates per minute for one client address at "
                        "most (default 30; then 429 with Retry-After)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..web.app import MAX_MESSAGE, create_app
        from ..web.store import DEFAULT_DB, normalise_url
    except ModuleNotFoundError as exc:
        print(f"mahjong-table serve: {exc.name} is not installed; install the web extra: "
              "pip install 'mahjong-table[web]'", file=sys.stderr)
        return 2
    db = args.db or DEFAULT_DB
    try:
        normalise_url(db)
    except ValueError as exc:
        print(f"mahjong-table serve: {exc}", file=sys.stderr)
        return 2
    if not 0 < args.port < 65536:
        print("mahjong-table serve: --port must be 1-65535", file=sys.stderr)
        return 2
    if args.tables_per_minute < 1:
        print("mahjong-table serve: --tables-per-minute must be at least 1", file=sys.stderr)
        return 2
    print(f"mahjong-table: serving on http://{args.host}:{args.port}/ (database {db})",
          flush=True)
    app = create_app(db, tables_per_minute=args.tables_per_minute)
    # bots choose on worker threads: a short GIL switch interval keeps the event loop (and
    # so every person's next view) from waiting behind a thinking bot
    sys.setswitchinterval(0.0005)
    # a websocket frame larger than this is refused by the protocol layer already; the
    # application refuses messages over MAX_MESSAGE bytes itself
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=MAX_MESSAGE * 4,
                log_level="warning")
    return 0
