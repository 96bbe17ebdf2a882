"""``mahjong-table learn``: lessons that follow the rule set's book, exercises the engine
checks, a coached hand, and progress kept between sessions (issue 22).

On an interactive terminal with Textual installed the full-screen lessons open
(``mahjong_table.tui.learn.run_learn_app``); ``--plain``, or input or output that is no
terminal, gives the line mode written here, for pipes and screen readers. Both render the
same :mod:`mahjong_table.learn` package. The line mode reads one command per line:

- a lesson's number: its screens (Enter for the next, ``b`` back), then one
  exercise of each kind it practises (another after a wrong answer; ``s`` moves on); the
  lesson is done once each kind has been answered right
  (:meth:`~mahjong_table.learn.progress.Progress.finish_lesson`, the rule of every face);
- ``p`` lists the exercise kinds with your tallies; ``p N`` (its number) practises that
  kind until ``m``;
- ``c``: a coached hand against the bots, the advisor commenting on each decision;
- ``n``: the next thing to practise; ``q``: quit.

At every prompt of a lesson or an exercise ``m`` goes back to the menu and ``q`` quits (an
exercise's ``s`` skips it, showing the answer). An exercise whose question is a tile's
picture (``name-tile``) shows the glyph alone; with ``--ascii`` it asks the reverse question
(the tile's name given, its notation asked).

An answer that cannot be read (``5x``, ``maybe``) is said so and asked again: it is not a
wrong answer. Progress is saved after every lesson, answer and coached hand to ``--progress``
(default: the user's data directory, :func:`~mahjong_table.learn.progress.default_progress_path`).
"""

from __future__ import annotations

import argparse
import secrets
import sys
import textwrap
from pathlib import Path
from typing import TextIO

from ..engine import IllegalActionError, PlayerView
from ..i18n import N_, _
from ..learn import EXERCISE_KINDS, AnswerError, Exercise, Lesson, generate, kinds_for, lessons
from ..learn.books import RULES, book_name, book_sections, cited
from ..learn.coach import CoachedHand
from ..learn.model import row_tiles
from ..learn.progress import (
    Progress,
    ProgressError,
    default_progress_path,
    load_progress,
    next_step,
    next_to_practise,
    save_progress,
    set_aside,
)
from ..names import tile_name
from ..tui.line import HumanPlayer, QuitGame, tiles_glyphs

__all__ = ["add_parser", "run", "run_line_mode"]

