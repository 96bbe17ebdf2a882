"""Issue 23 (Italian for every face), the terminal faces: the line mode, the full-screen
table, ``play``/``simulate``/``arena``/``replay`` text and help, argparse's own words.

Each test plays or renders in Italian and calls :func:`assert_italian` on everything shown,
allowing only what is not the terminal's to translate: names (bots), notation, command-line
flags and identifiers, and the text other parts of the program word (the advisor's hints and
card lines, the scoring items' names), which are recorded as they are shown (a spy on the
real functions: nothing is replaced) and allowed exactly.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.i18n_vocabulary import assert_italian, english_words

from mahjong_table.cli import build_parser, main
from mahjong_table.commands._options import options_help
from mahjong_table.engine import ActionKind
from mahjong_table.i18n import _, use_language
from mahjong_table.players import BOTS
from mahjong_table.rules import get_rule_set

#: the words the player types at the line mode's prompt (commands, not prose)
TYPED = ("p / pass", "i / hint", "u / undo", "m / mahjong", "+1 blind", "+N blind",
         "--practice undo", "Home End", "mahjong-table play", "mahjong-table replay",
         "--record", "--seed", "--resume", "--plain")


@pytest.fixture(autouse=True)
def _games_saved_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game stopped by the end of its scripted input is saved in the test's directory."""
    monkeypatch.chdir(tmp_path)


class Others:
    """What other parts of the program word, recorded as the terminal shows it: the
    advisor's hint lines, waiting line and card lines (``mahjong_table.tui.hints``, which
    only renders the advisor's text), and the scoring items' names of the hands played."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        import mahjong_table.tui.app as app_module
        import mahjong_table.tui.hints as hints

        for name in ("hint_lines", "waiting_line", "card_lines"):
            real = getattr(hints, name)

            def spy(*args: Any, _real: Any = real, **kwargs: Any) -> Any:
                got = _real(*args, **kwargs)
                if isinstance(got, str):
                    self.texts.append(got)
                elif got:
                    self.texts.extend(str(x) for x in got)
                return got

            monkeypatch.setattr(hints, name, spy)
            monkeypatch.setattr(app_module, name, spy)

    def add_results(self, game: Any) -> None:
        """The scoring items' names (English and as shown) and card lines of ``game``."""
        for ev in game.events:
            if ev.type != "hand_end":
                continue
            score = ev.to_json().get("result", {}).get("score")
            if not isinstance(score, dict):
                continue
            for item in score.get("items") or []:
                name = str(item.get("name", item.get("id")))
                self.texts.extend([name, _(name)])
            if score.get("limit"):
                self.texts.extend([str(score["limit"]), _(str(score["limit"]))])
            line = score.get("line")
            if isinstance(line, dict):
                self.texts.append(str(line.get("pattern", "")))

    def allow(self, *more: str) -> list[str]:
        """Every recorded text, whitespace normalised (the terminal wraps lines)."""
        return [" ".join(t.split()) for t in (*self.texts, *more) if t.strip()]


def flat(text: str) -> str:
    return " ".join(text.split())


# ----- the line mode -------------------------------------------------------------------------

class PromptedItalian(io.StringIO):
    """Input answering the last Italian prompt written to ``out``: the first tiles of the
    hand for a pass, the most tiles for the courtesy ask, Enter at the end of a hand, the
    help and a redraw once at the first menu, else option 1."""

    def __init__(self, out: io.StringIO, limit: int = 6000) -> None:
        super().__init__()
        self.out = out
        self.limit = limit
        self.answers: list[str] = []

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        if len(self.answers) >= self.limit:
            return ""
        text = self.out.getvalue()
        prompt = text[text.rfind("\n") + 1:]
        m = re.match(r"Passa (\d) tessere?", prompt)
        top = re.match(r"Quante tessere \[0-(\d)", prompt)
        if m:
            answer = " ".join(str(i) for i in range(1, int(m.group(1)) + 1))
        elif top:
            answer = top.group(1)
        elif prompt.startswith("Premi Invio"):
            answer = ""
        elif prompt.startswith("La tua scelta") and "h" not in self.answers:
            answer = "h"
        elif prompt.startswith("La tua scelta") and "n" not in self.answers:
            answer = "n"
        elif prompt.startswith("La tua scelta") and "zz" not in self.answers:
            answer = "zz"  # not understood: the error is worded in Italian too
        else:
            answer = "1"
        self.answers.append(answer)
        return answer + "\n"


