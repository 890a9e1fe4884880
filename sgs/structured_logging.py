"""structlog setup: readable lines on a console, JSON lines otherwise (or with SGS_LOG=json)."""

from __future__ import annotations

import logging
import os
import sys

import structlog


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
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=False,
    )
