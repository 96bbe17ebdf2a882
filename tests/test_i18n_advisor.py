"""Issue 23, item 4: the advisor's words (``Advice.text_lines``, ``action_text``, the reasons,
the waits, the card lines) come out Italian under ``use_language("it")`` and unchanged in
English; the advice itself (the action chosen) does not depend on the language."""

from __future__ import annotations

import pytest
from tests.i18n_vocabulary import assert_italian

from mahjong_table import Game, get_rule_set
from mahjong_table.advisor import action_text, advise
from mahjong_table.i18n import use_language

POSITIONS = {
    # Hong Kong: a turn with discards to rank, a ready hand, a limit hand's waits
    "hongkong-turn": "hongkong\n0: 123m456p789s1122z 5p\nturn 0 drew 5p\n",
    "hongkong-waiting": "hongkong\n0: 1112345678999m\nturn 1\n",
    "hongkong-win": "hongkong\n0: 19m19p19s1234567z 7z\nturn 0 drew 7z\n",
    # MCR: a complete hand under the 8-fan minimum, a claim window below the minimum
    "mcr-below-minimum": "chinese scoring=mcr\n0: [123m] 567m234p789s5s 5s\nturn 0 drew 5s\n",
    "mcr-claim": "chinese scoring=mcr\n0: [123m] 567m234p789s5s\nturn 1\n",
    # American: a turn with lines of the card, a joker exchange that wins
    "american-turn": "american\n0: 1f2f3f 2m5z2m6m 77z7m 6666p\nturn 0\n",
    "american-exchange": "american\n0: 22m6m5z 666p 66s 4444z 4m\n3: [44m1j] 1357p2468s9m9p\n"
                         "turn 0 drew 4m\n",
}

ALLOW = ("MCR", "NMJL")


@pytest.mark.parametrize("name", list(POSITIONS))
def test_advice_text_is_italian(name: str) -> None:
    """Issue 23 item 4: every line a face shows of the advice is Italian; the advised action
    is the same in both languages; the English is what it was."""
    game = Game.from_position(POSITIONS[name], 0)
    view = game.view(0)
    english = advise(view, game.rules)
    with use_language("en"):
        assert advise(view, game.rules).text_lines() == english.text_lines()
    with use_language("it"):
        italian = advise(view, game.rules)
        lines = italian.text_lines()
        waiting = italian.waiting_text()
    assert italian.action == english.action
    assert lines != english.text_lines()
    text = "\n".join([*lines, waiting or ""])
    assert_italian(text, name, allow=ALLOW)


def test_advice_wording_in_italian() -> None:
    """Issue 23 item 4: specific Italian words of the advisor (rule book 000's: scarta,
    jolly, Mahjong, passaggio di cortesia)."""
    game = Game.from_position(POSITIONS["hongkong-turn"], 0)
    with use_language("it"):
        lines = advise(game.view(0), game.rules).text_lines()
    assert lines[0] == "La tua mano: in attesa prima dello scarto."
    assert lines[1].startswith("Consiglio: scarta 5p. Perché: vittoria ")
    assert "punti attesi: la mano è in attesa di 1z (2 non viste" in lines[1]
    game = Game.from_position(POSITIONS["mcr-below-minimum"], 0)
    with use_language("it"):
        advice = advise(game.view(0), game.rules)
        lines = advice.text_lines()
    assert "Niente Mahjong: la mano vale 4 fan senza i Fiori" in "\n".join(lines)
    assert "una mano completa, ma niente Mahjong: la mano vale 4 fan senza i Fiori; " \
        "l'MCR richiede almeno 8 fan per vincere" in advice.why
    game = Game.from_position(POSITIONS["american-exchange"], 0)
    with use_language("it"):
        advice = advise(game.view(0), game.rules)
    assert advice.text is not None and advice.text.startswith("scambia 4m con il jolly di")
    assert "scambio del jolly" in advice.why


def test_action_text_in_italian() -> None:
    """Issue 23 item 4: :func:`action_text` for the Charleston and the courtesy pass (001
    Part one 06; 000: "passaggio di cortesia")."""
    game = Game(get_rule_set("american"), 5)
    p = game.to_act()[0]
    actions = game.legal_actions(p)
    english = [action_text(a) for a in actions[:3]]
    with use_language("it"):
        italian = [action_text(a) for a in actions[:3]]
        advice = advise(game.view(p), game.rules)
    assert all(t.startswith("passa ") for t in italian), italian
    assert all(t.startswith("pass ") for t in english), english
    assert advice.text is not None and advice.text.startswith("passa ")
    assert_italian(advice.why, "charleston", allow=ALLOW)
