"""Research interfaces of the environment (issue 26): PettingZoo's api_test, parallel_api_test
and seed_test for every encoding and rule set; observations built from what the player was
shown only; the oracle view only where asked for and never reachable from a face; the
Gymnasium single-agent env with seeded bot opponents and self-play policies; the vector env."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, seed_test

from mahjong_table.engine import Event, Game, events_for
from mahjong_table.env import (
    ENCODINGS,
    PLANES_V1_CHANNELS,
    PLANES_V1_LAYOUT,
    MahjongGymEnv,
    MahjongVectorEnv,
    PublicHistory,
    get_encoding,
    parallel_env,
    raw_env,
)
from mahjong_table.players import make_bot
from mahjong_table.rules import get_rule_set

ROOT = Path(__file__).resolve().parent.parent
#: every rule set the issue names: (name, options)
RULE_SETS: list[tuple[str, dict[str, Any]]] = [
    ("hongkong", {}), ("chinese", {}), ("chinese", {"scoring": "mcr"}), ("american", {})]
CASES = [(enc, r, o) for enc in ENCODINGS for r, o in RULE_SETS]
IDS = [f"{enc}-{r}{'-' + o['scoring'] if o else ''}" for enc, r, o in CASES]


@pytest.mark.parametrize(("encoding", "rules", "options"), CASES, ids=IDS)
def test_api_test_passes(encoding: str, rules: str, options: dict[str, Any]) -> None:
    """Requirement: PettingZoo's api_test passes for every encoding and rule set."""
    api_test(raw_env(rules, max_hands=1, encoding=encoding, **options), num_cycles=300)


@pytest.mark.parametrize(("encoding", "rules", "options"), CASES, ids=IDS)
def test_parallel_api_test_passes(encoding: str, rules: str, options: dict[str, Any]) -> None:
    """Requirement: PettingZoo's parallel_api_test passes for the ParallelEnv, every encoding
    and rule set."""
    parallel_api_test(parallel_env(rules, max_hands=1, encoding=encoding, **options),
                      num_cycles=400)


@pytest.mark.parametrize(("encoding", "rules", "options"), CASES, ids=IDS)
def test_seed_test_passes(encoding: str, rules: str, options: dict[str, Any]) -> None:
    """Requirement: PettingZoo's seed_test passes (same seed, same observations, masks,
    rewards) for every encoding and rule set."""
    seed_test(lambda: raw_env(rules, max_hands=1, encoding=encoding, **options),
              num_cycles=200)


def _shown_history(game: Game, viewer: int) -> PublicHistory:
    """A history fed only with the events ``viewer`` was shown (their JSON form)."""
    h = PublicHistory()
    shown = []
    for d in events_for(game.events, viewer):
        d = dict(d)
        kind = d.pop("type")
        player = d.pop("player", None)
        shown.append(Event(kind, player, d))
    h.update(shown)
    return h


@pytest.mark.parametrize(("encoding", "rules", "options"), CASES, ids=IDS)
def test_observation_holds_only_what_the_player_was_shown(
        encoding: str, rules: str, options: dict[str, Any]) -> None:
    """Hidden information stays hidden, for every encoding: at every decision of a whole
    game, the observation equals the encoding of the player's view (``game.view``, itself
    checked by tests/test_engine_views.py) and of a history fed only with the events that
    player was shown (``events_for``: no
    other player's concealed tiles, no wall order, no other player's Charleston passes)."""
    r = get_rule_set(rules, **options)
    e = raw_env(r, max_hands=1, encoding=encoding)
    enc = get_encoding(encoding, r)
    e.reset(seed=21)
    bots = [make_bot("random", f"leak/{p}", rules=r) for p in range(4)]
    checked = 0
    for _agent in e.agent_iter(3000):
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        view = info["view"]
        if checked % 3 == 0:
            assert e.game is not None
            again = enc.encode(view, _shown_history(e.game, view.player))
            assert np.array_equal(obs["observation"], again)
        checked += 1
        e.step(e.codec.encode(bots[view.player].choose(view)))
    assert checked > 30


