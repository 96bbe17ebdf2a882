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
    bots' pace shown on the table: + makes the bots faster (a shorter pace), - slower."""
    app = TableApp(_session(seed="4"), pace=0.5)

    async def body(pilot: Pilot[Any]) -> None:
        while not app.session.human_to_act():
            await pilot.pause(0.1)
        await pilot.pause()
        assert "pace 0.5s" in screen_text(app)
        await pilot.press("plus")  # + is faster: a shorter pace
        assert "pace 0.25s" in screen_text(app)
        await pilot.press("plus", "plus")
        assert "pace 0s" in screen_text(app)
        await pilot.press("minus", "minus", "minus")  # - is slower
        assert "pace 0.75s" in screen_text(app)
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
        await pilot.pause()
        hint = screen_text(app)
        # the advisor (issue 19; the judgement, issue 43) weighs every exchange offered and
        # advises one, with its numbers
        assert "Hint" in hint and " away" in hint and "Advice: exchange " in hint
        assert "points expected" in hint
        await pilot.press("escape")
        await pilot.press(str(i + 1))
        assert s.game.actions[-1].kind is ActionKind.JOKER_EXCHANGE
        assert "[555m]" in screen_text(app)

    run_app(app, body)


# ----- the line interface: hints, waiting line, save on quit and Ctrl-C, undo -------------

READY = "\n".join(["hongkong rounds=1", "round E; hand 0; dealer 0",
                   "0: 123m456p789s1122z 3z", "1: ?", "2: ?", "3: ?", "turn 0 drew 3z"])


def test_hints_from_the_view_and_the_waiting_line() -> None:
    """Issue 11 item 2, rendered from the one advisor (issue 19): the advice names the
    discard and why; a ready hand shows what it waits on with the unseen counts and what
    each wait is worth under the rule set's scorer (004 s06); a claim window weighs each
    claim."""
    from mahjong_table.engine import Game
    from mahjong_table.tui.hints import hint_lines, waiting_line

    game = Game.from_position(READY, 1)
    view = game.view(0)
    rules = game.rules
    assert re.match(r"Ready after discard 3z: waiting on 1z \(\d unseen, \d fan on a discard, "
                    r"\d self-drawn\), 2z \(\d unseen", waiting_line(view, rules) or "")
    hint = "\n".join(hint_lines(view, rules))
    assert "Advice: discard 3z. Why: win " in hint
    assert "the hand is ready, waiting on 1z" in hint
    game.apply(next(a for a in game.legal_actions(0) if a.kind is ActionKind.DISCARD
                    and str(a.tile) == "3z"))
    after = game.view(0)
    assert (waiting_line(after, rules) or "").startswith("Waiting on: 1z")
    claim = Game.from_position("\n".join([
        "hongkong rounds=1", "round E; hand 0; dealer 0", "0: 123m456p789s11z45s", "1: ?",
        "2: ?", "3: ? discards 6s", "discard 3 6s"]), 1)
    cv = claim.view(0)
    lines = hint_lines(cv, claim.rules)
    assert any(line.startswith("Advice: mahjong. Why: 6s completes your hand: Mahjong on the "
                               "discard, worth 2 fan; +") for line in lines)
    assert any(line.startswith("  or chow 456s: win ") for line in lines)
    assert any(line.startswith("Waiting on: 3s (4 unseen, 2 fan on a discard") for line in lines)


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


# ----- rough edges of the terminal table ---------------------------------------------------

async def _to_claim(pilot: Pilot[Any], app: TableApp) -> None:
    """Play on until the person is asked to answer a claim window."""
    def at_claim() -> bool:
        v = app.session.game.view(app.session.seat)
        return (app.session.human_to_act() and v.phase == "claim"
                and not isinstance(app.screen, TextScreen))

    await play_on(pilot, app, stop=at_claim)
    assert at_claim(), "no claim window came"


@pytest.mark.parametrize("key", ["escape", "p"])
def test_esc_and_p_pass_on_a_claim(key: str) -> None:
    """A claim window has fixed keys for Pass: Esc and p pass (the keys line says so), as
    the numbered choice Pass would."""
    app = TableApp(_session(seed="4"), pace=0)
    seen: dict[str, Any] = {}

    async def body(pilot: Pilot[Any]) -> None:
        await _to_claim(pilot, app)
        seen["keys"] = screen_text(app).splitlines()[-1]
        n = len(app.session.game.actions)
        await pilot.press(key)
        await pilot.pause()
        seen["answer"] = app.session.game.actions[n]

    run_app(app, body)
    assert "Esc/p pass" in seen["keys"]
    assert seen["answer"].kind is ActionKind.PASS and seen["answer"].player == 0


