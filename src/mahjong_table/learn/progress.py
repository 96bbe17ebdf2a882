"""A learner's progress: lessons done, exercises tried and answered right per kind, coached
hands played, per rule set; and what to practise next.

The terminal keeps it in a JSON file in the user's data directory
(:func:`default_progress_path`); the web keeps the same JSON per browser. The JSON form::

    {"version": 1,
     "lessons": {"hongkong": ["hongkong-01-tiles"]},
     "exercises": {"hongkong": {"name-tile": {"tried": 5, "right": 4}}},
     "coached": {"hongkong": 1}}
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import _, ngettext
from .books import check_rules
from .exercises import EXERCISE_KINDS, kinds_for
from .lessons import lessons
from .model import Lesson

__all__ = ["Progress", "ProgressError", "default_progress_path", "load_progress", "set_aside",
           "next_step", "next_to_practise", "save_progress"]

VERSION = 1
#: an exercise kind is practised enough once tried this often with this share right
ENOUGH_TRIES = 5
GOOD_SHARE = 0.8


class ProgressError(ValueError):
    """A progress file or JSON object that cannot be read; the message names the problem."""


@dataclass
class Progress:
    """Lessons done (ids in the order done), exercises ``[tried, right]`` by kind, coached
    hands played, each per rule set."""

    lessons: dict[str, list[str]] = field(default_factory=dict)
    exercises: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    coached: dict[str, int] = field(default_factory=dict)

    def lesson_done(self, rules: str, lesson_id: str) -> None:
        """Mark ``lesson_id`` of ``rules`` done (again: no change)."""
        done = self.lessons.setdefault(rules, [])
        if lesson_id not in done:
            done.append(lesson_id)

    def finish_lesson(self, lesson: Lesson) -> bool:
        """Mark ``lesson`` done once each of its exercise kinds (those of its rule set) has
        been answered right at least once (a lesson without exercises: at once); the caller
        says the learner has been through its screens. True if the lesson is done. Every
        face marks lessons done by this one rule."""
        kinds = [k for k in lesson.exercises if k in kinds_for(lesson.rules)]
        if all(self.tally(lesson.rules, k)[1] > 0 for k in kinds):
            self.lesson_done(lesson.rules, lesson.id)
        return self.is_done(lesson.rules, lesson.id)

    def is_done(self, rules: str, lesson_id: str) -> bool:
        return lesson_id in self.lessons.get(rules, [])

    def record(self, rules: str, kind: str, correct: bool) -> None:
        """Count one answer to an exercise of ``kind`` (malformed answers are not counted:
        they are not answers). Raises ``ValueError`` for an unknown kind."""
        if kind not in EXERCISE_KINDS:
            raise ValueError(f"unknown exercise kind {kind!r}")
        tally = self.exercises.setdefault(rules, {}).setdefault(kind, [0, 0])
        tally[0] += 1
        tally[1] += int(correct)

    def tally(self, rules: str, kind: str) -> tuple[int, int]:
        """``(tried, right)`` for ``kind`` under ``rules``."""
        t = self.exercises.get(rules, {}).get(kind, [0, 0])
        return t[0], t[1]

    def coached_hand(self, rules: str) -> None:
        """Count one coached hand played to its end."""
        self.coached[rules] = self.coached.get(rules, 0) + 1

    def save(self, path: Path | str) -> None:
        """:func:`save_progress` of this progress to ``path``."""
        save_progress(self, path)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "lessons": {r: list(ids) for r, ids in self.lessons.items()},
            "exercises": {r: {k: {"tried": t[0], "right": t[1]} for k, t in kinds.items()}
                          for r, kinds in self.exercises.items()},
            "coached": dict(self.coached),
        }

    @staticmethod
    def from_json(data: Any) -> Progress:
        """The progress of a JSON object as :meth:`to_json` writes it. Raises
        :class:`ProgressError` naming what is wrong."""
        if not isinstance(data, dict):
            raise ProgressError("progress must be a JSON object")
        if data.get("version") != VERSION:
            raise ProgressError(f"unknown progress version {data.get('version')!r}")
        p = Progress()
        try:
            for rules, ids in dict(data.get("lessons", {})).items():
                if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                    raise ProgressError(f"lessons of {rules!r} must be a list of lesson ids")
                p.lessons[str(rules)] = list(ids)
            for rules, kinds in dict(data.get("exercises", {})).items():
                for kind, t in dict(kinds).items():
                    tried, right = int(t["tried"]), int(t["right"])
                    if not 0 <= right <= tried:
                        raise ProgressError(f"{rules} {kind}: {right} right of {tried} tried")
                    p.exercises.setdefault(str(rules), {})[str(kind)] = [tried, right]
            for rules, n in dict(data.get("coached", {})).items():
                p.coached[str(rules)] = int(n)
        except (TypeError, KeyError, ValueError) as exc:
            if isinstance(exc, ProgressError):
                raise
            raise ProgressError(f"malformed progress: {exc!r}") from None
        return p


def default_progress_path() -> Path:
    """``$XDG_DATA_HOME/mahjong-table/progress.json``, or
    ``~/.local/share/mahjong-table/progress.json`` when ``XDG_DATA_HOME`` is unset."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "mahjong-table" / "progress.json"


