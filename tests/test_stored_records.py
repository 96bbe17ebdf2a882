"""Records made by the engine before the American reshaping (issue 8) still replay event for
event: Hong Kong (004) and Chinese (001 Part two) play exactly as before.

The files in ``tests/data/records`` were written by ``simulate --record`` at commit 2821b7d and
are never regenerated: a change that alters one event of Hong Kong or Chinese play fails here.
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
