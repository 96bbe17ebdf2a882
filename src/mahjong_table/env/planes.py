"""Versioned observation encodings: the flat vector (``flat-v0``) and feature planes
(``planes-v1``), with the public history a player may see (``docs/env.md``).

An *encoding* turns one player's view (``game.view(p)``, a
:class:`~mahjong_table.engine.PlayerView`) plus the public history of the hand
(:class:`PublicHistory`, fed with ``game.events``) into a ``float32`` array of a fixed shape.
Neither reads another player's concealed tiles nor the wall order: the view holds neither, and
the history keeps only what every player is shown (plus, for the Charleston, each player's own
passes, read only for that player). :func:`get_encoding` gives an encoding by name.

``planes-v1`` has shape ``(PLANES_V1_CHANNELS, 47)``: channel ``c`` is a plane over the 47
tile kinds (0-8 characters, 9-17 circles, 18-26 bamboo, 27-33 winds and dragons, 34-41
flowers, 42-45 seasons, 46 joker). Seats are relative to the observer (0 me, 1 next in turn
order, 2 opposite, 3 previous). Scalars (phase, seats, winds, scores, walls...) are whole
planes of one value, as in the usual convolutional encodings. :data:`PLANES_V1_CHANNELS_DOC`
names every channel.
"""

from __future__ import annotations

import array
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol

import numpy as np
import numpy.typing as npt

from ..engine import Event, PlayerView
from ..tiles import NUM_KINDS, Tile, parse_tiles
from .encoding import OBS_SIZE, PHASES, STAGE_KINDS, encode_view

if TYPE_CHECKING:
    from ..rules.base import RuleSet

__all__ = ["DISCARD_SLOTS", "ENCODINGS", "PLANES_V1_CHANNELS", "PLANES_V1_CHANNELS_DOC",
           "PLANES_V1_LAYOUT",
           "SCORE_SCALE", "Encoding", "FlatV0", "PlanesV1", "PlanesV1Writer", "PublicHistory",
           "get_encoding"]

#: discards kept in order per seat by ``planes-v1`` (the last ones if a seat discards more)
DISCARD_SLOTS: Final = 30
#: rows per seat that the history keeps: discards on the table, claimed, after_claim, order
_BLOCK_ROWS: Final = 3 + DISCARD_SLOTS
#: entries per seat that the history keeps
_BLOCK_SIZE: Final = _BLOCK_ROWS * NUM_KINDS
#: tile text -> kind, filled as tiles are read
_KIND_OF: dict[str, int] = {}
#: scores are given as ``tanh(score / SCORE_SCALE)`` (points of the rule set)
SCORE_SCALE: Final = 100.0


