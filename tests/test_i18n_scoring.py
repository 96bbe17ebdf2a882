"""Issue 23, item 2 and 3: the text of ``score``, ``analyze`` and ``card`` in Italian, with
the scoring items, fan and limit-hand names and the practice card's lines translated where
they are shown; the JSON and the score data stay English whatever the language."""

from __future__ import annotations

import json
import re

import pytest
from tests.i18n_vocabulary import assert_italian

from mahjong_table.cli import main
from mahjong_table.i18n import use_language
from mahjong_table.message import Message, shown
from mahjong_table.rules import get_rule_set
from mahjong_table.rules.american.card import shipped_card_texts
from mahjong_table.rules.hongkong_scoring import ITEMS
from mahjong_table.rules.mcr_fans import FANS

#: names and notation the Italian text may carry as they are: the rule sets' proper names,
#: option names and values (machine words), the practice card's file path
ALLOW = ("Mahjong Time", "National Mah Jongg League", "NMJL", "joker_exchange_win",
         "self_drawn_payment", "all_single", "discard_payment", "jokerless_bonus",
         "seven_pairs", "thirteen_orphans", "il comando score", "practice.card",
         "{any}", "{even}", "{odd}", "HAND")

#: (argv, Italian wording that must be there): Hong Kong (fan items, a limit hand, a hand
#: that does not win), Chinese simple and MCR (above and below the 8-fan minimum), American
SCORED = [
    (["score", "123m456p789s111z22z", "--self-drawn"],
     ["Pung del vento Est (vento del posto)", "Pescata dal muro", "Totale: 4", "Pagamenti:",
      "posto E, giro E, vinta pescando dal muro 2z (Vento Sud"]),
    (["score", "19m19p19s1234567z1m"],
     ["LIMITE", "Tredici orfani", "una mano limite, base 64", "Mano limite:"]),
    (["score", "[777z] (1111s) 123m456p 11z", "--self-drawn"],
     ["Pung di Drago Rosso", "Niente Fiori né Stagioni"]),
    (["score", "123m456p789s1122z"],
     ["Non è una mano vincente: la mano ha 13 tessere (un kong conta come tre)"]),
    (["score", "--rules", "chinese", "123m456p789s111z22z"],
     ["Cinese (libretto 000, Parte seconda)", "Mahjong", "i principianti assegnano 1 punto"]),
    (["score", "--rules", "chinese", "--scoring", "mcr", "123m456p789s111z22z"],
     ["Scala mista", "Vento prevalente", "Attesa singola", "punteggio MCR"]),
    (["score", "--rules", "chinese", "--scoring", "mcr", "[123m] 567m234p789s5s5s",
      "--self-drawn"],
     ["Non è una mano vincente: la mano vale 4 fan senza i Fiori (",
      "l'MCR richiede almeno 8 fan per vincere, Fiori esclusi (ne mancano 4)"]),
    (["score", "--rules", "american", "22m6m5z 666p 666s 444z1j", "--self-drawn"],
     ["Americano (stile NMJL)", "Riga: 2026 n. 1", "25 punti sulla carta",
      "anno in un seme, pung di 6 uguali negli altri due, kong di Nord",
      "Base di ogni pagante", "Pescata dal muro: ogni giocatore paga il doppio"]),
    (["score", "--rules", "american", "1f2f3f 2m5z2m6m 777z 6666p"],
     ["Senza jolly (raddoppiata)", "Sullo scarto di N: chi ha scartato paga il doppio",
      "senza jolly: sì"]),
    (["score", "--rules", "american", "1f2f3f 2m5z2m6m 77z7m 6666p"],
     ["Non è una mano vincente: nessuna riga della carta è completa; la più vicina è 2026 n. 2"]),
]

