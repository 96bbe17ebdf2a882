"""American scoring: the line a hand wins with, its points, and the payments.

Rule book 001 Part one says only that "each hand on the card is worth a different number of
points" ("Winning the hand"); how they are paid follows the League's usual practice, with the
choices as rule-set options (shared/NOTATION.md, "American readings"; docs/rules/):

=======================  =====================================================================
option                   values (default first)
=======================  =====================================================================
``discard_payment``      ``"discarder_double"``: on a discard the discarder pays twice the
                         line's points, the other two once; ``"all_single"``: all three once
``self_drawn_payment``   ``"all_double"``: on a self-drawn win all three pay twice;
                         ``"all_single"``: all three once
``jokerless_bonus``      ``True``: a jokerless win (no joker among the fourteen tiles at
                         Mahjong, exposures included) doubles every payment, except on a
                         singles-and-pairs line (reported jokerless, not doubled); ``False``
``joker_exchange_win``   ``"self_drawn"``: a win right after a joker exchange is paid as
                         self-drawn; ``"discard"``: as if won on the last discard (the
                         context names its discarder)
=======================  =====================================================================

The line scored is the one that pays the winner most (ties: card order). Payments are by seat
wind and sum to zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...i18n import N_, _
from ...melds import Hand, Meld
from ...message import Message
from ...scoring import WIND_LETTERS, ScoreItem, ScoreResult, WinContext
from ...tiles import AMERICAN_TILE_SET, format_tiles, parse_tiles
from ..hand_checks import check_seat, check_win_seats
from .matcher import LineDistance, exposure_group, hand_counts, tiles_away
from .model import FLOWER, JOKER, Card, CardLine, Variation, word_text

__all__ = ["RULES_NAME", "OPTION_CHOICES", "PAYMENT_ITEMS", "american_options",
           "validate_american_context", "american_payments", "score_american"]

RULES_NAME = "american"

#: the payment options and their values, the default first
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "discard_payment": ("discarder_double", "all_single"),
    "self_drawn_payment": ("all_double", "all_single"),
    "jokerless_bonus": (True, False),
    "joker_exchange_win": ("self_drawn", "discard"),
}


#: the items that say how the base is paid (self-drawn, on a discard, after a joker
#: exchange): payment rules, not points. Their ``points`` is what the rule adds to what each
#: payer it concerns pays (the doubling), so a breakdown shows them apart from the items that
#: make the base (the line, the jokerless doubling), whose points add up to ``base``.
PAYMENT_ITEMS = frozenset({"self_drawn", "self_drawn_single", "discarder_pays_double",
                           "discard_single", "joker_exchange_win"})


def american_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The payment options of ``options`` with their defaults (other keys are ignored: they
    belong to the rest of the rule set). Raises ``ValueError`` naming a bad value."""
    out: dict[str, Any] = {}
    for name, choices in OPTION_CHOICES.items():
        value = options.get(name, choices[0])
        if value not in choices or isinstance(value, bool) != isinstance(choices[0], bool):
            raise ValueError(_("option {name}={value}: choose one of {choices}").format(
                name=name, value=repr(value), choices=", ".join(repr(c) for c in choices)))
        out[name] = value
    return out


