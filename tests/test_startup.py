"""Start-up (issue 25, item 4): ``mahjong-table --version`` and a ``score`` call import only
what they use. Checked by the modules a fresh interpreter has loaded, not by time (the time
is ``make bench``'s, section startup)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

#: modules that neither --version nor a Hong Kong score needs: the engine, the shanten
#: tables, the bots and the terminal table, the other rule sets, every other command
HEAVY = (
    "mahjong_table.engine.game",
    "mahjong_table.analysis._distance",
    "mahjong_table.analysis.shanten",
    "mahjong_table.players",
    "mahjong_table.tui.line",
    "mahjong_table.rules.american.card",
    "mahjong_table.rules.mcr_scoring",
    "mahjong_table.commands.play",
    "mahjong_table.commands.simulate",
    "mahjong_table.scale",
    "textual",
)


def test_version_imports_no_engine_nor_commands() -> None:
    status, modules, out = imported_by(["--version"])
    assert status == 0 and out.startswith("mahjong-table ")
    assert not [m for m in modules if m in HEAVY or m.startswith("mahjong_table.commands.")]
    assert "mahjong_table.rules" not in modules


def test_hong_kong_score_imports_only_the_scorer() -> None:
    status, modules, out = imported_by(
        ["score", "--rules", "hongkong", "234s567p777z111z88m", "--win-tile", "1z",
         "--seat-wind", "S", "--discarder", "W", "--json"])
    assert status == 0 and json.loads(out)["fan"] == 3
    assert "mahjong_table.rules.hongkong_scoring" in modules
    assert not [m for m in modules if m in HEAVY]
    assert [m for m in modules if m.startswith("mahjong_table.commands.")
            and not m.startswith("mahjong_table.commands._")] == ["mahjong_table.commands.score"]


def test_help_still_lists_every_command_and_rule_set_option() -> None:
    """The laziness must not thin the help: the top-level help names every sub-command and
    rule set, and a sub-command's ``--option`` help lists every rule set's options."""
    from mahjong_table.cli import COMMANDS

    _, _, top = imported_by(["--help"])
    for name in COMMANDS:  # a module export_dataset is the command export-dataset
        assert name.replace("_", "-") in top
    assert "--rules hongkong" in top and "--rules american" in top
    _, _, sub = imported_by(["score", "--help"])
    assert "hongkong: rounds=" in sub.replace("\n", " ").replace("  ", " ") or "rounds=" in sub
    assert "american:" in sub and "chinese:" in sub


def imported_by(args: list[str], after: str = "") -> tuple[int, list[str], str]:
    """Run ``mahjong-table ARGS`` in a fresh interpreter: its exit status, the modules the
    command imported (those the interpreter had at start left out: a ``.pth`` file or a
    ``sitecustomize`` may import some anywhere), and its output followed by what the Python
    lines ``after`` print."""
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import contextlib, io, json\n"
        "from mahjong_table.cli import main\n"
        "out = io.StringIO()\n"
        "status = 0\n"
        "with contextlib.redirect_stdout(out):\n"
        "    try:\n"
        f"        status = main({args!r})\n"
        "    except SystemExit as exc:\n"
        "        status = exc.code or 0\n"
        f"    {after or 'pass'}\n"
        "print(json.dumps([status, sorted(set(sys.modules) - before), out.getvalue()]))\n"
    )
    env = dict(os.environ)
    if "MAHJONG_TABLE_EXPECT_BUILD" not in env:
        env["PYTHONPATH"] = str(SRC)
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    status, modules, out = json.loads(proc.stdout.strip().splitlines()[-1])
    return status, modules, out


AMERICAN_SCORE = ["score", "--rules", "american", "22m6m5z 666p 666s 444z1j", "--self-drawn",
                  "--json"]

#: what an American score has no use for: besides HEAVY (less the card, which it reads),
#: the other rule sets, the American advice and reference checker, and the standard
#: library's file-system and resource layers (the practice card is one file read with open)
NOT_FOR_AMERICAN = (
    *(m for m in HEAVY if m != "mahjong_table.rules.american.card"),
    "mahjong_table.rules.hongkong",
    "mahjong_table.rules.hongkong_scoring",
    "mahjong_table.rules.chinese",
    "mahjong_table.rules.american.advice",
    "mahjong_table.rules.american.reference",
    "mahjong_table.rules.american.samples",
    "mahjong_table.analysis.hand",
    "pathlib",
    "importlib.resources",
    "importlib.readers",
    "zipfile",
    "tempfile",
    "threading",
)


def test_issue_25_american_score_imports_only_what_it_uses() -> None:
    """Issue 25, item 4: a cold American ``score`` (at most 0.15 s, ``make bench``) imports
    the card, the matcher and the American scoring, and nothing it does not use."""
    status, modules, out = imported_by(AMERICAN_SCORE)
    assert status == 0
    result = json.loads(out)
    assert result["points"] == 25 and result["line"]["pattern"] == "2026a 666b 666c NNNN"
    for needed in ("mahjong_table.rules.american.card", "mahjong_table.rules.american.matcher",
                   "mahjong_table.rules.american.scoring"):
        assert needed in modules
    assert sorted(set(NOT_FOR_AMERICAN) & set(modules)) == []
    assert [m for m in modules if m.startswith("mahjong_table.commands.")
            and not m.startswith("mahjong_table.commands._")] == ["mahjong_table.commands.score"]


def test_issue_25_american_score_with_a_card_file_loads_only_that_card(tmp_path: Path) -> None:
    """Checking the options reads the rule set's declarations, not a rule set built with
    the default card: ``score --card FILE`` never loads the practice card."""
    from mahjong_table.rules.american.card import practice_card_text

    card = tmp_path / "mine.card"
    card.write_text(practice_card_text(), encoding="utf-8")
    status, _, out = imported_by(
        [*AMERICAN_SCORE, "--card", str(card)],
        after="from mahjong_table.rules.american.card import practice_card; "
              "print(practice_card.cache_info().currsize)")
    assert status == 0
    points, loaded = out.rsplit("}", 1)
    assert json.loads(points + "}")["points"] == 25
    assert loaded.strip() == "0"
