"""The bot authors' reference: protocol/PROTOCOL.md section 15, made from the contract itself.

For every bundled game: its events (full and public forms), and for every request kind its
contract (`protocol.registry.Ask`: what it decides, its form, its `info` fields, the shape of
each option, how a reply is built, the default and what nil means), a real request and the
legal reply a bot gave to it in a seeded game, and the option shapes field by field. Nothing
here is written by hand, so the section cannot drift from the code: `sgs reference --check`
(and tests/wire/test_wire_protocol_doc.py) fails when the file is behind, and
`sgs reference --write` brings it up to date.

The examples are played, not invented: the games of the manifest's `rows` and `reference`
configurations, seeds 1.. `SEEDS`, with their bots; for each kind the first request whose reply
was not the default (the more telling one), else the first request. A kind met in none of them
says so. The same seeds give the same section, byte for byte.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game_agent.games import GAMES, manifest
from protocol.choices import RequestSpec
from protocol.fields import Fields
from protocol.fields import describe as describe_field
from protocol.messages import MESSAGE_FIELDS
from protocol.registry import COMMON_EVENTS, COMMON_REQUESTS, Ask, GameSchema, get_schema
from protocol.shapes import describe, fields_of, layout, members
from sgs.runner import play

DOC = Path(__file__).resolve().parents[1] / "protocol" / "PROTOCOL.md"
BEGIN = "<!-- BEGIN GENERATED: game schemas (sgs reference --write) -->"
END = "<!-- END GENERATED: game schemas -->"
SEEDS = 3  # seeds per configuration the examples are looked for in
MORE_SEEDS = 12  # while a kind of the game's own has no example yet
SHOWN_OPTIONS = 4  # options of an example request shown (the others are counted)

FORM_REPLY = {
    "choice": "one index into `options`",
    "subset": "a list of indices into `options`, strictly increasing, `min`..`max` of them",
    "product": "one index per axis: `[i0, i1, ...]`; every combination is legal",
    "arrange": (
        "every item's index exactly once, pile by pile in `piles`' order, -1 between piles"
    ),
}


@dataclass(frozen=True)
class Example:
    """One request of a seeded game and the reply its bot gave."""

    where: str  # the game it comes from: "identity 5p random, seed 2"
    request: RequestSpec
    reply: Any


def examples(game: str) -> dict[str, Example]:
    """An example of each request kind `game` asks in its reference games: seeds 1..`SEEDS`
    of each configuration, and up to `MORE_SEEDS` while a kind of the game's own has none."""
    found: dict[str, Example] = {}
    telling: set[str] = set()  # kinds whose example's reply is not the default
    kinds = set(get_schema(game).requests)
    own = kinds - set(COMMON_REQUESTS)
    m = manifest(game)
    for seed in range(1, MORE_SEEDS + 1):
        if telling >= kinds or (seed > SEEDS and found.keys() >= own):
            break
        for row in (*m.rows, *m.reference):
            g = play(game, row.config, seed, row.bots.split(",")).game
            replies = {(d.seat, d.id): d.choice for d in g.decisions}
            for req in g.requests:
                if req.kind in telling or (req.seat, req.id) not in replies:
                    continue
                reply = replies[(req.seat, req.id)]
                if req.kind not in found or reply != req.default:
                    found[req.kind] = Example(f"{row.label}, seed {seed}", req, reply)
                if reply != req.default:
                    telling.add(req.kind)
    return found


# --- words -------------------------------------------------------------------------------------


def kind_of(spec: object) -> str:
    """A field type in PROTOCOL.md's words (section 2): map for dict, "or" for unions."""
    return describe_field(spec).replace("dict", "map").replace(" | ", " or ")