def test_planes_v1_shape_range_and_discard_order() -> None:
    """planes-v1: shape (C, 47), values in [-1, 1] in Hong Kong play; the discard order
    channels hold each seat's discards in order, claimed ones included and marked (004 s05:
    a claimed discard leaves the table but stays in the history)."""
    r = get_rule_set("hongkong")
    e = raw_env(r, max_hands=1, encoding="planes-v1")
    e.reset(seed=5)
    bots = [make_bot("efficiency", f"ord/{p}", rules=r) for p in range(4)]
    saw_claim = False
    for _agent in e.agent_iter(3000):
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        o = obs["observation"]
        assert o.shape == (PLANES_V1_CHANNELS, 47) and o.min() >= -1 and o.max() <= 1
        view = info["view"]
        h = e.table.history
        L = PLANES_V1_LAYOUT
        for s in view.seats:
            rel = (s.player - view.player) % 4
            order = o[L[f"order{rel}"]:L[f"order{rel}"] + len(h.discards[s.player])]
            assert [int(np.argmax(row)) for row in order] == h.discards[s.player][-30:]
            kept = [t for t, c in zip(h.discards[s.player], h.claimed[s.player],
                                      strict=True) if not c]
            assert kept == [int(t) for t in s.discards]
            if any(h.claimed[s.player]):
                saw_claim = True
                assert o[L[f"claimed{rel}"]].sum() > 0
        e.step(e.codec.encode(bots[view.player].choose(view)))
    assert saw_claim


@pytest.mark.parametrize(("rules", "options"), RULE_SETS,
                         ids=[r + ("-" + o["scoring"] if o else "") for r, o in RULE_SETS])
def test_planes_v1_meld_rows_are_by_relative_seat(rules: str, options: dict[str, Any]) -> None:
    """planes-v1's layout (docs/env.md): seats are relative to the observer (0 me, 1 next in
    turn order...), for the meld, source and bonus rows as for the history. Bug fixed: the
    meld rows were written in absolute seat order, so every observer but player 0 saw each
    seat's melds and flowers under another seat."""
    r = get_rule_set(rules, **options)
    enc = get_encoding("planes-v1", r)
    L = PLANES_V1_LAYOUT
    checked = 0
    for seed in range(12):
        game = Game(r, f"rel/{seed}", max_hands=1)
        bots = [make_bot("random", f"rel/{seed}/{p}", rules=r) for p in range(4)]
        while not game.is_over:
            p = game.to_act()[0]
            for observer in range(4):
                view = game.view(observer)
                o = enc.encode(view, None)
                for s in view.seats:
                    rel = (s.player - observer) % 4
                    melds = np.zeros(47, dtype=np.float32)
                    for m in s.melds:
                        for t in m.tiles:
                            melds[int(t)] += 0.25
                    bonus = np.zeros(47, dtype=np.float32)
                    bonus[[int(t) for t in s.bonus]] = 1.0
                    assert np.array_equal(o[L[f"melds{rel}"]], melds)
                    assert np.array_equal(o[L[f"bonus{rel}"]], bonus)
                    checked += bool(s.melds or s.bonus) and rel != 0
            game.apply(bots[p].choose(game.view(p)))
    assert checked > 0


@pytest.mark.parametrize(("rules", "options"), RULE_SETS,
                         ids=[r + ("-" + o["scoring"] if o else "") for r, o in RULE_SETS])
def test_planes_v1_kept_up_to_date_equals_built_afresh(rules: str,
                                                       options: dict[str, Any]) -> None:
    """The environments bring each observer's planes-v1 observation up to date from the last
    one (``PlanesV1Writer``, issue 26 item 5: the environment layer's cost); at every
    decision, for the players to act and one other observer, it equals the encoding built
    afresh from the view and the history, and is a new array each time."""
    from mahjong_table.env.core import Table

    t = Table(get_rule_set(rules, **options), encoding="planes-v1")
    assert t._writer is not None
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        t.reset(seed)
        steps = 0
        while not t.is_over and steps < 1500:
            to_act = t.to_act()
            for p in {*to_act, rng.randrange(4)}:
                if t.game is not None and t.game.phase.value in ("claim", "rob") \
                        and p not in t.game.pending:
                    continue  # hidden from the window (tests/test_env_windows.py)
                o = t.observe(p)["observation"]
                view, _ = t.decision(p)
                assert np.array_equal(o, t.encoding.encode(view, t.history))
                checked += 1
            p = to_act[0]
            legal = t.decision(p)[1]
            given = t.observe(p)["observation"]
            kept = given.copy()
            t.apply(legal[rng.choice(sorted(legal))])
            steps += 1
            if not t.is_over:
                t.observe(p)  # the writer brings p's planes up to date...
                assert np.array_equal(given, kept)  # ...not the array it gave before
    assert checked > 300


