"""The client follows `moved` (protocol 4) by itself, within bounds: a front that moves every
`hello` to another endpoint (a real ROUTER in a thread) in front of the fake game agent of
test_client_handshake."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
import zmq
from test_client_handshake import FakeServer, client_for, fake

from protocol.codec import decode, encode
from protocol.messages import Hello, Moved
from user_agent.client import MAX_MOVES, MOVED_BADLY, ClientError

__all__ = ["fake"]  # the fixture, shared with test_client_handshake.py


class Mover:
    """Answers every hello with moved(table named by `table_of`, `to`); counts them."""

    def __init__(self, to: Callable[[], str], table_of: Callable[[str], str] = lambda t: t) -> None:
        self.ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
        self.sock = self.ctx.socket(zmq.ROUTER)
        self.sock.setsockopt(zmq.LINGER, 0)
        self.sock.bind("tcp://127.0.0.1:*")
        self.endpoint = self.sock.getsockopt_string(zmq.LAST_ENDPOINT)
        self.to, self.table_of = to, table_of
        self.hellos = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.stop.is_set():
            if not self.sock.poll(20):
                continue
            ident, raw = self.sock.recv_multipart()
            msg = decode(raw)
            if isinstance(msg, Hello):
                self.hellos += 1
                moved = Moved(self.table_of(msg.table), self.to(), self.to() + ".pub")
                self.sock.send_multipart([ident, encode(moved)])

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        self.sock.close(0)


@pytest.fixture
def movers() -> Iterator[list[Mover]]:
    made: list[Mover] = []
    yield made
    for m in made:
        m.close()


def test_a_moved_hello_is_said_again_at_the_new_endpoint(
    fake: Callable[..., FakeServer], movers: list[Mover]
) -> None:
    server = fake(players=1, requests=1)
    table = server.add_table("t1", 1)
    front = Mover(lambda: server.endpoint)
    movers.append(front)
    client = client_for(server, table, 0)
    client.endpoint = client.home = front.endpoint  # the agent knows only the front
    welcome = client.connect()
    assert (welcome.table, welcome.seat) == ("t1", 0)
    assert front.hellos == 1 and client.endpoint == server.endpoint
    assert client.home == front.endpoint  # a later try starts at the front again
    client.close()


@pytest.mark.parametrize("case", ["another table", "a loop", "a bad endpoint"])
def test_a_bad_move_stops_the_client(
    fake: Callable[..., FakeServer], movers: list[Mover], case: str
) -> None:
    server = fake(players=1, requests=1)
    table = server.add_table("t1", 1)
    if case == "another table":
        front = Mover(lambda: server.endpoint, table_of=lambda t: "t2")
    elif case == "a loop":
        front = Mover(lambda: front.endpoint)
    else:
        front = Mover(lambda: "inproc://nowhere")
    movers.append(front)
    client = client_for(server, table, 0)
    client.endpoint = client.home = front.endpoint
    with pytest.raises(ClientError) as err:
        client.connect()
    assert err.value.code == MOVED_BADLY
    assert front.hellos == (MAX_MOVES + 1 if case == "a loop" else 1)
    assert server.messages_from() == []  # the real table heard nothing
