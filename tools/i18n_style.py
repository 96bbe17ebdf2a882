"""The Italian style guide's rules a machine can check (issue 48; docs/i18n.md, "Italian
style guide"): no English word of the user interface in a translation, and none of the
retired variants (a second word for one thing, or a phrase a native reader found awkward).

``python -m tools.i18n check`` applies :func:`style_problems` to every Italian translation;
``tests/i18n_vocabulary.py`` uses :data:`ENGLISH` on whole rendered screens.

What is not Italian text is taken out before the words are read: ``{placeholders}``, option
and file names (``false_mahjong=penalise``, ``bonus_tiles``, ``docs/american-card.md``),
command-line flags and commands (``--card FILE``, ``mahjong-table play``), quoted values the
user types (``'practice'``), tile notation, and the headings of the English booklet 001
cited where booklet 000 has no Italian (``001 Part one «Quick reference», solo in inglese``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["ENGLISH", "RETIRED", "english_words", "retired_variants", "style_problems",
           "strip_non_text"]

#: English words of the user interface: function words of English sentences and the UI's own
#: nouns and verbs. Words Italian players use as they are (Mahjong, pung, kong, chow, quint,
#: Charleston, shanten, fan, bonus, menu, stop, lobby, replay, seed) and words that are Italian
#: too (a, in, no, come, area) are not in it.
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
blind league practice efficiency normal easy hard craks dots bams soap american chinese
simple strong random
""".split()  # noqa: SIM905 - a word list reads best as text
)

#: retired variants: (pattern, what to write instead). Matched case-insensitively on the text
#: left by :func:`strip_non_text`.
RETIRED: tuple[tuple[str, str], ...] = (
    (r"\bsched[ae]\b", "carta (000: 'carta NMJL'), the one word for the card"),
    (r"\bcarta di pratica\b", "carta di prova, the one name of the practice card"),
    (r"\b(?:i|dei|ai|nei|coi|sui|tuoi|suoi|miei|due|tre|altri|questi|quei|quali|"
     r"nessun|un|il|del|al|nel|col|sul|tuo|suo|ogni|qualsiasi|ultimo) reclam[io]\b",
     "the noun is 'chiamata' (000 l.343); 'reclamare' stays the verb"),
    (r"\breclamo\b", "the noun is 'chiamata' (000 l.343); 'reclamare' stays the verb"),
    (r"(?<!\bla )(?<!\blo )(?<!\bli )(?<!\ble )(?<!\btu )(?<!\bse )\b(?-i:reclami)\b",
     "the noun is 'chiamata' (000 l.343); 'reclami' only as the verb (tu reclami, la reclami, "
     "Reclami? at the start of a sentence)"),
    (r"\breclamanti\b", "'chi reclama', 'a chiamare sono ...'"),
    (r"\b001 Parte (?:prima|seconda)\b", "000, the Italian edition: '000 Parte prima «Regole nel "
     "dettaglio», scambio del jolly' (the glossary's citations); 001 only for what 000 has not "
     "in Italian, with its English heading, 'solo in inglese'"),
    (r"\blibretto 001\b|\blibro 001\b", "the Italian edition: 'libretto 000' (the glossary's "
     "citations)"),
    (r"\bpescando da sé\b|\bpescat[ao] da sé\b",
     "'pescando dal muro' / 'pescata dal muro' (000 l.368)"),
    (r"\bdall'essere pront[ao]\b", "'dall'attesa' (a N tessere dall'attesa)"),
    (r"\bpronta\b", "'in attesa' (the glossary: the hand one tile from winning; 'Pronto', "
     "'pronti' stay for players ready to go on)"),
    (r"\bun chow sono\b", "'un chow è formato da' (000 l.310)"),
    (r"\breclamano in più\b", "'più giocatori reclamano la stessa tessera' (000 l.339)"),
    (r"\bmuro:\s+(?:\d+\s+)?rimaste\b", "'tessere nel muro: {n}'"),
    (r"\brimpiazz[oi]\b", "'tessera sostitutiva' (000 l.315)"),
    (r"\bpiastrell[ae]\b", "'tessera' (000 uses 'piastrelle' twice, by mistake)"),
    (r"\brivenditore\b", "'mazziere' (000 l.68)"),
    (r"\bspingioggetti\b|\bcursore\b", "'spingitore' (000 l.72)"),
    (r"\b(?:craks?|dots?|bams?)\b",
     "Caratteri, Cerchi, Bambù (000 l.311), with the English nickname only in brackets "
     "after them: 'Caratteri (Craks)'"),
    (r"\bsoap\b", "'Bianco' / 'il Drago Bianco', with «Soap» only as the card's nickname in "
     "brackets or quotes"),
    (r"\+\d+ blind\b", "'+1 cieca' (the line mode reads both)"),
    (r"\bgir[io] dei venti\b", "'giri del vento' (000 l.383)"),
    (r"\bmahjong competition rules\b", "'Regole della competizione di Mahjong (MCR)' (000 l.373)"),
    (r"\bdella (?:league|lega)\b|\buso della league\b",
     "'NMJL' (000 l.61: National Mah Jongg League)"),
)

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
#: citations of the English booklet where 000 has no Italian: «Heading», solo in inglese
_ENGLISH_CITE = re.compile(r"001(?: Part (?:one|two))? «[^»]*»(?:, solo in inglese)?")
_NOT_TEXT = (
    re.compile(r"https?://\S+"),
    re.compile(r"%\(\w+\)[sd]"),  # argparse's own placeholders
    re.compile(r"(?<![\w-])--[a-z][\w-]*(?:[ =][\w.:/=,-]+)?"),  # --card FILE, --bots a,b
    re.compile(r"(?<![\w-])-[a-z]\b"),
    re.compile(r"\bmahjong-table(?: [a-z-]+)?"),
    re.compile(r"\bcomand[oi] [a-z-]+(?: [oe] [a-z-]+)?"),  # il comando score, play o simulate
    re.compile(r"\b[\w./-]+\.(?:md|card|json|db|npz|png|svg|py|po|mo)\b"),
    re.compile(r"\b[a-z]+\.[a-z_]+\b"),  # a record's field: table.seat
    re.compile(r"\b[a-z]+(?:_[a-z]+)+(?:=\S*)?"),  # option names and values
    re.compile(r"\b\w+=[\w.:/-]*"),
    re.compile(r"`[^`]*`"),
    re.compile(r"\bX-[A-Z][\w-]*"),  # an HTTP header's name: X-Forwarded-For
    re.compile(r"'[a-z][\w:.+ -]*'"),  # a quoted value typed as it is: 'practice'
    re.compile(r"\b[1-9A-Z][\w#-]* #\d+\b"),  # a card line's name: 2026 #1
    re.compile(r"\b[A-Z]{2,}(?:_[A-Z]+)*\b"),  # a metavar or an acronym: HAND, FILE, NMJL
    re.compile(r"(?m)^ *[a-z?] / [a-z]+\b"),  # a key and its long form in a help table
    re.compile(r"\((?:Craks|Dots|Bams|Soap)(?=[,)])|«Soap»|\"Soap\""),  # nicknames, bracketed
)
#: quoted English the user types or sees as data, by exact text
_ALLOWED = ("R-O-L-L-E-R", "Right Over Left", "Left Over Right", "National Mah Jongg "
            "League", "Mahjong Time", "py:MODULE:CLASS",
            "cmd:PROGRAM", "botzone:PROGRAM", "Home End")


