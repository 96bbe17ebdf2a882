"""Python bots by name (issue 26, item 3): ``--bots py:module:Class`` in ``simulate`` (also
over worker processes), ``arena`` and ``play``; the constructor contract (no arguments, or
the keywords ``seed``, ``name``, ``rules`` it declares); a class that does not fit is refused
before play naming the problem; a bot that raises or answers illegally is replaced and
marked like a program bot (docs/bot-protocol.md, "Python bots")."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mahjong_table.cli import build_parser, main
from mahjong_table.engine import Game, PlayerView
from mahjong_table.players import check_bot_kind, make_bot, play_game
from mahjong_table.players.py_bot import PyBot
from mahjong_table.players.stand_in import bind_players, close_players
from mahjong_table.record import split_games
from mahjong_table.rules import get_rule_set

ROOT = Path(__file__).resolve().parent.parent

#: a module of bot classes, written to a temporary directory that is the working directory
BOTS_MODULE = '''
import random

from mahjong_table.engine import ActionKind, PlayerView


class FirstLegal:
    """No constructor arguments: the first legal action, Mahjong whenever it may."""

    def choose(self, view):
        for a in view.legal_actions:
            if a.kind is ActionKind.MAHJONG:
                return a
        return view.legal_actions[0]


class Seeded:
    """Takes seed, name and rules: a seeded random choice, through the view's JSON."""

    made = []

    def __init__(self, seed, name, rules):
        self.rng = random.Random(f"{seed}")
        self.name = name
        self.rules = rules
        Seeded.made.append((seed, name, rules.name))

    def choose(self, view):
        again = PlayerView.from_json(view.to_json(), self.rules)
        return again.legal_actions[self.rng.randrange(len(again.legal_actions))]


class Anything:
    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def choose(self, view):
        return view.legal_actions[-1]


class Broken:
    """Raises at its third decision."""

    def __init__(self):
        self.n = 0

    def choose(self, view):
        self.n += 1
        if self.n == 3:
            raise RuntimeError("policy exploded")
        return view.legal_actions[0]


class Cheater:
    def choose(self, view):
        from mahjong_table.engine import Action
        return Action(ActionKind.MAHJONG, view.player)


class NoChoose:
    pass


class NeedsArgs:
    def __init__(self, weights):
        pass

    def choose(self, view):
        return view.legal_actions[0]


