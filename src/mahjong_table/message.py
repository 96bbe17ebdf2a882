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


def _restore(english: str, msgid: str, context: str | None,
             values: dict[str, Any]) -> Message:
    m = str.__new__(Message, english)
    m.msgid, m.context, m.values = msgid, context, values
    return m


class Message(str):
    """``msgid`` (English, with ``{name}`` placeholders; mark it with ``N_`` where written, or
    give its ``context`` for ``pgettext``) formatted with ``values``: the value of the string
    is the English text; :meth:`shown` is the text in the language in force."""

    msgid: str
    context: str | None
    values: dict[str, Any]

    def __new__(cls, msgid: str, context: str | None = None, **values: Any) -> Message:
        if isinstance(msgid, Message) and context is None and not values:
            return msgid  # a message already: itself
        english = msgid.format(**{k: _english(v) for k, v in values.items()}) if values \
            else msgid
        m = super().__new__(cls, english)
        m.msgid, m.context, m.values = msgid, context, values
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
    string looked up in the catalogue as it is (names marked with ``N_``), else unchanged;
    None and ``""`` as ``""``."""
    if not text:
        return ""
    if isinstance(text, Message):
        return text.shown()
    return _(text)
