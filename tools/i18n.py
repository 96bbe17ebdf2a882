"""The message catalogue's build (issue 23): extract, check, compile.

    python -m tools.i18n extract   # write i18n/mahjong_table.pot (every message, with where)
    python -m tools.i18n missing   # print, as .po text, the messages no part translates
    python -m tools.i18n compile   # check, then write the shipped .mo files
    python -m tools.i18n check     # check, and that the shipped .mo files are up to date

The English messages are extracted with Babel from every ``_``, ``N_``, ``ngettext``,
``pgettext``, ``npgettext`` call under ``src/mahjong_table`` (and from the shipped American
cards' line descriptions). The translations live in parts, one per area of the program
(``i18n/LANG/*.po``), so that work on different faces never edits the same file; a message
two parts translate must be translated the same way in both. The check fails (exit 1),
naming each message and where it is used, when a message has no translation, when a part
translates a message no longer used, when a translation drops or invents a ``{name}``
placeholder, when an Italian translation breaks the style guide (an English word of the user
interface, a retired variant: :mod:`tools.i18n_style`, docs/i18n.md), or when a compiled
catalogue is not what the parts compile to. Babel is a
development dependency only: the program reads the compiled catalogues with :mod:`gettext`.
"""

from __future__ import annotations

import datetime as _dt
import io
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

try:
    from .i18n_style import style_problems
except ImportError:  # run as a script: python tools/i18n.py
    from i18n_style import style_problems  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "mahjong_table"
PARTS = ROOT / "i18n"
POT = PARTS / "mahjong_table.pot"
LOCALE = SOURCE / "locale"
DOMAIN = "mahjong_table"
#: the languages translated (English is the source language)
TRANSLATED = ("it",)
#: a fixed date in the compiled header: the same parts always compile to the same bytes
FIXED_DATE = _dt.datetime(2026, 12, 1, tzinfo=_dt.UTC)
#: the plural forms of each language, as gettext has always had them (Babel's CLDR data gives
#: Italian a third form, for millions, that no message here needs)
PLURAL_FORMS = {"it": "nplurals=2; plural=(n != 1);"}
KEYWORDS = {
    "_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^{}]*)?\}")

Key = tuple[str, str | None]  # (msgid, context)


def _key(message: Message) -> Key:
    msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
    return str(msgid), message.context


