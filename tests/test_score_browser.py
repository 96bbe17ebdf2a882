"""Issue 47 end to end: the score calculator's page in Debian's Chromium at phone size
(390 x 844), against a real ``mahjong-table serve``.

For each rule set, the hands of tests/score_cases.py (Hong Kong: the shared score cases; MCR
and American: hands built there) are tapped in on the page's tile keyboard as a person would
(the rule set, the groups, the winning tile, how it came, the winds, the bonus tiles, the
circumstances) and the result the page shows must be exactly what ``mahjong-table score
--json`` prints for the same hand: the exit status, every field of the JSON object, the
error line. Three times: scored by the server (the page's Pyodide blocked), scored in the
page by the package's own code in Pyodide, and the same with the network cut
(``context.set_offline(True)``) after the first load, the page itself then served by its
service worker. A link the page gives reopens the same hand, online and offline; the page is
installable (Chromium's own check); every control is at least 44 px; the keyboard plays it;
every tile button has a screen-reader label; Italian, also offline; a card file loaded by
the person is kept and scored as ``--card FILE`` scores it.

Screenshots go to test-artifacts/ (``MAHJONG_TABLE_DOC_SHOTS=1``: docs/, where copies are
kept), the timings to test-artifacts/score-timings.json. Needs Playwright, a Chromium and
the Pyodide runtime (``make web-runtime``); outside CI the test is skipped without them.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from score_cases import AMERICAN, HONGKONG, MCR, Case, cli
from test_web_browser import ARGS, CHROMIUM, IN_CI, ServerProcess, _need, free_port

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
SHOTS = ROOT / ("docs" if os.environ.get("MAHJONG_TABLE_DOC_SHOTS") == "1" else "test-artifacts")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 1}
#: the runtime of the source tree (the compiled build's package, on PYTHONPATH, has none)
SOURCE_RUNTIME = ROOT / "src" / "mahjong_table" / "web" / "pyodide"
TIMINGS: dict[str, Any] = {}
#: the command's answers, asked once per case
ANSWERS: dict[str, tuple[int, Any, str]] = {}


def _runtime() -> Path:
    from mahjong_table.web import runtime

    found = runtime.runtime_dir()
    if found is None and (SOURCE_RUNTIME / runtime.MARKER).is_file():
        os.environ[runtime.ENV] = str(SOURCE_RUNTIME)
        found = runtime.runtime_dir()
    if found is None:
        why = runtime.missing_reason()
        if IN_CI:
            pytest.fail(f"CI=true but {why}")
        pytest.skip(why)
    return found


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    _need()
    from mahjong_table.web import runtime

    folder = _runtime()
    old = os.environ.get(runtime.ENV)
    os.environ[runtime.ENV] = str(folder)
    srv = ServerProcess(f"sqlite:///{tmp_path_factory.mktemp('score') / 'score.db'}",
                        free_port())
    try:
        srv.start()
        yield srv
    finally:
        if old is None:
            os.environ.pop(runtime.ENV, None)
        else:
            os.environ[runtime.ENV] = old
        if srv.proc is not None:
            srv.proc.terminate()
            srv.proc.wait(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    _need()
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    try:
        yield b
    finally:
        b.close()
        pw.stop()


def shot(page: Any, name: str, *, full: bool = True) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=full)


def answer(case: Case) -> tuple[int, Any, str]:
    if case.id not in ANSWERS:
        ANSWERS[case.id] = cli(case.command)
    return ANSWERS[case.id]


# ----- a person at the page ------------------------------------------------------------------

_TOKEN = re.compile(r"\[[^\]]*\]|\([^)]*\)|[^\[\]()\s]+")


def tiles_of(text: str) -> list[str]:
    return [d + m.group(2) for m in re.finditer(r"(\d+)([mpszfgj])", text)
            for d in m.group(1)]


def meld_kind(tiles: list[str], bracket: str) -> str:
    if bracket == "(":
        return "ckong"
    if len(set(tiles)) == 1 and len(tiles) in (3, 4):
        return "pung" if len(tiles) == 3 else "kong"
    suits = {t[-1] for t in tiles}
    ranks = [int(t[:-1]) for t in tiles]
    if len(tiles) == 3 and len(suits) == 1 and suits <= set("mps") \
            and ranks == [ranks[0], ranks[0] + 1, ranks[0] + 2]:
        return "chow"
    return "group"


def wait_done(page: Any) -> None:
    page.wait_for_function("document.body.dataset.busy === '0'", timeout=120_000)


def press(page: Any, selector: str) -> None:
    loc = page.locator(selector)
    if loc.get_attribute("aria-pressed") != "true":
        loc.click()


def tap(page: Any, rules: str, tile: str) -> None:
    """Tap ``tile``'s key, first its tab when another is open (as the page shows it)."""
    suit = tile[-1]
    tab = suit if suit in "mpsz" else ("j" if rules == "american" else "b")
    key = page.locator(f'#keys-{tab} .key[data-tile="{tile}"]')
    if not key.is_visible():
        page.locator(f'.tab[data-tab="{tab}"]').click()
    key.click()


