"""A client with several homes (`Client("tcp://h1:5555,tcp://h2:5555")`): every new try starts
at the next home in turn, so a dead home is left after one failed try; `moved` still leads away
from the home for that try only. Against the fake game agent of test_client_handshake (real
ROUTERs on free 127.0.0.1 ports, in threads), and a port nobody binds."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

import pytest
import zmq
from conftest import WAIT, wait_for
from test_client_handshake import FakeServer, fake
from test_client_moved import Mover, movers

from protocol.codec import decode, encode
from protocol.messages import Join, Queued, Welcome
from user_agent.client import MAX_HOMES, Client, ClientError, Item, split_homes

__all__ = ["fake", "movers"]  # the fixtures, shared with test_client_handshake/_moved


def dead_endpoint() -> str:
    """A 127.0.0.1 endpoint nobody listens on (a free port, left unbound)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"tcp://127.0.0.1:{s.getsockname()[1]}"


Until = Callable[[list[str], list[Item]], bool]


def drive(client: Client, until: Until, what: str) -> tuple[list[str], list[Item]]:
    """Drive a started non-blocking client until `until(tries, items)`: the endpoint of each
    connection it opened, in order (where each new try went), and the items it returned."""
    ends: list[str] = []
    items: list[Item] = []
    sock: zmq.Socket[bytes] | None = None
    end = time.monotonic() + WAIT
    while not until(ends, items):
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}; tries {ends}")
        assert client.failure is None, client.failure
        current = client.socket
        if current is not None and current is not sock:
            sock = current
            ends.append(client.endpoint)
        if current is None:
            time.sleep(0.01)
        elif current.poll(10):
            items.extend(client.on_readable())
        items.extend(client.on_timer())
    return ends, items


def tries(count: int) -> Until:
    return lambda ends, items: len(ends) >= count


def welcomed(ends: list[str], items: list[Item]) -> bool:
    return any(isinstance(i, Welcome) for i in items)


def joins(server: FakeServer) -> int:
    return sum(isinstance(m, Join) for m in server.messages_from())


def test_every_new_try_starts_at_the_next_home_in_turn(fake: Callable[..., FakeServer]) -> None:
    silent = [fake(ignore_joins=1000) for _ in range(3)]  # take every join, answer none
    a, b, c = (s.endpoint for s in silent)
    client = Client(f"{a},{b},{c}", name="rover", heartbeat=0.05, liveness=0.2, give_up=WAIT)
    assert client.homes == [a, b, c] and client.home == a
    client.open_join("harmony")
    ends, _ = drive(client, tries(5), "five tries")
    assert ends == [a, b, c, a, b]
    assert client.home == b
    client.close()
    # each home heard the joins of its own tries, and only those
    wait_for(lambda: [joins(s) for s in silent] == [2, 2, 1], what="every try's join")


def test_one_home_is_where_every_try_starts(fake: Callable[..., FakeServer]) -> None:
    server = fake(ignore_joins=1000)
    client = Client(server.endpoint, name="stayer", heartbeat=0.05, liveness=0.2, give_up=WAIT)
    assert client.homes == [server.endpoint]
    client.open_join("harmony")
    ends, _ = drive(client, tries(3), "three tries")
    assert ends == [server.endpoint] * 3
    client.close()


def test_a_dead_home_is_left_after_one_failed_try(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1)
    dead = dead_endpoint()
    # give_up bounds the test when the client never leaves the dead home
    client = Client(f"{dead},{server.endpoint}", name="joiner", heartbeat=0.05, liveness=0.3,
                    give_up=WAIT / 4)  # fmt: skip
    welcome = client.join("harmony")
    assert isinstance(welcome, Welcome) and welcome.seat == 0
    assert (client.home, client.endpoint) == (server.endpoint, server.endpoint)
    assert joins(server) == 1  # the live home's first join seated it
    client.close()


