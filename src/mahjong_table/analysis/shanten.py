"""Shanten: how many tile exchanges a hand is from being ready (-1 = complete).

All functions take a *count array*: a sequence of 34 integers, ``counts[kind]`` = copies of
that playing tile held concealed (kind indices as in :mod:`mahjong_table.tiles`: 0-8 ``1m-9m``,
9-17 ``1p-9p``, 18-26 ``1s-9s``, 27-33 ``1z-7z``). ``melds`` is the number of declared melds
(exposed melds and declared concealed kongs), so the concealed part holds ``14 - 3*melds``
tiles (the player is to discard, or has won) or ``13 - 3*melds`` tiles (waiting for a tile).

Shanten is 0 for a ready hand (one tile from winning), 1 when one useful exchange makes it
ready, and so on; -1 means the tiles already form a winning hand. It is the exact definition:
the fewest tiles that must be replaced, counting only winning hands that use no tile more than
four times (so a hand holding all four ``5m`` never waits on ``5m``).

Which winning forms count is a :class:`Forms` value: :data:`HONG_KONG_FORMS` (standard, seven
pairs, thirteen orphans; rule book 004 s05) and :data:`CHINESE_FORMS` (standard only, as in
rule book 001 Part two; the special forms are options). Seven pairs and thirteen orphans need
a fully concealed hand (no declared melds), and seven pairs need seven *distinct* pairs.

Errors: ``ValueError`` for a count array that is not 34 long, a count outside 0-4, ``melds``
outside 0-4, or a tile total that is neither ``14 - 3*melds`` nor ``13 - 3*melds``;
``TypeError`` for counts that are not integers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol

from . import _distance
from .decompose import TERMINALS_AND_HONOURS

if TYPE_CHECKING:
    # machine integers in the compiled build (mypyc); plain ints in pure Python, where the
    # annotations are never evaluated
    from mypy_extensions import i64

__all__ = [
    "CHINESE_FORMS",
    "HONG_KONG_FORMS",
    "STANDARD_FORMS",
    "Forms",
    "HasSpecialForms",
    "WinDistance",
    "forms_for_rules",
    "seven_pairs_shanten",
    "shanten",
    "standard_shanten",
    "thirteen_orphans_shanten",
]

_SUIT_PACKS: Final = _distance.SUIT_PACKS
_HONOUR_PACKS: Final = _distance.HONOUR_PACKS
_COMBINE_FLAT: Final = _distance.COMBINE_FLAT
_CAP: Final = _distance.COMBINE_CAP
_VECTORS: Final = _distance.VECTORS
_SHIFT: Final = _distance.STAT_BITS


def _bad_total(counts: Sequence[int], melds: int) -> ValueError:
    if len(counts) != 34:
        return ValueError(f"a count array has 34 entries, got {len(counts)}")
    if not isinstance(melds, int) or not 0 <= melds <= 4:
        return ValueError(f"melds must be 0-4 (declared melds), got {melds!r}")
    total = sum(counts)
    return ValueError(
        f"{total} concealed tiles with {melds} declared meld(s): expected "
        f"{13 - 3 * melds} (waiting) or {14 - 3 * melds} (to discard)"
    )


def shanten(
    counts: Sequence[int],
    melds: int = 0,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
) -> int:
    """Shanten of a hand over the standard form and (if enabled) the two special forms.

    ``counts``: 34 concealed-tile counts; ``melds``: declared melds (0-4). Seven pairs and
    thirteen orphans count only when ``melds == 0``. Returns -1 (complete), 0 (ready) up to
    8 (the worst a standard hand can be). Raises ``ValueError``/``TypeError`` as the module
    docstring says.

    >>> from mahjong_table.tiles import counts_of, parse_tiles
    >>> shanten(counts_of(parse_tiles("123m456p789s1122z")))
    0
    >>> shanten(counts_of(parse_tiles("19m19p19s1234567z")))
    0
    """
    if len(counts) != 34 or not (0 <= melds <= 4):
        raise _bad_total(counts, melds)
    c: list[int] = counts if isinstance(counts, list) else list(counts)
    # the four base-5 keys (highest rank first, Horner) and the 0-4 check in one pass over
    # the counts: each count read once (native integers in the compiled build)
    k0: i64 = 0
    k1: i64 = 0
    k2: i64 = 0
    k3: i64 = 0
    bad = False
    try:
        r: i64
        for r in range(8, -1, -1):
            x: i64 = c[r]
            y: i64 = c[9 + r]
            z: i64 = c[18 + r]
            if x < 0 or x > 4 or y < 0 or y > 4 or z < 0 or z > 4:
                bad = True
            k0 = k0 * 5 + x
            k1 = k1 * 5 + y
            k2 = k2 * 5 + z
        for r in range(33, 26, -1):
            w: i64 = c[r]
            if w < 0 or w > 4:
                bad = True
            k3 = k3 * 5 + w
    except (TypeError, ValueError, OverflowError):
        # the compiled build: a count that is no integer, or one too large for a machine
        # integer (check_counts names it)
        bad = True
    if bad or not isinstance(k0 + k1 + k2 + k3, int):  # (pure Python: a float count)
        _distance.check_counts(c)
    a = _SUIT_PACKS[k0]
    if a < 0:
        a = _distance.suit_pack(k0)
    b = _SUIT_PACKS[k1]
    if b < 0:
        b = _distance.suit_pack(k1)
    d = _SUIT_PACKS[k2]
    if d < 0:
        d = _distance.suit_pack(k2)
    h = _HONOUR_PACKS[k3]
    if h < 0:
        h = _distance.honour_pack(k3)
    packed = a + b + d + h
    sets = 4 - melds
    total = packed & 0xFF
    if total != 3 * sets + 2 and total != 3 * sets + 1:
        raise _bad_total(counts, melds)
    ia = a >> _SHIFT
    ib = b >> _SHIFT
    if ia < _CAP and ib < _CAP:
        v = _COMBINE_FLAT[ia * _CAP + ib]
        if v < 0:
            v = _distance.combine_ids(ia, ib)
    else:
        v = _distance.combine_ids(ia, ib)
    v = _distance.combine_ids(v, d >> _SHIFT)
    v = _distance.combine_ids(v, h >> _SHIFT)
    result: int = _VECTORS[v][5 + sets] - 1
    if melds == 0 and (seven_pairs or thirteen_orphans):
        special = _distance.special_shanten(packed, seven_pairs | thirteen_orphans << 1)
        if special < result:
            return special
    return result


def standard_shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten for the standard form only: ``4 - melds`` sets (chows, pungs) and a pair.

    >>> from mahjong_table.tiles import counts_of, parse_tiles
    >>> standard_shanten(counts_of(parse_tiles("1122334455667z")))
    3
    """
    return shanten(counts, melds, seven_pairs=False, thirteen_orphans=False)


