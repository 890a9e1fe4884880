"""The conformance suite over the real wire: for every registered ruleset, one short game served
by `sgs serve` (a subprocess) to raw agents, one per seat, that answer at random. The bytes each
agent receives for an event are exactly `encode(EventMsg(seq, kind, view_for(event, seat)))` of
the log's events; each agent is asked exactly the log's requests of its seat; a spectator
(`sgs watch`) receives exactly the public views; the log verifies. (Subprocesses and sockets:
not for the fast target.)
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import msgpack
import pytest
import wire_support as wire
from conformance_support import CASES, Case

from game_agent.games import GAMES, load
from protocol.choices import RequestSpec
from protocol.codec import encode
from protocol.messages import EventMsg
from protocol.records import SPECTATOR, Decision, Event, view_for
from replays import read_log, verify
from user_agent.bot import random_legal

procs = wire.procs  # the fixture: real processes, killed when the test ends


def shortest(game: str) -> Case:
    """The game's manifest row with the fewest seats (the shortest game)."""
    ruleset = load(game)
    rows = [c for c in CASES if c.game == game]
    return min(rows, key=lambda c: ruleset.seat_count(ruleset.configure(c.row.config)))


def steps_for(records: list[Any], seat: int) -> int:
    """How many of the game's steps (records between two decisions) send `seat` anything."""
    steps, busy = 0, False
    for r in records:
        if isinstance(r, Decision):
            steps, busy = steps + busy, False
        elif isinstance(r, RequestSpec):
            busy = busy or r.seat == seat
        elif isinstance(r, Event):
            busy = busy or view_for(r, seat) is not None
    return steps + busy


class Recording:
    """A socket that keeps every frame it receives."""

    def __init__(self, sock: Any) -> None:
        self.sock = sock
        self.frames: list[bytes] = []

    def recv(self, *args: Any, **kwargs: Any) -> bytes:
        frame: bytes = self.sock.recv(*args, **kwargs)
        self.frames.append(frame)
        return frame

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)


@pytest.mark.parametrize("game", GAMES)
def test_each_agent_receives_the_bytes_of_its_view(game: str, procs: Any, tmp_path: Path) -> None:
    case = shortest(game)
    options = [a for k, v in case.row.config.items() for a in ("--option", f"{k}={json.dumps(v)}")]
    served = procs.serve("--game", game, "--seed", "3", "--deadline", "0", *options)
    watch = procs.watch(served, tmp_path / "watch.jsonl")
    watch.expect("watching ")
    agents = {}
    recordings = {}
    for seat in sorted(served.tokens):
        agent = wire.RawAgent(served.endpoint)
        recordings[seat] = agent.sock = Recording(agent.sock)
        assert agent.hello(seat, served.tokens[seat])["t"] == "welcome"
        agent.send({"t": "resync", "last_seq": -1})  # ready: from the first event
        agents[seat] = agent
    rng = random.Random(3)
    end = time.monotonic() + wire.WAIT
    while not all(a.bye for a in agents.values()):
        assert time.monotonic() < end, "the game did not end"
        for agent in agents.values():
            msg = agent.recv(0.02)
            if msg is not None and msg["t"] == "request":
                req = RequestSpec(**msg["request"])
                agent.send({"t": "reply", "id": req.id, "choice": random_legal(req, rng)})
    assert served.proc.wait() == 0, served.proc.output()
    assert watch.wait() == 0, watch.output()
    for agent in agents.values():
        agent.close()

    assert verify(served.log_path).ok
    log = read_log(served.log_path)
    events = log.events
    requests = [r for r in log.records if isinstance(r, RequestSpec)]
    assert events and events[-1].kind == "game_over"
    for seat, rec in recordings.items():
        messages = [m for f in rec.frames for m in wire.split_frame(f)]
        got = [m for m in messages if msgpack.unpackb(m, raw=False).get("t") == "event"]
        want = []
        for ev in events:
            data = view_for(ev, seat)
            if data is not None:
                want.append(encode(EventMsg(seq=len(want), kind=ev.kind, data=data)))
        assert got == want, f"{game} seat {seat}"
        asked = [m["request"] for m in agents[seat].requests]
        assert asked == [wire.plain(r.to_wire()) for r in requests if r.seat == seat]
        # Protocol 5: what a step has for a seat comes in one frame (the steps are the log's
        # records between two decisions; the resync's answer is one frame more).
        table_frames = [
            f for f in rec.frames
            if any(m.get("t") in ("event", "request") for m in wire.frame_messages(f))
        ]  # fmt: skip
        assert len(table_frames) <= steps_for(log.records, seat) + 1, f"{game} seat {seat}"
    seen = wire.transcript_events(tmp_path / "watch.jsonl")
    assert seen == wire.expected_views(served.log_path, SPECTATOR), f"{game} spectator"
