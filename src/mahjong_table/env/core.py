"""One game as the environments see it: the view, the legal-action map and the encoded
observation of a player built once per state, and the step that applies an action.

Shared by the AEC, parallel, single-agent and vector environments. It uses the engine's
public API only (``Game``, ``game.to_act()``, ``game.view(p)``, ``game.apply``,
``game.events``, ``game.results``); the oracle view is imported only when asked for.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..engine import Action, Game, PlayerView
from ..rules import get_rule_set
from ..rules.base import RuleSet
from .encoding import ActionCodec
from .planes import PlanesV1, PlanesV1Writer, PublicHistory, get_encoding

if TYPE_CHECKING:
    from .planes import FlatV0, PlanesV1

__all__ = ["Table", "observation_space"]

Obs = dict[str, npt.NDArray[Any]]


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
    :class:`~mahjong_table.engine.Action`) and observation are built at most once."""

    def __init__(self, rules: str | RuleSet = "hongkong", *, encoding: str = "flat-v0",
                 oracle: bool = False, max_hands: object = None,
                 **options: Any) -> None:
        # (typed object: the check below, not the compiled build's, names the argument)
        hands: int | None = None
        if max_hands is not None:
            if isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1:
                raise ValueError(f"max_hands {max_hands!r}: a whole number of hands, at "
                                 f"least 1 (or None for the rule set's whole game)")
            hands = max_hands
        self.rules: RuleSet = get_rule_set(rules, **options) if isinstance(rules, str) else rules
        self.encoding = get_encoding(encoding, self.rules)
        self.codec = ActionCodec(self.rules)
        self.oracle = bool(oracle)
        self.max_hands = hands
        self.history = PublicHistory()
        # planes-v1: each observer's observation brought up to date, not rebuilt
        self._writer = (PlanesV1Writer(self.encoding) if isinstance(self.encoding, PlanesV1)
                        else None)
        self.game: Game | None = None
        self.seed_used: int | str = 0
        self._views: dict[int, tuple[PlayerView, dict[int, Action]]] = {}
        self._obs: dict[int, Obs] = {}
        self.space = observation_space(self.encoding, self.codec, self.oracle)

    def reset(self, seed: object = None) -> None:
        """A new game ``Game(rules, seed)`` (a seed drawn from the system if None)."""
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
        self.seed_used = chosen
        self.game = Game(self.rules, chosen, max_hands=self.max_hands)
        self.history.reset()
        if self._writer is not None:
            self._writer.reset()
        self._views = {}
        self._obs = {}

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

    def decision(self, p: int) -> tuple[PlayerView, dict[int, Action]]:
        """``p``'s view and its legal actions by index (built once per state)."""
        got = self._views.get(p)
        if got is None:
            view = self._game().view(p)
            got = (view, self.codec.legal_map(view.legal_actions))
            self._views[p] = got
        return got

    def observe(self, p: int) -> Obs:
        """``p``'s observation dict (built once per state; do not mutate it)."""
        got = self._obs.get(p)
        if got is None:
            view, legal = self.decision(p)
            game = self._game()
            self.history.update(game.events)
            mask = bytearray(self.codec.size)
            for i in legal:
                mask[i] = 1
            observation = (self._writer.observe(view, self.history)
                           if self._writer is not None
                           else self.encoding.encode(view, self.history))
            got = {"observation": observation,
                   "action_mask": np.frombuffer(mask, dtype=np.int8)}
            if self.oracle:
                from .oracle import oracle_features

                o = oracle_features(game, p)
                got["oracle_hands"] = o["hands"]
                got["oracle_wall"] = o["wall"]
            self._obs[p] = got
        return got

    def action_of(self, p: int, index: object) -> Action:
        """The engine action for ``p``'s index ``index`` (an ``int`` or a NumPy integer).
        Raises ``TypeError`` for another type (a float, a string, a bool) and ``ValueError``
        naming the index when it is not legal for ``p`` now (nothing changes)."""
        if isinstance(index, np.integer):
            index = int(index)
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"action {index!r}: an integer index (the action mask marks the "
                            f"legal ones)")
        legal = self.decision(p)[1]
        chosen = legal.get(index)
        if chosen is None:
            what = (self.codec.describe(index) if 0 <= index < self.codec.size
                    else "outside the space")
            raise ValueError(f"action {index} ({what}) is not legal for player_{p} now; the "
                             f"action mask marks the legal ones")
        return chosen

    def apply(self, action: Action) -> list[float]:
        """Apply ``action``; returns each player's payments for the hands it ended."""
        game = self._game()
        done = len(game.results)
        game.apply(action)
        self._views = {}
        self._obs = {}
        pay = [0.0, 0.0, 0.0, 0.0]
        for r in game.results[done:]:
            for p, x in enumerate(r.payments):
                pay[p] += float(x)
        return pay
