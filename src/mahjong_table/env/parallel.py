"""The PettingZoo ``ParallelEnv``: every player the engine awaits acts in one step
(``docs/env.md``).

Mahjong's simultaneous decisions map onto it directly: in a claim window, a robbing-the-kong
window or an American Charleston stage every player asked answers at once (none sees the
others' answers, 001 Part one 06, 004 s05); in a turn only the player in turn acts.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from ..engine import Action, Game
from ..rules.base import RuleSet
from .aec import AGENTS
from .core import ILLEGAL_REWARD, Obs, Table, check_illegal, reset_wall

__all__ = ["MahjongParallelEnv", "parallel_env"]


class MahjongParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A whole game of ``rules`` as a PettingZoo parallel environment (same observations,
    actions, rewards, encodings, ``oracle`` and ``copy`` switches as
    :class:`~.aec.MahjongEnv`).

    - Every step returns all four agents' observations; the agents whose decision the
      engine awaits (``infos[agent]["to_act"]`` True) have a non-empty action mask, the
      others an all-zero one.
    - Claim windows are padded (issue 44): every claimable discard (and every added kong,
      under robbing rules) is a step of its own, whether anybody may claim or not; when
      nobody may, no agent acts in that step (``to_act`` False for all; step with ``{}``).
      So an agent not asked observes the same window whatever the others hold.
    - ``step(actions)`` needs an index for each agent to act (others' entries are ignored);
      all are checked before any is applied, in the engine's order, so a missing index
      raises ``ValueError`` naming the agent and changes nothing. An index outside the
      mask raises ``ValueError`` too (``illegal_action="raise"``, the default) or, with
      ``illegal_action="penalty"``, ends the episode: every agent terminates, each agent
      that gave an illegal index gets ``illegal_reward`` (default -100 points) and the
      others 0, and ``infos[agent]["illegal"]`` names the index (nothing is applied).
    - Rewards: each agent's payments for the hands the step ended. All agents terminate
      when the game is over.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "mahjong_table_v1"}

    def __init__(self, rules: str | RuleSet = "hongkong", *, max_hands: int | None = None,
                 encoding: str = "flat-v0", oracle: bool = False, copy: bool = True,
                 illegal_action: str = "raise", illegal_reward: float = ILLEGAL_REWARD,
                 **options: Any) -> None:
        self.illegal_action, self.illegal_reward = check_illegal(illegal_action,
                                                                 illegal_reward)
        self.table = Table(rules, encoding=encoding, oracle=oracle, max_hands=max_hands,
                           copy=copy, pad_windows=True, **options)
        self.rules = self.table.rules
        self.codec = self.table.codec
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self.observation_spaces = {a: self.table.space for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in AGENTS}
        self.render_mode = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Game | None:
        return self.table.game

    def _out(self, acting: set[int]) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        obs = {AGENTS[p]: self.table.observe(p) for p in range(4)}
        infos: dict[str, dict[str, Any]] = {AGENTS[p]: {"to_act": p in acting}
                                            for p in range(4)}
        return obs, infos

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """A new game (``seed`` as :class:`~.aec.MahjongEnv`'s; ``options``:
        ``{"wall_order": ...}`` deals the first hand from that wall)."""
        self.table.reset(seed, wall_order=reset_wall(options))
        self.agents = list(AGENTS)
        return self._out(set(self.table.to_act()))

    def step(self, actions: dict[str, int | np.integer[Any]]
             ) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool],
                        dict[str, dict[str, Any]]]:
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        table = self.table
        chosen: list[Action] = []
        illegal: dict[int, int] = {}
        for p in table.to_act():
            agent = AGENTS[p]
            if agent not in actions or actions[agent] is None:
                raise ValueError(f"{agent} must act: give it an action index")
            a = table.check(p, actions[agent])
            if a is None:
                if self.illegal_action == "raise":
                    table.action_of(p, actions[agent])  # raises, naming the index
                illegal[p] = int(actions[agent])
            else:
                chosen.append(a)
        rewards = dict.fromkeys(self.agents, 0.0)
        if illegal:
            # the episode ends: nothing is applied, each offender is penalised
            obs, infos = self._out(set())
            for p, index in illegal.items():
                rewards[AGENTS[p]] = self.illegal_reward
                infos[AGENTS[p]]["illegal"] = index
            done = dict.fromkeys(self.agents, True)
            self.agents = []
            return obs, rewards, done, dict.fromkeys(done, False), infos
        if table.window_held:
            for p, x in enumerate(table.close_window()):
                rewards[AGENTS[p]] += x
        for a in chosen:
            if table.is_over or a.player not in table.to_act():
                continue  # the engine settled without this answer
            for p, x in enumerate(table.apply(a)):
                rewards[AGENTS[p]] += x
        over = table.is_over
        obs, infos = self._out(set(table.to_act()) if not over else set())
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(rules: str | RuleSet = "hongkong", **kwargs: Any) -> MahjongParallelEnv:
    """The parallel environment (see :class:`MahjongParallelEnv`)."""
    return MahjongParallelEnv(rules, **kwargs)
