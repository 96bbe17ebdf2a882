"""Tiles drawn as SVG pictures: one tile, a row of tiles, a meld, a player's view.

The project's own artwork (drawn here from rectangles, circles, paths and Latin text; no font
with CJK glyphs is needed): characters show their rank over a red 万 (the simplified form of
萬), circles their dots, bamboo their sticks (the 1 of bamboo a bird), winds a big letter,
the red dragon 中, the green dragon a sprout, the white dragon a blue frame, flowers and
seasons their plant or sign with the number, the joker a star. Every tile carries a small
corner index (``5``, ``E``, ``R``...) as western sets do, and a ``<title>`` with its Unicode
glyph, its mpsz name and its English name, which screen readers read and browsers show on
hover.

The web table serves each tile from :func:`tile_svg`; notebooks show tiles, melds and views
through ``_repr_svg_`` (``Tile._repr_svg_``, ``Meld._repr_svg_``, :class:`ViewPicture`), as
python-chess does for boards. Sizes are in SVG user units: a tile is :data:`TILE_W` by
:data:`TILE_H`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from .tiles import TILES, Tile, parse_tiles

if TYPE_CHECKING:
    from .engine.view import PlayerView
    from .melds import Meld

__all__ = ["TILE_W", "TILE_H", "tile_svg", "tile_body", "tiles_svg", "meld_svg", "view_svg",
           "ViewPicture", "tile_alt", "all_tile_names"]

#: width and height of one tile (SVG user units; the face plus its edge)
TILE_W = 60
TILE_H = 80

_FACE = "#fbf7ea"
_EDGE = "#1f7a5a"
_INK = "#1b2a4a"
_RED = "#c8282d"
_GREEN = "#1c8a3c"
_BLUE = "#1f5fb4"

_SUIT_COLOURS = (_BLUE, _GREEN, _RED)


def tile_alt(tile: Tile) -> str:
    """The text alternative of a tile: its Unicode glyph and mpsz name, e.g. ``"🀝 5p"``."""
    return f"{tile.glyph} {tile}"


def all_tile_names() -> list[str]:
    """The mpsz names of all 47 tile kinds (every tile of every rule set)."""
    return [str(t) for t in TILES]


def _text(x: float, y: float, s: str, size: float, fill: str, weight: str = "bold",
          anchor: str = "middle") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" '
            f'font-size="{size:g}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}">{escape(s)}</text>')


def _circle_positions(rank: int) -> list[tuple[float, float]]:
    # dots laid out on the face (x 8-52, y 10-72) as on real tiles
    lf, c, r = 18.0, 30.0, 42.0
    if rank == 1:
        return [(c, 41)]
    if rank == 2:
        return [(c, 24), (c, 58)]
    if rank == 3:
        return [(16, 20), (c, 41), (44, 62)]
    if rank == 4:
        return [(lf, 26), (r, 26), (lf, 56), (r, 56)]
    if rank == 5:
        return [(lf, 22), (r, 22), (c, 41), (lf, 60), (r, 60)]
    if rank == 6:
        return [(lf, 20), (r, 20), (lf, 41), (r, 41), (lf, 62), (r, 62)]
    if rank == 7:
        return [(14, 16), (c, 24), (46, 32), (lf, 48), (r, 48), (lf, 64), (r, 64)]
    if rank == 8:
        return [(lf, 16), (r, 16), (lf, 32), (r, 32), (lf, 50), (r, 50), (lf, 66), (r, 66)]
    return [(x, y) for y in (20.0, 41.0, 62.0) for x in (15.0, c, 45.0)]


def _circles(rank: int) -> str:
    pos = _circle_positions(rank)
    radius = {1: 17, 2: 11, 3: 9.5, 4: 9.5, 5: 8.5}.get(rank, 7.5)
    parts = []
    for i, (x, y) in enumerate(pos):
        if rank == 1:
            colour = _RED
        elif rank in (7,):
            colour = _GREEN if i < 3 else _RED
        else:
            colour = _SUIT_COLOURS[(i + rank) % 3]
        parts.append(
            f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{_FACE}" stroke="{colour}" '
            f'stroke-width="{max(radius / 4, 1.8):.1f}"/>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{radius * 0.45:.1f}" fill="{colour}"/>')
        if rank == 1:
            parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{radius * 0.7:.1f}" fill="none" '
                         f'stroke="{_GREEN}" stroke-width="1.5"/>')
    return "".join(parts)


def _stick(x: float, y: float, colour: str, h: float = 18) -> str:
    # one bamboo stick centred on (x, y): a rounded stem with a node in the middle
    return (f'<rect x="{x - 3:g}" y="{y - h / 2:g}" width="6" height="{h:g}" rx="3" '
            f'fill="{colour}"/>'
            f'<line x1="{x - 3.5:g}" y1="{y:g}" x2="{x + 3.5:g}" y2="{y:g}" stroke="{_FACE}" '
            f'stroke-width="1.4"/>'
            f'<line x1="{x:g}" y1="{y - h / 2 + 3:g}" x2="{x:g}" y2="{y + h / 2 - 3:g}" '
            f'stroke="{_FACE}" stroke-width="0.8" opacity="0.6"/>')


def _bamboo_positions(rank: int) -> list[tuple[float, float]]:
    if rank == 2:
        return [(30, 27), (30, 55)]
    if rank == 3:
        return [(30, 27), (20, 55), (40, 55)]
    if rank == 4:
        return [(20, 27), (40, 27), (20, 55), (40, 55)]
    if rank == 5:
        return [(18, 27), (42, 27), (30, 41), (18, 55), (42, 55)]
    if rank == 6:
        return [(x, y) for y in (27.0, 55.0) for x in (16.0, 30.0, 44.0)]
    if rank == 7:
        return [(30, 16)] + [(x, y) for y in (41.0, 63.0) for x in (16.0, 30.0, 44.0)]
    if rank == 8:
        return [(x, y) for y in (27.0, 55.0) for x in (12.0, 24.0, 36.0, 48.0)]
    return [(x, y) for y in (18.0, 41.0, 64.0) for x in (16.0, 30.0, 44.0)]


def _bamboo(rank: int) -> str:
    if rank == 1:
        # the bird of the 1 of bamboo: body, wing, head with beak, tail feathers
        return (f'<path d="M16 58 Q12 44 22 34 Q30 26 38 30 Q46 34 44 46 Q40 58 28 62 Z" '
                f'fill="{_GREEN}"/>'
                f'<path d="M22 44 Q30 36 38 42 Q32 50 22 50 Z" fill="{_BLUE}"/>'
                f'<circle cx="40" cy="24" r="7" fill="{_RED}"/>'
                f'<circle cx="42" cy="22" r="1.6" fill="{_FACE}"/>'
                f'<path d="M46 22 L53 24 L46 27 Z" fill="{_INK}"/>'
                f'<path d="M18 60 L10 72 M22 62 L18 74 M26 62 L28 74" stroke="{_RED}" '
                f'stroke-width="2.4" stroke-linecap="round"/>')
    pos = _bamboo_positions(rank)
    h = 20 if rank <= 6 else 17
    parts = []
    for i, (x, y) in enumerate(pos):
        colour = _RED if (rank in (5, 7, 9) and i == (0 if rank == 7 else len(pos) // 2)) \
            else (_BLUE if rank == 8 and i % 4 in (1, 2) else _GREEN)
        parts.append(_stick(x, y, colour, h))
    return "".join(parts)


def _wan() -> str:
    # 万 in red strokes: a top bar, a falling left stroke, a hooked right stroke
    return (f'<g stroke="{_RED}" stroke-width="4.2" fill="none" stroke-linecap="round" '
            f'stroke-linejoin="round">'
            f'<path d="M14 46 H46"/>'
            f'<path d="M27 46 Q26 62 14 72"/>'
            f'<path d="M27 56 H42 Q42 68 35 71"/>'
            f'</g>')


_NUMERALS = ("1", "2", "3", "4", "5", "6", "7", "8", "9")


def _characters(rank: int) -> str:
    return _text(30, 38, _NUMERALS[rank - 1], 30, _INK) + _wan()


def _wind(rank: int) -> str:
    letter = "ESWN"[rank - 1]
    return (_text(30, 56, letter, 40, _INK)
            + f'<path d="M12 66 H48" stroke="{_INK}" stroke-width="2" opacity="0.35"/>')


def _dragon(rank: int) -> str:
    if rank == 5:  # white dragon: a blue double frame
        return (f'<rect x="12" y="14" width="36" height="54" rx="3" fill="none" '
                f'stroke="{_BLUE}" stroke-width="4"/>'
                f'<rect x="19" y="21" width="22" height="40" rx="2" fill="none" '
                f'stroke="{_BLUE}" stroke-width="2"/>')
    if rank == 6:  # green dragon: a sprout of three leaves on a stem
        return (f'<g fill="{_GREEN}">'
                f'<path d="M30 70 Q28 52 30 36" stroke="{_GREEN}" stroke-width="3.5" '
                f'fill="none"/>'
                f'<path d="M30 36 Q22 20 30 10 Q38 20 30 36 Z"/>'
                f'<path d="M30 46 Q14 46 10 32 Q24 30 30 46 Z"/>'
                f'<path d="M30 46 Q46 46 50 32 Q36 30 30 46 Z"/>'
                f'<path d="M30 60 Q18 62 13 52 Q25 49 30 60 Z"/>'
                f'<path d="M30 60 Q42 62 47 52 Q35 49 30 60 Z"/>'
                f'</g>')
    # red dragon: 中, a box crossed by a long vertical stroke
    return (f'<g stroke="{_RED}" stroke-width="5" fill="none" stroke-linejoin="round" '
            f'stroke-linecap="round">'
            f'<rect x="13" y="27" width="34" height="24" rx="2"/>'
            f'<path d="M30 12 V72"/></g>')


_FLOWER_COLOURS = ("#d9467a", "#8a4fc9", "#e0a016", _GREEN, "#e0603a", "#3a8fd9",
                   "#b8336a", "#5aa02c")


def _flower(rank: int) -> str:
    colour = _FLOWER_COLOURS[rank - 1]
    petals = 5 if rank in (1, 5) else (3 if rank in (2, 6) else 8 if rank in (3, 7) else 4)
    parts = [f'<path d="M30 70 Q30 58 30 50" stroke="{_GREEN}" stroke-width="3"/>',
             f'<path d="M30 62 Q20 60 18 52 Q27 53 30 62 Z" fill="{_GREEN}"/>']
    import math

    for i in range(petals):
        a = 2 * math.pi * i / petals - math.pi / 2
        x, y = 30 + 10 * math.cos(a), 34 + 10 * math.sin(a)
        parts.append(f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="7" ry="4.5" fill="{colour}" '
                     f'transform="rotate({math.degrees(a):.0f} {x:.1f} {y:.1f})"/>')
    parts.append(f'<circle cx="30" cy="34" r="4.5" fill="#f4d03f" stroke="{_INK}" '
                 f'stroke-width="0.8"/>')
    return "".join(parts)


def _season(rank: int) -> str:
    import math

    if rank == 1:  # spring: a blossoming twig
        return ('<path d="M14 66 Q30 50 46 20" stroke="#7a4a22" stroke-width="3" '
                'fill="none"/>'
                + "".join(f'<circle cx="{x}" cy="{y}" r="5" fill="#f08cb4"/>'
                          f'<circle cx="{x}" cy="{y}" r="1.8" fill="#f4d03f"/>'
                          for x, y in ((24, 52), (36, 36), (45, 22), (18, 40))))
    if rank == 2:  # summer: the sun
        rays = "".join(
            f'<line x1="{30 + 14 * math.cos(a):.1f}" y1="{40 + 14 * math.sin(a):.1f}" '
            f'x2="{30 + 21 * math.cos(a):.1f}" y2="{40 + 21 * math.sin(a):.1f}" '
            f'stroke="#e0801a" stroke-width="3" stroke-linecap="round"/>'
            for a in (2 * math.pi * i / 8 for i in range(8)))
        return rays + '<circle cx="30" cy="40" r="10" fill="#f0a020"/>'
    if rank == 3:  # autumn: a maple-like leaf
        return ('<path d="M30 12 L36 28 L50 24 L42 38 L52 46 L36 48 L34 62 L30 56 L26 62 '
                'L24 48 L8 46 L18 38 L10 24 L24 28 Z" fill="#c8561e"/>'
                '<path d="M30 56 V72" stroke="#7a4a22" stroke-width="2.5"/>')
    # winter: a snowflake
    arms = "".join(
        f'<line x1="30" y1="40" x2="{30 + 22 * math.cos(a):.1f}" '
        f'y2="{40 + 22 * math.sin(a):.1f}" stroke="{_BLUE}" stroke-width="3" '
        f'stroke-linecap="round"/>'
        for a in (math.pi * i / 3 for i in range(6)))
    return arms + f'<circle cx="30" cy="40" r="4" fill="{_BLUE}"/>'


def _joker() -> str:
    import math

    pts = []
    for i in range(10):
        a = math.pi * i / 5 - math.pi / 2
        r = 15 if i % 2 == 0 else 6.5
        pts.append(f"{30 + r * math.cos(a):.1f},{32 + r * math.sin(a):.1f}")
    return (f'<polygon points="{" ".join(pts)}" fill="#e0a016" stroke="{_RED}" '
            f'stroke-width="1.5"/>' + _text(30, 66, "JOKER", 12.5, _RED))


def _index(tile: Tile) -> tuple[str, str]:
    s, r = tile.suit, tile.rank
    if s in "mps":
        return str(r), _SUIT_COLOURS["pms".index(s)] if s != "m" else _RED
    if s == "z":
        # the winds' letter is their picture; the dragons' index names them
        return ("", _INK) if r <= 4 else (("Wh", _BLUE), ("G", _GREEN), ("R", _RED))[r - 5]
    if s == "f":
        return f"F{r}", _FLOWER_COLOURS[r - 1]
    if s == "g":
        return f"S{r}", "#7a4a22"
    return "J", _RED


def tile_body(tile: Tile | None) -> str:
    """The SVG elements of one tile drawn at the origin (``TILE_W`` by ``TILE_H``), without
    the outer ``<svg>``; ``None`` draws a tile face down (its back)."""
    edge = (f'<rect x="1" y="3" width="{TILE_W - 2}" height="{TILE_H - 4}" rx="7" '
            f'fill="{_EDGE}"/>')
    if tile is None:
        return (edge + f'<rect x="1" y="1" width="{TILE_W - 2}" height="{TILE_H - 5}" rx="7" '
                f'fill="#2f9b72" stroke="#176046" stroke-width="1.5"/>'
                f'<rect x="8" y="8" width="{TILE_W - 16}" height="{TILE_H - 19}" rx="4" '
                f'fill="none" stroke="#8fd3b6" stroke-width="1.2" opacity="0.7"/>')
    s, r = tile.suit, tile.rank
    if s == "m":
        art = _characters(r)
    elif s == "p":
        art = _circles(r)
    elif s == "s":
        art = _bamboo(r)
    elif s == "z":
        art = _wind(r) if r <= 4 else _dragon(r)
    elif s == "f":
        art = _flower(r) + _text(50, 74, str(r), 11, _FLOWER_COLOURS[r - 1])
    elif s == "g":
        art = _season(r) + _text(50, 74, str(r), 11, "#7a4a22")
    else:
        art = _joker()
    label, colour = _index(tile)
    index = _text(4, 12, label, 9.5, colour, anchor="start") if label and s != "j" else ""
    face = (f'<rect x="1" y="1" width="{TILE_W - 2}" height="{TILE_H - 5}" rx="7" '
            f'fill="{_FACE}" stroke="#d8cfb2" stroke-width="1"/>')
    return edge + face + art + index


def tile_svg(tile: Tile | str | None, *, height: float | None = None) -> str:
    """One tile as a standalone SVG document (a string). ``tile`` is a :class:`Tile`, its mpsz
    name, or None for a face-down tile. ``height`` sets the rendered height in pixels (the
    width follows); by default the picture is ``TILE_W`` by ``TILE_H``. Raises
    :class:`~mahjong_table.tiles.NotationError` for a bad name."""
    t = Tile.parse(tile) if isinstance(tile, str) else tile
    h = TILE_H if height is None else height
    w = h * TILE_W / TILE_H
    if t is None:
        title, label = "a tile face down", "face-down tile"
    else:
        title, label = f"{tile_alt(t)} ({t.name})", tile_alt(t)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {TILE_W} {TILE_H}" '
            f'width="{w:g}" height="{h:g}" role="img" aria-label="{escape(label)}">'
            f'<title>{escape(title)}</title>{tile_body(t)}</svg>')


def _row(items: Sequence[Tile | None], gap: float = 2) -> tuple[str, float]:
    parts = []
    x = 0.0
    for t in items:
        title = "a tile face down" if t is None else f"{tile_alt(t)} ({t.name})"
        parts.append(f'<g transform="translate({x:g} 0)"><title>{escape(title)}</title>'
                     f'{tile_body(t)}</g>')
        x += TILE_W + gap
    return "".join(parts), max(x - gap, 0)


def tiles_svg(tiles: Iterable[Tile | None] | str, *, height: float = 48, gap: float = 2) -> str:
    """A row of tiles as one SVG document; ``tiles`` may be mpsz text (``"123m5z"``); a None
    is a face-down tile."""
    seq: list[Tile | None] = list(parse_tiles(tiles) if isinstance(tiles, str) else tiles)
    body, w = _row(seq, gap)
    scale = height / TILE_H
    label = " ".join("back" if t is None else str(t) for t in seq)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {max(w, 1):g} {TILE_H}" '
            f'width="{max(w, 1) * scale:g}" height="{height:g}" role="img" '
            f'aria-label="{escape(label)}">{body}</svg>')


def meld_tiles_shown(meld: Meld) -> list[Tile | None]:
    """The tiles of a meld as laid on the table: a declared concealed kong shows its two
    middle tiles face up and the outer two face down (004 s05)."""
    tiles: list[Tile | None] = list(meld.tiles)
    if not meld.exposed and len(tiles) == 4:
        tiles[0] = tiles[3] = None
    return tiles


def meld_svg(meld: Meld, *, height: float = 48) -> str:
    """A meld as an SVG row (a concealed kong with its outer tiles face down)."""
    return tiles_svg(meld_tiles_shown(meld), height=height)


def view_svg(view: PlayerView, *, tile_height: float = 36) -> str:
    """A player's view as one SVG picture: every seat's wind, name, score, exposed melds,
    bonus tiles and discards, then the player's own hand sorted with the drawn tile apart.
    Only what the view holds is drawn (other players' concealed tiles are face down)."""
    scale = tile_height / TILE_H
    tw = (TILE_W + 2) * scale
    rows: list[str] = []
    y = 4.0
    width = 0.0

    def place(items: Sequence[Tile | None], x: float, y: float) -> float:
        body, w = _row(items)
        rows.append(f'<g transform="translate({x:g} {y:g}) scale({scale:g})">{body}</g>')
        return w * scale

    for seat in view.seats:
        dealer = " dealer" if seat.player == view.dealer else ""
        turn = " ◀ to act" if seat.player == view.current and view.phase != "game_over" else ""
        head = (f"{'ESWN'[seat.wind]} {seat.name} ({seat.score}){dealer}{turn}"
                f"{' DEAD' if seat.dead else ''}")
        rows.append(_text(4, y + 12, head, 13, _INK, anchor="start"))
        y += 16
        x = 4.0
        if seat.player != view.player:
            x += place([None] * min(seat.concealed_count, 14), x, y) + tw / 2
        for m in seat.melds:
            x += place(meld_tiles_shown(m), x, y) + tw / 3
        if seat.bonus:
            x += place(list(seat.bonus), x, y) + tw / 3
        width = max(width, x)
        y += tile_height + 4
        if seat.discards:
            w = place(list(seat.discards), 4, y)
            width = max(width, w + 8)
            y += tile_height + 4
        y += 6
    rows.append(_text(4, y + 12, f"Your hand (player {view.player}, {view.phase}; wall "
                                 f"{view.live_wall} live, {view.dead_wall} dead)", 13, _INK,
                      anchor="start"))
    y += 16
    hand = list(view.concealed)
    if view.drawn is not None and view.drawn in hand:
        hand.remove(view.drawn)
    w = place(hand, 4, y)
    if view.drawn is not None:
        w += tw / 2 + place([view.drawn], 4 + w + tw / 2, y)
    width = max(width, w + 8)
    y += tile_height + 6
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {y:g}" '
            f'width="{width:g}" height="{y:g}" style="background:#0e5a3f" '
            f'font-family="sans-serif">'
            f'<rect width="100%" height="100%" fill="#e9f3ee"/>{"".join(rows)}</svg>')


class ViewPicture:
    """Wraps a :class:`~mahjong_table.engine.view.PlayerView` so that a notebook draws it
    (``ViewPicture(game.view(0))`` as the last expression of a cell)."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view

    def _repr_svg_(self) -> str:
        return view_svg(self.view)
