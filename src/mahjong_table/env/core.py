"""One game as the environments see it: the view, the legal-action map and the encoded
observation of a player built once per state, and the step that applies an action.

Shared by the AEC, parallel, single-agent and vector environments. It uses the engine's
public API only (``Game``, ``game.to_act()``, ``game.view(p)``, ``game.apply``,
``game.events``, ``game.results``); the oracle view is imported only when asked for.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..engine import Action, ActionKind, Game, PlayerView
from ..rules import get_rule_set
from ..rules.base import RuleSet
from ..tiles import Tile
from .encoding import ActionCodec
from .legal import LegalMap
from .planes import PlanesV1, PlanesV1Writer, PublicHistory, get_encoding

if TYPE_CHECKING:
    from .planes import FlatV0, PlanesV1

__all__ = ["ILLEGAL_ACTIONS", "ILLEGAL_REWARD", "LegalMap", "Table", "check_illegal",
           "observation_space", "reset_wall"]

Obs = dict[str, npt.NDArray[Any]]

#: what an environment does with an index outside the mask: ``"raise"`` a ``ValueError``
#: (nothing changes; the default), or end the episode with a ``"penalty"``
ILLEGAL_ACTIONS = ("raise", "penalty")
#: the default reward of an illegal index under ``illegal_action="penalty"`` (points)
ILLEGAL_REWARD = -100.0


def check_illegal(mode: object, reward: object) -> tuple[str, float]:
    """``(mode, reward)`` checked: ``mode`` one of :data:`ILLEGAL_ACTIONS`, ``reward`` a
    finite number. Raises ``ValueError`` (``TypeError`` for a reward that is no number)
    naming the argument."""
    if mode not in ILLEGAL_ACTIONS:
        raise ValueError(f"illegal_action {mode!r}: choose from {', '.join(ILLEGAL_ACTIONS)}")
    if isinstance(reward, bool) or not isinstance(reward, (int, float, np.integer,
                                                           np.floating)):
        raise TypeError(f"illegal_reward {reward!r}: a number (points)")
    value = float(reward)
    if not np.isfinite(value):
        raise ValueError(f"illegal_reward {reward!r}: a finite number (points)")
    return str(mode), value


def reset_wall(options: object) -> object:
    """The ``wall_order`` of a ``reset(options=...)`` (None without one; other keys are
    ignored, as PettingZoo's checkers expect). Raises ``TypeError`` for options that are
    no dict."""
    if options is None:
        return None
    if not isinstance(options, dict):
        raise TypeError(f"options {options!r}: a dict (or None)")
    return options.get("wall_order")


def observation_space(encoding: FlatV0 | PlanesV1, codec: ActionCodec,
                      oracle: bool) -> spaces.Dict:
    """The observation space: ``observation`` (the encoding's shape), ``action_mask``
    (``int8``, ``(codec.size,)``) and, with ``oracle``, ``oracle_hands`` and
    ``oracle_wall``."""
    low = -1.0 if encoding.name != "flat-v0" else -np.inf
    high = 2.0 if encoding.name != "flat-v0" else np.inf
    parts: dict[str, spaces.Space[Any]] = {
        "observation": spaces.Box(low=low, high=high, shape=encoding.shape, dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(codec.size,), dtype=np.int8),
    }
    if oracle:
        from ..tiles import NUM_KINDS
        from .oracle import ORACLE_WALL

        parts["oracle_hands"] = spaces.Box(low=0, high=8, shape=(4, NUM_KINDS),
                                           dtype=np.float32)
        parts["oracle_wall"] = spaces.Box(low=0, high=1, shape=(ORACLE_WALL, NUM_KINDS),
                                          dtype=np.float32)
    return spaces.Dict(parts)


class Table:
    """A game of ``rules`` for the environments. ``encoding``: an encoding name
    (:data:`~.planes.ENCODINGS`); ``oracle``: add the perfect-information view to every
    observation (off by default; for oracle-guided training only).

    Per state (a count of applied actions), each player's view, legal map (index ->
    :class:`~mahjong_table.engine.Action`, a read-only mapping) and observation are built at
    most once. The arrays handed out are read-only; with ``copy=False`` a ``planes-v1``
    observation is a read-only view of the observer's kept array, rewritten when that
    observer next observes a new state (no 40 KB copy per step; copy it to keep it).

    Claim and rob windows (issue 44): what a seat that is not asked observes must not
    depend on who may claim. With ``pad_windows`` (the parallel environment) every
    claimable discard and every added kong under robbing rules holds its window open
    (``Game(hold_windows=True)``) even when nobody may answer: :attr:`window_held` is then
    True, :meth:`to_act` is empty and :meth:`close_window` goes on; every seat observes the
    window alike. Otherwise (the AEC, single-agent and vector environments, whose windows
    with nobody asked pass at once) a seat that is not asked is *hidden* from an open
    window: :meth:`observe` gives it the observation of the state before the window's
    discard or added kong, exactly what it would observe had nobody been asked."""

    def __init__(self, rules: str | RuleSet = "hongkong", *, encoding: str = "flat-v0",
                 oracle: bool = False, max_hands: object = None, copy: object = True,
                 pad_windows: bool = False, **options: Any) -> None:
        # (typed object: the check below, not the compiled build's, names the argument)
        hands: int | None = None
        if max_hands is not None:
            if isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1:
                raise ValueError(f"max_hands {max_hands!r}: a whole number of hands, at "
                                 f"least 1 (or None for the rule set's whole game)")
            hands = max_hands
        if not isinstance(copy, bool):
            raise TypeError(f"copy {copy!r}: True (each observation its own array) or False "
                            f"(a read-only view of a buffer the environment rewrites)")
        self.rules: RuleSet = get_rule_set(rules, **options) if isinstance(rules, str) else rules
        self.encoding = get_encoding(encoding, self.rules)
        self.codec = ActionCodec(self.rules)
        self.oracle = bool(oracle)
        self.max_hands = hands
        self.copy: bool = copy
        self.pad_windows = pad_windows
        self.history = PublicHistory()
        # planes-v1: each observer's observation brought up to date, not rebuilt
        self._writer = (PlanesV1Writer(self.encoding) if isinstance(self.encoding, PlanesV1)
                        else None)
        self.game: Game | None = None
        self.seed_used: int | str = 0
        self._views: dict[int, PlayerView] = {}
        self._legal: dict[int, Mapping[int, Action]] = {}
        self._obs: dict[int, Obs] = {}
        #: while a window is open (not padded): the state before the action that opened it
        #: (its event count, and the views, legal maps and observations built for it)
        self._before: tuple[int, dict[int, PlayerView], dict[int, Mapping[int, Action]],
                            dict[int, Obs]] | None = None
        self.space = observation_space(self.encoding, self.codec, self.oracle)

    #: what a pickled or deep-copied table keeps (the per-state observations are built again:
    #: a copied array is writeable, and the writer's are made afresh)
    _STATE = ("rules", "encoding", "codec", "oracle", "max_hands", "copy", "pad_windows",
              "history", "_writer", "game", "seed_used", "_views", "_legal", "space")

    def __getstate__(self) -> dict[str, Any]:
        state = {name: getattr(self, name) for name in self._STATE}
        before = self._before
        state["_before"] = None if before is None else (before[0], before[1], before[2], {})
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name in self._STATE:
            setattr(self, name, state[name])
        self._before = state["_before"]
        self._obs = {}

    def reset(self, seed: object = None, wall_order: object = None) -> None:
        """A new game ``Game(rules, seed)`` (a seed drawn from the system if None).
        ``wall_order``: the first hand's wall as built, tile by tile (``Game``'s
        ``wall_order``: mpsz text or tiles), e.g. to deal the same wall to several agents."""
        # (typed object: the check below, not the compiled build's, names the argument)
        chosen: int | str
        if seed is None:
            chosen = random.SystemRandom().randrange(2**31)
        elif isinstance(seed, np.integer):
            chosen = int(seed)
        elif isinstance(seed, (int, str)) and not isinstance(seed, bool):
            chosen = seed
        else:
            raise TypeError(f"seed {seed!r}: an integer or a string (or None)")
        order: str | list[Tile] | None = None
        if wall_order is not None:
            if isinstance(wall_order, str):
                order = wall_order
            elif isinstance(wall_order, (list, tuple)) and all(
                    isinstance(t, Tile) for t in wall_order):
                order = list(wall_order)
            else:
                raise TypeError(f"wall_order {wall_order!r}: mpsz text or a list of Tiles")
        game = Game(self.rules, chosen, max_hands=self.max_hands, wall_order=order,
                    hold_windows=self.pad_windows)
        self.seed_used = chosen
        self.game = game
        self.history.reset()
        if self._writer is not None:
            self._writer.reset()
        self._views = {}
        self._legal = {}
        self._obs = {}
        self._before = None

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    @property
    def is_over(self) -> bool:
        return self._game().is_over

    def to_act(self) -> list[int]:
        """Players whose decision the engine awaits (``game.to_act()``)."""
        return self._game().to_act()

    @property
    def window_held(self) -> bool:
        """A padded window nobody may answer is open (``pad_windows``; see the class)."""
        return self._game().window_held

    def view(self, p: int) -> PlayerView:
        """``p``'s view (``game.view(p)``, built once per state)."""
        view = self._views.get(p)
        if view is None:
            view = self._game().view(p)
            self._views[p] = view
        return view

    def decision(self, p: int) -> tuple[PlayerView, Mapping[int, Action]]:
        """``p``'s view and its legal actions by index (built once per state; the mapping is
        read-only)."""
        view = self.view(p)
        legal = self._legal.get(p)
        if legal is None:
            legal = LegalMap(self.codec.legal_map(view.legal_actions))
            self._legal[p] = legal
        return view, legal

    def bind(self, p: int, out: npt.NDArray[np.float32]) -> None:
        """Keep ``p``'s ``planes-v1`` observation in ``out`` (a row of a batch of
        observations: :meth:`write` brings it up to date in place; ``PlanesV1Writer.bind``).
        Raises ``ValueError`` with another encoding or a wrong array."""
        if self._writer is None:
            raise ValueError(f"only planes-v1 observations are kept in a buffer, not "
                             f"{self.encoding.name}")
        self._writer.bind(p, out)

    def write(self, p: int, out: npt.NDArray[np.float32], mask: Any, at: int) -> None:
        """Write ``p``'s observation of the state into ``out`` and 1 at ``mask[at + i]`` for
        each legal index ``i`` (``mask`` flat ``int8`` entries, an array or a ``memoryview``,
        0 before): what :meth:`observe`
        would give, without a dict or arrays of its own (a batch's row, ``env/batch.py``).
        With ``planes-v1``, ``out`` must be the array :meth:`bind` gave for ``p`` (written in
        place from what it held); with ``flat-v0`` any row of the shape. For a seat asked to
        act, or any seat outside an open window."""
        game = self._game()
        view, legal = self.decision(p)
        self.history.update(game.events)
        if self._writer is not None:
            self._writer.write(view, self.history)
        else:
            self.encoding.encode(view, self.history, out)
        for i in legal:
            mask[at + i] = 1

    def _freeze(self, observation: npt.NDArray[Any], legal: Mapping[int, Action],
                p: int) -> Obs:
        """The observation dict of ``observation`` (read-only already) and the mask: read-only
        arrays (the mask NumPy's view of immutable ``bytes``: read-only as made)."""
        mask_bytes = bytearray(self.codec.size)
        for i in legal:
            mask_bytes[i] = 1
        mask = np.frombuffer(bytes(mask_bytes), dtype=np.int8)
        got = {"observation": observation, "action_mask": mask}
        if self.oracle:
            from .oracle import oracle_features

            o = oracle_features(self._game(), p)
            for key, name in (("hands", "oracle_hands"), ("wall", "oracle_wall")):
                a = o[key]
                a.flags.writeable = False
                got[name] = a
        return got

    def observe(self, p: int) -> Obs:
        """``p``'s observation dict (built once per state; its arrays are read-only). A seat
        not asked in an open window (unpadded) gets its observation from before the window
        (see the class)."""
        got = self._obs.get(p)
        if got is None:
            game = self._game()
            if self._before is not None and p not in game.pending:
                return self._hidden(p)
            view, legal = self.decision(p)
            self.history.update(game.events)
            if self._writer is not None:  # (read-only as given)
                observation = self._writer.observe(view, self.history, self.copy)
            else:
                observation = self.encoding.encode(view, self.history)
                observation.flags.writeable = False
            got = self._freeze(observation, legal, p)
            self._obs[p] = got
        return got

    def _hidden(self, p: int) -> Obs:
        """``p``'s observation of the state before the open window's discard or added kong
        (``p`` is not asked to answer the window)."""
        before = self._before
        assert before is not None
        count, views, legals, observed = before
        got = observed.get(p)
        if got is not None:
            return got
        old = views.get(p)
        legal: Mapping[int, Action]
        if old is None:
            # a seat other than the one who discarded (or added to a pung): its hand, the
            # walls and the other seats are as they were; only the actor's seat and the
            # window's own fields differ, and every view of a state shares its seats
            pre = next(iter(views.values()))
            now = self.view(p)
            view = now._replace(phase=pre.phase, current=pre.current, drawn=None,
                                seats=pre.seats, last_discard=pre.last_discard,
                                discarder=pre.discarder, legal_actions=())
            legal = LegalMap()
        else:
            view = old
            found = legals.get(p)
            legal = (found if found is not None
                     else LegalMap(self.codec.legal_map(view.legal_actions)))
        history = PublicHistory()
        history.update(self._game().events[:count])
        observation = self.encoding.encode(view, history)
        observation.flags.writeable = False
        got = self._freeze(observation, legal, p)
        observed[p] = got
        return got

    def check(self, p: int, index: object) -> Action | None:
        """The engine action for ``p``'s index ``index`` (an ``int`` or a NumPy integer), or
        None when it is not legal for ``p`` now. Raises ``TypeError`` for another type (a
        float, a string, a bool)."""
        if isinstance(index, np.integer):
            index = int(index)
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"action {index!r}: an integer index (the action mask marks the "
                            f"legal ones)")
        return self.decision(p)[1].get(index)

    def action_of(self, p: int, index: object) -> Action:
        """The engine action for ``p``'s index ``index`` (an ``int`` or a NumPy integer).
        Raises ``TypeError`` for another type (a float, a string, a bool) and ``ValueError``
        naming the index when it is not legal for ``p`` now (nothing changes)."""
        chosen = self.check(p, index)
        if chosen is None:
            i = int(index)  # type: ignore[call-overload]
            what = (self.codec.describe(i) if 0 <= i < self.codec.size
                    else "outside the space")
            raise ValueError(f"action {i} ({what}) is not legal for player_{p} now; the "
                             f"action mask marks the legal ones")
        return chosen

    def _payments(self, done: int) -> list[float]:
        pay = [0.0, 0.0, 0.0, 0.0]
        results = self._game().results
        for h in range(done, len(results)):
            for p, x in enumerate(results[h].payments):
                pay[p] += float(x)
        return pay

    def apply(self, action: Action) -> list[float]:
        """Apply ``action``; returns each player's payments for the hands it ended."""
        game = self._game()
        done = len(game.results)
        kind = action.kind
        # (by identity: an enum member's hash is Python code, a set lookup costs a call)
        opens = not self.pad_windows and (kind is ActionKind.DISCARD
                                          or kind is ActionKind.ADDED_KONG)
        if opens:
            count = len(game.events)
            if not self._views:  # (the actor's view: every view of the state shares its seats)
                self.view(action.player)
            opened = (count, self._views, self._legal, self._obs)
        game.apply(action)
        if opens:
            # the window this action opened (if anybody may answer it) keeps the state's
            # views and observations: new ones for the next state
            self._views = {}
            self._legal = {}
            self._obs = {}
            self._before = opened if game.phase._value_ in _WINDOW_PHASES else None
        else:
            self._views.clear()
            self._legal.clear()
            self._obs.clear()
            if game.phase._value_ not in _WINDOW_PHASES:
                self._before = None  # (an answer that closed the window)
        return self._payments(done)

    def close_window(self) -> list[float]:
        """Go on from a padded window nobody may answer (``Game.close_window``); each
        player's payments for the hands it ended."""
        game = self._game()
        done = len(game.results)
        game.close_window()
        self._views = {}
        self._legal = {}
        self._obs = {}
        return self._payments(done)


#: the phases of an open window
_WINDOW_PHASES = frozenset({"claim", "rob"})
