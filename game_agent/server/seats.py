"""Seats, their secret tokens, and the sidecar file that keeps the tokens for a crash resume.

A seat belongs to the session that last proved its token (the handshake of protocol 3; see
server.py): a routing id is never an identity by itself. Tokens live in `LOG.seats.json`
(mode 0600), never in the log itself, so a log stays byte-identical to that of an uninterrupted
game.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from typing import Any

SIDECAR_VERSION = 1
MAX_SIDECAR_BYTES = 1 << 20  # a seats file holds a few tokens and names: a few hundred bytes


@dataclass
class Seat:
    index: int
    token: str
    agent: str  # the name written in the log header ("remote", or the bot's name)
    identity: bytes | None = None
    name: str = ""  # what the agent calls itself in `hello` (for the operator's logs)
    connected: bool = False  # heard from within the liveness window
    synced: bool = False  # has sent `resync`; live events and requests go to it
    departed: bool = False  # its agent process is known to have exited (bots of `sgs serve`)
    spent: bool = False  # a deadline expired while away: later requests default at once
    last_heard: float = 0.0


class Seats:
    def __init__(self, tokens: list[str], agents: list[str]) -> None:
        if len(tokens) != len(agents):
            raise ValueError("one token per seat")
        self.seats = [Seat(i, t, a) for i, (t, a) in enumerate(zip(tokens, agents, strict=True))]

    @classmethod
    def new(cls, agents: list[str]) -> Seats:
        return cls([secrets.token_hex(16) for _ in agents], agents)

    def __len__(self) -> int:
        return len(self.seats)

    def __getitem__(self, index: int) -> Seat:
        return self.seats[index]

    @property
    def tokens(self) -> list[str]:
        return [s.token for s in self.seats]

    def claim(self, seat: Seat, identity: bytes, name: str, now: float) -> None:
        seat.identity = identity
        seat.name = name
        seat.connected = True
        seat.spent = False
        seat.synced = False
        seat.last_heard = now


def sidecar_path(log_path: str) -> str:
    return f"{log_path}.seats.json"


def write_sidecar(log_path: str, data: dict[str, Any]) -> str:
    """Write the sidecar atomically, readable by its owner only (0600)."""
    path = sidecar_path(log_path)
    tmp = f"{path}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"sidecar": SIDECAR_VERSION, **data}, f, indent=1, sort_keys=True)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    os.replace(tmp, path)
    sync_dir(os.path.dirname(path) or ".")
    return path


def sync_dir(path: str) -> None:
    """Make a directory's new entries (a log just created, a file just renamed) durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def read_sidecar(log_path: str) -> dict[str, Any]:
    path = sidecar_path(log_path)
    try:
        with open(path, "rb") as f:
            blob = f.read(MAX_SIDECAR_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the seats file ({exc.strerror})") from None
    if len(blob) > MAX_SIDECAR_BYTES:
        raise ValueError(f"{path}: not a seats file (more than {MAX_SIDECAR_BYTES} bytes)")
    try:
        data = json.loads(blob)
    except ValueError as exc:  # JSONDecodeError, or not UTF-8
        raise ValueError(f"{path}: not a seats file ({exc})") from None
    except RecursionError:
        raise ValueError(f"{path}: not a seats file (nested too deeply)") from None
    if not isinstance(data, dict) or data.get("sidecar") != SIDECAR_VERSION:
        raise ValueError(f"{path}: unknown seats file version")
    tokens = data.get("tokens")
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise ValueError(f"{path}: the seats file has no tokens")
    return data
