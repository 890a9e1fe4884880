"""The browser tests' helpers: a real `sgs serve`, a real `sgs web` and Debian's Chromium driven
by Playwright (`make test` installs Chromium: `make browser`). Nothing is mocked: the page talks
to the gateway over a real WebSocket, the gateway to the game agent over ZeroMQ.

Waiting is for conditions (a selector, a class, a line in a log), never for a time sized for an
idle machine; `WAIT` bounds each wait far above what it needs on a busy one.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from wire_support import WAIT, Proc, Procs, Served

REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "docs" / "web"  # the screenshots docs/web.md shows, made by these tests
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium() -> str:
    found = os.environ.get("SGS_CHROMIUM") or shutil.which("chromium")
    if not found:
        pytest.fail("no Chromium: `make browser` installs Debian's chromium (make test does)")
    return found


# One Chromium per test module, not per session: Playwright's sync API keeps an event loop
# running in the worker while it is started, and the next module a pytest-xdist worker takes
# may be an asyncio one (the full-screen console's tests) that must start its own.
@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(WAIT * 1000)
    yield pg
    ctx.close()
    assert not errors, f"the page raised: {errors}"


@dataclass
class Web:
    proc: Proc
    url: str


def start_web(procs: Procs, served: Served, *extra: str, replays: Path | None = None) -> Web:
    args = ["web", "--connect", served.endpoint, "--watch", served.pub, "--bind", "127.0.0.1:0"]
    if replays is not None:
        args += ["--replays", str(replays)]
    p = procs.start([*args, *extra])
    line = p.expect("web: http://")
    url = line.split()[1]
    return Web(p, url)


class Deadline:
    """A bound on a loop that waits for the game (every loop has one: a game that stops
    moving fails its test with `what`, never hangs the suite)."""

    def __init__(self, what: str, seconds: float = 3 * WAIT) -> None:
        self.what = what
        self.end = time.monotonic() + seconds

    def check(self) -> None:
        if time.monotonic() > self.end:
            raise AssertionError(f"timed out: {self.what}")


def wait_until(pred: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def ended(pg: Page) -> bool:
    return bool(pg.evaluate("document.body.classList.contains('ended')"))


def next_request(pg: Page) -> bool:
    """Wait for a request's options (True) or the game's end (False)."""
    pg.wait_for_function(
        "document.body.classList.contains('ended') || "
        "!!document.querySelector('#request:not([hidden]) .option')"
    )
    return not ended(pg)


def click_default(pg: Page) -> None:
    pg.click("#request .default")


def play_by_clicking(
    pg: Page, choose: Callable[[Page, int], None] | None = None, limit: int = 3000
) -> int:
    """Answer every request by clicking until the game ends; the number of requests answered.
    `choose(page, n)` clicks the answer of the n-th request (default: its default button)."""
    n = 0
    while next_request(pg):
        rid = pg.get_attribute("#request", "data-id")
        (choose or (lambda p, k: click_default(p)))(pg, n)
        n += 1
        assert n < limit, "the game does not end"
        # the next request (or the end) replaces this one
        pg.wait_for_function(
            "(rid) => document.body.classList.contains('ended') || "
            "document.querySelector('#request').dataset.id !== rid",
            arg=rid,
        )
    return n
