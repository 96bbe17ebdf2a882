"""Hong Kong scoring as Mahjong Time counts it: rule book 004 section 07.

The fan table is data: :data:`ITEMS` holds one :class:`ItemDef` per scoring element, with a
stable snake_case ``id``, an English ``name``, its ``fan``, the 004 sentence it implements
(``rule``), a small pure ``detect`` function, and the ids it ``excludes`` (004 s07: "avoiding
recounting a form already included in a more complete form") or ``implies`` (items that are
always counted alongside it). Limit hands (``limit=True``) are worth a base of 64 and are not
added together.

:func:`score_hand` reads the hand every way it can (each decomposition into four sets and a
pair, seven pairs, thirteen orphans), scores each reading by the table and keeps the best one:
the highest base, then the highest fan. Payments follow 004 s07 "Convert to exchange points".

The checks of a win and the readings of a hand are not Hong Kong's own: they live in
:mod:`.hand_checks`, shared with the other rule sets of four sets and a pair, and are
re-exported here (:func:`validate_context` passes the Hong Kong tile set and name;
:func:`readings`, :class:`Reading`, :class:`SetInfo`).

Readings of the book where it is open are written down in ``docs/rules/hongkong.md``
("Scoring").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..analysis.decompose import decompose_sets
from ..i18n import N_
from ..melds import MeldKind
from ..message import Message
from ..scoring import WIND_LETTERS, ScoreItem, ScoreResult, WinContext
from ..tiles import HONG_KONG_TILE_SET, counts_of, format_tiles
from ..wall import as_kind
from . import hand_checks
from .hand_checks import (
    Reading,
    SetInfo,
    meld_sets,
    readings,
    seven_pairs_reading,
    standard_reading,
    thirteen_orphans_reading,
    written_groups,
)
from .hand_checks import check_seat as _check_seat

__all__ = [
    "ITEMS",
    "ITEMS_BY_ID",
    "LIMIT_BASE",
    "ItemDef",
    "Reading",
    "SetInfo",
    "false_mahjong_payments",
    "fan_to_base",
    "payments",
    "readings",
    "score_hand",
    "validate_context",
]

RULES_NAME = "hongkong"
#: 004 s07: "Some forms directly reach the limit value of 64 basis points"
LIMIT_BASE: Final = 64

_DRAGON_NAMES = {31: N_("White"), 32: N_("Green"), 33: N_("Red")}
_WIND_NAMES = (N_("East"), N_("South"), N_("West"), N_("North"))
_SUIT_NAMES = {"m": N_("characters"), "p": N_("circles"), "s": N_("bamboo")}


# ----- conversion and payments ----------------------------------------------------------------


def fan_to_base(fan: int) -> int:
    """The base points of a fan total (004 s07 "Convert to exchange points").

    "Zero fan gives a base of 1; one fan, 2; two, 4; three, 8; four to six, 16; seven to nine,
    32; ten and more, 64." Raises ``ValueError`` for a negative fan.
    """
    if fan < 0:
        raise ValueError(f"fan {fan} is negative")
    if fan <= 3:
        return 1 << fan
    if fan <= 6:
        return 16
    if fan <= 9:
        return 32
    return LIMIT_BASE


def payments(base: int, winner: int, self_drawn: bool, discarder: int | None) -> dict[int, int]:
    """Points won (+) and paid (-) by each seat wind for a win worth ``base`` (004 s07).

    "On one defeat, the one who threw her pays twice the base; each of the other two losers
    pays once the base. On a punctured win, each of the three losers pays twice the base."
    East pays and receives like anyone else (no East doubling). A robbed kong is paid as a
    discard by the robbed player: pass that player as ``discarder``.
    """
    _check_seat(winner, "winner")
    if base < 0:
        raise ValueError(f"base {base} is negative")
    # every seat pays, then the discarder's and the winner's entries are set (a dictionary's
    # order is that of its first keys: seats 0-3)
    if self_drawn:
        if discarder is not None:
            raise ValueError("a self-drawn win has no discarder")
        loss = -2 * base
        out = {0: loss, 1: loss, 2: loss, 3: loss}
        out[winner] = 6 * base
        return out
    if discarder is None:
        raise ValueError("a win on a discard needs the discarder's seat")
    _check_seat(discarder, "discarder")
    if discarder == winner:
        raise ValueError("the winner cannot win on their own discard")
    loss = -base
    out = {0: loss, 1: loss, 2: loss, 3: loss}
    out[discarder] = -2 * base
    out[winner] = 4 * base
    return out


def false_mahjong_payments(offender: int, discarder: int | None) -> dict[int, int]:
    """Penalty for a false Mahjong (004 s07, "The rounds and the end").

    The book: "A false announcement of Mahjong stops the deal in the Mahjong Time scale and
    imposes 64 points on each of the other three, with double payment to the discarder if a
    tile was claimed."

    Reading: the offender pays 64 to each of the other three players; if the false Mahjong
    claimed a discard, the player who discarded that tile receives double, 128, instead of 64.
    So the offender loses 192 on a false self-drawn Mahjong and 256 on a false claim of a
    discard. This mirrors a limit hand won on a discard (discarder 2x, others 1x), with the
    offender paying instead of receiving. ``discarder`` is None when no tile was claimed.
    """
    _check_seat(offender, "offender")
    out = {s: 0 for s in range(4)}
    if discarder is not None:
        _check_seat(discarder, "discarder")
        if discarder == offender:
            raise ValueError("the offender cannot have claimed their own discard")
    for s in range(4):
        if s != offender:
            out[s] = 2 * LIMIT_BASE if s == discarder else LIMIT_BASE
    out[offender] = -sum(out.values())
    return out


# ----- the items ------------------------------------------------------------------------------


#: what a detector returns: one (name or None for the item's own name, explanation) per
#: occurrence; an empty list when the item does not apply. Names and explanations are
#: English (data); a dynamic one is a :class:`~mahjong_table.message.Message` that a face
#: shows in the language in force (issue 23)
Hit = tuple[str | None, str]
Detector = Callable[[Reading], list[Hit]]


@dataclass(frozen=True)
class ItemDef:
    """One element of the 004 s07 fan table.

    ``fan`` is 0 for a limit hand (``limit=True``), which gives the base :data:`LIMIT_BASE`
    directly. ``excludes``: ids not counted when this item is (the more complete form wins).
    ``implies``: ids that are always counted with this one (checked by the tests).
    """

    id: str
    name: str
    fan: int
    rule: str
    detect: Detector
    limit: bool = False
    excludes: tuple[str, ...] = ()
    implies: tuple[str, ...] = ()


# ----- detectors ------------------------------------------------------------------------------


def _one(cond: bool, explanation: str) -> list[Hit]:
    return [(None, explanation)] if cond else []


#: the hits with values made so far, by the facts each depends on (``(item id, ...)``):
#: a :class:`~mahjong_table.message.Message` with values is formatted in Python, about
#: 10,000 instructions even in the compiled build, and a scoring names the same few hundred
#: again and again (issue 25, item 1); a hit is immutable, so one made is shared. Emptied at
#: :data:`_HITS_LIMIT` entries, so its memory is bounded.
_HITS: Final[dict[tuple[object, ...], Hit]] = {}
_HITS_LIMIT: Final = 4096


def _keep(key: tuple[object, ...], hit: Hit) -> Hit:
    """Remember ``hit`` under ``key`` in :data:`_HITS` and return it."""
    if len(_HITS) >= _HITS_LIMIT:
        _HITS.clear()
    _HITS[key] = hit
    return hit


def _set_name(s: SetInfo) -> Message:
    return Message(N_("Kong")) if s.kind == "kong" else Message(N_("Pung"))


#: the kinds of 1 and 9 of each suit
_TERMINAL_KINDS: Final = frozenset((0, 8, 9, 17, 18, 26))


def _is_dragon(t: int) -> bool:
    return t >= 31 and t <= 33  # (not chained: mypyc compares a chain as objects)


def _is_wind(t: int) -> bool:
    return t >= 27 and t <= 30


def _dragon_pungs(r: Reading) -> list[Hit]:
    out: list[Hit] = []
    for s in r.sets:
        if s.is_pung_or_kong and _is_dragon(s.tile):
            key: tuple[object, ...] = ("dragon_pung", s.kind, int(s.tile))
            hit = _HITS.get(key)
            if hit is None:
                colour = _DRAGON_NAMES[s.tile]
                hit = _keep(key, (Message(N_("{set} of {colour} dragons"), set=_set_name(s),
                                          colour=Message(colour)),
                                  Message(N_("{set}: each pung or kong of dragons scores 1 "
                                             "fan"), set=s.label())))
            out.append(hit)
    return out


def _wind_pung(r: Reading, wind: int, which: str) -> list[Hit]:
    out: list[Hit] = []
    for s in r.sets:
        if s.is_pung_or_kong and s.tile == 27 + wind:
            key: tuple[object, ...] = ("wind_pung", s.kind, wind, which)
            hit = _HITS.get(key)
            if hit is None:
                name = Message(N_("{set} of {wind} wind ({which})"), set=_set_name(s),
                               wind=Message(_WIND_NAMES[wind]), which=Message(which))
                hit = _keep(key, (name, Message(N_("{set}: {wind} is the {which}, 1 fan"),
                                                set=s.label(), wind=Message(_WIND_NAMES[wind]),
                                                which=Message(which))))
            out.append(hit)
    return out


def _seat_wind_pung(r: Reading) -> list[Hit]:
    return _wind_pung(r, r.ctx.seat_wind, N_("seat wind"))


def _round_wind_pung(r: Reading) -> list[Hit]:
    return _wind_pung(r, r.ctx.round_wind, N_("round wind"))


def _all_chows(r: Reading) -> list[Hit]:
    return _one(r.form == "standard" and all(s.kind == "chow" for s in r.sets),
                N_("all four sets are chows (runs); the pair may be any pair"))


def _all_pungs(r: Reading) -> list[Hit]:
    return _one(r.form == "standard" and all(s.is_pung_or_kong for s in r.sets),
                N_("all four sets are pungs or kongs"))


def _mixed_one_suit(r: Reading) -> list[Hit]:
    suits = r.suits
    if r.form == "thirteen_orphans" or len(suits) != 1:
        return []
    suit = min(suits)
    key: tuple[object, ...] = ("mixed_one_suit", suit)
    hit = _HITS.get(key)
    if hit is None:
        hit = _keep(key, (None, Message(N_("only one numbered suit ({suit}) with honours"),
                                        suit=Message(_SUIT_NAMES[suit]))))
    return [hit]


def _pure_one_suit(r: Reading) -> list[Hit]:
    suits = r.suits
    if len(suits) != 1 or r.has_honours:
        return []
    suit = min(suits)
    key: tuple[object, ...] = ("pure_one_suit", suit)
    hit = _HITS.get(key)
    if hit is None:
        hit = _keep(key, (None, Message(N_("every tile is {suit}, no honours: 6 fan instead "
                                           "of 3"), suit=Message(_SUIT_NAMES[suit]))))
    return [hit]


def _seven_pairs(r: Reading) -> list[Hit]:
    return _one(r.form == "seven_pairs", N_("seven pairs of distinct values, concealed"))


def _no_bonus(r: Reading) -> list[Hit]:
    return _one(not r.ctx.bonus, N_("no flower or season"))


def _seat_bonus(r: Reading, flowers: bool) -> list[Hit]:
    seat = r.ctx.seat_wind
    # the seat's own flower (1f-4f: kinds 34-37) or season (1g-4g: 42-45), 004 s07
    own = (34 if flowers else 42) + seat
    k: int
    for t in r.ctx.bonus:
        k = as_kind(t)
        if k == own:
            key: tuple[object, ...] = ("seat_bonus", k)
            hit = _HITS.get(key)
            if hit is None:
                what = (N_("{tile} ({code}) is the {seat} seat's flower") if flowers
                        else N_("{tile} ({code}) is the {seat} seat's season"))
                hit = _keep(key, (None, Message(what, tile=Message(t.name), code=str(t),
                                                seat=Message(_WIND_NAMES[seat]))))
            return [hit]
    return []


def _seat_flower(r: Reading) -> list[Hit]:
    return _seat_bonus(r, True)


def _seat_season(r: Reading) -> list[Hit]:
    return _seat_bonus(r, False)


def _all_flowers(r: Reading) -> list[Hit]:
    return _one(sum(1 for t in r.ctx.bonus if t.is_flower) == 4, N_("all four flowers"))


def _all_seasons(r: Reading) -> list[Hit]:
    return _one(sum(1 for t in r.ctx.bonus if t.is_season) == 4, N_("all four seasons"))


def _self_drawn(r: Reading) -> list[Hit]:
    if not r.ctx.self_drawn:
        return []
    tile = r.ctx.win_tile
    key: tuple[object, ...] = ("self_drawn", int(tile))
    hit = _HITS.get(key)
    if hit is None:
        hit = _keep(key, (None, Message(N_("the winning tile {tile} was drawn, not claimed"),
                                        tile=str(tile))))
    return [hit]


def _last_tile_draw(r: Reading) -> list[Hit]:
    return _one(r.ctx.last_tile and r.ctx.self_drawn,
                N_("won on the last tile of the live wall"))


def _last_tile_discard(r: Reading) -> list[Hit]:
    return _one(r.ctx.last_tile and not r.ctx.self_drawn,
                N_("won on the discard that followed the last tile of the live wall"))


def _robbing_kong(r: Reading) -> list[Hit]:
    d = r.ctx.discarder
    who = WIND_LETTERS[d] if d is not None else "?"
    if not r.ctx.robbing_kong:
        return []
    return [(None, Message(N_("won on the tile {tile} that {who} added to an exposed pung"),
                           tile=str(r.ctx.win_tile), who=who))]


def _kong_replacement(r: Reading) -> list[Hit]:
    return _one(r.ctx.kong_replacement, N_("won on the replacement tile drawn after a kong"))


def _dragon_sets(r: Reading) -> list[SetInfo]:
    return [s for s in r.sets if s.is_pung_or_kong and _is_dragon(s.tile)]


def _wind_sets(r: Reading) -> list[SetInfo]:
    return [s for s in r.sets if s.is_pung_or_kong and _is_wind(s.tile)]


def _small_three_dragons(r: Reading) -> list[Hit]:
    return _one(r.form == "standard" and len(_dragon_sets(r)) == 2
                and r.pair is not None and _is_dragon(r.pair),
                N_("two pungs or kongs of dragons and a pair of the third dragon; the two "
                   "dragon pungs are counted as well"))


def _four_concealed_pungs(r: Reading) -> list[Hit]:
    return _one(r.form == "standard" and r.ctx.self_drawn and len(r.sets) == 4
                and all(s.is_pung_or_kong and s.hidden for s in r.sets),
                N_("four concealed pungs or kongs, won on a self-drawn tile"))


def _big_three_dragons(r: Reading) -> list[Hit]:
    return _one(len(_dragon_sets(r)) == 3, N_("a pung or kong of each of the three dragons"))


def _small_four_winds(r: Reading) -> list[Hit]:
    return _one(r.form == "standard" and len(_wind_sets(r)) == 3
                and r.pair is not None and _is_wind(r.pair),
                N_("pungs or kongs of three winds and a pair of the fourth"))


def _big_four_winds(r: Reading) -> list[Hit]:
    return _one(len(_wind_sets(r)) == 4, N_("a pung or kong of each of the four winds"))


def _all_honours(r: Reading) -> list[Hit]:
    return _one(r.form != "thirteen_orphans" and not any(r.counts[:27]),
                N_("every tile is a wind or a dragon"))


def _all_terminals(r: Reading) -> list[Hit]:
    counts = r.counts
    return _one(all(counts[k] == 0 for k in range(34) if k not in _TERMINAL_KINDS),
                N_("every tile is a 1 or a 9"))


def _four_kongs(r: Reading) -> list[Hit]:
    return _one(sum(1 for s in r.sets if s.kind == "kong") == 4, N_("four declared kongs"))


def _thirteen_orphans(r: Reading) -> list[Hit]:
    return _one(r.form == "thirteen_orphans",
                N_("one of each terminal and honour plus a duplicate of one of them"))


def _heavenly(r: Reading) -> list[Hit]:
    return _one(r.ctx.heavenly, N_("East won on the dealt hand"))


def _earthly(r: Reading) -> list[Hit]:
    return _one(r.ctx.earthly, N_("won on East's very first discard"))


_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _nine_gates(r: Reading) -> list[Hit]:
    if r.ctx.hand.melds or len(r.suits) != 1 or r.has_honours:
        return []
    start = 9 * "mps".index(min(r.suits))
    ok = all(r.counts[start + i] >= need for i, need in enumerate(_NINE_GATES))
    return _one(ok, N_("concealed 1112345678999 of one suit plus one more tile of that suit"))


def _chosen_scale(suit: str, dragon: int) -> Detector:
    lo = 9 * "mps".index(suit)

    def detect(r: Reading) -> list[Hit]:
        def ok(t: int) -> bool:
            return lo <= t < lo + 9 or t == dragon

        cond = (r.form == "standard" and all(s.is_pung_or_kong and ok(s.tile) for s in r.sets)
                and any(s.tile == dragon for s in r.sets)
                and r.pair is not None and ok(r.pair))
        if not cond:
            return []
        key: tuple[object, ...] = ("chosen_scale", suit)
        hit = _HITS.get(key)
        if hit is None:
            hit = _keep(key, (None, Message(N_("pungs or kongs of {suit} with a pung of "
                                               "{colour} dragons; the pair is of the same "
                                               "tiles"), suit=Message(_SUIT_NAMES[suit]),
                                            colour=Message(_DRAGON_NAMES[dragon]))))
        return [hit]

    return detect


# ----- the table ------------------------------------------------------------------------------

_S_HONOURS = ("Each brelan or square of Dragon : 1 fan. Each brelan or square of your Wind : 1. "
              "Each brelan or square of the Wind dominant of the handle : 1 ; if your Wind is "
              "also dominant, this group therefore returns 2.")
_S_FORMS = ("Four runs and a pair: 1. Four triplets or quads and a pair: 3. One numbered suit "
            "with honors: 3. One suit without honors: 6 instead of the previous 3. Seven pairs: "
            "4, in addition to other compatible patterns.")
_S_BONUS = ("No bonus Flower or Season: 1. Otherwise, each Flower or Season corresponding to "
            "your seat earns 1, with East = 1, South = 2, West = 3, North = 4. Owning the four "
            "Flowers earns 2; the four Seasons also 2.")
_S_WIN = ("Piocher yourself the winning tile: 1. Win on the last tile of the living wall: 1 ; "
          "on its last waste: 1. Steal the addition to a square: 1. Win on a replacement after "
          "square: 1.")
_S_SMALL_DRAGONS = ("Two brelans or squares of Dragon and the third Dragon pair, \"small three "
                    "Dragons\": 4 for this form, with fans of both Dragon bands.")
_S_LIMITS = ("Some forms directly reach the limit value of 64 basis points: four hidden brelans "
             "with a picked victory; three groups of Dragons; three groups of Winds with a pair "
             "of the fourth; four groups of Winds; one hand only of honours; one hand only of "
             "terminal; four squares; thirteen Orphans; victory of East from his hand "
             "distributed; victory of another on the very first defeat of East.")
_S_NINE_GATES = ("The New Doors Also reach the limit: hand hidden in a single family, composed "
                 "of 1112345678999 plus another tile of this family, without square.")
_S_CHOSEN = ("Three forms of the chosen scale are also limited: all groups in brelans or "
             "squares of a single family accompanied by the corresponding Dragon, with "
             "Bambous-Vert, Characters-Rouge or Circles-Blanc; the pair must belong to these "
             "same tiles.")


def _limit(id_: str, name: str, rule: str, detect: Detector,
           excludes: tuple[str, ...] = ()) -> ItemDef:
    return ItemDef(id_, name, 0, rule, detect, limit=True, excludes=excludes)


#: The fan table of 004 s07, fan items first (in the order they are listed in results), then
#: the limit hands in order of precedence: when several limits apply, the first names the hand.
ITEMS: Final[tuple[ItemDef, ...]] = (
    ItemDef("dragon_pung", N_("Pung of dragons"), 1, _S_HONOURS, _dragon_pungs),
    ItemDef("seat_wind_pung", N_("Pung of the seat wind"), 1, _S_HONOURS, _seat_wind_pung),
    ItemDef("round_wind_pung", N_("Pung of the round wind"), 1, _S_HONOURS, _round_wind_pung),
    ItemDef("small_three_dragons", N_("Small three dragons"), 4, _S_SMALL_DRAGONS,
            _small_three_dragons, implies=("dragon_pung",)),
    ItemDef("all_chows", N_("Four runs and a pair"), 1, _S_FORMS, _all_chows),
    ItemDef("all_pungs", N_("All pungs"), 3, _S_FORMS, _all_pungs),
    ItemDef("mixed_one_suit", N_("Mixed one suit"), 3, _S_FORMS, _mixed_one_suit),
    ItemDef("pure_one_suit", N_("Pure one suit"), 6, _S_FORMS, _pure_one_suit,
            excludes=("mixed_one_suit",)),
    ItemDef("seven_pairs", N_("Seven pairs"), 4, _S_FORMS, _seven_pairs,
            excludes=("all_chows", "all_pungs")),
    ItemDef("no_bonus", N_("No flowers or seasons"), 1, _S_BONUS, _no_bonus),
    ItemDef("seat_flower", N_("Seat flower"), 1, _S_BONUS, _seat_flower),
    ItemDef("seat_season", N_("Seat season"), 1, _S_BONUS, _seat_season),
    ItemDef("all_flowers", N_("All four flowers"), 2, _S_BONUS, _all_flowers,
            excludes=("seat_flower",)),
    ItemDef("all_seasons", N_("All four seasons"), 2, _S_BONUS, _all_seasons,
            excludes=("seat_season",)),
    ItemDef("self_drawn", N_("Self-drawn"), 1, _S_WIN, _self_drawn),
    ItemDef("last_tile_draw", N_("Last tile of the wall"), 1, _S_WIN, _last_tile_draw,
            implies=("self_drawn",)),
    ItemDef("last_tile_discard", N_("Last discard"), 1, _S_WIN, _last_tile_discard),
    ItemDef("robbing_kong", N_("Robbing the kong"), 1, _S_WIN, _robbing_kong),
    ItemDef("kong_replacement", N_("Win on a kong replacement"), 1, _S_WIN, _kong_replacement,
            implies=("self_drawn",)),
    # limit hands (base 64, not added together)
    _limit("heavenly", N_("Heavenly hand"), _S_LIMITS, _heavenly),
    _limit("earthly", N_("Earthly hand"), _S_LIMITS, _earthly),
    _limit("thirteen_orphans", N_("Thirteen orphans"), _S_LIMITS, _thirteen_orphans),
    _limit("nine_gates", N_("Nine gates"), _S_NINE_GATES, _nine_gates),
    _limit("big_four_winds", N_("Big four winds"), _S_LIMITS, _big_four_winds),
    _limit("small_four_winds", N_("Small four winds"), _S_LIMITS, _small_four_winds),
    _limit("big_three_dragons", N_("Big three dragons"), _S_LIMITS, _big_three_dragons),
    _limit("all_honours", N_("All honours"), _S_LIMITS, _all_honours),
    _limit("all_terminals", N_("All terminals"), _S_LIMITS, _all_terminals),
    _limit("four_kongs", N_("Four kongs"), _S_LIMITS, _four_kongs),
    _limit("four_concealed_pungs", N_("Four concealed pungs"), _S_LIMITS, _four_concealed_pungs),
    _limit("jade_dragon", N_("Jade dragon"), _S_CHOSEN, _chosen_scale("s", 32)),
    _limit("ruby_dragon", N_("Ruby dragon"), _S_CHOSEN, _chosen_scale("m", 33)),
    _limit("pearl_dragon", N_("Pearl dragon"), _S_CHOSEN, _chosen_scale("p", 31)),
)

ITEMS_BY_ID: dict[str, ItemDef] = {d.id: d for d in ITEMS}


# ----- validation -----------------------------------------------------------------------------


def validate_context(ctx: WinContext) -> None:
    """Raise ``ValueError`` naming the problem if ``ctx`` cannot describe a Hong Kong win.

    The checks are those every rule set of four sets and a pair shares
    (:func:`.hand_checks.validate_context`), against the 144-tile set of 004 s02 with no jokers:
    the seats, a win self-drawn or on a named discard, the meld kinds, the winning tile among
    the concealed tiles, bonus tiles that are flowers or seasons 1-4, the copies of every tile,
    and the special circumstances (heavenly, earthly, robbing a kong, kong replacement, last
    tile) fitting the win. Hong Kong adds none of its own. A hand with the wrong number of tiles
    is not malformed: it is scored as not winning.
    """
    hand_checks.validate_context(ctx, tile_set=HONG_KONG_TILE_SET, rules_title=N_("Hong Kong"))


# ----- hands that do not win ------------------------------------------------------------------


def _not_winning_reason(ctx: WinContext) -> str:
    hand = ctx.hand
    n = len(hand.concealed) + 3 * len(hand.melds)
    if n != 14:
        return Message(N_("the hand has {n} tiles (a kong counts as three): a winning hand is "
                          "four sets and a pair, 14 tiles (004 s05)"), n=n)
    concealed = counts_of(hand.concealed)
    if not hand.melds and sum(c // 2 for c in concealed) == 7 and all(c % 2 == 0
                                                                         for c in concealed):
        return Message(N_("seven pairs must be of distinct values: four identical tiles are "
                          "not two pairs (004 s05)"))
    if hand.melds:
        what = (N_("the concealed tiles {tiles} do not complete four sets and a pair with the "
                   "{n} declared meld(s) (004 s05)") if len(hand.melds) < 4 else
                N_("the concealed tiles {tiles} do not complete a pair with the {n} declared "
                   "meld(s) (004 s05)"))
        return Message(what, tiles=format_tiles(hand.concealed, sort=True), n=len(hand.melds))
    return Message(N_("the tiles {tiles} are not four sets and a pair, seven distinct pairs or "
                      "thirteen orphans (004 s05)"),
                   tiles=format_tiles(hand.concealed, sort=True))


# ----- scoring --------------------------------------------------------------------------------


@dataclass  # internal, never changed; not frozen, so it is built natively when compiled
class _Scored:
    reading: Reading
    fan_items: tuple[ScoreItem, ...]
    limit: ScoreItem | None
    fan: int
    base: int

    def __init__(self, reading: Reading, fan_items: tuple[ScoreItem, ...],
                 limit: ScoreItem | None, fan: int, base: int) -> None:
        # written out, as every hot dataclass's is (issue 25: the generated __init__ runs as
        # Python in the compiled build, 2,000-20,000 instructions an object)
        self.reading = reading
        self.fan_items = fan_items
        self.limit = limit
        self.fan = fan
        self.base = base


def _score_reading(r: Reading) -> _Scored:
    """Score one reading by running every detector of :data:`ITEMS` (the reference that
    :func:`score_hand`'s quicker count, :func:`_reading_hits`, is tested against)."""
    hits: dict[str, list[Hit]] = {}
    for d in ITEMS:
        found = d.detect(r)
        if found:
            hits[d.id] = found
    for d in ITEMS:
        if d.id in hits:
            for x in d.excludes:
                hits.pop(x, None)
    return _scored(r, [(d, hits[d.id]) for d in ITEMS if d.id in hits])


def _scored(r: Reading, hits: list[tuple[ItemDef, list[Hit]]]) -> _Scored:
    """The items, fan and base of reading ``r`` from the ``hits`` of the items counted (in
    the order of :data:`ITEMS`, those another excludes left out): limits are not added
    together, the first names the hand (004 s07)."""
    fan_items: list[ScoreItem] = []
    limits: list[ItemDef] = []
    first = ""
    for d, found in hits:
        if d.limit:
            if not limits:
                first = found[0][1]
            limits.append(d)
            continue
        for name, why in found:
            fan_items.append(ScoreItem(d.id, name or d.name, d.fan, why))
    fan = sum(i.fan for i in fan_items)
    limit: ScoreItem | None = None
    if limits:
        top = limits[0]
        others = ", ".join([d.id for d in limits[1:]])
        key: tuple[object, ...] = ("limit", first, others)
        hit = _HITS.get(key)
        if hit is None:
            if others:
                why = Message(N_("{why}: a limit hand, base {base} (also {others}; limits "
                                 "are not added together)"), why=Message(first),
                              base=LIMIT_BASE, others=others)
            else:
                why = Message(N_("{why}: a limit hand, base {base}"), why=Message(first),
                              base=LIMIT_BASE)
            hit = _keep(key, (None, why))
        limit = ScoreItem(top.id, top.name, 0, hit[1])
    base = LIMIT_BASE if limit else fan_to_base(fan)
    return _Scored(r, tuple(fan_items), limit, fan, base)


# ----- scoring without search (issue 25, item 1) ----------------------------------------------
#
# score_hand does not run the 33 detectors on every reading. It counts each item's
# occurrences on integers (_hand_hits once per hand, _reading_hits per reading), keeps the best
# reading, and runs the detectors of the items counted on that reading only, for their names
# and explanations. The counts are those the detectors find (tests/test_hongkong_scoring.py
# checks them against every detector on random hands).

#: each item's place in :data:`ITEMS`
_AT: Final[dict[str, int]] = {d.id: i for i, d in enumerate(ITEMS)}
_N_ITEMS: Final = len(ITEMS)
#: the items excluded by each item, by place (004 s07: the more complete form is counted)
_EXCLUDED: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(_AT[x] for x in d.excludes)
                                                for d in ITEMS)
