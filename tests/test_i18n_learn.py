"""Issue 23 (Italian for every face), the lessons' share: every lesson's every screen, every
exercise kind (its question, a right and a wrong answer's feedback), a coached hand's
coaching and the progress screens, rendered in Italian in the line mode (through
``mahjong_table.cli.main(["--lang", "it", "learn", ...])``), in the full-screen lessons
(Textual's harness) and on the web ``/learn`` pages (Starlette's test client), checked with
``assert_italian`` and for rule book 000's own words.

What another part of the program words (the engine's refusals, the scorer's item names, the
advisor's reasons and actions, the card's line names, the play command's prompts) is that
part's catalogue's: it is passed as ``allow`` here, named, never the lessons' own text."""

from __future__ import annotations

import asyncio
import html
import io
import re
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from i18n_vocabulary import assert_italian as _assert_italian
from mahjong_table.cli import main
from mahjong_table.i18n import _, set_language, use_language
from mahjong_table.learn.books import RULES as BOOKS
from mahjong_table.learn.books import book_sections
from mahjong_table.learn.coach import CoachedHand
from mahjong_table.learn.exercises import EXERCISE_KINDS, generate, kinds_for, rules_for
from mahjong_table.learn.lessons import lessons
from mahjong_table.learn.model import Exercise, Verdict, shown_name
from mahjong_table.learn.progress import Progress, next_to_practise
from mahjong_table.tiles import TILES, NotationError, parse_tiles

RULES = ("hongkong", "chinese", "american")


def assert_italian(text: str, where: str, allow: Any = ()) -> None:
    """``assert_italian`` on ``text`` with its whitespace folded (a terminal or a paragraph
    wraps an allowed name across lines), the names allowed folded alike."""
    _assert_italian(" ".join(text.split()), where,
                    allow=[" ".join(a.split()) for a in allow if a.strip()])


# ----- what is not the lessons' to translate ---------------------------------------------------

def identifiers(rules: str) -> list[str]:
    """Names that are data, shown as they are: section citations (``001 Part two 'Kongs'``),
    lesson ids, exercise kinds, option names, the American card's line names, the book's
    acronyms."""
    out = [s.id for s in book_sections(rules)] + [BOOKS[rules]]
    # sections booklet 000 has in English only are cited in English, said so (issue 48)
    with use_language("it"):
        out += [_(s.cite) for s in book_sections(rules) if "solo in inglese" in _(s.cite)]
    out += [ls.id for ls in lessons(rules)] + list(kinds_for(rules))
    out += ["004 s05 'Priorities and Victory'", "Mahjong Competition Rules",
            "false_mahjong=penalise", "false_mahjong=dead", "dead_exposures=true",
            "bonus_tiles=false", "scoring=mcr", "DIR/progress.json", "progress.json"]
    if rules == "american":
        card = rules_for("american").card  # type: ignore[attr-defined]
        out += [ln.key for ln in card.lines]
    return out


def notation_error(text: str) -> list[str]:
    """The tile reader's own message for ``text`` (tiles.py: the engine's catalogue)."""
    try:
        parse_tiles(text.lower())
    except NotationError as exc:
        return [str(exc)]
    return []


#: a malformed answer, and the tile reader's words in its message
BAD = "5x!"
OTHERS_BAD = notation_error(BAD)


def others_words(ex: Exercise, verdicts: list[Verdict]) -> list[str]:
    """The words of other parts inside an exercise's text: the engine's refusal (is-win), the
    scorer's items (score), the advisor's pass and lines (pass-three)."""
    out: list[str] = []
    reason = getattr(ex, "reason", "")
    if reason:
        out.append(reason)
    result = getattr(ex, "result", None)
    if result is not None:
        out += [shown_name(i.name) for i in result.items]
        if result.limit:
            out.append(shown_name(result.limit.replace("_", " ")))
    why = getattr(ex, "why", "")
    if why:
        out.append(why)
        out += [m for m in re.findall(r"Righe più vicine: (.*)", ex.prompt)]
    return out


