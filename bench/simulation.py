"""Whole hands simulated with random agents: our engine (Hong Kong rules, four random-legal bots,
claims and scoring on) against rlcard's mahjong game and riichienv, in the same run.

Each side plays for a fixed time, twice, interleaved (ours, rlcard, riichienv, then again), and
the better of its two rates counts, so a burst of load from elsewhere on the machine does not
decide the comparison. riichienv is measured with its default MJAI logging and with logging
skipped; the faster figure is the reference.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .common import Report, heading, optional, time_for
from .common import version as dist_version

__all__ = ["our_engine_step", "rlcard_step", "riichienv_step", "run"]


# ---------------------------------------------------------------------------------------------
# OUR ENGINE: the one function that runs mahjong_table's engine (see docs/ARCHITECTURE.md,
# "The engine"). A whole Hong Kong game per call with the default options (claims, robbing the
# kong, scoring and payments on), four RandomBots; returns the number of hands played.
# ---------------------------------------------------------------------------------------------


#: how our simulated hands ended, by HandResult.reason (filled while timing)
OUR_RESULTS: dict[str, int] = {}


def our_engine_step() -> Callable[[int], int] | None:
    """``step(i)`` playing game ``i`` of our engine, or None if the engine is not there."""
    try:
        from mahjong_table.engine import Game
        from mahjong_table.players import RandomBot, play_game
        from mahjong_table.rules import get_rule_set
    except ImportError:
        return None
    rules = get_rule_set("hongkong")

    def step(i: int) -> int:
        game = Game(rules, f"bench/{i}")
        play_game(game, [RandomBot(f"bench/{i}/{p}") for p in range(4)])
        for r in game.results:
            OUR_RESULTS[r.reason] = OUR_RESULTS.get(r.reason, 0) + 1
        return len(game.results)

    return step


# ---------------------------------------------------------------------------------------------
# rlcard: its simplified Chinese mahjong game, one hand per env.run, four RandomAgents.
# ---------------------------------------------------------------------------------------------


def rlcard_step() -> Callable[[int], int] | None:
    rlcard = optional("rlcard")
    agents = optional("rlcard.agents")
    if rlcard is None or agents is None:
        return None
    env: Any = rlcard.make("mahjong", config={"seed": 1})
    env.set_agents([agents.RandomAgent(num_actions=env.num_actions)
                    for _ in range(env.num_players)])

    def step(i: int) -> int:
        env.run(is_training=False)
        return 1

    return step


# ---------------------------------------------------------------------------------------------
# riichienv: the Rust riichi engine, one hand (kyoku) per environment, its RandomAgent.
# ---------------------------------------------------------------------------------------------


def riichienv_step(skip_log: bool) -> Callable[[int], int] | None:
    rv = optional("riichienv")
    agents = optional("riichienv.agents")
    if rv is None or agents is None:
        return None
    agent = agents.RandomAgent(seed=1)

    def step(i: int) -> int:
        env = rv.RiichiEnv(seed=i, skip_mjai_logging=skip_log)
        obs = env.reset()
        while not env.done():
            obs = env.step({pid: agent.act(o) for pid, o in obs.items()})
        return 1

    return step


def _shifted(step: Callable[[int], int], offset: int) -> Callable[[int], int]:
    """``step`` with fresh game numbers (seeds) for each timing round."""
    return lambda i: step(offset + i)


def run(report: Report, seconds: float = 5.0) -> None:
    heading(f"Whole hands simulated with random agents ({seconds:g} s per side, twice)")
    random.seed(0)
    sides: list[tuple[str, Callable[[int], int] | None]] = [
        ("mahjong_table engine, Hong Kong (ours, pure Python)", our_engine_step()),
        (f"rlcard {dist_version('rlcard')} mahjong (pure Python)", rlcard_step()),
        (f"riichienv {dist_version('riichienv')} (Rust), default logging",
         riichienv_step(False)),
        (f"riichienv {dist_version('riichienv')} (Rust), MJAI log skipped",
         riichienv_step(True)),
    ]
    rates: dict[str, float] = {}
    counts: dict[str, int] = {}
    offset = 0
    for _ in range(2):
        for name, step in sides:
            if step is None:
                continue
            rate, n = time_for(seconds, _shifted(step, offset))
            offset += 100_000
            if rate > rates.get(name, 0.0):
                rates[name] = rate
            counts[name] = counts.get(name, 0) + n
    ours_name = sides[0][0]
    ours = rates.get(ours_name)
    print(f"  {'engine':<56}{'hands/s':>10}{'hands':>9}{'ours/them':>11}")
    for name, step in sides:
        if step is None:
            print(f"  {name:<56}{'not available':>30}")
            continue
        ratio = f"{ours / rates[name]:>10.2f}x" if ours else ""
        print(f"  {name:<56}{rates[name]:>10,.1f}{counts[name]:>9,}{ratio}")
    if ours is None:
        print("  our engine is not available (mahjong_table.engine / players missing)")
        report.skip("simulation targets: our engine is not there")
        return
    ended = ", ".join(f"{k} {v:,}" for k, v in sorted(OUR_RESULTS.items()))
    print(f"  how our hands ended: {ended} (East keeps the deal on a drawn hand, 004 s07)")
    rl = rates.get(sides[1][0])
    if rl:
        report.target(ours >= 10 * rl, f"at least 10x rlcard's hands per second "
                                      f"({ours / rl:.1f}x)")
    else:
        report.skip("simulation vs rlcard: rlcard not installed")
    rv = max(rates.get(sides[2][0], 0.0), rates.get(sides[3][0], 0.0))
    if rv:
        report.target(ours >= rv / 3, f"at least 1/3 of riichienv's hands per second "
                                      f"({ours / rv:.2f}x of its faster setting)")
    else:
        report.skip("simulation vs riichienv: riichienv not installed")
