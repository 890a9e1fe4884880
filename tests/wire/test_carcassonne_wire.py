"""Carcassonne over the wire: `sgs serve --game carcassonne`, three `sgs bot` processes (greedy
and random) and `sgs watch`. Each agent receives exactly its view of the log, the secret stack
order reaches nobody, the log verifies and `sgs replay` reads it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import Procs, expected_views, plain, transcript

from game_agent.engine import SPECTATOR, RequestSpec
from replays import read_log, verify


def test_a_served_three_player_game_with_bot_processes(procs: Procs, tmp_path: Path) -> None:
    served = procs.serve("--game", "carcassonne", "--players", "3", "--seed", "17")
    watch = procs.watch(served, tmp_path / "watch.jsonl")
    watch.expect("watching ")
    bots = [
        procs.bot(served, seat, kind, 40 + seat, tmp_path / f"seat{seat}.jsonl")
        for seat, kind in zip(sorted(served.tokens), ("greedy", "random", "random"), strict=True)
    ]
    assert served.proc.wait() == 0, served.proc.output()
    for p in [*bots, watch]:
        assert p.wait() == 0, p.output()

    path = served.log_path
    report = verify(path)
    assert report.ok, report.message
    log = read_log(path)
    stack = next(ev for ev in log.events if ev.kind == "stack")
    assert len(stack.data["order"]) == 71
    requests = [r for r in log.records if isinstance(r, RequestSpec)]
    assert {r.kind for r in requests} == {"place_tile", "deploy"}
    for seat in range(3):
        got = transcript(tmp_path / f"seat{seat}.jsonl")
        received = [i for i in got if i["t"] == "event"]
        assert received == expected_views(path, seat)
        stacks = [i["data"] for i in received if i["kind"] == "stack"]
        assert stacks == [{"count": 71}]  # the order itself never reaches a seat
        asked = [i["request"] for i in got if i["t"] == "request"]
        assert asked == [plain(r.to_wire()) for r in requests if r.seat == seat]
    seen = [i for i in transcript(tmp_path / "watch.jsonl") if i["t"] == "event"]
    assert seen == expected_views(path, SPECTATOR)
    assert [i["data"] for i in seen if i["kind"] == "stack"] == [{"count": 71}]

    out = subprocess.run(
        [sys.executable, "-m", "sgs.cli", "replay", path],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    over = log.events[-1]
    assert over.kind == "game_over"
    assert len(out.splitlines()) > 2 * len(requests) // 3  # a line or more per turn
    assert all(str(score) in out for score in over.data["outcome"]["scores"])
