"""``mahjong-table play``: one scripted human against three bots."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from mahjong_table.cli import build_parser, main
from mahjong_table.commands.play import run_session
from mahjong_table.engine import Action, ActionKind, Game, PlayerView, events_for
from mahjong_table.players import Player, make_bot
from mahjong_table.record import replay
from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import Tile, format_tiles, parse_tiles
from mahjong_table.tui.line import (
    HumanPlayer,
    QuitGame,
    describe_action,
    tiles_glyphs,
    tiles_spaced,
)
from table import new_game, set_hands

BOTS = ["--bots", "random,random,random"]
SHORT = ["--rounds", "1", "--hands", "2", *BOTS]
ALWAYS_ONE = "1\n" * 3000


@pytest.fixture(autouse=True)
def _games_saved_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game stopped by the end of its scripted input is saved as on Ctrl-C, to a file in
    the working directory: keep those files in the test's own directory."""
    monkeypatch.chdir(tmp_path)


def run_play(argv: list[str], text: str) -> tuple[int, str]:
    args = build_parser().parse_args(["play", *argv])
    out = io.StringIO()
    status = args.func(args, input=io.StringIO(text), output=out)
    return status, out.getvalue()


def test_short_game_always_option_one() -> None:
    status, out = run_play([*SHORT, "--seed", "1"], ALWAYS_ONE)
    assert status == 0
    assert "Seed 1" in out and "--seed 1" in out
    # the table and the menu
    assert "East round" in out and "Wall:" in out and "live" in out and "dead" in out
    assert "Your hand" in out and "discards:" in out
    assert re.search(r"^ +1\. Discard \S+ \S+ \(\d[mpsz]\)", out, re.M)
    assert "Your choice [1-" in out
    assert "Do you claim it?" in out
    # narration of the bots
    assert re.search(r"(East|South|West|North) \(Random \d\) discards ", out)
    # two hands end, then the final standings
    assert out.count("is over") == 2
    assert "Running totals" in out and "Press Enter to continue" in out
    assert "final standings" in out
    assert re.search(r"^  1\. .*\n  2\. .*\n  3\. .*\n  4\. ", out, re.M)


def test_won_hand_shows_the_breakdown() -> None:
    status, out = run_play([*SHORT, "--seed", "4"], ALWAYS_ONE)
    assert status == 0
    end = out[out.index("You win with Mahjong"):]
    assert "Hand:" in end and "Scoring:" in end
    assert re.search(r"Total \d+ fan .* base \d+", end)
    assert re.search(r"^ {4}\S.* +\d+ fan$", end, re.M)  # one line per scoring element
    assert "Payments and running totals" in end
    assert re.search(r"You \(\w+\) +\+\d+ +total +\+\d+", end)


def test_invalid_entries_get_a_message_and_the_prompt_again() -> None:
    status, out = run_play([*SHORT, "--seed", "1"], "xyz\n9z\n99\n\nq\ny\n")
    assert status == 0
    assert "Not understood: 'xyz'" in out
    assert "'9z' is not a tile" in out and "rank 9 is out of range" in out
    assert "There is no option 99" in out
    assert out.count("Your choice [1-") == 5
    assert "Traceback" not in out
    assert "Game stopped (quit)" in out


def test_quit_writes_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    status, out = run_play([*SHORT, "--seed", "3", "--record", str(path)],
                           "1\n1\n1\nq\nn\n1\nq\ny\n")
    assert status == 0
    assert "Quit the game? (y/n)" in out
    assert "Game stopped (quit)" in out and "Scores so far" in out
    report = replay(path)
    assert report.ok, report.problem
    assert report.actions >= 4  # the three picks, the one after "n", and the bots' moves


def test_end_of_input_quits_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "eof.jsonl"
    status, out = run_play([*SHORT, "--seed", "2", "--record", str(path)], "")
    assert status == 0
    assert "Game stopped (end of input)" in out
    assert replay(path).ok


def test_finished_game_record_replays(tmp_path: Path) -> None:
    path = tmp_path / "full.jsonl"
    status, _ = run_play([*SHORT, "--seed", "4", "--record", str(path)], ALWAYS_ONE)
    assert status == 0
    report = replay(path)
    assert report.ok, report.problem


