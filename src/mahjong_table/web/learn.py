"""The web face of the lessons (issue 22): ``/learn`` on ``mahjong-table serve``.

Pages (server-rendered HTML, plain forms: everything works without JavaScript):

- ``GET /learn/``: the three rule sets, each with its lessons done and what to practise next.
- ``GET /learn/RULES``: the rule set's lesson path in its book's order, each lesson with its
  progress mark and the book sections it cites; the exercise kinds to practise; a button
  that starts a coached hand.
- ``GET /learn/RULES/lesson/ID/N``: screen N (from 1) of lesson ID, its tiles drawn as the
  web table draws them (``/tile/NAME.svg``); after the last screen, the lesson's exercises.
- ``GET /learn/RULES/practice/KIND``: a fresh exercise of KIND (a new random seed: a
  redirect to the exercise's own address, so that it can be reloaded and shared).
- ``GET|POST /learn/RULES/exercise/KIND/SEED``: the exercise generated from SEED and its
  answer form (a text box that takes the project's tile notation or tile glyphs, or one
  button per choice); the POST shows the verdict with the engine's explanation, or the
  message of a malformed answer (status 400: not counted, nothing changes).
- ``POST /learn/RULES/coach``: starts a coached hand and redirects to it.
- ``GET|POST /learn/hand/ID``: the coached hand: the table from the learner's seat (the
  learner's own tiles, every seat's exposed melds, bonus tiles and discards, the others'
  concealed tiles face down), the legal actions as buttons (a discard is a click on the tile),
  after each decision the coach's comment, at the end the hand's summary.
- ``GET /learn/static/learn.css``: the pages' style sheet.

Only the lessons' core (:mod:`mahjong_table.learn`) decides anything: the exercises check the
answers, the coach plays the hand and comments; this module renders and routes.

Progress is kept per browser in a signed cookie (``mt_learn``, itsdangerous with the
server's own secret, the same secret the seat links are signed with): it is read on the
server, so the lesson path shows its marks without JavaScript, survives a server restart
and works with several server processes (no server-side table of browsers to share); the
signature means a page can trust what it reads back (a tampered cookie is ignored, as if
new). The cookie holds only the learner's progress (a few hundred bytes, compressed).

Coached hands are short practice hands kept in this process's memory
(:class:`CoachedHands`): keyed by a random, unguessable id in the page's address, forgotten
after :data:`HAND_TTL` seconds without a move, at most :data:`MAX_HANDS` at once (the one
left alone longest goes first). A server restart forgets them; with several server
processes, the hand's requests must reach the process that holds it (a sticky balancer),
or the page says the hand is gone and offers a new one.
"""

from __future__ import annotations

import asyncio
import base64
import importlib
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from importlib import resources
from urllib.parse import parse_qsl

from itsdangerous import BadSignature, URLSafeSerializer
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route

from ..engine import Action, ActionKind, PlayerView
from ..i18n import N_, _, language, ngettext
from ..learn import exercises as _exercises
from ..learn.books import citation
from ..learn.coach import CoachedHand, Comment, HandSummary
from ..learn.lessons import lessons
from ..learn.model import AnswerError, Exercise, Lesson, Verdict, shown_name
from ..learn.progress import Progress, next_step
from ..melds import Meld
from ..names import tile_name, wind_letter, wind_name
from ..rules import get_rule_set
from ..svg import meld_tiles_shown, tile_alt, tile_svg
from ..tiles import NotationError, Tile, parse_tiles
from ..tui.line import describe_action

__all__ = ["COOKIE", "HAND_TTL", "MAX_HANDS", "CoachedHands", "LearnSite", "learn_mount",
           "tile_rows_html"]

#: the rule sets that have lessons, in the order the pages list them
RULES = ("hongkong", "chinese", "american")
#: the progress cookie's name, its lifetime (seconds: a year) and the largest one read back
COOKIE = "mt_learn"
COOKIE_AGE = 365 * 24 * 3600
MAX_COOKIE = 3800
#: coached hands kept at once, and the seconds one is kept after its last move
MAX_HANDS = 200
HAND_TTL = 30 * 60.0
#: the largest answer form read (bytes)
MAX_FORM = 4096

#: the rule sets' titles (``RuleSet.title``), marked here for the catalogue: shown translated
_RULE_TITLES = (N_("Hong Kong (Mahjong Time)"), N_("Chinese (booklet 001 Part two)"),
                N_("American (NMJL style)"))


def _title(rules: str) -> str:
    return _(get_rule_set(rules).title)


# ----- tiles ----------------------------------------------------------------------------------

_GROUP = re.compile(r"\[[^\]]*\]|\([^)]*\)|[^\[\]()\s]+")


def _img(t: Tile | None, cls: str = "small", *, reveal: bool = True) -> str:
    if t is None:
        back = escape(_("face-down tile"))
        return f'<img class="tile {cls}" src="/tile/back.svg" alt="{back}">'
    if not reveal:  # the question is the tile's name: its picture's text is its glyph only
        return f'<img class="tile {cls}" src="{_picture_only_src(t)}" alt="{t.glyph}">'
    return (f'<img class="tile {cls}" src="/tile/{t}.svg" alt="{escape(tile_alt(t))}" '
            f'title="{escape(tile_name(t))} ({t})">')


def _picture_only_src(t: Tile) -> str:
    """The tile's picture as a data address that names it nowhere: not /tile/5s.svg (its
    address, shown when the picture is opened alone or long-pressed, is the answer), and
    without the SVG's title and label, which give its notation and name."""
    svg = re.sub(r"<title>.*?</title>", "", tile_svg(t), flags=re.S)
    svg = re.sub(r'aria-label="[^"]*"', f'aria-label="{t.glyph}"', svg)
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")


