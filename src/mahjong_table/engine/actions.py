"""Actions a player can take, and the error raised for an illegal one."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from .._values import reduce_value
from ..message import shown
from ..tiles import Tile, format_tiles, parse_tiles

__all__ = ["ActionKind", "Action", "IllegalActionError", "CLAIM_PRIORITY", "EXPOSURE_SIZES"]


class ActionKind(Enum):
    """What a player does.

    Claims (``CHOW``, ``PUNG``, ``KONG``, ``QUINT``, ``SEXTET``, ``MAHJONG`` on a discard) and
    ``PASS`` answer a discard; ``DISCARD``, the declared kongs, ``MAHJONG``,
    ``JOKER_EXCHANGE`` and ``CALL_DEAD`` are taken in one's own turn. Before play (the
    American Charleston, 001 Part one 06): ``CHARLESTON_PASS`` (tiles passed face down),
    ``CHARLESTON_CONTINUE`` / ``CHARLESTON_STOP`` (the vote on the second Charleston),
    ``COURTESY_ASK`` (how many tiles to exchange with the player opposite) and
    ``COURTESY_PASS``. Which of them a rule set uses is the rule set's to say.
    """

    DISCARD = "discard"
    CONCEALED_KONG = "concealed_kong"
    ADDED_KONG = "added_kong"
    MAHJONG = "mahjong"
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    QUINT = "quint"
    SEXTET = "sextet"
    PASS = "pass"
    JOKER_EXCHANGE = "joker_exchange"
    CALL_DEAD = "call_dead"
    CHARLESTON_PASS = "charleston_pass"
    CHARLESTON_CONTINUE = "charleston_continue"
    CHARLESTON_STOP = "charleston_stop"
    COURTESY_ASK = "courtesy_ask"
    COURTESY_PASS = "courtesy_pass"


#: claim priority of four-sets-and-a-pair play (004 s05 "Priorities and Victory"; 001 Part
#: two "Claiming priority"); a rule set may give its own (``RuleSet.claim_priority``)
CLAIM_PRIORITY = {
    ActionKind.MAHJONG: 3,
    ActionKind.PUNG: 2,
    ActionKind.KONG: 2,
    ActionKind.CHOW: 1,
    ActionKind.PASS: 0,
}

#: the claims that expose a group of identical tiles, by the group's size
EXPOSURE_SIZES = {
    ActionKind.PUNG: 3,
    ActionKind.KONG: 4,
    ActionKind.QUINT: 5,
    ActionKind.SEXTET: 6,
}


@dataclass(frozen=True, slots=True)
class Action:
    """One player's action. ``player`` is 0-3 (fixed for the whole game).

    - ``tile``: the tile discarded or declared as a kong; for a chow the lowest tile of the
      chow formed (the claimed tile is always the last discard); for a joker exchange the
      natural tile given for the joker. None for ``PASS``, ``MAHJONG`` and exposure claims.
    - ``tiles``: the tiles passed in a Charleston or courtesy pass (from the player's hand).
    - ``jokers``: jokers the player adds to an exposure claimed from a discard (American).
    - ``target``: the player whose exposure a joker is taken from, or whose hand is called
      dead.
    - ``number``: a Charleston pass's blind count (tiles just received passed on unseen), or
      the tiles asked for in a courtesy pass.
    """

    kind: ActionKind
    player: int
    tile: Tile | None = None
    tiles: tuple[Tile, ...] = ()
    jokers: int = 0
    target: int | None = None
    number: int | None = None

    def __init__(self, kind: ActionKind, player: int, tile: Tile | None = None,
                 tiles: tuple[Tile, ...] = (), jokers: int = 0, target: int | None = None,
                 number: int | None = None) -> None:
        # the frozen dataclass's own __init__, written out so that the compiled build runs it
        # natively (generated, it runs as Python: a ninth of an American game's instructions
        # went to building actions, issue 25); the dataclass keeps an __init__ the class
        # defines. Two identity checks: cheap on the engine's hot paths.
        if type(kind) is not ActionKind:
            raise TypeError(f"Action kind must be an ActionKind (e.g. ActionKind.DISCARD), "
                            f"got {type(kind).__name__} {kind!r}")
        if tile is not None and type(tile) is not Tile:
            raise TypeError(f"Action tile must be a Tile (e.g. Tile.parse('5p')) or None, "
                            f"got {type(tile).__name__} {tile!r}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "jokers", jokers)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "number", number)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value, "player": self.player}
        if self.tile is not None:
            out["tile"] = str(self.tile)
        if self.tiles:
            out["tiles"] = format_tiles(self.tiles)
        if self.jokers:
            out["jokers"] = self.jokers
        if self.target is not None:
            out["target"] = self.target
        if self.number is not None:
            out["number"] = self.number
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        """Inverse of :meth:`to_json`. Raises ``ValueError`` for an unknown kind or tile."""
        tile = Tile.parse(data["tile"]) if data.get("tile") is not None else None
        tiles = tuple(parse_tiles(data["tiles"])) if data.get("tiles") else ()
        target = data.get("target")
        number = data.get("number")
        return Action(ActionKind(data["kind"]), int(data["player"]), tile, tiles,
                      int(data.get("jokers", 0)), None if target is None else int(target),
                      None if number is None else int(number))

    def __str__(self) -> str:
        parts = [self.kind.value]
        if self.tile is not None:
            parts.append(str(self.tile))
        if self.tiles:
            parts.append(format_tiles(self.tiles))
        if self.jokers:
            parts.append(f"+{self.jokers} joker{'s' if self.jokers > 1 else ''}")
        if self.target is not None:
            parts.append(f"(player {self.target})")
        if self.number is not None:
            parts.append(f"#{self.number}")
        return " ".join(parts)

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


class IllegalActionError(ValueError):
    """Raised by ``Game.apply`` for an action the rules forbid. ``rule`` cites the rule book
    and section (English, as the rule set writes it); the game state is unchanged. The
    message is in the language in force when it is raised (issue 23), the citation shown in
    it translated."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({shown(rule)})")
        self.rule = rule
