"""Tiles and notation (shared/NOTATION.md): parse and format round-trip, errors name the bad
token, glyphs and English names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_table.melds import Hand, Meld, MeldError, MeldKind, parse_hand
from mahjong_table.tiles import (
    AMERICAN_TILE_SET,
    CHINESE_TILE_SET_NO_BONUS,
    HONG_KONG_TILE_SET,
    TILES,
    NotationError,
    Tile,
    TileCountError,
    format_tiles,
    parse_tiles,
)


def test_notation_tile_kinds() -> None:
    """NOTATION.md: m characters, p circles, s bamboo, z honours in Tenhou order, f, g, j."""
    assert [t.name for t in parse_tiles("1m9p5s")] == ["1 Characters", "9 Circles", "5 Bamboo"]
    assert [t.name for t in parse_tiles("1234567z")] == [
        "East wind", "South wind", "West wind", "North wind",
        "White dragon", "Green dragon", "Red dragon"]
    assert parse_tiles("1f")[0].is_flower and parse_tiles("4g")[0].is_season
    assert parse_tiles("1j")[0].is_joker
    assert len(parse_tiles("111j")) == 3


def test_notation_spaces_are_free_and_order_kept() -> None:
    assert parse_tiles("123m 456p 11z") == parse_tiles("123m456p11z")
    assert format_tiles(parse_tiles("55z123m")) == "55z123m"


@pytest.mark.parametrize(("text", "names"), [
    ("12x", "'x'"),
    ("123", "'123'"),
    ("0m", "rank 0"),
    ("8z", "rank 8"),
    ("5g", "rank 5"),
    ("m", "'m'"),
    ("1M", "'M'"),
])
def test_notation_errors_name_the_bad_token(text: str, names: str) -> None:
    """NOTATION.md: unknown letter, rank out of range, digits with no letter are rejected,
    case-sensitively, with a message naming the token."""
    with pytest.raises(NotationError) as err:
        parse_tiles(text)
    assert names in str(err.value)


def test_notation_too_many_copies() -> None:
    """NOTATION.md: more copies than the tile set holds: four of a suited or honour tile, one
    of each flower and season, eight American flowers, eight jokers."""
    with pytest.raises(TileCountError, match="5 copies of 2m"):
        parse_tiles("22222m", HONG_KONG_TILE_SET)
    with pytest.raises(TileCountError):
        parse_tiles("11f", HONG_KONG_TILE_SET)
    with pytest.raises(TileCountError, match="not in the"):
        parse_tiles("1f", CHINESE_TILE_SET_NO_BONUS)
    parse_tiles("11112222f", AMERICAN_TILE_SET)  # flowers interchangeable: eight in all
    with pytest.raises(TileCountError, match="flowers"):
        parse_tiles("111122223f", AMERICAN_TILE_SET)
    with pytest.raises(TileCountError):
        parse_tiles("111111111j", AMERICAN_TILE_SET)


def test_tile_sets_sizes() -> None:
    """004 s02: 144 tiles; 001 Part two: 144 or 136; 001 Part one: 152."""
    assert HONG_KONG_TILE_SET.size == 144
    assert CHINESE_TILE_SET_NO_BONUS.size == 136
    assert AMERICAN_TILE_SET.size == 152


def test_tile_values() -> None:
    t = Tile.parse("5p")
    assert str(t) == "5p" and repr(t) == "Tile.parse('5p')" and t.glyph == "\U0001f01d"
    assert Tile.parse("1z").glyph == "\U0001f000" and Tile.parse("7z").glyph == "\U0001f004"
    assert Tile.parse("9s").is_terminal and not Tile.parse("8s").is_terminal
    assert Tile.parse("6z").is_dragon and Tile.parse("4z").is_wind
    with pytest.raises(NotationError):
        Tile.parse("12m")


def test_meld_classification_004_s05() -> None:
    """004 s05/s08: a chow is three consecutive tiles of one suit, no wrapping, no honours."""
    assert Meld.of(parse_tiles("342m")).kind is MeldKind.CHOW
    assert Meld.of(parse_tiles("777z")).kind is MeldKind.PUNG
    assert Meld.of(parse_tiles("1111s")).kind is MeldKind.KONG
    for bad in ("891m", "123z", "135m", "12m3p"):
        with pytest.raises(MeldError):
            Meld.of(parse_tiles(bad))
    assert Meld.of(parse_tiles("55m1j"), allow_jokers=True).kind is MeldKind.PUNG
    with pytest.raises(MeldError, match="jokers"):
        Meld.of(parse_tiles("55m1j"))


def test_hand_notation() -> None:
    hand = parse_hand("[777z] (1111s) 123m456p 11z", HONG_KONG_TILE_SET)
    assert [m.notation() for m in hand.melds] == ["[777z]", "(1111s)"]
    assert hand.melds[1].exposed is False
    assert len(hand.concealed) == 8
    with pytest.raises(NotationError, match="unbalanced"):
        parse_hand("[123m 456p")
    with pytest.raises(MeldError):
        parse_hand("(123m)")


playing = st.sampled_from(TILES[:34])


@given(st.lists(st.sampled_from(TILES), max_size=30))
def test_property_tiles_round_trip(tiles: list[Tile]) -> None:
    """format_tiles then parse_tiles gives the same tiles back, in the same order."""
    assert parse_tiles(format_tiles(tiles)) == tiles


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    melds = []
    for _ in range(draw(st.integers(0, 3))):
        t = draw(playing)
        kind = draw(st.sampled_from(["chow", "pung", "kong", "ckong"]))
        if kind == "chow" and t < 27 and t % 9 <= 6:
            melds.append(Meld.of([t, TILES[t + 1], TILES[t + 2]]))
        elif kind == "ckong":
            melds.append(Meld.of([t] * 4, exposed=False))
        elif kind == "kong":
            melds.append(Meld.of([t] * 4))
        else:
            melds.append(Meld.of([t] * 3))
    concealed = draw(st.lists(playing, max_size=14))
    return Hand(tuple(concealed), tuple(melds))


@given(hands())
def test_property_hand_round_trip(hand: Hand) -> None:
    """Hand.notation then parse_hand gives the same melds and concealed tiles (sorted)."""
    back = parse_hand(hand.notation())
    assert back.melds == hand.melds
    assert back.concealed == tuple(hand.concealed)
