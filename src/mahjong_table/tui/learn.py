"""The full-screen lessons (issue 22): ``mahjong-table learn`` on a terminal with Textual.

Screens: the lesson path of a rule set (each lesson with its mark, the exercise kinds to
practise, a coached hand, what to practise next); a lesson's screens (its text, the tiles as
glyphs with their mpsz names beneath, the book sections it cites); an exercise (the
question, its tiles, a numbered list of choices or a free answer typed in the project's
notation or as glyphs; the verdict with the engine's own explanation, or the message of a
malformed answer, which is not counted); the coached hand (the table drawn with the
full-screen table's drawing, :mod:`.render`; after each decision the coach's comment; at
the end the hand's summary).

Keys: on the path, up/down and Enter; in a lesson, right/Enter the next
screen, left the one before, Esc the path; in an exercise, type and Enter, then Enter (or n)
for the next one, Esc the path; in the coached hand, left/right pick a tile and Enter
discards it, 1-9 a numbered choice, Space marks the tiles of a Charleston or courtesy pass
(b the blind count) and Enter passes them, Esc the path. q on the path (Ctrl-C anywhere) quits;
progress is saved to the file after every change, so nothing is lost.

Everything the screens say comes from :mod:`mahjong_table.learn` (lessons, exercises that
check their answers, the coach, progress): this module only draws and reads keys.
"""

from __future__ import annotations

import secrets
import sys
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..engine import Action, ActionKind, PlayerView
from ..i18n import N_, _
from ..learn import exercises as _exercises
from ..learn.books import citation, cited
from ..learn.coach import CoachedHand, Comment
from ..learn.lessons import lessons
from ..learn.model import AnswerError, Exercise, Lesson, Verdict
from ..learn.progress import (
    Progress,
    ProgressError,
    load_progress,
    next_to_practise,
    save_progress,
    set_aside,
)
from ..rules import get_rule_set
from ..tiles import NotationError, Tile, parse_tiles
from ..tui.line import describe_action
from . import encoding_problem
from .render import (
    TableMemory,
    centre_text,
    hand_text,
    seat_text,
    status_text,
    tile_style,
)

__all__ = ["LearnApp", "run_learn_app", "tile_rows_text"]

_PASSES = (ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS)

CSS = """
#title { height: 1; background: $boost; text-style: bold; }
#keys { height: 1; color: $text-muted; }
#body { height: 1fr; padding: 0 1; }
#path { height: 1fr; }
#answer { margin: 0 1; }
#error { color: $error; height: auto; padding: 0 1; }
#status { height: 1; background: $boost; }
#main { height: 1fr; }
#board { width: 1fr; height: 100%; }
#top { height: auto; min-height: 2; max-height: 4; border-bottom: solid $primary-darken-2; }
#middle { height: 1fr; }
#left { width: 1fr; height: 100%; }
#centre { width: 16; height: 100%; content-align: center middle;
          border-left: solid $primary-darken-2; border-right: solid $primary-darken-2; }
#right { width: 1fr; height: 100%; }
#bottom { height: auto; min-height: 2; max-height: 4; border-top: solid $primary-darken-2; }
#comment { width: 30; height: 100%; border-left: solid $primary-darken-2; padding: 0 1; }
#hand { height: auto; max-height: 3; }
#prompt { height: auto; min-height: 1; max-height: 5; background: $boost; }
"""


def tile_rows_text(rows: Sequence[str], captions: Sequence[str] = (), *,
                   theme: str = "colour", names: bool = True) -> Text:
    """Rows of tiles in hand notation (``"123m 555z"``, ``"[777z] 11p"``) as glyphs with
    their mpsz names beneath (a meld in its brackets), each row followed by its caption.
    ``names=False`` (an exercise that asks for the names) draws the glyphs alone."""
    out = Text()
    for i, row in enumerate(rows):
        glyphs, name_row = Text(), Text()
        try:
            for part in row.split():
                opener = part[0] if part[0] in "[(" else ""
                closer = part[-1] if part[-1] in ")]" else ""
                tiles = parse_tiles(part.strip("[]()"))
                glyphs.append(" " * len(opener))
                name_row.append(opener)
                for t in tiles:
                    glyphs.append(_cell(t), style=tile_style(t, theme))
                    name_row.append(f"{t!s:<3}", style=tile_style(t, theme))
                glyphs.append(" " * (len(closer) + 1))
                name_row.append(closer + " ")
        except NotationError:
            glyphs, name_row = Text(row), Text()
        out.append_text(glyphs)
        out.append("\n")
        if names:
            out.append_text(name_row)
            out.append("\n")
        if i < len(captions) and captions[i]:
            out.append(f"  {captions[i]}\n", style="italic")
    return out


