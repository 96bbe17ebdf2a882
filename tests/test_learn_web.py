"""The lessons' web face (issue 22, ``/learn``) through Starlette's test client: every page
kind renders for each rule set; answers are judged by the exercises themselves (never by the
page); a malformed answer gets the AnswerError's message and changes nothing; a coached hand
plays to its end through plain POSTs, and its page never holds another seat's concealed tile
or the wall (guide: "Hidden information stays hidden")."""

from __future__ import annotations

import re
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2, not yet on PyPI here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from mahjong_table.engine import PlayerView
from mahjong_table.learn.exercises import generate, kinds_for
from mahjong_table.learn.lessons import lessons
from mahjong_table.learn.model import AnswerError
from mahjong_table.svg import meld_tiles_shown
from mahjong_table.tiles import parse_tiles
from mahjong_table.web.app import create_app
from mahjong_table.web.learn import COOKIE, CoachedHands, _hand_order, learn_mount

RULES = ("hongkong", "chinese", "american")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}")
    with TestClient(app) as c:
        yield c


def site(client: TestClient) -> Any:
    for r in client.app.routes:  # type: ignore[attr-defined]
        if getattr(r, "path", None) == "/learn":
            return r.site
    raise AssertionError("no /learn mount")


def tiles_drawn(html: str) -> list[str]:
    """The tile pictures a page shows, by name (``back`` for a face-down tile)."""
    return re.findall(r'<img class="tile [^"]*" src="/tile/([^"]+)\.svg"', html)


def test_the_lobby_links_to_the_lessons(client: TestClient) -> None:
    assert 'href="/learn/"' in client.get("/").text
    r = client.get("/learn")
    assert r.status_code == 200 and "Learn to play" in r.text
    for rules in RULES:
        assert f'href="/learn/{rules}"' in r.text


@pytest.mark.parametrize("rules", RULES)
def test_every_page_kind_renders_for_each_rule_set(client: TestClient, rules: str) -> None:
    """Issue 22 item 1: the lesson path in the book's order (each lesson citing its
    sections), every screen of every lesson with its tiles drawn, each lesson's exercise
    list, a fresh exercise of every kind the rule set has (a redirect to its seed)."""
    path = client.get(f"/learn/{rules}")
    assert path.status_code == 200
    ls = lessons(rules)
    positions = [path.text.index(f"/learn/{rules}/lesson/{lesson.id}/1") for lesson in ls]
    assert positions == sorted(positions), "the lessons in the book's order"
    for lesson in ls:
        for section in lesson.sections:
            assert section.replace("'", "&#x27;") in path.text
        for n, screen in enumerate(lesson.screens, 1):
            page = client.get(f"/learn/{rules}/lesson/{lesson.id}/{n}")
            assert page.status_code == 200
            first_words = screen.text.split("\n\n")[0][:30]
            assert first_words.replace("'", "&#x27;").replace('"', "&quot;") in page.text
            drawn = tiles_drawn(page.text)
            if screen.tiles:
                assert drawn, f"{lesson.id} screen {n}: its tiles are drawn"
        end = client.get(f"/learn/{rules}/lesson/{lesson.id}/{len(lesson.screens) + 1}")
        assert end.status_code == 200
        for kind in lesson.exercises:
            assert f"/learn/{rules}/practice/{kind}?lesson={lesson.id}" in end.text
    assert client.get(f"/learn/{rules}/lesson/{ls[0].id}/99").status_code == 404
    for kind in kinds_for(rules):
        r = client.get(f"/learn/{rules}/practice/{kind}", follow_redirects=False)
        assert r.status_code == 303
        m = re.fullmatch(rf"/learn/{rules}/exercise/{kind}/(\d+)", r.headers["location"])
        assert m is not None
        page = client.get(r.headers["location"])
        assert page.status_code == 200
        ex = generate(kind, rules, int(m.group(1)))
        assert ex.prompt.split("\n\n")[0][:30].replace("'", "&#x27;").replace(
            '"', "&quot;") in page.text
        if ex.choices:
            assert page.text.count('class="act choice"') == len(ex.choices)
        else:
            assert 'name="answer"' in page.text