def test_p_outside_a_claim_passes_nothing() -> None:
    """p on one's own turn (no Pass among the choices) applies nothing and says why."""
    app = TableApp(_session(seed="4"), pace=0)

    async def body(pilot: Pilot[Any]) -> None:
        await play_on(pilot, app, stop=lambda: app.session.human_to_act() and any(
            a.kind is ActionKind.DISCARD for a in app.session.game.view(0).legal_actions))
        n = len(app.session.game.actions)
        await pilot.press("p")
        assert len(app.session.game.actions) == n
        assert "Nothing to pass now" in screen_text(app)

    run_app(app, body)


def test_encoding_problem_is_found_before_the_table_opens() -> None:
    """The table's glyphs (U+1F000..) and borders need an encoding that has them: ASCII,
    Latin-1 and cp1252 outputs are refused by name, UTF-8 (and a stream without an encoding
    attribute) is fine."""
    from mahjong_table.tui import TABLE_CHARACTERS, encoding_problem

    def stream(encoding: str) -> io.TextIOWrapper:
        return io.TextIOWrapper(io.BytesIO(), encoding=encoding)

    for enc in ("ascii", "latin-1", "cp1252"):
        problem = encoding_problem(stream("utf-8"), stream(enc))
        assert problem is not None and enc in problem
    assert encoding_problem(stream("utf-8"), stream("utf-16")) is None
    assert encoding_problem(io.StringIO(), None) is None
    assert "\U0001f000" in TABLE_CHARACTERS and "\u2500" in TABLE_CHARACTERS

    class Odd:
        encoding = "no-such-codec"

    assert "unknown" in (encoding_problem(Odd()) or "")


def test_ascii_terminal_plays_in_the_line_interface_not_in_escape_codes() -> None:
    """PYTHONIOENCODING=ascii on a real terminal (a pseudo-terminal): play does not start the
    full-screen table (which would draw escape codes and garbage) but says so in one line
    and plays in the line interface with text tiles."""
    import os
    import pty
    import select
    import subprocess
    import sys

    master, slave = pty.openpty()
    env = dict(os.environ, PYTHONIOENCODING="ascii", TERM="xterm-256color")
    proc = subprocess.Popen(
        [sys.executable, "-m", "mahjong_table.cli", "play", "--rounds", "1", "--hands", "1",
         "--seed", "3", "--bots", "random,random,random"],
        stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=env)
    os.close(slave)
    os.write(master, b"q\ny\nn\n")
    out = b""
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 30)
            if not ready:
                break
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal's other side closed: the program is done
                break
            if not chunk:
                break
            out += chunk
        proc.wait(timeout=30)
        err = proc.stderr.read().decode("ascii") if proc.stderr else ""
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
        if proc.stderr:
            proc.stderr.close()
    text = out.decode("ascii")  # nothing but ASCII reached the terminal
    assert proc.returncode == 0, err
    assert "\x1b[" not in text  # no escape codes: Textual never started
    assert err.count("\n") == 1 and "(ascii)" in err and "line interface" in err
    assert "Your choice" in text and "Game stopped" in text


def test_window_smaller_than_80x24_says_so_and_keeps_the_game() -> None:
    """A window below 80x24 cannot hold the hand row: the table says what it needs and what
    the window is, ignores the game's keys meanwhile (no blind discard, the selection kept),
    and comes back as it was when the window grows."""
    app = TableApp(_session(seed="4"), pace=0)
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            for _ in range(200):
                if app.session.human_to_act():
                    break
                await pilot.pause(0.05)
            await pilot.pause()
            seen["small"] = screen_text(app)
            n = len(app.session.game.actions)
            selected = app.selected
            await pilot.press("left", "enter", "1")
            seen["kept"] = (len(app.session.game.actions) == n, app.selected == selected)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            seen["back"] = screen_text(app)
            seen["selected"] = (app.selected, selected)
            await pilot.resize_terminal(79, 30)
            await pilot.pause()
            seen["narrow"] = screen_text(app)

    asyncio.run(main())
    small = seen["small"]
    assert "The table needs 80x24, this window is 60x20." in " ".join(small.split())
    assert "Your turn" not in small and "q quits" in small
    assert seen["kept"] == (True, True)
    back = seen["back"]
    assert "needs 80x24" not in back and "Your turn" in back and "Enter discard" in back
    assert "^" in back and seen["selected"][0] == seen["selected"][1]
    assert "this window is 79x30" in " ".join(seen["narrow"].split())


