"""The ``mahjong-table analyze`` command, run in-process through :func:`mahjong_table.cli.main`."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mahjong_table.analysis import HONG_KONG_FORMS, analyze_hand
from mahjong_table.cli import main
from mahjong_table.melds import parse_hand
from mahjong_table.tiles import parse_tiles


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["analyze", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    status, out, err = run([*argv, "--json"], capsys)
    assert status == 0, err
    obj: dict[str, Any] = json.loads(out)
    return obj


def test_ready_hand_text(capsys: pytest.CaptureFixture[str]) -> None:
    """004 s06: the worked example before the East arrives waits on East and 8 Characters."""
    status, out, _ = run(["234s567p777z11z88m"], capsys)
    assert status == 0
    assert out.splitlines()[0] == "Hong Kong (Mahjong Time): 234s567p77711z88m"
    assert "Ready (shanten 0)" in out
    assert ("Wins on 8m (8 Characters, 2 unseen), 1z (East wind, 2 unseen): 4 tiles unseen."
            in out)


def test_ready_hand_json(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(["234s567p777z11z88m", "--seen", "1z"], capsys)
    assert obj["rules"] == "hongkong"
    assert obj["hand"] == "234s567p77711z88m"
    assert obj["state"] == "ready"
    assert obj["shanten"] == 0
    assert obj["to_discard"] is False
    assert obj["forms"] == ["standard", "seven_pairs", "thirteen_orphans"]
    assert obj["shanten_by_form"] == {"standard": 0, "seven_pairs": 3, "thirteen_orphans": 10}
    assert obj["waits"] == [{"tile": "8m", "unseen": 2}, {"tile": "1z", "unseen": 1}]
    assert obj["useful"] == obj["waits"]
    assert obj["unseen_useful"] == 3
    assert obj["discards"] == []


def test_discard_advice(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["123m456p789s1122z5s"], capsys)
    assert status == 0
    assert "Shanten 0: ready after the best discard" in out
    assert "   1. discard 5s: ready, wins on 1z(2) 2z(2) (4 tiles unseen)" in out
    assert "discard 1z: 1 away from ready, 7 useful kinds, 22 unseen:" in out
    obj = run_json(["123m456p789s1122z5s"], capsys)
    assert obj["to_discard"] is True
    assert [d["tile"] for d in obj["discards"]][:3] == ["5s", "1z", "2z"]
    assert obj["discards"][0] == {"tile": "5s", "shanten": 0, "unseen": 4,
                                  "useful": [{"tile": "1z", "unseen": 2},
                                             {"tile": "2z", "unseen": 2}]}
    assert len(obj["discards"]) == 12  # one per distinct tile


def test_not_ready_with_melds(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(["[777z] (1111s) 23m4p79p13z"], capsys)
    assert obj["melds"] == 2
    assert obj["concealed_tiles"] == 7
    assert obj["state"] == "not_ready"
    assert obj["shanten_by_form"] == {"standard": obj["shanten"]}
    # own melds are visible: 7z and 1s appear in no unseen count above 4 - held
    useful = {u["tile"]: u["unseen"] for u in obj["useful"]}
    assert useful["1z"] == 3
    _, out, _ = run(["[777z] (1111s) 23m4p79p13z"], capsys)
    assert f"Shanten {obj['shanten']}:" in out and "Useful draws" in out


def test_complete_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["1122m3344p5566s77z"], capsys)
    assert status == 0
    assert "Mahjong!" in out and "seven pairs -1" in out
    obj = run_json(["1122m3344p5566s77z"], capsys)
    assert obj["state"] == "complete" and obj["shanten"] == -1


def test_chinese_forms(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(["--rules", "chinese", "1122m3344p5566s77z"], capsys)["shanten"] == 3
    obj = run_json(["--rules", "chinese", "--seven-pairs", "1122m3344p5566s77z"], capsys)
    assert obj["shanten"] == -1 and obj["forms"] == ["standard", "seven_pairs"]
    obj = run_json(["--rules", "chinese", "--thirteen-orphans", "19m19p19s1234567z"], capsys)
    assert obj["shanten"] == 0 and len(obj["waits"]) == 13


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["123m45"], "no suit letter"),
        (["123m456p789s11z"], "11 concealed tiles with 0 declared meld(s)"),
        (["123m456p789s1122z1f"], "bonus tile"),
        (["11111m456p789s11z"], "5 copies of 1m"),
        (["123m456p789s1122z", "--seen", "1z1z1z"], "between the hand and the tiles seen"),
        (["123m456p789s1122z", "--rules", "riichi"], "unknown rule set"),
        (["123m456p789s1122z", "--seven-pairs"], "seven_pairs"),
    ],
)
def test_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(argv, capsys)
    assert status == 2
    assert out == ""
    assert err.startswith("mahjong-table analyze: error:")
    assert message in err


def test_analyze_hand_value() -> None:
    a = analyze_hand(parse_hand("[123m] 456p789s1122z"), HONG_KONG_FORMS,
                     parse_tiles("1z"))
    assert a.melds == 1 and a.state == "ready"
    assert [(str(w.tile), w.unseen) for w in a.waits] == [("1z", 1), ("2z", 2)]
    assert a.visible[0] == 1  # the exposed chow's 1m
