"""ScoreItem, ScoreResult and the other dataclasses built on hot paths keep the value
semantics of their dataclasses with their written-out ``__init__`` (issue 25: the generated
one ran as Python in the compiled build): defaults, keywords, equality, hashing,
immutability, ``dataclasses.replace`` and the shared/NOTATION.md JSON."""

from __future__ import annotations

import dataclasses

import pytest

from mahjong_table.scoring import ScoreItem, ScoreResult


def test_score_item_defaults_keywords_and_equality() -> None:
    item = ScoreItem("self_drawn", "Self-drawn", 1)
    assert (item.id, item.name, item.fan, item.explanation, item.unit) == (
        "self_drawn", "Self-drawn", 1, "", "fan")
    same = ScoreItem(id="self_drawn", name="Self-drawn", fan=1, explanation="", unit="fan")
    assert item == same and hash(item) == hash(same)
    assert item != ScoreItem("self_drawn", "Self-drawn", 2)
    assert ScoreItem("x", "X", 3, "why", "points").to_json() == {"id": "x", "name": "X",
                                                                 "points": 3}
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.fan = 2  # type: ignore[misc]
    assert [f.name for f in dataclasses.fields(ScoreItem)] == [
        "id", "name", "fan", "explanation", "unit"]


def test_score_result_defaults_are_fresh_dictionaries() -> None:
    a = ScoreResult("hongkong", False, "1m", reason="not a winning hand")
    b = ScoreResult("hongkong", False, "1m", reason="not a winning hand")
    assert a == b
    assert a.payments == {} and a.extra == {} and a.payments is not b.payments
    assert a.extra is not b.extra
    assert (a.fan, a.limit, a.base, a.items, a.decomposition, a.total_key) == (
        0, None, 0, (), (), "fan")
    assert a.to_json() == {"rules": "hongkong", "valid": False, "hand": "1m",
                           "reason": "not a winning hand"}


def test_score_result_positional_keywords_replace_and_json() -> None:
    item = ScoreItem("self_drawn", "Self-drawn", 1)
    r = ScoreResult("hongkong", True, "123m", 1, None, 2, (item,), ("123m",), {0: 6, 1: -2,
                    2: -2, 3: -2}, None, "fan", {"note": 1})
    k = ScoreResult(rules="hongkong", valid=True, hand="123m", fan=1, base=2, items=(item,),
                    decomposition=("123m",), payments={0: 6, 1: -2, 2: -2, 3: -2},
                    extra={"note": 1})
    assert r == k
    assert dataclasses.replace(r, fan=3).fan == 3
    assert dataclasses.replace(r, fan=3).items == (item,)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.fan = 5  # type: ignore[misc]
    assert r.to_json() == {"rules": "hongkong", "valid": True, "hand": "123m", "fan": 1,
                           "limit": None, "base": 2,
                           "items": [{"id": "self_drawn", "name": "Self-drawn", "fan": 1}],
                           "decomposition": ["123m"],
                           "payments": {"E": 6, "S": -2, "W": -2, "N": -2}, "note": 1}


def _hot_dataclasses() -> list[type]:
    from mahjong_table.engine.game import HandResult, PlayerState
    from mahjong_table.melds import Hand, Meld
    from mahjong_table.rules.base import Progress, WallBreak
    from mahjong_table.rules.hand_checks import Reading, SetInfo
    from mahjong_table.rules.hongkong_scoring import _Scored
    from mahjong_table.rules.mcr_scoring import McrScore
    from mahjong_table.scoring import WinContext
    from mahjong_table.wall import WallPosition

    return [ScoreItem, ScoreResult, WinContext, Meld, Hand, WallPosition, WallBreak, Progress,
            HandResult, PlayerState, SetInfo, Reading, _Scored, McrScore]


@pytest.mark.parametrize("cls", _hot_dataclasses(), ids=lambda c: c.__name__)
def test_written_out_init_takes_the_fields_in_order_with_their_defaults(cls: type) -> None:
    """Every dataclass built on a hot path defines its own ``__init__`` (the generated one
    runs as Python in the compiled build); it must take the fields in their order, with the
    same defaults (a ``default_factory`` field defaults to None, read as a new object), so
    that a field added later without its ``__init__`` parameter fails here."""
    import inspect

    assert "__init__" in vars(cls), f"{cls.__name__} has no written-out __init__"
    try:
        params = list(inspect.signature(vars(cls)["__init__"]).parameters.values())[1:]
    except (TypeError, ValueError):
        params = []
    if not params or params[0].kind is inspect.Parameter.VAR_POSITIONAL:
        # the compiled build shows a native __init__ as ``(*args, **kwargs)``
        pytest.skip("no signature in this build (the pure build checks it)")
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default, f"{cls.__name__}.{f.name}"
        elif f.default_factory is not dataclasses.MISSING:
            assert p.default is None, f"{cls.__name__}.{f.name}"
        else:
            assert p.default is inspect.Parameter.empty, f"{cls.__name__}.{f.name}"


def test_player_state_defaults_are_fresh_lists() -> None:
    from mahjong_table.engine.game import PlayerState
    from mahjong_table.tiles import NUM_PLAYING

    a, b = PlayerState(), PlayerState()
    assert a == b and a.counts == [0] * NUM_PLAYING and a.melds == [] and not a.dead
    assert a.counts is not b.counts and a.melds is not b.melds
    assert a.bonus is not b.bonus and a.discards is not b.discards


def test_win_context_still_refuses_a_kong_replacement_on_the_last_tile() -> None:
    """The written-out ``__init__`` runs the construction check (scoring.py
    KONG_REPLACEMENT_NOT_LAST_TILE) as the generated one did through ``__post_init__``."""
    from mahjong_table.melds import Hand
    from mahjong_table.scoring import WinContext
    from mahjong_table.tiles import TILES

    hand = Hand(tuple(TILES[k] for k in (0, 0)))
    with pytest.raises(ValueError):
        WinContext(hand, TILES[0], last_tile=True, kong_replacement=True)
    ctx = WinContext(hand, TILES[0], self_drawn=True)
    assert dataclasses.replace(ctx, seat_wind=2).seat_wind == 2
    assert dataclasses.replace(ctx, seat_wind=2).self_drawn
