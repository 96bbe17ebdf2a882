"""``mahjong-table replay FILE``: replay a record, checking every step and the final scores;
``replay FILE --show`` steps through it at the full-screen table (issue 11).

Exit status: 0 the record replays exactly; 1 a replay that differs from its record; 2 a file
that cannot be read or a malformed record ("malformed record: line N, field F: ...").
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..record import RecordError, replay

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "replay", help="replay a game record and verify it, or step through it (--show)",
        description="Replays a record from its seed and actions, checks every event and the "
                    "final scores (of every game in the file); exits 1 on any mismatch, 2 if "
                    "the file cannot be read or is malformed. With --show, steps through the "
                    "record at the full-screen table: right/left an action, ] and [ a hand, "
                    "j jump to a hand, v the seat whose view is shown, o every hand open.")
    p.add_argument("file", help="a record written by play or simulate --record")
    p.add_argument("--show", action="store_true",
                   help="step through the record at the full-screen table (needs the tui "
                        "extra, Textual)")
    p.add_argument("--seat", type=int, choices=(0, 1, 2, 3), default=0,
                   help="with --show: the player whose view is shown first (default 0)")
    p.add_argument("--open", action="store_true",
                   help="with --show: every hand open from the start")
    p.add_argument("--game", type=int, default=1, metavar="N",
                   help="with --show: which game of a file of several (default 1)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if getattr(args, "show", False):
        return _show(args)
    try:
        report = replay(args.file)
    except (OSError, RecordError) as exc:
        print(f"mahjong-table replay: {exc}", file=sys.stderr)
        return 2
    if report.malformed:
        print(f"mahjong-table replay: {report.problem}", file=sys.stderr)
        return 2
    if not report.ok:
        print(f"MISMATCH after {report.actions} actions and {report.events} events: "
              f"{report.problem}")
        return 1
    games = f"{report.games} games, " if report.games > 1 else ""
    print(f"ok: {games}{report.actions} actions and {report.events} events replayed; "
          f"final scores {report.scores}")
    return 0


def _show(args: argparse.Namespace) -> int:
    from ..tui import available, encoding_problem

    if not available():
        print("mahjong-table replay: --show needs the full-screen table (pip install "
              "'mahjong-table[tui]')", file=sys.stderr)
        return 2
    problem = encoding_problem(sys.stdout, sys.__stderr__)
    if problem is not None:
        print(f"mahjong-table replay: --show draws the full-screen table, but {problem} "
              f"(use a UTF-8 terminal, e.g. LANG=C.UTF-8)", file=sys.stderr)
        return 2
    from ..tui.app import ReplayApp

    try:
        app = ReplayApp(args.file, seat=args.seat, open_hands=args.open,
                        game_index=args.game - 1)
    except (OSError, RecordError, ValueError) as exc:
        print(f"mahjong-table replay: {exc}", file=sys.stderr)
        return 2
    app.run()
    return 0
