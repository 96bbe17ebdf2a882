"""The rule-set protocol: what the one engine asks a rule set.

A rule set is class-level settings plus small pure functions. The engine never branches on a
rule set's name; it reads these settings and calls these methods. Subclasses (``hongkong``,
``chinese``) override what differs. Options are named, validated and recorded with every game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .._values import reduce_value
from ..i18n import N_, _
from ..melds import Meld
from ..scoring import ScoreResult, WinContext
from ..tiles import NUM_PLAYING, Tile, TileSet

if TYPE_CHECKING:  # imported where used: a scorer alone needs no shanten tables (issue 25)
    from ..analysis.shanten import Forms

__all__ = ["RuleSet", "RuleSetError", "Option", "Progress", "SeatDraw", "WallBreak", "PassStage",
           "seats_by_dice", "break_east_wall"]


class RuleSetError(ValueError):
    """An unknown rule set or an invalid rule-set option."""


@dataclass(frozen=True)
class Option:
    """A named rule-set option: its default, the allowed values and what it means."""

    name: str
    default: Any
    #: the allowed values; None for a free text value (e.g. a card file's path)
    choices: tuple[Any, ...] | None
    help: str

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


@dataclass(frozen=True)
class SeatDraw:
    """How the seats were chosen. ``first_east`` is the player (0-3) who is East in the first
    hand; players sit in turn order 0, 1, 2, 3 (counterclockwise). ``detail`` describes the draw
    for the event log (winds drawn, dice rolled)."""

    first_east: int
    detail: dict[str, Any]

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


@dataclass(frozen=True)
class WallBreak:
    """Where the wall is opened: ``dice`` rolled, the ``wall`` (seat wind 0-3 of the wall's
    owner) and the number of ``stacks`` counted from that wall's right end."""

    dice: tuple[int, ...]
    wall: int
    stacks: int

    def __init__(self, dice: tuple[int, ...], wall: int, stacks: int) -> None:
        # written out, as every hot dataclass's is (issue 25: the generated __init__ runs as
        # Python in the compiled build, 2,000-20,000 instructions an object)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "wall", wall)
        object.__setattr__(self, "stacks", stacks)

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


@dataclass(frozen=True)
class PassStage:
    """One step of the exchanges before play (the American Charleston, 001 Part one 06).

    ``kind`` is ``"pass"`` (every player in play passes ``count`` tiles face down to the
    player ``offset`` seats on in turn order: 1 right, 2 over, 3 left), ``"vote"`` (every
    player says whether to go on; unless all agree, the following stages of the same
    ``group`` are skipped), ``"courtesy_ask"`` (players opposite each other each ask for 0 to
    ``count`` tiles) or ``"courtesy_pass"`` (each pair exchanges the lower number asked).
    ``blind``: tiles just received may be passed on unseen (blind passing). ``name`` names
    the stage in events and views.
    """

    name: str
    kind: str
    offset: int = 0
    count: int = 3
    blind: bool = False
    group: int = 0

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


@dataclass(frozen=True)
class Progress:
    """Where a game stands between hands.

    ``round_wind`` 0-3 (prevailing wind), ``dealer`` the player (0-3) who is East,
    ``dealer_passes`` how many times the deal has passed in this round (0-3),
    ``hand_number`` counts hands from 0, ``finished`` is True when the game is over.
    """

    round_wind: int = 0
    dealer: int = 0
    dealer_passes: int = 0
    hand_number: int = 0
    finished: bool = False

    def __init__(self, round_wind: int = 0, dealer: int = 0, dealer_passes: int = 0,
                 hand_number: int = 0, finished: bool = False) -> None:
        # written out, as every hot dataclass's is (issue 25: the generated __init__ runs as
        # Python in the compiled build, 2,000-20,000 instructions an object)
        object.__setattr__(self, "round_wind", round_wind)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "dealer_passes", dealer_passes)
        object.__setattr__(self, "hand_number", hand_number)
        object.__setattr__(self, "finished", finished)

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