def tile_rows_html(rows: Sequence[str], captions: Sequence[str] = (), *,
                   cls: str = "hand", reveal: bool = True, open_kongs: bool = False) -> str:
    """Rows of tiles written in the project's hand notation (``"123m 555z"``,
    ``"[777z] (1111s) 11p"``), each drawn with the web table's tile pictures: a group written
    together stays together, an exposed meld ``[...]`` is framed, a concealed kong ``(...)``
    shows its outer tiles face down. ``captions``: one line under each row (or none). A row
    that cannot be read is shown as its text (the lessons' tests keep them readable).
    ``reveal=False`` (an exercise that asks for the tiles' names) leaves out the notation
    under the row and gives each picture only its glyph as text; ``open_kongs`` shows a
    concealed kong's four tiles (a winning hand laid down)."""
    out = ['<div class="tile-rows">']
    for i, row in enumerate(rows):
        caption = captions[i] if i < len(captions) else ""
        groups: list[str] = []
        try:
            for m in _GROUP.finditer(row):
                g = m.group(0)
                if g[0] in "[(":
                    tiles: list[Tile | None] = list(parse_tiles(g[1:-1]))
                    if g[0] == "(" and len(tiles) == 4 and not open_kongs:
                        tiles[0] = tiles[3] = None
                    inner = "".join(_img(t, cls, reveal=reveal) for t in tiles)
                    kind = "exposed" if g[0] == "[" else "concealed"
                    groups.append(f'<span class="tiles meld {kind}" title="{escape(g)}">'
                                  f'{inner}</span>')
                else:
                    groups.append('<span class="tiles">' + "".join(
                        _img(t, cls, reveal=reveal) for t in parse_tiles(g)) + "</span>")
            drawn = "".join(groups)
        except NotationError:
            drawn = f"<code>{escape(row)}</code>"
        label = f' aria-label="{escape(caption)}"' if caption else ""
        words = [f"<code>{escape(row)}</code>"] if reveal else []
        if caption:
            words.append(escape(caption))
        under = f"<figcaption>{' · '.join(words)}</figcaption>" if words else ""
        out.append(f'<figure class="tile-row"{label}><div class="row-tiles">{drawn}</div>'
                   f"{under}</figure>")
    out.append("</div>")
    return "".join(out)


# ----- pages ----------------------------------------------------------------------------------

_ICON = ("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 32'%3E"
         "%3Crect x='1' y='1' width='22' height='30' rx='3' fill='%23f6f1e3' stroke='%23333'/%3E"
         "%3Ccircle cx='12' cy='16' r='6' fill='%23c0392b'/%3E%3C/svg%3E")


def _page(title: str, body: str, *, crumbs: Sequence[tuple[str, str]] = (),
          cls: str = "") -> str:
    where, tables, learn = _("where you are"), _("Tables"), _("Learn")
    nav = [f'<nav class="crumbs" aria-label="{escape(where)}"><a href="/">'
           f'{escape(tables)}</a> › <a href="/learn/">{escape(learn)}</a>']
    for href, text in crumbs:
        nav.append(f' › <a href="{escape(href)}">{escape(text)}</a>')
    nav.append("</nav>")
    return (f'<!doctype html><html lang="{language()}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)} · mahjong-table</title><link rel="icon" href="{_ICON}">'
            '<link rel="stylesheet" href="/static/table.css">'
            '<link rel="stylesheet" href="/learn/static/learn.css"></head>'
            f'<body class="learn {cls}"><header>{"".join(nav)}</header>'
            f'<main id="main">{body}</main></body></html>')


def _paragraphs(text: str) -> str:
    return "".join(f"<p>{escape(p.strip())}</p>" for p in text.split("\n\n") if p.strip())


def _lesson_done(progress: Progress, lesson: Lesson) -> bool:
    return progress.is_done(lesson.rules, lesson.id)


def finish_if_done(progress: Progress, lesson: Lesson) -> bool:
    """Mark ``lesson`` done once the learner has been through its screens (the caller's
    word) and answered each of its exercise kinds right at least once
    (:meth:`Progress.finish_lesson`, the rule of every face); True if it is done."""
    return progress.finish_lesson(lesson)


def _next_html(progress: Progress, rules: str) -> str:
    """What to practise next (the core's :func:`next_step`) as a link or a button."""
    what, ident, reason = next_step(progress, rules)
    if what == "lesson":
        href = f"/learn/{rules}/lesson/{escape(ident)}/1"
    elif what == "exercise":
        href = f"/learn/{rules}/practice/{escape(ident)}"
    else:
        return (f'<form method="post" action="/learn/{rules}/coach" class="inline">'
                f'<button class="linkish" type="submit">{escape(reason)}</button></form>')
    return f'<a class="next-step" href="{href}">{escape(reason)}</a>'


def index_page(progress: Progress) -> str:
    """``/learn/``: the rule sets, lessons done of each, what to practise next."""
    parts = ["<h1>" + escape(_("Learn to play")) + "</h1><p>"
             + escape(_("Lessons that follow each rule set's book, exercises the engine "
                        "checks, and a hand against the bots with a coach.")) + "</p>"
             '<ul class="rule-sets">']
    for rules in RULES:
        ls = lessons(rules)
        done = sum(1 for lesson in ls if _lesson_done(progress, lesson))
        parts.append(f'<li><a class="rules-link" href="/learn/{rules}">{escape(_title(rules))}'
                     '</a> <span class="count">'
                     + escape(_("{done} of {n} lessons done").format(done=done, n=len(ls)))
                     + "</span><br><small>"
                     + _("Next: {what}").format(what=_next_html(progress, rules))
                     + "</small></li>")
    parts.append("</ul>")
    return _page(_("Learn"), "".join(parts))


