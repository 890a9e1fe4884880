"""What the browser tests of watching, replaying, reconnecting, the lobby and bad frames check
against: the frames a page received and sent (captured with Playwright's `websocket` events),
the sentences a viewer's page should show (narrated from the log as that viewer saw it), and
the cards a seat never saw (which must never be in its page's frames)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocket
from wire_support import WAIT

from protocol.records import Event, view_for
from replays import read_log
from user_agent.games.sanguosha.names import card_name
from user_agent.tui.words import Narrator


@dataclass
class Frames:
    """Every frame the page's WebSockets received (`got`) and sent (`sent`), raw and parsed."""

    got: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    sockets: list[WebSocket] = field(default_factory=list)

    def watch(self, pg: Page) -> Frames:
        def on(ws: WebSocket) -> None:
            self.sockets.append(ws)
            ws.on("framereceived", lambda f: self.got.append(str(f)))
            ws.on("framesent", lambda f: self.sent.append(str(f)))

        pg.on("websocket", on)
        return self

    def received(self, kind: str | None = None) -> list[dict[str, Any]]:
        out = []
        for raw in list(self.got):
            msg = json.loads(raw)
            if kind is None or msg.get("t") == kind:
                out.append(msg)
        return out

    def text(self) -> str:
        return "\n".join(self.got)


def card_labels(data: object) -> set[str]:
    """The labels (`♠A Lightning`) of every card named in some event data."""
    out: set[str] = set()
    if isinstance(data, dict):
        if {"suit", "rank", "name"} <= data.keys() and data.get("suit"):
            out.add(card_name(data))
        for v in data.values():
            out |= card_labels(v)
    elif isinstance(data, list):
        for v in data:
            out |= card_labels(v)
    return out


def hidden_from(log_path: str, seat: int) -> set[str]:
    """The card labels of a Sanguosha log that `seat` never saw (in no event of its stream)."""
    seen: set[str] = set()
    every: set[str] = set()
    for rec in read_log(log_path).records:
        if isinstance(rec, Event):
            every |= card_labels(rec.data)
            data = view_for(rec, seat)
            if data is not None:
                seen |= card_labels(data)
    return every - seen


def leaked(frames: str, log_path: str, seat: int) -> list[str]:
    """The cards `seat` never saw that are in `frames`; fails when the game hid none (the check
    would prove nothing)."""
    hidden = hidden_from(log_path, seat)
    assert hidden, f"the game hid no card from seat {seat}: the check would prove nothing"
    return sorted(label for label in hidden if label in frames)


def spectator_lines(log_path: str) -> list[str]:
    """The sentences a spectator's page tells of a whole log (the presenter's narration of the
    public stream, `=== ` before the game's end)."""
    return [line for line, _ in _spectator_story(log_path)]


def _spectator_story(log_path: str) -> list[tuple[str, int]]:
    """Each sentence of the public stream with the index of the event it tells."""
    log = read_log(log_path)
    seats = len(log.header.get("seats", [])) or 2
    narrator = Narrator(str(log.header["game"]), seats, "en")
    out = []
    for n, ev in enumerate(log.events):
        data = view_for(ev, -1)
        if data is None:
            continue
        line = narrator.event(ev.kind, data)
        if line:
            out.append((f"=== {line}" if ev.kind == "game_over" else line, n))
    return out


def spectator_leaks(states: list[dict[str, Any]], log_path: str) -> list[str]:
    """The cards a spectator's page was sent before they were public: a state that has told
    N sentences may name only the cards of the public events before the (N+1)-th sentence's
    event. Fails when no state came while some card was still hidden (nothing to leak)."""
    events = read_log(log_path).events
    story = _spectator_story(log_path)
    public: list[set[str]] = [set()]  # public[k]: the labels public in events[:k]
    every: list[set[str]] = [set()]
    for ev in events:
        data = view_for(ev, -1)
        public.append(public[-1] | (card_labels(data) if data is not None else set()))
        every.append(every[-1] | card_labels(ev.data))
    out: set[str] = set()
    could = False
    for state in states:
        told = state["told"]
        upto = story[told][1] if told < len(story) else len(events)
        text = json.dumps(state, ensure_ascii=False)
        secret = every[upto] - public[upto]
        could |= bool(secret)
        out |= {label for label in secret if label in text}
    assert could, "no state came while a card was hidden: the check would prove nothing"
    return sorted(out)


def page_lines(pg: Page) -> list[str]:
    got: list[str] = pg.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
    return got


def slow_bots(delay: float) -> dict[str, str]:
    """The environment of an `sgs serve` whose `--bots=web_bots:SlowSmart` take `delay`
    seconds a decision (tests/web on the bot processes' path)."""
    here = Path(__file__).resolve().parent
    paths = [str(here.parents[1]), str(here.parent / "wire"), str(here.parent), str(here)]
    return {"PYTHONPATH": os.pathsep.join(paths), "SGS_TEST_BOT_DELAY": str(delay)}


def answer(pg: Page, n: int) -> str:
    """Answer `n` requests by their default button; the data-id of the request then pending
    (the game must not end meanwhile)."""
    for _ in range(n):
        pg.wait_for_selector("#request:not([hidden]) .option")
        rid = pg.get_attribute("#request", "data-id")
        pg.click("#request .default")
        pg.wait_for_function(
            "(rid) => document.querySelector('#request').dataset.id !== rid", arg=rid
        )
    pg.wait_for_selector("#request:not([hidden]) .option")
    rid = pg.get_attribute("#request", "data-id")
    assert rid is not None
    return rid


def pump_until(pg: Page, pred: Callable[[], Any], what: str) -> Any:
    """Wait for `pred()` while Playwright delivers its events (a plain sleep would not let the
    `websocket` and frame handlers run)."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        if got := pred():
            return got
        pg.wait_for_timeout(20)
    raise AssertionError(f"timed out waiting for {what}")