def test_a_moved_try_still_starts_at_its_home(
    fake: Callable[..., FakeServer], movers: list[Mover]
) -> None:
    """homes: a dead one, then a front that moves every hello to the table's server. The
    welcome comes from the server, but the next try (a reconnect when the server forgets the
    connection) starts at the next home in turn, the dead one, and reaches the server again
    through the front."""
    server = fake(players=1, requests=3)
    table = server.add_table("t1", 1)
    front = Mover(lambda: server.endpoint)
    movers.append(front)
    dead = dead_endpoint()
    client = Client(f"{dead},{front.endpoint}", 0, table.tokens[0], table="t1", heartbeat=0.05,
                    liveness=0.3, give_up=WAIT)  # fmt: skip
    client.open()
    ends, _ = drive(client, welcomed, "the welcome")
    assert ends == [dead, front.endpoint, server.endpoint]
    assert client.home == front.endpoint  # the try's home, not where `moved` led
    server.restart("t1", keep=1)  # every connection forgotten: the next heartbeat gets not_seated
    ends, _ = drive(client, welcomed, "the welcome after the restart")
    assert ends == [server.endpoint, dead, front.endpoint, server.endpoint]  # from where it was
    assert client.reconnects == 1 and front.hellos == 2
    client.close()


def test_up_to_sixteen_homes() -> None:
    many = [f"tcp://127.0.0.1:{5000 + i}" for i in range(MAX_HOMES + 1)]
    assert split_homes(",".join(many[:MAX_HOMES])) == many[:MAX_HOMES]
    assert split_homes(" tcp://a:1 , ipc:///tmp/b ") == ["tcp://a:1", "ipc:///tmp/b"]
    with pytest.raises(ValueError, match=f"at most {MAX_HOMES} endpoints"):
        Client(",".join(many))
    for bad in ("", "tcp://a:1,", "tcp://a:1,,tcp://b:2"):
        with pytest.raises(ValueError, match="an empty endpoint"):
            split_homes(bad)


def test_unknown_table_at_one_home_is_tried_at_the_next(fake: Callable[..., FakeServer]) -> None:
    """A cluster's other server does not hold the table: its unknown_table is that home's
    answer, not the table's; the next home (the table's server) welcomes the seat."""
    elsewhere = fake(players=1)
    server = fake(players=1, requests=1)
    table = server.add_table("t1", 1)
    homes = f"{elsewhere.endpoint},{server.endpoint}"
    client = Client(homes, 0, table.tokens[0], table="t1", heartbeat=0.05, give_up=WAIT)
    welcome = client.connect()
    assert welcome.table == "t1" and client.home == server.endpoint
    assert [m.TYPE for m in elsewhere.messages_from()] == ["hello"]
    client.close()


def test_unknown_table_at_every_home_stops_the_client(fake: Callable[..., FakeServer]) -> None:
    servers = [fake(players=1) for _ in range(3)]
    homes = ",".join(s.endpoint for s in servers)
    client = Client(homes, 0, "ab" * 16, table="nosuch", heartbeat=0.05, give_up=WAIT)
    with pytest.raises(ClientError) as err:
        client.connect()
    assert err.value.code == "unknown_table"
    assert [len(s.messages_from()) for s in servers] == [1, 1, 1]  # one hello each, in turn


def test_a_join_answered_late_is_read_not_retried() -> None:
    """A caller that runs the timers before it reads (the fleet's sweep, `Client._step`) must
    not give up on a join whose answer has already arrived: the server queued that agent, and
    a new try elsewhere would leave it queued twice (one of them a seat nobody takes)."""
    ctx = zmq.Context.instance()
    router = ctx.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    endpoint = f"tcp://127.0.0.1:{router.bind_to_random_port('tcp://127.0.0.1')}"
    client = Client(endpoint, name="late", heartbeat=0.05, liveness=0.2, give_up=WAIT)
    try:
        client.open_join("harmony")
        sock = client.socket
        assert sock is not None
        assert router.poll(int(WAIT * 1000)), "no join"
        identity, payload = router.recv_multipart()
        assert isinstance(decode(payload), Join)
        router.send_multipart([identity, encode(Queued("harmony", "", 0, 1, 2))])
        wait_for(lambda: bool(sock.get(zmq.EVENTS) & zmq.POLLIN), what="the answer to arrive")
        client.on_timer(time.monotonic() + 10 * client.liveness)  # long past the liveness
        assert client.socket is sock and client.state == "joining"
        assert [type(i) for i in client.on_readable()] == [Queued]
    finally:
        client.close()
        router.close(0)
