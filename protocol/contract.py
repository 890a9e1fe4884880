"""The whole wire contract as one JSON Schema (draft 2020-12): `protocol/contract.schema.json`.

Made from the code, never by hand: the envelope of every message type (`protocol.messages`,
both directions), the request map of section 6 specialised per game and request kind (its
`info` fields from the game's `requests`, its options from the kind's contract, `Ask`, through
`protocol.shapes.json_schema`, its default typed by its form), every event of every game in its
full and its public form, and the reply. Bots in other languages generate their types from the
file (docs/contract.md); `python -m protocol.contract --check` fails when the committed file is
behind the code and `--write` regenerates it.

Names of `$defs` read as type names: the envelope's are `HelloMessage`, `EventMessage`, ...;
a game's are prefixed with the game's name: `SanguoshaPlayRequest` (the request map of kind
`play`), `SanguoshaPlayInfo`, `SanguoshaUseEvent` (the `event` message of kind `use`),
`SanguoshaUseData` and `SanguoshaDrawPublicData` (its full and public `data`), `SanguoshaCard`
(an option shape). `SanguoshaServerMessage` is anything the server sends to a seat of a
Sanguosha table; `AgentMessage` anything an agent sends.

Every union whose members are told apart by one constant field (`t` of a message, `kind` of an
event or request) is a `oneOf` with a `discriminator` (OpenAPI's keyword: `propertyName` and a
`mapping` from the field's value to the member). JSON Schema validators ignore the keyword;
`Validators` uses it to check only the member the value names (the same verdict as `oneOf`,
whose other members cannot match, at a fraction of the cost).
"""

from __future__ import annotations

import argparse
import json
import pkgutil
import sys
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import protocol.games
from protocol.fields import Fields, FieldSpec
from protocol.messages import MESSAGE_FIELDS, MESSAGE_TYPES
from protocol.registry import Ask, GameSchema, get_schema
from protocol.shapes import json_schema
from protocol.version import PROTOCOL_VERSION

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

__all__ = ["FILE", "Validators", "contract_schema", "load", "main", "render", "validator"]

FILE = "contract.schema.json"
DIALECT = "https://json-schema.org/draft/2020-12/schema"
URI = "urn:sgs:contract"  # the resource's name for `validator()` (the file has no `$id`)
COMMAND = "python -m protocol.contract --write"

# Which side sends each message type (PROTOCOL.md section 3); `heartbeat` and `bye` go both ways.
FROM_AGENT = ("hello", "auth", "resync", "reply", "heartbeat", "bye", "join", "status", "spectate")
FROM_SERVER = (
    "challenge",
    "welcome",
    "event",
    "request",
    "error",
    "heartbeat",
    "bye",
    "queued",
    "seated",
    "tables",
    "spectated",
    "moved",
)

# Words for the message types whose dataclass has no docstring of its own.
MESSAGE_WORDS = {
    "reply": "The answer to request `id` of your seat (section 6).",
    "heartbeat": "I am alive. `time` is the sender's clock, informative only.",
    "bye": 'Leaving (an agent), or the table is closing (the server; "game_over" after the game).',
}

HEX32 = {"type": "string", "pattern": "^[0-9a-f]{32}$"}
HEX64 = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
VERSION = {"type": "integer", "const": PROTOCOL_VERSION}
COUNT = {"type": "integer", "minimum": 0}

