"""Progress of a long run, on stderr: a rich bar with rate and ETA on a terminal, a `progress`
log line every few seconds otherwise and one when the work ends (structlog: readable or JSON, as
every other log line), nothing when quiet.

    with progress_bar(1000, "games", quiet=args.quiet) as bar:
        for ... :
            play_one_game()
            bar.advance()

`advance()` is meant for whole units of work (a game), not for the inner loop of one. For work
that counts itself somewhere (a fleet's games), `following(count, total)` polls that count from
a thread instead.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

import structlog
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

log = structlog.get_logger("sgs.progress")

LOG_INTERVAL = 2.0  # seconds between progress log lines when stderr is no terminal


class Advance:
    """What a run reports through; the quiet one does nothing."""

    done = 0

    def advance(self, n: int = 1) -> None:
        self.done += n


class _Logged(Advance):
    def __init__(self, total: int, unit: str, interval: float) -> None:
        self.total, self.unit, self.interval = total, unit, interval
        self.started = self.last = time.monotonic()
        self.said = 0

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if now - self.last >= self.interval:
            self.last = now
            self.said = self.done
            log.info("progress", **figures(self.done, self.total, now - self.started, self.unit))

    def close(self) -> None:
        """The last line: what was done in all (a reader of the log sees the work end, however
        short it was), unless the last periodic line said it already."""
        if self.done and self.said != self.done:
            seconds = time.monotonic() - self.started
            log.info("progress", **figures(self.done, self.total, seconds, self.unit))


class _Bar(Advance):
    def __init__(self, bar: Progress, task: TaskID) -> None:
        self.bar, self.task = bar, task

    def advance(self, n: int = 1) -> None:
        self.done += n
        self.bar.advance(self.task, n)


class _Rate(ProgressColumn):
    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        shown = "?" if speed is None else f"{speed:.1f}"
        return Text(f"{shown} {self.unit}/s", style="progress.data.speed")


def figures(done: int, total: int, seconds: float, unit: str) -> dict[str, object]:
    """done/total, the rate so far and the time left at that rate (None before any unit)."""
    rate = done / seconds if seconds > 0 else 0.0
    eta = round((total - done) / rate, 1) if rate > 0 else None
    return {unit: done, "of": total, "per_second": round(rate, 2), "eta_seconds": eta}


@contextmanager
def progress_bar(
    total: int,
    unit: str = "games",
    *,
    quiet: bool = False,
    stream: TextIO | None = None,
    interval: float = LOG_INTERVAL,
) -> Iterator[Advance]:
    """Report `total` units of work as they are `advance()`d: a rich bar when `stream` (default
    stderr) is a terminal, log lines every `interval` seconds otherwise, nothing if `quiet`."""
    out = sys.stderr if stream is None else stream
    if quiet:
        yield Advance()
        return
    if not out.isatty():
        logged = _Logged(total, unit, interval)
        try:
            yield logged
        finally:
            logged.close()
        return
    bar = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        _Rate(unit),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=Console(file=out),
        transient=True,
    )
    with bar:
        yield _Bar(bar, bar.add_task(unit, total=total))


@contextmanager
def following(
    count: Callable[[], int],
    total: int,
    unit: str = "games",
    *,
    quiet: bool = False,
    stream: TextIO | None = None,
    every: float = 0.25,
) -> Iterator[None]:
    """`progress_bar` for work that keeps its own count: a thread reads `count()` every
    `every` seconds while the body runs, and once more at the end."""
    with progress_bar(total, unit, quiet=quiet, stream=stream) as bar:
        finished = threading.Event()

        def catch_up() -> None:
            bar.advance(max(0, count() - bar.done))

        def follow() -> None:
            while not finished.wait(every):
                catch_up()

        thread = threading.Thread(target=follow, name="progress", daemon=True)
        thread.start()
        try:
            yield
        finally:
            finished.set()
            thread.join()
            catch_up()
