"""The soak (issue 25, item 5): many hands per rule set with the engine's invariants checked
after every action, every hundredth game's record replayed and verified; it prints the hands,
the violations (must be 0), hands per second and the seed of every game that failed.

Rule sets: Hong Kong, Chinese (simple scoring), Chinese with MCR scoring, American. Each game
is ``Game(rules, seed, max_hands=HANDS_PER_GAME, check_invariants=True)`` played by two random
legal bots (they reach the odd corners: every claim, kong and robbing window they may take)
and two efficiency bots (full hands, real wins), seated ``random, efficiency, random,
efficiency``. A *violation* is any exception while a game is played (an invariant's
``AssertionError``: a tile in two places or none, a wrong hand size, scores or payments not
summing to zero; or any other engine error), or a replayed record that does not give the same
events and scores. Game ``g`` of rule set ``R`` has the seed ``soak/R/g``, so
``mahjong-table simulate --rules ... --seed soak/R/g --games 1 --hands 4 --bots
random,efficiency,random,efficiency`` replays it (the soak's seats are the same).

Runs on every core of the machine (``scale.run_jobs``, one worker per core) or on a Ray
cluster (``--ray [ADDRESS]``), in the compiled build when one is installed (``.compiled``,
which ``make bench`` builds; ``MAHJONG_TABLE_COMPILED_DIR`` overrides it), else the pure one.

``python -m bench --only soak`` (part of ``make bench``, not of CI): one million hands per
rule set; ``--soak-hands N`` sets another number (``make bench SOAK_HANDS=N``), ``--quick``
2,000. ``python -m bench.soak --hands N [--workers W] [--ray [ADDRESS]] [--rules R ...]`` is
the child that does the work and prints one JSON line per rule set.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .common import Report, heading

__all__ = ["RULE_SETS", "play_chunk", "run", "soak"]

ROOT = Path(__file__).resolve().parents[1]
COMPILED = Path(os.environ.get("MAHJONG_TABLE_COMPILED_DIR", ROOT / ".compiled"))
#: label -> (rule-set name, options)
RULE_SETS: dict[str, tuple[str, dict[str, Any]]] = {
    "hongkong": ("hongkong", {}),
    "chinese": ("chinese", {}),
    "mcr": ("chinese", {"scoring": "mcr"}),
    "american": ("american", {}),
}
#: hands per game (a game also ends sooner if the rule set's game ends)
HANDS_PER_GAME = 4
#: the seats
LINEUP = ("random", "efficiency", "random", "efficiency")
#: every this many games, the record is written and replayed
REPLAY_EVERY = 100
#: games per job
CHUNK = 25
#: the seeds of failed games printed at most
SHOW_FAILED = 20


def play_chunk(label: str, start: int, count: int) -> dict[str, Any]:
    """Play games ``start`` .. ``start + count - 1`` of rule set ``label`` (a worker's job);
    their hands, actions, replayed records and failures (``{"seed", "problem"}``)."""
    from mahjong_table.engine import Game
    from mahjong_table.players import make_bot, play_game
    from mahjong_table.record import replay, write_record
    from mahjong_table.rules import get_rule_set

    name, options = RULE_SETS[label]
    rules = get_rule_set(name, **options)
    hands = actions = replayed = 0
    failed: list[dict[str, str]] = []
    for g in range(start, start + count):
        seed = f"soak/{label}/{g}"
        try:
            game = Game(rules, seed, max_hands=HANDS_PER_GAME, check_invariants=True,
                        names=[f"{k} ({i})" for i, k in enumerate(LINEUP)])
            bots = [make_bot(k, f"{seed}/{i}", rules=rules) for i, k in enumerate(LINEUP)]
            play_game(game, bots)
        except Exception as exc:  # every failure is a finding, reported with its seed
            failed.append({"seed": seed, "problem": f"{type(exc).__name__}: {exc}"[:300]})
            continue
        hands += len(game.results)
        actions += len(game.actions)
        if g % REPLAY_EVERY == 0:
            buf = io.StringIO()
            write_record(game, buf)
            report = replay(buf.getvalue().splitlines())
            replayed += 1
            if not report.ok:
                failed.append({"seed": seed, "problem": f"replay: {report.problem}"[:300]})
    return {"hands": hands, "actions": actions, "replayed": replayed, "failed": failed}


def soak(label: str, hands: int, workers: int, use_ray: bool = False,
         ray_address: str | None = None, first_game: int = 0) -> dict[str, Any]:
    """Play games of ``label`` until at least ``hands`` hands are expected (the games are
    planned from :data:`HANDS_PER_GAME`, then more are added until the hands are reached),
    over ``workers`` processes or Ray, numbered from ``first_game`` (so that a soak can go on
    where an earlier run stopped: a million hands in several runs, on several machines). The
    summary: rule set, build, the first game's number, games, hands, violations, failed
    seeds, replayed records, seconds, hands per second, where. Raises ``ValueError`` for a
    negative ``first_game``."""
    if first_game < 0:
        raise ValueError(f"--first-game must be 0 or more, not {first_game}")
    from mahjong_table._build import build_name
    from mahjong_table.scale import run_jobs

    done_hands = games = replayed = 0
    failed: list[dict[str, str]] = []
    seconds = 0.0
    where = "this process"
    interrupted = False
    while done_hands < hands and not interrupted:
        need = max(1, -(-(hands - done_hands) // HANDS_PER_GAME))
        jobs = [(label, first_game + games + i, min(CHUNK, need - i))
                for i in range(0, need, CHUNK)]
        start = time.perf_counter()
        result = run_jobs(play_chunk, jobs, workers=workers, use_ray=use_ray,
                          ray_address=ray_address, weights=[j[2] for j in jobs],
                          desc=f"soak {label}", unit="game")
        seconds += time.perf_counter() - start
        where = result.where
        interrupted = result.interrupted
        for i, r in sorted(result.results.items()):
            done_hands += r["hands"]
            replayed += r["replayed"]
            failed += r["failed"]
            games += jobs[i][2]
        if interrupted:
            break
    return {"rules": label, "build": build_name(), "first_game": first_game, "games": games,
            "hands": done_hands,
            "violations": len(failed), "failed": failed[:SHOW_FAILED],
            "replayed": replayed, "seconds": round(seconds, 1),
            "hands_per_second": round(done_hands / seconds, 1) if seconds else 0.0,
            "where": where, "interrupted": interrupted}


def run(report: Report, quick: bool = False, hands: int | None = None,
        ray_address: str | None = None, use_ray: bool = False) -> None:
    """The soak section of ``python -m bench``: one child process (the compiled build when
    installed) soaking every rule set in turn."""
    n = hands if hands is not None else (2_000 if quick else 1_000_000)
    workers = os.cpu_count() or 1
    compiled = (COMPILED / "mahjong_table").exists()
    heading(f"Soak: {n:,} hands per rule set, invariants after every action, every "
            f"{REPLAY_EVERY}th game replayed ({'Ray' if use_ray else f'{workers} workers'}, "
            f"{'compiled' if compiled else 'pure'} build)")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(COMPILED)] * compiled + [str(ROOT / "src"), str(ROOT)])
    cmd = [sys.executable, "-m", "bench.soak", "--hands", str(n), "--workers", str(workers)]
    if use_ray:
        cmd += ["--ray"] + ([ray_address] if ray_address else [])
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    print(f"  {'rules':<10} {'build':<10} {'games':>9} {'hands':>10} {'violations':>10} "
          f"{'replayed':>9} {'hands/s':>9}")
    for line in proc.stdout:
        s = json.loads(line)
        print(f"  {s['rules']:<10} {s['build'].split()[0]:<10} {s['games']:>9,} "
              f"{s['hands']:>10,} {s['violations']:>10} {s['replayed']:>9,} "
              f"{s['hands_per_second']:>9,.0f}"
              + ("  (interrupted)" if s["interrupted"] else ""))
        for f in s["failed"]:
            print(f"    failed: seed {f['seed']}: {f['problem']}")
        report.target(s["violations"] == 0 and s["hands"] >= n,
                      f"soak {s['rules']}: {s['hands']:,} hands, {s['violations']} "
                      f"violations (must be 0)")
    if proc.wait() != 0:
        report.target(False, f"soak: the child process failed (exit {proc.returncode})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__)
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands per rule set")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="run on Ray (a local one without ADDRESS)")
    parser.add_argument("--rules", action="append", choices=list(RULE_SETS),
                        help="only these rule sets (all by default)")
    parser.add_argument("--first-game", type=int, default=0, metavar="N",
                        help="number the games from N (seeds soak/RULES/N, ...): go on where "
                             "an earlier run of G games from 0 stopped with --first-game G")
    args = parser.parse_args(argv)
    if args.first_game < 0:
        parser.error(f"--first-game must be 0 or more, not {args.first_game}")
    for label in args.rules or list(RULE_SETS):
        s = soak(label, args.hands, args.workers, use_ray=args.ray is not None,
                 ray_address=args.ray or None, first_game=args.first_game)
        print(json.dumps(s), flush=True)
        if s["interrupted"]:
            return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
