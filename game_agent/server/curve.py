"""CURVE on the game agent's sockets: encryption, and an allow-list of client public keys.

    curve = CurveServer(ctx, "keys/server.key_secret", allow_dir="keys/allowed")
    router = ctx.socket(zmq.ROUTER)
    curve.apply(router)           # before bind; the PUB socket too
    router.bind("tcp://0.0.0.0:5555")
    ...
    curve.reload()                # e.g. on SIGHUP: re-read the allow-list directory
    ...
    router.close(); curve.close() # sockets first (see `close`)

A ZAP handler (pyzmq's `ThreadAuthenticator`, one thread) answers every CURVE handshake on the
context: a client whose public key is not in the allow-list is refused during the ZMTP
handshake, so not one of its messages reaches the socket. `allow_dir=None` lets any client key
in (the traffic is still encrypted and clients still authenticate the server, but anybody who
can reach the port may connect: only the seat tokens keep them out).

Refusals are logged through structlog (rate-limited), and so are handshakes that fail before
any key is checked (a client without CURVE, or one that does not hold this server's public
key), which a socket monitor reports.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Mapping
from pathlib import Path
from typing import Any

import structlog
import zmq
from zmq.auth.thread import ThreadAuthenticator
from zmq.utils.monitor import recv_monitor_message

from protocol.curve import CurveError, CurveKeyError, KeyPair, StrPath, load_allow_dir, load_keypair

log = structlog.get_logger("sgs.curve")

__all__ = ["CurveError", "CurveKeyError", "CurveServer", "Throttle"]

_MONITOR_EVENTS = (
    zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL
    | zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL
    | zmq.EVENT_HANDSHAKE_FAILED_AUTH
    | zmq.EVENT_MONITOR_STOPPED
)
_PROTOCOL_REASONS: dict[int, tuple[str, str]] = {
    zmq.PROTOCOL_ERROR_ZMTP_MECHANISM_MISMATCH: (
        "no_curve",
        "the client does not use CURVE (or uses another security mechanism)",
    ),
    zmq.PROTOCOL_ERROR_ZMTP_CRYPTOGRAPHIC: (
        "wrong_server_key",
        "the client does not hold this server's public key (or sent a corrupt handshake)",
    ),
}


class Throttle:
    """Decides whether to log an occurrence of `what`: the first one, then at most one per
    `interval` seconds for the same `what`, and at most `burst` lines per interval overall.
    Returns None (stay quiet) or how many occurrences were kept quiet since the last line.
    Thread-safe; remembers at most `max_keys` recent `what`s."""

    def __init__(
        self,
        interval: float = 10.0,
        burst: int = 20,
        max_keys: int = 1024,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.interval = interval
        self.burst = burst
        self.max_keys = max_keys
        self.clock = clock
        self._seen: OrderedDict[Hashable, tuple[float, int]] = OrderedDict()
        self._window = -1e18
        self._lines = 0
        self._lock = threading.Lock()

    def __call__(self, what: Hashable) -> int | None:
        with self._lock:
            now = self.clock()
            if now - self._window >= self.interval:
                self._window, self._lines = now, 0
            last, quiet = self._seen.pop(what, (-1e18, 0))
            if now - last >= self.interval and self._lines < self.burst:
                self._lines += 1
                self._seen[what] = (now, 0)
                result: int | None = quiet
            else:
                self._seen[what] = (last, quiet + 1)
                result = None
            while len(self._seen) > self.max_keys:
                self._seen.popitem(last=False)
            return result


class _Authenticator(ThreadAuthenticator):
    """pyzmq's ZAP thread, remembering the peer address of the request being answered (ZAP
    frame 3, RFC 27) so that the key callback can log it."""

    peer_address = ""

    async def handle_zap_message(self, msg: list[bytes]) -> None:
        self.peer_address = msg[3].decode("utf-8", "replace") if len(msg) > 3 else ""
        await super().handle_zap_message(msg)


class CurveServer:
    """The server side of CURVE for every socket `apply`-ed to it, on one ZeroMQ context.

    `secret_key_file` is the server's `NAME.key_secret`; `allow_dir` the directory of allowed
    clients' `*.key` files, or None to allow any client key (explicitly: there is no default).
    Raises `CurveKeyError` (naming the path) for a missing, unreadable or malformed key file
    and for a missing or empty allow-list directory, and `CurveError` if the context already
    has a ZAP handler (one `CurveServer` per context).
    """

    def __init__(
        self,
        context: zmq.Context[Any],
        secret_key_file: StrPath,
        allow_dir: StrPath | None,
        *,
        log_interval: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.context = context
        self.secret_key_file = Path(secret_key_file)
        self.allow_dir = Path(allow_dir) if allow_dir is not None else None
        self._keys: KeyPair = load_keypair(secret_key_file)
        self._allowed: dict[bytes, Path] = (
            load_allow_dir(self.allow_dir) if self.allow_dir is not None else {}
        )
        self._throttle = Throttle(log_interval, clock=clock)
        self._lock = threading.Lock()
        self._counts: Counter[str] = Counter()
        self._stop = threading.Event()
        self._monitors: list[threading.Thread] = []
        self._watched: list[zmq.Socket[Any]] = []  # the sockets those threads watch
        self._closed = False
        self._auth = _Authenticator(context, log=structlog.get_logger("sgs.curve.zap"))
        try:
            self._auth.start()
        except zmq.ZMQError as exc:
            self._auth.stop()
            raise CurveError(
                f"cannot start the ZAP handler ({exc}): this ZeroMQ context already has one "
                "(use one CurveServer per context)"
            ) from exc
        self._auth.configure_curve_callback(domain="*", credentials_provider=self)
        if self.allow_dir is None:
            log.warning(
                "curve allows any client key",
                server_key=self.public_key.decode(),
                risk="traffic is encrypted, but anyone who reaches the port may connect",
            )
        else:
            log.info(
                "curve allow-list loaded",
                allow_dir=str(self.allow_dir),
                keys=len(self._allowed),
                server_key=self.public_key.decode(),
            )

    # --- keys ----------------------------------------------------------------------------------

    @property
    def public_key(self) -> bytes:
        """The server's public key (Z85): what clients pin (`NAME.key`)."""
        return self._keys.public

    @property
    def allow_any(self) -> bool:
        return self.allow_dir is None

    @property
    def allowed(self) -> frozenset[bytes]:
        """The allowed client public keys (Z85); empty when any key is allowed."""
        return frozenset(self._allowed)

    def allows(self, client_key: bytes | str) -> bool:
        """Whether a client public key (Z85) is allowed now, e.g. `peer_key(frame)` of a
        connection made before a `reload` that removed its key."""
        if self.allow_dir is None:
            return True
        key = client_key.encode("ascii") if isinstance(client_key, str) else client_key
        return key in self._allowed

    def reload(self) -> int:
        """Re-read the allow-list directory; returns the number of allowed keys.

        New handshakes use the new list at once; connections already made are not dropped
        (check `allows(peer_key(frame))` per message to ignore a removed key). On error the
        previous list stays in force and `CurveKeyError` (naming the path) is raised.
        """
        if self.allow_dir is None:
            return 0
        fresh = load_allow_dir(self.allow_dir)
        old = self._allowed
        self._allowed = fresh  # one reference swap: the ZAP thread sees the old or the new dict
        log.info(
            "curve allow-list reloaded",
            allow_dir=str(self.allow_dir),
            keys=len(fresh),
            added=sorted(k.decode() for k in fresh.keys() - old.keys()),
            removed=sorted(k.decode() for k in old.keys() - fresh.keys()),
        )
        return len(fresh)

    def reload_or_log(self) -> bool:
        """`reload`, logging an error instead of raising (for a SIGHUP handler)."""
        try:
            self.reload()
        except CurveError as exc:
            log.error("curve allow-list not reloaded; the previous one stays", error=str(exc))
            return False
        return True

    # --- sockets -------------------------------------------------------------------------------

    def apply(self, socket: zmq.Socket[Any], *, monitor: bool = True) -> None:
        """Make `socket` (ROUTER, PUB, XPUB, …) a CURVE server with this key. Call before bind.

        With `monitor` (the default) a thread watches the socket's failed handshakes and logs
        them (rate-limited); pass False if you monitor the socket yourself (one monitor per
        socket).
        """
        if self._closed:
            raise RuntimeError("this CurveServer is closed")
        if socket.context is not self.context:
            # The ZAP handler is per context: elsewhere libzmq would admit any client key.
            raise ValueError("the socket belongs to another ZeroMQ context than the CurveServer")
        if socket.getsockopt(zmq.LAST_ENDPOINT):
            raise ValueError("apply CURVE before bind (the socket is already bound)")
        socket.curve_secretkey = self._keys.secret
        socket.curve_publickey = self._keys.public
        socket.curve_server = True
        if monitor:
            pipe = socket.get_monitor_socket(_MONITOR_EVENTS)
            thread = threading.Thread(
                target=self._watch, args=(pipe,), name="sgs-curve-monitor", daemon=True
            )
            self._monitors.append(thread)
            self._watched.append(socket)
            thread.start()

    @staticmethod
    def peer_key(frame: zmq.Frame) -> str | None:
        """The CURVE public key (Z85) of the connection a frame came from (received with
        `copy=False`), or None without CURVE: the ZAP handler's User-Id for the peer."""
        try:
            value = frame.get("User-Id")
        except zmq.ZMQError:
            return None
        return value if isinstance(value, str) and value else None

    # --- counters ------------------------------------------------------------------------------

    def counts(self) -> dict[str, int]:
        """How many handshakes were accepted/refused so far, by reason: `accepted`,
        `key_refused` (not in the allow-list), `no_curve`, `wrong_server_key`,
        `handshake_failed`, `protocol_error` (the last four from the socket monitors)."""
        with self._lock:
            return dict(self._counts)

    def _count(self, reason: str) -> None:
        with self._lock:
            self._counts[reason] += 1

    # --- the ZAP callback (runs on the authenticator's thread) ---------------------------------

    def callback(self, domain: str, key: bytes) -> bool:
        """Called by pyzmq's authenticator for each CURVE handshake with the client's Z85 key."""
        address = self._auth.peer_address
        allowed = self.allow_dir is None or key in self._allowed
        reason = "accepted" if allowed else "key_refused"
        self._count(reason)
        quiet = self._throttle((reason, key))
        if quiet is not None:
            fields: dict[str, object] = {
                "client_key": key.decode("ascii", "replace"),
                "peer": address,
            }
            if quiet:
                fields["repeats"] = quiet
            if allowed:
                log.info("curve client accepted", **fields)
            else:
                log.warning(
                    "curve client refused: key not in the allow-list",
                    allow_dir=str(self.allow_dir),
                    **fields,
                )
        return allowed

    # --- socket monitors (one thread per applied socket) ---------------------------------------

    HANDSHAKE_EVENTS = _MONITOR_EVENTS & ~zmq.EVENT_MONITOR_STOPPED

    def note_event(self, event: Mapping[str, Any]) -> None:
        """Count and log (rate-limited) a socket monitor event if it is a failed handshake;
        ignore any other. For a caller that monitors the CURVE sockets itself (`apply(...,
        monitor=False)`): add `CurveServer.HANDSHAKE_EVENTS` to its monitor's event mask and
        pass each parsed event (`zmq.utils.monitor.parse_monitor_message`) here.
        Thread-safe."""
        kind = event.get("event")
        if kind not in (
            zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL,
            zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL,
        ):
            return  # HANDSHAKE_FAILED_AUTH: the ZAP callback counted and logged it, with the key
        endpoint = event.get("endpoint")
        where = endpoint.decode("utf-8", "replace") if isinstance(endpoint, bytes) else ""
        if kind == zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL:
            value = int(event.get("value", 0))
            reason, text = _PROTOCOL_REASONS.get(
                value, ("protocol_error", f"ZMTP protocol error {value:#x}")
            )
        else:
            # Typically a client without CURVE: it may hang up on seeing the server's greeting
            # before the server has read its own (then the server sees no mismatch).
            reason, text = "handshake_failed", "the peer hung up during the handshake"
        self._count(reason)
        quiet = self._throttle((reason, where))
        if quiet is not None:
            log.warning(
                "curve handshake failed", reason=reason, why=text, endpoint=where, repeats=quiet
            )

    def _watch(self, pipe: zmq.Socket[Any]) -> None:
        try:
            while not self._stop.is_set():
                if not pipe.poll(100):
                    continue
                event = recv_monitor_message(pipe)
                if event["event"] == zmq.EVENT_MONITOR_STOPPED:
                    return
                self.note_event(event)
        except zmq.ContextTerminated:
            pass
        except zmq.ZMQError as exc:
            log.error("curve socket monitor stopped", error=str(exc))
        finally:
            pipe.close(0)

    # --- shutdown ------------------------------------------------------------------------------

    def close(self) -> None:
        """Stop the ZAP handler and the monitors. Close the CURVE sockets *first*: libzmq lets
        any client key through a CURVE socket whose context has no ZAP handler."""
        if self._closed:
            return
        self._closed = True
        # A socket still open keeps sending monitor events from the context's one I/O thread,
        # and that send never gives up: once its reader is closed, the next connection event
        # would block the I/O thread, and every socket of the context, for good. So a socket
        # the caller has not closed yet stops being monitored first (from this thread: call
        # close() where the sockets are used, as the server does).
        for sock in self._watched:
            if not sock.closed:
                with contextlib.suppress(zmq.ZMQError):
                    sock.disable_monitor()
        self._stop.set()
        for thread in self._monitors:
            thread.join(timeout=5)
        self._auth.stop()

    def __enter__(self) -> CurveServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
