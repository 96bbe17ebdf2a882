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
COMMANDS = ("play", "learn", "simulate", "score", "replay", "review", "analyze", "card", "arena",
            "serve", "export_dataset")


def _rule_set_titles() -> str:
    """The rule sets the code has, for the top-level help (issue 11: help from what exists)."""
    from .i18n import _
    from .rules import RULE_SETS, rule_set_class

    return ", ".join(f"{_(rule_set_class(n).title)} (--rules {n})" for n in sorted(RULE_SETS))


def _chosen_command(argv: Sequence[str]) -> str | None:
    """The sub-command named in ``argv`` (its first word that is not an option), or None
    when there is none (``--version``, ``--help``, a mistyped name)."""
    for word in argv:
        if not word.startswith("-"):
            module = word.replace("-", "_")  # export-dataset lives in commands/export_dataset
            return module if module in COMMANDS else None
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The top-level parser with the sub-commands registered.

    With ``argv`` naming a sub-command, only that sub-command's module is imported (issue 25:
    ``mahjong-table score ...`` and ``--version`` import only what they use); otherwise every
    sub-command is registered, so that the top-level help and argparse's own error for an
    unknown name list them all.
    """
    from . import __version__
    from ._argparse_words import route_argparse
    from ._build import build_name
    from .i18n import _

    route_argparse()  # argparse's own words ("usage:", "options", ...) in our language

    chosen = None if argv is None else _chosen_command(argv)
    # the top-level help names the rule sets; building that imports the rules, which only
    # the top-level help needs
    wants_help = argv is None or (chosen is None and any(w in ("-h", "--help") for w in argv))
    description = _("Play, score, simulate and analyse mahjong.")
    if wants_help:
        description += " " + _("Rule sets: {titles}.").format(titles=_rule_set_titles())
    parser = argparse.ArgumentParser(prog="mahjong-table", description=description)
    parser.add_argument("--lang", choices=("en", "it"), metavar="en|it",
                        help=_("the language of every message (also after the sub-command); "
                               "default: the locale's (LANG, LC_MESSAGES), else English"))
    parser.add_argument("--version", action="version",
                        version=f"mahjong-table {__version__} ({build_name()} build)",
                        help=_("show program's version number and exit"))
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    if chosen is not None:
        names: tuple[str, ...] = (chosen,)
    elif argv is not None and "--version" in argv and not wants_help:
        names = ()  # argparse prints the version before it looks for a sub-command
    else:
        names = COMMANDS
    for name in names:
        try:
            module = importlib.import_module(f"mahjong_table.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"mahjong_table.commands.{name}":
                continue
            raise
        module.add_parser(sub)
    return parser


def take_language(words: list[str]) -> str | None:
    """Remove ``--lang X`` / ``--lang=X`` from ``words`` (anywhere: before or after the
    sub-command) and return ``X``, or None when it is not there (issue 23). It is read before
    the parser is built, so that the help, too, is in that language."""
    found: str | None = None
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            break
        if word == "--lang":
            if i + 1 >= len(words):
                raise ValueError("--lang needs a language: en or it")
            found = words[i + 1]
            del words[i:i + 2]
            continue
        if word.startswith("--lang="):
            found = word.split("=", 1)[1]
            del words[i]
            continue
        i += 1
    return found


def choose_language(words: list[str]) -> None:
    """Set the process's language from ``--lang`` (taken out of ``words``), else from the
    locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``). A language there is no
    catalogue for is an error that names the choices (exit status 2)."""
    from .i18n import LanguageError, language_from_environment, set_language

    try:
        asked = take_language(words)
        set_language(asked if asked is not None else language_from_environment())
    except (LanguageError, ValueError) as exc:
        print(f"mahjong-table: --lang: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point. Returns the exit status (0 ok, 1 a negative answer, 2 bad input)."""
    words = list(sys.argv[1:] if argv is None else argv)
    choose_language(words)
    parser = build_parser(words)
    args = parser.parse_args(words)
    try:
        status: int = args.func(args)
    except KeyboardInterrupt:
        from .i18n import pgettext

        print("\n" + pgettext("command", "interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (`... | head`): stop quietly, as command-line tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