class PublicHistory:
    """The hand's public history, followed from ``game.events`` (call :meth:`update` before
    encoding; it reads only the events added since the last call).

    Per seat (absolute player): ``discards[p]``, every tile it discarded this hand in order
    (claimed ones included), with ``claimed[p][i]`` True when the i-th was claimed (for a meld
    or Mahjong) and ``after_claim[p][i]`` True when it was discarded in a turn that began with
    a claim rather than a draw (the public "discard from the hand" mark of these rule sets:
    none of them has riichi's tedashi, and a draw's tile is hidden). ``passed[p]`` and
    ``received[p]``: the tiles ``p`` passed and received in this hand's Charleston (secret
    events: an encoder reads them only for the observer ``p``).

    ``block[p]`` holds seat ``p``'s ``planes-v1`` rows ``discards`` .. ``order`` as events
    come. For writers that bring an observation up to date (:class:`PlanesV1Writer`), every
    entry of ``block`` that changes is logged: ``log[j]`` is its flat index in ``block``
    and ``log_values[j]`` its new value, in order, since the *epoch* began; ``epoch`` is
    bumped (and the log emptied) when the whole block may change at once (a new hand, a seat's
    order rows shifted past :data:`DISCARD_SLOTS`), ``charleston`` when the Charleston lists
    change. It pickles and deep-copies (the view of ``block`` it writes through is made
    afresh).
    """

    __slots__ = ("_flat", "_seen", "_tally", "_turn_claimed", "after_claim", "block",
                 "charleston", "claimed", "discards", "epoch", "log", "log_values", "passed",
                 "received")

    def __init__(self) -> None:
        self._seen = 0
        self.epoch = 0
        self.charleston = 0
        self.log: list[int] = []
        self.log_values: list[float] = []
        #: per seat, the planes-v1 rows ``discards`` .. ``order`` (kept as events come)
        self.block = np.zeros((4, _BLOCK_ROWS, NUM_KINDS), dtype=np.float32)
        #: ``block``'s entries, flat (a ``memoryview``: one entry set for a third of NumPy's cost)
        self._flat: Any = _entries(self.block)
        #: copies behind the entries of the rows ``discards`` .. ``after_claim`` (flat, as
        #: ``block``): each entry is its tally / 4, set rather than added to
        self._tally = [0] * (4 * _BLOCK_SIZE)
        self._new_hand()

    def _new_hand(self) -> None:
        self.discards: list[list[int]] = [[], [], [], []]
        self.claimed: list[list[bool]] = [[], [], [], []]
        self.after_claim: list[list[bool]] = [[], [], [], []]
        self.passed: list[list[int]] = [[], [], [], []]
        self.received: list[list[int]] = [[], [], [], []]
        self._turn_claimed = [False, False, False, False]
        self.block.fill(0.0)
        self._tally = [0] * (4 * _BLOCK_SIZE)
        self._new_epoch()
        self.charleston += 1

    def _new_epoch(self) -> None:
        self.epoch += 1
        self.log = []
        self.log_values = []

    def _count(self, i: int, by: int) -> None:
        """The tallied entry ``i`` of ``block`` (flat) goes up by ``by`` copies."""
        n = self._tally[i] + by
        self._tally[i] = n
        self._set(i, n * 0.25)

    def _set(self, i: int, value: float) -> None:
        self._flat[i] = value
        self.log.append(i)
        self.log_values.append(value)

    def reset(self) -> None:
        """Forget everything (a new game)."""
        self._seen = 0
        self._new_hand()

    def __getstate__(self) -> dict[str, Any]:
        # (everything but the view of ``block``, which pickles neither as a view nor at all)
        return {"seen": self._seen, "epoch": self.epoch, "charleston": self.charleston,
                "log": self.log, "log_values": self.log_values, "block": self.block,
                "tally": self._tally, "discards": self.discards, "claimed": self.claimed,
                "after_claim": self.after_claim, "passed": self.passed,
                "received": self.received, "turn_claimed": self._turn_claimed}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._seen = state["seen"]
        self.epoch = state["epoch"]
        self.charleston = state["charleston"]
        self.log = state["log"]
        self.log_values = state["log_values"]
        self.block = state["block"]
        self._flat = _entries(self.block)
        self._tally = state["tally"]
        self.discards = state["discards"]
        self.claimed = state["claimed"]
        self.after_claim = state["after_claim"]
        self.passed = state["passed"]
        self.received = state["received"]
        self._turn_claimed = state["turn_claimed"]

    def update(self, events: Sequence[Event]) -> None:
        """Take the events after the last one taken (``events`` is ``game.events``)."""
        kinds = _KIND_OF
        K = NUM_KINDS
        for i in range(self._seen, len(events)):
            e = events[i]
            kind = e.type
            p = e.player
            if kind == "discard" and p is not None:
                text = e.data["tile"]
                k = kinds.get(text)
                if k is None:
                    k = kinds[text] = int(Tile.parse(text))
                n = len(self.discards[p])
                self.discards[p].append(k)
                self.claimed[p].append(False)
                after = self._turn_claimed[p]
                self.after_claim[p].append(after)
                self._turn_claimed[p] = False
                base = p * _BLOCK_SIZE
                self._count(base + k, 1)
                if after:
                    self._count(base + 2 * K + k, 1)
                if n >= DISCARD_SLOTS:
                    # the order rows keep the last DISCARD_SLOTS discards: shifted by one
                    b = self.block[p]
                    b[3:-1] = b[4:]
                    b[-1] = 0.0
                    n = DISCARD_SLOTS - 1
                    self._new_epoch()
                self._set(base + (3 + n) * K + k, 1.0)
            elif kind in ("draw", "replacement") and p is not None:
                self._turn_claimed[p] = False
            elif kind == "claim" and p is not None:
                self._claim(e.data["discarder"])
                self._turn_claimed[p] = True
            elif (kind == "declare_mahjong" and not e.data.get("self_drawn")
                  and not e.data.get("false") and not e.data.get("robbing_kong")):
                self._claim(e.data["discarder"])
            elif kind == "passed" and p is not None:
                self.passed[p].extend(int(t) for t in parse_tiles(e.data["tiles"]))
                self.charleston += 1
            elif kind == "received" and p is not None:
                self.received[p].extend(int(t) for t in parse_tiles(e.data["tiles"]))
                self.charleston += 1
            elif kind == "hand_start":
                self._new_hand()
        self._seen = len(events)

    def _claim(self, d: int) -> None:
        """``d``'s last discard was claimed: marked, and off the table."""
        if self.claimed[d] and not self.claimed[d][-1]:
            self.claimed[d][-1] = True
            k = self.discards[d][-1]
            base = d * _BLOCK_SIZE
            self._count(base + k, -1)
            self._count(base + NUM_KINDS + k, 1)


