"""What the full-screen table draws, as Rich text, from one seat's view and the events that
seat was shown (no Textual here, so the drawing is testable alone).

:class:`TableMemory` follows the events a viewer is shown (their JSON form) for what a
``PlayerView`` does not keep: every seat's discards *in order with the claimed tiles left in
place*, marked with who took them (the view drops a claimed tile from its discarder's row),
and the latest discard. :class:`Narrator` turns events into the lines of the side panel and
the hand's history, with the same wording as the line interface
(:class:`~mahjong_table.tui.line.HumanPlayer`).

Themes: ``colour`` colours tiles by suit (characters red, circles blue, bamboo green, winds
yellow, dragons in their own colours, bonus tiles magenta); ``mono`` uses no colour at all.
Nothing is told by colour alone: the latest discard is written ``<5p>``, a claimed discard
``5p>S`` (taken by South), the selected tile of the hand is underlined and marked ``^``.
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from ..engine import PlayerView, SeatView
from ..i18n import _, pgettext
from ..names import wind_letter, wind_name
from ..tiles import Tile, parse_tiles
from ..tui.line import HumanPlayer, player_name, rules_heading, stage_title

__all__ = ["Narrator", "THEMES", "TableMemory", "centre_text", "hand_text", "seat_text",
           "third_person", "tile_style", "status_text"]

WINDS = ("East", "South", "West", "North")
_LETTER_WIND = {"E": 0, "S": 1, "W": 2, "N": 3}

THEMES = ("colour", "mono")


def third_person(name: str) -> str:
    """A seat's name where the seat is spoken of in the third person. The person's seat is
    named "You" (:func:`~.session.bot_names`), which there would read as second person
    ("North (You) discards", "dealer You"): it is "you" ("North (you) discards")."""
    return pgettext("third person", "you") if name == "You" else player_name(name)


#: a third-person "you" seat's possessive ("North (you)'s discard"): "your"
_YOUR = re.compile(r"\b(?:East|South|West|North) \(you\)'s\b")

_SUIT_COLOURS = {"m": "red3", "p": "dodger_blue2", "s": "green3", "f": "magenta",
                 "g": "magenta", "j": "bold cyan"}
_HONOUR_COLOURS = {1: "yellow", 2: "yellow", 3: "yellow", 4: "yellow", 5: "bold white",
                   6: "bold green3", 7: "bold red3"}


def tile_style(t: Tile, theme: str) -> str:
    """The Rich style of a tile's text in ``theme`` (empty for ``mono``)."""
    if theme != "colour":
        return ""
    if t.suit == "z":
        return _HONOUR_COLOURS[t.rank]
    return _SUIT_COLOURS[t.suit]


def _tile(t: Tile, theme: str, extra: str = "") -> Text:
    style = " ".join(s for s in (tile_style(t, theme), extra) if s)
    return Text(str(t), style=style)


@dataclass
class _Discard:
    tile: Tile
    claimed_by: int | None = None


@dataclass
class TableMemory:
    """What a viewer has been told that a view does not keep: discards in order with claims
    marked, the latest discarder, the seat winds. Feed it the viewer's events in order."""

    ponds: list[list[_Discard]] = field(default_factory=lambda: [[], [], [], []])
    last_discarder: int | None = None
    winds: list[int] = field(default_factory=lambda: [0, 1, 2, 3])
    hands: int | None = None
    card_game: bool = False

    def feed(self, events: Iterable[Mapping[str, Any]]) -> None:
        for ev in events:
            et = ev.get("type")
            p = ev.get("player")
            if et == "game_start":
                options = ev.get("options") or {}
                self.card_game = "card" in options
                self.hands = int(options["hands"]) if "hands" in options else None
            elif et == "hand_start":
                self.ponds = [[], [], [], []]
                self.last_discarder = None
                self.winds = [_LETTER_WIND[w] for w in ev["winds"]]
            elif et == "discard" and isinstance(p, int):
                self.ponds[p].append(_Discard(Tile.parse(str(ev["tile"]))))
                self.last_discarder = p
            elif et == "claim" and isinstance(p, int):
                d = int(ev["discarder"])
                if self.ponds[d]:
                    self.ponds[d][-1].claimed_by = p
                self.last_discarder = None
            elif et == "declare_mahjong" and not ev.get("self_drawn") and isinstance(p, int):
                src = ev.get("discarder")
                if isinstance(src, int) and self.ponds[src] and not ev.get("robbing_kong"):
                    self.ponds[src][-1].claimed_by = p


