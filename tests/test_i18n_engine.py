"""Issue 23, item 1: the engine's refusals (``IllegalActionError``, citing the rule) are
formatted in the language in force when they are raised, and the rule sets' reasons (MCR's
8-fan minimum, a hand that does not win) are shown translated; nothing of it reaches the
events or the records, which stay byte for byte the same whatever the language."""

from __future__ import annotations

import io
import pickle
import random

import pytest
from tests.i18n_vocabulary import assert_italian

from mahjong_table import Action, ActionKind, Game, IllegalActionError, get_rule_set
from mahjong_table.advisor.model import short_refusal
from mahjong_table.i18n import use_language
from mahjong_table.message import Message, shown
from mahjong_table.players import RandomBot, play_game
from mahjong_table.record import write_record
from mahjong_table.tiles import Tile

MCR_COMPLETE = "chinese scoring=mcr\n0: [123m] 567m234p789s5s 5s\nturn 0 drew 5s\n"
HK_TURN = "hongkong\n0: 123m456p789s1122z 5p\nturn 0 drew 5p\n"
#: player 1 holds two 5p: the discard of 5p opens a claim window
HK_CLAIM = "hongkong\n0: 123m456p789s1122z 5p\n1: 55p123m456m789s1z1z\nturn 0 drew 5p\n"


def _refusal(game: Game, action: Action, lang: str) -> str:
    with use_language(lang), pytest.raises(IllegalActionError) as info:
        game.verify(action)
    return str(info.value)


def _both(game: Game, action: Action) -> tuple[str, str]:
    return _refusal(game, action, "en"), _refusal(game, action, "it")


def test_discard_of_a_tile_not_held_is_refused_in_italian() -> None:
    """004 s05 'Spike and discard': a discard of a tile not held, refused in the language in
    force (issue 23 item 1), the English unchanged."""
    game = Game.from_position(HK_TURN, 0)
    en, it = _both(game, Action(ActionKind.DISCARD, 0, Tile.parse("7z")))
    assert en == "player 0 holds no 7z to discard (004 s05 'Spike and discard')"
    assert it == "il giocatore 0 non ha un 7z da scartare (004 s05 «Pesca e scarto»)"
    en, it = _both(game, Action(ActionKind.DISCARD, 2, Tile.parse("1m")))
    assert en == "it is player 0's turn, not player 2's (004 s05 'Spike and discard')"
    assert it == ("è il turno del giocatore 0, non del giocatore 2 (004 s05 «Pesca e "
                  "scarto»)")
    en, it = _both(game, Action(ActionKind.PUNG, 0))
    assert en.startswith("pung answers a discard; it is player 0's own turn")
    assert it.startswith("«pung» risponde a uno scarto; è il turno del giocatore 0")
    assert_italian(it, "refusal")


def test_claims_are_refused_in_italian() -> None:
    """004 s05: one's own discard cannot be claimed; a chow only by the next player; a pung
    needs two matching tiles (issue 23 item 1)."""
    game = Game.from_position(HK_CLAIM, 0)
    game.apply(Action(ActionKind.DISCARD, 0, Tile.parse("5p")))
    assert game.phase.value == "claim"
    en, it = _both(game, Action(ActionKind.PUNG, 0))
    assert en.startswith("player 0 cannot claim their own discard (004 s05: only the last")
    assert it.startswith("il giocatore 0 non può reclamare il proprio scarto (004 s05: si "
                         "può reclamare solo l'ultimo scarto")
    for p in (1, 2, 3):
        for kind in (ActionKind.PUNG, ActionKind.KONG, ActionKind.CHOW, ActionKind.MAHJONG):
            action = Action(kind, p, Tile.parse("4p") if kind is ActionKind.CHOW else None)
            if game.can_apply(action):
                continue
            en, it = _both(game, action)
            assert en != it
            assert_italian(it, f"{kind} by {p}")


def test_mcr_minimum_refusal_is_italian_and_short_refusal_reads_both() -> None:
    """MCR (001 Part two 'Scoring'): a complete hand of 4 fan may not be declared; the refusal
    names the fan in the language in force, and ``short_refusal`` drops the fan list in
    English and Italian alike (issue 23 item 1)."""
    game = Game.from_position(MCR_COMPLETE, 0)
    en, it = _both(game, Action(ActionKind.MAHJONG, 0))
    assert en.startswith("player 0 may not declare Mahjong: the hand has 4 fan without "
                         "flowers (Self-Drawn 1, All Chows 2,")
    assert it.startswith("il giocatore 0 non può dichiarare Mahjong: la mano vale 4 fan senza "
                         "i Fiori (Pescata dal muro 1, Tutti chow 2,")
    assert it.endswith("(ne mancano 4) (MCR (000 Parte seconda «Regole nel dettaglio», "
                       "punteggio): una forma vincente MCR che valga almeno 8 fan, Fiori esclusi)")
    assert_italian(it, "mcr refusal", allow=("MCR",))
    refusal = game.rules.win_refusal(game._win_context(0, None, Tile.parse("5s"),
                                                       robbing=False))
    assert isinstance(refusal, Message)
    assert short_refusal(refusal) == ("the hand has 4 fan without flowers; MCR needs at least "
                                      "8 fan to win, flowers not counted (4 short)")
    with use_language("it"):
        assert short_refusal(refusal) == ("la mano vale 4 fan senza i Fiori; l'MCR richiede "
                                          "almeno 8 fan per vincere, Fiori esclusi (ne "
                                          "mancano 4)")


