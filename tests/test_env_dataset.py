"""Records -> dataset -> policy (issue 26): ``export-dataset`` writes (observation, mask,
action, reward) for every decision of every seat, matching a replay of the record; the
training example runs end to end at a small size (its arena result is the real one)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from mahjong_table.cli import main
from mahjong_table.engine import Game
from mahjong_table.env import ActionCodec, get_encoding
from mahjong_table.env.dataset import export_dataset
from mahjong_table.env.planes import PublicHistory
from mahjong_table.players import make_bot, play_game
from mahjong_table.record import write_record
from mahjong_table.rules import get_rule_set

ROOT = Path(__file__).resolve().parent.parent


def _record(path: Path, rules: str, games: int, hands: int, bots: str = "random",
            **options: object) -> list[Game]:
    r = get_rule_set(rules, **options)
    played = []
    with path.open("w", encoding="utf-8") as out:
        for g in range(games):
            game = Game(r, f"ds/{g}", max_hands=hands)
            play_game(game, [make_bot(bots, f"ds/{g}/{p}", rules=r) for p in range(4)])
            write_record(game, out)
            played.append(game)
    return played


@pytest.mark.parametrize(("rules", "options", "encoding"), [
    ("hongkong", {}, "planes-v1"), ("chinese", {"scoring": "mcr"}, "flat-v0"),
    ("american", {}, "planes-v1")])
def test_export_dataset_matches_the_replayed_decisions(
        tmp_path: Path, rules: str, options: dict[str, object], encoding: str) -> None:
    """Every decision of every seat is exported: its observation equals the encoding of
    the acting player's view at that point (replayed independently here), its action is the
    index of the recorded action and marked legal in its mask, its reward the seat's
    payment for that hand (004 s07 / 001) and ``final`` the seat's final score."""
    records = tmp_path / "r.jsonl"
    games = _record(records, rules, 2, 1, **options)
    out = tmp_path / "d.npz"
    stats = export_dataset([records], out, encoding=encoding)
    data = dict(np.load(out))  # read each array once (an NpzFile reads on every access)
    assert stats.games == 2 and stats.decisions == sum(len(g.actions) for g in games)
    assert str(data["encoding"]) == encoding and str(data["rules"]) == rules
    n = stats.decisions
    assert data["observation"].shape[0] == n and data["action"].shape == (n,)
    assert (data["action_mask"][np.arange(n), data["action"]] == 1).all()
    r = get_rule_set(rules, **options)
    enc = get_encoding(encoding, r)
    codec = ActionCodec(r)
    row = 0
    for g, played in enumerate(games):
        replay = Game(r, f"ds/{g}", max_hands=played.max_hands)
        history = PublicHistory()
        for action in played.actions:
            p = action.player
            history.update(replay.events)
            assert data["game"][row] == g and data["seat"][row] == p
            assert data["action"][row] == codec.encode(action)
            assert np.array_equal(data["observation"][row],
                                  enc.encode(replay.view(p), history))
            hand = len(replay.results)
            assert data["reward"][row] == played.results[hand].payments[p]
            assert data["final"][row] == played.scores[p]
            replay.apply(action)
            row += 1
    assert row == n


