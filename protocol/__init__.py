"""The contract between the game agent and user agents.

Envelopes, typed event/request schemas per game, the strict msgpack codec and the protocol
version. No game rules and no sockets live here; both sides import this package, it imports
neither.
"""

from protocol.choices import Choice, RequestSpec, check_choice
from protocol.codec import MAX_AGENT_MESSAGE_BYTES, MAX_MESSAGE_BYTES, decode, encode
from protocol.errors import ProtocolError
from protocol.messages import (
    Auth,
    Bye,
    Challenge,
    Error,
    EventMsg,
    Heartbeat,
    Hello,
    Join,
    Message,
    Queued,
    Reply,
    RequestMsg,
    Resync,
    Seated,
    Spectate,
    Spectated,
    Status,
    Tables,
    Welcome,
)
from protocol.registry import GameSchema, get_schema, register_schema
from protocol.version import PROTOCOL_VERSION

__all__ = [
    "MAX_AGENT_MESSAGE_BYTES",
    "MAX_MESSAGE_BYTES",
    "PROTOCOL_VERSION",
    "Auth",
    "Bye",
    "Challenge",
    "Choice",
    "Error",
    "EventMsg",
    "GameSchema",
    "Heartbeat",
    "Hello",
    "Join",
    "Message",
    "ProtocolError",
    "Queued",
    "Reply",
    "RequestMsg",
    "RequestSpec",
    "Resync",
    "Seated",
    "Spectate",
    "Spectated",
    "Status",
    "Tables",
    "Welcome",
    "check_choice",
    "decode",
    "encode",
    "get_schema",
    "register_schema",
]
