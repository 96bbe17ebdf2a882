"""``python -m mahjong_table.tui.snapshot [DIR]``: the table at 80x24, kept in ``docs/``
(``tui-80x24.svg``, Textual's own SVG export, and ``tui-80x24.txt``, the same screen as
text). A Hong Kong game, seed 4, three random bots, stopped at the person's turn after
forty events."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from ..engine import ActionKind
from ..rules import get_rule_set
from .app import TableApp, TextScreen, screen_text
from .session import TableSession, TableSetup

__all__ = ["snapshot"]


async def _take(app: TableApp) -> tuple[str, str]:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        s = app.session
        for _ in range(500):
            view = s.game.view(s.seat)
            if (len(s.game.events) > 40 and s.human_to_act()
                    and any(a.kind is ActionKind.DISCARD for a in view.legal_actions)):
                break
            if isinstance(app.screen, TextScreen):
                await pilot.press("enter")
            elif s.human_to_act():
                await pilot.press("enter" if any(a.kind is ActionKind.DISCARD
                                                 for a in view.legal_actions) else "1")
            else:
                await pilot.pause()
        await pilot.pause()
        return app.export_screenshot(title="mahjong-table play (80x24)"), screen_text(app)


def snapshot(directory: str | Path = "docs") -> tuple[Path, Path]:
    """Write ``tui-80x24.svg`` and ``tui-80x24.txt`` into ``directory``; returns the paths."""
    session = TableSession(TableSetup(get_rule_set("hongkong", rounds=1), "4", 0,
                                      ("random", "random", "random"), max_hands=1))
    svg, text = asyncio.run(_take(TableApp(session, pace=0)))
    out = Path(directory)
    svg_path, txt_path = out / "tui-80x24.svg", out / "tui-80x24.txt"
    svg_path.write_text(svg, encoding="utf-8")
    txt_path.write_text(text, encoding="utf-8")
    return svg_path, txt_path


if __name__ == "__main__":
    for p in snapshot(sys.argv[1] if len(sys.argv) > 1 else "docs"):
        print(p)