def seats_by_dice(rng: random.Random) -> SeatDraw:
    """East by dice (001 Part two 01, and the same words in Part one 01): "Each player rolls
    two dice and the player with the highest total becomes East. If there is a tie, those
    players roll again until one player has the highest total." Only the tied players roll
    again. ``detail["rolls"]`` lists each throw."""
    contenders = [0, 1, 2, 3]
    throws: list[list[dict[str, Any]]] = []
    while True:
        rolled = {p: (rng.randint(1, 6), rng.randint(1, 6)) for p in contenders}
        throws.append([{"player": p, "dice": list(d), "total": sum(d)}
                       for p, d in rolled.items()])
        best = max(sum(d) for d in rolled.values())
        contenders = [p for p, d in rolled.items() if sum(d) == best]
        if len(contenders) == 1:
            return SeatDraw(first_east=contenders[0],
                            detail={"method": "two dice each, highest is East",
                                    "rolls": throws})


def break_east_wall(rng: random.Random, dice_count: int) -> WallBreak:
    """The break in East's wall (001 Part two 03, Part one 04): East rolls ``dice_count``
    dice and counts that many stacks from the right end of East's wall."""
    dice = tuple(rng.randint(1, 6) for _ in range(dice_count))
    return WallBreak(dice=dice, wall=0, stacks=sum(dice))


