"""The learning environment's cost per step (issue 26): how much of a step the environment
layer takes over the engine's own work, in the pure and the compiled build, against RLCard's
mahjong environment in the same run.

Measured, in steps (decisions) per second, Hong Kong rules, one-hand games, random legal
actions:

- *engine*: ``game.view(p)``, a random choice among ``view.legal_actions``, ``game.apply``
  (what a bot loop costs: the view and legal actions are the engine's work);
- *AEC env*: PettingZoo's loop, ``env.last()``, a random index among the mask's,
  ``env.step(index)``, for each encoding (``flat-v0``, ``planes-v1``);
- *floor*: the engine's loop plus only what any NumPy environment adds to a step whatever
  its encoder: the legal map (index -> action), a fresh observation (a copy of a kept
  ``planes-v1``-sized array: an encoder that costs nothing), the mask array, and the agent
  reading the mask as the AEC loop does. Its share is the least the environment layer can
  take with this engine;
- *learner steps* (issue 44): one learner step is one decision of the learning seat
  (seat 0) against three ``random`` bots, ``planes-v1``: the learner chooses the action
  from the mask, the environment applies it, plays the bots to the learner's next decision
  (an ended game is started again) and hands out the new observation and mask (new arrays).
  A batch step of ``n`` games counts ``n`` learner steps; the learner chooses for the whole
  batch at once, a uniformly random legal index per game in one vectorised NumPy draw
  (``argmax(random(mask.shape) * mask, axis=1)``), the cheapest learner there is (a network
  would add its forward pass, one call per batch). Sides: ``MahjongVectorEnv`` with 8 and
  with 32 games (issue 44's target: 32 at least twice 8); the *loop* of the same ``n``
  single-game environments (``MahjongGymEnv``) stepped one after another in Python, as a
  library without a batch (mjx's, RLCard's) is looped, the observations stacked for the
  learner; and the *engine alone* playing the same games (``game.view``, the bots'
  ``choose``, a random legal action for the learner, ``game.apply``), the most any
  environment over this engine can give;
- *RLCard*: ``rlcard.make("mahjong")``, ``env.step`` with a random legal action (its state
  encoding included), its game alone (``env.game.step``) for its own layer's share, and
  its learner steps (player 0's decisions in the env loop, the other three random).

The environment layer's share of a step is ``1 - env rate / engine rate``. Our figures are
measured in two child processes, the pure build (the source tree) and the compiled build
(``.compiled``, which ``make bench`` installs; ``MAHJONG_TABLE_COMPILED_DIR`` overrides it);
in the compiled build the encoders are compiled too (a compiled build older than them gets the
source tree's environment, pure). Target: at most 30% in the compiled build.
``python -m bench.env --worker SECONDS`` is the child.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .common import Report, bench_main, heading, optional
from .common import version as dist_version

__all__ = ["measure_ours", "rlcard_rates", "run"]

ROOT = Path(__file__).resolve().parents[1]
COMPILED = Path(os.environ.get("MAHJONG_TABLE_COMPILED_DIR", ROOT / ".compiled"))
#: the environment layer's largest share of a step in the compiled build (issue 26)
TARGET_SHARE = 0.30
#: the vector env's learner steps with 32 games over those with 8 (issue 44's target)
VECTOR_GAIN = 2.0
#: our compiled AEC env (planes-v1) over RLCard's mahjong env, in steps a second (issue 44)
RLCARD_FACTOR = 8.0
#: batch sizes of the learner-step sides
BATCHES = (8, 32)


def _rate(seconds: float, play: Callable[[int], int]) -> float:
    """Steps per second of ``play(i)`` (plays game ``i``, returns its steps) over about
    ``seconds``, after one warm-up game."""
    play(10_000_000)
    steps = 0
    i = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += play(i)
        i += 1
    return steps / (time.perf_counter() - start)


def _use_source_env() -> None:
    """Make ``mahjong_table.env`` the current one: the build's own if it has this version's
    encoders (``env.planes``; compiled in the compiled build), else the source tree's
    (pure) on top of whichever ``mahjong_table`` (pure or compiled) this process imported
    (a compiled build made before the encoders existed)."""
    import importlib.util

    import mahjong_table

    if importlib.util.find_spec("mahjong_table.env.planes") is not None:
        return

    path = ROOT / "src" / "mahjong_table" / "env"
    spec = importlib.util.spec_from_file_location(
        "mahjong_table.env", path / "__init__.py", submodule_search_locations=[str(path)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mahjong_table.env"] = module
    spec.loader.exec_module(module)
    mahjong_table.env = module


def measure_ours(seconds: float) -> dict[str, Any]:
    """Steps per second in this process's build: the engine and the AEC env (each
    encoding), interleaved twice, the better rate counting."""
    _use_source_env()
    import numpy as np

    from mahjong_table._build import build_name
    from mahjong_table.engine import Game
    from mahjong_table.env import raw_env
    from mahjong_table.env.encoding import ActionCodec
    from mahjong_table.env.planes import PLANES_V1_CHANNELS
    from mahjong_table.rules import get_rule_set

    rules = get_rule_set("hongkong")
    codec = ActionCodec(rules)
    kept = np.zeros((PLANES_V1_CHANNELS, 47), dtype=np.float32)

    def loop(choose: Callable[[random.Random, Any], Any]) -> Callable[[int], int]:
        """A one-hand game played by ``choose(rng, view)`` (the action to apply)."""
        def play(i: int) -> int:
            rng = random.Random(i)
            game = Game(rules, f"envbench/{i}", max_hands=1)
            steps = 0
            while not game.is_over:
                game.apply(choose(rng, game.view(game.to_act()[0])))
                steps += 1
            return steps
        return play

    def engine_choice(rng: random.Random, view: Any) -> Any:
        return rng.choice(view.legal_actions)

    def floor_choice(rng: random.Random, view: Any) -> Any:
        legal = codec.legal_map(view.legal_actions)
        mask = bytearray(codec.size)
        for k in legal:
            mask[k] = 1
        obs: dict[str, Any] = {"observation": kept.copy(),
                               "action_mask": np.frombuffer(mask, np.int8)}
        index: int = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        return legal[index]

    def aec(encoding: str) -> Callable[[int], int]:
        e = raw_env(rules, max_hands=1, encoding=encoding)

        def play(i: int) -> int:
            rng = random.Random(i)
            e.reset(seed=f"envbench/{i}")
            steps = 0
            while not e.table.is_over:
                obs, _, _, _, _ = e.last()
                e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                steps += 1
            return steps
        return play

    def vector(n: int) -> Callable[[int], int]:
        """Learner steps of a vector env of ``n`` one-hand games against random bots
        (``planes-v1``, random masked actions; see the module docstring)."""
        from mahjong_table.env import MahjongVectorEnv

        v = MahjongVectorEnv(n, rules, opponents="random", encoding="planes-v1",
                             max_hands=1)
        state: dict[str, Any] = {}

        def play(i: int) -> int:
            if i == 10_000_000 or "obs" not in state:
                state["obs"], _ = v.reset(seed=i)
                state["rng"] = np.random.default_rng(i)
            steps = 0
            for _ in range(20):  # 20 batch steps: n * 20 learner steps
                mask = state["obs"]["action_mask"]
                acts = np.argmax(state["rng"].random(mask.shape) * mask, axis=1)
                state["obs"], *_ = v.step(acts)
                steps += n
            return steps
        return play

    def one_by_one(n: int) -> Callable[[int], int]:
        """Learner steps of ``n`` single-game environments stepped one after another in
        Python (the same games, learner and bots as :func:`vector`), their observations
        stacked for the learner."""
        from mahjong_table.env import MahjongGymEnv

        envs = [MahjongGymEnv(rules, opponents="random", encoding="planes-v1", max_hands=1)
                for _ in range(n)]
        state: dict[str, Any] = {}

        def play(i: int) -> int:
            if i == 10_000_000 or "obs" not in state:
                state["obs"] = [e.reset(seed=i * n + k)[0] for k, e in enumerate(envs)]
                state["rng"] = np.random.default_rng(i)
                state["games"] = 1
            obs: list[dict[str, Any]] = state["obs"]
            steps = 0
            for _ in range(20):
                batch = {k: np.stack([o[k] for o in obs]) for k in obs[0]}
                mask = batch["action_mask"]
                acts = np.argmax(state["rng"].random(mask.shape) * mask, axis=1)
                for k, e in enumerate(envs):
                    o, _r, done, _t, _info = e.step(int(acts[k]))
                    if done:
                        o, _info = e.reset(seed=state["games"] * n + k)
                        state["games"] += 1
                    obs[k] = o
                steps += n
            return steps
        return play

    def engine_learner(i: int) -> int:
        """Learner steps of the same games on the engine alone: seat 0's decisions, a
        random legal action, the three others ``random`` bots (seeded as the envs seed
        them)."""
        from mahjong_table.players import make_bot

        rng = random.Random(i)
        game = Game(rules, i, max_hands=1)
        bots = [make_bot("random", f"{i}/{p}", rules=rules) for p in range(4)]
        steps = 0
        while not game.is_over:
            p = game.to_act()[0]
            view = game.view(p)
            if p == 0:
                game.apply(rng.choice(view.legal_actions))
                steps += 1
            else:
                game.apply(bots[p].choose(view))
        return steps

    sides: dict[str, Callable[[int], int]] = {"engine": loop(engine_choice),
                                              "floor": loop(floor_choice),
                                              "flat-v0": aec("flat-v0"),
                                              "planes-v1": aec("planes-v1"),
                                              "learner-engine": engine_learner}
    for n in BATCHES:
        sides[f"vector-{n}"] = vector(n)
        sides[f"loop-{n}"] = one_by_one(n)
    out: dict[str, Any] = {"build": build_name()}
    for _ in range(2):
        for name, play in sides.items():
            out[name] = max(out.get(name, 0.0), _rate(seconds, play))
    return out


def rlcard_rates(seconds: float) -> dict[str, float] | None:
    """RLCard's mahjong: env steps per second (its state encoding included), its game's
    steps per second alone, and its learner steps per second (player 0's decisions in the
    env loop, every player random); None if rlcard is not installed."""
    rlcard = optional("rlcard")
    if rlcard is None:
        return None
    env: Any = rlcard.make("mahjong", config={"seed": 1})
    rng = random.Random(1)
    learner = [0]

    def env_game(i: int) -> int:
        state, player = env.reset()
        steps = 0
        while not env.is_over():
            if player == 0:
                learner[0] += 1
            state, player = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        return steps

    def learner_steps(i: int) -> int:
        before = learner[0]
        env_game(i)
        return learner[0] - before

    game = env.game

    def game_only(i: int) -> int:
        _, player = game.init_game()
        steps = 0
        while not game.is_over():
            _, player = game.step(rng.choice(game.get_legal_actions(
                game.get_state(player))))
            steps += 1
        return steps

    out: dict[str, float] = {}
    for _ in range(2):
        out["env"] = max(out.get("env", 0.0), _rate(seconds, env_game))
        out["game"] = max(out.get("game", 0.0), _rate(seconds, game_only))
        out["learner"] = max(out.get("learner", 0.0), _rate(seconds, learner_steps))
    return out


def _child(build: str, seconds: float) -> dict[str, Any] | None:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if build == "compiled":
        env["PYTHONPATH"] = str(COMPILED)
    else:
        env["PYTHONPATH"] = str(ROOT / "src")
    proc = subprocess.run([sys.executable, "-m", "bench.env", "--worker", str(seconds)],
                          cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        print(f"  the {build} child failed: {proc.stderr.strip()[-400:]}")
        return None
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def run(report: Report, quick: bool = False) -> None:
    seconds = 0.5 if quick else 3.0
    heading(f"The learning environment's share of a step (Hong Kong, one-hand games, "
            f"{seconds:g} s per side, twice)")
    builds: dict[str, dict[str, Any] | None] = {"pure": _child("pure", seconds)}
    if (COMPILED / "mahjong_table").exists():
        builds["compiled"] = _child("compiled", seconds)
    else:
        print(f"  no compiled build in {COMPILED}: `make bench` builds it")
    theirs = rlcard_rates(seconds)
    print(f"  {'build':<14}{'side':<34}{'steps/s':>10}{'env share':>11}")
    for build, rates in builds.items():
        if rates is None:
            continue
        eng = rates["engine"]
        print(f"  {build:<14}{'engine (view, legal, apply)':<34}{eng:>10,.0f}")
        if "floor" in rates:
            share = 1 - rates["floor"] / eng
            print(f"  {'':<14}{'floor: an encoder costing nothing':<34}{rates['floor']:>10,.0f}"
                  f"{share:>10.0%}")
        for enc in ("flat-v0", "planes-v1"):
            share = 1 - rates[enc] / eng
            print(f"  {'':<14}{'AEC env, ' + enc:<34}{rates[enc]:>10,.0f}{share:>10.0%}")
    name = f"rlcard {dist_version('rlcard')}"
    if theirs is not None:
        share = 1 - theirs["env"] / theirs["game"]
        print(f"  {name:<14}{'game alone':<34}{theirs['game']:>10,.0f}")
        print(f"  {'':<14}{'env (its encoding)':<34}{theirs['env']:>10,.0f}{share:>10.0%}")
    else:
        print("  rlcard not installed (the bench extra)")
    print()
    print("  Learner steps (issue 44): seat 0's decisions against 3 random bots, planes-v1; "
          "the learner picks a random")
    print("  legal index per game, vectorised over the batch; a batch step of n games is n "
          "learner steps.")
    print(f"  {'build':<14}{'side':<46}{'learner steps/s':>16}{'us each':>9}")
    for build, rates in builds.items():
        if rates is None or "learner-engine" not in rates:
            continue
        rows = [("engine alone (the most an env can give)", rates["learner-engine"])]
        for n in BATCHES:
            rows.append((f"vector env, {n} games (one call a step)", rates[f"vector-{n}"]))
        for n in BATCHES:
            rows.append((f"loop of {n} single-game envs (no batch)", rates[f"loop-{n}"]))
        for k, (side, rate) in enumerate(rows):
            print(f"  {build if k == 0 else '':<14}{side:<46}{rate:>16,.0f}{1e6 / rate:>9.1f}")
        # a batch step of n games costs F + c * n: c each game's work, F the batch's own;
        # a learner step F / n + c, so big games give VECTOR_GAIN times the learner steps of
        # small ones only if F >= (VECTOR_GAIN - 1) * c / (1 / small - VECTOR_GAIN / big),
        # and c is at least the engine's own work for a learner step
        small, big = BATCHES
        t_small, t_big = small / rates[f"vector-{small}"], big / rates[f"vector-{big}"]
        c = (t_big - t_small) / (big - small)
        f = t_small - small * c
        need = (VECTOR_GAIN - 1) / (1 / small - VECTOR_GAIN / big)
        floor = 1 / rates["learner-engine"]
        print(f"  {'':<14}a batch step of n games costs F + c * n (fit: F = {f * 1e6:.0f} us, "
              f"c = {c * 1e6:.1f} us); {big} games give")
        print(f"  {'':<14}{VECTOR_GAIN:g}x the learner steps of {small} only if F >= {need:g}c, "
              f"c >= {floor * 1e6:.1f} us (the engine alone): F >= {need * floor * 1e6:,.0f} us")
    if theirs is not None:
        print(f"  {name:<14}{'env, player 0 (all random)':<46}{theirs['learner']:>16,.0f}"
              f"{1e6 / theirs['learner']:>9.1f}")
    compiled = builds.get("compiled")
    if compiled is not None:
        worst = max(1 - compiled[e] / compiled["engine"] for e in ("flat-v0", "planes-v1"))
        report.target(worst <= TARGET_SHARE,
                      f"environment layer at most {TARGET_SHARE:.0%} of a step in the compiled "
                      f"build ({worst:.0%} with the slower encoding)")
        if theirs is not None:
            ours = compiled["planes-v1"]
            print(f"  ours (compiled, planes-v1) / rlcard env: {ours / theirs['env']:.1f}x")
            report.target(ours / theirs["env"] >= RLCARD_FACTOR,
                          f"AEC env (compiled, planes-v1) at least {RLCARD_FACTOR:g}x RLCard's "
                          f"environment ({ours / theirs['env']:.1f}x; issue 44)")
        if "vector-32" in compiled:
            gain = compiled["vector-32"] / compiled["vector-8"]
            floor = compiled["learner-engine"]
            print(f"  compiled: vector env 32 / 8 games {gain:.2f}x; 8 games "
                  f"{compiled['vector-8'] / compiled['loop-8']:.2f}x and 32 games "
                  f"{compiled['vector-32'] / compiled['loop-32']:.2f}x their loops; the engine "
                  f"alone is {floor / compiled['vector-32']:.2f}x the vector env's 32 games")
            if theirs is not None:
                print(f"  compiled: vector env, 32 games / rlcard env's learner steps: "
                      f"{compiled['vector-32'] / theirs['learner']:.1f}x")
            report.target(gain >= VECTOR_GAIN,
                          f"vector env: 32 games at least {VECTOR_GAIN:g}x the learner steps "
                          f"of 8 in the compiled build ({gain:.2f}x; issue 44)")
    else:
        report.skip("environment share: no compiled build")


def _main(argv: list[str]) -> int:
    return bench_main(argv, lambda arg: measure_ours(float(arg)), run)


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
