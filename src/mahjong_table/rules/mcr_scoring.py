"""MCR scoring: the best fan total of a winning hand over every reading of it.

The fans and their values are data (:mod:`.mcr_fans`); this module reads a hand and finds them.
Every reading is tried: each decomposition into four sets and a pair, seven pairs (with seven
shifted pairs), thirteen orphans, greater and lesser honours and knitted tiles, a knitted
straight with a set and a pair, nine gates. Each reading's fans are found, the fans other fans
imply are taken out (``FanDef.excludes``, the non-repeat principle), and the highest total is
kept. Flowers add 1 fan each to the total and never count toward the 8-fan minimum.

How sets combine follows the MCR principles (non-separation, non-identical, account once):

- four chows: a fan of all four (Quadruple Chow, Four Pure Shifted Chows) and nothing else of
  them; else a fan of three of them, with at most one fan of two chows formed by the fourth and
  one of the three; else fans of two chows, at most three of them, each chow taking part at
  least once and none of the same fan repeated past what the others allow;
- three chows: a fan of the three, else at most two fans of two;
- pungs and kongs alike: a fan of four, else a fan of three with at most one fan of two formed
  by the fourth, else every fan of two.

:func:`mcr_fans` is the fast core on count arrays; :func:`score_mcr` scores a
:class:`~mahjong_table.scoring.WinContext` into a :class:`~mahjong_table.scoring.ScoreResult`
(items, total, payments: discarder 8 + fan and the others 8 on a discard, each 8 + fan on a
self-drawn win). Readings chosen where the MCR text is open: ``docs/rules/chinese.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .._values import reduce_value
from ..analysis.decompose import (
    CACHE_LIMIT,
    COMPONENTS,
    SetTuple,
    component_code,
    component_codes,
    decompose_sets,
)
from ..analysis.mcr_forms import KNITTED_STRAIGHTS
from ..i18n import N_
from ..melds import MeldKind
from ..message import Message
from ..scoring import ScoreItem, ScoreResult, WinContext
from ..tiles import NUM_PLAYING, TILES, Tile, counts_of, format_tiles
from .hand_checks import _ordered_groups as ordered_groups
from .mcr_fans import FAN_TABLE, FANS, MINIMUM_FAN

__all__ = ["McrHand", "McrScore", "MINIMUM_FAN", "mcr_fans", "mcr_payments", "hand_from_context",
           "score_mcr_context"]

# (Final: the compiled build reads these as constants, not from the module's dict)
CHOW: Final = 0
PUNG: Final = 1
KONG: Final = 2
#: one declared set: (kind CHOW/PUNG/KONG, lowest tile index, exposed)
MeldTuple = tuple[int, int, bool]

_TERMINAL_OR_HONOUR: Final = [t >= 27 or t % 9 in (0, 8) for t in range(34)]


def _bits(tiles: Sequence[int]) -> int:
    """The tile kinds ``tiles`` as a bit set: bit ``t`` for tile index ``t``."""
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


# The hand's kinds are read as one bit set (bit t: tile kind t is in the hand), so that each
# whole-hand fan below is one or two mask tests (issue 25).
#: each suit's nine kinds (characters, circles, bamboo: tiles 0-8, 9-17, 18-26)
_SUIT_BITS: Final[tuple[int, ...]] = (0x1FF, 0x1FF << 9, 0x1FF << 18)
#: winds, dragons, honours
_WIND_BITS: Final = _bits((27, 28, 29, 30))
_DRAGON_BITS: Final = _bits((31, 32, 33))
_HONOUR_BITS: Final = _WIND_BITS | _DRAGON_BITS
#: 1 and 9 of each suit (MCR All Terminals), and with the honours (All Terminals and Honours)
_TERMINAL_BITS: Final = _bits((0, 8, 9, 17, 18, 26))
_TERMINAL_OR_HONOUR_BITS: Final = _TERMINAL_BITS | _HONOUR_BITS
#: MCR Reversible Tiles: 1234589 circles, 245689 bamboo, White dragon
_REVERSIBLE_BITS: Final = _bits((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))
#: MCR All Green: 23468 bamboo and the Green dragon
_GREEN_BITS: Final = _bits((19, 20, 21, 23, 25, 32))
#: the six knitted straights (:data:`KNITTED_STRAIGHTS`) as bit sets
_KNITTED_BITS: Final[tuple[int, ...]] = tuple(_bits(ks) for ks in KNITTED_STRAIGHTS)


def _range_fan(ranks: int) -> str | None:
    """The range fan of a hand of suit tiles only whose ranks (0-8) are the bits of
    ``ranks``: MCR Lower Tiles (123), Lower Four (1234), Upper Tiles (789), Upper Four
    (6789), Middle Tiles (456); None for none."""
    hi = ranks.bit_length() - 1
    lo = (ranks & -ranks).bit_length() - 1
    if hi <= 3:
        return "lower_four" if hi == 3 else "lower_tiles"
    if lo >= 5:
        return "upper_four" if lo == 5 else "upper_tiles"
    if lo >= 3 and hi <= 5:
        return "middle_tiles"
    return None


#: :func:`_range_fan` of every non-empty set of ranks (index: the ranks' bits)
_RANGE_FANS: Final[tuple[str | None, ...]] = (None, *(_range_fan(r) for r in range(1, 512)))
_WINDS: Final = (27, 28, 29, 30)
_DRAGONS: Final = (31, 32, 33)
#: fans in the order exclusions are applied: the highest value first (non-repeat principle)
_EXCLUDE_ORDER: Final[tuple[tuple[str, tuple[str, ...]], ...]] = tuple(
    (d.id, d.excludes) for d in sorted(FANS, key=lambda d: -d.fan) if d.excludes)
_VALUE: Final = {d.id: d.fan for d in FANS}
_RANK: Final = {fid: i for i, (fid, _) in enumerate(_EXCLUDE_ORDER)}


@dataclass(frozen=True, slots=True)
class McrHand:
    """A winning hand as the core scorer reads it.

    ``concealed``: 34 counts of the concealed tiles, the winning tile included; ``melds``:
    declared sets (kind, lowest tile, exposed); ``win_tile``: its index; the circumstances:
    ``self_drawn``, ``last_of_kind`` (the other three of the winning tile are on the table),
    ``kong`` (won on a kong replacement when self-drawn, by robbing a kong otherwise),
    ``wall_last`` (the last tile of the wall, or the discard after it); ``seat_wind`` and
    ``round_wind`` 0-3; ``flowers`` the number of flowers and seasons."""

    concealed: tuple[int, ...]
    melds: tuple[MeldTuple, ...]
    win_tile: int
    self_drawn: bool = False
    last_of_kind: bool = False
    kong: bool = False
    wall_last: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    flowers: int = 0

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


@dataclass(frozen=True, slots=True)
class McrScore:
    """The best reading: ``total`` fan (flowers included), ``fans`` (id -> times counted,
    flowers included), the ``form`` read and its ``groups`` (for the decomposition shown)."""

    total: int
    fans: dict[str, int]
    form: str
    groups: tuple[tuple[str, int, bool], ...]

    def __init__(self, total: int, fans: dict[str, int], form: str,
                 groups: tuple[tuple[str, int, bool], ...]) -> None:
        # the frozen dataclass's own __init__, written out so that the compiled build runs it
        # natively (generated, it is a Python function: 10% of a scoring)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "fans", fans)
        object.__setattr__(self, "form", form)
        object.__setattr__(self, "groups", groups)

    @property
    def without_flowers(self) -> int:
        """The total that counts toward the 8-fan minimum."""
        return self.total - self.fans.get("flower_tiles", 0)

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


# ----- sets combined ----------------------------------------------------------------------------


def _add(out: dict[str, int], fid: str, n: int = 1) -> None:
    out[fid] = out.get(fid, 0) + n


def _two_chows(a: int, b: int) -> str | None:
    if a // 9 != b // 9:
        return "mixed_double_chow" if a % 9 == b % 9 else None
    if a - b in (3, -3):
        return "short_straight"
    ra, rb = a % 9, b % 9
    if (ra == 0 and rb == 6) or (ra == 6 and rb == 0):
        return "two_terminal_chows"
    if a == b:
        return "pure_double_chow"
    return None


def _three_chows(a: int, b: int, c: int) -> str | None:
    """Sorted lowest tiles of three chows."""
    sa, sb, sc = a // 9, b // 9, c // 9
    if sa != sb and sa != sc and sb != sc:
        ranks = sorted((a % 9, b % 9, c % 9))
        if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
            return "mixed_shifted_chows"
        if ranks[0] == ranks[2]:
            return "mixed_triple_chow"
        if ranks == [0, 3, 6]:
            return "mixed_straight"
        return None
    if sa == sb == sc:
        if a + 3 == b and b + 3 == c:
            return "pure_straight"
        if (a + 2 == b and b + 2 == c) or (a + 1 == b and b + 1 == c):
            return "pure_shifted_chows"
        if a == c:
            return "pure_triple_chow"
    return None


_EXTRA_ORDER: Final[tuple[str, ...]] = ("pure_double_chow", "mixed_double_chow", "short_straight",
                                         "two_terminal_chows")
_EXTRA_INDEX: Final = {f: i for i, f in enumerate(_EXTRA_ORDER)}


def _limit_pairs(fans: list[str | None], max_cnt: int, out: dict[str, int]) -> None:
    """At most ``max_cnt`` fans of two chows (non-identical and account-once principles):
    past that, drop repeated fans first, the lowest-valued kinds first."""
    table = [0, 0, 0, 0]
    cnt = 0
    for f in fans:
        if f is not None:
            cnt += 1
            table[_EXTRA_INDEX[f]] += 1
    limit = 1
    while cnt > max_cnt and limit >= 0:
        idx = 4
        while cnt > max_cnt and idx > 0:
            idx -= 1
            while table[idx] > limit and cnt > max_cnt:
                table[idx] -= 1
                cnt -= 1
        limit -= 1
    for i, n in enumerate(table):
        if n:
            _add(out, _EXTRA_ORDER[i], n)


def _chow_fans(chows: list[int], out: dict[str, int]) -> None:
    n = len(chows)
    if n < 2:
        return
    t = sorted(chows)
    if n == 2:
        f = _two_chows(t[0], t[1])
        if f:
            out[f] = out.get(f, 0) + 1
        return
    if n == 4:
        a, b, c, d = t
        if a // 9 == d // 9 and ((a + 2 == b and b + 2 == c and c + 2 == d)
                                 or (a + 1 == b and b + 1 == c and c + 1 == d)):
            out["four_pure_shifted_chows"] = out.get("four_pure_shifted_chows", 0) + 1
            return
        if a == d:
            out["quadruple_chow"] = out.get("quadruple_chow", 0) + 1
            return
        for i, j, k, x in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            f3 = _three_chows(t[i], t[j], t[k])
            if f3:
                out[f3] = out.get(f3, 0) + 1
                extra = {_two_chows(t[y], t[x]) for y in (i, j, k)}
                for e in _EXTRA_ORDER:
                    if e in extra:
                        out[e] = out.get(e, 0) + 1
                        break
                return
        pairs = [_two_chows(t[0], t[1]), _two_chows(t[0], t[2]), _two_chows(t[0], t[3]),
                 _two_chows(t[1], t[2]), _two_chows(t[1], t[3]), _two_chows(t[2], t[3])]
        max_cnt = 3
        for idx in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):
            if all(pairs[i] is None for i in idx):
                max_cnt -= 1
        if max_cnt > 0:
            _limit_pairs(pairs, max_cnt, out)
        return
    f3 = _three_chows(t[0], t[1], t[2])
    if f3:
        out[f3] = out.get(f3, 0) + 1
        return
    _limit_pairs([_two_chows(t[0], t[1]), _two_chows(t[0], t[2]), _two_chows(t[1], t[2])], 2,
                 out)


def _two_pungs(a: int, b: int) -> str | None:
    if a < 27 and b < 27:
        return "double_pung" if a % 9 == b % 9 else None
    if a >= 31 and b >= 31:
        return "two_dragon_pungs"
    return None


def _three_pungs(a: int, b: int, c: int) -> str | None:
    """Sorted tiles of three pungs."""
    if c < 27:
        sa, sb, sc = a // 9, b // 9, c // 9
        if sa != sb and sa != sc and sb != sc:
            ranks = sorted((a % 9, b % 9, c % 9))
            if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
                return "mixed_shifted_pungs"
            if ranks[0] == ranks[2]:
                return "triple_pung"
        elif sa == sb == sc and a + 1 == b and b + 1 == c:
            return "pure_shifted_pungs"
        return None
    if a >= 27 and c <= 30:
        return "big_three_winds"
    if a == 31:
        return "big_three_dragons"
    return None


def _pung_fans(pungs: list[int], out: dict[str, int]) -> None:
    n = len(pungs)
    if n < 2:
        return
    t = sorted(pungs)
    if n == 2:
        f = _two_pungs(t[0], t[1])
        if f:
            out[f] = out.get(f, 0) + 1
        return
    if n == 4:
        a, b, c, d = t
        if d < 27 and a // 9 == d // 9 and a + 1 == b and b + 1 == c and c + 1 == d:
            out["four_pure_shifted_pungs"] = out.get("four_pure_shifted_pungs", 0) + 1
            return
        if (a, b, c, d) == _WINDS:
            out["big_four_winds"] = out.get("big_four_winds", 0) + 1
            return
        for i, j, k, x in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            f3 = _three_pungs(t[i], t[j], t[k])
            if f3:
                out[f3] = out.get(f3, 0) + 1
                for y in sorted((i, j, k)):
                    f2 = _two_pungs(t[y], t[x])
                    if f2:
                        out[f2] = out.get(f2, 0) + 1
                        break
                return
        for i in range(4):
            for j in range(i + 1, 4):
                f2 = _two_pungs(t[i], t[j])
                if f2:
                    out[f2] = out.get(f2, 0) + 1
        return
    f3 = _three_pungs(t[0], t[1], t[2])
    if f3:
        out[f3] = out.get(f3, 0) + 1
        return
    for i, j in ((0, 1), (0, 2), (1, 2)):
        f2 = _two_pungs(t[i], t[j])
        if f2:
            out[f2] = out.get(f2, 0) + 1


# ----- whole-hand traits -------------------------------------------------------------------------


def _suit_fans(mask: int, out: dict[str, int]) -> None:
    """No Honours, One Voided Suit, Half Flush, Full Flush, All Types, from the hand's kinds
    as a bit set ``mask``."""
    honours = mask & _HONOUR_BITS
    suits = 0
    for bits in _SUIT_BITS:
        if mask & bits:
            suits += 1
    if not honours:
        out["no_honours"] = out.get("no_honours", 0) + 1
    voided = 3 - suits
    if voided == 2:
        _add(out, "half_flush" if honours else "full_flush")
    elif voided:
        out["one_voided_suit"] = out.get("one_voided_suit", 0) + voided
    if suits == 3 and mask & _WIND_BITS and mask & _DRAGON_BITS:
        out["all_types"] = out.get("all_types", 0) + 1


def _tile_fans(mask: int, out: dict[str, int]) -> None:
    """All Simples, Reversible Tiles, All Green, All Honours, All Terminals, All Terminals
    and Honours, from the hand's kinds as a bit set ``mask``."""
    simples = not mask & _TERMINAL_OR_HONOUR_BITS
    if simples:
        out["all_simples"] = out.get("all_simples", 0) + 1
    if not mask & ~_REVERSIBLE_BITS:
        out["reversible_tiles"] = out.get("reversible_tiles", 0) + 1
    if not mask & ~_GREEN_BITS:
        out["all_green"] = out.get("all_green", 0) + 1
    if simples:
        return
    if not mask & ~_HONOUR_BITS:
        out["all_honours"] = out.get("all_honours", 0) + 1
    elif not mask & ~_TERMINAL_BITS:
        out["all_terminals"] = out.get("all_terminals", 0) + 1
    elif not mask & ~_TERMINAL_OR_HONOUR_BITS:
        out["all_terminals_and_honours"] = out.get("all_terminals_and_honours", 0) + 1


