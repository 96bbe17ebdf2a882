"""The standard checkers, illegal actions, action masks and the arrays handed out (issue 44,
items 2 and 6).

PettingZoo's ``parallel_seed_test`` and Gymnasium's ``check_env`` step actions sampled
without the mask: with ``illegal_action="penalty"`` such an index ends the episode with a
documented reward instead of raising, so both checkers pass. The default stays ``"raise"``.
Every array the environments hand out is read-only, and the legal-action maps too; with
``copy=False`` a ``planes-v1`` observation is a read-only view of a buffer the environment
rewrites (asked for, documented)."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import parallel_seed_test, seed_test

from mahjong_table.env import (
    AGENTS,
    MahjongGymEnv,
    MahjongVectorEnv,
    env,
    parallel_env,
    raw_env,
)
from mahjong_table.env.core import ILLEGAL_REWARD

RULE_SETS: list[tuple[str, dict[str, Any]]] = [
    ("hongkong", {}), ("chinese", {"scoring": "mcr"}), ("american", {})]
IDS = [r + ("-" + o["scoring"] if o else "") for r, o in RULE_SETS]


# ----- the checkers -------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["flat-v0", "planes-v1"])
@pytest.mark.parametrize(("rules", "options"), RULE_SETS, ids=IDS)
def test_parallel_seed_test_passes_with_penalty(encoding: str, rules: str,
                                                options: dict[str, Any]) -> None:
    """Requirement: PettingZoo's parallel_seed_test (unmasked sampled actions) passes with
    ``illegal_action="penalty"``."""
    parallel_seed_test(lambda: parallel_env(rules, encoding=encoding,
                                            illegal_action="penalty", **options))


def test_parallel_seed_test_raises_by_default() -> None:
    """The default is unchanged: an unmasked index raises ValueError naming it."""
    with pytest.raises(ValueError, match="is not legal for player_"):
        parallel_seed_test(lambda: parallel_env("hongkong"))


@pytest.mark.parametrize("encoding", ["flat-v0", "planes-v1"])
@pytest.mark.parametrize(("rules", "options"), RULE_SETS, ids=IDS)
def test_gymnasium_check_env_passes_with_penalty(encoding: str, rules: str,
                                                 options: dict[str, Any]) -> None:
    """Requirement: Gymnasium's check_env (unmasked sampled actions, fresh data on every
    call) passes with ``illegal_action="penalty"``."""
    check_env(MahjongGymEnv(rules, encoding=encoding, illegal_action="penalty", **options),
              skip_render_check=True)


def test_aec_seed_test_passes_with_penalty() -> None:
    """PettingZoo's (AEC) seed_test passes with the penalty too."""
    seed_test(lambda: env("hongkong", illegal_action="penalty"))


# ----- what the penalty does ----------------------------------------------------------------


def _illegal_index(mask: Any) -> int:
    return int(np.flatnonzero(np.asarray(mask) == 0)[0])


def test_aec_penalty_ends_the_episode_for_every_agent_and_applies_nothing() -> None:
    """AEC: an illegal index under the penalty ends the game for every agent; the offender's
    reward is ``illegal_reward``, the others' 0; ``infos`` name the index; the engine's game
    is untouched."""
    e = raw_env("hongkong", illegal_action="penalty", illegal_reward=-7.5)
    e.reset(seed=4)
    for _ in range(5):  # a few legal steps first
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    agent = e.agent_selection
    obs, *_ = e.last()
    game = e.game
    assert game is not None
    events = len(game.events)
    bad = _illegal_index(obs["action_mask"])
    e.step(bad)
    assert len(game.events) == events  # nothing applied
    assert all(e.terminations.values())
    assert e.rewards[agent] == -7.5
    assert all(r == 0.0 for a, r in e.rewards.items() if a != agent)
    assert e.infos[agent] == {"illegal": bad}
    ended = 0
    for _agent in e.agent_iter():
        _o, _r, term, _t, _i = e.last()
        assert term
        e.step(None)
        ended += 1
    assert ended == 4 and not e.agents