def test_american_planes_show_own_charleston_passes() -> None:
    """001 Part one 06: the tiles a player passed and received in the Charleston are in its
    own planes (and only its own: the others' passes are secret events)."""
    r = get_rule_set("american")
    e = raw_env(r, max_hands=1, encoding="planes-v1")
    e.reset(seed=3)
    bots = [make_bot("american", f"ch/{p}", rules=r) for p in range(4)]
    L = PLANES_V1_LAYOUT
    seen = False
    for _agent in e.agent_iter(400):
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        view = info["view"]
        h = e.table.history
        passed = obs["observation"][L["passed"]]
        assert passed.sum() * 4 == pytest.approx(len(h.passed[view.player]))
        if h.passed[view.player]:
            seen = True
        e.step(e.codec.encode(bots[view.player].choose(view)))
    assert seen


@pytest.mark.parametrize("seed", [4, 11])
def test_oracle_wall_rows_are_the_wall_order_from_the_live_end(seed: int) -> None:
    """docs/env.md "The oracle view": the next live draw takes row 0; a replacement takes the
    far stack's top before its bottom (rows n-2 then n-1 of n left when that stack is whole).
    A new user found the docs' earlier wording ("in drawing order, replacements last")
    wrong for the far end; this checks the wording that replaced it on real draws."""
    from mahjong_table.env.oracle import oracle_features

    game = Game(get_rule_set("hongkong"), seed, max_hands=1)
    wall = game.wall
    rows = [int(np.argmax(r)) for r in oracle_features(game, 0)["wall"] if r.any()]
    n = len(rows)
    assert n == wall.remaining
    if wall.tail % 2 == 0:
        assert [int(wall.draw_replacement()), int(wall.draw_replacement())] == \
            [rows[n - 2], rows[n - 1]]
    else:
        assert int(wall.draw_replacement()) == rows[n - 1]
    assert [int(wall.draw()), int(wall.draw())] == rows[:2]


def test_oracle_only_when_asked_for() -> None:
    """The oracle view (every hand, the wall order) is off by default and given only by an
    environment constructed with oracle=True; its hands are the players' own hands."""
    plain = raw_env("hongkong", max_hands=1, encoding="planes-v1")
    plain.reset(seed=8)
    obs = plain.observe(plain.agent_selection)
    assert set(obs) == {"observation", "action_mask"}
    assert set(plain.observation_space("player_0").spaces) == {"observation", "action_mask"}
    e = raw_env("hongkong", max_hands=1, encoding="planes-v1", oracle=True)
    e.reset(seed=8)
    agent = e.agent_selection
    o = e.observe(agent)
    assert np.array_equal(o["observation"], obs["observation"])
    assert e.game is not None
    p = int(agent[-1])
    for rel in range(4):
        counts = e.game.view((p + rel) % 4).counts
        assert list(o["oracle_hands"][rel][:len(counts)]) == list(counts)
    assert int(o["oracle_wall"].sum()) == e.game.view(p).live_wall + e.game.view(p).dead_wall
    assert e.observation_space(agent).contains(o)


