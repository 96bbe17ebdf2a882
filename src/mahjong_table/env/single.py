"""Single-agent and vectorised environments: one learning seat, the other seats played by
our bots, by ``Player`` objects or by policies (self-play) (``docs/env.md``).

- :class:`MahjongGymEnv`: a Gymnasium ``Env``. The learner is ``seat``; every other seat is
  an *opponent*: a bot name (``make_bot``: ``"random"``, ``"efficiency"``, ``"strong"``,
  ``"american"``...; seeded from the game's seed, so a seeded reset replays exactly), a
  :class:`~mahjong_table.players.Player` (``choose(view)``), or a *policy*: any callable
  taking the seat's observation dict (``observation``, ``action_mask``) and returning an
  action index. One policy given for several seats is self-play: the same function decides
  for all of them, each from its own observation.
- :class:`MahjongVectorEnv`: ``num_envs`` of them stepped together, as a Gymnasium
  ``VectorEnv`` (observations stacked into one array, same-step autoreset).
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

from ..engine import Action, PlayerView
from ..players import Player, make_bot
from ..players.stand_in import bind_players, close_players
from ..rules.base import RuleSet
from .core import ILLEGAL_REWARD, Obs, Table, check_illegal, reset_wall
from .legal import LegalMap

__all__ = ["MahjongGymEnv", "MahjongVectorEnv", "Opponent", "Policy"]

#: games in a row that may end before the learner's first decision before ``reset`` gives up
_MAX_SKIPPED = 100
#: a policy: an observation dict -> an action index (a legal one: ``action_mask`` marks them)
Policy = Callable[[Obs], int]
#: what may sit at an opponent's seat
Opponent = str | Player | Policy


def _copied(obs: Obs) -> Obs:
    """``obs`` with new read-only arrays of the same values."""
    out: Obs = {}
    for k, v in obs.items():
        c = v.copy()
        c.flags.writeable = False
        out[k] = c
    return out


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
        self._bots: list[Player | Policy | None] = [None] * 4
        #: the episode was ended by an illegal index (``illegal_action="penalty"``)
        self._abandoned = False
        self._pending_reward = 0.0
        self.observation_space = self.table.space  # type: ignore[assignment]
        self.action_space = spaces.Discrete(self.codec.size)

    def _start(self, game_seed: int | str, wall: object = None) -> None:
        self._close_bots()
        self.table.reset(game_seed, wall_order=wall)
        self._abandoned = False
        for p, o in enumerate(self.opponents):
            if p == self.seat:
                self._bots[p] = None
            elif isinstance(o, str):
                self._bots[p] = make_bot(o, f"{game_seed}/{p}", rules=self.rules)
            else:
                self._bots[p] = o
        # a program (cmd:, botzone:) is started for the game, a py: bot that takes the
        # events is given them: both follow this game
        game = self.table.game
        assert game is not None
        bind_players(game, self._bots)

    def _close_bots(self) -> None:
        """End the bots' hold on the game played (programs are stopped)."""
        close_players(self._bots)

    def close(self) -> None:
        """Stop the opponents' programs (``cmd:``, ``botzone:``), if any."""
        self._close_bots()

    def _advance(self) -> float:
        """Let the opponents play until the learner must act or the game is over; the
        learner's payments meanwhile."""
        table = self.table
        got = 0.0
        while not table.is_over:
            p = table.to_act()[0]
            if p == self.seat:
                break
            bot = self._bots[p]
            action: Action
            if hasattr(bot, "choose"):
                view: PlayerView = table.decision(p)[0]
                action = bot.choose(view)  # type: ignore[union-attr]
            else:
                action = table.action_of(p, int(bot(table.observe(p))))  # type: ignore[misc]
            got += table.apply(action)[self.seat]
        return got

    def _info(self) -> dict[str, Any]:
        if self.table.is_over:
            # (plain values: wrappers deep-copy and pickle infos; the engine's game is no
            # value to hand out)
            game = self.table.game
            assert game is not None
            return {"scores": list(game.scores),
                    "payments": [list(r.payments) for r in game.results]}
        view, legal = self.table.decision(self.seat)
        return {"view": view, "legal": legal}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Obs, dict[str, Any]]:
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise TypeError(f"seed {seed!r}: an integer (or None)")
            seed = int(seed)
        super().reset(seed=seed)
        wall = reset_wall(options)
        base = seed if seed is not None else int(self.np_random.integers(2**31))
        game_seed: int | str = base
        skipped: list[dict[str, Any]] = []
        self._start(game_seed, wall)
        self._pending_reward = self._advance()
        while self.table.is_over:
            # the opponents ended the whole game before the learner had a decision (a very
            # early win, a false Mahjong): no episode to hand out; the next game is played
            # (seeded from this one), and the learner's payment in the skipped one reported
            skipped.append({"seed": game_seed, "reward": self._pending_reward})
            if len(skipped) >= _MAX_SKIPPED:
                raise RuntimeError(f"{len(skipped)} games in a row ended before the learner "
                                   f"(seat {self.seat}) had a decision, from seed {base!r}: "
                                   f"the opponents end every game at once")
            game_seed = f"{base}/after-{len(skipped)}"
            self._start(game_seed)
            self._pending_reward = self._advance()
        info = self._info()
        if skipped:
            info["skipped"] = skipped
        return dict(self.table.observe(self.seat)), info

    def step(self, action: int | np.integer[Any]
             ) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        if self.table.is_over or self._abandoned:
            raise RuntimeError("the episode is over: call reset()")
        chosen = self.table.check(self.seat, action)
        if chosen is None:
            if self.illegal_action == "raise":
                self.table.action_of(self.seat, action)  # raises, naming the index
            # the episode ends here: nothing applied, the learner penalised
            self._abandoned = True
            reward = self._pending_reward + self.illegal_reward
            self._pending_reward = 0.0
            info = self._info()
            info["legal"] = LegalMap(info["legal"])  # (a new one: see below)
            info["illegal"] = int(action)
            # the state is the one handed out last: new arrays (Gymnasium's rule that no two
            # calls share data)
            return _copied(self.table.observe(self.seat)), reward, True, False, info
        reward = self._pending_reward + self.table.apply(chosen)[self.seat]
        self._pending_reward = 0.0
        reward += self._advance()
        return (dict(self.table.observe(self.seat)), reward, self.table.is_over, False,
                self._info())

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's action mask as booleans, shape ``(n,)`` (the interface of
        sb3-contrib's ``MaskablePPO``); all False once the episode is over."""
        if self.table.game is None:
            raise RuntimeError("call reset() before asking for the action masks")
        if self.table.is_over or self._abandoned:
            return np.zeros(self.codec.size, dtype=bool)
        return self.table.observe(self.seat)["action_mask"].astype(bool)


class MahjongVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` :class:`MahjongGymEnv` games stepped together (same arguments, passed
    on). ``step(actions)`` takes an ``int`` array of shape ``(num_envs,)`` and returns the
    observations stacked (``obs["observation"]``: ``(num_envs, *shape)``,
    ``obs["action_mask"]``: ``(num_envs, n)``), rewards and flags as arrays. A game that
    ends is started again in the same step (its final reward is in the rewards; the
    observation is the new game's first); game ``k`` of env ``i`` after ``reset(seed=S)``
    has the seed ``S + i + k * num_envs``, so a seeded batch replays exactly.

    ``infos`` follow Gymnasium's vector convention (``VectorEnv._add_info``): every key of
    the games' infos (``view``, ``legal``, ``skipped``) as an array over the batch with its
    ``_key`` mask; an ended game's last observation and info as ``final_obs`` and
    ``final_info``.

    The games are stepped one after the other in Python (each is an engine object; in the
    compiled build the engine's work and the encoders are compiled, this loop is not)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int, rules: str | RuleSet = "hongkong",
                 **kwargs: Any) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs {num_envs}: at least 1")
        self.envs = [MahjongGymEnv(rules, **kwargs) for _ in range(num_envs)]
        self.num_envs = num_envs
        self.single_observation_space = self.envs[0].observation_space
        self.single_action_space = self.envs[0].action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._games = [0] * num_envs
        self._base = 0

    def _add_env_info(self, infos: dict[str, Any], info: dict[str, Any], i: int
                      ) -> dict[str, Any]:
        """Gymnasium's ``_add_info``, except that the legal map (a dict keyed by index) is
        kept whole, one per game in an object array, instead of split by index."""
        legal = info.get("legal")
        if legal is None:
            return self._add_info(infos, info, i)
        infos = self._add_info(infos, {k: v for k, v in info.items() if k != "legal"}, i)
        if "legal" not in infos:
            infos["legal"] = np.full(self.num_envs, None, dtype=object)
            infos["_legal"] = np.zeros(self.num_envs, dtype=bool)
        infos["legal"][i] = legal
        infos["_legal"][i] = True
        return infos

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the games' opponent programs, if any."""
        for e in self.envs:
            e.close()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every game's learner mask as booleans, shape ``(num_envs, n)``."""
        return np.stack([e.action_masks() for e in self.envs])

    def _stack(self, obs: list[Obs]) -> dict[str, npt.NDArray[Any]]:
        return {k: np.stack([o[k] for o in obs]) for k in obs[0]}

    def _next_seed(self, i: int) -> int:
        seed = self._base + i + self._games[i] * self.num_envs
        self._games[i] += 1
        return seed

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None
              ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        if isinstance(seed, list):
            raise ValueError("seed: one integer for the batch (env i plays seed + i)")
        self._base = seed if seed is not None else int(
            np.random.SeedSequence().generate_state(1)[0] >> 1)
        self._games = [0] * self.num_envs
        obs: list[Obs] = []
        infos: dict[str, Any] = {}
        for i, e in enumerate(self.envs):
            o, info = e.reset(seed=self._next_seed(i))
            obs.append(o)
            infos = self._add_env_info(infos, info, i)
        return self._stack(obs), infos

    def step(self, actions: npt.NDArray[Any] | Sequence[int]
             ) -> tuple[dict[str, npt.NDArray[Any]], npt.NDArray[np.float64],
                        npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"actions: shape ({self.num_envs},), not {acts.shape}")
        for i, e in enumerate(self.envs):  # check all first: bad input changes nothing
            if e.illegal_action == "raise":
                e.table.action_of(e.seat, acts[i])
            else:
                e.table.check(e.seat, acts[i])  # (a wrong type still raises)
        obs: list[Obs] = []
        rewards = np.zeros(self.num_envs)
        terminated = np.zeros(self.num_envs, dtype=bool)
        infos: dict[str, Any] = {}
        for i, e in enumerate(self.envs):
            o, r, term, _, info = e.step(int(acts[i]))
            rewards[i] = r
            terminated[i] = term
            if term:
                # Gymnasium's same-step autoreset: the ended game's last observation and
                # info as final_obs / final_info, the new game's first as the observation
                infos = self._add_info(infos, {"final_obs": o, "final_info": info}, i)
                o, info = e.reset(seed=self._next_seed(i))
            infos = self._add_env_info(infos, info, i)
            obs.append(o)
        return (self._stack(obs), rewards, terminated, np.zeros(self.num_envs, dtype=bool),
                infos)