def validate_american_context(ctx: WinContext) -> tuple[list[int], list[Meld]]:
    """Check that ``ctx`` can describe an American win; return the hand as the matcher reads
    it (counts over the 47 tile indices, exposures). Raises ``ValueError`` naming the problem.

    Checks: the seats; self-drawn or on another seat's discard; no bonus tiles (American
    flowers are part of the hand); no robbing of kongs or kong replacements (001 Part one has
    neither); the tiles against the 152-tile American set (four of each suit and honour tile,
    eight flowers, eight jokers, no seasons; "Use" / "Remove"); every meld an exposure of
    three to six identical tiles with at least one natural and jokers standing in ("Jokers",
    "Exposed sets"; no concealed kongs are declared); the winning tile among the hand's
    tiles; after a joker exchange ("Joker exchange"), that tile is the joker taken. A hand
    with the wrong number of tiles is not malformed: it does not win.
    """
    if ctx.joker_exchange and ctx.self_drawn and ctx.discarder is None:
        pass  # a win right after an exchange with no discard to charge: paid as self-drawn
    else:
        check_win_seats(ctx)
    if (ctx.win_tile.is_joker and not ctx.self_drawn and not ctx.joker_exchange):
        raise ValueError(_("a discarded joker is dead and may never be claimed (001 Part one "
                           "'Jokers'): a win on a joker is self-drawn (--self-drawn) or right "
                           "after a joker exchange (--joker-exchange)"))
    if ctx.joker_exchange and not ctx.win_tile.is_joker:
        # 001 Part one "Joker exchange": the joker taken is racked with the player's tiles,
        # and it is what completes the hand (so such a win is never jokerless)
        raise ValueError(_("a win right after a joker exchange is completed by the joker taken "
                           "(001 Part one 'Joker exchange'): the winning tile is 1j, not "
                           "{tile}").format(tile=ctx.win_tile))
    if ctx.bonus:
        raise ValueError(_("American play has no bonus tiles: flowers are part of the hand "
                           "(001 Part one 'Use'), not {tiles}").format(
                               tiles=format_tiles(ctx.bonus)))
    if ctx.robbing_kong or ctx.kong_replacement:
        raise ValueError(_("American play has no robbing of a kong and no kong replacement "
                           "draw (001 Part one)"))
    hand: Hand = ctx.hand
    AMERICAN_TILE_SET.check_counts(hand.all_tiles())
    for m in hand.melds:
        if not m.exposed:
            raise ValueError(_("{meld}: American play declares no concealed kongs; write "
                               "concealed groups among the concealed tiles").format(meld=m))
        exposure_group(m)
    if ctx.win_tile not in hand.all_tiles():
        raise ValueError(_("the winning tile {tile} is not among the hand's tiles "
                           "{tiles}").format(tile=ctx.win_tile, tiles=hand.notation()))
    return hand_counts(hand.concealed), list(hand.melds)


def american_payments(value: int, winner: int, self_drawn: bool, discarder: int | None,
                      options: Mapping[str, Any]) -> dict[int, int]:
    """Points won (+) and paid (-) by each seat wind when ``winner`` wins a line paying
    ``value`` to each payer (jokerless doubling already applied), by the options
    ``discard_payment`` and ``self_drawn_payment`` (see the module docstring)."""
    opts = american_options(options)
    check_seat(winner, "winner")
    out = {s: 0 for s in range(4)}
    if self_drawn:
        each = value * (2 if opts["self_drawn_payment"] == "all_double" else 1)
        for s in range(4):
            if s != winner:
                out[s] = -each
    else:
        if discarder is None or discarder == winner:
            raise ValueError(_("a win on a discard needs a discarder other than the winner"))
        check_seat(discarder, "discarder")
        for s in range(4):
            if s != winner:
                out[s] = -value
        if opts["discard_payment"] == "discarder_double":
            out[discarder] = -2 * value
    out[winner] = -sum(out.values())
    return out


@dataclass(frozen=True)
class _Win:
    line: CardLine
    variation: Variation
    value: int
    doubled: bool
    payments: dict[int, int]


def _groups_as_held(variation: Variation, counts: Sequence[int], exposures: Sequence[Meld]
                    ) -> tuple[str, ...]:
    """The variation's groups filled with the hand's own tiles: exposures as written
    (``[5m11j]``), concealed groups with their natural tiles and the jokers standing in.
    Singles and pairs take their natural tiles first (no joker can go there), then the
    exposures take their groups, then the other groups take naturals and jokers.

    Written as the card writes the line (:attr:`~.model.Variation.words`): one word per word
    of the pattern, in the card's order, its tiles in the order written, so that the year
    ``2026a`` reads ``2m5z2m6m`` and the run ``1234a`` reads ``1234m``. A variation that does
    not know its words (made outside a card file) is written flowers first, then in tile
    order, singles of one suit as one word."""
    pool = {t: n for t, n in enumerate(counts) if n}
    free = list(exposures)
    filled: dict[int, str] = {}
    groups = variation.groups
    for i, g in enumerate(groups):
        if g.size < 3:
            filled[i] = format_tiles(_take(pool, g.kind, g.size, jokers=False))
    for i, g in enumerate(groups):
        if g.size >= 3:
            m = next((m for m in free if exposure_group(m) == (g.kind, g.size)), None)
            if m is not None:
                free.remove(m)
                filled[i] = m.notation()
    for i, g in enumerate(groups):
        if i not in filled:
            filled[i] = format_tiles(_take(pool, g.kind, g.size, jokers=True))
    if variation.words:
        out: list[str] = []
        for word in variation.words:
            texts = [filled[i] for i in word]
            if any(t.startswith("[") for t in texts):
                out.extend(texts)  # an exposure stays a group of its own
            else:
                out.append(word_text(texts))
        return tuple(out)
    # flowers first, as cards write them; singles of one suit read as one word (a run, NEWS)
    order = sorted(range(len(groups)), key=lambda i: (groups[i].kind != FLOWER, i))
    out = []
    singles: list[str] = []
    for i in order:
        text = filled[i]
        if groups[i].size == 1 and singles and singles[-1][-1] == text[-1]:
            singles.append(text)
            out[-1] = format_tiles(parse_tiles("".join(singles)))
            continue
        singles = [text] if groups[i].size == 1 else []
        out.append(text)
    return tuple(out)