def test_no_face_imports_the_oracle() -> None:
    """The oracle view is never reachable from a face: no module of the package but the
    environment's core (which imports it only when oracle=True) names it."""
    src = ROOT / "src" / "mahjong_table"
    allowed = {src / "env" / "core.py", src / "env" / "oracle.py"}
    for path in src.rglob("*.py"):
        if path in allowed:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or "", *(a.name for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            assert not any("oracle" in n for n in names), f"{path} imports the oracle"


def test_gym_env_is_seeded_with_its_bots() -> None:
    """The single-agent env: the same seed and actions give the same episode, bot
    opponents included (each bot seeded from the game's seed and its seat); the reward
    is the learner's payments (004 s07) and the episode ends with the hand."""
    runs = []
    for _ in range(2):
        g = MahjongGymEnv("hongkong", seat=1, opponents="efficiency")
        obs, info = g.reset(seed=17)
        rng = np.random.default_rng(0)
        trace: list[tuple[int, float]] = []
        total = 0.0
        done = False
        while not done:
            a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, rew, done, trunc, info = g.step(a)
            total += rew
            trace.append((a, rew))
        assert g.table.game is not None
        assert total == g.table.game.scores[1]
        runs.append((trace, [ev.to_json(full=True) for ev in g.table.game.events]))
    assert runs[0] == runs[1]


def test_gym_env_refuses_an_illegal_index() -> None:
    """Bad input: an unmasked index is refused by name, nothing changes."""
    g = MahjongGymEnv("chinese", encoding="flat-v0")
    obs, _ = g.reset(seed=2)
    assert g.table.game is not None
    before = len(g.table.game.events)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        g.step(bad)
    assert len(g.table.game.events) == before
    with pytest.raises(ValueError, match="unknown bot"):
        MahjongGymEnv("hongkong", opponents="nobody")


def test_env_inputs_of_the_wrong_type_are_refused_by_name() -> None:
    """Bad input gets a clear error and changes nothing (a new user's findings): an action
    index that is a float, a string or a bool; max_hands 0, -1 or "2"; a float or bool seed;
    opponents that are neither bots, players nor policies."""
    g = MahjongGymEnv("hongkong", encoding="flat-v0")
    obs, _ = g.reset(seed=2)
    assert g.table.game is not None
    before = len(g.table.game.events)
    good = int(np.flatnonzero(obs["action_mask"])[0])
    for bad in (float(good), str(good), True):
        with pytest.raises(TypeError, match="an integer index"):
            g.step(bad)  # type: ignore[arg-type]
    assert len(g.table.game.events) == before
    g.step(np.int64(good))  # a NumPy integer is an integer
    for hands in (0, -1, "2"):
        with pytest.raises(ValueError, match="max_hands"):
            MahjongGymEnv("hongkong", max_hands=hands)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="max_hands"):
            raw_env("hongkong", max_hands=hands)
    for seed in (1.5, True):
        with pytest.raises(TypeError, match="seed"):
            g.reset(seed=seed)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="seed"):
            raw_env("hongkong").reset(seed=seed)
    for opponents in (None, 5):
        with pytest.raises(TypeError, match="opponents"):
            MahjongGymEnv("hongkong", opponents=opponents)  # type: ignore[arg-type]


class _FalseMahjong:
    """An opponent that declares Mahjong at once: a false one, which ends the hand."""

    def choose(self, view: Any) -> Any:
        from mahjong_table.engine import Action, ActionKind

        return Action(ActionKind.MAHJONG, view.player)


def test_gym_reset_never_returns_a_finished_game() -> None:
    """004 (false Mahjong penalised ends the hand): when the opponents end the whole game
    before the learner's first decision, reset skips it and plays the next, reporting each
    skipped game's seed and the learner's payment; the vector env then never sticks on a
    finished game (a new user's finding: reset returned an all-zero mask and the batch
    refused every action)."""
    g = MahjongGymEnv("hongkong", seat=1, opponents=_FalseMahjong(), max_hands=1,
                      false_mahjong="penalise")
    obs, info = g.reset(seed=1)
    assert g.table.game is not None and not g.table.game.is_over
    assert obs["action_mask"].any()
    assert info["skipped"][0] == {"seed": 1, "reward": 64.0}
    assert [s["seed"] for s in info["skipped"][1:]] == [
        f"1/after-{k}" for k in range(1, len(info["skipped"]))]
    again, info2 = g.reset(seed=1)  # and it replays
    assert info2["skipped"] == info["skipped"]
    assert np.array_equal(again["observation"], obs["observation"])
    v = MahjongVectorEnv(2, "hongkong", seat=1, opponents=_FalseMahjong(), max_hands=1,
                         false_mahjong="penalise")
    vobs, vinfo = v.reset(seed=1)
    assert vobs["action_mask"].any(axis=1).all() and vinfo["_skipped"][0]
    for _ in range(60):
        acts = np.array([int(np.flatnonzero(m)[0]) for m in vobs["action_mask"]])
        vobs, _, term, _, vinfo = v.step(acts)
        assert vobs["action_mask"].any(axis=1).all()