@pytest.mark.parametrize("rules", RULES)
def test_the_exercise_judges_the_answer_and_progress_is_kept(client: TestClient,
                                                             rules: str) -> None:
    """Issue 22 items 2 and 4: the page's verdict is the exercise's own (its expected answer
    is right), the explanation is shown, the next exercise has a fresh seed, and the browser's
    progress cookie records it."""
    for kind in kinds_for(rules):
        seed = 7
        ex = generate(kind, rules, seed)
        answer = ex.expected_answer()
        r = client.post(f"/learn/{rules}/exercise/{kind}/{seed}", data={"answer": answer})
        assert r.status_code == 200, r.text
        verdict = ex.check(answer)
        assert verdict.correct
        assert "Right." in r.text
        assert 'id="next-exercise"' in r.text
        assert COOKIE in r.headers.get("set-cookie", "")
    index = client.get("/learn/")
    assert index.status_code == 200


@pytest.mark.parametrize("rules", RULES)
def test_a_malformed_answer_gets_its_message_and_changes_nothing(client: TestClient,
                                                                 rules: str) -> None:
    """Bad input: a malformed answer is the AnswerError's message (400), not a wrong answer:
    no verdict, no progress recorded (no cookie set), the typed answer kept in the box."""
    for kind in kinds_for(rules):
        ex = generate(kind, rules, 3)
        bad = "99" if ex.choices else "5x!"
        with pytest.raises(AnswerError) as err:
            ex.check(bad)
        r = client.post(f"/learn/{rules}/exercise/{kind}/3", data={"answer": bad})
        assert r.status_code == 400
        assert "set-cookie" not in r.headers
        assert "Right." not in r.text and "Not quite." not in r.text
        message = str(err.value).replace("'", "&#x27;").replace('"', "&quot;")
        assert message in r.text


def test_a_lesson_is_done_once_each_of_its_exercises_is_answered_right(
        client: TestClient) -> None:
    """Issue 22 item 4: a lesson with two exercise kinds: after its screens, the first kind
    answered right leads to the second; a wrong answer does not finish it; the second
    answered right marks the lesson done (its mark on the path, the next lesson offered)."""
    lesson = next(x for x in lessons("hongkong") if len(x.exercises) >= 2)
    first, second = lesson.exercises[:2]
    end = f"/learn/hongkong/lesson/{lesson.id}/{len(lesson.screens) + 1}"
    assert client.get(end).status_code == 200
    q = f"?lesson={lesson.id}"
    ex = generate(first, "hongkong", 5)
    r = client.post(f"/learn/hongkong/exercise/{first}/5{q}",
                    data={"answer": ex.expected_answer()})
    assert "Right." in r.text and f"/learn/hongkong/practice/{second}{q}" in r.text
    assert "Lesson done" not in r.text
    ex2 = generate(second, "hongkong", 6)
    wrong = next((c for c in ex2.choices if not ex2.check(c).correct), None)
    if wrong is not None:
        r = client.post(f"/learn/hongkong/exercise/{second}/6{q}", data={"answer": wrong})
        assert "Not quite." in r.text and "Lesson done" not in r.text
    r = client.post(f"/learn/hongkong/exercise/{second}/6{q}",
                    data={"answer": ex2.expected_answer()})
    assert "Lesson done ✓" in r.text and 'class="next-lesson"' in r.text
    path = client.get("/learn/hongkong").text
    assert re.search(rf'<li class="lesson done">[^\n]*?/lesson/{lesson.id}/1"', path)


def test_an_answer_in_glyphs_is_read_through_the_form(client: TestClient) -> None:
    """Bad input / notation: the answer box takes tile glyphs as well as notation (the
    exercise reads them; the form carries them intact); the tile asked for is drawn without
    its name."""
    ex = generate("name-tile", "hongkong", 11)
    tile = ex.tiles[0]
    page = client.get("/learn/hongkong/exercise/name-tile/11")
    assert f"<code>{tile}</code>" not in page.text and f"({tile})" not in page.text
    from mahjong_table.tiles import Tile

    glyph = Tile.parse(tile).glyph
    assert ex.check(glyph).correct
    r = client.post("/learn/hongkong/exercise/name-tile/11", data={"answer": glyph})
    assert r.status_code == 200 and "Right." in r.text


