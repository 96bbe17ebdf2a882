"""Checks and readings of a winning hand shared by every rule set of four sets and a pair.

Nothing here belongs to one rule book: the rule set passes what differs (its tile set, the name
its messages use, whether jokers are played, the rule-book sentences to cite), and adds its own
checks before or after (Chinese play, for one, rejects robbing a kong).

:func:`validate_context` raises ``ValueError`` naming the problem when a
:class:`~mahjong_table.scoring.WinContext` cannot describe a win: the seats, a win self-drawn
or on a named discard, the meld kinds, the winning tile among the concealed tiles, bonus tiles
that are flowers or seasons, the copies of every tile against the tile set, and the
circumstances of the win (heavenly, earthly, robbing a kong, kong replacement, last tile) fitting
together.

:func:`readings` lists every way to read a hand as a winning hand (each decomposition into four
sets and a pair, seven pairs, thirteen orphans), as :class:`Reading` values made of
:class:`SetInfo` sets; a scorer keeps the forms its rules allow and scores them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .._tiletext import SUIT_OF
from ..analysis.decompose import (
    SetTuple,
    decompositions,
    is_seven_pairs,
    is_thirteen_orphans,
)
from ..i18n import N_, _
from ..melds import Meld, MeldKind
from ..names import meld_name, tile_name
from ..scoring import WIND_LETTERS, WinContext
from ..tiles import NUM_PLAYING, TILES, Tile, TileSet, counts_of, format_tiles
from ..wall import as_kind

__all__ = ["Reading", "SetInfo", "check_seat", "check_win_seats", "meld_sets", "readings",
           "seven_pairs_reading", "standard_groups", "standard_reading",
           "thirteen_orphans_reading", "validate_context", "written_groups"]


# ----- validation -----------------------------------------------------------------------------


def check_seat(seat: int, what: str) -> None:
    """Raise ``ValueError`` unless ``seat`` is a seat wind index 0-3; ``what`` names it."""
    if not 0 <= seat <= 3:
        raise ValueError(f"{what} {seat} is not a seat wind index 0-3 (E, S, W, N)")


def _cite(rule: str) -> str:
    return f" ({_(rule)})" if rule else ""


def check_win_seats(ctx: WinContext) -> None:
    """Raise ``ValueError`` unless the winner's seat and the discarder (None exactly when the
    win is self-drawn, never the winner) are seats 0-3: what every rule set's win needs."""
    check_seat(ctx.seat_wind, "seat wind")
    seat = WIND_LETTERS[ctx.seat_wind]
    if ctx.self_drawn and ctx.discarder is not None:
        raise ValueError(_("a self-drawn win has no discarder"))
    if not ctx.self_drawn:
        if ctx.discarder is None:
            raise ValueError(_("a win on a discard needs the discarder's seat"))
        check_seat(ctx.discarder, "discarder")
        if ctx.discarder == ctx.seat_wind:
            raise ValueError(_("the winner ({seat}) cannot win on their own discard").format(
                seat=seat))