def path_page(rules: str, progress: Progress) -> str:
    """``/learn/RULES``: the lesson path in the book's order with progress marks."""
    title = _title(rules)
    parts = ["<h1>" + escape(_("{rules}: lessons").format(rules=title)) + "</h1>",
             '<p class="next">' + _("Next to practise: {what}").format(
                 what=_next_html(progress, rules)) + "</p>",
             '<ol class="lesson-path">']
    for lesson in lessons(rules):
        done = _lesson_done(progress, lesson)
        mark = ('<span class="mark done" aria-label="' + escape(_("done")) + '">✓</span>'
                if done else
                '<span class="mark" aria-label="' + escape(_("not done yet")) + '">○</span>')
        parts.append(f'<li class="lesson{" done" if done else ""}">{mark} '
                     f'<a href="/learn/{rules}/lesson/{escape(lesson.id)}/1">'
                     f'{escape(_(lesson.title))}</a> <small class="cite">'
                     f"{escape(citation(lesson))}</small></li>")
    parts.append("</ol><h2>" + escape(_("Practise")) + "</h2><ul class=\"kinds\">")
    for kind in _exercises.kinds_for(rules):
        tried, right = progress.tally(rules, kind)
        extra = (' <span class="count">' + escape(_("{right} right of {tried}").format(
            right=right, tried=tried)) + "</span>") if tried else ""
        parts.append(f'<li><a href="/learn/{rules}/practice/{kind}">'
                     f'{escape(_(_exercises.EXERCISE_KINDS[kind]))}</a>{extra}</li>')
    parts.append("</ul><h2>" + escape(_("A coached hand")) + "</h2><p>"
                 + escape(_("Play one hand against the bots; after each of your decisions the "
                            "coach says what it would have done and why.")) + "</p>"
                 f'<form method="post" action="/learn/{rules}/coach">'
                 '<button class="act" type="submit">' + escape(_("Start a coached hand"))
                 + "</button></form>")
    return _page(_("{rules} lessons").format(rules=title), "".join(parts),
                 crumbs=[(f"/learn/{rules}", title)])


def lesson_page(rules: str, data: Lesson, n: int, progress: Progress) -> str:
    """Screen ``n`` (1-based) of ``lesson``; past the last screen, its exercises."""
    title = _title(rules)
    lesson = data.translated()
    total = len(lesson.screens)
    crumbs = [(f"/learn/{rules}", title),
              (f"/learn/{rules}/lesson/{lesson.id}/1", lesson.title)]
    parts = [f"<h1>{escape(lesson.title)}</h1>",
             '<p class="cite">' + escape(_("From the book: {sections}").format(
                 sections=citation(lesson))) + "</p>"]
    base = f"/learn/{rules}/lesson/{escape(lesson.id)}"
    if n <= total:
        screen = lesson.screens[n - 1]
        label = _("screen {n} of {total}").format(n=n, total=total)
        parts.append(f'<section class="screen" aria-label="{escape(label)}">'
                     '<p class="count">' + escape(_("Screen {n} of {total}").format(
                         n=n, total=total)) + f"</p>{_paragraphs(screen.text)}")
        if screen.tiles:
            parts.append(tile_rows_html(screen.tiles, screen.captions))
        parts.append("</section><nav class=\"pager\">")
        if n > 1:
            parts.append(f'<a class="act" rel="prev" href="{base}/{n - 1}">'
                         + escape(_("← Back")) + "</a>")
        nxt = escape(_("Next →") if n < total else _("Exercises →"))
        parts.append(f'<a class="act next" rel="next" href="{base}/{n + 1}">{nxt}</a></nav>')
    else:
        parts.append('<section class="screen"><h2>' + escape(_("Exercises")) + "</h2>")
        if _lesson_done(progress, lesson):
            parts.append('<p class="done-note">' + escape(_("Lesson done ✓")) + "</p>")
        parts.append("<p>" + escape(_("Answer each of them right once to finish the lesson; "
                                      "each is new every time.")) + "</p>"
                     '<ul class="kinds">')
        for kind in lesson.exercises:
            mark = " ✓" if progress.tally(rules, kind)[1] else ""
            parts.append(f'<li><a class="exercise-link" href="/learn/{rules}/practice/{kind}'
                         f'?lesson={escape(lesson.id)}">'
                         f'{escape(_(_exercises.EXERCISE_KINDS[kind]))}</a>{mark}</li>')
        parts.append(f'</ul><nav class="pager"><a class="act" href="{base}/{total}">'
                     + escape(_("← Back")) + "</a> "
                     f'<a class="act" href="/learn/{rules}">' + escape(_("All lessons"))
                     + "</a></nav></section>")
    return _page(lesson.title, "".join(parts), crumbs=crumbs)