def test_charleston_and_game_over_refusals_are_italian() -> None:
    """001 Part one 06 (jokers are never passed) and the end of the game, refused in
    Italian (issue 23 item 1)."""
    game = Game(get_rule_set("american"), 5)
    assert game.phase.value == "charleston"
    p = game.to_act()[0]
    joker = Tile.parse("1j")
    en, it = _both(game, Action(ActionKind.CHARLESTON_PASS, p, tiles=(joker, joker, joker)))
    assert en.startswith("jokers cannot be passed (001 Part one 06")
    assert it.startswith("non si possono passare i jolly (000 Parte prima 06 «Prima che "
                         "inizi il gioco – il Charleston»)")
    over = Game(get_rule_set("hongkong"), 3, max_hands=1)
    play_game(over, [RandomBot(i) for i in range(4)])
    en, it = _both(over, Action(ActionKind.DISCARD, 0, Tile.parse("1m")))
    assert en == "the game is over (004 s07 'The rounds and the end')"
    assert it == "la partita è finita (004 s07 «I giri e la fine»)"


@pytest.mark.parametrize(("name", "options"), [
    ("hongkong", {}), ("chinese", {"scoring": "mcr"}), ("american", {}),
])
def test_random_refusals_are_italian(name: str, options: dict[str, object]) -> None:
    """Every refusal the engine gives to near-legal actions during random play (wrong
    player, wrong tile, claims it cannot make) is Italian under ``use_language("it")`` and
    the same English text as before without it (issue 23 item 1)."""
    rng = random.Random(7)
    game = Game(get_rule_set(name, **options), 7, max_hands=1)
    tiles = [Tile.parse(t) for t in ("1m", "5p", "9s", "1z", "7z", "1j")]
    seen = 0
    while not game.is_over and seen < 300:
        p = game.to_act()[0]
        acts = game.legal_actions(p)
        for _ in range(3):
            kind = rng.choice(list(ActionKind))
            q = rng.randrange(4)
            tile = rng.choice(tiles) if kind in (ActionKind.DISCARD, ActionKind.CHOW,
                                                 ActionKind.CONCEALED_KONG,
                                                 ActionKind.ADDED_KONG,
                                                 ActionKind.JOKER_EXCHANGE) else None
            action = Action(kind, q, tile, target=rng.randrange(4)
                            if kind in (ActionKind.JOKER_EXCHANGE, ActionKind.CALL_DEAD)
                            else None)
            try:
                game.verify(action)
                continue
            except IllegalActionError as exc:
                english = str(exc)
            except ValueError:
                continue
            en, it = _both(game, action)
            assert en == english
            assert_italian(it, f"{name}: {action}", allow=("MCR", "NMJL"))
            seen += 1
        game.apply(acts[rng.randrange(len(acts))])
    assert seen > 30


@pytest.mark.parametrize(("name", "options"), [
    ("hongkong", {}), ("chinese", {"scoring": "mcr"}), ("american", {}),
    ("american", {"false_mahjong": "dead"}),
])
def test_records_are_the_same_in_any_language(name: str, options: dict[str, object]) -> None:
    """Issue 23: records (every event, the scored results with their item names and reasons)
    are data: the same bytes whatever the language the game was played in."""
    def record(lang: str) -> str:
        with use_language(lang):
            game = Game(get_rule_set(name, **options), 11, max_hands=3)
            play_game(game, [RandomBot(i) for i in range(4)])
            buf = io.StringIO()
            write_record(game, buf)
        return buf.getvalue()

    english = record("en")
    assert record("it") == english


def test_a_message_is_its_english_text() -> None:
    """:class:`Message`: the English text for data (equality, JSON, pickling for the worker
    pool), the catalogue's text where shown."""
    m = Message("{set} of {colour} dragons", set=Message("Pung"), colour=Message("Red"))
    assert m == "Pung of Red dragons" and hash(m) == hash("Pung of Red dragons")
    back = pickle.loads(pickle.dumps(m))
    assert back == m and isinstance(back, Message)
    with use_language("it"):
        assert shown(m) == "Pung di Drago Rosso"
        assert shown(back) == "Pung di Drago Rosso"
        assert shown(None) == "" and shown("") == ""
    assert shown(m) == "Pung of Red dragons"
