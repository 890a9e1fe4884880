"""Crash resume: kill -9 the game agent mid-game, `sgs serve --resume LOG`, and finish with a log
byte-identical to an uninterrupted game's."""

from __future__ import annotations

import os
import signal
import stat
from pathlib import Path

from conftest import WAIT, Procs, count_lines, expected_views, transcript_events, wait_for
from log_bytes import rechain

from game_agent.server import sidecar_path, write_sidecar
from protocol.codec import pack, unpack
from replays import verify
from replays.format import FRAME, MAGIC, frame
from sgs.runner import play

COMMON = ("--game", "harmony", "--seed", "31", "--heartbeat", "0.2", "--liveness", "1")
# the agents wait for the restarted server as long as a busy machine may take to start it
AGENT = ("--heartbeat", "0.2", "--liveness", "1", "--give-up", str(WAIT))


def run_bots(procs: Procs, served: object, tmp: Path, tag: str, delay: str) -> list[object]:
    return [
        procs.bot(
            served,  # type: ignore[arg-type]
            seat,
            "wire_bots:SlowRandom",
            100 + seat,
            tmp / f"{tag}-seat{seat}.jsonl",
            *AGENT,
            SGS_TEST_BOT_DELAY=delay,
        )
        for seat in (0, 1)
    ]


def test_server_killed_mid_game_resumes_to_the_same_bytes(procs: Procs, tmp_path: Path) -> None:
    served = procs.serve(*COMMON, "--bind", f"ipc://{tmp_path}/table.sock")
    side = sidecar_path(served.log_path)
    assert stat.S_IMODE(os.stat(side).st_mode) == 0o600
    bots = run_bots(procs, served, tmp_path, "crash", "0.1")
    seat0 = tmp_path / "crash-seat0.jsonl"
    wait_for(lambda: count_lines(seat0) >= 8, what="the game to get going")
    os.kill(served.proc.popen.pid, signal.SIGKILL)
    served.proc.popen.wait(WAIT)
    # A record torn by the crash (the writer's buffer had reached the disk only in part).
    log = Path(served.log_path)
    with open(log, "ab") as f:
        f.write(frame(pack(["e", "piece_placed", {"round": 9}, None, None]))[:11])

    again = procs.resume(served.log_path)
    assert any(line.startswith("resume: cut a damaged tail") for line in again.proc.lines)
    assert again.endpoint == served.endpoint and again.tokens == served.tokens
    for b in bots:
        assert b.wait() == 0, b.output()  # type: ignore[attr-defined]
    assert again.proc.wait() == 0, again.proc.output()
    assert verify(served.log_path).ok

    # The same game without the crash: same seed, same bots with the same seeds.
    ref = procs.serve(*COMMON, "--bind", f"ipc://{tmp_path}/ref.sock", log_dir=tmp_path / "ref")
    for b in run_bots(procs, ref, tmp_path, "ref", "0"):
        assert b.wait() == 0, b.output()  # type: ignore[attr-defined]
    assert ref.proc.wait() == 0, ref.proc.output()
    assert log.read_bytes() == Path(ref.log_path).read_bytes()
    for token in served.tokens.values():
        assert token.encode() not in log.read_bytes()  # tokens live in the 0600 sidecar only

    # The agents lived through the crash: each holds its view once, in order.
    for seat in (0, 1):
        got = transcript_events(tmp_path / f"crash-seat{seat}.jsonl")
        assert got == expected_views(served.log_path, seat)


def test_resume_refuses_a_log_that_diverges(procs: Procs, tmp_path: Path) -> None:
    path = tmp_path / "game.sgslog"
    play("harmony", {}, 5, ["random", "random"], path)
    # Change the first decision to another legal choice: the logged events no longer follow.
    blob = path.read_bytes()
    out, pos, changed = bytearray(MAGIC), len(MAGIC), False
    while pos < len(blob):
        length, _ = FRAME.unpack_from(blob, pos)
        body = unpack(blob[pos + FRAME.size : pos + FRAME.size + length])
        if not changed and isinstance(body, list) and body[0] == "d":
            body[3] = [1, 1, 1] if body[3] != [1, 1, 1] else [0, 0, 0]
            changed = True
        out += frame(pack(body))
        pos += FRAME.size + length
    path.write_bytes(rechain(bytes(out)))  # every checksum fixed up
    write_sidecar(str(path), {"game": "harmony", "tokens": ["a" * 32, "b" * 32]})
    before = path.read_bytes()
    p = procs.start(["serve", "--resume", str(path), "--bind", f"ipc://{tmp_path}/x.sock"])
    assert p.wait() == 4
    err = p.stderr_path.read_text()
    assert "refusing to resume" in err and "diverges" in err and "differs" in err
    assert path.read_bytes() == before  # nothing appended


def test_resume_of_a_finished_game_just_reports_it(procs: Procs, tmp_path: Path) -> None:
    path = tmp_path / "done.sgslog"
    play("harmony", {}, 5, ["random", "random"], path)
    before = path.read_bytes()
    write_sidecar(str(path), {"game": "harmony", "tokens": ["a" * 32, "b" * 32]})
    p = procs.start(["serve", "--resume", str(path), "--bind", f"ipc://{tmp_path}/y.sock"])
    assert p.wait() == 0, p.output()
    assert any(line.startswith("result: game over") for line in p.lines)
    assert path.read_bytes() == before


def test_resume_refuses_damage_in_the_middle_of_a_log_and_cuts_nothing(
    procs: Procs, tmp_path: Path
) -> None:
    path = tmp_path / "hurt.sgslog"
    play("harmony", {}, 6, ["random", "random"], path)
    blob = bytearray(path.read_bytes())
    middle = len(blob) // 2
    blob[middle] ^= 0xFF  # one flipped bit pattern in a record that whole records follow
    path.write_bytes(bytes(blob))
    write_sidecar(str(path), {"game": "harmony", "tokens": ["a" * 32, "b" * 32]})
    before = path.read_bytes()
    p = procs.start(["serve", "--resume", str(path), "--bind", f"ipc://{tmp_path}/z.sock"])
    assert p.wait() == 4, p.output()
    err = p.stderr_path.read_text()
    assert "refusing to resume" in err and "whole records after it" in err
    assert path.read_bytes() == before  # nothing cut, nothing appended
