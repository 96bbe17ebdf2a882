"""Learn to play (issue 22): lessons that follow each rule set's book, exercises generated
from a seed and checked by the engine, a coached hand against bots, and progress.

Every face (the line mode of ``mahjong-table learn``, the full-screen lessons, the web
``/learn`` pages) renders this package; nothing here knows a terminal or a browser.

- :mod:`.model`: ``Section``, ``Screen``, ``Lesson``, ``Exercise``, ``Verdict``,
  ``AnswerError``
- :mod:`.books`: ``book_sections(rules)``, every section of the rule set's book
- :mod:`.lessons`: ``lessons(rules)`` in the book's teaching order
- :mod:`.exercises`: ``EXERCISE_KINDS``, ``kinds_for(rules)``, ``generate(kind, rules, seed)``
- :mod:`.coach`: ``CoachedHand``, ``Comment``, ``HandSummary``
- :mod:`.progress`: ``Progress``, ``load_progress``, ``save_progress``,
  ``default_progress_path``, ``next_to_practise``
"""

from .books import book_sections
from .coach import CoachedHand, Comment, HandSummary
from .exercises import EXERCISE_KINDS, generate, kinds_for
from .lessons import lessons
from .model import AnswerError, Exercise, Lesson, Screen, Section, Verdict
from .progress import (
    Progress,
    default_progress_path,
    load_progress,
    next_to_practise,
    save_progress,
)

__all__ = ["EXERCISE_KINDS", "AnswerError", "CoachedHand", "Comment", "Exercise",
           "HandSummary", "Lesson", "Progress", "Screen", "Section", "Verdict",
           "book_sections", "default_progress_path", "generate", "kinds_for", "lessons",
           "load_progress", "next_to_practise", "save_progress"]
