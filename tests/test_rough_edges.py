"""The rough edges a new user hit (issue 11, item 6), each fixed as a kind of bug."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import mahjong_table
from mahjong_table.cli import build_parser, main
from mahjong_table.commands._options import coerce_options, options_help, parse_options
from mahjong_table.engine import Action, ActionKind, Game
from mahjong_table.players import make_bot, play_game
from mahjong_table.record import write_record
from mahjong_table.rules import RULE_SETS, get_rule_set
from mahjong_table.tiles import TILES, Tile, parse_tiles
from mahjong_table.tui.line import HumanPlayer, read_tile_text

ROOT = Path(__file__).resolve().parent.parent


# ----- encoding: score and analyze print on any terminal ------------------------------------

def _run_cp1252(*argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="cp1252")
    return subprocess.run([sys.executable, "-m", "mahjong_table.cli", *argv], env=env,
                          capture_output=True, text=True, encoding="cp1252", timeout=120)


def test_score_and_analyze_fall_back_to_text_when_glyphs_cannot_print() -> None:
    """PYTHONIOENCODING=cp1252 has no tile glyphs: the output falls back to mpsz text and
    the exit status keeps its meaning (0 winning, 1 not winning; shared/NOTATION.md)."""
    win = _run_cp1252("score", "234s567p777z111z88m", "--win-tile", "1z")
    assert win.returncode == 0, win.stderr
    assert "UnicodeEncodeError" not in win.stderr and "Total:" in win.stdout
    assert "2s3s4s 5p6p7p 7z7z7z" in win.stdout  # the glyph line, as text
    lose = _run_cp1252("score", "123m456p789s1234z")
    assert lose.returncode == 1, lose.stderr
    assert "Not a winning hand" in lose.stdout and "Traceback" not in lose.stderr
    an = _run_cp1252("analyze", "123m456p789s1123z")
    assert an.returncode == 0 and "Shanten 1" in an.stdout and "Traceback" not in an.stderr


# ----- malformed records: "malformed record: line N, field F: ...", exit 2 -----------------

def _record(tmp_path: Path) -> list[dict[str, object]]:
    game = Game(get_rule_set("hongkong", rounds=1), "rough", max_hands=1)
    play_game(game, [make_bot("random", f"r/{p}") for p in range(4)])
    buf = io.StringIO()
    write_record(game, buf)
    return [json.loads(line) for line in buf.getvalue().splitlines()]


def _first_action(rows: list[dict[str, object]]) -> int:
    return next(i for i, r in enumerate(rows) if "action" in r)


@pytest.mark.parametrize(("change", "field"), [
    (lambda a: None, "action"),
    (lambda a: {k: v for k, v in a.items() if k != "player"}, "action.player"),
    (lambda a: {**a, "tile": 5}, "action.tile"),
    (lambda a: {**a, "kind": "fly"}, "action.kind"),
    (lambda a: {**a, "player": "1"}, "action.player"),
    (lambda a: {**a, "player": True}, "action.player"),
])
def test_malformed_action_fields_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           change: object, field: str) -> None:
    rows = _record(tmp_path)
    i = _first_action(rows)
    action = dict(rows[i]["action"])  # type: ignore[call-overload]
    if field == "action.tile" and "tile" not in action:
        i = next(j for j, r in enumerate(rows) if "action" in r
                 and "tile" in r["action"])  # type: ignore[operator]
        action = dict(rows[i]["action"])  # type: ignore[call-overload]
    rows[i] = {"action": change(action)}  # type: ignore[operator]
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"malformed record: line {i + 1}, field {field}:" in err, err


def test_malformed_header_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = _record(tmp_path)
    rows[0]["options"] = None
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert main(["replay", str(path)]) == 2
    assert "malformed record: line 1, field options:" in capsys.readouterr().err


# ----- help from what the code has ------------------------------------------------------------

def test_help_names_only_what_exists() -> None:
    """The options listed in --option's help are the rule sets' declared options; the
    top-level description names the rule sets the code has."""
    declared = {o.name for n in RULE_SETS for o in get_rule_set(n).options_spec}
    listed = set(re.findall(r"(\w+)=", options_help()))
    assert listed == declared
    description = build_parser().description or ""
    for name in RULE_SETS:
        assert get_rule_set(name).title in description and f"--rules {name}" in description


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.startswith(f"mahjong-table {mahjong_table.__version__}")


# ----- option spelling ------------------------------------------------------------------------

@pytest.mark.parametrize("word", ["false", "no", "0", "off", "False", "NO"])
def test_yes_no_options_read_alike_false(word: str) -> None:
    got = coerce_options("chinese", parse_options([f"bonus_tiles={word}"]))
    assert got == {"bonus_tiles": False}
    assert get_rule_set("chinese", **got).tile_set.size == 136


@pytest.mark.parametrize("word", ["true", "yes", "1", "on"])
def test_yes_no_options_read_alike_true(word: str) -> None:
    assert coerce_options("chinese", parse_options([f"seven_pairs={word}"])) == \
        {"seven_pairs": True}


def test_bad_option_value_is_shown_as_the_command_line_writes_it() -> None:
    with pytest.raises(ValueError, match=r"bonus_tiles=maybe .* choose from true, false"):
        coerce_options("chinese", parse_options(["bonus_tiles=maybe"]))


def test_conflicting_rounds_reported(capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["play", "--rounds", "1", "--option", "rounds=2",
                                      "--bots", "random,random,random"])
    assert args.func(args, input=io.StringIO(""), output=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "--rounds" in err and "rounds=2" in err and "disagree" in err


def test_simulate_reads_yes_no_alike(capsys: pytest.CaptureFixture[str]) -> None:
    for word in ("false", "0"):
        assert main(["simulate", "--rules", "chinese", "--games", "1", "--hands", "1",
                     "--seed", "1", "--option", f"bonus_tiles={word}"]) == 0
    capsys.readouterr()


# ----- one tile parser everywhere -------------------------------------------------------------

def test_score_and_analyze_accept_glyphs(capsys: pytest.CaptureFixture[str]) -> None:
    mpsz = "234s567p777z111z88m"
    glyphs = "".join(t.glyph for t in parse_tiles(mpsz))
    assert main(["score", mpsz, "--win-tile", "1z", "--json"]) == 0
    a = json.loads(capsys.readouterr().out)
    assert main(["score", glyphs, "--win-tile", TILES[27].glyph, "--json"]) == 0
    b = json.loads(capsys.readouterr().out)
    assert a == b
    assert main(["analyze", "".join(t.glyph for t in parse_tiles("123m456p789s1123z")),
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["shanten"] == 1
    assert read_tile_text("5P 7Z") == "5p 7z"  # the play prompt folds the case
    # the notation itself is case-sensitive (shared/NOTATION.md): score and analyze refuse
    # an upper-case suit letter, naming it (exit 2), as the shared contract's tests expect
    assert main(["score", "123M456p789s111z22z", "--win-tile", "2z"]) == 2
    assert "123M" in capsys.readouterr().err
    assert main(["analyze", "123m456P789s1123z"]) == 2
    capsys.readouterr()


def _turn_view() -> tuple[Game, HumanPlayer]:
    game = Game(get_rule_set("hongkong", rounds=1), "parse")
    while game.to_act()[0] != 0 or not any(
            a.kind is ActionKind.DISCARD for a in game.legal_actions(0)):
        p = game.to_act()[0]
        game.apply(game.legal_actions(p)[-1])
    human = HumanPlayer(io.StringIO(""), io.StringIO(), seat=0,
                        tile_set=game.rules.tile_set)
    return game, human


def test_uppercase_suit_letters_at_the_play_prompt() -> None:
    game, human = _turn_view()
    view = game.view(0)
    human._view = view
    t = view.concealed[0]
    got = human._parse_choice(str(t).upper(), list(view.legal_actions))
    assert isinstance(got, Action) and got.kind is ActionKind.DISCARD and got.tile == t


def test_joker_in_hong_kong_is_not_a_tile_of_the_rule_set() -> None:
    game, human = _turn_view()
    view = game.view(0)
    human._view = view
    got = human._parse_choice("1j", list(view.legal_actions))
    assert isinstance(got, str)
    assert "not a tile of the Hong Kong rule set" in got and "no Joker" not in got


# ----- summaries and analysis -----------------------------------------------------------------

def test_self_drawn_summary_names_the_winning_tile() -> None:
    out = io.StringIO()
    human = HumanPlayer(io.StringIO(""), out, seat=0)
    human.notify([
        {"type": "declare_mahjong", "player": 0, "self_drawn": True},
        {"type": "hand_end", "player": 0, "win_tile": "5p", "revealed_hand": "",
         "result": {"hand_number": 0, "reason": "mahjong", "winner": 0, "discarder": None,
                    "payments": [48, -16, -16, -16], "score": None},
         "scores": [48, -16, -16, -16]},
    ])
    text = out.getvalue()
    assert "self-drawn on 5 Circles (5p)" in text
    assert "Winning tile: 5 Circles (5p)" in text


def test_analyze_seen_leaves_out_tiles_with_none_left(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m456p789s1123z", "--seen", "1z1z"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("Useful draws"))
    assert "1z(0)" not in line and "2z(3)" in line and "none left not shown" in line


# ----- the package's API --------------------------------------------------------------------

def test_top_level_exports_and_import_paths_documented() -> None:
    for name in ("Game", "Action", "ActionKind", "get_rule_set", "IllegalActionError",
                 "play_game"):
        assert name in mahjong_table.__all__ and getattr(mahjong_table, name) is not None
    assert mahjong_table.Game is Game and mahjong_table.play_game is play_game
    arch = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert "from mahjong_table import Game, Action, ActionKind" in arch


def test_action_rejects_a_wrong_kind_or_tile_type() -> None:
    with pytest.raises(TypeError, match="ActionKind"):
        Action("discard", 0, Tile.parse("5p"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Tile"):
        Action(ActionKind.DISCARD, 0, "5p")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Tile"):
        Action(ActionKind.DISCARD, 0, 13)  # type: ignore[arg-type]
    assert Action(ActionKind.DISCARD, 0, Tile.parse("5p")).tile == Tile.parse("5p")


def test_resume_refuses_the_flags_that_set_a_new_game_up(tmp_path: Path) -> None:
    """A resumed game plays on with its saved rules, options, seed and bots; --rules, --seed
    and the rest given with --resume were silently ignored (a new user's report): now they
    are refused, named, and nothing starts."""
    path = tmp_path / "saved.jsonl"
    path.write_text("")
    args = build_parser().parse_args(["play", "--plain", "--resume", str(path), "--rules",
                                      "chinese", "--seed", "9", "--option", "rounds=1"])
    err = io.StringIO()
    old = sys.stderr
    sys.stderr = err
    try:
        assert args.func(args, input=io.StringIO(""), output=io.StringIO()) == 2
    finally:
        sys.stderr = old
    assert "leave out --rules, --seed, --option" in err.getvalue()


def test_score_refuses_two_different_scoring_scales(capsys: pytest.CaptureFixture[str]) -> None:
    """``--scoring simple`` with ``--option scoring=mcr`` contradicts itself: refused with
    both named (it used to take one silently); the same scale twice is fine."""
    hand = ["score", "--rules", "chinese", "123m456p789s123m11z", "--win-tile", "1z"]
    assert main([*hand, "--option", "scoring=mcr", "--scoring", "simple"]) == 2
    err = capsys.readouterr().err
    assert "--scoring simple contradicts --option scoring=mcr" in err
    assert main([*hand, "--option", "scoring=simple", "--scoring", "simple"]) == 0
    capsys.readouterr()
    assert main(["score", "123m456p789s123m11z", "--win-tile", "1z", "--scoring", "mcr"]) == 2
    assert "--scoring is for --rules chinese only" in capsys.readouterr().err


def test_analyze_takes_the_scoring_scale_as_score_does(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """``analyze --scoring mcr`` (a new user's report: only ``--option scoring=mcr`` worked)
    counts MCR's special forms, here honours and knitted tiles; other rule sets and a
    contradicting ``--option`` are refused by name."""
    hand = "147m258p369s12345z"
    assert main(["analyze", "--rules", "chinese", "--scoring", "mcr", hand]) == 0
    assert "honours and knitted tiles -1" in capsys.readouterr().out
    assert main(["analyze", "--rules", "chinese", hand]) == 0
    assert "knitted" not in capsys.readouterr().out
    assert main(["analyze", "--rules", "american", "--scoring", "mcr", hand]) == 2
    assert "--scoring is for --rules chinese only" in capsys.readouterr().err
    assert main(["analyze", "--rules", "chinese", "--scoring", "mcr", "--option",
                 "scoring=simple", hand]) == 2
    assert "contradicts --option scoring=simple" in capsys.readouterr().err
