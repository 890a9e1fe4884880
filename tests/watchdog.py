"""A hung test ends with the place it waited, never with the run's time limit.

pytest-timeout (`timeout`, signal method, in pyproject.toml) fails a test that runs past its limit
with the traceback of the line it waited on; the worker goes on with the next test. A wait inside
C code that never returns to Python cannot be broken that way, so this plugin is the backstop:
GRACE seconds past the limit, faulthandler's own thread prints every thread's stack to the real
stderr (a copy taken before any capture) and ends the process. pytest-xdist then reports that the
worker crashed "while running" the test, and `make test` ends the run there
(`--max-worker-restart 0`): a replaced worker under pytest-xdist 3.8's module scheduling runs the
crashed test again and can deadlock the end of the run (its issue #1378), which is how two CI
runs of this suite ran out their 90 minutes.
"""

from __future__ import annotations

import faulthandler
import os
import sys
from collections.abc import Generator
from typing import IO, Any

import pytest

GRACE = 120.0  # seconds past the test's timeout

_stream: list[IO[str]] = []  # the real stderr, duplicated at configure time


def pytest_configure(config: pytest.Config) -> None:
    if not _stream:
        _stream.append(os.fdopen(os.dup(sys.__stderr__.fileno()), "w", closefd=True))


def limit(item: pytest.Item) -> float:
    """The test's pytest-timeout limit in seconds (0: none)."""
    marker = item.get_closest_marker("timeout")
    if marker is not None and marker.args:
        return float(marker.args[0])
    return float(item.config.getini("timeout") or 0)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[Any]:
    seconds = limit(item)
    if seconds > 0 and _stream:
        faulthandler.dump_traceback_later(seconds + GRACE, exit=True, file=_stream[0])
    try:
        return (yield)
    finally:
        faulthandler.cancel_dump_traceback_later()
