"""The envelope messages of the wire, as typed records.

On the wire each message is one msgpack map whose ``"t"`` field names its type; the other keys
are the fields below. `protocol.codec` turns bytes into these records strictly.

Agent -> game agent: hello, reply, resync, heartbeat, bye.
Game agent -> agent: welcome, event, request, error, heartbeat, bye.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from protocol.choices import Choice
from protocol.fields import Fields


@dataclass(frozen=True, slots=True)
class Hello:
    """First message of a seated agent (or a reconnect). `seat` -1 with token "" = spectator."""

    TYPE: ClassVar[str] = "hello"
    version: int
    table: str
    seat: int
    token: str
    name: str


@dataclass(frozen=True, slots=True)
class Welcome:
    """The seat is yours. `game`/`ruleset_version` select the schema; `seats` is the table size."""

    TYPE: ClassVar[str] = "welcome"
    version: int
    table: str
    seat: int
    game: str
    ruleset_version: str
    seats: int
    last_seq: int


@dataclass(frozen=True, slots=True)
class EventMsg:
    """One event as this seat may see it. `seq` counts this seat's events from 0 without gaps."""

    TYPE: ClassVar[str] = "event"
    seq: int
    kind: str
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class RequestMsg:
    """A decision asked of this seat. `request` is `RequestSpec.to_wire()`; `deadline` is the
    number of seconds the agent has (0 = none)."""

    TYPE: ClassVar[str] = "request"
    request: dict[str, Any]
    deadline: float


@dataclass(frozen=True, slots=True)
class Reply:
    TYPE: ClassVar[str] = "reply"
    id: int
    choice: Choice  # an index, a list of indices, or nil (see protocol.choices)


@dataclass(frozen=True, slots=True)
class Error:
    """Something the peer sent was refused. `ref` names the request id it concerns, or -1."""

    TYPE: ClassVar[str] = "error"
    code: str
    message: str
    ref: int


@dataclass(frozen=True, slots=True)
class Resync:
    """Send me every event of my seat after `last_seq` (-1: from the start), then the request."""

    TYPE: ClassVar[str] = "resync"
    last_seq: int


@dataclass(frozen=True, slots=True)
class Heartbeat:
    TYPE: ClassVar[str] = "heartbeat"
    time: float


@dataclass(frozen=True, slots=True)
class Bye:
    TYPE: ClassVar[str] = "bye"
    reason: str


Message = Hello | Welcome | EventMsg | RequestMsg | Reply | Error | Resync | Heartbeat | Bye

MESSAGE_TYPES: dict[str, type[Any]] = {
    cls.TYPE: cls
    for cls in (Hello, Welcome, EventMsg, RequestMsg, Reply, Error, Resync, Heartbeat, Bye)
}


def _spec(annotation: str) -> Any:
    return {
        "int": int,
        "str": str,
        "float": float,
        "Any": object,
        "dict[str, Any]": dict,
        "Choice": (int, [int], None),
    }[annotation]


# The field table of each message type, derived once from the dataclasses above.
MESSAGE_FIELDS: dict[str, Fields] = {
    name: {f.name: _spec(str(f.type)) for f in fields(cls)} for name, cls in MESSAGE_TYPES.items()
}