def validate_context(ctx: WinContext, *, tile_set: TileSet, rules_title: str,
                     allow_jokers: bool = False, set_name: str = N_("meld"),
                     tiles_rule: str = "", sets_rule: str = "") -> None:
    """Raise ``ValueError`` naming the problem if ``ctx`` cannot describe a win in a rule set
    of four sets and a pair.

    Checks, in this order: the seat and round winds; that a win is either self-drawn or on a
    named discard by another seat; that the concealed tiles are playing tiles (and jokers, if
    ``allow_jokers``); that each meld is a chow, pung or kong, without jokers unless
    ``allow_jokers``, and exposed unless it is a kong; that the winning tile is among the
    concealed tiles; that bonus tiles are flowers or seasons; the copies of every tile against
    ``tile_set``; and that the circumstances of the win (robbing a kong, kong replacement, last
    tile, heavenly, earthly) fit it and each other.

    ``rules_title`` names the rule set in the messages ("Hong Kong" gives "Hong Kong play has
    no jokers"); ``set_name`` is what its book calls a chow, pung or kong ("meld", "set");
    ``tiles_rule`` and ``sets_rule``, if given, are the book's sentences cited after the
    messages about tiles and jokers and about the kinds of sets. A hand with the wrong number of
    tiles is not malformed: a scorer reports it as not winning. The messages are in the
    language in force (issue 23; the names and citations given are looked up in the
    catalogue).
    """
    check_win_seats(ctx)
    check_seat(ctx.round_wind, "round wind")
    title = _(rules_title)
    for t in ctx.hand.concealed:
        if t < NUM_PLAYING or (allow_jokers and t.is_joker):
            continue
        if allow_jokers:
            raise ValueError(_("{tile} ({name}) is not a playing tile: pass flowers and seasons "
                               "with --bonus").format(tile=t, name=tile_name(t))
                             + _cite(tiles_rule))
        raise ValueError(_("{tile} ({name}) is not a playing tile: pass flowers and seasons "
                           "with --bonus, and {rules} play has no jokers").format(
                               tile=t, name=tile_name(t), rules=title) + _cite(tiles_rule))
    for m in ctx.hand.melds:
        if m.kind not in (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG):
            where = (_("a chow, pung or kong, {rule}").format(rule=_(sets_rule)) if sets_rule
                     else _("a chow, pung or kong"))
            raise ValueError(_("{meld}: a {kind} is not a {set_name} in {rules} play "
                               "({where})").format(meld=m, kind=meld_name(m.kind.value),
                                                   set_name=_(set_name), rules=title,
                                                   where=where))
        if m.jokers and not allow_jokers:
            raise ValueError(_("{meld}: {rules} play has no jokers").format(meld=m, rules=title)
                             + _cite(tiles_rule))
        if not m.exposed and m.kind is not MeldKind.KONG:
            raise ValueError(_("{meld}: only a kong can be declared concealed").format(meld=m))
    if ctx.win_tile not in ctx.hand.concealed:
        raise ValueError(_("the winning tile {tile} is not among the concealed tiles "
                           "{tiles}").format(tile=ctx.win_tile,
                                             tiles=format_tiles(ctx.hand.concealed)))
    for t in ctx.bonus:
        if not t.is_bonus:
            raise ValueError(_("bonus tile {tile} ({name}) is not a flower or a season").format(
                tile=t, name=tile_name(t)))
    tile_set.check_counts([*ctx.hand.all_tiles(), *ctx.bonus])
    _check_circumstances(ctx)


def _check_circumstances(ctx: WinContext) -> None:
    """The special circumstances of the win fit how it was won and each other."""
    seat = WIND_LETTERS[ctx.seat_wind]
    if ctx.robbing_kong and ctx.self_drawn:
        raise ValueError(_("robbing a kong is a win on another player's tile, not self-drawn"))
    if ctx.robbing_kong:
        held = sum(1 for t in ctx.hand.all_tiles() if t == ctx.win_tile)
        if held != 1:
            # the robbed tile is the fourth copy: the other three are the robbed pung
            raise ValueError(_(
                "a robbed kong tile is the fourth {tile}, the other three being the exposed "
                "pung it was added to; this hand holds {held} (004 s05)").format(
                    tile=ctx.win_tile, held=held))
    if ctx.kong_replacement:
        if not ctx.self_drawn:
            raise ValueError(_("a win on a kong replacement tile is self-drawn"))
        if not any(m.is_kong for m in ctx.hand.melds):
            raise ValueError(_("a win on a kong replacement tile needs a declared kong"))
    # a kong replacement is never the last tile either: WinContext refuses that itself
    if ctx.last_tile and ctx.robbing_kong:
        raise ValueError(_("the last tile of the live wall is no robbed kong tile: robbing a "
                           "kong is a win on the tile another player adds to a pung"))
    if ctx.heavenly:
        if ctx.seat_wind != 0:
            raise ValueError(_("a heavenly hand is won by East on the dealt hand, not by "
                               "{seat}").format(seat=seat))
        if not ctx.self_drawn:
            raise ValueError(_("a heavenly hand is self-drawn (East's dealt fourteen tiles)"))
        if ctx.earthly or ctx.last_tile or ctx.kong_replacement or ctx.hand.melds:
            raise ValueError(_("a heavenly hand is East's dealt hand: no melds, no other "
                               "event"))
    if ctx.earthly:
        if ctx.seat_wind == 0:
            raise ValueError(_("an earthly hand is won by another player on East's first "
                               "discard"))
        if ctx.self_drawn or ctx.discarder != 0:
            raise ValueError(_("an earthly hand is won on East's very first discard: the "
                               "discarder is East"))
        if ctx.robbing_kong or ctx.last_tile or ctx.hand.melds:
            raise ValueError(_("an earthly hand is won on East's first discard with the dealt "
                               "hand: no melds, no other event"))


