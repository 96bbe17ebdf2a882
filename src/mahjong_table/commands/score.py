"""``mahjong-table score``: score a finished hand (shared/NOTATION.md, "`mahjong-table score`").

Exit status: 0 a winning hand, scored; 1 a well-formed hand that is not a winning hand (the JSON
object is still printed, with ``valid: false`` and a ``reason``); 2 malformed input or options
(a message on standard error naming the problem).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, _
from ..melds import Hand, parse_hand
from ..message import shown
from ..names import tile_name, wind_letter
from ..rules import RULE_SETS, RuleSet, RuleSetError, get_rule_set
from ..scoring import WIND_LETTERS, ScoreResult, WinContext, check_circumstances, wind_index
from ..tiles import NotationError, Tile, format_tiles, parse_tiles
from ._options import add_option_argument, coerce_options, parse_options
from ._text import emit, tile_text

__all__ = ["add_parser", "build_context", "run", "evaluate", "Outcome", "format_result",
           "format_american", "build_american_context"]

_SEATS = tuple(WIND_LETTERS)


def _seat(text: str) -> str:
    """A seat wind as typed: E S W N, or the letter the language in force shows (Italian
    O for Ovest, West), read as the notation's letter."""
    letter = text.strip().upper()
    for index in range(4):
        if letter == wind_letter(index).upper():
            return WIND_LETTERS[index]
    return letter


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``score`` with its options exactly as shared/NOTATION.md writes them."""
    p = subparsers.add_parser(
        "score",
        help=_("score a finished hand"),
        description=_(
            "Score a winning hand. HAND is written in extended mpsz: concealed tiles "
            "(the winning tile included), [..] exposed melds, (..) concealed kongs, e.g. "
            "\"[777z] (1111s) 123m456p 11z\". Exit status 0: a winning hand, 1: not a winning "
            "hand, 2: malformed input."
        ),
    )
    p.add_argument("hand", metavar="HAND", help=_("the hand, winning tile included"))
    p.add_argument("--rules", default="hongkong",
                   help=_("rule set: {names} (default hongkong)").format(
                       names=", ".join(sorted(RULE_SETS))))
    p.add_argument("--win-tile", metavar="T",
                   help=_("the winning tile (default: the last concealed tile written)"))
    how = p.add_mutually_exclusive_group()
    how.add_argument("--self-drawn", action="store_true",
                     help=_("the winner drew the winning tile"))
    how.add_argument("--discarder", metavar="SEAT", type=_seat, choices=_SEATS,
                     help=_("seat wind (E, S, W, N) whose discard won; default: the player "
                          "before the winner in turn order"))
    p.add_argument("--seat-wind", metavar="SEAT", type=_seat, choices=_SEATS, default="E",
                   help=_("the winner's seat wind (default E)"))
    p.add_argument("--round-wind", metavar="SEAT", type=_seat, choices=_SEATS, default="E",
                   help=_("the prevailing (round) wind (default E)"))
    p.add_argument("--bonus", metavar="TILES", default="",
                   help=_("flowers and seasons held, e.g. 1f3g"))
    p.add_argument("--last-tile", action="store_true",
                   help=_("won on the last tile of the live wall, or the discard right after it"))
    p.add_argument("--robbing-kong", action="store_true",
                   help=_("won on the tile another player added to an exposed pung (the "
                        "--discarder is the robbed player)"))
    p.add_argument("--kong-replacement", action="store_true",
                   help=_("won on the replacement tile drawn after a kong (self-drawn)"))
    p.add_argument("--last-of-kind", action="store_true",
                   help=_("Chinese MCR scoring: the other three copies of the winning tile were "
                        "already on the table (discards, exposed sets): MCR 'Last Tile'"))
    p.add_argument("--heavenly", action="store_true",
                   help=_("East won on the dealt hand (self-drawn)"))
    p.add_argument("--earthly", action="store_true",
                   help=_("won on East's very first discard (the discarder is East)"))
    p.add_argument("--scoring", choices=("simple", "mcr"),
                   help=_("Chinese rules only: the scoring scale (rule-set option 'scoring'): "
                        "simple (1 point a win) or mcr (Mahjong Competition Rules fans, 8-fan "
                        "minimum, flowers 1 fan each via --bonus)"))
    p.add_argument("--card", metavar="FILE",
                   help=_("American rules only: the card file, or 'practice' (the default; "
                        "rule-set option 'card')"))
    p.add_argument("--joker-exchange", action="store_true",
                   help=_("American rules only: the win came right after a joker exchange "
                        "(paid as self-drawn unless --option joker_exchange_win=discard)"))
    add_option_argument(p)
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(func=run)


def _win_tile(args: argparse.Namespace, hand: Hand, fallback: Tile | None,
              missing: str) -> Tile:
    """The winning tile: ``--win-tile``, else the last concealed tile written, else
    ``fallback`` (American: the last exposure's tile). Raises ``ValueError(missing)`` if
    there is none."""
    if args.win_tile is not None:
        return Tile.parse(tile_text(args.win_tile))
    if hand.concealed:
        return hand.concealed[-1]
    if fallback is not None:
        return fallback
    raise ValueError(missing)


def build_context(args: argparse.Namespace, hand: Hand, rules: RuleSet) -> WinContext:
    """The :class:`WinContext` described by the options. Raises ``ValueError`` (or
    :class:`NotationError`) naming a bad option.

    Defaults (shared/NOTATION.md): seat and round wind East; a win on a discard by the player
    just before the winner in turn order. ``--heavenly`` and ``--kong-replacement`` imply a
    self-drawn win and ``--earthly`` a discard by East, unless the discarder is given.
    """
    seat = wind_index(args.seat_wind)
    self_drawn: bool = args.self_drawn
    discarder: int | None
    if args.discarder is not None:
        discarder = wind_index(args.discarder)
    elif self_drawn:
        discarder = None
    elif args.heavenly or args.kong_replacement:
        self_drawn, discarder = True, None
    elif args.earthly:
        discarder = 0
    else:
        discarder = (seat - 1) % 4
    win_tile = _win_tile(args, hand, None, _("the hand has no concealed tiles, so no winning "
                                             "tile: the winning tile is written among the "
                                             "concealed tiles"))
    bonus = tuple(parse_tiles(tile_text(args.bonus), rules.tile_set)) if args.bonus else ()
    return WinContext(
        hand=hand,
        win_tile=win_tile,
        seat_wind=seat,
        round_wind=wind_index(args.round_wind),
        self_drawn=self_drawn,
        discarder=discarder,
        bonus=bonus,
        last_tile=args.last_tile,
        robbing_kong=args.robbing_kong,
        kong_replacement=args.kong_replacement,
        heavenly=args.heavenly,
        earthly=args.earthly,
        last_of_kind=bool(getattr(args, "last_of_kind", False)),
    )


def _card_text(text: str) -> str:
    # imported here: a Hong Kong or Chinese score must not load the card (issue 25, item 4)
    from ..rules.american.card import card_text

    return card_text(text)


def _glyphs(group: str) -> str:
    return "".join(t.glyph for t in parse_tiles(group.strip("[]()")))


def _describe_win(ctx: WinContext) -> str:
    seat = wind_letter(ctx.seat_wind)
    bonus = "".join(str(t) for t in ctx.bonus) or _("none")
    if ctx.self_drawn or ctx.discarder is None:
        text = _("seat {seat}, round {round}, won self-drawn with {tile} ({name} {glyph}); "
                 "bonus tiles: {bonus}")
    else:
        text = _("seat {seat}, round {round}, won on {discarder}'s discard with {tile} "
                 "({name} {glyph}); bonus tiles: {bonus}")
    return text.format(seat=seat, round=wind_letter(ctx.round_wind),
                       discarder=wind_letter(ctx.discarder or 0), tile=ctx.win_tile,
                       name=tile_name(ctx.win_tile), glyph=ctx.win_tile.glyph, bonus=bonus)


def format_result(result: ScoreResult, ctx: WinContext, title: str) -> str:
    """A readable breakdown: items with fan and explanation, total, base, payments, in the
    language in force (the items' names and explanations shown translated, issue 23)."""
    lines = [f"{shown(title)}: {result.hand}"]
    if not result.valid:
        glyphs = " ".join(_glyphs(m.notation()) for m in ctx.hand.melds)
        concealed = "".join(t.glyph for t in ctx.hand.concealed)
        lines.append(f"  {(glyphs + ' ' + concealed).strip()}")
        lines.append(_("Not a winning hand: {reason}").format(reason=shown(result.reason)))
        return "\n".join(lines)
    lines.append("  " + " ".join(_glyphs(g) for g in result.decomposition))
    lines.append(_describe_win(ctx))
    names = [shown(i.name) for i in result.items]
    width = max((len(n) for n in names), default=0)
    limit_word = _("LIMIT")
    column = max(5, len(limit_word))
    for item, name in zip(result.items, names, strict=True):
        value = limit_word if item.id == result.limit else f"{item.fan:+d}"
        lines.append(f"  {value:>{column}}  {name:<{width}}  {shown(item.explanation)}")
    lines.append(_("Total: {fan}").format(fan=result.fan))
    if result.limit:
        lines.append(_("Limit hand: {limit} (base {base})").format(limit=result.limit,
                                                                    base=result.base))
    lines.append(_("Base: {base}").format(base=result.base))
    pays = "  ".join(f"{wind_letter(s)} {v:+d}" for s, v in sorted(result.payments.items()))
    lines.append(_("Payments: {payments}").format(payments=pays))
    return "\n".join(lines)


@dataclass(frozen=True)
class Outcome:
    """What ``score`` concluded, before anything is printed: ``status`` the exit status (0 a
    winning hand, 1 not a winning hand, 2 malformed input or options); with 0 or 1 the
    ``result``, the win's ``ctx`` and the rule set ``rules``; with 2 the ``error`` naming the
    problem (the text after ``error:`` on standard error). The command line prints it
    (:func:`run`); the score calculator's page shows it (:mod:`mahjong_table.calculator`)."""

    status: int
    result: ScoreResult | None = None
    ctx: WinContext | None = None
    rules: RuleSet | None = None
    error: str | None = None

    def message(self) -> str:
        """The line ``score`` writes on standard error for status 2, in the language in
        force."""
        return _("mahjong-table {command}: error: {message}").format(command="score",
                                                                     message=self.error)


def evaluate(args: argparse.Namespace) -> Outcome:
    """Score the hand ``args`` describe (the parsed ``score`` options) without printing."""
    try:
        options: dict[str, Any] = parse_options(args.option)
    except ValueError as exc:
        return Outcome(2, error=str(exc))
    if args.rules == "american":
        if args.card is not None:
            options["card"] = args.card
        return _evaluate(args, "american", options,
                         lambda a, hand, _rules: build_american_context(a, hand))
    if args.joker_exchange:
        return Outcome(2, error=_("--joker-exchange is for --rules american only"))
    if args.scoring is not None:
        if args.rules != "chinese":
            return Outcome(2, error=_("--scoring is for --rules chinese only"))
        if options.get("scoring", args.scoring) != args.scoring:
            return Outcome(2, error=_("--scoring {scale} contradicts --option scoring={option}: "
                                      "give the scale once").format(scale=args.scoring,
                                                                    option=options["scoring"]))
        options["scoring"] = args.scoring
    if args.card is not None:
        options["card"] = args.card
    return _evaluate(args, args.rules, options, build_context)


def run(args: argparse.Namespace) -> int:
    """Score the hand; print JSON or a breakdown; return the exit status."""
    out = evaluate(args)
    if out.status == 2 or out.result is None or out.ctx is None or out.rules is None:
        print(out.message(), file=sys.stderr)
        return 2
    if args.json:
        emit(json.dumps(out.result.to_json(), ensure_ascii=False, indent=2))
    else:
        describe = format_american if args.rules == "american" else format_result
        emit(describe(out.result, out.ctx, out.rules.title))
    return out.status


def _evaluate(args: argparse.Namespace, rules_name: str, options: dict[str, Any],
              context: Callable[[argparse.Namespace, Hand, RuleSet], WinContext]) -> Outcome:
    """Build the rule set and the win's context and score: the outcome (status 0 a winning
    hand, 1 not winning, 2 malformed input with its message)."""
    try:
        rules = get_rule_set(rules_name, **coerce_options(rules_name, options))
        hand = parse_hand(tile_text(args.hand), rules.tile_set)
        ctx = context(args, hand, rules)
        result = rules.score(ctx)
    except (NotationError, RuleSetError, ValueError) as exc:
        return Outcome(2, error=str(exc))
    return Outcome(0 if result.valid else 1, result, ctx, rules)


# ----- American (shared/NOTATION.md: score --rules american HAND [--card FILE] ...) --------

#: options of the score command that American play has no use for, and why
_NOT_AMERICAN = (
    ("bonus", "--bonus", N_("American flowers are hand tiles, written in HAND (e.g. 1f2f)")),
    ("last_tile", "--last-tile", N_("it changes no American payment")),
    ("robbing_kong", "--robbing-kong", N_("American play has no robbing of a kong")),
    ("kong_replacement", "--kong-replacement", N_("American play has no kong replacement")),
    ("heavenly", "--heavenly", N_("it changes no American payment")),
    ("earthly", "--earthly", N_("it changes no American payment")),
    ("scoring", "--scoring", N_("it is for Chinese rules")),
    ("last_of_kind", "--last-of-kind", N_("it is for Chinese MCR scoring")),
)


def build_american_context(args: argparse.Namespace, hand: Hand) -> WinContext:
    """The :class:`WinContext` of an American win described by the options. Raises
    ``ValueError`` naming an option American scoring does not use.

    Defaults (shared/NOTATION.md): the winner's seat East; a win on a discard by the player
    just before the winner in turn order. The winning tile (``--win-tile``, else the last
    concealed tile written) has no effect on American points.
    """
    # what no table can produce in any rule set is WinContext's own check (a kong
    # replacement is never the last tile of the live wall, 004 s04): the same refusal as
    # the other rule sets and the Python API, before the flags American play does not use
    check_circumstances(last_tile=bool(args.last_tile),
                        kong_replacement=bool(args.kong_replacement))
    for name, flag, why in _NOT_AMERICAN:
        if getattr(args, name):
            raise ValueError(_("{flag} is not used in American scoring: {why}").format(
                flag=flag, why=_(why)))
    seat = wind_index(args.seat_wind)
    discarder: int | None
    if args.joker_exchange and args.discarder is not None \
            and parse_options(args.option).get("joker_exchange_win") != "discard":
        raise ValueError(_("--joker-exchange with --discarder: a win right after a joker "
                           "exchange is paid as self-drawn unless --option "
                           "joker_exchange_win=discard"))
    if args.discarder is not None:
        discarder = wind_index(args.discarder)
    elif args.self_drawn:
        discarder = None
    else:
        discarder = (seat - 1) % 4
    if args.joker_exchange and args.win_tile is None:
        # 001 Part one "Joker exchange": the joker taken completes the hand
        win_tile = Tile.parse("1j")
    else:
        win_tile = _win_tile(args, hand, hand.melds[-1].tile if hand.melds else None,
                             _("the hand is empty"))
    return WinContext(hand=hand, win_tile=win_tile, seat_wind=seat,
                      self_drawn=bool(args.self_drawn), discarder=discarder,
                      joker_exchange=bool(args.joker_exchange))


def format_american(result: ScoreResult, ctx: WinContext, title: str) -> str:
    """A readable breakdown of an American result: the line, the items, the payments, in
    the language in force (issue 23)."""
    lines = [f"{shown(title)}: {result.hand}"]
    groups = result.decomposition or (*(m.notation() for m in ctx.hand.melds),
                                      format_tiles(ctx.hand.concealed))
    lines.append("  " + " ".join(_glyphs(g) for g in groups if g))
    if not result.valid:
        lines.append(_("Not a winning hand: {reason}").format(reason=shown(result.reason)))
        return "\n".join(lines)
    seat = wind_letter(ctx.seat_wind)
    line = result.extra["line"]
    lines.append(_("Line: {section} #{number}  {pattern}  ({points} points on the card)").format(
        section=_card_text(line["section"]), number=line["number"], pattern=line["pattern"],
        points=result.fan))
    jokerless = _("yes") if result.extra["jokerless"] else _("no")
    if ctx.discarder is None:
        text = (_("seat {seat}, won self-drawn, right after a joker exchange; jokerless: "
                  "{jokerless}") if ctx.joker_exchange else
                _("seat {seat}, won self-drawn; jokerless: {jokerless}"))
    else:
        text = (_("seat {seat}, won on {discarder}'s discard, right after a joker exchange; "
                  "jokerless: {jokerless}") if ctx.joker_exchange else
                _("seat {seat}, won on {discarder}'s discard; jokerless: {jokerless}"))
    lines.append(text.format(seat=seat, discarder=wind_letter(ctx.discarder or 0),
                             jokerless=jokerless))
    # the line and the jokerless doubling add up to the base; the payment rules say how
    # the base is paid (rules/american/scoring.py PAYMENT_ITEMS), with no points of their own
    from ..rules.american.scoring import PAYMENT_ITEMS

    names = {id(i): shown(i.name) for i in result.items}
    base_items = [i for i in result.items if i.id not in PAYMENT_ITEMS]
    paid = [i for i in result.items if i.id in PAYMENT_ITEMS]
    base_name = _("Each payer's base")
    width = max(len(base_name), *(len(n) for n in names.values()))
    for item in base_items:
        lines.append(f"  {item.fan:>+5d}  {names[id(item)]:<{width}}  "
                     f"{shown(item.explanation)}")
    lines.append(f"  {'=' + str(result.base):>5}  {base_name}")
    paid_word = _("Paid:")
    for item in paid:
        lines.append(f"  {paid_word:>5}  {names[id(item)]:<{width}}  "
                     f"{shown(item.explanation)}")
    pays = "  ".join(f"{wind_letter(s)} {v:+d}" for s, v in sorted(result.payments.items()))
    lines.append(_("Payments: {payments}").format(payments=pays))
    return "\n".join(lines)
