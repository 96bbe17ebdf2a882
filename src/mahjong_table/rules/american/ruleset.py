"""American mahjong, National Mah Jongg League style, as rule book 001 Part one teaches it.

Sections cited as "001 Part one NN" are the booklet's numbered steps (01 choosing East, 02
building the wall, 04 breaking the wall, 05 dealing, 06 the Charleston, 07 starting play);
the unnumbered ones by their titles in "Rules in detail" ("Calling discards", "Priority of
calls", "Exposed sets", "Jokers", "Joker exchange", "Dead hands", "Wall game", "Winning the
hand", "Understanding the NMJL card"). Readings of the booklet where it is open are written
down, with the reasons, in ``docs/rules/american.md``.

Everything that differs from the four-sets-and-a-pair rule sets is a setting or a method the
one engine reads (no branch on this rule set's name anywhere):

- 152 tiles: suits, winds, dragons, 8 flowers (all alike) and 8 jokers, all of them hand
  tiles (``hand_kinds = 47``, ``bonus_kinds`` empty; flowers are not replaced).
- Walls of 19 stacks; East rolls two dice (option ``dice``: one) and the wall is broken in
  East's wall; no dead wall and no replacement draws (kongs are never declared from the hand:
  ``declared_kongs = False``, ``kong_replacement = False``).
- The deal in lots of four to 12 tiles, then East "jumps" (:meth:`deal_tiles`).
- The Charleston (:meth:`charleston_stages`): right, over, left (blind on the last), a vote,
  left, over, right (blind on the last), then the courtesy pass with the player opposite.
- Claims only for pung, kong, quint or sextet, with jokers, or Mahjong (``claim_kinds``,
  ``jokers_in_exposures``); Mahjong first, then the next in turn order (``claim_priority``); a
  discarded joker is dead (:meth:`claimable`).
- Joker exchange in one's turn (``joker_exchange``); dead hands (options ``false_mahjong`` and
  ``dead_exposures``).
- Winning hands are the card's lines (:meth:`is_winning` through the matcher); the deal passes
  after every hand, and a game is ``hands`` hands (:meth:`next_progress`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar

from ...i18n import N_, _
from ...melds import Meld
from ...scoring import ScoreResult, WinContext
from ...tiles import AMERICAN_TILE_SET, Tile, TileSet
from ..base import (
    Option,
    PassStage,
    Progress,
    RuleSet,
    RuleSetError,
    SeatDraw,
    WallBreak,
    break_east_wall,
    seats_by_dice,
)
from .model import FLOWER, JOKER, Card, CardError

__all__ = ["AmericanRules", "CHARLESTON"]

RULES_NAME = "american"

_FLOWERS = tuple(range(34, 42))

#: 001 Part one 06: the first Charleston (required), right - over - left; the second
#: (optional, group 1) left - over - right after a vote; the courtesy pass (group 2)
CHARLESTON: tuple[PassStage, ...] = (
    PassStage("first_right", "pass", offset=1),
    PassStage("first_over", "pass", offset=2),
    PassStage("first_left", "pass", offset=3, blind=True),
    PassStage("second_vote", "vote", group=1),
    PassStage("second_left", "pass", offset=3, group=1),
    PassStage("second_over", "pass", offset=2, group=1),
    PassStage("second_right", "pass", offset=1, blind=True, group=1),
    PassStage("courtesy_ask", "courtesy_ask", offset=2, count=3, group=2),
    PassStage("courtesy", "courtesy_pass", offset=2, count=3, group=2),
)


class AmericanRules(RuleSet):
    """American mahjong (001 Part one) with a card of lines (``card`` option)."""

    name: ClassVar[str] = RULES_NAME
    title: ClassVar[str] = N_("American (NMJL style)")
    book: ClassVar[str] = N_("001 Part one")
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option("card", "practice", None,
               N_("the card of lines: 'practice' (this project's own practice card, not the "
               "League's) or the path of a card file (docs/american-card.md)")),
        Option("hands", 4, tuple(range(1, 21)),
               N_("hands in a game (4: each player deals once; 001 Part one 01, the deal "
               "passes after every hand)")),
        Option("dice", 2, (2, 1),
               N_("dice East rolls to break the wall (001 Part one 04: 'one or two dice')")),
        Option("blind_pass", True, (True, False),
               N_("on the last pass of each Charleston, tiles just received may be passed on "
               "unseen (League practice; docs/rules/american.md)")),
        Option("courtesy_pass", True, (True, False),
               N_("offer the optional courtesy pass of 0-3 tiles with the player opposite "
               "(001 Part one 06)")),
        Option("false_mahjong", "reject", ("reject", "dead"),
               N_("a Mahjong declaration that does not win: refused, or declared and the hand "
               "is dead (001 Part one 'Dead hands')")),
        Option("dead_exposures", False, (False, True),
               N_("players may call a hand dead when its exposures fit no line of the card "
               "(001 Part one 'Dead hands'; docs/rules/american.md)")),
        Option("discard_payment", "discarder_double", ("discarder_double", "all_single"),
               N_("a win on a discard: the discarder pays double and the others single "
               "(League practice), or everyone single")),
        Option("self_drawn_payment", "all_double", ("all_double", "all_single"),
               N_("a self-drawn win: everyone pays double (League practice), or single")),
        Option("jokerless_bonus", True, (True, False),
               N_("a win with no joker doubles again, except on a singles-and-pairs line")),
        Option("joker_exchange_win", "self_drawn", ("self_drawn", "discard"),
               N_("a win right after a joker exchange is paid as self-drawn (League practice), "
               "or as a win on the last discard")),
    )

    dice_count: ClassVar[int] = 2
    dead_wall_tiles: ClassVar[int] = 0
    robbing_kong: ClassVar[bool] = False
    dealer_keeps_on_draw: ClassVar[bool] = False

    hand_kinds: ClassVar[int] = 47
    bonus_kinds: ClassVar[frozenset[int]] = frozenset()
    claim_kinds: ClassVar[tuple[str, ...]] = ("pung", "kong", "quint", "sextet")
    #: 001 Part one "Priority of calls": Mahjong, then the next player in turn order
    claim_priority: ClassVar[Mapping[str, int]] = {
        "mahjong": 2, "pung": 1, "kong": 1, "quint": 1, "sextet": 1, "pass": 0}
    jokers_in_exposures: ClassVar[bool] = True
    declared_kongs: ClassVar[bool] = False
    kong_replacement: ClassVar[bool] = False
    mahjong_after_claim: ClassVar[bool] = True
    full_meld_count: ClassVar[bool] = True
    joker_exchange: ClassVar[bool] = True
    #: a drawn joker can complete a line, and :meth:`waits` leaves jokers out
    draw_wins_from_waits: ClassVar[bool] = False

    citations: ClassVar[Mapping[str, str]] = {
        "turn": N_("001 Part one 07 'On your turn': draw, rack, discard"),
        "claim": N_("001 Part one 'Calling discards': only the most recent discard, only for a "
                 "pung, kong, quint, sextet or Mahjong; a discarded joker is dead"),
        "chow": N_("001 Part one 'Calling discards': no chows in American play"),
        "pung": N_("001 Part one 'Calling discards' and 'Jokers': a pung needs two more tiles "
                "alike to the discard (naturals or jokers)"),
        "kong": N_("001 Part one 'Calling discards' and 'Jokers': a kong needs three more "
                "tiles alike to the discard (naturals or jokers)"),
        "quint": N_("001 Part one 'Calling discards' and 'Jokers': a quint needs four more "
                 "tiles alike to the discard (naturals or jokers)"),
        "sextet": N_("001 Part one 'Calling discards' and 'Jokers': a sextet needs five more "
                  "tiles alike to the discard (naturals or jokers)"),
        "win": N_("001 Part one 'Winning the hand': a hand that matches a line of the card"),
        "rob": N_("001 Part one: there is no robbing the kong in American play"),
        "last": N_("001 Part one 'Wall game': after the last tile only Mahjong can be called"),
        "end": N_("001 Part one 01: the game ends after its hands"),
        "players": N_("001 Part one: four players"),
        "charleston": N_("001 Part one 06 'Before play begins - the Charleston'"),
        "exchange": N_("001 Part one 'Joker exchange'"),
        "dead": N_("001 Part one 'Dead hands'"),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        card = str(self.options["card"])
        if card != "practice":
            from pathlib import Path  # only a card file needs it (issue 25, start-up)

            # a record names the card by its full path, so that it replays from anywhere
            self.options["card"] = str(Path(card).expanduser().resolve())
        try:
            self.card  # noqa: B018 - load the card now: a bad card is a bad option
        except (CardError, OSError) as exc:
            raise RuleSetError(_("option card={card}: {error}").format(
                card=repr(self.options["card"]), error=exc)) from exc

    @cached_property
    def card(self) -> Card:
        """The card of lines the hands are checked against (option ``card``)."""
        from .card import card_from_option

        return card_from_option(str(self.options["card"]))

    # ----- tiles, seats, wall, deal ----------------------------------------------------------

    @property
    def tile_set(self) -> TileSet:
        """001 Part one "Setting up": suits, winds, dragons, 8 flowers, 8 jokers (152)."""
        return AMERICAN_TILE_SET

    def draw_seats(self, rng: random.Random) -> SeatDraw:
        """001 Part one 01: highest of two dice is East; tied players roll again."""
        return seats_by_dice(rng)

    def break_wall(self, rng: random.Random) -> WallBreak:
        """001 Part one 04: East rolls one or two dice (option ``dice``) and counts that many
        stacks from the right end of East's wall; the counted stacks stay to the right of the
        break and are drawn last (the wall's drawing order ends with them)."""
        return break_east_wall(rng, int(self.options["dice"]))

    def deal_tiles(self, draw: Callable[[], Tile]) -> list[list[Tile]]:
        """001 Part one 05: two stacks (four tiles) to each player in turn, East first, until
        each has 12; "East then takes the 1st and 3rd top tiles", and the others one each.

        In drawing order (top then bottom of each stack) the next five tiles are the top and
        bottom of the first stack, of the second, and the top of the third: East takes the
        tops of the first and third stacks (positions 0 and 4) and South, West and North take
        positions 1, 2 and 3 (docs/rules/american.md)."""
        dealt: list[list[Tile]] = [[], [], [], []]
        for _lot in range(3):
            for w in range(4):
                dealt[w].extend(draw() for _i in range(4))
        jump = [draw() for _ in range(5)]
        dealt[0].extend((jump[0], jump[4]))
        for w in (1, 2, 3):
            dealt[w].append(jump[w])
        return dealt

    def charleston_stages(self) -> tuple[PassStage, ...]:
        """001 Part one 06; blind passing on the last pass of each Charleston with the option
        ``blind_pass``; the courtesy pass with the option ``courtesy_pass``."""
        stages = CHARLESTON
        if not self.options["blind_pass"]:
            stages = tuple(PassStage(s.name, s.kind, s.offset, s.count, False, s.group)
                           for s in stages)
        if not self.options["courtesy_pass"]:
            stages = tuple(s for s in stages if s.group != 2)
        return stages

    def alike(self, tile: int) -> tuple[int, ...]:
        """001 "Flower tiles": "all Flower tiles are interchangeable"."""
        return _FLOWERS if 34 <= tile < 42 else (tile,)

    def claimable(self, tile: int) -> bool:
        """001 Part one "Jokers": "A discarded Joker is dead and may never be claimed"."""
        return tile != JOKER

    def calls_dead_hands(self) -> bool:
        return bool(self.options["dead_exposures"])

    def exposures_dead(self, melds: Sequence[Meld]) -> bool:
        """Whether no line of the card can hold all of ``melds`` (each exposure exactly one
        group of a variation; concealed lines never): the hand is dead (001 Part one "Dead
        hands", read in docs/rules/american.md)."""
        from .matcher import tiles_away

        nearest = tiles_away(self.card, [0] * 47, list(melds), nearest=1)
        return not nearest or nearest[0].away is None  # (lines no hand can hold come last)

    # ----- winning and scoring ---------------------------------------------------------------

    def is_winning(self, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
        """Fourteen tiles (every tile of every exposure counted) that complete a line of the
        card (001 Part one "Winning the hand")."""
        if sum(counts) + sum(len(m.tiles) for m in melds) != 14:
            return False
        from .matcher import is_complete

        return is_complete(self.card, counts, melds)

    def waits(self, counts: Sequence[int], melds: Sequence[Meld]) -> frozenset[int]:
        """The tiles that complete a thirteen-tile hand (any flower as ``FLOWER``; a joker is
        never claimable, so jokers are left out)."""
        if sum(counts) + sum(len(m.tiles) for m in melds) != 13:
            return frozenset()
        from .matcher import completing_tiles

        return frozenset(t for t in completing_tiles(self.card, counts, melds)
                         if t != JOKER and (t < 34 or t == FLOWER))

    def score(self, ctx: WinContext) -> ScoreResult:
        """The line that pays the winner most, and the payments (options)."""
        from .scoring import score_american

        return score_american(self.card, ctx, self.options)

    def win_payments(self, worth: int, winner: int, self_drawn: bool,
                     discarder: int | None) -> dict[int, int]:
        """A line paying ``worth`` points a payer, by the options ``discard_payment`` and
        ``self_drawn_payment`` (:func:`.scoring.american_payments`)."""
        from .scoring import american_payments

        return american_payments(worth, winner, self_drawn, discarder, self.options)

    # ----- game flow -------------------------------------------------------------------------

    def first_progress(self, first_east: int) -> Progress:
        return Progress(round_wind=0, dealer=first_east)

    def next_progress(self, progress: Progress, winner_is_dealer: bool | None) -> Progress:
        """001 Part one 01: "The dealer (East) rotates counterclockwise to the next player
        after each round" - after every hand, won or a wall game. The game ends after
        ``hands`` hands. American play has no prevailing wind (it stays East)."""
        n = progress.hand_number + 1
        return Progress(0, (progress.dealer + 1) % 4, (progress.dealer_passes + 1) % 4, n,
                        n >= int(self.options["hands"]))
