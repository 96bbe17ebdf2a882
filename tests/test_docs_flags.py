"""The command lines the README and docs/ show name only options the commands have.

Defect found trying the project as a new user: docs/env.md said records written by
``arena --record`` feed ``export-dataset``, but ``arena`` has no ``--record`` (argparse:
"unrecognized arguments"). Every ``mahjong-table COMMAND --option`` in inline code and in
fenced command lines of README.md and docs/*.md is checked against the command's parser.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from mahjong_table.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("the CLI has no subcommands")


def _command_lines(text: str) -> list[str]:
    spans = re.findall(r"`([^`\n]+)`", text)
    fenced = [line for block in re.findall(r"```(?:sh|bash|console)?\n(.*?)```", text, re.S)
              for line in block.replace("\\\n", " ").splitlines()]
    return spans + [line.lstrip("$ ") for line in fenced]


def test_documented_options_exist_on_their_commands() -> None:
    """Each option a documented command line gives (``arena --record`` ...) is one the
    command's parser knows."""
    commands = _commands()
    unknown = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for line in _command_lines(doc.read_text(encoding="utf-8")):
            words = line.split("#")[0].split()
            if words[:1] == ["mahjong-table"]:
                words = words[1:]
            if not words or words[0] not in commands:
                continue
            known = commands[words[0]]._option_string_actions
            for word in words[1:]:
                m = re.match(r"(--[a-z][a-z0-9-]*)", word)
                # --lang is read by the command line itself, on every command (issue 23)
                if m and m.group(1) not in known and m.group(1) != "--lang":
                    unknown.append(f"{doc.name}: {line.strip()!r}: {m.group(1)}")
    assert not unknown, "\n".join(unknown)