def sizes_of(passes: Sequence[Action]) -> list[int]:
    """The numbers of tiles the legal ``passes`` pass in all (blind ones included)."""
    return sorted({len(a.tiles) + (a.number or 0) for a in passes})


def _cell(t: Tile) -> str:
    # a glyph in a three-column cell, as the line interface draws tiles
    w = 2 if unicodedata.east_asian_width(t.glyph) in ("W", "F") else 1
    return t.glyph + " " * (3 - w)


class _Base(Screen[None]):
    """A screen with a title line, a body and a keys line."""

    keys_text = ""

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title_text = title

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="title")
        yield from self.body()
        yield Static(_(self.keys_text) if self.keys_text else "", id="keys")

    def body(self) -> ComposeResult:
        yield Static(id="body")

    @property
    def learn(self) -> LearnApp:
        app = self.app
        assert isinstance(app, LearnApp)
        return app


class PathScreen(_Base):
    """The rule set's lessons in its book's order with their marks, the exercise kinds, the
    coached hand."""

    keys_text = N_("↑↓ choose · Enter open · q quit")

    def __init__(self) -> None:
        super().__init__("")

    def body(self) -> ComposeResult:
        yield Static(id="next")
        yield OptionList(id="path")

    def on_mount(self) -> None:
        self.refresh_path()

    def on_screen_resume(self) -> None:
        self.refresh_path()

    def refresh_path(self) -> None:
        app = self.learn
        rules = app.rules
        self.query_one("#title", Static).update(
            _("Learn {rules} · progress in {path}").format(
                rules=_(get_rule_set(rules).title), path=app.progress_path))
        self.query_one("#next", Static).update(
            app.notice + _("Next to practise: {what}").format(
                what=next_to_practise(app.progress, rules)))
        ol = self.query_one("#path", OptionList)
        keep = ol.highlighted
        ol.clear_options()
        for n, lesson in enumerate(app.lessons, 1):
            mark = "✓" if app.progress.is_done(rules, lesson.id) else "○"
            cite = "; ".join(cited(lesson))
            ol.add_option(Option(f"{mark} {n:>2}. {_(lesson.title)}  ({cite})",
                                 id=f"lesson:{lesson.id}"))
        for kind in _exercises.kinds_for(rules):
            tried, right = app.progress.tally(rules, kind)
            stat = "  (" + _("{right} right of {tried}").format(right=right, tried=tried) \
                + ")" if tried else ""
            ol.add_option(Option("   " + _("Practise: {title}").format(
                title=_(_exercises.EXERCISE_KINDS[kind])) + stat, id=f"kind:{kind}"))
        ol.add_option(Option("   " + _("A coached hand against the bots"), id="coach"))
        ol.highlighted = keep if keep is not None else 0
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        oid = event.option.id or ""
        app = self.learn
        if oid.startswith("lesson:"):
            lesson = next(x for x in app.lessons if x.id == oid[7:])
            app.push_screen(LessonScreen(lesson))
        elif oid.startswith("kind:"):
            app.push_screen(ExerciseScreen([oid[5:]], lesson=None))
        elif oid == "coach":
            app.push_screen(CoachScreen(app.rules, app.next_seed()))

    def on_key(self, event: Key) -> None:
        if event.key == "q":
            event.stop()
            self.learn.exit(0)


