"""Bots over a pipe (issue 12, part 2; docs/bot-protocol.md): the shell example bot plays whole
games, a bot is sent exactly the events its seat was shown, and a bot that crashes, hangs,
answers an illegal or malformed action is replaced by the default bot with a clear message,
the game unharmed."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from mahjong_table.cli import main
from mahjong_table.engine import Game, events_for
from mahjong_table.players import make_bot, play_game
from mahjong_table.players.pipe_bot import PROTOCOL_VERSION, PipeBot, bind_players, close_players
from mahjong_table.rules import get_rule_set
from mahjong_table.rules.base import RuleSet

ROOT = Path(__file__).resolve().parent.parent
SHELL_BOT = ROOT / "examples" / "bots" / "simple_bot.sh"


def _play(rules_name: str, kind: str, seed: int | str = 5, hands: int = 1,
          timeout: float | None = None) -> tuple[Game, PipeBot]:
    rules = get_rule_set(rules_name)
    pipe = make_bot(kind, "t/0", rules=rules)
    assert isinstance(pipe, PipeBot)
    if timeout is not None:
        pipe.timeout = timeout
    return _play_with(pipe, rules, seed, hands), pipe


def _play_with(pipe: PipeBot, rules: RuleSet, seed: int | str = 5, hands: int = 1) -> Game:
    """A game of ``hands`` hands, invariants on, ``pipe`` in seat 0 and efficiency bots."""
    game = Game(rules, seed, max_hands=hands, check_invariants=True)
    bots = [pipe] + [make_bot("efficiency", f"t/{p}", rules=rules) for p in range(1, 4)]
    bind_players(game, bots)
    try:
        play_game(game, bots)
    finally:
        close_players(bots)
    return game


def _python_bot(tmp_path: Path, body: str, name: str = "bot.py") -> str:
    """A bot written in Python, seated as ``cmd:"python bot.py"``."""
    path = tmp_path / name
    path.write_text("import json, sys, time\n" + body, encoding="utf-8")
    return f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(path))}"


@pytest.mark.parametrize("rules", ["hongkong", "chinese", "american"])
def test_shell_example_bot_plays_a_whole_game(rules: str) -> None:
    """Requirement: a non-Python bot (POSIX sh + awk) plays a game through the pipe, every
    decision its own (no fallback), in every rule set (American: the Charleston too)."""
    game, pipe = _play(rules, f"cmd:{SHELL_BOT}", hands=2)
    assert game.is_over and pipe.failure is None and pipe.decisions > 0
    assert sum(game.scores) == 0


def test_bot_is_sent_exactly_the_events_its_seat_was_shown(tmp_path: Path) -> None:
    """Requirement: the engine sends a seat exactly the events it was shown (hidden tiles and
    other seats' secret answers left out), then `decide` with its legal actions."""
    log = tmp_path / "log.jsonl"
    kind = _python_bot(tmp_path, f"""
log = open({str(log)!r}, "w")
for line in sys.stdin:
    log.write(line)
    log.flush()
    msg = json.loads(line)
    assert msg["version"] == {PROTOCOL_VERSION}
    if msg["type"] == "decide":
        print(json.dumps({{"version": 1, "index": len(msg["legal_actions"]) - 1}}), flush=True)
""")
    game, pipe = _play("hongkong", kind, hands=2)
    assert pipe.failure is None
    msgs = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert msgs[0]["type"] == "start" and msgs[0]["seat"] == 0
    assert msgs[-1]["type"] == "end" and msgs[-1]["scores"] == game.scores
    got = [m["event"] for m in msgs if m["type"] == "event"]
    assert got == events_for(game.events, 0)
    decides = [m for m in msgs if m["type"] == "decide"]
    assert len(decides) == pipe.decisions > 0
    assert all(d["legal_actions"] == d["view"]["legal_actions"] for d in decides)
    # nobody else's concealed tiles: the deal of other seats carries no tiles
    for e in got:
        if e["type"] in ("deal", "draw", "replacement") and e.get("player") != 0:
            assert "tiles" not in e and "tile" not in e and "hand" not in e


@pytest.mark.parametrize(("body", "reason"), [
    ("sys.exit(3)\n", "crashed (exit status 3)"),
    ("for line in sys.stdin:\n    if '\"decide\"' in line:\n        time.sleep(30)\n",
     "did not answer within 0.5 s"),
    ("for line in sys.stdin:\n    if '\"decide\"' in line:\n        print('discard 5p', "
     "flush=True)\n", "malformed line (not JSON)"),
    ("for line in sys.stdin:\n    if '\"decide\"' in line:\n        print(json.dumps("
     "{'version': 1, 'action': {'kind': 'chow', 'tile': '1m'}}), flush=True)\n",
     "illegal action (chow 1m)"),
    ("for line in sys.stdin:\n    if '\"decide\"' in line:\n        print(json.dumps("
     "{'version': 1, 'index': 999}), flush=True)\n", "answered index 999"),
    ("for line in sys.stdin:\n    if '\"decide\"' in line:\n        print(json.dumps("
     "{'version': 2, 'index': 0}), flush=True)\n", "protocol version 2"),
])
def test_a_failing_bot_is_replaced_and_the_game_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, reason: str) -> None:
    """Requirement: a bot that crashes, hangs past the time limit, or answers a malformed or
    illegal action is replaced by the default bot for the rest of the game, with a clear
    message; the game is unharmed (invariants checked after every action, zero-sum)."""
    game, pipe = _play("hongkong", _python_bot(tmp_path, body), timeout=0.5)
    assert game.is_over and sum(game.scores) == 0
    assert pipe.failure is not None and reason in pipe.failure
    err = capsys.readouterr().err
    assert reason in err and "the efficiency bot plays seat 0 for the rest of the game" in err


