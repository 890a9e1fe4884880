"""The `sgs` command as users run it: sim, replay, replay --verify, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from log_bytes import rechain, record_offsets
from sgs_process import sgs

from replays.format import FRAME
from sgs.cli import main
from sgs.runner import play

SCENARIOS = Path(__file__).parent.parent / "harmony" / "scenarios"


def test_sim_json_summary_and_logs_that_verify(tmp_path: Path) -> None:
    out = sgs(
        "sim",
        "--game",
        "harmony",
        "--games",
        "6",
        "--seed",
        "40",
        "--bots",
        "greedy,random",
        "--log-dir",
        str(tmp_path),
        "--json",
    )
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 6 and summary["game"] == "harmony"
    wins = sum(summary["seat_wins"].values())
    assert wins + summary["draws"] == 6
    assert summary["bot_wins"].get("greedy", 0) + summary["bot_wins"].get("random", 0) == wins
    assert summary["decisions"] >= 6 * 8  # at least 4 rounds of 2 placements per game
    logs = sorted(tmp_path.glob("*.sgslog"))
    assert [p.name for p in logs] == [f"harmony-{s}.sgslog" for s in range(40, 46)]
    for path in logs:
        verified = sgs("replay", "--verify", str(path))
        assert verified.returncode == 0, verified.stderr
        assert "OK" in verified.stdout


def test_sim_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--game", "harmony", "--games", "3", "--bots", "random"]) == 0
    text = capsys.readouterr().out
    assert "3 harmony games" in text and "decisions/s" in text and "draws:" in text


def test_replay_prints_the_game_and_seat_views(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    play("harmony", {}, 5, ["random"], path)
    omni = sgs("replay", str(path))
    assert omni.returncode == 0, omni.stderr
    assert omni.stdout.startswith("# harmony")
    assert "places" in omni.stdout or "at " in omni.stdout
    seat = sgs("replay", str(path), "--seat", "1")
    assert seat.returncode == 0
    assert "? seat 0" not in seat.stdout and "? seat 1" in seat.stdout
    spectator = sgs("replay", str(path), "--seat", "-1")
    assert spectator.returncode == 0 and "? seat" not in spectator.stdout
    piped = subprocess.run(
        f"{sys.executable} -m sgs.cli replay {path} | head -1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert piped.stdout.startswith("# harmony") and "Traceback" not in piped.stderr
    bad = sgs("replay", str(path), "--seat", "7")
    assert bad.returncode == 2 and "--seat" in bad.stderr


def test_verify_fails_clearly_on_altered_and_truncated_logs(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    play("harmony", {}, 8, ["random"], path)
    # Alter the choice of the first decision in place: same length, every checksum fixed up.
    import zlib

    import msgpack

    blob = bytearray(path.read_bytes())
    for off in record_offsets(path):
        length, _ = FRAME.unpack_from(blob, off)
        body = msgpack.unpackb(bytes(blob[off + 8 : off + 8 + length]))
        if isinstance(body, list) and body[0] == "d":
            body[3][1] = (body[3][1] + 1) % 4  # the same cell and element, another role
            payload = msgpack.packb(body)
            assert len(payload) == length
            blob[off : off + 8 + length] = FRAME.pack(length, zlib.crc32(payload)) + payload
            break
    altered = tmp_path / "altered.sgslog"
    altered.write_bytes(bytes(blob))  # only its own checksum fixed: the chain breaks there
    out = sgs("replay", "--verify", str(altered))
    assert out.returncode == 1
    assert "damaged log" in out.stderr and f"record at byte {off}" in out.stderr
    altered.write_bytes(rechain(bytes(blob)))
    out = sgs("replay", "--verify", str(altered))
    assert out.returncode == 1
    assert "diverges" in out.stderr and "event #" in out.stderr

    truncated = tmp_path / "truncated.sgslog"
    truncated.write_bytes(path.read_bytes()[:-5])
    out = sgs("replay", "--verify", str(truncated))
    assert out.returncode == 1 and "torn record" in out.stderr
    printed = sgs("replay", str(truncated))
    assert printed.returncode == 1 and "damaged" in printed.stdout

    garbage = tmp_path / "garbage.sgslog"
    garbage.write_bytes(b"not a log at all")
    out = sgs("replay", "--verify", str(garbage))
    assert out.returncode == 2 and "not an sgs log" in out.stderr


def test_sim_from_a_scenario_file() -> None:
    out = sgs(
        "sim",
        "--game",
        "harmony",
        "--scenario",
        str(SCENARIOS / "s08_round4_decides.toml"),
        "--games",
        "2",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["games"] == 2


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["sim", "--game", "chess"], "unknown game"),
        (["sim", "--game", "harmony", "--option", "skip_attack_rounds=-4"], "skip_attack_rounds"),
        (["sim", "--game", "harmony", "--option", "nonsense"], "KEY=VALUE"),
        (["sim", "--game", "harmony", "--bots", "nobot"], "unknown bot"),
        (["sim", "--game", "harmony", "--games", "0"], "--games"),
        (["sim", "--game", "harmony", "--scenario", "/nonexistent.toml"], "cannot read scenario"),
        (["sim", "--game", "harmony", "--bots", "{0}"], "unknown bot"),
        (["sim", "--game", "harmony", "--bots", ".x:Y"], "absolute module"),
        (["sim", "--game", "harmony", "--bots", "no_such_pkg:Bot"], "no module"),
        (["sim", "--game", "harmony", "--seed", str(2**64)], "seed"),
        (["sim", "--game", "harmony", "--log-dir", "/dev/null/x"], "sim failed"),
    ],
)
def test_bad_arguments_get_a_clear_message(args: list[str], needle: str) -> None:
    out = sgs(*args)
    assert out.returncode == 2
    assert needle in out.stderr