class LessonScreen(_Base):
    """A lesson's screens, one at a time; after the last, its exercises."""

    keys_text = N_("→/Enter next · ← back · Esc lessons")

    def __init__(self, lesson: Lesson) -> None:
        super().__init__(_(lesson.title))
        self.lesson = lesson
        self.n = 0

    def body(self) -> ComposeResult:
        with VerticalScroll(id="body"):
            yield Static(id="text")

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        lesson = self.lesson.translated()
        screen = lesson.screens[self.n]
        self.query_one("#title", Static).update(
            _("{title} · screen {n} of {total} · {sections}").format(
                title=lesson.title, n=self.n + 1, total=len(lesson.screens),
                sections="; ".join(cited(self.lesson))))
        out = Text()
        if self.n == 0:
            out.append(_("From the book: {sections}").format(sections=citation(lesson))
                       + "\n\n", style="italic")
        for para in screen.text.split("\n\n"):
            out.append(para.strip() + "\n\n")
        if screen.tiles:
            out.append_text(tile_rows_text(screen.tiles, screen.captions,
                                           theme=self.learn.theme_name))
        self.query_one("#text", Static).update(out)

    def on_key(self, event: Key) -> None:
        if event.key in ("right", "enter", "n", "space"):
            event.stop()
            if self.n + 1 < len(self.lesson.screens):
                self.n += 1
                self.draw()
            elif not self.lesson.exercises:
                self.learn.progress.finish_lesson(self.lesson)
                self.learn.save()
                self.learn.pop_screen()
            else:
                self.learn.switch_screen(ExerciseScreen(list(self.lesson.exercises),
                                                        lesson=self.lesson))
        elif event.key in ("left", "p") and self.n > 0:
            event.stop()
            self.n -= 1
            self.draw()
        elif event.key == "escape":
            event.stop()
            self.learn.pop_screen()


class ExerciseScreen(_Base):
    """Exercises of the kinds given, in turn (a lesson's), or of one kind again and again;
    each generated from a fresh seed and checked by its own :meth:`Exercise.check`."""

    keys_text = N_("type your answer · Enter check · Esc or m lessons · q quit")

    def __init__(self, kinds: Sequence[str], *, lesson: Lesson | None) -> None:
        super().__init__("")
        self.kinds = list(kinds)
        self.lesson = lesson
        self.index = 0
        self.exercise: Exercise | None = None
        self.verdict: Verdict | None = None
        #: the lesson's kinds answered right on this screen (the lesson is done with all)
        self.right: set[str] = set()

    def body(self) -> ComposeResult:
        with VerticalScroll(id="body"):
            yield Static(id="question")
            yield Static(id="verdict")
        yield Static(id="error")
        yield Input(id="answer", placeholder=_("your answer"))

    def on_mount(self) -> None:
        self.new_exercise()

    def new_exercise(self, seed: int | None = None) -> None:
        kind = self.kinds[self.index]
        app = self.learn
        self.exercise = _exercises.generate(kind, app.rules,
                                            app.next_seed() if seed is None else seed)
        self.verdict = None
        self.draw()

    def draw(self) -> None:
        ex = self.exercise
        assert ex is not None
        where = (_("{title} · exercise {n} of {total}").format(
            title=_(self.lesson.title), n=self.index + 1, total=len(self.kinds))
            if self.lesson is not None else _("practice"))
        self.query_one("#title", Static).update(
            _("{kind} · {where} · seed {seed}").format(
                kind=_(_exercises.EXERCISE_KINDS[ex.kind]), where=where, seed=ex.seed))
        q = Text(ex.prompt + "\n\n")
        if ex.tiles:
            q.append_text(tile_rows_text(ex.tiles, ex.captions, theme=self.learn.theme_name,
                                         names=not ex.picture_only))
        if ex.choices:
            for i, c in enumerate(ex.choices, 1):
                q.append(f"  {i}. {c}\n")
        if ex.answer_form:
            q.append(_("Answer: {form}").format(form=ex.answer_form), style="dim")
        self.query_one("#question", Static).update(q)
        box = self.query_one("#answer", Input)
        verdict = self.query_one("#verdict", Static)
        self.query_one("#error", Static).update("")
        if self.verdict is None:
            verdict.update("")
            box.disabled = False
            box.value = ""
            box.focus()
            self.query_one("#keys", Static).update(_(self.keys_text))
        else:
            v = self.verdict
            t = Text("\n")
            t.append((_("Right.") if v.correct else _("Not quite.")) + "\n",
                     style="bold green" if v.correct else "bold red")
            t.append(_("Your answer:") + f" {box.value}\n")
            t.append(_("The answer:") + f" {v.expected}\n", style="bold")
            t.append(v.explanation)
            verdict.update(t)
            box.disabled = True
            self.query_one("#keys", Static).update(_("Enter/n next exercise · Esc lessons"))
            self.query_one("#body", VerticalScroll).scroll_end(animate=False)
            self.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.answer(event.value)

    def answer(self, text: str) -> None:
        """Check ``text``: a malformed answer shows its message (nothing is counted); ``q``
        saves and quits and ``m`` goes back to the lessons, as at the line mode's prompts."""
        ex = self.exercise
        assert ex is not None
        if self.verdict is not None:
            return
        word = text.strip().lower()
        if word in ("q", "quit", "exit"):  # the keys of the lesson path, as in the line mode
            self.learn.action_interrupt()
            return
        if word in ("m", "menu"):
            self.learn.pop_screen()
            return
        try:
            verdict = ex.check(text)
        except AnswerError as exc:
            self.query_one("#error", Static).update(
                Text(_("Cannot read that: {error}").format(error=exc)))
            return
        self.verdict = verdict
        app = self.learn
        app.progress.record(app.rules, ex.kind, verdict.correct)
        if verdict.correct and self.lesson is not None:
            self.right.add(ex.kind)
            if self.right >= set(self.kinds):  # each of the lesson's kinds answered right
                app.progress.finish_lesson(self.lesson)
        app.save()
        self.draw()

    def on_key(self, event: Key) -> None:
        if event.key == "escape":
            event.stop()
            self.learn.pop_screen()
        elif self.verdict is not None and event.key in ("enter", "n"):
            event.stop()
            if self.lesson is not None:
                if self.index + 1 < len(self.kinds):
                    self.index += 1
                elif self.learn.progress.is_done(self.learn.rules, self.lesson.id):
                    self.learn.pop_screen()
                    return
                else:  # the lesson's exercises again, from the first not yet right
                    self.index = next(i for i, k in enumerate(self.kinds)
                                      if k not in self.right)
            self.new_exercise()