_TITLES = {"hongkong": N_("Hong Kong"), "chinese": N_("Chinese"), "american": N_("American")}
#: the menu's heading per rule set (whole sentences: the adjective's place differs in Italian)
_HEADINGS = {"hongkong": N_("== Learn Hong Kong mahjong (book {book}, {n} sections) =="),
             "chinese": N_("== Learn Chinese mahjong (book {book}, {n} sections) =="),
             "american": N_("== Learn American mahjong (book {book}, {n} sections) ==")}


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "learn", help=_("learn to play: lessons, exercises the engine checks, a coached hand"),
        description=_("Lessons for each rule set in the order its book teaches, exercises "
                      "generated afresh and checked by the engine, and a coached hand."))
    p.add_argument("--rules", choices=tuple(RULES), default="hongkong",
                   help=_("the rule set to learn (default hongkong)"))
    p.add_argument("--plain", action="store_true",
                   help=_("the line mode (for screen readers and pipes) instead of the "
                          "full-screen lessons; used anyway when input or output is no "
                          "terminal"))
    p.add_argument("--progress", metavar="FILE", type=Path, default=None,
                   help=_("where progress is kept (default: {path})").format(
                       path=default_progress_path()))
    p.add_argument("--seed", type=int, default=None,
                   help=_("seed of the exercises and the coached hands, in both the line "
                          "mode and the full-screen lessons (default: random)"))
    p.add_argument("--ascii", action="store_true",
                   help=_("plain ASCII, no tile glyphs (the line mode)"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Open the full-screen lessons on a terminal, else the line mode."""
    path = args.progress or default_progress_path()
    if Path(path).exists() and not Path(path).is_file():
        # an unreadable progress *file* is kept aside as FILE.bad; anything else there (a
        # directory given by mistake) is the user's, never moved: refused before anything
        print("mahjong-table learn: --progress " + (
            _("{path}: a directory, not a progress file (give a file name, e.g. "
              "DIR/progress.json)") if Path(path).is_dir() else
            _("{path}: not a regular file, not a progress file (give a file name, e.g. "
              "DIR/progress.json)")).format(path=path), file=sys.stderr)
        return 2
    if not (args.plain or args.ascii) and sys.stdin.isatty() and sys.stdout.isatty():
        try:
            from ..tui.learn import run_learn_app  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            print(_("(The full-screen lessons need the 'tui' extra: using the line mode.)"),
                  file=sys.stderr)
        else:
            status: int = run_learn_app(args.rules, path, seed=args.seed)
            return status
    return run_line_mode(args.rules, path, sys.stdin, sys.stdout, seed=args.seed,
                         ascii=args.ascii)


class _CoachedHuman(HumanPlayer):
    """The play command's line interface, less the advice it shows beside the American card
    lines before a decision: in a coached hand the advisor speaks after the decision."""

    def _closest_lines(self, view: PlayerView, n: int = 3) -> list[str]:
        return [ln for ln in super()._closest_lines(view, n)
                if not ln.lstrip().startswith("Advice:")]


class _Quit(Exception):
    """The input ended or the learner quit."""


class _Menu(Exception):
    """The learner asked for the menu (``m``) from within a lesson or an exercise."""


#: the keys every lesson and exercise prompt reads before anything else
_QUIT_KEYS = ("q", "quit", "exit")
_MENU_KEYS = ("m", "menu")
#: the answers to "Another?" (English and Italian: a learner may type either)
_YES = ("", "y", "yes", "s", "si", "sì")
_NO = ("n", "no")


class LineMode:
    """The line mode over ``input``/``output``: see the module's docstring."""

    def __init__(self, rules: str, path: Path, input: TextIO, output: TextIO, *,
                 seed: int | None, ascii: bool) -> None:
        self.rules = rules
        self.path = path
        self.input = input
        self.output = output
        self.ascii = ascii
        self.seed = seed if seed is not None else secrets.randbelow(10**9)
        self.count = 0
        isatty = getattr(input, "isatty", None)
        self.echo = not (callable(isatty) and isatty())
        self.progress = self._load()

    # ----- input and output ----------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.output.write(text + "\n")
        self.output.flush()

    def wrap(self, text: str) -> None:
        for para in text.split("\n\n"):
            self.say(textwrap.fill(para, 78))
            self.say()

    def ask(self, prompt: str) -> str:
        self.output.write(prompt)
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.say()
            raise _Quit()
        if self.echo:
            self.output.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def _load(self) -> Progress:
        try:
            return load_progress(self.path)
        except ProgressError as exc:
            bad = set_aside(self.path)
            self.say(_("Could not read your progress ({error}); starting afresh. The old "
                       "file is kept as {path}.").format(error=exc, path=bad))
            return Progress()

    def save(self) -> None:
        try:
            save_progress(self.progress, self.path)
        except OSError as exc:
            self.say(_("(Progress not saved: {error})").format(error=exc))

    def ask_key(self, prompt: str) -> str:
        """:meth:`ask` within a lesson or an exercise: ``q`` quits (:class:`_Quit`) and
        ``m`` goes back to the menu (:class:`_Menu`) at every such prompt."""
        answer = self.ask(prompt)
        if answer.lower() in _QUIT_KEYS:
            raise _Quit()
        if answer.lower() in _MENU_KEYS:
            raise _Menu()
        return answer

    def tiles(self, rows: tuple[str, ...], captions: tuple[str, ...], *,
              picture_only: bool = False) -> None:
        """Draw rows of tiles (hand notation): the notation and caption, then the glyphs (or
        in ASCII the names). ``picture_only`` (the question is the tiles' names): the glyphs
        alone, no notation, name or caption."""
        for i, row in enumerate(rows):
            tiles = row_tiles(row)  # in the written order, as the notation shown
            if picture_only:
                self.say(f"    {tiles_glyphs(tiles)}")
                continue
            cap = captions[i] if i < len(captions) else ""
            line = f"    {row}"
            if cap:
                line += f"   - {cap}"
            self.say(line)
            if not self.ascii:
                self.say(f"    {tiles_glyphs(tiles)}")
            else:
                self.say("    (" + ", ".join(tile_name(t) for t in tiles) + ")")

    # ----- the menu ------------------------------------------------------------------------

    def menu(self) -> None:
        self.say(_(_HEADINGS[self.rules]).format(book=book_name(self.rules),
                                                 n=len(book_sections(self.rules))))
        for i, ls in enumerate(lessons(self.rules), 1):
            mark = "x" if self.progress.is_done(self.rules, ls.id) else " "
            self.say(f"  {i:2}. [{mark}] {_(ls.title)} ({'; '.join(cited(ls))})")
        self.say(_("Next: {what}").format(what=next_to_practise(self.progress, self.rules)))
        self.say(_("Type a lesson's number, p (practise), c (coached hand), n (next), "
                   "q (quit)."))

    def loop(self) -> int:
        self.menu()
        all_lessons = lessons(self.rules)
        while True:
            cmd = self.ask("learn> ").lower()
            if cmd in ("q", "quit", "exit"):
                return 0
            if cmd in ("", "m", "menu", "?", "h", "help"):
                self.menu()
                continue
            try:
                known = self.command(cmd, all_lessons)
            except _Menu:
                self.menu()
                continue
            if not known:
                self.say(_("Unknown command {cmd}: a lesson's number (1-{n}), p, p and a kind's "
                           "number, c, n or q.").format(cmd=repr(cmd), n=len(all_lessons)))

    def command(self, cmd: str, all_lessons: tuple[Lesson, ...]) -> bool:
        """Run the menu command ``cmd``; False when it is none."""
        if cmd.isdigit() and 1 <= int(cmd) <= len(all_lessons):
            self.lesson(all_lessons[int(cmd) - 1])
            self.menu()
        elif cmd == "p":
            self.kinds()
        elif cmd.startswith("p "):
            kind = self.kind_named(cmd[2:].strip())
            if kind:
                self.practise(kind)
                self.menu()
        elif cmd == "c":
            self.coached()
            self.menu()
        elif cmd == "n":
            what, ident, reason = next_step(self.progress, self.rules)
            self.say(_("Next: {what}").format(what=reason))
            if what == "lesson":
                self.lesson(next(ls for ls in all_lessons if ls.id == ident))
            elif what == "exercise":
                self.practise(ident)
            else:
                self.coached()
            self.menu()
        else:
            return False
        return True

    def kinds(self) -> None:
        for i, k in enumerate(kinds_for(self.rules), 1):
            tried, right = self.progress.tally(self.rules, k)
            # the kind by its question, never by its id (issue 48: no internal id on screen)
            self.say("  " + _("{i}. {title} ({right}/{tried} right)").format(
                i=i, title=_(EXERCISE_KINDS[k]), right=right, tried=tried))
        self.say(_("Type p and a kind's number, e.g. p 1."))

    def kind_named(self, text: str) -> str | None:
        ks = kinds_for(self.rules)
        if text.isdigit() and 1 <= int(text) <= len(ks):
            return ks[int(text) - 1]
        if text in ks:  # the id, as the web's addresses and the progress file name it
            return text
        self.say(_("No exercise kind {text} for {rules}: type p and a number from 1 to {n} "
                   "(p lists them).").format(text=repr(text), rules=_(_TITLES[self.rules]),
                                             n=len(ks)))
        return None

    # ----- lessons and exercises -------------------------------------------------------------

    def lesson(self, lesson: Lesson) -> None:
        ls = lesson.translated()
        i = 0
        while i < len(ls.screens):
            sc = ls.screens[i]
            self.say(f"-- {ls.title} ({i + 1}/{len(ls.screens)}; {'; '.join(cited(lesson))}) --")
            self.wrap(sc.text)
            if sc.tiles:
                self.tiles(sc.tiles, sc.captions)
                self.say()
            cmd = self.ask_key(_("[Enter: next, b: back, m: menu, q: quit] ")).lower()
            i = max(0, i - 1) if cmd == "b" else i + 1
        # one exercise of each kind; a wrong answer brings another of its kind (s moves on)
        pending = [k for k in ls.exercises if k in kinds_for(self.rules)]
        while pending:
            kind = pending.pop(0)
            self.say(_("Exercise: {title}").format(title=_(EXERCISE_KINDS[kind])))
            if self.exercise(kind) is False:
                self.say(_("Another of the same kind (s skips it):"))
                pending.insert(0, kind)
        if self.progress.finish_lesson(lesson):
            self.save()
            self.say(_("Lesson done: {title}.").format(title=ls.title))
        else:
            todo = [_(EXERCISE_KINDS[k]) for k in ls.exercises
                    if k in kinds_for(self.rules) and not self.progress.tally(self.rules, k)[1]]
            self.say(_("Lesson not done yet: answer each of its exercises right once (still "
                       "to do: {todo}). Type its number to try again.").format(
                           todo="; ".join(todo)))

    def next_seed(self) -> int:
        self.count += 1
        return self.seed + self.count

    def exercise(self, kind: str) -> bool | None:
        """Pose one exercise; True/False for a right/wrong answer, None when skipped (``s``).
        ``m`` (:class:`_Menu`) and ``q`` (:class:`_Quit`) leave it unanswered."""
        ex = generate(kind, self.rules, self.next_seed())
        if self.ascii:
            ex = ex.without_pictures()
        self.show_exercise(ex)
        while True:
            answer = self.ask_key(_("Your answer ({form}; s: skip, m: menu, q: quit): ").format(
                form=ex.answer_form))
            if answer.lower() in ("s", "skip"):
                self.say(_("Skipped. The answer: {answer}").format(answer=ex.expected_answer()))
                return None
            if not answer.strip():
                continue  # an empty line asks again
            try:
                verdict = ex.check(answer)
            except AnswerError as exc:
                self.say(_("Cannot read that: {error}").format(error=exc))
                continue
            break
        self.say((_("Right!") + " " if verdict.correct else
                  _("Not quite: the answer is {answer}.").format(answer=verdict.expected) + " ")
                 + verdict.explanation)
        self.progress.record(self.rules, kind, verdict.correct)
        self.save()
        return verdict.correct

    def show_exercise(self, ex: Exercise) -> None:
        self.wrap(ex.prompt)
        if ex.tiles:
            self.tiles(ex.tiles, ex.captions, picture_only=ex.picture_only)
        for i, c in enumerate(ex.choices, 1):
            self.say(f"  {i}. {c}")

    def practise(self, kind: str) -> None:
        self.say(_("Practising: {title} (m: back to the menu, q: quit)").format(
            title=_(EXERCISE_KINDS[kind])))
        while True:
            self.exercise(kind)
            while True:
                more = self.ask_key(_("Another? [Enter: yes, m: menu, q: quit] ")).lower()
                if more in _YES:
                    break
                if more in _NO:
                    return
                # anything else is neither: asked again, never taken for a yes (issue 48)
                self.say(_("Type Enter (or y) for another exercise, n or m for the menu, q to "
                           "quit; not {answer}.").format(answer=repr(more)))

    # ----- the coached hand ------------------------------------------------------------------

    def coached(self) -> None:
        hand = CoachedHand(self.rules, self.next_seed())
        human = _CoachedHuman(self.input, self.output, seat=hand.seat, rules=hand.rules,
                            ascii=self.ascii, tile_set=hand.rules.tile_set,
                            names=[f"Bot {p}" for p in range(4)])
        self.say(_("A coached hand against three bots. After each of your decisions the "
                   "advisor says what it would have done and why (type i for a hint before "
                   "deciding). Keys as in play: q leaves the hand for the menu, m declares "
                   "Mahjong."))
        try:
            while not hand.finished:
                hand.advance()
                human.notify(hand.new_events())
                if hand.finished:
                    break
                action = human.choose(hand.view())
                try:
                    comment = hand.play(action)
                except IllegalActionError as exc:
                    self.say(_("Not allowed: {error}").format(error=exc))
                    continue
                for line in comment.text_lines():
                    self.say(_("Coach: {line}").format(line=line))
                human.notify(hand.new_events())
        except QuitGame:
            self.say(_("Coached hand left."))
            return
        human.notify(hand.new_events())
        self.say(_("== The coach's summary =="))
        for line in hand.summary().text_lines():
            self.say(line)
        self.progress.coached_hand(self.rules)
        self.save()


def run_line_mode(rules: str, path: Path, input: TextIO, output: TextIO, *,
                  seed: int | None = None, ascii: bool = False) -> int:
    """The line mode of ``learn`` over ``input``/``output`` (progress at ``path``); returns
    the exit status (0)."""
    mode = LineMode(rules, path, input, output, seed=seed, ascii=ascii)
    try:
        return mode.loop()
    except _Quit:
        return 0


