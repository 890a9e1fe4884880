"""The shapes of request options, as Python types: the one source of the bot authors' reference.

A request kind's contract (`Ask`) names the type of each of its options. The type is ordinary,
typed Python, so a bot in Python gets editor completion (`option.card.suit`) from `parse`, and the
same type gives the reference's words (`describe`), the check of what the game agent sends
(`check`) and the JSON Schema for bots in other languages (`json_schema`). Nothing here can
drift from the others: they all read the one type.

The types a shape may use:

* `int`, `str`, `bool`, `None`, `Any` (any value, e.g. a map left to the game's docs);
* `Literal["card", ...]` (exactly one of these values);
* `list[T]` (every item a T), `dict[str, Any]` (any map);
* `A | B` (either: the variants of an option, told apart by a literal field such as `kind`);
* a `Shape`: a frozen dataclass whose fields are the keys of a map, all present, no others;
* a `Row`: a frozen dataclass whose fields are the items of an array, in order (muhq's
  `["move", 1, 5]`). A field with a default may be absent at the end of the array.

Each dataclass's docstring says what it is; a field's meaning is given by `note(...)` metadata.
"""

from __future__ import annotations

import dataclasses
import types
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

__all__ = ["Row", "Shape", "check", "describe", "json_schema", "note", "parse"]


class Shape:
    """A map-shaped option: subclasses are frozen dataclasses (one field per key)."""


class Row:
    """An array-shaped option: subclasses are frozen dataclasses (one field per item, in order)."""


def note(text: str, **kw: Any) -> Any:
    """A field with its meaning for the reference: `suit: str = note("spade, heart, ...")`."""
    return dataclasses.field(metadata={"note": text}, **kw)


@cache
def hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls, include_extras=False)


def _fields(cls: type) -> list[tuple[str, Any, str, bool]]:
    """(name, type, note, required) of a Shape or Row, in order."""
    h = hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        out.append((f.name, h[f.name], str(f.metadata.get("note", "")), required))
    return out


def _is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType)


def _is_shape(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, (Shape, Row)) and dataclasses.is_dataclass(tp)


# --- checking ----------------------------------------------------------------------------------


def check(tp: Any, value: object, where: str = "option") -> str | None:
    """None when `value` (as decoded from the wire) has the shape `tp`, else why not."""
    if tp is Any:
        return None
    if tp is None or tp is type(None):
        return None if value is None else f"{where}: expected nil, got {_name(value)}"
    if tp is bool:
        return None if type(value) is bool else f"{where}: expected bool, got {_name(value)}"
    if tp is int:
        return None if type(value) is int else f"{where}: expected int, got {_name(value)}"
    if tp is str:
        return None if type(value) is str else f"{where}: expected str, got {_name(value)}"
    origin = get_origin(tp)
    if origin is Literal:
        allowed = get_args(tp)
        if any(type(value) is type(a) and value == a for a in allowed):
            return None
        return f"{where}: expected one of {', '.join(repr(a) for a in allowed)}, got {value!r}"
    if _is_union(tp):
        reasons = [check(t, value, where) for t in get_args(tp)]
        if any(r is None for r in reasons):
            return None
        variant = _variant_of(tp, value)
        if variant is not None:  # the variant its tag names: its own reason is the useful one
            return check(variant, value, where)
        return f"{where}: matches none of {describe(tp)}"
    if origin is list:
        if type(value) is not list:
            return f"{where}: expected a list, got {_name(value)}"
        (item,) = get_args(tp) or (Any,)
        for i, v in enumerate(value):
            bad = check(item, v, f"{where}[{i}]")
            if bad:
                return bad
        return None
    if origin is dict or tp is dict:
        return None if type(value) is dict else f"{where}: expected a map, got {_name(value)}"
    if _is_shape(tp):
        if issubclass(tp, Row):
            return _check_row(tp, value, where)
        return _check_map(tp, value, where)
    raise TypeError(f"{tp!r} is not an option shape")


def _check_map(tp: type, value: object, where: str) -> str | None:
    if type(value) is not dict:
        return f"{where}: expected a map ({tp.__name__}), got {_name(value)}"
    fields = _fields(tp)
    names = {f[0] for f in fields}
    for name, ftp, _, required in fields:
        if name not in value:
            if required:
                return f"{where}: {tp.__name__} has no {name!r}"
            continue
        bad = check(ftp, value[name], f"{where}.{name}")
        if bad:
            return bad
    extra = sorted(str(k) for k in value if k not in names)
    if extra:
        return f"{where}: {tp.__name__} has unknown key(s) {', '.join(extra)}"
    return None


def _check_row(tp: type, value: object, where: str) -> str | None:
    if type(value) is not list:
        return f"{where}: expected an array ({tp.__name__}), got {_name(value)}"
    fields = _fields(tp)
    least = sum(1 for f in fields if f[3])
    if not least <= len(value) <= len(fields):
        return f"{where}: {tp.__name__} has {least}..{len(fields)} items, got {len(value)}"
    for (name, ftp, _, _), v in zip(fields, value, strict=False):
        bad = check(ftp, v, f"{where}.{name}")
        if bad:
            return bad
    return None


def _variant_of(tp: Any, value: object) -> Any:
    """The member of a union whose literal tag (a map's `kind`, a row's first item) `value`
    carries, or None."""
    for t in get_args(tp):
        if not _is_shape(t):
            continue
        name, ftp, _, _ = _fields(t)[0]
        if get_origin(ftp) is not Literal:
            continue
        tag = value.get(name) if type(value) is dict else None
        if type(value) is list and value and issubclass(t, Row):
            tag = value[0]
        if tag in get_args(ftp):
            return t
    return None


