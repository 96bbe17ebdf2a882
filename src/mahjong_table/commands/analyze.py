"""``mahjong-table analyze``: shanten, waits and discard advice for a hand.

With ``--rules american`` the hand is matched against a card instead (shared/NOTATION.md,
"American ``analyze --json``"): tiles away from every line and the tiles each needs, and for
a 14-tile hand the discard advice, with the Charleston pass advice for a hand without
exposures (:mod:`mahjong_table.rules.american.advice`).

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
from typing import Any

from ..advisor import Advice, advise
from ..advisor.model import short_refusal
from ..analysis.hand import HandAnalysis, analyze_hand
from ..analysis.shanten import Forms
from ..analysis.waits import TileUnseen
from ..engine import Game
from ..i18n import N_, _, ngettext, use_language
from ..melds import Hand, parse_hand
from ..message import shown
from ..names import tile_name
from ..rules import RULE_SETS, RuleSetError, get_rule_set
from ..rules.american.card import PRACTICE, card_from_option, card_text
from ..rules.american.matcher import LineDistance, hand_counts, tiles_away
from ..rules.american.model import Card, CardError
from ..rules.base import RuleSet
from ..tiles import AMERICAN_TILE_SET, NotationError, format_tiles, parse_tiles
from ._options import add_option_argument, coerce_options, parse_options
from ._position import closed_window, offer_text, position_hand, read_position
from ._text import emit, tile_text

__all__ = ["add_parser", "format_analysis", "run"]

_FORM_NAMES = {
    "standard": N_("standard"),
    "seven_pairs": N_("seven pairs"),
    "thirteen_orphans": N_("thirteen orphans"),
    "honours_and_knitted": N_("honours and knitted tiles"),
    "knitted_straight": N_("knitted straight with a set and a pair"),
}


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``analyze``."""
    p = subparsers.add_parser(
        "analyze",
        help=_("shanten, waits and discard advice for a hand"),
        description=_(
            "Analyse a hand: how far it is from ready (shanten), what it waits on, and which "
            "discard is best. HAND is written as for score, e.g. \"[777z] 123m456p 11z 58s\": "
            "13 concealed tiles (minus 3 per meld) for a waiting hand, 14 (minus 3 per meld) "
            "for a hand about to discard. Unseen counts leave out your own tiles and melds "
            "and the tiles given with --seen."
        ),
    )
    p.add_argument("hand", metavar="HAND", nargs="?", default=None,
                   help=_("the hand in extended mpsz notation (or give --position)"))
    p.add_argument("--position", metavar="TEXT|FILE",
                   help=_("analyse the hand of the player to act (or --player) in a position "
                        "from a real table, written as docs/ARCHITECTURE.md 'Positions' says "
                        "(text, or a file); the rules and the tiles seen come from it"))
    p.add_argument("--player", type=int, choices=(0, 1, 2, 3), default=None,
                   help=_("with --position: whose hand (default: the player to act)"))
    p.add_argument("--rules", default="hongkong",
                   help=_("rule set, one of {names}: hongkong (default: seven pairs and "
                          "thirteen orphans count), chinese (standard form only unless the "
                          "options below are given) or american (tiles away from every line "
                          "of the card)").format(names=", ".join(sorted(RULE_SETS))))
    p.add_argument("--card", metavar="FILE",
                   help=_("American rules only: the card file, or 'practice' (the default)"))
    p.add_argument("--seen", metavar="TILES", default="",
                   help=_("tiles you can see elsewhere (discards, other players' melds), "
                        "e.g. 1z1z5s: lowers the unseen counts"))
    p.add_argument("--seven-pairs", action="store_true",
                   help=_("Chinese rules: seven pairs count (rule-set option seven_pairs)"))
    p.add_argument("--thirteen-orphans", action="store_true",
                   help=_("Chinese rules: thirteen orphans count (rule-set option "
                        "thirteen_orphans)"))
    p.add_argument("--scoring", choices=("simple", "mcr"),
                   help=_("Chinese rules only: the scoring scale (rule-set option 'scoring'), as "
                        "for score; mcr adds MCR's special forms (knitted tiles)"))
    add_option_argument(p)
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(func=run)