def wrong_answer(ex: Exercise) -> str:
    """A readable answer the exercise judges wrong (pass-three: another pass, which its
    judge may rate as good too)."""
    if ex.choices:
        return next(c for c in ex.choices if not ex.check(c).correct)
    kind = ex.kind
    if kind == "name-tile":
        return "2m" if str(ex.tile) == "1m" else "1m"  # type: ignore[attr-defined]
    if kind == "completing-tiles":
        waits = set(ex.waits)  # type: ignore[attr-defined]
        return str(next(t for t in TILES[:34] if int(t) not in waits))
    if kind == "claims":
        return "nessuno" if ex.claims else "pung"  # type: ignore[attr-defined]
    if kind == "score":
        expected = ex.expected_answer()
        return "1" if not expected.isdigit() else str(int(expected) + 1)
    if kind == "nearest-line":
        return f"{ex.nearest[0]}, {ex.away + 1}"  # type: ignore[attr-defined]
    if kind == "pass-three":
        return " ".join(str(t) for t in [t for t in ex.hand if not t.is_joker][:3])  # type: ignore[attr-defined]
    raise AssertionError(kind)


# ----- the core's words in Italian -----------------------------------------------------------

@pytest.mark.parametrize("rules", RULES)
def test_every_lesson_screen_is_italian(rules: str) -> None:
    """Issue 23, the lessons: every screen of every lesson (title, text paragraph by
    paragraph, captions) and the book headings it cites; book 000's words are used."""
    seen = []
    with use_language("it"):
        for lesson in lessons(rules):
            shown = lesson.translated()
            assert shown.id == lesson.id and shown.sections == lesson.sections
            assert shown.title != lesson.title
            for screen, english in zip(shown.screens, lesson.screens, strict=True):
                assert screen.tiles == english.tiles, "the tiles stay notation"
                assert screen.text.count("\n\n") == english.text.count("\n\n")
                assert screen.text != english.text
                text = "\n".join([shown.title, screen.text, *screen.captions])
                assert_italian(text, f"{lesson.id}", allow=identifiers(rules))
                seen.append(text)
            for sid in lesson.sections:
                title = next(s for s in book_sections(rules) if s.id == sid).translated().title
                assert_italian(title, sid, allow=identifiers(rules))
    words = " ".join(seen)
    assert ("tessere" in words and "muro" in words and "mazziere" in words.lower()) or \
        (rules == "hongkong" and "mazziere" in words)
    if rules == "american":
        for word in ("spingitore", "passaggio di cortesia", "oltre (di fronte)", "jolly",
                     "sestetto"):
            assert word in words, word
    # English is untouched
    assert lessons(rules)[0].translated().title == "The tiles and their names"


@pytest.mark.parametrize("rules", RULES)
def test_every_exercise_kind_is_italian_with_right_and_wrong_feedback(rules: str) -> None:
    """Issue 23, the exercises: each kind's question, answer form, captions and choices, and
    the feedback on a right and on a wrong answer, in Italian; the answers the engine checks
    stay notation (and Italian answers are read: sì, nessuna, Est, limite)."""
    with use_language("it"):
        for kind in kinds_for(rules):
            for seed in range(6):
                ex = generate(kind, rules, seed)
                right = ex.check(ex.expected_answer())
                assert right.correct, (kind, seed, ex.expected_answer())
                wrong = ex.check(wrong_answer(ex))
                if kind != "pass-three":
                    assert not wrong.correct, (kind, seed)
                text = "\n".join([_(EXERCISE_KINDS[kind]), ex.prompt, ex.answer_form,
                                  *ex.captions, *ex.choices, right.expected, right.explanation,
                                  wrong.explanation])
                assert_italian(text, f"{rules} {kind} seed {seed}",
                               allow=identifiers(rules) + others_words(ex, [right, wrong]))
        ex = generate("is-win", rules, 1)
        assert ex.choices == ("sì", "no")
        assert "Sei " in ex.prompt and "(sì o no)" in ex.prompt


def test_italian_answers_are_read() -> None:
    """Issue 23: an Italian learner types Italian (sì, nessuna, Ovest, limite, 5 Cerchi);
    a malformed answer's message is Italian too."""
    from mahjong_table.learn.model import AnswerError

    with use_language("it"):
        ex = generate("name-tile", "hongkong", 3)
        name = ex.expected_answer().rsplit(" (", 1)[0]
        assert ex.check(name).correct, name
        with pytest.raises(AnswerError, match="rispondi sì o no"):
            generate("is-win", "hongkong", 1).check("forse")
        with pytest.raises(AnswerError, match="non riesco a leggere"):
            generate("completing-tiles", "hongkong", 1).check("5x")
        for seed in range(40):
            ex = generate("completing-tiles", "hongkong", seed)
            if not ex.waits:  # type: ignore[attr-defined]
                assert ex.expected_answer() == "nessuna" and ex.check("nessuna").correct
                break
        else:
            raise AssertionError("no hand that is not ready in 40 seeds")
        ex = generate("claim-priority", "chinese", 2)
        assert ex.check(ex.expected_answer()).correct
        assert ex.expected_answer() in ("Est", "Sud", "Ovest", "Nord")