def strip_non_text(text: str) -> str:
    """``text`` without what is not Italian prose (see the module's docstring)."""
    text = _PLACEHOLDER.sub(" ", text)
    text = _ENGLISH_CITE.sub(" ", text)
    for pattern in _NOT_TEXT:
        text = pattern.sub(" ", text)
    for item in _ALLOWED:
        text = text.replace(item, " ")
    return text


def english_words(text: str, allow: Iterable[str] = ()) -> list[str]:
    """The words of :data:`ENGLISH` in ``text`` (in order, repeated as found), after removing
    every string of ``allow`` (names, notation that may contain such letters)."""
    for item in sorted(allow, key=len, reverse=True):
        text = text.replace(item, " ")
    words = re.findall(r"[A-Za-z]+(?:'[a-z]+)?", text)
    return [w for w in words if w.lower() in ENGLISH]


def retired_variants(text: str) -> list[tuple[str, str]]:
    """The retired variants ``text`` uses: ``(what was found, what to write instead)``."""
    out = []
    for pattern, instead in RETIRED:
        for m in re.finditer(pattern, text, re.IGNORECASE):
            out.append((m.group(0), instead))
    return out


def style_problems(translation: str, message: str = "") -> list[str]:
    """What the style guide finds in one Italian ``translation`` of the English ``message``:
    English words and retired variants, each named with what to write instead. A name the
    message begins with and the translation keeps (a field of the web API: ``seats: ...``) is
    data."""
    lead = re.match(r"(\w+): ", message)
    if lead and translation.startswith(lead.group(0)):
        translation = translation[len(lead.group(0)):]
    text = strip_non_text(translation)
    out = [f"English word {w!r}" for w in dict.fromkeys(english_words(text))]
    out += [f"retired {found!r}: write {instead}" for found, instead in retired_variants(text)]
    return out
