"""Issue 18 end to end in Chromium: two people and two bots in one room (short clocks, bot
delay 0): both pick nicknames; a chat message each way; one person's page is closed mid-hand
and a bot takes the seat within the clock; the person reopens the link and takes the seat
back; the hand ends, everyone sees every hand face up, both press Ready, the next hand
starts; the game (two hands) ends and "Play again" starts a second game in the same room
with the same links. Screenshots go to test-artifacts/ (not tracked)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from test_web_browser import ARGS, CHROMIUM, ServerProcess, server  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-artifacts"


def step(page: Any) -> bool:
    for sel in (".act-mahjong:not(.act-false)", ".act-pass", ".tile-btn.drawn-tile.can-discard",
                ".tile-btn.can-discard"):
        loc = page.locator(sel)
        if loc.count():
            try:
                loc.last.click(timeout=500)
            except Exception:
                return False
            return True
    return False


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def test_a_room_plays_through_away_ready_and_play_again(
        server: ServerProcess) -> None:  # noqa: F811
    import httpx
    from playwright.sync_api import sync_playwright

    base = f"http://127.0.0.1:{server.port}"
    form = {"rules": "hongkong", "seat0": "human", "seat1": "human", "seat2": "efficiency",
            "seat3": "efficiency", "max_hands": "2", "seed": "room-1", "practice_deal": "1",
            "claim_seconds": "2", "claim_pause": "0.1", "bot_delay": "0", "turn_seconds": "3",
            "ready_seconds": "30", "away_after": "2"}
    r = httpx.post(f"{base}/tables", data=form)
    assert r.status_code == 201
    links = [r.text.split(f'data-seat="{i}" href="')[1].split('"')[0] for i in (0, 1)]
    t0 = time.monotonic()
    deadline = t0 + 55
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            ctxs = [browser.new_context(viewport={"width": 1200, "height": 760}) for _ in links]
            pages = [c.new_page() for c in ctxs]
            for p, link in zip(pages, links, strict=True):
                p.goto(link)
                p.wait_for_selector("body.online", timeout=15000)
            ann, bo = pages
            for p, nick in ((ann, "Ann"), (bo, "Bo <3")):
                p.fill("#nick", nick)
                p.click("#nick-form button")
            ann.wait_for_function("document.getElementById('seat-right').innerText.includes"
                                  "('Bo <3')", timeout=5000)
            assert "Ann (you)" in ann.locator("#seat-bottom").inner_text()
            ann.fill("#chat-text", "hello <b>Bo</b>")
            ann.click("#chat-form button")
            bo.wait_for_selector("#chat-log li", timeout=5000)
            assert "hello <b>Bo</b>" in bo.locator("#chat-log").inner_text()
            assert bo.locator("#chat-log b b").count() == 0, "chat is text, never markup"
            bo.fill("#chat-text", "hi Ann")
            bo.click("#chat-form button")
            ann.wait_for_function("document.getElementById('chat-log').innerText.includes"
                                  "('hi Ann')", timeout=5000)
            for _ in range(6):  # play a little
                for p in pages:
                    step(p)
                ann.wait_for_timeout(80)
            shot(ann, "room-play.png")

            # Bo's page closes mid-hand: a bot takes the seat within the clock
            ctxs[1].close()
            until = time.monotonic() + 6
            while "is away" not in ann.locator("#away-box").inner_text():
                assert time.monotonic() < until, "the bot did not take the seat"
                step(ann)
                ann.wait_for_timeout(100)
            shot(ann, "room-away.png")
            ctxs[1] = browser.new_context(viewport={"width": 1200, "height": 760})
            bo = ctxs[1].new_page()
            pages[1] = bo
            bo.goto(links[1])
            bo.wait_for_selector("#take-back", timeout=10000)
            bo.click("#take-back")
            bo.wait_for_selector("#take-back", state="detached", timeout=5000)

            # the hand ends: every hand face up, both press Ready, the next hand starts
            while not ann.locator("#final-hands").count():
                assert time.monotonic() < deadline, "the hand did not end"
                if not (step(ann) or step(bo)):
                    ann.wait_for_timeout(50)
            bo.wait_for_selector("#final-hands", timeout=5000)
            assert ann.locator("#final-hands .final-hand").count() == 4
            shot(ann, "room-hand-end.png")
            for p in pages:
                p.click("#ready-btn")
            ann.wait_for_function("document.getElementById('info').innerText.includes"
                                  "('Hand 2')", timeout=10000)
            assert not ann.locator("#final-hands").count()

            while not ann.locator("#play-again").count():
                assert time.monotonic() < deadline, "the game did not end"
                if not (step(ann) or step(bo)):
                    ann.wait_for_timeout(50)
                if ann.locator("#ready-btn").count():
                    ann.click("#ready-btn")
            shot(ann, "room-game-end.png")
            ann.click("#play-again")
            for p in pages:
                p.wait_for_function("document.getElementById('history-list').children.length"
                                    " === 2", timeout=10000)
            assert "Hand 1" in ann.locator("#info").inner_text()
            assert "Ann (you)" in ann.locator("#seat-bottom").inner_text()
            assert "Bo <3 (you)" in bo.locator("#seat-bottom").inner_text()
        finally:
            browser.close()
    assert time.monotonic() - t0 < 60
