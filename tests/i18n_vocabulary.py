"""The English vocabulary of the user interface (issue 23, item 4): a screen rendered in
Italian that contains one of these words has let a message escape the catalogue.

The words are whole words, matched case-insensitively, that Italian text never contains:
function words of English sentences and the UI's own nouns and verbs. Words Italian players
use as they are (Mahjong, pung, kong, chow, quint, Charleston, shanten, fan, bonus, menu,
stop, lobby, replay) and words that are Italian too (a, in, no) are not in it;
nor are names (a player's, a bot program's), tile notation (``5p``) or URLs, which the
caller removes with ``allow``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

ENGLISH = frozenset(
    """
an the and or of to on at for from with by your you yours its is are was were be
been this that these those there here what which who when where why how not yes all any
each every some none only also more less than then next back new old own other others
tile tiles hand hands wall walls dead discard discards discarded draw draws drawn drew
claim claims claimed pass passes passed player players seat seats wind winds dragon dragons
flower flowers season seasons joker jokers characters circles bamboo east south west north
red green white round rounds game games score scores scored points point win wins won
winner loser lose draw exposed concealed meld melds pair pairs single waiting waits wait
ready start started play played playing quit help undo hint hints advice advise lesson
lessons exercise exercises answer answers check correct wrong right left over across
table tables room rooms join leave open close closed name names card line lines
limit payment payments pays paid dealer robbing rob ends end ended finished over
continue ask give take keep choose chosen choice select show hide settings
option options language save saved load loaded resume record records total
""".split()  # noqa: SIM905 - a word list reads best as text
)


def english_words(text: str, allow: Iterable[str] = ()) -> list[str]:
    """The words of :data:`ENGLISH` in ``text`` (in order, repeated as found), after removing
    every string of ``allow`` (names, notation that may contain such letters)."""
    for item in sorted(allow, key=len, reverse=True):
        text = text.replace(item, " ")
    words = re.findall(r"[A-Za-z]+(?:'[a-z]+)?", text)
    return [w for w in words if w.lower() in ENGLISH]


def assert_italian(text: str, where: str, allow: Iterable[str] = ()) -> None:
    """Fail, naming ``where`` and the English words with their context, when ``text`` has
    any word of the UI's English vocabulary."""
    found = english_words(text, allow)
    if found:
        contexts = []
        for w in dict.fromkeys(found):
            m = re.search(rf"(?i).{{0,40}}\b{re.escape(w)}\b.{{0,40}}", text)
            contexts.append(f"{w!r} in ...{m.group(0) if m else ''}...")
        raise AssertionError(f"{where}: English in the Italian text: " + "; ".join(contexts))