def _take(pool: dict[int, int], kind: int, size: int, *, jokers: bool) -> list[int]:
    """Take up to ``size`` natural tiles of ``kind`` (any flower for FLOWER) from ``pool``,
    then jokers for the rest when ``jokers``."""
    tiles: list[int] = []
    candidates = range(34, 42) if kind == FLOWER else (kind,)
    for t in candidates:
        while len(tiles) < size and pool.get(t, 0):
            pool[t] -= 1
            tiles.append(t)
    while jokers and len(tiles) < size and pool.get(JOKER, 0):
        pool[JOKER] -= 1
        tiles.append(JOKER)
    return tiles


def _not_winning(total: int, distances: Sequence[LineDistance]) -> str:
    if total != 14:
        return Message(N_("the hand has {n} tiles: an American hand is 14 tiles (001 Part one "
                          "'Goal: To complete a valid 14-tile hand shown on the NMJL card')"),
                       n=total)
    near = next((d for d in distances if d.away is not None), None)
    if near is None:
        return Message(N_("no line of the card can hold these exposures (001 Part one "
                          "'Understanding the NMJL card': concealed lines take no exposures)"))
    needs = format_tiles(near.needs)
    what = (N_("no line of the card is complete; the nearest is {line} ({pattern}), {n} tile "
               "away, needing {needs} (001 Part one 'Winning the hand')") if near.away == 1 else
            N_("no line of the card is complete; the nearest is {line} ({pattern}), {n} tiles "
               "away, needing {needs} (001 Part one 'Winning the hand')"))
    return Message(what, line=line_key(near.line), pattern=near.line.pattern, n=near.away,
                   needs=needs)


def line_key(line: CardLine) -> Message:
    """``"Section #n"`` (:attr:`CardLine.key`) as a message: the section's name is shown in
    the language in force when the card is the shipped one (issue 23)."""
    return Message(N_("{section} #{number}"), section=Message(line.section, "card"),
                   number=line.number)


def score_american(card: Card, ctx: WinContext, options: Mapping[str, Any]) -> ScoreResult:
    """Score an American win against ``card``.

    Raises ``ValueError`` for a malformed context or option (see
    :func:`validate_american_context`, :func:`american_options`). A hand of the wrong size or
    completing no line gives ``valid=False`` with the ``reason``. Otherwise the line that pays
    the winner most is scored (001 Part one "Winning the hand"; shared/NOTATION.md): ``fan``
    holds its points (``points`` in JSON), ``base`` what one payer pays before the
    self-drawn or discarder doubling, ``items`` the line, jokerless doubling and how the win
    was paid, ``decomposition`` its groups with the hand's tiles.
    """
    opts = american_options(options)
    counts, exposures = validate_american_context(ctx)
    total = sum(counts) + sum(len(m.tiles) for m in exposures)
    distances = tiles_away(card, counts, exposures)
    complete = [d for d in distances if d.away == 0]
    if total != 14 or not complete:
        return ScoreResult(RULES_NAME, False, ctx.hand.notation(),
                           reason=_not_winning(total, distances), total_key="points")
    jokerless = counts[JOKER] == 0 and all(m.jokers == 0 for m in exposures)
    self_drawn = ctx.self_drawn
    discarder = ctx.discarder
    if ctx.joker_exchange:
        if opts["joker_exchange_win"] == "self_drawn":
            self_drawn, discarder = True, None
        elif discarder is None:
            self_drawn = True  # no discard yet in the hand: nobody to charge for it
        else:
            self_drawn = False
    wins = []
    order = {id(ln): i for i, ln in enumerate(card.lines)}
    for d in sorted(complete, key=lambda d: order[id(d.line)]):
        doubled = jokerless and opts["jokerless_bonus"] and not d.line.singles_and_pairs
        value = d.line.points * (2 if doubled else 1)
        variation = d.variation
        assert variation is not None  # a complete line has its variation
        wins.append(_Win(d.line, variation, value, doubled,
                         american_payments(value, ctx.seat_wind, self_drawn, discarder, opts)))
    win = max(wins, key=lambda w: w.payments[ctx.seat_wind])  # max keeps the first of ties
    items = _items(win, jokerless, self_drawn, discarder, ctx, opts)
    groups = _groups_as_held(win.variation, counts, exposures)
    line = win.line
    return ScoreResult(
        rules=RULES_NAME,
        valid=True,
        hand=" ".join(groups),
        fan=line.points,
        limit=None,
        base=win.value,
        items=items,
        decomposition=groups,
        payments=win.payments,
        total_key="points",
        extra={"line": {"section": line.section, "number": line.number,
                        "pattern": line.pattern},
               "jokerless": jokerless},
    )