# The envelope's fields typed closer than `MESSAGE_FIELDS` says (its specs are the codec's:
# "a map", "a list of maps"); PROTOCOL.md sections 3, 4, 6 and 12 give these.
FIELD_SCHEMAS: dict[tuple[str, str], dict[str, Any]] = {
    ("hello", "version"): VERSION,
    ("hello", "nonce"): {**HEX32, "description": "32 lowercase hex digits, new for every hello"},
    ("hello", "seat"): COUNT,
    ("challenge", "nonce"): HEX32,
    ("challenge", "proof"): {**HEX64, "description": "HMAC-SHA256, section 4"},
    ("auth", "proof"): {**HEX64, "description": "HMAC-SHA256, section 4"},
    ("welcome", "version"): VERSION,
    ("welcome", "seat"): {
        "type": "integer",
        "minimum": -1,
        "description": "your seat; -1 on the spectator stream",
    },
    ("welcome", "last_seq"): {"type": "integer", "minimum": -1},
    ("welcome", "epoch"): COUNT,
    ("join", "version"): VERSION,
    ("status", "version"): VERSION,
    ("spectate", "version"): VERSION,
    ("spectate", "last_seq"): {"type": "integer", "minimum": -1},
    ("spectated", "last_seq"): {"type": "integer", "minimum": -1},
    ("moved", "endpoint"): {
        "type": "string",
        "pattern": "^(tcp|ipc)://",
        "maxLength": 256,
        "description": "the worker's ROUTER: send the same hello or spectate there",
    },
    ("moved", "spectators"): {"type": "string", "description": "that worker's XPUB"},
    ("resync", "last_seq"): {"type": "integer", "minimum": -1},
    ("event", "seq"): COUNT,
    ("request", "request"): {"$ref": "#/$defs/RequestMap"},
    ("request", "deadline"): {
        "type": "number",
        "minimum": 0,
        "description": "seconds you have from now; 0: no deadline",
    },
    ("reply", "choice"): {"$ref": "#/$defs/Choice"},
    ("error", "ref"): {
        "type": "integer",
        "minimum": -1,
        "description": "the request id it concerns, or -1",
    },
    ("tables", "tables"): {"type": "array", "items": {"$ref": "#/$defs/TableStatus"}},
    ("tables", "queues"): {"type": "array", "items": {"$ref": "#/$defs/QueueStatus"}},
}

FORM_WORDS = {
    "choice": "one index into `options`",
    "subset": "a list of indices into `options`, strictly increasing, `min`..`max` of them",
    "product": "one index per axis of `options`; every combination is legal",
    "arrange": "every item's index once, pile by pile in `piles`' order, -1 between two piles",
}


# --- field specs (protocol.fields) as JSON Schema ----------------------------------------------

_PLAIN = {int: "integer", float: "number", str: "string", bool: "boolean", dict: "object"}


def field_schema(spec: FieldSpec) -> dict[str, Any]:
    """The JSON Schema of a `protocol.fields` spec."""
    if spec is None:
        return {"type": "null"}
    if spec is object:
        return {}
    if spec is list:
        return {"type": "array"}
    if isinstance(spec, type) and spec in _PLAIN:
        return {"type": _PLAIN[spec]}
    if isinstance(spec, list):
        (item,) = spec
        return {"type": "array", "items": field_schema(item)}
    if isinstance(spec, tuple):
        parts = [field_schema(s) for s in spec]
        if all(list(p) == ["type"] and isinstance(p["type"], str) for p in parts):
            return {"type": [p["type"] for p in parts]}
        return {"anyOf": parts}
    raise TypeError(f"{spec!r} is not a field spec")


def object_schema(
    props: Mapping[str, dict[str, Any]], description: str = "", extra: bool = False
) -> dict[str, Any]:
    out: dict[str, Any] = {"description": description} if description else {}
    out.update(
        type="object",
        properties=dict(props),
        required=list(props),
        additionalProperties=extra,
    )
    return out


def fields_schema(
    fields: Fields, description: str = "", words: Mapping[str, str] | None = None
) -> dict[str, Any]:
    props = {}
    for name, spec in fields.items():
        s = field_schema(spec)
        said = (words or {}).get(name, "")
        props[name] = {**s, "description": said} if said else s
    return object_schema(props, description)


def union(members: Mapping[str, str], field: str, description: str = "") -> dict[str, Any]:
    """A `oneOf` of `$defs` told apart by the constant `field`: {value: def name}."""
    out: dict[str, Any] = {"description": description} if description else {}
    ordered = sorted(members.items())
    out["oneOf"] = [{"$ref": f"#/$defs/{name}"} for _, name in ordered]
    out["discriminator"] = {
        "propertyName": field,
        "mapping": {value: f"#/$defs/{name}" for value, name in ordered},
    }
    return out


def camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def _doc(cls: type) -> str:
    doc = cls.__doc__ or ""
    if doc.startswith(f"{cls.__name__}("):  # the signature a dataclass gets without a docstring
        return ""
    return " ".join(doc.split())


# --- the envelope ------------------------------------------------------------------------------


def message_name(t: str) -> str:
    return f"{camel(t)}Message"


