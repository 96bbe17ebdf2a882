"""The vector environment steps its games as one batch (issue 44, item 7): what it hands out
is exactly what each game gives when stepped alone.

``MahjongVectorEnv`` writes every learner observation and mask into one array each, from a
compiled loop over the games (``env/batch.py``); each of its games must stay the game a
``MahjongGymEnv`` plays with the same seed and the same actions: observations, masks,
rewards, ends, views, legal maps, the ended games' last observations and infos, the
automatic restarts (seed ``S + i + k * n``) and the penalty for an illegal index.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from mahjong_table.env import MahjongGymEnv, MahjongVectorEnv


def _same_obs(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(
        a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k]) for k in a)


def _same_info(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a.keys() == b.keys() and all(a[k] == b[k] for k in a)


@pytest.mark.parametrize(("rules", "kwargs"), [
    ("hongkong", {"encoding": "planes-v1"}),
    ("hongkong", {"encoding": "flat-v0", "seat": 2}),
    ("chinese", {"encoding": "planes-v1", "seat": 1, "opponents": "efficiency"}),
    ("american", {"encoding": "planes-v1", "seat": 3}),
    ("hongkong", {"encoding": "planes-v1", "oracle": True, "max_hands": 2}),
    ("hongkong", {"encoding": "planes-v1", "illegal_action": "penalty",
                  "illegal_reward": -7.0}),
], ids=["hk-planes", "hk-flat", "chinese-efficiency", "american", "hk-oracle", "hk-penalty"])
def test_the_batch_gives_what_each_game_gives_alone(rules: str, kwargs: dict[str, Any]) -> None:
    """Every step of a batch of 3 games equals the same 3 games stepped one by one in
    ``MahjongGymEnv`` with the seeds the batch gives them (``S + i + k * n``) and the same
    actions: observations, masks, rewards, ends, views, legal maps, ``final_obs``,
    ``final_info`` and ``skipped``; with ``illegal_action="penalty"`` some actions are
    illegal and end their game with the penalty."""
    n, base = 3, 40
    options = {"opponents": "random", **kwargs}
    v = MahjongVectorEnv(n, rules, **options)
    alone = [MahjongGymEnv(rules, **options) for _ in range(n)]
    played = [0] * n

    def restart(i: int) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        seed = base + i + played[i] * n
        played[i] += 1
        return alone[i].reset(seed=seed)

    obs, infos = v.reset(seed=base)
    first = [restart(i) for i in range(n)]
    for i, (o, info) in enumerate(first):
        assert _same_obs({k: a[i] for k, a in obs.items()}, o)
        assert infos["view"][i] == info["view"] and infos["legal"][i] == info["legal"]
    rng = np.random.default_rng(7)
    penalty = kwargs.get("illegal_action") == "penalty"
    ends = illegal = 0
    for _ in range(120):
        acts = []
        for i in range(n):
            legal = np.flatnonzero(obs["action_mask"][i])
            if penalty and rng.random() < 0.05:
                acts.append(int(np.flatnonzero(obs["action_mask"][i] == 0)[0]))
                illegal += 1
            else:
                acts.append(int(rng.choice(legal)))
        obs, rewards, terminated, truncated, infos = v.step(np.array(acts))
        assert not truncated.any()
        for i in range(n):
            o, r, term, _t, info = alone[i].step(acts[i])
            assert rewards[i] == r and terminated[i] == term
            if term:
                ends += 1
                assert infos["_final_obs"][i] and infos["_final_info"][i]
                assert _same_obs(infos["final_obs"][i], o)
                got = infos["final_info"]
                for key, value in info.items():
                    assert got[f"_{key}"][i]
                    if isinstance(value, dict):  # (a legal map: split by index, as Gymnasium
                        for index, action in value.items():  # splits a dict)
                            assert got[key][index][i] == action
                    else:
                        assert got[key][i] == value
                o, info = restart(i)
                if "skipped" in info:
                    assert infos["_skipped"][i] and infos["skipped"][i] == info["skipped"]
            elif "_final_obs" in infos:
                assert not infos["_final_obs"][i]
            assert _same_obs({k: a[i] for k, a in obs.items()}, o)
            assert infos["view"][i] == info["view"] and infos["legal"][i] == info["legal"]
            assert np.array_equal(v.action_masks()[i], alone[i].action_masks())
    assert ends >= 3
    assert illegal > 0 or not penalty


def test_batch_arrays_are_new_or_read_only_views() -> None:
    """Issue 44, item 6: the arrays a step hands out are new ones (``copy=True``, the
    default: a later step changes none of them), or with ``copy=False`` read-only views of
    the batch's own arrays, rewritten by the next step; the values are the same either
    way, and the batch's arrays are the same objects from reset to reset (nothing made
    afresh when games restart)."""
    kept, shared = MahjongVectorEnv(4, "hongkong", opponents="random"), MahjongVectorEnv(
        4, "hongkong", opponents="random", copy=False)
    a, _ = kept.reset(seed=5)
    b, _ = shared.reset(seed=5)
    buffers = (shared.batch.observation, shared.batch.mask)
    handed: list[tuple[np.ndarray, np.ndarray]] = []
    for step in range(60):
        for k in a:
            assert np.array_equal(a[k], b[k])
            assert not b[k].flags.writeable
            assert np.shares_memory(b[k], shared.batch.observation if k == "observation"
                                    else shared.batch.mask)
            assert not np.shares_memory(a[k], kept.batch.observation)
            assert not np.shares_memory(a[k], kept.batch.mask)
        handed.append((a["observation"], a["observation"].copy()))
        acts = np.array([int(np.flatnonzero(m)[step % 2 - 1]) for m in a["action_mask"]])
        a, *_ = kept.step(acts)
        b, *_ = shared.step(acts)
    shared.reset(seed=6)
    assert (shared.batch.observation, shared.batch.mask) == buffers
    for given, snapshot in handed:
        assert np.array_equal(given, snapshot)


def test_batch_refuses_bad_actions_and_changes_nothing() -> None:
    """Bad input (an action array of the wrong shape, a float index, an illegal index under
    ``illegal_action="raise"``) is refused by name, and no game of the batch moves."""
    v = MahjongVectorEnv(3, "hongkong", opponents="random")
    with pytest.raises(RuntimeError, match="reset"):
        v.step(np.zeros(3, dtype=int))
    obs, _ = v.reset(seed=2)
    events = [len(g.table.game.events) for g in v.batch.games]  # type: ignore[union-attr]
    good = [int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]
    bad = list(good)
    bad[2] = int(np.flatnonzero(obs["action_mask"][2] == 0)[0])
    with pytest.raises(ValueError, match=f"action {bad[2]} .* not legal"):
        v.step(np.array(bad))
    with pytest.raises(TypeError, match="an integer index"):
        v.step(np.array(good, dtype=float))
    with pytest.raises(ValueError, match="shape"):
        v.step(np.array(good[:2]))
    assert [len(g.table.game.events) for g in v.batch.games] == events  # type: ignore[union-attr]
    again, *_ = v.step(np.array(good))
    assert again["observation"].shape[0] == 3
    for bad_n in (0, True, 2.0):
        with pytest.raises(ValueError, match="num_envs"):
            MahjongVectorEnv(bad_n, "hongkong")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="copy 1"):
        MahjongVectorEnv(2, "hongkong", copy=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("rules", "options"), [("hongkong", {}), ("chinese", {}),
                                                ("chinese", {"scoring": "mcr"}),
                                                ("american", {})])
def test_seat_rows_equal_the_layouts_definition(rules: str, options: dict[str, Any]) -> None:
    """planes-v1's six rows per seat (docs/env.md: melds' tiles / 4, concealed kongs' tile,
    tiles of melds claimed from 1, 2, 3 seats before / 4, bonus tiles), as the encoder builds
    them entry by entry (issue 44: no NumPy call per entry), equal the layout's definition
    written plainly, for every seat of every state of random games."""
    from mahjong_table.engine import Game
    from mahjong_table.env.planes import PlanesV1
    from mahjong_table.players import make_bot
    from mahjong_table.rules import get_rule_set

    rs = get_rule_set(rules, **options)
    enc = PlanesV1(rs)
    checked = set()
    for seed in range(6):
        game = Game(rs, f"rows/{seed}", max_hands=1)
        bots = [make_bot("random", f"rows/{seed}/{p}", rules=rs) for p in range(4)]
        while not game.is_over:
            for s in game.view(0).seats:
                want = np.zeros((6, 47), dtype=np.float32)
                for m in s.melds:
                    if not m.exposed:
                        want[1, int(m.tiles[0])] = 1.0
                        checked.add("concealed")
                    for t in m.tiles:
                        want[0, int(t)] += 0.25
                        if m.source:
                            want[1 + m.source, int(t)] += 0.25
                            checked.add(f"source{m.source}")
                for t in s.bonus:
                    want[5, int(t)] = 1.0
                    checked.add("bonus")
                assert np.array_equal(enc.seat_rows(s.player, s.melds, s.bonus), want)
            p = game.to_act()[0]
            game.apply(bots[p].choose(game.view(p)))
    assert {"source1", "source2", "source3"} <= checked


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_copied_environments_go_on_as_the_original(how: str) -> None:
    """An environment deep-copied or pickled in the middle of a game (for a look-ahead, a
    process pool) goes on exactly as the original with the same actions: observations,
    masks and rewards (bug fixed: the planes-v1 writer's views of its arrays became arrays of
    their own in a copy, so a copied environment wrote its hand planes where nobody read them
    and handed out wrong observations; with issue 44's views through ``memoryview`` a copy
    raised ``TypeError``); the observations it hands out stay read-only. Pure build only: in
    the compiled build the engine's game itself neither pickles nor deep-copies (its rule
    set's compiled frozen dataclasses, docs/ARCHITECTURE.md), so no environment does."""
    import copy
    import pickle

    from mahjong_table._build import is_compiled
    from mahjong_table.env import raw_env

    if is_compiled():
        pytest.skip("the compiled engine's Game neither pickles nor deep-copies")

    def clone(x: Any) -> Any:
        return copy.deepcopy(x) if how == "deepcopy" else pickle.loads(pickle.dumps(x))

    rng = np.random.default_rng(3)
    # the AEC environment (every seat's planes kept by one writer)
    e = raw_env("hongkong", encoding="planes-v1", max_hands=1)
    e.reset(seed=8)
    for _ in range(25):
        e.step(int(rng.choice(np.flatnonzero(e.last()[0]["action_mask"]))))
    f = clone(e)
    checked = 0
    while not e.table.is_over:
        a, b = e.last()[0], f.last()[0]
        assert _same_obs(a, b) and not b["observation"].flags.writeable
        index = int(rng.choice(np.flatnonzero(a["action_mask"])))
        e.step(index)
        f.step(index)
        assert e.rewards == f.rewards
        checked += 1
    assert checked > 20
    # the single-agent and the vector environment
    g = MahjongGymEnv("hongkong", opponents="random")
    obs, _ = g.reset(seed=4)
    for _ in range(5):
        obs, *_ = g.step(int(np.flatnonzero(obs["action_mask"])[0]))
    h = clone(g)
    v = MahjongVectorEnv(3, "hongkong", opponents="random")
    vobs, _ = v.reset(seed=4)
    for _ in range(5):
        vobs, *_ = v.step(np.array([int(np.flatnonzero(m)[0]) for m in vobs["action_mask"]]))
    w = clone(v)
    for _ in range(40):
        index = int(np.flatnonzero(obs["action_mask"])[-1])
        obs, r, done, _t, _i = g.step(index)
        other, r2, done2, _t2, _i2 = h.step(index)
        assert _same_obs(obs, other) and r == r2 and done == done2
        if done:
            obs, _ = g.reset(seed=5)
            h.reset(seed=5)
        acts = np.array([int(np.flatnonzero(m)[-1]) for m in vobs["action_mask"]])
        vobs, vr, vt, _vt, _vi = v.step(acts)
        wobs, wr, wt, _wt, _wi = w.step(acts)
        assert _same_obs(vobs, wobs) and np.array_equal(vr, wr) and np.array_equal(vt, wt)
