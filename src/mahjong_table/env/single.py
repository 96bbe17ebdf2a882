"""Single-agent and vectorised environments: one learning seat, the other seats played by
our bots, by ``Player`` objects or by policies (self-play) (``docs/env.md``).

- :class:`MahjongGymEnv`: a Gymnasium ``Env``. The learner is ``seat``; every other seat is
  an *opponent*: a bot name (``make_bot``: ``"random"``, ``"efficiency"``, ``"strong"``,
  ``"american"``...; seeded from the game's seed, so a seeded reset replays exactly), a
  :class:`~mahjong_table.players.Player` (``choose(view)``), or a *policy*: any callable
  taking the seat's observation dict (``observation``, ``action_mask``) and returning an
  action index. One policy given for several seats is self-play: the same function decides
  for all of them, each from its own observation.
- :class:`MahjongVectorEnv`: ``num_envs`` of them stepped together by one call, as a
  Gymnasium ``VectorEnv`` (observations written into one array, same-step autoreset).

The games themselves (the learner's seat, the opponents, the skipped games, the penalty) are
``env/batch.py``'s :class:`~.batch.LearnerGame`, compiled in the compiled build.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..players import Player
from ..rules.base import RuleSet
from .batch import Batch, LearnerGame, copied
from .core import ILLEGAL_REWARD, Obs, Table, check_illegal, reset_wall

__all__ = ["MahjongGymEnv", "MahjongVectorEnv", "Opponent", "Policy"]

#: a policy: an observation dict -> an action index (a legal one: ``action_mask`` marks them)
Policy = Callable[[Obs], int]
#: what may sit at an opponent's seat
Opponent = str | Player | Policy


class MahjongGymEnv(gymnasium.Env[Obs, Any]):
    """One seat of a game of ``rules`` as a Gymnasium environment.

    ``seat``: the learner's player (0-3). ``opponents``: one entry for every seat (the
    learner's entry is ignored), or one entry for all; see the module docstring. ``encoding``
    and ``oracle`` as for :class:`~.aec.MahjongEnv` (``planes-v1`` by default here);
    ``max_hands``: hands per episode (1 by default).

    ``reset(seed=S)`` plays ``Game(rules, S)`` and seeds every bot opponent from ``S`` and its
    seat (bot ``p`` gets ``f"{S}/{p}"``): the same seed and the learner's actions replay the
    same episode. Without a seed, one is drawn from the environment's ``np_random``. A game
    the opponents end before the learner's first decision is skipped: the next one is played
    (seed ``f"{S}/after-1"``, ``f"{S}/after-2"``...) and ``info["skipped"]`` lists each skipped
    game's seed and the learner's payment in it (``reset`` never returns a finished game).
    ``step(index)`` applies the learner's action, then lets the opponents play until the
    learner must decide again or the game ends; the reward is the learner's payments over
    that stretch (points of the rule set). ``info["view"]`` is the learner's
    :class:`~mahjong_table.engine.PlayerView`; ``info["legal"]`` maps indices to actions
    (read-only). An unmasked index raises ``ValueError`` naming it and changes nothing
    (``illegal_action="raise"``, the default); with ``illegal_action="penalty"`` it ends
    the episode instead (``terminated`` True, the reward ``illegal_reward``, default -100
    points, plus the payments since the learner's last decision; ``info["illegal"]`` the
    index; nothing is applied), so that Gymnasium's ``check_env`` runs.
    :meth:`action_masks` gives the mask as booleans (sb3-contrib's ``MaskablePPO``).
    ``reset(options={"wall_order": ...})`` deals the first hand from that wall. ``copy``
    as for :class:`~.aec.MahjongEnv` (the arrays are read-only).
    """

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 - gymnasium's own

    def __init__(self, rules: str | RuleSet = "hongkong", *, seat: int = 0,
                 opponents: Opponent | Sequence[Opponent] = "efficiency",
                 encoding: str = "planes-v1", oracle: bool = False,
                 max_hands: int | None = 1, copy: bool = True,
                 illegal_action: str = "raise", illegal_reward: float = ILLEGAL_REWARD,
                 **options: Any) -> None:
        if seat not in range(4):
            raise ValueError(f"seat {seat!r}: choose a player 0-3")
        self.illegal_action, self.illegal_reward = check_illegal(illegal_action,
                                                                 illegal_reward)
        self.table = Table(rules, encoding=encoding, oracle=oracle, max_hands=max_hands,
                           copy=copy, **options)
        self.rules = self.table.rules
        self.codec = self.table.codec
        self.seat = seat
        if isinstance(opponents, str) or callable(opponents) or hasattr(opponents, "choose"):
            given: list[Opponent] = [opponents] * 4  # type: ignore[list-item]
        elif isinstance(opponents, (list, tuple)):
            given = list(opponents)
            if len(given) != 4:
                raise ValueError(f"opponents: one for each of the 4 seats (the learner's "
                                 f"is ignored) or one for all, not {len(given)}")
        else:
            raise TypeError(f"opponents {opponents!r}: a bot name, a Player, a policy "
                            f"(observation -> index) or a list of 4 of them")
        for p, o in enumerate(given):
            if isinstance(o, str):
                from ..players import check_bot_kind

                check_bot_kind(o)
            elif p != seat and not (callable(o) or hasattr(o, "choose")):
                raise TypeError(f"opponents[{p}] {o!r}: a bot name, a Player or a policy "
                                f"(observation -> index)")
        self.opponents = given
        #: the game (``env/batch.py``): the learner's seat, the opponents, the penalty
        self.learner = LearnerGame(self.table, seat, list(given), self.illegal_action,
                                   self.illegal_reward)
        self.observation_space = self.table.space  # type: ignore[assignment]
        self.action_space = spaces.Discrete(self.codec.size)

    def close(self) -> None:
        """Stop the opponents' programs (``cmd:``, ``botzone:``), if any."""
        self.learner.close()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Obs, dict[str, Any]]:
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise TypeError(f"seed {seed!r}: an integer (or None)")
            seed = int(seed)
        super().reset(seed=seed)
        wall = reset_wall(options)
        base = seed if seed is not None else int(self.np_random.integers(2**31))
        skipped = self.learner.begin(base, wall)
        info = self.learner.info()
        if skipped:
            info["skipped"] = skipped
        return dict(self.table.observe(self.seat)), info

    def step(self, action: int | np.integer[Any]
             ) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        learner = self.learner
        if self.table.is_over or learner.abandoned:
            raise RuntimeError("the episode is over: call reset()")
        chosen = self.table.check(self.seat, action)
        if chosen is None:
            if self.illegal_action == "raise":
                self.table.action_of(self.seat, action)  # raises, naming the index
            # the episode ends here: nothing applied, the learner penalised
            reward, info = learner.penalise(int(action))
            # the state is the one handed out last: new arrays (Gymnasium's rule that no two
            # calls share data)
            return copied(self.table.observe(self.seat)), reward, True, False, info
        reward = learner.play(chosen)
        return (dict(self.table.observe(self.seat)), reward, self.table.is_over, False,
                learner.info())

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's action mask as booleans, shape ``(n,)`` (the interface of
        sb3-contrib's ``MaskablePPO``); all False once the episode is over."""
        if self.table.game is None:
            raise RuntimeError("call reset() before asking for the action masks")
        if self.table.is_over or self.learner.abandoned:
            return np.zeros(self.codec.size, dtype=bool)
        return self.table.observe(self.seat)["action_mask"].astype(bool)


class MahjongVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` :class:`MahjongGymEnv` games stepped together (same arguments, passed
    on; ``copy`` is the batch's, see below). ``step(actions)`` takes an ``int`` array of
    shape ``(num_envs,)`` and returns the observations as one array each
    (``obs["observation"]``: ``(num_envs, *shape)``, ``obs["action_mask"]``:
    ``(num_envs, n)``), rewards and flags as arrays. A game that ends is started again in
    the same step (its final reward is in the rewards; the observation is the new game's
    first); game ``k`` of env ``i`` after ``reset(seed=S)`` has the seed
    ``S + i + k * num_envs``, so a seeded batch replays exactly: each game is the one a
    :class:`MahjongGymEnv` plays with that seed and the same actions.

    ``infos`` follow Gymnasium's vector convention (``VectorEnv._add_info``): every key of
    the games' infos (``view``, ``legal``, ``skipped``) as an array over the batch with its
    ``_key`` mask (the legal maps whole, one per game); an ended game's last observation
    and info as ``final_obs`` and ``final_info``.

    One call steps the whole batch (``env/batch.py``'s :class:`~.batch.Batch`, compiled in
    the compiled build): every game's learner action, its opponents' play to the learner's
    next decision, and every learner observation and mask written into one preallocated
    array each (``planes-v1`` rows kept between steps, only what changed written). The
    arrays returned are new ones at every step (``copy=True``, the default); with
    ``copy=False`` they are read-only views of the batch's own arrays, rewritten by the
    next ``step`` or ``reset`` (copy them to keep them)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int, rules: str | RuleSet = "hongkong", *,
                 copy: bool = True, **kwargs: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs {num_envs!r}: a whole number of games, at least 1")
        if not isinstance(copy, bool):
            raise TypeError(f"copy {copy!r}: True (new arrays at every step) or False "
                            f"(read-only views of arrays the batch rewrites)")
        # (each game's own observations, only the ended games' last ones, are copies)
        self.envs = [MahjongGymEnv(rules, **kwargs) for _ in range(num_envs)]
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space = self.envs[0].observation_space
        self.single_action_space = self.envs[0].action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.batch = Batch([e.learner for e in self.envs])

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the games' opponent programs, if any."""
        self.batch.close()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every game's learner mask as booleans, shape ``(num_envs, n)``."""
        if not self.batch.started:
            raise RuntimeError("call reset() before asking for the action masks")
        return self.batch.mask.astype(bool)

    def _observations(self) -> dict[str, npt.NDArray[Any]]:
        b = self.batch
        arrays: dict[str, npt.NDArray[Any]] = {"observation": b.observation,
                                               "action_mask": b.mask, **b.extra}
        out: dict[str, npt.NDArray[Any]] = {}
        for k, a in arrays.items():
            if self.copy:
                out[k] = a.copy()
            else:
                shown = a.view()
                shown.flags.writeable = False
                out[k] = shown
        return out

    def _infos(self, views: npt.NDArray[Any], legals: npt.NDArray[Any],
               skips: list[tuple[int, list[dict[str, Any]]]],
               infos: dict[str, Any] | None = None) -> dict[str, Any]:
        """Gymnasium's vector infos: every game's view and legal map (whole, one per game),
        and ``skipped`` for the games that skipped some."""
        out = {} if infos is None else infos
        every = np.ones(self.num_envs, dtype=bool)
        out.update(view=views, _view=every, legal=legals, _legal=every.copy())
        for i, skipped in skips:
            out = self._add_info(out, {"skipped": skipped}, i)
        return out

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None
              ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        if isinstance(seed, list):
            raise ValueError("seed: one integer for the batch (env i plays seed + i)")
        if seed is not None and (isinstance(seed, bool)
                                 or not isinstance(seed, (int, np.integer))):
            raise TypeError(f"seed {seed!r}: an integer (or None)")
        base = int(seed) if seed is not None else int(
            np.random.SeedSequence().generate_state(1)[0] >> 1)
        views, legals, skips = self.batch.reset(base)
        return self._observations(), self._infos(views, legals, skips)

    def step(self, actions: npt.NDArray[Any] | Sequence[int]
             ) -> tuple[dict[str, npt.NDArray[Any]], npt.NDArray[np.float64],
                        npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"actions: shape ({self.num_envs},), not {acts.shape}")
        # (integers as Python ints; anything else as given, refused by name)
        given: list[Any] = acts.tolist() if acts.dtype.kind in "iu" else list(acts)
        rewards, terminated, views, legals, finals, skips = self.batch.step(given)
        infos: dict[str, Any] = {}
        for i, obs, info in finals:
            # Gymnasium's same-step autoreset: the ended game's last observation and
            # info as final_obs / final_info, the new game's first as the observation
            infos = self._add_info(infos, {"final_obs": obs, "final_info": info}, i)
        return (self._observations(), rewards, terminated,
                np.zeros(self.num_envs, dtype=bool), self._infos(views, legals, skips, infos))
