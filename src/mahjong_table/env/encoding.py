"""Numeric encodings of views and actions for learning agents (``docs/env.md``).

Both encodings are built from public information only: an observation from
``game.view(player)`` (a :class:`~mahjong_table.engine.PlayerView`), an action index from the
:class:`~mahjong_table.engine.Action` itself and the rule set's public settings.

**Observation** (:func:`encode_view`): one ``float32`` vector of :data:`OBS_SIZE` entries, the
same shape for every rule set. :data:`OBS_LAYOUT` names each segment (a ``slice``). Tile planes
have :data:`~mahjong_table.tiles.NUM_KINDS` (47) entries indexed by tile kind (0-8 characters,
9-17 circles, 18-26 bamboo, 27-33 honours, 34-41 flowers, 42-45 seasons, 46 joker); seats are
*relative* to the observing player (0 = me, 1 = the next player in turn order, 2 = opposite,
3 = the previous player).

**Action** (:class:`ActionCodec`): a flat ``Discrete(codec.size)`` index. Every engine action
kind has its own range (``codec.ranges``); a Charleston or courtesy pass is the index of the
multiset of tiles laid down (sorted tuple of at most ``max_pass`` kinds, jokers excluded), the
blind count being implied by the stage's count (``blind = count - len(tiles)``). Targets
(joker exchange, calling a dead hand) are relative seats. At any moment the legal actions map
to distinct indices (:meth:`ActionCodec.legal_map` checks it), so the encoding is exact:
``decode(encode(a)) == a`` for every legal ``a``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..engine import Action, ActionKind, PlayerView
from ..tiles import NUM_KINDS

if TYPE_CHECKING:
    from ..rules.base import RuleSet

__all__ = ["OBS_LAYOUT", "OBS_SIZE", "PHASES", "STAGE_KINDS", "ActionCodec", "encode_view"]

_JOKER = 46
#: phases in the order of the ``phase`` one-hot
PHASES = ("charleston", "turn", "claim", "rob", "game_over")
#: Charleston stage kinds in the order of the ``stage_kind`` one-hot
STAGE_KINDS = ("pass", "vote", "courtesy_ask", "courtesy_pass")


def _layout() -> dict[str, slice]:
    sizes: list[tuple[str, int]] = [
        ("hand", NUM_KINDS),            # own concealed tiles, copies by kind
        ("drawn", NUM_KINDS),           # one-hot: the tile just drawn (turn phase)
        ("claim_tile", NUM_KINDS),      # one-hot: the discard a claim window is open on
        ("melds", 4 * NUM_KINDS),       # per relative seat: tiles in its melds (jokers at 46)
        ("discards", 4 * NUM_KINDS),    # per relative seat: tiles it discarded
        ("bonus", 4 * NUM_KINDS),       # per relative seat: flowers and seasons exposed
        ("last_discards", 4 * NUM_KINDS),  # per relative seat: one-hot of its latest discard
        ("phase", len(PHASES)),         # one-hot
        ("current", 4),                 # one-hot relative seat of the player in turn
        ("dealer", 4),                  # one-hot relative seat of East
        ("discarder", 4),               # one-hot relative seat of the claimed discard's owner
        ("seat_wind", 4),               # one-hot: my seat wind (E S W N)
        ("round_wind", 4),              # one-hot: the prevailing wind
        ("concealed_count", 4),         # per relative seat: concealed tiles held
        ("dead", 4),                    # per relative seat: 1 if the hand is dead
        ("scores", 4),                  # per relative seat: score in points
        ("walls", 2),                   # tiles left in the live wall, in the dead wall
        ("hand_number", 1),             # hands played before this one
        ("stage_kind", len(STAGE_KINDS)),  # one-hot Charleston stage kind (zeros outside)
        ("stage", 3),                   # stage: tiles to pass, offset, blind allowed
    ]
    out: dict[str, slice] = {}
    at = 0
    for name, n in sizes:
        out[name] = slice(at, at + n)
        at += n
    return out


#: segment name -> slice of the observation vector
OBS_LAYOUT: dict[str, slice] = _layout()
#: length of the observation vector
OBS_SIZE: int = max(s.stop for s in OBS_LAYOUT.values())


def encode_view(view: PlayerView, rules: RuleSet,
                out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """The observation vector (shape ``(OBS_SIZE,)``, ``float32``) of ``view``; ``rules``
    gives the public Charleston stages. Only what ``view`` holds is used: the player's own
    tiles and public information (no other player's concealed tiles, no wall order)."""
    # (index, value) pairs summed by one bincount: a few NumPy calls per observation
    L = _STARTS
    me = view.player
    idx: list[int] = []
    val: list[float] = []
    h = L["hand"]
    for k, c in enumerate(view.counts):
        if c:
            idx.append(h + k)
            val.append(c)
    if view.drawn is not None:
        idx.append(L["drawn"] + view.drawn)
        val.append(1.0)
    if view.last_discard is not None:
        idx.append(L["claim_tile"] + view.last_discard)
        val.append(1.0)
    for s in view.seats:
        r = (s.player - me) % 4
        base = L["melds"] + r * NUM_KINDS
        for m in s.melds:
            for t in m.tiles:
                idx.append(base + t)
                val.append(1.0)
        base = L["discards"] + r * NUM_KINDS
        for t in s.discards:
            idx.append(base + t)
            val.append(1.0)
        if s.discards:
            idx.append(L["last_discards"] + r * NUM_KINDS + s.discards[-1])
            val.append(1.0)
        base = L["bonus"] + r * NUM_KINDS
        for t in s.bonus:
            idx.append(base + t)
            val.append(1.0)
        idx.append(L["concealed_count"] + r)
        val.append(s.concealed_count)
        if s.dead:
            idx.append(L["dead"] + r)
            val.append(1.0)
        idx.append(L["scores"] + r)
        val.append(s.score)
    if view.phase in PHASES:
        idx.append(L["phase"] + PHASES.index(view.phase))
        val.append(1.0)
    idx.append(L["current"] + (view.current - me) % 4)
    idx.append(L["dealer"] + (view.dealer - me) % 4)
    val += (1.0, 1.0)
    if view.discarder is not None:
        idx.append(L["discarder"] + (view.discarder - me) % 4)
        val.append(1.0)
    idx += (L["seat_wind"] + view.me.wind, L["round_wind"] + view.round_wind, L["walls"],
            L["walls"] + 1, L["hand_number"])
    val += (1.0, 1.0, view.live_wall, view.dead_wall, view.hand_number)
    if view.stage is not None:
        for st in rules.charleston_stages():
            if st.name == view.stage:
                g = L["stage"]
                idx += (L["stage_kind"] + STAGE_KINDS.index(st.kind), g, g + 1, g + 2)
                val += (1.0, st.count, st.offset, 1.0 if st.blind else 0.0)
                break
    summed = np.bincount(idx, val, minlength=OBS_SIZE)
    if out is None:
        return summed.astype(np.float32)
    out[:] = summed
    return out


#: segment name -> first index (for the encoder)
_STARTS = {name: sl.start for name, sl in OBS_LAYOUT.items()}


class ActionCodec:
    """The flat action encoding of one rule set (see the module docstring).

    Ranges, in index order (``ranges[kind] = (start, length)``):

    - ``discard``, ``concealed_kong``, ``added_kong``, ``chow``: 47 each, by tile kind (a
      chow by its lowest tile);
    - ``mahjong``, ``pass``: 1 each;
    - ``pung``, ``kong``, ``quint``, ``sextet`` (the exposure claims the rule set has): one
      index per joker count, 0 to size - 1 (American exposures may hold jokers);
    - ``joker_exchange`` (if the rule set has it): ``47 * 4``, index ``tile * 4 + target``,
      ``tile`` the natural tile given, ``target`` the exposure's owner as a relative seat;
    - ``call_dead`` (if the rule set calls dead hands): 4, by relative seat;
    - ``charleston_continue``, ``charleston_stop``, ``courtesy_ask`` (0 to ``max_courtesy``):
      for a rule set with a Charleston;
    - ``charleston_pass`` / ``courtesy_pass`` share one range: the multisets of at most
      ``max_pass`` tiles of the 46 passable kinds (jokers are never passed), in the order of
      :attr:`multisets`.

    Raises ``ValueError`` from :meth:`encode` for an action outside the space.
    """

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        stages = rules.charleston_stages()
        claims = set(rules.claim_kinds)
        self.ranges: dict[ActionKind, tuple[int, int]] = {}
        at = 0

        def add(kind: ActionKind, n: int) -> None:
            nonlocal at
            self.ranges[kind] = (at, n)
            at += n

        for kind in (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG,
                     ActionKind.CHOW):
            add(kind, NUM_KINDS)
        add(ActionKind.MAHJONG, 1)
        add(ActionKind.PASS, 1)
        for kind, size in ((ActionKind.PUNG, 3), (ActionKind.KONG, 4), (ActionKind.QUINT, 5),
                           (ActionKind.SEXTET, 6)):
            if kind.value in claims or kind in (ActionKind.PUNG, ActionKind.KONG):
                add(kind, size if rules.jokers_in_exposures else 1)
        if rules.joker_exchange:
            add(ActionKind.JOKER_EXCHANGE, NUM_KINDS * 4)
        if rules.calls_dead_hands() or "dead_exposures" in rules.options:
            add(ActionKind.CALL_DEAD, 4)
        #: the most tiles a pass lays down (0 without a Charleston)
        self.max_pass = max((s.count for s in stages
                             if s.kind in ("pass", "courtesy_pass", "courtesy_ask")), default=0)
        self.max_courtesy = max((s.count for s in stages if s.kind == "courtesy_ask"),
                                default=0)
        #: every multiset a pass may lay down, as sorted tuples of kinds (index order)
        self.multisets: list[tuple[int, ...]] = []
        self._multiset_index: dict[tuple[int, ...], int] = {}
        if stages:
            add(ActionKind.CHARLESTON_CONTINUE, 1)
            add(ActionKind.CHARLESTON_STOP, 1)
            add(ActionKind.COURTESY_ASK, self.max_courtesy + 1)
            kinds = [k for k in range(NUM_KINDS) if k != _JOKER]
            for n in range(self.max_pass + 1):
                self.multisets.extend(combinations_with_replacement(kinds, n))
            self._multiset_index = {m: i for i, m in enumerate(self.multisets)}
            add(ActionKind.CHARLESTON_PASS, len(self.multisets))
            self.ranges[ActionKind.COURTESY_PASS] = self.ranges[ActionKind.CHARLESTON_PASS]
        #: the number of indices (the ``Discrete`` space's ``n``)
        self.size = at
        self._memo: dict[Action, int] = {}
        self._discard_start = self.ranges[ActionKind.DISCARD][0]

    def encode(self, action: Action) -> int:
        """The index of ``action``. Raises ``ValueError`` for an action this rule set's space
        has no index for."""
        got = self._memo.get(action)
        if got is None:
            got = self._encode(action)
            if len(self._memo) < 100_000:
                self._memo[action] = got
        return got

    def _encode(self, action: Action) -> int:
        rng = self.ranges.get(action.kind)
        if rng is None:
            raise ValueError(f"{action.kind.value} is not an action of the "
                             f"{self.rules.name} rules")
        start, n = rng
        kind = action.kind
        p = action.player
        if kind in (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG,
                    ActionKind.CHOW):
            if action.tile is None:
                raise ValueError(f"{kind.value} needs a tile")
            return start + int(action.tile)
        if kind in (ActionKind.MAHJONG, ActionKind.PASS, ActionKind.CHARLESTON_CONTINUE,
                    ActionKind.CHARLESTON_STOP):
            return start
        if kind in (ActionKind.PUNG, ActionKind.KONG, ActionKind.QUINT, ActionKind.SEXTET):
            if not 0 <= action.jokers < n:
                raise ValueError(f"{kind.value} with {action.jokers} jokers is outside the "
                                 f"space")
            return start + action.jokers
        if kind is ActionKind.JOKER_EXCHANGE:
            if action.tile is None or action.target is None:
                raise ValueError("a joker exchange needs a tile and a target")
            return start + int(action.tile) * 4 + (action.target - p) % 4
        if kind is ActionKind.CALL_DEAD:
            if action.target is None:
                raise ValueError("calling a dead hand needs a target")
            return start + (action.target - p) % 4
        if kind is ActionKind.COURTESY_ASK:
            number = action.number or 0
            if not 0 <= number < n:
                raise ValueError(f"a courtesy ask of {number} is outside the space")
            return start + number
        # a Charleston or courtesy pass: the multiset laid down
        key = tuple(sorted(int(t) for t in action.tiles))
        i = self._multiset_index.get(key)
        if i is None:
            raise ValueError(f"a pass of {len(key)} tiles (or with a joker) is outside the "
                             f"space")
        return start + i

    def describe(self, index: int) -> str:
        """What index ``index`` stands for, in words (for docs and debugging)."""
        for kind, (start, n) in self.ranges.items():
            if start <= index < start + n:
                off = index - start
                if kind in (ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS):
                    return f"pass {self.multisets[off]}"
                return f"{kind.value} +{off}"
        raise ValueError(f"index {index} is outside 0-{self.size - 1}")

    def legal_map(self, actions: Sequence[Action]) -> dict[int, Action]:
        """Index -> action for ``actions`` (a player's legal actions). Raises
        ``AssertionError`` if two legal actions share an index (the encoding would not be
        exact)."""
        out: dict[int, Action] = {}
        discard = ActionKind.DISCARD
        start = self._discard_start
        for a in actions:
            # the commonest action without a hash: a discard's index is its tile's
            i = start + a.tile if a.kind is discard and a.tile is not None else self.encode(a)
            if i in out and out[i] != a:
                raise AssertionError(f"actions {out[i]} and {a} share index {i}")
            out[i] = a
        return out

    def mask(self, actions: Sequence[Action]) -> npt.NDArray[np.int8]:
        """The action mask (``int8``, shape ``(size,)``): 1 at the index of each of
        ``actions``."""
        m = np.zeros(self.size, dtype=np.int8)
        for i in self.legal_map(actions):
            m[i] = 1
        return m
