"""`sgs replay --verify FILE|DIR...`: many logs verified in one call, over every core.

Each path is a log or a directory, whose `*.sgslog` files (found recursively) are taken in the
order of their paths. One log is verified in this process, as before; several are spread over
worker processes (`--jobs`, default: every core), each re-executing whole logs with
`replays.verify` (so a log is checked exactly as `sgs replay --verify LOG` checks it). The
reports come back in the order of the logs, one line each, then a summary line with the
decisions re-executed per second.

Bounds: at most `MAX_LOGS` logs per call and `MAX_JOBS` processes; a path that is neither a log
nor a directory, and a directory with no log, are errors before anything runs.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from replays import LogError, verify
from replays.reexecution import Report

MAX_LOGS = 1_000_000
MAX_JOBS = 256
SUFFIX = ".sgslog"


class VerifyUsageError(ValueError):
    """A path or option that cannot be verified at all (the command's exit 2)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One log's verification: its report, or why it could not be read (`unusable`)."""

    path: str
    report: Report | None
    unusable: str | None = None

    @property
    def ok(self) -> bool:
        return self.report is not None and self.report.ok


def logs_in(paths: Sequence[str]) -> list[str]:
    """The logs the paths name: files as given, directories as their `*.sgslog` files."""
    out: list[str] = []
    for path in paths:
        p = Path(path)
        if p.is_dir():
            found = sorted(str(f) for f in p.rglob(f"*{SUFFIX}") if f.is_file())
            if not found:
                raise VerifyUsageError(f"{path}: no {SUFFIX} file in this directory")
            out.extend(found)
        elif p.is_file():
            out.append(path)
        elif p.exists():
            raise VerifyUsageError(f"{path}: neither a log nor a directory")
        else:
            raise VerifyUsageError(f"{path}: no such file or directory")
        if len(out) > MAX_LOGS:
            raise VerifyUsageError(f"more than {MAX_LOGS:,} logs in one call; split the paths")
    return out


def verify_one(job: tuple[str, str | None]) -> Outcome:
    path, ruleset = job
    try:
        return Outcome(path, verify(path, ruleset))
    except LogError as exc:
        return Outcome(path, None, str(exc))


def jobs_for(requested: int | None, logs: int) -> int:
    if requested is not None and not 1 <= requested <= MAX_JOBS:
        raise VerifyUsageError(f"--jobs must be from 1 to {MAX_JOBS}, got {requested}")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(requested or cores or 1, logs))


def verify_all(
    logs: Sequence[str], ruleset: str | None, jobs: int, done: Callable[[Outcome], None]
) -> None:
    """Verify every log, calling `done` with each outcome in the order of `logs`."""
    work = [(path, ruleset) for path in logs]
    if jobs == 1:
        for job in work:
            done(verify_one(job))
        return
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with context.Pool(jobs) as pool:
        chunk = max(1, min(8, len(work) // (jobs * 8)))
        outcomes: Iterator[Outcome] = pool.imap(verify_one, work, chunksize=chunk)
        for outcome in outcomes:
            done(outcome)


@dataclass(slots=True)
class Tally:
    logs: int = 0
    ok: int = 0
    failed: int = 0
    unusable: int = 0
    decisions: int = 0
    started: float = 0.0

    def add(self, outcome: Outcome) -> None:
        self.logs += 1
        if outcome.report is None:
            self.unusable += 1
            return
        self.decisions += outcome.report.decisions
        if outcome.report.ok:
            self.ok += 1
        else:
            self.failed += 1

    def summary(self, jobs: int) -> str:
        seconds = max(time.perf_counter() - self.started, 1e-9)
        rate = self.decisions / seconds
        bad = f", {self.failed} failed" if self.failed else ""
        unusable = f", {self.unusable} unusable" if self.unusable else ""
        procs = "1 process" if jobs == 1 else f"{jobs} processes"
        return (
            f"verified {self.logs} logs: {self.ok} OK{bad}{unusable}; {self.decisions:,} "
            f"decisions in {seconds:.1f} s ({rate:,.0f} decisions/s, {procs})"
        )
