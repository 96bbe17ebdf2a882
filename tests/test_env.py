"""The PettingZoo environment (issue 12, part 1): PettingZoo's own API and seed tests for every
rule set, an exact action encoding (every legal action of every decision round-trips, and no
two share an index), rewards equal to the hands' payments, observations from the view only,
and the random example played to the end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from mahjong_table.engine import Game
from mahjong_table.env import OBS_LAYOUT, OBS_SIZE, ActionCodec, encode_view, raw_env
from mahjong_table.players import make_bot
from mahjong_table.rules import get_rule_set

RULES = ("hongkong", "chinese", "american")
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("rules", RULES)
def test_pettingzoo_api_test_passes(rules: str) -> None:
    """Requirement: `pettingzoo.test.api_test` passes for every rule set."""
    api_test(raw_env(rules, max_hands=1), num_cycles=300)


@pytest.mark.parametrize("rules", RULES)
def test_pettingzoo_seed_test_passes(rules: str) -> None:
    """Requirement: seeding reproduces games (PettingZoo's seed_test: two environments with
    the same seed give the same observations, masks, rewards and infos)."""
    seed_test(lambda: raw_env(rules, max_hands=1), num_cycles=200)


@pytest.mark.parametrize("rules", RULES)
def test_same_seed_and_actions_give_the_same_game(rules: str) -> None:
    """Requirement: reset(seed) reproduces the game: the engine's events are identical."""
    games = []
    for _ in range(2):
        e = raw_env(rules, max_hands=1)
        e.reset(seed=11)
        rng = np.random.default_rng(5)
        for _agent in e.agent_iter(2000):
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else int(rng.choice(np.flatnonzero(
                obs["action_mask"]))))
        games.append(e.game)
    assert games[0] is not None and games[1] is not None
    assert [ev.to_json(full=True) for ev in games[0].events] == [
        ev.to_json(full=True) for ev in games[1].events]


@pytest.mark.parametrize("rules", RULES)
def test_action_encoding_is_exact_over_whole_games(rules: str) -> None:
    """Requirement: the action space covers every engine action, exactly: at every decision
    (American Charleston passes with blind counts, exposures with jokers, joker exchanges
    included) each legal action has an index of its own and decodes back to itself."""
    r = get_rule_set(rules)
    codec = ActionCodec(r)
    kinds: set[str] = set()
    for seed in range(3):
        game = Game(r, f"enc/{seed}", max_hands=1)
        bots = [make_bot("random" if seed == 2 else "efficiency", f"{seed}/{p}", rules=r)
                for p in range(4)]
        while not game.is_over:
            p = game.to_act()[0]
            legal = game.legal_actions(p)
            mapping = codec.legal_map(legal)  # raises if two actions share an index
            assert len(mapping) == len(legal)
            for i, a in mapping.items():
                assert 0 <= i < codec.size and codec.encode(a) == i
                kinds.add(a.kind.value)
            mask = codec.mask(legal)
            assert int(mask.sum()) == len(legal)
            game.apply(bots[p].choose(game.view(p)))
    assert {"discard", "pass"} <= kinds
    if rules == "american":
        assert {"charleston_pass", "charleston_continue", "charleston_stop"} & kinds


def test_american_space_holds_blind_passes_and_joker_exposures() -> None:
    """001 Part one 06 (blind pass) and "Jokers" (exposures with jokers): those actions have
    indices, distinct from each other."""
    from mahjong_table.engine import Action, ActionKind
    from mahjong_table.tiles import Tile

    codec = ActionCodec(get_rule_set("american"))
    t = Tile.parse
    full = Action(ActionKind.CHARLESTON_PASS, 0, tiles=(t("1m"), t("2m"), t("3m")))
    blind1 = Action(ActionKind.CHARLESTON_PASS, 0, tiles=(t("1m"), t("2m")), number=1)
    blind3 = Action(ActionKind.CHARLESTON_PASS, 0, tiles=(), number=3)
    pungs = [Action(ActionKind.PUNG, 0, jokers=j) for j in range(3)]
    sextet = Action(ActionKind.SEXTET, 0, jokers=5)
    idx = [codec.encode(a) for a in (full, blind1, blind3, *pungs, sextet)]
    assert len(set(idx)) == len(idx)
    with pytest.raises(ValueError, match="outside the space"):
        codec.encode(Action(ActionKind.CHARLESTON_PASS, 0, tiles=(t("1m"),) * 4))


def test_rewards_are_the_hands_payments() -> None:
    """Requirement: rewards in points at the end of each hand (004 s07 payments): each hand's
    payments are given at the step that ends it, and the rewards sum to the final scores."""
    e = raw_env("hongkong", max_hands=3)
    e.reset(seed=4)
    r = get_rule_set("hongkong")
    bots = [make_bot("efficiency", f"rw/{p}", rules=r) for p in range(4)]
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        view = info["view"]
        choice = bots[view.player].choose(view)
        e.step(e.codec.encode(choice))
    assert e.game is not None
    assert [totals[a] for a in e.possible_agents] == [float(s) for s in e.game.scores]
    assert any(s != 0 for s in e.game.scores)
    assert len(e.game.results) == 3


def test_observation_is_built_from_the_view_only() -> None:
    """Hidden information stays hidden: the observation is a function of `game.view(agent)`
    (its own tiles and public information), so it equals `encode_view` of that view; and its
    shape and layout are the documented ones."""
    e = raw_env("hongkong", max_hands=1)
    e.reset(seed=2)
    agent = e.agent_selection
    obs = e.observe(agent)
    view = e.view(agent)
    assert obs["observation"].shape == (OBS_SIZE,)
    assert np.array_equal(obs["observation"], encode_view(view, e.rules))
    hand = obs["observation"][OBS_LAYOUT["hand"]]
    assert hand.sum() == sum(view.counts) == 14
    # another seat's concealed tiles appear nowhere: only their count
    other = (view.player + 1) % 4
    count = obs["observation"][OBS_LAYOUT["concealed_count"]][1]
    assert count == view.seats[other].concealed_count == 13


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    """Bad input gets a clear error naming the problem; state unchanged."""
    e = raw_env("hongkong", max_hands=1)
    e.reset(seed=2)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = len(e.game.events) if e.game else 0
    with pytest.raises(ValueError, match="not legal"):
        e.step(bad)
    assert e.game is not None and len(e.game.events) == before
    assert e.agent_selection == agent


def test_render_shows_own_hand_only() -> None:
    """render(): the table as the agent to act sees it."""
    e = raw_env("hongkong", max_hands=1, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and "13 concealed" in text and "live wall" in text


def test_random_env_example_runs_to_the_end() -> None:
    """Requirement: a documented example plays random masked actions to the end."""
    for rules in ("hongkong", "american"):
        out = subprocess.run([sys.executable, str(ROOT / "examples" / "random_env.py"),
                              "--rules", rules, "--hands", "2", "--seed", "3"],
                             capture_output=True, text=True, timeout=120, check=True)
        assert "final scores" in out.stdout
