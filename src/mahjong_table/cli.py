"""The ``mahjong-table`` command: ``play``, ``simulate``, ``score``, ``replay``, ``analyze``.

Argument parsing uses the standard library's :mod:`argparse`. Each sub-command lives in its own
module under :mod:`mahjong_table.commands` and exposes ``add_parser(subparsers)`` which sets
``func`` (taking the parsed namespace, returning the exit status).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

#: sub-command modules, in the order they appear in ``--help``
COMMANDS = ("play", "simulate", "score", "replay", "analyze", "card", "arena", "serve",
            "export_dataset")


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with every sub-command registered."""
    from . import __version__
    from .rules import RULE_SETS, get_rule_set

    # the rule sets named are the ones the code has (issue 11: help from what exists)
    titles = ", ".join(f"{get_rule_set(n).title} (--rules {n})" for n in sorted(RULE_SETS))
    parser = argparse.ArgumentParser(
        prog="mahjong-table",
        description=f"Play, score, simulate and analyse mahjong. Rule sets: {titles}.",
    )
    from ._build import build_name

    parser.add_argument("--version", action="version",
                        version=f"mahjong-table {__version__} ({build_name()} build)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"mahjong_table.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"mahjong_table.commands.{name}":
                continue
            raise
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point. Returns the exit status (0 ok, 1 a negative answer, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (`... | head`): stop quietly, as command-line tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
