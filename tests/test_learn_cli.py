"""Issue 22: ``mahjong-table learn`` in line mode, driven through a pipe: one lesson of every
rule set completed (its screens and its exercises), one coached hand played to its summary,
progress saved and read back; malformed answers asked again; progress files that cannot be
read are kept aside, not lost."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_table.commands.learn import run_line_mode
from mahjong_table.learn import lessons, load_progress, save_progress
from mahjong_table.learn.progress import Progress, ProgressError, next_step, next_to_practise
from mahjong_table.tiles import parse_tiles


@pytest.mark.parametrize("rules", ["hongkong", "chinese", "american"])
def test_one_lesson_of_each_rule_set(rules: str, tmp_path: Path) -> None:
    """Lesson 1 (the tiles): every screen shown, a malformed answer asked again, the
    exercise answered, the lesson marked done in the progress file."""
    from mahjong_table.learn import generate

    first = lessons(rules)[0]
    right = generate("name-tile", rules, 4).tiles[0]  # the line mode's seed + 1
    script = "1\n" + "\n" * len(first.screens) + "5x\n" + f"{right}\n" + "q\n"
    out = io.StringIO()
    path = tmp_path / "progress.json"
    assert run_line_mode(rules, path, io.StringIO(script), out, seed=3) == 0
    text = out.getvalue()
    for i in range(len(first.screens)):
        assert f"({i + 1}/{len(first.screens)};" in text
    assert "Cannot read that:" in text and "'5x'" in text
    assert "Right!" in text
    assert f"Lesson done: {first.title}." in text
    progress = load_progress(path)
    assert progress.is_done(rules, first.id)
    assert progress.tally(rules, "name-tile") == (1, 1)
    # read back: the menu shows the lesson done and suggests the next one
    out2 = io.StringIO()
    run_line_mode(rules, path, io.StringIO("q\n"), out2, seed=3)
    menu = out2.getvalue()
    following = lessons(rules)[1].title
    assert "[x]" in menu and f"Next: the next lesson in the book's order: {following}" in menu
    assert not any(ls.id in menu for ls in lessons(rules))  # no internal id on screen (issue 48)


def test_coached_hand_through_a_pipe(tmp_path: Path) -> None:
    """The real command, its input a pipe: a coached hand played to the coach's summary
    (menu number 1 at every decision), then the progress counts it."""
    import os

    import mahjong_table

    path = tmp_path / "progress.json"
    script = "c\n" + "1\n" * 200
    # the package under test, wherever the test runs from (a source tree or a wheel)
    src = str(Path(mahjong_table.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [src, *filter(None, [os.environ.get("PYTHONPATH")])])}
    proc = subprocess.run(
        [sys.executable, "-c", "from mahjong_table.cli import main; import sys; "
         "sys.exit(main(sys.argv[1:]))", "learn", "--rules", "hongkong", "--seed", "5",
         "--progress", str(path)],
        input=script.encode(), capture_output=True, timeout=120,
        cwd=tmp_path, env=env)
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr.decode()
    assert "A coached hand" in out
    assert out.count("Coach: ") >= 2
    assert "== The coach's summary ==" in out
    summary = out[out.index("== The coach's summary =="):]
    assert "decisions and agreed with the advisor on" in summary
    assert json.loads(path.read_text())["coached"] == {"hongkong": 1}


def test_practice_and_next(tmp_path: Path) -> None:
    """p lists the kinds by their questions, never by their ids (issue 48: no internal id
    on screen); p N practises one, s skips, an unknown command or kind is said."""
    from mahjong_table.learn import EXERCISE_KINDS, kinds_for

    path = tmp_path / "p.json"
    script = "p\np 4\ns\nm\np 99\nzz\nn\nm\nq\n"
    out = io.StringIO()
    run_line_mode("chinese", path, io.StringIO(script), out, seed=1)
    text = out.getvalue()
    kinds = kinds_for("chinese")
    assert f"  4. {EXERCISE_KINDS[kinds[3]]} (0/0 right)" in text
    # the ids: those of two words (name-tile, is-win...) nowhere; none before a title
    ids = [k for k in kinds if "-" in k and k in text]
    ids += [k for k in kinds if f". {k}: " in text or f"'{k}'" in text]
    assert not ids, f"an exercise kind's id is on screen: {ids}"
    assert "Practising: " + EXERCISE_KINDS["completing-tiles"] in text
    assert "Skipped. The answer:" in text
    assert f"type p and a number from 1 to {len(kinds)}" in text
    assert "Unknown command 'zz'" in text
    assert "Next: the next lesson in the book's order" in text


def test_unreadable_progress_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("{not json")
    with pytest.raises(ProgressError, match="not JSON"):
        load_progress(path)
    out = io.StringIO()
    run_line_mode("hongkong", path, io.StringIO("q\n"), out, seed=1)
    assert "starting afresh" in out.getvalue()
    assert (tmp_path / "progress.json.bad").read_text() == "{not json"


def test_progress_round_trip_and_next_step(tmp_path: Path) -> None:
    p = Progress()
    for ls in lessons("hongkong"):
        assert next_step(p, "hongkong")[:2] == ("lesson", ls.id)
        p.lesson_done("hongkong", ls.id)
    what, kind, _ = next_step(p, "hongkong")
    assert what == "exercise" and kind == "name-tile"
    for k in ("name-tile", "claims", "claim-priority", "completing-tiles", "is-win", "score"):
        for i in range(5):
            p.record("hongkong", k, k != "score" or i < 2)
    assert next_step(p, "hongkong")[:2] == ("exercise", "score")
    assert "40% right" in next_to_practise(p, "hongkong")
    for _ in range(10):
        p.record("hongkong", "score", True)
    assert next_step(p, "hongkong")[0] == "coach"
    path = tmp_path / "d" / "progress.json"
    save_progress(p, path)
    assert load_progress(path).to_json() == p.to_json()
    p.coached_hand("hongkong")
    p.save(path)
    assert load_progress(path).coached == {"hongkong": 1}
    with pytest.raises(ProgressError):
        Progress.from_json({"version": 1, "exercises": {"hongkong": {"score": {"tried": 1,
                                                                               "right": 3}}}})
    with pytest.raises(ValueError):
        p.record("hongkong", "riichi", True)


def test_default_progress_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from mahjong_table.learn import default_progress_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_progress_path() == tmp_path / "mahjong-table" / "progress.json"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_progress_path().parts[-3:] == ("share", "mahjong-table", "progress.json")


def _exercise_block(text: str) -> str:
    """The lines of the first exercise: from its prompt to its answer prompt."""
    start = text.index("Practising:")
    return text[start:text.index("Your answer", start)]


@pytest.mark.parametrize("rules", ["hongkong", "chinese", "american"])
def test_name_tile_shows_the_picture_only(rules: str, tmp_path: Path) -> None:
    """Issue 22 (name this tile): the tile is drawn as its glyph alone; its notation and its
    name, which are the answer, are not printed with it."""
    from mahjong_table.learn import generate
    from mahjong_table.tiles import Tile

    out = io.StringIO()
    run_line_mode(rules, tmp_path / "p.json", io.StringIO("p 1\nq\n"), out, seed=11)
    block = _exercise_block(out.getvalue())
    t = Tile.parse(generate("name-tile", rules, 12).tiles[0])  # the line mode's seed + 1
    assert t.glyph in block
    assert str(t) not in block and t.name not in block


@pytest.mark.parametrize("rules", ["hongkong", "american"])
def test_name_tile_in_ascii_asks_the_reverse(rules: str, tmp_path: Path) -> None:
    """``--ascii`` has no pictures: the tile's name is given and its notation asked; the
    name typed back is a message, the notation a right answer."""
    from mahjong_table.learn import generate
    from mahjong_table.tiles import Tile

    t = Tile.parse(generate("name-tile", rules, 12).tiles[0])
    out = io.StringIO()
    script = f"p 1\n{t.name}\n{t}\nq\n"
    run_line_mode(rules, tmp_path / "p.json", io.StringIO(script), out, seed=11, ascii=True)
    text = out.getvalue()
    block = _exercise_block(text)
    assert t.name in block and str(t) not in block and t.glyph not in text
    assert "Cannot read that:" in text and "Right!" in text
    assert load_progress(tmp_path / "p.json").tally(rules, "name-tile") == (1, 1)


@pytest.mark.parametrize("where", ["answer", "another", "lesson"])
def test_q_quits_and_m_goes_to_the_menu_at_every_prompt(where: str, tmp_path: Path) -> None:
    """A learner's q and m are keys, not wrong tile names: at an exercise's answer, at
    "Another?" and at a lesson's screen q quits (exit status 0) and m shows the menu."""
    lead = {"answer": "p 4\n", "another": "p 4\ns\n", "lesson": "3\n"}[where]
    for key, menus in (("q", 1), ("m", 2)):
        out = io.StringIO()
        script = lead + key + "\n" + ("q\n" if key == "m" else "zz\n")
        assert run_line_mode("chinese", tmp_path / "p.json", io.StringIO(script), out,
                             seed=2) == 0
        text = out.getvalue()
        assert "neither a tile" not in text and "Cannot read" not in text
        assert text.count("== Learn Chinese mahjong") == menus
        assert "Unknown command 'zz'" not in text
        assert load_progress(tmp_path / "p.json").tally("chinese", "completing-tiles")[0] == 0


