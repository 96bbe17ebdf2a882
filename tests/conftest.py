"""Shared fixtures: every test starts and ends in English (issue 23: ``main(["--lang", "it",
...])`` sets the process's language; the next test must not inherit it), and with Ctrl-C's
default handling (a library that installs its own SIGINT handler in the test process, or
leaves it ignored, must not change what the next test's Ctrl-C or its subprocesses do: the
Ctrl-C tests of ``simulate`` failed after such a test in the full suite)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator

import pytest

from mahjong_table.i18n import set_language


@pytest.fixture(autouse=True)
def _english_between_tests() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def _default_ctrl_c() -> None:
    """SIGINT handled by Python's default handler and not blocked (a handler or a blocked
    signal mask left by a library is inherited by the next test and its subprocesses)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@pytest.fixture(autouse=True)
def _default_ctrl_c_between_tests() -> Iterator[None]:
    _default_ctrl_c()
    yield
    _default_ctrl_c()
