"""Faults on the wire: an agent killed and restarted, a missed deadline, and bad input of every
kind — each followed by the game finishing normally."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

from conftest import (
    WAIT,
    Procs,
    Proxy,
    RawAgent,
    Served,
    count_lines,
    expected_views,
    pack,
    transcript_events,
    wait_for,
)

from protocol.codec import MAX_AGENT_MESSAGE_BYTES, MAX_MESSAGE_BYTES
from protocol.version import PROTOCOL_VERSION
from replays import read_log, verify


def test_agent_killed_and_restarted_mid_game_loses_and_repeats_nothing(
    procs: Procs, tmp_path: Path
) -> None:
    served = procs.serve("--game", "harmony", "--seed", "21", SGS_TEST_BOT_DELAY="0.15")
    rec = tmp_path / "seat1.jsonl"
    slow = {"SGS_TEST_BOT_DELAY": "0.15"}
    procs.bot(served, 0, "wire_bots:SlowRandom", 1, tmp_path / "seat0.jsonl", **slow)
    first = procs.bot(served, 1, "wire_bots:SlowRandom", 2, rec, **slow)
    wait_for(lambda: count_lines(rec) >= 6, what="seat 1 to hold some events")
    assert served.proc.popen.poll() is None  # mid-game
    os.kill(first.popen.pid, signal.SIGKILL)
    first.popen.wait(WAIT)
    held = count_lines(rec)
    again = procs.bot(served, 1, "wire_bots:SlowRandom", 2, rec, **slow)
    assert again.wait() == 0, again.output()
    assert served.proc.wait() == 0, served.proc.output()
    # What the seat holds, across both processes: every event of its view once, in order.
    assert transcript_events(rec) == expected_views(served.log_path, 1)
    resyncs = [r for r in served.proc.stderr_records() if r.get("event") == "resync"]
    assert any(r["seat"] == 1 and r["after"] == held - 1 for r in resyncs), resyncs
    assert verify(served.log_path).ok


def test_a_missed_deadline_applies_the_default_and_is_logged(procs: Procs) -> None:
    served = procs.serve("--game", "harmony", "--bots", "greedy,-", "--seed", "4",
                         "--deadline", "0.5")  # fmt: skip
    agent = RawAgent(served.endpoint)
    try:
        assert agent.hello(1, served.tokens[1])["t"] == "welcome"
        agent.send({"t": "resync", "last_seq": -1})
        first = agent.recv_type("request")["request"]  # ignored: let the deadline pass
        notice = agent.expect_error("deadline")
        assert notice["ref"] == first["id"] and "default" in notice["message"]
        play_defaults(agent, answered={first["id"]})
    finally:
        agent.close()
    assert served.proc.wait() == 0, served.proc.output()
    log = read_log(served.log_path)
    timed_out = [d for d in log.decisions if d.timeout]
    assert [d.id for d in timed_out][:1] == [first["id"]]
    assert timed_out[0].choice == first["default"]
    assert verify(served.log_path).ok
    assert "timeouts: " in "\n".join(served.proc.lines)


def play_defaults(agent: RawAgent, answered: set[int], timeout: float = WAIT) -> None:
    """Answer every new request with its default until the server says bye."""
    while not agent.bye:
        msg = agent.recv(timeout)
        assert msg is not None, "the server fell silent"
        if msg["t"] == "request" and msg["request"]["id"] not in answered:
            req = msg["request"]
            answered.add(req["id"])
            agent.send({"t": "reply", "id": req["id"], "choice": req["default"]})


def test_bad_input_gets_errors_and_the_game_goes_on(procs: Procs) -> None:
    served = procs.serve(
        "--game", "harmony", "--bots", "wire_bots:SlowRandom,-", "--seed", "8",
        "--deadline", "20", SGS_TEST_BOT_DELAY="0.3",
    )  # fmt: skip
    token = served.tokens[1]
    seat = RawAgent(served.endpoint)
    intruder = RawAgent(served.endpoint)
    try:
        assert seat.hello(1, token)["t"] == "welcome"
        seat.send({"t": "resync", "last_seq": -1})

        def refused(msg: dict[str, Any] | bytes, code: str) -> None:
            intruder.send(msg)
            intruder.expect_error(code)

        nonce = "0123456789abcdef" * 2
        hello = {
            "t": "hello",
            "version": PROTOCOL_VERSION,
            "table": "",
            "seat": 1,
            "nonce": nonce,
            "name": "x",
        }
        refused(b"\xc1\x00garbage", "bad_encoding")
        refused(b"", "bad_encoding")
        refused(b"\x00" * (MAX_AGENT_MESSAGE_BYTES + 1000), "too_large")
        refused(pack([1, 2, 3]), "bad_type")
        refused(pack({"t": "heartbeat", "time": float("nan")}), "bad_encoding")
        deep: list[object] = [0]
        for _ in range(40):
            deep = [deep]
        refused(pack({"t": "reply", "id": 0, "choice": deep}), "bad_encoding")
        refused(pack({"t": "teleport"}), "unknown_type")
        refused(pack({**hello, "seat": "one"}), "bad_field")
        refused(pack({**hello, "extra": 1}), "unknown_field")
        refused(pack({"t": "heartbeat", "time": 0.0}), "not_seated")
        refused(pack({"t": "reply", "id": 0, "choice": 0}), "not_seated")
        refused(pack({**hello, "version": 99}), "version_mismatch")
        refused(pack({**hello, "table": "elsewhere"}), "unknown_table")
        refused(pack({**hello, "seat": 7}), "unknown_seat")
        refused(pack({**hello, "nonce": "not hex"}), "bad_nonce")
        refused(pack({**hello, "seat": -1}), "spectator")
        refused(pack({"t": "auth", "proof": "0" * 64}), "no_handshake")
        intruder.send(pack(hello))
        intruder.recv_type("challenge")
        refused(pack({"t": "auth", "proof": "0" * 64}), "bad_token")  # it cannot prove the token
        intruder.sock.send_multipart([pack({"t": "heartbeat", "time": 0.0}), b"x"])
        intruder.expect_error("bad_frames")
        seat.send({"t": "welcome", "version": PROTOCOL_VERSION, "table": "", "seat": 1,
                   "game": "harmony", "ruleset_version": "1", "seats": 2, "last_seq": 0,
                   "epoch": 0})  # fmt: skip
        seat.expect_error("unexpected_type")
        seat.send({"t": "resync", "last_seq": 10_000})
        seat.expect_error("bad_seq")

        # A frame over the socket's size limit: libzmq drops that connection (no answer is
        # possible); the peer reconnects and is served again.
        big = RawAgent(served.endpoint)
        big.send(b"\x00" * (MAX_MESSAGE_BYTES + 1000))
        assert big.recv(0.5) is None
        big.send(b"\xc1")
        big.expect_error("bad_encoding")
        big.close()

        # A flood: the peer is rate-limited (told at most once a second), the table goes on.
        # Counted, not timed: the connection's bucket (sgs serve's default: 200 a second, 400
        # at once) lets through at most its burst plus its rate times the time taken, so a
        # flood far beyond that must be cut, however fast the machine; the end marker shows
        # every answer has arrived.
        rate, burst, n = 200.0, 400.0, 10_000
        beat = pack({"t": "heartbeat", "time": 0.0})
        began = time.monotonic()
        for _ in range(n):
            intruder.send(beat)
        codes = [msg.get("code") for msg in intruder.until_answered()]
        took = time.monotonic() - began
        assert n > burst + rate * took, f"{took:.0f} s: the flood never outran the bucket"
        assert set(codes) == {"not_seated", "rate_limited"}, set(codes)
        assert codes.count("not_seated") <= burst + rate * took, (len(codes), took)
        assert 1 <= codes.count("rate_limited") <= 1 + took

        play_with_bad_replies(seat)
    finally:
        seat.close()
        intruder.close()
    assert served.proc.wait() == 0, served.proc.output()
    log = read_log(served.log_path)
    assert all(not d.timeout for d in log.decisions)  # bad input changed nothing
    assert verify(served.log_path).ok
    refusals = [r for r in served.proc.stderr_records() if r.get("event") == "refused"]
    assert {"bad_encoding", "too_large", "rate_limited", "illegal_reply"} <= {
        r["reason"] for r in refusals
    }
    assert all("seat" in r and "table" in r for r in refusals)


def play_with_bad_replies(seat: RawAgent) -> None:
    """Play seat 1 to the end, first trying every wrong kind of reply on each request."""
    answered: set[int] = set()
    seen: set[str] = set()
    while not seat.bye:
        msg = seat.recv(WAIT)
        assert msg is not None, "the server fell silent"
        if msg["t"] != "request" or msg["request"]["id"] in answered:
            continue
        req = msg["request"]
        rid = req["id"]
        if rid > 0:
            seat.send({"t": "reply", "id": rid - 1, "choice": req["default"]})
            seat.expect_error("stale_request")
        seat.send({"t": "reply", "id": rid + 1000, "choice": req["default"]})
        seat.expect_error("unknown_request")
        for bad in ([99, 0, 0], [0, 0], [-1, 0, 0], 0, None):  # well-formed, not legal here
            seat.send({"t": "reply", "id": rid, "choice": bad})
            assert seat.expect_error("illegal_reply")["ref"] == rid
        for junk in ("T", True, {"cell": 0}, [0.5, 0, 0]):  # not a choice at all
            seat.send({"t": "reply", "id": rid, "choice": junk})
            seat.expect_error("bad_field")
        seat.send({"t": "reply", "id": "7", "choice": 0})
        seat.expect_error("bad_field")
        seen.add("illegal")
        seat.send({"t": "reply", "id": rid, "choice": req["default"]})
        answered.add(rid)
        # The next request is usually the other seat's (its bot thinks for 0.3 s): a reply
        # sent now is refused, and says nothing of the other seat's request.
        seat.send({"t": "reply", "id": rid + 1, "choice": req["default"]})
        answer = seat.recv_type("error", "request", "bye")
        if answer["t"] == "error":
            assert answer["code"] == "unknown_request", answer
            assert "seat" not in answer["message"], answer
            seen.add("not_yours")
        elif answer["t"] == "request":
            answered.add(rid + 1)  # it was ours after all, and the reply was taken
    assert "illegal" in seen and "not_yours" in seen, seen


def test_the_client_library_rides_out_a_network_drop(procs: Procs, tmp_path: Path) -> None:
    served = procs.serve("--game", "harmony", "--seed", "17", "--heartbeat", "0.2",
                         "--liveness", "1")  # fmt: skip
    proxy = Proxy(served.endpoint)
    try:
        agent = ("--heartbeat", "0.2", "--liveness", "1")
        slow = {"SGS_TEST_BOT_DELAY": "0.1"}
        rec = tmp_path / "seat1.jsonl"
        procs.bot(served, 0, "wire_bots:SlowRandom", 5, tmp_path / "s0.jsonl", *agent, **slow)
        via_proxy = Served(served.proc, proxy.endpoint, served.pub, served.tokens, "")
        bot = procs.bot(via_proxy, 1, "wire_bots:SlowRandom", 6, rec, *agent, **slow)
        wait_for(lambda: count_lines(rec) >= 5, what="seat 1 to hold some events")
        proxy.cut(1.5)  # the network drops for 1.5 s: everything sent meanwhile is lost
        assert bot.wait() == 0, bot.output()
        assert served.proc.wait() == 0, served.proc.output()
    finally:
        proxy.close()
    assert transcript_events(rec) == expected_views(served.log_path, 1)
    log = read_log(served.log_path)
    assert not any(d.timeout for d in log.decisions)
    events = [r.get("event") for r in bot.stderr_records()]
    assert "reconnecting" in events or any(
        r.get("event") == "gap in events, resyncing" for r in bot.stderr_records()
    ), bot.output()
    assert verify(served.log_path).ok


def test_without_deadlines_a_departed_seat_takes_defaults_at_once(procs: Procs) -> None:
    served = procs.serve("--game", "harmony", "--bots", "greedy,-", "--seed", "6",
                         "--deadline", "0")  # fmt: skip
    agent = RawAgent(served.endpoint)
    try:
        assert agent.hello(1, served.tokens[1])["t"] == "welcome"
        agent.send({"t": "resync", "last_seq": -1})
        req = agent.recv_type("request")
        assert req["deadline"] == 0  # no deadline
        agent.send({"t": "bye", "reason": "going away"})
    finally:
        agent.close()
    assert served.proc.wait() == 0, served.proc.output()
    log = read_log(served.log_path)
    mine = [d for d in log.decisions if d.seat == 1]
    assert mine and all(d.timeout for d in mine)
    assert verify(served.log_path).ok