def test_ascii_output_is_plain_ascii() -> None:
    status, out = run_play([*SHORT, "--seed", "4", "--ascii"], ALWAYS_ONE)
    assert status == 0
    assert out.isascii()
    _, uni = run_play([*SHORT, "--seed", "4"], ALWAYS_ONE)
    assert any("\U0001f000" <= ch <= "\U0001f02b" for ch in uni)  # tile glyphs


def test_human_seat_and_names() -> None:
    status, out = run_play([*SHORT, "--seed", "1", "--seat", "2"], "n\nq\ny\n")
    assert status == 0
    assert "You are player 2, against Random 0, Random 1, Random 3" in out
    assert "English tile names on" in out and "names:" in out


def test_typing_a_tile_discards_it() -> None:
    game = Game(get_rule_set("hongkong"), "7")
    bots = [make_bot("random", i) for i in range(4)]
    while not (game.to_act() == [0] and game.phase.value == "turn"):
        p = game.to_act()[0]
        game.apply(bots[p].choose(game.view(p)))
    view = game.view(0)
    held = view.concealed[0]
    missing = next(t for t in parse_tiles("1m2m3m4m5m6m7m8m9m1p2p3p4p5p6p7p8p9p1z2z3z4z5z6z7z")
                   if t not in view.concealed)
    out = io.StringIO()
    human = HumanPlayer(io.StringIO(f"{missing}\n12m\n {held} \n"), out)
    assert human.choose(view) == Action(ActionKind.DISCARD, 0, held)
    text = out.getvalue()
    assert f"You have no {missing.name} ({missing}) in your hand" in text
    assert "Type one tile to discard" in text


def test_menu_wording_for_kongs_and_claims() -> None:
    g = new_game(seed=1)
    e = g.dealer
    s, w, n = (e + 1) % 4, (e + 2) % 4, (e + 3) % 4
    g = set_hands(g, {e: "4s 1111p 19m19s12345z", s: "3445s 19m29p12345z",
                      w: "258m258p258s1234z", n: "258m258p258s1234z"})
    out = io.StringIO()
    east = HumanPlayer(io.StringIO("r\n4s\n"), out, seat=e)
    action = east.choose(g.view(e))
    text = out.getvalue()
    assert "Kong 1 Circles (1p) - declare the four in your hand (concealed kong)" in text
    assert action == Action(ActionKind.DISCARD, e, Tile.parse("4s"))
    g.apply(action)
    out = io.StringIO()
    south = HumanPlayer(io.StringIO("5s\npass\n"), out, seat=s)
    south.notify(events_for(g.events, s))
    assert south.choose(g.view(s)) == Action(ActionKind.PASS, s)
    text = out.getvalue()
    assert "discarded 4 Bamboo (4s). Do you claim it?" in text
    assert "Pung 4 Bamboo (4s)" in text and "Chow 3-4-5 Bamboo (345s)" in text
    assert "You cannot discard now" in text
    assert describe_action(Action(ActionKind.DISCARD, 0, Tile.parse("5p"))) == \
        "Discard 5 Circles (5p)"
    assert describe_action(Action(ActionKind.PUNG, 0), claimed=Tile.parse("7z")) == \
        "Pung Red dragon (7z)"
    assert describe_action(Action(ActionKind.MAHJONG, 0)).startswith("Mahjong!")


def test_robbing_a_kong_is_offered_and_explained() -> None:
    g = new_game(seed=1)
    e = g.dealer
    s = (e + 1) % 4
    g = set_hands(g, {e: "[555p] 5p19m19s12345z6z", s: "34p 111m 222m 333m 99s"})
    g.apply(Action(ActionKind.ADDED_KONG, e, Tile.parse("5p")))
    out = io.StringIO()
    south = HumanPlayer(io.StringIO("m\n"), out, seat=s)
    south.notify(events_for(g.events, s))
    action = south.choose(g.view(s))
    assert action == Action(ActionKind.MAHJONG, s)
    south.notify(events_for(g.apply(action), s))
    text = out.getvalue()
    assert "adds 5 Circles (5p) to a pung. You can rob it to win!" in text
    assert "Mahjong! Win on 5 Circles (5p)" in text
    assert "You win with Mahjong, robbing East" in text and "Winning tile: 5 Circles" in text
    assert "Scoring:" in text and "Payments and running totals" in text