def status_text(view: PlayerView, memory: TableMemory, extra: str = "") -> Text:
    """The top line: rule set, prevailing wind, hand, dealer, live and dead wall."""
    rules = rules_heading(view.rules)
    if memory.card_game:
        of = f"/{memory.hands}" if memory.hands else ""
        head = _("{rules} · Hand {n}").format(rules=rules, n=f"{view.hand_number + 1}{of}")
    else:
        head = _("{rules} · {wind} round · Hand {n}").format(
            rules=rules, wind=wind_name(view.round_wind), n=view.hand_number + 1)
    dealer = pgettext("third person", "you") if view.dealer == view.player else third_person(
        view.seats[view.dealer].name)
    text = Text(_("{head} · dealer {dealer} · wall {live} live, {dead} dead").format(
        head=head, dealer=dealer, live=view.live_wall, dead=view.dead_wall), style="bold")
    if extra:
        text.append(f" · {extra}")
    return text


def _pond(player: int, memory: TableMemory, theme: str) -> Text:
    out = Text()
    pond = memory.ponds[player]
    for i, d in enumerate(pond):
        if i:
            out.append(" ")
        latest = i == len(pond) - 1 and memory.last_discarder == player
        if d.claimed_by is not None:
            out.append_text(_tile(d.tile, theme, "dim strike" if theme == "colour" else ""))
            out.append(f">{wind_letter(memory.winds[d.claimed_by])}",
                       style="dim" if theme == "colour" else "")
        elif latest:
            out.append("<")
            out.append_text(_tile(d.tile, theme, "reverse bold"))
            out.append(">")
        else:
            out.append_text(_tile(d.tile, theme))
    if not pond:
        out.append("-", style="dim" if theme == "colour" else "")
    return out


def _meld_text(tiles: Sequence[Tile], notation: str, theme: str) -> Text:
    out = Text(notation[0] if notation[:1] in "[(" else "")
    for t in tiles:
        out.append_text(_tile(t, theme))
    if notation[-1:] in "])":
        out.append(notation[-1])
    return out


def seat_text(seat: SeatView, view: PlayerView, memory: TableMemory, theme: str, *,
              you: bool = False, open_tiles: Sequence[Tile] | None = None,
              compact: bool = False) -> Text:
    """One seat: wind, name, score, concealed count, dead mark, exposed melds, bonus tiles,
    then its discards in order. ``open_tiles``: the concealed tiles, shown only in the replay
    viewer's all-hands-open mode."""
    turn = view.phase == "turn" and view.current == seat.player
    mark = ">" if turn else " "
    name = _("You") if you else third_person(seat.name)
    text = Text()
    text.append(f"{mark}{wind_name(seat.wind)} ", style="bold" if turn else "")
    text.append(name, style="bold" if you else "")
    text.append("\n " if compact else " ")
    if seat.player == view.dealer:
        text.append(_("{score} · {n} tiles dealer").format(
            score=f"{seat.score:+d}", n=seat.concealed_count))
    else:
        text.append(_("{score} · {n} tiles").format(score=f"{seat.score:+d}",
                                                    n=seat.concealed_count))
    if seat.dead:
        text.append(" " + _("DEAD"), style="bold red" if theme == "colour" else "bold")
    if seat.melds or seat.bonus:
        text.append("\n")
        parts: list[Text] = [_meld_text(m.tiles, m.notation(), theme) for m in seat.melds]
        if seat.bonus:
            b = Text(_("bonus {tiles}").format(tiles=""))
            for i, t in enumerate(seat.bonus):
                if i:
                    b.append(" ")
                b.append_text(_tile(t, theme))
            parts.append(b)
        text.append_text(Text(" ").join(parts))
    if open_tiles is not None:
        text.append("\n" + _("hand"))
        for t in open_tiles:
            text.append(" ")
            text.append_text(_tile(t, theme))
    text.append("\n")
    text.append_text(_pond(seat.player, memory, theme))
    return text


def centre_text(view: PlayerView, memory: TableMemory, extra: str = "") -> Text:
    """The middle of the table: prevailing wind, the wall, the tile on offer, ``extra``
    (the bots' pace)."""
    out = Text(justify="center")
    if memory.card_game:
        out.append(pgettext("centre", "American") + "\n", style="bold")
    else:
        out.append(_("{wind} round").format(wind=wind_name(view.round_wind)) + "\n",
                   style="bold")
    out.append(_("hand {n}").format(n=view.hand_number + 1) + "\n")
    out.append(_("live wall {n}").format(n=view.live_wall) + "\n")
    out.append(_("dead wall {n}").format(n=view.dead_wall) + "\n")
    if view.stage:
        out.append(stage_title(view.stage) + "\n")
    if view.last_discard is not None:
        out.append(_("on offer {tile}").format(tile=view.last_discard) + "\n")
    if extra:
        out.append(extra, style="dim")
    return out