# ----- readings -------------------------------------------------------------------------------


@dataclass  # not frozen: the compiled build then builds it natively (issue 13); never changed
class SetInfo:
    """One set of a reading: ``kind`` is "chow", "pung" or "kong"; ``tile`` its lowest tile;
    ``hidden`` is True for a set formed in the concealed hand or a declared concealed kong;
    ``declared`` for a meld written in ``[...]`` or ``(...)``."""

    kind: str
    tile: Tile
    hidden: bool
    declared: bool

    def __init__(self, kind: str, tile: Tile, hidden: bool, declared: bool) -> None:
        # written out, as every hot dataclass's is (issue 25: the generated __init__ runs as
        # Python in the compiled build, 2,000-20,000 instructions an object)
        self.kind = kind
        self.tile = tile
        self.hidden = hidden
        self.declared = declared

    @property
    def is_pung_or_kong(self) -> bool:
        """True for a pung or a kong (Hong Kong's 004 s07 counts a "brelan or square" alike)."""
        return self.kind != "chow"

    def tiles(self) -> list[Tile]:
        if self.kind == "chow":
            return [TILES[self.tile + i] for i in range(3)]
        return [self.tile] * (4 if self.kind == "kong" else 3)

    def label(self) -> str:
        return f"{self.kind} {format_tiles(self.tiles())}"


@dataclass  # not frozen, as SetInfo; never changed after readings() builds it
class Reading:
    """One way to read a winning hand, with everything a scoring detector needs.

    ``form`` is "standard" (four sets and a pair), "seven_pairs" or "thirteen_orphans".
    ``counts`` covers all playing tiles of the hand (melds included, kongs as four tiles).
    ``group_tiles`` are the groups' tiles of seven pairs and thirteen orphans (empty for a
    standard reading: its groups are its pair and the sets not declared); :attr:`groups`
    writes the decomposition as in the JSON output (only the reading that scores best needs
    it, so it is written on demand).
    """

    ctx: WinContext
    form: str
    sets: tuple[SetInfo, ...]
    pair: Tile | None
    pairs: tuple[Tile, ...]
    counts: tuple[int, ...]
    group_tiles: tuple[list[Tile], ...]

    def __init__(self, ctx: WinContext, form: str, sets: tuple[SetInfo, ...],
                 pair: Tile | None, pairs: tuple[Tile, ...], counts: tuple[int, ...],
                 group_tiles: tuple[list[Tile], ...]) -> None:
        # written out, as every hot dataclass's is (issue 25: the generated __init__ runs as
        # Python in the compiled build, 2,000-20,000 instructions an object)
        self.ctx = ctx
        self.form = form
        self.sets = sets
        self.pair = pair
        self.pairs = pairs
        self.counts = counts
        self.group_tiles = group_tiles

    @property
    def groups(self) -> tuple[str, ...]:
        """The decomposition as written in the JSON output: the declared melds, then the
        concealed groups in the order their tiles were written in the hand."""
        hand = self.ctx.hand
        if self.form != "standard":
            # seven pairs, thirteen orphans: no melds, and each kind in one group
            return tuple(_groups_of_one_kind(hand.concealed, self.group_tiles))
        pair = self.pair
        if pair is None:  # (a standard reading always has its pair)
            raise ValueError("a standard reading without a pair")
        # the concealed groups are the pair and the sets not declared (issue 25: read as
        # integers, not as lists of tiles)
        concealed_sets: list[SetTuple] = []
        for s in self.sets:
            if not s.declared:
                concealed_sets.append((s.kind, as_kind(s.tile)))
        return written_groups(self.ctx, as_kind(pair), concealed_sets)

    # --- facts used by several items ---

    @property
    def suits(self) -> set[str]:
        """The numbered suits present."""
        counts = self.counts
        return {SUIT_OF[k] for k in range(27) if counts[k]}

    @property
    def has_honours(self) -> bool:
        return any(self.counts[27:34])

    @property
    def pung_sets(self) -> list[SetInfo]:
        return [s for s in self.sets if s.is_pung_or_kong]

    def tile_kinds(self) -> list[Tile]:
        return [TILES[k] for k in range(NUM_PLAYING) if self.counts[k]]


