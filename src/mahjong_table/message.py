"""Messages kept in English as data and shown in the language in force (issue 23).

A :class:`Message` *is* its English text (a ``str``: records, ``--json``, event data, equality
and hashing see only the English), and remembers the catalogue message it was formatted from
and its values, so that a face can show it in the language in force with :func:`shown`
(``ScoreItem`` names and explanations, a ``ScoreResult``'s reason, a rule set's refusal).
Values may be messages themselves (translated in turn), tuples of messages (joined with
``", "``), or anything else (numbers, tile notation: formatted as they are).

This module is left pure (not compiled): :class:`Message` subclasses ``str``.
"""

from __future__ import annotations

import re
from typing import Any

from .i18n import _, pgettext

__all__ = ["Message", "shown"]


def _english(value: Any) -> Any:
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return value


def _shown_value(value: Any) -> Any:
    if isinstance(value, Message):
        return value.shown()
    if isinstance(value, tuple):
        return ", ".join(_shown_value(v) for v in value)
    return value


#: the templates of the messages made with values in this process, ``(msgid, context)``:
#: how :func:`shown` reads an English text that has lost its message (event data, JSON)
_TEMPLATES: dict[tuple[str, str | None], re.Pattern[str]] = {}
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _template(msgid: str, context: str | None) -> None:
    key = (msgid, context)
    if key in _TEMPLATES:
        return
    pattern, at = "", 0
    for m in _FIELD.finditer(msgid):
        pattern += re.escape(msgid[at:m.start()]) + f"(?P<{m.group(1)}>.+?)"
        at = m.end()
    pattern += re.escape(msgid[at:])
    try:
        _TEMPLATES[key] = re.compile(pattern + r"\Z")
    except re.error:  # a field named twice: such a message is not read back
        _TEMPLATES[key] = re.compile(r"(?!)")


def _literal(msgid: str) -> int:
    """How many characters of ``msgid`` are its own, not its fields'."""
    return len(_FIELD.sub("", msgid))


def _read_back(text: str) -> str | None:
    """``text`` (English, formatted from one of :data:`_TEMPLATES`) in the language in force,
    its values shown in turn; None when no template reads it. Where several templates read
    it, the most specific does (the most characters of its own, then the msgid's order): the
    answer never depends on which messages this process happened to make first (issue 48:
    a card line's "2026 #2 FFF 2026a" was read as MCR's "{name} {fan}" after an MCR score)."""
    best: tuple[int, str, str | None, re.Match[str]] | None = None
    for (msgid, context), pattern in list(_TEMPLATES.items()):
        m = pattern.match(text)
        if m is None:
            continue
        rank = _literal(msgid)
        if best is None or (rank, best[1]) > (best[0], msgid):
            best = (rank, msgid, context, m)
    if best is None:
        return None
    _rank, msgid, context, m = best
    template = pgettext(context, msgid) if context else _(msgid)
    if template == msgid:
        return None  # the language in force is the source language
    return template.format(**{k: shown(v) for k, v in m.groupdict().items()})


def _restore(english: str, msgid: str, context: str | None,
             values: dict[str, Any]) -> Message:
    m = str.__new__(Message, english)
    m.msgid, m.context, m.values = msgid, context, values
    return m


#: the messages without values made so far, by ``(msgid, context)`` (at most
#: :data:`_PLAIN_LIMIT`; past it a message is made afresh each time)
_PLAIN: dict[tuple[str, str | None], Message] = {}
_PLAIN_LIMIT = 4096


class Message(str):
    """``msgid`` (English, with ``{name}`` placeholders; mark it with ``N_`` where written, or
    give its ``context`` for ``pgettext``) formatted with ``values``: the value of the string
    is the English text; :meth:`shown` is the text in the language in force."""

    msgid: str
    context: str | None
    values: dict[str, Any]

    def __new__(cls, msgid: str, context: str | None = None, **values: Any) -> Message:
        if not values:
            if isinstance(msgid, Message) and context is None:
                return msgid  # a message already: itself
            if cls is Message and type(msgid) is str:
                # a message without values is made once (issue 25: a scoring names the same
                # few dozen; nothing changes a message once made)
                made = _PLAIN.get((msgid, context))
                if made is None:
                    made = super().__new__(cls, msgid)
                    made.msgid, made.context, made.values = msgid, context, {}
                    if len(_PLAIN) < _PLAIN_LIMIT:
                        _PLAIN[(msgid, context)] = made
                return made
        english = msgid.format(**{k: _english(v) for k, v in values.items()}) if values \
            else msgid
        m = super().__new__(cls, english)
        m.msgid, m.context, m.values = msgid, context, values
        if values:
            _template(msgid, context)
        return m

    def shown(self) -> str:
        """The message in the language in force (a plain ``str``)."""
        text = pgettext(self.context, self.msgid) if self.context else _(self.msgid)
        if not self.values:
            return text
        return text.format(**{k: _shown_value(v) for k, v in self.values.items()})

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (str(self), self.msgid, self.context, self.values))


def shown(text: str | None) -> str:
    """``text`` as a face shows it: a :class:`Message` in the language in force; a plain
    string looked up in the catalogue as it is (names marked with ``N_``), else read back
    from the templates of the messages this process has made (a scoring item's name that
    came through event data: ``"Pung of White dragons"``), else unchanged; None and ``""``
    as ``""``."""
    if not text:
        return ""
    if isinstance(text, Message):
        return text.shown()
    found = _(text)
    if found == text and _TEMPLATES:
        # a message made with values that lost its type on the way (event data, JSON):
        # read back from the templates this process has made messages from
        return _read_back(text) or text
    return found
