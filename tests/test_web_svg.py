"""Tiles as SVG pictures (issue 9 item 3): every tile of every rule set, melds and a view, for
the web table and for notebooks (``_repr_svg_``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from mahjong_table.engine import Game
from mahjong_table.melds import parse_meld
from mahjong_table.rules import get_rule_set
from mahjong_table.svg import ViewPicture, tile_svg, tiles_svg, view_svg
from mahjong_table.tiles import TILES, Tile

NS = "{http://www.w3.org/2000/svg}"


def titles(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter(f"{NS}title")]


def test_every_tile_is_a_picture_with_glyph_and_name() -> None:
    """Suits, honours, flowers 1-8, seasons, the joker: well-formed SVG whose title and
    aria-label hold the Unicode glyph and the mpsz name; every picture differs."""
    seen = set()
    for t in TILES:
        svg = t._repr_svg_()
        root = ET.fromstring(svg)
        assert root.get("aria-label") == f"{t.glyph} {t}"
        assert titles(svg) == [f"{t.glyph} {t} ({t.name})"]
        seen.add(svg.split("</title>", 1)[1])
    assert len(seen) == len(TILES)
    assert "face down" in tile_svg(None)


def test_a_concealed_kong_shows_its_outer_tiles_face_down() -> None:
    """004 s05: a declared concealed kong is laid with two tiles face up."""
    kong = parse_meld("(1111s)")
    assert titles(kong._repr_svg_()).count("a tile face down") == 2
    pung = parse_meld("[777z]")
    assert len([x for x in titles(pung._repr_svg_()) if x.startswith(Tile.parse("7z").glyph)]) == 3
    assert len(titles(tiles_svg("123m5z"))) == 4


def test_a_view_picture_shows_only_what_the_view_holds() -> None:
    """A view drawn as SVG: one's own hand face up, the others' concealed tiles face down."""
    game = Game(get_rule_set("hongkong"), 5)
    view = game.view(1)
    svg = ViewPicture(view)._repr_svg_()
    assert svg == view_svg(view)
    names = titles(svg)
    backs = names.count("a tile face down")
    assert backs == sum(s.concealed_count for s in view.seats if s.player != 1)
    shown = [n.split(" ")[1] for n in names if n != "a tile face down"]
    bonus = [str(t) for s in view.seats for t in s.bonus]
    assert sorted(shown) == sorted([str(t) for t in view.concealed] + bonus)