class _Spy(HumanPlayer):
    """A scripted human that, at every decision, lets the test note (with the privileged
    access only a test has) what the other players hold at that moment."""

    def __init__(self, game: Game, text: str, out: io.StringIO) -> None:
        super().__init__(io.StringIO(text), out, seat=0, names=game.names)
        self.game = game
        self.secrets: list[list[Tile]] = []
        self.own: list[list[Tile]] = []

    def choose(self, view: PlayerView) -> Action:
        for q in range(4):
            tiles = self.game.players[q].concealed_tiles()
            if q != self.seat:
                self.secrets.append(tiles)
        own = list(view.concealed)
        if view.drawn is not None:
            own.remove(view.drawn)
        self.own.append(own)
        return super().choose(view)


@pytest.mark.parametrize("seed", ["4", "10", "23"])
def test_screen_never_shows_other_players_concealed_tiles(seed: str) -> None:
    game = Game(get_rule_set("hongkong", rounds=1), seed, max_hands=2,
                names=["You", "Random 1", "Random 2", "Random 3"])
    out = io.StringIO()
    spy = _Spy(game, ALWAYS_ONE, out)
    players: list[Player] = [spy, *(make_bot("random", f"{seed}/{i}") for i in (1, 2, 3))]
    run_session(game, spy, players)
    screen = out.getvalue()

    def forms(tiles: list[Tile]) -> list[str]:
        return [format_tiles(tiles), tiles_spaced(tiles), tiles_glyphs(tiles)]

    # the check finds a hand when it is shown: the human's own deal and hands are there ...
    deals = [ev for ev in game.events if ev.type == "deal"]
    own_deals = [str(ev.data["tiles"]) for ev in deals if ev.player == 0]
    assert own_deals and all(d in screen for d in own_deals)
    assert all(all(f in screen for f in forms(h)) for h in spy.own)
    # ... and never the deal or the concealed tiles of the others (winners' hands revealed
    # at the end of a hand are public, and come sorted into sets, not in these forms)
    for ev in deals:
        if ev.player != 0:
            assert str(ev.data["tiles"]) not in screen
    checked = 0
    for hidden in spy.secrets:
        if len(hidden) >= 7:
            checked += 1
            for f in forms(hidden):
                assert f not in screen, f"another player's concealed tiles shown: {f}"
    assert checked > 20
    # the others' draws are never narrated with their tile
    assert not re.search(r"\((Random \d)\) draws? (?!a replacement)", screen)
    assert spy.own and "You draw " in screen


def test_bad_options_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_play(["--bots", "random,random"], "")[0] == 2
    assert "three bot kinds" in capsys.readouterr().err
    assert run_play(["--bots", "random,random,nobody"], "")[0] == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert run_play(["--hands", "0", *BOTS], "")[0] == 2


