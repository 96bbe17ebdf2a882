"""Random masked play in the PettingZoo environment, to the end of a game.

Each agent picks uniformly among its legal actions (the action mask); nothing is trained.
Run it with the optional extra ``env`` installed::

    python examples/random_env.py --rules hongkong --hands 2 --seed 7

It prints each agent's total reward (points won or paid at the end of each hand), which equals
the game's final scores, and the number of decisions taken.
"""

from __future__ import annotations

import argparse

import numpy as np

from mahjong_table.env import env


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="hongkong", choices=("hongkong", "chinese", "american"))
    parser.add_argument("--hands", type=int, default=1, help="hands to play (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    e = env(args.rules, max_hands=args.hands)
    e.reset(seed=args.seed)
    rng = np.random.default_rng(args.seed)  # the agents' own generator
    totals = dict.fromkeys(e.possible_agents, 0.0)
    decisions = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(obs["action_mask"])
            action = int(rng.choice(legal))
            decisions += 1
        e.step(action)
    scores = e.unwrapped.game.scores
    print(f"{args.rules}: {args.hands} hand(s) from seed {args.seed}, {decisions} decisions")
    for agent in e.possible_agents:
        print(f"{agent}: reward {totals[agent]:+.0f}")
    print(f"final scores {scores}")
    assert [totals[a] for a in e.possible_agents] == [float(s) for s in scores]
    e.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
