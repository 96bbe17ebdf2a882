"""Games with one learning seat, and a batch of them stepped by one call (issue 44, item 7).

- :class:`LearnerGame`: one :class:`~.core.Table` whose learner is one seat and whose other
  seats are opponents (bots by name, ``Player`` objects, policies): the game that
  :class:`~.single.MahjongGymEnv` hands out, and each game of
  :class:`~.single.MahjongVectorEnv`.
- :class:`Batch`: ``n`` of them stepped by one call. :meth:`Batch.step` applies each game's
  learner action, lets its opponents play to the learner's next decision (a game that ends
  is started again, same step), and writes every learner observation and mask into one
  preallocated ``(n, ...)`` array each: ``planes-v1`` rows are kept by the encoder between
  steps and only what changed is written into them (``PlanesV1Writer.bind``); masks are
  one ``int8`` array. No per-game dicts or arrays on the way (the ended games' last
  observations aside).

Compiled in the compiled build (``_build.COMPILED``): the loop over the games and over each
game's opponents runs as native code, the environments' Gymnasium faces stay pure.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine import Action
from ..players import make_bot
from ..players.stand_in import bind_players, close_players
from .core import Obs, Table
from .legal import LegalMap

__all__ = ["MAX_SKIPPED", "Batch", "LearnerGame", "copied"]

#: games in a row that may end before the learner's first decision before a reset gives up
MAX_SKIPPED = 100


def copied(obs: Obs) -> Obs:
    """``obs`` with new read-only arrays of the same values."""
    out: Obs = {}
    for k, v in obs.items():
        c = v.copy()
        c.flags.writeable = False
        out[k] = c
    return out


class LearnerGame:
    """A game of ``table`` with the learner at ``seat`` and ``opponents[p]`` at every other
    seat ``p`` (a bot name, seeded from the game's seed and its seat; a ``Player``, asked
    ``choose(view)``; or a policy, called with the seat's observation dict and returning an
    index). ``illegal_action`` and ``illegal_reward`` as ``check_illegal`` gives them."""

    def __init__(self, table: Table, seat: int, opponents: list[object],
                 illegal_action: str, illegal_reward: float) -> None:
        self.table = table
        self.seat = seat
        self.opponents = opponents
        self.illegal_action = illegal_action
        self.illegal_reward = illegal_reward
        #: per seat: its opponent in this game (None at the learner's)
        self.bots: list[object] = [None, None, None, None]
        #: per seat: its opponent is a ``Player`` (``choose(view)``), not a policy
        self._chooses = [False, False, False, False]
        #: the episode was ended by an illegal index (``illegal_action="penalty"``)
        self.abandoned = False
        #: the learner's payments since its last decision, not yet handed out
        self.pending = 0.0

    def start(self, game_seed: int | str, wall: object = None) -> None:
        """A new game ``Game(rules, game_seed)`` (its first hand dealt from ``wall`` if
        given), its bots made and bound (programs started)."""
        self.close()
        table = self.table
        table.reset(game_seed, wall_order=wall)
        self.abandoned = False
        for p in range(4):
            o = self.opponents[p]
            bot: object
            if p == self.seat:
                bot = None
            elif isinstance(o, str):
                bot = make_bot(o, f"{game_seed}/{p}", rules=table.rules)
            else:
                bot = o
            self.bots[p] = bot
            self._chooses[p] = hasattr(bot, "choose")
        # a program (cmd:, botzone:) is started for the game, a py: bot that takes the
        # events is given them: both follow this game
        game = table.game
        assert game is not None
        bind_players(game, self.bots)

    def close(self) -> None:
        """End the bots' hold on the game played (programs are stopped)."""
        close_players(self.bots)

    def advance(self) -> float:
        """Let the opponents play until the learner must act or the game is over; the
        learner's payments meanwhile."""
        table = self.table
        seat = self.seat
        got = 0.0
        while not table.is_over:
            p = table.to_act()[0]
            if p == seat:
                break
            bot: Any = self.bots[p]
            action: Action
            if self._chooses[p]:
                action = bot.choose(table.view(p))
            else:
                action = table.action_of(p, int(bot(table.observe(p))))
            got += table.apply(action)[seat]
        return got

    def begin(self, base: int | str, wall: object = None) -> list[dict[str, Any]]:
        """Play game ``base`` until the learner has a decision. A game the opponents end
        before it is skipped and the next one played (``f"{base}/after-1"``, ...); returns
        the skipped games' seeds and the learner's payment in each. Raises
        ``RuntimeError`` after :data:`MAX_SKIPPED` in a row."""
        game_seed: int | str = base
        skipped: list[dict[str, Any]] = []
        self.start(game_seed, wall)
        self.pending = self.advance()
        while self.table.is_over:
            skipped.append({"seed": game_seed, "reward": self.pending})
            if len(skipped) >= MAX_SKIPPED:
                raise RuntimeError(f"{len(skipped)} games in a row ended before the learner "
                                   f"(seat {self.seat}) had a decision, from seed {base!r}: "
                                   f"the opponents end every game at once")
            game_seed = f"{base}/after-{len(skipped)}"
            self.start(game_seed)
            self.pending = self.advance()
        return skipped

    def info(self) -> dict[str, Any]:
        """The learner's info: its view and legal map at a decision; the scores and every
        hand's payments once the game is over (plain values: wrappers deep-copy and pickle
        infos)."""
        table = self.table
        if table.is_over:
            game = table.game
            assert game is not None
            return {"scores": list(game.scores),
                    "payments": [list(r.payments) for r in game.results]}
        view, legal = table.decision(self.seat)
        return {"view": view, "legal": legal}

    def play(self, chosen: Action) -> float:
        """Apply the learner's ``chosen`` action and let the opponents play to its next
        decision; the learner's payments since its last decision."""
        reward = self.pending + self.table.apply(chosen)[self.seat]
        self.pending = 0.0
        return reward + self.advance()

    def penalise(self, index: int) -> tuple[float, dict[str, Any]]:
        """End the episode for the illegal ``index`` (nothing applied): the reward (the
        payments since the learner's last decision plus ``illegal_reward``) and the info."""
        self.abandoned = True
        reward = self.pending + self.illegal_reward
        self.pending = 0.0
        info = self.info()
        info["legal"] = LegalMap(info["legal"])  # (a new one: the state's is handed out)
        info["illegal"] = index
        return reward, info