class RuleSet(ABC):
    """Base rule set. Settings are class attributes; behaviour is methods.

    Settings the engine reads:

    - ``stacks_per_wall``: stacks of two in each player's wall.
    - ``dice_count``: dice thrown to break the wall.
    - ``dead_wall_tiles``: tiles kept back for replacements (14 in Hong Kong, 004 s04);
      0 means replacements are taken from the far end of the single wall.
    - ``deal_rounds``: tiles taken per player per pass of the deal, East first.
    - ``robbing_kong``: whether a player may win on the tile added to an exposed pung.
    - ``dealer_keeps_on_draw``: whether East keeps the deal after a drawn hand.
    """

    name: ClassVar[str] = "base"
    title: ClassVar[str] = "Base"
    book: ClassVar[str] = ""
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option("rounds", 4, (1, 2, 3, 4),
               N_("number of wind rounds in a game (4 = East to North)")),
    )

    dice_count: ClassVar[int] = 3
    dead_wall_tiles: ClassVar[int] = 14
    deal_rounds: ClassVar[tuple[tuple[int, int, int, int], ...]] = (
        (4, 4, 4, 4), (4, 4, 4, 4), (4, 4, 4, 4), (2, 1, 1, 1))
    robbing_kong: ClassVar[bool] = True
    dealer_keeps_on_draw: ClassVar[bool] = True

    # the family of play: the defaults are four sets and a pair (004, 001 Part two); the
    # American rule set (001 Part one) says otherwise, and the one engine reads these
    #: length of a player's concealed count array: the 34 playing kinds, or all 47 indices
    #: where flowers and jokers are hand tiles
    hand_kinds: ClassVar[int] = NUM_PLAYING
    #: tile indices exposed at once and replaced from the wall (flowers and seasons)
    bonus_kinds: ClassVar[frozenset[int]] = frozenset(range(34, 46))
    #: the claims a discard allows besides Mahjong (ActionKind values), in priority order
    claim_kinds: ClassVar[tuple[str, ...]] = ("pung", "kong", "chow")
    #: claim priority by ActionKind value; ties go to the first in turn order from the
    #: discarder
    claim_priority: ClassVar[Mapping[str, int]] = {
        "mahjong": 3, "pung": 2, "kong": 2, "chow": 1, "pass": 0}
    #: jokers may complete a claimed exposure (American)
    jokers_in_exposures: ClassVar[bool] = False
    #: concealed and added kongs are declared in one's turn (and draw a replacement)
    declared_kongs: ClassVar[bool] = True
    #: a claimed kong draws a replacement tile
    kong_replacement: ClassVar[bool] = True
    #: Mahjong may be declared in a turn that began with a claim (not only after a draw)
    mahjong_after_claim: ClassVar[bool] = False
    #: hand sizes count every tile of a meld (American); otherwise a kong counts as three
    full_meld_count: ClassVar[bool] = False
    #: a joker in an exposure may be exchanged for its natural tile (American)
    joker_exchange: ClassVar[bool] = False
    #: a drawn tile completes a hand exactly when it is one of :meth:`waits` of the thirteen
    #: tiles before the draw (true of :meth:`is_winning` and :meth:`waits` as written here,
    #: both read from :attr:`forms`); the engine then answers "does this draw win?" from the
    #: waits it already knows instead of a shanten search. A rule set whose waits leave
    #: out tiles that can win (American: jokers) sets it False.
    draw_wins_from_waits: ClassVar[bool] = True

    #: where each play rule the engine enforces is written, for its error messages; keys:
    #: turn, claim, chow, pung, kong, win, rob, last, end, players
    citations: ClassVar[Mapping[str, str]] = {
        "turn": N_("004 s05 'Spike and discard'"),
        "claim": N_("004 s05: only the last discard can be claimed, before the next draw"),
        "chow": N_("004 s05 'The four groups': a chow only on the discard of the player on "
                "your left"),
        "pung": N_("004 s05 'The four groups': a pung needs two matching tiles in hand"),
        "kong": N_("004 s05 'The four groups': a kong needs three matching tiles in hand, or "
                "four, and is declared in one's turn after drawing"),
        "win": N_("004 s05 'Priorities and Victory': four sets and a pair or a special form"),
        "rob": N_("004 s05: the tile added to an exposed pung may be robbed only to win"),
        "last": N_("only a Mahjong claim on the discard after the last live tile "
                "(docs/rules/hongkong-play.md)"),
        "end": N_("004 s07 'The rounds and the end'"),
        "players": N_("004 s02: four players"),
    }

    @classmethod
    def variant_for(cls, options: dict[str, Any]) -> type[RuleSet]:
        """The class that plays these ``options`` (:func:`~mahjong_table.rules.get_rule_set`
        builds it): ``cls`` itself unless an option selects a variant with other settings
        (Chinese ``scoring=mcr``)."""
        return cls

    def __init__(self, **options: Any) -> None:
        spec = {o.name: o for o in self.options_spec}
        unknown = set(options) - set(spec)
        if unknown:
            raise RuleSetError(_("unknown option(s) {names} for the {rules} rules; known: "
                                 "{known}").format(names=", ".join(sorted(unknown)),
                                                   rules=self.name, known=", ".join(spec)))
        self.options: dict[str, Any] = {}
        for name, o in spec.items():
            value = options.get(name, o.default)
            if o.choices is None:
                if not isinstance(value, str) or not value:
                    raise RuleSetError(_("option {name}={value} for the {rules} rules must be "
                                         "a non-empty text").format(name=name, value=repr(value),
                                                                    rules=self.name))
            elif not any(value == c and type(value) is type(c) for c in o.choices):
                raise RuleSetError(_("option {name}={value} is not allowed for the {rules} "
                                     "rules; choose from {choices}").format(
                    name=name, value=repr(value), rules=self.name,
                    choices=", ".join(map(repr, o.choices or ()))))
            self.options[name] = value

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"get_rule_set({self.name!r}{', ' if opts else ''}{opts})"

    # ----- tiles, seats and wall -----------------------------------------------------------

    @property
    @abstractmethod
    def tile_set(self) -> TileSet:
        """The physical tiles in play."""

    @property
    def stacks_per_wall(self) -> int:
        """Stacks of two in each of the four walls: 18 for 144 tiles, 17 for 136."""
        return self.tile_set.size // 8

    @property
    def uses_bonus_tiles(self) -> bool:
        return any(self.tile_set.copies[34:46])

    def draw_seats(self, rng: random.Random) -> SeatDraw:
        """Choose who is East first. Default (004 s04): one copy of each wind is mixed face
        down and each player draws one; the player who draws East is East."""
        winds = [0, 1, 2, 3]
        rng.shuffle(winds)
        return SeatDraw(first_east=winds.index(0), detail={"winds_drawn": winds})

    def break_wall(self, rng: random.Random) -> WallBreak:
        """Throw the dice and say where the wall opens. Default (004 s04): the sum of three
        dice is counted round the walls from East (1 East, 2 South, 3 West, 4 North, ...), and
        the same number of stacks is counted from the right end of that wall."""
        dice = tuple(rng.randint(1, 6) for _ in range(self.dice_count))
        total = sum(dice)
        return WallBreak(dice=dice, wall=(total - 1) % 4, stacks=total)

    def deal_tiles(self, draw: Callable[[], Tile]) -> list[list[Tile]]:
        """Deal from the wall: ``draw()`` gives the next tile in drawing order. Returns the
        tiles dealt to each seat wind (0 East .. 3 North), in the order taken.

        Default (004 s04): lots of ``deal_rounds``, East first in turn order."""
        dealt: list[list[Tile]] = [[], [], [], []]
        for lot in self.deal_rounds:
            for w in range(4):
                for _i in range(lot[w]):
                    dealt[w].append(draw())
        return dealt

    def charleston_stages(self) -> tuple[PassStage, ...]:
        """The exchanges before play, in order (none by default)."""
        return ()

    def alike(self, tile: int) -> tuple[int, ...]:
        """The tile indices interchangeable with ``tile`` (itself by default; the eight
        American flowers are alike, 001 "Flower tiles")."""
        return (tile,)

    def claimable(self, tile: int) -> bool:
        """Whether a discarded ``tile`` may be claimed at all (a discarded joker is dead,
        001 Part one "Jokers")."""
        return True

    def false_mahjong_mode(self) -> str:
        """What a Mahjong declaration that does not win does: ``"reject"`` (refused as an
        illegal action), ``"penalise"`` (the hand ends with :meth:`false_mahjong_payments`)
        or ``"dead"`` (the player's hand is dead; play goes on). From the option
        ``false_mahjong`` where the rule set has one."""
        return str(self.options.get("false_mahjong", "reject"))

    def calls_dead_hands(self) -> bool:
        """Whether a player may call another's hand dead for exposures no line can use."""
        return False

    def exposures_dead(self, melds: Sequence[Meld]) -> bool:
        """Whether exposures ``melds`` can be used by no winning hand (a dead hand)."""
        return False

    # ----- winning -------------------------------------------------------------------------

    def special_forms(self) -> tuple[str, ...]:
        """Names of the special winning forms allowed (``"seven_pairs"``,
        ``"thirteen_orphans"``)."""
        return ()

    #: the winning forms, made once by :meth:`_make_forms` (a plain attribute: the compiled
    #: build's classes keep no ``cached_property`` cache)
    _forms: Forms | None = None

    @property
    def forms(self) -> Forms:
        """The winning forms, for analysis (shanten, waits); made once per rule set."""
        forms = self._forms
        if forms is None:
            forms = self._forms = self._make_forms()
        return forms

    def _make_forms(self) -> Forms:
        special = self.special_forms()
        from ..analysis.shanten import Forms

        return Forms("seven_pairs" in special, "thirteen_orphans" in special, self.name)

    def is_winning(self, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
        """Whether concealed ``counts`` (34 kinds, winning tile included) and declared
        ``melds`` form a winning hand: four sets and a pair, or an allowed special form
        (a shanten of -1 over the rule set's :attr:`forms`)."""
        if sum(counts) + 3 * len(melds) != 14:
            return False
        return self.forms.shanten(counts, len(melds)) == -1

    def waits(self, counts: Sequence[int], melds: Sequence[Meld]) -> frozenset[int]:
        """Tile kinds that would complete the hand (13 - 3 * melds concealed tiles); empty
        unless the hand is ready (shanten 0). A kind held four times is no wait."""
        n_melds = len(melds)
        forms = self.forms
        tiles = 0
        if isinstance(counts, list):  # (a loop over a list of integers reads native
            listed: list[int] = counts  # integers; ``sum`` is a generic call, at every
            for i in range(len(listed)):  # claim window)
                tiles += listed[i]
        else:
            tiles = sum(counts)
        if tiles + 3 * n_melds != 13 or forms.shanten(counts, n_melds) != 0:
            return frozenset()
        from ..analysis.waits import draw_shanten, winning_mask

        mask = winning_mask(counts if isinstance(counts, list) else list(counts), n_melds,
                            forms)
        if mask >= 0:  # the tables' forms: the winning kinds as one mask
            kinds: list[int] = []
            k = 0
            while mask:
                if mask & 1:
                    kinds.append(k)
                mask >>= 1
                k += 1
            return frozenset(kinds)
        after = draw_shanten(counts, n_melds, forms)
        return frozenset(t for t, s in enumerate(after) if s == -1)

    #: the engine asks :meth:`win_refusal` before it offers or accepts a Mahjong (a rule set
    #: whose wins need more than the form, e.g. MCR's 8-fan minimum); off: no cost
    checks_win_context: ClassVar[bool] = False

    def win_refusal(self, ctx: WinContext) -> str | None:
        """Why a hand that :meth:`is_winning` accepts may still not be declared in the
        circumstances ``ctx`` (a rule set's minimum of fan), or None when it may. Read only
        when :attr:`checks_win_context` is set."""
        return None

    def bonus_win(self, bonus: Sequence[Tile]) -> bool:
        """Whether the bonus tiles exposed win by themselves (the Chinese option
        ``eight_flowers``: all eight flowers and seasons); the player may then declare
        Mahjong in their turn whatever the hand. False by default."""
        return False

    # ----- scoring -------------------------------------------------------------------------

    @abstractmethod
    def score(self, ctx: WinContext) -> ScoreResult:
        """Score a win. Raises ``ValueError`` for a malformed context."""

    def false_mahjong_payments(self, offender: int, discarder: int | None) -> dict[int, int]:
        """Payments (by seat wind) when ``offender`` declares Mahjong falsely."""
        return {s: 0 for s in range(4)}

    #: what a self-drawn win adds to the worth :meth:`win_payments` reads (a fan for it)
    self_drawn_worth: ClassVar[int] = 0

    def win_payments(self, worth: int, winner: int, self_drawn: bool,
                     discarder: int | None) -> dict[int, int]:
        """Payments by seat wind for a win of ``worth`` (the scorer's ``fan``: fan, or points
        on a card; limit hands already at their worth), as the rule set's payments read it.
        The judgement (:mod:`mahjong_table.judgement`) values hands it has not scored yet by
        it (an opponent's likely win, a hand still heading somewhere). Default: every other
        player pays ``worth``."""
        return {s: (3 * worth if s == winner else -worth) for s in range(4)}

    # ----- game flow -----------------------------------------------------------------------

    def first_progress(self, first_east: int) -> Progress:
        return Progress(round_wind=0, dealer=first_east)

    def next_progress(self, progress: Progress, winner_is_dealer: bool | None) -> Progress:
        """The progress after a hand. ``winner_is_dealer`` is None for a drawn hand.

        Default (004 s07 "The rounds and the end"): East keeps the deal on a win or a draw
        (``dealer_keeps_on_draw``); otherwise the next player becomes East. The prevailing wind
        advances after a full cycle of dealers; the game ends after the last round.
        """
        keeps = winner_is_dealer is True or (
            winner_is_dealer is None and self.dealer_keeps_on_draw)
        if keeps:
            return Progress(progress.round_wind, progress.dealer, progress.dealer_passes,
                            progress.hand_number + 1)
        dealer = (progress.dealer + 1) % 4
        passes = progress.dealer_passes + 1
        round_wind = progress.round_wind
        if passes == 4:
            passes = 0
            round_wind += 1
        finished = round_wind >= int(self.options.get("rounds", 4))
        return Progress(round_wind % 4, dealer, passes, progress.hand_number + 1, finished)

