"""The deterministic state machine that plays a whole game under any rule set.

State changes only through :meth:`Game.apply`, which validates first and changes nothing when
it raises :class:`~.actions.IllegalActionError`. Every change is an :class:`~.events.Event`.
Bookkeeping that needs no decision (draws, the deal, exposing flowers and seasons and drawing
their replacements, scoring, starting the next hand) is done by the engine itself.

Players are numbered 0-3 and sit in turn order (counterclockwise: 1 plays after 0). In a hand
the dealer is East and seat winds follow turn order: ``wind(p) = (p - dealer) % 4``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from .._values import reduce_value
from ..i18n import N_, _, ngettext
from ..melds import Hand, Meld, MeldKind
from ..message import shown
from ..names import meld_name
from ..rules.base import PassStage, Progress, RuleSet
from ..scoring import WIND_LETTERS, ScoreResult, WinContext
from ..tiles import (
    NUM_KINDS,
    NUM_PLAYING,
    TILES,
    Tile,
    format_tiles,
    parse_tiles,
    tiles_from_counts,
)
from ..wall import Wall, as_kind, build_wall, drawing_order
from .actions import EXPOSURE_SIZES, Action, ActionKind, IllegalActionError
from .events import Event
from .position import Position, SetUp, parse_position, set_up, stage_index
from .view import PlayerView, SeatView, view_of

if TYPE_CHECKING:
    # machine integers in the compiled build (mypyc); plain ints in pure Python, where the
    # annotations are never evaluated
    from mypy_extensions import i64

__all__ = ["Game", "Phase", "HandResult", "PlayerState"]

# shared Action instances (actions are immutable values): the engine hands out these
_TILE_ACTIONS = {
    kind: tuple(tuple(Action(kind, p, TILES[k]) for k in range(NUM_KINDS)) for p in range(4))
    for kind in (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG,
                 ActionKind.CHOW)
}
_PLAIN_ACTIONS = {
    kind: tuple(Action(kind, p) for p in range(4))
    for kind in (ActionKind.MAHJONG, ActionKind.PUNG, ActionKind.KONG, ActionKind.QUINT,
                 ActionKind.SEXTET, ActionKind.PASS, ActionKind.CHARLESTON_CONTINUE,
                 ActionKind.CHARLESTON_STOP)
}
#: exposure claims with jokers: kind -> player -> jokers -> action
_EXPOSE = {
    kind: tuple(tuple(Action(kind, p, jokers=j) for j in range(size)) for p in range(4))
    for kind, size in EXPOSURE_SIZES.items()
}
_JOKER: Final = 46
#: ``tuple.__new__``: builds an :class:`Event` from its five fields without the named tuple's
#: Python-level ``__new__`` (an event per change; issue 13)
_new_event: Final = tuple.__new__
_DISCARD = _TILE_ACTIONS[ActionKind.DISCARD]

#: the words of the actions a refusal names (English as the engine always wrote them)
_ACTION_WORDS: Final = {
    ActionKind.CHOW: N_("chow"), ActionKind.PUNG: N_("pung"), ActionKind.KONG: N_("kong"),
    ActionKind.QUINT: N_("quint"), ActionKind.SEXTET: N_("sextet"), ActionKind.PASS: N_("pass"),
    ActionKind.DISCARD: N_("discard"), ActionKind.MAHJONG: N_("mahjong"),
    # the engine's own names of these kinds, as its English has always said them
    ActionKind.CONCEALED_KONG: N_("concealed_kong"), ActionKind.ADDED_KONG: N_("added_kong"),
    ActionKind.JOKER_EXCHANGE: N_("joker_exchange"), ActionKind.CALL_DEAD: N_("call_dead"),
    ActionKind.CHARLESTON_PASS: N_("charleston_pass"),
    ActionKind.CHARLESTON_CONTINUE: N_("charleston_continue"),
    ActionKind.CHARLESTON_STOP: N_("charleston_stop"),
    ActionKind.COURTESY_ASK: N_("courtesy_ask"), ActionKind.COURTESY_PASS: N_("courtesy_pass"),
}
#: the Charleston's stages by name (001 Part one 06; 000 names them in Italian)
_STAGE_TITLES: Final = {
    "first_right": N_("first right"), "first_over": N_("first over"),
    "first_left": N_("first left"), "second_vote": N_("second vote"),
    "second_left": N_("second left"), "second_over": N_("second over"),
    "second_right": N_("second right"), "courtesy_ask": N_("courtesy ask"),
    "courtesy": N_("courtesy"),
}


def _action_word(kind: ActionKind) -> str:
    """The action ``kind`` as a refusal names it, in the language in force."""
    word = _ACTION_WORDS.get(kind)
    return _(word) if word is not None else kind.value


def stage_title(name: str) -> str:
    """A Charleston stage's name (``"first_right"``) as the player reads it, in the language
    in force (``"first right"``/``"primo passaggio a destra"``)."""
    title = _STAGE_TITLES.get(name)
    return _(title) if title is not None else name.replace("_", " ")
_CKONG = _TILE_ACTIONS[ActionKind.CONCEALED_KONG]
_AKONG = _TILE_ACTIONS[ActionKind.ADDED_KONG]
_CHOW = _TILE_ACTIONS[ActionKind.CHOW]
_MAHJONG = _PLAIN_ACTIONS[ActionKind.MAHJONG]
_PUNG = _PLAIN_ACTIONS[ActionKind.PUNG]
_KONG = _PLAIN_ACTIONS[ActionKind.KONG]
_PASS = _PLAIN_ACTIONS[ActionKind.PASS]
#: each tile's notation by kind, for the events that name a tile on every turn (``str`` of a
#: Tile runs Python code: ``Tile`` subclasses ``int`` and stays pure; issue 25)
_TILE_TEXT: Final = tuple(str(t) for t in TILES)
#: the tile constants as this module's own ``Final`` values (an imported name is a
#: dictionary look-up at every read in the compiled build)
_NUM_KINDS: Final = NUM_KINDS
_NUM_PLAYING: Final = NUM_PLAYING


class Phase(Enum):
    """``CHARLESTON``: the exchanges before play (the rule set's ``charleston_stages``; every
    player in play answers at once). ``TURN``: the current player draws/has drawn and must
    discard, declare a kong or win. ``CLAIM``: players answer the last discard. ``ROB``:
    players may rob an added kong. ``GAME_OVER``: nothing more to do."""

    CHARLESTON = "charleston"
    TURN = "turn"
    CLAIM = "claim"
    ROB = "rob"
    GAME_OVER = "game_over"


@dataclass
class PlayerState:
    """One player's tiles in the current hand. ``counts`` are the concealed tiles (by tile
    index: the 34 playing kinds, or all 47 where flowers and jokers are hand tiles);
    ``melds`` the exposed melds and declared concealed kongs; ``discards`` the pond (tiles
    claimed by others are removed from it and shown in the claimer's meld)."""

    counts: list[int] = field(default_factory=lambda: [0] * NUM_PLAYING)
    melds: list[Meld] = field(default_factory=list)
    bonus: list[Tile] = field(default_factory=list)
    discards: list[Tile] = field(default_factory=list)
    #: out of play until the next hand (a dead hand, 001 Part one "Dead hands")
    dead: bool = False

    def __init__(self, counts: list[int] | None = None, melds: list[Meld] | None = None,
                 bonus: list[Tile] | None = None, discards: list[Tile] | None = None,
                 dead: bool = False) -> None:
        # written out, as every hot dataclass's is (issue 25: the generated __init__ runs as
        # Python in the compiled build, 2,000-20,000 instructions an object)
        self.counts = [0] * NUM_PLAYING if counts is None else counts
        self.melds = [] if melds is None else melds
        self.bonus = [] if bonus is None else bonus
        self.discards = [] if discards is None else discards
        self.dead = dead

    @property
    def concealed_count(self) -> int:
        n = 0
        for c in self.counts:
            n += c
        return n

    def concealed_tiles(self) -> list[Tile]:
        return tiles_from_counts(self.counts)


@dataclass(frozen=True)
class HandResult:
    """How a hand ended. ``reason`` is ``"mahjong"``, ``"draw"`` (live wall exhausted) or
    ``"false_mahjong"``. ``payments`` by player (0-3), summing to zero."""

    hand_number: int
    round_wind: int
    dealer: int
    reason: str
    winner: int | None
    discarder: int | None
    score: ScoreResult | None
    payments: tuple[int, int, int, int]

    def __init__(self, hand_number: int, round_wind: int, dealer: int, reason: str,
                 winner: int | None, discarder: int | None, score: ScoreResult | None,
                 payments: tuple[int, int, int, int]) -> None:
        # written out, as every hot dataclass's is (issue 25: the generated __init__ runs as
        # Python in the compiled build, 2,000-20,000 instructions an object)
        object.__setattr__(self, "hand_number", hand_number)
        object.__setattr__(self, "round_wind", round_wind)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "discarder", discarder)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "payments", payments)

    def to_json(self) -> dict[str, Any]:
        return {
            "hand_number": self.hand_number,
            "round_wind": WIND_LETTERS[self.round_wind],
            "dealer": self.dealer,
            "reason": self.reason,
            "winner": self.winner,
            "discarder": self.discarder,
            "score": self.score.to_json() if self.score else None,
            "payments": list(self.payments),
        }

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


