"""Scenarios: a position on a map written as a TOML file, loaded into a game config.

A scenario file::

    name = "combat_exchange"
    title = "a Spearman attacks a Militia"
    map = "PROV-MAP-1"            # optional (default: the mode's map)
    round = 2                     # the round the position is in
    turn = 0                      # the seat whose turn it is
    phase = "actions"             # "start" (the turn from its beginning: refill, draw, upkeep)
                                  # or "actions" (straight into the action phase)

    [[permanent]]                 # ids are 1, 2, ... in file order
    card = "PROV-03"
    seat = 0                      # owner and controller; the Kraken is seat `players`
    at = "c3"
    damage = 0                    # optional: damage, poison, paralysis, tapped, durability
    on = 1                        # optional: stacked on permanent 1 (crew, equipment)

    [[side]]                      # one per seat in seat order (and the Kraken's last)
    hand = ["PROV-08"]
    deck = ["PROV-01"]            # top first
    discard = []
    store = []
    resource = 0
    upkeeps = 1                   # upkeeps already had (0: the next is the first)

    [[stack]]                     # optional: the action stack, bottom first (phase "actions")
    seat = 1
    kind = "cast"                 # cast, play (a card from the seat's hand), free, or a unit
    card = "PROV-08"              # action: move, street, enter, attack, farm, carry, equip,
    target = 3                    # swap, unparalyse (perm = the unit); at = "c3" for tiles

    [config]                      # optional rule options (defeat_threshold, ...); content
                                  # paths are relative to the scenario file
    [expect]                      # optional, free-form: what the tests check

`load_scenario` gives the config dict for `Game`; its ``scenario`` entry is plain data, stored
in the log header, so re-execution works. `check_scenario` refuses a position the rules cannot
hold (two permanents on a tile, a unit on the wrong water, a card that does not exist...).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from game_agent.engine import ConfigError, read_toml
from protocol.games.muhq.content import COORD, Content, MapSpec

KEYS = ("name", "title", "map", "round", "turn", "phase", "permanent", "side", "stack")
TABLES = ("config", "expect")
PERM_KEYS = ("card", "seat", "at", "damage", "poison", "paralysis", "tapped", "durability", "on")
SIDE_KEYS = ("hand", "deck", "discard", "store", "resource", "upkeeps")
PHASES = ("start", "actions")
STACK_KEYS = ("seat", "kind", "card", "with", "perm", "target", "at", "ability", "spend")
# what each kind of action spends of its unit (rules 10.1); unparalyse/equip/swap: the move
SPEND = {
    "move": "move",
    "enter": "move",
    "street": "street",
    "attack": "attack",
    "farm": "full",
    "carry": "full",
    "equip": "move",
    "swap": "move",
    "unparalyse": "move",
}
CARD_KINDS = ("cast", "play")
SPENDS = ("move", "street", "attack", "full")
# Bounds of a position's numbers (docs/muhq.md, "Limits of content files").
MAX_TOKENS = 100  # damage, poison and paralysis tokens, and durability, on one permanent
MAX_RESOURCE = 10_000  # a side's resource
MAX_ROUND = 1000  # the round (and a side's upkeeps): max_rounds is at most 1000 too


def _int(where: str, v: object, lo: int = 0, hi: int = MAX_TOKENS) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise ConfigError(f"{where} must be an integer from {lo} to {hi}, got {v!r}")
    return v


def _cards(where: str, v: object, content: Content) -> list[str]:
    if not isinstance(v, (list, tuple)) or not all(isinstance(c, str) for c in v):
        raise ConfigError(f"{where} must be a list of card ids, got {v!r}")
    for c in v:
        if c not in content.cards:
            raise ConfigError(f"{where}: unknown card {c!r}")
    return list(v)


def _coord(where: str, text: object, spec: MapSpec) -> tuple[int, int]:
    m = COORD.match(text) if isinstance(text, str) else None
    if m is None:
        raise ConfigError(f"{where}: not a tile {text!r}; write a column letter and a row, e.g. c3")
    x, y = ord(m[1]) - ord("a"), int(m[2]) - 1
    if not (0 <= x < spec.width and 0 <= y < spec.height):
        raise ConfigError(f"{where}: {text} is off the map ({spec.width} x {spec.height})")
    return x, y


def check_scenario(sc: object, content: Content, spec: MapSpec) -> dict[str, Any]:
    """Validate a scenario (plain form, or the file's tables) and return its plain form."""
    if not isinstance(sc, Mapping):
        raise ConfigError(f"scenario must be a map, got {type(sc).__name__}")
    if "permanents" in sc:  # already the plain form (configure is idempotent): it must be
        plain = dict(sc)  # exactly what its file form gives (a log's header is not trusted)
        if check_scenario(_file_form(plain, spec), content, spec) != plain:
            raise ConfigError("scenario: not the plain form of a position (a changed log?)")
        return plain
    unknown = sorted(str(k) for k in sc if k not in KEYS)
    if unknown:
        raise ConfigError(f"scenario: unknown key(s) {', '.join(unknown)}")
    players = spec.players
    sides = players + (1 if spec.kraken else 0)
    turn = _int("scenario: turn", sc.get("turn", 0))
    if turn >= players:
        raise ConfigError(f"scenario: turn must be a seat from 0 to {players - 1}")
    phase = sc.get("phase", "start")
    if phase not in PHASES:
        raise ConfigError(f"scenario: phase must be one of {', '.join(PHASES)}, got {phase!r}")
    perms: list[dict[str, Any]] = []
    tiles: dict[tuple[int, int], int] = {}
    raw_perms = sc.get("permanent", [])
    if not isinstance(raw_perms, list):
        raise ConfigError("scenario: permanent must be a list of [[permanent]] tables")
    for n, raw in enumerate(raw_perms, start=1):
        where = f"scenario: permanent {n}"
        if not isinstance(raw, Mapping):
            raise ConfigError(f"{where} must be a table")
        bad = sorted(str(k) for k in raw if k not in PERM_KEYS)
        if bad:
            raise ConfigError(f"{where}: unknown key(s) {', '.join(bad)}")
        card = raw.get("card")
        if card not in content.cards:
            raise ConfigError(f"{where}: unknown card {card!r}")
        c = content.cards[card]
        if not c.permanent:
            raise ConfigError(f"{where}: {card} is a {c.type}, not a permanent")
        seat = _int(f"{where}: seat", raw.get("seat", 0))
        if seat >= sides:
            raise ConfigError(f"{where}: seat must be from 0 to {sides - 1}")
        on = raw.get("on")
        under = None
        if on is not None:
            under = _int(f"{where}: on", on, 1)
            if under >= n:
                raise ConfigError(f"{where}: on must name an earlier permanent (1 to {n - 1})")
            x, y = perms[under - 1]["x"], perms[under - 1]["y"]
        else:
            x, y = _coord(f"{where}: at", raw.get("at"), spec)
            if (x, y) in tiles:
                raise ConfigError(
                    f"{where}: {raw.get('at')} already holds permanent {tiles[(x, y)]}"
                )
            if (spec.tile(x, y) == "#") != c.swimming:
                what = "only on deep water" if c.swimming else "never on deep water"
                raise ConfigError(f"{where}: {card} can stand {what} (rules 11.2)")
            tiles[(x, y)] = n
        perms.append(
            {
                "perm": n,
                "card": card,
                "owner": seat,
                "controller": seat,
                "x": x,
                "y": y,
                "under": under,
                "damage": _int(f"{where}: damage", raw.get("damage", 0)),
                "poison": _int(f"{where}: poison", raw.get("poison", 0)),
                "paralysis": _int(f"{where}: paralysis", raw.get("paralysis", 0)),
                "tapped": bool(raw.get("tapped", False)),
                "durability": _int(f"{where}: durability", raw.get("durability", c.durability)),
            }
        )
    raw_sides = sc.get("side", [])
    if not isinstance(raw_sides, list) or len(raw_sides) > sides:
        raise ConfigError(f"scenario: give at most {sides} [[side]] tables (one per seat)")
    out_sides = []
    for s in range(sides):
        raw = raw_sides[s] if s < len(raw_sides) else {}
        if not isinstance(raw, Mapping):
            raise ConfigError(f"scenario: side {s} must be a table")
        bad = sorted(str(k) for k in raw if k not in SIDE_KEYS)
        if bad:
            raise ConfigError(f"scenario: side {s}: unknown key(s) {', '.join(bad)}")
        out_sides.append(
            {
                "hand": _cards(f"scenario: side {s}: hand", raw.get("hand", []), content),
                "deck": _cards(f"scenario: side {s}: deck", raw.get("deck", []), content),
                "discard": _cards(f"scenario: side {s}: discard", raw.get("discard", []), content),
                "store": _cards(f"scenario: side {s}: store", raw.get("store", []), content),
                "resource": _int(
                    f"scenario: side {s}: resource", raw.get("resource", 0), hi=MAX_RESOURCE
                ),
                "upkeeps": _int(
                    f"scenario: side {s}: upkeeps", raw.get("upkeeps", 1), hi=MAX_ROUND
                ),
            }
        )
    stack = _stack(sc.get("stack", []), content, spec, perms, out_sides, sides)
    if stack and phase != "actions":
        raise ConfigError('scenario: an action stack needs phase = "actions"')
    name = sc.get("name", "")
    if not isinstance(name, str):
        raise ConfigError("scenario: name must be a string")
    return {
        "stack": stack,
        "name": name,
        "round": _int("scenario: round", sc.get("round", 1), 1, MAX_ROUND),
        "turn": turn,
        "phase": phase,
        "permanents": perms,
        "sides": out_sides,
    }


def _stack(
    raw: object,
    content: Content,
    spec: MapSpec,
    perms: list[dict[str, Any]],
    sides_: list[dict[str, Any]],
    sides: int,
) -> list[dict[str, Any]]:
    """The action stack of a position (bottom first), as `action_declared` frames. A card it
    names comes from its seat's hand; a unit action names the permanent (1, 2, ... in file
    order) and its target. The engine checks every target again when the action executes."""
    if not isinstance(raw, list):
        raise ConfigError("scenario: stack must be a list of [[stack]] tables")
    hands = [list(s["hand"]) for s in sides_]
    out = []
    for n, item in enumerate(raw, start=1):
        where = f"scenario: stack entry {n}"
        if not isinstance(item, Mapping):
            raise ConfigError(f"{where} must be a table")
        bad = sorted(str(k) for k in item if k not in STACK_KEYS)
        if bad:
            raise ConfigError(f"{where}: unknown key(s) {', '.join(bad)}")
        seat = _int(f"{where}: seat", item.get("seat", 0))
        if seat >= sides:
            raise ConfigError(f"{where}: seat must be from 0 to {sides - 1}")
        kind = item.get("kind")
        known = (*CARD_KINDS, "free", *SPEND)
        if kind not in known:
            raise ConfigError(f"{where}: kind must be one of {', '.join(known)}, got {kind!r}")
        frame: dict[str, Any] = {"side": seat, "kind": kind}
        if kind in CARD_KINDS:
            card = item.get("card")
            extra = item.get("with", [])
            if not isinstance(extra, list):
                raise ConfigError(f"{where}: with must be a list of card ids")
            for c in (card, *extra):
                if c not in hands[seat]:
                    raise ConfigError(f"{where}: {c!r} is not in seat {seat}'s hand")
                hands[seat].remove(c)
            frame.update(card=card, **({"with": list(extra)} if extra else {}))
        else:
            pid = _int(f"{where}: perm", item.get("perm"), 1)
            if pid > len(perms) or perms[pid - 1]["controller"] != seat:
                raise ConfigError(f"{where}: perm {pid} is not a permanent of seat {seat}")
            frame["perm"] = pid
        if kind == "free":
            ability = _int(f"{where}: ability", item.get("ability", 0))
            card = content.cards[perms[frame["perm"] - 1]["card"]]
            if ability >= len(card.free_actions):
                raise ConfigError(f"{where}: {card.id} has no free action {ability}")
            frame.update(ability=ability, cost=card.free_actions[ability].cost)
        elif kind in SPEND:
            frame["spend"] = item.get("spend", SPEND[kind])
            if frame["spend"] not in SPENDS:
                raise ConfigError(f"{where}: spend must be one of {', '.join(SPENDS)}")
        if "target" in item:
            target = _int(f"{where}: target", item["target"], 1)
            if target > len(perms):
                raise ConfigError(f"{where}: no permanent {target}")
            frame["target"] = target
        if "at" in item:
            frame["x"], frame["y"] = _coord(f"{where}: at", item["at"], spec)
        out.append(frame)
    return out


def _at(x: object, y: object) -> str:
    """A tile's name in a file ("c3") from a plain form's x and y ("?" when they are none)."""
    if type(x) is int and type(y) is int and 0 <= x < 26 and 0 <= y < 999:
        return f"{chr(ord('a') + x)}{y + 1}"
    return "?"


def _file_form(plain: Mapping[str, Any], spec: MapSpec) -> dict[str, Any]:
    """A plain-form position written back as a scenario file's tables (`check_scenario` of it
    gives the plain form again when the plain form is one)."""

    def table(item: object) -> Mapping[str, Any]:
        if not isinstance(item, Mapping):
            raise ConfigError("scenario: not the plain form of a position (a changed log?)")
        return item

    perms = []
    for p in plain.get("permanents") or []:
        p = table(p)
        keys = ("card", "damage", "poison", "paralysis", "tapped", "durability")
        raw = {k: p[k] for k in keys if k in p}
        raw["seat"] = p.get("owner")
        if p.get("under") is None:
            raw["at"] = _at(p.get("x"), p.get("y"))
        else:
            raw["on"] = p["under"]
        perms.append(raw)
    stack = []
    for f in plain.get("stack") or []:
        f = table(f)
        raw = {k: f[k] for k in ("kind", "card", "with", "perm", "target", "ability") if k in f}
        raw["seat"] = f.get("side")
        if "spend" in f and f.get("kind") != "free":
            raw["spend"] = f["spend"]
        if "x" in f or "y" in f:
            raw["at"] = _at(f.get("x"), f.get("y"))
        stack.append(raw)
    return {
        **{k: plain[k] for k in ("name", "round", "turn", "phase") if k in plain},
        "permanent": perms,
        "side": plain.get("sides") or [],
        "stack": stack,
    }


def load_scenario(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The config (options from ``[config]``, the map, the position) for a scenario file."""
    doc = read_toml(path)
    unknown = sorted(k for k in doc if k not in KEYS and k not in TABLES)
    if unknown:
        raise ConfigError(f"{path}: unknown key(s) {', '.join(unknown)}")
    config: dict[str, Any] = dict(doc.get("config", {}))
    if "content" in config:  # content files named by a scenario are found beside it
        here = os.path.dirname(os.path.abspath(os.fspath(path)))
        paths = config["content"] if isinstance(config["content"], list) else [config["content"]]
        config["content"] = [
            os.path.normpath(os.path.join(here, p)) if isinstance(p, str) else p for p in paths
        ]
    if "map" in doc:
        config["map"] = doc["map"]
    sc = {k: v for k, v in doc.items() if k in KEYS and k != "map"}
    sc.setdefault("name", os.path.splitext(os.path.basename(os.fspath(path)))[0])
    config["scenario"] = sc
    return config


def expectations(path: str | os.PathLike[str]) -> dict[str, Any]:
    doc = read_toml(path)
    expect: dict[str, Any] = doc.get("expect", {})
    return expect
