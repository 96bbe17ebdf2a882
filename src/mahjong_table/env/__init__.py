"""A PettingZoo AEC environment over the engine, for learning agents (``docs/env.md``).

Needs the optional extra ``env`` (``pip install 'mahjong-table[env]'``: pettingzoo, gymnasium,
numpy)::

    from mahjong_table.env import env
    e = env("hongkong", max_hands=1)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(
            obs["action_mask"])
        e.step(action)
"""

from __future__ import annotations

from .aec import AGENTS, MahjongEnv, env, raw_env
from .encoding import OBS_LAYOUT, OBS_SIZE, ActionCodec, encode_view

__all__ = ["AGENTS", "OBS_LAYOUT", "OBS_SIZE", "ActionCodec", "MahjongEnv", "encode_view",
           "env", "raw_env"]