def typeable(case: Case) -> bool:
    """Whether a person can tap the hand in: no tile beyond its copies (the keys stop at
    four), every exposed chow a chow (the chow key makes one from its first tile)."""
    counts: dict[str, int] = {}
    for t in tiles_of(case.hand):
        counts[t] = counts.get(t, 0) + 1
    if any(n > (8 if t[-1] in "fj" else 4) for t, n in counts.items()):
        return False
    for token in _TOKEN.findall(case.hand):
        if token[0] == "[" and case.rules != "american" \
                and meld_kind(tiles_of(token), "[") == "group":
            return False
    return True


def enter(page: Any, case: Case) -> None:
    """Set the page to ``case`` as a person would: the rule set, Clear, the groups tapped
    (or, for a hand no keyboard can make, typed in notation), the bonus tiles, the winning
    tile, the winds, the circumstances and how the tile came."""
    press(page, f'#rules .opt[data-value="{case.rules}"]')
    page.locator("#clear").click()
    if typeable(case):
        for token in _TOKEN.findall(case.hand):
            tiles = tiles_of(token)
            if token[0] in "[(":
                kind = meld_kind(tiles, token[0])
                if kind == "group":
                    page.locator('#modes .opt[data-value="group"]').click()  # a new exposure
                    for t in tiles:
                        tap(page, case.rules, t)
                else:
                    press(page, f'#modes .opt[data-value="{kind}"]')
                    tap(page, case.rules, tiles[0])
            else:
                press(page, '#modes .opt[data-value="hand"]')
                for t in tiles:
                    tap(page, case.rules, t)
        press(page, '#modes .opt[data-value="hand"]')
    else:
        box = page.locator("#notation")
        box.fill(case.hand)
        box.press("Enter")
    for t in tiles_of(case.option("--bonus") or ""):
        tap(page, case.rules, t)
    win = case.option("--win-tile")
    page.locator("#win-tile").select_option(win or "")
    press(page, f'[data-group="seat"] .opt[data-value="{case.option("--seat-wind") or "E"}"]')
    if case.rules != "american":
        press(page, f'[data-group="round"] .opt[data-value="{case.option("--round-wind") or "E"}"]')
    for box in page.locator('input[name="extra"]').all():
        if not box.is_visible():
            continue
        want = case.flag("--" + (box.get_attribute("value") or ""))
        if box.is_checked() != want:
            box.click()
    discarder = case.option("--discarder")
    if case.flag("--self-drawn"):
        press(page, '[data-group="from"] .opt[data-value="self"]')
    elif discarder:
        press(page, f'[data-group="from"] .opt[data-value="{discarder}"]')
    elif not any(case.flag(f) for f in ("--heavenly", "--kong-replacement", "--earthly",
                                         "--joker-exchange")):
        seats = "ESWN"
        before = seats[(seats.index(case.option("--seat-wind") or "E") + 3) % 4]
        press(page, f'[data-group="from"] .opt[data-value="{before}"]')
    wait_done(page)


def shown(page: Any) -> tuple[int, Any, str]:
    """What the page shows: the exit status, the JSON object (None for status 2) and the
    error line (status 2)."""
    status = int(page.locator("#result").get_attribute("data-exit") or "-1")
    text = page.locator("#json").text_content() or ""
    if status == 2:
        return status, None, text
    return status, json.loads(text), ""


