"""The shapes every face of the lessons renders (terminal line mode, full-screen, web).

A :class:`Lesson` is a few :class:`Screen` s in our own words that cite the sections
(:class:`Section`) of the rule set's book they teach, followed by the exercise kinds that
practise them. An exercise (:class:`Exercise`) is generated from a seed and checks an answer
with the engine, the scorer, the card matcher or the advisor (never an answer key) and returns
a :class:`Verdict`; a malformed answer raises :class:`AnswerError` naming the problem.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ..i18n import _
from ..tiles import Tile, parse_tiles

__all__ = ["AnswerError", "Exercise", "Lesson", "Screen", "Section", "Verdict", "row_tiles",
           "shown_name", "shown_text"]

_GROUP = re.compile(r"\[[^\]]*\]|\([^)]*\)|[^\[\]()\s]+")


def row_tiles(row: str) -> list[Tile]:
    """The tiles of a row in hand notation (``"[123m] 456p 77z"``) in the order they are
    written, melds where they stand: the order every face draws them in, so the pictures
    and the notation under them agree (issue 48; ``Hand.all_tiles`` puts the concealed
    tiles first). Raises :class:`~mahjong_table.tiles.NotationError` for a row that cannot be
    read."""
    out: list[Tile] = []
    for m in _GROUP.finditer(row):
        g = m.group(0)
        out.extend(parse_tiles(g[1:-1] if g[0] in "[(" else g))
    return out


def shown_name(text: str) -> str:
    """A name kept in English as data (a scoring item, a limit hand, a hand's end) in the
    language in force (issue 23): a message that shows itself (a ``shown()`` method) does so;
    a plain name is looked up in the catalogue (unchanged when it is not there); an empty one
    stays empty."""
    show = getattr(text, "shown", None)
    if callable(show):
        return str(show())
    return _(text) if text else text


def shown_text(text: str) -> str:
    """``text`` (English data: paragraphs separated by blank lines) in the language in force,
    translated paragraph by paragraph, each paragraph one message (issue 23); an empty text
    stays empty."""
    return "\n\n".join(_(p) if p else p for p in text.split("\n\n"))


@dataclass(frozen=True)
class Section:
    """One section of a rule book. ``book`` is the book's number (``"004"``, ``"001"``),
    ``ref`` the section within it as the code cites it (``"s03"``, ``"Part one 06"``,
    ``"Part two 'Kongs'"``), ``cite`` the citation as a message (the same text as :attr:`id`,
    marked for the catalogue: in Italian it cites booklet 000, issue 48), ``title`` its
    heading in English."""

    book: str
    ref: str
    cite: str
    title: str

    @property
    def id(self) -> str:
        """``"004 s03"``, ``"001 Part one 06"``, ``"001 Part two 'Kongs'"``: the citation."""
        return f"{self.book} {self.ref}"

    def translated(self) -> Section:
        """This section with its heading in the language in force (render time, issue 23)."""
        return replace(self, title=shown_text(self.title))


@dataclass(frozen=True)
class Screen:
    """One screen of a lesson: ``text`` (paragraphs separated by blank lines), ``tiles``
    (rows of tiles in the project's hand notation, e.g. ``"123m 555z"`` or ``"[777z] 11p"``,
    for the face to draw) and ``captions`` (one per row, or empty)."""

    text: str
    tiles: tuple[str, ...] = ()
    captions: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "tiles": list(self.tiles), "captions": list(self.captions)}

    def translated(self) -> Screen:
        """This screen as shown in the language in force: its text paragraph by paragraph
        and its captions translated (the tiles are notation); issue 23."""
        return replace(self, text=shown_text(self.text),
                       captions=tuple(shown_text(c) for c in self.captions))


@dataclass(frozen=True)
class Lesson:
    """A lesson: ``id`` (``"hongkong-03-deal"``), ``rules`` (rule-set name), ``title``,
    ``sections`` (the :attr:`Section.id` s it teaches), ``screens`` and ``exercises``
    (exercise kinds of :data:`~mahjong_table.learn.exercises.EXERCISE_KINDS` that practise
    it, in the order to offer them)."""

    id: str
    rules: str
    title: str
    sections: tuple[str, ...]
    screens: tuple[Screen, ...]
    exercises: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "rules": self.rules, "title": self.title,
                "sections": list(self.sections),
                "screens": [sc.to_json() for sc in self.screens],
                "exercises": list(self.exercises)}

    def translated(self) -> Lesson:
        """This lesson as shown in the language in force: its title and screens translated
        (its id, sections and exercise kinds are data); issue 23."""
        return replace(self, title=shown_text(self.title),
                       screens=tuple(sc.translated() for sc in self.screens))


@dataclass(frozen=True)
class Verdict:
    """The judgement of an answer: ``correct``, ``expected`` (the answer worded as the
    learner would type it) and ``explanation`` (the engine's, scorer's, matcher's or
    advisor's own words)."""

    correct: bool
    expected: str
    explanation: str

    def to_json(self) -> dict[str, Any]:
        return {"correct": self.correct, "expected": self.expected,
                "explanation": self.explanation}


class AnswerError(ValueError):
    """A malformed answer (not a wrong one): the message names the problem, e.g. ``unknown
    character 'x' at position 1 in '5x'`` or ``answer yes or no, not 'maybe'``."""


@dataclass
class Exercise(ABC):
    """One generated exercise. ``kind`` (a key of ``EXERCISE_KINDS``), ``rules`` (rule-set
    name) and ``seed`` make it again; ``prompt`` is the question, ``tiles``/``captions`` the
    rows to draw (hand notation), ``answer_form`` what to type (``"tiles, e.g. 3m 6m 9m"``),
    ``choices`` the choices offered (empty for a free answer: the learner types one of them
    otherwise, or its number). :meth:`check` judges an answer (raises :class:`AnswerError` for
    a malformed one) and never changes the exercise.

    ``picture_only`` (a class attribute) is true for a kind whose question is the tiles'
    names (``name-tile``): every face must draw its ``tiles`` as pictures alone, never with
    their notation, names, captions or a title giving them away; a face without tile
    pictures asks :meth:`without_pictures` instead."""

    picture_only: ClassVar[bool] = False

    kind: str
    rules: str
    seed: int
    prompt: str
    tiles: tuple[str, ...] = ()
    captions: tuple[str, ...] = ()
    answer_form: str = ""
    choices: tuple[str, ...] = field(default=())

    @abstractmethod
    def check(self, answer: str) -> Verdict:
        """Judge ``answer``; raises :class:`AnswerError` when it cannot be read."""

    @abstractmethod
    def expected_answer(self) -> str:
        """The expected answer, worded as the learner would type it."""

    def without_pictures(self) -> Exercise:
        """The exercise as a face without tile pictures (ASCII) may pose it: this exercise
        itself, unless it is :attr:`picture_only`, when a subclass gives the reverse question
        (``name-tile``: the tile named, its notation asked)."""
        return self

    def to_json(self) -> dict[str, Any]:
        """What a face shows (never the expected answer): ``kind``, ``rules``, ``seed`` (with
        which ``generate`` makes the exercise again, e.g. to check an answer on a server),
        ``prompt``, ``tiles``, ``captions``, ``answer_form``, ``choices``, ``picture_only``
        (draw the tiles as pictures alone)."""
        return {"kind": self.kind, "rules": self.rules, "seed": self.seed,
                "prompt": self.prompt, "tiles": list(self.tiles),
                "captions": list(self.captions), "answer_form": self.answer_form,
                "choices": list(self.choices), "picture_only": self.picture_only}

    def choice_text(self, answer: str) -> str:
        """``answer`` with a choice's number (``"2"``) read as that choice; otherwise as
        typed, stripped."""
        text = answer.strip()
        if self.choices and text.isdigit():
            n = int(text)
            if not 1 <= n <= len(self.choices):
                raise AnswerError(_("choose a number from 1 to {last}, not {n}").format(
                    last=len(self.choices), n=n))
            return self.choices[n - 1]
        return text