def _seat_texts(app: Any) -> str:
    """The plain text of the four seats of the board (unwrapped)."""
    from textual.widgets import Static

    return "\n".join(str(app.query_one(f"#{place}", Static).render())
                     for place in ("top", "left", "right", "bottom"))


def test_end_of_hand_keeps_the_finished_board_with_every_hand_face_up() -> None:
    """The engine deals the next hand as one ends; the table keeps the finished board on
    screen (under the summary, and alone after Esc) with every hand face up as it ended,
    until the person goes on with Enter; l shows the hand just played."""
    from collections import Counter

    from mahjong_table.melds import parse_hand

    app = TableApp(_session(seed="1", hands=2, bots=("efficiency",) * 3), pace=0)
    seen: dict[str, Any] = {}

    async def body(pilot: Pilot[Any]) -> None:
        await play_on(pilot, app, stop=lambda: isinstance(app.screen, TextScreen)
                      and app.finished is not None)
        seen["dialog"] = screen_text(app)
        seen["next_deal"] = app.session.game.view(0).hand_number
        await pilot.press("escape")  # close the summary: the finished board stays
        seen["board"] = screen_text(app)
        seen["seats"] = _seat_texts(app)
        seen["right"] = str(app.query_one("#right").render())
        seen["hand_row"] = str(app.query_one("#hand").render())
        await pilot.press("right", "1", "d")  # no game keys on a finished board
        seen["still"] = app.finished is not None and not isinstance(app.screen, TextScreen)
        await pilot.press("l")
        seen["history"] = screen_text(app)
        await pilot.press("escape", "r")
        seen["scoring"] = screen_text(app)
        await pilot.press("escape", "enter")
        await pilot.pause()
        seen["after"] = screen_text(app)
        seen["finished_after"] = app.finished
        await play_on(pilot, app, stop=lambda: app.session.human_to_act()
                      and not isinstance(app.screen, TextScreen))
        await pilot.press("l")
        seen["so_far"] = screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        seen["before"] = screen_text(app)
        seen["last"] = "\n".join(app.narrator.last_hand)

    run_app(app, body)
    game = app.session.game
    result = game.results[0]
    assert result.reason == "mahjong" and result.winner == 1
    assert seen["next_deal"] == 1  # the engine was at the next deal all along
    assert "End of the hand" in seen["dialog"] and "Hand 1 is over" in seen["dialog"]
    assert seen["dialog"].splitlines()[0].startswith("Hong Kong · East round · Hand 1 ")
    board = seen["board"]
    assert board.splitlines()[0].startswith("Hong Kong · East round · Hand 1 ")
    assert "Hand 1 is over" in board and "All hands face up" in board
    assert seen["still"]
    # every hand as it ended: the hands before the winning action, independently rebuilt
    # from the seed and the actions, and the winner's revealed hand
    end = next(i for i, a in enumerate(game.actions) if a.kind is ActionKind.MAHJONG)
    before = app.session.setup.new_game()
    for a in game.actions[:end]:
        before.apply(a)
    flat = " ".join(seen["seats"].split())
    for p in (2, 3):
        assert "hand " + " ".join(str(t) for t in before.view(p).concealed) in flat
    revealed = next(e for e in game.events if e.type == "hand_end").data["revealed_hand"]
    won = parse_hand(revealed)
    # player 1, the winner, sits on the right
    shown = next(line for line in seen["right"].splitlines() if line.startswith("hand "))
    assert Counter(shown.split()[1:]) == Counter(str(t) for t in won.concealed)
    mine = " ".join(str(t) for t in before.view(0).concealed).split()
    assert seen["hand_row"].split()[-len(mine):] == mine  # the person's hand as it ended
    assert "Hand 1, as it was played" in seen["history"] and "You are dealt" in \
        seen["history"]
    assert "End of the hand" in seen["scoring"] and "wins with Mahjong" in seen["scoring"]
    assert seen["finished_after"] is None
    assert seen["after"].splitlines()[0].startswith("Hong Kong · East round · Hand 2 ")
    assert "This hand so far" in seen["so_far"] and "l: the hand before" in seen["so_far"]
    assert "The hand before" in seen["before"] and "You are dealt" in seen["before"]
    assert "wins with Mahjong" in seen["last"], seen["last"][-1500:]


