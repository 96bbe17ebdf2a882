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
    "mahjong_table.players.human",
    "mahjong_table.rules.american.card",
    "mahjong_table.rules.mcr_scoring",
    "mahjong_table.commands.play",
    "mahjong_table.commands.simulate",
    "mahjong_table.scale",
    "textual",
)


def loaded_after(args: list[str]) -> tuple[int, list[str], str]:
    """Run ``mahjong-table ARGS`` in a fresh interpreter; its exit status, the modules it
    loaded, and its output."""
    code = (
        "import sys, json, io, contextlib\n"
        "from mahjong_table.cli import main\n"
        "out = io.StringIO()\n"
        "status = 0\n"
        "with contextlib.redirect_stdout(out):\n"
        "    try:\n"
        f"        status = main({args!r})\n"
        "    except SystemExit as exc:\n"
        "        status = exc.code or 0\n"
        "print(json.dumps([status, sorted(sys.modules), out.getvalue()]))\n"
    )
    env = dict(os.environ)
    if "MAHJONG_TABLE_EXPECT_BUILD" not in env:  # the compiled suite sets its own path
        env["PYTHONPATH"] = str(SRC)
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    status, modules, out = json.loads(proc.stdout.strip().splitlines()[-1])
    return status, modules, out


def test_version_imports_no_engine_nor_commands() -> None:
    status, modules, out = loaded_after(["--version"])
    assert status == 0 and out.startswith("mahjong-table ")
    assert not [m for m in modules if m in HEAVY or m.startswith("mahjong_table.commands.")]
    assert "mahjong_table.rules" not in modules


def test_hong_kong_score_imports_only_the_scorer() -> None:
    status, modules, out = loaded_after(
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

    _, _, top = loaded_after(["--help"])
    for name in COMMANDS:  # a module export_dataset is the command export-dataset
        assert name.replace("_", "-") in top
    assert "--rules hongkong" in top and "--rules american" in top
    _, _, sub = loaded_after(["score", "--help"])
    assert "hongkong: rounds=" in sub.replace("\n", " ").replace("  ", " ") or "rounds=" in sub
    assert "american:" in sub and "chinese:" in sub