def _rank_fans(mask: int, out: dict[str, int]) -> None:
    """Lower Tiles, Lower Four, Upper Tiles, Upper Four, Middle Tiles (suit tiles only), from
    the hand's kinds as a bit set ``mask``."""
    if mask & _HONOUR_BITS:
        return
    ranks = (mask | mask >> 9 | mask >> 18) & 0x1FF
    if not ranks:
        raise ValueError("max() arg is an empty sequence")  # no tile at all, as before
    fan = _RANGE_FANS[ranks]
    if fan is not None:
        out[fan] = out.get(fan, 0) + 1


def _win_flag_fans(h: McrHand, last_of_kind: bool, kong: bool, out: dict[str, int]) -> None:
    """Last Tile, Self-Drawn, Last Tile Draw/Claim, Out with Replacement Tile, Robbing the
    Kong."""
    if last_of_kind:
        out["last_tile"] = out.get("last_tile", 0) + 1
    if h.self_drawn:
        if h.wall_last:
            out["last_tile_draw"] = out.get("last_tile_draw", 0) + 1
        if kong:
            out["out_with_replacement_tile"] = out.get("out_with_replacement_tile", 0) + 1
        if not h.wall_last and not kong:
            out["self_drawn"] = out.get("self_drawn", 0) + 1
    else:
        if h.wall_last:
            out["last_tile_claim"] = out.get("last_tile_claim", 0) + 1
        if kong:
            out["robbing_the_kong"] = out.get("robbing_the_kong", 0) + 1
            out.pop("last_tile", None)