def test_vector_env_infos_follow_gymnasium() -> None:
    """Gymnasium's same-step autoreset: a game that ends in a step gives its last
    observation and info as ``final_obs`` / ``final_info`` (with their ``_`` masks); every
    step's infos carry each game's view and legal map."""
    v = MahjongVectorEnv(2, "hongkong", opponents="random", encoding="flat-v0")
    obs, info = v.reset(seed=3)
    assert info["_view"].all() and len(info["legal"]) == 2
    for _ in range(400):
        acts = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
        obs, _, term, _, info = v.step(acts)
        assert info["_view"].all()
        if term.any():
            assert (info["_final_obs"] == term).all()
            i = int(np.flatnonzero(term)[0])
            assert info["final_obs"][i]["observation"].shape == (940,)
            assert "scores" in info["final_info"] and info["final_info"]["_scores"][i]
            break
    else:
        raise AssertionError("no game ended in 400 steps")


def test_self_play_one_policy_for_several_seats() -> None:
    """Self-play hook: one policy (observation -> index) decides for three seats, each from
    its own observation; the learner plays the fourth."""
    calls: list[int] = []

    def policy(obs: dict[str, np.ndarray]) -> int:
        calls.append(int(obs["action_mask"].sum()))
        return int(np.flatnonzero(obs["action_mask"])[-1])

    g = MahjongGymEnv("hongkong", opponents=policy, max_hands=2)
    obs, _ = g.reset(seed=4)
    done = False
    while not done:
        obs, _, done, _, _ = g.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert g.table.game is not None and len(g.table.game.results) == 2
    assert len(calls) > 20 and all(c > 0 for c in calls)


def test_vector_env_steps_a_seeded_batch() -> None:
    """The vector env: observations stacked (N, C, 47), masks (N, n); games that end are
    restarted in the same step; a seeded batch replays exactly."""
    def run() -> tuple[list[float], np.ndarray]:
        v = MahjongVectorEnv(3, "hongkong", opponents="random")
        obs, _ = v.reset(seed=100)
        assert obs["observation"].shape == (3, PLANES_V1_CHANNELS, 47)
        assert obs["action_mask"].shape == (3, v.single_action_space.n)
        rng = np.random.default_rng(1)
        rewards: list[float] = []
        ends = 0
        for _ in range(150):
            acts = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
            obs, rew, term, trunc, _ = v.step(acts)
            rewards.extend(rew.tolist())
            ends += int(term.sum())
            assert v.observation_space.contains(obs)
        assert ends >= 3
        return rewards, obs["observation"]

    a, b = run(), run()
    assert a[0] == b[0] and np.array_equal(a[1], b[1])


def test_parallel_env_asks_every_claimant_at_once() -> None:
    """The ParallelEnv: in a claim window every player asked answers in one step (004 s05:
    claims are made together, then ranked), with its own mask; others' masks are empty."""
    e = parallel_env("hongkong", max_hands=1)
    obs, infos = e.reset(seed=9)
    several = False
    while e.agents:
        acting = [a for a in e.agents if infos[a]["to_act"]]
        for a in e.agents:
            assert (obs[a]["action_mask"].sum() > 0) == (a in acting)
        several |= len(acting) > 1
        acts = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in acting}
        obs, _, _, _, infos = e.step(acts)
    assert several


def test_the_docs_examples_run() -> None:
    """docs/env.md's Python examples run as written (with a first-legal-index policy, and
    for the vector env a batch of first legal indices as the actions)."""
    import re

    text = (ROOT / "docs" / "env.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 5
    for block in blocks:
        code = block.replace(
            "obs, rewards, terminated, truncated, infos = v.step(actions)",
            "actions = np.array([np.flatnonzero(m)[0] for m in obs['action_mask']])\n"
            "obs, rewards, terminated, truncated, infos = v.step(actions)")
        space: dict[str, Any] = {"np": np}
        exec("def my_policy(obs):\n    return int(np.flatnonzero(obs['action_mask'])[0])\n"
             "policy = my_policy\n" + code, space)