#: :func:`format_tiles` of each group :func:`_ordered_groups` has written (pairs, sets and
#: single tiles: a few hundred in all), by the group's code (:func:`_ordered_groups`), so that
#: each is formatted once (issue 25, item 1); emptied at :data:`_GROUP_TEXT_LIMIT` entries, so
#: its memory is bounded
_GROUP_TEXT: Final[dict[int, str]] = {}
_GROUP_TEXT_LIMIT: Final = 4096
#: the playing kinds (NUM_PLAYING, final here: the compiled build reads it as a constant)
_KINDS: Final = 34
#: :func:`format_tiles` of one tile and of a pair of each playing kind
_SINGLE_TEXT: Final[list[str]] = [format_tiles([TILES[k]]) for k in range(_KINDS)]
_PAIR_TEXT: Final[list[str]] = [format_tiles([TILES[k], TILES[k]]) for k in range(_KINDS)]


def _placed_in_order(concealed: Sequence[Tile], order: list[int], shapes: list[int],
                     texts: list[str], ordered: bool = False) -> list[str] | None:
    """The texts of groups in the order their tiles were written in the hand: ``order``
    holds each group's sort code times 16 plus its place ``j`` (at most 16 groups), in any
    order (sorted already when ``ordered``); ``shapes[j]`` is group ``j``'s size (bits 0-2)
    and kinds (six bits each from bit 3, in the group's order) and ``texts[j]`` its text.
    The groups taken in sorted order each claim the first copies of their kinds not yet
    claimed, and a group is placed by the first copy it claims; None when a group claims a
    copy the hand lacks.

    The claimed copies are bits of one integer and each claim reads the hand from its start
    (at most 14 tiles): no list of counts, whose integers the compiled build would box
    (issue 25)."""
    tiles: tuple[int, ...] = concealed if isinstance(concealed, tuple) else tuple(concealed)
    n = len(tiles)
    claimed = 0
    keys: list[int] = []
    if not ordered:
        order.sort()
    for key in order:
        j = key & 15
        shape = shapes[j]
        first = n
        for d in range(shape & 7):
            k = (shape >> (3 + 6 * d)) & 63
            i = 0
            while i < n:
                if tiles[i] == k and not (claimed >> i) & 1:
                    break
                i += 1
            if i == n:
                return None
            claimed |= 1 << i
            if i < first:
                first = i
        keys.append(first * 16 + j)
    keys.sort()
    return [texts[key & 15] for key in keys]


def _ordered_groups(concealed: Sequence[Tile], groups: list[list[Tile]]) -> list[str]:
    """Write concealed groups in the order their tiles were written in the hand: the groups
    taken in sorted order each claim the first copies of their tiles not yet claimed, and a
    group is placed by the first tile it claims.

    Plain integers throughout (issue 25: the compiled build reads them natively). A group of
    at most four tiles is coded as four base-35 digits, ``kind + 1`` or 0 past its end, so
    that the codes sort as the groups do (a shorter group before a longer one it begins);
    :func:`_placed_in_order` then places each group (a tile no group claims is left out, as
    a single tile of an MCR hand)."""
    count = len(groups)
    if count > 16:
        return _ordered_groups_plain(concealed, groups)
    order: list[int] = []
    shapes: list[int] = []
    texts: list[str] = []
    for j in range(count):
        g = groups[j]
        size = len(g)
        if size < 1 or size > 4:
            return _ordered_groups_plain(concealed, groups)
        shape = size
        for d in range(size):
            k = as_kind(g[d])
            if k < 0 or k >= _KINDS:
                return _ordered_groups_plain(concealed, groups)
            shape |= k << (3 + 6 * d)
        code = _group_code(g)
        order.append(code * 16 + j)
        shapes.append(shape)
        texts.append(_coded_group_text(code, g))
    out = _placed_in_order(concealed, order, shapes, texts)
    if out is None:
        return _ordered_groups_plain(concealed, groups)
    return out