def check(page: Any, case: Case, engine: str) -> float:
    """The page's result for ``case`` is the command's, scored by ``engine``; the time the
    page took (ms)."""
    status, data, err = answer(case)
    got = shown(page)
    assert page.locator("#engine").get_attribute("data-engine") == engine, case.id
    assert got[0] == status, (case.id, got, err)
    assert got[1] == data, case.id
    if status == 2:
        assert got[2] == err, case.id
    else:
        items = page.locator("#result li.item")
        if status == 0:
            assert items.count() == len(data["items"]), case.id
            for seat, value in data["payments"].items():
                cell = page.locator(f'#result .payments td[data-seat="{seat}"]')
                assert cell.inner_text() == (f"+{value}" if value > 0 else str(value))
            total = data.get("fan", data.get("points"))
            summary = page.locator("#summary").inner_text()
            if data.get("limit"):  # a limit hand's line names its limit, as the result does
                limit = page.locator("#result .limit").inner_text()
                assert limit.startswith("Limit hand: ") and summary.startswith(limit), case.id
                assert f"base {data['base']}" in summary, case.id
            else:
                assert str(total) in summary, case.id
        else:
            assert items.count() == 0
            assert page.locator("#result .reason").inner_text()
    return float(page.locator("#engine").get_attribute("data-ms") or "nan")


def enter_and_check(page: Any, cases: list[Case], engine: str) -> list[float]:
    times = []
    for case in cases:
        enter(page, case)
        times.append(check(page, case, engine))
    return times


#: the script errors of every page opened (none is allowed)
ERRORS: list[str] = []


def open_page(context: Any, base: str, query: str = "") -> Any:
    page = context.new_page()
    page.on("pageerror", lambda e: ERRORS.append(str(e)))
    page.goto(base + "/score" + query)
    wait_done(page)
    return page


#: a hand of each rule set for the pictures: the page's top (the hand and the keyboard)
#: and its result
SHOWN = {"hongkong": HONGKONG[3], "mcr": MCR[10], "american": AMERICAN[5]}
#: a refusal for the pictures: 6 fan, under MCR's 8
REFUSED = MCR[5]


def pictures(page: Any, rules: str) -> None:
    enter(page, SHOWN[rules])
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"score-{rules}.png", full=False)
    page.evaluate("document.querySelector('#result').scrollIntoView({block: 'start'})")
    shot(page, f"score-{rules}-result.png", full=False)


# ----- the tests ------------------------------------------------------------------------------


def test_every_rule_set_scored_by_the_server_when_the_page_cannot(
        server: ServerProcess, browser: Any) -> None:
    """The page's Pyodide blocked (and no service worker): the server scores, the same."""
    base = f"http://127.0.0.1:{server.port}"
    context = browser.new_context(**PHONE, service_workers="block")
    context.route("**/score/pyodide/**", lambda route: route.abort())
    try:
        page = open_page(context, base)
        page.wait_for_function("document.body.dataset.engineStatus === 'failed'",
                               timeout=60_000)
        times = []
        for cases in (HONGKONG[:4], MCR[:4], AMERICAN[:4]):
            times += enter_and_check(page, cases, "server")
        assert "scored by the server" in page.locator("#engine").inner_text()
        TIMINGS["server_score_ms_median"] = statistics.median(times)
        assert not ERRORS
    finally:
        context.close()