def _exclude(out: dict[str, int]) -> None:
    """The non-repeat principle: each fan present, highest first, removes the fans it
    implies (:attr:`FanDef.excludes`)."""
    ranks: list[int] = []
    for f in out:
        r = _RANK.get(f)
        if r is not None:
            ranks.append(r)
    if not ranks:
        return
    if len(ranks) > 1:
        ranks.sort()
    for r in ranks:
        fid, excludes = _EXCLUDE_ORDER[r]
        if fid in out:
            for x in excludes:
                # looked up first: most are absent, and pop is a method call when compiled
                if x in out:
                    del out[x]  # noqa: RUF051


def _wind_fans(wind_pungs: Sequence[int], h: McrHand, out: dict[str, int]) -> None:
    """Prevalent Wind and Seat Wind; the wind pung that scores one does not also score Pung of
    Terminals or Honours (unless a fan of the winds already took those out)."""
    if out.get("big_four_winds"):
        return
    deducted = bool(out.get("big_three_winds") or out.get("all_terminals_and_honours")
                    or out.get("all_honours") or out.get("little_four_winds"))
    for w in wind_pungs:
        d = w - 27
        if d == h.round_wind:
            out["prevalent_wind"] = 1
            if not deducted:
                out["pung_of_terminals_or_honours"] = out.get("pung_of_terminals_or_honours", 0) - 1
        if d == h.seat_wind:
            out["seat_wind"] = 1
            if h.seat_wind != h.round_wind and not deducted:
                out["pung_of_terminals_or_honours"] = out.get("pung_of_terminals_or_honours", 0) - 1
    if out.get("pung_of_terminals_or_honours", 0) <= 0:
        out.pop("pung_of_terminals_or_honours", None)


def _total(out: dict[str, int]) -> int:
    total = 0
    for f, n in out.items():
        total += _VALUE[f] * n
    return total


# ----- waits -------------------------------------------------------------------------------------


def _regular_complete(c: list[int]) -> bool:
    return bool(decompose_sets(c, first_only=True))


def _component(key: tuple[int, ...], suited: bool) -> tuple[bool, bool]:
    """Whether the tiles of one suit (or the honours), as counts by rank, are sets only, and
    whether they are sets and one pair."""
    n = sum(key)
    if n % 3 == 1:
        return False, False
    c = list(key)
    if n % 3 == 0:
        return _all_sets(c, 0, suited), False
    for r in range(len(c)):
        if c[r] >= 2:
            c[r] -= 2
            ok = _all_sets(c, 0, suited)
            c[r] += 2
            if ok:
                return False, True
    return False, False