not_a_class = 3
'''


@pytest.fixture()
def bots_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A directory holding ``pybots_mod.py``, made the working directory (py: bots are
    imported from sys.path with the working directory first)."""
    (tmp_path / "pybots_mod.py").write_text(BOTS_MODULE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    sys.modules.pop("pybots_mod", None)


def _play(rules_name: str, kinds: list[str], seed: str, **options: object) -> tuple[Game, list]:
    rules = get_rule_set(rules_name, **options)
    game = Game(rules, seed, max_hands=1, check_invariants=True)
    bots = [make_bot(k, f"{seed}/{i}", f"{k} ({i})", rules=rules) for i, k in enumerate(kinds)]
    bind_players(game, bots)
    try:
        play_game(game, bots)
    finally:
        close_players(bots)
    return game, bots


@pytest.mark.parametrize(("rules", "options"), [
    ("hongkong", {}), ("chinese", {}), ("chinese", {"scoring": "mcr"}), ("american", {})])
def test_python_bots_play_every_rule_set(bots_dir: Path, rules: str,
                                         options: dict[str, object]) -> None:
    """Every rule set: Python bots play a whole hand, every decision their own; the
    constructor gets the keywords it declares (seed, name, rules), all of them with
    **kwargs, none without parameters."""
    kinds = ["py:pybots_mod:FirstLegal", "py:pybots_mod:Seeded", "py:pybots_mod:Anything",
             "efficiency"]
    game, bots = _play(rules, kinds, "py/1", **options)
    assert game.is_over and sum(game.scores) == 0
    for b in bots[:3]:
        assert isinstance(b, PyBot) and b.failure is None and b.decisions > 0
    assert bots[1].inner.made[-1] == ("py/1/1", "py:pybots_mod:Seeded (1)", game.rules.name)
    assert set(bots[2].inner.kwargs) == {"seed", "name", "rules"}
    assert bots[0].name == "py:pybots_mod:FirstLegal (0)"


def test_a_python_bot_is_reproducible_from_the_seed(bots_dir: Path) -> None:
    """Deterministic: the same seed gives the same game (the seeded bot's choices too)."""
    kinds = ["py:pybots_mod:Seeded"] * 4
    a, _ = _play("hongkong", kinds, "same")
    b, _ = _play("hongkong", kinds, "same")
    assert [e.to_json(full=True) for e in a.events] == [e.to_json(full=True) for e in b.events]


@pytest.mark.parametrize(("spec", "message"), [
    ("py:pybots_mod", "write py:MODULE:CLASS"),
    ("py:no_such_module_xyz:Bot", "cannot import 'no_such_module_xyz'"),
    ("py:pybots_mod:Nobody", "has no 'Nobody'"),
    ("py:pybots_mod:not_a_class", "is a int, not a class"),
    ("py:pybots_mod:NoChoose", "has no choose(view) method"),
    ("py:pybots_mod:NeedsArgs", "the constructor failed with no arguments"),
])
def test_a_bad_python_bot_is_refused_before_play(
        bots_dir: Path, capsys: pytest.CaptureFixture[str], spec: str, message: str) -> None:
    """Bad input gets a clear error naming the problem (exit 2 before any game)."""
    assert main(["simulate", "--games", "1", "--hands", "1", "--bots",
                 f"{spec},efficiency"]) == 2
    assert message in capsys.readouterr().err
    with pytest.raises(ValueError, match="py:"):
        check_bot_kind(spec)
        make_bot(spec, 0, rules=get_rule_set("hongkong"))


@pytest.mark.parametrize(("cls", "reason"), [
    ("Broken", "raised RuntimeError: policy exploded"),
    ("Cheater", "answered an illegal action (mahjong)"),
])
def test_a_failing_python_bot_is_replaced(bots_dir: Path, capsys: pytest.CaptureFixture[str],
                                          cls: str, reason: str) -> None:
    """A Python bot that raises or answers an illegal action is replaced by the default bot
    for the rest of the game (as a program is); the bad answer is never applied."""
    game, bots = _play("hongkong", [f"py:pybots_mod:{cls}", "efficiency", "efficiency",
                                    "efficiency"], "fail")
    assert game.is_over and sum(game.scores) == 0
    assert bots[0].failure is not None and reason in bots[0].failure
    assert "the efficiency bot plays seat 0 for the rest of the game" in capsys.readouterr().err


def test_simulate_with_workers_imports_the_class_in_each_worker(bots_dir: Path) -> None:
    """``--workers 2``: the spec crosses processes and each worker imports the module from
    the working directory; the results equal one process's; the record names the bot spec
    and replays."""
    def run(workers: int, record: Path) -> str:
        proc = subprocess.run(
            [sys.executable, "-m", "mahjong_table.cli", "simulate", "--games", "4", "--hands", "1",
             "--seed", "w", "--bots", "py:pybots_mod:Seeded,efficiency", "--workers",
             str(workers), "--record", str(record)],
            capture_output=True, text=True, timeout=300, cwd=bots_dir,
            env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
        assert proc.returncode == 0, proc.stderr
        return "\n".join(line for line in proc.stdout.splitlines()
                         if "hands per second" not in line and "local processes" not in line
                         and not line.startswith("rules "))

    one = run(1, bots_dir / "one.jsonl")
    two = run(2, bots_dir / "two.jsonl")
    assert one == two and "py:pybots_mod:Seeded" in one
    assert (bots_dir / "one.jsonl").read_text() == (bots_dir / "two.jsonl").read_text()
    rows = [json.loads(line) for line in
            (bots_dir / "two.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(split_games(rows)) == 4
    assert "py:pybots_mod:Seeded (0)" in (bots_dir / "two.jsonl").read_text()
    replay = subprocess.run([sys.executable, "-m", "mahjong_table.cli", "replay",
                             str(bots_dir / "two.jsonl")], capture_output=True, text=True,
                            timeout=300, env={"PYTHONPATH": str(ROOT / "src"),
                                              "PATH": "/usr/bin:/bin"})
    assert replay.returncode == 0, replay.stderr


def test_arena_takes_a_python_bot_and_marks_its_replacements(
        bots_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``arena --bots py:...``: a Python policy evaluated in duplicate play; one that fails is
    counted as replaced in the JSON (issue 26, defect 3, for every bot that can fail)."""
    assert main(["arena", "--bots", "py:pybots_mod:Seeded,efficiency", "--hands", "4",
                 "--seed", "a", "--workers", "1", "--json"]) == 0
    rows = {b["bot"]: b for b in json.loads(capsys.readouterr().out)["bots"]}
    assert rows["py:pybots_mod:Seeded"]["hands"] == 4
    assert rows["py:pybots_mod:Seeded"]["replacements"] == 0
    assert main(["arena", "--bots", "py:pybots_mod:Broken,efficiency", "--hands", "4",
                 "--seed", "a", "--workers", "1", "--json"]) == 0
    rows = {b["bot"]: b for b in json.loads(capsys.readouterr().out)["bots"]}
    broken = rows["py:pybots_mod:Broken"]
    assert broken["replacements"] == 4 and "policy exploded" in broken["replaced"]["reason"]


def test_simulate_marks_a_replaced_bot_as_the_arena_does(
        bots_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 44 item 5: ``simulate`` does not credit a replaced bot with its stand-in's
    results: its row is marked ``*`` with the replacements counted, a note says in how many
    hands and decisions the stand-in played and why; ``--json`` says the same. A bot that
    played its own game is not marked."""
    args = ["simulate", "--games", "3", "--hands", "2", "--seed", "rep", "--no-invariants",
            "--workers", "1", "--bots", "py:pybots_mod:Broken,py:pybots_mod:FirstLegal,"
            "efficiency"]
    assert main(args) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    head = next(line for line in lines if line.startswith("seat"))
    assert head.rstrip().endswith("replaced")
    broken = next(line for line in lines if line.startswith("0 "))
    assert "py:pybots_mod:Broken*" in broken and broken.split()[-1] == "3"
    fine = next(line for line in lines if line.startswith("1 "))
    assert "*" not in fine and fine.split()[-1] == "0"
    note = next(line for line in lines if line.startswith("* "))
    assert note.startswith("* py:pybots_mod:Broken (0) was replaced by its stand-in bot 3 "
                           "time(s), in 6 of its 6 hands (")
    assert "First reason: raised RuntimeError: policy exploded" in note
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    seats = data["seats"]
    assert seats[0]["replacements"] == 3 and seats[0]["replaced"]["hands"] == 6
    assert seats[0]["replaced"]["decisions"] == seats[0]["decisions"] - 3 * 2
    assert seats[0]["replaced"]["reason"] == "raised RuntimeError: policy exploded"
    assert seats[1]["replaced"] is None and seats[1]["replacements"] == 0
    assert data["games"] == 3 and data["hands"] == 6


def test_play_seats_python_bots(bots_dir: Path) -> None:
    """``play --bots py:...``: a person (always menu option 1) against Python bots plays a
    whole hand."""
    args = build_parser().parse_args([
        "play", "--hands", "1", "--seed", "2",
        "--bots", "py:pybots_mod:FirstLegal,py:pybots_mod:Seeded,efficiency"])
    out = io.StringIO()
    status = args.func(args, input=io.StringIO("1\n" * 500), output=out)
    assert status == 0 and "final standings" in out.getvalue()


@pytest.mark.parametrize(("name", "options"), [
    ("hongkong", {}), ("chinese", {}), ("chinese", {"scoring": "mcr"}), ("american", {})])
def test_player_view_from_json_round_trips(name: str, options: dict[str, object]) -> None:
    """``PlayerView.from_json`` inverts ``to_json`` exactly (the view equal, each meld's
    source included: a defect found by a new user, the sources were lost), for every view
    of every player at every state of random games of every rule set, with the rule set
    given or read from the JSON (a pipe bot in Python reuses the engine's encoders on the
    ``decide`` view)."""
    import random

    rules = get_rule_set(name, **options)
    for g in range(2):
        game = Game(rules, f"fromjson/{g}", max_hands=1)
        rng = random.Random(g)
        while True:
            for p in range(4):
                view = game.view(p)
                data = view.to_json()
                text = json.dumps(data)
                assert PlayerView.from_json(json.loads(text)).to_json() == data
                back = PlayerView.from_json(data, rules)
                assert back.to_json() == data
                # the view itself, melds' sources included (the planes-v1 source channels
                # read them: a Python pipe bot's observation is then the environment's)
                assert back == view
                assert [m.source for s in back.seats for m in s.melds] == \
                    [m.source for s in view.seats for m in s.melds]
            if game.is_over:
                break
            acts = game.legal_actions(game.to_act()[0])
            game.apply(acts[rng.randrange(len(acts))])


def test_a_python_bot_plays_unbound(bots_dir: Path) -> None:
    """A Python bot needs no ``bind`` (an environment may seat it straight away): it answers
    from the view alone."""
    rules = get_rule_set("hongkong")
    game = Game(rules, "unbound", max_hands=1)
    bot = make_bot("py:pybots_mod:FirstLegal", 0, rules=rules)
    player = game.to_act()[0]
    action = bot.choose(game.view(player))
    assert action in game.legal_actions(player)


#: issue 44: a bot that takes its seat's events and encodes its views as training did
HISTORY_MODULE = '''
import os