ANALYSED = [
    (["analyze", "123m456p789s11z2z3z"],
     ["Shanten 1: a 1 tessera dall'attesa", "Pescate utili (3 tipi, 8 non viste)",
      "La tua mano: a distanza 1 dall'attesa (shanten 1).", "Tessere utili"]),
    (["analyze", "123m456p789s1122z5p"],
     ["Scarti, dal migliore:", "scarta 5p: in attesa, vince con", "Consiglio: scarta 5p. Perché:",
      "oppure scarta"]),
    (["analyze", "1112345678999m"],
     ["Vince con", "ognuna una mano limite (Nove porte)", "9m (1 non vista)"]),
    (["analyze", "19m19p19s1234567z1m"],
     ["Mahjong! Le tessere formano una mano vincente"]),
    (["analyze", "--rules", "chinese", "--scoring", "mcr", "[123m] 567m234p789s5s5s"],
     ["Le tessere hanno una forma vincente", "ma niente Mahjong: la mano vale 4 fan senza i "
      "Fiori; l'MCR richiede almeno 8 fan"]),
    (["analyze", "--rules", "chinese", "--scoring", "mcr", "123m456p789s1122z"],
     ["In attesa (shanten 0)", "14 fan su uno scarto", "onori e tessere intrecciate"]),
    (["analyze", "--rules", "american", "1f2f3f 2m5z2m6m 77z7m 6666p"],
     ["Righe più vicine (contando solo le tessere che possono ancora arrivare):",
      "2026 n. 2 FFF 2026a DDDa 6666b (X 30): a 1, servono 7z",
      "Consiglio: scarta 7m. Perché: vittoria ", "a 1 da 2026 n. 2 FFF 2026a DDDa 6666b",
      "Charleston: passa", "i jolly non si passano mai"]),
]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(argv)
    out, _err = capsys.readouterr()
    return status, out


@pytest.mark.parametrize(("argv", "wording"), SCORED, ids=lambda v: " ".join(v)
                         if isinstance(v, list) and v and v[0] == "score" else None)
