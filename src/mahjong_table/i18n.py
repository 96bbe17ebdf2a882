"""The languages every face speaks: English and Italian (issue 23).

Every player-visible string passes through this module's :func:`_` (and :func:`ngettext`
for plural forms, :func:`pgettext` where a short word needs its context): the message is
written in English in the source, extracted with Babel into ``i18n/mahjong_table.pot`` and
translated in the catalogue parts ``i18n/it/*.po`` (see ``docs/i18n.md``), which ``python -m
tools.i18n compile`` compiles into the ``.mo`` shipped in the package. Only the standard
library's :mod:`gettext` runs here: the engine stays free of dependencies, and a fresh
``pip install`` needs no extra step.

Machine-readable output (``--json``, records, the bot protocol, the environments) keeps its
English keys and values: it never calls these functions, or calls them with English.

The language is one for the process (:func:`set_language`: ``--lang``, else the locale's
``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG``), which a context may override
(:func:`use_language`: one web request, one connection) without touching other threads.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = [
    "LANGUAGES", "DEFAULT_LANGUAGE", "LanguageError",
    "_", "N_", "ngettext", "pgettext", "npgettext",
    "language", "set_language", "use_language", "language_from_environment",
    "negotiate", "check_language",
]

#: the languages there is a catalogue for (English is the source language)
LANGUAGES: tuple[str, ...] = ("en", "it")
DEFAULT_LANGUAGE = "en"
#: the catalogue's domain and where the compiled catalogues live (package data)
DOMAIN = "mahjong_table"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.realpath(__file__)), "locale")

_default: str = DEFAULT_LANGUAGE
_override: ContextVar[str | None] = ContextVar("mahjong_table_language", default=None)
_catalogues: dict[str, _gettext.NullTranslations] = {}


class LanguageError(ValueError):
    """A language this program has no catalogue for (the message names the choices)."""


def check_language(code: str) -> str:
    """``code`` (``"it"``, ``"IT"``, ``"it_IT.UTF-8"``, ``"it-CH"``) reduced to one of
    :data:`LANGUAGES`. Raises :class:`LanguageError` naming the languages there are."""
    base = code.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    if base not in LANGUAGES:
        raise LanguageError(f"no language {code!r}: choose one of {', '.join(LANGUAGES)}")
    return base


def _catalogue(lang: str) -> _gettext.NullTranslations:
    found = _catalogues.get(lang)
    if found is None:
        if lang == DEFAULT_LANGUAGE:
            found = _gettext.NullTranslations()
        else:
            # fallback=False: a missing compiled catalogue is a broken install, not English
            found = _gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang])
        _catalogues[lang] = found
    return found


def language() -> str:
    """The language in force here: this context's override, else the process's."""
    return _override.get() or _default


def set_language(code: str) -> str:
    """Make ``code`` the process's language (``--lang``; the locale at start). Returns the
    language chosen. Raises :class:`LanguageError` for one there is no catalogue for."""
    global _default
    lang = check_language(code)
    _catalogue(lang)
    _default = lang
    return lang


@contextmanager
def use_language(code: str) -> Iterator[str]:
    """Speak ``code`` within the ``with`` block in this context only (a web request, one
    seat's connection); other threads and tasks keep theirs."""
    lang = check_language(code)
    _catalogue(lang)
    token = _override.set(lang)
    try:
        yield lang
    finally:
        _override.reset(token)


def _(message: str) -> str:
    """``message`` (English) in the language in force."""
    return _catalogue(language()).gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (data tables: names
    that are translated where they are shown, kept in English where they are data)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of the message for ``n`` (``"{n} tile"``/``"{n} tiles"``) in the language in
    force; the caller formats ``n`` in."""
    return _catalogue(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in force, told apart by ``context`` where the English word
    has several meanings (``pgettext("tile", "East")``)."""
    return _catalogue(language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return _catalogue(language()).npgettext(context, singular, plural, n)


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for: the first of ``LANGUAGE`` (a colon-separated list),
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, if there is a catalogue for it; else
    English (``C``, ``POSIX`` and unknown languages)."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            try:
                return check_language(part)
            except LanguageError:
                continue
        if name != "LANGUAGE":
            return DEFAULT_LANGUAGE  # the first locale variable set decides
    return DEFAULT_LANGUAGE


def negotiate(accept_language: str | None) -> str:
    """The language to answer an HTTP ``Accept-Language`` header in (``"it-IT,it;q=0.9,
    en;q=0.8"``): the listed language with the highest quality there is a catalogue for;
    English when none (or no header)."""
    best = DEFAULT_LANGUAGE
    best_q = -1.0
    for item in (accept_language or "").split(","):
        parts = item.strip().split(";")
        if not parts[0]:
            continue
        q = 1.0
        for param in parts[1:]:
            key, _sep, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        try:
            lang = check_language(parts[0])
        except LanguageError:
            continue
        if q > 0 and q > best_q:  # on a tie the one listed first
            best, best_q = lang, q
    return best