def test_progress_and_coach_words_are_italian() -> None:
    """Issue 23: what to practise next (every kind of step) and a coached hand's comments and
    summary, in Italian (the advisor's own reasons are its catalogue's)."""
    with use_language("it"):
        p = Progress()
        first = next_to_practise(p, "hongkong")
        # no internal id on screen (issue 48): the lesson by its title
        assert first == "la prossima lezione nell'ordine del libro: Le tessere e i loro nomi"
        for ls in lessons("hongkong"):
            p.finish_lesson(ls)
            p.lessons.setdefault("hongkong", [])
            if ls.id not in p.lessons["hongkong"]:
                p.lessons["hongkong"].append(ls.id)
        step = next_to_practise(p, "hongkong")
        assert step.startswith("esercitati su «") and "provato 0 volte finora" in step
        assert not any(k in step for k in kinds_for("hongkong"))
        for kind in kinds_for("hongkong"):
            for _n in range(5):
                p.record("hongkong", kind, True)
        assert next_to_practise(p, "hongkong").startswith("gioca una mano")
        for text in (step, next_to_practise(p, "hongkong")):
            assert_italian(text, "next step", allow=identifiers("hongkong"))

        hand = CoachedHand("hongkong", 11)
        hand.advance()
        allow = identifiers("hongkong")
        while not hand.finished:
            advice = hand.advice()
            acts = hand.legal_actions()
            action = advice.action if advice.action in acts else acts[0]
            if len(hand.comments) % 3 == 1:  # now and then not the advised action
                action = acts[-1]
            c = hand.play(action)
            allow += [c.chosen, c.advised, c.why, c.distance, *c.alternatives]
            assert_italian("\n".join(c.text_lines()), "coach comment", allow=allow)
            hand.advance()
        summary = hand.summary()
        if summary.score is not None:
            allow += [shown_name(i.name) for i in summary.score.items]
        assert_italian("\n".join(summary.text_lines()), "coach summary", allow=allow)
        assert "Hai preso" in summary.text_lines()[1]


# ----- the line mode -------------------------------------------------------------------------

