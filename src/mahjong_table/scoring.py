"""Scoring values shared by every rule set: the context of a win and the scored result.

Scoring is separate from play: given a finished hand and its context a rule set returns a
:class:`ScoreResult` (items, total, payments). The engine calls it, and so does the ``score``
command. The JSON form is fixed by ``shared/NOTATION.md`` ("`mahjong-table score`").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ._values import reduce_value
from .i18n import N_, _
from .melds import Hand
from .tiles import Tile

__all__ = ["WIND_LETTERS", "KONG_REPLACEMENT_NOT_LAST_TILE", "WinContext", "ScoreItem",
           "ScoreResult", "check_circumstances", "wind_index"]

#: seat winds by index: 0 East, 1 South, 2 West, 3 North
WIND_LETTERS = "ESWN"


def wind_index(letter: str) -> int:
    """``"E"`` -> 0 ... ``"N"`` -> 3. Raises ``ValueError`` naming the bad letter."""
    i = WIND_LETTERS.find(letter)
    if len(letter) != 1 or i < 0:
        raise ValueError(f"seat {letter!r} is not one of E, S, W, N")
    return i


#: why a win cannot be both on a kong replacement and on the last tile of the live wall
KONG_REPLACEMENT_NOT_LAST_TILE = N_(
    "a win on a kong replacement is not a win on the last tile of the live wall: the "
    "replacement is drawn apart from the turn-by-turn draws (004 s04: from the dead wall, "
    "which 'does not constitute an additional ordinary Stock'; Chinese play: from the other "
    "end of the wall, docs/rules/chinese.md) and 004 s07 scores the two apart; "
    "kong_replacement (--kong-replacement) and last_tile (--last-tile) cannot both be set")


def check_circumstances(*, last_tile: bool, kong_replacement: bool) -> None:
    """Refuse circumstances of a win that no table produces in any rule set, with a
    ``ValueError`` naming the rule: a kong replacement is not the last tile of the live wall
    (:data:`KONG_REPLACEMENT_NOT_LAST_TILE`). :class:`WinContext` checks itself with it on
    construction; the ``score`` command asks it too before refusing flags a rule set does
    not use, so both say the same."""
    if kong_replacement and last_tile:
        raise ValueError(_(KONG_REPLACEMENT_NOT_LAST_TILE))


@dataclass(frozen=True)
class WinContext:
    """Everything about a win that the tiles alone do not say.

    Seats are seat winds: 0 East ... 3 North. ``hand.concealed`` includes the winning tile.
    ``discarder`` is None for a self-drawn win (and for robbing a kong it is the seat whose
    added kong was robbed).

    A context no table can produce in any rule set is refused on construction with a
    ``ValueError`` naming the rule, so the engine, the ``score`` command and the Python API
    share one check: a win on a kong replacement is never a win on the last tile of the live
    wall (:data:`KONG_REPLACEMENT_NOT_LAST_TILE`; the engine's ``_win_context`` sets
    ``last_tile`` False after a replacement draw). The checks that depend on the rule set
    (a declared kong for a replacement, robbing, heavenly and earthly hands) are the
    scorer's.
    """

    hand: Hand
    win_tile: Tile
    seat_wind: int = 0
    round_wind: int = 0
    self_drawn: bool = False
    discarder: int | None = None
    bonus: tuple[Tile, ...] = ()
    last_tile: bool = False
    robbing_kong: bool = False
    kong_replacement: bool = False
    heavenly: bool = False
    earthly: bool = False
    #: American play: the win came right after a joker exchange (001 Part one "Joker
    #: exchange"); how it is paid is the rule-set option ``joker_exchange_win``
    joker_exchange: bool = False
    #: MCR "Last Tile": the other three copies of the winning tile were already on the table
    #: (discards and exposed sets) when it won (docs/rules/chinese.md)
    last_of_kind: bool = False

    def __init__(self, hand: Hand, win_tile: Tile, seat_wind: int = 0, round_wind: int = 0,
                 self_drawn: bool = False, discarder: int | None = None,
                 bonus: tuple[Tile, ...] = (), last_tile: bool = False,
                 robbing_kong: bool = False, kong_replacement: bool = False,
                 heavenly: bool = False, earthly: bool = False, joker_exchange: bool = False,
                 last_of_kind: bool = False) -> None:
        # written out, as every hot dataclass's is (issue 25: the generated __init__ runs as
        # Python in the compiled build, 2,000-20,000 instructions an object)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "win_tile", win_tile)
        object.__setattr__(self, "seat_wind", seat_wind)
        object.__setattr__(self, "round_wind", round_wind)
        object.__setattr__(self, "self_drawn", self_drawn)
        object.__setattr__(self, "discarder", discarder)
        object.__setattr__(self, "bonus", bonus)
        object.__setattr__(self, "last_tile", last_tile)
        object.__setattr__(self, "robbing_kong", robbing_kong)
        object.__setattr__(self, "kong_replacement", kong_replacement)
        object.__setattr__(self, "heavenly", heavenly)
        object.__setattr__(self, "earthly", earthly)
        object.__setattr__(self, "joker_exchange", joker_exchange)
        object.__setattr__(self, "last_of_kind", last_of_kind)
        self.__post_init__()

    def __post_init__(self) -> None:
        check_circumstances(last_tile=self.last_tile, kong_replacement=self.kong_replacement)

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


@dataclass(frozen=True)
class ScoreItem:
    """One scoring element: a stable snake_case ``id``, a readable ``name``, its ``fan``
    (points for rule sets that count points) and an optional explanation. ``unit`` is the
    JSON key of the value: ``"fan"``, or ``"points"`` for American results."""

    id: str
    name: str
    fan: int
    explanation: str = ""
    unit: str = "fan"

    def __init__(self, id: str, name: str, fan: int, explanation: str = "",
                 unit: str = "fan") -> None:
        # the frozen dataclass's own __init__, written out so that the compiled build runs it
        # natively (generated, it is a Python function: about 7,000 instructions an item,
        # issue 25); the dataclass keeps an __init__ the class defines
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "fan", fan)
        object.__setattr__(self, "explanation", explanation)
        object.__setattr__(self, "unit", unit)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, self.unit: self.fan}

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


@dataclass(frozen=True)
class ScoreResult:
    """A scored hand. ``payments`` maps seat wind index (0-3) to points won (+) or paid (-),
    summing to zero. For an invalid hand ``valid`` is False and ``reason`` says why.

    ``total_key`` names the total in JSON (``"fan"``; American results say ``"points"``) and
    ``extra`` holds further JSON fields of a valid result, written after ``payments``
    (American: ``line`` and ``jokerless``, shared/NOTATION.md)."""

    rules: str
    valid: bool
    hand: str
    fan: int = 0
    limit: str | None = None
    base: int = 0
    items: tuple[ScoreItem, ...] = ()
    decomposition: tuple[str, ...] = ()
    payments: dict[int, int] = field(default_factory=dict)
    reason: str | None = None
    total_key: str = "fan"
    extra: dict[str, Any] = field(default_factory=dict)

    def __init__(self, rules: str, valid: bool, hand: str, fan: int = 0,
                 limit: str | None = None, base: int = 0, items: tuple[ScoreItem, ...] = (),
                 decomposition: tuple[str, ...] = (), payments: dict[int, int] | None = None,
                 reason: str | None = None, total_key: str = "fan",
                 extra: dict[str, Any] | None = None) -> None:
        # written out as ScoreItem's is (about 18,000 instructions a result generated);
        # ``payments`` and ``extra`` default to a new empty dictionary each
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "valid", valid)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "fan", fan)
        object.__setattr__(self, "limit", limit)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "items", items)
        object.__setattr__(self, "decomposition", decomposition)
        object.__setattr__(self, "payments", {} if payments is None else payments)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "total_key", total_key)
        object.__setattr__(self, "extra", {} if extra is None else extra)

    def to_json(self) -> dict[str, Any]:
        """The ``score --json`` object of shared/NOTATION.md."""
        out: dict[str, Any] = {
            "rules": self.rules,
            "valid": self.valid,
            "hand": self.hand,
        }
        if self.valid:
            out[self.total_key] = self.fan
            out.update(
                limit=self.limit,
                base=self.base,
                items=[i.to_json() for i in self.items],
                decomposition=list(self.decomposition),
                payments={WIND_LETTERS[s]: v for s, v in sorted(self.payments.items())},
            )
            out.update(self.extra)
        else:
            out["reason"] = self.reason
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)
