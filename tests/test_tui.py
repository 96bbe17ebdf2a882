"""The full-screen table (issue 11), driven by Textual's own test harness: keys in
(``Pilot.press``), screen content out (:func:`mahjong_table.tui.app.screen_text`)."""

from __future__ import annotations

import asyncio
import io
import json
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot

from mahjong_table.cli import build_parser
from mahjong_table.engine import ActionKind, events_for
from mahjong_table.record import replay
from mahjong_table.rules import get_rule_set
from mahjong_table.tui.app import QuitScreen, ReplayApp, TableApp, TextScreen, screen_text
from mahjong_table.tui.render import TableMemory
from mahjong_table.tui.session import TableSession, TableSetup

SIZE = (80, 24)
RANDOM3 = ("random", "random", "random")


@pytest.fixture(autouse=True)
def _games_saved_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game stopped by the end of its scripted input is saved as on Ctrl-C, to a file in
    the working directory: keep those files in the test's own directory."""
    monkeypatch.chdir(tmp_path)


def _session(rules: str = "hongkong", seed: str = "5", hands: int = 1,
             bots: tuple[str, ...] = RANDOM3, practice: tuple[str, ...] = (),
             **options: Any) -> TableSession:
    if rules != "american":
        options.setdefault("rounds", 1)
    return TableSession(TableSetup(get_rule_set(rules, **options), seed, 0, bots,
                                   max_hands=hands if rules != "american" else None,
                                   practice=practice))