def _away(n: int) -> str:
    if n < 0:
        return _("complete (a winning hand)")
    if n == 0:
        return _("ready")
    return _("{n} away from ready").format(n=n)


def _tile_list(tiles: Sequence[TileUnseen], named: bool) -> str:
    """The tiles with their unseen counts; those with none left unseen (all four seen or
    held) are left out, and counted at the end."""
    gone = sum(1 for u in tiles if u.unseen == 0)
    tiles = [u for u in tiles if u.unseen > 0]
    text = _tiles_shown(tiles, named) if tiles else _("none left")
    if gone:
        text += " " + ngettext("({n} kind with none left not shown)",
                               "({n} kinds with none left not shown)", gone).format(n=gone)
    return text


def _tiles_shown(tiles: Sequence[TileUnseen], named: bool) -> str:
    if named:
        return ", ".join(ngettext("{tile} ({name}, {n} unseen)", "{tile} ({name}, {n} unseen)",
                                  u.unseen).format(tile=u.tile, name=tile_name(u.tile),
                                                   n=u.unseen) for u in tiles)
    return " ".join(f"{u.tile}({u.unseen})" for u in tiles)


def _tiles(n: int) -> str:
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)


def _kinds(n: int) -> str:
    return ngettext("{n} kind", "{n} kinds", n).format(n=n)


def format_analysis(a: HandAnalysis, title: str, advice: Advice | None = None) -> str:
    """The readable report: hand, shanten by form, then waits/useful draws or discards.
    ``advice`` (the advisor's, for the same hand) says whether the rules let the tiles win:
    a winning shape the rules refuse (MCR's 8-fan minimum) is not called a Mahjong, and the
    waits of a ready hand that none of them can win are not called wins."""
    glyphs = " ".join("".join(t.glyph for t in m.tiles) for m in a.hand.melds)
    concealed = "".join(t.glyph for t in sorted(a.hand.concealed))
    lines = [f"{shown(title)}: {a.hand.notation()}",
             f"  {(glyphs + ' ' + concealed).strip()}"]
    forms = ", ".join(f"{_(_FORM_NAMES[f])} {s}" for f, s in a.by_form.items())
    if a.shanten < 0:
        if advice is not None and advice.no_win:
            lines.append(_("The tiles form a winning shape (shanten by form: {forms}), but no "
                           "Mahjong: {refusal}.").format(
                               forms=forms, refusal=short_refusal(shown(advice.no_win))))
            return "\n".join(lines)
        lines.append(_("Mahjong! The tiles form a winning hand (shanten by form: {forms}). "
                       "Score it with the score command.").format(forms=forms))
        return "\n".join(lines)
    if a.to_discard:
        state = (_("Shanten {n}: ready after the best discard").format(n=a.shanten)
                 if a.shanten == 0 else
                 ngettext("Shanten {n}: after the best discard, {n} tile away from ready",
                          "Shanten {n}: after the best discard, {n} tiles away from ready",
                          a.shanten).format(n=a.shanten))
    else:
        state = (_("Ready (shanten 0)") if a.shanten == 0 else
                 ngettext("Shanten {n}: {n} tile away from ready",
                          "Shanten {n}: {n} tiles away from ready", a.shanten).format(
                              n=a.shanten))
    lines.append(_("{state}; by form: {forms}.").format(state=state, forms=forms))
    if not a.to_discard:
        if a.shanten == 0:
            dead = advice is not None and bool(advice.waits) and \
                not any(w.can_win for w in advice.waits)
            if a.waits and dead:
                lines.append(_("Completed by {tiles}, but no win the rules allow (see the "
                               "advice below).").format(tiles=_tile_list(a.waits, True)))
            elif a.waits:
                lines.append(_("Wins on {tiles}: {unseen} unseen.").format(
                    tiles=_tile_list(a.waits, True), unseen=_tiles(a.unseen_useful)))
            else:  # pragma: no cover - a ready hand always has a winning tile
                lines.append(_("No tile can complete it."))
        else:
            lines.append(_("Useful draws ({kinds}, {unseen} unseen): {tiles}").format(
                kinds=_kinds(len(a.useful)), unseen=a.unseen_useful,
                tiles=_tile_list(a.useful, False)))
        return "\n".join(lines)
    lines.append(_("Discards, best first:"))
    width = len(str(len(a.discards)))
    for i, d in enumerate(a.discards, 1):
        head = f"  {i:>{width}}. " + _("discard {tile}: {away}").format(
            tile=d.tile, away=_away(d.shanten_after))
        if d.shanten_after == 0:
            body = (_(", wins on {tiles} ({unseen} unseen)").format(
                tiles=_tile_list(d.useful, False), unseen=_tiles(d.unseen_useful))
                if d.useful else _(", but no tile can complete it"))
        else:
            body = ngettext(", {n} useful kind, {unseen} unseen: {tiles}",
                            ", {n} useful kinds, {unseen} unseen: {tiles}",
                            len(d.useful)).format(n=len(d.useful), unseen=d.unseen_useful,
                                                  tiles=_tile_list(d.useful, False))
        lines.append(head + body)
    return "\n".join(lines)


