"""Hands for the score calculator's tests (issue 47), each as the ``score`` command's
arguments: Hong Kong from the shared score cases (tests/data/hongkong_score.jsonl, a copy of
shared/cases), MCR and American built here to cover each rule set's forms and every way a
win comes (self-drawn, a discard, robbing a kong, a kong replacement, the last tile, the
last of its kind, bonus tiles, concealed kongs, exposures with jokers, a joker exchange)
and refusals (under MCR's 8 fan, a fifth copy, too few tiles).

:func:`cli` runs the real command (``python -m mahjong_table.cli score ... --json``) for
the answer a page must give; :func:`fields_for` writes a case as the page's fields (its
address), the way a person would set the page.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "hongkong_score.jsonl"


@dataclass(frozen=True)
class Case:
    id: str
    rules: str  # the page's name: hongkong, mcr, american
    args: tuple[str, ...]  # the score command's arguments after --rules (and --scoring)

    @property
    def command(self) -> list[str]:
        head = (["--rules", "chinese", "--scoring", "mcr"] if self.rules == "mcr"
                else ["--rules", self.rules])
        return [*head, *self.args]

    @property
    def hand(self) -> str:
        return self.args[0]

    def option(self, name: str) -> str | None:
        if name in self.args:
            return self.args[self.args.index(name) + 1]
        return None

    def flag(self, name: str) -> bool:
        return name in self.args


def _hongkong() -> list[Case]:
    out = []
    for line in DATA.read_text("utf-8").splitlines():
        case = json.loads(line)
        args = case["args"]
        assert args[:2] == ["--rules", "hongkong"], case["id"]
        out.append(Case(case["id"], "hongkong", tuple(args[2:])))
    return out


HONGKONG = _hongkong()

MCR = [Case(f"mcr-{i}", "mcr", tuple(a)) for i, a in enumerate([
    ["123m456m789m123p55s", "--self-drawn"],
    ["[123m] [456p] [789s] 111z55z", "--win-tile", "5z", "--seat-wind", "S", "--discarder",
     "W"],
    ["11m22m33m44p55p66s77s", "--self-drawn"],
    ["19m19p19s1234567z1m", "--win-tile", "1m", "--discarder", "N"],
    ["123m456p789s234m55p", "--discarder", "W"],
    ["[777z] (1111s) 234m456p99m", "--win-tile", "9m", "--discarder", "S"],  # 6 fan: refused
    ["234m567m345p678s99s", "--win-tile", "5m", "--discarder", "N", "--robbing-kong"],
    ["111m234p567s888s22z", "--win-tile", "2z", "--self-drawn", "--last-tile"],
    ["[2222m] 345p678s999s11z", "--win-tile", "1z", "--kong-replacement"],
    ["456m789p111s55p123m", "--win-tile", "3m", "--discarder", "W", "--last-of-kind"],
    ["[123p] [456p] [789p] 111m99m", "--win-tile", "9m", "--discarder", "W", "--bonus",
     "1f2g"],
    ["111z222z333z444z55m", "--win-tile", "5m", "--self-drawn"],
    ["[345m] 345p345s678m22s", "--win-tile", "2s", "--seat-wind", "W", "--round-wind", "S",
     "--discarder", "N"],
    ["123m456p789s11z", "--discarder", "W"],  # 11 tiles: refused
])]

AMERICAN = [Case(f"american-{i}", "american", tuple(a)) for i, a in enumerate([
    ["22m6m5z 666p 666s 444z1j", "--self-drawn"],
    ["222m 4444m 666m 8888m", "--seat-wind", "S", "--discarder", "N"],
    ["[666p] [888p] 22m 44m 6666z", "--seat-wind", "E", "--discarder", "W"],
    ["1111m1111p111s111f", "--self-drawn"],
    ["1111m1j 1111p1j 1111f", "--seat-wind", "N", "--self-drawn"],
    ["[111m] [22p1j] 3333s 4444m", "--seat-wind", "W", "--discarder", "E"],
    ["44z 111z 333z 2222z 77z", "--discarder", "N"],
    ["111111f 3333m 3333p", "--seat-wind", "S", "--discarder", "E"],
    ["11z33z1234m5678p99s", "--self-drawn"],
    ["111m 333m 555m1j 777m 9m", "--joker-exchange"],
    ["123m456m789m123p5s", "--discarder", "W"],  # 13 tiles: refused
    ["2468m 2468p 2222s 11f", "--seat-wind", "E", "--discarder", "S"],
])]

ALL = HONGKONG + MCR + AMERICAN


def cli(command: list[str], *, lang: str = "en") -> tuple[int, Any, str]:
    """``mahjong-table --lang LANG score COMMAND --json`` in a process of its own: the exit
    status, the JSON printed (None when nothing was) and standard error."""
    done = subprocess.run([sys.executable, "-m", "mahjong_table.cli", "--lang", lang, "score",
                           *command, "--json"], capture_output=True, text=True, check=False,
                          timeout=60)
    data = json.loads(done.stdout) if done.stdout.strip() else None
    return done.returncode, data, done.stderr.strip()


def fields_for(case: Case) -> dict[str, str]:
    """The page's fields for ``case``, set as a person sets the page: the discarder named
    when the command names one, else self-drawn when it says so, else the page's default."""
    fields = {"rules": case.rules, "hand": case.hand}
    for option, field in (("--win-tile", "win"), ("--seat-wind", "seat"),
                          ("--round-wind", "round"), ("--bonus", "bonus"),
                          ("--discarder", "from")):
        value = case.option(option)
        if value is not None:
            fields[field] = value
    if case.flag("--self-drawn"):
        fields["from"] = "self"
    extras = [a[2:] for a in case.args if a in ("--last-tile", "--robbing-kong",
                                                 "--kong-replacement", "--heavenly",
                                                 "--earthly", "--last-of-kind",
                                                 "--joker-exchange")]
    if extras:
        fields["extra"] = ",".join(extras)
    return fields
