"""``mahjong-table analyze``: shanten, waits and discard advice for a hand.

``HAND`` is written as for ``score`` (shared/NOTATION.md, "Hands"): concealed tiles in mpsz,
``[...]`` exposed melds, ``(...)`` declared concealed kongs. With ``13 - 3*melds`` concealed
tiles the hand is waiting (the command lists the winning tiles, or the useful draws); with
``14 - 3*melds`` it is the player's turn to discard (the command ranks the discards).

Exit status: 0 the hand was analysed; 2 malformed input or options (a message on standard
error naming the problem).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..analysis.hand import HandAnalysis, analyze_hand
from ..analysis.shanten import Forms
from ..analysis.waits import TileUnseen
from ..melds import Hand, parse_hand
from ..rules import RuleSetError, get_rule_set
from ..tiles import NotationError, parse_tiles

__all__ = ["add_parser", "format_analysis", "run"]

_FORM_NAMES = {
    "standard": "standard",
    "seven_pairs": "seven pairs",
    "thirteen_orphans": "thirteen orphans",
}


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``analyze``."""
    p = subparsers.add_parser(
        "analyze",
        help="shanten, waits and discard advice for a hand",
        description=(
            "Analyse a hand: how far it is from ready (shanten), what it waits on, and which "
            "discard is best. HAND is written as for score, e.g. \"[777z] 123m456p 11z 58s\": "
            "13 concealed tiles (minus 3 per meld) for a waiting hand, 14 (minus 3 per meld) "
            "for a hand about to discard. Unseen counts leave out your own tiles and melds "
            "and the tiles given with --seen."
        ),
    )
    p.add_argument("hand", metavar="HAND", help="the hand in extended mpsz notation")
    p.add_argument("--rules", default="hongkong",
                   help="rule set: hongkong (default: seven pairs and thirteen orphans count) "
                        "or chinese (standard form only unless the options below are given)")
    p.add_argument("--seen", metavar="TILES", default="",
                   help="tiles you can see elsewhere (discards, other players' melds), "
                        "e.g. 1z1z5s: lowers the unseen counts")
    p.add_argument("--seven-pairs", action="store_true",
                   help="Chinese rules: seven pairs count (rule-set option seven_pairs)")
    p.add_argument("--thirteen-orphans", action="store_true",
                   help="Chinese rules: thirteen orphans count (rule-set option "
                        "thirteen_orphans)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def _away(n: int) -> str:
    if n < 0:
        return "complete (a winning hand)"
    if n == 0:
        return "ready"
    return f"{n} away from ready"


def _tile_list(tiles: Sequence[TileUnseen], named: bool) -> str:
    if named:
        return ", ".join(f"{u.tile} ({u.tile.name}, {u.unseen} unseen)" for u in tiles)
    return " ".join(f"{u.tile}({u.unseen})" for u in tiles)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def format_analysis(a: HandAnalysis, title: str) -> str:
    """The readable report: hand, shanten by form, then waits/useful draws or discards."""
    glyphs = " ".join("".join(t.glyph for t in m.tiles) for m in a.hand.melds)
    concealed = "".join(t.glyph for t in sorted(a.hand.concealed))
    lines = [f"{title}: {a.hand.notation()}", f"  {(glyphs + ' ' + concealed).strip()}"]
    forms = ", ".join(f"{_FORM_NAMES[f]} {s}" for f, s in a.by_form.items())
    if a.shanten < 0:
        lines.append("Mahjong! The tiles form a winning hand "
                     f"(shanten by form: {forms}). Score it with the score command.")
        return "\n".join(lines)
    if a.to_discard:
        state = (f"Shanten {a.shanten}: ready after the best discard" if a.shanten == 0 else
                 f"Shanten {a.shanten}: after the best discard, "
                 f"{_count(a.shanten, 'tile')} away from ready")
    else:
        state = ("Ready (shanten 0)" if a.shanten == 0 else
                 f"Shanten {a.shanten}: {_count(a.shanten, 'tile')} away from ready")
    lines.append(f"{state}; by form: {forms}.")
    if not a.to_discard:
        if a.shanten == 0:
            if a.waits:
                lines.append(f"Wins on {_tile_list(a.waits, True)}: "
                             f"{_count(a.unseen_useful, 'tile')} unseen.")
            else:  # pragma: no cover - a ready hand always has a winning tile
                lines.append("No tile can complete it.")
        else:
            lines.append(f"Useful draws ({_count(len(a.useful), 'kind')}, "
                         f"{a.unseen_useful} unseen): {_tile_list(a.useful, False)}")
        return "\n".join(lines)
    lines.append("Discards, best first:")
    width = len(str(len(a.discards)))
    for i, d in enumerate(a.discards, 1):
        head = f"  {i:>{width}}. discard {d.tile}: {_away(d.shanten_after)}"
        if d.shanten_after == 0:
            body = (f", wins on {_tile_list(d.useful, False)} "
                    f"({_count(d.unseen_useful, 'tile')} unseen)" if d.useful
                    else ", but no tile can complete it")
        else:
            body = (f", {_count(len(d.useful), 'useful kind')}, {d.unseen_useful} unseen: "
                    f"{_tile_list(d.useful, False)}")
        lines.append(head + body)
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Analyse the hand; print JSON or a report; return the exit status."""
    options: dict[str, bool] = {}
    if args.seven_pairs:
        options["seven_pairs"] = True
    if args.thirteen_orphans:
        options["thirteen_orphans"] = True
    try:
        if args.rules == "american":
            raise ValueError("American hands are matched against a card; analyze supports "
                             "hongkong and chinese")
        rules = get_rule_set(args.rules, **options)
        hand: Hand = parse_hand(args.hand, rules.tile_set)
        seen = parse_tiles(args.seen) if args.seen else []
        forms = Forms.of_rule_set(rules)
        analysis = analyze_hand(hand, forms, seen)
    except (NotationError, RuleSetError, ValueError) as exc:
        print(f"mahjong-table analyze: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(analysis.to_json(), ensure_ascii=False, indent=2))
    else:
        print(format_analysis(analysis, getattr(rules, "title", rules.name)))
    return 0
