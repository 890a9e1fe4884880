"""structlog setup: readable lines on a console, JSON lines otherwise (or with SGS_LOG=json)."""

from __future__ import annotations

import logging
import os
import sys
import threading
from typing import Any

import structlog


class StderrLogger:
    """Prints each rendered line to `sys.stderr` as it is at that moment, not as it was when
    logging was configured: while a progress bar (`sgs.progress`) is on the terminal, rich
    stands in for `sys.stderr` and prints log lines above the bar instead of through it.

    One line at a time (a lock), reentrant: a signal handler that logs while the main thread is
    in the middle of a line does not deadlock. Each line is one write, newline included:
    processes sharing a stderr (`sgs serve` and its bots) interleave whole lines, never parts
    (`print` writes the newline separately, and stderr writes through)."""

    _lock = threading.RLock()

    def msg(self, message: str) -> None:
        with self._lock:
            err = sys.stderr
            err.write(message + "\n")
            err.flush()

    log = debug = info = warn = warning = msg
    fatal = failure = err = error = critical = exception = msg


def stderr_logger(*args: Any) -> StderrLogger:
    return StderrLogger()


def configure(level: str | None = None, json: bool | None = None) -> None:
    level_name = (level or os.environ.get("SGS_LOG_LEVEL") or "info").upper()
    if json is None:
        mode = os.environ.get("SGS_LOG", "")
        json = mode == "json" or (mode != "console" and not sys.stderr.isatty())
    renderer: structlog.typing.Processor = (
        structlog.processors.JSONRenderer() if json else structlog.dev.ConsoleRenderer()
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(
            logging.getLevelNamesMapping().get(level_name, logging.INFO)
        ),
        logger_factory=stderr_logger,
        cache_logger_on_first_use=False,
    )