def test_a_changed_progress_cookie_is_ignored(client: TestClient) -> None:
    client.cookies.set(COOKIE, "forged.value", path="/learn")
    r = client.get("/learn/hongkong")
    assert r.status_code == 200 and "✓" not in r.text


def _view_tiles(view: PlayerView) -> tuple[Counter[str], int]:
    """The tiles a seat's view lets it see, and how many face down (others' concealed tiles,
    the hidden outer tiles of concealed kongs)."""
    seen: Counter[str] = Counter(str(t) for t in view.concealed)
    backs = 0
    for s in view.seats:
        if s.player != view.player:
            backs += s.concealed_count
        for m in s.melds:
            for t in meld_tiles_shown(m):
                if t is None:
                    backs += 1
                else:
                    seen[str(t)] += 1
        seen.update(str(t) for t in s.bonus)
        seen.update(str(t) for t in s.discards)
    if view.last_discard is not None:
        seen[str(view.last_discard)] += 1
    return seen, backs


def _choose(html: str, hand: Any) -> dict[str, Any]:
    """The form a learner would send: win, else pass, else discard the drawn tile (else the
    first choice); a Charleston or courtesy pass ticks the tiles of the first legal pass."""
    step = re.search(r'name="step" value="(\d+)"', html)
    assert step is not None, "a decision form"
    if 'name="pass"' in html:
        a = next(x for x in hand.legal_actions() if x.kind.value.endswith("_pass"))
        order = _hand_order(hand.view())
        picks: list[str] = []
        for t in a.tiles:
            picks.append(str(next(i for i, u in enumerate(order)
                                  if u == t and str(i) not in picks)))
        return {"step": step.group(1), "pass": "1", "pick": picks,
                "blind": str(a.number or 0)}
    for cls in ("act-mahjong", "act-pass"):
        m = re.search(rf'class="act {cls}" type="submit" name="action" value="(\d+)"', html)
        if m:
            return {"step": step.group(1), "action": m.group(1)}
    tiles = re.findall(r'class="tile-btn can-discard[^"]*" type="submit" name="action" '
                       r'value="(\d+)"', html)
    if tiles:
        return {"step": step.group(1), "action": tiles[-1]}
    m = re.search(r'name="action" value="(\d+)"', html)
    assert m is not None
    return {"step": step.group(1), "action": m.group(1)}


@pytest.mark.parametrize("rules", RULES)
def test_a_coached_hand_plays_to_its_end_through_posts(client: TestClient, rules: str) -> None:
    """Issue 22 item 3: a coached hand from the lesson path's button, every decision a POST;
    each decision gets the coach's comment; the end shows the summary; the page only ever
    draws what the learner's view holds; a stale or malformed form changes nothing."""
    r = client.post(f"/learn/{rules}/coach", follow_redirects=False)
    assert r.status_code == 303
    url = r.headers["location"]
    entry = site(client).hands.get(url.rsplit("/", 1)[1])
    assert entry is not None
    decisions = 0
    page = client.get(url).text
    checked_stale = checked_pass = False
    while "The hand is over" not in page:
        assert decisions < 400
        view = entry.hand.view()
        seen, backs = _view_tiles(view)
        drawn = Counter(tiles_drawn(page))
        assert drawn.pop("back", 0) == backs
        assert drawn == seen, "the page draws exactly the learner's view"
        form = _choose(page, entry.hand)
        if not checked_stale:
            before = entry.hand.view()
            bad = client.post(url, data={**form, "step": str(int(form["step"]) + 5)})
            assert bad.status_code == 400 and "out of date" in bad.text
            bad = client.post(url, data={"step": form["step"], "action": "x9"})
            assert bad.status_code == 400 and "no such choice" in bad.text
            assert entry.hand.view() == before, "a refused form leaves the hand as it was"
            checked_stale = True
        if "pass" in form and not checked_pass:
            before = entry.hand.view()
            bad = client.post(url, data={**form, "pick": form["pick"][:1]})
            assert bad.status_code == 400 and "not a pass you may make" in bad.text
            assert entry.hand.view() == before
            checked_pass = True
        r = client.post(url, data=form, follow_redirects=False)
        assert r.status_code == 303, r.text
        decisions += 1
        page = client.get(url).text
        assert 'id="comment"' in page, "the coach comments on every decision"
    assert decisions > 0
    assert 'id="summary"' in page
    table, summary = page.split('id="summary"', 1)
    seen, backs = _view_tiles(entry.hand.view())
    drawn = Counter(tiles_drawn(table))
    assert drawn.pop("back", 0) == backs and drawn == seen, "the end shows only the view too"
    score = entry.hand.summary().score
    if score is not None and score.valid:  # and the winning hand, shown at the hand's end
        assert Counter(tiles_drawn(summary)) == Counter(
            str(t) for t in parse_tiles(re.sub(r"[\[\]() ]", "", score.hand)))
    else:
        assert not tiles_drawn(summary)
    if rules == "american":
        assert checked_pass, "the Charleston was passed through the page's check boxes"
    assert client.post(url, data={"step": "0", "action": "0"}).status_code == 400