def _concealed14(counts: Sequence[int], form: str) -> None:
    if len(counts) != 34:
        raise ValueError(f"a count array has 34 entries, got {len(counts)}")
    total = 0
    for i, c in enumerate(counts):
        if not isinstance(c, int):
            raise TypeError(f"tile counts must be integers, got {c!r} at index {i}")
        if not 0 <= c <= 4:
            raise ValueError(f"count {c} at index {i} is impossible: a hand holds 0 to 4 copies")
        total += c
    if total not in (13, 14):
        raise ValueError(f"{form} needs 13 or 14 concealed tiles and no declared meld, got {total}")


def seven_pairs_shanten(counts: Sequence[int]) -> int:
    """Shanten for seven distinct pairs (13 or 14 concealed tiles, no declared meld).

    Four of a kind count as one pair only (004 s05: seven pairs "of distinct values").
    """
    _concealed14(counts, "seven pairs")
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    """Shanten for thirteen orphans (13 or 14 concealed tiles, no declared meld): one of
    each terminal and honour plus a duplicate of one of them (004 s05)."""
    _concealed14(counts, "thirteen orphans")
    kinds = sum(1 for i in TERMINALS_AND_HONOURS if counts[i])
    pair = any(counts[i] >= 2 for i in TERMINALS_AND_HONOURS)
    return 13 - kinds - (1 if pair else 0)


class HasSpecialForms(Protocol):
    """A rule set as :meth:`Forms.of_rule_set` needs it (see ``rules.base.RuleSet``)."""

    @property
    def name(self) -> str: ...

    def special_forms(self) -> tuple[str, ...]: ...


