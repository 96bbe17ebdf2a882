"""Hong Kong mahjong as played and scored on Mahjong Time (rule book 004).

Play settings live here; the fan table and payments live in :mod:`.hongkong_scoring`.
"""

from __future__ import annotations

from typing import ClassVar

from ..i18n import N_
from ..scoring import ScoreResult, WinContext
from ..tiles import HONG_KONG_TILE_SET, TileSet
from .base import Option, RuleSet

__all__ = ["HongKongRules"]


class HongKongRules(RuleSet):
    """Hong Kong rules (004): 144 tiles, three dice, a 14-tile dead wall, seven pairs and
    thirteen orphans, robbing the kong, East keeps the deal on a win or a draw.

    Options: ``rounds`` (4 = a full game East to North; 1 = a short game of the East round),
    ``false_mahjong`` (``"reject"``: the engine refuses a Mahjong that does not win, naming the
    rule; ``"penalise"``: it is accepted, ends the hand and costs 64 to each other player as
    004 s07 says).
    """

    name: ClassVar[str] = "hongkong"
    title: ClassVar[str] = N_("Hong Kong (Mahjong Time)")
    book: ClassVar[str] = N_("rule book 004")
    options_spec: ClassVar[tuple[Option, ...]] = (
        *RuleSet.options_spec,
        Option("false_mahjong", "reject", ("reject", "penalise"),
               N_("what a Mahjong declaration that does not win does (004 s07)")),
    )

    dice_count = 3  # 004 s04: three dice
    dead_wall_tiles = 14  # 004 s04: seven piles, fourteen tiles
    robbing_kong = True  # 004 s05: steal the tile added to an exposed pung, only to win
    dealer_keeps_on_draw = True  # 004 s07: on a win by East or a drawn hand, seats stay

    @property
    def tile_set(self) -> TileSet:
        """144 tiles (004 s02), so walls of eighteen stacks of two (004 s04)."""
        return HONG_KONG_TILE_SET

    def special_forms(self) -> tuple[str, ...]:
        """004 s05: seven pairs of distinct values and thirteen orphans."""
        return ("seven_pairs", "thirteen_orphans")

    def score(self, ctx: WinContext) -> ScoreResult:
        """Score by the fan table of 004 s07 (see :func:`.hongkong_scoring.score_hand`)."""
        from .hongkong_scoring import score_hand

        return score_hand(ctx)

    #: 004 s07: "Piocher yourself the winning tile: 1"
    self_drawn_worth: ClassVar[int] = 1

    def win_payments(self, worth: int, winner: int, self_drawn: bool,
                     discarder: int | None) -> dict[int, int]:
        """004 s07: the base of ``worth`` fan (:func:`.hongkong_scoring.fan_to_base`), paid
        twice by the discarder and once by the others, or twice by all on a self-drawn win
        (:func:`.hongkong_scoring.payments`)."""
        from .hongkong_scoring import fan_to_base, payments

        return payments(fan_to_base(max(0, worth)), winner, self_drawn, discarder)

    def false_mahjong_payments(self, offender: int, discarder: int | None) -> dict[int, int]:
        """004 s07 (see :func:`.hongkong_scoring.false_mahjong_payments`)."""
        from .hongkong_scoring import false_mahjong_payments

        return false_mahjong_payments(offender, discarder)
