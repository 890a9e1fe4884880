"""CURVE on the wire: key files, `sgs keys`, the server's allow-list and the client's pinned
server key, over real sockets (ROUTER/PUB bound on 127.0.0.1, DEALER/SUB clients).

A refused peer is shown to get nothing through three ways: the server's counters say its
handshake failed (so the test waits for a fact, not a time), the ROUTER has no route to its
identity (ROUTER_MANDATORY), and the messages an allowed client sends after it arrive while
its own never do.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import zmq
from conftest import WAIT
from structlog.testing import capture_logs
from zmq.auth.certs import load_certificate
from zmq.utils.monitor import recv_monitor_message

from game_agent.server.curve import CurveServer, Throttle
from protocol.curve import (
    CurveError,
    CurveKeyError,
    KeyExistsError,
    KeyPair,
    load_allow_dir,
    load_keypair,
    load_public,
    write_keypair,
)
from sgs.commands import keys as keys_command
from user_agent.curve import apply_client, set_client_keys

REPO = Path(__file__).resolve().parents[2]
BOUND = WAIT  # the longest any single wait may take (seconds): conftest's, for a busy machine


# --- fixtures -----------------------------------------------------------------------------------


@dataclass
class Keys:
    dir: Path
    allowed: Path
    pairs: dict[str, KeyPair] = field(default_factory=dict)

    def public(self, name: str) -> Path:
        return self.dir / f"{name}.key"

    def secret(self, name: str) -> Path:
        return self.dir / f"{name}.key_secret"

    def allow(self, name: str) -> None:
        shutil.copy(self.public(name), self.allowed / f"{name}.key")


@pytest.fixture
def keys(tmp_path: Path) -> Keys:
    k = Keys(tmp_path / "keys", tmp_path / "keys" / "allowed")
    for name in ("server", "impostor", "bot1", "bot2"):
        k.pairs[name] = write_keypair(k.dir, name)[2]
    k.allowed.mkdir()
    k.allow("bot1")
    return k


class Net:
    """Contexts and sockets of one test, closed in a safe order (sockets, then the CURVE
    servers, then the contexts) whatever the test did."""

    def __init__(self) -> None:
        self.contexts: list[zmq.Context[Any]] = []
        self.sockets: list[zmq.Socket[Any]] = []
        self.servers: list[CurveServer] = []

    def context(self) -> zmq.Context[Any]:
        ctx: zmq.Context[Any] = zmq.Context()
        self.contexts.append(ctx)
        return ctx

    def socket(self, ctx: zmq.Context[Any], kind: int) -> zmq.Socket[Any]:
        sock: zmq.Socket[Any] = ctx.socket(kind)
        sock.setsockopt(zmq.LINGER, 0)
        self.sockets.append(sock)
        return sock

    def curve(self, secret: Path, allow_dir: Path | None) -> CurveServer:
        server = CurveServer(self.context(), secret, allow_dir)
        self.servers.append(server)
        return server

    def router(self, curve: CurveServer) -> tuple[zmq.Socket[Any], str]:
        router = self.socket(curve.context, zmq.ROUTER)
        router.setsockopt(zmq.ROUTER_MANDATORY, 1)
        curve.apply(router)
        port = router.bind_to_random_port("tcp://127.0.0.1")
        return router, f"tcp://127.0.0.1:{port}"

    def dealer(
        self,
        endpoint: str,
        identity: bytes,
        client: Path | KeyPair | None = None,
        server_key: Path | None = None,
    ) -> zmq.Socket[Any]:
        """A DEALER; with CURVE if `client` (a secret key file or a keypair) is given."""
        ctx = self.contexts[0] if self.contexts else self.context()
        sock = self.socket(ctx, zmq.DEALER)
        sock.setsockopt(zmq.IDENTITY, identity)
        if isinstance(client, Path):
            assert server_key is not None
            apply_client(sock, client, server_key)
        elif client is not None:
            assert server_key is not None
            set_client_keys(sock, client, load_public(server_key))
        sock.connect(endpoint)
        return sock

    def close(self) -> None:
        for sock in self.sockets:
            sock.close(0)
        for server in self.servers:
            server.close()
        for ctx in self.contexts:
            ctx.destroy(linger=0)


@pytest.fixture
def net() -> Iterator[Net]:
    n = Net()
    n.context()  # the clients' context (a server gets its own: one ZAP handler per context)
    yield n
    n.close()


def wait_for(pred: Callable[[], bool], what: str) -> None:
    """Wait (bounded) for a condition another thread makes true."""
    import time

    end = time.monotonic() + BOUND
    while not pred():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


def recv_until(router: zmq.Socket[Any], payload: bytes) -> list[tuple[bytes, bytes]]:
    """Everything the ROUTER receives until `payload` arrives, then during a short quiet spell
    (identity, payload) pairs."""
    got: list[tuple[bytes, bytes]] = []
    while payload not in [p for _, p in got]:
        assert router.poll(int(BOUND * 1000)), f"{payload!r} never arrived; got {got}"
        ident, data = router.recv_multipart()
        got.append((ident, data))
    while router.poll(200):
        ident, data = router.recv_multipart()
        got.append((ident, data))
    return got


def routable(router: zmq.Socket[Any], identity: bytes) -> bool:
    """Whether the ROUTER holds a connection with this identity (ROUTER_MANDATORY)."""
    try:
        router.send_multipart([identity, b"ping"])
    except zmq.ZMQError as exc:
        assert exc.errno == zmq.EHOSTUNREACH, exc
        return False
    return True


def count(curve: CurveServer, reason: str) -> int:
    return curve.counts().get(reason, 0)


def plain_refusals(curve: CurveServer) -> int:
    """Failed handshakes of clients without CURVE: the server sees the mechanism mismatch, or
    only the client hanging up (it saw the mismatch first), whichever happens first."""
    return count(curve, "no_curve") + count(curve, "handshake_failed")


def assert_shut_out(
    net: Net, keys: Keys, curve: CurveServer, router: zmq.Socket[Any], endpoint: str, ident: bytes
) -> None:
    """The peer `ident` has no connection, and a good client's messages (sent after the
    refused peer's) arrive while the refused peer's never do."""
    good = net.dealer(
        endpoint, b"good-client-identity-0001", keys.secret("bot1"), keys.public("server")
    )
    good.send(b"from the allowed client")
    got = recv_until(router, b"from the allowed client")
    assert {i for i, _ in got} == {b"good-client-identity-0001"}, got
    assert not routable(router, ident)


# --- the allow-list at work ---------------------------------------------------------------------


def test_allowed_client_exchanges_messages_and_is_known_by_its_key(net: Net, keys: Keys) -> None:
    curve = net.curve(keys.secret("server"), keys.allowed)
    router, endpoint = net.router(curve)
    bot = net.dealer(
        endpoint, b"bot1-identity-000000000", keys.secret("bot1"), keys.public("server")
    )

    bot.send(b"hello with a token")
    assert router.poll(int(BOUND * 1000))
    ident, frame = router.recv_multipart(copy=False)
    assert frame.bytes == b"hello with a token"
    assert CurveServer.peer_key(frame) == keys.pairs["bot1"].public.decode()
    assert curve.allows(keys.pairs["bot1"].public)

    router.send_multipart([ident.bytes, b"welcome"])
    assert bot.poll(int(BOUND * 1000))
    assert bot.recv() == b"welcome"
    assert count(curve, "accepted") >= 1
    assert count(curve, "key_refused") == 0


def test_client_key_not_in_the_allow_list_gets_nothing_through(net: Net, keys: Keys) -> None:
    curve = net.curve(keys.secret("server"), keys.allowed)
    router, endpoint = net.router(curve)
    with capture_logs() as logs:
        intruder = net.dealer(
            endpoint, b"intruder-identity-000001", keys.secret("bot2"), keys.public("server")
        )
        intruder.send(b"stolen token")
        wait_for(lambda: count(curve, "key_refused") >= 1, "the refusal of bot2's key")

    assert_shut_out(net, keys, curve, router, endpoint, b"intruder-identity-000001")
    assert not intruder.poll(100)
    refused = [r for r in logs if r["event"].startswith("curve client refused")]
    assert refused, logs
    assert refused[0]["client_key"] == keys.pairs["bot2"].public.decode()
    assert refused[0]["peer"] == "127.0.0.1"
    assert refused[0]["log_level"] == "warning"


def test_client_without_curve_gets_nothing_through(net: Net, keys: Keys) -> None:
    curve = net.curve(keys.secret("server"), keys.allowed)
    router, endpoint = net.router(curve)
    plain = net.dealer(endpoint, b"plain-client-identity-01")
    plain.send(b"token in the clear")
    wait_for(lambda: plain_refusals(curve) >= 1, "the plain client's failed handshake")

    assert_shut_out(net, keys, curve, router, endpoint, b"plain-client-identity-01")
    assert not plain.poll(100)


def test_client_with_the_wrong_server_key_gets_nothing_through(net: Net, keys: Keys) -> None:
    curve = net.curve(keys.secret("server"), keys.allowed)
    router, endpoint = net.router(curve)
    # bot1 is allowed, but it pins another server's key: the handshake cannot complete.
    lost = net.dealer(
        endpoint, b"misconfigured-identity-01", keys.secret("bot1"), keys.public("impostor")
    )
    lost.send(b"token")
    wait_for(lambda: count(curve, "wrong_server_key") >= 1, "the failed handshake")

    assert_shut_out(net, keys, curve, router, endpoint, b"misconfigured-identity-01")
    assert not lost.poll(100)


def test_an_impostor_server_never_receives_the_token(net: Net, keys: Keys) -> None:
    """A server that took over the table's address (after a crash, say) with another key, even
    one that lets every client key in, learns nothing from an agent pinned to the real key."""
    impostor = net.curve(keys.secret("impostor"), None)
    router, endpoint = net.router(impostor)
    agent = net.dealer(
        endpoint, b"pinned-agent-identity-01", keys.secret("bot1"), keys.public("server")
    )
    agent.send(b"hello with the seat token")
    wait_for(lambda: count(impostor, "wrong_server_key") >= 1, "the failed handshake")

    # The impostor does let in a client that has its key, so only the pinning kept it out.
    fooled = net.dealer(
        endpoint, b"fooled-agent-identity-01", keys.secret("bot2"), keys.public("impostor")
    )
    fooled.send(b"a client that trusts the impostor")
    got = recv_until(router, b"a client that trusts the impostor")
    assert b"hello with the seat token" not in [p for _, p in got]
    assert not routable(router, b"pinned-agent-identity-01")
    assert not agent.poll(100)


def test_allow_any_key_mode_still_needs_the_server_key(net: Net, keys: Keys) -> None:
    with capture_logs() as logs:
        curve = net.curve(keys.secret("server"), None)
    assert curve.allow_any and curve.allows(b"anything")
    assert any(r["event"] == "curve allows any client key" for r in logs), logs
    router, endpoint = net.router(curve)

    stranger = KeyPair(*zmq.curve_keypair())
    client = net.dealer(endpoint, b"any-key-client-identity1", stranger, keys.public("server"))
    client.send(b"hello")
    got = recv_until(router, b"hello")
    assert got == [(b"any-key-client-identity1", b"hello")]

    plain = net.dealer(endpoint, b"plain-client-identity-02")
    plain.send(b"clear text")
    wait_for(lambda: plain_refusals(curve) >= 1, "the plain client's failed handshake")
    assert not routable(router, b"plain-client-identity-02")


def test_reload_adds_and_removes_keys(net: Net, keys: Keys) -> None:
    curve = net.curve(keys.secret("server"), keys.allowed)
    router, endpoint = net.router(curve)
    bot1 = net.dealer(
        endpoint, b"bot1-first-connection-01", keys.secret("bot1"), keys.public("server")
    )
    bot1.send(b"bot1 before")
    recv_until(router, b"bot1 before")

    bot2 = net.dealer(
        endpoint, b"bot2-before-reload-00001", keys.secret("bot2"), keys.public("server")
    )
    bot2.send(b"bot2 before")
    wait_for(lambda: count(curve, "key_refused") >= 1, "bot2's refusal")
    assert not routable(router, b"bot2-before-reload-00001")

    keys.allow("bot2")
    (keys.allowed / "bot1.key").unlink()
    assert curve.reload() == 1
    assert curve.allowed == frozenset({keys.pairs["bot2"].public})

    bot2_again = net.dealer(
        endpoint, b"bot2-after-reload-000001", keys.secret("bot2"), keys.public("server")
    )
    bot2_again.send(b"bot2 after")
    recv_until(router, b"bot2 after")

    refused = count(curve, "key_refused")
    bot1_again = net.dealer(
        endpoint, b"bot1-after-reload-000001", keys.secret("bot1"), keys.public("server")
    )
    bot1_again.send(b"bot1 after")
    wait_for(lambda: count(curve, "key_refused") > refused, "bot1's refusal after the reload")
    assert not routable(router, b"bot1-after-reload-000001")

    # bot1's first connection predates the reload: it stays, but its key is no longer allowed.
    bot1.send(b"bot1 old connection")
    ident, frame = router.recv_multipart(copy=False)
    assert (ident.bytes, frame.bytes) == (b"bot1-first-connection-01", b"bot1 old connection")
    key = CurveServer.peer_key(frame)
    assert key == keys.pairs["bot1"].public.decode()
    assert not curve.allows(key)


def test_a_failed_reload_keeps_the_previous_list(net: Net, keys: Keys) -> None:
    curve = net.curve(keys.secret("server"), keys.allowed)
    router, endpoint = net.router(curve)
    keys.allow("bot2")
    (keys.allowed / "broken.key").write_text('curve\n    public-key = "short"\n')

    with pytest.raises(CurveKeyError) as err:
        curve.reload()
    assert str(keys.allowed / "broken.key") in str(err.value)
    assert "line 2" in str(err.value)
    with capture_logs() as logs:
        assert not curve.reload_or_log()
    assert any(r["log_level"] == "error" and "broken.key" in r["error"] for r in logs), logs
    assert curve.allowed == frozenset({keys.pairs["bot1"].public})

    bot2 = net.dealer(
        endpoint, b"bot2-identity-0000000001", keys.secret("bot2"), keys.public("server")
    )
    bot2.send(b"bot2")
    wait_for(lambda: count(curve, "key_refused") >= 1, "bot2's refusal")
    assert not routable(router, b"bot2-identity-0000000001")


def test_spectators_on_a_curve_pub_socket(net: Net, keys: Keys) -> None:
    curve = net.curve(keys.secret("server"), keys.allowed)
    pub = net.socket(curve.context, zmq.PUB)
    curve.apply(pub)
    endpoint = f"tcp://127.0.0.1:{pub.bind_to_random_port('tcp://127.0.0.1')}"

    clients = net.contexts[0]
    good = net.socket(clients, zmq.SUB)
    apply_client(good, keys.secret("bot1"), keys.public("server"))
    good.setsockopt(zmq.SUBSCRIBE, b"")
    good.connect(endpoint)
    plain = net.socket(clients, zmq.SUB)
    plain.setsockopt(zmq.SUBSCRIBE, b"")
    plain.connect(endpoint)
    wait_for(lambda: plain_refusals(curve) >= 1, "the plain subscriber's failed handshake")

    # PUB/SUB drops what is sent before a subscription lands: publish until the good one hears.
    for _ in range(int(BOUND / 0.05)):
        pub.send(b"public event")
        if good.poll(50):
            break
    assert good.recv() == b"public event"
    pub.send(b"one more")
    assert good.poll(int(BOUND * 1000))
    assert not plain.poll(100)


def test_a_caller_with_its_own_monitor_feeds_note_event(net: Net, keys: Keys) -> None:
    curve = net.curve(keys.secret("server"), keys.allowed)
    router = net.socket(curve.context, zmq.ROUTER)
    router.setsockopt(zmq.ROUTER_MANDATORY, 1)
    curve.apply(router, monitor=False)
    mon = router.get_monitor_socket(CurveServer.HANDSHAKE_EVENTS | zmq.EVENT_ACCEPTED)
    net.sockets.append(mon)
    endpoint = f"tcp://127.0.0.1:{router.bind_to_random_port('tcp://127.0.0.1')}"
    lost = net.dealer(
        endpoint, b"wrong-key-identity-00001", keys.secret("bot1"), keys.public("impostor")
    )
    lost.send(b"token")
    with capture_logs() as logs:
        while count(curve, "wrong_server_key") == 0:
            assert mon.poll(int(BOUND * 1000)), "no monitor event"
            curve.note_event(recv_monitor_message(mon))  # ACCEPTED is ignored
    assert [r["reason"] for r in logs] == ["wrong_server_key"]
    assert logs[0]["endpoint"] == endpoint
    assert not routable(router, b"wrong-key-identity-00001")


# --- misuse the server side refuses ------------------------------------------------------------


def test_server_setup_errors_name_the_path(tmp_path: Path, keys: Keys) -> None:
    ctx: zmq.Context[Any] = zmq.Context()
    try:
        missing = tmp_path / "nope.key_secret"
        with pytest.raises(CurveKeyError, match=r"nope\.key_secret: cannot read"):
            CurveServer(ctx, missing, keys.allowed)
        with pytest.raises(CurveKeyError, match="holds no secret key"):
            CurveServer(ctx, keys.public("server"), keys.allowed)
        empty = tmp_path / "empty"
        empty.mkdir()
        with pytest.raises(CurveKeyError, match=re.escape(f"{empty}: no public key files")):
            CurveServer(ctx, keys.secret("server"), empty)
        with pytest.raises(CurveKeyError, match="no such file or directory"):
            CurveServer(ctx, keys.secret("server"), tmp_path / "absent")
        # None of those left a ZAP handler behind; a second one on the context is refused.
        with CurveServer(ctx, keys.secret("server"), keys.allowed) as curve:
            with pytest.raises(CurveError, match="already has one"):
                CurveServer(ctx, keys.secret("server"), keys.allowed)
            other: zmq.Context[Any] = zmq.Context()
            foreign = other.socket(zmq.ROUTER)
            with pytest.raises(ValueError, match="another ZeroMQ context"):
                curve.apply(foreign)
            foreign.close(0)
            other.term()
            bound = ctx.socket(zmq.ROUTER)
            bound.bind_to_random_port("tcp://127.0.0.1")
            with pytest.raises(ValueError, match="before bind"):
                curve.apply(bound)
            bound.close(0)
        with pytest.raises(RuntimeError, match="closed"):
            curve.apply(ctx.socket(zmq.ROUTER))
    finally:
        ctx.destroy(linger=0)


def test_client_setup_errors(tmp_path: Path, keys: Keys) -> None:
    ctx: zmq.Context[Any] = zmq.Context()
    try:
        sock = ctx.socket(zmq.DEALER)
        with pytest.raises(CurveKeyError, match="holds a secret key"):
            apply_client(sock, keys.secret("bot1"), keys.secret("server"))
        with pytest.raises(CurveKeyError, match=r"bot1\.key: holds no secret key"):
            apply_client(sock, keys.public("bot1"), keys.public("server"))
        with pytest.raises(CurveKeyError, match=r"absent\.key: cannot read"):
            apply_client(sock, keys.secret("bot1"), tmp_path / "absent.key")
        assert apply_client(sock, keys.secret("bot1"), keys.public("server")) == (
            keys.pairs["bot1"].public
        )
        sock.connect("tcp://127.0.0.1:9")
        with pytest.raises(ValueError, match="before connect"):
            apply_client(sock, keys.secret("bot1"), keys.public("server"))
        sock.close(0)
    finally:
        ctx.destroy(linger=0)


# --- key files ----------------------------------------------------------------------------------


def test_write_keypair_modes_and_formats(tmp_path: Path) -> None:
    public, secret, pair = write_keypair(tmp_path / "k", "bot1")
    assert (public.name, secret.name) == ("bot1.key", "bot1.key_secret")
    assert stat.S_IMODE(secret.stat().st_mode) & 0o077 == 0
    assert stat.S_IMODE(secret.stat().st_mode) & 0o600 == 0o600
    assert stat.S_IMODE((tmp_path / "k").stat().st_mode) & 0o077 == 0
    assert load_public(public) == pair.public
    assert load_keypair(secret) == pair
    assert zmq.curve_public(pair.secret) == pair.public
    # ZeroMQ's own loader reads them (czmq's format).
    assert load_certificate(public) == (pair.public, None)
    assert load_certificate(secret) == (pair.public, pair.secret)


def test_write_keypair_never_overwrites_without_force(tmp_path: Path) -> None:
    public, secret, first = write_keypair(tmp_path, "server")
    before = (public.read_bytes(), secret.read_bytes())
    with pytest.raises(KeyExistsError, match=r"server\.key_secret: already exists"):
        write_keypair(tmp_path, "server")
    assert (public.read_bytes(), secret.read_bytes()) == before

    secret.unlink()  # a half-present pair is refused too
    with pytest.raises(KeyExistsError, match=r"server\.key: already exists"):
        write_keypair(tmp_path, "server")
    assert not secret.exists()

    _, _, second = write_keypair(tmp_path, "server", force=True)
    assert second != first and load_keypair(secret) == second
    assert stat.S_IMODE(secret.stat().st_mode) & 0o077 == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["server.key", "server.key_secret"]


def test_write_keypair_does_not_follow_a_planted_symlink(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_text("precious")
    (tmp_path / "bot.key_secret").symlink_to(target)
    with pytest.raises(KeyExistsError):
        write_keypair(tmp_path, "bot")
    assert target.read_text() == "precious"


def test_write_keypair_checks_the_name(tmp_path: Path) -> None:
    for name in ("", "../up", "a/b", ".hidden", "x" * 65):
        with pytest.raises(ValueError, match="bad key name"):
            write_keypair(tmp_path, name)
    assert list(tmp_path.iterdir()) == []


GOOD = KeyPair(*zmq.curve_keypair())
OTHER = KeyPair(*zmq.curve_keypair())


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "not a CURVE key file"),
        ("# only a comment\n", "not a CURVE key file"),
        ("hello world\n", "not a CURVE key file"),
        ("curve\n    public-key = \"abc\"\n", "line 2: public-key is not a 40-character Z85"),
        ('public-key = "' + "~" * 40 + '"\n', "line 1: public-key is not a 40-character Z85"),
        (f'public-key = "{GOOD.public.decode()}"\npublic-key = "{GOOD.public.decode()}"\n',
         "line 2: public-key given twice"),
    ],
)  # fmt: skip
def test_malformed_public_key_files(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "bad.key"
    path.write_text(text)
    with pytest.raises(CurveKeyError) as err:
        load_public(path)
    assert str(err.value).startswith(f"{path}: ")
    assert problem in str(err.value)
    assert err.value.path == str(path)


def test_key_file_variants(tmp_path: Path) -> None:
    bare = tmp_path / "bare.key"
    bare.write_text(f"{GOOD.public.decode()}\n")
    assert load_public(bare) == GOOD.public

    mismatched = tmp_path / "mixed.key_secret"
    mismatched.write_text(
        f'curve\n    public-key = "{OTHER.public.decode()}"\n'
        f'    secret-key = "{GOOD.secret.decode()}"\n'
    )
    with pytest.raises(CurveKeyError, match="does not belong to its secret-key"):
        load_keypair(mismatched)
    with pytest.raises(CurveKeyError, match="holds a secret key"):
        load_public(mismatched)

    secret_only = tmp_path / "only.key_secret"
    secret_only.write_text(f'secret-key = "{GOOD.secret.decode()}"\n')
    os.chmod(secret_only, 0o600)
    assert load_keypair(secret_only) == GOOD

    with pytest.raises(CurveKeyError, match="is a directory"):
        load_public(tmp_path)
    huge = tmp_path / "huge.key"
    huge.write_bytes(b"#" * (65 * 1024))
    with pytest.raises(CurveKeyError, match="too large"):
        load_public(huge)


def test_a_secret_file_others_can_read_is_loaded_with_a_warning(tmp_path: Path) -> None:
    _, secret, pair = write_keypair(tmp_path, "lax")
    os.chmod(secret, 0o644)
    with capture_logs() as logs:
        assert load_keypair(secret) == pair
    warnings = [r for r in logs if r["event"] == "secret key file readable by other users"]
    assert warnings and warnings[0]["path"] == str(secret), logs
    os.chmod(secret, 0o600)
    with capture_logs() as logs:
        load_keypair(secret)
    assert logs == []


def test_load_allow_dir(tmp_path: Path) -> None:
    allow = tmp_path / "allowed"
    allow.mkdir()
    with pytest.raises(CurveKeyError, match="no public key files"):
        load_allow_dir(allow)
    (allow / "a.key").write_text(f"{GOOD.public.decode()}\n")
    (allow / "notes.txt").write_text("not a key")
    (allow / ".hidden.key").write_text("ignored")
    (allow / "b.key_secret").write_text("ignored too")
    assert load_allow_dir(allow) == {GOOD.public: allow / "a.key"}
    (allow / "c.key").write_text(f'secret-key = "{OTHER.secret.decode()}"\n')
    with pytest.raises(CurveKeyError, match=r"c\.key: holds a secret key"):
        load_allow_dir(allow)
    with pytest.raises(CurveKeyError, match="not a directory"):
        load_allow_dir(allow / "a.key")
    with pytest.raises(CurveKeyError, match="no such file or directory"):
        load_allow_dir(tmp_path / "absent")


def test_throttle_rate_limits_per_key_and_overall() -> None:
    now = [0.0]
    throttle = Throttle(interval=10.0, burst=3, clock=lambda: now[0])
    assert throttle("a") == 0
    assert throttle("a") is None
    assert throttle("a") is None
    assert throttle("b") == 0
    assert throttle("c") == 0
    assert throttle("d") is None  # over the burst for this interval
    now[0] = 10.0
    assert throttle("a") == 2  # two kept quiet since its last line
    assert throttle("d") == 1


# --- `sgs keys` ---------------------------------------------------------------------------------


def run_keys(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="sgs")
    keys_command.add_parser(parser.add_subparsers())
    args = parser.parse_args(["keys", *argv])
    code: int = args.run(args)
    return code


def test_sgs_keys_generates_and_refuses_to_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keydir = tmp_path / "keys"
    assert run_keys(str(keydir), "--name", "bot1") == 0
    out = capsys.readouterr().out
    printed = out.splitlines()[0].removeprefix("public key: ").encode()
    assert printed == load_public(keydir / "bot1.key")
    assert str(keydir / "bot1.key_secret") in out
    secret_before = (keydir / "bot1.key_secret").read_bytes()

    assert run_keys(str(keydir), "--name", "bot1") == 1
    err = capsys.readouterr().err
    assert "bot1.key_secret: already exists" in err and "--force" in err
    assert (keydir / "bot1.key_secret").read_bytes() == secret_before

    assert run_keys(str(keydir), "--name", "bot1", "--force") == 0
    assert (keydir / "bot1.key_secret").read_bytes() != secret_before
    capsys.readouterr()

    assert run_keys("--show", str(keydir / "bot1.key"), str(keydir / "bot1.key_secret")) == 0
    shown = capsys.readouterr().out
    assert shown.count(load_public(keydir / "bot1.key").decode()) == 2

    assert run_keys(str(keydir), "--name", "../evil") == 2
    assert run_keys() == 2
    bad = tmp_path / "bad.key"
    bad.write_text("garbage\n")
    assert run_keys("--show", str(bad)) == 1
    assert f"{bad}: not a CURVE key file" in capsys.readouterr().err


def test_sgs_cli_keys_subprocess(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    cmd = [sys.executable, "-m", "sgs.cli", "keys", str(tmp_path), "--name", "server"]
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE((tmp_path / "server.key_secret").stat().st_mode) == 0o600
    assert load_public(tmp_path / "server.key").decode() in done.stdout
    again = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert again.returncode == 1
    assert "already exists" in again.stderr


def _close_curve_first(secret: Path, allowed: Path, bot: Path, wrong_server: Path) -> None:
    """The scenario of the test below, in a child process (a wedged context cannot be torn
    down, so the parent judges by the exit code)."""
    net = Net()
    curve = net.curve(secret, allowed)
    _, endpoint = net.router(curve)  # monitored by the CurveServer's thread
    curve.close()  # before the router: its monitor must stop with it
    pull = net.socket(curve.context, zmq.PULL)
    port = pull.bind_to_random_port("tcp://127.0.0.1")
    push = net.socket(curve.context, zmq.PUSH)
    push.connect(f"tcp://127.0.0.1:{port}")
    for i in range(20):  # each a failed handshake (a monitored event), then traffic
        net.dealer(endpoint, b"late-agent-%04d" % i, bot, wrong_server)
        push.send(b"%d" % i)
        if not pull.poll(int(BOUND * 1000)) or pull.recv() != b"%d" % i:
            os._exit(1)
    net.close()
    os._exit(0)


def test_closing_the_curve_server_before_its_socket_leaves_the_context_serving(
    keys: Keys,
) -> None:
    """A monitored socket still open when its CurveServer closes must not wedge the context:
    a monitor whose reader is gone would block libzmq's I/O thread at the next event."""
    keys.allow("bot1")
    args = (keys.secret("server"), keys.allowed, keys.secret("bot1"), keys.public("impostor"))
    child = multiprocessing.get_context("fork").Process(target=_close_curve_first, args=args)
    child.start()
    child.join(BOUND + 30)
    if child.is_alive():
        child.kill()
        child.join()
        pytest.fail("the context stopped serving after the CurveServer closed")
    assert child.exitcode == 0, "a message on the context was never delivered"
