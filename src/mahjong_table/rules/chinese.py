"""Chinese mahjong as the instruction booklet 001 teaches it (Part two, "Chinese Mahjong").

Sections cited as "001 Part two NN" are the booklet's numbered steps (01 seating, 02 building
the wall, 03 breaking the wall, 04 dealing, 05 starting play); the unnumbered ones by their
titles ("Rules in detail", "Winning a hand", "Flowers and Seasons", "Scoring", "End of the
hand", "Dealer rotation", "Wind rounds"). Readings of the booklet where it is open are written
down, with the reasons, in ``docs/rules/chinese.md``.

What differs from Hong Kong play (:mod:`.hongkong`), all as rule-set settings the engine reads:

- East is chosen by dice, not by drawing winds (001 Part two 01): :meth:`draw_seats`.
- The wall is always broken in East's wall, counting two dice from its right end (03):
  :meth:`break_wall`.
- There is no 14-tile dead wall: kong and bonus replacements come from the other end of the
  one wall (``dead_wall_tiles = 0``).
- Robbing the kong is not a way to win (``robbing_kong = False``).
- East keeps the deal only by winning; after a draw the deal passes (``dealer_keeps_on_draw =
  False``; "Dealer rotation").
- Seven pairs and thirteen orphans win only when their options are on (the booklet lists
  neither).
- Scoring is a choice of scale (option ``scoring``); the booklet's beginner scale, one point to
  the winner, is the one implemented.

The checks of a win and the readings of a hand are not Hong Kong's: both scorers take them
from :mod:`.hand_checks` (the rule-set-neutral part), and this module adds only its own check,
that robbing a kong does not win (:func:`validate_context`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from ..analysis.decompose import is_seven_pairs, is_thirteen_orphans
from ..analysis.mcr_forms import McrForms
from ..analysis.shanten import Forms
from ..i18n import N_, _
from ..message import Message
from ..scoring import ScoreItem, ScoreResult, WinContext
from ..tiles import (
    CHINESE_TILE_SET,
    CHINESE_TILE_SET_NO_BONUS,
    Tile,
    TileSet,
    counts_of,
    format_tiles,
)
from . import hand_checks
from .base import Option, RuleSet, RuleSetError, SeatDraw, WallBreak, break_east_wall, seats_by_dice
from .mcr_scoring import mcr_payments, score_mcr_context

__all__ = ["ChineseRules", "PLANNED_SCALES", "SCORING_SCALES", "simple_payments",
           "validate_context"]

RULES_NAME = "chinese"

_WIN_RULE = "001 Part two 'Winning a hand'"
_WIN_RULE_TEXT = Message(N_("001 Part two 'Winning a hand'"))
#: the special winning forms by id, as a refusal names them
_FORM_NAMES = {"seven_pairs": N_("seven pairs"), "thirteen_orphans": N_("thirteen orphans"),
               "honours_and_knitted": N_("honours and knitted"),
               "knitted_straight": N_("knitted straight")}


# ----- validation -----------------------------------------------------------------------------


def validate_context(ctx: WinContext, tile_set: TileSet, *, robbing_kong: bool = False) -> None:
    """Raise ``ValueError`` naming the problem if ``ctx`` cannot describe a Chinese win.

    The Chinese check comes first: robbing a kong is a way to win only if ``robbing_kong``
    (001 Part two "Winning a hand"). Then the checks every rule set of four sets and a pair
    shares (:func:`.hand_checks.validate_context`), with Chinese messages citing the booklet:
    the seats and discarder, playing tiles only and no jokers, chows, pungs and kongs only, the
    winning tile among the concealed tiles, bonus tiles that are flowers or seasons, copies
    against ``tile_set`` (144 tiles, or 136 without flowers and seasons, 001 Part two "Setting
    up the game" and "Flowers and Seasons"), and heavenly/earthly/last tile/kong replacement
    consistency. A hand with the wrong number of tiles is not malformed: it is scored as not
    winning.
    """
    if ctx.robbing_kong and not robbing_kong:
        raise ValueError(_("robbing a kong is not a way to win in these Chinese rules: the "
                           "winning tile is drawn from the wall or claimed from a discard "
                           "({rule}; docs/rules/chinese.md)").format(rule=_WIN_RULE_TEXT.shown()))
    hand_checks.validate_context(ctx, tile_set=tile_set, rules_title=N_("Chinese"),
                                 set_name=N_("set"),
                                 tiles_rule=N_("001 Part two 'Setting up the game'"),
                                 sets_rule=N_("001 Part two 'Rules in detail'"))


def _not_winning_reason(ctx: WinContext, forms: tuple[str, ...]) -> str:
    hand = ctx.hand
    n = len(hand.concealed) + 3 * len(hand.melds)
    if n != 14:
        return Message(N_("the hand has {n} tiles (a kong counts as three): a winning hand is 4 "
                          "sets and 1 pair, 14 tiles ({rule})"), n=n, rule=_WIN_RULE_TEXT)
    counts = counts_of(hand.concealed)
    if not hand.melds:
        if is_seven_pairs(counts) and "seven_pairs" not in forms:
            return Message(N_("seven pairs is not a winning hand unless the option seven_pairs "
                              "is on: the booklet asks for 4 sets and 1 pair ({rule})"),
                           rule=_WIN_RULE_TEXT)
        if is_thirteen_orphans(counts) and "thirteen_orphans" not in forms:
            return Message(N_("thirteen orphans is not a winning hand unless the option "
                              "thirteen_orphans is on: the booklet asks for 4 sets and 1 pair "
                              "({rule})"), rule=_WIN_RULE_TEXT)
        if (sum(c // 2 for c in counts) == 7 and all(c % 2 == 0 for c in counts)
                and "seven_pairs" in forms):
            return Message(N_("seven pairs must be of distinct values: four identical tiles are "
                              "not two pairs (docs/rules/chinese.md)"))
    if hand.melds:
        what = (N_("the concealed tiles {tiles} do not complete four sets and a pair with the "
                   "{n} declared set(s) ({rule})") if len(hand.melds) < 4 else
                N_("the concealed tiles {tiles} do not complete a pair with the {n} declared "
                   "set(s) ({rule})"))
        return Message(what, tiles=format_tiles(hand.concealed, sort=True), n=len(hand.melds),
                       rule=_WIN_RULE_TEXT)
    if forms:
        named = Message(_FORM_NAMES.get(forms[0], forms[0].replace("_", " ")))
        for f in forms[1:]:
            named = Message(N_("{first} or {second}"), first=named,
                            second=Message(_FORM_NAMES.get(f, f.replace("_", " "))))
        return Message(N_("the tiles {tiles} are not 4 sets and 1 pair or {forms} ({rule})"),
                       tiles=format_tiles(hand.concealed, sort=True), forms=named,
                       rule=_WIN_RULE_TEXT)
    return Message(N_("the tiles {tiles} are not 4 sets and 1 pair ({rule})"),
                   tiles=format_tiles(hand.concealed, sort=True), rule=_WIN_RULE_TEXT)


# ----- scoring scales -------------------------------------------------------------------------


def simple_payments(winner: int) -> dict[int, int]:
    """Payments of the beginner scale (001 Part two "Scoring": "Beginners can simply award
    1 point to the winner of each hand"), by seat wind.

    Reading (docs/rules/chinese.md): each of the three other players pays the winner 1 point,
    however the hand was won (self-drawn or on a discard). Every win is worth the same, as the
    booklet's one point per win says, and a player's total is 4 x (hands won) - (hands won by
    anyone), so the standings are exactly the count of hands won, while the scores sum to zero.
    """
    if not 0 <= winner <= 3:
        raise ValueError(f"winner {winner} is not a seat wind index 0-3 (E, S, W, N)")
    return {s: (3 if s == winner else -1) for s in range(4)}


def score_simple(rules: ChineseRules, ctx: WinContext) -> ScoreResult:
    """The beginner scale of 001 Part two "Scoring": a winning hand is worth 1 point
    (``fan`` = points = 1, ``base`` = 1, one item ``win``), paid as :func:`simple_payments`
    says. The hand is checked first: four sets and a pair, or a special form whose option is
    on; otherwise ``valid`` is False with the reason. Raises ``ValueError`` for a malformed
    context (:func:`validate_context`)."""
    validate_context(ctx, rules.tile_set, robbing_kong=rules.robbing_kong)
    forms = rules.special_forms()
    allowed = ("standard", *forms)
    found = [r for r in hand_checks.readings(ctx) if r.form in allowed]
    if not found and rules.bonus_win(ctx.bonus):
        return eight_flowers_result(rules, ctx.seat_wind, RULES_NAME)
    if not found:
        return ScoreResult(RULES_NAME, False, ctx.hand.notation(),
                           reason=_not_winning_reason(ctx, forms))
    # every reading is worth the same one point: show the first (four sets and a pair first)
    groups = found[0].groups
    item = ScoreItem("win", N_("Mahjong"), 1,
                     N_("001 Part two 'Scoring': beginners award 1 point to the winner of each "
                        "hand; each other player pays 1"))
    return ScoreResult(
        rules=RULES_NAME,
        valid=True,
        hand=" ".join(groups),
        fan=1,
        limit=None,
        base=1,
        items=(item,),
        decomposition=groups,
        payments=simple_payments(ctx.seat_wind),
    )


def score_mcr(rules: ChineseRules, ctx: WinContext) -> ScoreResult:
    """The Mahjong Competition Rules scale that 001 Part two "Scoring" points to
    (:mod:`.mcr_scoring`, the fan table :mod:`.mcr_fans`): the best fan total over every
    reading, flowers 1 fan each; ``valid`` only with at least 8 fan without flowers (the
    reason says how many the hand has). Payments: on a discard the discarder pays 8 + fan and
    the other two 8 each; self-drawn, each pays 8 + fan (``base`` is 8). Robbing a kong wins
    in MCR (8 fan) and is paid by the robbed player as a discard. A heavenly or earthly hand
    has no MCR fan: those flags change nothing. Raises ``ValueError`` for a malformed context.
    """
    validate_context(ctx, rules.tile_set, robbing_kong=True)
    if ctx.kong_replacement and ctx.last_tile:
        raise ValueError("a kong replacement is not the last tile of the wall")
    if ctx.last_of_kind and sum(1 for t in ctx.hand.concealed if t == ctx.win_tile) > 1:
        raise ValueError(f"the winning tile {ctx.win_tile} cannot be the last of its kind: the "
                         "concealed hand holds another copy (MCR 'Last Tile')")
    if ctx.robbing_kong and ctx.last_of_kind:
        raise ValueError("robbing a kong is not also the last of its kind: MCR counts Robbing "
                         "the Kong, which excludes Last Tile")
    result = score_mcr_context(ctx, RULES_NAME)
    if not result.valid and rules.bonus_win(ctx.bonus):
        return eight_flowers_result(rules, ctx.seat_wind, RULES_NAME)
    return result


def eight_flowers_result(rules: ChineseRules, winner: int, rules_name: str) -> ScoreResult:
    """The automatic win on all eight flowers and seasons (option ``eight_flowers``; 001 Part
    two "Flowers and Seasons": "some rules award an automatic win if a player collects all
    eight Flower and Season tiles"). Paid as a self-drawn win (docs/rules/chinese.md): on the
    simple scale 1 point from each other player; on the MCR scale a self-drawn win of 8 fan
    (the eight flowers, 1 fan each), each other player paying 8 + 8 = 16."""
    if rules.options["scoring"] == "mcr":
        items = tuple(ScoreItem("flower_tiles", N_("Flower Tiles"), 1, N_("each flower or season"))
                      for _ in range(8))
        return ScoreResult(rules_name, True, "1234f 1234g", fan=8, base=8,
                           items=(ScoreItem("eight_flowers", N_("All eight flowers and seasons"),
                                            0, N_("an automatic win")), *items),
                           decomposition=("1234f", "1234g"),
                           payments=mcr_payments(8, winner, True, None))
    item = ScoreItem("eight_flowers", N_("All eight flowers and seasons"), 1,
                     N_("an automatic win, paid as a win: each other player pays 1"))
    return ScoreResult(rules_name, True, "1234f 1234g", fan=1, base=1, items=(item,),
                       decomposition=("1234f", "1234g"), payments=simple_payments(winner))


#: Scoring scales by the name the option ``scoring`` (and ``score --scoring``) takes: a
#: function ``(rules, ctx) -> ScoreResult`` each. ``"mcr"`` is the Mahjong Competition Rules
#: the booklet points to.
SCORING_SCALES: Mapping[str, Callable[[ChineseRules, WinContext], ScoreResult]] = {
    "simple": score_simple,
    "mcr": score_mcr,
}

#: Scales known by name but not implemented yet, with what they are (for the error message).
PLANNED_SCALES: Mapping[str, str] = {}


# ----- the rule set ---------------------------------------------------------------------------


class ChineseRules(RuleSet):
    """Chinese rules of booklet 001 Part two: 144 tiles (or 136 without flowers and seasons),
    East chosen by dice, the wall broken in East's wall with two dice, no dead wall, no robbing
    of a kong, East keeps the deal only by winning.

    Options: ``rounds`` (4 = a full game of four wind rounds, "Wind rounds"; 1 = a short game
    of the East round), ``bonus_tiles`` (True: 144 tiles with flowers and seasons; False: the
    136-tile game the booklet suggests to beginners, "Flowers and Seasons"; walls then have 17
    stacks), ``seven_pairs`` and ``thirteen_orphans`` (special winning forms the booklet does
    not list; off by default), ``scoring`` (``"simple"``: one point to the winner, the
    booklet's beginner scale; see :data:`SCORING_SCALES`).
    """

    name: ClassVar[str] = "chinese"
    title: ClassVar[str] = N_("Chinese (booklet 001 Part two)")
    book: ClassVar[str] = N_("rule book 001 Part two")
    citations: ClassVar[Mapping[str, str]] = {
        "turn": N_("001 Part two 05 'Starting play', 'On your turn'"),
        "claim": N_("001 Part two 'Claiming discards': only the most recently discarded tile, "
                 "called before the next player draws"),
        "chow": N_("001 Part two 'Claiming discards': a chow only from the player immediately "
                "before you in turn order, of suit tiles ('Chows')"),
        "pung": N_("001 Part two 'Claiming discards': a pung needs two matching tiles in hand"),
        "kong": N_("001 Part two 'Kongs': three matching tiles in hand for an exposed kong, four "
                "for a concealed one, a pung and the fourth tile drawn for an added kong; a "
                "replacement tile must be available"),
        "win": N_("001 Part two 'Winning a hand': 4 sets and 1 pair"),
        "rob": N_("001 Part two 'Winning a hand': the winning tile is drawn or claimed from a "
               "discard, so an added kong cannot be robbed (docs/rules/chinese.md)"),
        "last": N_("only a Mahjong claim on the last discard (docs/rules/chinese.md)"),
        "end": N_("001 Part two 'Wind rounds'"),
        "players": N_("001 Part two: four players"),
    }
    options_spec: ClassVar[tuple[Option, ...]] = (
        *RuleSet.options_spec,
        Option("bonus_tiles", True, (True, False),
               N_("play with the 4 flowers and 4 seasons (144 tiles) or without them (136 tiles; "
               "001 Part two 'Flowers and Seasons')")),
        Option("seven_pairs", False, (False, True),
               N_("allow seven pairs of distinct values as a winning hand (not in the booklet)")),
        Option("thirteen_orphans", False, (False, True),
               N_("allow thirteen orphans as a winning hand (not in the booklet)")),
        Option("scoring", "simple", tuple(SCORING_SCALES),
               N_("scoring scale: simple = 1 point to the winner (001 Part two 'Scoring'); mcr = "
               "the Mahjong Competition Rules fan table, 8-fan minimum")),
        Option("eight_flowers", False, (False, True),
               N_("all eight flowers and seasons win at once, paid as a self-drawn win (001 Part "
               "two 'Flowers and Seasons': 'some rules award an automatic win')")),
    )

    #: 001 Part two 03: "East rolls one or two dice"; two, as for choosing East (01), so the
    #: break falls 2-12 stacks from the right end of East's wall (docs/rules/chinese.md)
    dice_count = 2
    #: no dead wall is set apart (the booklet has none): replacements for kongs ("Rules in
    #: detail") and bonus tiles ("Flowers and Seasons") come from the far end of the one wall
    dead_wall_tiles = 0
    #: 001 Part two 04: two stacks each in turn to 12 tiles, then East 2 and the others 1
    deal_rounds = ((4, 4, 4, 4), (4, 4, 4, 4), (4, 4, 4, 4), (2, 1, 1, 1))
    #: 001 Part two "Winning a hand": the winning tile is drawn or claimed from a discard; an
    #: added kong's tile is neither, so it cannot be robbed (docs/rules/chinese.md)
    robbing_kong = False
    #: 001 Part two "Dealer rotation": "If East does not win: the deal passes" (a draw too)
    dealer_keeps_on_draw = False

    @classmethod
    def variant_for(cls, options: dict[str, Any]) -> type[RuleSet]:
        """``scoring="mcr"`` plays :class:`ChineseMcrRules` (MCR's forms, robbing the kong
        and the 8-fan minimum); otherwise the class asked for."""
        if cls is ChineseRules and options.get("scoring") == "mcr":
            return ChineseMcrRules
        return cls

    def __init__(self, **options: Any) -> None:
        scoring = options.get("scoring", "simple")
        known = tuple(SCORING_SCALES)
        if scoring not in known:
            what = PLANNED_SCALES.get(scoring) if isinstance(scoring, str) else None
            choices = ", ".join(map(repr, known))
            if what:
                raise RuleSetError(_(
                    "scoring {scale} is not available for the chinese rules ({what} is planned "
                    "but not implemented yet); choose from {choices} (simple: 1 point to the "
                    "winner, 001 Part two 'Scoring')").format(scale=repr(scoring), what=what,
                                                              choices=choices))
            raise RuleSetError(_(
                "scoring {scale} is not available for the chinese rules; choose from "
                "{choices} (simple: 1 point to the winner, 001 Part two 'Scoring')").format(
                    scale=repr(scoring), choices=choices))
        super().__init__(**options)
        for o in self.options_spec:
            if isinstance(o.default, bool) and not isinstance(self.options[o.name], bool):
                raise RuleSetError(_("option {name}={value} is not allowed for the chinese "
                                     "rules; choose from True, False").format(
                    name=o.name, value=repr(self.options[o.name])))
        if not self.options["eight_flowers"]:
            # recorded only when on: records and positions made before the option replay
            # unchanged (their game_start events list the options)
            del self.options["eight_flowers"]

    # ----- tiles, seats and wall -----------------------------------------------------------

    @property
    def tile_set(self) -> TileSet:
        """144 tiles: suits, winds, dragons, 4 flowers, 4 seasons (001 Part two "Setting up
        the game"), so walls of 18 stacks (02); or 136 without flowers and seasons ("Flowers
        and Seasons"), so walls of 17 stacks."""
        return CHINESE_TILE_SET if self.options["bonus_tiles"] else CHINESE_TILE_SET_NO_BONUS

    def draw_seats(self, rng: random.Random) -> SeatDraw:
        """001 Part two 01: "Each player rolls two dice and the player with the highest total
        becomes East. If there is a tie, those players roll again until one player has the
        highest total." Only the tied players roll again. South sits on East's right, West
        opposite, North on East's left: with play counterclockwise, that is turn order, so
        player ``first_east + 1`` is South. ``detail["rolls"]`` lists each throw."""
        return seats_by_dice(rng)

    def break_wall(self, rng: random.Random) -> WallBreak:
        """001 Part two 03: East rolls the dice; "starting at the right end of East's wall,
        count the number rolled in two-tile stacks, moving towards the left. Break the wall at
        that point." Always East's wall (``wall=0``); two dice (:attr:`dice_count`)."""
        return break_east_wall(rng, self.dice_count)

    # ----- winning and scoring -------------------------------------------------------------

    def special_forms(self) -> tuple[str, ...]:
        """None by default: the booklet's winning hand is "4 sets, 1 pair" ("Winning a hand").
        Seven pairs and thirteen orphans are added by their options."""
        return tuple(f for f in ("seven_pairs", "thirteen_orphans") if self.options[f])

    def bonus_win(self, bonus: Sequence[Tile]) -> bool:
        """Option ``eight_flowers`` (001 Part two "Flowers and Seasons": "some rules award an
        automatic win if a player collects all eight Flower and Season tiles"): all eight
        exposed win; the player declares Mahjong in their turn (bots always do)."""
        return bool(self.options.get("eight_flowers")) and len(set(bonus)) == 8

    def score(self, ctx: WinContext) -> ScoreResult:
        """Score by the scale the option ``scoring`` names (:data:`SCORING_SCALES`)."""
        return SCORING_SCALES[self.options["scoring"]](self, ctx)

    def win_payments(self, worth: int, winner: int, self_drawn: bool,
                     discarder: int | None) -> dict[int, int]:
        """The beginner scale (:func:`simple_payments`): each loser pays 1, however the
        hand was won, whatever ``worth``."""
        return simple_payments(winner)


class ChineseMcrRules(ChineseRules):
    """Chinese play scored by the Mahjong Competition Rules (``scoring="mcr"``; built by
    ``get_rule_set("chinese", scoring="mcr")``). What MCR changes at the table:

    - the winning forms are MCR's (:mod:`~mahjong_table.analysis.mcr_forms`): four sets and a
      pair, seven pairs (four of a kind may be two pairs), thirteen orphans, honours and
      knitted tiles, a knitted straight with a set and a pair; the options ``seven_pairs``
      and ``thirteen_orphans`` change nothing;
    - robbing a kong wins (MCR "Robbing the Kong", 8 fan);
    - a Mahjong needs at least 8 fan without flowers in its circumstances: the engine asks
      :meth:`win_refusal` before it offers or accepts one, and the refusal says how many fan
      the hand has.
    """

    title: ClassVar[str] = N_("Chinese (booklet 001 Part two), MCR scoring")
    robbing_kong = True
    checks_win_context = True
    citations: ClassVar[Mapping[str, str]] = {
        **ChineseRules.citations,
        "win": N_("MCR (001 Part two 'Scoring'): an MCR winning form worth at least 8 fan, "
               "flowers not counted"),
        "rob": N_("MCR 'Robbing the Kong': the tile added to an exposed pung may be robbed to win"),
    }

    def special_forms(self) -> tuple[str, ...]:
        """MCR's special forms: seven pairs, thirteen orphans, honours and knitted tiles, a
        knitted straight with a set and a pair."""
        return ("seven_pairs", "thirteen_orphans", "honours_and_knitted", "knitted_straight")

    def _make_forms(self) -> Forms:
        """The MCR forms (:class:`~mahjong_table.analysis.mcr_forms.McrForms`), named after
        the rule set."""
        return McrForms(name=self.name)

    #: MCR's Self-Drawn fan (1)
    self_drawn_worth: ClassVar[int] = 1

    def win_payments(self, worth: int, winner: int, self_drawn: bool,
                     discarder: int | None) -> dict[int, int]:
        """MCR payments (:func:`.mcr_scoring.mcr_payments`): 8 + ``worth`` fan from the
        discarder (from everyone on a self-drawn win), 8 from the others."""
        return mcr_payments(worth, winner, self_drawn, discarder)

    def win_refusal(self, ctx: WinContext) -> str | None:
        """The MCR minimum: None for a win worth 8 fan or more without flowers, else the
        reason, naming the hand's fan."""
        result = self.score(ctx)
        return None if result.valid else result.reason
