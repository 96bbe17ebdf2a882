"""Issue 48: the American card file's errors and warnings speak the language in force.

A card file of lines (docs/american-card.md) that cannot be read raises a ``CardError``
whose problems are worded in the language in force when the card is read (as the tile
notation's and the engine's refusals are); a line that reads but probably not as meant is a
``CardWarning`` whose message is English data (``card --json``) shown translated. Under
Italian every problem names the same mistake as the English, at the same line and column,
with the same offending text, and has no English sentence left in it; the English is what it
always was. ``mahjong-table --lang it`` shows them through every command that loads a card.
"""

from __future__ import annotations

import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from tests.i18n_vocabulary import assert_italian
from tools.i18n import KEYWORDS, PLACEHOLDER

from mahjong_table.cli import main
from mahjong_table.i18n import use_language
from mahjong_table.rules.american.card import (
    CardWarning,
    check_card_text,
    load_card,
    parse_card,
    read_card,
)
from mahjong_table.rules.american.matcher import CompiledCard
from mahjong_table.rules.american.model import Card, CardError

ROOT = Path(__file__).resolve().parent.parent
CARD_PY = ROOT / "src" / "mahjong_table" / "rules" / "american" / "card.py"

#: a good line of 14 tiles, to fill a section
GOOD = "2026a 666b 666c NNNN X 25"

