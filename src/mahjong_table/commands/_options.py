"""Rule-set options on the command line: ``--option NAME=VALUE`` (repeatable), shared by the
sub-commands that build a rule set."""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["add_option_argument", "parse_option_value", "parse_options", "check_writable"]


def add_option_argument(p: argparse.ArgumentParser) -> None:
    """Add ``--option NAME=VALUE`` (repeatable) to ``p``; the values land in ``args.option``."""
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule-set option, e.g. bonus_tiles=false, seven_pairs=true, "
                        "false_mahjong=penalise (repeatable; docs/rules/ lists them)")


def parse_option_value(text: str) -> Any:
    """``"true"``/``"false"`` -> bool, digits -> int, otherwise the text."""
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``["a=1", "b=false"]`` -> ``{"a": 1, "b": False}``. Raises ``ValueError`` naming a
    pair that is not NAME=VALUE."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"option {pair!r} is not NAME=VALUE")
        out[name.strip()] = parse_option_value(value.strip())
    return out


def check_writable(path: str) -> None:
    """Raise ``ValueError`` if a record cannot be written to ``path`` (checked before a game,
    so that no game is played for a record that would be lost)."""
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise ValueError(f"cannot write the record to {path}: {exc.strerror}") from exc