def field_list(spec: Fields) -> str:
    if not spec:
        return "(none)"
    return ", ".join(f"`{name}`: {kind_of(s)}" for name, s in spec.items())


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def json_of(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def shown_request(req: RequestSpec) -> str:
    """The request map as a bot receives it, its options cut to the first few."""
    wire = req.to_wire()
    options = wire["options"]
    if req.form == "product":
        wire["options"] = [_cut(axis) for axis in options]
    else:
        wire["options"] = _cut(options)
    return json_of(wire).replace('"…OPTIONS_CUT…"', "…")


def _cut(items: list[Any]) -> list[Any]:
    if len(items) <= SHOWN_OPTIONS:
        return items
    return [*items[:SHOWN_OPTIONS], "…OPTIONS_CUT…"]


def options_words(schema: GameSchema, ask: Ask) -> str:
    shown = describe(ask.option)
    if ask.form == "product":
        return f"{len(ask.axes)} axes, each a list of {shown}: " + "; ".join(
            f"({i}) {cell(a)}" for i, a in enumerate(ask.axes)
        )
    return f"each {shown}"


def kind_section(schema: GameSchema, kind: str, ex: Example | None) -> list[str]:
    ask = schema.ask(kind)
    common = " (A kind every game shares.)" if kind in COMMON_REQUESTS else ""
    decides = f"{ask.decides[0].upper()}{ask.decides[1:]}."
    lines = [f"##### `{schema.name}` `{kind}`", "", decides + common, ""]
    fields = schema.requests[kind]
    lines += [f"- form: `{ask.form}`"]
    if not fields:
        lines += ["- info: (none)"]
    else:
        lines += ["- info:"]
        lines += [
            f"  - `{name}`: {kind_of(spec)}: {ask.info.get(name, '')}"
            for name, spec in fields.items()
        ]
    lines += [
        f"- options: {options_words(schema, ask)}",
        f"- reply: {ask.reply or FORM_REPLY[ask.form]}",
        f"- default: {ask.default}",
        f"- nil: {ask.cancel}" if ask.cancel else "- nil: never legal (`cancel` is false)",
    ]
    if ex is None:
        lines += ["- example: none (asked in none of the reference's seeded games)"]
    else:
        lines += [
            f"- example ({ex.where}):",
            "",
            "  ```",
            f"  request {shown_request(ex.request)}",
            f"  reply   {json_of(ex.reply)}",
            "  ```",
        ]
    return [*lines, ""]


def shapes_section(schema: GameSchema, module: str) -> list[str]:
    seen: list[type] = []
    for ask in schema.asks.values():
        for t in members(ask.option):
            if t not in seen:
                seen.append(t)
    if not seen:
        return []
    lines = [
        f"#### `{schema.name}` option shapes",
        "",
        "Python: the dataclasses of the same names in "
        f"`{module}` (`protocol.asks.typed_options` gives a request's options as them).",
        "",
    ]
    for t in seen:
        doc = " ".join((t.__doc__ or "").split())
        lines += [f"`{t.__name__}` = `{layout(t)}`: {doc}", ""]
        lines += ["| field | shape | meaning |", "|---|---|---|"]
        for name, shown, note_, required in fields_of(t):
            opt = "" if required else " (may be absent)"
            note_ = note_ or ("the tag: tells this shape from the others" if '"' in shown else "")
            lines.append(f"| `{name}` | {cell(shown)} | {cell(note_)}{opt} |")
        lines.append("")
    return lines


def game_section(name: str) -> list[str]:
    schema = get_schema(name)
    lines = [f"### `{schema.name}` (schema version {schema.version})", ""]
    lines += ["| event | fields (full form) | public form, for seats outside the audience |"]
    lines += ["|---|---|---|"]
    for kind, spec in schema.events.items():
        public = field_list(schema.redacted[kind]) if kind in schema.redacted else "same"
        common = " (common)" if kind in COMMON_EVENTS else ""
        lines.append(f"| `{kind}`{common} | {field_list(spec)} | {public} |")
    lines += ["", "| request kind | form | decides | default |", "|---|---|---|---|"]
    for kind in schema.requests:
        ask = schema.ask(kind)
        lines.append(
            f"| [`{kind}`](#{name}-{kind}) | `{ask.form}` | "
            f"{cell(ask.decides)} | {cell(ask.default)} |"
        )
    lines.append("")
    found = examples(name)
    for kind in schema.requests:
        lines += kind_section(schema, kind, found.get(kind))
    module = f"protocol.games.{name}.asks"
    return lines + shapes_section(schema, module)


def generated(games: tuple[str, ...] = GAMES) -> str:
    lines = [BEGIN, ""]
    for name in sorted(games):
        lines += game_section(name)
    lines += ["#### Envelope field table (from `protocol/messages.py`)", ""]
    lines += ["| `t` | fields |", "|---|---|"]
    for kind, spec in MESSAGE_FIELDS.items():
        lines.append(f"| `{kind}` | {field_list(spec)} |")
    return "\n".join([*lines, "", END])


def split(text: str) -> tuple[str, str, str]:
    """PROTOCOL.md as (before, the generated section, after)."""
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[:start], text[start:end], text[end:]


def stale(doc: Path = DOC) -> Iterator[str]:
    """The headings of the parts of `doc`'s generated section that differ from the code."""
    _, current, _ = split(doc.read_text(encoding="utf-8"))
    fresh = generated()
    if current == fresh:
        return
    old, new = _parts(current), _parts(fresh)
    yield from sorted(h for h in old.keys() | new.keys() if old.get(h) != new.get(h))


def _parts(section: str) -> dict[str, str]:
    out: dict[str, str] = {}
    head = "(top)"
    for line in section.splitlines():
        if line.startswith("#"):
            head = line.lstrip("# ")
        out[head] = out.get(head, "") + line + "\n"
    return out


def write(doc: Path = DOC) -> bool:
    """Regenerate `doc`'s section; True when it changed."""
    text = doc.read_text(encoding="utf-8")
    before, current, after = split(text)
    fresh = generated()
    if current == fresh:
        return False
    doc.write_text(before + fresh + after, encoding="utf-8")
    return True
