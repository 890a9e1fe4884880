"""Fixtures of the browser tests (`tests/web/web_support.py`)."""

from __future__ import annotations

from web_support import browser, page
from wire_support import procs

__all__ = ["browser", "page", "procs"]