def exercise_page(ex: Exercise, *, lesson: Lesson | None = None, answer: str = "",
                  verdict: Verdict | None = None, error: str | None = None,
                  progress: Progress | None = None) -> str:
    """An exercise and its answer form; with ``verdict`` the judgement (and the next
    exercise), with ``error`` the malformed answer's message (the form keeps the answer)."""
    rules = ex.rules
    title = _title(rules)
    name = _(_exercises.EXERCISE_KINDS.get(ex.kind, ex.kind))
    crumbs = [(f"/learn/{rules}", title)]
    query = f"?lesson={escape(lesson.id)}" if lesson is not None else ""
    if lesson is not None:
        crumbs.append((f"/learn/{rules}/lesson/{lesson.id}/{len(lesson.screens) + 1}",
                       _(lesson.title)))
    action = f"/learn/{rules}/exercise/{ex.kind}/{ex.seed}{query}"
    parts = [f"<h1>{escape(name)}</h1>", '<p class="count">' + escape(
        _("Exercise made from seed {seed}").format(seed=ex.seed)) + "</p>",
        f'<section class="exercise">{_paragraphs(ex.prompt)}']
    if ex.tiles:
        parts.append(tile_rows_html(ex.tiles, ex.captions, reveal=not ex.picture_only))
    parts.append("</section>")
    if error:
        parts.append(f'<p class="error" role="alert" id="answer-error">{escape(error)}</p>')
    if verdict is not None:
        cls = "right" if verdict.correct else "wrong"
        head = escape(_("Right.") if verdict.correct else _("Not quite."))
        parts.append(f'<section class="verdict {cls}" role="status" aria-live="polite">'
                     f"<h2>{head}</h2>"
                     "<p>" + escape(_("Your answer:")) + f" <code>{escape(answer)}</code></p>"
                     "<p>" + escape(_("The answer:"))
                     + f' <code class="expected">{escape(verdict.expected)}</code>'
                     f"</p>{_paragraphs(verdict.explanation)}</section>")
        nxt = f"/learn/{rules}/practice/{ex.kind}{query}"
        if lesson is not None and progress is not None:
            if _lesson_done(progress, lesson):
                parts.append('<p class="done-note">' + escape(_("Lesson done ✓: {title}").format(
                    title=_(lesson.title))) + "</p>")
                later = [x for x in lessons(rules) if not _lesson_done(progress, x)]
                if later:
                    parts.append("<p>" + escape(_("Next lesson:"))
                                 + f' <a class="next-lesson" href="/learn/{rules}/'
                                 f'lesson/{escape(later[0].id)}/1">{escape(_(later[0].title))}'
                                 "</a></p>")
            else:  # the lesson's next exercise kind not yet answered right
                todo = [k for k in lesson.exercises if not progress.tally(rules, k)[1]]
                if todo:
                    nxt = f"/learn/{rules}/practice/{todo[0]}{query}"
        parts.append(f'<nav class="pager"><a class="act next" id="next-exercise" '
                     f'href="{nxt}">' + escape(_("Next exercise →")) + "</a>")
        if lesson is not None:
            parts.append(f'<a class="act" href="/learn/{rules}/lesson/{escape(lesson.id)}/'
                         f'{len(lesson.screens) + 1}">' + escape(_("Back to the lesson"))
                         + "</a>")
        parts.append("</nav>")
    else:
        parts.append(f'<form method="post" action="{action}" class="answer">')
        if ex.choices:
            parts.append('<fieldset class="choices"><legend>' + escape(_("Choose"))
                         + "</legend>")
            for i, c in enumerate(ex.choices, 1):
                parts.append(f'<button class="act choice" type="submit" name="answer" '
                             f'value="{escape(c)}">{i}. {escape(c)}</button>')
            parts.append("</fieldset>")
        else:
            hint = ex.answer_form or _("your answer")
            invalid = ' aria-invalid="true"' if error else ""
            parts.append('<label for="answer">' + escape(_("Your answer")) + " <small>"
                         + escape(_("({form}; tiles as 5p or as tile glyphs)").format(
                             form=hint)) + "</small></label>"
                         f'<input id="answer" name="answer" value="{escape(answer)}" '
                         'autocomplete="off" autocapitalize="off" spellcheck="false" '
                         f'maxlength="400" autofocus{invalid}>'
                         '<button class="act" type="submit">' + escape(_("Check"))
                         + "</button>")
        parts.append("</form>")
    return _page(name, "".join(parts), crumbs=crumbs)


# ----- the coached hand ------------------------------------------------------------------------


@dataclass
class _Entry:
    hand: CoachedHand
    rules: str
    touched: float
    #: the number of the learner's decisions so far: a form names the step it was made at,
    #: so that a stale or repeated form is refused instead of played twice
    step: int = 0
    comments: list[Comment] = field(default_factory=list)
    #: one decision at a time (the coach and the bots run on a worker thread)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def start_hand(rules: str, seed: int) -> CoachedHand:
    """A coached hand of ``rules`` from ``seed``, the bots played up to the learner's first
    decision."""
    hand = CoachedHand(rules, seed)
    hand.advance()
    return hand


