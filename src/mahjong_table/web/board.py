"""The table drawn as a table (issue 18 items 4 and 6): what each seat's page needs beyond its
view, computed from what that seat was shown.

A ``PlayerView`` drops a claimed tile from its discarder's row and writes melds as notation
only. A real table keeps the claimed tile in the pond (turned, or marked with who took it) and
turns the claimed tile of a meld toward the player it came from. :class:`BoardMemory` follows
the events one seat was shown (``Event.seen_by``, the JSON of ``events_for``) and keeps:

- ``ponds``: every seat's discards in order, each claimed tile kept in place with who took it
  (``by``: the claimer's seat);
- ``last``: the latest discard still lying in a pond (seat and index), for the highlight;
- ``melds``: every seat's melds in the order of the view's ``melds``, each with the seat
  offset its claimed tile came from (``source``: 1 the player before, 2 opposite, 3 the
  player after; None for a concealed kong) and the claimed tile;
- ``notes``: the Charleston's public outcomes (the vote, the tiles each seat passed in a
  courtesy pass) and the seat's own courtesy agreement (a secret event shown to it alone).

:func:`board_for` is the one hook of :class:`~.table.LiveTable`: the ``board`` field of a
state message. It feeds each seat's memory the events *released* to it (a held claim window
shows nothing that followed it) and adds, for American play, the card lines nearest the
seat's hand from the advisor, computed from the very view the message carries (so they tell
nothing the view does not). A page that reconnects gets the whole board again.
"""

from __future__ import annotations

import logging
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..advisor import advise
from ..engine import PlayerView
from ..engine.view import view_from_json
from ..i18n import language, pgettext
from ..rules import RuleSet
from ..tiles import parse_tiles

if TYPE_CHECKING:
    from ..engine import Game
    from .table import LiveTable

__all__ = ["BoardMemory", "board_for", "card_json", "lines_for_view"]

log = logging.getLogger("mahjong_table.web")

#: nearest card lines sent with each American state message
NEAREST_LINES = 5


@dataclass
class _Meld:
    notation: str
    source: int | None = None
    tile: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"meld": self.notation, "source": self.source, "tile": self.tile}


@dataclass
class BoardMemory:
    """What one seat (or a spectator, -1) was shown of the hand under way, kept as a real
    table keeps it. Feed it that seat's shown events in order (:meth:`update`)."""

    seat: int
    ponds: list[list[dict[str, Any]]] = field(default_factory=lambda: [[], [], [], []])
    melds: list[list[_Meld]] = field(default_factory=lambda: [[], [], [], []])
    last: tuple[int, int] | None = None
    notes: list[dict[str, Any]] = field(default_factory=list)

    def update(self, e: dict[str, Any]) -> None:
        """Take one shown event (its JSON form, as ``events_for`` gives it)."""
        kind = e["type"]
        p = e.get("player")
        if kind == "hand_start":
            self.ponds = [[], [], [], []]
            self.melds = [[], [], [], []]
            self.last = None
            self.notes = []
        elif kind == "seat" and isinstance(p, int):
            # a hand set up at a position: its discards and melds, claims unknown
            self.ponds[p] = [{"tile": str(t), "by": None} for t in parse_tiles(e["discards"])]
            self.melds[p] = [_Meld(m) for m in e["melds"]]
        elif kind == "discard" and isinstance(p, int):
            self.ponds[p].append({"tile": e["tile"], "by": None})
            self.last = (p, len(self.ponds[p]) - 1)
        elif kind == "claim" and isinstance(p, int):
            d = int(e["discarder"])
            self._mark_taken(d, p)
            self.melds[p].append(_Meld(e["meld"], (p - d) % 4, e["tile"]))
        elif kind == "declare_mahjong" and isinstance(p, int) and not e.get("self_drawn") \
                and not e.get("robbing_kong") and not e.get("false"):
            src = e.get("discarder")
            if isinstance(src, int):
                self._mark_taken(src, p)
        elif kind == "concealed_kong" and isinstance(p, int):
            self.melds[p].append(_Meld(e["meld"]))
        elif kind == "kong_completed" and isinstance(p, int):
            tiles = parse_tiles(e["meld"].strip("[]"))
            pung = "[" + "".join(str(t) for t in tiles[:3]) + "]"
            for m in self.melds[p]:
                if _same_meld(m.notation, pung):
                    m.notation = e["meld"]
                    break
        elif kind == "joker_exchange" and isinstance(p, int):
            target = self.melds[int(e["target"])]
            i = int(e["index"])
            if 0 <= i < len(target):
                target[i].notation = e["meld"]
        elif kind == "charleston_vote":
            self.notes.append({"kind": "vote", "stage": e.get("stage"),
                               "agreed": bool(e.get("agreed"))})
        elif kind == "courtesy_agreed" and p == self.seat:
            self.notes.append({"kind": "courtesy_agreed", "number": e.get("number"),
                               "partner": e.get("partner")})
        elif kind == "courtesy_pass":
            passes = e.get("passes") or {}
            self.notes.append({"kind": "courtesy_pass", "stage": e.get("stage"),
                               "passes": {str(k): int(v) for k, v in passes.items()}})

    def _mark_taken(self, discarder: int, taker: int) -> None:
        pond = self.ponds[discarder]
        if pond:
            pond[-1]["by"] = taker
        if self.last is not None and self.last[0] == discarder:
            self.last = None

    def to_json(self) -> dict[str, Any]:
        return {
            "ponds": [[dict(d) for d in pond] for pond in self.ponds],
            "last": list(self.last) if self.last is not None else None,
            "melds": [[m.to_json() for m in ms] for ms in self.melds],
            "notes": [dict(n) for n in self.notes],
        }