def _items(win: _Win, jokerless: bool, self_drawn: bool, discarder: int | None,
           ctx: WinContext, opts: Mapping[str, Any]) -> tuple[ScoreItem, ...]:
    """The scoring elements. ``points`` of each: what it adds to the amount each payer it
    concerns pays (the line its points, the jokerless doubling as much again, the self-drawn
    or discarder doubling the base once more; 0 for elements that add nothing)."""
    line = win.line
    kind = Message(N_("C, concealed")) if line.concealed else Message(N_("X, exposures allowed"))
    explanation = (Message(N_("{points} points on the card ({kind}) ({note})"),
                           points=line.points, kind=kind, note=Message(line.note, "card"))
                   if line.note else
                   Message(N_("{points} points on the card ({kind})"), points=line.points,
                           kind=kind))
    items = [ScoreItem("line", Message(N_("{line}: {pattern}"), line=line_key(line),
                                       pattern=line.pattern), line.points,
                       explanation, "points")]
    if win.doubled:
        items.append(ScoreItem("jokerless", N_("Jokerless (doubled)"), line.points,
                               N_("no joker among the fourteen tiles: every payment doubles"),
                               "points"))
    elif jokerless:
        if line.singles_and_pairs:
            items.append(ScoreItem("jokerless_singles_and_pairs",
                                   N_("Jokerless, singles and pairs (not doubled)"), 0,
                                   N_("a singles-and-pairs line can never use a joker, so its "
                                      "jokerless win is not doubled"), "points"))
        else:
            items.append(ScoreItem("jokerless_no_bonus", N_("Jokerless (no bonus by option)"),
                                   0, N_("option jokerless_bonus=false"), "points"))
    if ctx.joker_exchange:
        name = (N_("Won right after a joker exchange (paid as self-drawn)") if self_drawn
                else N_("Won right after a joker exchange (paid as on the last discard)"))
        items.append(ScoreItem("joker_exchange_win", name, 0,
                               Message(N_("option joker_exchange_win={value}"),
                                       value=opts["joker_exchange_win"]),
                               "points"))
    if self_drawn:
        if opts["self_drawn_payment"] == "all_double":
            items.append(ScoreItem("self_drawn", N_("Self-drawn: each player pays double"),
                                   win.value, Message(N_("each of the three pays {points}"),
                                                      points=2 * win.value),
                                   "points"))
        else:
            items.append(ScoreItem("self_drawn_single", N_("Self-drawn: each player pays once"),
                                   0, Message(N_("each of the three pays {points} (option "
                                                 "self_drawn_payment=all_single)"),
                                              points=win.value), "points"))
    else:
        assert discarder is not None
        who = WIND_LETTERS[discarder]
        if opts["discard_payment"] == "discarder_double":
            items.append(ScoreItem("discarder_pays_double",
                                   Message(N_("On {who}'s discard: the discarder pays double"),
                                           who=who), win.value,
                                   Message(N_("{who} pays {points}, the other two {each}"),
                                           who=who, points=2 * win.value, each=win.value),
                                   "points"))
        else:
            items.append(ScoreItem("discard_single",
                                   Message(N_("On {who}'s discard: each player pays once"),
                                           who=who), 0,
                                   Message(N_("each of the three pays {points} (option "
                                              "discard_payment=all_single)"),
                                           points=win.value), "points"))
    return tuple(items)