def test_export_dataset_command_shards_and_errors(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The command: shards of at most N decisions adding up to every decision; an unknown
    encoding, a missing file, or records of two rule sets are refused with exit 2 naming the
    problem, and nothing is written."""
    records = tmp_path / "r.jsonl"
    games = _record(records, "hongkong", 2, 1)
    total = sum(len(g.actions) for g in games)
    assert main(["export-dataset", str(records), "--out", str(tmp_path / "s.npz"),
                 "--shard-size", "40"]) == 0
    shards = sorted(tmp_path.glob("s-*.npz"))
    sizes = [len(np.load(s)["action"]) for s in shards]
    assert sum(sizes) == total and max(sizes) <= 40 and len(shards) == -(-total // 40)
    assert f"{total} decisions of 2 games" in capsys.readouterr().out
    assert main(["export-dataset", str(records), "--out", str(tmp_path / "x.npz"),
                 "--encoding", "pixels"]) == 2
    assert "unknown encoding 'pixels'" in capsys.readouterr().err
    assert main(["export-dataset", str(tmp_path / "none.jsonl"), "--out",
                 str(tmp_path / "x.npz")]) == 2
    other = tmp_path / "c.jsonl"
    _record(other, "chinese", 1, 1)
    assert main(["export-dataset", str(records), str(other), "--out",
                 str(tmp_path / "x.npz")]) == 2
    assert "one dataset holds one rule set" in capsys.readouterr().err
    assert not (tmp_path / "x.npz").exists()


def test_training_example_runs_end_to_end(tmp_path: Path) -> None:
    """The documented training example at a small size: records -> export-dataset ->
    NumPy behaviour cloning -> arena against random and efficiency (py:bc_policy:BCBot),
    its results written; the trained policy imitates the efficiency bot better than
    chance (its validation accuracy beats a uniform choice among the legal actions)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]), OMP_NUM_THREADS="1",
        OPENBLAS_NUM_THREADS="1")
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "bc_train.py"),
                          "--games", "30", "--epochs", "3", "--hands", "8", "--out",
                          str(tmp_path)], capture_output=True, text=True, timeout=600,
                         env=env, check=False)
    assert out.returncode == 0, out.stderr
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["games"] == 30 and results["decisions"] > 300
    data = np.load(tmp_path / "dataset.npz")
    choice = data["action_mask"].sum(axis=1) > 1
    chance = float(np.mean(1.0 / data["action_mask"][choice].sum(axis=1)))
    assert results["train_accuracy"] > chance
    for opponent in ("random", "efficiency"):
        table = results[f"vs_{opponent}"]
        assert set(table) == {"py:bc_policy:BCBot", opponent}
        assert all(np.isfinite(v["mean"]) for v in table.values())
    assert "points per hand" in out.stdout