def test_every_rule_set_in_the_page_online_and_offline(server: ServerProcess,
                                                       browser: Any) -> None:
    base = f"http://127.0.0.1:{server.port}"
    context = browser.new_context(**PHONE)
    # the runtime's files as the first visit got them: from the network or the service worker
    runtime: list[tuple[str, bool]] = []
    context.on("response", lambda r: runtime.append((r.url.rsplit("/", 1)[-1],
                                                     r.from_service_worker))
               if "/score/pyodide/" in r.url else None)
    try:
        start = time.monotonic()
        page = open_page(context, base, "?rules=hongkong&hand=234s567p777z111z88m&win=1z"
                                        "&seat=S&from=W")
        TIMINGS["first_result_s"] = time.monotonic() - start
        assert page.locator("#engine").get_attribute("data-engine") == "server"
        check(page, HONGKONG[0], "server")
        page.wait_for_function("document.body.dataset.engineStatus === 'ready' && "
                               "document.body.dataset.sw === 'ready'", timeout=180_000)
        TIMINGS["offline_ready_s"] = time.monotonic() - start
        TIMINGS["worker_ready_ms"] = float(page.evaluate("document.body.dataset.workerMs"))
        TIMINGS["worker_steps_ms"] = json.loads(page.evaluate(
            "document.body.dataset.workerSteps"))
        # a phone downloads the 13.5 MB once: the service worker's install fetches each
        # runtime file from the network, the page's Pyodide worker then gets it from the cache
        wasm = [from_sw for name, from_sw in runtime if name.startswith("pyodide.asm.wasm")]
        assert sorted(wasm) == [False, True], runtime
        fetched = [name for name, from_sw in runtime if not from_sw]
        assert len(fetched) == len(set(fetched)), runtime
        assert page.locator('link[rel="manifest"]').count() == 1
        # Chromium's own installability check: a Playwright context is an incognito
        # profile, which no web app installs into; nothing else may be wrong
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"].endswith("/score/manifest.webmanifest")
        assert manifest["errors"] == [], manifest["errors"]

        online: dict[str, list[float]] = {}
        for rules, cases in (("hongkong", HONGKONG), ("mcr", MCR), ("american", AMERICAN)):
            online[rules] = enter_and_check(page, cases, "page")
            pictures(page, rules)
            if rules == "mcr":  # a refusal names why: under MCR's 8 fan
                enter(page, REFUSED)
                check(page, REFUSED, "page")
                assert "8" in page.locator("#result .reason").inner_text()
                page.evaluate("window.scrollTo(0, 0)")
                shot(page, "score-refused.png", full=False)
            # the link reopens the same hand, in another page
            link = page.locator("#link").input_value()
            other = context.new_page()
            other.on("pageerror", lambda e: ERRORS.append(str(e)))
            other.goto(link)
            wait_done(other)
            assert shown(other) == shown(page)
            other.close()
        TIMINGS["page_score_ms_median"] = statistics.median(
            [t for ts in online.values() for t in ts])

        # the network cut: the page, its runtime and the package come from the cache
        context.set_offline(True)
        start = time.monotonic()
        page.reload()
        page.wait_for_function("document.body.dataset.engineStatus === 'ready'",
                               timeout=120_000)
        TIMINGS["offline_reload_ready_s"] = time.monotonic() - start
        TIMINGS["offline_worker_steps_ms"] = json.loads(page.evaluate(
            "document.body.dataset.workerSteps"))
        offline = []
        for cases in (HONGKONG, MCR, AMERICAN):
            offline += enter_and_check(page, cases, "page")
        # (the words say "Offline" where the browser knows it is: Playwright's emulated
        # network cut leaves navigator.onLine true, so the page only knows it scores itself)
        assert "in this page" in page.locator("#engine").inner_text()
        TIMINGS["offline_score_ms_median"] = statistics.median(offline)
        enter(page, SHOWN["hongkong"])
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, "score-offline.png", full=False)
        link = page.locator("#link").input_value()
        other = context.new_page()
        other.on("pageerror", lambda e: ERRORS.append(str(e)))
        other.goto(link)  # a shared link opened with no network
        other.wait_for_function("document.body.dataset.engineStatus === 'ready'",
                                timeout=120_000)
        wait_done(other)
        assert shown(other) == shown(page)
        assert not ERRORS
    finally:
        context.close()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "score-timings.json").write_text(json.dumps(TIMINGS, indent=2) + "\n")


