"""Hints for a seat of the web table, rendered from the one advisor
(:mod:`mahjong_table.advisor`), from the seat's own view only."""

from __future__ import annotations

from typing import Any

from ..advisor import advise
from ..engine import PlayerView
from ..rules.base import RuleSet

__all__ = ["hints_for"]


def hints_for(view: PlayerView, rules: RuleSet) -> dict[str, Any]:
    """``{"lines": [text, ...], "advice": {...}}``: the advisor's advice for ``view`` as
    lines of text (the same as every face shows) and as its JSON object."""
    advice = advise(view, rules)
    return {"lines": advice.text_lines(), "advice": advice.to_json()}
