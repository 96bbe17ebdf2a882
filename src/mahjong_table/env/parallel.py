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
from .core import Obs, Table

__all__ = ["MahjongParallelEnv", "parallel_env"]


class MahjongParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A whole game of ``rules`` as a PettingZoo parallel environment (same observations,
    actions, rewards, encodings and ``oracle`` switch as :class:`~.aec.MahjongEnv`).

    - Every step returns all four agents' observations; the agents whose decision the
      engine awaits (``infos[agent]["to_act"]`` True) have a non-empty action mask, the
      others an all-zero one.
    - ``step(actions)`` needs an index for each agent to act (others' entries are ignored);
      all are checked before any is applied, in the engine's order, so a missing or
      unmasked index raises ``ValueError`` naming the agent and changes nothing.
    - Rewards: each agent's payments for the hands the step ended. All agents terminate
      when the game is over.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "mahjong_table_v1"}

    def __init__(self, rules: str | RuleSet = "hongkong", *, max_hands: int | None = None,
                 encoding: str = "flat-v0", oracle: bool = False, **options: Any) -> None:
        self.table = Table(rules, encoding=encoding, oracle=oracle, max_hands=max_hands,
                           **options)
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

    def _out(self) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        acting = set(self.table.to_act()) if not self.table.is_over else set()
        obs = {AGENTS[p]: self.table.observe(p) for p in range(4)}
        infos: dict[str, dict[str, Any]] = {AGENTS[p]: {"to_act": p in acting}
                                            for p in range(4)}
        return obs, infos

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        self.table.reset(seed)
        self.agents = list(AGENTS)
        return self._out()

    def step(self, actions: dict[str, int | np.integer[Any]]
             ) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool],
                        dict[str, dict[str, Any]]]:
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        chosen: list[Action] = []
        for p in self.table.to_act():
            agent = AGENTS[p]
            if agent not in actions or actions[agent] is None:
                raise ValueError(f"{agent} must act: give it an action index")
            chosen.append(self.table.action_of(p, actions[agent]))
        rewards = dict.fromkeys(self.agents, 0.0)
        for a in chosen:
            if self.table.is_over or a.player not in self.table.to_act():
                continue  # the engine settled without this answer
            for p, x in enumerate(self.table.apply(a)):
                rewards[AGENTS[p]] += x
        over = self.table.is_over
        obs, infos = self._out()
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
