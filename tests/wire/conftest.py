"""The wire tests' helpers and their `procs` fixture live in `tests/wire_support.py` (shared with
the other suites that run real processes); re-exported here for the tests of this folder, which
import them `from conftest import ...`."""

from __future__ import annotations

from wire_support import (
    PATIENT,
    REPO,
    WAIT,
    BadServerProof,
    Proc,
    Procs,
    Proxy,
    RawAgent,
    Served,
    child_env,
    count_lines,
    expected_views,
    pack,
    plain,
    procs,
    transcript,
    transcript_events,
    wait_for,
)

__all__ = [
    "PATIENT",
    "REPO",
    "WAIT",
    "BadServerProof",
    "Proc",
    "Procs",
    "Proxy",
    "RawAgent",
    "Served",
    "child_env",
    "count_lines",
    "expected_views",
    "pack",
    "plain",
    "procs",
    "transcript",
    "transcript_events",
    "wait_for",
]
