"""Issue 22 end to end in Chromium: against a real ``mahjong-table serve``, a learner
completes the first lesson of every rule set (its screens, then each of its exercises answered
through the page's own form) and plays one coached hand to its end by clicking. The answers
typed come from the exercise the page shows (its kind and seed are in its address), judged by
the server. Screenshots go to test-artifacts/ (docs/learn-*.png keep a copy:
``MAHJONG_TABLE_DOC_SHOTS=1`` writes them there)."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

from mahjong_table.learn.exercises import generate
from mahjong_table.learn.lessons import lessons
from test_web_browser import ARGS, CHROMIUM, ServerProcess, server  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
#: the pictures go to test-artifacts/ (not tracked); with MAHJONG_TABLE_DOC_SHOTS=1 to docs/,
#: where a copy is kept for the record
DOCS = ROOT / ("docs" if os.environ.get("MAHJONG_TABLE_DOC_SHOTS") == "1" else "test-artifacts")
RULES = ("hongkong", "chinese", "american")


def shot(page: Any, name: str, *, full: bool = False) -> None:
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / name), full_page=full)


def answer_exercise(page: Any, rules: str, shots: bool) -> None:
    """Answer the exercise on ``page`` as the exercise itself expects (Enter in the box, or
    the choice's button); the verdict must say it is right."""
    m = re.search(rf"/learn/{rules}/exercise/([a-z-]+)/(\d+)", page.url)
    assert m is not None, page.url
    ex = generate(m.group(1), rules, int(m.group(2)))
    expected = ex.expected_answer()
    if ex.choices:
        page.locator("button.choice", has_text=expected).first.click()
    else:
        box = page.locator("#answer")
        box.fill("5x!")  # malformed: the message, no verdict
        box.press("Enter")
        page.wait_for_selector("#answer-error")
        assert page.locator(".verdict").count() == 0
        page.locator("#answer").fill(expected)
        page.locator("#answer").press("Enter")
    page.wait_for_selector(".verdict")
    assert "Right." in page.locator(".verdict").inner_text()
    if shots:
        shot(page, f"learn-exercise-{rules}.png", full=True)


def test_a_lesson_of_every_rule_set_and_a_coached_hand(
        server: ServerProcess) -> None:  # noqa: F811
    from playwright.sync_api import sync_playwright

    base = f"http://127.0.0.1:{server.port}"
    deadline = time.monotonic() + 240
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 760})
            page.goto(base + "/")
            page.locator("#learn-link").click()
            page.wait_for_selector(".rule-sets")
            for rules in RULES:
                lesson = lessons(rules)[0]
                page.goto(f"{base}/learn/")
                page.locator(f'a[href="/learn/{rules}"]').click()
                page.wait_for_selector(".lesson-path")
                if rules == "hongkong":
                    shot(page, "learn-path.png")
                page.locator(f'.lesson-path a[href="/learn/{rules}/lesson/{lesson.id}/1"]').click()
                for n in range(1, len(lesson.screens) + 1):
                    page.wait_for_selector(f'section.screen[aria-label="screen {n} of '
                                           f'{len(lesson.screens)}"]')
                    if n == 1:
                        shot(page, f"learn-lesson-{rules}.png", full=True)
                    page.locator("a.next").click()
                for i, kind in enumerate(lesson.exercises):
                    page.wait_for_selector("a.exercise-link")
                    page.locator(f'a.exercise-link[href^="/learn/{rules}/practice/{kind}"]')\
                        .click()
                    page.wait_for_selector("form.answer")
                    answer_exercise(page, rules, shots=i == 0)
                    page.locator("a", has_text="Back to the lesson").click()
                assert time.monotonic() < deadline
                page.goto(f"{base}/learn/{rules}")
                mark = page.locator(f'li.lesson:has(a[href="/learn/{rules}/lesson/'
                                    f'{lesson.id}/1"])')
                assert "done" in (mark.get_attribute("class") or ""), \
                    f"{rules}: the first lesson is marked done"

            # a scoring exercise answered wrong: the scorer's breakdown is the explanation
            page.goto(f"{base}/learn/hongkong/practice/score")
            page.wait_for_selector("form.answer")
            m = re.search(r"/exercise/score/(\d+)", page.url)
            assert m is not None
            expected = generate("score", "hongkong", int(m.group(1))).expected_answer()
            page.locator("#answer").fill("1" if expected != "1" else "2")
            page.locator("#answer").press("Enter")
            page.wait_for_selector(".verdict.wrong")
            assert expected in page.locator(".verdict").inner_text()
            shot(page, "learn-exercise-score.png", full=True)

            # a coached hand, by clicks only (the phone width, as a learner on a phone)
            page.set_viewport_size({"width": 390, "height": 844})
            page.goto(f"{base}/learn/american/lesson/{lessons('american')[0].id}/1")
            shot(page, "learn-lesson-phone.png", full=True)
            page.goto(f"{base}/learn/hongkong")
            page.locator("button", has_text="Start a coached hand").click()
            page.wait_for_selector("#table")
            shot(page, "learn-coached-phone.png")
            page.set_viewport_size({"width": 1000, "height": 900})
            clicks = 0
            shot_taken = False
            while not page.locator("#summary").count():
                assert time.monotonic() < deadline, "the coached hand did not end"
                for sel in (".act-mahjong", ".act-pass", ".tile-btn.can-discard.drawn",
                            ".tile-btn.can-discard", "#actions button"):
                    loc = page.locator(sel)
                    if loc.count():
                        loc.last.click()
                        clicks += 1
                        break
                else:
                    page.reload()
                page.wait_for_load_state()
                if clicks == 6 and not shot_taken and page.locator("#comment").count():
                    shot(page, "learn-coached.png", full=True)
                    shot_taken = True
            assert clicks > 0
            assert page.locator("#comment").count() == 1
            shot(page, "learn-coached-summary.png", full=True)
        finally:
            browser.close()
