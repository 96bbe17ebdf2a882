"""American bots against random legal play, and the speed of ``simulate --rules american``.

:func:`compare` plays seeded American games (rule book 001 Part one; the practice card,
default options, games of four hands) until ``hands`` hands are played, for two line-ups:

- ``mixed``: american bots in seats 0 and 2, random bots in seats 1 and 3 (the two kinds
  meet at one table);
- ``american`` and ``random``: four american bots, then four random bots (each kind alone).

It reports each kind's share of the hands won (a hand has one winner or none: a wall game).
:func:`simulate_speed` runs the command itself (``mahjong_table.cli.main``) with four
american bots, its default, and reads the hands per second it prints. :func:`run` is the
section the lead wires into ``make bench`` (it checks that the american bots win clearly
more often); ``python -m bench.american_sim [--hands N] [--games N]`` runs it alone.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import sys
import time
from dataclasses import dataclass, field

from mahjong_table.cli import main as cli_main
from mahjong_table.engine import Game
from mahjong_table.players import make_bot, play_game
from mahjong_table.rules import get_rule_set

from .common import Report, heading

__all__ = ["LINE_UPS", "LineUp", "Tally", "play_line_up", "compare", "simulate_speed", "run",
           "main"]

#: the bot kind of each seat 0-3
LineUp = tuple[str, str, str, str]

#: the line-ups of :func:`compare`: name -> the bot of each seat
LINE_UPS: dict[str, LineUp] = {
    "mixed": ("american", "random", "american", "random"),
    "american": ("american", "american", "american", "american"),
    "random": ("random", "random", "random", "random"),
}


@dataclass
class Tally:
    """Hands played and won by one line-up: ``wins`` by seat, ``draws`` (wall games),
    ``seconds`` spent and ``errors`` (games the engine stopped with an exception)."""

    seats: LineUp
    hands: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    draws: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    def rate(self, kind: str) -> float:
        """The share of all hands won by a seat of ``kind`` (0.0-1.0)."""
        won = sum(w for w, k in zip(self.wins, self.seats, strict=True) if k == kind)
        return won / self.hands if self.hands else 0.0

    def per_seat(self, kind: str) -> float:
        """The share of all hands won by one seat of ``kind``, on average."""
        n = sum(1 for k in self.seats if k == kind)
        return self.rate(kind) / n if n else 0.0


def play_line_up(seats: LineUp, hands: int, seed: str = "american-sim") -> Tally:
    """Seeded games of four hands (``f"{seed}/{g}"``) until ``hands`` hands are played."""
    rules = get_rule_set("american")
    tally = Tally(seats)
    start = time.perf_counter()
    g = 0
    while tally.hands < hands:
        game_seed = f"{seed}/{g}"
        game = Game(rules, game_seed, max_hands=min(4, hands - tally.hands))
        bots = [make_bot(k, f"{game_seed}/{i}", rules=rules) for i, k in enumerate(seats)]
        try:
            play_game(game, bots)
        except Exception as exc:  # an engine fault: reported, not hidden
            tally.errors.append(f"seed {game_seed!r} hand {game.hand_progress.hand_number} "
                                f"after action {len(game.actions)}: {type(exc).__name__}: "
                                f"{exc}")
        for r in game.results:
            tally.hands += 1
            if r.reason == "mahjong" and r.winner is not None:
                tally.wins[r.winner] += 1
            elif r.reason == "draw":
                tally.draws += 1
        g += 1
    tally.seconds = time.perf_counter() - start
    return tally


def compare(hands: int = 1000, seed: str = "american-sim",
            line_ups: dict[str, LineUp] | None = None) -> dict[str, Tally]:
    """Play every line-up for ``hands`` hands and print its win rates."""
    out: dict[str, Tally] = {}
    for name, seats in (line_ups or LINE_UPS).items():
        t = play_line_up(seats, hands, seed)
        out[name] = t
        kinds = sorted(set(seats), key=seats.index)
        rates = ", ".join(f"{k} {100 * t.rate(k):.1f}% of hands ({100 * t.per_seat(k):.1f}% "
                          f"per seat)" for k in kinds)
        print(f"  {name:<9} {'/'.join(seats)}: {t.hands} hands, won: {rates}; "
              f"{t.draws} wall games; {t.hands / t.seconds:.1f} hands/s")
        for e in t.errors:
            print(f"    engine error: {e}")
    return out


def simulate_speed(games: int = 25, seed: str = "7", invariants: bool = True) -> float:
    """Hands per second of ``mahjong-table simulate --rules american --games N`` (four
    american bots, the default), as the command prints it."""
    argv = ["simulate", "--rules", "american", "--games", str(games), "--seed", seed]
    if not invariants:
        argv.append("--no-invariants")
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        status = cli_main(argv)
    text = buf.getvalue()
    m = re.search(r"([\d.]+) hands per second", text)
    if status != 0 or m is None:
        raise RuntimeError(f"simulate failed (exit {status}): {text[-500:]}")
    return float(m.group(1))


def run(report: Report, quick: bool = False, hands: int | None = None,
        games: int | None = None) -> dict[str, Tally]:
    """The American bots section of ``make bench``: the 1,000-hand comparison (100 hands with
    ``quick``) and the speed of ``simulate --rules american``."""
    n = hands if hands is not None else (100 if quick else 1000)
    heading(f"American bots against random legal bots ({n} seeded hands per line-up)")
    result = compare(n)
    mixed = result["mixed"]
    am, rnd = mixed.per_seat("american"), mixed.per_seat("random")
    report.target(am >= 0.10 and am >= 4 * rnd,
                  f"american bots win clearly more often than random bots at one table "
                  f"({100 * am:.1f}% vs {100 * rnd:.1f}% of hands per seat)")
    alone_am, alone_rnd = result["american"].rate("american"), result["random"].rate("random")
    report.target(alone_am >= 4 * max(alone_rnd, 0.01),
                  f"four american bots finish more hands with a Mahjong than four random bots "
                  f"({100 * alone_am:.1f}% vs {100 * alone_rnd:.1f}%)")
    errors = sum(len(t.errors) for t in result.values())
    report.target(errors == 0, f"the engine finishes every compared game ({errors} stopped by "
                               f"an engine error, listed above)")
    g = games if games is not None else (4 if quick else 25)
    heading(f"simulate --rules american, four american bots ({g} games of 4 hands)")
    checked = simulate_speed(g)
    unchecked = simulate_speed(g, invariants=False)
    print(f"  {checked:.1f} hands/s with invariants checked after every action (the default), "
          f"{unchecked:.1f} hands/s with --no-invariants")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.american_sim",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per line-up")
    parser.add_argument("--games", type=int, default=25,
                        help="games of simulate for the hands-per-second figure")
    args = parser.parse_args(argv)
    report = Report()
    run(report, hands=args.hands, games=args.games)
    return 1 if report.missed else 0


if __name__ == "__main__":
    sys.exit(main())