#: (card text, words that name the offending text, in the English and in the Italian alike):
#: every kind of mistake the card reader names (docs/american-card.md, "Errors")
BAD_CARDS: list[tuple[str, str]] = [
    # sections and directives
    ("[2026\n", "'[2026'"),
    ("[]\n", "[2026]"),
    (f"[A]\n{GOOD}\n[A]\n{GOOD}\n", "'A'"),
    (f"[A]\n[B]\n{GOOD}\n", "'A'"),
    ("[S]\n| NNNN 111a 222a 3333a\n", "'S'"),
    ("| NNNN 111a 222a 3333a\n", "(|)"),
    (f"[A]\ncard: late\n{GOOD}\n", "'card:'"),
    (f"card: A\ncard: B\n[S]\n{GOOD}\n", ""),
    (f"card:\n[S]\n{GOOD}\n", "'card:'"),
    (f"practice: yes\npractice: no\n[S]\n{GOOD}\n", "'practice:'"),
    (f"practice: maybe\n[S]\n{GOOD}\n", "'maybe'"),
    (f"year: 2026\n[S]\n{GOOD}\n", "'year:'"),
    (f"{GOOD}\n", "[2026]"),
    ("# nothing\n", "[2026]"),
    # the line's fields
    ("[S]\nNNNN 111a 222a 3333a X 25 | SSSS 111a 222a 3333a\n", "(|)"),
    ("[S]\nNNNN 111a |SSSS 222a 3333a X 25\n", "(|)"),
    ("[S]\n{any} X 25\n", "FF 2026a 222b 3333c"),
    ("[S]\nFF 2026a 222b 33333c {any X 25\n", "'{'"),
    ("[S]\nFF 2026a 222b 3333c X 25\n", "13"),
    ("[S]\nF X 25\n", "1"),
    ("[S]\nFF 2026a 222b 33333c (note X 25\n", "'('"),
    ("[S]\nFF 2026a 222b 33333c (note)\n", "X"),
    ("[S]\n111a 2222a 333b 4444b (n) {any} X 25\n", "X"),
    ("[S]\n111a 2222a 333b 4444b {any} {odd} X 25\n", "X"),
    ("[S]\n111a 2222a 333b 4444b (n) (m) X 25\n", "X"),
    ("[S]\nFF 2026a 222b 33333c (n) Z 25\n", "'Z'"),
    ("[S]\nFF 2026a 222b 33333c X\n", "X"),
    ("[S]\nFF 2026a 222b 33333c X twenty\n", "'twenty'"),
    ("[S]\nFF 2026a 222b 33333c X 0\n", "1"),
    ("[S]\nFF 2026a 222b 33333c X 25 12\n", "'12'"),
    # the typists' slips (issue 48)
    ("[S]\nFF 2026a 222b 2222c x 25\n", "X"),
    ("[S]\nFF 2026a 222b 2222c X25\n", "X 25"),
    ("[S]\nFF 2026a 222b 2222c x30\n", "X 30"),
    ("[S]\n2024A 222b 2222c NNN X 25\n", "'2024a'"),
    ("[S]\nZZZZ 1111a 2222b FF X 25\n", "'0000'"),
    ("[S]\nJJJJ 1111a 2222b FF X 25\n", "1111a"),
    ("[S]\n11a 1111b 1111c FFFF {@2,@3: any} X 30\n", "{@2 @3: any}"),
    ("[S]\n11a 1111b 1111c FFFF {@2 @3 any} X 30\n", "{@2 @3: any}"),
    # symbols and groups
    ("[S]\nFF 2026a QQQ 3333c X 25\n", "'QQQ'"),
    ("[S]\nF 000a 1111a 1111b NN X 25\n", "'000'"),
    ("[S]\nF 00F 1111a 1111b NNN X 25\n", "'00F'"),
    ("[S]\nRRRa GGGG 1111a 111b X 25\n", "R"),
    ("[S]\nNNa 1111b EEEE SSSS F X 25\n", "'a'"),
    ("[S]\n1111a1 NNNN EEEEE X 25\n", "'1111a1'"),
    ("[S]\n111111a 1111111b X 25\n", "'1111111'"),
    # the numbers rule
    ("[S]\n111a 2222a 333b 4444b {} X 25\n", "{}"),
    ("[S]\n111a 2222a 333b 4444b {,any} X 25\n", ""),
    ("[S]\n111a 2222a 333b 4444b {any, 2: any} X 25\n", "'any'"),
    ("[S]\n111a 2222a 333b 4444b {big} X 25\n", "'big'"),
    ("[S]\n111a 2222a 333b 4444b {: any} X 25\n", "''"),
    ("[S]\n111a 2222a 333b 4444b {x: any} X 25\n", "'x'"),
    ("[S]\n111a 2222a 333b 4444b {1: any, 7: any} X 25\n", "7"),
    ("[S]\n2026a NNNN EEEE SS {any} X 25\n", ""),
    ("[S]\n111a 2222a 333b 4444b {12: any, 2: any} X 25\n", "2"),
    ("[S]\n11a 1111b 1111c FFFF {1: any, @2: odd} X 25\n", "@2"),
    ("[S]\nNNNN 111a 222a 33b SS {shift: 0 7} X 25\n", "123"),
    ("[S]\n111a 2222a 333b 4444b {odd} X 25\n", "'odd'"),
    ("[S]\n111a 2222a 333b 4444b {1: 5, 2: 5} X 25\n", ""),
    ("[S]\nNNNN 111a 222a 33b SS {shift} X 25\n", "shift 0 4"),
    ("[S]\nNNNN 111a 222a 33b SS {shift: 0 9} X 25\n", "'9'"),
    ("[S]\nNNNN EEEE WWWW SS {suits: 1} X 25\n", "a, b, c"),
    ("[S]\nNNNN 111a 222a 33b SS {suits: 4} X 25\n", "'4'"),
    ("[S]\nNNNN 111a 222a 33b SS {suits: 3} X 25\n", "(a, b)"),
    ("[S]\nNNNN 111a 222a 33b SS {suits:} X 25\n", "suits: 1 2"),
    ("[S]\nNNNN 111a 222a 33b SS {NN: any} X 25\n", "'NN'"),
    ("[S]\nNNNN 111a 222a 33b SS {W: N} X 25\n", "W"),
    ("[S]\nNNNN 111a 222a 33b SS {N: any, N: S} X 25\n", "N"),
    ("[S]\nNNNN 111a 222a 33b SS {NS: any} X 25\n", "{EW: EW NS}"),
    ("[S]\nNNNN 111a 222a 33b SS {N:} X 25\n", "{N: N S}"),
    ("[S]\nNNNN 111a 222a 33b SS {N: NS} X 25\n", "{N: N S}"),
    ("[S]\nNNNN 111a 222a 33b SS {NS: N} X 25\n", "{NS: NS NN}"),
    ("[S]\nNNNN 111a 222a 33b SS {NS: NN} X 25\n", "'NN'"),
    ("[S]\n11a 1111b 1111c FFFF {@two: any} X 25\n", "'@two'"),
    ("[S]\n11a 1111b 1111c FFFF {@5: any} X 25\n", "4"),
    ("[S]\n11112222333344a {@2: any} X 25\n", "@2"),
    ("[S]\n11a 1111b 1111c FFFF {@4: any} X 25\n", "'FFFF'"),
    # alternatives
    (f"[S]\n{GOOD}\n|\n", "FF 2026a 222b 3333c"),
    ("[S]\nNNNN 111a 222a 3333a {any} X 25\n| SSSS 111a 222a 333a\n", "13"),
    ("[S]\nNNNN 111a 222a 3333a X 25\n| SSSS 111a 222a 3333a (n)\n", ""),
    ("[S]\nNNNN 111a 222a 3333a X 25\n| SSSS 111a 222a 3333a X 25\n", "X"),
    ("[S]\nNNNN 111a 222a 3333a X 25\n| SSSS 111a 222a 3333a {any} {odd}\n", ""),
    ("[S]\nNNNN 111a 222a 3333a X 25\n| SSSS 111a 222a 3333a {any} more\n", "'more'"),
    # lines no tile set can hold (001 Part one "Jokers"; "Tile Types")
    ("[S]\n  11a 11a 1a NNNN EEEEE X 25\n", "1m"),
    ("[S]\nFF FF FF FF F 1111a 1a X 25\n", "9"),
    ("[S]\n111111a 111111a 11a X 25\n", "10"),
    ("[S]\nNNNN 1111a 2222a FF X 25\n| 2000a 00 1111b 1111c\n", "5z"),
]

