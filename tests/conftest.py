"""Shared fixtures: every test starts and ends in English (issue 23: ``main(["--lang", "it",
...])`` sets the process's language; the next test must not inherit it)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mahjong_table.i18n import set_language


@pytest.fixture(autouse=True)
def _english_between_tests() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")
