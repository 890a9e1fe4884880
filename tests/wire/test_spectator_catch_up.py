"""A spectator that joins mid-game gets the whole public table: it asks the server for the
events it missed (`spectate`) and merges them with the stream by seq (user_agent.spectator)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
import zmq
from conftest import (
    WAIT,
    Procs,
    RawAgent,
    count_lines,
    expected_views,
    plain,
    transcript,
    wait_for,
)

from protocol.choices import RequestSpec
from protocol.codec import decode_frame
from protocol.messages import Bye, EventMsg
from user_agent.bot import random_legal
from user_agent.spectator import CatchUpError, InOrder, catch_up


def ev(seq: int) -> EventMsg:
    return EventMsg(seq, "k", {"n": seq})


def test_in_order_hands_each_event_on_once_in_seq_order() -> None:
    order = InOrder()
    assert order.add(ev(3)) == [] and order.missing == 2  # joined mid-game
    assert order.add(ev(4)) == []
    assert [e.seq for e in order.add(ev(0))] == [0]
    assert [e.seq for e in order.add(ev(2))] == []
    assert [e.seq for e in order.add(ev(1))] == [1, 2, 3, 4]
    assert order.add(ev(3)) == [] and order.missing == -1  # heard twice: once only
    assert [e.seq for e in order.add(ev(5))] == [5]


def test_a_spectator_joining_mid_game_sees_the_table_from_the_start(
    procs: Procs, tmp_path: Path
) -> None:
    served = procs.serve(
        "--game", "sanguosha", "--players", "4", "--seed", "5", "--option", "generals=random"
    )
    rec = tmp_path / "seat0.jsonl"
    slow = {"SGS_TEST_BOT_DELAY": "0.02"}
    for seat in range(4):
        record = rec if seat == 0 else None
        procs.bot(served, seat, "wire_bots:SlowRandom", seat + 1, record, **slow)
    wait_for(lambda: count_lines(rec) >= 40, what="the game to be under way")

    ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    sub.connect(served.pub)
    order = InOrder()
    seen: list[EventMsg] = []
    caught_up = False
    end = time.monotonic() + 5 * WAIT  # the whole rest of the game
    try:
        while True:
            assert time.monotonic() < end, "the game did not end"
            # the table announces itself every heartbeat: silence means it is gone
            assert sub.poll(int(WAIT * 1000), zmq.POLLIN), "the spectator stream fell silent"
            topic, blob = sub.recv_multipart()
            ended = False
            for msg in decode_frame(blob):  # protocol 5: one or more
                if isinstance(msg, Bye):
                    ended = True
                    break
                if not isinstance(msg, EventMsg):
                    continue
                seen.extend(order.add(msg))
                if order.missing >= 0 and not caught_up:
                    assert order.missing > 0, "joined at the start: nothing shows the catch-up"
                    for old in catch_up(
                        served.endpoint, topic.decode(), order.missing, timeout=WAIT
                    ):
                        seen.extend(order.add(old))
                    caught_up = True
                    names = [e.data["general"] for e in seen if e.kind == "general"]
                    assert len(names) == 4  # every seat's general, at once
            if ended:
                break
    finally:
        sub.close(0)
    assert caught_up
    assert served.proc.wait() == 0
    got = [{"t": "event", "seq": e.seq, "kind": e.kind, "data": plain(e.data)} for e in seen]
    assert got == expected_views(served.log_path, -1)


def test_a_bad_catch_up_is_refused_and_the_server_goes_on(procs: Procs) -> None:
    served = procs.serve("--game", "harmony", "--bots", "greedy,-", "--seed", "3")
    agent = RawAgent(served.endpoint)
    try:
        welcome = agent.hello(1, served.tokens[1])
        assert welcome["t"] == "welcome"
        table = welcome["table"]
        with pytest.raises(CatchUpError, match="unknown_table"):
            catch_up(served.endpoint, "no-such-table", timeout=WAIT)
        with pytest.raises(CatchUpError, match="bad_seq"):
            catch_up(served.endpoint, table, after=10**6, timeout=WAIT)
        first = catch_up(served.endpoint, table, timeout=WAIT)
        agent.send({"t": "resync", "last_seq": -1})  # the table goes on: its seat plays
        for _ in range(3):
            req = agent.recv_type("request")["request"]
            agent.send({"t": "reply", "id": req["id"], "choice": req["default"]})
        agent.recv_type("request")
        later = catch_up(served.endpoint, table, timeout=WAIT)
        assert len(later) > len(first) and [e.seq for e in later] == list(range(len(later)))
    finally:
        agent.close()


def test_sgs_watch_with_server_records_the_table_from_the_start(
    procs: Procs, tmp_path: Path
) -> None:
    # Seat 1 is played here and holds the game at one of its requests until the watcher is
    # subscribed, so the watcher joins mid-game however long it takes to start (and without
    # deadlines, holding costs nothing).
    served = procs.serve("--game", "harmony", "--seed", "8", "--deadline", "0")
    procs.bot(served, 0, "random", 1)
    seat = RawAgent(served.endpoint)
    rng = random.Random(2)

    def answer(msg: dict[str, object]) -> None:
        req = RequestSpec(**msg["request"])  # type: ignore[arg-type]
        seat.send({"t": "reply", "id": req.id, "choice": random_legal(req, rng)})

    try:
        assert seat.hello(1, served.tokens[1])["t"] == "welcome"
        seat.send({"t": "resync", "last_seq": -1})
        for _ in range(3):
            answer(seat.recv_type("request"))
        held = seat.recv_type("request")
        assert seat.events, "nothing happened before the watcher came"
        watched = tmp_path / "watch.jsonl"
        args = ["watch", "--plain", "--connect", served.pub, "--server", served.endpoint]
        watcher = procs.start([*args, "--record", str(watched)])
        seat.hold(
            lambda: any(line.startswith("watching ") for line in watcher.drain()),
            what="the watcher to subscribe",
        )
        assert served.proc.popen.poll() is None  # mid-game
        answer(held)
        while not seat.bye:
            msg = seat.recv(WAIT)
            assert msg is not None, "the server fell silent"
            if msg["t"] == "request":
                answer(msg)
    finally:
        seat.close()
    assert watcher.wait() == 0, watcher.output()
    assert served.proc.wait() == 0, served.proc.output()
    got = [item for item in transcript(watched) if item["t"] == "event"]
    assert got[0]["seq"] == 0  # joined mid-game, yet the record starts at the start
    assert got == expected_views(served.log_path, -1)
    shown = [line for line in watcher.lines if line.startswith("[")]
    assert [int(line[1:].split("]")[0]) for line in shown] == [e["seq"] for e in got]
    assert not any("_" in line or "{" in line for line in shown)  # sentences, not data
