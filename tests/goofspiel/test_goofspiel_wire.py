"""Goofspiel over the wire: `sgs serve --game goofspiel`, two `sgs bot` processes (greedy and
random) and `sgs watch`. Each agent receives exactly its view of the log and its own requests;
no seat and no watcher receives another seat's sealed card; the log verifies and `sgs replay`
reads it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import wire_support
from wire_support import Procs, expected_views, plain, transcript

from game_agent.engine import SPECTATOR, RequestSpec
from replays import read_log, verify

procs = wire_support.procs  # the fixture: real processes, killed when the test ends


def test_a_served_game_with_bot_processes_and_a_watcher(procs: Procs, tmp_path: Path) -> None:
    served = procs.serve("--game", "goofspiel", "--seed", "5", "--option", "cards=6")
    watch = procs.watch(served, tmp_path / "watch.jsonl")
    watch.expect("watching ")
    bots = [
        procs.bot(served, seat, kind, 70 + seat, tmp_path / f"seat{seat}.jsonl")
        for seat, kind in zip(sorted(served.tokens), ("greedy", "random"), strict=True)
    ]
    assert served.proc.wait() == 0, served.proc.output()
    for p in [*bots, watch]:
        assert p.wait() == 0, p.output()

    path = served.log_path
    report = verify(path)
    assert report.ok, report.message
    log = read_log(path)
    requests = [r for r in log.records if isinstance(r, RequestSpec)]
    assert [r.kind for r in requests] == ["bid"] * 12
    for seat in range(2):
        got = transcript(tmp_path / f"seat{seat}.jsonl")
        received = [i for i in got if i["t"] == "event"]
        assert received == expected_views(path, seat)
        bids = [i["data"] for i in received if i["kind"] == "bid_made"]
        assert len(bids) == 12
        assert all(("card" in d) == (d["seat"] == seat) for d in bids)
        asked = [i["request"] for i in got if i["t"] == "request"]
        assert asked == [plain(r.to_wire()) for r in requests if r.seat == seat]
    seen = [i for i in transcript(tmp_path / "watch.jsonl") if i["t"] == "event"]
    assert seen == expected_views(path, SPECTATOR)
    assert all("card" not in i["data"] for i in seen if i["kind"] == "bid_made")

    out = subprocess.run(
        [sys.executable, "-m", "sgs.cli", "replay", path],
        capture_output=True,
        text=True,
        check=True,
    )
    assert ": a tie, the prize" in out.stdout or " takes " in out.stdout  # bids revealed
    assert "== Game over ==" in out.stdout