#: lines that read, probably not as meant: (card text, the fix the warning names)
WARNED = [
    ("[S]\nFF 1111a 1111b 1111 X 25\n", "1111a"),
    ("[S]\n2S24a 222b 2222c NNN X 25\n", "2024a"),
    ("[S]\n2E24a 222b 2222c NNN X 25\n", "2024a"),
]

#: messages of card.py no card file can reach (the clauses of a rule are split at commas
#: before a clause's names are read, so no name holds a comma)
UNREACHABLE = {"{name!r}: the names of one clause are separated by spaces: write {fix}"}


def _problems(text: str, lang: str) -> list[tuple[int, int, str]]:
    with use_language(lang), pytest.raises(CardError) as info:
        check_card_text(text, "bad.card")
    return [(p.line, p.column, p.problem) for p in info.value.problems]


def _both(text: str) -> list[tuple[tuple[int, int, str], tuple[int, int, str]]]:
    en, it = _problems(text, "en"), _problems(text, "it")
    assert [p[:2] for p in en] == [p[:2] for p in it], (en, it)
    return list(zip(en, it, strict=True))


def _words(text: str) -> list[str]:
    """The card's own text, word by word: data the messages quote (``'FFFF'``)."""
    return [w for line in text.splitlines() for w in line.split()]


@pytest.mark.parametrize(("text", "names"), BAD_CARDS, ids=[c[0] for c in BAD_CARDS])
def test_every_card_error_is_italian_and_names_the_same_mistake(text: str, names: str) -> None:
    """Under Italian each problem of a malformed card is another text than the English, has
    no English sentence in it, and names the same mistake: the same line and column, the
    same offending text or fix (``'2024a'``, ``{@2 @3: any}``, ``X 25``)."""
    for (line, column, en), (_l, _c, it) in _both(text):
        assert it != en, en
        # what the English quotes is the card's text, data in any language ('@2 @3 any')
        data = re.findall(r"'[^']*'|\{[^{}]*\}", en)
        assert_italian(it, f"bad.card:{line}:{column}: {it}", allow=[*data, *_words(text)])
        assert names in en and names in it, (en, it)
        # the offending text the English quotes, the Italian quotes too
        for quoted in re.findall(r"'[^' ]*'", en):
            assert quoted in it, (quoted, en, it)


@pytest.mark.parametrize(("text", "fix"), WARNED, ids=[c[0] for c in WARNED])
def test_every_card_warning_is_italian_and_its_english_stays_data(text: str, fix: str) -> None:
    """A warning's message is English data (``card --json``), its ``shown()`` the language
    in force: under Italian another text, with the same place and the same fix, no English."""
    with use_language("it"):
        spec = read_card(text, "w.card")  # read under Italian: the data is English all the same
    assert spec.warnings
    for w in spec.warnings:
        with use_language("it"):
            it = w.shown()
            assert str(w) == f"w.card:{w.line}:{w.column}: warning: {w.message}"
        en = w.shown()
        assert en == str(w) and w.message in en
        assert it.startswith(f"w.card:{w.line}:{w.column}: avviso: "), it
        assert it != en and fix in it and fix in en, (en, it)
        assert_italian(it, it, allow=_words(text))