def test_coached_hands_are_bounded_and_expire() -> None:
    now = [0.0]
    hands = CoachedHands(limit=2, ttl=10, clock=lambda: now[0])
    a = hands.new("hongkong", 1)
    now[0] = 1
    b = hands.new("hongkong", 2)
    now[0] = 2
    assert hands.get(a) is not None  # a is touched: b is now the one left alone longest
    c = hands.new("hongkong", 3)
    assert len(hands) == 2 and hands.get(b) is None and hands.get(c) is not None
    now[0] = 30
    assert hands.get(a) is None and len(hands) == 0


def test_a_gone_hand_says_so(client: TestClient) -> None:
    r = client.get("/learn/hand/nope")
    assert r.status_code == 404 and "gone" in r.text


def test_learn_mount_stands_alone() -> None:
    mount = learn_mount(lambda: "secret")
    assert mount.path == "/learn"


def test_bad_addresses_are_named_not_found(client: TestClient) -> None:
    """Bad input: an unknown rule set, lesson, kind (or one the rule set does not have, as
    the card's lines outside American play) or a seed that is not a number is a 404 naming
    it."""
    assert client.get("/learn/riichi").status_code == 404
    assert client.get("/learn/hongkong/lesson/nope/1").status_code == 404
    r = client.get("/learn/hongkong/practice/nearest-line", follow_redirects=False)
    assert r.status_code == 404 and "no such exercise" in r.text
    assert client.get("/learn/hongkong/exercise/name-tile/abc").status_code == 404
    assert client.post("/learn/riichi/coach").status_code == 404


@pytest.mark.parametrize("rules", ["hongkong", "american"])
def test_a_name_tile_question_names_its_tile_nowhere_in_the_page(client: TestClient,
                                                                rules: str) -> None:
    """Issue 22 (name this tile): the page draws the picture alone. Its notation and name
    are nowhere in the page, not even in the picture's address (/tile/5s.svg) or inside the
    picture (the SVG's title and label), which a learner sees when opening it alone."""
    import base64

    from mahjong_table.tiles import Tile

    for seed in range(11, 16):
        t = Tile.parse(generate("name-tile", rules, seed).tiles[0])
        html = client.get(f"/learn/{rules}/exercise/name-tile/{seed}").text
        body = html[html.index("<section class=\"exercise\">"):html.index("</form>")]
        assert f"/tile/{t}.svg" not in body and t.name not in body
        assert not re.search(rf"\b{t}\b", body)
        srcs = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', body)
        assert len(srcs) == 1 and t.glyph in body
        svg = base64.b64decode(srcs[0]).decode()
        words = " ".join(re.findall(r">([^<]*)<", svg))  # the picture's text (its corner
        assert "<svg" in svg and str(t) not in words  # index is art, as on a real tile)
        assert t.name not in svg and f"{t} " not in svg and f"{t})" not in svg