def test_phone_size_labels_and_the_keyboard(server: ServerProcess, browser: Any) -> None:
    """At 390 px every control is at least 44 px each way and nothing is wider than the
    screen; every tile button names its tile for a screen reader; the keyboard alone taps a
    hand in (Tab, arrows, Enter)."""
    base = f"http://127.0.0.1:{server.port}"
    context = browser.new_context(**PHONE)
    try:
        for rules in ("hongkong", "mcr", "american"):
            page = open_page(context, base, f"?rules={rules}&hand=123m456p")
            small = page.evaluate("""() => {
              const out = [];
              const sel = 'button, select, input:not([type=checkbox]):not([type=file]), '
                + '.check, .lang-switch a, summary, .file';
              for (const el of document.querySelectorAll(sel)) {
                const r = el.getBoundingClientRect();
                if (!r.width || !r.height || el.closest('[hidden]')) continue;
                if (r.width < 44 || r.height < 44) out.push(el.outerHTML.slice(0, 80) + ' '
                  + r.width + 'x' + r.height);
              }
              return out;
            }""")
            assert small == [], small
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= 390
            labels = page.evaluate("""() => Array.from(document.querySelectorAll(
              '.key, .htile, .meld')).map(b => b.getAttribute('aria-label') || '')""")
            assert labels and all(labels), labels
            assert "5 Circles" in labels and "Remove 1 Characters" in labels
            assert "Remove 6 Circles, the winning tile" in labels
            page.close()
        page = open_page(context, base, "?rules=hongkong")
        page.locator('.tab[data-tab="m"]').focus()
        page.keyboard.press("ArrowRight")  # to the circles
        assert page.evaluate("document.activeElement.dataset.tab") == "p"
        page.keyboard.press("Tab")  # into its keys
        assert page.evaluate("document.activeElement.dataset.tile") == "1p"
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
        wait_done(page)
        assert page.locator("#notation").input_value() == "33p"
        focused = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert focused != "none"
        box = page.locator("#notation")  # the hand typed in the project's notation
        box.fill("123m456p789s111z2z")
        box.press("Enter")
        wait_done(page)
        assert page.locator("#result").get_attribute("data-exit") == "1"
        assert page.locator("#result .completions .htile").count() == 1
        page.evaluate("document.querySelector('#result').scrollIntoView({block: 'center'})")
        shot(page, "score-missing.png", full=False)
        page.locator("#result .completions .htile").click()  # the tile that completes it
        wait_done(page)
        assert page.locator("#result").get_attribute("data-exit") == "0"
        # the tile was added as the winning tile (the notation runs one suit's digits on)
        assert page.locator("#notation").input_value() == "123m456p789s11122z"
        assert page.locator("#win-tile").input_value() == ""  # the last tile added: 2z
        assert page.locator("#groups .htile.win").get_attribute("data-tile") == "2z"
        page.locator("#undo").click()
        wait_done(page)
        assert page.locator("#notation").input_value() == "123m456p789s1112z"
    finally:
        context.close()


def test_italian_also_offline_and_a_persons_card(server: ServerProcess, browser: Any,
                                                tmp_path: Path) -> None:
    from mahjong_table.rules.american.card import practice_card_text

    base = f"http://127.0.0.1:{server.port}"
    context = browser.new_context(**PHONE, locale="it-IT",
                                  extra_http_headers={"Accept-Language": "it-IT,it;q=0.9"})
    try:
        page = open_page(context, base)
        assert page.locator("h1").inner_text() == "Calcola il punteggio"
        page.wait_for_function("document.body.dataset.engineStatus === 'ready' && "
                               "document.body.dataset.sw === 'ready'", timeout=180_000)
        enter(page, MCR[0])
        check(page, MCR[0], "page")
        assert page.locator("#result li.item .name").first.inner_text() == "Scala pura"
        assert "Pagamenti" in page.locator("#result").inner_text()
        assert page.locator('.key[data-tile="5p"]').get_attribute("aria-label") == "5 Cerchi"
        page.evaluate("document.querySelector('#result').scrollIntoView({block: 'start'})")
        shot(page, "score-italian.png", full=False)

        # a card of the person's own: kept in the browser, scored as --card FILE scores it
        mine = practice_card_text().replace("kong of North)  X 25", "kong of North)  X 40", 1)
        path = tmp_path / "mia.card"
        path.write_text(mine, "utf-8")
        case = AMERICAN[0]
        enter(page, case)
        page.locator("#card-file").set_input_files(str(path))
        page.wait_for_function("document.querySelector('#card-name').textContent"
                               ".includes('mia.card')")
        wait_done(page)
        status, data, _err = cli([*case.command, "--card", str(path)])
        assert shown(page)[:2] == (status, data) and data["points"] == 40

        context.set_offline(True)
        page.reload()
        page.wait_for_function("document.body.dataset.engineStatus === 'ready'",
                               timeout=120_000)
        wait_done(page)
        assert page.locator("h1").inner_text() == "Calcola il punteggio"
        assert shown(page)[:2] == (status, data)  # the card is still the person's
        page.locator("#card-practice").click()
        wait_done(page)
        assert shown(page)[:2] == answer(case)[:2]
        # the switch to English offline: the page kept for English
        page.locator('.lang-switch a[data-lang="en"]').click()
        page.wait_for_function("document.documentElement.lang === 'en' && "
                               "document.body.dataset.engineStatus === 'ready'",
                               timeout=120_000)
        wait_done(page)
        assert page.locator("h1").inner_text() == "Score a hand"
        assert shown(page)[:2] == answer(case)[:2]
        assert not ERRORS
    finally:
        context.close()