def test_a_warning_names_its_wind_in_the_language_in_force() -> None:
    """'S' between two numbers is the South wind: Sud in Italian; the data stays English."""
    w = read_card("[S]\n2S24a 222b 2222c NNN X 25\n", "w.card").warnings[0]
    assert "is the South wind" in w.message
    with use_language("it"):
        assert "è il vento Sud fra due numeri" in w.shown()
    assert isinstance(w, CardWarning)


def test_the_singular_and_plural_of_a_count_read_right_in_italian() -> None:
    """A line of one tile is "1 tessera" in Italian (the English keeps its "1 tiles")."""
    (en, it), = _both("[S]\nF X 25\n")
    assert en[2] == "the line has 1 tiles; a hand is 14"
    assert it[2] == "la riga ha 1 tessera; una mano ne ha 14"
    (en, it), = _both("[S]\nFF 2026a 222b 3333c X 25\n")
    assert it[2] == "la riga ha 13 tessere; una mano ne ha 14"


def test_an_unreadable_card_file_is_refused_in_italian(tmp_path: Path) -> None:
    """A file that is missing or not UTF-8 is refused in the language in force (the system's
    own reason, strerror, as the system words it)."""
    missing = tmp_path / "missing.card"
    binary = tmp_path / "latin1.card"
    binary.write_bytes(b"[S]\n\xe9\n")
    with use_language("it"):
        with pytest.raises(CardError, match=r"0:0: impossibile leggere la carta: "):
            load_card(missing)
        with pytest.raises(CardError, match=r"impossibile leggere la carta: non è testo UTF-8 "
                                            r"\(invalid continuation byte al byte 4\)"):
            load_card(binary)


def test_a_card_too_large_for_the_matcher_is_refused_in_italian() -> None:
    """The matcher numbers a card's lines in 16 bits: a card of 65,536 lines is refused, in
    the language in force."""
    line = parse_card("[S]\nNNNN EEEE WWWW SS X 25\n").lines[0]  # one variation
    card = Card("big", (line,) * 0x10000, ("S",))
    with pytest.raises(ValueError, match=r"a card of 65536 lines: at most 65,535"):
        CompiledCard(card)
    with use_language("it"), pytest.raises(ValueError,
                                           match=r"una carta di 65536 righe: al massimo 65\.535"):
        CompiledCard(card)


def _template(msgid: str) -> re.Pattern[str]:
    """The English texts ``msgid`` formats to: its values as any text."""
    if not PLACEHOLDER.search(msgid):
        return re.compile(re.escape(msgid))
    pattern = ""
    for literal, field, _spec, _conv in string.Formatter().parse(msgid):
        pattern += re.escape(literal) + (".+?" if field is not None else "")
    return re.compile(pattern)


def test_the_bad_cards_reach_every_message_of_the_card_reader(tmp_path: Path) -> None:
    """The cards above are every kind of mistake: each message card.py has (its catalogue
    messages, extracted as tools/i18n.py extracts them) is the English of one of their
    problems or warnings, so each is checked in Italian above."""
    texts: list[str] = []
    for text, _names in BAD_CARDS:
        texts += [p[2] for p in _problems(text, "en")]
    for text, _fix in WARNED:
        texts += [str(w) for w in read_card(text).warnings]
    binary = tmp_path / "latin1.card"
    binary.write_bytes(b"[S]\n\xe9\n")
    for path in (tmp_path / "missing.card", binary):
        with pytest.raises(CardError) as info:
            load_card(path)
        texts.append(str(info.value))
    found = (m[1][0] if isinstance(m[1], tuple) else m[1]
             for m in extract_from_file("python", str(CARD_PY), keywords=KEYWORDS))
    messages = {m for m in found if m}
    assert len(messages) > 80
    missed = sorted(m for m in messages - UNREACHABLE
                    if not any(_template(m).search(t) for t in texts))
    assert not missed, missed


