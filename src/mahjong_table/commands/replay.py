"""``mahjong-table replay FILE``: replay a record, checking every step and the final scores."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..record import RecordError, replay

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "replay", help="replay a game record and verify it",
        description="Replays a record from its seed and actions, checks every event and the "
                    "final scores (of every game in the file); exits 1 on any mismatch, 2 if "
                    "the file cannot be read.")
    p.add_argument("file", help="a record written by play or simulate --record")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        report = replay(args.file)
    except (OSError, RecordError) as exc:
        print(f"mahjong-table replay: {exc}", file=sys.stderr)
        return 2
    if not report.ok:
        print(f"MISMATCH after {report.actions} actions and {report.events} events: "
              f"{report.problem}")
        return 1
    games = f"{report.games} games, " if report.games > 1 else ""
    print(f"ok: {games}{report.actions} actions and {report.events} events replayed; "
          f"final scores {report.scores}")
    return 0