class _StartsLate(PipeBot):
    """A pipe bot whose table writes ``start`` only once the program has exited: the order
    that a loaded machine gives a program that exits at once, made certain."""

    def _send(self, message: dict[str, object]) -> None:
        if message.get("type") == "start" and self._proc is not None:
            self._proc.wait(timeout=30)
        super()._send(message)


def test_a_bot_that_exits_before_its_start_line_is_replaced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Requirement (as for any crash): a program that exits before the table has written its
    ``start`` line is replaced by the default bot, not a failed game (a race seen on a
    loaded machine: the broken pipe came from ``bind``, before play, and nothing caught
    it). The game is unharmed (invariants after every action, zero-sum)."""
    rules = get_rule_set("hongkong")
    pipe = _StartsLate(_python_bot(tmp_path, "sys.exit(3)\n").removeprefix("cmd:"), "t/0",
                       rules=rules)
    game = _play_with(pipe, rules)
    assert game.is_over and sum(game.scores) == 0
    assert pipe.failure == "crashed (exit status 3)" and pipe.decisions == 0
    err = capsys.readouterr().err
    assert "crashed (exit status 3)" in err and "the efficiency bot plays seat 0" in err


def test_a_missing_program_is_refused_up_front(capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input gets a clear error naming the problem (exit 2 before play)."""
    status = main(["simulate", "--games", "1", "--hands", "1",
                   "--bots", "cmd:./no/such/bot.sh,efficiency,efficiency,efficiency"])
    assert status == 2
    assert "no file './no/such/bot.sh'" in capsys.readouterr().err


def test_simulate_seats_a_shell_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """Requirement: `--bots cmd:PATH` on simulate."""
    status = main(["simulate", "--games", "2", "--hands", "1", "--seed", "3",
                   "--bots", f"cmd:{SHELL_BOT},efficiency,efficiency,efficiency"])
    assert status == 0
    out = capsys.readouterr().out
    assert "cmd:" in out and "2 hands" in out


def test_play_seats_shell_bots(capsys: pytest.CaptureFixture[str]) -> None:
    """Requirement: `--bots cmd:PATH` on play: a person (always option 1) against two shell
    bots and an efficiency bot plays a whole hand; no bot is replaced."""
    import io

    from mahjong_table.cli import build_parser

    args = build_parser().parse_args([
        "play", "--hands", "1", "--seed", "2",
        "--bots", f"cmd:{SHELL_BOT},efficiency,cmd:{SHELL_BOT}"])
    out = io.StringIO()
    status = args.func(args, input=io.StringIO("1\n" * 500), output=out)
    assert status == 0 and "final standings" in out.getvalue()
    assert f"cmd:{SHELL_BOT} 1" in out.getvalue()   # the spec as written
    assert "for the rest of the game" not in capsys.readouterr().err


def test_an_over_long_line_fails_the_bot_at_once(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 26: a bot writing a 50 MB line is refused as soon as the line passes
    ``MAX_LINE`` characters, not held in memory until its time limit."""
    import time

    from mahjong_table.players.pipe_bot import MAX_LINE

    body = ("for line in sys.stdin:\n"
            "    if json.loads(line)['type'] == 'decide':\n"
            "        sys.stdout.write('x' * 50_000_000); sys.stdout.flush(); time.sleep(60)\n")
    start = time.monotonic()
    game, pipe = _play("hongkong", _python_bot(tmp_path, body), timeout=30)
    assert time.monotonic() - start < 20
    assert pipe.failure == f"answered a line longer than {MAX_LINE} characters"
    assert game.is_over and sum(game.scores) == 0


def test_simulate_takes_two_to_four_bots(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 26: ``simulate --bots A,B`` is A against three B, as ``arena`` reads it."""
    assert main(["simulate", "--games", "1", "--hands", "1", "--seed", "2",
                 "--bots", "random,efficiency"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^0 +random", out, re.M) and re.search(r"^3 +efficiency", out, re.M)
    assert main(["simulate", "--games", "1", "--bots", "random"]) == 2
    assert "2 to 4 bot names" in capsys.readouterr().err
