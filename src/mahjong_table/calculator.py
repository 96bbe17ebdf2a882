"""The score calculator of the phone page ``/score`` (issue 47): what ``mahjong-table score
... --json`` gives, for a hand tapped in at a physical table.

One code path for every place the page scores: the web server answers the page's requests
with :func:`calculate`, and the page runs the same function in the browser, in Pyodide, from
the package's own pure-Python source (``web/score.py`` serves it), so that it scores offline.
Nothing here imports more than the standard library and the package: it must run in both.

- :func:`command_args`: the page's fields (the address ``/score?rules=R&hand=...`` holds them)
  as the ``score`` command's arguments, exactly as one would type them.
- :func:`score_command`: runs the ``score`` command's own parser and
  :func:`~mahjong_table.commands.score.evaluate` on arguments (no process, nothing printed):
  the exit status, the ``--json`` object, or the error message.
- :func:`calculate`: both, plus the words the page shows in its language: each item's name,
  explanation and the rule book section it comes from, the refusal's reason, and what a hand
  still lacks (how many tiles; with one tile to go, every tile that completes it and what
  the hand then scores, found by the same scorer).
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from .commands.score import Outcome, evaluate
from .i18n import N_, _, ngettext, use_language
from .message import shown

__all__ = ["RULES", "SEATS", "EXTRAS", "FIELDS", "FieldError", "command_args", "score_command",
           "calculate", "item_source", "MAX_CARD"]

#: the rule sets the page offers, by the name its address uses (``mcr``: Chinese rules with
#: the Mahjong Competition Rules' scale, ``score --rules chinese --scoring mcr``)
RULES = ("hongkong", "mcr", "american")
#: seat winds as the notation writes them
SEATS = ("E", "S", "W", "N")
#: how the winning tile came, beyond self-drawn or a discard: the ``score`` flags each rule
#: set's page offers (American play has no robbing or replacement, shared/NOTATION.md)
EXTRAS: dict[str, tuple[str, ...]] = {
    "hongkong": ("last-tile", "robbing-kong", "kong-replacement", "heavenly", "earthly"),
    "mcr": ("last-tile", "robbing-kong", "kong-replacement", "last-of-kind"),
    "american": ("joker-exchange",),
}
#: the page's fields (the address's query): rules, hand, win (the winning tile), from
#: (``self`` or the discarder's seat), seat, round, bonus, extra (a comma list of EXTRAS)
FIELDS = ("rules", "hand", "win", "from", "seat", "round", "bonus", "extra")
#: the longest field the page sends (characters): a hand of 18 tiles in any notation fits
_MAX_FIELD = 200
#: the largest card file the page passes on (characters); the practice card is about 8,300
MAX_CARD = 65536
#: a winning hand's tiles, a kong counted as three (Hong Kong, MCR) or as it is (American)
_COMPLETE = 14


class FieldError(ValueError):
    """A field of the page that cannot be scored: its message names the field and why."""


def _seat_field(fields: Mapping[str, str], name: str, default: str) -> str:
    value = (fields.get(name) or default).strip().upper()
    if value not in SEATS:
        raise FieldError(_("{field}: a seat wind, one of E S W N, not {value}").format(
            field=name, value=repr(value)))
    return value


def command_args(fields: Mapping[str, str], card: str | None = None) -> list[str]:
    """The ``score`` command's arguments (after ``score``, without ``--json``) for the page's
    ``fields`` (:data:`FIELDS`; a missing one takes the command's default). ``card``: the
    path of an American card file (``--card``), None for the practice card. Raises
    :class:`FieldError` naming a field that is not one of its choices."""
    for name, value in fields.items():
        if len(value) > _MAX_FIELD:
            raise FieldError(_("{field}: at most {n} characters").format(field=name,
                                                                         n=_MAX_FIELD))
    rules = (fields.get("rules") or "hongkong").strip()
    if rules not in RULES:
        raise FieldError(_("rules: one of {choices}, not {value}").format(
            choices=", ".join(RULES), value=repr(rules)))
    args = ["--rules", "chinese", "--scoring", "mcr"] if rules == "mcr" else ["--rules", rules]
    args.append(fields.get("hand", "").strip())
    win = (fields.get("win") or "").strip()
    if win:
        args += ["--win-tile", win]
    args += ["--seat-wind", _seat_field(fields, "seat", "E")]
    if rules != "american":
        args += ["--round-wind", _seat_field(fields, "round", "E")]
    came = (fields.get("from") or "").strip()
    if came == "self":
        args.append("--self-drawn")
    elif came:
        args += ["--discarder", _seat_field(fields, "from", "E")]
    bonus = (fields.get("bonus") or "").strip()
    if bonus:
        if rules == "american":
            raise FieldError(_("bonus: American flowers are hand tiles, written in the hand"))
        args += ["--bonus", bonus]
    extras = [e.strip() for e in (fields.get("extra") or "").split(",") if e.strip()]
    for extra in extras:
        if extra not in EXTRAS[rules]:
            raise FieldError(_("extra: {value} is not one of {choices}").format(
                value=repr(extra), choices=", ".join(EXTRAS[rules])))
    # in the page's order, each once: the same hand always gives the same command
    args += [f"--{e}" for e in EXTRAS[rules] if e in extras]
    if rules == "american" and card is not None:
        args += ["--card", card]
    return args


class _Refused(Exception):
    """argparse's error, raised instead of printed and exited."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse's way: never returns
        raise _Refused(message)


def _score_parser() -> argparse.ArgumentParser:
    from .commands import score

    parser = _Parser(prog="mahjong-table")
    sub: argparse._SubParsersAction[argparse.ArgumentParser] = parser.add_subparsers(
        dest="command", required=True, parser_class=_Parser)
    score.add_parser(sub)
    return parser


def score_command(argv: Sequence[str]) -> dict[str, Any]:
    """``mahjong-table score ARGV --json`` without a process: ``{"exit": 0|1|2, "json":
    the object it prints or None, "error": the line it writes on standard error or None}``,
    in the language in force (the JSON is the same in every language)."""
    return _run(argv)[0]


def _run(argv: Sequence[str]) -> tuple[dict[str, Any], Outcome | None, str | None]:
    """:func:`score_command`'s answer, the command's outcome (None when it refused the
    arguments) and, for exit status 2, the problem alone (the error line's message)."""
    try:
        args = _score_parser().parse_args(["score", *argv, "--json"])
    except _Refused as exc:
        return ({"exit": 2, "json": None, "error": f"mahjong-table score: error: {exc}"}, None,
                str(exc))
    out = evaluate(args)
    if out.status == 2 or out.result is None:
        return {"exit": 2, "json": None, "error": out.message()}, out, out.error
    return {"exit": out.status, "json": out.result.to_json(), "error": None}, out, None


# ----- the words the page shows -----------------------------------------------------------

#: where each rule set's scoring is written
_HK_SECTION = N_("rule book 004 s07")
_MCR_SECTION = N_("MCR fan table ({zh}), as rule book 001 Part two 'Scoring' points to")
_MCR_FLOWERS = N_("MCR Flower Tiles (花牌), as rule book 001 Part two 'Scoring' points to")
_CHINESE_SIMPLE = N_("rule book 001 Part two 'Scoring'")
_AMERICAN_LINE = N_("the card: {line}; rule book 001 Part one 'Winning the hand'")
_AMERICAN_PAYMENT = N_("the League's usual payments (docs/rules/american.md), rule-set "
                       "options")


def item_source(rules: str, item_id: str, json: Mapping[str, Any] | None = None) -> str:
    """Where a scoring item of ``rules`` (a name of :data:`RULES`) is written, in the
    language in force: the rule book section, MCR's fan table with the fan's Chinese name,
    the American card's line. ``json``: the result (American: its line)."""
    if rules == "hongkong":
        return _(_HK_SECTION)
    if rules == "mcr":
        from .rules.mcr_fans import FAN_TABLE

        fan = FAN_TABLE.get(item_id)
        if fan is not None:
            return _(_MCR_SECTION).format(zh=fan.zh)
        if item_id in ("flower_tiles", "eight_flowers"):
            return _(_MCR_FLOWERS)
        return _(_CHINESE_SIMPLE)
    from .rules.american.scoring import PAYMENT_ITEMS

    if item_id in PAYMENT_ITEMS:
        return _(_AMERICAN_PAYMENT)
    line = (json or {}).get("line") or {}
    return _(_AMERICAN_LINE).format(line=_line_name(line))


def _line_name(line: Mapping[str, Any]) -> str:
    """A card line as the scorer names it (``2026 #1``, ``2026 n. 1``), in the language in
    force."""
    from .rules.american.card import card_text

    return _("{section} #{number}").format(section=card_text(str(line.get("section", ""))),
                                           number=line.get("number", ""))


def _tile_counts(hand_text: str, rules: str) -> tuple[int, int] | None:
    """How many tiles the hand counts toward the fourteen of a winning hand, and how many it
    needs (a kong counts as three in Hong Kong and MCR play, as four American tiles in a
    fourteen-tile American hand); None when the notation cannot be read."""
    from .melds import parse_hand
    from .tiles import NotationError

    try:
        hand = parse_hand(hand_text)
    except NotationError:
        return None
    n = len(hand.concealed) + sum(len(m.tiles) for m in hand.melds)
    if rules != "american":
        n -= sum(1 for m in hand.melds if len(m.tiles) == 4)
    return n, _COMPLETE


def _candidates(rules: str) -> list[str]:
    from .tiles import TILES

    kinds = [str(t) for t in TILES if t.suit in "mpsz"]
    if rules == "american":
        kinds += ["1f", "1j"]
    return kinds


def _completions(fields: Mapping[str, str], card: str | None) -> list[dict[str, Any]]:
    """Every tile that, added to the concealed tiles as the winning tile, makes a hand the
    scorer accepts with the page's other fields, and what it then scores (fan or points,
    base): found by scoring each candidate, the same code as the rest."""
    out = []
    hand = fields.get("hand", "").strip()
    for tile in _candidates(str(fields.get("rules") or "hongkong")):
        try:
            args = command_args({**fields, "hand": f"{hand} {tile}", "win": tile}, card)
        except FieldError:
            return []
        got = score_command(args)
        data = got["json"]
        if got["exit"] == 0 and data is not None:
            value = data.get("fan", data.get("points"))
            out.append({"tile": tile, "value": value, "base": data.get("base"),
                        "limit": data.get("limit")})
    return out


@contextmanager
def _card_file(card: tuple[str, str] | None) -> Iterator[str | None]:
    """A person's card (``(file name, text)``) as a file the ``--card`` option can name (in a
    directory of its own, removed after); None for the practice card."""
    if card is None:
        yield None
        return
    name, text = card
    if len(text) > MAX_CARD:
        raise FieldError(_("the card file is larger than {n} characters").format(n=MAX_CARD))
    base = re.sub(r"[^A-Za-z0-9._-]+", "_", os.path.basename(name or "card"))[:60]
    base = base.lstrip(".") or "card"
    with tempfile.TemporaryDirectory(prefix="mahjong-card-") as folder:
        path = os.path.join(folder, base)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        yield path


def calculate(fields: Mapping[str, str], *, card: tuple[str, str] | None = None,
              lang: str = "en", completions: bool = True) -> dict[str, Any]:
    """The page's answer for ``fields`` (:data:`FIELDS`), in ``lang``: what ``score``
    gives (``exit``, ``json``, ``error``; ``command``, the command line that gives the same)
    and the page's words (``shown``: the items' names, explanations and sources, the
    reason, and ``missing``: the tiles the hand lacks; with one to go, ``completions``,
    each tile that completes it and its value). ``card``: a person's American card as
    ``(file name, text)``, else the practice card."""
    with use_language(lang):
        rules = str(fields.get("rules") or "hongkong")
        try:
            with _card_file(card if rules == "american" else None) as path:
                args = command_args(fields, path)
                got, outcome, problem = _run(args)
                if path is not None:
                    # the server's temporary folder is nobody's business: name the file only
                    shown_name = os.path.basename(path)
                    if isinstance(got.get("error"), str):
                        got["error"] = got["error"].replace(path, shown_name)
                    if isinstance(problem, str):
                        problem = problem.replace(path, shown_name)
                shown_words = _shown(rules, fields, got, outcome)
                shown_words["problem"] = problem
                counts = _tile_counts(fields.get("hand", ""), rules)
                if (completions and got["exit"] == 1 and counts is not None
                        and counts[0] == counts[1] - 1):
                    shown_words["completions"] = _completions(fields, path)
        except FieldError as exc:
            return {"exit": 2, "json": None, "error": str(exc), "command": None,
                    "shown": {"missing": None, "problem": str(exc)}}
        shown_args = command_args(fields, "FILE" if card is not None else None)
        got["command"] = shlex.join(["mahjong-table", "score", *shown_args, "--json"])
        got["shown"] = shown_words
        return got


def _shown(rules: str, fields: Mapping[str, str], got: Mapping[str, Any],
           outcome: Outcome | None) -> dict[str, Any]:
    """The words the page shows for a result, in the language in force."""
    from .rules import get_rule_set

    title = _(get_rule_set("chinese" if rules == "mcr" else rules).title)
    words: dict[str, Any] = {"title": title + (" · MCR" if rules == "mcr" else ""),
                             "missing": None}
    counts = _tile_counts(fields.get("hand", ""), rules)
    if counts is not None and counts[0] < counts[1]:
        n = counts[1] - counts[0]
        if rules == "american":
            text = ngettext("{n} more tile to go: an American hand is 14 tiles",
                            "{n} more tiles to go: an American hand is 14 tiles", n)
        else:
            text = ngettext("{n} more tile to go: a winning hand has 14 tiles (a kong counts "
                            "as three)",
                            "{n} more tiles to go: a winning hand has 14 tiles (a kong counts "
                            "as three)", n)
        words["missing"] = text.format(n=n)
    data = got.get("json")
    if data is None:
        return words
    if not data.get("valid"):
        words["reason"] = shown(data.get("reason"))
        return words
    # the names and explanations shown are the scorer's own (the JSON leaves explanations
    # out), in the language in force, as the command's breakdown shows them
    items = []
    scored = outcome.result.items if outcome is not None and outcome.result is not None else ()
    for i, item in enumerate(data["items"]):
        name, expl = ((shown(scored[i].name), shown(scored[i].explanation))
                      if i < len(scored) else (item["name"], ""))
        items.append({"id": item["id"], "name": name, "explanation": expl,
                      "value": item.get("fan", item.get("points")),
                      "source": item_source(rules, item["id"], data)})
    words["items"] = items
    if rules == "american":
        words["line"] = f"{_line_name(data['line'])}  {data['line']['pattern']}"
    return words