def test_seed_reaches_the_full_screen_lessons(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``learn --seed N`` on a terminal opens the full-screen lessons with that seed, and
    they make the line mode's exercises (seed N+1, N+2, ...)."""
    pytest.importorskip("textual")
    import argparse

    from mahjong_table.commands import learn as command
    from mahjong_table.tui import learn as tui

    seen: dict[str, object] = {}

    def fake_app(rules: str, path: Path, *, seed: int | None = None) -> int:
        seen.update(rules=rules, seed=seed)
        return 0

    monkeypatch.setattr(tui, "run_learn_app", fake_app)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    args = argparse.Namespace(rules="chinese", progress=tmp_path / "p.json", plain=False,
                              ascii=False, seed=41)
    assert command.run(args) == 0
    assert seen == {"rules": "chinese", "seed": 41}
    app = tui.LearnApp("chinese", tmp_path / "p.json", seed=41)
    assert [app.next_seed(), app.next_seed()] == [42, 43]
    assert tui.LearnApp("chinese", tmp_path / "p.json").seed is None


def test_a_lesson_is_done_only_when_its_exercises_are_answered_right(tmp_path: Path) -> None:
    """The rule of every face (Progress.finish_lesson): a lesson is done once each of its
    exercise kinds has been answered right. A wrong answer brings another of its kind; a
    skipped one leaves the lesson not done, and the line mode says what is still to do."""
    from mahjong_table.learn import generate
    from mahjong_table.tiles import TILES, Tile

    first = lessons("hongkong")[0]
    t = Tile.parse(generate("name-tile", "hongkong", 4).tiles[0])
    wrong = TILES[(int(t) + 1) % 34]
    path = tmp_path / "p.json"
    script = "1\n" + "\n" * len(first.screens) + f"{wrong}\ns\nq\n"
    out = io.StringIO()
    run_line_mode("hongkong", path, io.StringIO(script), out, seed=3)
    text = out.getvalue()
    assert "Not quite" in text and "Another of the same kind" in text
    assert "Lesson not done yet" in text and "Lesson done:" not in text
    progress = load_progress(path)
    assert not progress.is_done("hongkong", first.id)
    assert progress.tally("hongkong", "name-tile") == (1, 0)
    # a lesson without exercises is done once its screens are through
    bare = next(ls for ls in lessons("hongkong") if not ls.exercises)
    assert Progress().finish_lesson(bare)
    p = Progress()
    assert not p.finish_lesson(first)
    p.record("hongkong", "name-tile", True)
    assert p.finish_lesson(first) and p.is_done("hongkong", first.id)


def test_q_leaves_a_coached_hand_for_the_menu(tmp_path: Path) -> None:
    """In the coached hand the play command's keys hold (said when it starts): q, confirmed,
    leaves the hand for the menu, where q quits; the hand is not counted as played."""
    out = io.StringIO()
    path = tmp_path / "p.json"
    assert run_line_mode("hongkong", path, io.StringIO("c\nq\ny\nq\n"), out, seed=9) == 0
    text = out.getvalue()
    assert "q leaves the hand for the menu, m declares Mahjong" in text
    assert "Coached hand left." in text
    assert text.count("== Learn Hong Kong mahjong") == 2
    assert not path.exists() or load_progress(path).coached.get("hongkong", 0) == 0


def test_a_directory_given_as_progress_is_refused_and_never_moved(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Defect: ``learn --plain --progress DIR`` (a directory given by mistake) renamed the
    user's directory to ``DIR.bad`` as if it were an unreadable progress file. Now it is
    refused before anything, exit status 2, naming the path; the directory stays."""
    from mahjong_table.cli import main

    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine", encoding="utf-8")
    assert main(["learn", "--plain", "--progress", str(folder)]) == 2
    err = capsys.readouterr().err
    assert f"--progress {folder}: a directory, not a progress file" in err
    assert (folder / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert not (tmp_path / "notes.bad").exists()


def test_an_unreadable_progress_file_is_set_aside_without_losing_an_earlier_one(
        tmp_path: Path) -> None:
    """Issue 22 item 4 (progress kept): a second unreadable progress file goes to
    FILE.bad.2, so the first backup (FILE.bad) is not overwritten."""
    from mahjong_table.learn.progress import set_aside

    path = tmp_path / "progress.json"
    path.write_text("not json 1")
    assert set_aside(path) == tmp_path / "progress.json.bad"
    path.write_text("not json 2")
    assert set_aside(path) == tmp_path / "progress.json.bad.2"
    assert (tmp_path / "progress.json.bad").read_text() == "not json 1"
    assert (tmp_path / "progress.json.bad.2").read_text() == "not json 2"
    assert not path.exists()


def test_another_asks_again_for_anything_but_yes_or_no(tmp_path: Path) -> None:
    """Issue 48: at "Another?" only Enter (or y, yes, sì) is yes and n, no or m the menu;
    any other text is asked again, never taken for a yes."""
    out = io.StringIO()
    script = "p 4\ns\nmaybe\n\ns\nn\nq\n"
    assert run_line_mode("chinese", tmp_path / "p.json", io.StringIO(script), out,
                         seed=2) == 0
    text = out.getvalue()
    assert text.count("Type Enter (or y) for another exercise, n or m for the menu, q to "
                      "quit; not 'maybe'.") == 1
    assert text.count("Skipped. The answer:") == 2  # the Enter gave the second exercise
    assert text.count("Another? [Enter: yes, m: menu, q: quit]") == 3
    assert text.count("== Learn Chinese mahjong") == 2  # n went back to the menu


def test_pictures_are_drawn_in_the_order_of_the_notation(tmp_path: Path) -> None:
    """Issue 48: a row with exposed sets ("[123m] 456p ...", the score exercise's winning
    hand) is drawn tile by tile in the order it is written, exposed sets where they stand,
    in every row the line mode shows."""
    from mahjong_table.learn import generate
    from mahjong_table.learn.model import row_tiles
    from mahjong_table.tui.line import tiles_glyphs

    seed = next(s for s in range(1, 200) if generate("score", "hongkong", s + 1).tiles[0]
                .startswith("["))
    ex = generate("score", "hongkong", seed + 1)
    row = ex.tiles[0]
    out = io.StringIO()
    run_line_mode("hongkong", tmp_path / "p.json", io.StringIO("p 6\nq\n"), out, seed=seed)
    lines = out.getvalue().splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.strip().startswith(row))
    written = [t for g in row.split() for t in parse_tiles(g.strip("[]()"))]
    assert row_tiles(row) == written
    assert lines[at + 1].strip() == tiles_glyphs(written).strip()
