"""``mahjong-table review RECORD [--seat P]``: where did I go wrong in that game? (issue 43)

Every decision of the seat in a finished game (a record written by ``play``, ``simulate``, the
web table or ``arena``), from that seat's view, with what the judgement
(:mod:`mahjong_table.judgement`, the hard bot's and the advisor's) prefers and how many
expected points the action played gave up; the biggest losses first. ``--json`` gives the
same as JSON (English); ``--html FILE`` writes a page with the tiles drawn, one screen per
decision (:func:`mahjong_table.review_html.review_page`).

Exit status: 0; 2 for a file that cannot be read or a record that is malformed, does not
replay or stops short (the line named).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..i18n import _, use_language
from ..record import RecordError
from ..review import Decision, GameReview, review_record

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "review", help=_("review a finished game decision by decision: what the judgement "
                         "prefers, and what each choice gave up"),
        description=_("Replays a record and, at every decision of one seat, compares what was "
                      "played with the judgement's preference (the hard bot's and the "
                      "advisor's): the expected points each choice gave up, biggest first."))
    p.add_argument("file", help=_("a record written by play, simulate or the web table"))
    p.add_argument("--seat", type=int, choices=(0, 1, 2, 3), default=0,
                   help=_("the seat reviewed (default 0)"))
    p.add_argument("--top", type=int, default=10, metavar="N",
                   help=_("how many of the biggest losses to list (default 10)"))
    p.add_argument("--json", action="store_true", help=_("print the review as JSON"))
    p.add_argument("--html", metavar="FILE",
                   help=_("also write the review as a web page, one screen per decision"))
    p.set_defaults(func=run)


def _estimate_text(d: Decision) -> str:
    e = d.played_estimate
    b = d.best_estimate
    if e is None:
        return _("the judgement would play {best}").format(best=d.best)
    if d.agrees:
        return _("as the judgement prefers ({points} points expected)").format(
            points=f"{e.points:+.1f}")
    return _("the judgement prefers {best}: {best_points} against {points} points expected "
             "(win {best_win}% against {win}%), {loss} given up").format(
        best=d.best, best_points=f"{b.points:+.1f}", points=f"{e.points:+.1f}",
        best_win=round(100 * b.win), win=round(100 * e.win), loss=f"{d.loss or 0:.1f}")


def _where(d: Decision) -> str:
    v = d.view
    hand = "".join(str(t) for t in v.concealed)
    melds = " ".join(m.notation() for m in v.me.melds)
    held = f"{melds} {hand}".strip()
    if v.phase == "turn":
        what = _("turn, drew {tile}").format(tile=v.drawn) if v.drawn is not None \
            else _("turn")
    elif v.phase in ("claim", "rob") and v.last_discard is not None:
        what = _("{tile} on offer").format(tile=v.last_discard)
    else:
        what = v.phase
    return _("hand {hand}, decision {n} (line {line}), {what}: {held}").format(
        hand=v.hand_number + 1, n=d.number, line=d.line, what=what, held=held)


def review_text(review: GameReview, top: int) -> list[str]:
    """A game's review as lines of text in the language in force."""
    n = len(review.decisions)
    agreed = sum(1 for d in review.decisions if d.agrees)
    out = [_("Review of seat {seat} ({name}), {rules}: {n} decisions, {agreed} as the judgement "
             "prefers; {loss} expected points given up in all; final scores {scores}").format(
        seat=review.seat, name=review.name, rules=review.rules, n=n, agreed=agreed,
        loss=f"{review.total_loss:.1f}", scores=review.scores)]
    worst = review.biggest(top)
    if worst:
        out.append(_("The biggest losses ({n}):").format(n=len(worst)))
        for d in worst:
            out.append("  " + _where(d))
            out.append("    " + _("played {played}; {verdict}").format(
                played=d.played, verdict=_estimate_text(d)))
    else:
        out.append(_("No decision gave up expected points."))
    out.append(_("Every decision:"))
    for d in review.decisions:
        mark = " " if d.agrees else "*"
        out.append(f"{mark} " + _where(d))
        out.append("    " + _("played {played}; {verdict}").format(
            played=d.played, verdict=_estimate_text(d)))
    return out


def run(args: argparse.Namespace) -> int:
    try:
        if args.json:
            with use_language("en"):
                reviews = review_record(args.file, args.seat)
        else:
            reviews = review_record(args.file, args.seat)
    except (OSError, RecordError, ValueError) as exc:
        print(f"mahjong-table review: {exc}", file=sys.stderr)
        return 2
    if args.html:
        from ..review_html import review_page

        try:
            with open(args.html, "w", encoding="utf-8") as fh:
                fh.write(review_page(reviews))
        except OSError as exc:
            print(f"mahjong-table review: {exc}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps({"games": [r.to_json() for r in reviews]}, indent=2))
        return 0
    for i, r in enumerate(reviews):
        if len(reviews) > 1:
            print(_("Game {n} of {total}").format(n=i + 1, total=len(reviews)))
        print("\n".join(review_text(r, args.top)))
    if args.html:
        print(_("The review's page: {file}").format(file=args.html))
    return 0
