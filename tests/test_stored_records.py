"""Records made by the engine before the American reshaping (issue 8) still replay event for
event: Hong Kong (004) and Chinese (001 Part two) play exactly as before.

The files in ``tests/data/records`` were written by ``simulate --record`` at commit 2821b7d and
are never regenerated: a change that alters one event of Hong Kong or Chinese play fails here.
``american-before-issue-19.jsonl`` was written at commit 3ee688d, before the winning hand's
groups were written as the card writes them (and before issue 48 wrote a line with its
numbers rule): only those written forms may differ in a replay
(:func:`mahjong_table.record.same_but_written`), never a tile, a point or a payment.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mahjong_table.record import replay

RECORDS = sorted((Path(__file__).parent / "data" / "records").glob("*.jsonl"))


def test_stored_records_exist() -> None:
    assert len(RECORDS) >= 4


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_stored_record_replays_event_for_event(path: Path) -> None:
    report = replay(path)
    assert report.ok, report.problem
    assert report.events > 100 and report.actions > 20


def test_the_written_form_of_a_hand_may_differ_but_not_its_tiles(tmp_path: Path) -> None:
    """A replay accepts a winning hand's groups written otherwise (display text), and still
    fails on a changed tile (issue 19: American groups as the card writes them)."""
    import json

    source = Path(__file__).parent / "data" / "records" / "american-before-issue-19.jsonl"
    rows = [json.loads(line) for line in source.read_text().splitlines()]
    i = next(i for i, r in enumerate(rows) if "event" in r
             and r["event"]["type"] == "hand_end" and r["event"]["result"]["score"])
    score = rows[i]["event"]["result"]["score"]
    group = next(g for g in score["decomposition"] if not g.startswith("["))
    changed = ("2m" if "1m" in group else "1m") + group[2:]
    score["decomposition"] = [changed if g == group else g
                              for g in score["decomposition"]]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    report = replay(bad)
    assert not report.ok and "event differs" in (report.problem or "")


def test_a_line_written_with_its_numbers_rule_is_the_same_line() -> None:
    """Issue 48 writes an American line with its numbers rule (``... F {any}``): a record
    made before still replays (the rule after the pattern is written form), but another
    pattern, another line number or other points still differ."""
    from mahjong_table.record import same_but_written

    def end(pattern: str, number: int = 2, points: int = 30) -> dict[str, Any]:
        name = f"Like Numbers #{number}: {pattern}"
        return {"type": "hand_end", "player": 2, "result": {"winner": 2, "score": {
            "points": points, "hand": "11m", "decomposition": ["11m"],
            "items": [{"id": "line", "name": name, "points": points}],
            "line": {"section": "Like Numbers", "number": number, "pattern": pattern}}}}

    old = end("11a 1111b 1111c DDDa F")
    assert same_but_written(end("11a 1111b 1111c DDDa F {any}"), old)
    assert not same_but_written(end("11a 1111b 1111c DDDb F {any}"), old)
    assert not same_but_written(end("11a 1111b 1111c DDDa F {any}", number=3), old)
    assert not same_but_written(end("11a 1111b 1111c DDDa F {any}", points=35), old)