def _glyph_cell(t: Tile) -> str:
    g = t.glyph
    w = 2 if unicodedata.east_asian_width(g) in ("W", "F") else 1
    return g + " " * (4 - w)


def hand_text(view: PlayerView, selected: int | None, theme: str, *, glyphs: bool = True,
              marked: Sequence[int] = ()) -> tuple[Text, list[Tile]]:
    """The person's concealed hand, sorted, with the drawn tile set apart: a row of glyphs,
    the mpsz names beneath, a marker row (``^`` the selected tile, ``*`` tiles marked for a
    Charleston pass). Returns the text and the tiles in the order shown (what the selection
    indexes)."""
    tiles = list(view.concealed)
    drawn = view.drawn
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
        tiles.append(drawn)
    glyph_row = Text()
    name_row = Text()
    mark_row = Text()
    for i, t in enumerate(tiles):
        gap = "  " if drawn is not None and i == len(tiles) - 1 else ""
        sel = i == selected
        style = tile_style(t, theme)
        hi = f"{style} reverse".strip() if sel else style
        glyph_row.append(gap)
        name_row.append(gap)
        mark_row.append(gap)
        glyph_row.append(_glyph_cell(t), style=style)
        name_row.append(f"{t!s:<2}", style=f"{hi} underline".strip() if sel else hi)
        name_row.append("  ")
        m = ("^" if sel else " ") + ("*" if i in marked else " ")
        mark_row.append(f"{m:<4}", style="bold")
    if drawn is not None:
        name_row.append(" " + _("drawn"), style="dim" if theme == "colour" else "")
    out = Text()
    if glyphs:
        out.append_text(glyph_row)
        out.append("\n")
    out.append_text(name_row)
    out.append("\n")
    out.append_text(mark_row)
    return out, tiles


class Narrator:
    """Event lines for the side panel and the history, worded as the line interface words
    them (a :class:`HumanPlayer` writing to a buffer). ``lines`` holds the current hand's
    history; :meth:`feed` returns the lines the events added and any hand-end summary."""

    def __init__(self, seat: int, names: Sequence[str], *, ascii: bool = False) -> None:
        self._buf = io.StringIO()
        # a seat named "You" that is not the narrator's is spoken of in the third person
        names = [n if p == seat else third_person(n) for p, n in enumerate(names)]
        self.human = HumanPlayer(io.StringIO(""), self._buf, seat=seat, names=names,
                                 ascii=ascii, width=60)
        self.lines: list[str] = []
        self.summaries: list[list[str]] = []
        #: the whole history of the last hand that ended (its result included)
        self.last_hand: list[str] = []

    def _take(self) -> list[str]:
        text = self._buf.getvalue()
        self._buf.seek(0)
        self._buf.truncate()
        out = []
        for raw in text.splitlines():
            line = raw.rstrip()
            press = _("Press Enter to continue (q to quit): ")[:11]
            if line.startswith(press):
                line = line.split(press)[0].rstrip()
            core = line.strip()
            if not core or set(core) <= set("─═-=") or core.startswith(("══", "──", "==")):
                continue
            if line.startswith("  · ") or line.startswith("  - "):
                line = line[4:]
            line = _YOUR.sub("your", line)
            if line.startswith("your"):
                line = "Y" + line[1:]
            out.append(line)
        return out

    def feed(self, events: Iterable[Mapping[str, Any]]) -> tuple[list[str], list[str] | None]:
        """Narrate ``events``; returns (new lines, the hand-end or game-end summary if one
        of the events ended a hand or the game)."""
        added: list[str] = []
        summary: list[str] | None = None
        for ev in events:
            et = ev.get("type")
            if et == "hand_start":
                self.lines = []
            self.human.notify([ev])
            got = self._take()
            if et in ("hand_end", "game_end"):
                head = ([_("Hand {n} is over").format(n=int(ev['result']['hand_number']) + 1)]
                        if et == "hand_end" else [_("Game over: final standings")])
                summary = (summary or []) + head + got
                self.summaries.append(head + got)
            self.lines.extend(got)
            added.extend(got)
            if et == "hand_end":
                self.last_hand = list(self.lines)
        return added, summary


def meld_tiles(notation: str) -> list[Tile]:
    """The tiles of a meld written ``[555p]`` or ``(1111s)``."""
    return parse_tiles(notation.strip("[]()"))