def test_score_text_is_italian(argv: list[str], wording: list[str],
                               capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23 item 3 (``score``), item 2 (every scoring item, fan and limit-hand name and
    its explanation shown in Italian): Hong Kong (004 s07), Chinese simple and MCR, American
    (001 Part one), a limit hand and hands that do not win."""
    status_en, english = _run(argv, capsys)
    status, out = _run(["--lang", "it", *argv], capsys)
    assert status == status_en
    assert out != english
    assert_italian(out, " ".join(argv), allow=ALLOW)
    for w in wording:
        assert w in out, (w, out)


@pytest.mark.parametrize(("argv", "wording"), ANALYSED)
def test_analyze_text_is_italian(argv: list[str], wording: list[str],
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23 item 3 (``analyze``) and item 4 (the advisor's words in it): shanten, waits,
    discards, the MCR 8-fan refusal, American lines and Charleston advice."""
    _run(argv, capsys)
    status, out = _run(["--lang", "it", *argv], capsys)
    assert status == 0
    assert_italian(out, " ".join(argv), allow=ALLOW)
    for w in wording:
        assert w in out, (w, out)


def test_card_text_is_italian(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23 item 2 and 3 (``card``): the practice card's name, section names and every
    line's description in Italian (``pgettext("card", ...)``), the table's heads too."""
    status, out = _run(["--lang", "it", "card", "practice", "--variations"], capsys)
    assert status == 0
    source = out.splitlines()[1].split(": ", 1)[1]
    # the numbers rules ({any}, {1: any, 7: any}, {@2 @3: odd}) are the card's notation
    notation = set(re.findall(r"\{[^{}]*\}", out))
    assert_italian(out, "card practice", allow=(*ALLOW, source, *notation))
    assert out.startswith("Carta di prova 2026 (NON è la carta della National Mah Jongg "
                          "League)  [la carta di prova del progetto]")
    assert "sezione" in out and "varianti" in out and "schema" in out
    assert "Numeri uguali" in out and "Singole e coppie" in out
    assert "(anno in un seme, pung di 6 uguali negli altri due, kong di Nord)" in out
    assert "ok: 64 righe in 9 sezioni" in out or "ok: " in out.splitlines()[-1]
    # every shipped text is translated (the check would fail otherwise), and differs from
    # the English where the English has words
    with use_language("it"):
        from mahjong_table.i18n import pgettext
        changed = [t for t, _w in shipped_card_texts() if pgettext("card", t) != t]
    assert len(changed) >= len(shipped_card_texts()) - 4  # the number-only section names


@pytest.mark.parametrize("argv", [a for a, _w in SCORED])
def test_score_json_is_the_same_in_italian(argv: list[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: ``score --json`` is data: byte for byte the same with ``--lang it``
    (ScoreItem names and the reason stay English)."""
    _status, english = _run([*argv, "--json"], capsys)
    _status, italian = _run(["--lang", "it", *argv, "--json"], capsys)
    assert italian == english
    json.loads(italian)


@pytest.mark.parametrize("argv", [a for a, _w in ANALYSED])
def test_analyze_json_is_the_same_in_italian(argv: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: ``analyze --json`` (the advisor's object in it too) stays English."""
    _status, english = _run([*argv, "--json"], capsys)
    _status, italian = _run(["--lang", "it", *argv, "--json"], capsys)
    assert italian == english


def test_card_json_is_the_same_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: ``card --json`` stays English."""
    _status, english = _run(["card", "practice", "--json"], capsys)
    _status, italian = _run(["--lang", "it", "card", "practice", "--json"], capsys)
    assert italian == english


@pytest.mark.parametrize("command", ["score", "analyze", "card"])
def test_help_is_italian(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23 item 3: the commands' argparse help texts (argparse's own headings are
    argparse's)."""
    with pytest.raises(SystemExit):
        main(["--lang", "it", command, "--help"])
    out, _err = capsys.readouterr()
    helps = {"score": "calcola il punteggio di una mano", "analyze": "Analizza una mano",
             "card": "Controlla un file di carta americana"}
    assert helps[command] in out.replace("\n", " ").replace("  ", " ") or \
        helps[command].lower() in out.lower()
    assert "stampa un oggetto JSON" in out


def test_item_names_stay_english_data_and_show_in_italian() -> None:
    """Issue 23 item 2: every Hong Kong item and limit hand (004 s07) and every MCR fan has an
    Italian name where shown; the data (``ScoreItem.name``, ``score --json``) is English."""
    with use_language("it"):
        hk = {d.name: shown(d.name) for d in ITEMS}
        mcr = {d.name: shown(d.name) for d in FANS}
        explanations = {d.explanation: shown(d.explanation) for d in FANS}
    assert hk["Thirteen orphans"] == "Tredici orfani"
    assert hk["Nine gates"] == "Nove porte"
    assert mcr["Chicken Hand"] == "Mano del pollo"
    assert mcr["Full Flush"] == "Colore pieno"
    for table in (hk, mcr, explanations):
        same = [k for k, v in table.items() if k == v]
        assert not same, same
    rules = get_rule_set("hongkong")
    from mahjong_table.melds import parse_hand
    from mahjong_table.scoring import WinContext
    from mahjong_table.tiles import Tile
    ctx = WinContext(hand=parse_hand("123m456p789s111z22z"), win_tile=Tile.parse("2z"),
                     self_drawn=True)
    with use_language("it"):
        result = rules.score(ctx)
    names = [i.name for i in result.items]
    assert "Pung of East wind (seat wind)" in names
    assert isinstance(result.items[0].name, Message)
    with use_language("it"):
        assert shown(result.items[0].name) == "Pung del vento Est (vento del posto)"
    assert shown(result.items[0].name) == "Pung of East wind (seat wind)"


@pytest.mark.parametrize(("argv", "wording"), [
    (["analyze", "123m456p789s11z2z"], "12 tessere nascoste con 0 combinazioni dichiarate"),
    (["score", "--rules", "chinese", "123m456p789s111z22z", "--robbing-kong"],
     "in queste regole cinesi non si vince rubando un kong"),
    (["score", "123m456p789s111z22z", "--win-tile", "5m"],
     "la tessera vincente 5m non è fra le tessere nascoste"),
    (["score", "--rules", "american", "22m6m5z 666p 666s 444z1j", "--bonus", "1f"],
     "--bonus non si usa nel punteggio americano: i Fiori americani sono tessere della mano"),
])
def test_input_errors_are_italian(argv: list[str], wording: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23 item 3: a malformed hand or option is named in Italian (exit status 2), in
    English as before without ``--lang``."""
    assert main(argv) == 2
    _out, english = capsys.readouterr()
    assert main(["--lang", "it", *argv]) == 2
    _out, err = capsys.readouterr()
    assert wording in err, err
    assert err != english
    assert_italian(err.split(": ", 2)[-1], " ".join(argv), allow=ALLOW)