def test_a_seat_named_you_is_narrated_in_the_third_person_properly() -> None:
    """The person's seat is named "You"; told from another seat (the replay viewer's v, any
    narrator whose seat it is not) it is "North (you) discards", never "North (You)", and
    its possessive is "your" ("on your discard"), never "(You)'s" or "(you)'s"."""
    from mahjong_table.engine import Game
    from mahjong_table.players import make_bot, play_game
    from mahjong_table.tui.render import Narrator, third_person
    from mahjong_table.tui.session import bot_names

    assert third_person("You") == "you" and third_person("Efficiency 1") == "Efficiency 1"
    game = Game(get_rule_set("hongkong", rounds=1), "2", max_hands=3,
                names=bot_names(0, ["efficiency"] * 3))
    play_game(game, [make_bot("efficiency", f"x/{p}", rules=game.rules) for p in range(4)])
    narrator = Narrator(1, game.names)
    lines: list[str] = []
    for shown in events_for(game.events, 1):
        added, _summary = narrator.feed([shown])
        lines.extend(added)
    text = "\n".join(lines)
    assert "(You)" not in text and "(you)'s" not in text and "You's" not in text
    assert re.search(r"\b(?:East|South|West|North) \(you\) discards ", text)
    claimed_from_you = [e for e in game.events if e.type == "claim"
                        and e.data["discarder"] in (0, 1)]
    assert any(e.data["discarder"] == 0 for e in claimed_from_you)  # so this seed has
    assert text.count("on your discard") >= len(claimed_from_you)


def _finished_record(path: Path, seed: str = "6") -> TableSession:
    """A two-hand game between the person (Mahjong when it can, else Pass, else the last
    legal action) and three efficiency bots, saved to ``path``."""
    s = _session(seed=seed, hands=2, bots=("efficiency",) * 3)
    while not s.game.is_over:
        if s.human_to_act():
            acts = s.game.view(0).legal_actions
            s.apply_human(next((a for a in acts if a.kind is ActionKind.MAHJONG), None)
                          or next((a for a in acts if a.kind is ActionKind.PASS), None)
                          or acts[-1])
        else:
            s.step_bot()
    s.save(path)
    return s


def test_replay_step_onto_a_win_shows_the_winning_hand_and_its_scoring(tmp_path: Path) -> None:
    """replay --show: a step forward that lands on a win shows the winning hand and its
    scoring breakdown over that hand's board (every hand face up), not the next deal; the
    next step is the next deal; a step back onto the win shows its board again (r the
    scoring)."""
    path = tmp_path / "win.jsonl"
    s = _finished_record(path)
    first = s.game.results[0]
    assert first.reason == "mahjong" and first.winner == 3 and first.discarder == 0
    win = next(i for i, a in enumerate(s.game.actions) if a.kind is ActionKind.MAHJONG)
    app = ReplayApp(path)
    seen: dict[str, str] = {}

    async def body(pilot: Pilot[Any]) -> None:
        app.go(win)  # just before the Mahjong
        await pilot.pause()
        seen["before"] = screen_text(app)
        await pilot.press("right")
        await pilot.pause()
        seen["dialog"] = screen_text(app)
        await pilot.press("enter")
        seen["board"] = screen_text(app)
        seen["seats"] = _seat_texts(app)
        await pilot.press("right")
        seen["next"] = screen_text(app)
        await pilot.press("left")
        seen["back"] = screen_text(app)
        await pilot.press("r")
        seen["again"] = screen_text(app)

    run_app(app, body)
    assert isinstance(seen["before"], str) and "Hand 1 " in seen["before"].splitlines()[0]
    dialog = seen["dialog"]
    assert "Hand 1 is over" in dialog and "wins with Mahjong" in dialog
    assert "Hand:" in dialog and "Winning tile" in dialog and re.search(r"\d+ fan", dialog)
    board = seen["board"]
    assert board.splitlines()[0].startswith("Hong Kong · East round · Hand 1 ")
    assert "every hand face up" in board and f"action {win + 1}/" in board
    revealed = next(e for e in s.game.events if e.type == "hand_end").data["revealed_hand"]
    from mahjong_table.melds import parse_hand

    won = " ".join(str(t) for t in parse_hand(revealed).concealed)
    hands = [line for line in seen["seats"].splitlines() if line.startswith("hand ")]
    assert len(hands) == 3 and any(sorted(h.split()[1:]) == sorted(won.split())
                                   for h in hands)
    assert seen["next"].splitlines()[0].startswith("Hong Kong · East round · Hand 2 ")
    assert "every hand face up" in seen["back"] and "Hand 1 " in seen["back"].splitlines()[0]
    assert "Hand 1 is over" in seen["again"] and "wins with Mahjong" in seen["again"]


