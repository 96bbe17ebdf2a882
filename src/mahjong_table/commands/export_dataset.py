"""``mahjong-table export-dataset RECORDS... --encoding planes-v1 --out FILE``: learning data
from game records (issue 26): (observation, mask, action, reward) for every decision of
every seat, as NumPy ``.npz`` (see ``docs/env.md`` and :mod:`mahjong_table.env.dataset`).

Exit status: 0 written; 2 a file that cannot be read, a malformed record, a record that does
not replay (checked as ``replay`` checks it), a game that did not finish (unless
``--allow-unfinished``), an unknown encoding, or the env extra (numpy) missing.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..i18n import _

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "export-dataset", help=_("write (observation, mask, action, reward) of every "
                                 "decision in game records as NumPy .npz"),
        description=_("Replays the records (written by play or simulate --record) and "
                      "writes, for every decision of every seat, the acting "
                      "player's observation in the chosen encoding, the action mask, the "
                      "action's index, the seat's payment for that hand and its final score "
                      "(docs/env.md). Needs the env extra (numpy)."))
    p.add_argument("records", nargs="+", metavar="RECORDS",
                   help=_("record files (JSON lines)"))
    p.add_argument("--encoding", default="planes-v1",
                   help=_("observation encoding: planes-v1 (default) or flat-v0"))
    p.add_argument("--out", required=True, metavar="FILE", help=_("the .npz file to write"))
    p.add_argument("--shard-size", type=int, default=0, metavar="N",
                   help=_("write shards of at most N decisions (FILE-00000.npz ...); default "
                          "one file"))
    p.add_argument("--allow-unfinished", action="store_true",
                   help=_("also take games that did not finish (saved mid-game, or a file "
                          "cut short): their finished hands only; by default such a game "
                          "is refused"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        from ..env.dataset import export_dataset
        from ..env.planes import ENCODINGS
    except ImportError as exc:
        print("mahjong-table export-dataset: " + _("needs the env extra (pip install "
                                                   "'mahjong-table[env]'): {error}").format(
            error=exc), file=sys.stderr)
        return 2
    from ..record import RecordError

    if args.encoding not in ENCODINGS:
        print("mahjong-table export-dataset: " + _("unknown encoding {name}; known: {known}")
              .format(name=repr(args.encoding), known=', '.join(ENCODINGS)), file=sys.stderr)
        return 2
    try:
        stats = export_dataset(args.records, args.out, encoding=args.encoding,
                               shard_size=args.shard_size,
                               allow_unfinished=args.allow_unfinished)
    except (OSError, RecordError, ValueError) as exc:
        print(f"mahjong-table export-dataset: {exc}", file=sys.stderr)
        return 2
    files = ", ".join(str(f) for f in stats.files)
    print(_("{decisions} decisions of {games} games ({encoding}) written to {files}").format(
        decisions=stats.decisions, games=stats.games, encoding=args.encoding, files=files))
    return 0
