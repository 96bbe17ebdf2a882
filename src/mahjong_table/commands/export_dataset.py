"""``mahjong-table export-dataset RECORDS... --encoding planes-v1 --out FILE``: learning data
from game records (issue 26): (observation, mask, action, reward) for every decision of
every seat, as NumPy ``.npz`` (see ``docs/env.md`` and :mod:`mahjong_table.env.dataset`).

Exit status: 0 written; 2 a file that cannot be read, a malformed record, a record that does
not replay, an unknown encoding, or the env extra (numpy) missing.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "export-dataset", help="write (observation, mask, action, reward) of every decision "
                               "in game records as NumPy .npz",
        description="Replays the records (written by play, simulate --record or arena "
                    "--record) and writes, for every decision of every seat, the acting "
                    "player's observation in the chosen encoding, the action mask, the "
                    "action's index, the seat's payment for that hand and its final score "
                    "(docs/env.md). Needs the env extra (numpy).")
    p.add_argument("records", nargs="+", metavar="RECORDS", help="record files (JSON lines)")
    p.add_argument("--encoding", default="planes-v1",
                   help="observation encoding: planes-v1 (default) or flat-v0")
    p.add_argument("--out", required=True, metavar="FILE", help="the .npz file to write")
    p.add_argument("--shard-size", type=int, default=0, metavar="N",
                   help="write shards of at most N decisions (FILE-00000.npz ...); default "
                        "one file")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        from ..env.dataset import export_dataset
        from ..env.planes import ENCODINGS
    except ImportError as exc:
        print(f"mahjong-table export-dataset: needs the env extra "
              f"(pip install 'mahjong-table[env]'): {exc}", file=sys.stderr)
        return 2
    from ..record import RecordError

    if args.encoding not in ENCODINGS:
        print(f"mahjong-table export-dataset: unknown encoding {args.encoding!r}; known: "
              f"{', '.join(ENCODINGS)}", file=sys.stderr)
        return 2
    try:
        stats = export_dataset(args.records, args.out, encoding=args.encoding,
                               shard_size=args.shard_size)
    except (OSError, RecordError, ValueError) as exc:
        print(f"mahjong-table export-dataset: {exc}", file=sys.stderr)
        return 2
    files = ", ".join(str(f) for f in stats.files)
    print(f"{stats.decisions} decisions of {stats.games} games ({args.encoding}) written to "
          f"{files}")
    return 0
