"""`sgs demo` (what `make demo` runs) as a new user sees it: a whole 5-player Sanguosha identity
game served to five `smart` bot processes, told in a few lines that agree with its log (roles,
generals and their skills, the deaths in order with their turn, the winner), the log verified,
and the commands to replay, watch and play the next one."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from replays import read_log, verify
from user_agent.games.sanguosha.names import general_name, role_name, skill_name

ROLES = {"lord", "loyalist", "rebel", "renegade"}


def demo(log_dir: Path, seed: int) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "sgs.cli", "demo", "--log-dir", str(log_dir), "--seed", str(seed)],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.parametrize("seed", [2026, 7])
def test_demo_tells_the_whole_identity_game_as_its_log_has_it(tmp_path: Path, seed: int) -> None:
    out = demo(tmp_path, seed)
    first = out.splitlines()[0]
    bots = ",".join(["smart"] * 5)
    assert first == f"$ sgs serve --game sanguosha --players 5 --bots {bots} --seed {seed}"
    assert out.count(": bot process smart") == 5  # five real bot processes
    path = re.search(r"^replay log: (\S+)$", out, re.M)
    assert path is not None, out
    log = read_log(path.group(1))
    assert log.header["game"] == "sanguosha" and log.header["config"]["players"] == 5
    assert verify(path.group(1)).ok
    assert f"{path.group(1)}: OK, " in out

    # every seat: its secret role and its general with the general's skills, as the log says
    roles = {e.data["seat"]: e.data["role"] for e in log.events if e.kind == "role"}
    generals = {e.data["seat"]: e.data for e in log.events if e.kind == "general"}
    assert sorted(roles.values()).count("lord") == 1 and set(roles.values()) <= ROLES
    for seat in range(5):
        g = generals[seat]
        assert g["skills"], g  # generals with their skills
        skills = ", ".join(skill_name(s) for s in g["skills"])
        line = f"seat {seat}  {role_name(roles[seat]):<9} {general_name(g['general'])}"
        assert f"{line} ({g['max_hp']} HP): {skills}\n" in out, out

    # the deaths in the order of the log, each with the turn it came in
    told = re.findall(r"^    turn (\d+) \(round \d+\): seat (\d) (.+?), the (\w+)", out, re.M)
    turn, expected = 0, []
    for e in log.events:
        if e.kind == "turn":
            turn += 1
        elif e.kind == "death":
            d = e.data
            expected.append((str(turn), str(d["seat"]), general_name(d["general"]), d["role"]))
    assert told == expected and expected, out
    assert f"{turn} turns in" in out

    # the winner: the seats of the outcome
    outcome = next(e.data["outcome"] for e in log.events if e.kind == "game_over")
    winner = re.search(r"^  winner: .*$", out, re.M)
    assert winner is not None, out
    for seat in outcome["winners"]:
        assert f"seat {seat} {general_name(generals[seat]['general'])}" in winner.group(0)

    # what to do next
    assert f"sgs replay {path.group(1)} " in out and f"{path.group(1)} --tui" in out
    assert "sgs watch --connect" in out
    assert "--bots=-,smart,smart,smart,smart" in out and "sgs play --connect" in out
    assert "sgs web --connect" in out and "--web http://" in out


def test_demo_names_no_game_in_its_code() -> None:
    source = Path(__file__).parents[2] / "sgs" / "commands" / "demo.py"
    assert "sanguosha" not in source.read_text().lower()