def play_plain(argv: list[str]) -> tuple[int, str, Any]:
    """``mahjong-table --lang it play --plain ARGV`` with the answers above; the status, the
    transcript and the game."""
    from mahjong_table.commands import play as play_command

    games: list[Any] = []
    real = play_command._run_plain

    def keep(args: Any, session: Any, *rest: Any) -> int:
        games.append(session.game)
        return int(real(args, session, *rest))

    with use_language("it"):
        args = build_parser(["play"]).parse_args(["play", "--plain", *argv])
        out = io.StringIO()
        mp = pytest.MonkeyPatch()
        mp.setattr(play_command, "_run_plain", keep)
        try:
            status = args.func(args, input=PromptedItalian(out), output=out)
        finally:
            mp.undo()
    return status, out.getvalue(), games[0]


@pytest.mark.parametrize("rules,bots", [
    ("hongkong", "efficiency,efficiency,efficiency"),
    ("chinese", "efficiency,efficiency,efficiency"),
])
def test_line_mode_hand_in_italian(rules: str, bots: str,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23 item 1 (line mode), Hong Kong and Chinese: a whole hand played in Italian,
    every menu, claim, narration line, the help, the end of the hand (scoring, payments,
    totals) and the game's end are Italian."""
    others = Others(monkeypatch)
    status, text, game = play_plain(["--rules", rules, "--seed", "7", "--hands", "1",
                                     "--rounds", "1", "--bots", bots])
    assert status == 0
    others.add_results(game)
    assert_italian(flat(text), f"line mode {rules}",
                   allow=[*others.allow(), *TYPED, *(f"Efficiency {i}" for i in range(4))])
    assert "Come rispondere:" in text  # the help
    assert "La tua scelta [1-" in text and "h aiuto, q per uscire" in text
    assert "Non capito: 'zz'." in text
    assert "I posti sono sorteggiati" in text
    assert "Scarti " in text and re.search(r"Mano 1 · giro di (Est|Sud|Ovest|Nord)", text)
    assert "La mano 1 è finita" in text
    assert "Partita finita dopo 1 mano: classifica finale" in text
    assert re.search(r"(Vinci|vince) con Mahjong|Mano patta", text), text[-2000:]
    if rules == "hongkong":
        assert "Regole Hong Kong" in text
    else:
        assert "Regole cinesi" in text


def test_line_mode_american_charleston_courtesy_in_italian(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23 item 1, American (001 Part one 06): the Charleston passes, the vote, the
    courtesy ask and pass, play and the end of the hand, all in Italian."""
    others = Others(monkeypatch)
    status, text, game = play_plain(["--rules", "american", "--seed", "8", "--hands", "1",
                                     "--bots", "american,american,american"])
    assert status == 0
    others.add_results(game)
    names = [f"American {i}" for i in range(4)]
    card = get_rule_set("american").card.name  # type: ignore[attr-defined]  # the card's own
    assert_italian(flat(text), "line mode american",
                   allow=[*others.allow(), *TYPED, *names, card])
    assert "Primo Charleston, passa 3 tessere a destra" in text
    assert "I jolly non si possono passare (000 Parte prima 06)." in text
    assert "Le tue tessere per numero:" in text
    assert "Secondo Charleston? Si gioca solo se tutti e quattro" in text or \
        "Hai votato" in text or "ha votato per fermarsi" in text
    assert "Passaggio di cortesia (000 Parte prima 06): quante tessere vuoi scambiare" in text
    assert "Il Charleston è finito." in text
    assert "Regole americane" in text


def test_line_mode_errors_and_prompts_in_italian() -> None:
    """Issue 23 item 1: the errors shown to the player and the quit question."""
    from mahjong_table.engine import Game
    from mahjong_table.tui.line import HumanPlayer, describe_action

    rules = get_rule_set("hongkong", rounds=1)
    game = Game.from_position("\n".join([
        "hongkong rounds=1", "round E; hand 0; dealer 0", "0: 123m456p789s1122z 3z",
        "1: ?", "2: ?", "3: ?", "turn 0 drew 3z"]), 1)
    with use_language("it"):
        view = game.view(0)
        out = io.StringIO()
        human = HumanPlayer(io.StringIO("99\n5p5p\n1j\nq\nn\n1\n"), out,
                            tile_set=rules.tile_set, rules=rules)
        human.choose(view)
        text = out.getvalue()
        labels = [describe_action(a) for a in view.legal_actions]
    assert "Non c'è l'opzione 99: scegli un numero da 1 a" in text
    assert "Scrivi una sola tessera da scartare, per es. 5p, non 2." in text
    assert "1j (Jolly) non è una tessera delle regole Hong Kong" in text
    assert "Uscire dalla partita? (s/n): " in text
    assert_italian(flat(text), "line mode errors", allow=[
        *(" ".join(x.split()) for x in human._hand_lines(view)[-1:]),
        *(f"Player {i}" for i in range(4))])  # the position's players' names (data)
    assert all(lab.startswith(("Scarta", "Kong", "Mahjong!")) for lab in labels), labels


# ----- help, argparse's own words, simulate, arena, replay ----------------------------------

def _help_allow(text: str) -> list[str]:
    """Flags, metavars, choices, paths and identifiers of a help text (not prose)."""
    found = set(re.findall(r"--?[A-Za-z][\w-]*(?:[ =][A-Z][A-Z_|=]*)?", text))
    found |= set(re.findall(r"\{[^}]*\}", text))
    found |= set(re.findall(r"docs/\S+", text))
    found |= set(re.findall(r"'mahjong-[^']*'", flat(text)))  # pip extras, maybe wrapped
    found |= {flat(options_help()), "mahjong-table", "TEXT|FILE", "py:MODULE:CLASS",
              "cmd:COMMAND", "botzone:COMMAND", "'practice'", "card=FILE", "en|it",
              *BOTS, "american bots", "efficiency bots", "'Positions'", "LANG=C.UTF-8",
              "yes/no, true/false", "yes, no, 1, 0", "spenta in partenza: undo",
              *(f"mahjong-table {c}" for c in ("play", "simulate", "arena", "replay",
                                              "export-dataset")),
              "play, simulate --record", "simulate --record", "da play o simulate",
              "scritta da play", "RECORDS"}
    return sorted(found, key=len, reverse=True)


@pytest.mark.parametrize("command", ["play", "simulate", "arena", "replay", "export-dataset",
                                     None])
def test_help_in_italian(command: str | None, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23 item 3: ``mahjong-table --lang it COMMAND --help`` is Italian, argparse's own
    words ("usage:", "options", "show this help message and exit") included."""
    argv = ["--lang", "it", *([command] if command else []), "--help"]
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("uso: mahjong-table")
    assert "opzioni:" in text and "mostra questo aiuto ed esci" in text
    if command is None:
        assert "Gioca, calcola i punti, simula e analizza il mahjong." in flat(text)
        # the sub-commands other helpers word (score, analyze, card, learn, serve) and the
        # rule sets' titles are theirs: only this part's lines are checked
        mine: list[str] = []
        theirs = False
        for line in text.split("\n\n", 1)[1].splitlines():  # after the usage
            command = re.match(r"\s{4}(\S+)", line)
            if command and not line.startswith(" " * 10):
                theirs = command.group(1) in ("score", "analyze", "card", "learn", "serve")
            if not theirs:
                mine.append(line)
        assert_italian(flat("\n".join(mine)), "top-level help",
                       allow=[*_help_allow(text), "COMMAND", "export-dataset", "play",
                              "simulate", "replay", "arena"])
        return
    assert_italian(flat(text), f"{command} --help", allow=_help_allow(text))
    if command == "play":
        assert "gioca la partita fino in fondo" in flat(text)
        assert "il tuo numero di giocatore 0-3" in flat(text)


def test_argparse_errors_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23 item 3: argparse's error messages come through the catalogue in Italian and
    stay argparse's own words in English (byte for byte)."""
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "it", "play", "--rules", "xx"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "mahjong-table play: errore: argomento --rules: scelta non valida: 'xx' " \
           "(scegli fra 'american', 'chinese', 'hongkong')" in err
    assert err.startswith("uso: mahjong-table play")
    with pytest.raises(SystemExit):
        main(["--lang", "it", "play", "--pace", "x"])
    err = capsys.readouterr().err
    assert "'x' non è un numero di secondi: dai 0 o più, per es. 0.5" in err
    with pytest.raises(SystemExit):
        main(["--lang", "it", "simulate", "--games"])
    assert "argomento --games: atteso un argomento" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--rules", "xx"])
    err = capsys.readouterr().err
    assert err.startswith("usage: mahjong-table play") and \
        "error: argument --rules: invalid choice: 'xx'" in err


def test_simulate_and_arena_output_in_italian(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    """Issue 23 item 3: the tables ``simulate`` and ``arena`` print, and ``replay``'s
    verdict, in Italian (the numbers, bot kinds and rule options as data)."""
    record = tmp_path / "games.jsonl"
    assert main(["--lang", "it", "simulate", "--games", "2", "--hands", "1", "--rounds", "1",
                 "--record", str(record)]) == 0
    text = capsys.readouterr().out
    assert "partite dal seed '0'; invarianti verificati dopo ogni azione" in text
    assert re.search(r"\d+ mani: \d+ vinte, \d+ patte", text)
    assert "posto" in text and "% vinte" in text and "per mano" in text
    assert "mani al secondo" in text
    options = str(get_rule_set("hongkong", rounds=1).options)
    assert_italian(flat(text), "simulate", allow=[options, "efficiency", "hongkong"])
    assert main(["--lang", "it", "arena", "--bots", "efficiency,random", "--hands", "8",
                 "--workers", "2"]) == 0
    text = capsys.readouterr().out
    assert "intervalli di confidenza al 95% sui muri (gioco duplicato)" in text
    assert "tempo per decisione:" in text and "punti/mano" in text
    assert "s su 2 processi locali, " in text
    assert_italian(flat(text), "arena", allow=[str(get_rule_set("hongkong").options),
                                               "efficiency", "random", "hongkong"])
    assert main(["--lang", "it", "replay", str(record)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("ok: 2 partite, ") and "punteggi finali dell'ultima partita" in text
    assert_italian(text, "replay")
    # English stays English
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    # a file of several games: the scores printed are the last game's, and it says so
    assert out.startswith("ok: 2 games, ") and "final scores of the last game [" in out


# ----- the full-screen table -----------------------------------------------------------------

textual = pytest.importorskip("textual")


@pytest.fixture()
def table_helpers() -> Iterator[Any]:
    import tests.test_tui as helpers

    yield helpers


def _table_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every text the table puts in its parts (status, seats, centre, log, hand,
    prompt, keys) and its dialogs (title, lines, keys), unwrapped (a spy: the real methods
    run)."""
    from mahjong_table.tui import app as app_module
    from mahjong_table.tui.app import TextScreen

    texts: list[str] = []
    real_set = app_module._TableBase._set
    real_init = TextScreen.__init__

    real_draw = app_module._TableBase.draw_table

    def set_spy(self: Any, widget_id: str, content: Any) -> None:
        if widget_id != "log":  # wrapped to the panel: its lines are taken from draw_table
            texts.append(getattr(content, "plain", str(content)))
        real_set(self, widget_id, content)

    def draw_spy(self: Any, view: Any, log: Any, **kwargs: Any) -> None:
        texts.extend(str(line) for line in log)
        real_draw(self, view, log, **kwargs)

    def init_spy(self: Any, title: str, lines: Any, keys: str | None = None,
                 answers: Any = ()) -> None:
        real_init(self, title, lines, keys, answers)
        texts.extend([title, *lines, self._keys])

    monkeypatch.setattr(app_module._TableBase, "_set", set_spy)
    monkeypatch.setattr(app_module._TableBase, "draw_table", draw_spy)
    monkeypatch.setattr(TextScreen, "__init__", init_spy)
    return texts


def _table_screens(helpers: Any, session: Any, monkeypatch: pytest.MonkeyPatch,
                   *, extra_keys: tuple[str, ...] = ("h", "l", "?", "q")
                   ) -> tuple[list[str], list[str], Any]:
    """Play ``session`` to its end at the Italian table, with the hint, the history, the
    keys' help and the quit dialog opened at the first decision. Returns every screen shown
    (80x24, as the terminal shows it), every text the table put in its parts and dialogs
    (unwrapped: what :func:`assert_italian` reads, as the dialogs overlay the table), and the
    app."""
    from mahjong_table.tui.app import TableApp, TextScreen, screen_text

    texts = _table_texts(monkeypatch)
    app = TableApp(session, pace=0, card=getattr(session.setup.rules, "card", None))
    screens: list[str] = []

    async def body(pilot: Any) -> None:
        for _i in range(400):
            if session.human_to_act() and not isinstance(app.screen, TextScreen):
                break
            await pilot.pause()
        screens.append(screen_text(app))
        for key in extra_keys:
            await pilot.press(key)
            await pilot.pause()
            screens.append(screen_text(app))
            await pilot.press("escape")
            await pilot.pause()
        await helpers.play_on(pilot, app, screens=screens)

    with use_language("it"):
        helpers.run_app(app, body)
    return screens, texts, app


@pytest.mark.parametrize("rules", ["hongkong", "chinese", "american"])
def test_full_screen_table_in_italian(rules: str, table_helpers: Any,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23 item 2: the full-screen table in Italian in every phase a hand of the rule
    set has (American: the Charleston, the vote, the courtesy ask and pass; claims; turns),
    the hint, the history, the keys' help, the end of the hand and the end of the game; every
    screen fits 80x24."""
    from mahjong_table.tui.session import TableSession, TableSetup

    others = Others(monkeypatch)
    if rules == "american":
        session = TableSession(TableSetup(get_rule_set("american", hands=1), "8", 0,
                                          ("american",) * 3))
        names = [f"American {i}" for i in range(4)]
    else:
        session = table_helpers._session(rules, seed="4")
        names = [f"Random {i}" for i in range(4)]
    screens, texts, _app = _table_screens(table_helpers, session, monkeypatch)
    assert session.game.is_over
    others.add_results(session.game)
    for text in screens:
        lines = text.splitlines()
        assert len(lines) == 24 and all(len(x) <= 80 for x in lines)
    joined = "\n".join(screens)
    assert "Esci dalla partita" in joined and "Invio: salva ed esci" in joined
    assert_italian(flat("\n".join(texts)), f"table {rules}",
                   allow=[*others.allow(), *names, *TYPED, "Esc/p"])
    first = screens[0]
    if rules == "american":
        assert "Americano · Mano 1" in first.splitlines()[0]
        assert "Primo Charleston, passa 3 tessere a destra" in flat(joined)
        assert "segnane 3 con Spazio" in flat(joined)
    else:
        assert re.search(r"giro di Est · Mano 1 · mazziere", first.splitlines()[0])
        assert "La reclami?" in flat(joined) and "Passo" in joined
    assert "Tocca a te" in flat(joined)
    assert "Fine della mano" in joined and "Partita finita" in joined
    assert "Tasti" in joined and "Questa mano finora" in joined
    assert "Invio scarta" in joined or "Invio passa" in joined


def test_replay_viewer_in_italian(table_helpers: Any, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23 item 2: the replay viewer (``replay --show``) in Italian."""
    from mahjong_table.tui.app import ReplayApp, screen_text

    record = tmp_path / "g.jsonl"
    assert main(["simulate", "--games", "1", "--hands", "1", "--rounds", "1",
                 "--record", str(record)]) == 0
    others = Others(monkeypatch)
    texts = _table_texts(monkeypatch)
    app = ReplayApp(record)
    seen: list[str] = []

    async def body(pilot: Any) -> None:
        seen.append(screen_text(app))
        for key in ("right", "right", "o", "end"):
            await pilot.press(key)
            await pilot.pause()
            seen.append(screen_text(app))

    with use_language("it"):
        table_helpers.run_app(app, body)
    joined = "\n".join(seen)
    assert "Replay: azione 0/" in joined and "mano 1 di 1" in joined
    assert "tutte le mani scoperte" in joined
    others.add_results(app.game)
    assert_italian(flat("\n".join(texts)), "replay viewer", allow=[
        *others.allow(), *TYPED, *(f"efficiency ({i})" for i in range(4)),
        *(f"{k} ({i})" for k in BOTS for i in range(4))])


def test_english_table_unchanged(table_helpers: Any) -> None:
    """Issue 23: in English the table says what it always said (the catalogue gives every
    message back)."""
    from mahjong_table.tui.app import TableApp, screen_text

    app = TableApp(table_helpers._session(seed="4"), pace=0)
    got: list[str] = []

    async def body(pilot: Any) -> None:
        got.append(screen_text(app))

    table_helpers.run_app(app, body)
    assert "Hong Kong · East round · Hand 1 · dealer" in got[0]
    assert not english_words("Regole") and "Invio" not in got[0]
    assert ActionKind.DISCARD.value == "discard"


def test_false_mahjong_warning_and_italian_yes() -> None:
    """Issue 23 item 1 (004 s07, the penalised false Mahjong): the warning is Italian and
    the Italian "s"/"sì" answer yes, as "y" still does; English keeps "y"/"yes" only."""
    from mahjong_table.tui.line import HumanPlayer

    with use_language("it"):
        for answer, expected in (("s", True), ("sì", True), ("y", True), ("n", False)):
            out = io.StringIO()
            human = HumanPlayer(io.StringIO(answer + "\n"), out, allow_false_mahjong=True)
            assert human._confirm_false_mahjong() is expected
            assert "Un falso Mahjong chiude la mano e costa 64" in out.getvalue()
            assert_italian(out.getvalue(), "false Mahjong warning")
    out = io.StringIO()
    human = HumanPlayer(io.StringIO("s\n"), out, allow_false_mahjong=True)
    assert human._confirm_false_mahjong() is False
    assert out.getvalue().startswith("Your hand does not win. A false Mahjong ends the hand")