def _name(value: object) -> str:
    return "nil" if value is None else type(value).__name__


# --- parsing into typed values -----------------------------------------------------------------


def parse(tp: Any, value: Any) -> Any:
    """The typed form of a decoded option: Shapes and Rows become their dataclasses (nested),
    lists their items' typed forms; everything else is returned as it is. `value` is assumed
    to `check`; an option that does not raises ValueError."""
    if _is_union(tp):
        variant = _variant_of(tp, value)
        if variant is not None:
            return parse(variant, value)
        for t in get_args(tp):
            if check(t, value) is None:
                return parse(t, value)
        raise ValueError(f"not a {describe(tp)}: {value!r}")
    if get_origin(tp) is list:
        (item,) = get_args(tp) or (Any,)
        return [parse(item, v) for v in value]
    if _is_shape(tp):
        fields = _fields(tp)
        if issubclass(tp, Row):
            pairs = zip(fields, value, strict=False)
            return tp(**{f[0]: parse(f[1], v) for f, v in pairs})
        return tp(**{f[0]: parse(f[1], value[f[0]]) for f in fields if f[0] in value})
    return value


# --- words for the reference -------------------------------------------------------------------


def describe(tp: Any) -> str:
    """A shape in the reference's words: `{kind: "card", card: Card, targets: [int]}`."""
    if tp is Any:
        return "any"
    if tp is None or tp is type(None):
        return "nil"
    if tp in (int, str, bool):
        return str(tp.__name__)
    origin = get_origin(tp)
    if origin is Literal:
        return " or ".join(_lit(a) for a in get_args(tp))
    if _is_union(tp):
        return " or ".join(describe(t) for t in get_args(tp))
    if origin is list:
        (item,) = get_args(tp) or (Any,)
        return f"[{describe(item)}]"
    if origin is dict or tp is dict:
        return "map"
    if _is_shape(tp):
        return str(tp.__name__)
    raise TypeError(f"{tp!r} is not an option shape")


def layout(tp: type) -> str:
    """A Shape's or Row's own layout: `{kind: "card", card: Card, ...}` or `["move", int, int]`."""
    parts = []
    for name, ftp, _, required in _fields(tp):
        shown = describe(ftp)
        if issubclass(tp, Row):
            opt = "" if required else "?"
            parts.append(shown if get_origin(ftp) is Literal else f"{name}{opt}: {shown}")
        else:
            parts.append(f"{name}{'' if required else '?'}: {shown}")
    if issubclass(tp, Row):
        return "[" + ", ".join(parts) + "]"
    return "{" + ", ".join(parts) + "}"


def members(tp: Any) -> list[type]:
    """Every Shape and Row `tp` names, itself included, depth first, each once."""
    out: list[type] = []

    def walk(t: Any) -> None:
        if _is_shape(t):
            if t in out:
                return
            out.append(t)
            for _, ftp, _, _ in _fields(t):
                walk(ftp)
            return
        for a in get_args(t):
            walk(a)

    walk(tp)
    return out


def fields_of(tp: type) -> list[tuple[str, str, str, bool]]:
    """(name, shape in words, note, required) of a Shape's or Row's fields, for the reference."""
    return [(n, describe(t), note_, req) for n, t, note_, req in _fields(tp)]


def _lit(a: object) -> str:
    return f'"{a}"' if isinstance(a, str) else repr(a).lower() if isinstance(a, bool) else repr(a)


# --- JSON Schema -------------------------------------------------------------------------------


def json_schema(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of a shape; each Shape and Row goes once into `defs` (by its name) and is
    referred to as `#/$defs/<name>`."""
    if tp is Any:
        return {}
    if tp is None or tp is type(None):
        return {"type": "null"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is str:
        return {"type": "string"}
    origin = get_origin(tp)
    if origin is Literal:
        values = list(get_args(tp))
        return {"const": values[0]} if len(values) == 1 else {"enum": values}
    if _is_union(tp):
        return {"anyOf": [json_schema(t, defs) for t in get_args(tp)]}
    if origin is list:
        (item,) = get_args(tp) or (Any,)
        return {"type": "array", "items": json_schema(item, defs)}
    if origin is dict or tp is dict:
        return {"type": "object"}
    if _is_shape(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # placeholder: a shape may name itself
            defs[name] = _shape_schema(tp, defs)
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"{tp!r} is not an option shape")


def _shape_schema(tp: type, defs: dict[str, Any]) -> dict[str, Any]:
    fields = _fields(tp)
    doc = (tp.__doc__ or "").strip()
    out: dict[str, Any] = {"description": doc} if doc else {}
    if issubclass(tp, Row):
        items = []
        for _, ftp, n, _ in fields:
            s = json_schema(ftp, defs)
            items.append({**s, "description": n} if n else s)
        out.update(
            type="array",
            prefixItems=items,
            items=False,
            minItems=sum(1 for f in fields if f[3]),
            maxItems=len(fields),
        )
        return out
    props = {}
    for name, ftp, n, _ in fields:
        s = json_schema(ftp, defs)
        props[name] = {**s, "description": n} if n else s
    out.update(
        type="object",
        properties=props,
        required=[f[0] for f in fields if f[3]],
        additionalProperties=False,
    )
    return out
