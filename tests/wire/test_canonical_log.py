"""A served log is canonical (issue 20, item 7): replies to requests asked together are
applied and logged in issue order whatever order they arrive in, so three served runs of a
seeded 5-player Sanguosha game write the same bytes as each other and as `sgs sim`'s host."""

from __future__ import annotations

from pathlib import Path

from conftest import Procs

from game_agent.engine import RequestSpec
from replays import read_log, verify
from sgs.runner import play

BOT = "wire_bots:RacingRandom"


def test_three_served_runs_write_the_in_process_hosts_bytes(procs: Procs, tmp_path: Path) -> None:
    ref = tmp_path / "runner.sgslog"
    config = {"players": 5}
    play("sanguosha", config, 11, [BOT] * 5, ref)
    log = read_log(str(ref))
    asked = [r for r in log.records if isinstance(r, RequestSpec) and r.kind == "respond"]
    assert len(asked) > 50  # the game has response windows to race in
    for run in range(3):
        served = procs.serve("--game", "sanguosha", "--players", "5", "--bots", BOT,
                             "--seed", "11", log_dir=tmp_path / f"run{run}")  # fmt: skip
        assert served.proc.wait(600) == 0, served.proc.output()
        assert verify(served.log_path).ok
        assert Path(served.log_path).read_bytes() == ref.read_bytes(), f"run {run} differs"
