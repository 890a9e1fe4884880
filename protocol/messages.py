"""The envelope messages of the wire, as typed records.

On the wire each message is one msgpack map whose ``"t"`` field names its type; the other keys
are the fields below. `protocol.codec` turns bytes into these records strictly.

Agent -> game agent: hello, auth, reply, resync, heartbeat, bye; join, status (the lobby);
spectate (a spectator's catch-up).
Game agent -> agent: challenge, welcome, event, request, error, heartbeat, bye; queued, seated,
tables (the lobby); spectated (the end of a catch-up); moved (the table is served at another
endpoint: say `hello`, or `spectate`, there).

The seat handshake (protocol 3) never sends the token: `hello` carries the agent's nonce, the
server proves it knows the token (`challenge.proof`) before the agent proves it (`auth.proof`);
see `protocol.handshake`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from protocol.choices import Choice
from protocol.fields import Fields


@dataclass(frozen=True, slots=True)
class Hello:
    """First message of a seated agent on a connection (or a reconnect). `nonce` is 32 hex
    digits of fresh randomness; the token itself never travels (see `challenge`)."""

    TYPE: ClassVar[str] = "hello"
    version: int
    table: str
    seat: int
    nonce: str
    name: str


@dataclass(frozen=True, slots=True)
class Challenge:
    """The server's half of the handshake: its own nonce, and `proof` that it knows the seat's
    token (`protocol.handshake.server_proof`). An agent that cannot verify it must not answer."""

    TYPE: ClassVar[str] = "challenge"
    table: str
    nonce: str
    proof: str


@dataclass(frozen=True, slots=True)
class Auth:
    """The agent's proof that it holds the seat's token (`protocol.handshake.agent_proof`)."""

    TYPE: ClassVar[str] = "auth"
    proof: str


@dataclass(frozen=True, slots=True)
class Welcome:
    """The seat is yours. `game`/`ruleset_version` select the schema; `seats` is the table size.
    `epoch` counts how often the table was restarted from its log: when it differs from the
    epoch an agent saw before, history may have been rewound to `last_seq`, and any answer the
    agent cached for a request id must be forgotten."""

    TYPE: ClassVar[str] = "welcome"
    version: int
    table: str
    seat: int
    game: str
    ruleset_version: str
    seats: int
    last_seq: int
    epoch: int


@dataclass(frozen=True, slots=True)
class Join:
    """Lobby: seat me at the next table of this game (`mode` "" and `players` 0: the defaults)."""

    TYPE: ClassVar[str] = "join"
    version: int
    game: str
    mode: str
    players: int
    name: str


@dataclass(frozen=True, slots=True)
class Queued:
    """Lobby: you wait in this queue; `waiting` agents are in it, `needed` fill a table."""

    TYPE: ClassVar[str] = "queued"
    game: str
    mode: str
    players: int
    waiting: int
    needed: int


@dataclass(frozen=True, slots=True)
class Seated:
    """Lobby: a table filled. Say `hello` for this table and seat, proving this token."""

    TYPE: ClassVar[str] = "seated"
    table: str
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class Moved:
    """Protocol 4: the table named in a `hello` or `spectate` is served at another endpoint
    (a lobby over worker processes, `sgs serve --lobby --workers N`). Connect there (a new
    connection), send the same message again; `spectators` is that endpoint's event stream.
    Nothing else changes: the token, the handshake and the seat are the same."""

    TYPE: ClassVar[str] = "moved"
    table: str
    endpoint: str
    spectators: str


@dataclass(frozen=True, slots=True)
class Status:
    """Ask the server for its tables and queues (public facts only)."""

    TYPE: ClassVar[str] = "status"
    version: int


@dataclass(frozen=True, slots=True)
class Tables:
    """The answer to `status`: one map per table and per queue."""

    TYPE: ClassVar[str] = "tables"
    tables: list[dict[str, Any]]
    queues: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Spectate:
    """A spectator that joins mid-game asks for the table's public events after `last_seq`
    (-1: all of them). The server answers with those events (the spectator stream's `event`
    messages, same seqs), then `spectated`. No seat, no token: the public stream only."""

    TYPE: ClassVar[str] = "spectate"
    version: int
    table: str
    last_seq: int


@dataclass(frozen=True, slots=True)
class Spectated:
    """The end of a catch-up: the events up to `last_seq` were sent; the spectator stream
    goes on from `last_seq + 1`."""

    TYPE: ClassVar[str] = "spectated"
    table: str
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


Message = (
    Hello
    | Challenge
    | Auth
    | Welcome
    | EventMsg
    | RequestMsg
    | Reply
    | Error
    | Resync
    | Heartbeat
    | Bye
    | Join
    | Queued
    | Seated
    | Status
    | Tables
    | Spectate
    | Spectated
    | Moved
)

MESSAGE_TYPES: dict[str, type[Any]] = {
    cls.TYPE: cls
    for cls in (
        Hello,
        Challenge,
        Auth,
        Welcome,
        EventMsg,
        RequestMsg,
        Reply,
        Error,
        Resync,
        Heartbeat,
        Bye,
        Join,
        Queued,
        Seated,
        Status,
        Tables,
        Spectate,
        Spectated,
        Moved,
    )
}


def _spec(annotation: str) -> Any:
    return {
        "int": int,
        "str": str,
        "float": float,
        "Any": object,
        "dict[str, Any]": dict,
        "list[dict[str, Any]]": [dict],
        "Choice": (int, [int], None),
    }[annotation]


# The field table of each message type, derived once from the dataclasses above.
MESSAGE_FIELDS: dict[str, Fields] = {
    name: {f.name: _spec(str(f.type)) for f in fields(cls)} for name, cls in MESSAGE_TYPES.items()
}
