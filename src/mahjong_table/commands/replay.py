"""``mahjong-table replay FILE``: replay a record, checking every step and the final scores;
``replay FILE --show`` steps through it at the full-screen table (issue 11).

Exit status: 0 the record replays exactly; 1 a replay that differs from its record; 2 a file
that cannot be read or a malformed record ("malformed record: line N, field F: ...").
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..i18n import _
from ..record import RecordError, replay

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "replay", help=_("replay a game record and verify it, or step through it (--show)"),
        description=_("Replays a record from its seed and actions, checks every event and "
                      "the final scores (of every game in the file); exits 1 on any mismatch, "
                      "2 if the file cannot be read or is malformed. With --show, steps "
                      "through the record at the full-screen table: right/left an action, ] "
                      "and [ a hand, j jump to a hand, v the seat whose view is shown, o "
                      "every hand open."))
    p.add_argument("file", help=_("a record written by play or simulate --record"))
    p.add_argument("--show", action="store_true",
                   help=_("step through the record at the full-screen table (needs the tui "
                          "extra, Textual)"))
    p.add_argument("--seat", type=int, choices=(0, 1, 2, 3), default=0,
                   help=_("with --show: the player whose view is shown first (default 0)"))
    p.add_argument("--open", action="store_true",
                   help=_("with --show: every hand open from the start"))
    p.add_argument("--game", type=int, default=1, metavar="N",
                   help=_("with --show: which game of a file of several (default 1)"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if getattr(args, "show", False):
        return _show(args)
    try:
        report = replay(args.file)
    except (OSError, RecordError) as exc:
        print(f"mahjong-table replay: {exc}", file=sys.stderr)
        return 2
    if report.malformed:
        print(f"mahjong-table replay: {report.problem}", file=sys.stderr)
        return 2
    if not report.ok:
        print(_("MISMATCH after {actions} actions and {events} events: {problem}").format(
            actions=report.actions, events=report.events, problem=report.problem))
        return 1
    if report.games > 1:
        # the scores are the last game's: say so (a new user read them as the file's totals)
        print(_("ok: {games} games, {actions} actions and {events} events replayed; final "
                "scores of the last game {scores}").format(
                    games=report.games, actions=report.actions, events=report.events,
                    scores=report.scores))
    else:
        print(_("ok: {actions} actions and {events} events replayed; final scores {scores}")
              .format(actions=report.actions, events=report.events, scores=report.scores))
    return 0


def _show(args: argparse.Namespace) -> int:
    from ..tui import available, encoding_problem

    if not available():
        print("mahjong-table replay: " + _("--show needs the full-screen table (pip install "
                                           "'mahjong-table[tui]')"), file=sys.stderr)
        return 2
    problem = encoding_problem(sys.stdout, sys.__stderr__)
    if problem is not None:
        print("mahjong-table replay: " + _("--show draws the full-screen table, but {problem} "
                                           "(use a UTF-8 terminal, e.g. LANG=C.UTF-8)").format(
            problem=problem), file=sys.stderr)
        return 2
    from ..tui.app import ReplayApp

    try:
        app = ReplayApp(args.file, seat=args.seat, open_hands=args.open,
                        game_index=args.game - 1)
    except (OSError, RecordError, ValueError) as exc:
        print(f"mahjong-table replay: {exc}", file=sys.stderr)
        return 2
    app.run()
    return 0