class Game:
    """A whole game (or ``max_hands`` hands) under ``rules``, reproducible from ``seed``.

    ``check_invariants`` re-checks, after every event batch, that every tile is in exactly one
    place, hand sizes are right and scores sum to zero (raises ``AssertionError`` otherwise).

    Main API: :meth:`to_act` (players whose decision is awaited), :meth:`legal_actions`,
    :meth:`apply`, :meth:`view`, :attr:`events`, :attr:`scores`, :attr:`results`;
    :meth:`from_position` sets a game up at a written position (:mod:`.position`).
    """

    #: where the game stands between hands (the next hand's number, wind, dealer)
    progress: Progress
    #: the progress when the current (or last) hand started: its number, wind, dealer
    hand_progress: Progress

    def __init__(self, rules: RuleSet, seed: int | str = 0, *, max_hands: int | None = None,
                 check_invariants: bool = False, names: list[str] | None = None,
                 wall_order: Sequence[Tile] | str | None = None,
                 legacy_windows: bool = False, hold_windows: bool = False,
                 _set_up: SetUp | None = None) -> None:
        """``wall_order``: the first hand's wall as built, tile by tile (East's wall first,
        each wall from its right end, top then bottom of each stack; mpsz text or tiles), so
        that the deal, the draws and every replacement follow from it; the dice still come
        from the seed. Raises ``ValueError`` if it is not exactly the rule set's tiles.

        ``legacy_windows`` replays records of version 1, written when a claim or rob window
        was announced only if somebody could claim (which told the table so).

        ``hold_windows``: a claim or rob window that nobody may answer is held open (phase
        ``claim`` or ``rob``, :meth:`to_act` empty, every view showing the tile on offer) until
        :meth:`close_window`, instead of being closed at once; so every claimable discard and
        every added kong (under robbing rules) gives the same state to a seat not asked,
        whoever may claim (the parallel learning environment pads its windows so, issue 44).
        Off by default: the events and the game are the same either way.

        ``_set_up`` is :meth:`from_position`'s: a checked position to start from."""
        self._init(rules, seed, max_hands, check_invariants, names)
        self.legacy_windows = legacy_windows
        self.hold_windows = hold_windows
        self._wall_order: list[Tile] | None = None
        if _set_up is not None:
            self._start_position(_set_up)
            return
        if wall_order is not None:
            order = parse_tiles(wall_order) if isinstance(wall_order, str) else list(wall_order)
            want = sorted(rules.tile_set.all_tiles())
            if sorted(order) != want:
                extra = Counter(order) - Counter(want)
                missing = Counter(want) - Counter(order)
                raise ValueError(
                    f"the wall order is not the {rules.tile_set.name} tile set "
                    f"({len(order)} tiles; too many: {format_tiles(sorted(extra.elements()))}"
                    f" or none; missing: {format_tiles(sorted(missing.elements()))} or none)")
            self._wall_order = order
        seat_draw = rules.draw_seats(random.Random(f"{seed}/seats"))
        self.progress = rules.first_progress(seat_draw.first_east)
        self.hand_progress = self.progress
        self._emit("game_start", None, rules=rules.name, options=dict(rules.options),
                   seed=seed, first_east=seat_draw.first_east, seat_draw=seat_draw.detail,
                   names=list(self.names))
        self._start_hand()

    @classmethod
    def from_position(cls, position: str | Position, seed: int | str = 0, *,
                      max_hands: int | None = None, check_invariants: bool = False,
                      names: list[str] | None = None) -> Game:
        """A game set up at ``position`` (text as :mod:`.position` describes, or a parsed
        :class:`~.position.Position`); what the position leaves unsaid (random hands, the rest
        of the wall) is dealt from the unseen tiles with ``seed``. The hand plays on from
        there and the game continues with the hands after it. Raises
        :class:`~.position.PositionError` naming what is wrong."""
        pos = parse_position(position) if isinstance(position, str) else position
        setup = set_up(pos, seed)
        game = cls(setup.rules, seed, max_hands=max_hands, check_invariants=check_invariants,
                   names=names or (list(pos.names) if pos.names else None), _set_up=setup)
        game.position_text = position if isinstance(position, str) else None
        return game

    def _init(self, rules: RuleSet, seed: int | str, max_hands: int | None,
              check_invariants: bool, names: list[str] | None) -> None:
        self.rules = rules
        self.seed = seed
        self.max_hands = max_hands
        self.check_invariants = check_invariants
        self.names = names or [f"Player {i}" for i in range(4)]
        #: the winning forms besides four sets and a pair (public, shown in views)
        self.special_forms: tuple[str, ...] = rules.special_forms()
        #: the copies of each kind in the rule set's tile set, as a list (the invariant
        #: check reads it kind by kind at every action: a list of integers reads natively)
        self._copies: list[int] = list(rules.tile_set.copies)
        # what the rule set says, read once
        self._bonus = [k in rules.bonus_kinds for k in range(NUM_KINDS)]
        self._alike = [rules.alike(k) for k in range(NUM_KINDS)]
        self._claims = tuple(ActionKind(k) for k in rules.claim_kinds)
        #: per claim kind: (is a chow, is a kong, tiles needed from the hand, the plain claim
        #: per player, the claims with 0.. jokers per player), so that offering claims looks
        #: nothing up by kind (issue 13)
        self._claim_table: tuple[tuple[bool, bool, int, tuple[Action, ...],
                                       tuple[tuple[Action, ...], ...]], ...] = tuple(
            (k is ActionKind.CHOW, k is ActionKind.KONG, EXPOSURE_SIZES.get(k, 1) - 1,
             _PLAIN_ACTIONS.get(k, ()), _EXPOSE.get(k, ()))
            for k in self._claims)
        # a discard no exposure can take, read at once: with no jokers in exposures and
        # every kind alike only to itself, a claim other than a chow needs at least
        # ``_least_need`` tiles of the discard's own kind (issue 25)
        self._plain_claims = not rules.jokers_in_exposures and all(
            len(a) == 1 for a in self._alike)
        self._least_need = min((need for is_chow, _, need, _, _ in self._claim_table
                                if not is_chow), default=NUM_KINDS)
        self._has_chow = any(is_chow for is_chow, *_ in self._claim_table)
        self._priority = {ActionKind(k): v for k, v in rules.claim_priority.items()}
        self._stages: tuple[PassStage, ...] = rules.charleston_stages()
        self.events: list[Event] = []
        #: the seats whose public state changed since the views last read it, one bit each
        self._dirty_seats = 0b1111
        self.actions: list[Action] = []
        #: for each action, the number of events that came before it (for records)
        self.action_marks: list[int] = []
        self.scores = [0, 0, 0, 0]
        self.results: list[HandResult] = []
        #: how many of :attr:`results` :meth:`assert_invariants` has checked (a result never
        #: changes once made: each is checked once, not at every action)
        self._results_checked = 0
        self.progress = Progress()
        self.hand_progress = self.progress
        #: the position the game was set up from (None for a game from its seed)
        self.position_text: str | None = None
        # hand state (set by _start_hand)
        self.phase = Phase.TURN
        self.wall: Wall
        self.players: list[PlayerState] = []
        self.current = 0
        self.drew = False
        self.replacement_draw = False
        self.last_draw: Tile | None = None
        self.last_discard: Tile | None = None
        self.discarder: int | None = None
        self.rob_tile: Tile | None = None
        self.pending: dict[int, list[Action]] = {}
        self.responses: dict[int, Action] = {}
        self.discards_made = 0
        self.declarations = 0
        #: the Charleston stage under way (index into the rule set's stages), if any
        self.stage_index: int | None = None
        #: tiles each player received in the last pass (what a blind pass may pass on)
        self._received: list[list[Tile]] = [[], [], [], []]
        #: courtesy numbers agreed by each player (after the courtesy asks)
        self._courtesy: list[int] = [0, 0, 0, 0]
        #: a joker exchange was made in the current turn (a win then is paid as self-drawn)
        self.exchanged = False
        #: the discarder of the tile claimed for the current turn's exposure, if any
        self.claimed_from: int | None = None
        self._turn_cache: list[Action] | None = None
        self._seat_cache: tuple[int, tuple[SeatView, ...]] | None = None
        self._waits_cache: list[frozenset[int] | None] = [None] * 4

    # ----- public queries ------------------------------------------------------------------

    @property
    def dealer(self) -> int:
        return self.hand_progress.dealer

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def stage(self) -> PassStage | None:
        """The Charleston stage under way (None outside the Charleston)."""
        if self.phase is Phase.CHARLESTON and self.stage_index is not None:
            return self._stages[self.stage_index]
        return None

    def received_in_last_pass(self, player: int) -> tuple[Tile, ...]:
        """In the Charleston: the tiles ``player`` received in the last pass, sorted (what a
        blind pass may pass on unseen); empty outside it. It is ``player``'s own business:
        positions, which see everything, carry it; views of other players never do."""
        return tuple(self._received[player]) if self.phase is Phase.CHARLESTON else ()

    def courtesy_number(self, player: int) -> int:
        """In a courtesy pass: the number of tiles ``player`` passes (the lower of the numbers
        asked by the two players opposite each other, 001 Part one 06); 0 otherwise."""
        stage = self.stage
        if stage is None or stage.kind != "courtesy_pass":
            return 0
        return self._courtesy[player]

    def wind_of(self, player: int) -> int:
        """Seat wind (0 East .. 3 North) of ``player`` in the current hand."""
        return (player - self.hand_progress.dealer) % 4

    def player_of_wind(self, wind: int) -> int:
        return (self.hand_progress.dealer + wind) % 4

    def to_act(self) -> list[int]:
        """Players whose action is awaited: the current player in a turn, or every player
        still to answer a claim, rob or Charleston stage. Empty when the game is over."""
        if self.phase is Phase.TURN:
            return [self.current]
        if self.phase in (Phase.CLAIM, Phase.ROB, Phase.CHARLESTON):
            return [p for p in self.pending if p not in self.responses]
        return []

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see: their own tiles and public information only."""
        return view_of(self, player)

    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now (empty when it is not their decision)."""
        return list(self._legal(player))

    def _legal(self, player: int) -> Sequence[Action]:
        """The engine's own (not to be mutated) sequence of ``player``'s legal actions."""
        if self.phase is Phase.TURN:
            if player != self.current:
                return ()
            if self._turn_cache is None:
                self._turn_cache = self._turn_actions()
            return self._turn_cache
        if (self.phase in (Phase.CLAIM, Phase.ROB, Phase.CHARLESTON) and player in self.pending
                and player not in self.responses):
            opts = self.pending[player]
            if not opts and self.phase is Phase.CHARLESTON:
                opts = self.pending[player] = self._stage_actions(player)
            return opts
        return ()

    # ----- applying actions ----------------------------------------------------------------

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` (citing the rule) if ``action`` is illegal now."""
        if self.phase is Phase.GAME_OVER:
            raise IllegalActionError(_("the game is over"), self.rules.citations["end"])
        p = action.player
        if not 0 <= p < 4:
            raise IllegalActionError(_("player {p} does not exist").format(p=p),
                                     self.rules.citations["players"])
        if self.phase is Phase.CHARLESTON:
            # a pass is checked directly: its legal actions are many combinations
            if p in self.pending and p not in self.responses and self._stage_allows(action):
                return
            raise IllegalActionError(*self._why_illegal(action))
        options = self._legal(p)
        # the engine hands out shared Action instances: identity first, equality second
        for a in options:
            if a is action:
                return
        if action in options:
            return
        if action.kind is ActionKind.MAHJONG and self._false_mahjong_allowed(p):
            return
        raise IllegalActionError(*self._why_illegal(action))

    def can_apply(self, action: Action) -> bool:
        """True if :meth:`apply` would accept ``action``."""
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action) -> list[Event]:
        """Validate then perform ``action``; return the events it caused (including any
        automatic bookkeeping that followed). Raises :class:`IllegalActionError` and changes
        nothing if the action is illegal."""
        self.verify(action)
        start = len(self.events)
        self.actions.append(action)
        self.action_marks.append(start)
        self._turn_cache = None
        if self.phase is Phase.TURN:
            self._apply_turn(action)
        elif self.phase is Phase.CHARLESTON:
            self._apply_stage(action)
        else:
            self._apply_response(action)
        self._turn_cache = None
        if self.check_invariants:
            self.assert_invariants()
        return self.events[start:]

    # ----- the hand ------------------------------------------------------------------------

    def _emit(self, etype: str, player: int | None, private: bool = False,
              secret: bool = False, **data: Any) -> None:
        self.events.append(_new_event(Event, (etype, player, data, private, secret)))
        # every change of a seat's public state is an event naming that seat (as its player
        # or as the discarder whose tile was taken); views rebuild only those seats
        if not secret:
            if player is not None:
                self._dirty_seats |= 1 << player
            d = data.get("discarder")
            if d is not None:
                self._dirty_seats |= 1 << d
            o = data.get("target")
            if o is not None:
                self._dirty_seats |= 1 << o
            if etype in ("hand_start", "hand_end", "charleston_pass", "courtesy_pass"):
                self._dirty_seats = 0b1111

    def _start_hand(self) -> None:
        rules = self.rules
        prog = self.hand_progress = self.progress
        rng = random.Random(f"{self.seed}/hand/{prog.hand_number}")
        brk = rules.break_wall(rng)
        order = self._wall_order if not self.results else None
        self.wall = build_wall(order or rules.tile_set.all_tiles(), rng,
                               stacks_per_wall=rules.stacks_per_wall, wall=brk.wall,
                               stacks=brk.stacks, dead_wall_tiles=rules.dead_wall_tiles,
                               mixed=order is None)
        self.players = [PlayerState(counts=[0] * rules.hand_kinds) for _ in range(4)]
        self._waits_cache = [None] * 4
        self.phase = Phase.TURN
        self.current = prog.dealer
        self.drew = True  # East's fourteenth tile counts as drawn (heavenly hand, 004 s07)
        self.replacement_draw = False
        self.last_draw = None
        self.last_discard = None
        self.discarder = None
        self.rob_tile = None
        self.pending = {}
        self.responses = {}
        self.discards_made = 0
        self.declarations = 0
        self.stage_index = None
        self._received = [[], [], [], []]
        self._courtesy = [0, 0, 0, 0]
        self.exchanged = False
        self.claimed_from = None
        self._emit("hand_start", None, hand_number=prog.hand_number,
                   round_wind=WIND_LETTERS[prog.round_wind], dealer=prog.dealer,
                   winds=[WIND_LETTERS[self.wind_of(x)] for x in range(4)],
                   dice=list(brk.dice), break_wall=WIND_LETTERS[brk.wall],
                   break_stacks=brk.stacks, live_wall=self.wall.live_remaining,
                   dead_wall=self.wall.dead_remaining)
        # the deal (004 s04; 001 Part one 05): as the rule set deals, East first
        by_wind = rules.deal_tiles(self.wall.draw)
        dealt: list[list[Tile]] = [by_wind[self.wind_of(p)] for p in range(4)]
        for w in range(4):
            p = self.player_of_wind(w)
            for t in dealt[p]:
                self._add_tile(p, t)
            self._emit("deal", p, private=True, tiles=format_tiles(sorted(dealt[p])),
                       count=len(dealt[p]))
        # bonus tiles: exposed and replaced, East first, again while a bonus comes (004 s04)
        for w in range(4):
            p = self.player_of_wind(w)
            for t in sorted(dealt[p]):
                if self._bonus[t]:
                    replaced = self._expose_bonus(p, t)
                    assert replaced, "the deal leaves tiles to replace bonus tiles"
        self.last_draw = None
        if self._stages:
            self._open_stage(0)

    def _start_position(self, setup: SetUp) -> None:
        """Set the hand up at a checked position (see :mod:`.position`)."""
        pos = setup.position
        rules = self.rules
        prog = Progress(pos.round_wind, pos.dealer, pos.passes, pos.hand_number)
        self.progress = self.hand_progress = prog
        self.scores = list(pos.scores)
        self._emit("game_start", None, rules=rules.name, options=dict(rules.options),
                   seed=self.seed, first_east=pos.dealer, seat_draw={"method": "position"},
                   names=list(self.names))
        self.wall = Wall.resumed(setup.taken, setup.wall, pos.replacements,
                                 drawing_order(rules.stacks_per_wall, 0, 0),
                                 rules.dead_wall_tiles)
        self.players = []
        for p, seat in enumerate(pos.seats):
            ps = PlayerState(counts=[0] * rules.hand_kinds, melds=list(seat.melds),
                             bonus=list(seat.bonus), discards=list(seat.discards),
                             dead=seat.dead)
            for t in setup.concealed[p]:
                ps.counts[t] += 1
            self.players.append(ps)
        self._waits_cache = [None] * 4
        turn = pos.turn if pos.turn is not None else pos.dealer
        self.current = turn
        self.phase = Phase.TURN
        # East's fourteenth tile counts as drawn before and in the Charleston too
        self.drew = pos.how in ("drew", "replacement", "plain", "rob", "charleston")
        self.replacement_draw = pos.how == "replacement"
        self.last_draw = pos.tile if pos.how in ("drew", "replacement") else None
        self.last_discard = None
        self.discarder = None
        self.rob_tile = None
        self.pending = {}
        self.responses = {}
        melds = [m for ps in self.players for m in ps.melds]
        claimed = [m for m in melds if m.source is not None]
        self.discards_made = sum(len(ps.discards) for ps in self.players) + len(claimed)
        self.declarations = len(melds)
        self.stage_index = None
        self._received = [sorted(seat.received) for seat in pos.seats]
        self._courtesy = list(pos.courtesy)
        self.exchanged = pos.exchanged
        self.claimed_from = None
        if pos.how == "claimed":
            last = next(m for m in reversed(self.players[turn].melds) if m.source is not None)
            assert last.source is not None
            self.claimed_from = (turn - last.source) % 4
        self._emit("hand_start", None, hand_number=prog.hand_number,
                   round_wind=WIND_LETTERS[prog.round_wind], dealer=prog.dealer,
                   winds=[WIND_LETTERS[self.wind_of(x)] for x in range(4)],
                   dice=[], break_wall=WIND_LETTERS[0], break_stacks=0,
                   live_wall=self.wall.live_remaining, dead_wall=self.wall.dead_remaining,
                   position=True)
        for w in range(4):
            p = self.player_of_wind(w)
            ps = self.players[p]
            self._emit("seat", p, private=True, tiles=format_tiles(ps.concealed_tiles()),
                       count=ps.concealed_count, melds=[m.notation() for m in ps.melds],
                       bonus=format_tiles(ps.bonus), discards=format_tiles(ps.discards),
                       dead=ps.dead)
        if pos.how == "draws":
            self._after_no_claim((turn - 1) % 4)  # the turn player draws next
        elif pos.how == "discard":
            assert pos.tile is not None
            self.discarder = turn
            self.last_discard = pos.tile
            self.drew = False
            self._open_claims(turn, pos.tile)
        elif pos.how == "rob":
            assert pos.tile is not None
            self._open_rob(turn, pos.tile)
        elif pos.how == "charleston":
            self._open_stage(stage_index(rules, pos.stage or ""))

    def _add_tile(self, p: int, t: Tile) -> None:
        if self._bonus[t]:
            return  # held aside until exposed
        self.players[p].counts[t] += 1

    def _expose_bonus(self, p: int, t: Tile) -> bool:
        """Expose bonus tile ``t`` and draw its replacement, repeating while bonus tiles come
        (004 s04, s05: "expose them immediately and replace them from the dead wall").

        Returns False when no tile is left for the replacement (possible only with no dead
        wall, when the last tile of the wall was a bonus tile): the caller ends the hand as a
        draw, the live wall being exhausted (001 Part two "End of the hand")."""
        while True:
            self.players[p].bonus.append(t)
            self._emit("bonus", p, tile=str(t))
            if self.wall.remaining <= 0:
                return False
            t = self.wall.draw_replacement()
            self._emit("replacement", p, private=True, tile=_TILE_TEXT[as_kind(t)], reason="bonus",
                       live_wall=self.wall.live_remaining, dead_wall=self.wall.dead_remaining)
            if not self._bonus[t]:
                self.players[p].counts[t] += 1
                self.last_draw = t
                return True

    def _draw_for(self, p: int, *, replacement: bool) -> None:
        """``p`` draws from the live wall (or a replacement after a kong) and exposes any
        bonus tile with its replacement."""
        if replacement:
            t = self.wall.draw_replacement()
            self._emit("replacement", p, private=True, tile=_TILE_TEXT[as_kind(t)], reason="kong",
                       live_wall=self.wall.live_remaining, dead_wall=self.wall.dead_remaining)
        else:
            t = self.wall.draw()
            self._emit("draw", p, private=True, tile=_TILE_TEXT[as_kind(t)],
                       live_wall=self.wall.live_remaining, dead_wall=self.wall.dead_remaining)
        if self._bonus[t]:
            if not self._expose_bonus(p, t):
                self._draw_hand()
                return
        else:
            self.players[p].counts[t] += 1
            self.last_draw = t
        self.current = p
        self.phase = Phase.TURN
        self.drew = True
        self.replacement_draw = replacement
        self.exchanged = False
        self.claimed_from = None

    def _can_replace(self) -> bool:
        """Whether a kong's replacement tile can still be drawn."""
        if self.rules.dead_wall_tiles:
            return self.wall.dead_remaining > 0
        return self.wall.live_remaining > 0

    def _next_in_play(self, p: int) -> int | None:
        """The next player after ``p`` in turn order whose hand is not dead (``p`` itself
        when all others are dead; None when every hand is dead)."""
        for i in range(1, 5):
            q = (p + i) % 4
            if not self.players[q].dead:
                return q
        return None

    # ----- the Charleston (001 Part one 06), for rule sets that have one -------------------

    def _open_stage(self, index: int) -> None:
        """Open Charleston stage ``index`` (skipping courtesy passes nobody makes); start
        play when no stage is left."""
        stages = self._stages
        while index < len(stages):
            stage = stages[index]
            askers = [p for p in range(4) if not self.players[p].dead]
            if stage.kind == "courtesy_pass":
                askers = [p for p in askers if self._courtesy[p] > 0]
            if askers:
                self.phase = Phase.CHARLESTON
                self.stage_index = index
                # actions are listed when first asked for (a pass has many combinations)
                self.pending = {p: [] for p in askers}
                self.responses = {}
                self._emit("charleston_stage", None, stage=stage.name, kind=stage.kind,
                           offset=stage.offset, count=stage.count, blind=stage.blind)
                return
            index += 1
        self.stage_index = None
        self.pending = {}
        self.responses = {}
        self._received = [[], [], [], []]
        self._emit("play_start", None)
        # East begins by discarding (001 Part one 07): East's fourteenth tile counts as drawn
        self.phase = Phase.TURN
        self.current = self.dealer
        self.drew = True
        self.last_draw = None

    def _passable(self, p: int) -> list[Tile]:
        """The tiles ``p`` may pass: any but jokers (001 Part one 06 "Jokers cannot be
        passed")."""
        return [t for t in tiles_from_counts(self.players[p].counts) if t != _JOKER]

    def _stage_actions(self, p: int) -> list[Action]:
        stage = self._stages[self.stage_index or 0]
        acts: list[Action] = []
        if stage.kind == "vote":
            return [_PLAIN_ACTIONS[ActionKind.CHARLESTON_CONTINUE][p],
                    _PLAIN_ACTIONS[ActionKind.CHARLESTON_STOP][p]]
        if stage.kind == "courtesy_ask":
            return [Action(ActionKind.COURTESY_ASK, p, number=n)
                    for n in range(stage.count + 1)]
        if self._may_declare_before_charleston(p):
            acts.append(_MAHJONG[p])
        tiles = self._passable(p)
        kind = ActionKind.CHARLESTON_PASS if stage.kind == "pass" else ActionKind.COURTESY_PASS
        n = stage.count if stage.kind == "pass" else self._courtesy[p]
        blinds = range(min(n, len(self._received[p])) + 1) if stage.blind else range(1)
        for blind in blinds:
            for combo in sorted(set(combinations(tiles, n - blind))):
                acts.append(Action(kind, p, tiles=combo, number=blind or None))
        return acts

    def _may_declare_before_charleston(self, p: int) -> bool:
        """East's dealt hand that already wins may be declared before the Charleston (issue
        reading of 001 Part one 06; docs/rules/american.md)."""
        return (self.stage_index == 0 and p == self.dealer
                and self.rules.is_winning(self.players[p].counts, self.players[p].melds))

    def _stage_allows(self, a: Action) -> bool:
        stage = self._stages[self.stage_index or 0]
        p = a.player
        if stage.kind in ("vote", "courtesy_ask"):
            return a in self._stage_actions(p)
        if a.kind is ActionKind.MAHJONG:
            return self._may_declare_before_charleston(p)
        kind = ActionKind.CHARLESTON_PASS if stage.kind == "pass" else ActionKind.COURTESY_PASS
        n = stage.count if stage.kind == "pass" else self._courtesy[p]
        blind = a.number or 0
        if a.kind is not kind or a.tile is not None or a.jokers or a.target is not None:
            return False
        if blind and (not stage.blind or blind > len(self._received[p]) or blind > n):
            return False
        if blind < 0 or len(a.tiles) != n - blind:
            return False
        have = list(self.players[p].counts)
        for t in a.tiles:
            if t == _JOKER or t >= len(have) or have[t] <= 0:
                return False
            have[t] -= 1
        return True

    def _apply_stage(self, a: Action) -> None:
        p = a.player
        stage = self._stages[self.stage_index or 0]
        if a.kind is ActionKind.MAHJONG:
            self._emit("declare_mahjong", p, self_drawn=True)
            self._win(p, None, self._any_tile(p), robbing=False)
            return
        self.responses[p] = a
        # what a player passes or asks for is theirs alone until the stage resolves
        data: dict[str, Any] = {"action": a.kind.value}
        if a.tiles:
            data["tiles"] = format_tiles(a.tiles)
        if a.number is not None:
            data["number"] = a.number
        self._emit("respond", p, secret=True, **data)
        if len(self.responses) < len(self.pending):
            return
        index = self.stage_index or 0
        if stage.kind == "vote":
            agreed = all(r.kind is ActionKind.CHARLESTON_CONTINUE
                         for r in self.responses.values())
            # only the outcome is told: who stopped the Charleston stays unsaid
            self._emit("charleston_vote", None, stage=stage.name, agreed=agreed)
            index += 1
            if not agreed:
                while index < len(self._stages) and self._stages[index].group == stage.group:
                    index += 1
            self._open_stage(index)
            return
        if stage.kind == "courtesy_ask":
            asked = {q: r.number or 0 for q, r in self.responses.items()}
            self._courtesy = [0, 0, 0, 0]
            for q in asked:
                o = (q + stage.offset) % 4
                n = min(asked[q], asked.get(o, 0))
                self._courtesy[q] = n
            for q in asked:
                self._emit("courtesy_agreed", q, secret=True, number=self._courtesy[q],
                           partner=(q + stage.offset) % 4)
            self._open_stage(index + 1)
            return
        self._resolve_pass(stage)
        self._open_stage(index + 1)

    def _resolve_pass(self, stage: PassStage) -> None:
        """Move the tiles of a pass stage, all at once (001 Part one 06: "Players pass tiles
        face down and simultaneously").

        A blind pass of k (the option ``blind_pass``; docs/rules/american.md) passes on, unseen,
        k of the tiles arriving in this same pass. It is resolved as at the table: every player
        lays down the tiles chosen from the hand; then, going round from East until nothing
        moves, each blind passer moves tiles from the pile arriving for them onto their own
        pile, first come first, never a tile they laid down themselves (it has come home, and
        its owner keeps it). Each player then takes the pile that lies before them: every hand
        keeps its size, whatever the blind counts (all 256 combinations are tested).
        """
        offset = stage.offset or 2  # a courtesy pass goes to the player opposite
        givers = dict(self.responses)
        source = {(q + offset) % 4: q for q in givers}  # receiver -> giver
        piles: dict[int, list[tuple[int, Tile]]] = {
            q: [(q, t) for t in givers[q].tiles] for q in givers}
        owed = {q: givers[q].number or 0 for q in givers}
        order = [self.player_of_wind(w) for w in range(4)]
        moved = True
        while moved:
            moved = False
            for q in order:
                if owed.get(q, 0) <= 0 or q not in source:
                    continue
                arriving = piles[source[q]]
                i = 0
                while owed[q] > 0 and i < len(arriving):
                    if arriving[i][0] == q:
                        i += 1
                        continue
                    piles[q].append(arriving.pop(i))
                    owed[q] -= 1
                    moved = True
        received: list[list[Tile]] = [[], [], [], []]
        for q, pile in piles.items():
            received[(q + offset) % 4] = sorted(t for _, t in pile)
        for q in givers:
            for t in givers[q].tiles:
                self.players[q].counts[t] -= 1
        for q in range(4):
            for t in received[q]:
                self.players[q].counts[t] += 1
        for q in sorted(givers, key=self.wind_of):
            r = givers[q]
            to = (q + offset) % 4
            self._emit("passed", q, secret=True, stage=stage.name, to=to,
                       tiles=format_tiles(r.tiles), blind=r.number or 0)
            self._emit("received", to, secret=True, stage=stage.name, source=q,
                       tiles=format_tiles(received[to]))
        pass_event = "charleston_pass" if stage.kind == "pass" else "courtesy_pass"
        self._emit(pass_event, None, stage=stage.name,
                   passes={str(q): len(givers[q].tiles) + (givers[q].number or 0)
                           for q in sorted(givers)})
        self._received = received
        self._waits_cache = [None] * 4

    # ----- turn actions --------------------------------------------------------------------

    def _turn_actions(self) -> list[Action]:
        p = self.current
        rules = self.rules
        ps = self.players[p]
        counts = ps.counts
        acts: list[Action] = []
        if (((self.drew or rules.mahjong_after_claim) and self._hand_wins(p)
                and (not rules.checks_win_context or self._turn_refusal(p) is None))
                or (self.drew and ps.bonus and rules.bonus_win(ps.bonus))):
            acts.append(_MAHJONG[p])
        if self.drew and rules.declared_kongs and self._can_replace():
            four = False  # (a loop over native integers: ``4 in counts`` compares objects)
            for c in counts:
                if c == 4:
                    four = True
                    break
            if four:
                acts.extend([_CKONG[p][k] for k in range(NUM_PLAYING) if counts[k] == 4])
            for m in ps.melds:
                if m.kind is MeldKind.PUNG and counts[m.tile]:
                    acts.append(_AKONG[p][m.tile])
        if rules.joker_exchange:
            acts.extend(self._joker_exchanges(p))
        if rules.calls_dead_hands():
            for i in range(1, 4):
                q = (p + i) % 4
                qs = self.players[q]
                if not qs.dead and qs.melds and rules.exposures_dead(qs.melds):
                    acts.append(Action(ActionKind.CALL_DEAD, p, target=q))
        discards = _DISCARD[p]
        for k in range(min(len(discards), len(counts))):  # (what zip would pair)
            if counts[k]:
                acts.append(discards[k])
        return acts

    def _hand_wins(self, p: int) -> bool:
        """Whether ``p``'s concealed tiles and exposures form a winning hand (the rule set's
        :meth:`~.RuleSet.is_winning`).

        After a draw from the live wall the answer is read from ``p``'s waits when they are
        known (issue 25: a draw that wins is one of the waits of the thirteen tiles before
        it, for a rule set with ``draw_wins_from_waits``): those waits were computed, for
        the claim window of a discard, on ``p``'s hand after their last discard, and nothing
        changes a hand between a player's discard and their next draw from the live wall (a
        claim gives a turn without a draw; a replacement draw follows a kong, so it is not
        read this way)."""
        ps = self.players[p]
        t = self.last_draw
        if (self.drew and not self.replacement_draw and t is not None
                and self.rules.draw_wins_from_waits):
            cached = self._waits_cache[p]
            if cached is not None:
                return as_kind(t) in cached
        return self.rules.is_winning(ps.counts, ps.melds)

    def _turn_refusal(self, p: int) -> str | None:
        """Why ``p``'s complete hand may not be declared in this turn (the rule set's
        context check), or None."""
        if not self.rules.checks_win_context:
            return None
        d = None
        if self.exchanged:
            d = self.claimed_from if self.claimed_from is not None else self.discarder
        elif not self.drew:
            d = self.claimed_from
        return self._win_refused(p, d, self._winning_tile(p), robbing=False, pending=False)

    def _joker_exchanges(self, p: int) -> list[Action]:
        """001 Part one "Joker exchange": a joker in any exposure (one's own too) for the
        matching natural tile from one's hand, in one's turn, several per turn."""
        counts = self.players[p].counts
        acts: list[Action] = []
        for q in range(4):
            done: set[int] = set()
            for m in self.players[q].melds:
                if _JOKER not in m.tiles:
                    continue
                for t in self._alike[m.tile]:
                    if t not in done and counts[t]:
                        done.add(t)
                        acts.append(Action(ActionKind.JOKER_EXCHANGE, p, TILES[t], target=q))
        return acts

    def _apply_turn(self, a: Action) -> None:
        p = a.player
        ps = self.players[p]
        if a.kind is ActionKind.DISCARD:
            assert a.tile is not None
            ps.counts[a.tile] -= 1
            self._waits_cache[p] = None
            ps.discards.append(a.tile)
            self.discards_made += 1
            self.last_discard = a.tile
            self.discarder = p
            self.drew = False
            self.exchanged = False
            self.claimed_from = None
            self._emit("discard", p, tile=_TILE_TEXT[as_kind(a.tile)])
            self._open_claims(p, a.tile)
        elif a.kind is ActionKind.MAHJONG:
            self._emit("declare_mahjong", p, self_drawn=True)
            if self.rules.is_winning(ps.counts, ps.melds) or (
                    ps.bonus and self.drew and self.rules.bonus_win(ps.bonus)):
                d = None
                if self.exchanged:
                    # right after a joker exchange: the rule set says whether the last
                    # discarder pays as on a discard (American option joker_exchange_win)
                    d = self.claimed_from if self.claimed_from is not None else self.discarder
                    if d == p:
                        # the last discard was p's own: the other three hands are dead and
                        # the turn came back to p (001 Part one "Dead hands"), so nobody
                        # else discarded and the win is self-drawn
                        d = None
                elif not self.drew:
                    d = self.claimed_from  # completed by the claimed tile itself
                self._win(p, d, self._winning_tile(p), robbing=False)
            else:
                self._false_mahjong(p, None)
        elif a.kind is ActionKind.CONCEALED_KONG:
            assert a.tile is not None
            ps.counts[a.tile] -= 4
            ps.melds.append(Meld(MeldKind.KONG, (a.tile,) * 4, exposed=False))
            self.declarations += 1
            self._emit("concealed_kong", p, meld=f"({format_tiles((a.tile,) * 4)})")
            self._draw_for(p, replacement=True)
        elif a.kind is ActionKind.ADDED_KONG:
            assert a.tile is not None
            self.declarations += 1
            self._emit("added_kong", p, tile=str(a.tile))
            self._open_rob(p, a.tile)
        elif a.kind is ActionKind.JOKER_EXCHANGE:
            assert a.tile is not None and a.target is not None
            owner = self.players[a.target]
            i = next(i for i, m in enumerate(owner.melds)
                     if _JOKER in m.tiles and a.tile in self._alike[m.tile])
            m = owner.melds[i]
            tiles = list(m.tiles)
            tiles.remove(TILES[_JOKER])
            tiles.append(a.tile)
            tiles.sort(key=lambda t: (t == _JOKER, t))
            owner.melds[i] = Meld(m.kind, tuple(tiles), m.exposed, m.source)
            ps.counts[a.tile] -= 1
            ps.counts[_JOKER] += 1
            self._waits_cache[p] = None
            self.exchanged = True
            self._emit("joker_exchange", p, tile=str(a.tile), target=a.target, index=i,
                       meld=owner.melds[i].notation())
        elif a.kind is ActionKind.CALL_DEAD:
            assert a.target is not None
            self._make_dead(a.target, "exposures", called_by=p)

    def _winning_tile(self, p: int) -> Tile:
        """The tile that completed ``p``'s hand in this turn: the tile drawn; after a joker
        exchange, the joker taken; after a claim, the tile claimed (now in an exposure)."""
        ps = self.players[p]
        if self.exchanged:
            return TILES[_JOKER]
        t = self.last_draw
        if t is not None and ps.counts[t]:
            return t
        if self.claimed_from is not None and self.last_discard is not None:
            return self.last_discard
        return self._any_tile(p)

    def _make_dead(self, p: int, reason: str, called_by: int | None = None) -> None:
        """001 Part one "Dead hands": ``p`` is out of play until the next hand; the others
        go on, and ``p`` still pays a winner."""
        self.players[p].dead = True
        self._waits_cache[p] = None
        if called_by is None:
            self._emit("dead_hand", p, reason=reason)
        else:
            self._emit("dead_hand", p, reason=reason, called_by=called_by)

    def _any_tile(self, p: int) -> Tile:
        return next(TILES[k] for k, c in enumerate(self.players[p].counts) if c)

    # ----- claims --------------------------------------------------------------------------

    def _claim_options(self, q: int, d: int, t: Tile, live: int) -> list[Action]:
        ps = self.players[q]
        if ps.dead:
            return []
        c = ps.counts
        opts: list[Action] = []
        # the tile's kind as a native integer in the compiled build (a Tile indexes and
        # compares through generic objects)
        k = as_kind(t)
        alike = self._alike[k]
        if alike[0] in self._waits(q) and self._win_refused(
                q, d, t, robbing=False, pending=True) is None:
            opts.append(_MAHJONG[q])
        if live > 0 and (not self._plain_claims or c[k] >= self._least_need or (
                self._has_chow and k < 27 and q == (d + 1) % 4)):
            natural = c[k] if len(alike) == 1 else sum(c[x] for x in alike)
            held = ps.concealed_count
            jokers = c[_JOKER] if self.rules.jokers_in_exposures else 0
            for is_chow, is_kong, need, plain, expose in self._claim_table:
                if is_chow:
                    if q == (d + 1) % 4 and k < 27:
                        r = k % 9
                        for start in (k - 2, k - 1, k):
                            sr = r - (k - start)
                            if 0 <= sr <= 6 and all(c[x] for x in (start, start + 1, start + 2)
                                                    if x != k):
                                opts.append(_CHOW[q][start])
                    continue
                if is_kong and self.rules.kong_replacement and not self._can_replace():
                    continue
                if held - need < 1 and not (is_kong and self.rules.kong_replacement):
                    continue  # nothing would be left to discard (a complete hand is Mahjong)
                if not jokers:
                    if natural >= need:
                        opts.append(plain[q])
                    continue
                # 001 Part one "Jokers": any number of jokers, the claimed tile natural
                for j in range(min(jokers, need) + 1):
                    if natural >= need - j:
                        opts.append(expose[q][j])
        if opts:
            opts.append(_PASS[q])
        return opts

    def _waits(self, q: int) -> frozenset[int]:
        """The tiles that complete ``q``'s waiting hand. Cached from ``q``'s discard (which
        fixes their thirteen tiles) until their next discard or the next hand."""
        cached = self._waits_cache[q]
        if cached is None:
            ps = self.players[q]
            cached = self._waits_cache[q] = self.rules.waits(ps.counts, ps.melds)
        return cached

    def _open_claims(self, d: int, t: Tile) -> None:
        self.pending = {}
        self.responses = {}
        live = self.wall.live_remaining
        if self.rules.claimable(t):
            for i in range(1, 4):
                q = (d + i) % 4
                opts = self._claim_options(q, d, t, live)
                if opts:
                    self.pending[q] = opts
            # every claimable discard opens a window, whether anyone can claim it or not, and
            # who is asked stays hidden: either would tell what the others hold (issue 7)
            if self.pending or not self.legacy_windows:
                self._emit("claim_window", None, tile=_TILE_TEXT[as_kind(t)], discarder=d)
                if not self.pending and self.hold_windows:
                    self.phase = Phase.CLAIM  # held open until close_window()
                    return
        if self.pending:
            self.phase = Phase.CLAIM
        else:
            self._after_no_claim(d)

    def _after_no_claim(self, d: int) -> None:
        self.pending = {}
        self.responses = {}
        nxt = self._next_in_play(d)
        if self.wall.live_remaining <= 0 or nxt is None:
            self._draw_hand()
            return
        self._draw_for(nxt, replacement=False)

    def _open_rob(self, p: int, t: Tile) -> None:
        self.pending = {}
        self.responses = {}
        self.rob_tile = t
        if self.rules.robbing_kong:
            for i in range(1, 4):
                q = (p + i) % 4
                if t in self._waits(q) and self._win_refused(
                        q, p, t, robbing=True, pending=True) is None:
                    self.pending[q] = [_MAHJONG[q], _PASS[q]]
        self.discarder = p
        if self.rules.robbing_kong and (self.pending or not self.legacy_windows):
            # every added kong opens the window (issue 7): its presence tells nothing
            self._emit("rob_window", None, tile=str(t), player_adding=p)
            if not self.pending and self.hold_windows:
                self.phase = Phase.ROB  # held open until close_window()
                return
        if self.pending:
            self.phase = Phase.ROB
        else:
            self._complete_added_kong(p, t)

    @property
    def window_held(self) -> bool:
        """True while a claim or rob window nobody may answer is held open
        (``hold_windows``): :meth:`close_window` goes on."""
        return self.phase in (Phase.CLAIM, Phase.ROB) and not self.pending

    def close_window(self) -> list[Event]:
        """Close the window held open with nobody to answer (``hold_windows``) and go on as
        the engine would have at once: the next player draws after a discard, an added kong
        is completed. Returns the events this caused. Raises ``ValueError`` (nothing changes)
        when no window is held."""
        if not self.window_held:
            raise ValueError("no window is held open: close_window() goes on from a claim or "
                             "rob window nobody may answer (Game(hold_windows=True))")
        start = len(self.events)
        self._turn_cache = None
        d = self.discarder
        assert d is not None
        if self.phase is Phase.CLAIM:
            self._after_no_claim(d)
        else:
            t = self.rob_tile
            assert t is not None
            self._complete_added_kong(d, t)
        self._turn_cache = None
        if self.check_invariants:
            self.assert_invariants()
        return self.events[start:]

    def _complete_added_kong(self, p: int, t: Tile) -> None:
        ps = self.players[p]
        ps.counts[t] -= 1
        for i, m in enumerate(ps.melds):
            if m.kind is MeldKind.PUNG and m.tile == t:
                ps.melds[i] = Meld(MeldKind.KONG, (t,) * 4, True, m.source)
                break
        self.rob_tile = None
        self._emit("kong_completed", p, meld=f"[{format_tiles((t,) * 4)}]")
        self._draw_for(p, replacement=True)

    def _apply_response(self, a: Action) -> None:
        self.responses[a.player] = a
        # an answer is the answering player's own business until a claim is granted
        kind: str = a.kind._value_  # (not ``.value``, a Python-level property)
        if a.tile is None:
            if a.jokers:
                self._emit("respond", a.player, secret=True, action=kind, jokers=a.jokers)
            else:
                self._emit("respond", a.player, secret=True, action=kind)
        else:
            self._emit("respond", a.player, secret=True, action=kind,
                       tile=_TILE_TEXT[as_kind(a.tile)])
        if len(self.responses) < len(self.pending):
            return
        self._settle_claims()

    def _settle_claims(self) -> None:
        d = self.discarder
        assert d is not None
        prio = self._priority
        best = max(self.responses.values(),
                   key=lambda x: (prio[x.kind], -((x.player - d) % 4)))
        if self.phase is Phase.ROB:
            t = self.rob_tile
            assert t is not None
            if best.kind is ActionKind.MAHJONG:
                self._win_on_tile(best.player, d, t, robbing=True)
            else:
                self._complete_added_kong(d, t)
            return
        t = self.last_discard
        assert t is not None
        if best.kind is ActionKind.PASS:
            self._after_no_claim(d)
            return
        q = best.player
        if best.kind is ActionKind.MAHJONG:
            if self.rules.false_mahjong_mode() == "dead" and not self._wins_with(q, t):
                # 001 Part one "Dead hands": the false claim takes nothing; the others'
                # answers stand
                self._emit("declare_mahjong", q, self_drawn=False, tile=str(t), discarder=d,
                           robbing_kong=False, false=True)
                self._make_dead(q, "false_mahjong")
                del self.responses[q]
                del self.pending[q]
                if self.responses:
                    self._settle_claims()
                else:
                    self._after_no_claim(d)
                return
            self._win_on_tile(q, d, t, robbing=False)
            return
        ps = self.players[q]
        self.players[d].discards.pop()
        source = (q - d) % 4  # 1: from the left (the player before), 2: opposite, 3: right
        if best.kind is ActionKind.CHOW:
            assert best.tile is not None
            start = int(best.tile)
            for x in range(start, start + 3):
                if x != t:
                    ps.counts[x] -= 1
            meld = Meld(MeldKind.CHOW, (TILES[start], TILES[start + 1], TILES[start + 2]),
                        True, source)
        else:
            size = EXPOSURE_SIZES[best.kind]
            taken = self._take_naturals(q, t, size - 1 - best.jokers)
            if best.jokers:
                ps.counts[_JOKER] -= best.jokers
            tiles = tuple(sorted([t, *taken])) + (TILES[_JOKER],) * best.jokers
            meld = Meld(MeldKind(best.kind.value), tiles, True, source)
        ps.melds.append(meld)
        self.declarations += 1
        self.pending = {}
        self.responses = {}
        self._emit("claim", q, kind=best.kind.value, tile=str(t), discarder=d,
                   meld=meld.notation())
        if best.kind is ActionKind.KONG and self.rules.kong_replacement:
            self._draw_for(q, replacement=True)
        else:
            self.current = q
            self.phase = Phase.TURN
            self.drew = False
            self.replacement_draw = False
            self.last_draw = None
            self.exchanged = False
            self.claimed_from = d

    def _take_naturals(self, q: int, t: Tile, n: int) -> list[Tile]:
        """Take ``n`` tiles alike to ``t`` from ``q``'s hand (the tile itself first, then
        the lowest alike tiles: the eight American flowers are alike)."""
        c = self.players[q].counts
        taken: list[Tile] = []
        for x in sorted(self._alike[t], key=lambda x: (x != t, x)):
            while len(taken) < n and c[x]:
                c[x] -= 1
                taken.append(TILES[x])
        assert len(taken) == n, "the claim options checked the tiles"
        return taken

    def _wins_with(self, q: int, t: Tile) -> bool:
        ps = self.players[q]
        counts = list(ps.counts)
        counts[t] += 1
        return self.rules.is_winning(counts, ps.melds)

    # ----- end of hand ---------------------------------------------------------------------

    def _win_on_tile(self, q: int, d: int, t: Tile, *, robbing: bool) -> None:
        if robbing:
            # the robbed tile leaves the konger's hand; their pung stays a pung
            self.players[d].counts[t] -= 1
        else:
            self.players[d].discards.pop()
        self.players[q].counts[t] += 1
        self._emit("declare_mahjong", q, self_drawn=False, tile=str(t), discarder=d,
                   robbing_kong=robbing)
        if self.rules.is_winning(self.players[q].counts, self.players[q].melds):
            self._win(q, d, t, robbing=robbing)
        else:
            self._false_mahjong(q, d)

    def _win(self, p: int, d: int | None, t: Tile, *, robbing: bool) -> None:
        if d == p:
            raise AssertionError(f"engine charged player {p}'s win to player {p}'s own discard")
        ctx = self._win_context(p, d, t, robbing=robbing)
        result = self.rules.score(ctx)
        if not result.valid:
            raise AssertionError(f"engine accepted a win the scorer rejects: {result.reason}")
        payments = tuple(result.payments.get(self.wind_of(x), 0) for x in range(4))
        self._end_hand("mahjong", p, d, result, payments, win_tile=t)  # type: ignore[arg-type]

    def _win_context(self, p: int, d: int | None, t: Tile, *, robbing: bool,
                     pending: bool = False) -> WinContext:
        """The circumstances of ``p``'s win on ``t`` (from ``d``, None when self-drawn).
        ``pending``: the tile is not in ``p``'s hand yet (a claim or rob being considered),
        and a claimed discard still lies in the discards."""
        ps = self.players[p]
        wind = self.wind_of(p)
        self_drawn = d is None
        last_tile = self.wall.live_remaining == 0 and not robbing
        if self_drawn and self.replacement_draw:
            last_tile = False  # a kong replacement is not the last tile of the live wall
        concealed = ps.concealed_tiles()
        if pending:
            concealed = [*concealed, t]
        # the other copies of the winning tile on the table: discards and exposed melds
        seen = sum(q.discards.count(t) + sum(m.tiles.count(t) for m in q.melds if m.exposed)
                   for q in self.players)
        if pending and not robbing:
            seen -= 1  # the claimed discard itself
        return WinContext(
            hand=Hand(tuple(concealed), tuple(ps.melds)),
            win_tile=t,
            seat_wind=wind,
            round_wind=self.hand_progress.round_wind,
            self_drawn=self_drawn,
            discarder=None if d is None else self.wind_of(d),
            bonus=tuple(ps.bonus),
            last_tile=last_tile,
            robbing_kong=robbing,
            kong_replacement=self_drawn and self.replacement_draw,
            heavenly=self_drawn and wind == 0 and self.discards_made == 0
            and self.declarations == 0,
            earthly=not self_drawn and wind != 0 and self.discards_made == 1
            and self.declarations == 0 and d == self.dealer,
            joker_exchange=self.exchanged,
            last_of_kind=seen == 3 and not robbing,
        )

    def _win_refused(self, p: int, d: int | None, t: Tile, *, robbing: bool,
                     pending: bool) -> str | None:
        """Why the rule set refuses this win in its circumstances (MCR's minimum of fan), or
        None; asked only of a rule set with ``checks_win_context``."""
        if not self.rules.checks_win_context:
            return None
        return self.rules.win_refusal(
            self._win_context(p, d, t, robbing=robbing, pending=pending))

    def _false_mahjong(self, p: int, d: int | None) -> None:
        if self.rules.false_mahjong_mode() == "dead":
            # 001 Part one "Dead hands": out of play; the turn passes on
            self._make_dead(p, "false_mahjong")
            self.drew = False
            self._after_no_claim(p)
            return
        by_wind = self.rules.false_mahjong_payments(self.wind_of(p),
                                                    None if d is None else self.wind_of(d))
        payments = tuple(by_wind.get(self.wind_of(x), 0) for x in range(4))
        self._end_hand("false_mahjong", p, d, None, payments)  # type: ignore[arg-type]

    def _draw_hand(self) -> None:
        """004 s07: the live wall is exhausted without a win; no payment (001 Part one
        "Wall game": no points)."""
        self._end_hand("draw", None, None, None, (0, 0, 0, 0))

    def _end_hand(self, reason: str, winner: int | None, discarder: int | None,
                  score: ScoreResult | None, payments: tuple[int, int, int, int],
                  win_tile: Tile | None = None) -> None:
        prog = self.progress
        result = HandResult(prog.hand_number, prog.round_wind, prog.dealer, reason, winner,
                            discarder, score, payments)
        self.results.append(result)
        for x in range(4):
            self.scores[x] += payments[x]
        revealed = None
        if winner is not None:
            ps = self.players[winner]
            revealed = Hand(tuple(ps.concealed_tiles()), tuple(ps.melds)).notation()
        self.pending = {}
        self.responses = {}
        self.stage_index = None
        self._emit("hand_end", winner, revealed_hand=revealed,
                   win_tile=None if win_tile is None else str(win_tile),
                   result=result.to_json(), scores=list(self.scores))
        if reason == "mahjong":
            winner_is_dealer: bool | None = winner == prog.dealer
        else:
            winner_is_dealer = None  # a draw or a false Mahjong: the deal is replayed
        self.progress = self.rules.next_progress(prog, winner_is_dealer)
        limit_reached = self.max_hands is not None and len(self.results) >= self.max_hands
        if self.progress.finished or limit_reached:
            self.phase = Phase.GAME_OVER
            order = sorted(range(4), key=lambda x: -self.scores[x])
            self._emit("game_end", None, scores=list(self.scores), standings=order,
                       hands=len(self.results))
            return
        self._start_hand()

    # ----- false Mahjong, explanations -----------------------------------------------------

    def _claim_refusal(self, p: int) -> str | None:
        """Why ``p`` may not win on the discard or robbed tile now open (the rule set's
        context check), when the tile would complete the hand; else None."""
        d = self.discarder
        t = self.last_discard if self.rob_tile is None else self.rob_tile
        if (not self.rules.checks_win_context or d is None or t is None or p == d
                or self.players[p].dead or not self._wins_with(p, t)):
            return None
        return self._win_refused(p, d, t, robbing=self.rob_tile is not None, pending=True)

    def _false_mahjong_allowed(self, p: int) -> bool:
        if self.rules.false_mahjong_mode() == "reject":
            return False
        if self.phase is Phase.TURN:
            return p == self.current
        return self.phase is Phase.CLAIM and p in self.pending and p not in self.responses

    def _why_illegal(self, a: Action) -> tuple[str, str]:
        """Why ``a`` is illegal now, in the language in force (formatted at raise time), and
        the rule cited (English: :class:`IllegalActionError` shows it translated)."""
        cite = self.rules.citations
        p = a.player
        k = a.kind
        if self.phase is Phase.CHARLESTON:
            return self._why_illegal_pass(a)
        if self.phase is Phase.TURN:
            if p != self.current:
                if self.players[p].dead:
                    return (_("player {p}'s hand is dead").format(p=p),
                            cite.get("dead", cite["turn"]))
                return (_("it is player {current}'s turn, not player {p}'s").format(
                    current=self.current, p=p), cite["turn"])
            if k in (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG, ActionKind.QUINT,
                     ActionKind.SEXTET, ActionKind.PASS):
                return (_("{action} answers a discard; it is player {p}'s own turn").format(
                    action=_action_word(k), p=p), cite["claim"])
            if k is ActionKind.DISCARD:
                return (_("player {p} holds no {tile} to discard").format(p=p, tile=a.tile),
                        cite["turn"])
            if k is ActionKind.MAHJONG:
                ps = self.players[p]
                if not self.rules.is_winning(ps.counts, ps.melds):
                    return (_("player {p}'s hand is not a winning hand").format(p=p),
                            cite["win"])
                if not (self.drew or self.exchanged or self.rules.mahjong_after_claim):
                    # the claimed tile lies in an exposed set: the win had to be claimed as
                    # Mahjong on the discard itself (004 s05; 001 Part two "Claiming")
                    return (_("player {p}'s hand was completed by a claimed set: a win on a "
                              "discard is claimed as Mahjong when the tile is discarded, not "
                              "declared after a chow, pung or kong").format(p=p), cite["win"])
                refusal = self._turn_refusal(p)
                if refusal:
                    return (_("player {p} may not declare Mahjong: {refusal}").format(
                        p=p, refusal=shown(refusal)), cite["win"])
                return (_("player {p} may not declare Mahjong now").format(p=p), cite["win"])
            if k is ActionKind.JOKER_EXCHANGE:
                if not self.rules.joker_exchange:
                    return (_("these rules have no joker exchange"), cite["turn"])
                return (_("player {p} cannot exchange {tile} for a joker in player {target}'s "
                          "exposures").format(p=p, tile=a.tile, target=a.target),
                        cite.get("exchange", cite["turn"]))
            if k is ActionKind.CALL_DEAD:
                return (_("player {target}'s exposures do not make a dead hand").format(
                    target=a.target), cite.get("dead", cite["turn"]))
            if k in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
                if not self.rules.declared_kongs:
                    return (_("kongs are not declared in one's turn in these rules"),
                            cite["kong"])
                if not self.drew:
                    return (_("a kong is declared only after drawing"), cite["kong"])
                if k is ActionKind.CONCEALED_KONG:
                    return (_("player {p} cannot declare a concealed kong of {tile}").format(
                        p=p, tile=a.tile), cite["kong"])
                # (the English says "a added kong" as it always has: its text is kept)
                return (_("player {p} cannot declare a added kong of {tile}").format(
                    p=p, tile=a.tile), cite["kong"])
            return (_("{action} is not a turn action").format(action=_action_word(k)),
                    cite["turn"])
        if p not in self.pending or (k is ActionKind.MAHJONG
                                     and a not in self.pending[p]):
            refusal = self._claim_refusal(p) if k is ActionKind.MAHJONG else None
            if refusal:
                return (_("player {p} may not declare Mahjong: {refusal}").format(
                    p=p, refusal=shown(refusal)), cite["win"])
        if p not in self.pending:
            if p == self.discarder:
                return (_("player {p} cannot claim their own discard").format(p=p),
                        cite["claim"])
            if self.players[p].dead:
                return (_("player {p}'s hand is dead").format(p=p),
                        cite.get("dead", cite["claim"]))
            t = self.last_discard if self.rob_tile is None else self.rob_tile
            if t is not None and not self.rules.claimable(t):
                return (_("a discarded {tile} is dead and may never be claimed").format(tile=t),
                        cite["claim"])
            offered = self.last_discard or self.rob_tile
            if offered is None:  # no tile on offer (it used to say "no claim on None")
                return (_("player {p} has no claim now").format(p=p), cite["claim"])
            return (_("player {p} has no claim on {tile}").format(p=p, tile=offered),
                    cite["claim"])
        if p in self.responses:
            return (_("player {p} has already answered").format(p=p), cite["claim"])
        if self.phase is Phase.ROB:
            return (_("an added kong may be robbed only to win"), cite["rob"])
        if self.wall.live_remaining <= 0 and k is not ActionKind.MAHJONG:
            return (_("the live wall is empty"), cite["last"])
        if k is ActionKind.CHOW:
            if ActionKind.CHOW not in self._claims:
                return (_("a discard may not be claimed for a chow in these rules"),
                        cite["chow"])
            if self.discarder is not None and p != (self.discarder + 1) % 4:
                return (_("only the next player may chow"), cite["chow"])
            return (_("player {p} cannot form that chow with {tile}").format(
                p=p, tile=self.last_discard), cite["chow"])
        if k in EXPOSURE_SIZES:
            if k not in self._claims:
                return (_("a discard may not be claimed for a {meld} in these rules").format(
                    meld=meld_name(k.value)), cite["claim"])
            if a.jokers and not self.rules.jokers_in_exposures:
                return (_("jokers are not used in these rules"), cite["claim"])
            size = EXPOSURE_SIZES[k]
            rule = cite.get(k.value, cite["pung"])
            if a.jokers >= size:
                return (_("a {meld} needs the claimed natural tile ({n} jokers are too "
                          "many)").format(meld=meld_name(k.value), n=a.jokers), rule)
            if a.jokers:
                return (_("player {p} does not hold {n} more {tile} and {jokers} jokers for "
                          "a {meld}").format(p=p, n=size - 1 - a.jokers, tile=self.last_discard,
                                             jokers=a.jokers, meld=meld_name(k.value)), rule)
            return (_("player {p} does not hold {n} more {tile} for a {meld}").format(
                p=p, n=size - 1, tile=self.last_discard, meld=meld_name(k.value)), rule)
        if k is ActionKind.MAHJONG:
            return (_("{tile} does not complete player {p}'s hand").format(
                tile=self.last_discard, p=p), cite["win"])
        return (_("{action} is not possible now").format(action=_action_word(k)),
                cite["claim"])

    def _why_illegal_pass(self, a: Action) -> tuple[str, str]:
        cite = self.rules.citations
        rule = cite.get("charleston", cite["turn"])
        p = a.player
        stage = self._stages[self.stage_index or 0]
        if p not in self.pending:
            return (_("player {p} takes no part in the {stage}").format(
                p=p, stage=stage_title(stage.name)), rule)
        if p in self.responses:
            return (_("player {p} has already answered").format(p=p), rule)
        if stage.kind == "vote":
            return (_("the vote on the second Charleston is continue or stop"), rule)
        if stage.kind == "courtesy_ask":
            return (_("a courtesy pass asks for 0 to {n} tiles").format(n=stage.count), rule)
        if a.kind is ActionKind.MAHJONG:
            return (_("only East's dealt hand that already wins is declared before the "
                      "Charleston"), cite["win"])
        if any(t == _JOKER for t in a.tiles):
            return (_("jokers cannot be passed"), rule)
        n = stage.count if stage.kind == "pass" else self._courtesy[p]
        blind = a.number or 0
        if blind and not stage.blind:
            return (_("a blind pass is allowed only on the last pass of a Charleston "
                      "(not {stage})").format(stage=stage_title(stage.name)), rule)
        if blind > len(self._received[p]) or blind > n:
            return (_("player {p} cannot pass on {n} tiles unseen").format(p=p, n=blind), rule)
        if len(a.tiles) != n - blind:
            return (ngettext("this pass is {n} tile ({held} from the hand and {blind} blind "
                             "given)",
                             "this pass is {n} tiles ({held} from the hand and {blind} blind "
                             "given)", n).format(n=n, held=len(a.tiles), blind=blind), rule)
        return (_("player {p} does not hold {tiles}").format(p=p, tiles=format_tiles(a.tiles)),
                rule)

    # ----- invariants ----------------------------------------------------------------------

    def assert_invariants(self) -> None:
        """Raise ``AssertionError`` unless every tile is in exactly one place, hand sizes are
        right and the scores sum to zero."""
        # (plain loops over native integers, and module constants read as ``Final`` copies:
        # ``sum`` and a global name are generic calls and dictionary look-ups in the
        # compiled build, at every action of a simulation with invariants on; issue 25)
        total = 0
        for score in self.scores:
            total += score
        assert total == 0, f"scores do not sum to zero: {self.scores}"
        results = self.results
        first = self._results_checked if self._results_checked <= len(results) else 0
        for x in range(first, len(results)):
            r = results[x]
            total = 0
            for paid in r.payments:
                total += paid
            assert total == 0, f"payments do not sum to zero: {r}"
        self._results_checked = len(results)
        if self.phase is Phase.GAME_OVER or self.events[-1].type == "hand_end":
            return
        got = self.wall.untaken_counts(_NUM_KINDS)
        # (``got[k] = got[k] + 1`` rather than ``+=``: mypyc adds an indexed ``+=`` as
        # generic objects; ``as_kind`` reads a Tile as a native integer in the compiled build)
        k: int
        i: int
        playing = _NUM_PLAYING
        # the tiles laid out (melds, bonus tiles, discards) into ``got`` with the wall's
        players = self.players
        for ps in players:
            for m in ps.melds:
                for t in m.tiles:
                    k = as_kind(t)
                    got[k] = got[k] + 1
            for t in ps.bonus:
                k = as_kind(t)
                got[k] = got[k] + 1
            for t in ps.discards:
                k = as_kind(t)
                got[k] = got[k] + 1
        # then, kind by kind, the four concealed hands: each kind's total compared with its
        # copies, and each player's concealed tiles and the most copies of one playing kind
        # they hold (checked below, after the tiles), in one pass of machine integers that
        # writes nothing (a list of integers is written through boxed objects, and an
        # ``int`` is added through a helper, in the compiled build; issue 25)
        expected = self.rules.tile_set.copies
        copies = self._copies
        c0 = players[0].counts
        c1 = players[1].counts
        c2 = players[2].counts
        c3 = players[3].counts
        width = len(c0)
        uniform = (len(got) == len(expected) and len(copies) == len(expected)
                   and len(c1) == width and len(c2) == width and len(c3) == width
                   and width <= len(got))
        conserved = uniform
        n0: i64 = 0
        n1: i64 = 0
        n2: i64 = 0
        n3: i64 = 0
        m0: i64 = 0
        m1: i64 = 0
        m2: i64 = 0
        m3: i64 = 0
        if uniform:
            for i in range(len(got)):
                kind_total: i64 = got[i]
                if i < width:
                    a: i64 = c0[i]
                    b: i64 = c1[i]
                    c: i64 = c2[i]
                    d: i64 = c3[i]
                    kind_total += a + b + c + d
                    n0 += a
                    n1 += b
                    n2 += c
                    n3 += d
                    if i < playing:
                        if a > m0:
                            m0 = a
                        if b > m1:
                            m1 = b
                        if c > m2:
                            m2 = c
                        if d > m3:
                            m3 = d
                want: i64 = copies[i]
                if kind_total != want:
                    conserved = False
                    break
        held: list[int] = [n0, n1, n2, n3]
        most_held: list[int] = [m0, m1, m2, m3]
        if not conserved:  # (or hands of unlike sizes): counted the plain way, to name it
            held = []
            most_held = []
            for ps in players:
                counts = ps.counts
                n = 0
                most = 0
                for i in range(len(counts)):
                    x = counts[i]
                    got[i] = got[i] + x
                    n += x
                    if x > most and i < playing:
                        most = x
                held.append(n)
                most_held.append(most)
            if tuple(got) != expected:
                wrong = [f"{TILES[k]}: {got[k]} instead of {expected[k]}"
                         for k in range(NUM_KINDS) if got[k] != expected[k]]
                raise AssertionError(f"tiles are not conserved: {', '.join(wrong)}")
        full = self.rules.full_meld_count
        jokers = expected[_JOKER] > 0
        for p, ps in enumerate(self.players):
            melded = 0
            if full:
                for m in ps.melds:
                    melded += len(m.tiles)
            else:
                melded = 3 * len(ps.melds)
            n = held[p] + melded
            holding = self.phase in (Phase.TURN, Phase.ROB) and p == self.current
            if self.phase is Phase.CHARLESTON:
                holding = p == self.dealer
            want = 14 if holding else 13
            if ps.dead:
                assert n in (13, 14), f"dead player {p} holds {n} tiles"
            else:
                assert n == want, f"player {p} holds {n} tiles (kongs as 3), expected {want}"
            assert most_held[p] <= 4
            if not jokers:  # (no joker in the tile set: the tiles above found none anywhere)
                continue
            for m in ps.melds:
                assert m.tiles.count(TILES[_JOKER]) < len(m.tiles), \
                    f"player {p}'s exposure {m.notation()} holds no natural tile"