def load_progress(path: Path | str) -> Progress:
    """The progress kept at ``path`` (empty when there is no file yet). Raises
    :class:`ProgressError` naming the file and the problem when it cannot be read."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Progress()
    except OSError as exc:
        raise ProgressError(_("cannot read {path}: {error}").format(
            path=p, error=exc.strerror)) from None
    try:
        return Progress.from_json(json.loads(text))
    except json.JSONDecodeError as exc:
        raise ProgressError(_("{path} is not JSON: {error}").format(path=p, error=exc)
                            ) from None
    except ProgressError as exc:
        raise ProgressError(f"{p}: {exc}") from None


def save_progress(progress: Progress, path: Path | str) -> None:
    """Write ``progress`` to ``path`` (directories made; written to a temporary file and
    moved into place, so a crash never leaves half a file)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(json.dumps(progress.to_json(), indent=1, sort_keys=True) + "\n",
                   encoding="utf-8")
    os.replace(tmp, p)


def next_step(progress: Progress, rules: str) -> tuple[str, str, str]:
    """What to practise next under ``rules``: ``(what, id, reason)`` where ``what`` is
    ``"lesson"`` (``id`` a lesson id), ``"exercise"`` (an exercise kind) or ``"coach"``.
    The first lesson not done comes first; then the exercise kind of the lessons done
    with the fewest tries (under :data:`ENOUGH_TRIES`) or the lowest share right (under
    :data:`GOOD_SHARE`); then a coached hand."""
    check_rules(rules)
    for ls in lessons(rules):
        if not progress.is_done(rules, ls.id):
            return "lesson", ls.id, _("the next lesson in the book's order: {title}").format(
                title=_(ls.title))
    weakest: tuple[float, int, str] | None = None
    for kind in kinds_for(rules):
        tried, right = progress.tally(rules, kind)
        if tried < ENOUGH_TRIES:
            return "exercise", kind, ngettext(
                "practise “{kind}”: tried {n} time so far",
                "practise “{kind}”: tried {n} times so far", tried
            ).format(kind=_(EXERCISE_KINDS[kind]), n=tried)
        share = right / tried
        if weakest is None or share < weakest[0]:
            weakest = (share, tried, kind)
    if weakest is not None and weakest[0] < GOOD_SHARE:
        share, tried, kind = weakest
        return "exercise", kind, _("practise “{kind}”: {share}% right of {n}, your "
                                   "weakest").format(
            kind=_(EXERCISE_KINDS[kind]), share=round(100 * share), n=tried)
    if not progress.coached.get(rules):
        return "coach", "coach", _("play a coached hand: every lesson done, every exercise "
                                   "practised")
    kind = min(kinds_for(rules), key=lambda k: progress.tally(rules, k)[1]
               / max(1, progress.tally(rules, k)[0]))
    return "exercise", kind, _("practise “{kind}” to keep it sharp (your lowest share "
                               "right)").format(kind=_(EXERCISE_KINDS[kind]))


def next_to_practise(progress: Progress, rules: str) -> str:
    """:func:`next_step` in words, as a learner reads them (no lesson id or exercise kind's
    id: issue 48): ``"the next lesson in the book's order: Seats, the wall..."``,
    ``"practise “What does this hand score?”: 40% right of 5, your weakest"``, ``"play a
    coached hand: ..."``."""
    return next_step(progress, rules)[2]


def set_aside(path: Path | str) -> Path:
    """Move an unreadable progress file out of the way, keeping it: to ``FILE.bad``, or
    ``FILE.bad.2``, ``FILE.bad.3``, ... when an earlier one is there (an earlier backup is
    never overwritten). Returns where it went. Raises ``OSError`` if it cannot be moved."""
    path = Path(path)
    bad = path.with_name(path.name + ".bad")
    n = 2
    while bad.exists():
        bad = path.with_name(f"{path.name}.bad.{n}")
        n += 1
    path.replace(bad)
    return bad
