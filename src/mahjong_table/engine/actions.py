"""Actions a player can take, and the error raised for an illegal one."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..tiles import Tile

__all__ = ["ActionKind", "Action", "IllegalActionError"]


class ActionKind(Enum):
    """What a player does. Claims (``CHOW``, ``PUNG``, ``KONG``, ``MAHJONG`` on a discard) and
    ``PASS`` answer a discard; the rest are taken in one's own turn."""

    DISCARD = "discard"
    CONCEALED_KONG = "concealed_kong"
    ADDED_KONG = "added_kong"
    MAHJONG = "mahjong"
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PASS = "pass"


#: claim priority (004 s05 "Priorities and Victory"; 001 Part two "Claiming priority")
CLAIM_PRIORITY = {
    ActionKind.MAHJONG: 3,
    ActionKind.PUNG: 2,
    ActionKind.KONG: 2,
    ActionKind.CHOW: 1,
    ActionKind.PASS: 0,
}


@dataclass(frozen=True, slots=True)
class Action:
    """One player's action. ``player`` is 0-3 (fixed for the whole game). ``tile`` is the tile
    discarded or declared as a kong; for a chow it is the lowest tile of the chow formed (the
    claimed tile is always the last discard); None for ``PASS``, ``PUNG``, ``KONG`` and
    ``MAHJONG``."""

    kind: ActionKind
    player: int
    tile: Tile | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value, "player": self.player}
        if self.tile is not None:
            out["tile"] = str(self.tile)
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        """Inverse of :meth:`to_json`. Raises ``ValueError`` for an unknown kind or tile."""
        tile = Tile.parse(data["tile"]) if data.get("tile") is not None else None
        return Action(ActionKind(data["kind"]), int(data["player"]), tile)

    def __str__(self) -> str:
        return f"{self.kind.value}{' ' + str(self.tile) if self.tile is not None else ''}"


class IllegalActionError(ValueError):
    """Raised by ``Game.apply`` for an action the rules forbid. ``rule`` cites the rule book
    and section; the game state is unchanged."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