def _all_sets(c: list[int], i: int, suited: bool) -> bool:
    while i < len(c) and c[i] == 0:
        i += 1
    if i == len(c):
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _all_sets(c, i, suited)
        c[i] += 3
        if ok:
            return True
    if suited and i + 2 < len(c) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _all_sets(c, i, suited)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


#: per component code (:func:`~..analysis.decompose.component_code`), what a wait test needs
#: of one suit's (or the honours') tiles, as bits: 1 when they are sets only, 2 when they are
#: sets and one pair; bit ``2 + r`` when one more tile of rank ``r`` makes them sets only,
#: bit ``11 + r`` when it makes them sets and one pair. Emptied at ``CACHE_LIMIT`` entries
#: like :mod:`..analysis.decompose`' cache (issue 25: each suit's waits worked out once).
_WAITS: Final[dict[int, int]] = {}
#: where :data:`_WAITS`' ranks start: a tile of rank r completing the sets, or sets and a pair
_SETS_AFTER: Final = 2
_PAIR_AFTER: Final = 11


def _bits_of(key: tuple[int, ...], suited: bool) -> int:
    """:func:`_component` of ``key`` as bits: 1 sets only, 2 sets and one pair."""
    sets_only, with_pair = _component(key, suited)
    return (1 if sets_only else 0) | (2 if with_pair else 0)


def _component_waits(code: int, key: list[int], suited: bool) -> int:
    """:data:`_WAITS`' entry of ``key`` (one component's counts by rank, its code ``code``;
    -1 for counts the code cannot hold, read without the cache)."""
    got = _WAITS.get(code) if code >= 0 else None
    if got is None:
        got = _bits_of(tuple(key), suited)
        for r in range(len(key)):
            key[r] += 1
            st = _bits_of(tuple(key), suited)
            key[r] -= 1
            if st & 1:
                got |= 1 << (_SETS_AFTER + r)
            if st & 2:
                got |= 1 << (_PAIR_AFTER + r)
        if code >= 0:
            if len(_WAITS) >= CACHE_LIMIT:
                _WAITS.clear()
            _WAITS[code] = got
    return got


def _unique_wait(h: McrHand, standing: list[int], codes: list[int] | None = None) -> bool:
    """The hand before the winning tile waited on one tile kind only (four sets and a pair,
    and seven pairs for a fully concealed hand). A kind already held four times counts as a
    wait when a fifth copy would complete the form, as the form alone cannot tell that it is
    dead. Each component's waits are read from :data:`_WAITS`: a tile completes the hand when
    it completes its component and every other component is sets only, but one that is sets
    and a pair when the tile's component is then sets only. ``codes``: the four
    :func:`~..analysis.decompose.component_codes` of ``standing``, when known."""
    c = list(standing)
    win = h.win_tile
    c[win] -= 1
    if codes is not None:
        # the codes of the hand before the winning tile: one tile fewer in its component
        codes = list(codes)
        j = 3 if win >= 27 else win // 9
        a, n, suited = COMPONENTS[j]
        if codes[j] >= 0 and c[win] >= 0:
            codes[j] -= 2 << (4 * (win - a))
        else:
            codes[j] = component_code(c, a, n, suited)
    infos: list[int] = []
    sizes: list[int] = []
    total = 0
    for j in range(4):
        a, n, suited = COMPONENTS[j]
        key = c[a:a + n]
        size = 0
        for x in key:
            size += x
        total += size
        sizes.append(size % 3)
        code = codes[j] if codes is not None else component_code(c, a, n, suited)
        infos.append(_component_waits(code, key, suited))
    waits = 0
    for j in range(4):
        pairs = 0
        ok = True
        for i in range(4):
            if i == j:
                continue
            m = sizes[i]
            if m == 1 or not infos[i] & (2 if m == 2 else 1):
                ok = False
                break
            if m == 2:
                pairs += 1
        if not ok or pairs > 1 or (sizes[j] + 1) % 3 != (0 if pairs else 2):
            continue
        ranks = infos[j] >> (_SETS_AFTER if pairs else _PAIR_AFTER) & 0x1FF
        waits |= ranks << COMPONENTS[j][0]
    if len(c) != NUM_PLAYING:
        total = sum(c)
    if total == 13:
        pair_cnt = 0
        odd = -1
        for t in range(len(c)):
            x = c[t]
            if x == 2 or x == 3:
                pair_cnt += 1
            elif x == 4:
                pair_cnt += 2
            if odd < 0 and t < NUM_PLAYING and (x == 1 or x == 3):
                odd = t
        if pair_cnt == 6 and odd >= 0:
            waits |= 1 << odd
    return waits != 0 and waits & (waits - 1) == 0


def _unique_wait_once(h: McrHand, standing: list[int], codes: list[int],
                      memo: list[bool]) -> bool:
    """:func:`_unique_wait`, worked out on the first call only and kept in ``memo``."""
    if not memo:
        memo.append(_unique_wait(h, standing, codes))
    return memo[0]


def _near(c: list[int], t: int) -> bool:
    """Whether a tile of kind ``t`` can complete a set with tiles held (it is held, or a
    neighbour in its suit is)."""
    if t >= 27:
        return False
    r = t % 9
    return ((r > 0 and c[t - 1] > 0) or (r > 1 and c[t - 2] > 0)
            or (r < 8 and c[t + 1] > 0) or (r < 7 and c[t + 2] > 0))


def _wait_fans(concealed_sets: Sequence[tuple[int, int]], pair: int, win: int,
               out: dict[str, int]) -> None:
    """Edge, Closed or Single Wait from where the winning tile sits in the concealed sets
    (only one is counted: edge, then closed, then single)."""
    flag = 0
    for kind, t in concealed_sets:
        if kind == CHOW:
            if t + 1 == win:
                flag |= 2
            elif t == win or t + 2 == win:
                flag |= 1
    if pair == win:
        flag |= 4
    if flag & 1:
        out["edge_wait"] = out.get("edge_wait", 0) + 1
    elif flag & 2:
        out["closed_wait"] = out.get("closed_wait", 0) + 1
    elif flag & 4:
        out["single_wait"] = out.get("single_wait", 0) + 1


# ----- the readings ------------------------------------------------------------------------------


