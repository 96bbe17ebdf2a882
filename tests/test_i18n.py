"""The languages (issue 23): choosing one (``--lang``, the locale, ``Accept-Language``), the
catalogue's check (every message translated, placeholders kept, compiled catalogue up to
date), and the shared names in Italian with rule book 000's words."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from mahjong_table.i18n import (
    LanguageError,
    _,
    check_language,
    language,
    language_from_environment,
    negotiate,
    set_language,
    use_language,
)
from mahjong_table.names import meld_name, tile_label, tile_name, wind_name
from mahjong_table.tiles import parse_tiles

ROOT = Path(__file__).resolve().parent.parent


def test_every_message_is_translated_and_the_shipped_catalogue_is_current() -> None:
    """Issue 23, item 4: the extraction step fails when a catalogue lacks a message, keeps
    an unused one, breaks a placeholder, or the shipped .mo is stale."""
    done = subprocess.run([sys.executable, "-m", "tools.i18n", "check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "every one translated, compiled up to date" in done.stdout


def test_languages_are_read_leniently_and_refused_by_name() -> None:
    assert check_language("it") == "it"
    assert check_language("it_IT.UTF-8") == "it"
    assert check_language("IT-ch") == "it"
    assert check_language("en_GB") == "en"
    with pytest.raises(LanguageError, match=r"no language 'fr': choose one of en, it"):
        check_language("fr")


def test_the_locale_chooses_the_language_when_no_lang_is_given() -> None:
    """Issue 23, item 3: ``LANGUAGE`` (a list), then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``;
    C/POSIX and languages without a catalogue give English."""
    assert language_from_environment({"LANG": "it_IT.UTF-8"}) == "it"
    assert language_from_environment({"LC_MESSAGES": "it_IT", "LANG": "en_US"}) == "it"
    assert language_from_environment({"LC_ALL": "C", "LANG": "it_IT"}) == "en"
    assert language_from_environment({"LANGUAGE": "fr:it", "LANG": "en_US"}) == "it"
    assert language_from_environment({"LANG": "de_DE.UTF-8"}) == "en"
    assert language_from_environment({}) == "en"


def test_accept_language_picks_the_best_language_there_is() -> None:
    """Issue 23, item 3 (web): the highest quality with a catalogue; English otherwise."""
    assert negotiate("it-IT,it;q=0.9,en-US;q=0.8,en;q=0.7") == "it"
    assert negotiate("en-GB,en;q=0.9,it;q=0.8") == "en"
    assert negotiate("fr-FR,fr;q=0.9,it;q=0.5") == "it"
    assert negotiate("de, fr") == "en"
    assert negotiate("it;q=0") == "en"
    assert negotiate("") == "en" and negotiate(None) == "en"


def test_a_context_speaks_its_own_language_without_touching_other_threads() -> None:
    """A web request in Italian does not turn a bot thread, or the next request, Italian."""
    seen: list[str] = []
    with use_language("it"):
        assert language() == "it" and _("East") == "Est"
        worker = threading.Thread(target=lambda: seen.append(_("East")))
        worker.start()
        worker.join()
    assert seen == ["East"]
    assert language() == "en" and _("East") == "East"


def test_the_process_language_is_set_by_lang(capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang`` anywhere on the line (before or after the sub-command); an unknown one is
    refused by name with exit status 2."""
    from mahjong_table.cli import main, take_language

    words = ["score", "--lang", "it", "123m"]
    assert take_language(words) == "it" and words == ["score", "123m"]
    words = ["--lang=en", "play"]
    assert take_language(words) == "en" and words == ["play"]
    with pytest.raises(SystemExit) as exc:
        main(["--lang", "fr", "score", "--help"])
    assert exc.value.code == 2
    assert "no language 'fr': choose one of en, it" in capsys.readouterr().err
    set_language("en")


def test_tile_names_in_italian_follow_book_000() -> None:
    """000: "Est", "jolly", Fiore and Stagione tiles, "Kong occulto", "SESTETTO", "COPPIA"."""
    tiles = parse_tiles("5p1m9s1z7z2f6f3g1j")
    english = [tile_name(t) for t in tiles]
    assert english == ["5 Circles", "1 Characters", "9 Bamboo", "East wind", "Red dragon",
                       "Flower 2 (Orchid)", "Flower 6", "Season 3 (Autumn)", "Joker"]
    assert english == [t.name for t in tiles[:5]] + english[5:]
    with use_language("it"):
        assert [tile_name(t) for t in tiles] == [
            "5 Cerchi", "1 Caratteri", "9 Bambù", "Vento Est", "Drago Rosso",
            "Fiore 2 (Orchidea)", "Fiore 6", "Stagione 3 (Autunno)", "Jolly"]
        assert tile_label(tiles[0]) == "5 Cerchi (5p)"
        assert [wind_name(i) for i in range(4)] == ["Est", "Sud", "Ovest", "Nord"]
        assert meld_name("concealed kong") == "kong occulto"
        assert meld_name("sextet") == "sestetto" and meld_name("pair") == "coppia"