def run_app(app: Any, body: Callable[[Pilot[Any]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await body(pilot)

    asyncio.run(main())


async def play_on(pilot: Pilot[Any], app: TableApp, *, limit: int = 3000,
                  stop: Callable[[], bool] | None = None,
                  screens: list[str] | None = None) -> None:
    """Play as a person would with keys only: Enter on a dialog, a discard (Enter on the
    selected tile) in a turn, 1 (the first choice) on a claim, the vote or the courtesy ask,
    Space to mark tiles of a pass then Enter."""
    for _ in range(limit):
        if stop is not None and stop():
            return
        if not app.is_running:
            return
        if isinstance(app.screen, TextScreen):
            if screens is not None:
                screens.append(screen_text(app))
            await pilot.press("enter")
            continue
        s = app.session
        if s.game.is_over or not s.human_to_act():
            await pilot.pause()
            continue
        view = s.game.view(s.seat)
        kinds = {a.kind for a in view.legal_actions}
        if screens is not None and len(screens) < 400:
            screens.append(screen_text(app))
        if kinds & {ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS}:
            need = app._pass_size(view)
            guard = 0
            while len(app.marked) < need and guard < 40:
                guard += 1
                assert app.selected is not None
                if app.selected not in app.marked and not app.hand_tiles[app.selected].is_joker:
                    await pilot.press("space")
                await pilot.press("right")
            await pilot.press("enter")
        elif ActionKind.MAHJONG in kinds:
            await pilot.press(str(app.choices(view).index(
                next(a for a in view.legal_actions if a.kind is ActionKind.MAHJONG)) + 1))
        elif ActionKind.DISCARD in kinds:
            await pilot.press("enter")
        else:
            await pilot.press("1")
    raise AssertionError("the game did not end within the key limit")


def test_a_whole_hand_at_80x24_keys_in_screen_out() -> None:
    """Issue 11 item 1: a whole Hong Kong hand played with keys, the table at 80x24 showing
    the status line, the four seats, the hand and the prompt; the end of the hand shows the
    winning hand or the draw, the scoring and the running totals; then the game ends."""
    app = TableApp(_session(seed="4"), pace=0)
    screens: list[str] = []

    async def body(pilot: Pilot[Any]) -> None:
        first = screen_text(app)
        lines = first.splitlines()
        assert len(lines) == 24 and all(len(x) <= 80 for x in lines)
        assert "Hong Kong · East round · Hand 1" in lines[0]
        assert "live" in lines[0] and "dead" in lines[0]
        for wind in ("East", "South", "West", "North"):
            assert wind in first
        assert "You" in first and re.search(r"\b\d[mpsz]  \d[mpsz]", first)
        assert "Enter discard" in lines[-1] and "? help" in lines[-1]
        await play_on(pilot, app, screens=screens)

    run_app(app, body)
    game = app.session.game
    assert game.is_over and len(game.results) == 1
    text = "\n".join(screens)
    assert "Your turn" in text and "pick a tile" in text
    assert "Claim it?" in text and "[1]" in text and "Pass" in text
    assert "End of the hand" in text and ("Running totals" in text
                                         or "Payments and running totals" in text)
    assert "Game over" in text


def test_claim_prompt_names_the_discard_and_each_choice() -> None:
    """Issue 11: a claim prompt names the discard and shows each choice with its number."""
    app = TableApp(_session(seed="4"), pace=0)
    seen: list[str] = []

    async def body(pilot: Pilot[Any]) -> None:
        def at_claim() -> bool:
            v = app.session.game.view(0)
            if app.session.human_to_act() and v.phase == "claim" and \
                    not isinstance(app.screen, TextScreen):
                seen.append(screen_text(app))
                return True
            return False

        await play_on(pilot, app, stop=at_claim)

    run_app(app, body)
    assert seen, "no claim prompt came"
    m = re.search(r"discarded (\d+ \w+|\w+ \w+) \((\d[mpsz])\)\. Claim it\? \[1\]", seen[0])
    assert m, seen[0]
    assert "Pass" in seen[0]


def test_claimed_discards_stay_in_the_row_marked_with_the_taker() -> None:
    """Issue 11: a claimed tile stays in its discarder's row, marked with who took it."""
    mem = TableMemory()
    mem.feed([{"type": "hand_start", "winds": ["E", "S", "W", "N"]},
              {"type": "discard", "player": 1, "tile": "5p"},
              {"type": "discard", "player": 2, "tile": "7z"},
              {"type": "claim", "player": 3, "discarder": 2, "kind": "pung", "tile": "7z",
               "meld": "[777z]"}])
    assert [str(d.tile) for d in mem.ponds[2]] == ["7z"]
    assert mem.ponds[2][0].claimed_by == 3
    from mahjong_table.tui.render import _pond

    assert _pond(2, mem, "mono").plain == "7z>N"
    assert _pond(1, mem, "mono").plain == "5p"


def test_the_person_never_sees_other_concealed_tiles() -> None:
    """Hidden information: at every decision of a whole hand, no other seat's concealed
    tiles are on the screen (the table draws the person's view and events only; all hands
    open is the replay viewer's)."""
    from mahjong_table.tiles import format_tiles

    app = TableApp(_session(seed="7"), pace=0)
    checked = {"n": 0}

    async def body(pilot: Pilot[Any]) -> None:
        def check() -> bool:
            if app.session.human_to_act() and not isinstance(app.screen, TextScreen):
                text = screen_text(app)
                flat = re.sub(r"\s+", "", text)
                for p in (1, 2, 3):
                    hidden = app.session.game.view(p).concealed
                    assert format_tiles(hidden) not in flat
                    assert " ".join(str(t) for t in hidden) not in text
                assert not any(line.lstrip("│ ").startswith("hand ")
                               for line in text.splitlines())
                checked["n"] += 1
            return False

        await play_on(pilot, app, stop=check)

    run_app(app, body)
    assert checked["n"] > 5


def test_colour_free_theme_glyphs_toggle_and_pace() -> None:
    """Issue 11: colour by suit with a colour-free theme (c), glyphs on and off (g), the
    bots' pace (+ and -) shown on the status line."""
    app = TableApp(_session(seed="4"), pace=0.5)

    async def body(pilot: Pilot[Any]) -> None:
        while not app.session.human_to_act():
            await pilot.pause(0.1)
        await pilot.pause()
        assert "pace 0.5s" in screen_text(app)
        await pilot.press("plus")
        assert "pace 0.75s" in screen_text(app)
        await pilot.press("minus", "minus", "minus", "minus")
        assert "pace 0s" in screen_text(app)
        await pilot.press("c")
        assert app.table_theme == "mono"
        hand = app.query_one("#hand")
        before = str(hand.render())
        await pilot.press("g")
        after = screen_text(app)
        assert app.glyphs is False and "🀇" not in after and before

    run_app(app, body)


def test_hint_and_history_on_request() -> None:
    """Issue 11 item 2: h shows shanten and the advice with its reason; l the hand's
    history."""
    app = TableApp(_session(seed="4"), pace=0)

    async def body(pilot: Pilot[Any]) -> None:
        await play_on(pilot, app, stop=lambda: app.session.human_to_act() and any(
            a.kind is ActionKind.DISCARD for a in app.session.game.view(0).legal_actions))
        await pilot.press("h")
        text = screen_text(app)
        assert "Hint" in text and "Advice: discard" in text and "Why:" in text
        assert "shanten" in text or "ready" in text
        await pilot.press("escape")
        await pilot.press("l")
        text = screen_text(app)
        assert "This hand so far" in text and "You are dealt" in text
        await pilot.press("escape")

    run_app(app, body)


def test_save_and_resume_the_bots_play_as_they_would_have(tmp_path: Path) -> None:
    """Issue 11 item 3: s saves the game (its record: replay verifies it); play --resume
    puts it back in the same position and the bots then play exactly as they would have."""
    path = tmp_path / "save.jsonl"
    app = TableApp(_session(seed="11", hands=2, bots=("efficiency",) * 3), pace=0,
                   save_path=str(path))
    moves = {"n": 0}

    async def body(pilot: Pilot[Any]) -> None:
        def stop() -> bool:
            if app.session.human_to_act() and not isinstance(app.screen, TextScreen):
                moves["n"] += 1
            return moves["n"] >= 12

        await play_on(pilot, app, stop=stop)
        await pilot.press("s")
        assert "Saved to" in screen_text(app)

    run_app(app, body)
    assert path.exists() and replay(path).ok
    original = app.session
    resumed = TableSession.load(path)
    assert [e.to_json(full=True) for e in resumed.game.events] == \
        [e.to_json(full=True) for e in original.game.events]
    # both play on with the same choices of the person: identical games, bots included
    for s in (original, resumed):
        while not s.game.is_over:
            if s.human_to_act():
                s.apply_human(s.game.view(0).legal_actions[0])
            else:
                s.step_bot()
    assert original.game.actions == resumed.game.actions
    assert original.game.scores == resumed.game.scores


def test_resumed_game_opens_at_the_same_table(tmp_path: Path) -> None:
    path = tmp_path / "save.jsonl"
    s = _session(seed="3")
    for _ in range(30):
        if s.human_to_act():
            s.apply_human(s.game.view(0).legal_actions[0])
        else:
            s.step_bot()
    s.save(path)
    app = TableApp(TableSession.load(path), pace=0)

    async def body(pilot: Pilot[Any]) -> None:
        text = screen_text(app)
        assert f"wall {s.game.view(0).live_wall} live" in text

    run_app(app, body)


def test_quit_offers_to_save_and_ctrl_c_never_loses_a_game(tmp_path: Path) -> None:
    """Issue 11 item 3: q asks (Enter saves and quits); Ctrl-C saves and quits with 130."""
    path = tmp_path / "quit.jsonl"
    app = TableApp(_session(seed="4"), pace=0, save_path=str(path))

    async def body(pilot: Pilot[Any]) -> None:
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        assert "Save it to resume later" in screen_text(app)
        await pilot.press("escape")
        assert not isinstance(app.screen, QuitScreen)
        await pilot.press("q", "enter")

    run_app(app, body)
    assert app.return_code == 0 and app.saved_to == str(path) and replay(path).ok

    path2 = tmp_path / "interrupted.jsonl"
    app2 = TableApp(_session(seed="4"), pace=0, save_path=str(path2))

    async def body2(pilot: Pilot[Any]) -> None:
        await pilot.press("ctrl+c")

    run_app(app2, body2)
    assert app2.return_code == 130 and path2.exists() and replay(path2).ok
    assert TableSession.load(path2).game.actions == app2.session.game.actions


def test_undo_is_a_practice_option_off_by_default() -> None:
    """Issue 11 item 5: u takes back the last decision only with --practice undo; after an
    undo the bots play as if the decision had never been made."""
    app = TableApp(_session(seed="4"), pace=0)

    async def body(pilot: Pilot[Any]) -> None:
        await play_on(pilot, app, stop=lambda: len(app.session.game.actions) > 8
                      and app.session.human_to_act())
        n = len(app.session.game.actions)
        await pilot.press("u")
        assert "practice option" in screen_text(app)
        assert len(app.session.game.actions) == n

    run_app(app, body)

    s = _session(seed="4", practice=("undo",))
    first_choice = None
    while first_choice is None:
        if s.human_to_act():
            first_choice = s.game.view(0).legal_actions[-1]
            before = [e.to_json(full=True) for e in s.game.events]
            s.apply_human(first_choice)
        else:
            s.step_bot()
    s.step_bot()
    assert s.undo()
    assert [e.to_json(full=True) for e in s.game.events] == before
    assert s.human_to_act()


def test_american_hand_charleston_vote_courtesy_at_the_table() -> None:
    """Every phase the engine has, American included: Charleston passes (Space marks,
    Enter passes), the vote, the courtesy ask and pass, then play to the end of a hand."""
    s = TableSession(TableSetup(get_rule_set("american", hands=1), "8", 0,
                                ("american",) * 3))
    app = TableApp(s, pace=0, card=getattr(s.setup.rules, "card", None))
    screens: list[str] = []

    async def body(pilot: Pilot[Any]) -> None:
        await play_on(pilot, app, screens=screens)

    run_app(app, body)
    assert s.game.is_over
    text = "\n".join(screens)
    flat = " ".join(text.split())
    assert "First Charleston, pass 3 tiles to the right" in flat
    assert "mark 3 with Space" in flat
    assert "End of the hand" in text
    mine = {a.kind for a in s.game.actions if a.player == 0}
    assert ActionKind.CHARLESTON_PASS in mine
    assert mine & {ActionKind.CHARLESTON_CONTINUE, ActionKind.CHARLESTON_STOP}
    assert ActionKind.COURTESY_ASK in mine


def test_replay_viewer_steps_actions_and_hands(tmp_path: Path) -> None:
    """Issue 11 item 4: replay --show steps action by action and hand by hand, forward and
    back, jumps to a hand, and shows one seat's view or every hand open."""
    path = tmp_path / "r.jsonl"
    s = _session(seed="6", hands=2)
    while not s.game.is_over:
        if s.human_to_act():
            s.apply_human(s.game.view(0).legal_actions[0])
        else:
            s.step_bot()
    s.save(path)
    app = ReplayApp(path)

    async def body(pilot: Pilot[Any]) -> None:
        total = len(app.actions)
        assert f"action 0/{total}" in screen_text(app)
        await pilot.press("right", "right", "right")
        assert f"action 3/{total}" in screen_text(app)
        await pilot.press("left")
        assert f"action 2/{total}" in screen_text(app)
        await pilot.press("right_square_bracket")
        text = screen_text(app)
        assert "hand 2 of 2" in text and "Hand 2" in text.splitlines()[0]
        await pilot.press("left_square_bracket")
        assert "hand 1 of 2" in screen_text(app)
        await pilot.press("j")
        await pilot.press("2", "enter")
        assert "hand 2 of 2" in screen_text(app)
        await pilot.press("o")
        text = screen_text(app)
        assert "all hands open" in text and text.count("hand ") >= 3
        await pilot.press("o", "v")
        text = screen_text(app)
        assert "'s view" in text and app.seat == 1
        await pilot.press("end")
        assert f"action {total}/{total}" in screen_text(app)
        await pilot.press("q")

    run_app(app, body)


def test_replay_without_show_still_verifies(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.jsonl"
    s = _session(seed="6")
    s.save(path)
    args = build_parser().parse_args(["replay", str(path)])
    assert args.func(args) == 0
    assert capsys.readouterr().out.startswith("ok:")


def test_play_falls_back_to_the_line_interface(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Without Textual, play on a terminal says so in one line and plays in plain mode;
    --plain (and input or output that is no terminal) is the line interface."""
    import mahjong_table.commands.play as play

    use_tui = play._use_tui
    monkeypatch.setattr(play, "tui_available", lambda: False)
    monkeypatch.setattr(play, "_use_tui", lambda *a: True)
    monkeypatch.setattr("sys.stdin", io.StringIO("q\ny\nn\n"))  # quit, do not save
    args = build_parser().parse_args(["play", "--rounds", "1", "--hands", "1", "--seed", "1",
                                      "--bots", "random,random,random"])
    assert play.run(args) == 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "line interface" in captured.err
    assert "Your choice" in captured.out
    args = build_parser().parse_args(["play", "--plain"])
    assert args.plain and not use_tui(args, None, None)
    tty = io.StringIO()
    tty.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr("sys.stdin", tty)
    monkeypatch.setattr("sys.stdout", tty)
    assert use_tui(build_parser().parse_args(["play"]), None, None)
    assert not use_tui(args, None, None)
    assert not use_tui(build_parser().parse_args(["play"]), io.StringIO(), None)


def test_snapshot_80x24_is_kept_in_docs() -> None:
    """The table at 80x24 is kept in docs/ (docs/tui-80x24.svg and .txt); it is made by
    tests/test_tui.py's helper and matches what the table draws now."""
    docs = Path(__file__).resolve().parent.parent / "docs"
    svg = docs / "tui-80x24.svg"
    txt = docs / "tui-80x24.txt"
    assert svg.exists() and txt.exists()
    app = TableApp(_session(seed="4"), pace=0)
    got: dict[str, str] = {}

    async def body(pilot: Pilot[Any]) -> None:
        await play_on(pilot, app, stop=lambda: len(app.session.game.events) > 40
                      and app.session.human_to_act()
                      and any(a.kind is ActionKind.DISCARD
                              for a in app.session.game.view(0).legal_actions))
        await pilot.pause()
        got["text"] = screen_text(app)

    run_app(app, body)
    kept = txt.read_text(encoding="utf-8").splitlines()
    now = got["text"].splitlines()
    for screen in (kept, now):
        assert len(screen) == 24 and all(len(line) <= 80 for line in screen)
        assert screen[0].startswith("Hong Kong · East round · Hand 1")
        assert "Enter discard" in screen[-1]
        assert any("Your turn" in line for line in screen)
        assert sum(line.count(" tiles") for line in screen) >= 4  # four seats
    assert "<svg" in svg.read_text(encoding="utf-8")
    # regenerate with: python -m mahjong_table.tui.snapshot docs


def test_plain_resume_and_events_shown(tmp_path: Path) -> None:
    """play --plain --resume FILE resumes a saved game in the line interface."""
    path = tmp_path / "p.jsonl"
    s = _session(seed="2", hands=1)
    for _ in range(20):
        if s.human_to_act():
            s.apply_human(s.game.view(0).legal_actions[0])
        else:
            s.step_bot()
    s.save(path)
    head = json.loads(path.read_text().splitlines()[0])
    assert head["table"] == {"seat": 0, "bots": list(RANDOM3), "practice": []}
    args = build_parser().parse_args(["play", "--plain", "--resume", str(path)])
    out = io.StringIO()
    assert args.func(args, input=io.StringIO("1\n" * 3000), output=out) == 0
    text = out.getvalue()
    assert f"resumed {path}" in text and "final standings" in text
    assert events_for(s.game.events, 0)  # the save's events were the person's to see


def test_joker_exchange_is_a_numbered_choice_naming_the_exposure() -> None:
    """American turn actions at the table: a joker exchange is offered as a numbered choice
    naming the seat whose exposure holds the joker, and 1-9 applies it."""
    position = "\n".join(["american",
                          "0: 5m 7p 1f 1234s 12z 11p [7p7p1j]",
                          "1: 12p 1234z [5m5m1j] [2f3f1j1j]", "2: ?", "3: ?", "turn 0"])
    rules = get_rule_set("american")
    s = TableSession(TableSetup(rules, "15", 0, ("american",) * 3, position_text=position))
    app = TableApp(s, pace=0, card=getattr(rules, "card", None))

    async def body(pilot: Pilot[Any]) -> None:
        text = screen_text(app)
        view = s.game.view(0)
        choices = app.choices(view)
        i = next(i for i, a in enumerate(choices) if a.kind is ActionKind.JOKER_EXCHANGE
                 and str(a.tile) == "5m")
        assert "Exchange 5m for the joker of" in text
        await pilot.press("h")  # American hints: the nearest lines and the advice
        hint = screen_text(app)
        assert "Hint" in hint and " away" in hint and "Advice: discard" in hint
        await pilot.press("escape")
        await pilot.press(str(i + 1))
        assert s.game.actions[-1].kind is ActionKind.JOKER_EXCHANGE
        assert "[555m]" in screen_text(app)

    run_app(app, body)


# ----- the line interface: hints, waiting line, save on quit and Ctrl-C, undo -------------

READY = "\n".join(["hongkong rounds=1", "round E; hand 0; dealer 0",
                   "0: 123m456p789s1122z 3z", "1: ?", "2: ?", "3: ?", "turn 0 drew 3z"])


def test_hints_from_the_view_and_the_waiting_line() -> None:
    """Issue 11 item 2: the advice names the discard and why; a ready hand shows what it
    waits on with the unseen counts."""
    from mahjong_table.engine import Game
    from mahjong_table.tui.hints import claim_effect, hint_lines, waiting_line

    game = Game.from_position(READY, 1)
    view = game.view(0)
    assert waiting_line(view) is not None
    assert re.match(r"Ready: discard 3z to wait on 1z \(\d unseen\), 2z \(\d unseen\)",
                    waiting_line(view) or "")
    hint = "\n".join(hint_lines(view))
    assert "Advice: discard 3z. Why: it leaves the hand ready" in hint
    game.apply(next(a for a in game.legal_actions(0) if a.kind is ActionKind.DISCARD
                    and str(a.tile) == "3z"))
    after = game.view(0)
    assert (waiting_line(after) or "").startswith("Waiting on: 1z")
    claim = Game.from_position("\n".join([
        "hongkong rounds=1", "round E; hand 0; dealer 0", "0: 123m456p789s11z45s", "1: ?",
        "2: ?", "3: ? discards 6s", "discard 3 6s"]), 1)
    cv = claim.view(0)
    effects = {str(a): claim_effect(cv, a) for a in cv.legal_actions}
    assert effects["mahjong"] == "Mahjong: wins the hand now."
    assert (effects["chow 4s"] or "").startswith("Chow 456s: exposes the set; after it and "
                                                 "the best discard (1m) the hand is ready")
    assert "Waits: 3s (4 unseen), 6s (3 unseen)" in hint_lines(cv)


class _Interrupting(io.StringIO):
    """Scripted input whose reader presses Ctrl-C after the lines given."""

    def readline(self, size: int = -1) -> str:
        line = super().readline(size)
        if not line:
            raise KeyboardInterrupt
        return line


def _plain(argv: list[str], text: str | io.StringIO) -> tuple[int, str]:
    args = build_parser().parse_args(["play", "--plain", "--rounds", "1", "--hands", "1",
                                      "--bots", "random,random,random", *argv])
    out = io.StringIO()
    inp = text if isinstance(text, io.StringIO) else io.StringIO(text)
    return args.func(args, input=inp, output=out), out.getvalue()


def test_plain_ctrl_c_saves_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    status, out = _plain(["--seed", "21"], _Interrupting("1\n1\n"))
    assert status == 130
    saved = tmp_path / "mahjong-21.jsonl"
    assert saved.exists() and replay(saved).ok
    assert f"--resume {saved.name}" in out


def test_plain_quit_offers_to_save(tmp_path: Path) -> None:
    path = tmp_path / "mine.jsonl"
    status, out = _plain(["--seed", "22"], f"1\nq\ny\n{path}\n")
    assert status == 0 and "Save the game to resume it later?" in out
    assert path.exists() and TableSession.load(path).game.actions


def test_plain_hint_and_undo(tmp_path: Path) -> None:
    status, out = _plain(["--seed", "23"], "i\nq\ny\nn\n")
    assert status == 0 and "Hint:" in out and "Your hand:" in out
    status, out = _plain(["--seed", "23"], "u\nq\ny\nn\n")
    assert "practice option" in out
    status, out = _plain(["--seed", "23", "--practice", "undo"], "1\nu\nq\ny\nn\n")
    assert "Your last decision is taken back." in out


def test_resume_errors_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record that is no save (simulate's), or a missing file, is refused with exit 2 and a
    message naming the problem; a finished game resumes to its final scores."""
    from mahjong_table.cli import main

    rec = tmp_path / "sim.jsonl"
    assert main(["simulate", "--games", "1", "--hands", "1", "--seed", "1", "--bots",
                 "random,random,random,random", "--record", str(rec)]) == 0
    capsys.readouterr()
    args = build_parser().parse_args(["play", "--plain", "--resume", str(rec)])
    assert args.func(args, input=io.StringIO(""), output=io.StringIO()) == 2
    assert "not a game saved by play" in capsys.readouterr().err
    args = build_parser().parse_args(["play", "--plain", "--resume", str(tmp_path / "no")])
    assert args.func(args, input=io.StringIO(""), output=io.StringIO()) == 2
    assert "cannot read" in capsys.readouterr().err
    done = tmp_path / "done.jsonl"
    s = _session(seed="9")
    while not s.game.is_over:
        if s.human_to_act():
            s.apply_human(s.game.view(0).legal_actions[0])
        else:
            s.step_bot()
    s.save(done)
    args = build_parser().parse_args(["play", "--plain", "--resume", str(done)])
    out = io.StringIO()
    assert args.func(args, input=io.StringIO(""), output=out) == 0
    assert "That game is over" in out.getvalue()


def test_false_mahjong_only_where_penalised_after_a_warning() -> None:
    """m declares Mahjong; a hand that does not win may be declared only under the rules'
    penalty (004 s07, false_mahjong=penalise), after a warning; the hand then ends."""
    app = TableApp(_session(seed="4", false_mahjong="penalise"), pace=0)
    screens: list[str] = []

    async def body(pilot: Pilot[Any]) -> None:
        await play_on(pilot, app, stop=lambda: app.session.human_to_act() and any(
            a.kind is ActionKind.DISCARD for a in app.session.game.view(0).legal_actions))
        await pilot.press("m")
        assert "False Mahjong?" in screen_text(app) and "004 s07" in screen_text(app)
        await pilot.press("y")
        screens.append(screen_text(app))

    run_app(app, body)
    assert "False Mahjong!" in screens[0] and "End of the hand" in screens[0]

    plain = TableApp(_session(seed="4"), pace=0)

    async def refused(pilot: Pilot[Any]) -> None:
        await play_on(pilot, plain, stop=lambda: plain.session.human_to_act() and any(
            a.kind is ActionKind.DISCARD for a in plain.session.game.view(0).legal_actions))
        n = len(plain.session.game.actions)
        await pilot.press("m")
        assert "does not win" in screen_text(plain) and len(plain.session.game.actions) == n

    run_app(plain, refused)


def test_undo_key_with_the_practice_option() -> None:
    app = TableApp(_session(seed="4", practice=("undo",)), pace=0)

    async def body(pilot: Pilot[Any]) -> None:
        await play_on(pilot, app, stop=lambda: sum(
            a.player == 0 for a in app.session.game.actions) >= 3
            and app.session.human_to_act() and not isinstance(app.screen, TextScreen))
        mine = [a for a in app.session.game.actions if a.player == 0]
        await pilot.press("u")
        assert "taken back" in screen_text(app) and "u undo" in screen_text(app)
        assert [a for a in app.session.game.actions if a.player == 0] == mine[:-1]
        assert app.session.human_to_act()

    run_app(app, body)