class CoachedHands:
    """The coached hands of this process: at most ``limit``, each forgotten ``ttl`` seconds
    after its last move. ``clock`` is the time source (seconds)."""

    def __init__(self, *, limit: int = MAX_HANDS, ttl: float = HAND_TTL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.ttl, self.clock = limit, ttl, clock
        self._hands: dict[str, _Entry] = {}

    def __len__(self) -> int:
        return len(self._hands)

    def _expire(self) -> None:
        now = self.clock()
        for hid in [h for h, e in self._hands.items() if now - e.touched > self.ttl]:
            del self._hands[hid]

    def new(self, rules: str, seed: int) -> str:
        """Start a coached hand of ``rules`` from ``seed`` (the bots play until the learner
        decides); returns its id. The hand left alone longest goes when the limit is hit."""
        return self.add(start_hand(rules, seed), rules)

    def add(self, hand: CoachedHand, rules: str) -> str:
        """Keep ``hand`` (of ``rules``); returns its new id."""
        self._expire()
        while len(self._hands) >= self.limit:
            oldest = min(self._hands, key=lambda h: self._hands[h].touched)
            del self._hands[oldest]
        hid = secrets.token_urlsafe(16)
        self._hands[hid] = _Entry(hand, rules, self.clock())
        return hid

    def get(self, hid: str) -> _Entry | None:
        self._expire()
        entry = self._hands.get(hid)
        if entry is not None:
            entry.touched = self.clock()
        return entry


def _action_label(a: Action, view: PlayerView) -> str:
    return describe_action(a, claimed=view.last_discard, drawn=view.drawn)


def _seat_html(view: PlayerView, p: int, place: str) -> str:
    s = view.seats[p]
    me = p == view.player
    turn = view.phase == "turn" and view.current == p
    name = _("You") if me else s.name
    dealer = (' <span class="badge">' + escape(_("dealer")) + "</span>"
              if p == view.dealer else "")
    count = ngettext("{n} tile", "{n} tiles", s.concealed_count).format(n=s.concealed_count)
    parts = [f'<section class="seat place-{place}{" turn" if turn else ""}" '
             f'aria-label="{escape(wind_name(s.wind))}: {escape(name)}">'
             f'<div class="seat-head"><span class="wind wind-{"ESWN"[s.wind]}">'
             f'{wind_letter(s.wind)}</span> <span class="name">{escape(name)}</span>{dealer}'
             f' <span class="count">{escape(count)}</span></div>'
             '<div class="seat-tiles">']
    if not me:
        hidden = ngettext("{n} concealed tile", "{n} concealed tiles",
                          s.concealed_count).format(n=s.concealed_count)
        parts.append(f'<span class="tiles back-row" aria-label="{escape(hidden)}">'
                     + "".join(_img(None) for _n in range(s.concealed_count)) + "</span>")
    for m in s.melds:
        parts.append(_meld_html(m))
    if s.bonus:
        parts.append('<span class="tiles bonus" title="' + escape(_("bonus tiles")) + '">'
                     + "".join(_img(t) for t in s.bonus) + "</span>")
    offered = view.last_discard is not None and view.discarder == p and s.discards
    last = len(s.discards) - 1 if offered else -1
    parts.append('</div><div class="tiles pond" aria-label="' + escape(_("discards")) + '">'
                 + "".join(_img(t, "pond last" if i == last else "pond")
                           for i, t in enumerate(s.discards)) + "</div></section>")
    return "".join(parts)


def _meld_html(m: Meld) -> str:
    return ('<span class="tiles meld">' + "".join(_img(t) for t in meld_tiles_shown(m))
            + "</span>")


def coached_page(hid: str, entry: _Entry, *, error: str | None = None) -> str:
    """The coached hand from the learner's seat: only what the seat's view holds is drawn."""
    hand = entry.hand
    view: PlayerView = hand.view()
    rules = entry.rules
    title = _title(rules)
    me = view.player
    parts = ["<h1>" + escape(_("Coached hand: {rules}").format(rules=title)) + "</h1>"]
    if error:
        parts.append(f'<p class="error" role="alert">{escape(error)}</p>')
    if entry.comments:
        c = entry.comments[-1]
        cls = "agreed" if c.agreed else "differs"
        verdict = escape(_("The coach agrees.") if c.agreed
                         else _("The coach would {advised}.").format(advised=c.advised_verb))
        parts.append(f'<section class="comment {cls}" id="comment" role="status" '
                     'aria-live="polite"><h2>' + escape(_("The coach")) + "</h2>"
                     "<p>" + _("You chose {chosen}.").format(
                         chosen=f"<b>{escape(c.chosen)}</b>") + f" <b>{verdict}</b></p>"
                     "<p>" + escape(_("Why: {why}").format(why=c.why)) + "</p>"
                     f'<p class="distance">{escape(c.distance)}</p>')
        if c.alternatives and not c.agreed:
            parts.append("<details><summary>" + escape(_("Other choices the coach weighed"))
                         + "</summary><ul>"
                         + "".join(f"<li>{escape(x)}</li>" for x in c.alternatives)
                         + "</ul></details>")
        parts.append("</section>")
    places = {"top": (me + 2) % 4, "left": (me + 3) % 4, "right": (me + 1) % 4}
    parts.append('<div id="table" class="learn-board">')
    for place, p in places.items():
        parts.append(_seat_html(view, p, place))
    offer = ""
    if view.last_discard is not None:
        offer = "<p>" + escape(_("On offer:")) + f' {_img(view.last_discard, "offer")}</p>'
    parts.append('<section id="centre"><div>' + escape(
        _("{wind} round · hand {n}").format(wind=wind_name(view.round_wind),
                                            n=view.hand_number + 1))
                 + "</div><div>" + escape(_("wall {live} live, {dead} dead").format(
                     live=view.live_wall, dead=view.dead_wall))
                 + f"</div>{offer}</section>")
    parts.append(_seat_html(view, me, "bottom"))
    parts.append("</div>")
    if hand.finished:
        parts.append('<section id="hand" aria-label="' + escape(_("your hand")) + '">'
                     + "".join(f'<span class="tile-btn">{_img(t, "hand")}</span>'
                               for t in _hand_order(view)) + "</section>")
        parts.append(_summary_html(hand.summary()))
        parts.append(f'<form method="post" action="/learn/{rules}/coach">'
                     '<button class="act" type="submit">' + escape(_("Another coached hand"))
                     + "</button></form>"
                     f'<p><a href="/learn/{rules}">' + escape(_("Back to the lessons"))
                     + "</a></p>")
    else:
        parts.append(_decision_html(hid, entry, view))
    if entry.comments:
        parts.append('<details class="comments"><summary>' + escape(_("Every comment so far"))
                     + "</summary><ol>")
        for c in entry.comments:
            parts.append(f"<li>{escape(' '.join(c.text_lines()))}</li>")
        parts.append("</ol></details>")
    return _page(_("Coached hand"), "".join(parts), crumbs=[(f"/learn/{rules}", title)],
                 cls="coached")


_PASSES = (ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS)


def _hand_order(view: PlayerView) -> list[Tile]:
    """The learner's concealed tiles as the page shows them: sorted, the drawn tile last."""
    hand = list(view.concealed)
    if view.drawn is not None and view.drawn in hand:
        hand.remove(view.drawn)
        hand.append(view.drawn)
    return hand


def _decision_html(hid: str, entry: _Entry, view: PlayerView) -> str:
    """The learner's decision: a discard is a click on a tile of the hand; a Charleston or
    courtesy pass picks its tiles with check boxes (and the blind count); every other legal
    action is a button."""
    actions = list(entry.hand.legal_actions())
    form_head = (f'<form method="post" action="/learn/hand/{hid}" class="decide">'
                 f'<input type="hidden" name="step" value="{entry.step}">')
    hand = _hand_order(view)
    discards = {a.tile: i for i, a in enumerate(actions)
                if a.kind is ActionKind.DISCARD and a.tile is not None}
    passes = [a for a in actions if a.kind in _PASSES]
    parts = ['<section id="hand" aria-label="' + escape(_("your hand")) + '">', form_head]
    if passes:
        parts.append('<input type="hidden" name="pass" value="1">')
    for j, t in enumerate(hand):
        drawn = " drawn" if view.drawn is not None and j == len(hand) - 1 else ""
        if passes:
            parts.append(f'<label class="tile-pick{drawn}"><input type="checkbox" name="pick" '
                         f'value="{j}" aria-label="'
                         + escape(_("pass {tile}").format(tile=tile_alt(t))) + '">'
                         f'{_img(t, "hand")}</label>')
        elif t in discards:
            parts.append(f'<button class="tile-btn can-discard{drawn}" type="submit" '
                         f'name="action" value="{discards[t]}" aria-label="'
                         + escape(_("discard {tile}").format(tile=tile_alt(t))) + '">'
                         + _img(t, "hand") + "</button>")
        else:
            parts.append(f'<span class="tile-btn{drawn}">{_img(t, "hand")}</span>')
    if passes:
        sizes = sorted({len(a.tiles) + (a.number or 0) for a in passes})
        blinds = sorted({a.number or 0 for a in passes})
        tick = (_("Charleston pass: tick {sizes} tiles to pass")
                if passes[0].kind is ActionKind.CHARLESTON_PASS
                else _("courtesy pass: tick {sizes} tiles to pass"))
        parts.append('<div class="pass-box"><span>' + escape(tick.format(
            sizes=_(" or ").join(map(str, sizes)))) + "</span>")
        if len(blinds) > 1:
            parts.append('<label for="blind">' + escape(_("and pass on blind"))
                         + '</label><select name="blind" '
                         'id="blind">' + "".join(f'<option value="{b}">{b}</option>'
                                                 for b in blinds) + "</select>")
        parts.append('<button class="act act-pass-tiles" type="submit">'
                     + escape(_("Pass them")) + "</button></div>")
    parts.append("</form></section>")
    if discards:
        parts.append('<p class="hint">' + escape(_("Your turn: click a tile to discard it."))
                     + "</p>")
    others = [(i, a) for i, a in enumerate(actions)
              if a.kind is not ActionKind.DISCARD and a.kind not in _PASSES]
    if others:
        parts.append('<section id="actions" aria-label="' + escape(_("your actions"))
                     + f'">{form_head}')
        for i, a in others:
            cls = f"act act-{a.kind.value}"
            parts.append(f'<button class="{cls}" type="submit" name="action" value="{i}">'
                         f"{escape(_action_label(a, view))}</button>")
        parts.append("</form></section>")
    if not actions:
        parts.append("<p>" + escape(_("Waiting for the other players.")) + "</p>"
                     f'<p><a href="/learn/hand/{hid}">' + escape(_("Refresh")) + "</a></p>")
    return "".join(parts)


def _summary_html(summary: HandSummary) -> str:
    """The summary's lines (the core's words); an indented line belongs to the one before."""
    items: list[tuple[str, list[str]]] = []
    for line in summary.text_lines():
        if line.startswith(" ") and items:
            items[-1][1].append(line.strip())
        else:
            items.append((line, []))
    parts = ['<section class="summary" id="summary"><h2>' + escape(_("The hand is over"))
             + "</h2><ul>"]
    for head, subs in items:
        inner = "".join(f"<li>{escape(x)}</li>" for x in subs)
        parts.append(f"<li>{escape(head)}{f'<ul>{inner}</ul>' if inner else ''}</li>")
    parts.append("</ul>")
    score = summary.score
    if score is not None and score.valid:  # the winning hand is shown at the hand's end
        parts.append('<div class="winning-hand"><h3>' + escape(_("The winning hand")) + "</h3>"
                     + tile_rows_html([score.hand], cls="small", open_kongs=True)
                     + '<table class="score-items"><caption>'
                     + escape(_("The scorer, item by item")) + "</caption><tbody>")
        for item in score.items:
            parts.append(f"<tr><td>{escape(shown_name(item.name))}</td><td>{item.fan}</td></tr>")
        if score.limit:
            total = shown_name(score.limit)
        elif score.total_key == "points":
            total = _("{n} points").format(n=score.fan)
        else:
            total = f"{score.fan} {score.total_key}"
        parts.append("<tr><th>" + escape(_("Total")) + f"</th><th>{escape(str(total))}</th>"
                     "</tr></tbody></table></div>")
    parts.append("</section>")
    return "".join(parts)


# ----- the site -------------------------------------------------------------------------------


class LearnSite:
    """The ``/learn`` pages of one server process: its coached hands and the progress
    cookie's signer. ``secret`` gives the server's signing secret (called when first
    needed: the store opens in the server's start-up)."""

    def __init__(self, secret: Callable[[], str], *, hands: CoachedHands | None = None) -> None:
        self._secret = secret
        self._signer: URLSafeSerializer | None = None
        self.hands = hands if hands is not None else CoachedHands()

    def signer(self) -> URLSafeSerializer:
        if self._signer is None:
            self._signer = URLSafeSerializer(self._secret(), salt="mahjong-table learn")
        return self._signer

    def progress(self, request: Request) -> Progress:
        """The browser's progress (a new one when it has none, or a cookie that is not ours
        or was changed)."""
        raw = request.cookies.get(COOKIE)
        if raw and len(raw) <= MAX_COOKIE:
            try:
                return Progress.from_json(self.signer().loads(raw))
            except (BadSignature, ValueError):  # ProgressError is a ValueError
                pass
        return Progress()

    def keep(self, response: Response, progress: Progress) -> Response:
        response.set_cookie(COOKIE, self.signer().dumps(progress.to_json()),
                            max_age=COOKIE_AGE, httponly=True, samesite="lax", path="/learn")
        return response

    def _html(self, request: Request, page: str, *, status_code: int = 200,
              headers: dict[str, str] | None = None) -> HTMLResponse:
        """``page`` as the response, with the web's language switch in its header."""
        return HTMLResponse(page.replace("</header>", _switch(request) + "</header>", 1),
                            status_code=status_code, headers=headers)

    # ----- routes --------------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        return self._html(request, index_page(self.progress(request)))

    async def static(self, request: Request) -> Response:
        css = resources.files("mahjong_table.web").joinpath("static", "learn.css") \
            .read_text("utf-8")
        return Response(css, media_type="text/css", headers={"Cache-Control": "no-cache"})

    async def path(self, request: Request) -> Response:
        rules = request.path_params["rules"]
        if rules not in RULES:
            return _not_found(_("no lessons for a rule set named {rules}").format(
                rules=repr(rules)))
        return self._html(request, path_page(rules, self.progress(request)))

    async def lesson(self, request: Request) -> Response:
        rules = request.path_params["rules"]
        lesson = _find_lesson(rules, request.path_params["lesson"])
        n = request.path_params["n"]
        if lesson is None or not 1 <= n <= len(lesson.screens) + 1:
            return _not_found(_("no such lesson or screen"))
        progress = self.progress(request)
        response = self._html(request, lesson_page(rules, lesson, n, progress))
        if n > len(lesson.screens) and not _lesson_done(progress, lesson) \
                and finish_if_done(progress, lesson):
            response = self._html(request, lesson_page(rules, lesson, n, progress))
            self.keep(response, progress)
        return response

    async def practice(self, request: Request) -> Response:
        rules, kind = request.path_params["rules"], request.path_params["kind"]
        if rules not in RULES or kind not in _exercises.kinds_for(rules):
            return _not_found(_("no such exercise"))
        query = ""
        lesson = request.query_params.get("lesson")
        if lesson is not None and _find_lesson(rules, lesson) is not None:
            query = f"?lesson={lesson}"
        seed = secrets.randbelow(2 ** 31)
        return RedirectResponse(f"/learn/{rules}/exercise/{kind}/{seed}{query}", 303)

    async def exercise(self, request: Request) -> Response:
        rules, kind = request.path_params["rules"], request.path_params["kind"]
        seed = request.path_params["seed"]
        if rules not in RULES or kind not in _exercises.kinds_for(rules) or seed >= 2 ** 63:
            return _not_found(_("no such exercise"))
        lesson_id = request.query_params.get("lesson")
        lesson = _find_lesson(rules, lesson_id) if lesson_id else None
        ex = _exercises.generate(kind, rules, seed)
        if request.method == "GET":
            return self._html(request, exercise_page(ex, lesson=lesson))
        fields = await _form(request)
        if fields is None:
            return self._html(request, exercise_page(ex, lesson=lesson, error=_(
                "the answer could not be read (a form of at most 4 KB)")),
                                status_code=400)
        answer = fields.get("answer", "")
        try:
            verdict = ex.check(answer)
        except AnswerError as exc:
            return self._html(request, exercise_page(ex, lesson=lesson, answer=answer,
                                              error=str(exc)), status_code=400)
        progress = self.progress(request)
        progress.record(rules, kind, verdict.correct)
        if lesson is not None and verdict.correct:
            finish_if_done(progress, lesson)
        response = self._html(request, exercise_page(ex, lesson=lesson, answer=answer,
                                              verdict=verdict, progress=progress))
        return self.keep(response, progress)

    async def new_hand(self, request: Request) -> Response:
        rules = request.path_params["rules"]
        if rules not in RULES:
            return _not_found(_("no lessons for a rule set named {rules}").format(
                rules=repr(rules)))
        # the bots and the advisor run on a worker thread: the server's tables play on
        hand = await asyncio.to_thread(start_hand, rules, secrets.randbelow(2 ** 31))
        hid = self.hands.add(hand, rules)
        return RedirectResponse(f"/learn/hand/{hid}", 303)

    async def hand(self, request: Request) -> Response:
        hid = request.path_params["hid"]
        entry = self.hands.get(hid)
        if entry is None:
            return self._html(request, _page(_("Coached hand"), "<h1>" + escape(
                _("This coached hand is gone")) + "</h1><p>" + escape(_(
                    "Coached hands are kept for 30 minutes after the last move.")) + ' <a '
                'href="/learn/">' + escape(_("Start another")) + "</a>.</p>"),
                                status_code=404)
        headers = {"Cache-Control": "no-store"}
        if request.method == "GET":
            async with entry.lock:  # never drawn halfway through a decision
                return self._html(request, coached_page(hid, entry), headers=headers)
        fields, picks = await _form_multi(request)
        async with entry.lock:  # a second form waits, then finds the step moved on
            error = await asyncio.to_thread(_play, entry, fields, picks)
            if error is not None:
                return self._html(request, coached_page(hid, entry, error=error), status_code=400,
                                    headers=headers)
        if entry.hand.finished:
            progress = self.progress(request)
            progress.coached_hand(entry.rules)
            return self.keep(RedirectResponse(f"/learn/hand/{hid}", 303), progress)
        return RedirectResponse(f"/learn/hand/{hid}", 303)

    def routes(self) -> list[Route]:
        return [
            Route("/", self.index),
            Route("/static/learn.css", self.static),
            Route("/hand/{hid}", self.hand, methods=["GET", "POST"]),
            Route("/{rules}", self.path),
            Route("/{rules}/lesson/{lesson}/{n:int}", self.lesson),
            Route("/{rules}/practice/{kind}", self.practice),
            Route("/{rules}/exercise/{kind}/{seed:int}", self.exercise, methods=["GET", "POST"]),
            Route("/{rules}/coach", self.new_hand, methods=["POST"]),
        ]


def _play(entry: _Entry, fields: dict[str, str] | None,
          picks: Sequence[str] = ()) -> str | None:
    """Play the learner's decision a form names (``action``: the index of a legal action;
    or ``pass`` with the ``picks``, indices into the hand as shown, and ``blind``); the
    message of a form that names none (the hand is left as it was)."""
    if fields is None:
        return _("the form could not be read")
    if entry.hand.finished:
        return _("the hand is over")
    if fields.get("step", "") != str(entry.step):
        return _("that page was out of date (the hand had moved on): here is the hand now")
    actions = list(entry.hand.legal_actions())
    if fields.get("pass"):
        chosen = _pass_of(entry.hand.view(), actions, picks, fields.get("blind", "0"))
        if isinstance(chosen, str):
            return chosen
        action = chosen
    else:
        raw = fields.get("action", "")
        if not raw.isdigit() or not 0 <= int(raw) < len(actions):
            return _("no such choice {raw}: choose one of the buttons").format(
                raw=repr(raw[:20]))
        action = actions[int(raw)]
    comment = entry.hand.play(action)
    entry.comments.append(comment)
    entry.step += 1
    entry.hand.advance()
    return None


def _pass_of(view: PlayerView, actions: Sequence[Action], picks: Sequence[str],
             blind: str) -> Action | str:
    """The legal pass made of the tiles ticked (``picks``: positions in the hand as shown)
    and the blind count, or the message saying why there is none."""
    passes = [a for a in actions if a.kind in _PASSES]
    if not passes:
        return _("there is no pass to make now")
    hand = _hand_order(view)
    if not all(p.isdigit() and int(p) < len(hand) for p in picks) or len(set(picks)) != len(
            picks):
        return _("the tiles ticked are not tiles of your hand")
    if not blind.isdigit():
        return _("blind: a number, not {blind}").format(blind=repr(blind[:10]))
    tiles = sorted(hand[int(p)] for p in picks)
    number = int(blind)
    for a in passes:
        if sorted(a.tiles) == tiles and (a.number or 0) == number:
            return a
    sizes = sorted({len(a.tiles) + (a.number or 0) for a in passes})
    ticked = ngettext("you ticked {n} tile", "you ticked {n} tiles", len(tiles)).format(
        n=len(tiles))
    if number:
        ticked += _(" and {n} blind").format(n=number)
    return ticked + _(": that is not a pass you may make now (pass {sizes} tiles in all; "
                      "jokers are never passed)").format(sizes=_(" or ").join(map(str, sizes)))


async def _form(request: Request) -> dict[str, str] | None:
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM:
            return None
    try:
        return dict(parse_qsl(body.decode("utf-8"), max_num_fields=8))
    except (UnicodeDecodeError, ValueError):
        return None


async def _form_multi(request: Request) -> tuple[dict[str, str] | None, list[str]]:
    """The form's fields (the last value of each) and its ``pick`` values (check boxes)."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM:
            return None, []
    try:
        pairs = parse_qsl(body.decode("utf-8"), max_num_fields=40)
    except (UnicodeDecodeError, ValueError):
        return None, []
    return dict(pairs), [v for k, v in pairs if k == "pick"]


def _find_lesson(rules: str, lesson_id: str) -> Lesson | None:
    if rules not in RULES:
        return None
    for lesson in lessons(rules):
        if lesson.id == lesson_id:
            return lesson
    return None


def _switch(request: Request) -> str:
    """The web's language switch (``English | Italiano``, issue 23) for this page: the
    ``language_switch`` of ``mahjong_table.web.lang``, the web face's request-language module,
    where the web has it (the language itself is the request's, set by that module's
    middleware around every request); nothing otherwise."""
    try:
        lang = importlib.import_module("mahjong_table.web.lang")
    except ImportError:
        return ""
    switch = getattr(lang, "language_switch", None)
    return str(switch(request.url.path, request.url.query)) if callable(switch) else ""


def _not_found(message: str) -> Response:
    return PlainTextResponse(message, status_code=404)


def learn_mount(secret: Callable[[], str], *, hands: CoachedHands | None = None) -> Mount:
    """The ``/learn`` pages as one Starlette ``Mount`` (see the module's docstring);
    ``secret`` gives the server's signing secret (for the progress cookie)."""
    site = LearnSite(secret, hands=hands)
    mount = Mount("/learn", routes=site.routes())
    mount.site = site  # type: ignore[attr-defined]  # the tests reach the coached hands
    return mount