#: the places of the items that exclude others, in the order of :data:`ITEMS`
_EXCLUDERS: Final[tuple[int, ...]] = tuple(i for i in range(len(ITEMS)) if ITEMS[i].excludes)
#: each item's fan by place, and whether it is a limit hand (read as plain lists by
#: :func:`_tally`)
_FANS: Final[list[int]] = [d.fan for d in ITEMS]
_LIMITS: Final[list[bool]] = [d.limit for d in ITEMS]
_DRAGON_PUNG: Final = _AT["dragon_pung"]
_SEAT_WIND_PUNG: Final = _AT["seat_wind_pung"]
_ROUND_WIND_PUNG: Final = _AT["round_wind_pung"]
_SMALL_THREE_DRAGONS: Final = _AT["small_three_dragons"]
_ALL_CHOWS: Final = _AT["all_chows"]
_ALL_PUNGS: Final = _AT["all_pungs"]
_MIXED_ONE_SUIT: Final = _AT["mixed_one_suit"]
_PURE_ONE_SUIT: Final = _AT["pure_one_suit"]
_SEVEN_PAIRS: Final = _AT["seven_pairs"]
_NO_BONUS: Final = _AT["no_bonus"]
_SEAT_FLOWER: Final = _AT["seat_flower"]
_SEAT_SEASON: Final = _AT["seat_season"]
_ALL_FLOWERS: Final = _AT["all_flowers"]
_ALL_SEASONS: Final = _AT["all_seasons"]
_SELF_DRAWN: Final = _AT["self_drawn"]
_LAST_TILE_DRAW: Final = _AT["last_tile_draw"]
_LAST_TILE_DISCARD: Final = _AT["last_tile_discard"]
_ROBBING_KONG: Final = _AT["robbing_kong"]
_KONG_REPLACEMENT: Final = _AT["kong_replacement"]
_HEAVENLY: Final = _AT["heavenly"]
_EARTHLY: Final = _AT["earthly"]
_THIRTEEN_ORPHANS: Final = _AT["thirteen_orphans"]
_NINE_GATES_AT: Final = _AT["nine_gates"]
_BIG_FOUR_WINDS: Final = _AT["big_four_winds"]
_SMALL_FOUR_WINDS: Final = _AT["small_four_winds"]
_BIG_THREE_DRAGONS: Final = _AT["big_three_dragons"]
_ALL_HONOURS: Final = _AT["all_honours"]
_ALL_TERMINALS: Final = _AT["all_terminals"]
_FOUR_KONGS: Final = _AT["four_kongs"]
_FOUR_CONCEALED_PUNGS: Final = _AT["four_concealed_pungs"]
#: the chosen-scale limits (004 s07): (place, suit, dragon)
_CHOSEN: Final[tuple[tuple[int, int, int], ...]] = ((_AT["jade_dragon"], 2, 32),
                                             (_AT["ruby_dragon"], 0, 33),
                                             (_AT["pearl_dragon"], 1, 31))

