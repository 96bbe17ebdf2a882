"""Hints for the terminal faces (the full-screen table and the line mode), rendered from the
one advisor (:mod:`mahjong_table.advisor`): this module words nothing of its own, so the
terminal, the web table and ``analyze`` always say the same."""

from __future__ import annotations

from ..advisor import Advice, advise
from ..advisor.model import short_refusal
from ..engine import PlayerView
from ..i18n import _
from ..rules.base import RuleSet

__all__ = ["card_lines", "hint_lines", "waiting_line"]

#: the last advice given, by view and rule set (a table redraws often between decisions):
#: one slot, read once and replaced whole, so that a view is never paired with the advice
#: of another (issue 42)
_LAST: list[tuple[PlayerView, RuleSet, Advice] | None] = [None]


def _advice(view: PlayerView, rules: RuleSet) -> Advice:
    last = _LAST[0]
    if last is not None and last[1] is rules and last[0] == view:
        return last[2]
    advice = advise(view, rules)
    _LAST[0] = (view, rules, advice)
    return advice


def waiting_line(view: PlayerView, rules: RuleSet) -> str | None:
    """One line for the bottom of the table: "Mahjong is yours", why a complete hand may
    not win, or what a ready hand waits on (after the advised discard in a turn); None
    otherwise."""
    if view.me.dead or view.phase in ("game_over", "charleston"):
        return None
    advice = _advice(view, rules)
    if advice.win:
        return _("Your hand is complete: declare Mahjong")
    if advice.no_win:
        return _("No Mahjong: {why}").format(why=short_refusal(advice.no_win))
    return advice.waiting_text()


def hint_lines(view: PlayerView, rules: RuleSet) -> list[str]:
    """The hint for the decision in ``view``: where the hand stands, the advice and why, the
    alternatives, the waits or useful tiles (lines of plain text)."""
    return _advice(view, rules).text_lines()


def card_lines(view: PlayerView, rules: RuleSet, n: int = 3) -> list[str]:
    """American: the ``n`` card lines nearest the hand (tiles away counting only tiles that
    can still come) and, when a decision awaits, the advice; empty for other rule sets."""
    if rules.hand_kinds <= 34 or view.phase == "game_over":
        return []
    advice = _advice(view, rules)
    out = [ln.text() for ln in advice.lines[:n]]
    if advice.action is not None:
        out.append(_("Advice: {text}").format(text=advice.text))
    return out