def test_through_main_with_standard_streams(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\ny\n"))
    assert main(["play", *SHORT, "--seed", "9"]) == 0
    out = capsys.readouterr().out
    assert "Your choice" in out and "Game stopped (quit)" in out


def test_quit_from_the_end_of_hand_prompt() -> None:
    out = io.StringIO()
    human = HumanPlayer(io.StringIO("q\ny\n"), out)
    result = {"hand_number": 0, "round_wind": "E", "dealer": 0, "reason": "draw",
              "winner": None, "discarder": None, "score": None, "payments": [0, 0, 0, 0]}
    with pytest.raises(QuitGame):
        human.notify([{"type": "hand_end", "result": result, "scores": [0, 0, 0, 0]}])
    assert "Drawn hand" in out.getvalue()


def test_default_efficiency_bots() -> None:
    pytest.importorskip("mahjong_table.players.efficiency_bot")
    status, out = run_play(["--rounds", "1", "--hands", "1", "--seed", "1"], ALWAYS_ONE)
    assert status == 0 and "final standings" in out


def test_false_mahjong_declared_under_the_penalty_option(tmp_path: Path) -> None:
    """With --option false_mahjong=penalise a person may declare a Mahjong that does not win
    (after a warning): the hand ends with the 004 s07 penalty."""
    from mahjong_table.commands.play import run as play_run

    args = build_parser().parse_args(
        ["play", "--seed", "4", "--rounds", "1", "--hands", "1", "--bots", "random,random,random",
         "--option", "false_mahjong=penalise"])
    out = io.StringIO()
    status = play_run(args, input=io.StringIO("m\ny\n\n" + "1\n" * 200), output=out)
    text = out.getvalue()
    assert status == 0
    assert "Declare it anyway?" in text and "False Mahjong!" in text
    assert re.search(r"You \(\w+\)\s+-192", text)


def test_glyph_input_discards_that_tile() -> None:
    """The hand is shown in glyphs; typing a glyph discards that tile."""
    from mahjong_table.tui.line import HumanPlayer

    g = Game(get_rule_set("hongkong"), 5)
    p = g.current
    view = g.view(p)
    tile = view.concealed[0]
    human = HumanPlayer(io.StringIO(tile.glyph + "\n"), io.StringIO(), seat=p)
    action = human.choose(view)
    assert action.kind is ActionKind.DISCARD and action.tile == tile


def test_a_random_seed_is_shown_only_when_the_game_ends() -> None:
    """A seed the player did not choose decides every wall: play shows it when the game is
    over (to play it again), never before."""
    status, out = run_play(SHORT, ALWAYS_ONE)
    assert status == 0
    first = out.index("A random seed, shown when the game ends")
    match = re.search(r"Seed ([0-9a-f]{16}): play this game again with --seed \1", out)
    assert match is not None and match.start() > first
    assert out.count(match.group(1)) == 2  # the closing line only


# ----- the end of input saves the game as Ctrl-C does ----------------------------------------

class _ClosedOutput(io.StringIO):
    """An output whose reader goes away (``... | head``) after ``lines`` writes."""

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.left = lines

    def write(self, s: str) -> int:
        self.left -= 1
        if self.left < 0:
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(s)


@pytest.mark.parametrize(("where", "text", "rules", "stopped"), [
    ("at a decision", "1\n1\n", "hongkong", "end of input"),
    ("at the quit confirmation", "1\nq\n", "hongkong", "end of input"),
    ("at the save question after quitting", "1\nq\ny\n", "hongkong", "quit"),
    ("in the Charleston", "", "american", "end of input"),
])
def test_end_of_input_saves_the_game_as_ctrl_c_does(
        where: str, text: str, rules: str, stopped: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A piped game whose input ends (EOF) is never lost: without --record it is saved to
    the file Ctrl-C saves to, and standard error says where and how to resume it."""
    monkeypatch.chdir(tmp_path)
    status, out = run_play(["--plain", "--rules", rules, "--hands", "1", "--seed", "31",
                            *BOTS], text)
    assert status == 0, where
    saved = tmp_path / "mahjong-31.jsonl"
    assert saved.exists() and replay(saved).ok, where
    err = capsys.readouterr().err
    assert ("mahjong-table play: standard input ended: the game is saved to "
            "mahjong-31.jsonl; resume it with: mahjong-table play --resume mahjong-31.jsonl"
            in err), where
    assert f"Game stopped ({stopped})" in out


def test_end_of_input_with_record_writes_that_file_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """With --record FILE the end of input writes FILE (and only FILE), said on stderr."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "piped.jsonl"
    status, _ = run_play(["--plain", "--seed", "32", "--record", str(path), *SHORT], "1\n")
    assert status == 0 and replay(path).ok
    assert sorted(p.name for p in tmp_path.iterdir()) == ["piped.jsonl"]
    assert f"standard input ended: the game is saved to {path}" in capsys.readouterr().err


def test_ctrl_c_says_on_stderr_where_the_game_is_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C and the end of input are told alike on standard error."""

    class Interrupting(io.StringIO):
        def readline(self, size: int = -1) -> str:
            line = super().readline(size)
            if not line:
                raise KeyboardInterrupt
            return line

    monkeypatch.chdir(tmp_path)
    args = build_parser().parse_args(["play", "--plain", "--seed", "33", *SHORT])
    status = args.func(args, input=Interrupting("1\n"), output=io.StringIO())
    assert status == 130 and replay(tmp_path / "mahjong-33.jsonl").ok
    assert ("interrupted (Ctrl-C): the game is saved to mahjong-33.jsonl"
            in capsys.readouterr().err)


def test_closed_output_saves_the_game_before_stopping(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """When the output goes away mid-game (``| head``) the game is saved as on Ctrl-C and
    the broken pipe goes on to the command line's quiet stop."""
    monkeypatch.chdir(tmp_path)
    args = build_parser().parse_args(["play", "--plain", "--seed", "34", *SHORT])
    with pytest.raises(BrokenPipeError):
        args.func(args, input=io.StringIO(ALWAYS_ONE), output=_ClosedOutput(200))
    assert replay(tmp_path / "mahjong-34.jsonl").ok
    assert "the output was closed: the game is saved to" in capsys.readouterr().err


# ----- the exit line names every player ----------------------------------------------------

def test_scores_by_player_names_each_player_and_seat() -> None:
    """The scores at the end of play name who has them: name, player number, sign."""
    from mahjong_table.commands.play import scores_by_player

    names = ["You", "Efficiency 1", "Efficiency 2", "Efficiency 3"]
    assert scores_by_player(names, [-4, 0, 0, 4], 0) == (
        "You (player 0) -4, Efficiency 1 (player 1) +0, Efficiency 2 (player 2) +0, "
        "Efficiency 3 (player 3) +4")
    assert scores_by_player(["A", "B", "C", "D"], [1, -1, 0, 0], 2).startswith(
        "A (player 0) +1, B (player 1) -1, C (player 2, you) +0")


def test_full_screen_exit_line_names_the_players(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """When the full-screen table closes, the line printed names every player with their
    score (it printed a bare list, ``scores [-4, 0, 0, 4]``)."""
    pytest.importorskip("textual")
    import mahjong_table.commands.play as play
    import mahjong_table.tui.app as tui_app

    class StubApp:
        """The table closed at once (q), nothing saved."""

        def __init__(self, session: object, **kw: object) -> None:
            self.saved_to = None

        def run(self) -> int:
            return 0

        def save(self, path: str) -> None:
            self.saved_to = path

    monkeypatch.setattr(tui_app, "TableApp", StubApp)
    monkeypatch.setattr(play, "_use_tui", lambda *a: True)
    monkeypatch.setattr(play, "tui_available", lambda: True)
    args = build_parser().parse_args(["play", "--seed", "5", *SHORT])
    assert play.run(args) == 0
    out = capsys.readouterr().out
    assert ("scores: You (player 0) +0, Random 1 (player 1) +0, Random 2 (player 2) +0, "
            "Random 3 (player 3) +0." in out)
    assert "scores [" not in out


def test_a_closed_terminal_saves_the_game_as_ctrl_c_does(tmp_path: Path) -> None:
    """SIGHUP (the terminal window or tmux session closed) saves the game to --record, as
    Ctrl-C does, instead of leaving an empty file (found by a new-user test, issue 19)."""
    import signal
    import subprocess
    import sys
    import time

    from mahjong_table.record import replay

    record = tmp_path / "game.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-c", "from mahjong_table.cli import main; import sys; "
         "sys.exit(main(sys.argv[1:]))", "play", "--plain", "--seed", "7", "--hands", "1",
         "--bots", "random,random,random", "--record", str(record)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    try:
        assert proc.stdout is not None
        seen = b""
        deadline = time.monotonic() + 30
        while b"Your turn" not in seen and b"> " not in seen and time.monotonic() < deadline:
            seen += proc.stdout.read1(4096)  # the first prompt: the game waits for the person
        proc.send_signal(signal.SIGHUP)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert b"saved" in err, err
    assert record.stat().st_size > 0
    assert replay(record).ok