def _kong_fans(cp: int, mk: int, ck: int, out: dict[str, int]) -> None:
    """Kong fans and concealed-pung fans from concealed pungs ``cp``, melded kongs ``mk`` and
    concealed kongs ``ck`` (a concealed kong is also a concealed pung)."""
    kongs = mk + ck
    conc = cp + ck
    if kongs == 1:
        _add(out, "melded_kong" if mk else "concealed_kong")
    elif kongs == 2:
        if ck == 2:
            out["two_concealed_kongs"] = out.get("two_concealed_kongs", 0) + 1
        elif mk == 2:
            out["two_melded_kongs"] = out.get("two_melded_kongs", 0) + 1
        else:
            out["melded_kong"] = out.get("melded_kong", 0) + 1
            out["concealed_kong"] = out.get("concealed_kong", 0) + 1
    elif kongs == 3:
        out["three_kongs"] = out.get("three_kongs", 0) + 1
    elif kongs == 4:
        out["four_kongs"] = out.get("four_kongs", 0) + 1
    if conc == 2:
        out["two_concealed_pungs"] = out.get("two_concealed_pungs", 0) + 1
    elif conc == 3:
        out["three_concealed_pungs"] = out.get("three_concealed_pungs", 0) + 1
    elif conc == 4:
        out["four_concealed_pungs"] = out.get("four_concealed_pungs", 0) + 1


def _regular(h: McrHand, declared: list[MeldTuple], sets: tuple[SetTuple, ...], pair: int,
             hogs: int, concealed: list[int], codes: list[int], unique: list[bool],
             traits: dict[str, int]) -> dict[str, int]:
    """The fans of one decomposition: ``declared`` the declared sets (kind, tile, exposed),
    ``sets`` the concealed ones (``"chow"`` or ``"pung"``, tile), ``pair`` the pair's tile;
    ``hogs`` the kinds held four times; ``concealed`` the concealed counts and ``codes`` their
    suits' codes, for the wait test, whose answer ``unique`` keeps once found (the same for
    every reading); ``traits`` the fans every reading of the hand has (circumstances,
    exposure, suits, tiles, ranges)."""
    out: dict[str, int] = dict(traits)
    win = h.win_tile
    chows: list[int] = []
    pungs: list[int] = []
    cp = mk = ck = 0
    wind_pung = False
    for kind, t, exposed in declared:
        if kind == CHOW:
            chows.append(t)
        else:
            pungs.append(t)
            if kind == KONG:
                if exposed:
                    mk += 1
                else:
                    ck += 1
            elif not exposed:
                cp += 1
    # the winning tile read in a concealed chow: a wait may be counted (Edge Wait at either
    # end, Closed Wait in the middle), and a pung of it is not exposed by the discard
    in_chow = edge = closed = False
    for k, t in sets:
        if k == "chow":
            chows.append(t)
            if t <= win <= t + 2:
                in_chow = True
                if t + 1 == win:
                    closed = True
                else:
                    edge = True
        else:
            pungs.append(t)
            cp += 1
    # a pung completed by a discard is an exposed pung, unless the tile can be read as part
    # of a concealed chow
    if not h.self_drawn and not in_chow:
        for k, t in sets:
            if k == "pung" and t == win:
                cp -= 1
    if pungs:
        _kong_fans(cp, mk, ck, out)
        if len(pungs) == 4:
            out["all_pungs"] = out.get("all_pungs", 0) + 1
        for t in pungs:
            if t >= 31:
                out["dragon_pung"] = out.get("dragon_pung", 0) + 1
            elif _TERMINAL_OR_HONOUR[t]:
                if t >= 27:
                    wind_pung = True
                out["pung_of_terminals_or_honours"] = out.get("pung_of_terminals_or_honours", 0) + 1
    if len(chows) == 4 and pair < 27 and pair % 9 == 4:
        if _three_suited_terminal(chows, pair):
            out["three_suited_terminal_chows"] = out.get("three_suited_terminal_chows", 0) + 1
        elif _pure_terminal(chows, pair):
            out["pure_terminal_chows"] = out.get("pure_terminal_chows", 0) + 1
        else:
            _chow_fans(chows, out)
    elif len(chows) == 2:
        _chow_fans(chows, out)
        _pung_fans(pungs, out)
    else:
        _chow_fans(chows, out)
        _pung_fans(pungs, out)
    # the pair: All Chows, Little Three Dragons, Little Four Winds
    if len(chows) == 4:
        if pair < 27:
            out["all_chows"] = out.get("all_chows", 0) + 1
    elif out.get("two_dragon_pungs"):
        if pair >= 31:
            out["little_three_dragons"] = out.get("little_three_dragons", 0) + 1
            del out["two_dragon_pungs"]
    elif out.get("big_three_winds") and 27 <= pair <= 30:
        out["little_four_winds"] = out.get("little_four_winds", 0) + 1
        del out["big_three_winds"]
    # every group: Outside Hand, All Fives, All Even Pungs
    terminal = five = even = 0
    for chow in chows:
        if chow >= 27:
            terminal += 1
            continue
        r = chow % 9
        if r == 0 or r == 6:
            terminal += 1
        elif 2 <= r <= 4:
            five += 1
    for t in pungs:
        if t >= 27:
            terminal += 1
            continue
        r = t % 9
        if r == 0 or r == 8:
            terminal += 1
        elif r == 4:
            five += 1
        elif r & 1:
            even += 1
    if pair >= 27 or pair % 9 in (0, 8):
        terminal += 1
    elif pair % 9 == 4:
        five += 1
    elif pair % 9 in (1, 3, 5, 7):
        even += 1
    if terminal == 5:
        out["outside_hand"] = out.get("outside_hand", 0) + 1
    elif five == 5:
        out["all_fives"] = out.get("all_fives", 0) + 1
    elif even == 5:
        out["all_even_pungs"] = out.get("all_even_pungs", 0) + 1
    if not out.get("quadruple_chow"):
        hog = hogs - mk - ck
        if hog > 0:
            out["tile_hog"] = out.get("tile_hog", 0) + hog
    if (not out.get("melded_hand") and not out.get("four_kongs")
            and (pair == win or in_chow) and _unique_wait_once(h, concealed, codes, unique)):
        # Edge, Closed or Single Wait: only one, in that order
        if edge:
            out["edge_wait"] = out.get("edge_wait", 0) + 1
        elif closed:
            out["closed_wait"] = out.get("closed_wait", 0) + 1
        else:
            out["single_wait"] = out.get("single_wait", 0) + 1
    if out.get("big_three_winds"):
        # the three wind pungs of Big Three Winds score no Pung of Terminals or Honours
        out["pung_of_terminals_or_honours"] = out.get("pung_of_terminals_or_honours", 0) - 3
        if out["pung_of_terminals_or_honours"] <= 0:
            del out["pung_of_terminals_or_honours"]
    _exclude(out)
    if wind_pung:  # (without a wind pung, the wind fans change nothing)
        _wind_fans([t for t in pungs if 27 <= t <= 30], h, out)
    if not out:
        out["chicken_hand"] = 1
    return out


