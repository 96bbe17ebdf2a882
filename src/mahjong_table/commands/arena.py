"""``mahjong-table arena``: duplicate play between bots, with confidence intervals.

``--bots A,B[,C,D]`` names the line-up (the last name fills the seats left: ``A,B`` is A
against three B; ``cmd:COMMAND`` seats a program over the pipe protocol). ``--hands N`` hands
are played in all: N/4 walls (rounded up), each in the 4 rotations of the line-up over the
seats (:mod:`mahjong_table.arena`). The walls run in parallel over the machine's cores
(``--workers``, default all) or on a Ray cluster (``--ray [ADDRESS]``), with the same results
for the same seed. A table (or ``--json``) gives each bot's points per hand, win rate, deal-in
rate and mean fan (American: points) of its wins, with 95% confidence intervals.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Any

from ..arena import ROTATIONS, lineup_of, play_walls, summarise
from ..i18n import _, ngettext
from ..players import BOTS, check_bot_kind, make_bot
from ..rules import RULE_SETS, RuleSetError
from ..scale import run_jobs
from ._options import add_option_argument, seed_argument
from .play import add_length_arguments, rules_from_args
from .simulate import add_scale_arguments, where_text

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "arena", help=_("duplicate play between bots: the same walls in every seat rotation"),
        description=_("Bots play the same walls with the line-up rotated over the seats, so "
                      "the luck of the tiles cancels; prints per-bot results with 95% "
                      "confidence intervals."))
    p.add_argument("--rules", choices=sorted(RULE_SETS), default="hongkong")
    p.add_argument("--bots", required=True,
                   help=_("2 to 4 bots, comma separated (the last fills the seats left), "
                          "from: {bots}, cmd:COMMAND, botzone:COMMAND (MCR only) "
                          "or py:MODULE:CLASS").format(bots=', '.join(BOTS)))
    p.add_argument("--seed", type=seed_argument, default="0",
                   help=_("seed of the walls (default 0)"))
    add_length_arguments(p, _("hands to play in all (default 400): N/4 walls, each in the "
                              "4 rotations"))
    add_option_argument(p)
    p.add_argument("--paired", action="store_true",
                   help=_("with --bots A,B: play every wall also with B in every seat, and "
                          "report A minus B in the same seat of the same deal"))
    p.add_argument("--json", action="store_true", help=_("print the results as JSON"))
    add_scale_arguments(p, _("the number of cores"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        hands = 400 if args.hands is None else args.hands
        if hands < 1:
            raise ValueError(_("--hands must be at least 1"))
        args.hands = None  # the arena plays one-hand games; --hands is the total here
        rules, _limit = rules_from_args(args)
        lineup = lineup_of(args.bots.split(","))
        if args.paired and (lineup[0] == lineup[1] or len(set(lineup[1:])) != 1):
            raise ValueError(_("--paired needs --bots A,B: A against three B"))
        for k in set(lineup):
            check_bot_kind(k)
            make_bot(k, 0, rules=rules)  # a bot that cannot play these rules says so now
        workers = (os.cpu_count() or 1) if args.workers is None else args.workers
        if workers < 1:
            raise ValueError(_("--workers must be at least 1"))
    except (RuleSetError, ValueError) as exc:
        print(f"mahjong-table arena: {exc}", file=sys.stderr)
        return 2
    n_walls = math.ceil(hands / ROTATIONS)
    size = max(1, min(25, n_walls // (8 * workers)))
    chunks = [list(range(i, min(i + size, n_walls))) for i in range(0, n_walls, size)]
    jobs = [(rules.name, dict(rules.options), lineup, str(args.seed), c, args.bot_timeout,
             args.paired) for c in chunks]
    start = time.perf_counter()
    try:
        result = run_jobs(play_walls, jobs, workers=workers, use_ray=args.ray is not None,
                          ray_address=args.ray or None,
                          weights=[len(c) * (ROTATIONS + args.paired) for c in chunks],
                          desc="hands",
                          unit="hand")
    except ImportError as exc:
        print(f"mahjong-table arena: {exc}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - start
    walls = [w for chunk in result.in_order() for w in chunk]
    value_name = "points" if getattr(rules, "card", None) is not None else "fan"
    report = summarise(rules.name, dict(rules.options), str(args.seed), lineup, walls,
                       value_name)
    if args.json:
        data = report.to_json()
        data["seconds"] = round(elapsed, 3)
        data["where"] = result.where
        data["interrupted"] = result.interrupted
        print(json.dumps(data, indent=2))
    else:
        if result.interrupted:
            print(ngettext("interrupted: the results of the {n} wall(s) that finished, of "
                           "{total}",
                           "interrupted: the results of the {n} wall(s) that finished, of "
                           "{total}", len(walls))
                  .format(n=len(walls), total=n_walls))
        print(report.table())
        print(_("{seconds} s on {where}, {rate} hands per second").format(
            seconds=f"{elapsed:.1f}", where=where_text(result.where),
            rate=f"{len(walls) * ROTATIONS / max(elapsed, 1e-9):.1f}"))
    return 130 if result.interrupted else 0
