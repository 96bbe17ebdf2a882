"""Bot levels (issue 24, issue 43): the mean time of a decision of each level's bot, in every
rule set.

Each rule set's line-up ``hard, normal, easy, normal`` plays a few duplicate walls
(:func:`mahjong_table.arena.play_walls`, the arena's own timing); the target is issue 43's
budget for the judgement at a person's table (the hard bot plays it, the advisor words it):
the hard bot's mean decision at most 50 ms (in the compiled build: ``make bench`` installs it;
the pure build is several times slower).
"""

from __future__ import annotations

from typing import Any

from mahjong_table.arena import play_walls

from .common import Report, heading

__all__ = ["run"]

#: (label, rule set, options)
_RULES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("Hong Kong", "hongkong", {}), ("Chinese simple", "chinese", {}),
    ("MCR", "chinese", {"scoring": "mcr"}), ("American", "american", {}))
#: issue 43's budget for a hard decision (the judgement), in milliseconds
LIMIT_MS = 50.0


def run(report: Report, quick: bool = False) -> None:
    heading("bot levels: mean decision time (ms)")
    walls = list(range(2 if quick else 10))
    for label, name, options in _RULES:
        out = play_walls(name, dict(options), ["hard", "normal", "easy", "normal"],
                         "bench/bots", walls, 5.0)
        line = []
        hard_ms = 0.0
        for bot in ("easy", "normal", "hard"):
            decisions = sum(w["timing"][bot][0] for w in out)
            seconds = sum(w["timing"][bot][1] for w in out)
            ms = 1000.0 * seconds / max(1, decisions)
            line.append(f"{bot} {ms:.2f}")
            if bot == "hard":
                hard_ms = ms
        print(f"  {label:15} " + ", ".join(line))
        report.target(hard_ms <= LIMIT_MS,
                      f"{label}: a hard decision takes at most {LIMIT_MS:.0f} ms on average "
                      f"({hard_ms:.2f} ms)")
