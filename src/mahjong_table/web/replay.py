"""The replay viewer (issue 46): a finished game watched again in the browser, step by step,
from any seat, drawn as the table was drawn at play (``board.js``).

The frames are made from the stored seed and actions with the engine's public API only:
``Game(rules, seed)``, ``apply``, ``view(seat)`` and ``Event.seen_by(seat)``, the path
``mahjong-table replay`` checks. What a frame holds is decided by who the replay is watched
as (see docs/accounts.md, "The replay viewer"):

- **a seat** (0-3): that seat's view and the events it was shown, as it saw the game: the
  other hands face down. A frame is made only when the seat was shown something new, so
  that nothing (not even a count of steps) tells of the other seats' secret answers.
- **a spectator** (-1): the public part of the views (no hand at all).
- **the full view** (``full``): every hand face up at every step, and a frame for every
  action. Only finished games are replayed at all (a running game's record is refused
  too), so the full view shows what the game's record already holds; it is off unless the
  viewer asks for it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import Any

from ..engine import Action, Game
from ..i18n import _
from ..rules import get_rule_set
from .board import BoardMemory
from .store import TableRow
from .table import SPECTATOR, public_view

__all__ = ["replay_data", "replay_page", "MAX_FRAMES"]

#: frames one replay holds at most (a whole game of American play is about 1,500 actions)
MAX_FRAMES = 5000


def _view_json(game: Game, seat: int) -> dict[str, Any]:
    view = (public_view(game.view(0).to_json()) if seat == SPECTATOR
            else game.view(seat).to_json())
    view.pop("legal_actions", None)
    return view


def replay_data(row: TableRow, actions: Sequence[dict[str, Any]], seat: int,
                full: bool) -> dict[str, Any]:
    """The frames of a finished game watched as ``seat`` (-1: a spectator), every hand
    face up with ``full``: ``{"names", "rules", "title", "seat", "full", "frames"}``, each
    frame ``{"view", "board", "events", "hands", "hand_end", "step"}`` (``events``: those
    shown since the frame before; ``hands``: every seat's concealed tiles, full view only;
    ``hand_end``: the hand's result when the frame ends a hand; ``step``: the number of
    actions applied). Raises ``ValueError`` for a seat out of range or actions that do not
    replay."""
    if seat not in (SPECTATOR, 0, 1, 2, 3):
        raise ValueError(_("seat: 0 to 3, or -1 for a spectator"))
    rules = get_rule_set(row.rules, **row.options)
    game = Game(rules, row.seed, max_hands=row.max_hands, names=list(row.names))
    memory = BoardMemory(seat)
    wall = {"stacks_per_side": rules.stacks_per_wall, "dead_tiles": rules.dead_wall_tiles}
    frames: list[dict[str, Any]] = []
    fed = 0

    def frame(step: int) -> None:
        nonlocal fed
        shown: list[dict[str, Any]] = []
        for e in game.events[fed:]:
            seen = e.seen_by(seat)
            if seen is not None:
                memory.update(seen)
            got = e.to_json() if full else seen
            if got is not None:
                shown.append(got)
        fed = len(game.events)
        if not shown and not full and frames:
            return  # nothing new for this seat: no frame (see the module docstring)
        board = memory.to_json()
        board["wall"] = wall
        board["card"] = False
        board["lines"] = None
        ends = next((e for e in reversed(shown) if e["type"] == "hand_end"), None)
        frames.append({
            "step": step, "view": _view_json(game, seat), "board": board, "events": shown,
            "hands": ([game.view(p).to_json()["concealed"] for p in range(4)] if full
                      else None),
            "hand_end": ends,
        })

    frame(0)
    for i, a in enumerate(actions):
        try:
            game.apply(Action.from_json(a))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"game {row.id}: stored action {i} does not replay: {exc}") from exc
        frame(i + 1)
        if len(frames) >= MAX_FRAMES:
            break
    return {"id": row.id, "names": list(row.names), "rules": row.rules,
            "title": _(rules.title), "seat": seat, "full": full, "frames": frames}


def replay_page(row: TableRow, nav: str, words: dict[str, Any]) -> str:
    """The replay viewer's page (HTML and ``replay.js``): the seat chooser, the full-view
    switch, step buttons (and the keys Left/Right, Home/End, PageUp/PageDown a hand) and
    the table drawn by ``board.js``."""
    from .app import _head
    from .lang import language_switch

    title = _(get_rule_set(row.rules, **row.options).title)
    text = json.dumps(words, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    seat_words = [_("seat {number} ({name})").format(number=i + 1, name=row.names[i])
                  for i in range(4)]
    seats = "".join(f'<option value="{i}">{escape(w)}</option>'
                    for i, w in enumerate(seat_words))
    e = escape
    return (_head(e(_("mahjong-table: replay"))) +
            f'<body class="table replay" data-game="{e(row.id)}" data-seat="0">'
            f'<header id="bar"><b id="rules-title">{e(title)}</b> · '
            f'<span>' + e(_("replay")) + f'</span>{language_switch()}</header>{nav}'
            '<section id="replay-controls" aria-label="' + e(_("replay controls")) + '">'
            '<label for="replay-seat">' + e(_("watch as")) + '</label>'
            f'<select id="replay-seat">{seats}<option value="-1">'
            + e(_("a spectator")) + '</option></select>'
            '<label><input type="checkbox" id="replay-full"> '
            + e(_("every hand face up (the game is over)")) + '</label>'
            '<button id="replay-first" type="button" aria-label="' + e(_("first step"))
            + '">|◀</button>'
            '<button id="replay-prev-hand" type="button" aria-label="'
            + e(_("previous hand")) + '">◀◀</button>'
            '<button id="replay-prev" type="button" aria-label="' + e(_("step back"))
            + '">◀</button>'
            '<span id="replay-pos" aria-live="polite"></span>'
            '<button id="replay-next" type="button" aria-label="' + e(_("step forward"))
            + '">▶</button>'
            '<button id="replay-next-hand" type="button" aria-label="' + e(_("next hand"))
            + '">▶▶</button>'
            '<button id="replay-last" type="button" aria-label="' + e(_("last step"))
            + '">▶|</button>'
            '<input id="replay-slider" type="range" min="0" max="0" value="0" aria-label="'
            + e(_("step")) + '">'
            '</section>'
            '<main id="board">'
            '<section class="seat" id="seat-top"></section>'
            '<section class="seat" id="seat-left"></section>'
            '<section id="centre"><div id="centre-info"></div></section>'
            '<section class="seat" id="seat-right"></section>'
            '<section class="seat me" id="seat-bottom"></section>'
            '</main>'
            '<section id="hand" aria-label="' + e(_("the hand watched")) + '"></section>'
            '<section id="replay-events" aria-live="polite"></section>'
            '<section id="result" hidden></section>'
            f'<script id="mt-words" type="application/json">{text}</script>'
            '<script src="/static/board.js"></script>'
            '<script src="/static/replay.js"></script></body></html>')