def test_parallel_penalty_ends_the_episode_and_applies_nothing() -> None:
    """Parallel: every agent that gave an illegal index is penalised, all terminate, nothing
    is applied (not even the legal answers of others in the same step)."""
    e = parallel_env("hongkong", illegal_action="penalty")
    obs, infos = e.reset(seed=2)
    acting = [a for a, i in infos.items() if i["to_act"]]
    game = e.game
    assert game is not None
    events = len(game.events)
    bad = {a: _illegal_index(obs[a]["action_mask"]) for a in acting}
    obs, rewards, terms, truncs, infos = e.step(bad)
    assert len(game.events) == events
    assert all(terms.values()) and not any(truncs.values()) and not e.agents
    for a in AGENTS:
        assert rewards[a] == (ILLEGAL_REWARD if a in acting else 0.0)
        assert infos[a].get("illegal") == bad.get(a)
    with pytest.raises(RuntimeError, match="game is over"):
        e.step({})


def test_gym_penalty_terminates_with_the_reward_and_changes_nothing() -> None:
    """Single-agent: ``terminated`` True, the reward ``illegal_reward``, ``info["illegal"]``,
    the game untouched; a further step is refused until ``reset``."""
    g = MahjongGymEnv("hongkong", illegal_action="penalty", illegal_reward=-3)
    obs, info = g.reset(seed=1)
    game = g.table.game
    assert game is not None
    events = len(game.events)
    bad = _illegal_index(obs["action_mask"])
    obs2, reward, terminated, truncated, info2 = g.step(bad)
    assert terminated and not truncated and reward == -3.0
    assert info2["illegal"] == bad and len(game.events) == events
    assert np.array_equal(obs2["observation"], obs["observation"])
    assert not g.action_masks().any()
    with pytest.raises(RuntimeError, match="episode is over"):
        g.step(bad)
    g.reset(seed=1)
    assert g.action_masks().any()


def test_vector_penalty_resets_the_game_that_erred() -> None:
    """Vector: an illegal index of one game ends and restarts that game only."""
    v = MahjongVectorEnv(2, "hongkong", opponents="random", illegal_action="penalty")
    obs, _ = v.reset(seed=0)
    masks = v.action_masks()
    assert masks.shape == (2, v.single_action_space.n)
    assert np.array_equal(masks, obs["action_mask"].astype(bool))
    acts = np.array([_illegal_index(masks[0]), int(np.flatnonzero(masks[1])[0])])
    _obs, rewards, terminated, _t, infos = v.step(acts)
    assert terminated.tolist() == [True, False]
    assert rewards[0] == ILLEGAL_REWARD
    assert infos["final_info"]["illegal"][0] == acts[0]


def test_default_still_raises_and_changes_nothing() -> None:
    """``illegal_action="raise"`` (the default): ValueError naming the index, state kept."""
    g = MahjongGymEnv("hongkong")
    obs, _ = g.reset(seed=3)
    bad = _illegal_index(obs["action_mask"])
    with pytest.raises(ValueError, match=f"action {bad} "):
        g.step(bad)
    assert g.action_masks().any()
    e = parallel_env("hongkong")
    obs, infos = e.reset(seed=3)
    acting = [a for a, i in infos.items() if i["to_act"]]
    with pytest.raises(ValueError, match="is not legal"):
        e.step({a: _illegal_index(obs[a]["action_mask"]) for a in acting})
    assert e.agents


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"illegal_action": "ignore"}, ValueError, "illegal_action 'ignore': choose from"),
    ({"illegal_reward": float("nan")}, ValueError, "a finite number"),
    ({"illegal_reward": "-5"}, TypeError, "a number"),
    ({"copy": 1}, TypeError, "copy 1"),
])
def test_bad_options_are_refused_by_name(kwargs: dict[str, Any], error: type[Exception],
                                         match: str) -> None:
    """Each environment refuses a bad ``illegal_action``, ``illegal_reward`` or ``copy``
    naming it."""
    for make in (raw_env, parallel_env, MahjongGymEnv):
        with pytest.raises(error, match=match):
            make("hongkong", **kwargs)


