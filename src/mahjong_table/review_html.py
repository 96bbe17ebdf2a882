"""A game's review as one web page (issue 43): the summary with the biggest losses first, then
one screen per decision (the seat's view drawn with :func:`mahjong_table.svg.view_svg`, the
action played, the judgement's preference and the actions it weighed, with their numbers).
Self-contained (inline style and pictures, a few lines of script for the arrow keys), in the
language in force; ``review --html`` writes it and the web table serves it for a finished
game (``/room/{room}/review/{game}``).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from .advisor.model import action_text
from .i18n import _, language
from .review import Decision, GameReview
from .svg import view_svg

__all__ = ["review_page"]

_STYLE = """
body{font-family:system-ui,sans-serif;margin:0;background:#f4f7f5;color:#13261d}
header,section{box-sizing:border-box;padding:1rem 1.25rem}
section{min-height:100vh;border-top:2px solid #0e5a3f}
h1{font-size:1.4rem;margin:.2rem 0}h2{font-size:1.15rem;margin:.2rem 0}
.pic svg{max-width:100%;height:auto}
.lost{color:#9b1c1c;font-weight:600}.same{color:#0e5a3f;font-weight:600}
table{border-collapse:collapse;margin:.5rem 0}td,th{padding:.2rem .6rem;text-align:left}
tr.played td{background:#fde8e8}tr.best td{background:#e3f4ea}
nav a{margin-right:1rem}a{color:#0e5a3f}
ol li{margin:.25rem 0}
"""

_SCRIPT = """
document.addEventListener('keydown',function(e){
 var s=[].slice.call(document.querySelectorAll('section'));if(!s.length)return;
 var y=window.scrollY+5,i=0;for(var k=0;k<s.length;k++){if(s[k].offsetTop<=y)i=k;}
 if(e.key==='ArrowRight'||e.key==='j'){i=Math.min(s.length-1,i+1);}
 else if(e.key==='ArrowLeft'||e.key==='k'){i=Math.max(0,i-1);}else return;
 s[i].scrollIntoView();e.preventDefault();});
"""


def _numbers(points: float, win: float, deal_in: float) -> str:
    return _("{points} points expected, win {win}%, deal-in {deal}%").format(
        points=f"{points:+.1f}", win=round(100 * win), deal=round(100 * deal_in))


def _section(g: int, d: Decision, count: int) -> str:
    v = d.view
    anchor = f"g{g}d{d.number}"
    if d.agrees:
        verdict = f'<p class="same">{escape(_("As the judgement prefers."))}</p>'
    elif d.loss is None:
        would = _("The judgement would play {best}.").format(best=d.best)
        verdict = f'<p class="lost">{escape(would)}</p>'
    else:
        verdict = ('<p class="lost">' + escape(_("The judgement prefers {best}: {loss} expected "
                                                "points given up.").format(
            best=d.best, loss=f"{d.loss:.1f}")) + "</p>")
    rows = []
    names = tuple(f"{'ESWN'[s.wind]} {s.name}" for s in v.seats)
    shown = list(d.weighed[:8])
    if d.played_estimate is not None and d.played_estimate not in shown:
        shown.append(d.played_estimate)
    for e in shown:
        text = action_text(e.action, seat_names=names, last_discard=v.last_discard)
        cls = "best" if text == d.best else "played" if text == d.played else ""
        rows.append(f'<tr class="{cls}"><td>{escape(text)}</td>'
                    f"<td>{escape(_numbers(e.points, e.win, e.deal_in))}</td></tr>")
    prev = f'<a href="#g{g}d{d.number - 1}">&larr;</a>' if d.number > 1 else ""
    nxt = f'<a href="#g{g}d{d.number + 1}">&rarr;</a>' if d.number < count else ""
    head = escape(_("Decision {n} of {count}, hand {hand}, record line {line}").format(
        n=d.number, count=count, hand=v.hand_number + 1, line=d.line))
    played = escape(_("Played: {action}").format(action=d.played))
    table = ("<table><tr><th>" + escape(_("action")) + "</th><th>" + escape(_("judgement"))
             + "</th></tr>" + "".join(rows) + "</table>") if rows else ""
    return (f'<section id="{anchor}"><nav>{prev}{nxt}<a href="#top">'
            f'{escape(_("summary"))}</a></nav><h2>{head}</h2>'
            f'<div class="pic">{view_svg(v)}</div><p>{played}</p>{verdict}{table}</section>')


def review_page(reviews: Sequence[GameReview], *, title: str | None = None) -> str:
    """The page of ``reviews`` (one per game of a record, as
    :func:`mahjong_table.review.review_record` gives them), titled ``title``."""
    parts: list[str] = []
    for g, r in enumerate(reviews):
        count = len(r.decisions)
        worst = r.biggest(10)
        items = "".join(
            f'<li><a href="#g{g}d{d.number}">{escape(_("decision {n}").format(n=d.number))}'
            "</a>: " + escape(_("played {played}, the judgement prefers {best} ({loss} given "
                                "up)").format(played=d.played, best=d.best,
                                              loss=f"{d.loss or 0:.1f}")) + "</li>"
            for d in worst)
        summary = escape(_("Seat {seat} ({name}), {rules}: {n} decisions, {agreed} as the "
                           "judgement prefers, {loss} expected points given up; final scores "
                           "{scores}").format(
            seat=r.seat, name=r.name, rules=r.rules, n=count,
            agreed=sum(1 for d in r.decisions if d.agrees), loss=f"{r.total_loss:.1f}",
            scores=r.scores))
        parts.append(f"<header><h1>{escape(_('Game {n}').format(n=g + 1))}</h1><p>{summary}"
                     f"</p><h2>{escape(_('The biggest losses'))}</h2>"
                     f"<ol>{items or '<li>' + escape(_('none')) + '</li>'}</ol></header>")
        parts.extend(_section(g, d, count) for d in r.decisions)
    heading = title or _("Review of a game")
    return (f'<!doctype html><html lang="{language()}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{escape(heading)}</title><style>{_STYLE}</style></head>"
            f'<body><a id="top"></a>{"".join(parts)}<script>{_SCRIPT}</script></body></html>')