class CoachScreen(Screen[None]):
    """A coached hand: the table from the learner's seat, the coach's comment beside it."""

    def __init__(self, rules: str, seed: int) -> None:
        super().__init__()
        self.hand = CoachedHand(rules, seed)
        self.hand.advance()
        self.selected: int | None = None
        self.comments: list[Comment] = []
        self.hand_tiles: list[Tile] = []
        #: a Charleston or courtesy pass: the tiles marked (positions in the hand shown),
        #: the blind count, and the message of a pass that cannot be made
        self.marked: list[int] = []
        self.blind = 0
        self.note = ""
        #: the discards in order with claims marked (fed the learner's own events)
        self.memory = TableMemory()

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with Vertical(id="board"):
                yield Static(id="top")
                with Horizontal(id="middle"):
                    yield Static(id="left")
                    yield Static(id="centre")
                    yield Static(id="right")
                yield Static(id="bottom")
            with VerticalScroll(id="comment"):
                yield Static(id="comment-text")
        yield Static(id="hand")
        yield Static(id="prompt")
        yield Static(id="keys")

    @property
    def learn(self) -> LearnApp:
        app = self.app
        assert isinstance(app, LearnApp)
        return app

    def on_mount(self) -> None:
        self.draw()

    def _set(self, wid: str, content: Text | str) -> None:
        self.query_one(f"#{wid}", Static).update(content)

    def actions(self) -> list[Action]:
        return [] if self.hand.finished else list(self.hand.legal_actions())

    def draw(self) -> None:
        view: PlayerView = self.hand.view()
        theme = self.learn.theme_name
        memory = self.memory
        memory.feed(self.hand.new_events())  # what the learner was shown, as the table does
        self._set("status", status_text(view, memory))
        me = view.player
        places = {"bottom": me, "right": (me + 1) % 4, "top": (me + 2) % 4, "left": (me + 3) % 4}
        for place, p in places.items():
            self._set(place, seat_text(view.seats[p], view, memory, theme, you=p == me,
                                       compact=place in ("left", "right")))
        self._set("centre", centre_text(view, memory))
        acts = self.actions()
        discards = [a for a in acts if a.kind is ActionKind.DISCARD]
        passes = [a for a in acts if a.kind in _PASSES]
        if (discards or passes) and self.selected is None:
            self.selected = len(view.concealed) - 1
        if not discards and not passes:
            self.selected = None
        text, self.hand_tiles = hand_text(view, self.selected, theme, marked=self.marked)
        self._set("hand", text)
        self._set("comment-text", self.comment_text())
        prompt = Text()
        if self.hand.finished:
            prompt.append(_("The hand is over: the summary is beside the table."),
                          style="bold")
            keys = _("Esc/Enter back to the lessons")
        else:
            if discards:
                prompt.append(_("Your turn: ←→ pick a tile, Enter discards it.") + " ")
            if passes:
                sizes = _(" or ").join(map(str, sizes_of(passes)))
                blinds = sorted({a.number or 0 for a in passes})
                prompt.append((_("Pass {sizes} tiles: ←→ and Space mark, b blind {blind}, "
                                 "Enter passes.") if len(blinds) > 1 else
                               _("Pass {sizes} tiles: ←→ and Space mark, Enter passes.")
                               ).format(sizes=sizes, blind=self.blind) + " ")
            if self.note:
                prompt.append(self.note + " ", style="bold")
            n = 0
            for a in acts:
                if a.kind is ActionKind.DISCARD or a.kind in _PASSES:
                    continue
                n += 1
                label = describe_action(a, claimed=view.last_discard, drawn=view.drawn)
                prompt.append(f"{n} {label}  ")
            keys = " · ".join(_(k) for k, on in (
                (N_("←→ tile"), bool(discards or passes)),
                (N_("Enter discard"), bool(discards)),
                (N_("Space mark · Enter pass"), bool(passes)), (N_("b blind"), len(
                    {a.number or 0 for a in passes}) > 1),
                (N_("1-9 choice"), len(passes) + len(discards) < len(acts)),
                (N_("Esc lessons"), True)) if on)
        self._set("prompt", prompt)
        self._set("keys", keys)

    def comment_text(self) -> Text:
        out = Text()
        if self.hand.finished:
            out.append(_("Summary") + "\n", style="bold")
            for line in self.hand.summary().text_lines():
                out.append(f"{line}\n")
            out.append("\n")
        if not self.comments:
            out.append(_("The coach comments on each of your decisions once you make it."))
            return out
        c = self.comments[-1]
        out.append(_("The coach") + "\n", style="bold")
        out.append(_("You: {chosen}").format(chosen=c.chosen) + "\n")
        if c.agreed:
            out.append(_("The coach agrees.") + "\n", style="green")
        else:
            out.append(_("The coach would {advised}.").format(advised=c.advised_verb) + "\n",
                       style="yellow")
        out.append(_("Why: {why}").format(why=c.why) + f"\n{c.distance}\n")
        return out

    def play(self, action: Action) -> None:
        comment = self.hand.play(action)
        self.comments.append(comment)
        self.hand.advance()
        if self.hand.finished:
            app = self.learn
            app.progress.coached_hand(app.rules)
            app.save()
        self.selected = None
        self.marked = []
        self.blind = 0
        self.note = ""
        self.draw()

    def _pass(self, passes: list[Action]) -> None:
        """Pass the marked tiles (and the blind count) if that is a legal pass; otherwise
        say why (nothing changes)."""
        tiles = sorted(self.hand_tiles[i] for i in self.marked)
        for a in passes:
            if sorted(a.tiles) == tiles and (a.number or 0) == self.blind:
                self.play(a)
                return
        sizes = _(" or ").join(map(str, sizes_of(passes)))
        self.note = (_("{n} marked and {blind} blind is not a pass you may make (pass {sizes} "
                       "in all; jokers are never passed).") if self.blind else
                     _("{n} marked is not a pass you may make (pass {sizes} in all; jokers "
                       "are never passed).")).format(n=len(tiles), blind=self.blind,
                                                     sizes=sizes)
        self.draw()

    def on_key(self, event: Key) -> None:
        key = event.key
        if key == "escape" or (self.hand.finished and key == "enter"):
            event.stop()
            self.learn.pop_screen()
            return
        acts = self.actions()
        discards = {a.tile: a for a in acts if a.kind is ActionKind.DISCARD}
        passes = [a for a in acts if a.kind in _PASSES]
        others = [a for a in acts if a.kind is not ActionKind.DISCARD and a not in passes]
        if passes and key == "space" and self.selected is not None:
            event.stop()
            if self.selected in self.marked:
                self.marked.remove(self.selected)
            else:
                self.marked.append(self.selected)
            self.draw()
        elif passes and key == "b":
            event.stop()
            blinds = sorted({a.number or 0 for a in passes})
            self.blind = blinds[(blinds.index(self.blind) + 1) % len(blinds)] \
                if self.blind in blinds else blinds[0]
            self.draw()
        elif passes and key == "enter":
            event.stop()
            self._pass(passes)
        elif key in ("left", "right") and (discards or passes) and self.hand_tiles:
            event.stop()
            cur = self.selected or 0
            self.selected = (cur + (1 if key == "right" else -1)) % len(self.hand_tiles)
            self.draw()
        elif key in ("enter", "d") and discards and self.selected is not None:
            event.stop()
            tile = self.hand_tiles[self.selected]
            if tile in discards:
                self.play(discards[tile])
        elif key.isdigit() and key != "0" and int(key) <= len(others):
            event.stop()
            self.play(others[int(key) - 1])