#: :func:`format_tiles` of a pung and of a chow beginning with each playing kind ("" where
#: there is no such chow)
_PUNG_TEXT: Final[list[str]] = [format_tiles([TILES[k]] * 3) for k in range(_KINDS)]
_CHOW_TEXT: Final[list[str]] = [
    format_tiles([TILES[k], TILES[k + 1], TILES[k + 2]]) if k < 27 and k % 9 < 7 else ""
    for k in range(_KINDS)]
#: the :func:`_group_code` of a pair, a pung and a chow of kind 0 (a chow's first tile); a
#: group of kind ``k`` adds ``k`` times a step: the pair's code for a pair, the pung's for a
#: pung and for a chow (each of its three tiles one kind higher)
_PAIR_CODE: Final = 35 ** 3 + 35 ** 2
_PUNG_CODE: Final = 35 ** 3 + 35 ** 2 + 35
_CHOW_CODE: Final = 35 ** 3 + 2 * 35 ** 2 + 3 * 35


def standard_groups(concealed: Sequence[Tile], pair: int, sets: Sequence[SetTuple]
                    ) -> list[str]:
    """:func:`_ordered_groups` of a standard reading's concealed groups given as integers:
    the ``pair``'s kind and the ``sets`` (``("chow" | "pung", first kind)``), as
    :func:`.decompose.decompose_sets` gives them; the same texts in the same order, without
    a list of tiles for each group (issue 25). Groups that do not fit the hand (a copy
    claimed that the hand lacks, a kind out of range) are passed to
    :func:`_ordered_groups_plain`, which raises as it does."""
    if len(sets) > 15 or pair < 0 or pair >= _KINDS:
        return _ordered_groups_plain(concealed, _standard_group_tiles(pair, sets))
    order: list[int] = [(pair * _PAIR_CODE + _PAIR_CODE) * 16]
    shapes: list[int] = [2 | pair << 3 | pair << 9]
    texts: list[str] = [_PAIR_TEXT[pair]]
    j = 1
    k: int
    # whether the sets' codes come in order (a decomposition's sets are sorted): the pair's
    # code is then put in its place and no sort is needed
    last = 0
    ordered = True
    for name, first in sets:
        k = first
        if k < 0 or k >= _KINDS:
            return _ordered_groups_plain(concealed, _standard_group_tiles(pair, sets))
        if name == "chow":
            text = _CHOW_TEXT[k]
            if not text:
                return _ordered_groups_plain(concealed, _standard_group_tiles(pair, sets))
            code = (k * _PUNG_CODE + _CHOW_CODE) * 16 + j
            shapes.append(3 | k << 3 | (k + 1) << 9 | (k + 2) << 15)
        else:
            text = _PUNG_TEXT[k]
            code = (k * _PUNG_CODE + _PUNG_CODE) * 16 + j
            shapes.append(3 | k << 3 | k << 9 | k << 15)
        if code < last:
            ordered = False
        last = code
        order.append(code)
        texts.append(text)
        j += 1
    if ordered:
        # the pair [p, p] sorts before every set of a kind p or higher (a shorter group
        # before one it begins; [p, p] before [p, p + 1, p + 2]) and after the others
        pair_code = order[0]
        i = 1
        while i < len(order) and order[i] < pair_code:
            order[i - 1] = order[i]
            i += 1
        order[i - 1] = pair_code
    out = _placed_in_order(concealed, order, shapes, texts, ordered)
    if out is None:
        return _ordered_groups_plain(concealed, _standard_group_tiles(pair, sets))
    return out