def test_export_dataset_malformed_record_error_names_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Defect: with several records, a malformed one was refused as "line 1 is not JSON"
    without saying which file; the error must name the file (and the line), exit 2, and
    write nothing."""
    good = tmp_path / "good.jsonl"
    _record(good, "hongkong", 1, 1)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("garbage\n", encoding="utf-8")
    out = tmp_path / "x.npz"
    assert main(["export-dataset", str(good), str(bad), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}: line 1 is not JSON" in err
    lines = good.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"action"' in line)
    broken = json.loads(lines[at])
    broken["action"]["kind"] = "fly"
    lines[at] = json.dumps(broken)
    worse = tmp_path / "worse.jsonl"
    worse.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["export-dataset", str(worse), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{worse}: malformed record: line {at + 1}, field action.kind" in err
    assert not out.exists()


def _action_lines(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.startswith('{"action"')]


def test_export_dataset_refuses_a_truncated_record_and_names_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 26 (export-dataset accepted unfinished records): a record cut short (``head -n``,
    its last game unfinished) was exported with exit 0, the unfinished game's rows given
    reward 0 and final 0. It is refused (exit 2, nothing written) naming the file, the line
    and the game by the number the ``game`` array gives it (from 0, "game 2, the 3rd game
    of the records"). ``--allow-unfinished`` takes the finished hands of such a game only,
    each row's reward its hand's payment and its final the score after the last finished
    hand."""
    whole = tmp_path / "whole.jsonl"
    games = _record(whole, "hongkong", 1, 1)
    lines = (tmp_path / "whole.jsonl").read_text(encoding="utf-8").splitlines()
    cut_src = tmp_path / "two.jsonl"
    two = _record(cut_src, "hongkong", 2, 2)
    cut_lines = cut_src.read_text(encoding="utf-8").splitlines()
    # the second game of two.jsonl cut in its second hand
    second = [i for i, line in enumerate(cut_lines) if line.startswith('{"record"')][1]
    ends = [i for i, line in enumerate(cut_lines) if '"type":"hand_end"' in line
            and i > second]
    cut_at = ends[0] + 10
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(cut_lines[:cut_at]) + "\n", encoding="utf-8")
    out = tmp_path / "x.npz"
    assert main(["export-dataset", str(whole), str(cut), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{cut}: line {cut_at}: the game did not finish" in err
    assert "(game 2, the 3rd game of the records)" in err and "--allow-unfinished" in err
    assert not out.exists()
    assert main(["export-dataset", str(whole), str(cut), "--out", str(out),
                 "--allow-unfinished"]) == 0
    data = dict(np.load(out))
    assert sorted(set(data["game"].tolist())) == [0, 1, 2]
    assert len(lines) and (data["game"] < 2).sum() == len(games[0].actions) + len(
        two[0].actions)
    unfinished = data["game"] == 2
    hand0 = two[1].results[0]
    n_first_hand = sum(1 for line in cut_lines[second:ends[0]] if line.startswith('{"action"'))
    assert unfinished.sum() == n_first_hand and (data["hand"][unfinished] == 0).all()
    for seat, reward, final in zip(data["seat"][unfinished], data["reward"][unfinished],
                                   data["final"][unfinished], strict=True):
        assert reward == hand0.payments[seat] and final == hand0.payments[seat]


def test_export_dataset_refuses_a_game_saved_mid_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 26: a game saved before its end (``play --record`` whose piped input ran out:
    a final line, no ``hand_end``) was exported with exit 0. ``replay`` accepts it (the
    record is true to its game) but the exporter takes only finished games: exit 2 naming
    the file, the final line and the game; with ``--allow-unfinished`` it has no finished
    hand, so nothing to export (exit 2)."""
    r = get_rule_set("hongkong")
    game = Game(r, "ds/mid", max_hands=1)
    bots = [make_bot("random", f"ds/mid/{p}", rules=r) for p in range(4)]
    for _ in range(18):
        p = game.to_act()[0]
        game.apply(bots[p].choose(game.view(p)))
    assert not game.is_over
    record = tmp_path / "play.jsonl"
    with record.open("w", encoding="utf-8") as fh:
        write_record(game, fh)
    n = len(record.read_text(encoding="utf-8").splitlines())
    out = tmp_path / "x.npz"
    assert main(["export-dataset", str(record), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{record}: line {n}: the game did not finish (the record stops in hand 0)" in err
    assert "(game 0, the 1st game of the records)" in err and not out.exists()
    assert main(["export-dataset", str(record), "--out", str(out), "--allow-unfinished"]) == 2
    assert "no decision to export" in capsys.readouterr().err and not out.exists()


def test_export_dataset_checks_the_recorded_events(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 26: the exporter checked only that each action was legal, so a record whose
    discard was changed to another legal one passed; it checks every recorded event and
    the final scores as ``replay`` does (one check, ``record.verify_game``): exit 2 naming
    the file, the line of the first event that differs and the game."""
    records = tmp_path / "r.jsonl"
    games = _record(records, "hongkong", 2, 1)
    lines = records.read_text(encoding="utf-8").splitlines()
    first_of_second = [i for i, line in enumerate(lines) if line.startswith('{"record"')][1]
    replay = Game(games[1].rules, "ds/1", max_hands=1)
    at = -1
    for k, action in enumerate(games[1].actions):
        if action.kind.value == "discard":
            other = next((a for a in replay.view(action.player).legal_actions
                          if a.kind is action.kind and a.tile != action.tile), None)
            if other is not None:
                at = [i for i in _action_lines(lines) if i > first_of_second][k]
                row = json.loads(lines[at])
                row["action"]["tile"] = str(other.tile)
                lines[at] = json.dumps(row, separators=(",", ":"))
                break
        replay.apply(action)
    assert at > 0
    changed = tmp_path / "changed.jsonl"
    changed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "x.npz"
    assert main(["export-dataset", str(changed), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{changed}: line {at + 2}: event differs" in err
    assert "(game 1, the 2nd game of the records)" in err and not out.exists()
    assert main(["replay", str(changed)]) == 1
    assert f"line {at + 2}: event differs" in capsys.readouterr().out
