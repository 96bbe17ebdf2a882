"""The English vocabulary of the user interface (issue 23, item 4): a screen rendered in
Italian that contains one of these words has let a message escape the catalogue.

The words are whole words, matched case-insensitively, that Italian text never contains:
function words of English sentences and the UI's own nouns and verbs: ``tools.i18n_style``'s
list, which ``python -m tools.i18n check`` also applies to every Italian translation. Words
Italian players use as they are (Mahjong, pung, kong, chow, quint, Charleston, shanten, fan,
bonus, menu, stop, lobby, replay) and words that are Italian too (a, in, no) are not in it;
nor are names (a player's, a bot program's), tile notation (``5p``) or URLs, which the
caller removes with ``allow``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tools.i18n_style import ENGLISH as _STYLE_ENGLISH
from tools.i18n_style import strip_non_text

#: the words (one list for the screens' tests and the catalogue's style check, issue 48)
ENGLISH = _STYLE_ENGLISH


def english_words(text: str, allow: Iterable[str] = ()) -> list[str]:
    """The words of :data:`ENGLISH` in ``text`` (in order, repeated as found), after removing
    every string of ``allow`` (names, notation that may contain such letters)."""
    allowed = sorted(allow, key=len, reverse=True)
    # before stripping, the names of several words that hold prose, which stripping could cut
    # ("Singles and Pairs #4" loses "Pairs #4"); a name that is all data ("--rules") or one
    # word ("-table" of "mahjong-table") is left to the stripping, which takes it whole, with
    # its value ("--rules chinese", "mahjong-table play")
    for item in allowed:
        if " " in item.strip() and strip_non_text(item).strip():
            text = text.replace(item, " ")
    text = strip_non_text(text)  # what the style guide reads as data, not prose
    for item in allowed:
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
