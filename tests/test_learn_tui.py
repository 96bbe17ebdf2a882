"""The full-screen lessons (issue 22, ``mahjong-table learn`` on a terminal), driven by
Textual's own harness: keys in, screen text out. One lesson of every rule set is completed
(its screens, then its exercises answered as each exercise expects), a malformed answer shows
its message and counts nothing, a coached hand is played to its end, and progress is saved
to the file given."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot
from textual.widgets import Input

from mahjong_table.engine import ActionKind
from mahjong_table.learn.lessons import lessons
from mahjong_table.learn.model import AnswerError
from mahjong_table.learn.progress import load_progress
from mahjong_table.tui.app import screen_text
from mahjong_table.tui.learn import (
    CoachScreen,
    ExerciseScreen,
    LearnApp,
    LessonScreen,
    PathScreen,
    tile_rows_text,
)

SIZE = (80, 24)
RULES = ("hongkong", "chinese", "american")
#: the SVG captures go to test-artifacts/ (not tracked); with MAHJONG_TABLE_DOC_SHOTS=1 to
#: docs/, where a copy is kept for the record
DOCS = Path(__file__).resolve().parent.parent / (
    "docs" if os.environ.get("MAHJONG_TABLE_DOC_SHOTS") == "1" else "test-artifacts")


def run_app(app: LearnApp, body: Callable[[Pilot[Any]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await body(pilot)

    asyncio.run(main())


def test_tile_rows_are_glyphs_with_their_names() -> None:
    text = tile_rows_text(["123m [777z]"], ["a chow and a pung"]).plain
    assert "🀇" in text and "1m" in text and "7z" in text and "[" in text
    assert "a chow and a pung" in text


@pytest.mark.parametrize("rules", RULES)
def test_complete_the_first_lesson_at_80x24(rules: str, tmp_path: Path) -> None:
    """Issue 22 items 1, 2, 4: the path lists the lessons; the first lesson's screens show
    their text and tiles; its exercises are answered (a malformed answer first: its message,
    nothing counted); the lesson is then done, in the progress file too."""
    progress_path = tmp_path / "learn" / "progress.json"
    app = LearnApp(rules, progress_path)
    lesson = lessons(rules)[0]
    shots: dict[str, str] = {}

    async def body(pilot: Pilot[Any]) -> None:
        assert isinstance(app.screen, PathScreen)
        text = screen_text(app)
        assert lesson.title[:30] in text and "Next to practise" in text
        await pilot.press("enter")
        assert isinstance(app.screen, LessonScreen)
        for n in range(len(lesson.screens)):
            text = screen_text(app)
            assert f"screen {n + 1} of {len(lesson.screens)}" in text
            if n == 0:
                shots["lesson"] = app.export_screenshot(title=f"mahjong-table learn ({rules})")
            await pilot.press("right")
        first = True
        for _ in range(3 * len(lesson.exercises) + 3):
            screen = app.screen
            if not isinstance(screen, ExerciseScreen):
                break
            ex = screen.exercise
            assert ex is not None
            box = screen.query_one("#answer", Input)
            if first:
                bad = "99" if ex.choices else "5x!"
                with pytest.raises(AnswerError) as err:
                    ex.check(bad)
                box.value = bad
                await pilot.press("enter")
                assert str(err.value)[:40] in " ".join(screen_text(app).split())
                assert screen.verdict is None
                first = False
            box.value = ex.expected_answer()
            await pilot.press("enter")
            assert screen.verdict is not None and screen.verdict.correct
            assert "Right." in screen_text(app)
            if "exercise" not in shots:
                shots["exercise"] = app.export_screenshot(title=f"mahjong-table learn ({rules})")
            await pilot.press("enter")
        assert isinstance(app.screen, PathScreen)
        assert app.progress.is_done(rules, lesson.id)
        assert "✓" in screen_text(app)
        await pilot.press("q")

    run_app(app, body)
    assert load_progress(progress_path).is_done(rules, lesson.id)
    if rules == "hongkong":
        DOCS.mkdir(exist_ok=True)
        (DOCS / "learn-tui-lesson.svg").write_text(shots["lesson"], encoding="utf-8")
        (DOCS / "learn-tui-exercise.svg").write_text(shots["exercise"], encoding="utf-8")


@pytest.mark.parametrize("rules", ["hongkong", "american"])
def test_a_coached_hand_at_80x24(rules: str, tmp_path: Path) -> None:
    """Issue 22 item 3: the coached hand from the path; every decision by keys gets the
    coach's comment beside the table (an American Charleston pass marked tile by tile with
    Space); the hand ends with its summary; the progress file counts it."""
    progress_path = tmp_path / "progress.json"
    app = LearnApp(rules, progress_path)
    passes_made = []
    shots: list[str] = []

    async def body(pilot: Pilot[Any]) -> None:
        await pilot.press("end")
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, CoachScreen)
        decisions = 0
        for _ in range(600):
            if screen.hand.finished:
                break
            acts = screen.actions()
            kinds = {a.kind for a in acts}
            passes = [a for a in acts if a.kind in (ActionKind.CHARLESTON_PASS,
                                                    ActionKind.COURTESY_PASS)]
            if passes:
                a = passes[0]
                picks: list[int] = []
                for t in a.tiles:
                    picks.append(next(i for i, u in enumerate(screen.hand_tiles)
                                      if u == t and i not in picks))
                for i in picks:
                    while screen.selected != i:
                        await pilot.press("right")
                    await pilot.press("space")
                while screen.blind != (a.number or 0):
                    await pilot.press("b")
                await pilot.press("enter")
                passes_made.append(a)
            elif ActionKind.MAHJONG in kinds or not kinds <= {ActionKind.DISCARD}:
                others = [a for a in acts if a.kind is not ActionKind.DISCARD]
                pick = next((i for i, a in enumerate(others)
                             if a.kind in (ActionKind.MAHJONG, ActionKind.PASS)), 0)
                await pilot.press(str(pick + 1))
            else:
                await pilot.press("enter")
            decisions += 1
            text = screen_text(app)
            assert "The coach" in text or screen.hand.finished
            if decisions == 8:
                shots.append(app.export_screenshot(title="mahjong-table learn: coached hand"))
        assert screen.hand.finished and decisions > 0
        assert "Summary" in screen_text(app)
        shots.append(app.export_screenshot(title="mahjong-table learn: coached hand"))
        await pilot.press("enter")
        assert isinstance(app.screen, PathScreen)
        await pilot.press("q")

    run_app(app, body)
    if rules == "american":
        assert passes_made, "the Charleston was passed by marking tiles"
    else:
        DOCS.mkdir(exist_ok=True)
        (DOCS / "learn-tui-coached.svg").write_text(shots[0], encoding="utf-8")
    assert load_progress(progress_path).coached == {rules: 1}


def test_a_progress_file_that_cannot_be_read_is_kept_aside(tmp_path: Path) -> None:
    """Bad input: a broken progress file is moved to FILE.bad and the path says so; the
    lessons start afresh (as the line mode does)."""
    path = tmp_path / "progress.json"
    path.write_text("{not json", encoding="utf-8")
    app = LearnApp("chinese", path)

    async def body(pilot: Pilot[Any]) -> None:
        assert "Could not read your progress" in " ".join(screen_text(app).split())
        await pilot.press("q")

    run_app(app, body)
    assert (tmp_path / "progress.json.bad").read_text(encoding="utf-8") == "{not json"


def test_an_ascii_terminal_gets_the_line_mode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A terminal whose encoding cannot show the tiles gets the lessons as ASCII lines (with
    a note), not escape codes and garbage."""
    import io
    import sys

    from mahjong_table.tui.learn import run_learn_app

    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", errors="strict", write_through=True)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert run_learn_app("hongkong", tmp_path / "p.json") == 0
    text = raw.getvalue().decode("ascii")
    assert text.strip()
    assert "plain ASCII lines" in capsys.readouterr().err