def _message(t: str, overrides: Mapping[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    cls = MESSAGE_TYPES[t]
    props: dict[str, dict[str, Any]] = {"t": {"const": t}}
    for name, spec in MESSAGE_FIELDS[t].items():
        given = (overrides or {}).get(name) or FIELD_SCHEMAS.get((t, name))
        props[name] = given if given is not None else field_schema(spec)
    return object_schema(props, _doc(cls) or MESSAGE_WORDS.get(t, ""))


def envelope_defs() -> dict[str, dict[str, Any]]:
    types = set(MESSAGE_FIELDS)
    sides = set(FROM_AGENT) | set(FROM_SERVER)
    if types != sides:
        raise ValueError(f"message types without a direction: {sorted(types ^ sides)}")
    defs = {message_name(t): _message(t) for t in sorted(MESSAGE_FIELDS)}
    defs["AgentMessage"] = union(
        {t: message_name(t) for t in FROM_AGENT}, "t", "Anything an agent sends to the server."
    )
    defs["ServerMessage"] = union(
        {t: message_name(t) for t in FROM_SERVER},
        "t",
        "Anything the server sends, with an event's `data` and a request's `options` and `info` "
        "left open; `<Game>ServerMessage` types them for a table of that game.",
    )
    defs["Message"] = union(
        {t: message_name(t) for t in MESSAGE_FIELDS}, "t", "Any message, either way."
    )
    defs["Choice"] = {
        "description": "A reply's choice: an index, a list of indices, or nil (section 6).",
        "type": ["integer", "array", "null"],
        "items": {"type": "integer"},
    }
    defs["ChoiceReply"] = {
        "description": f"The reply to a `choice` request: {FORM_WORDS['choice']}.",
        "type": "integer",
        "minimum": 0,
    }
    defs["SubsetReply"] = {
        "description": f"The reply to a `subset` request: {FORM_WORDS['subset']}.",
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        "uniqueItems": True,
    }
    defs["ProductReply"] = {
        "description": f"The reply to a `product` request: {FORM_WORDS['product']}.",
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
    }
    defs["ArrangeReply"] = {
        "description": f"The reply to an `arrange` request: {FORM_WORDS['arrange']}.",
        "type": "array",
        "items": {"type": "integer", "minimum": -1},
    }
    defs["Pile"] = object_schema(
        {
            "name": {"type": "string"},
            "min": {**COUNT, "description": "the fewest items the pile takes"},
            "max": {**COUNT, "description": "the most items the pile takes"},
        },
        "A pile of an `arrange` request; a game may add keys (Sanguosha's Yiji: `seat`).",
        extra=True,
    )
    defs["RequestMap"] = object_schema(
        {
            "id": {**COUNT, "description": "your seat's own request number: 0, 1, 2, ..."},
            "seat": {**COUNT, "description": "always your seat"},
            "kind": {"type": "string", "description": "the request kind (section 15)"},
            "form": {"enum": ["choice", "subset", "product", "arrange"]},
            "options": {"type": "array"},
            "min": COUNT,
            "max": COUNT,
            "cancel": {"type": "boolean", "description": "whether nil is a legal reply"},
            "default": {"$ref": "#/$defs/Choice"},
            "info": {"type": "object"},
            "piles": {"type": "array", "items": {"$ref": "#/$defs/Pile"}},
        },
        "A request (section 6), any game; `<Game>Request` types it for one game.",
    )
    defs["TableStatus"] = object_schema(
        {
            "name": {"type": "string"},
            "game": {"type": "string"},
            "mode": {"type": "string"},
            "seats": COUNT,
            "seated": {**COUNT, "description": "seats whose agent is connected"},
            "state": {"type": "string", "description": '"waiting", "playing", "lingering", ...'},
            "decisions": COUNT,
            "epoch": COUNT,
        },
        "One open table in the answer to `status`.",
    )
    defs["QueueStatus"] = object_schema(
        {
            "game": {"type": "string"},
            "mode": {"type": "string"},
            "players": COUNT,
            "waiting": COUNT,
            "needed": COUNT,
        },
        "One lobby queue in the answer to `status`.",
    )
    return defs


# --- one game ----------------------------------------------------------------------------------


def _renamed(value: Any, names: Mapping[str, str]) -> Any:
    """`value` with every `#/$defs/<name>` reference of `names` pointing at its new name."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k == "$ref" and isinstance(v, str) and v.startswith("#/$defs/"):
                out[k] = f"#/$defs/{names.get(v[len('#/$defs/') :], v[len('#/$defs/') :])}"
            else:
                out[k] = _renamed(v, names)
        return out
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    return value


def _request_words(ask: Ask) -> str:
    parts = [ask.decides[:1].upper() + ask.decides[1:] + "."]
    parts.append(f"Reply: {ask.reply or FORM_WORDS[ask.form]}.")
    parts.append(f"Default: {ask.default}.")
    if ask.cancel:
        parts.append(f"Nil (when `cancel`): {ask.cancel}.")
    return " ".join(parts)


def _options(ask: Ask, option: dict[str, Any]) -> dict[str, Any]:
    if ask.form == "product":
        axes = [
            {"description": words, "type": "array", "items": option, "minItems": 1}
            for words in ask.axes
        ]
        return {
            "description": "the axes, in order",
            "type": "array",
            "prefixItems": axes,
            "minItems": len(axes),
            "maxItems": len(axes),
        }
    out: dict[str, Any] = {"type": "array", "items": option}
    if ask.form == "choice":
        out["minItems"] = 1
    return out


def _request(prefix: str, kind: str, ask: Ask, option: dict[str, Any]) -> dict[str, Any]:
    reply = {"$ref": f"#/$defs/{camel(ask.form)}Reply"}
    default = {"anyOf": [reply, {"type": "null"}]} if ask.cancel else reply
    piles: dict[str, Any] = {"type": "array", "items": {"$ref": "#/$defs/Pile"}}
    if ask.form == "arrange":
        piles["minItems"] = 1
    else:
        piles["maxItems"] = 0
    props: dict[str, Any] = {
        "id": {**COUNT, "description": "your seat's own request number: 0, 1, 2, ..."},
        "seat": {**COUNT, "description": "always your seat"},
        "kind": {"const": kind},
        "form": {"const": ask.form},
        "options": _options(ask, option),
        "min": COUNT,
        "max": COUNT,
        "cancel": {"type": "boolean"} if ask.cancel else {"const": False},
        "default": {**default, "description": ask.default},
        "info": {"$ref": f"#/$defs/{prefix}{camel(kind)}Info"},
        "piles": piles,
    }
    return object_schema(props, _request_words(ask))


def _tuples(value: Any) -> Any:
    """`value` without `items: false` beside `prefixItems` where `maxItems` already stops the
    array at its last prefix item: the same arrays pass, and generators that read no
    `prefixItems` (json-schema-to-typescript) make `unknown[]` of it rather than `never[]`."""
    if isinstance(value, dict):
        out = {k: _tuples(v) for k, v in value.items()}
        prefix = out.get("prefixItems")
        bounded = isinstance(prefix, list) and out.get("maxItems") == len(prefix)
        if out.get("items") is False and bounded:
            del out["items"]
        return out
    if isinstance(value, list):
        return [_tuples(v) for v in value]
    return value


def game_defs(schema: GameSchema) -> dict[str, dict[str, Any]]:
    """The `$defs` of one game, every name prefixed with the game's."""
    p = camel(schema.name)
    defs: dict[str, dict[str, Any]] = {}

    def put(name: str, value: dict[str, Any]) -> None:
        if name in defs:
            raise ValueError(f"{schema.name}: two definitions named {name}")
        defs[name] = value

    shapes: dict[str, Any] = {}  # the option shapes, under their Python names
    options = {kind: json_schema(schema.ask(kind).option, shapes) for kind in sorted(schema.asks)}
    names = {name: p + name for name in shapes}
    for name, value in shapes.items():
        put(names[name], _renamed(value, names))

    events: dict[str, str] = {}
    for kind in sorted(schema.events):
        full = f"{p}{camel(kind)}Data"
        put(full, fields_schema(schema.events[kind], f"The full form of {schema.name} `{kind}`."))
        data: dict[str, Any] = {"$ref": f"#/$defs/{full}"}
        words = f"A {schema.name} `{kind}` event."
        if kind in schema.redacted:
            public = f"{p}{camel(kind)}PublicData"
            put(
                public,
                fields_schema(
                    schema.redacted[kind],
                    f"The public form of {schema.name} `{kind}`: what seats outside the event's "
                    "audience and spectators get.",
                ),
            )
            data = {"anyOf": [data, {"$ref": f"#/$defs/{public}"}]}
            words += " Its `data` is the full form or, outside its audience, the public form."
        events[kind] = f"{p}{camel(kind)}Event"
        put(events[kind], _message("event", {"kind": {"const": kind}, "data": data}))
        defs[events[kind]]["description"] = words
    put(f"{p}Event", union(events, "kind", f"Any {schema.name} event message."))

    requests: dict[str, str] = {}
    for kind in sorted(schema.requests):
        ask = schema.ask(kind)
        put(
            f"{p}{camel(kind)}Info",
            fields_schema(
                schema.requests[kind], f"The `info` of a {schema.name} `{kind}` request.", ask.info
            ),
        )
        requests[kind] = f"{p}{camel(kind)}Request"
        put(requests[kind], _request(p, kind, ask, _renamed(options[kind], names)))
    put(f"{p}Request", union(requests, "kind", f"Any {schema.name} request (section 6)."))
    put(
        f"{p}RequestMessage",
        _message("request", {"request": {"$ref": f"#/$defs/{p}Request"}}),
    )
    served = {t: message_name(t) for t in FROM_SERVER}
    served.update(event=f"{p}Event", request=f"{p}RequestMessage")
    put(
        f"{p}ServerMessage",
        union(
            served,
            "t",
            f"Anything the server sends to a seat of a {schema.name} table (schema version "
            f"{schema.version}), with its events and requests typed.",
        ),
    )
    return {name: _tuples(value) for name, value in defs.items()}


def games() -> list[str]:
    """The games whose contracts `protocol.games` holds, sorted."""
    return sorted(
        m.name for m in pkgutil.iter_modules(protocol.games.__path__) if not m.name.startswith("_")
    )


def contract_schema() -> dict[str, Any]:
    """The whole contract: one JSON Schema (draft 2020-12). Its root is any message of any
    table: what an agent sends, or what the server sends to a seat of one of the games."""
    schemas = [get_schema(name) for name in games()]
    defs = envelope_defs()
    for schema in schemas:
        for name, value in game_defs(schema).items():
            if name in defs:
                raise ValueError(f"two definitions named {name}")
            defs[name] = value
    roots = ["AgentMessage", *(f"{camel(s.name)}ServerMessage" for s in schemas)]
    return {
        "$schema": DIALECT,
        "$comment": f"Generated from the code by `{COMMAND}`; do not edit.",
        "title": f"sgs wire protocol {PROTOCOL_VERSION}",
        "description": (
            "Every message of the sgs wire protocol (protocol/PROTOCOL.md): what an agent sends, "
            "and what the server sends to a seat of a table of each game. See docs/contract.md."
        ),
        "x-sgs-protocol": PROTOCOL_VERSION,
        "x-sgs-games": {s.name: s.version for s in schemas},
        "anyOf": [{"$ref": f"#/$defs/{name}"} for name in roots],
        "$defs": dict(sorted(defs.items())),
    }


def render(schema: Mapping[str, Any] | None = None) -> str:
    """The file's text: pretty-printed, keys in the order built ($defs sorted), one newline at
    the end. The same code gives the same bytes."""
    return json.dumps(contract_schema() if schema is None else schema, indent=2) + "\n"


def path() -> Path:
    """The committed file, beside this module (in a checkout or an installed package)."""
    return Path(__file__).with_name(FILE)


def is_current(target: Path | None = None) -> bool:
    """Whether the file holds what the code makes now (OSError when it cannot be read)."""
    return (target or path()).read_text(encoding="utf-8") == render()


def write(target: Path | None = None) -> bool:
    """Write the file from the code; True when it changed (OSError when it cannot be written)."""
    target = target or path()
    fresh = render()
    if target.is_file() and target.read_text(encoding="utf-8") == fresh:
        return False
    target.write_text(fresh, encoding="utf-8")
    return True


def load() -> dict[str, Any]:
    """The shipped schema (`protocol/contract.schema.json`) as a dict: a fresh copy each call."""
    text = resources.files("protocol").joinpath(FILE).read_text(encoding="utf-8")
    out: dict[str, Any] = json.loads(text)
    return out


# --- validating --------------------------------------------------------------------------------


class Validators:
    """jsonschema validators (Draft 2020-12) of the definitions of `schema` (the shipped file by
    default), made once each: `Validators()["SanguoshaServerMessage"]`, `[""]` for the root.
    A `oneOf` with a `discriminator` checks the one member its field names. Needs the
    `jsonschema` package (a dev dependency; `pip install jsonschema`)."""

    def __init__(self, schema: Mapping[str, Any] | None = None) -> None:
        try:
            import jsonschema
            import referencing
            from referencing.jsonschema import DRAFT202012
        except ImportError:
            raise RuntimeError(
                "protocol.contract.Validators needs the jsonschema package: pip install jsonschema"
            ) from None
        self.schema = dict(load() if schema is None else schema)
        resource = referencing.Resource.from_contents(
            self.schema, default_specification=DRAFT202012
        )
        self.registry: referencing.Registry[Any] = referencing.Registry().with_resource(
            URI, resource
        )
        base = jsonschema.Draft202012Validator
        plain_one_of = base.VALIDATORS["oneOf"]
        error = jsonschema.ValidationError

        def one_of(v: Any, members: Any, instance: Any, here: dict[str, Any]) -> Any:
            tagged = here.get("discriminator")
            if tagged is None or not isinstance(instance, dict):
                yield from plain_one_of(v, members, instance, here)
                return
            field, mapping = tagged["propertyName"], tagged["mapping"]
            value = instance.get(field)
            member = mapping.get(value) if isinstance(value, str) else None
            if member is None:
                yield error(f"{field} {value!r} is none of {', '.join(sorted(mapping))}")
                return
            yield from v.descend(instance, member if isinstance(member, dict) else {"$ref": member})

        extend: Any = jsonschema.validators.extend  # untyped in its stubs
        self._cls = extend(base, {"oneOf": one_of})
        self._made: dict[str, Validator] = {}
        self._defs = _inlined(self.schema)

    def __getitem__(self, name: str) -> Validator:
        made = self._made.get(name)
        if made is None:
            if name and name not in self.schema["$defs"]:
                raise KeyError(f"the contract has no definition {name!r}")
            root = self._defs[name] if name else {"$ref": URI}
            made = self._made[name] = self._cls(root, registry=self.registry)
        return made


def _inlined(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The `$defs` of `schema` with each `{"$ref": "#/$defs/X"}` replaced by X itself (the same
    object, shared: nothing is copied twice), a definition that refers to itself excepted: the
    same verdicts as the references', without a lookup per reference."""
    defs: dict[str, Any] = schema["$defs"]
    done: dict[str, Any] = {}
    busy: set[str] = set()

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            ref = value.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/"):
                name = ref[len("#/$defs/") :]
                if name in busy or name not in defs or not ref.startswith("#/$defs/"):
                    target: Any = {"$ref": f"{URI}{ref}"}
                else:
                    target = define(name)
                if len(value) == 1:
                    return target
                # beside its siblings (annotations, say), a reference is one more subschema
                return {**{k: walk(v) for k, v in value.items() if k != "$ref"}, "allOf": [target]}
            out = {k: walk(v) for k, v in value.items()}
            if "discriminator" in value:  # the mapping names the members themselves
                out["discriminator"] = {
                    "propertyName": value["discriminator"]["propertyName"],
                    "mapping": {
                        k: walk({"$ref": v}) for k, v in value["discriminator"]["mapping"].items()
                    },
                }
            return out
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    def define(name: str) -> Any:
        if name not in done:
            busy.add(name)
            done[name] = walk(defs[name])
            busy.discard(name)
        return done[name]

    for name in defs:
        define(name)
    return done


def validator(name: str = "", schema: Mapping[str, Any] | None = None) -> Validator:
    """The validator of one definition (`Validators` says how); "" the root."""
    return Validators(schema)[name]


# --- python -m protocol.contract ---------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, exit 2, no usage text
        print(f"error: {message} (see `python -m protocol.contract --help`)", file=sys.stderr)
        raise SystemExit(2)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(
        prog="python -m protocol.contract",
        description=(
            "The wire contract as JSON Schema (protocol/contract.schema.json): print it, check "
            "that the committed file is the code's, or write it."
        ),
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--check", action="store_true", help="exit 1 when the committed file is behind the code"
    )
    mode.add_argument("--write", action="store_true", help="write the file from the code")
    args = parser.parse_args(argv)
    target = path()
    if args.check:
        try:
            current = is_current(target)
        except OSError as exc:
            print(f"error: {target}: cannot read ({exc.strerror})", file=sys.stderr)
            return 2
        if not current:
            print(f"{target} is behind the code: run `{COMMAND}` and commit the result")
            return 1
        print(f"{target} is up to date")
        return 0
    if args.write:
        try:
            changed = write(target)
        except OSError as exc:
            print(f"error: {target}: cannot write ({exc.strerror})", file=sys.stderr)
            return 2
        print(f"{target}: {'written' if changed else 'already up to date'}")
        return 0
    sys.stdout.write(render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
