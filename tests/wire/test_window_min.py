"""Response windows on tables with people (docs/wire.md): a concealed window is held open for
`--window-min` seconds, the same for every seat asked, so that neither a console that passes a
decline-only request without a key nor a player who thinks over a Nullification shows anyone
who could have answered.

The same table is served twice from twin scenario files (tests/sanguosha/scenarios/
window_nullification_*.toml): seat 0 plays Ex Nihilo, and every seat is asked for a
Nullification. Seat 2 holds one in the first, none in the second. Seat 2 "thinks" for a while
over the one it holds and declines; without one it declines at once (what a console does
without a key). Seat 1 watches: what it receives is the same, message for message, and the
window's close as it sees it (the first event after its request) never comes earlier than the
minimum after the window opened. Real `sgs serve` processes on free ports; the agents are raw
DEALERs (tests/wire_support.py); every wait is for a condition, and no upper bound on wall
time is asserted.
"""

from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from conftest import WAIT, Procs, RawAgent, Served

SCENARIOS = Path(__file__).resolve().parents[1] / "sanguosha" / "scenarios"
WINDOW_MIN = 1.0  # seconds: --window-min of these tables
THINK = 0.4  # seat 2 thinks this long over the Nullification it holds (less than the minimum)


@dataclass
class Seen:
    """What one seat received, with when (time.monotonic(), comparable across processes)."""

    messages: list[tuple[float, dict[str, Any]]] = field(default_factory=list)


def _card_name(option: Any) -> str:
    card = option.get("card") if isinstance(option, dict) else None
    return str(card.get("name", "")) if isinstance(card, dict) else ""


def play_window(procs: Procs, scenario: str) -> tuple[Seen, float]:
    """Serve `scenario`, seat three raw agents, play until seat 1 has seen the window close.
    -> what seat 1 received, and when seat 0 sent the reply that opened the window (the window
    opens after the server has read it)."""
    served: Served = procs.serve(
        "--game", "sanguosha", "--scenario", str(SCENARIOS / scenario), "--seed", "1",
        "--window-min", str(WINDOW_MIN),
    )  # fmt: skip
    agents = {seat: RawAgent(served.endpoint) for seat in range(3)}
    seen = {seat: Seen() for seat in range(3)}
    try:
        for seat, agent in agents.items():
            assert agent.hello(seat, served.tokens[seat])["t"] == "welcome"
            agent.send({"t": "resync", "last_seq": -1})
        opened_at = -1.0
        observer_asked = False
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            for seat, agent in agents.items():
                msg = agent.recv(0.01)
                if msg is None:
                    continue
                now = time.monotonic()
                if msg["t"] in ("event", "request"):
                    seen[seat].messages.append((now, msg))
                if seat == 1 and observer_asked and msg["t"] == "event":
                    return seen[1], opened_at  # the window closed, as seat 1 sees it
                if msg["t"] != "request":
                    continue
                req = msg["request"]
                choice = req["default"]
                if req["kind"] == "play" and opened_at < 0:
                    choice = next(
                        i for i, o in enumerate(req["options"]) if _card_name(o) == "ex_nihilo"
                    )
                    opened_at = time.monotonic()
                elif req["kind"] == "respond" and req["info"]["reason"] == "nullify":
                    if seat == 1:
                        observer_asked = True
                    if len(req["options"]) > 1:  # it holds one: it thinks, then declines
                        time.sleep(THINK)
                agent.send({"t": "reply", "id": req["id"], "choice": choice})
        raise AssertionError("seat 1 never saw the Nullification window close")
    finally:
        for agent in agents.values():
            agent.close()
        served.proc.kill()


def _content(seen: Seen) -> list[dict[str, Any]]:
    """The messages without the time left on a request (a clock reading, not content)."""
    out = []
    for _at, msg in seen.messages:
        if msg["t"] == "request":
            msg = {k: v for k, v in msg.items() if k != "deadline"}
        out.append(msg)
    return out


def _window(seen: Seen) -> tuple[float, float]:
    """(when seat 1 received its Nullification request, when the next event came)."""
    asked = next(
        at
        for at, m in seen.messages
        if m["t"] == "request" and m["request"]["info"].get("reason") == "nullify"
    )
    closed = next(at for at, m in seen.messages if at >= asked and m["t"] == "event")
    return asked, closed


def test_the_window_seen_by_another_seat_does_not_depend_on_who_could_answer(
    procs: Procs,
) -> None:
    held, held_open = play_window(procs, "window_nullification_held.toml")
    none, none_open = play_window(procs, "window_nullification_none.toml")
    # the same messages, in the same order, whether seat 2 held a Nullification or not
    assert _content(held) == _content(none)
    nullify = [m for m in _content(held) if m["t"] == "request"][-1]["request"]
    assert nullify["info"]["reason"] == "nullify" and len(nullify["options"]) == 1
    # the window closes, as seat 1 sees it, no earlier than the minimum after it opened (the
    # server opened it after reading seat 0's reply, sent at `*_open`), in both tables
    for seen, opened in ((held, held_open), (none, none_open)):
        asked, closed = _window(seen)
        assert asked >= opened
        assert closed - opened >= WINDOW_MIN, (closed - opened, WINDOW_MIN)


@pytest.mark.parametrize(
    ("scenario", "seat", "flags", "notice"),
    [
        # seat 1 holds no Nullification: the console passes the window, no key
        ("window_nullification_none.toml", 1, (), "(no Nullification to use: passed)"),
        # seat 2 holds one, and its player has the pass switch on (`sgs play --auto-pass`)
        ("window_nullification_held.toml", 2, ("--auto-pass",), "(passed: pass on "),
    ],
)
def test_a_person_presses_nothing_for_a_window_they_do_not_join(
    procs: Procs, scenario: str, seat: int, flags: tuple[str, ...], notice: str
) -> None:
    """The plain console (`sgs play --plain`, its real stdin: a pipe nothing is written to)
    answers the Nullification window by itself; the game goes on to seat 0's next play
    request, and the console showed one line for it, never a prompt."""
    served: Served = procs.serve(
        "--game", "sanguosha", "--scenario", str(SCENARIOS / scenario), "--seed", "1",
        "--window-min", str(WINDOW_MIN),
    )  # fmt: skip
    console = procs.start(
        ["play", "--plain", "--connect", served.endpoint, "--seat", str(seat),
         "--token", served.tokens[seat], *flags],
        stdin=subprocess.PIPE,
    )  # fmt: skip
    agents = {s: RawAgent(served.endpoint) for s in range(3) if s != seat}
    try:
        for s, agent in agents.items():
            assert agent.hello(s, served.tokens[s])["t"] == "welcome"
            agent.send({"t": "resync", "last_seq": -1})
        plays = 0
        end = time.monotonic() + WAIT
        while plays < 2:
            assert time.monotonic() < end, "seat 0 was never asked to play again"
            for agent in agents.values():
                msg = agent.recv(0.01)
                if msg is None or msg["t"] != "request":
                    continue
                req = msg["request"]
                choice = req["default"]
                if req["kind"] == "play":
                    plays += 1
                    if plays == 2:
                        break  # Ex Nihilo has resolved: the window closed
                    choice = next(
                        i for i, o in enumerate(req["options"]) if _card_name(o) == "ex_nihilo"
                    )
                agent.send({"t": "reply", "id": req["id"], "choice": choice})
        shown = console.expect(notice)
        assert shown.startswith(notice)
        out = "\n".join(console.drain())
        assert "--- your decision" not in out and "(you have" not in out, out
    finally:
        for agent in agents.values():
            agent.close()
        console.kill()
        served.proc.kill()