class Batch:
    """``games`` stepped together, each game's learner observation written into row ``i``
    of :attr:`observation` (``(n, *shape)``, ``float32``) and its mask into row ``i`` of
    :attr:`mask` (``(n, size)``, ``int8``); with the oracle, :attr:`extra` holds the
    ``oracle_*`` arrays likewise. Game ``k`` of row ``i`` after :meth:`reset` with ``base``
    plays the seed ``base + i + k * n``. The arrays are the batch's own, rewritten by every
    :meth:`step` and :meth:`reset`. A pickled or deep-copied batch makes its arrays afresh
    and writes every game's current observation into them."""

    def __init__(self, games: list[LearnerGame]) -> None:
        if not games:
            raise ValueError("a batch of at least one game")
        self._setup(games)
        self._base = 0
        self._played = [0] * self.n
        self.started = False

    def __getstate__(self) -> dict[str, Any]:
        # (the arrays are not kept: their rows are views, which do not survive a copy)
        return {"games": self.games, "base": self._base, "played": self._played,
                "started": self.started}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._setup(state["games"])
        self._base = state["base"]
        self._played = state["played"]
        self.started = state["started"]
        if self.started:
            views = np.empty(self.n, dtype=object)
            legals = np.empty(self.n, dtype=object)
            for i in range(self.n):
                self._write(i, views, legals)

    def _setup(self, games: list[LearnerGame]) -> None:
        """The arrays for ``games``, each game's learner row given to its encoder."""
        self.games = games
        self.n = len(games)
        table = games[0].table
        self.size: int = table.codec.size
        self.observation = np.zeros((self.n, *table.encoding.shape), dtype=np.float32)
        self.mask = np.zeros((self.n, self.size), dtype=np.int8)
        #: the masks' entries, flat (a ``memoryview``: cheaper to set one by one than NumPy's)
        self._mask_entries = self.mask.reshape(-1).data
        self.extra: dict[str, npt.NDArray[Any]] = {}
        if table.oracle:
            for key, space in table.space.spaces.items():
                if key not in ("observation", "action_mask"):
                    shape: tuple[int, ...] = tuple(space.shape or ())
                    self.extra[key] = np.zeros((self.n, *shape), dtype=space.dtype)
        #: row i of :attr:`observation` (a view, made once)
        self._rows = [self.observation[i] for i in range(self.n)]
        if table._writer is not None:
            for i, g in enumerate(games):
                g.table.bind(g.seat, self._rows[i])

    def _next_seed(self, i: int) -> int:
        seed = self._base + i + self._played[i] * self.n
        self._played[i] += 1
        return seed

    def _write(self, i: int, views: npt.NDArray[Any], legals: npt.NDArray[Any]) -> None:
        """Row ``i``: game ``i``'s learner observation, mask, view and legal map."""
        g = self.games[i]
        t = g.table
        t.write(g.seat, self._rows[i], self._mask_entries, i * self.size)
        if self.extra:
            obs = t.observe(g.seat)
            for key, buf in self.extra.items():
                buf[i] = obs[key]
        view, legal = t.decision(g.seat)
        views[i] = view
        legals[i] = legal

    def reset(self, base: int) -> tuple[npt.NDArray[Any], npt.NDArray[Any],
                                        list[tuple[int, list[dict[str, Any]]]]]:
        """Start every game afresh from ``base``: each game's view and legal map (object
        arrays over the batch) and the games that skipped some (row, skipped)."""
        self._base = base
        self._played = [0] * self.n
        views = np.empty(self.n, dtype=object)
        legals = np.empty(self.n, dtype=object)
        skips: list[tuple[int, list[dict[str, Any]]]] = []
        self.mask.fill(0)
        for i in range(self.n):
            skipped = self.games[i].begin(self._next_seed(i))
            if skipped:
                skips.append((i, skipped))
            self._write(i, views, legals)
        self.started = True
        return views, legals, skips

    def check(self, actions: list[Any]) -> list[Action | None]:
        """Each game's engine action for its index (None: illegal, under
        ``illegal_action="penalty"``). Raises ``TypeError`` for an index that is no integer,
        ``ValueError`` naming an illegal one (``illegal_action="raise"``); nothing changes."""
        if not self.started:
            raise RuntimeError("call reset() before step()")
        chosen: list[Action | None] = []
        for i in range(self.n):
            g = self.games[i]
            a = actions[i]
            got = g.table.check(g.seat, a)
            if got is None and g.illegal_action == "raise":
                g.table.action_of(g.seat, a)  # raises, naming the index
            chosen.append(got)
        return chosen

    def step(self, actions: list[Any]) -> tuple[
            npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[Any],
            npt.NDArray[Any], list[tuple[int, Obs, dict[str, Any]]],
            list[tuple[int, list[dict[str, Any]]]]]:
        """Step every game with its index in ``actions`` (checked first: see :meth:`check`).
        Returns the rewards, which games ended (each started again), each game's view and
        legal map (object arrays), the ended games' (row, last observation, last info)
        and the games whose new start skipped some (row, skipped)."""
        chosen = self.check(actions)
        n = self.n
        rewards = np.zeros(n)
        ended = np.zeros(n, dtype=bool)
        views = np.empty(n, dtype=object)
        legals = np.empty(n, dtype=object)
        finals: list[tuple[int, Obs, dict[str, Any]]] = []
        skips: list[tuple[int, list[dict[str, Any]]]] = []
        self.mask.fill(0)
        for i in range(n):
            g = self.games[i]
            t = g.table
            action = chosen[i]
            if action is None:
                reward, info = g.penalise(int(actions[i]))
                # the state handed out last, as new arrays
                finals.append((i, copied(t.observe(g.seat)), info))
            else:
                reward = g.play(action)
                if t.is_over:
                    finals.append((i, dict(t.observe(g.seat)), g.info()))
            rewards[i] = reward
            if g.abandoned or t.is_over:
                # Gymnasium's same-step autoreset: the new game's first observation
                ended[i] = True
                skipped = g.begin(self._next_seed(i))
                if skipped:
                    skips.append((i, skipped))
            self._write(i, views, legals)
        return rewards, ended, views, legals, finals, skips

    def close(self) -> None:
        """Stop every game's opponent programs, if any."""
        for g in self.games:
            g.close()
