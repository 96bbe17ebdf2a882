"""Learning environments over the engine (``docs/env.md``).

Needs the optional extra ``env`` (``pip install 'mahjong-table[env]'``: pettingzoo, gymnasium,
numpy)::

    from mahjong_table.env import env
    e = env("hongkong", max_hands=1, encoding="planes-v1")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(
            obs["action_mask"])
        e.step(action)

- :func:`env` / :func:`raw_env`: the PettingZoo AEC environment (:class:`MahjongEnv`);
- :func:`parallel_env`: the PettingZoo ``ParallelEnv`` (:class:`MahjongParallelEnv`);
- :class:`MahjongGymEnv`: one learner against bots, players or policies (Gymnasium);
- :class:`MahjongVectorEnv`: a batch of those (Gymnasium ``VectorEnv``);
- encodings: :data:`ENCODINGS` (``flat-v0``, ``planes-v1``), :func:`get_encoding`;
  :class:`SeatEncoder`: a seat's observations at play time from the events it is shown
  (a ``py:`` bot's ``event`` method), as in training.

The oracle view (every hand and the wall order) is in :mod:`.oracle`, imported only by an
environment constructed with ``oracle=True``.
"""

from __future__ import annotations

from .aec import AGENTS, MahjongEnv, env, raw_env
from .encoding import OBS_LAYOUT, OBS_SIZE, ActionCodec, encode_view
from .parallel import MahjongParallelEnv, parallel_env
from .planes import (
    ENCODINGS,
    PLANES_V1_CHANNELS,
    PLANES_V1_CHANNELS_DOC,
    PLANES_V1_LAYOUT,
    PlanesV1,
    PublicHistory,
    get_encoding,
)
from .seat import SeatEncoder
from .single import MahjongGymEnv, MahjongVectorEnv

__all__ = ["AGENTS", "ENCODINGS", "OBS_LAYOUT", "OBS_SIZE", "PLANES_V1_CHANNELS",
           "PLANES_V1_CHANNELS_DOC", "PLANES_V1_LAYOUT", "ActionCodec", "MahjongEnv",
           "MahjongGymEnv", "MahjongParallelEnv", "MahjongVectorEnv", "PlanesV1", "PublicHistory",
           "SeatEncoder", "encode_view", "env", "get_encoding", "parallel_env", "raw_env"]
