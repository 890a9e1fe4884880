"""Appends a game's records as they happen.

Records are encoded once, into a buffer (`Encoder`), as they are given; they reach the OS when
the host says so. Durability is the host's job, since only the host knows when a record must
be on the OS: `flush` hands the whole buffer to the OS in one `os.write`, `sync` also waits
for the disk (fdatasync: what it covers survives a power cut), `close` flushes. The network
server flushes before it sends anything to an agent (every decision an agent can see is in the
file first) and syncs in its `--durability disk` mode and before a table is marked finished;
the in-process runner (`sgs sim`) tells no one, so it lets records pile up. Past
`WRITE_THRESHOLD` bytes of buffered records the writer writes them by itself (at a decision),
so memory stays bounded: a 5-player Sanguosha game (~120 KB) is then one write at `close`. A
process killed between two writes leaves a log that is whole up to its last write, plus at most
a torn tail that the reader detects. Files are created 0600 (an existing file is made 0600 too).

`events` only buffers: the events wait for the next request, whose record carries them (formats
3 and 4), or for `flush`/`close`, which write them as an events record. Hosts write a step's events
and its request before they flush, so the in-process host, the server and crash resume write
the same bytes for the same game; a write past the threshold happens only at a decision (no
events wait then), so it never changes the bytes.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, BinaryIO

from protocol.records import Decision
from replays.format import (
    ABANDONED,
    DECISION,
    FORMAT_VERSION,
    FRAME,
    MAGIC_PREFIX,
    READABLE_VERSIONS,
    Encoder,
    LogError,
    chain_start,
    header_version,
)

# Buffered records past this many bytes are written at the next decision without a flush: large
# enough that a whole game usually takes one write (a 5-player Sanguosha log is ~120 KB), small
# enough that a very long game holds little memory and loses little if the process dies.
WRITE_THRESHOLD = 256 * 1024

_CREATE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)
_APPEND = os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0)

if TYPE_CHECKING:  # the header names the game being played; the log never runs it
    from game_agent.engine import Game


def header_for(game: Game, agents: Iterable[str], table: str = "") -> dict[str, Any]:
    return {
        "format": FORMAT_VERSION,
        "game": game.ruleset.name,
        "ruleset_version": game.ruleset.version,
        "config": game.config,
        "seed": game.seed,
        "seats": [{"seat": i, "agent": a} for i, a in enumerate(agents)],
        "table": table,
    }


def last_crc(path: str, blob: bytes, start: int) -> int:
    """The crc field of the last record of a whole log file (`start` when it has none): the
    frames are walked by their lengths from the first, which must end at the end of the file."""
    pos = len(MAGIC_PREFIX) + 1
    crc = start
    size = len(blob)
    while pos + FRAME.size <= size:
        length, crc = FRAME.unpack_from(blob, pos)
        pos += FRAME.size + length
    if pos != size:
        raise LogError(
            f"{path}: cannot continue the log: its last record is not whole (cut its tail first)"
        )
    return int(crc)


def _private(fd: int) -> None:
    """No one but the owner may read a log (it holds every hidden card and the seed). Only a
    regular file is changed: a log written to a device (/dev/null) leaves the device alone."""
    mode = os.fstat(fd).st_mode
    if stat.S_ISREG(mode) and stat.S_IMODE(mode) & 0o077:
        os.fchmod(fd, 0o600)


class LogWriter(Encoder):
    """A log file being written: records go to the encoder's buffer, and to the file at
    `flush`, `sync` and `close`, and when the buffer passes `threshold` bytes (see above)."""

    threshold = WRITE_THRESHOLD

    def __init__(self, path: str | os.PathLike[str], header: dict[str, Any]) -> None:
        super().__init__(header_version(header))
        self.path = os.fspath(path)
        self.put_header(header)  # before the file exists: a bad header leaves no file behind
        self._stream: BinaryIO | None = None
        self._fd = os.open(self.path, _CREATE, 0o600)
        try:
            _private(self._fd)  # O_CREAT's mode does not apply to a file that already exists
            self.flush()
        except BaseException:
            os.close(self._fd)
            self._fd = -1
            raise

    @classmethod
    def to_stream(cls, stream: BinaryIO, header: dict[str, Any]) -> LogWriter:
        """Write to an open binary stream (e.g. BytesIO, to build a log's canonical bytes).
        `close` flushes the stream but leaves it open: it is the caller's."""
        self = cls.__new__(cls)
        Encoder.__init__(self, header_version(header))
        self.path = ""
        self._stream = stream
        self._fd = -1
        self.put_header(header)
        self.flush()
        return self

    @classmethod
    def append_to(cls, path: str | os.PathLike[str]) -> LogWriter:
        """Continue an existing (already verified and tail-cut) log, e.g. after a crash, in the
        format it was started in. In format 4 the chain goes on from the crc field of the last
        record; the file must end where a record ends (a LogError otherwise: cut its tail
        first)."""
        path = os.fspath(path)
        with open(path, "rb") as f:
            blob = f.read()
        n = len(MAGIC_PREFIX)
        if not blob.startswith(MAGIC_PREFIX) or len(blob) <= n:
            raise LogError(f"{path}: not an sgs log (bad magic)")
        version = blob[n]
        if version not in READABLE_VERSIONS:
            raise LogError(f"{path}: log format {version} is not supported")
        self = cls.__new__(cls)
        Encoder.__init__(self, version)
        if self.chained:
            self.crc = last_crc(path, blob, chain_start(version))
        self.path = path
        self._stream = None
        self._fd = os.open(path, _APPEND)
        with contextlib.suppress(PermissionError):  # not our file: we append, cannot tighten
            _private(self._fd)
        return self

    @property
    def format_version(self) -> int:
        return self.version

    # events(evs) and request(req) are Encoder's: they only add to the buffer.

    def decision(self, d: Decision) -> None:
        """Record a decision (into the buffer: the host flushes when it must; past `threshold`
        buffered bytes the buffer is written here)."""
        if self._events:
            self.end_events()
        self.put(self.pack([DECISION, d.id, d.seat, d.choice, d.timeout]))
        if len(self.buf) >= self.threshold:
            self._write()

    def abandoned(self, reason: str) -> None:
        """The table was abandoned: the log's last record says so (a resume never continues
        it)."""
        self.ending(ABANDONED, reason)

    def flush(self) -> None:
        """Hand every buffered record to the OS (one write call), events included."""
        if self._events:
            self.end_events()
        self._write()

    def _write(self) -> None:
        buf = self.buf
        if self._fd >= 0:
            fd = self._fd
            while buf:
                del buf[: os.write(fd, buf)]
        elif self._stream is not None:
            if buf:
                self._stream.write(buf)
                buf.clear()
        else:
            raise ValueError(f"the log {self.path!r} is closed")

    def sync(self) -> None:
        """`flush`, then wait until the file's data is on the disk (fdatasync)."""
        self.flush()
        if self._fd >= 0:
            os.fdatasync(self._fd)
        elif self._stream is not None:
            self._stream.flush()

    @property
    def closed(self) -> bool:
        return self._fd < 0 and self._stream is None

    def close(self) -> None:
        if self.closed:
            return
        try:
            self.flush()
        finally:
            self.pack = self._refuse  # a record given after close is refused, not buffered
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1
            else:
                assert self._stream is not None
                self._stream.flush()
                self._stream = None

    def _refuse(self, *args: object) -> bytes:
        raise ValueError(f"the log {self.path!r} is closed")

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