def test_action_masks_are_the_mask_as_booleans() -> None:
    """``action_masks()`` (sb3-contrib's interface) is the observation's mask as bool."""
    g = MahjongGymEnv("chinese", opponents="random")
    obs, info = g.reset(seed=5)
    for _ in range(30):
        m = g.action_masks()
        assert m.dtype == bool and np.array_equal(m, obs["action_mask"] == 1)
        assert set(np.flatnonzero(m)) == set(info["legal"])
        obs, _r, done, _t, info = g.step(int(np.flatnonzero(m)[0]))
        if done:
            obs, info = g.reset(seed=6)


# ----- what is handed out -----------------------------------------------------------------


def test_arrays_handed_out_are_read_only() -> None:
    """Issue 44 item 6: writing into a returned observation or mask raises; what
    ``observe`` gives next is unchanged (the issue zeroed a mask and left 0 legal actions).
    The legal-action maps are read-only too, yet pickle and deep-copy."""
    for encoding in ("flat-v0", "planes-v1"):
        e = raw_env("hongkong", encoding=encoding, oracle=True)
        e.reset(seed=1)
        agent = e.agent_selection
        obs = e.observe(agent)
        for name, array in obs.items():
            assert not array.flags.writeable, name
            with pytest.raises(ValueError, match="read-only"):
                array[...] = 0
        assert e.observe(agent)["action_mask"].any()
        legal = e.legal_actions(agent)
        with pytest.raises(TypeError, match="read-only"):
            legal[0] = legal[next(iter(legal))]
        with pytest.raises(TypeError, match="read-only"):
            legal.clear()
        assert pickle.loads(pickle.dumps(legal)) == legal
        assert copy.deepcopy(legal) == legal
    g = MahjongGymEnv("hongkong")
    obs, info = g.reset(seed=2)
    assert not obs["observation"].flags.writeable
    assert not obs["action_mask"].flags.writeable
    with pytest.raises(TypeError):
        info["legal"][0] = None


def test_each_state_gets_its_own_arrays_and_copy_false_reuses_one_buffer() -> None:
    """By default each state's observation is an array of its own (kept ones never change);
    with ``copy=False`` a ``planes-v1`` observation is a read-only view of a buffer the
    environment rewrites at that agent's next observation, equal to a fresh encoding of its
    state when handed out."""
    rng = random.Random(0)
    kept_default: list[tuple[np.ndarray, np.ndarray]] = []
    shared_seen = 0
    for copy_arrays in (True, False):
        e = raw_env("hongkong", encoding="planes-v1", copy=copy_arrays)
        fresh = raw_env("hongkong", encoding="planes-v1")
        e.reset(seed=9)
        fresh.reset(seed=9)
        previous = None
        for _ in range(40):
            agent = e.agent_selection
            got = e.observe(agent)["observation"]
            want = fresh.observe(agent)["observation"]
            assert np.array_equal(got, want)
            assert not got.flags.writeable
            if copy_arrays:
                kept_default.append((got, got.copy()))
            elif previous is not None and np.shares_memory(previous, got):
                shared_seen += 1
            previous = got
            index = rng.choice(sorted(e.legal_actions(agent)))
            e.step(index)
            fresh.step(index)
    for array, snapshot in kept_default:
        assert np.array_equal(array, snapshot)  # nothing handed out changed since
    assert shared_seen > 0


def test_gym_infos_deep_copy_and_pickle_to_the_end() -> None:
    """Vector wrappers deep-copy infos at every step (Stable-Baselines3) and process pools
    pickle them: every info of a whole episode survives both, the final one holding the
    scores and payments (plain values), in the pure and the compiled build."""
    g = MahjongGymEnv("hongkong", opponents="random")
    obs, info = g.reset(seed=11)
    done = False
    infos = [info]
    while not done:
        obs, _r, done, _t, info = g.step(int(np.flatnonzero(obs["action_mask"])[0]))
        infos.append(info)
    for info in infos:
        again = pickle.loads(pickle.dumps(info))
        assert again.keys() == info.keys()
        assert copy.deepcopy(info).keys() == info.keys()
        if "view" in info:
            assert again["view"] == info["view"] and again["legal"] == info["legal"]
    assert set(infos[-1]) == {"scores", "payments"} and sum(infos[-1]["scores"]) == 0
