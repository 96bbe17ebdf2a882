"""Records made by the engine before the American reshaping (issue 8) still replay event for
event: Hong Kong (004) and Chinese (001 Part two) play exactly as before.

The files in ``tests/data/records`` were written by ``simulate --record`` at commit 2821b7d and
are never regenerated: a change that alters one event of Hong Kong or Chinese play fails here.
``american-before-issue-19.jsonl`` was written at commit 3ee688d, before the winning hand's
groups were written as the card writes them: only that written form may differ in a replay
(:func:`mahjong_table.record.same_but_written`), never a tile, a point or a payment.
"""

from __future__ import annotations

from pathlib import Path

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