def run_cli(args: list[str], script: str, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    assert main(["--lang", "it", "learn", "--plain", *args]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("rules", RULES)
def test_line_mode_lessons_in_italian(rules: str, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23, the line mode: the menu, every lesson's every screen, each lesson's
    exercises (skipped: the answer shown) and the 'not done yet' message, the progress
    list (p), all through ``main(["--lang", "it", "learn", ...])``."""
    script = ""
    for n, lesson in enumerate(lessons(rules), 1):
        script += f"{n}\n" + "\n" * len(lesson.screens) + "s\n" * len(lesson.exercises)
    script += "p\nq\n"
    out = run_cli(["--rules", rules, "--seed", "3", "--progress", str(tmp_path / "p.json")],
                  script, monkeypatch, capsys)
    assert_italian(out, f"line mode lessons ({rules})", allow=identifiers(rules))
    assert "== Impara il mahjong" in out and "Prossimo passo:" in out
    assert "[Invio: avanti, b: indietro, m: menu, q: esci]" in out
    with use_language("it"):
        for lesson in lessons(rules):
            shown = lesson.translated()
            for screen in shown.screens:
                first = " ".join(screen.text.split("\n\n")[0].split()[:6])
                assert first in " ".join(out.split()), (lesson.id, first)
    if any(ls.exercises for ls in lessons(rules)):
        assert "Saltato. La risposta:" in out and "Lezione non ancora completata" in out


@pytest.mark.parametrize("rules", RULES)
def test_line_mode_exercises_in_italian(rules: str, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23, the line mode: every kind practised (p KIND) with a malformed, a right and
    a wrong answer: the question, the message, both verdicts, in Italian."""
    for kind in kinds_for(rules):
        seed = 20
        first, second = generate(kind, rules, seed + 1), generate(kind, rules, seed + 2)
        with use_language("it"):
            right, wrong = first.expected_answer(), wrong_answer(second)
            allow = identifiers(rules) + OTHERS_BAD + others_words(first, []) \
                + [w for ex, a in ((first, right), (second, wrong))
                   for w in others_words(ex, [ex.check(a)])]
        script = f"p {kind}\n" + ("99\n" if first.choices else "5x!\n") + f"{right}\n\n" \
            + f"{wrong}\nm\nq\n"
        out = run_cli(["--rules", rules, "--seed", str(seed),
                       "--progress", str(tmp_path / f"{kind}.json")], script, monkeypatch,
                      capsys)
        assert_italian(out, f"line mode {rules} {kind}", allow=allow)
        assert "Non riesco a leggerla:" in out and "Giusto!" in out
        if kind != "pass-three":
            assert "Non proprio: la risposta è" in out


def test_line_mode_coached_hand_in_italian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23, the line mode: a coached hand's introduction, the coach's lines and its
    summary in Italian (the play command's own prompts are the terminal's catalogue's)."""
    out = run_cli(["--rules", "hongkong", "--seed", "5", "--progress",
                   str(tmp_path / "p.json")], "c\n" + "1\n" * 200, monkeypatch, capsys)
    assert "Una mano con l'allenatore contro tre bot." in out
    coach = [line[len("Allenatore: "):] for line in out.splitlines()
             if line.startswith("Allenatore: ")]
    assert len(coach) >= 2
    assert "== Il riepilogo dell'allenatore ==" in out
    summary = out[out.index("== Il riepilogo dell'allenatore =="):].split("\n== ", 1)[0]
    summary = summary.split("\n\n")[0]
    assert "decisioni e sei stato d'accordo con il consigliere" in summary
    for line in coach:
        # the coach's own frame; what the advisor says (after "Perché:") is its catalogue's
        frame = line.split(" Perché:")[0]
        if frame.startswith("Hai scelto"):
            # what was chosen and advised are the advisor's wording of actions
            frame = re.sub(r"Hai scelto .*?[:;] ", "Hai scelto X; ", frame)
            assert_italian(re.sub(r"avrebbe scelto: .*", "avrebbe scelto: Y.", frame),
                           "coach line")
    for line in summary.splitlines()[1:]:
        if line.startswith(("Hai preso", "Il tuo pagamento", "Dove tu")):
            assert_italian(line, "coach summary")


def test_line_mode_help_is_italian(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: ``learn --help`` in Italian (argparse's own headings are the terminal's)."""
    with pytest.raises(SystemExit):
        main(["--lang", "it", "learn", "--help"])
    out = capsys.readouterr().out
    assert "impara a giocare" in out or "Lezioni per ogni regolamento" in out
    assert "la modalità a righe" in out and "solo ASCII" in out


# ----- the web pages ---------------------------------------------------------------------------

def shown_text(page: str) -> str:
    """A page's words as a person (or a screen reader) gets them: the text between tags and
    the labels (aria-label, title, placeholder); tile pictures' alt text is the tile
    pictures' own (svg.py) and left out."""
    labels = re.findall(r'(?:aria-label|title|placeholder)="([^"]*)"', page)
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", page, flags=re.S)
    body = re.sub(r"<[^>]+>", " ", body)
    return html.unescape(body + " " + " ".join(labels))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from mahjong_table.web.app import create_app

    # the language of a request: the browser's Accept-Language (the web face's request
    # language handling), and the process's language for a server without it
    set_language("it")
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}")
    with TestClient(app, headers={"Accept-Language": "it"}) as c:
        yield c


@pytest.mark.parametrize("rules", RULES)
def test_web_pages_in_italian(client: Any, rules: str) -> None:
    """Issue 23, the web face: /learn/, the lesson path, every lesson's every screen and its
    exercise list, every exercise kind's page with a malformed, a right and a wrong answer;
    ``<html lang="it">``."""
    allow = [*identifiers(rules), "mahjong-table", "Hong Kong (Mahjong Time)"]
    index = client.get("/learn/").text
    assert '<html lang="it">' in index and "Impara a giocare" in index
    assert_italian(shown_text(index), "/learn/", allow=[*allow, *identifiers("hongkong"),
                                                        *identifiers("chinese"),
                                                        *identifiers("american")])
    path = client.get(f"/learn/{rules}").text
    assert "Inizia una mano con l&#x27;allenatore" in path or \
        "Inizia una mano con l'allenatore" in path
    assert_italian(shown_text(path), f"/learn/{rules}", allow=allow)
    for lesson in lessons(rules):
        for n in range(1, len(lesson.screens) + 2):
            page = client.get(f"/learn/{rules}/lesson/{lesson.id}/{n}").text
            assert_italian(shown_text(page), f"{lesson.id}/{n}", allow=allow)
            if n <= len(lesson.screens):
                assert f"Schermata {n} di {len(lesson.screens)}" in page
    for kind in kinds_for(rules):
        seed = 9
        with use_language("it"):
            ex = generate(kind, rules, seed)
            right, wrong = ex.expected_answer(), wrong_answer(ex)
            more = others_words(ex, [ex.check(right), ex.check(wrong)])
        url = f"/learn/{rules}/exercise/{kind}/{seed}"
        pages = [client.get(url).text]
        bad = client.post(url, data={"answer": "99" if ex.choices else BAD})
        assert bad.status_code == 400
        pages.append(bad.text)
        good = client.post(url, data={"answer": right})
        assert good.status_code == 200 and "Giusto." in good.text
        pages.append(good.text)
        pages.append(client.post(url, data={"answer": wrong}).text)
        if kind != "pass-three":
            assert "Non proprio." in pages[-1]
        for page in pages:
            assert_italian(shown_text(page), f"{rules} {kind}", allow=allow + more + OTHERS_BAD)


@pytest.mark.parametrize("rules", ["hongkong", "american"])
def test_web_coached_hand_in_italian(client: Any, rules: str) -> None:
    """Issue 23, the web face: a coached hand played to its summary through POSTs, every
    page in Italian: the table's words, the coach's frame, the summary (the advisor's and
    the scorer's words and the action buttons are their catalogues')."""
    from mahjong_table.tui.line import describe_action
    from mahjong_table.web.learn import _hand_order

    r = client.post(f"/learn/{rules}/coach", follow_redirects=False)
    url = r.headers["location"]
    site = next(x.site for x in client.app.routes if getattr(x, "path", None) == "/learn")
    entry = site.hands.get(url.rsplit("/", 1)[1])
    page = client.get(url).text
    allow = [*identifiers(rules), "mahjong-table", "Bot 1", "Bot 2", "Bot 3", "Bot 0"]
    for _step in range(400):
        with use_language("it"):
            view = entry.hand.view()
            acts = entry.hand.legal_actions()
            allow += [describe_action(a, claimed=view.last_discard, drawn=view.drawn)
                      for a in acts]
            allow += [t for c in entry.comments
                      for t in (c.chosen, c.advised, c.advised_verb, c.why, c.distance,
                                *c.alternatives)]
            if entry.hand.finished:  # the summary: the scorer's items and the result
                summary = entry.hand.summary()
                if summary.score is not None:
                    allow += [shown_name(i.name) for i in summary.score.items]
                    if summary.score.limit:
                        allow.append(shown_name(summary.score.limit))
        assert_italian(shown_text(page), f"coached hand {rules}", allow=allow)
        if "La mano è finita" in page:
            break
        step = re.search(r'name="step" value="(\d+)"', page)
        assert step is not None
        passes = [a for a in acts if a.kind.value.endswith("_pass")]
        if passes:
            order = _hand_order(view)
            picks: list[str] = []
            for t in passes[0].tiles:
                picks.append(str(next(i for i, u in enumerate(order)
                                      if u == t and str(i) not in picks)))
            form: dict[str, Any] = {"step": step.group(1), "pass": "1", "pick": picks,
                                    "blind": str(passes[0].number or 0)}
        else:
            discards = re.findall(r'can-discard[^"]*" type="submit" name="action" '
                                  r'value="(\d+)"', page)
            m = re.search(r'class="act act-[a-z_]+" type="submit" name="action" '
                          r'value="(\d+)"', page)
            form = {"step": step.group(1),
                    "action": discards[-1] if discards else (m.group(1) if m else "0")}
        client.post(url, data=form)
        page = client.get(url).text
    assert ("La mano è finita" in page and "Il punteggio, voce per voce" in page) or \
        entry.hand.summary().score is None
    assert "Hai preso" in page and "Tutti i commenti finora" in page


# ----- the full-screen lessons ----------------------------------------------------------------

def test_full_screen_lessons_in_italian(tmp_path: Path) -> None:
    """Issue 23, the full-screen face (Textual at 80x24): the path, every screen of every
    Hong Kong lesson, its exercises with a malformed, a right and a wrong answer, and the
    practice of each kind."""
    pytest.importorskip("textual")
    from textual.widgets import Input

    from mahjong_table.tui.app import screen_text
    from mahjong_table.tui.learn import ExerciseScreen, LearnApp, LessonScreen, PathScreen

    set_language("it")
    rules = "hongkong"
    app = LearnApp(rules, tmp_path / "progress.json", seed=40)
    allow = [*identifiers(rules), str(tmp_path), "progress.json"]

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "Prossimo passo" in text and "Impara:" in text
            assert_italian(text, "path", allow=[*allow, str(tmp_path / "progress.json")])
            for n, lesson in enumerate(lessons(rules)):
                ol = app.screen.query_one("#path")
                ol.highlighted = n  # type: ignore[attr-defined]
                await pilot.press("enter")
                assert isinstance(app.screen, LessonScreen)
                for i in range(len(lesson.screens)):
                    text = screen_text(app)
                    assert f"schermata {i + 1} di {len(lesson.screens)}" in text
                    assert_italian(text, f"{lesson.id} {i + 1}", allow=allow)
                    if i + 1 < len(lesson.screens):
                        await pilot.press("right")
                await pilot.press("escape")
                assert isinstance(app.screen, PathScreen)
            for kind in kinds_for(rules):
                app.push_screen(ExerciseScreen([kind], lesson=None))
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, ExerciseScreen)
                for answer_of in ("bad", "right", "wrong"):
                    ex = screen.exercise
                    assert ex is not None
                    more = others_words(ex, []) + OTHERS_BAD
                    answer = {"bad": "99" if ex.choices else BAD, "right":
                              ex.expected_answer(), "wrong": wrong_answer(ex)}[answer_of]
                    more += others_words(ex, [ex.check(answer)] if answer_of != "bad" else [])
                    box = screen.query_one("#answer", Input)
                    box.value = answer
                    await pilot.press("enter")
                    await pilot.pause()
                    text = screen_text(app)
                    assert_italian(text, f"{kind} {answer_of}", allow=allow + more)
                    if answer_of == "bad":
                        assert "Non riesco a leggerla" in text
                    else:
                        assert ("Giusto." if answer_of == "right" else "Non proprio.") in \
                            text or kind == "pass-three"
                        await pilot.press("enter")
                        await pilot.pause()
                await pilot.press("escape")
            await pilot.press("q")

    asyncio.run(body())


def test_full_screen_coached_hand_in_italian(tmp_path: Path) -> None:
    """Issue 23, the full-screen face: a coached hand's side panel (the coach's comment, the
    summary at the end), its prompt and keys in Italian; the table's own drawing is the
    terminal's (tui/render.py), the advisor's and the scorer's words their catalogues'."""
    pytest.importorskip("textual")
    from textual.widgets import Static

    from mahjong_table.tui.learn import CoachScreen, LearnApp
    from mahjong_table.tui.line import describe_action

    set_language("it")
    app = LearnApp("american", tmp_path / "progress.json", seed=7)
    allow = [*identifiers("american"), "Bot 1", "Bot 2", "Bot 3"]

    def widget_text(screen: CoachScreen, wid: str) -> str:
        return str(screen.query_one(f"#{wid}", Static).render())

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(CoachScreen("american", 7))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CoachScreen)
            assert "L'allenatore commenta" in widget_text(screen, "comment-text")
            for _step in range(400):
                hand = screen.hand
                if hand.finished:
                    break
                view = hand.view()
                acts = screen.actions()
                allow.extend(describe_action(a, claimed=view.last_discard, drawn=view.drawn)
                             for a in acts)
                advice = hand.advice()
                action = advice.action if advice.action in acts else acts[0]
                screen.play(action)
                await pilot.pause()
                for c in screen.comments[-1:]:
                    allow.extend([c.chosen, c.advised, c.advised_verb, c.why, c.distance])
                now = hand.view()  # the next decision's buttons, in the prompt now
                allow.extend(describe_action(a, claimed=now.last_discard, drawn=now.drawn)
                             for a in screen.actions())
                if hand.finished:
                    summary = hand.summary()
                    if summary.score is not None:
                        allow.extend(shown_name(i.name) for i in summary.score.items)
                    allow.append(summary.text_lines()[0])
                for wid in ("comment-text", "prompt", "keys"):
                    assert_italian(widget_text(screen, wid), f"coached {wid}", allow=allow)
            assert screen.hand.finished
            text = widget_text(screen, "comment-text")
            assert "Riepilogo" in text and "Hai preso" in text and "L'allenatore" in text
            assert "La mano è finita" in widget_text(screen, "prompt")
            await pilot.press("escape")
            await pilot.press("q")

    asyncio.run(body())
