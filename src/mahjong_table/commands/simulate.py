"""``mahjong-table simulate``: bots only, many games, with results and hands per second.

Without ``--bots`` the four bots are the rule set's best (``players.default_bot``): american
bots for American play, efficiency bots otherwise; ``cmd:COMMAND`` seats a program speaking
the pipe protocol (``docs/bot-protocol.md``). ``--rounds``, ``--hands`` and ``--card`` mean what
they mean for ``play`` (:func:`~mahjong_table.commands.play.rules_from_args`).

Game ``g`` of a run from seed ``S`` is played from the seed ``S/g`` (``S`` alone for a single
game), whatever runs it: ``--workers N`` plays the games in N local processes and ``--ray
[ADDRESS]`` as tasks on a Ray cluster (a local one without an address; the extra ``ray``), and
the results are the same for the same seed. A progress bar is shown on a terminal (quiet when
piped); Ctrl-C stops the run and prints the results of the games that finished.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import sys
import time
from typing import Any

from ..arena import lineup_of
from ..engine import Game
from ..i18n import _, ngettext, pgettext
from ..players import BOTS, check_bot_kind, default_bot, make_bot, play_game
from ..players.pipe_bot import PipeBot, bind_players, close_players
from ..players.stand_in import ReplaceableBot
from ..record import write_record
from ..rules import RULE_SETS, RuleSetError, get_rule_set
from ..scale import run_jobs
from ._options import add_option_argument, check_writable, seed_argument
from .play import add_length_arguments, rules_from_args

__all__ = ["add_parser", "add_scale_arguments", "run", "simulate_games"]


def add_scale_arguments(p: argparse.ArgumentParser, default_workers: str) -> None:
    """``--workers``, ``--ray`` and ``--bot-timeout``, shared by ``simulate`` and ``arena``."""
    p.add_argument("--workers", type=int, default=None, metavar="N",
                   help=_("local worker processes (default {n}); the results do not depend "
                          "on it").format(n=default_workers))
    p.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help=_("run on a Ray cluster at ADDRESS (without one: a local Ray); needs "
                          "the extra ray: pip install 'mahjong-table[ray]'"))
    p.add_argument("--bot-timeout", type=float, default=None, metavar="SECONDS",
                   help=_("seconds a cmd: or botzone: bot may take over a decision before "
                          "the default bot replaces it (default {seconds} for cmd: bots, "
                          "Botzone's limits by language for botzone: bots)").format(
                              seconds=f"{PipeBot.default_timeout:g}"))


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "simulate", help=_("bots play many games; prints results and hands per second"),
        description=_("Bots play N games from a seed. Every game is reproducible from the "
                      "seed."))
    p.add_argument("--rules", choices=sorted(RULE_SETS), default="hongkong")
    p.add_argument("--games", type=int, default=10, help=_("number of games (default 10)"))
    p.add_argument("--seed", type=seed_argument, default="0",
                   help=_("seed of the first game (default 0)"))
    add_length_arguments(p, _("stop each game after N hands (default: play it out); an "
                              "American game is N hands (default 4: each player deals once)"))
    p.add_argument("--bots", default=None,
                   help=_("2 to 4 bot kinds, comma separated (the last fills the seats "
                          "left), from: {bots}, cmd:COMMAND for a program "
                          "speaking the pipe protocol (docs/bot-protocol.md), "
                          "botzone:COMMAND for a Botzone Chinese Standard Mahjong program "
                          "(MCR only), or py:MODULE:CLASS for a Python class (default: four "
                          "american bots for --rules american, otherwise four efficiency "
                          "bots)").format(bots=', '.join(BOTS)))
    add_option_argument(p)
    p.add_argument("--no-invariants", action="store_true",
                   help=_("skip the invariant checks after every action (faster)"))
    p.add_argument("--record", metavar="FILE",
                   help=_("write the record of every game to FILE (JSON lines, one game's "
                          "record after another; `replay FILE` checks them all)"))
    p.add_argument("--json", action="store_true", help=_("print the results as JSON"))
    add_scale_arguments(p, "1")
    p.set_defaults(func=run)


def _game_seed(base: str, games: int, g: int) -> str:
    return f"{base}" if games == 1 else f"{base}/{g}"


def simulate_games(rules_name: str, options: dict[str, Any], max_hands: int | None,
                   kinds: list[str], base_seed: str, games: int, indices: list[int],
                   invariants: bool, record: bool, bot_timeout: float | None
                   ) -> list[dict[str, Any]]:
    """Play games ``indices`` of a run (a worker's job; module level so that processes and
    Ray can run it). Each summary: ``scores``, ``wins`` (by seat), ``hands``, ``draws``,
    ``false_mahjong``, ``record`` (the game's record text, or None), ``decisions`` (by
    seat) and ``replaced`` (by seat: None, or ``[hands, decisions, reason]`` for a
    ``cmd:``, ``botzone:`` or ``py:`` bot replaced by its stand-in: the hands the stand-in
    played in, the decisions it made, why the bot was replaced)."""
    rules = get_rule_set(rules_name, **options)
    out: list[dict[str, Any]] = []
    for g in indices:
        seed = _game_seed(base_seed, games, g)
        names = [f"{k} ({i})" for i, k in enumerate(kinds)]
        game = Game(rules, seed, max_hands=max_hands, check_invariants=invariants,
                    names=names)
        bots = [make_bot(k, f"{seed}/{i}", names[i], rules=rules)
                for i, k in enumerate(kinds)]
        for b in bots:
            if isinstance(b, PipeBot) and bot_timeout is not None:
                b.timeout = bot_timeout
        bind_players(game, bots)
        try:
            play_game(game, bots)
        finally:
            close_players(bots)
        wins = [0, 0, 0, 0]
        draws = false_mj = 0
        for r in game.results:
            if r.reason == "mahjong" and r.winner is not None:
                wins[r.winner] += 1
            elif r.reason == "draw":
                draws += 1
            else:
                false_mj += 1
        decisions = [0, 0, 0, 0]
        for a in game.actions:
            decisions[a.player] += 1
        replaced: list[list[Any] | None] = [None, None, None, None]
        for i, b in enumerate(bots):
            if isinstance(b, ReplaceableBot) and b.failure is not None:
                # issue 44: a replaced bot is not credited with its stand-in's play
                replaced[i] = [len(game.results) - (b.failed_at_hand or 0),
                               decisions[i] - b.decisions, b.failure]
        text = None
        if record:
            buf = io.StringIO()
            write_record(game, buf)
            text = buf.getvalue()
        out.append({"scores": list(game.scores), "wins": wins, "hands": len(game.results),
                    "draws": draws, "false_mahjong": false_mj, "record": text,
                    "decisions": decisions, "replaced": replaced})
    return out


def where_text(where: str) -> str:
    """Where a run ran (:attr:`mahjong_table.scale.RunResult.where`: ``"this process"``,
    ``"4 local processes"``, ``"Ray (local)"``) in the language in force."""
    if where == "this process":
        return _("this process")
    m = re.fullmatch(r"(\d+) local processes", where)
    if m:
        n = int(m.group(1))
        return ngettext("{n} local process", "{n} local processes", n).format(n=n)
    m = re.fullmatch(r"Ray \((.*)\)", where)
    if m:
        return (_("Ray (local)") if m.group(1) == "local"
                else _("Ray ({address})").format(address=m.group(1)))
    return where


def run(args: argparse.Namespace) -> int:
    try:
        rules, max_hands = rules_from_args(args)
        # 2-4 names, the last filling the seats left, as the arena reads them
        kinds = ([default_bot(rules)] * 4 if args.bots is None
                 else lineup_of(args.bots.split(",")))
        for k in kinds:
            check_bot_kind(k)
            make_bot(k, 0, rules=rules)  # a bot that cannot play these rules says so now
        if args.games < 1:
            raise ValueError(_("--games must be at least 1"))
        workers = 1 if args.workers is None else args.workers
        if workers < 1:
            raise ValueError(_("--workers must be at least 1"))
        if args.record:
            check_writable(args.record)
    except (RuleSetError, ValueError) as exc:
        print(f"mahjong-table simulate: {exc}", file=sys.stderr)
        return 2
    base_seed = str(args.seed)
    # jobs of a few games each: enough of them to keep every worker busy
    parallel = workers > 1 or args.ray is not None
    size = max(1, min(16, args.games // (8 * max(workers, 2)))) if parallel else 1
    chunks = [list(range(i, min(i + size, args.games))) for i in range(0, args.games, size)]
    jobs = [(rules.name, dict(rules.options), max_hands, kinds, base_seed, args.games, c,
             not args.no_invariants, bool(args.record), args.bot_timeout) for c in chunks]
    start = time.perf_counter()
    try:
        run_result = run_jobs(simulate_games, jobs, workers=workers,
                              use_ray=args.ray is not None, ray_address=args.ray or None,
                              weights=[len(c) for c in chunks], desc="games", unit="game")
    except ImportError as exc:
        print(f"mahjong-table simulate: {exc}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - start
    summaries = [s for chunk in run_result.in_order() for s in chunk]
    if args.record:
        with open(args.record, "w", encoding="utf-8") as fh:
            for s in summaries:
                fh.write(s["record"] or "")
    totals = [0, 0, 0, 0]
    wins = [0, 0, 0, 0]
    firsts = [0, 0, 0, 0]
    decisions = [0, 0, 0, 0]
    # per seat: games in which its bot was replaced, hands and decisions of its stand-in,
    # the first reason (issue 44: marked as the arena marks them)
    replaced: list[dict[str, Any] | None] = [None, None, None, None]
    hands = draws = false_mj = 0
    for s in summaries:
        top = max(s["scores"])
        for i in range(4):
            totals[i] += s["scores"][i]
            wins[i] += s["wins"][i]
            firsts[i] += s["scores"][i] == top  # a tie for first is shared
            decisions[i] += s["decisions"][i]
            rep = s["replaced"][i]
            if rep is not None:
                got = replaced[i] or {"times": 0, "hands": 0, "decisions": 0,
                                      "reason": rep[2]}
                got["times"] += 1
                got["hands"] += rep[0]
                got["decisions"] += rep[1]
                replaced[i] = got
        hands += s["hands"]
        draws += s["draws"]
        false_mj += s["false_mahjong"]
    if args.json:
        data = {"rules": rules.name, "options": dict(rules.options), "seed": base_seed,
                "games": len(summaries), "interrupted": run_result.interrupted,
                "where": run_result.where, "hands": hands, "won": hands - draws - false_mj,
                "drawn": draws, "false_mahjong": false_mj, "seconds": round(elapsed, 3),
                "seats": [{"seat": i, "bot": k, "wins": wins[i],
                           "win_rate": wins[i] / max(hands, 1), "points": totals[i],
                           "per_hand": totals[i] / max(hands, 1), "firsts": firsts[i],
                           "decisions": decisions[i],
                           "replacements": (replaced[i] or {}).get("times", 0),
                           "replaced": replaced[i]}
                          for i, k in enumerate(kinds)]}
        with contextlib.suppress(BrokenPipeError):
            print(json.dumps(data, indent=2))
        return 130 if run_result.interrupted else 0
    with contextlib.suppress(BrokenPipeError):
        if run_result.interrupted:
            print(ngettext("interrupted: the results of the {n} game(s) that finished, of "
                           "{total}",
                           "interrupted: the results of the {n} game(s) that finished, of "
                           "{total}", len(summaries))
                  .format(n=len(summaries), total=args.games), flush=True)
        n = len(summaries)
        line = (ngettext("rules {rules} {options}; {n} game(s) from seed {seed}; invariants off",
                         "rules {rules} {options}; {n} game(s) from seed {seed}; invariants off",
                         n)
                if args.no_invariants else
                ngettext("rules {rules} {options}; {n} game(s) from seed {seed}; invariants "
                         "checked after every action",
                         "rules {rules} {options}; {n} game(s) from seed {seed}; invariants "
                         "checked after every action", n)
                ).format(rules=rules.name, options=rules.options, n=n, seed=repr(base_seed))
        if run_result.where != "this process":
            line += _("; on {where}").format(where=where_text(run_result.where))
        print(line)
        won = hands - draws - false_mj
        # English keeps "hands" for any n; Italian has "1 mano" (issue 23)
        line = ngettext("{n} hands: {won} won, {drawn} drawn",
                        "{n} hands: {won} won, {drawn} drawn", hands
                        ).format(n=hands, won=won, drawn=draws)
        if false_mj:
            line += _(", {n} false Mahjong").format(n=false_mj)
        print(line)
        width = max(14, *(len(k) + 3 for k in kinds))
        seat = pgettext("column", "seat")
        cols = (pgettext("column", "bot"), pgettext("column", "wins"),
                pgettext("column", "win %"), pgettext("column", "points"),
                pgettext("column", "per hand"), pgettext("column", "1st"))
        marked = any(replaced)
        rep_col = pgettext("column", "replaced")
        print(f"{seat:<{max(5, len(seat) + 1)}}{cols[0]:<{width}}{cols[1]:>7}{cols[2]:>8}"
              f"{cols[3]:>10}{cols[4]:>10}{cols[5]:>6}"
              + (" " + f"{rep_col:>{max(9, len(rep_col))}}" if marked else ""))
        for i, k in enumerate(kinds):
            shown = k + ("*" if replaced[i] else "")
            times = (replaced[i] or {}).get("times", 0)
            print(f"{i:<{max(5, len(seat) + 1)}}{shown:<{width}}{wins[i]:>7}"
                  f"{100 * wins[i] / max(hands, 1):>7.1f}%"
                  f"{totals[i]:>10}{totals[i] / max(hands, 1):>10.2f}{firsts[i]:>6}"
                  + (" " + f"{times:>{max(9, len(rep_col))}}" if marked else ""))
        seat_hands = hands  # every seat plays every hand
        for i, k in enumerate(kinds):
            rep = replaced[i]
            if rep:
                print(_("* {name} was replaced by its stand-in bot {times} time(s), in "
                        "{hands} of its {total} hands ({decisions} decisions played for "
                        "it): those results are the stand-in's, not its own. First reason: "
                        "{reason}").format(
                    name=f"{k} ({i})", times=rep["times"], hands=rep["hands"],
                    total=seat_hands, decisions=rep["decisions"], reason=rep["reason"]))
        print(_("{seconds} s, {rate} hands per second").format(
            seconds=f"{elapsed:.2f}", rate=f"{hands / max(elapsed, 1e-9):.1f}"))
    return 130 if run_result.interrupted else 0