def written_groups(ctx: WinContext, pair: int, sets: Sequence[SetTuple]) -> tuple[str, ...]:
    """The decomposition of a standard reading as written in the JSON output (shared
    NOTATION.md): the declared melds of ``ctx``'s hand, then the concealed ``pair`` and
    ``sets`` (a decomposition's, as :func:`standard_groups` reads them) in the order their
    tiles were written in the hand. What :attr:`Reading.groups` gives for that reading."""
    hand = ctx.hand
    return tuple([m.notation() for m in hand.melds]
                 + standard_groups(hand.concealed, pair, sets))


def _standard_group_tiles(pair: int, sets: Sequence[SetTuple]) -> list[list[Tile]]:
    """The tiles of a standard reading's concealed groups: the pair, then each set."""
    out: list[list[Tile]] = [[TILES[pair]] * 2]
    for name, first in sets:
        out.append([TILES[first + i] for i in range(3)] if name == "chow"
                   else [TILES[first]] * 3)
    return out


def _groups_of_one_kind(concealed: Sequence[Tile], groups: Sequence[list[Tile]]) -> list[str]:
    """:func:`_ordered_groups` of groups that each hold one kind, no two the same kind (the
    pairs of seven pairs; the pair and single tiles of thirteen orphans), every tile of the
    hand in one: a group is then placed by the first copy of its kind, so the hand is read
    once (issue 25)."""
    text_of: list[str] = [""] * _KINDS
    kinds = 0  # a bit for each kind a group holds
    claims = 0
    k: int
    for g in groups:
        k = as_kind(g[0])
        if k < 0 or k >= _KINDS or (kinds >> k) & 1:
            return _ordered_groups_plain(concealed, list(groups))
        kinds |= 1 << k
        size = len(g)
        claims += size
        if size == 1:
            text_of[k] = _SINGLE_TEXT[k]
        elif size == 2 and as_kind(g[1]) == k:
            text_of[k] = _PAIR_TEXT[k]
        else:
            text_of[k] = _group_text(g)
    out: list[str] = []
    for i in range(len(concealed)):
        k = as_kind(concealed[i])
        if k < 0 or k >= _KINDS:
            return _ordered_groups_plain(concealed, list(groups))
        if (kinds >> k) & 1:
            claims -= 1
            text = text_of[k]
            if text:
                out.append(text)
                text_of[k] = ""
    if claims:  # a group of more (or fewer) copies than the hand holds
        return _ordered_groups_plain(concealed, list(groups))
    return out


def _group_code(g: list[Tile]) -> int:
    """The code of a group of one to four tiles: four base-35 digits, ``kind + 1`` or 0 past
    its end, so that the codes sort as the groups do (:func:`_ordered_groups`)."""
    size = len(g)
    code = 0
    for d in range(4):
        code = code * 35 + (as_kind(g[d]) + 1 if d < size else 0)
    return code


def _group_text(g: list[Tile]) -> str:
    """:func:`format_tiles` of a group of one to four tiles, from :data:`_GROUP_TEXT`."""
    return _coded_group_text(_group_code(g), g)


def _coded_group_text(code: int, g: list[Tile]) -> str:
    """:func:`format_tiles` of group ``g`` of code ``code``, from :data:`_GROUP_TEXT`."""
    text = _GROUP_TEXT.get(code)
    if text is None:
        text = format_tiles(g)
        if len(_GROUP_TEXT) >= _GROUP_TEXT_LIMIT:
            _GROUP_TEXT.clear()
        _GROUP_TEXT[code] = text
    return text


def _ordered_groups_plain(concealed: Sequence[Tile], groups: list[list[Tile]]) -> list[str]:
    """:func:`_ordered_groups` by dictionaries, for any tiles (the tests' reference)."""
    positions: dict[int, list[int]] = {}
    for i in range(len(concealed)):
        positions.setdefault(int(concealed[i]), []).append(i)
    keyed: list[tuple[int, str]] = []
    for g in sorted(groups):
        first = len(concealed)
        for t in g:
            i = positions[int(t)].pop(0)
            if i < first:
                first = i
        keyed.append((first, format_tiles(g)))
    keyed.sort()
    return [text for _, text in keyed]


