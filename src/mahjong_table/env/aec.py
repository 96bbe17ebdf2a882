"""The PettingZoo AEC environment: four agents play one game of any rule set (``docs/env.md``).

The environment is a face of the engine like the terminal: it uses only ``Game``,
``game.to_act()``, ``game.legal_actions(p)``, ``game.apply(action)`` and ``game.view(p)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..engine import Action, Game, PlayerView
from ..rules.base import RuleSet
from .core import ILLEGAL_REWARD, Table, check_illegal, reset_wall

__all__ = ["AGENTS", "MahjongEnv", "env", "raw_env"]

#: agent names, by player (seat in turn order)
AGENTS = ("player_0", "player_1", "player_2", "player_3")

_Obs = dict[str, npt.NDArray[Any]]


class MahjongEnv(AECEnv):  # type: ignore[misc]
    """A whole game of ``rules`` (a rule-set name or a :class:`RuleSet`; ``options`` are the
    rule set's options) as a PettingZoo AEC environment.

    - Agents ``player_0`` .. ``player_3`` are the engine's players 0-3 (turn order).
    - ``agent_selection`` is the first player whose decision the engine awaits
      (``game.to_act()[0]``): the player in turn, or each player asked to answer a claim
      window, a robbing-the-kong window or a Charleston stage, in the engine's order.
    - Observation: ``{"observation": float32, "action_mask": int8 (n,)}``, built from
      ``game.view(agent)`` and the public history only, in the ``encoding`` chosen
      (``"flat-v0"``, shape ``(940,)``, the default; ``"planes-v1"``, shape ``(C, 47)``: see
      :mod:`.planes`); with ``oracle=True`` (off by default, for oracle-guided training) also
      ``oracle_hands`` and ``oracle_wall`` (:mod:`.oracle`: every hand and the wall order).
      ``infos[agent]["view"]`` holds the structured
      :class:`~mahjong_table.engine.PlayerView` of the agent to act. The arrays are
      read-only; ``copy=False`` makes a ``planes-v1`` observation a view of a buffer the
      environment rewrites at that agent's next observation (no copy per step).
    - Action: ``Discrete(n)``, :class:`~.encoding.ActionCodec` (the mask marks the legal
      indices). An unmasked index raises ``ValueError`` naming it, and nothing changes
      (``illegal_action="raise"``, the default); with ``illegal_action="penalty"`` it ends
      the episode instead: nothing is applied, every agent terminates, the offender's
      reward is ``illegal_reward`` (default -100 points) and ``infos[agent]["illegal"]``
      the index, the others' reward 0 (so checkers that sample unmasked actions run).
    - Claim windows: an agent not asked to answer a window is hidden from it (issue 44):
      ``observe(agent)`` gives it, while the window is open, its observation of the state
      before the discard (or added kong) that opened it: what it would observe had nobody
      been asked. (The order of agents still tells a loop who is asked.)
    - Reward: each agent's payment (points won or paid) at the end of every hand, as the rule
      set scores it (004 s07 for Hong Kong; 001 for Chinese and American); 0 otherwise.
    - Termination: when the game is over (``max_hands`` hands, or the rule set's game).
    - ``reset(seed=S)``: the game ``Game(rules, S)``, so the same seed and actions replay the
      same game (no other randomness); without a seed one is drawn from the system.
    - ``render()``: text of the table from the view of the agent to act (``render_mode``
      ``"ansi"`` returns it, ``"human"`` prints it).

    Each state's view, legal map and observation are built once (:class:`~.core.Table`).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"], "name": "mahjong_table_v1",
        "is_parallelizable": False}

    def __init__(self, rules: str | RuleSet = "hongkong", *, max_hands: int | None = None,
                 render_mode: str | None = None, encoding: str = "flat-v0",
                 oracle: bool = False, copy: bool = True, illegal_action: str = "raise",
                 illegal_reward: float = ILLEGAL_REWARD, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: choose from "
                             f"{', '.join(self.metadata['render_modes'])}")
        self.illegal_action, self.illegal_reward = check_illegal(illegal_action,
                                                                 illegal_reward)
        self.table = Table(rules, encoding=encoding, oracle=oracle, max_hands=max_hands,
                           copy=copy, **options)
        self.rules: RuleSet = self.table.rules
        self.render_mode = render_mode
        self.max_hands = max_hands
        self.codec = self.table.codec
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        obs_space = self.table.space
        self.observation_spaces = {a: obs_space for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in AGENTS}
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = AGENTS[0]
        #: the episode was ended by an illegal index (``illegal_action="penalty"``)
        self.abandoned = False

    # ----- spaces --------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----- the game ------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        """The engine's game (None before ``reset``)."""
        return self.table.game

    @property
    def seed_used(self) -> int | str:
        return self.table.seed_used

    def _game(self) -> Game:
        return self.table._game()

    def view(self, agent: str) -> PlayerView:
        """``agent``'s structured view (``game.view``): own tiles and public information."""
        return self.table.decision(AGENTS.index(agent))[0]

    def observe(self, agent: str) -> _Obs:
        return self.table.observe(AGENTS.index(agent))

    def legal_actions(self, agent: str) -> Mapping[int, Action]:
        """Index -> engine action for ``agent``'s legal actions now (read-only)."""
        return self.table.decision(AGENTS.index(agent))[1]

    def reset(self, seed: int | str | None = None,
              options: dict[str, Any] | None = None) -> None:
        """A new game ``Game(rules, seed)``; ``options={"wall_order": ...}`` deals its first
        hand from that wall (``Game``'s ``wall_order``: the tiles as the walls are built)."""
        self.table.reset(seed, wall_order=reset_wall(options))
        self.abandoned = False
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        table = self.table
        if table.is_over or self.abandoned:
            return
        p = table.to_act()[0]
        self.agent_selection = AGENTS[p]
        for a in self.agents:
            self.infos[a] = {}
        self.infos[self.agent_selection] = {"view": table.decision(p)[0]}

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: an action index, not None")
        p = AGENTS.index(agent)
        chosen = self.table.check(p, action)
        if chosen is None:
            if self.illegal_action == "raise":
                self.table.action_of(p, action)  # raises, naming the index
            self._cumulative_rewards[agent] = 0.0
            self._clear_rewards()
            self.rewards[agent] = self.illegal_reward
            self.abandoned = True
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {}
            self.infos[agent] = {"illegal": int(action)}
            self._accumulate_rewards()
            return
        # (PettingZoo's _clear_rewards and _accumulate_rewards, inline: only the payments
        # that are not 0 change a cumulative reward)
        cumulative = self._cumulative_rewards
        cumulative[agent] = 0.0
        rewards = self.rewards
        for a in rewards:
            rewards[a] = 0
        pay = self.table.apply(chosen)
        for p, x in enumerate(pay):
            if x:
                rewards[AGENTS[p]] += x
                cumulative[AGENTS[p]] += x
        if self.table.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {}
        self._select()
        if self.render_mode == "human":
            self.render()

    # ----- render --------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as text, seen by the agent to act (own hand shown, others' hidden)."""
        if self.render_mode is None:
            return None
        game = self._game()
        view = self.view(self.agent_selection)
        lines = [f"{self.rules.name} hand {view.hand_number + 1}, phase {view.phase}"
                 + (f" ({view.stage})" if view.stage else "")
                 + f"; live wall {view.live_wall}, dead wall {view.dead_wall}"]
        for s in view.seats:
            tag = "*" if s.player == view.current and view.phase == "turn" else " "
            hand = (" ".join(str(t) for t in view.concealed) if s.player == view.player
                    else f"{s.concealed_count} concealed")
            lines.append(f"{tag}{AGENTS[s.player]} {'ESWN'[s.wind]} {s.score:>6}  {hand}"
                         f"  melds: {' '.join(m.notation() for m in s.melds) or '-'}"
                         f"  bonus: {' '.join(map(str, s.bonus)) or '-'}"
                         f"  discards: {' '.join(map(str, s.discards)) or '-'}"
                         + ("  (dead)" if s.dead else ""))
        if view.last_discard is not None:
            lines.append(f"claim window on {view.last_discard} from "
                         f"{AGENTS[view.discarder or 0]}")
        if game.is_over:
            lines.append(f"game over; scores {game.scores}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (the game lives in memory)."""


def raw_env(rules: str | RuleSet = "hongkong", **kwargs: Any) -> MahjongEnv:
    """The environment without wrappers (see :class:`MahjongEnv`)."""
    return MahjongEnv(rules, **kwargs)


def env(rules: str | RuleSet = "hongkong", **kwargs: Any) -> Any:
    """The environment wrapped in PettingZoo's ``OrderEnforcingWrapper`` (calls out of
    order, e.g. ``step`` before ``reset``, raise a clear error)."""
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

    return wrappers.OrderEnforcingWrapper(MahjongEnv(rules, **kwargs))