def test_replay_jump_out_of_range_says_how_many_hands(tmp_path: Path) -> None:
    """j with a hand number past the record says there are only N hands (and stays)."""
    path = tmp_path / "two.jsonl"
    _finished_record(path)
    app = ReplayApp(path)
    seen: dict[str, str] = {}

    async def body(pilot: Pilot[Any]) -> None:
        await pilot.press("right", "j", "9", "enter")
        seen["nine"] = screen_text(app)
        await pilot.press("j", "x", "enter")
        seen["x"] = screen_text(app)

    run_app(app, body)
    assert "No hand 9: there are only 2 hands (1-2)." in seen["nine"]
    assert "action 1/" in seen["nine"]
    assert "'x' is not a hand number: type 1-2." in seen["x"]


def test_replay_from_another_seat_keeps_you_for_the_person(tmp_path: Path) -> None:
    """replay --show of a saved game, seen from a bot's seat (v): "you" is the person who
    played (the seat named "You") and nobody else: the seat whose view is shown is told in
    the third person, and the person's seat is never "(You)" nor "(you)'s"."""
    path = tmp_path / "you.jsonl"
    _finished_record(path)
    app = ReplayApp(path, seat=1)
    logs: list[str] = []

    async def body(pilot: Pilot[Any]) -> None:
        for _ in range(60):
            await pilot.press("right")
            if isinstance(app.screen, TextScreen):
                logs.append(screen_text(app))
                await pilot.press("enter")
            logs.append(str(app.query_one("#log").render()))

    run_app(app, body)
    text = "\n".join(logs)
    flat = " ".join(text.split())
    assert "(You)" not in text and "You's" not in text and "(you)'s" not in flat
    assert "You discard" in flat and "(you)" not in flat
    assert re.search(r"(?:East|South|West|North) \(Efficiency 1\) discards", flat)
    assert re.search(r"You \((?:East|South|West|North)\)", flat)  # the summary's totals


def test_american_table_shows_the_nearest_line_and_the_advice() -> None:
    """Issue 19 item 4: in an American game the card line nearest the hand and the advisor's
    advice (here the Charleston pass, 001 Part one 06) are on the table, not only behind h."""
    position = "american\n0: 22m6m5z 666p 66s 444z 1j 9p\ncharleston first_right\n"
    rules = get_rule_set("american")
    s = TableSession(TableSetup(rules, "5", 0, ("american",) * 3, position_text=position))
    app = TableApp(s, pace=0, card=getattr(rules, "card", None))

    async def body(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        text = screen_text(app)
        assert "Nearest: 2026 #1" in text and "Advice: pass " in text

    run_app(app, body)


def test_bot_names_keep_a_bot_specs_case() -> None:
    """Defect: ``play --bots py:mypolicy:Policy,cmd:./Bots/Mine.sh,random`` showed the
    opponents as "Py:mypolicy:policy 1" and "Cmd:./bots/mine.sh 2" (``str.capitalize``
    lower-cased the class and the file, naming ones that do not exist); a spec is shown as
    written, a built-in bot's name still capitalised."""
    from mahjong_table.tui.session import bot_names

    assert bot_names(0, ["py:mypolicy:Policy", "cmd:./Bots/Mine.sh", "random"]) == [
        "You", "py:mypolicy:Policy 1", "cmd:./Bots/Mine.sh 2", "Random 3"]
    assert bot_names(2, ["efficiency", "strong", "botzone:./MyBot"]) == [
        "Efficiency 0", "Strong 1", "You", "botzone:./MyBot 3"]


def test_the_bots_pace_never_shows_that_a_bot_may_claim() -> None:
    """Hidden information stays hidden (issue 44's finding): the table pauses after a bot's
    move, and a pause inside another seat's claim window (the discarder still on the move,
    the wall not yet drawn) would show the person that some bot may claim the tile, which
    their view does not say. The pause comes after the window is answered, as when nobody
    may claim; and while a window is open the prompt names the discarder, never who is
    asked."""
    from typing import ClassVar

    from mahjong_table.engine import Phase

    class Recording(TableApp):
        phases: ClassVar[list[Phase]] = []

        def set_timer(self, delay: float, callback: Any = None, **kw: Any) -> Any:
            if callback == self._resume_after_pause:
                self.phases.append(self.session.game.phase)
            return super().set_timer(delay, callback, **kw)

    app = Recording(_session(seed="9", bots=("efficiency",) * 3), pace=0.001)

    async def body(pilot: Pilot[Any]) -> None:
        await play_on(pilot, app, limit=400)

    run_app(app, body)
    assert Recording.phases, "the bots never paused"
    assert all(p not in (Phase.CLAIM, Phase.ROB) for p in Recording.phases)
