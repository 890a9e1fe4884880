"""The visibility audit: over many served games, what every agent and the spectator received is
exactly `view_for` of the log's events for that seat — no hidden value ever reaches a seat that
may not see it. Every registered game (in each configuration of its manifest rows) and a test
ruleset with hidden information.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import Proc, Procs, Served, expected_views, plain, transcript
from registered import cli_options, every_config

from game_agent.engine import SPECTATOR, Event, RequestSpec, view_for
from game_agent.games import load, unregister
from replays import read_log, verify

# The test ruleset, and every registered game in each configuration of its manifest rows.
HIDDEN = [("hidden_game:RULESET", ("--players", str(n))) for n in (3, 4, 2, 3)]
GAMES = [
    (game, seed, options)
    for seed, (game, options) in enumerate(
        [*HIDDEN, *((g, tuple(cli_options(c))) for g, c in every_config())], start=1
    )
]
BATCH = 4  # tables served at once


@dataclass
class Table:
    game: str
    served: Served
    watch: Proc
    bots: list[Proc]
    dir: Path


def start(procs: Procs, tmp: Path, game: str, seed: int, extra: tuple[str, ...]) -> Table:
    d = tmp / f"{game.split(':')[0]}-{seed}"
    d.mkdir()
    served = procs.serve("--game", game, "--seed", str(seed), *extra, log_dir=d)
    watch = procs.watch(served, d / "watch.jsonl")
    return Table(game, served, watch, [], d)


@pytest.fixture
def hidden_game() -> Iterator[None]:
    load("hidden_game:RULESET")  # registers it, so its logs re-execute here too
    yield
    unregister("hidden_game")


def test_no_seat_ever_receives_what_its_visibility_hides(
    procs: Procs, tmp_path: Path, hidden_game: None
) -> None:
    tables = []
    for batch in (GAMES[i : i + BATCH] for i in range(0, len(GAMES), BATCH)):
        started = [start(procs, tmp_path, g, s, x) for g, s, x in batch]
        for t in started:
            t.watch.expect("watching ")
            t.bots = [
                procs.bot(t.served, seat, "random", 1000 * seat + 7, t.dir / f"seat{seat}.jsonl")
                for seat in sorted(t.served.tokens)
            ]
        for t in started:
            assert t.served.proc.wait() == 0, t.served.proc.output()
            for b in [*t.bots, t.watch]:
                assert b.wait() == 0, b.output()
        tables += started

    hidden_events = 0
    for t in tables:
        path = t.served.log_path
        assert verify(path).ok
        log = read_log(path)
        events = log.events
        requests = [r for r in log.records if isinstance(r, RequestSpec)]
        for seat in sorted(t.served.tokens):
            got = transcript(t.dir / f"seat{seat}.jsonl")
            received = [i for i in got if i["t"] == "event"]
            assert received == expected_views(path, seat), f"{t.game} seat {seat}"
            assert_hidden_stays_hidden(events, seat, received)
            asked = [i["request"] for i in got if i["t"] == "request"]
            assert asked == [plain(r.to_wire()) for r in requests if r.seat == seat]
        seen = [i for i in transcript(t.dir / "watch.jsonl") if i["t"] == "event"]
        assert seen == expected_views(path, SPECTATOR), f"{t.game} spectator"
        assert_hidden_stays_hidden(events, SPECTATOR, seen)
        hidden_events += sum(1 for ev in events if ev.seats is not None)
    assert hidden_events > 100  # the audit did meet hidden information


def assert_hidden_stays_hidden(events: list[Event], seat: int, received: list[Any]) -> None:
    """Walk the log's events beside what the seat received: an event whose audience excludes
    the seat arrives only in its public form (or not at all), never with the secret data."""
    it = iter(received)
    for ev in events:
        data = view_for(ev, seat)
        if data is None:
            continue
        got = next(it)["data"]
        if ev.seats is not None and seat not in ev.seats:
            assert got == plain(ev.public), (ev.kind, seat)
            if ev.public != ev.data:
                assert got != plain(ev.data), (ev.kind, seat)


def test_only_the_fanout_builds_event_messages() -> None:
    """One place decides what a seat may see: in the server, only fanout.py builds events (with
    view_for), and requests are built for the pending request's own seat only."""
    import game_agent.server as server

    root = Path(server.__file__).parent
    for source in sorted(root.glob("*.py")):
        text = source.read_text()
        if source.name == "fanout.py":
            assert "view_for(ev, seat)" in text
            continue
        assert "EventMsg(" not in text, f"{source.name} builds events itself"
        assert "view_for(" not in text, f"{source.name} decides visibility itself"
    table = (root / "table.py").read_text()
    assert table.count("RequestMsg(") == 1  # in _send_request, to seats[req.seat] only
