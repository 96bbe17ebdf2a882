"""``mahjong-table simulate``: bots only, many games, with results and hands per second.

Without ``--bots`` the four bots are the rule set's best (``players.default_bot``): american
bots for American play, efficiency bots otherwise. ``--rounds``, ``--hands`` and ``--card``
mean what they mean for ``play`` (:func:`~mahjong_table.commands.play.rules_from_args`).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from typing import Any

from ..engine import Game
from ..players import BOTS, default_bot, make_bot, play_game
from ..record import write_record
from ..rules import RULE_SETS, RuleSetError
from ._options import add_option_argument, check_writable
from .play import add_length_arguments, rules_from_args

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "simulate", help="bots play many games; prints results and hands per second",
        description="Bots play N games from a seed. Every game is reproducible from the seed.")
    p.add_argument("--rules", choices=sorted(RULE_SETS), default="hongkong")
    p.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    p.add_argument("--seed", default="0", help="seed of the first game (default 0)")
    add_length_arguments(p, "stop each game after N hands (default: play it out); an "
                            "American game is N hands (default 4: each player deals once)")
    p.add_argument("--bots", default=None,
                   help=f"four bot kinds, comma separated, from: {', '.join(BOTS)} (default: "
                        f"four american bots for --rules american, otherwise four "
                        f"efficiency bots)")
    add_option_argument(p)
    p.add_argument("--no-invariants", action="store_true",
                   help="skip the invariant checks after every action (faster)")
    p.add_argument("--record", metavar="FILE",
                   help="write the record of every game to FILE (JSON lines, one game's "
                        "record after another; `replay FILE` checks them all)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        rules, max_hands = rules_from_args(args)
        if args.bots is None:
            kinds = [default_bot(rules)] * 4
        else:
            kinds = [k.strip() for k in args.bots.split(",")]
        if len(kinds) != 4:
            raise ValueError(f"--bots needs four bot kinds, got {len(kinds)}")
        for k in kinds:
            if k not in BOTS:
                raise ValueError(f"unknown bot {k!r}; known: {', '.join(BOTS)}")
            make_bot(k, 0, rules=rules)  # a bot that cannot play these rules says so now
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        if args.record:
            check_writable(args.record)
    except (RuleSetError, ValueError) as exc:
        print(f"mahjong-table simulate: {exc}", file=sys.stderr)
        return 2
    base_seed = args.seed
    totals = [0, 0, 0, 0]
    wins = [0, 0, 0, 0]
    firsts = [0, 0, 0, 0]
    hands = draws = false_mj = 0
    with contextlib.ExitStack() as stack:
        record = (stack.enter_context(open(args.record, "w", encoding="utf-8"))
                  if args.record else None)
        start = time.perf_counter()
        for g in range(args.games):
            seed = f"{base_seed}" if args.games == 1 else f"{base_seed}/{g}"
            names = [f"{k} ({i})" for i, k in enumerate(kinds)]
            game = Game(rules, seed, max_hands=max_hands,
                        check_invariants=not args.no_invariants, names=names)
            bots = [make_bot(k, f"{seed}/{i}", names[i], rules=rules)
                    for i, k in enumerate(kinds)]
            play_game(game, bots)
            for i in range(4):
                totals[i] += game.scores[i]
            top = max(game.scores)
            for i in range(4):
                firsts[i] += game.scores[i] == top  # a tie for first is shared
            for r in game.results:
                hands += 1
                if r.reason == "mahjong" and r.winner is not None:
                    wins[r.winner] += 1
                elif r.reason == "draw":
                    draws += 1
                else:
                    false_mj += 1
            if record is not None:
                write_record(game, record)
    elapsed = time.perf_counter() - start
    print(f"rules {rules.name} {rules.options}; {args.games} game(s) from seed {base_seed!r}; "
          f"invariants {'off' if args.no_invariants else 'checked after every action'}")
    print(f"{hands} hands: {hands - draws - false_mj} won, {draws} drawn"
          + (f", {false_mj} false Mahjong" if false_mj else ""))
    print(f"{'seat':<5}{'bot':<14}{'wins':>7}{'win %':>8}{'points':>10}{'per hand':>10}"
          f"{'1st':>6}")
    for i, k in enumerate(kinds):
        print(f"{i:<5}{k:<14}{wins[i]:>7}{100 * wins[i] / max(hands, 1):>7.1f}%"
              f"{totals[i]:>10}{totals[i] / max(hands, 1):>10.2f}{firsts[i]:>6}")
    print(f"{elapsed:.2f} s, {hands / elapsed:.1f} hands per second")
    return 0