class LearnApp(App[int]):
    """The lessons of one rule set, full-screen; progress is saved to ``progress_path``
    after every change (a missing file is a new learner)."""

    CSS = CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "interrupt", "quit", priority=True, show=False),
        Binding("ctrl+q", "interrupt", "quit", priority=True, show=False),
    ]

    def __init__(self, rules: str, progress_path: Path, *, theme_name: str = "colour",
                 seed: int | None = None) -> None:
        super().__init__()
        self.rules = rules
        #: ``learn --seed``: exercises and coached hands are made from seed+1, seed+2, ... in
        #: turn, as the line mode makes them; None: a fresh random seed each time
        self.seed = seed
        self.count = 0
        self.lessons: tuple[Lesson, ...] = lessons(rules)
        self.progress_path = Path(progress_path)
        #: said on the path when the progress file could not be read
        self.notice = ""
        try:
            self.progress: Progress = load_progress(self.progress_path)
        except ProgressError as exc:  # kept aside, as the line mode does; a fresh start
            bad = set_aside(self.progress_path)
            self.notice = _("Could not read your progress ({error}); kept as {path}.").format(
                error=exc, path=bad) + " "
            self.progress = Progress()
        self.theme_name = theme_name

    def on_mount(self) -> None:
        self.push_screen(PathScreen())

    def next_seed(self) -> int:
        """The seed of the next exercise or coached hand: ``seed`` + 1, + 2, ... (the line
        mode's order) when a seed was given, else a fresh random one."""
        if self.seed is None:
            return secrets.randbelow(2 ** 31)
        self.count += 1
        return self.seed + self.count

    def save(self) -> None:
        """Write the progress file (its directory is made when missing)."""
        save_progress(self.progress, self.progress_path)

    def action_interrupt(self) -> None:
        self.save()
        self.exit(0)

    async def action_quit(self) -> None:
        self.action_interrupt()


def run_learn_app(rules: str, progress_path: Path, *, seed: int | None = None) -> int:
    """Run the full-screen lessons of ``rules`` (``hongkong``, ``chinese``, ``american``)
    until the learner quits; progress is kept in ``progress_path``; ``seed`` (``learn
    --seed``) makes the exercises and coached hands those of the line mode with that seed
    (None: random). Returns the exit status
    (0). A terminal whose encoding cannot show the tiles (:func:`.encoding_problem`) gets
    the line mode in ASCII instead, with a one-line note, as ``play`` does."""
    problem = encoding_problem(sys.stdout, sys.stderr)
    if problem is not None:
        from ..commands.learn import run_line_mode

        print(_("({problem}: the lessons in plain ASCII lines instead)").format(
            problem=problem), file=sys.stderr)
        return run_line_mode(rules, Path(progress_path), sys.stdin, sys.stdout, seed=seed,
                             ascii=True)
    result = LearnApp(rules, progress_path, seed=seed).run()
    return int(result or 0)