def _three_suited_terminal(chows: Sequence[int], pair: int) -> bool:
    ps = pair // 9
    low: set[int] = set()
    high: set[int] = set()
    for t in chows:
        s, r = t // 9, t % 9
        if s == ps:
            return False
        if r == 0:
            low.add(s)
        elif r == 6:
            high.add(s)
        else:
            return False
    others = {0, 1, 2} - {ps}
    return low == others and high == others


def _pure_terminal(chows: Sequence[int], pair: int) -> bool:
    ps = pair // 9
    n_low = n_high = 0
    for t in chows:
        if t // 9 != ps:
            return False
        if t % 9 == 0:
            n_low += 1
        elif t % 9 == 6:
            n_high += 1
        else:
            return False
    return n_low == 2 and n_high == 2


def _seven_shifted(c: Sequence[int]) -> bool:
    for s in range(3):
        base = 9 * s
        run = [c[base + r] for r in range(9)]
        for start in range(3):
            if all(run[start + i] == 2 for i in range(7)):
                return True
    return False


def _special(h: McrHand, c: list[int], mask: int, n_kinds: int, n_suited: int, hogs: int,
             odd: int, last_of_kind: bool, kong: bool) -> tuple[dict[str, int], str] | None:
    """Seven pairs (seven shifted pairs), honours and knitted tiles, thirteen orphans, of a
    hand of the kinds ``mask`` (a bit set), ``n_kinds`` of them and ``n_suited`` suit kinds,
    ``hogs`` held four times and ``odd`` an odd number of times."""
    if 7 < n_kinds < 13:
        return None  # seven pairs has at most seven kinds, the others thirteen or fourteen
    out: dict[str, int] = {}
    if not odd:
        if _seven_shifted(c):
            out["seven_shifted_pairs"] = out.get("seven_shifted_pairs", 0) + 1
            s = h.win_tile // 9
            if c[9 * s] == 0 and c[9 * s + 8] == 0:
                out["all_simples"] = out.get("all_simples", 0) + 1
            _win_flag_fans(h, last_of_kind, kong, out)
            return out, "seven_shifted_pairs"
        out["seven_pairs"] = out.get("seven_pairs", 0) + 1
        _suit_fans(mask, out)
        _tile_fans(mask, out)
        _rank_fans(mask, out)
        if hogs:
            out["tile_hog"] = out.get("tile_hog", 0) + hogs
        _win_flag_fans(h, last_of_kind, kong, out)
        _exclude(out)
        return out, "seven_pairs"
    if n_kinds == 14:
        numbered = mask & ~_HONOUR_BITS
        if 7 <= n_suited <= 9 and any(not numbered & ~ks for ks in _KNITTED_BITS):
            if n_suited == 7:
                _add(out, "greater_honours_and_knitted_tiles")
            else:
                _add(out, "lesser_honours_and_knitted_tiles")
                if n_suited == 9:
                    out["knitted_straight"] = out.get("knitted_straight", 0) + 1
            _win_flag_fans(h, last_of_kind, kong, out)
            return out, "honours_and_knitted"
    if n_kinds == 13 and not mask & ~_TERMINAL_OR_HONOUR_BITS:
        out["thirteen_orphans"] = out.get("thirteen_orphans", 0) + 1
        _win_flag_fans(h, last_of_kind, kong, out)
        return out, "thirteen_orphans"
    return None


def _holds(c: list[int], tiles: tuple[int, ...]) -> bool:
    """Whether ``c`` holds each of ``tiles`` (a count that is not zero)."""
    return all(c[t] for t in tiles)


def _knitted(h: McrHand, c: list[int], all_counts: Sequence[int], last_of_kind: bool,
             kong: bool) -> tuple[dict[str, int], tuple[tuple[str, int, bool], ...]] | None:
    """A knitted straight with a set and a pair (none or one declared set)."""
    if len(h.melds) > 1 or not any(x >= 2 for x in c):
        return None
    seq: tuple[int, ...] | None = None
    for ks in KNITTED_STRAIGHTS:
        if _holds(c, ks):
            seq = ks
            break
    if seq is None:
        return None
    rest = list(c)
    for t in seq:
        rest[t] -= 1
    if h.melds:
        kind, t4, exposed = h.melds[0]
        pair = next((t for t in range(NUM_PLAYING) if rest[t] == 2), None)
        if pair is None or sum(rest) != 2:
            return None
        set4: tuple[int, int, bool] = (kind, t4, exposed)
    else:
        found = decompose_sets(rest, first_only=False)
        if len(found) != 1:
            return None
        pair, sets = found[0]
        k, t4 = sets[0]
        set4 = (CHOW if k == "chow" else PUNG, t4, False)
    out: dict[str, int] = {}
    out["knitted_straight"] = out.get("knitted_straight", 0) + 1
    kind4, t4, exposed4 = set4
    if kind4 == CHOW:
        if pair < 27:
            out["all_chows"] = out.get("all_chows", 0) + 1
        if all_counts[pair] == 4:
            out["tile_hog"] = out.get("tile_hog", 0) + 1
    elif t4 >= 27:
        if t4 <= 30:
            out["pung_of_terminals_or_honours"] = out.get("pung_of_terminals_or_honours", 0) + 1
            if pair >= 31:
                out["all_types"] = out.get("all_types", 0) + 1
        else:
            out["dragon_pung"] = out.get("dragon_pung", 0) + 1
            if 27 <= pair <= 30:
                out["all_types"] = out.get("all_types", 0) + 1
    else:
        if t4 % 9 in (0, 8):
            out["pung_of_terminals_or_honours"] = out.get("pung_of_terminals_or_honours", 0) + 1
        if pair < 27:
            out["no_honours"] = out.get("no_honours", 0) + 1
        if kind4 != KONG and all_counts[t4] == 4:
            out["tile_hog"] = out.get("tile_hog", 0) + 1
    _win_flag_fans(h, last_of_kind, kong, out)
    if exposed4:
        if kind4 == KONG:
            out["melded_kong"] = out.get("melded_kong", 0) + 1
    else:
        if kind4 == KONG:
            out["concealed_kong"] = out.get("concealed_kong", 0) + 1
        if h.self_drawn:
            out["fully_concealed_hand"] = out.get("fully_concealed_hand", 0) + 1
            out.pop("self_drawn", None)
        else:
            out["concealed_hand"] = out.get("concealed_hand", 0) + 1
    if not h.melds:
        if rest[h.win_tile] and _unique_wait_small(rest, h.win_tile):
            _wait_fans([(kind4, t4)], pair, h.win_tile, out)
    elif h.win_tile not in seq or c[h.win_tile] == 3:
        out["single_wait"] = out.get("single_wait", 0) + 1
    _exclude(out)
    if kind4 != CHOW and 27 <= t4 <= 30:
        _wind_fans([t4], h, out)
    groups = ((_kind_name(kind4), t4, exposed4), ("pair", pair, False),
              *(("single", t, False) for t in seq))
    return out, groups