class Encoding(Protocol):
    """An observation encoding: ``name``, ``shape`` and :meth:`encode`."""

    name: str
    shape: tuple[int, ...]

    def encode(self, view: PlayerView, history: PublicHistory | None,
               out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """The observation of ``view`` (``float32``, shape :attr:`shape`)."""
        ...


class FlatV0:
    """``flat-v0``: the flat vector of 940 counts of :func:`~.encoding.encode_view` (no
    discard order, unnormalised; kept for agents trained on it). The history is not used."""

    name = "flat-v0"
    shape: tuple[int, ...] = (OBS_SIZE,)

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def encode(self, view: PlayerView, history: PublicHistory | None,
               out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        return encode_view(view, self.rules, out)


def _planes_v1_layout() -> tuple[dict[str, int], list[str]]:
    names: list[tuple[str, int, str]] = [
        ("hand", 4, "own concealed tiles: channel i is 1 where at least i+1 copies are held"),
        ("drawn", 1, "the tile just drawn (one's turn)"),
        ("offer", 1, "the tile on offer: the discard of a claim window, the tile added in a "
                     "rob window"),
        ("passed", 1, "tiles I passed in this hand's Charleston (copies / 4)"),
        ("received", 1, "tiles I received in this hand's Charleston (copies / 4)"),
    ]
    for r in range(4):
        names += [
            (f"melds{r}", 1, f"seat {r}: tiles of its melds (copies / 4; jokers at 46)"),
            (f"concealed_kong{r}", 1, f"seat {r}: its declared concealed kongs' tile"),
            (f"source{r}", 3, f"seat {r}: tiles of melds claimed from the seat 1, 2, 3 places "
                              f"before it in turn order (one channel each; the meld's source, "
                              f"(claimer - discarder) % 4)"),
            (f"bonus{r}", 1, f"seat {r}: its exposed flowers and seasons"),
        ]
    for r in range(4):  # the public history: one block of rows per seat
        names += [
            (f"discards{r}", 1, f"seat {r}: its discards still on the table (copies / 4)"),
            (f"claimed{r}", 1, f"seat {r}: its discards that were claimed (copies / 4)"),
            (f"after_claim{r}", 1, f"seat {r}: its discards made in a turn begun with a claim "
                                   f"(copies / 4)"),
            (f"order{r}", DISCARD_SLOTS, f"seat {r}: its discards in order, channel i one-hot "
                                         f"of its i-th discard (the last {DISCARD_SLOTS})"),
        ]
    names += [
        ("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES)),
        ("current", 4, "one-hot relative seat of the player in turn"),
        ("dealer", 4, "one-hot relative seat of East"),
        ("discarder", 4, "one-hot relative seat of the tile on offer's owner"),
        ("seat_wind", 4, "one-hot: my seat wind (E S W N)"),
        ("round_wind", 4, "one-hot: the prevailing wind"),
        ("concealed_count", 4, "by relative seat: concealed tiles held / 14"),
        ("dead", 4, "by relative seat: 1 if its hand is dead"),
        ("scores", 4, f"by relative seat: tanh(score / {SCORE_SCALE:g})"),
        ("walls", 2, "tiles left in the live wall / 100, in the dead wall / 16 (at most 1)"),
        ("hand_number", 1, "hands played before this one / 16"),
        ("stage_kind", len(STAGE_KINDS), "one-hot Charleston stage kind: "
                                         + ", ".join(STAGE_KINDS)),
        ("stage", 3, "the stage's tile count / 3, offset / 3, blind passing allowed"),
    ]
    start: dict[str, int] = {}
    doc: list[str] = []
    at = 0
    for name, n, text in names:
        start[name] = at
        doc.append(f"{at}-{at + n - 1} {name}: {text}" if n > 1 else f"{at} {name}: {text}")
        at += n
    start["_size"] = at
    return start, doc


_V1, PLANES_V1_CHANNELS_DOC = _planes_v1_layout()
#: channels of ``planes-v1`` (its shape is ``(PLANES_V1_CHANNELS, 47)``)
PLANES_V1_CHANNELS: Final[int] = _V1["_size"]
#: channel name -> its first channel in ``planes-v1`` (``"_size"``: the number of channels)
PLANES_V1_LAYOUT: dict[str, int] = _V1


class PlanesV1:
    """``planes-v1``: feature planes of shape ``(PLANES_V1_CHANNELS, 47)`` (``float32``),
    channels as :data:`PLANES_V1_CHANNELS_DOC` lists them; values in [-1, 2] (scores
    alone are negative; only American melds holding more than four jokers or flowers go
    above 1). Needs
    the :class:`PublicHistory` of the game for the discard order, the claimed marks and the
    Charleston's passes (without it those channels stay 0)."""

    name = "planes-v1"
    shape: tuple[int, ...] = (PLANES_V1_CHANNELS, NUM_KINDS)
    #: channel offsets by name (see :data:`PLANES_V1_CHANNELS_DOC`); also
    #: :data:`PLANES_V1_LAYOUT`
    layout: ClassVar[dict[str, int]] = _V1

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self._stages = {s.name: s for s in rules.charleston_stages()}
        # per seat: (its melds, its bonus tiles, their 6 rows: melds .. bonus); a seat's
        # rows are rebuilt only when its melds or bonus tiles change
        self._seat_rows: list[tuple[tuple[Any, ...], tuple[Any, ...],
                                    npt.NDArray[np.float32]]] = [
            ((), (), np.zeros((_SEAT_ROWS, NUM_KINDS), dtype=np.float32)) for _ in range(4)]

    def _rows_of(self, melds: tuple[Any, ...], bonus: tuple[Any, ...]
                 ) -> npt.NDArray[np.float32]:
        """The rows ``melds`` .. ``bonus`` (6 x 47) of one seat."""
        K = NUM_KINDS
        # (set entry by entry in an array of float32, NumPy's view of it handed out: a few
        # cheap item assignments instead of NumPy's own, or of the calls to gather them)
        rows = array.array("f", _NO_ROWS_BYTES)
        for m in melds:
            if not m.exposed:
                rows[K + m.tiles[0]] = 1.0
            for t in m.tiles:
                rows[t] += 0.25
                if m.source:
                    rows[(1 + m.source) * K + t] += 0.25
        for t in bonus:
            rows[5 * K + t] = 1.0
        return np.frombuffer(rows, dtype=np.float32).reshape(_SEAT_ROWS, K)

    def seat_rows(self, player: int, melds: tuple[Any, ...], bonus: tuple[Any, ...]
                  ) -> npt.NDArray[np.float32]:
        """Rows ``melds`` .. ``bonus`` (6 x 47) of seat ``player`` holding these melds and
        bonus tiles, kept per seat until they change (do not mutate the array)."""
        cached = self._seat_rows[player]
        if cached[0] != melds or cached[1] != bonus:
            cached = (melds, bonus, self._rows_of(melds, bonus))
            self._seat_rows[player] = cached
        return cached[2]

    def scalars(self, view: PlayerView) -> list[float]:
        """The values of the scalar planes (``phase`` .. ``stage``) of ``view``, in channel
        order (each plane is its value over all 47 kinds)."""
        me = view.player
        scalars = [0.0] * _N_SCALARS
        for s in view.seats:
            r = (s.player - me) % 4
            scalars[_S_CONCEALED_COUNT + r] = s.concealed_count / 14.0
            if s.dead:
                scalars[_S_DEAD + r] = 1.0
            scalars[_S_SCORES + r] = math.tanh(s.score / SCORE_SCALE)
        phase = _PHASE_INDEX.get(view.phase)
        if phase is not None:
            scalars[_S_PHASE + phase] = 1.0
        if view.current >= 0:
            scalars[_S_CURRENT + (view.current - me) % 4] = 1.0
        scalars[_S_DEALER + (view.dealer - me) % 4] = 1.0
        if view.discarder is not None:
            scalars[_S_DISCARDER + (view.discarder - me) % 4] = 1.0
        scalars[_S_SEAT_WIND + view.me.wind] = 1.0
        scalars[_S_ROUND_WIND + view.round_wind] = 1.0
        scalars[_S_WALLS] = min(view.live_wall / 100.0, 1.0)
        scalars[_S_WALLS + 1] = min(view.dead_wall / 16.0, 1.0)
        scalars[_S_HAND_NUMBER] = min(view.hand_number / 16.0, 1.0)
        if view.stage is not None:
            st = self._stages.get(view.stage)
            if st is not None:
                scalars[_S_STAGE_KIND + STAGE_KINDS.index(st.kind)] = 1.0
                g = _S_STAGE
                scalars[g] = st.count / 3.0
                scalars[g + 1] = st.offset / 3.0
                scalars[g + 2] = 1.0 if st.blind else 0.0
        return scalars

    def encode(self, view: PlayerView, history: PublicHistory | None,
               out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        # the tile planes as (flat index, value) pairs summed by one bincount, the scalar
        # planes as one row each: a few NumPy calls per observation, not one per entry
        L = _V1
        K = NUM_KINDS
        me = view.player
        idx: list[int] = []
        val: list[float] = []
        h = L["hand"] * K
        for k, c in enumerate(view.counts):
            if c:
                for j in range(c if c < 4 else 4):
                    idx.append(h + j * K + k)
                    val.append(1.0)
        if view.drawn is not None:
            idx.append(L["drawn"] * K + view.drawn)
            val.append(1.0)
        if view.last_discard is not None:
            idx.append(L["offer"] * K + view.last_discard)
            val.append(1.0)
        if history is not None:
            base = L["passed"] * K
            for t in history.passed[me]:
                idx.append(base + t)
                val.append(0.25)
            base = L["received"] * K
            for t in history.received[me]:
                idx.append(base + t)
                val.append(0.25)
        # by relative seat (0 me, 1 next...), as the channels are laid out
        seat_rows: list[npt.NDArray[np.float32]] = [_NO_ROWS] * 4
        for s in view.seats:
            seat_rows[(s.player - me) % 4] = self.seat_rows(s.player, s.melds, s.bonus)
            if history is None:
                base = L[f"discards{(s.player - me) % 4}"] * K
                for t in s.discards:
                    idx.append(base + t)
                    val.append(0.25)
        scalars = self.scalars(view)
        S = _SCALAR0
        obs = np.empty(self.shape, dtype=np.float32) if out is None else out
        H = _HISTORY0
        M = _MELDS0
        if history is not None:
            obs[:M] = np.bincount(idx, val, minlength=M * K).reshape(M, K)
            block = history.block
            for r in range(4):
                at = H + r * _BLOCK_ROWS
                obs[at:at + _BLOCK_ROWS] = block[(me + r) % 4]
        else:
            obs[:S] = np.bincount(idx, val, minlength=S * K).reshape(S, K)
        for r in range(4):
            at = M + r * _SEAT_ROWS
            obs[at:at + _SEAT_ROWS] = seat_rows[r]
        obs[S:] = np.array(scalars, dtype=np.float32)[:, None]
        return obs


#: the first channel of the history blocks (``discards0``); seats in relative order
_HISTORY0: Final[int] = _V1["discards0"]
#: the first channel of the seats' meld rows (``melds0``), and the rows per seat
_MELDS0: Final[int] = _V1["melds0"]
_SEAT_ROWS: Final[int] = _V1["melds1"] - _V1["melds0"]
#: the first channel of the scalar planes (phase ... stage), and their number
_SCALAR0: Final[int] = _V1["phase"]
_N_SCALARS: Final[int] = PLANES_V1_CHANNELS - _SCALAR0
#: each scalar plane's place among the scalar planes
_S_CONCEALED_COUNT: Final[int] = _V1["concealed_count"] - _SCALAR0
_S_DEAD: Final[int] = _V1["dead"] - _SCALAR0
_S_SCORES: Final[int] = _V1["scores"] - _SCALAR0
_S_PHASE: Final[int] = _V1["phase"] - _SCALAR0
_S_CURRENT: Final[int] = _V1["current"] - _SCALAR0
_S_DEALER: Final[int] = _V1["dealer"] - _SCALAR0
_S_DISCARDER: Final[int] = _V1["discarder"] - _SCALAR0
_S_SEAT_WIND: Final[int] = _V1["seat_wind"] - _SCALAR0
_S_ROUND_WIND: Final[int] = _V1["round_wind"] - _SCALAR0
_S_WALLS: Final[int] = _V1["walls"] - _SCALAR0
_S_HAND_NUMBER: Final[int] = _V1["hand_number"] - _SCALAR0
_S_STAGE_KIND: Final[int] = _V1["stage_kind"] - _SCALAR0
_S_STAGE: Final[int] = _V1["stage"] - _SCALAR0
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
#: where the writer's planes start in the flat observation
_HAND_AT: Final = _V1["hand"] * NUM_KINDS
_DRAWN_AT: Final = _V1["drawn"] * NUM_KINDS
_OFFER_AT: Final = _V1["offer"] * NUM_KINDS
_PASSED: Final = _V1["passed"]
_RECEIVED: Final = _V1["received"]
#: the meld rows of a seat with no melds and no bonus tiles
_NO_ROWS = np.zeros((_SEAT_ROWS, NUM_KINDS), dtype=np.float32)
_NO_ROWS_BYTES: Final = bytes(4 * _SEAT_ROWS * NUM_KINDS)



def _entries(a: npt.NDArray[np.float32]) -> Any:
    """The entries of ``a`` (C-contiguous ``float32``) as a flat ``memoryview`` of floats
    (typed ``Any``: typeshed's ``memoryview`` takes ints only)."""
    return a.data.cast("B").cast("f")


def _move_one_hot(flat: Any, at: int, old: int, new: int) -> None:
    """A one-hot plane starting at ``at`` of ``flat``: the 1 moves from kind ``old`` to kind
    ``new`` (-1: none)."""
    if old >= 0:
        flat[at + old] = 0.0
    if new >= 0:
        flat[at + new] = 1.0


class PlanesV1Writer:
    """``planes-v1`` observations of one game, one kept per observer and brought up to date
    from the one it gave last: only the entries that changed are written (a hand's tiles,
    the drawn tile and the tile on offer by kind; a seat's meld rows when its melds change;
    the history's entries logged since the observer last looked, or its blocks whole when
    :class:`PublicHistory` began a new epoch; a scalar plane when its value changed).
    :meth:`observe` gives exactly ``encoding.encode(view, history)`` (tests compare them on
    every state of many games), as a copy or a read-only view of the kept array.

    For the environments' own loop (one game, views in order); ``history`` must be the
    game's one :class:`PublicHistory`, updated before each call. Call :meth:`reset` with a
    new game: each observer's array is cleared at its next observation, in place (no new
    arrays). :meth:`bind` makes an observer's kept array a given one, e.g. a row of a batch
    of observations (``env/batch.py``), which :meth:`write` brings up to date in place.

    A pickled or deep-copied writer keeps no array: each observer's is made afresh and written
    whole at its next observation (views do not survive a copy: a copied view is an array of
    its own), and a buffer given by :meth:`bind` must be given again."""

    def __init__(self, encoding: PlanesV1) -> None:
        self._setup(encoding)

    def __getstate__(self) -> dict[str, Any]:
        return {"encoding": self.encoding}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._setup(state["encoding"])

    def _setup(self, encoding: PlanesV1) -> None:
        self.encoding = encoding
        self._obs: list[npt.NDArray[np.float32]] = []
        #: per observer: its array's entries as a flat ``memoryview`` (one entry written for
        #: a third of what NumPy's item assignment costs), its scalar planes (a view), and
        #: their values staged as one column (``array`` of float32, NumPy's view of it)
        self._flat: list[Any] = []  # (memoryviews of floats: typeshed's take ints)
        self._scalar_planes: list[npt.NDArray[np.float32]] = []
        self._staged: list[array.array[float]] = []
        self._column: list[npt.NDArray[np.float32]] = []
        for p in range(4):
            self._obs.append(np.zeros(self.encoding.shape, dtype=np.float32))
            self._flat.append(_entries(self._obs[p]))
            self._scalar_planes.append(self._obs[p][_SCALAR0:])
            staged = array.array("f", bytes(4 * _N_SCALARS))
            self._staged.append(staged)
            self._column.append(np.frombuffer(staged, dtype=np.float32).reshape(-1, 1))
        self._fresh = [True, True, True, True]
        K = NUM_KINDS
        self._counts: list[tuple[int, ...]] = [(0,) * K for _ in range(4)]
        self._drawn = [-1, -1, -1, -1]
        self._offer = [-1, -1, -1, -1]
        self._seats: list[list[tuple[Any, Any]]] = [[((), ())] * 4 for _ in range(4)]
        #: per observer: the history's epoch and log length it has written
        self._epoch = [-1, -1, -1, -1]
        self._logged = [0, 0, 0, 0]
        self._charleston = [-1, -1, -1, -1]
        self._scalars: list[list[float]] = [[0.0] * _N_SCALARS for _ in range(4)]

    def reset(self) -> None:
        """Forget what was written (a new game): each observer's array is cleared at its
        next :meth:`write` (an array handed out as a view stays as it was until then)."""
        self._fresh = [True, True, True, True]

    def bind(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Keep ``player``'s observation in ``out`` (``float32``, C-contiguous, shape
        :attr:`PlanesV1.shape`; cleared at the next :meth:`write`). Raises ``ValueError``
        for another array."""
        if (out.dtype != np.float32 or out.shape != self.encoding.shape
                or not out.flags.c_contiguous or not out.flags.writeable):
            raise ValueError(f"a planes-v1 buffer is a writeable C-contiguous float32 array "
                             f"of shape {self.encoding.shape}, not {out.dtype} {out.shape}")
        self._obs[player] = out
        self._flat[player] = _entries(out)
        self._scalar_planes[player] = out[_SCALAR0:]
        self._fresh[player] = True

    def _clear(self, me: int) -> None:
        """Observer ``me``'s array zeroed and what was written forgotten."""
        self._obs[me].fill(0.0)
        self._counts[me] = (0,) * NUM_KINDS
        self._drawn[me] = -1
        self._offer[me] = -1
        self._seats[me] = [((), ())] * 4
        self._epoch[me] = -1
        self._logged[me] = 0
        self._charleston[me] = -1
        self._scalars[me] = [0.0] * _N_SCALARS
        staged = self._staged[me]
        for i in range(_N_SCALARS):
            staged[i] = 0.0
        self._fresh[me] = False

    def write(self, view: PlayerView, history: PublicHistory) -> npt.NDArray[np.float32]:
        """Bring ``view.player``'s kept array up to date with ``view`` and ``history`` (in
        place) and return it (the writer's own array: not to be handed out or changed)."""
        K = NUM_KINDS
        me = view.player
        if self._fresh[me]:
            self._clear(me)
        obs = self._obs[me]
        flat = self._flat[me]
        counts = view.counts
        before = self._counts[me]
        if counts != before:
            h = _HAND_AT
            for k in range(len(counts)):
                c = counts[k]
                b = before[k]
                if c != b:
                    # channel j is 1 where at least j+1 copies are held: only the channels
                    # between the old and the new count change
                    v = 1.0 if c > b else 0.0
                    for j in range(min(b, c), min(max(b, c), 4)):
                        flat[h + j * K + k] = v
            self._counts[me] = counts
        drawn = -1 if view.drawn is None else view.drawn
        if drawn != self._drawn[me]:
            _move_one_hot(flat, _DRAWN_AT, self._drawn[me], drawn)
            self._drawn[me] = drawn
        offer = -1 if view.last_discard is None else view.last_discard
        if offer != self._offer[me]:
            _move_one_hot(flat, _OFFER_AT, self._offer[me], offer)
            self._offer[me] = offer
        if history.charleston != self._charleston[me]:
            for row, tiles in ((_PASSED, history.passed[me]),
                               (_RECEIVED, history.received[me])):
                obs[row] = 0.0
                for t in tiles:
                    flat[row * K + t] += 0.25
            self._charleston[me] = history.charleston
        seats = self._seats[me]
        for s in view.seats:
            r = (s.player - me) % 4
            melds, bonus = seats[r]
            if melds != s.melds or bonus != s.bonus:
                at = _MELDS0 + r * _SEAT_ROWS
                obs[at:at + _SEAT_ROWS] = self.encoding.seat_rows(s.player, s.melds, s.bonus)
                seats[r] = (s.melds, s.bonus)
        log = history.log
        if history.epoch != self._epoch[me]:
            # a new hand (or a seat's order rows shifted): the blocks whole
            for r in range(4):
                at = _HISTORY0 + r * _BLOCK_ROWS
                obs[at:at + _BLOCK_ROWS] = history.block[(me + r) % 4]
            self._epoch[me] = history.epoch
        else:
            # the entries logged since: seat p's entry i is at p's relative seat's block
            values = history.log_values
            h0 = _HISTORY0 * K
            for j in range(self._logged[me], len(log)):
                i = log[j]
                p = i // _BLOCK_SIZE
                flat[h0 + ((p - me) % 4) * _BLOCK_SIZE + i - p * _BLOCK_SIZE] = values[j]
        self._logged[me] = len(log)
        # the scalar planes: the values that changed staged, then the column written over
        # its 47 kinds at once
        scalars = self.encoding.scalars(view)
        old = self._scalars[me]
        staged = self._staged[me]
        changed = False
        for i in range(_N_SCALARS):
            x = scalars[i]
            if x != old[i]:
                staged[i] = x
                changed = True
        if changed:
            self._scalar_planes[me][...] = self._column[me]
            self._scalars[me] = scalars
        return obs

    def observe(self, view: PlayerView, history: PublicHistory, copy: bool = True
                ) -> npt.NDArray[np.float32]:
        """The ``planes-v1`` observation of ``view``: a new read-only array, or with
        ``copy=False`` a read-only view of the observer's kept array (rewritten at its next
        observation)."""
        obs = self.write(view, history)
        if copy:
            # a copy over immutable bytes: read-only as made (cheaper than a copy and then
            # its flag cleared, issue 44)
            return np.frombuffer(obs.tobytes(), dtype=np.float32).reshape(obs.shape)
        shown = obs.view()
        shown.flags.writeable = False
        return shown

#: encoding name -> class (constructed with the rule set)
ENCODINGS: dict[str, type[FlatV0] | type[PlanesV1]] = {"flat-v0": FlatV0,
                                                        "planes-v1": PlanesV1}


def get_encoding(name: str, rules: RuleSet) -> FlatV0 | PlanesV1:
    """The encoding called ``name`` (see :data:`ENCODINGS`) for ``rules``. Raises
    ``ValueError`` naming the known ones for another name."""
    cls = ENCODINGS.get(name)
    if cls is None:
        raise ValueError(f"unknown encoding {name!r}; known: {', '.join(ENCODINGS)}")
    return cls(rules)
