"""Per-game schemas: each game declares its typed events and request kinds here.

A schema is data only (names and field specs, see `protocol.fields`), so a client can decode and
check a game's stream without importing the game's rules. Rulesets import their schema from
`protocol.games.<game>`; `get_schema(name)` loads it on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from protocol.errors import ProtocolError
from protocol.fields import Fields

# Event and request kinds every game shares (emitted by the engine itself).
COMMON_EVENTS: dict[str, Fields] = {
    "game_over": {"outcome": dict},
}
COMMON_REQUESTS: dict[str, Fields] = {
    # A timing where one seat holds several optional triggers: which to settle first (or none).
    # `about` says what the timing occurrence concerns (ruleset-defined, e.g. {"card": ...}).
    "trigger": {"timing": str, "about": dict},
}


@dataclass(frozen=True)
class Ask:
    """The contract of one request kind, beyond its `info` fields: what the seat decides, the
    form of the request, the shape of each option (`protocol.shapes`: a type), what the default
    is and means, and what nil means when the request may be cancelled. The bot authors'
    reference (`sgs reference`), the typed Python options (`protocol.typed`) and the JSON Schema
    (`protocol/contract.schema.json`) are all made from these; `tests/protocol/test_asks.py`
    checks every request of seeded games against them.

    `form` is one of `protocol.choices.FORMS`. For `product`, `option` is the shape of each
    axis item and `axes` names the axes in order. `cancel` is "" when nil is never a legal
    reply; else it says what nil does (e.g. "go back to the `play` request that opened this").
    """

    decides: str
    form: str
    option: Any
    default: str
    cancel: str = ""
    axes: tuple[str, ...] = ()
    reply: str = ""  # how a reply is built, where the form's own words are not enough
    # what each `info` field means, by name: the same names as the kind's `requests` fields
    info: Mapping[str, str] = field(default_factory=dict)


COMMON_ASKS: dict[str, Ask] = {
    "trigger": Ask(
        info={
            "timing": 'the timing, e.g. "phase_start", "damaged", "card_used" (ruleset-defined)',
            "about": "what the timing occurrence concerns (ruleset-defined, e.g. {seat, phase})",
        },
        decides="which of several effects that trigger at the same timing settles first",
        form="choice",
        option=str,
        default=(
            "the first compulsory effect, when one is left; else the last option, "
            '"pass" (settle none of the optional ones)'
        ),
        reply=(
            "the index of an effect's name (a skill or an equipment card); "
            'the last option is "pass" when every effect left is optional'
        ),
    ),
}


@dataclass(frozen=True)
class GameSchema:
    """The event types and request kinds of one game, with the fields of each.

    `events[kind]` lists the fields of the full (omniscient) form of an event. `redacted[kind]`,
    where present, lists the fields of the public form sent to seats that may not see the secret.
    `requests[kind]` lists the fields of a request's `info` map.
    """

    name: str
    version: str
    events: dict[str, Fields]
    requests: dict[str, Fields]
    redacted: dict[str, Fields] = field(default_factory=dict)
    # the contract of each request kind (form, option shape, default): every kind of
    # `requests` has one (`tests/protocol/test_asks.py`)
    asks: dict[str, Ask] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for kind, fields in COMMON_EVENTS.items():
            self.events.setdefault(kind, fields)
        for kind, fields in COMMON_REQUESTS.items():
            self.requests.setdefault(kind, fields)
        for kind, ask in COMMON_ASKS.items():
            self.asks.setdefault(kind, ask)

    def ask(self, kind: str) -> Ask:
        try:
            return self.asks[kind]
        except KeyError:
            raise ProtocolError(
                "unknown_request", f"{self.name}: request kind {kind!r} has no contract"
            ) from None

    def event_fields(self, kind: str, redacted: bool = False) -> Fields:
        table = self.redacted if redacted and kind in self.redacted else self.events
        try:
            return table[kind]
        except KeyError:
            raise ProtocolError(
                "unknown_event", f"{self.name}: unknown event type {kind!r}"
            ) from None

    def request_fields(self, kind: str) -> Fields:
        try:
            return self.requests[kind]
        except KeyError:
            raise ProtocolError(
                "unknown_request", f"{self.name}: unknown request kind {kind!r}"
            ) from None


_SCHEMAS: dict[str, GameSchema] = {}


def register_schema(schema: GameSchema) -> GameSchema:
    _SCHEMAS[schema.name] = schema
    return schema


def get_schema(name: str) -> GameSchema:
    if name not in _SCHEMAS:
        if not name.isidentifier():
            raise ProtocolError("unknown_game", f"unknown game {name!r}")
        try:
            importlib.import_module(f"protocol.games.{name}")
        except ImportError:
            raise ProtocolError("unknown_game", f"unknown game {name!r}") from None
    try:
        return _SCHEMAS[name]
    except KeyError:
        raise ProtocolError("unknown_game", f"unknown game {name!r}") from None