#: a set of a reading: (kind, lowest tile, hidden); kinds as below
_Set = tuple[int, int, bool]
_CHOW: Final = 0
_PUNG: Final = 1
_KONG: Final = 2


def _plain_counts(ctx: WinContext) -> tuple[list[int], list[int]] | None:
    """The counts of the concealed tiles and of every playing tile (melds included) when a
    quick look shows that :func:`validate_context` accepts ``ctx``; None when it cannot tell
    (any special circumstance of the win, any tile or meld out of the ordinary), and the full
    check is then made. The quick look accepts only what the full one does: seats and the
    discarder as 004 s07's payments need them, playing tiles only in the hand, chows, pungs
    and kongs (only a kong concealed), the winning tile among the concealed tiles, distinct
    flowers and seasons 1-4 (004 s02) and no tile beyond its four copies."""
    if ctx.robbing_kong or ctx.kong_replacement or ctx.last_tile or ctx.heavenly \
            or ctx.earthly:
        return None
    seat = ctx.seat_wind
    if seat < 0 or seat > 3 or ctx.round_wind < 0 or ctx.round_wind > 3:
        return None
    # (plain integers throughout: the compiled build then reads and counts them natively)
    d: int = -1 if ctx.discarder is None else ctx.discarder
    if ctx.self_drawn:
        if d != -1:
            return None
    elif d < 0 or d > 3 or d == seat:
        return None
    hand = ctx.hand
    concealed = [0] * 34
    tiles: tuple[int, ...] = hand.concealed
    k: int
    c: int
    for k in tiles:
        if k < 0 or k >= 34:
            return None
        c = concealed[k] + 1
        if c > 4:
            return None
        concealed[k] = c
    win: int = ctx.win_tile
    if win < 0 or win >= 34 or not concealed[win]:
        return None
    counts: list[int] = concealed.copy()
    for m in hand.melds:
        kind = m.kind
        if kind is not MeldKind.CHOW and kind is not MeldKind.PUNG \
                and kind is not MeldKind.KONG:
            return None
        if not m.exposed and kind is not MeldKind.KONG:
            return None
        for t in m.tiles:
            k = as_kind(t)  # (a Tile read as a plain integer: mypy narrows ``k`` to Tile)
            if k < 0 or k >= 34:
                return None
            c = counts[k] + 1
            if c > 4:
                return None
            counts[k] = c
    # flowers 1f-4f (kinds 34-37) and seasons 1g-4g (42-45), each at most once; comparisons
    # not chained (mypyc compares a chain as objects)
    seen = [False] * 8
    for t in ctx.bonus:
        k = as_kind(t)
        if k >= 34 and k <= 37:
            c = k - 34
        elif k >= 42 and k <= 45:
            c = k - 38
        else:
            return None
        if seen[c]:
            return None
        seen[c] = True
    return concealed, counts