class WinDistance(Protocol):
    """What the wait, useful-tile and discard functions need from a rule set's winning forms.

    ``shanten(counts, melds)`` takes 34 concealed counts and the number of declared melds and
    returns -1 for a winning hand, 0 for a ready hand, and so on (raising ``ValueError`` on a
    malformed hand). :class:`Forms` implements it; a matcher for other hand shapes (an
    American card, say) can implement it too and plug in unchanged.
    """

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int: ...


@dataclass(frozen=True, slots=True)
class Forms:
    """Which winning forms count besides the standard four sets and a pair.

    Both special forms need a concealed hand with no declared meld. ``name`` is shown in
    reports.
    """

    seven_pairs: bool = True
    thirteen_orphans: bool = True
    name: str = "custom"

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int:
        """Shanten over these forms (see :func:`shanten`)."""
        return shanten(counts, melds, seven_pairs=self.seven_pairs,
                       thirteen_orphans=self.thirteen_orphans)

    def table_forms(self) -> tuple[bool, bool]:
        """``(seven_pairs, thirteen_orphans)``: the special forms the shanten tables read for
        these forms. :meth:`shanten` is the tables' shanten with them, lowered by
        :meth:`beyond_tables`."""
        return self.seven_pairs, self.thirteen_orphans

    def beyond_tables(self, counts: Sequence[int], melds: int, bound: int) -> int:
        """The lowest shanten of the forms the tables do not know, when it is below ``bound``
        (the tables' shanten of the same hand); else ``bound``. ``counts`` is already
        checked. Plain forms have none: ``bound``."""
        return bound

    def by_form(self, counts: Sequence[int], melds: int = 0) -> dict[str, int]:
        """Shanten of each enabled form: ``{"standard": n, "seven_pairs": n, ...}``.

        The special forms are left out when ``melds > 0`` (they need a concealed hand).
        """
        out = {"standard": standard_shanten(counts, melds)}
        if melds == 0 and self.seven_pairs:
            out["seven_pairs"] = seven_pairs_shanten(counts)
        if melds == 0 and self.thirteen_orphans:
            out["thirteen_orphans"] = thirteen_orphans_shanten(counts)
        return out

    @classmethod
    def of_rule_set(cls, rules: HasSpecialForms) -> Forms:
        """The forms a rule set allows (its ``special_forms()``), named after it."""
        special = rules.special_forms()
        return cls("seven_pairs" in special, "thirteen_orphans" in special, rules.name)

    @property
    def form_names(self) -> tuple[str, ...]:
        """``("standard", ...)``: the forms that count."""
        names = ["standard"]
        if self.seven_pairs:
            names.append("seven_pairs")
        if self.thirteen_orphans:
            names.append("thirteen_orphans")
        return tuple(names)


#: Hong Kong (rule book 004 s05): standard, seven distinct pairs, thirteen orphans.
HONG_KONG_FORMS = Forms(seven_pairs=True, thirteen_orphans=True, name="hongkong")
#: Chinese (rule book 001 Part two, "Winning hand": four sets and a pair); the special forms are
#: table options (:func:`forms_for_rules`).
CHINESE_FORMS = Forms(seven_pairs=False, thirteen_orphans=False, name="chinese")
#: The standard form alone.
STANDARD_FORMS = Forms(seven_pairs=False, thirteen_orphans=False, name="standard")


def forms_for_rules(
    rules: str, *, seven_pairs: bool | None = None, thirteen_orphans: bool | None = None
) -> Forms:
    """The winning forms of a rule set by name (``"hongkong"``, ``"chinese"``), with options.

    ``seven_pairs``/``thirteen_orphans`` override the rule set's default when not None.
    Raises ``ValueError`` for an unknown rule set, and for ``"american"``, whose hands are
    matched against a card rather than sets and a pair.
    """
    if rules == "hongkong":
        base = HONG_KONG_FORMS
    elif rules == "chinese":
        base = CHINESE_FORMS
    elif rules == "american":
        raise ValueError("American hands are matched against a card; shanten and waits of "
                         "American hands are not available yet")
    else:
        raise ValueError(f"unknown rule set {rules!r}; known: chinese, hongkong")
    if seven_pairs is None and thirteen_orphans is None:
        return base
    return Forms(
        seven_pairs=base.seven_pairs if seven_pairs is None else seven_pairs,
        thirteen_orphans=base.thirteen_orphans if thirteen_orphans is None else thirteen_orphans,
        name=base.name,
    )