import numpy as np

from mahjong_table.env import SeatEncoder
from mahjong_table.players import make_bot


class Recorder:
    """Plays as the efficiency bot; encodes every decision's view with planes-v1 from the
    events its seat was shown, and saves them when the game ends."""

    def __init__(self, seed, rules):
        self.encoder = SeatEncoder(rules, "planes-v1")
        self.bot = make_bot("efficiency", seed, rules=rules)
        self.rows = []
        self.without = []
        self.shown = []

    def event(self, shown):
        self.shown.append(shown)
        self.encoder.event(shown)
        if shown["type"] == "game_end":
            np.savez(os.environ["RECORDER_OUT"], observation=np.array(self.rows),
                     without=np.array(self.without))

    def choose(self, view):
        self.rows.append(self.encoder.encode(view))
        self.without.append(self.encoder.encoding.encode(view, None))
        return self.bot.choose(view)


class BadEvents:
    def event(self, shown):
        if shown["type"] == "discard":
            raise KeyError("no such tile")

    def choose(self, view):
        return view.legal_actions[0]
'''


def test_a_python_bot_given_its_events_encodes_as_training_did(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 44 item 3: a ``py:`` bot with an ``event`` method is given the events its seat
    is shown; fed to a ``SeatEncoder`` they give, at every decision of whole games, the very
    planes-v1 observation ``export-dataset`` makes of the record of those games (0 channels
    differ); without them (the view alone) the history channels differ."""
    import numpy as np

    (tmp_path / "histbots.py").write_text(HISTORY_MODULE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for rules, options in (("hongkong", []), ("american", []),
                           ("chinese", ["--option", "scoring=mcr"])):
        record = tmp_path / f"{rules}.jsonl"
        out = tmp_path / f"{rules}-seen.npz"
        monkeypatch.setenv("RECORDER_OUT", str(out))
        code = main(["simulate", "--rules", rules, *options, "--games", "1", "--hands", "3",
                     "--seed", f"hist/{rules}", "--no-invariants", "--bots",
                     "py:histbots:Recorder," + ("american" if rules == "american"
                                                else "efficiency"),
                     "--record", str(record)])
        assert code == 0
        data = tmp_path / f"{rules}.npz"
        assert main(["export-dataset", str(record), "--encoding", "planes-v1", "--out",
                     str(data)]) == 0
        with np.load(data) as d:
            trained = d["observation"][d["seat"] == 0]
        with np.load(out) as seen:
            played, without = seen["observation"], seen["without"]
        assert played.shape == trained.shape and len(played) > 15
        differing = {int(c) for c in np.flatnonzero(np.any(played != trained, axis=(0, 2)))}
        assert differing == set(), f"{rules}: channels {sorted(differing)} differ"
        bare = {int(c) for c in np.flatnonzero(np.any(without != trained, axis=(0, 2)))}
        assert len(bare) > 10, bare  # the history channels the view alone lacks
    sys.modules.pop("histbots", None)


def test_a_python_bot_whose_event_method_raises_is_replaced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """An ``event`` method that raises fails the bot like a bad answer: its stand-in plays
    on and the message names the method."""
    (tmp_path / "histbots.py").write_text(HISTORY_MODULE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    game, bots = _play("hongkong", ["py:histbots:BadEvents", "efficiency", "efficiency",
                                    "efficiency"], "bad-events")
    assert game.is_over
    assert bots[0].failure == "raised KeyError in event(): 'no such tile'"
    assert "raised KeyError in event()" in capsys.readouterr().err
    sys.modules.pop("histbots", None)


def test_a_python_bot_wanting_events_must_be_bound(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that takes events plays only bound to its game (unbound it has none to give):
    the error says so."""
    (tmp_path / "histbots.py").write_text(HISTORY_MODULE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    rules = get_rule_set("hongkong")
    game = Game(rules, "unbound", max_hands=1)
    bot = make_bot("py:histbots:BadEvents", 0, rules=rules)
    with pytest.raises(RuntimeError, match="bind"):
        bot.choose(game.view(game.to_act()[0]))
    sys.modules.pop("histbots", None)


def test_gym_env_binds_its_program_and_python_opponents(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """MahjongGymEnv binds opponents that need their game (a ``cmd:`` program is started
    for each game and stopped after; a ``py:`` bot taking events is given them)."""
    pytest.importorskip("gymnasium")
    from mahjong_table.env import MahjongGymEnv

    (tmp_path / "histbots.py").write_text(HISTORY_MODULE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RECORDER_OUT", str(tmp_path / "gym.npz"))
    bot = ROOT / "examples" / "bots" / "simple_bot.sh"
    g = MahjongGymEnv("hongkong", seat=0, opponents=[
        "random", f"cmd:{bot}", "py:histbots:Recorder", "efficiency"])
    for seed in (1, 2):
        obs, info = g.reset(seed=seed)
        done = False
        while not done:
            obs, _r, done, _t, info = g.step(int(next(iter(info["legal"]))))
        assert g.learner.bots[1].failure is None and g.learner.bots[1].decisions > 0  # type: ignore[union-attr]
        assert g.learner.bots[2].inner.shown  # type: ignore[union-attr]
    g.close()
    assert g.learner.bots[1]._proc is None  # type: ignore[union-attr]
    sys.modules.pop("histbots", None)