def test_notation_errors_speak_the_language_in_force(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    """Issue 23: a hand typed wrong (shared/NOTATION.md) is refused in Italian under --lang it,
    naming the problem the same way: a fifth copy of a tile, an unknown character, a meld that
    is none; in English the messages are as before."""
    from mahjong_table.cli import main
    from mahjong_table.melds import parse_hand
    from mahjong_table.tiles import HONG_KONG_TILE_SET, NotationError

    with use_language("it"):
        with pytest.raises(NotationError, match=r"carattere sconosciuto 'x' in posizione 2"):
            parse_tiles("12x3m")
        with pytest.raises(NotationError, match=r"'124m' non è una combinazione"):
            parse_hand("[124m] 11z")
        with pytest.raises(NotationError, match=r"il set di tessere Hong Kong ne ha 4"):
            parse_hand("11111m 456p", HONG_KONG_TILE_SET)
    with pytest.raises(NotationError, match=r"5 copies of 1m \(1 Characters\): the Hong Kong "
                                            r"tile set holds 4"):
        parse_hand("11111m 456p", HONG_KONG_TILE_SET)
    assert main(["--lang", "it", "score", "--rules", "hongkong", "11111m456p789s11z"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mahjong-table score: errore: 5 copie di 1m (1 Caratteri)"), err


def test_the_engine_s_italian_is_worded_to_the_learner() -> None:
    """Issue 23, lessons: an is-win exercise's engine refusal speaks to the learner in both
    languages ("your hand", "la tua mano"), never of "player 3" (a new user's report)."""
    from mahjong_table.learn.exercises import for_learner, generate

    assert for_learner("la mano del giocatore 3 non è una mano vincente", 3) \
        == "la tua mano non è una mano vincente"
    assert for_learner("il giocatore 2 non ha un 5p da scartare", 2) == "non hai un 5p da scartare"
    assert for_learner("la mano del giocatore 1 è morta", 3) == "la mano del giocatore 1 è morta"
    with use_language("it"):
        for seed in range(12):
            ex = generate("is-win", "hongkong", seed)
            verdict = ex.check("2" if ex.expected_answer() == "no" else "1")
            assert verdict.correct  # the numbered choices shown: 1. sì 2. no
            assert "giocatore" not in verdict.explanation, verdict.explanation


def test_a_name_made_with_values_is_read_back_from_event_data() -> None:
    """Issue 23: the end of a hand names scoring items from the event's data, where a name
    made with values ("Pung of White dragons") is plain English text; the faces show it
    through ``message.shown``, which reads it back from the message's template. English
    stays as it is; a text no template reads stays as it is."""
    from mahjong_table.melds import parse_hand
    from mahjong_table.message import shown
    from mahjong_table.rules import get_rule_set
    from mahjong_table.scoring import WinContext
    from mahjong_table.tiles import Tile

    result = get_rule_set("hongkong").score(WinContext(
        hand=parse_hand("123m456p789s555z22z"), win_tile=Tile.parse("2z"), discarder=1))
    data = result.to_json()
    names = [str(item["name"]) for item in data["items"]]
    assert "Pung of White dragons" in names and all(type(n) is str for n in names)
    with use_language("it"):
        assert shown("Pung of White dragons") == "Pung di Drago Bianco"
        assert shown("no such text at all") == "no such text at all"
    assert shown("Pung of White dragons") == "Pung of White dragons"


def test_a_text_read_back_takes_the_most_specific_template_whatever_came_first() -> None:
    """Issue 48: a card line's name in English ("2026 #2 FFF 2026a DDDa 6666b") was read back
    with MCR's "{name} {fan}" when an MCR score had been made earlier in the process, and
    shown untranslated; the template with the most text of its own reads it, whichever
    messages were made first, and the judgement's plan is a message of its own."""
    from mahjong_table.i18n import N_
    from mahjong_table.message import Message, shown

    Message(N_("{name} {fan}"), name="Pure Straight", fan=16)  # an MCR item, made first
    Message(N_("{section} #{number}"), section=Message("2026", "card"), number=2)
    with use_language("it"):
        assert shown("2026 #2 FFF 2026a DDDa 6666b") == "2026 n. 2 FFF 2026a DDDa 6666b"
        plan = Message(N_("{section} #{number} {pattern}"), section=Message("2026", "card"),
                       number=2, pattern="FFF 2026a DDDa 6666b")
        assert shown(plan) == "2026 n. 2 FFF 2026a DDDa 6666b"


def test_a_message_without_values_is_made_once_and_still_speaks_each_language() -> None:
    """Issue 25: a message without values is kept and handed out again (a scoring names the
    same few dozen); it is the same text, template and context, and it is shown in the
    language in force at the time it is shown, not the one it was made in."""
    import pickle

    from mahjong_table.message import Message

    a = Message("East")
    assert a is Message("East")
    assert (str(a), a.msgid, a.context, a.values) == ("East", "East", None, {})
    assert Message("East", context="wind") is not a
    assert Message("East", context="wind").context == "wind"
    with use_language("it"):
        assert Message("East").shown() == _("East") != "East"
    assert Message("East").shown() == "East"
    back = pickle.loads(pickle.dumps(a))
    assert (back, back.msgid, back.context) == (a, a.msgid, a.context)


@pytest.mark.parametrize(("translation", "found"), [
    ("Leggere la scheda", "retired 'scheda'"),
    ("la carta di pratica del progetto", "retired 'carta di pratica'"),
    ("Quali reclami puoi fare?", "retired 'Quali reclami'"),
    ("Chow, reclami e la loro priorità", "retired 'reclami'"),
    ("Un reclamo vale come tuo turno", "retired 'Un reclamo'"),
    ("Hai vinto pescando da sé.", "retired 'pescando da sé'"),
    ("a 3 dall'essere pronta", "retired \"dall'essere pronta\""),
    ("Un chow sono tre tessere in fila", "retired 'Un chow sono'"),
    ("Quando reclamano in più: prima il Mahjong", "retired 'reclamano in più'"),
    ("Muro: {n} rimaste", "retired 'Muro:"),
    ("pesca un rimpiazzo", "retired 'rimpiazzo'"),
    ("i tre semi (Craks m, Dots p)", "retired 'Craks'"),
    ("uso della League", "English word 'League'"),
    ("per es. 2m 4p +1 blind", "retired '+1 blind'"),
    ("tre bot efficiency", "English word 'efficiency'"),
    ("Bot Normal 2", "English word 'Normal'"),
    ("la mano del giocatore (your hand)", "English word 'your'"),
    ("Cinese (libretto 001, seconda parte)", "retired 'libretto 001'"),
    ("la scala delle Mahjong Competition Rules", "retired 'Mahjong Competition Rules'"),
    ("i quattro giri dei venti", "retired 'giri dei venti'"),
    ("(001 Parte prima 'Scambio del jolly')", "retired '001 Parte prima'"),
    ("la mano è pronta, in attesa di 1z", "retired 'pronta'"),
    ("una registrazione scritta da play", "English word 'play'"),
])
def test_the_italian_style_guide_names_retired_terms_and_english(translation: str,
                                                                  found: str) -> None:
    """Issue 48: the check the catalogue runs (tools/i18n_style.py, docs/i18n.md "Italian
    style guide") fails on an English word of the interface and on each retired variant,
    saying what to write instead."""
    from tools.i18n_style import style_problems

    problems = style_problems(translation)
    assert any(p.startswith(found) for p in problems), problems
    assert all("write" in p for p in problems if p.startswith("retired"))


@pytest.mark.parametrize("translation", [
    "Puoi reclamare chow 345m: Sud ha scartato subito prima di te.",
    "{who} ha scartato {tile}. La reclami?",
    "Reclami? {seconds} s, poi il tavolo passa per te",
    "Caratteri (Craks, m), Cerchi (Dots, p), Bambù (Bams, s)",
    "il Drago Bianco, detto «Soap»",
    "001 Part one «Quick reference», solo in inglese",
    "avvia la partita con --practice undo",
    "la carta delle righe: 'practice' o il percorso di un file (docs/american-card.md)",
    "HAND si scrive come per il comando score",
    "opzione false_mahjong=penalise, campo table.seat",
    "seats: quattro voci, ognuna 'human' o il nome di un bot",
])
def test_the_style_guide_leaves_data_and_the_verb_alone(translation: str) -> None:
    """What the player types or reads as data (flags, option values, commands, metavars,
    record fields, English headings cited as such, the suits' nicknames in brackets) and the
    verb "reclami" are no English words and no retired variants."""
    from tools.i18n_style import style_problems

    message = "seats: four entries" if translation.startswith("seats:") else ""
    assert style_problems(translation, message) == []


def test_the_check_fails_on_a_retired_term_in_a_part(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 48's "Done when": a part that brings back a retired term or an English word
    makes ``python -m tools.i18n check`` fail, naming the message, the part and the fix."""
    import shutil

    import tools.i18n as i18n_tool

    parts = tmp_path / "i18n"
    shutil.copytree(ROOT / "i18n" / "it", parts / "it")
    learn = parts / "it" / "learn.po"
    text = learn.read_text(encoding="utf-8")
    assert 'msgstr "Leggere la carta"' in text
    learn.write_text(text.replace('msgstr "Leggere la carta"', 'msgstr "Leggere la scheda"')
                     .replace('msgstr "Le chiamate e la loro priorità"',
                              'msgstr "The claims e la loro priorità"'), encoding="utf-8")
    monkeypatch.setattr(i18n_tool, "PARTS", parts)
    _out, problems = i18n_tool.check("it", i18n_tool.extract())
    assert any("learn.po: the translation of 'Reading the card': retired 'scheda': write "
               "carta" in p for p in problems), problems
    assert any("'Claims and their priority': English word 'The'" in p for p in problems)
