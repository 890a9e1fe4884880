"""Pinned logs: seeded Sanguosha games must keep producing the same log bytes.

Each row plays `games` seeded games (seeds 1..games) in-process with `sgs.runner.play`, the host
`sgs sim` uses, writes each one's replay log and hashes the logs' bytes in seed order. The
digests in `log_pins.json` were recorded on `main` at the commit it names, before the hot paths
of the ruleset were made faster (issue 24, goal 2): a speed-up that changes one byte of one log
(an event, a request's options or their order, a decision) fails here. A log holds every event
with its audience, every request and every decision, so equal logs mean equal games for every
seat.

    .venv/bin/python tests/sanguosha/test_log_pins.py --write   # re-record (only on purpose)

One test goes through the `sgs sim` command itself (`--log-dir`) and must give the same bytes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from sgs.runner import play

PINS = Path(__file__).with_name("log_pins.json")


@dataclass(frozen=True)
class Pin:
    label: str
    config: dict[str, Any]
    bots: tuple[str, ...]
    games: int


ROWS: tuple[Pin, ...] = (
    Pin("identity 5p random", {"players": 5}, ("random",), 200),
    Pin("identity 5p smart", {"players": 5}, ("smart",), 30),
    Pin("identity 5p smart,random", {"players": 5}, ("smart", "random"), 30),
    Pin("identity 2p random", {"players": 2}, ("random",), 200),
    Pin("identity 2p smart", {"players": 2}, ("smart",), 30),
    Pin("identity 8p random", {"players": 8}, ("random",), 60),
    Pin("identity 8p smart", {"players": 8}, ("smart",), 10),
    Pin("1v1 random", {"mode": "1v1"}, ("random",), 150),
    Pin("1v1 smart", {"mode": "1v1"}, ("smart",), 30),
    Pin("identity 5p open responses", {"players": 5, "conceal_responses": False}, ("random",), 60),
    Pin("identity 5p no skills", {"players": 5, "skills": "none"}, ("random",), 60),
    Pin(
        "identity 6p two renegades",
        {"players": 6, "role_variant": "two_renegades", "ex_cards": False},
        ("random",),
        40,
    ),
    Pin("identity 4p random generals", {"players": 4, "generals": "random"}, ("random",), 40),
)


def digest(pin: Pin, log_dir: Path) -> str:
    """sha256 of the row's logs, concatenated in seed order."""
    h = hashlib.sha256()
    for seed in range(1, pin.games + 1):
        path = log_dir / f"sanguosha-{seed}.sgslog"
        play("sanguosha", pin.config, seed, list(pin.bots), path)
        h.update(path.read_bytes())
    return h.hexdigest()


def recorded() -> dict[str, Any]:
    pins: dict[str, Any] = json.loads(PINS.read_text())
    return pins


@pytest.mark.parametrize("pin", ROWS, ids=[p.label for p in ROWS])
def test_logs_are_the_pinned_bytes(pin: Pin, tmp_path: Path) -> None:
    want = recorded()["rows"][pin.label]
    assert want["games"] == pin.games
    assert digest(pin, tmp_path) == want["log"], f"{pin.label}: the logs changed"


def test_sgs_sim_writes_the_pinned_bytes(tmp_path: Path) -> None:
    """The same bytes through the command a user runs (5-player identity, random bots)."""
    pin = ROWS[0]
    logs = tmp_path / "logs"
    sgs = Path(sys.executable).with_name("sgs")
    done = subprocess.run(
        [str(sgs), "sim", "--game", "sanguosha", "--option", "players=5", "--bots", "random",
         "--games", str(pin.games), "--seed", "1", "--log-dir", str(logs), "--quiet"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    h = hashlib.sha256()
    for seed in range(1, pin.games + 1):
        h.update((logs / f"sanguosha-{seed}.sgslog").read_bytes())
    assert h.hexdigest() == recorded()["rows"][pin.label]["log"]


def write() -> None:
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    rows: dict[str, Any] = {}
    for pin in ROWS:
        with tempfile.TemporaryDirectory(prefix="sgs-pins-") as tmp:
            rows[pin.label] = {
                "config": pin.config,
                "bots": list(pin.bots),
                "games": pin.games,
                "seeds": [1, pin.games],
                "log": digest(pin, Path(tmp)),
            }
        print(f"{pin.label}: {rows[pin.label]['log']}", file=sys.stderr)
    PINS.write_text(json.dumps({"commit": commit, "rows": rows}, indent=2) + "\n")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="re-record the pinned log digests")
    ap.add_argument("--write", action="store_true", help=f"write {PINS.name}")
    if ap.parse_args().write:
        os.chdir(Path(__file__).resolve().parents[2])
        write()
