"""muhq over the wire: `sgs serve --game muhq`, two `sgs bot` processes (greedy and random) and
`sgs watch`. Each agent receives exactly its view of the log, no seat and no watcher learns a
card of another side's deck or hand, the log verifies and `sgs replay` reads it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import Procs, expected_views, plain, transcript

from game_agent.engine import SPECTATOR, RequestSpec
from replays import read_log, verify

SECRET = ("deck_set", "deck_refilled", "cards_drawn")


def test_a_served_duel_with_bot_processes(procs: Procs, tmp_path: Path) -> None:
    served = procs.serve("--game", "muhq", "--seed", "5")
    watch = procs.watch(served, tmp_path / "watch.jsonl")
    watch.expect("watching ")
    bots = [
        procs.bot(served, seat, kind, 60 + seat, tmp_path / f"seat{seat}.jsonl")
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
    assert {"action", "buy"} <= {r.kind for r in requests}
    for seat in range(2):
        got = transcript(tmp_path / f"seat{seat}.jsonl")
        received = [i for i in got if i["t"] == "event"]
        assert received == expected_views(path, seat)
        for i in received:
            if (i["kind"] in SECRET and i["data"]["side"] != seat) or i["kind"] == "deck_set":
                assert set(i["data"]) == {"side", "count"}, i  # counts only
        own = [
            i["data"]["cards"]
            for i in received
            if i["kind"] == "cards_drawn" and i["data"]["side"] == seat
        ]
        assert own and all(d for d in own)  # a seat sees the cards it draws
        asked = [i["request"] for i in got if i["t"] == "request"]
        assert asked == [plain(r.to_wire()) for r in requests if r.seat == seat]
    seen = [i for i in transcript(tmp_path / "watch.jsonl") if i["t"] == "event"]
    assert seen == expected_views(path, SPECTATOR)
    assert all(set(i["data"]) == {"side", "count"} for i in seen if i["kind"] in SECRET)

    out = subprocess.run(
        [sys.executable, "-m", "sgs.cli", "replay", path],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    over = log.events[-1]
    assert over.kind == "game_over"
    last = out.splitlines()[-1]
    assert "the game is over" in last
    assert all(f"seat {w}" in last for w in over.data["outcome"]["winners"])