@pytest.mark.parametrize("rules", ["hongkong", "american"])
def test_seeded_name_tile_shows_the_picture_only(rules: str, tmp_path: Path) -> None:
    """``learn --seed 41`` full-screen: the first exercise is the line mode's (seed 42), and
    a name-tile exercise draws the glyph alone: neither its notation nor its name is on the
    screen before the answer."""
    from mahjong_table.learn import generate
    from mahjong_table.tiles import Tile

    app = LearnApp(rules, tmp_path / "p.json", seed=41)
    t = Tile.parse(generate("name-tile", rules, 42).tiles[0])

    async def body(pilot: Pilot[Any]) -> None:
        assert isinstance(app.screen, PathScreen)
        for _ in range(len(app.lessons)):  # past the lessons to "Practise: Name this tile"
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ExerciseScreen) and screen.exercise is not None
        assert screen.exercise.kind == "name-tile" and screen.exercise.seed == 42
        text = screen_text(app)
        assert t.glyph in text
        assert f" {t} " not in f" {' '.join(text.split())} " and t.name not in text
        await pilot.press("escape")
        await pilot.press("q")

    run_app(app, body)


@pytest.mark.parametrize("key", ["m", "q"])
def test_q_and_m_typed_as_an_answer_are_keys(key: str, tmp_path: Path) -> None:
    """As in the line mode, q or m typed in an exercise's answer box are not wrong tile
    names: m goes back to the lessons, q saves and quits; nothing is counted."""
    app = LearnApp("chinese", tmp_path / "p.json", seed=5)

    async def body(pilot: Pilot[Any]) -> None:
        for _ in range(len(app.lessons)):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ExerciseScreen)
        screen.query_one("#answer", Input).value = key
        await pilot.press("enter")
        await pilot.pause()
        assert "neither a tile" not in screen_text(app)
        if key == "m":
            assert isinstance(app.screen, PathScreen)
            await pilot.press("q")

    run_app(app, body)
    assert app.progress.tally("chinese", "name-tile") == (0, 0)
    assert app.return_value == 0
