"""Helpers for the full-screen console tests: what a widget shows, waiting on the pilot."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.pilot import Pilot
from textual.widget import Widget

SIZE = (150, 48)  # the terminal the tests run the apps in


def shown(widget: Widget) -> str:
    """The text a Static widget shows (its border title first)."""
    content: Any = getattr(widget, "content", "")
    body = content.plain if isinstance(content, Text) else str(content)
    return f"{widget.border_title or ''}\n{body}"


async def wait_until(
    pilot: Pilot[Any], pred: Callable[[], bool], timeout: float = 10.0, what: str = "condition"
) -> None:
    end = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.01)
