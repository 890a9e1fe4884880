"""The contract between the game agent and user agents.

Envelopes, typed event/request schemas per game, the strict msgpack codec, the protocol version
and the CURVE key files (`protocol.curve`). No game rules live here, and no socket code: the
sockets, and the CURVE options set on them, belong to `game_agent.server` and `user_agent`. Both
sides import this package; it imports neither.
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