def _meld_info(m: Meld) -> SetInfo:
    kind = m.kind
    name = "chow" if kind is MeldKind.CHOW else "pung" if kind is MeldKind.PUNG else "kong"
    return SetInfo(name, m.tile, hidden=not m.exposed, declared=True)


def meld_sets(ctx: WinContext) -> tuple[SetInfo, ...]:
    """The declared melds of ``ctx``'s hand as the first sets of every reading."""
    return tuple([_meld_info(m) for m in ctx.hand.melds])


def standard_reading(ctx: WinContext, pair: int, sets: Sequence[SetTuple],
                     all_counts: tuple[int, ...], melds: tuple[SetInfo, ...]) -> Reading:
    """The reading of ``ctx``'s hand as four sets and a pair: the declared ``melds`` (from
    :func:`meld_sets`), then the concealed ``sets`` and ``pair`` of one decomposition
    (``("chow" | "pung", first tile)``, as :func:`.decompose.decompositions` gives them);
    ``all_counts`` are the counts of every playing tile of the hand."""
    # a loop, not a generator (issue 25: the compiled build makes a generator an object)
    infos: list[SetInfo] = list(melds)
    tiles = TILES
    for kind, first in sets:
        infos.append(SetInfo(kind, tiles[first], True, False))
    # (no group_tiles: :attr:`Reading.groups` reads the pair and the sets not declared)
    return Reading(ctx, "standard", tuple(infos), tiles[pair], (), all_counts, ())


def seven_pairs_reading(ctx: WinContext, concealed: Sequence[int],
                        all_counts: tuple[int, ...]) -> Reading:
    """The reading of a concealed hand of seven distinct pairs (004 s05)."""
    # plain lists (issue 25: the compiled build reads them natively)
    cl: list[int] = concealed if isinstance(concealed, list) else list(concealed)
    tiles = TILES
    pairs: list[Tile] = []
    groups: list[list[Tile]] = []
    for k in range(_KINDS):
        if cl[k] == 2:
            t = tiles[k]
            pairs.append(t)
            groups.append([t, t])
    return Reading(ctx, "seven_pairs", (), None, tuple(pairs), all_counts, tuple(groups))


def thirteen_orphans_reading(ctx: WinContext, concealed: Sequence[int],
                             all_counts: tuple[int, ...]) -> Reading:
    """The reading of a concealed hand of thirteen orphans (004 s05)."""
    cl: list[int] = concealed if isinstance(concealed, list) else list(concealed)
    tiles = TILES
    groups: list[list[Tile]] = [[]]
    dup: Tile | None = None
    for k in range(_KINDS):
        c = cl[k]
        if c == 2:
            dup = tiles[k]
        elif c == 1:
            groups.append([tiles[k]])
    if dup is None:
        raise ValueError("thirteen orphans hold one pair")
    groups[0] = [dup, dup]
    return Reading(ctx, "thirteen_orphans", (), dup, (), all_counts, tuple(groups))


def readings(ctx: WinContext) -> list[Reading]:
    """Every reading of the hand as a winning hand: each decomposition of the concealed tiles
    into sets and a pair (declared melds count as sets), seven pairs of distinct values and
    thirteen orphans (both fully concealed). Empty if it does not win in any of these forms;
    a scorer keeps the forms its rules allow. Expects a context :func:`validate_context`
    accepted without jokers."""
    hand = ctx.hand
    concealed = counts_of(hand.concealed)
    all_counts = tuple(counts_of(hand.all_tiles()))
    melds = meld_sets(ctx)
    if len(hand.concealed) + 3 * len(hand.melds) != 14:
        return []
    out = [standard_reading(ctx, pair, sets, all_counts, melds)
           for pair, sets in decompositions(concealed)]
    if not hand.melds and is_seven_pairs(concealed):
        out.append(seven_pairs_reading(ctx, concealed, all_counts))
    if not hand.melds and is_thirteen_orphans(concealed):
        out.append(thirteen_orphans_reading(ctx, concealed, all_counts))
    return out
