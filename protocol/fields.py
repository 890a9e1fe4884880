"""A tiny declarative type language for message, event and request fields.

A field spec is one of:
  - a Python type among int, float, str, bool, bytes, list, dict, object (object = any value);
  - a tuple of specs: any of them (a union), e.g. ``(int, None)`` for an optional int;
  - ``None``: the value nil;
  - a one-element list ``[spec]``: a list whose every item matches spec.

`check_fields` validates a decoded map against a {name: spec} table: every named field must be
present with the right type; unknown extra fields are refused too, so typos surface early.
"""

from __future__ import annotations

from typing import Any

from protocol.errors import ProtocolError

FieldSpec = Any
Fields = dict[str, FieldSpec]


def matches(value: object, spec: FieldSpec) -> bool:
    if spec is None:
        return value is None
    if spec is object:
        return True
    if isinstance(spec, tuple):
        return any(matches(value, s) for s in spec)
    if isinstance(spec, list):
        if not isinstance(value, list):
            return False
        (item,) = spec
        return all(matches(v, item) for v in value)
    if spec is int:
        return type(value) is int
    if spec is float:
        return type(value) in (float, int)
    if spec is bool:
        return type(value) is bool
    return isinstance(value, spec)


def describe(spec: FieldSpec) -> str:
    if spec is None:
        return "nil"
    if spec is object:
        return "any"
    if isinstance(spec, tuple):
        return " | ".join(describe(s) for s in spec)
    if isinstance(spec, list):
        return f"list[{describe(spec[0])}]"
    return str(spec.__name__)


def check_fields(where: str, data: object, fields: Fields) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ProtocolError("bad_type", f"{where}: expected a map, got {type(data).__name__}")
    for name, spec in fields.items():
        if name not in data:
            raise ProtocolError("missing_field", f"{where}: field {name!r} is missing")
        if not matches(data[name], spec):
            got = type(data[name]).__name__
            raise ProtocolError(
                "bad_field", f"{where}: field {name!r} must be {describe(spec)}, got {got}"
            )
    if len(data) != len(fields):
        extra = sorted(str(k) for k in data if k not in fields)
        raise ProtocolError("unknown_field", f"{where}: unknown field(s) {', '.join(extra)}")
    return data