def extra_messages() -> Iterable[tuple[str, str | None, str]]:
    """Messages that are not in the Python source: ``(msgid, context, where)``. The shipped
    American cards' line descriptions are shown translated (context ``"card"``)."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from mahjong_table.rules.american.card import shipped_card_texts
    except ImportError:
        return []
    return [(text, "card", where) for text, where in shipped_card_texts()]


def extract() -> Catalog:
    """Every message of the program, with the places it is used."""
    catalog = Catalog(domain=DOMAIN, project="mahjong-table", version="",
                      creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                      charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(SOURCE), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        where = (f"src/mahjong_table/{filename}", lineno)
        if isinstance(message, tuple):
            if not message[0]:
                continue
            catalog.add(message, locations=[where], auto_comments=comments, context=context)
        elif message:
            catalog.add(message, locations=[where], auto_comments=comments, context=context)
    for text, context, place in extra_messages():
        catalog.add(text, locations=[(place, 0)], context=context)
    return catalog


def read_parts(lang: str) -> tuple[dict[Key, tuple[Message, str]], list[str]]:
    """The translations of ``lang``'s parts by message, with the part each came from, and the
    problems found (the same message translated two ways)."""
    merged: dict[Key, tuple[Message, str]] = {}
    problems: list[str] = []
    for path in sorted((PARTS / lang).glob("*.po")):
        with open(path, "rb") as fh:
            part = read_po(fh, locale=lang)
        for message in part:
            if not message.id:
                continue
            key = _key(message)
            if key in merged and merged[key][0].string != message.string:
                problems.append(
                    f"{path.name} and {merged[key][1]} translate {key[0]!r}"
                    f"{_ctx(key)} differently")
                continue
            merged.setdefault(key, (message, path.name))
    return merged, problems


def _ctx(key: Key) -> str:
    return f" (context {key[1]!r})" if key[1] else ""


def _strings(message: Message) -> list[str]:
    s = message.string
    return [str(x) for x in s] if isinstance(s, (tuple, list)) else [str(s or "")]


def check(lang: str, catalog: Catalog) -> tuple[Catalog, list[str]]:
    """``lang``'s compiled catalogue from its parts, and every problem found."""
    merged, problems = read_parts(lang)
    out = Catalog(locale=lang, domain=DOMAIN, project="mahjong-table", version="",
                  creation_date=FIXED_DATE, revision_date=FIXED_DATE, charset="utf-8",
                  fuzzy=False)
    out.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
    used: set[Key] = set()
    for message in catalog:
        if not message.id:
            continue
        key = _key(message)
        used.add(key)
        where = ", ".join(f"{f}:{n}" for f, n in message.locations[:3])
        found = merged.get(key)
        if found is None:
            problems.append(f"no translation of {key[0]!r}{_ctx(key)} (used at {where})")
            continue
        translated = found[0]
        strings = _strings(translated)
        plural = isinstance(message.id, (tuple, list))
        if plural:
            strings = strings[:out.num_plurals]  # a part written for three forms keeps two
            if len(strings) < out.num_plurals:
                problems.append(f"{found[1]}: the translation of {key[0]!r}{_ctx(key)} has "
                                f"{len(strings)} plural form(s), {lang} has {out.num_plurals}")
                continue
        if translated.fuzzy or not all(strings):
            problems.append(f"{found[1]}: the translation of {key[0]!r}{_ctx(key)} is fuzzy "
                            f"or empty (used at {where})")
            continue
        originals = message.id if isinstance(message.id, (tuple, list)) else [message.id]
        if lang == "it":  # the Italian style guide (docs/i18n.md): English words, retired terms
            for problem in dict.fromkeys(p for text in strings
                                         for p in style_problems(text, str(originals[0]))):
                problems.append(f"{found[1]}: the translation of {key[0]!r}{_ctx(key)}: "
                                f"{problem}")
        want = {p for text in originals for p in PLACEHOLDER.findall(str(text))}
        for text in strings:
            have = set(PLACEHOLDER.findall(text))
            if have != want:
                problems.append(
                    f"{found[1]}: the translation of {key[0]!r}{_ctx(key)} has the "
                    f"placeholders {sorted(have)}, the message {sorted(want)}")
        out.add(message.id, string=tuple(strings) if plural else strings[0],
                context=message.context)
    for key, (_message, part) in merged.items():
        if key not in used:
            problems.append(f"{part}: {key[0]!r}{_ctx(key)} is translated but no longer used")
    return out, problems


def compiled_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command not in ("extract", "missing", "compile", "check"):
        print(f"usage: python -m tools.i18n extract|missing|compile|check (not {command!r})",
              file=sys.stderr)
        return 2
    catalog = extract()
    if command == "extract":
        POT.parent.mkdir(parents=True, exist_ok=True)
        with open(POT, "wb") as fh:
            write_po(fh, catalog, width=100, sort_by_file=True)
        print(f"{len(catalog)} messages -> {POT.relative_to(ROOT)}")
        return 0
    failed = False
    for lang in TRANSLATED:
        out, problems = check(lang, catalog)
        if command == "missing":
            merged, _problems = read_parts(lang)
            missing = Catalog(locale=lang, domain=DOMAIN, fuzzy=False)
            for message in catalog:
                if message.id and _key(message) not in merged:
                    missing.add(message.id, locations=message.locations,
                                context=message.context, auto_comments=message.auto_comments)
            buf = io.BytesIO()
            write_po(buf, missing, width=100, omit_header=True, sort_by_file=True)
            sys.stdout.write(buf.getvalue().decode("utf-8"))
            continue
        if problems:
            failed = True
            print(f"{lang}: {len(problems)} problem(s) in the catalogue:", file=sys.stderr)
            for p in problems:
                print(f"  {p}", file=sys.stderr)
            continue
        data = compiled_bytes(out)
        path = mo_path(lang)
        if command == "compile":
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"{lang}: {len(out)} messages -> {path.relative_to(ROOT)}")
        elif not path.exists() or path.read_bytes() != data:
            failed = True
            print(f"{lang}: {path.relative_to(ROOT)} is not what the parts compile to: run "
                  f"python -m tools.i18n compile", file=sys.stderr)
        else:
            print(f"{lang}: {len(out)} messages, every one translated, compiled up to date")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