def hand_advice(rules: RuleSet, hand: Hand, seen: Sequence[int] = (), *,
                charleston: bool = False) -> Advice:
    """The advisor's advice (:mod:`mahjong_table.advisor`) for ``hand`` held by player 0 of
    a game under ``rules``, set up as a position (docs/ARCHITECTURE.md, "Positions"): a hand
    of ``14 - 3*melds`` tiles is in its turn, having drawn its last written tile; a waiting
    hand is between turns (no decision, its waits); with ``charleston`` (American, no
    exposures) the first Charleston pass is under way. ``seen`` tiles are laid in player 0's
    discards, so that the unseen counts leave them out. Raises ``ValueError`` (a
    :class:`~mahjong_table.engine.position.PositionError`) when the hand cannot be set up."""
    opts = " ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                    for k, v in rules.options.items())
    lines = [f"{rules.name} {opts}".strip()]
    size = len(hand.concealed) + sum(len(m.tiles) if rules.full_meld_count else 3
                                     for m in hand.melds)
    discards = f" discards {''.join(str(t) for t in seen)}" if seen else ""
    if charleston:
        lines.append("dealer 0" if size == 14 else "dealer 1")
        lines.append(f"0: {hand.notation()}")
        lines.append("charleston first_right")
    elif size == 14:
        lines.append(f"0: {hand.notation()}{discards}")
        lines.append(f"turn 0 drew {hand.concealed[-1]}")
    else:
        lines.append(f"0: {hand.notation()}{discards}")
        lines.append("turn 1")
    game = Game.from_position("\n".join(lines), 0)
    return advise(game.view(0), game.rules)


def _advice_text(advice: Advice | None, error: str | None) -> str:
    if advice is None:
        return _("Advice: none ({error})").format(error=error) if error else ""
    return "\n".join(advice.text_lines())


def _from_position(args: argparse.Namespace) -> None:
    """Fill ``args`` (hand, seen, rules and their options) from ``--position``. Raises
    ``ValueError`` naming the problem."""
    if args.position is None:
        if args.hand is None:
            raise ValueError(_("give a HAND, or a --position"))
        if args.player is not None:
            raise ValueError(_("--player goes with --position"))
        return
    if args.hand is not None or args.seen:
        raise ValueError(_("give either a HAND (with --seen) or a --position, not both"))
    text, pos = read_position(args.position)
    game, player, args.hand, args.seen = position_hand(text, args.player)
    closed = closed_window(game, args.player)
    if closed is not None:
        # nobody may claim the tile: the engine closed the window at once and played on, so
        # the hand is studied as it was at the window, with no decision to advise
        player, args.hand, args.seen, args.offer = closed
    else:
        args.offer = offer_text(game, player)
        args.advice = advise(game.view(player), game.rules)
    args.rules = pos.rules
    if pos.rules == "american":
        args.seen = ""
        args.card = pos.options.get("card", args.card)
    else:
        if pos.options.get("scoring") == "mcr":
            args.option = [*args.option, "scoring=mcr"]
        args.seven_pairs = bool(pos.options.get("seven_pairs", args.seven_pairs))
        args.thirteen_orphans = bool(pos.options.get("thirteen_orphans",
                                                     args.thirteen_orphans))