def test_mahjong_table_lang_it_card_prints_the_italian_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``mahjong-table --lang it card FILE``: exit 2, each problem in Italian with its line
    and column; the warnings of a card that reads are Italian on standard error, English in
    ``--json``."""
    bad = tmp_path / "bad.card"
    bad.write_text("[S]\nFF 2026a 222b 2222c X25\n2024A 222b 2222c NNN X 25\n"
                   "11a 1111b 1111c FFFF {@2,@3: any} X 30\n", encoding="utf-8")
    assert main(["--lang", "it", "card", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mahjong-table card: {bad}:2:21: metti uno spazio fra X e i punti: "
                          "scrivi X 25\n"), err
    assert f"{bad}:3:5: le lettere di colore sono minuscole: scrivi '2024a'" in err
    assert f"{bad}:4:23: '@2' indica delle parole ma non dà loro una regola" in err
    assert "scrivi {@2 @3: any}" in err
    assert_italian(err, "card", allow=[str(bad), *_words(bad.read_text(encoding="utf-8"))])
    slips = tmp_path / "slips.card"
    slips.write_text("[S]\nFF 1111a 1111b 1111 X 25\n", encoding="utf-8")
    assert main(["--lang", "it", "card", str(slips)]) == 0
    err = capsys.readouterr().err
    assert err == (f"mahjong-table card: {slips}:2:16: avviso: '1111' non ha una lettera di "
                   "colore, quindi è del colore a, su una riga le cui altre parole indicano il "
                   "proprio colore (a, b): scrivi 1111a, o la lettera che intendi, dopo i suoi "
                   "numeri\n")
    assert main(["--lang", "it", "card", str(slips), "--json"]) == 0
    out = capsys.readouterr().out
    assert "'1111' has no colour letter, so it is in colour a" in out


def test_analyze_and_play_with_a_bad_card_print_the_italian_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``analyze --card FILE`` and ``play --card FILE`` (the rule set's option card) load the
    card: under ``--lang it`` its problem is Italian, exit 2."""
    bad = tmp_path / "bad.card"
    bad.write_text("[S]\nJJJJ 1111a 2222b FF X 25\n", encoding="utf-8")
    assert main(["--lang", "it", "analyze", "--rules", "american", "1111m2222p3333s44z",
                 "--card", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mahjong-table analyze: errore: {bad}:2:1: 'J' in 'JJJJ' non è un "
                          "simbolo: i jolly non si scrivono mai"), err
    assert main(["--lang", "it", "play", "--rules", "american", "--card", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:2:1: 'J' in 'JJJJ' non è un simbolo: i jolly non si scrivono mai" in err, err


def test_the_installed_command_speaks_italian_for_a_bad_card(tmp_path: Path) -> None:
    """The command as a person runs it, in a process of its own: ``mahjong-table --lang it
    card FILE`` writes the Italian problem on standard error and exits 2; ``LANG=it_IT.UTF-8``
    does the same without ``--lang``."""
    bad = tmp_path / "bad.card"
    bad.write_text("[S]\nZZZZ 1111a 2222b FF X 25\n", encoding="utf-8")
    run = [sys.executable, "-c", "import sys; from mahjong_table.cli import main; "
           "sys.exit(main())"]
    want = (f"mahjong-table card: {bad}:2:1: 'Z' in 'ZZZZ' non è un simbolo: uno zero (il "
            "Drago Bianco, «Soap») è 0, per esempio '0000'")
    done = subprocess.run([*run, "--lang", "it", "card", str(bad)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 2 and done.stderr.startswith(want), done.stderr
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    done = subprocess.run([*run, "card", str(bad)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env={**env, "LANG": "it_IT.UTF-8"})
    assert done.returncode == 2 and done.stderr.startswith(want), done.stderr


def test_the_score_page_shows_a_bad_card_s_problem_in_italian() -> None:
    """The web's score calculator (``/score``, issue 47) scores with a person's card: in
    Italian the card's problem is Italian, the same the command gives."""
    from mahjong_table.calculator import calculate

    fields = {"rules": "american", "hand": "FF2026m222p2222s"}
    card = ("mine.card", "[S]\nFF 2026a 222b 2222c X25\n")
    en = calculate(fields, card=card, lang="en")["shown"]["problem"]
    it = calculate(fields, card=card, lang="it")["shown"]["problem"]
    assert en.endswith("mine.card:2:21: put a space between X and the points: write X 25"), en
    assert it.endswith("mine.card:2:21: metti uno spazio fra X e i punti: scrivi X 25"), it


def test_the_score_page_names_a_person_s_card_by_its_file_name_only() -> None:
    """The score page's problem and error name the uploaded card by its file name, never by
    the server's temporary folder (where the page keeps it while scoring)."""
    from mahjong_table.calculator import calculate

    got = calculate({"rules": "american", "hand": "FF2026m222p2222s"},
                    card=("mine.card", "[S]\nFF 2026a 222b 2222c X25\n"), lang="en")
    assert "mahjong-card-" not in got["error"] and "/" not in got["shown"]["problem"]
    assert "mine.card:2:21" in got["error"]