def _hand_hits(ctx: WinContext, counts: list[int]) -> list[int]:
    """How many times each item of :data:`ITEMS` is counted on what every reading of the hand
    shares: its tiles, its bonus tiles and how it was won (004 s07). The items of the sets
    and the pair are left at 0 for :func:`_reading_hits`."""
    hits = [0] * _N_ITEMS
    # one pass: the suits held (bits 0-2), any honour, and whether every tile is a 1 or a 9
    suits = 0
    honours = False
    terminals = True
    for k in range(34):
        if counts[k]:
            if k >= 27:
                honours = True
                terminals = False
            else:
                suits |= 1 << (k // 9)
                if k % 9 != 0 and k % 9 != 8:
                    terminals = False
    one_suit = suits in (1, 2, 4)
    if one_suit:
        hits[_MIXED_ONE_SUIT] = 1  # a thirteen orphans holds every suit
        if not honours:
            hits[_PURE_ONE_SUIT] = 1
            start = 9 * (suits >> 1)  # 1, 2, 4 -> 0, 9, 18
            ok = not ctx.hand.melds
            for i in range(9):
                if counts[start + i] < _NINE_GATES[i]:
                    ok = False
            if ok:
                hits[_NINE_GATES_AT] = 1
    if not suits:
        hits[_ALL_HONOURS] = 1  # a thirteen orphans holds suit tiles
    if terminals:
        hits[_ALL_TERMINALS] = 1
    seat = ctx.seat_wind
    flowers = seasons = 0
    for t in ctx.bonus:
        k = as_kind(t)  # (a Tile read as a plain integer)
        if k >= 34 and k < 42:
            flowers += 1
            if k == 34 + seat:
                hits[_SEAT_FLOWER] = 1
        elif k >= 42 and k < 46:
            seasons += 1
            if k == 42 + seat:
                hits[_SEAT_SEASON] = 1
    if not ctx.bonus:
        hits[_NO_BONUS] = 1
    if flowers == 4:
        hits[_ALL_FLOWERS] = 1
    if seasons == 4:
        hits[_ALL_SEASONS] = 1
    if ctx.self_drawn:
        hits[_SELF_DRAWN] = 1
        if ctx.last_tile:
            hits[_LAST_TILE_DRAW] = 1
    elif ctx.last_tile:
        hits[_LAST_TILE_DISCARD] = 1
    if ctx.robbing_kong:
        hits[_ROBBING_KONG] = 1
    if ctx.kong_replacement:
        hits[_KONG_REPLACEMENT] = 1
    if ctx.heavenly:
        hits[_HEAVENLY] = 1
    if ctx.earthly:
        hits[_EARTHLY] = 1
    return hits


def _reading_hits(hand: list[int], ctx: WinContext, form: str, sets: list[_Set],
                  pair: int) -> list[int]:
    """Each item's count on one reading: ``hand`` (from :func:`_hand_hits`) with the items of
    the form, the sets and the pair added (004 s07: pungs and kongs of honours, the forms,
    the honour and concealed limits, the chosen scale)."""
    hits = list(hand)
    if form != "standard":
        hits[_SEVEN_PAIRS if form == "seven_pairs" else _THIRTEEN_ORPHANS] = 1
        if form == "thirteen_orphans":
            hits[_MIXED_ONE_SUIT] = 0
            hits[_ALL_HONOURS] = 0
        return hits
    seat_tile = 27 + ctx.seat_wind
    round_tile = 27 + ctx.round_wind
    chows = kongs = dragons = winds = hidden_pungs = 0
    #: the groups of tiles the pungs and kongs are of: bits 0-2 the suits, 3-5 the dragons
    #: (white, green, red), 6 the winds
    kinds = 0
    for kind, tile, hidden in sets:
        if kind == _CHOW:
            chows += 1
            continue
        if kind == _KONG:
            kongs += 1
        if hidden:
            hidden_pungs += 1
        if tile == seat_tile:
            hits[_SEAT_WIND_PUNG] += 1
        if tile == round_tile:
            hits[_ROUND_WIND_PUNG] += 1
        if tile >= 31:
            dragons += 1
            kinds |= 8 << (tile - 31)
        elif tile >= 27:
            winds += 1
            kinds |= 64
        else:
            kinds |= 1 << (tile // 9)
    hits[_DRAGON_PUNG] = dragons
    if chows == len(sets):
        hits[_ALL_CHOWS] = 1
    if not chows:
        hits[_ALL_PUNGS] = 1
    if dragons == 2 and pair >= 31:
        hits[_SMALL_THREE_DRAGONS] = 1
    if dragons == 3:
        hits[_BIG_THREE_DRAGONS] = 1
    if winds == 4:
        hits[_BIG_FOUR_WINDS] = 1
    if winds == 3 and pair >= 27 and pair <= 30:
        hits[_SMALL_FOUR_WINDS] = 1
    if kongs == 4:
        hits[_FOUR_KONGS] = 1
    if ctx.self_drawn and len(sets) == 4 and not chows and hidden_pungs == 4:
        hits[_FOUR_CONCEALED_PUNGS] = 1
    if not chows:
        pair_kind = (8 << (pair - 31) if pair >= 31 else 64 if pair >= 27
                     else 1 << (pair // 9))
        for at, suit, dragon in _CHOSEN:
            allowed = (1 << suit) | (8 << (dragon - 31))
            if kinds & (8 << (dragon - 31)) and not (kinds | pair_kind) & ~allowed:
                hits[at] = 1
    return hits


def _tally(hits: list[int]) -> tuple[int, int]:
    """The fan and base of a reading's item counts (004 s07), leaving out in place the items
    a counted item excludes: the more complete form is counted; a limit hand is worth
    :data:`LIMIT_BASE`, the limits not added together."""
    for i in _EXCLUDERS:
        if hits[i]:
            for x in _EXCLUDED[i]:
                hits[x] = 0
    fans = _FANS
    limits = _LIMITS
    fan = 0
    limit = False
    c: int
    for i in range(_N_ITEMS):
        c = hits[i]
        if c:
            if limits[i]:
                limit = True
            else:
                fan += fans[i] * c
    return fan, LIMIT_BASE if limit else fan_to_base(fan)


def _special_forms(concealed: list[int]) -> int:
    """Which special forms the concealed counts of a hand without melds make (004 s05), in
    one pass: bit 0 seven pairs of distinct values (:func:`.decompose.is_seven_pairs`), bit
    1 thirteen orphans (:func:`.decompose.is_thirteen_orphans`)."""
    total = pairs = orphans = 0
    every_orphan = True
    c: int
    for k in range(34):
        c = concealed[k]
        total += c
        if c == 2:
            pairs += 1
        if k >= 27 or k % 9 == 0 or k % 9 == 8:  # a terminal or an honour
            if c:
                orphans += c
            else:
                every_orphan = False
    if total != 14:
        return 0
    return (1 if pairs == 7 else 0) | (2 if every_orphan and orphans == 14 else 0)


def _meld_set(kind: MeldKind, tile: int, exposed: bool) -> _Set:
    if kind is MeldKind.CHOW:
        return (_CHOW, tile, not exposed)
    return (_PUNG if kind is MeldKind.PUNG else _KONG, tile, not exposed)


def score_hand(ctx: WinContext) -> ScoreResult:
    """Score a Hong Kong win by rule book 004 s07.

    Raises ``ValueError`` for a malformed context (see :func:`validate_context`). A hand that
    is not a winning hand gives ``valid=False`` with the ``reason`` in words. Otherwise every
    reading of the hand is scored and the best kept (highest base, then highest fan; the first
    of equals, readings in the order of :func:`readings`); the items are the fan items
    counted, preceded by the limit hand if there is one (``fan`` stays the fan counted,
    ``base`` is 64). Payments are by seat wind index.
    """
    plain = _plain_counts(ctx)
    if plain is None:
        validate_context(ctx)
        hand = ctx.hand
        concealed = counts_of(hand.concealed)
        counts = counts_of(hand.all_tiles())
    else:
        hand = ctx.hand
        concealed, counts = plain
    if len(hand.concealed) + 3 * len(hand.melds) != 14:
        return ScoreResult(RULES_NAME, False, hand.notation(), reason=_not_winning_reason(ctx))
    decompositions = decompose_sets(concealed, first_only=False)
    special = 0 if hand.melds else _special_forms(concealed)
    seven = special & 1 != 0
    orphans = special & 2 != 0
    if not decompositions and not seven and not orphans:
        return ScoreResult(RULES_NAME, False, hand.notation(), reason=_not_winning_reason(ctx))
    shared = _hand_hits(ctx, counts)
    declared = [_meld_set(m.kind, m.tile, m.exposed) for m in hand.melds]
    best_hits: list[int] = []
    best_fan = best_base = -1
    best_at = 0
    for at in range(len(decompositions)):
        pair, found = decompositions[at]
        sets = list(declared)
        for name, first in found:
            sets.append((_CHOW if name == "chow" else _PUNG, first, True))
        hits = _reading_hits(shared, ctx, "standard", sets, pair)
        fan, base = _tally(hits)
        if base > best_base or (base == best_base and fan > best_fan):
            best_hits, best_fan, best_base, best_at = hits, fan, base, at
    for form, ok in (("seven_pairs", seven), ("thirteen_orphans", orphans)):
        if ok:
            hits = _reading_hits(shared, ctx, form, [], -1)
            fan, base = _tally(hits)
            if base > best_base or (base == best_base and fan > best_fan):
                best_hits, best_fan, best_base = hits, fan, base
                best_at = -1 if form == "seven_pairs" else -2
    all_counts = tuple(counts)
    reading: Reading
    groups: tuple[str, ...]
    if best_at >= 0:
        pair, found = decompositions[best_at]
        reading = standard_reading(ctx, pair, found, all_counts, meld_sets(ctx))
        groups = written_groups(ctx, pair, found)  # (reading.groups, from the integers)
    else:
        if best_at == -1:
            reading = seven_pairs_reading(ctx, concealed, all_counts)
        else:
            reading = thirteen_orphans_reading(ctx, concealed, all_counts)
        groups = reading.groups
    best = _scored(reading, [(ITEMS[i], ITEMS[i].detect(reading))
                             for i in range(_N_ITEMS) if best_hits[i]])
    items = ((best.limit,) if best.limit else ()) + best.fan_items
    return ScoreResult(
        rules=RULES_NAME,
        valid=True,
        hand=" ".join(groups),
        fan=best.fan,
        limit=best.limit.id if best.limit else None,
        base=best.base,
        items=items,
        decomposition=groups,
        payments=payments(best.base, ctx.seat_wind, ctx.self_drawn, ctx.discarder),
    )