def run(args: argparse.Namespace) -> int:
    """Analyse the hand; print JSON or a report; return the exit status. The JSON is
    English whatever the language (the advisor's words in it too, issue 23)."""
    if args.json:
        with use_language("en"):
            return _run(args)
    return _run(args)


def _run(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {}
    if args.seven_pairs:
        options["seven_pairs"] = True
    if args.thirteen_orphans:
        options["thirteen_orphans"] = True
    try:
        _from_position(args)
    except ValueError as exc:
        print(_("mahjong-table {command}: error: {message}").format(command="analyze", message=exc),
              file=sys.stderr)
        return 2
    if args.scoring is not None and args.rules != "chinese":
        print(_("mahjong-table {command}: error: {message}").format(
            command="analyze", message=_("--scoring is for --rules chinese only")),
              file=sys.stderr)
        return 2
    if args.rules == "american":
        return _run_american(args)
    try:
        if args.card is not None:
            raise ValueError(_("--card is for --rules american only"))
        options.update(coerce_options(args.rules, parse_options(args.option)))
        if args.scoring is not None:
            if options.get("scoring", args.scoring) != args.scoring:
                raise ValueError(_("--scoring {scale} contradicts --option scoring={option}: "
                                   "give the scale once").format(scale=args.scoring,
                                                                 option=options["scoring"]))
            options["scoring"] = args.scoring
        rules = get_rule_set(args.rules, **options)
        hand: Hand = parse_hand(tile_text(args.hand), rules.tile_set)
        seen = parse_tiles(tile_text(args.seen)) if args.seen else []
        # the rule set's own forms (MCR's special forms with --option scoring=mcr)
        forms = rules.forms if rules.name == "chinese" else Forms.of_rule_set(rules)
        analysis = analyze_hand(hand, forms, seen)
    except (NotationError, RuleSetError, ValueError) as exc:
        print(_("mahjong-table {command}: error: {message}").format(command="analyze", message=exc),
              file=sys.stderr)
        return 2
    advice, error = _advice(args, rules, hand, seen)
    if args.json:
        out = analysis.to_json()
        out["advice"] = None if advice is None else advice.to_json()
        emit(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        emit(format_analysis(analysis, getattr(rules, "title", rules.name), advice))
        if getattr(args, "offer", None):
            emit(args.offer)
        emit(_advice_text(advice, error))
    return 0


def _advice(args: argparse.Namespace, rules: RuleSet, hand: Hand, seen: Sequence[int],
            *, charleston: bool = False) -> tuple[Advice | None, str | None]:
    """The advice for the player to act of ``--position``, else for the hand alone."""
    given: Advice | None = getattr(args, "advice", None)
    if given is not None:
        return given, None
    try:
        return hand_advice(rules, hand, seen, charleston=charleston), None
    except ValueError as exc:
        return None, str(exc)


# ----- American: tiles away from the card's lines ------------------------------------------

#: lines shown in the readable American report
_AMERICAN_SHOWN = 8


def american_analysis_json(distances: Sequence[LineDistance]) -> dict[str, object]:
    """The ``analyze --rules american --json`` object of shared/NOTATION.md: every line,
    nearest first, with its tiles away (``null``: out of reach) and needs (mpsz)."""
    return {"lines": [{"section": d.line.section, "number": d.line.number,
                       "pattern": d.line.pattern, "tiles_away": d.away,
                       "needs": format_tiles(d.needs)} for d in distances]}


def _line_text(d: LineDistance) -> str:
    head = (f"{card_text(d.line.section)} #{d.line.number}  {d.line.pattern}  "
            f"({'C' if d.line.concealed else 'X'} {d.line.points})")
    if d.away is None:
        return _("{line}: out of reach with these exposures").format(line=head)
    if d.away == 0:
        return _("{line}: complete (Mahjong)").format(line=head)
    if d.needs_jokerable:
        return _("{line}: {n} away, needs {needs}; a joker may fill {jokerable}").format(
            line=head, n=d.away, needs=format_tiles(d.needs),
            jokerable=format_tiles(d.needs_jokerable))
    return _("{line}: {n} away, needs {needs}").format(line=head, n=d.away,
                                                       needs=format_tiles(d.needs))


def format_american_analysis(hand: Hand, card: Card, distances: Sequence[LineDistance],
                             advice: Advice | None, charleston: Advice | None,
                             title: str) -> str:
    """The readable American report: the nearest lines, then the advisor's advice (the turn,
    and the Charleston pass for a hand without exposures)."""
    glyphs = " ".join("".join(t.glyph for t in m.tiles) for m in hand.melds)
    concealed = "".join(t.glyph for t in sorted(hand.concealed))
    lines = [_("{title}, card {card}: {hand}").format(title=shown(title),
                                                       card=repr(card_text(card.name)),
                                                       hand=hand.notation()),
             f"  {(glyphs + ' ' + concealed).strip()}"]
    if advice is not None and advice.lines:
        # the advisor's lines: tiles away counting only tiles that can still come
        lines.append(_("Nearest lines (counting only the tiles that can still come):"))
        width = len(str(len(advice.lines)))
        lines += [f"  {i:>{width}}. {ln.text()}" for i, ln in enumerate(advice.lines, 1)]
    else:
        lines.append(_("Nearest lines (of {n}):").format(n=len(distances)))
        nearest = distances[:_AMERICAN_SHOWN]
        width = len(str(len(nearest)))
        lines += [f"  {i:>{width}}. {_line_text(d)}" for i, d in enumerate(nearest, 1)]
    if advice is not None and advice.action is not None:
        lines.append(_("Advice: {action}. Why: {why}").format(action=advice.text,
                                                               why=advice.why))
        lines += ["  " + _("or {action}: {why}").format(action=o.text, why=o.why)
                  for o in advice.options[1:5]]
    if advice is not None and advice.waits:
        lines.append(advice.waiting_text() or "")
    if charleston is not None and charleston.action is not None:
        lines.append(_("Charleston: {action} ({why})").format(action=charleston.text,
                                                               why=charleston.why))
    return "\n".join(lines)


def _run_american(args: argparse.Namespace) -> int:
    """``analyze --rules american HAND [--card FILE] [--json]``."""
    try:
        if args.seen or args.seven_pairs or args.thirteen_orphans:
            raise ValueError(_("--seen, --seven-pairs and --thirteen-orphans are not used for "
                               "American hands"))
        card = card_from_option(args.card if args.card is not None else PRACTICE)
        hand = parse_hand(tile_text(args.hand), AMERICAN_TILE_SET)
        for m in hand.melds:
            if not m.exposed:
                raise ValueError(_("{meld}: American play declares no concealed kongs; write "
                                   "concealed groups among the concealed tiles").format(meld=m))
        counts = hand_counts(hand.concealed)
        exposures = list(hand.melds)
        distances = tiles_away(card, counts, exposures)
        rules = get_rule_set("american", card=args.card if args.card is not None else PRACTICE)
    except (NotationError, CardError, RuleSetError, ValueError) as exc:
        print(_("mahjong-table {command}: error: {message}").format(command="analyze", message=exc),
              file=sys.stderr)
        return 2
    advice, error = _advice(args, rules, hand, ())
    charleston: Advice | None = None
    if getattr(args, "advice", None) is None and not exposures \
            and sum(counts) - counts[46] >= 3:
        charleston, _error = _advice(args, rules, hand, (), charleston=True)
    if args.json:
        out = american_analysis_json(distances)
        out["advice"] = None if advice is None else advice.to_json()
        out["charleston"] = None if charleston is None else charleston.to_json()
        emit(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        emit(format_american_analysis(hand, card, distances, advice, charleston,
                                       rules.title))
        if advice is None and error:
            total = len(hand.concealed) + sum(len(m.tiles) for m in hand.melds)
            emit(_("Advice: for a hand of 13 tiles, or 14 in its turn; this one has "
                   "{n}").format(n=total)
                 if total not in (13, 14) else _("Advice: none ({error})").format(error=error))
        if getattr(args, "offer", None):
            emit(args.offer)
    return 0
