"""``mahjong-table card FILE``: check an American card file and list its lines.

``FILE`` is a card written in the format of ``docs/american-card.md``; ``practice`` (or
``--practice``) names the shipped practice card. Every line is listed with its section,
number, X or C (rule book 001 Part one, "Understanding the NMJL card"), points, pattern and
the number of concrete variations it expands to, then the totals. A line with alternatives
(``|`` lines of the file) is one line, its patterns joined by ``" | "``, each with its numbers
rule.

Exit status: 0 the card is well formed; 2 it is not, or the file cannot be read (the
:class:`~mahjong_table.rules.american.model.CardError` message, ``source:line:column:
problem``, on standard error). A line that reads but probably not as meant (an uncoloured word
on a coloured line, a wind letter where Soap's zero is likely) is warned of on standard error,
``source:line:column: warning: ...`` (and under ``warnings`` in ``--json``); the status stays
0.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import Any

from ..i18n import _, ngettext
from ..rules.american.card import (
    PRACTICE,
    CardSpec,
    LineSpec,
    card_text,
    check_card_text,
    format_variation,
    format_variation_as_written,
    practice_card,
    practice_card_text,
    read_card_text,
)
from ..rules.american.model import CardError, Variation

__all__ = ["add_parser", "run", "CheckedLine", "check_card", "format_report"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``card``."""
    p = subparsers.add_parser(
        "card",
        help=_("check an American card file and list its lines"),
        description=_(
            "Check an American (NMJL-style) card file and list every line: section, number, "
            "X (exposures allowed) or C (concealed), points, pattern and the number of "
            "concrete variations it expands to. FILE is a card in the format of "
            "docs/american-card.md, or 'practice' for the shipped practice card (not the "
            "National Mah Jongg League's card). Exit status 0: the card is well formed, "
            "2: it is not, or cannot be read (the problem, with its line and column, on "
            "standard error)."
        ),
    )
    p.add_argument("file", metavar="FILE", nargs="?",
                   help=_("the card file, or 'practice' for the practice card"))
    p.add_argument("--practice", action="store_true",
                   help=_("check the shipped practice card (same as FILE 'practice')"))
    p.add_argument("--variations", action="store_true",
                   help=_("also list every concrete variation of every line, in mpsz (F = any "
                        "flower)"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(func=run)


@dataclass(frozen=True)
class CheckedLine:
    """A line of a checked card: its parsed form, its concrete variations and how many
    assignments were dropped as impossible with the tile set."""

    spec: LineSpec
    variations: tuple[Variation, ...]
    dropped: int


def check_card(value: str) -> tuple[CardSpec, list[CheckedLine]]:
    """Read and expand the card ``value`` names (``"practice"`` or a path). Raises
    :class:`~mahjong_table.rules.american.model.CardError`."""
    if value == PRACTICE:
        text, source = practice_card_text(), practice_card().source
    else:
        text, source = read_card_text(value), value
    spec, expanded = check_card_text(text, source)
    checked = [CheckedLine(ln, variations, dropped)
               for ln, (variations, dropped) in zip(spec.lines, expanded, strict=True)]
    return spec, checked




def _totals(spec: CardSpec, lines: list[CheckedLine]) -> dict[str, int]:
    points = [c.spec.points for c in lines]
    return {
        "sections": len(spec.sections),
        "lines": len(lines),
        "variations": sum(len(c.variations) for c in lines),
        "exposed": sum(1 for c in lines if not c.spec.concealed),
        "concealed": sum(1 for c in lines if c.spec.concealed),
        "min_points": min(points),
        "max_points": max(points),
    }


def _as_json(spec: CardSpec, lines: list[CheckedLine], with_variations: bool) -> dict[str, Any]:
    out_lines = []
    for c in lines:
        entry: dict[str, Any] = {
            "section": c.spec.section,
            "number": c.spec.number,
            "exposure": "C" if c.spec.concealed else "X",
            "concealed": c.spec.concealed,
            "points": c.spec.points,
            "pattern": c.spec.shown_pattern,
            "numbers": "" if c.spec.alternatives else c.spec.rule,
            "alternatives": [{"pattern": p.pattern, "numbers": p.rule,
                              "source_line": p.source_line} for p in c.spec.patterns],
            "note": c.spec.note,
            "variations": len(c.variations),
            "dropped": c.dropped,
            "source_line": c.spec.source_line,
        }
        if with_variations:
            entry["expanded"] = [format_variation(v) for v in c.variations]
        out_lines.append(entry)
    return {
        "ok": True,
        "card": spec.name,
        "source": spec.source,
        "practice": spec.practice,
        "sections": list(spec.sections),
        "lines": out_lines,
        "totals": _totals(spec, lines),
        "warnings": [{"line": w.line, "column": w.column, "message": w.message}
                     for w in spec.warnings],
    }


def format_report(spec: CardSpec, lines: list[CheckedLine], with_variations: bool) -> str:
    """The readable listing: a title, one row per line, the totals, in the language in force
    (the shipped card's names and notes too: :func:`card_text`, issue 23)."""
    title = card_text(spec.name) + (_("  [the project's practice card]") if spec.practice
                                    else "")
    rows = [title, _("source: {source}").format(source=spec.source), ""]
    h_section, h_points, h_variations, h_pattern, h_note = (
        _("section"), _("points"), _("variations"), _("pattern"), _("note"))
    sections = [card_text(c.spec.section) for c in lines]
    sec_w = max(len(h_section), *(len(x) for x in sections))
    num_w = max(1, *(len(str(c.spec.number)) for c in lines))
    shown = [c.spec.shown_pattern if c.spec.alternatives
             else f"{c.spec.pattern} {c.spec.rule}".rstrip() for c in lines]
    pat_w = max(len(h_pattern), *(len(p) for p in shown))
    var_w = max(len(h_variations), *(len(str(len(c.variations))) for c in lines))
    pts_w = max(6, len(h_points))
    rows.append(f"{h_section:<{sec_w}}  {'#':>{num_w}}  X/C  {h_points:<{pts_w}}  "
                f"{h_variations:>{var_w}}  {h_pattern:<{pat_w}}  {h_note}")
    for c, pattern, section in zip(lines, shown, sections, strict=True):
        s = c.spec
        note = f"({card_text(s.note)})" if s.note else ""
        if c.dropped:
            note += "  " + ngettext("[{n} impossible assignment dropped]",
                                    "[{n} impossible assignments dropped]",
                                    c.dropped).format(n=c.dropped)
        rows.append(f"{section:<{sec_w}}  {s.number:>{num_w}}  {'C' if s.concealed else 'X':^3}"
                    f"  {s.points:>{pts_w}}  {len(c.variations):>{var_w}}  {pattern:<{pat_w}}  "
                    f"{note}".rstrip())
        if with_variations:
            rows.extend(f"{'':<{sec_w + num_w + 4}}- {format_variation_as_written(v)}"
                        for v in c.variations)
    t = _totals(spec, lines)
    rows.append("")
    rows.append(_("ok: {lines} in {sections}, {variations}; {exposed} X and {concealed} C; "
                  "points {low}-{high}").format(
        lines=ngettext("{n} line", "{n} lines", t["lines"]).format(n=t["lines"]),
        sections=ngettext("{n} section", "{n} sections", t["sections"]).format(
            n=t["sections"]),
        variations=ngettext("{n} variation", "{n} variations", t["variations"]).format(
            n=t["variations"]),
        exposed=t["exposed"], concealed=t["concealed"], low=t["min_points"],
        high=t["max_points"]))
    return "\n".join(rows)


def run(args: argparse.Namespace) -> int:
    """Check the card; print the listing (or JSON). Returns 0, or 2 on a malformed card."""
    if args.practice and args.file is not None and args.file != PRACTICE:
        print("mahjong-table card: " + _("give either FILE or --practice, not both"),
              file=sys.stderr)
        return 2
    if not args.practice and args.file is None:
        print("mahjong-table card: " + _("name a card FILE, or 'practice' (--practice) for "
                                         "the practice card"), file=sys.stderr)
        return 2
    value = PRACTICE if args.practice else str(args.file)
    try:
        spec, lines = check_card(value)
    except CardError as exc:
        print(f"mahjong-table card: {exc}", file=sys.stderr)
        return 2
    for warning in spec.warnings:  # a line that reads, probably not as meant (issue 48)
        print(f"mahjong-table card: {warning.shown()}", file=sys.stderr)
    if args.json:
        print(json.dumps(_as_json(spec, lines, args.variations), ensure_ascii=False))
    else:
        print(format_report(spec, lines, args.variations))
    return 0