def _same_meld(a: str, b: str) -> bool:
    return a == b or sorted(str(t) for t in parse_tiles(a.strip("[]()"))) == sorted(
        str(t) for t in parse_tiles(b.strip("[]()")))


class _TableBoards:
    """The memories of one live table: one per seat and the spectator's, fed up to
    ``fed`` events of the game; and the last card lines computed per view."""

    def __init__(self) -> None:
        self.fed = 0
        self.memories = {s: BoardMemory(s) for s in (0, 1, 2, 3, -1)}
        self.lines: OrderedDict[str, list[dict[str, Any]]] = OrderedDict()

    def feed(self, game: Game, upto: int) -> None:
        events = game.events
        if self.fed == 0:
            # a board keeps nothing of past hands (each starts again at hand_start): a game
            # rebuilt with many hands behind it is read from its hand in play (issue 42)
            for i in range(upto - 1, -1, -1):
                if events[i].type == "hand_start":
                    self.fed = i
                    break
        for e in events[self.fed:upto]:
            for s, memory in self.memories.items():
                shown = e.seen_by(s)
                if shown is not None:
                    memory.update(shown)
        self.fed = max(self.fed, upto)


_BOARDS: weakref.WeakKeyDictionary[Any, _TableBoards] = weakref.WeakKeyDictionary()


def board_for(table: LiveTable, seat: int, view: dict[str, Any]) -> dict[str, Any]:
    """The ``board`` field of ``seat``'s state message (``view``: the view the message
    carries): the memory of the events released to the seat, the wall's shape, and for
    American play the card lines nearest the seat's hand (none for a spectator)."""
    boards = _BOARDS.get(table)
    if boards is None:
        boards = _BOARDS[table] = _TableBoards()
    game = table.game
    boards.feed(game, table.released)
    rules = game.rules
    out = boards.memories[seat].to_json()
    out["wall"] = {"stacks_per_side": rules.stacks_per_wall,
                   "dead_tiles": rules.dead_wall_tiles}
    out["card"] = hasattr(rules, "card")
    out["lines"] = None
    if out["card"] and seat >= 0 and view.get("concealed"):
        # the advisor's words are in the language in force: one entry per language
        key = repr((language(), view["player"], view["phase"] == "game_over",
                    view["concealed"], view["seats"]))
        got = boards.lines.get(key)
        if got is None:
            try:
                got = lines_for_view(view, rules)
            except ValueError:  # a bug: the page shows no lines rather than no table
                log.exception("table %s: no card lines for seat %d", table.id, seat)
                got = []
            boards.lines[key] = got
            while len(boards.lines) > 8:
                boards.lines.popitem(last=False)
        out["lines"] = got
    return out


def _player_view(view: dict[str, Any], rules: RuleSet) -> PlayerView:
    """A ``PlayerView`` (no legal actions) from a state message's view JSON."""
    return view_from_json({**view, "legal_actions": ()}, rules)


def lines_for_view(view: dict[str, Any], rules: RuleSet) -> list[dict[str, Any]]:
    """The advisor's card lines nearest the hand of ``view`` (a state message's view JSON),
    nearest first, as JSON (``CardLineStatus.to_json`` with ``key``)."""
    advice = advise(_player_view(view, rules), rules)
    out = []
    for ln in advice.lines[:NEAREST_LINES]:
        item = ln.to_json()
        item["key"] = ln.key
        out.append(item)
    return out


def _card_text(text: Any) -> Any:
    """A card's text in the language in force (as it is when not translated)."""
    return pgettext("card", text) if isinstance(text, str) and text else text


def card_json(rules: RuleSet) -> dict[str, Any] | None:
    """The card the game plays (American), every line, for the page's card panel; None for a
    rule set without a card. Sections and notes in the language in force (the card's texts,
    context ``"card"``); the patterns are notation."""
    card = getattr(rules, "card", None)
    if card is None:
        return None
    return {
        "name": _card_text(card.name),
        "practice": card.practice,
        "sections": [_card_text(s) for s in card.sections],
        "lines": [{"key": ln.key, "section": _card_text(ln.section), "number": ln.number,
                   "pattern": ln.pattern, "points": ln.points, "concealed": ln.concealed,
                   "note": _card_text(ln.note)} for ln in card.lines],
    }