def _unique_wait_small(rest: list[int], win: int) -> bool:
    """The four tiles beside a concealed knitted straight waited on ``win`` only."""
    c = list(rest)
    c[win] -= 1
    waits = 0
    for t in range(NUM_PLAYING):
        if c[t] == 0 and not _near(c, t):
            continue
        c[t] += 1
        if _regular_complete(c):
            waits += 1
        c[t] -= 1
    return waits == 1


_NINE_GATES_EXTRA: Final[dict[int, tuple[str, ...]]] = {
    0: ("pure_straight", "tile_hog"),
    8: ("pure_straight", "tile_hog"),
    1: ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honours"),
    7: ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honours"),
    4: ("two_concealed_pungs", "pung_of_terminals_or_honours"),
    2: ("short_straight",), 3: ("short_straight",), 5: ("short_straight",),
    6: ("short_straight",),
}


def _nine_gates(h: McrHand, c: list[int], last_of_kind: bool, kong: bool
                ) -> dict[str, int] | None:
    """Nine Gates: before the winning tile, 1112345678999 of the winning tile's suit."""
    w = h.win_tile
    if w >= 27:
        return None
    s = 9 * (w // 9)
    pre = list(c[s:s + 9])
    pre[w - s] -= 1
    if pre != [3, 1, 1, 1, 1, 1, 1, 1, 3] or sum(c) != 14:
        return None
    out: dict[str, int] = {}
    out["nine_gates"] = out.get("nine_gates", 0) + 1
    for f in _NINE_GATES_EXTRA[w - s]:
        out[f] = out.get(f, 0) + 1
    _win_flag_fans(h, last_of_kind, kong, out)
    return out


def _kind_name(kind: int) -> str:
    return ("chow", "pung", "kong")[kind]


def mcr_fans(h: McrHand) -> McrScore | None:
    """The best MCR reading of ``h``, or None when it is no winning hand in any MCR form.

    Circumstances are first made consistent with the tiles, as the table would see them: the
    winning tile is not the last of its kind when the concealed hand holds another copy, and
    always is when a declared set holds three; a win "on a kong" is a replacement only with a
    declared kong and a robbed kong only when no other copy is held."""
    c = list(h.concealed)
    all_counts = list(c)
    for kind, t, _ in h.melds:
        if kind == CHOW:
            all_counts[t] += 1
            all_counts[t + 1] += 1
            all_counts[t + 2] += 1
        else:
            all_counts[t] += 4 if kind == KONG else 3
    # the kinds held as a bit set, how many (suit kinds), held four times, held an odd number
    # of times
    mask = n_kinds = n_suited = hogs = odd = 0
    for k in range(NUM_PLAYING):
        x = all_counts[k]
        if x:
            mask |= 1 << k
            n_kinds += 1
            if k < 27:
                n_suited += 1
            if x == 4:
                hogs += 1
            if x & 1:
                odd += 1
    win = h.win_tile
    fixed_win = all_counts[win] - c[win]
    last_of_kind = h.last_of_kind and c[win] == 1
    if fixed_win == 3:
        last_of_kind = True
    kong = h.kong
    if kong:
        if h.self_drawn:
            kong = any(m[0] == KONG for m in h.melds)
        else:
            kong = fixed_win == 0 and c[win] == 1
    if not h.self_drawn and kong:
        last_of_kind = False
    best: dict[str, int] | None = None
    best_total = 0
    form = ""
    groups: tuple[tuple[str, int, bool], ...] = ()
    chosen: tuple[tuple[SetTuple, ...], int] = ((), 0)
    if not h.melds:
        sp = _special(h, c, mask, n_kinds, n_suited, hogs, odd, last_of_kind, kong)
        if sp is not None:
            best, form = sp
    if best is None and len(h.melds) <= 1 and n_suited >= 9:
        kn = _knitted(h, c, all_counts, last_of_kind, kong)
        if kn is not None:
            best, groups = kn
            form = "knitted_straight"
    if best is None and not h.melds and n_kinds == 9:
        ng = _nine_gates(h, c, last_of_kind, kong)
        if ng is not None:
            best, form = ng, "nine_gates"
    if best is None or form == "seven_pairs":
        codes = component_codes(c)
        found = decompose_sets(c, first_only=False, codes=codes)
        if len(found) > 1:
            found.sort(key=_division_order)
        if found:
            unique: list[bool] = []
            declared = list(h.melds)
            # the fans that are the same in every reading: circumstances, exposure, suits,
            # tiles, ranges
            traits: dict[str, int] = {}
            _win_flag_fans(h, last_of_kind, kong, traits)
            exposed_cnt = 0
            for m in declared:
                if m[2]:
                    exposed_cnt += 1
            if exposed_cnt == 0:
                traits["fully_concealed_hand" if h.self_drawn else "concealed_hand"] = 1
            elif exposed_cnt == 4 and not h.self_drawn:
                traits["melded_hand"] = 1
            _suit_fans(mask, traits)
            _tile_fans(mask, traits)
            _rank_fans(mask, traits)
            best_total = _total(best) if best is not None else 0
            seven = form == "seven_pairs"
            for pair, sets in found:
                fans = _regular(h, declared, sets, pair, hogs, c, codes, unique, traits)
                total = _total(fans)
                if best is None or total > best_total or (total == best_total and (
                        seven or fans.get("pure_triple_chow") or fans.get("triple_pung"))):
                    best, best_total, form = fans, total, "standard"
                    chosen = (sets, pair)
    if best is None:
        return None
    if form == "standard":
        sets, pair = chosen
        parts: list[tuple[str, int, bool]] = []
        for k, t, e in h.melds:
            parts.append((_kind_name(k), t, e))
        for name, t in sets:
            parts.append((name, t, False))
        parts.append(("pair", pair, False))
        groups = tuple(parts)
    fans = dict(best)
    if h.flowers:
        fans["flower_tiles"] = h.flowers
    total = best_total if form == "standard" else _total(best)
    return McrScore(total + h.flowers, fans, form, groups)


#: the order in which decompositions are tried, so that among readings worth the same the
#: first is kept: sets by suit (characters, bamboo, circles, honours), rank, pung before chow
_SUIT_ORDER: Final = [(0, 2, 1, 3)[t // 9] * 9 + t % 9 if t < 27 else t for t in range(34)]


def _division_order(d: tuple[int, tuple[tuple[str, int], ...]]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((_SUIT_ORDER[t], k == "chow") for k, t in d[1]))


def _special_groups(form: str, c: Sequence[int]) -> tuple[tuple[str, int, bool], ...]:
    out: list[tuple[str, int, bool]] = []
    for t in range(NUM_PLAYING):
        n = c[t]
        if form in ("seven_pairs", "seven_shifted_pairs"):
            out.extend(("pair", t, False) for _ in range(n // 2))
        elif form == "thirteen_orphans" and n == 2:
            out.append(("pair", t, False))
        elif form == "nine_gates":
            out.extend(("single", t, False) for _ in range(n))
        elif n:
            out.append(("single", t, False))
    return tuple(out)


# ----- payments and the WinContext front -------------------------------------------------------


def mcr_payments(total: int, winner: int, self_drawn: bool, discarder: int | None
                 ) -> dict[int, int]:
    """MCR payments by seat wind: on a discard the discarder pays 8 + ``total`` and each other
    player 8; on a self-drawn win each of the three pays 8 + ``total``. A robbed kong is paid
    by the robbed player as a discard. ``total`` is the hand's fan, flowers included."""
    out = {s: 0 for s in range(4)}
    for s in range(4):
        if s == winner:
            continue
        if self_drawn or s == discarder:
            out[s] = -(8 + total)
        else:
            out[s] = -8
    out[winner] = -sum(out.values())
    return out


def hand_from_context(ctx: WinContext) -> McrHand:
    """The :class:`McrHand` of a validated context (declared melds as sets, flowers counted,
    a win "on a kong" from ``kong_replacement`` or ``robbing_kong``)."""
    melds: list[MeldTuple] = []
    for m in ctx.hand.melds:
        kind = CHOW if m.kind is MeldKind.CHOW else KONG if m.kind is MeldKind.KONG else PUNG
        melds.append((kind, int(m.tile), m.exposed))
    return McrHand(
        concealed=tuple(counts_of(ctx.hand.concealed)),
        melds=tuple(melds),
        win_tile=int(ctx.win_tile),
        self_drawn=ctx.self_drawn,
        last_of_kind=ctx.last_of_kind,
        kong=ctx.kong_replacement or ctx.robbing_kong,
        wall_last=ctx.last_tile,
        seat_wind=ctx.seat_wind,
        round_wind=ctx.round_wind,
        flowers=len(ctx.bonus),
    )


def _group_text(kind: str, t: int, exposed: bool, declared: bool) -> str:
    if kind == "chow":
        text = format_tiles((TILES[t], TILES[t + 1], TILES[t + 2]))
    else:
        n = {"pung": 3, "kong": 4, "pair": 2, "single": 1}[kind]
        text = format_tiles((TILES[t],) * n)
    if declared:
        return f"[{text}]" if exposed else f"({text})"
    return text


def _groups_text(ctx: WinContext, s: McrScore) -> tuple[str, ...]:
    """The decomposition as written in results: declared melds as written, concealed sets and
    pairs, single tiles (knitted, orphans) together by suit."""
    declared = [m.notation() for m in ctx.hand.melds]
    h_counts = counts_of(ctx.hand.concealed)
    parts = (s.groups if s.form in ("standard", "knitted_straight")
             else _special_groups(s.form, h_counts))
    del_count = len(declared) if s.form == "standard" else 0
    out: list[str] = list(declared) if s.form in ("standard", "knitted_straight") else []
    singles: list[int] = []
    sets: list[list[Tile]] = []
    for i, (kind, t, _) in enumerate(parts):
        if i < del_count:
            continue
        if kind == "single":
            singles.append(t)
        elif s.form == "knitted_straight" and declared and i == 0:
            continue
        elif kind == "chow":
            sets.append([TILES[t], TILES[t + 1], TILES[t + 2]])
        else:
            sets.append([TILES[t]] * {"pung": 3, "kong": 4, "pair": 2}[kind])
    if sets:
        # concealed sets in the order their tiles were written
        out.extend(ordered_groups(ctx.hand.concealed, sets))
    if s.form == "nine_gates":
        return (format_tiles([TILES[t] for t in range(NUM_PLAYING) for _ in range(h_counts[t])]),)
    by_suit: dict[int, list[int]] = {}
    for t in singles:
        by_suit.setdefault(t // 9 if t < 27 else 3, []).append(t)
    out.extend(format_tiles([TILES[t] for t in ts]) for _, ts in sorted(by_suit.items()))
    return tuple(out)


def score_mcr_context(ctx: WinContext, rules_name: str) -> ScoreResult:
    """Score a validated context by MCR. ``valid`` is False (with the reason) for a hand that
    is no MCR winning form; a hand under 8 fan (flowers not counted) is scored but not valid,
    and the reason says how many fan it has."""
    h = hand_from_context(ctx)
    n = len(ctx.hand.concealed) + 3 * len(ctx.hand.melds)
    s = mcr_fans(h) if n == 14 else None
    if s is None:
        return ScoreResult(rules_name, False, ctx.hand.notation(),
                           reason=_not_mcr_win(ctx, n))
    items: list[ScoreItem] = []
    for d in FANS:
        times = s.fans.get(d.id, 0)
        for _ in range(times):
            items.append(ScoreItem(d.id, d.name, d.fan, d.explanation))
    groups = _groups_text(ctx, s)
    if s.without_flowers < MINIMUM_FAN:
        listed = tuple(Message(N_("{name} {fan} x{n}"), name=Message(FAN_TABLE[i].name),
                               fan=FAN_TABLE[i].fan, n=n) if n > 1 else
                       Message(N_("{name} {fan}"), name=Message(FAN_TABLE[i].name),
                               fan=FAN_TABLE[i].fan)
                       for i, n in s.fans.items() if i != "flower_tiles")
        return ScoreResult(
            rules_name, False, " ".join(groups),
            reason=Message(N_("the hand has {fan} fan without flowers ({listed}); MCR needs at "
                              "least {minimum} fan to win, flowers not counted ({short} "
                              "short)"), fan=s.without_flowers, listed=listed,
                           minimum=MINIMUM_FAN, short=MINIMUM_FAN - s.without_flowers),
            items=tuple(items), fan=s.total)
    return ScoreResult(
        rules=rules_name,
        valid=True,
        hand=" ".join(groups),
        fan=s.total,
        limit=None,
        base=8,
        items=tuple(items),
        decomposition=groups,
        payments=mcr_payments(s.total, ctx.seat_wind, ctx.self_drawn, ctx.discarder),
    )


def _not_mcr_win(ctx: WinContext, n: int) -> str:
    if n != 14:
        return Message(N_("the hand has {n} tiles (a kong counts as three): an MCR winning "
                          "hand has 14"), n=n)
    return Message(N_("the tiles {tiles} form no MCR winning hand: four sets and a pair, seven "
                      "pairs, thirteen orphans, honours and knitted tiles, or a knitted "
                      "straight with a set and a pair"), tiles=ctx.hand.notation())
