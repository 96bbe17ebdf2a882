"""sb3-contrib's MaskablePPO trains on the single-agent environment (issue 44, item 2).

``MahjongGymEnv.action_masks()`` is the interface MaskablePPO reads; the observation is a
``Dict`` (``MultiInputPolicy``). The run is a few thousand steps on a CPU, so the task is
one PPO can learn in that time: the learner is East and is dealt a complete hand (a
Heavenly hand, a limit hand in Hong Kong scoring, 004 s07), on walls dealt afresh each
episode (``reset(options={"wall_order": ...})``) against three random bots. Declaring
Mahjong is one of a dozen legal actions at its first decision: a random masked policy
declares it about one time in five (counting its later chances), the trained policy every
time. (Learning to build hands takes far longer: docs/env.md gives a 100,000-step run.)

Needs the extras sb3-contrib and torch (CPU); skipped without them.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("torch")

import gymnasium
import torch
from sb3_contrib import MaskablePPO

from mahjong_table.engine import Game
from mahjong_table.env import MahjongGymEnv
from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import TILES
from mahjong_table.wall import _physical_index

RULES = get_rule_set("hongkong")
#: the game's seed: it fixes the seats, the dice and so where East's hand lies in the wall
SEED = 7


def _east() -> tuple[list[int], int]:
    """The indices of a wall as built dealt to East, and East's player, for ``SEED``."""
    brk = RULES.break_wall(random.Random(f"{SEED}/hand/0"))
    index = _physical_index(RULES.stacks_per_wall, brk.wall, brk.stacks)
    taken = iter(range(len(index)))
    by_wind = RULES.deal_tiles(lambda: next(taken))  # type: ignore[arg-type, return-value]
    dealer = Game(RULES, SEED, wall_order=list(RULES.tile_set.all_tiles())).hand_progress.dealer
    return [index[j] for j in by_wind[0]], dealer


EAST, DEALER = _east()


def winning_wall(rng: random.Random) -> list[Any]:
    """A wall (as built) that deals East four random sets and a pair, the rest shuffled."""
    while True:
        hand: list[int] = []
        for _ in range(4):
            if rng.random() < 0.5:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                hand += [start, start + 1, start + 2]
            else:
                hand += [rng.randrange(34)] * 3
        hand += [rng.randrange(34)] * 2
        if max(hand.count(k) for k in hand) <= 4:
            break
    rest = list(RULES.tile_set.all_tiles())
    for k in hand:
        rest.remove(TILES[k])
    rng.shuffle(rest)
    order: list[Any] = [None] * len(RULES.tile_set.all_tiles())
    for place, k in zip(EAST, hand, strict=True):
        order[place] = TILES[k]
    others = iter(rest)
    return [t if t is not None else next(others) for t in order]


class DealtAWin(gymnasium.Wrapper):
    """East's seat of one-hand games on walls that deal it a complete hand."""

    def __init__(self, seed: str) -> None:
        super().__init__(MahjongGymEnv("hongkong", seat=DEALER, opponents="random",
                                       encoding="flat-v0", max_hands=1))
        self.rng = random.Random(seed)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> Any:
        return self.env.reset(seed=SEED, options={"wall_order": winning_wall(self.rng)})

    def action_masks(self) -> np.ndarray:
        return self.env.action_masks()  # type: ignore[attr-defined, no-any-return]


def _evaluate(choose: Any, episodes: int = 60) -> tuple[float, float]:
    env = DealtAWin("evaluation")
    rng = np.random.default_rng(0)
    totals = []
    for _ in range(episodes):
        obs, _info = env.reset()
        done = False
        total = 0.0
        while not done:
            obs, reward, done, _t, _info = env.step(choose(obs, env.action_masks(), rng))
            total += float(reward)
        totals.append(total)
    return float(np.mean(totals)), float(np.mean(np.array(totals) > 0))


def test_maskable_ppo_learns_on_the_environment_and_beats_random() -> None:
    """2,048 steps of MaskablePPO (CPU, the masks from ``action_masks()``, an illegal index
    would raise) give a policy that wins at least 95% of fresh deals and scores over twice
    a random masked policy's mean."""
    torch.set_num_threads(1)
    random_mean, random_wins = _evaluate(
        lambda obs, mask, rng: int(rng.choice(np.flatnonzero(mask))))
    model = MaskablePPO("MultiInputPolicy", DealtAWin("training"), n_steps=256,
                        batch_size=64, seed=0, device="cpu")
    model.learn(2048)
    trained_mean, trained_wins = _evaluate(
        lambda obs, mask, rng: int(model.predict(obs, action_masks=mask,
                                                 deterministic=True)[0]))
    assert random_wins < 0.5
    assert trained_wins >= 0.95, (trained_wins, random_wins)
    assert trained_mean > 2 * random_mean, (trained_mean, random_mean)
