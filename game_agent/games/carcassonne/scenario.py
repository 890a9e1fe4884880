"""Scenarios: a position written as a TOML file, loaded into a game config.

A scenario file::

    name = "C1"
    title = "two-tile city"
    players = 2
    turn = 0                                  # whose turn comes next
    tiles = ["D@(0,0)r0"]                     # the board, in placement order (rules 8 notation)
    followers = ["0 C1@(0,1)"]                # "SEAT SEGMENT@(x,y)"
    scores = [0, 0]
    stack = ["E", "X"]                        # the remaining stack, top first

    [config]                                  # optional rule options (farm_scoring, followers)
    farm_scoring = "per_city_4"

    [expect]                                  # optional, free-form: what the tests check
    moves = ["E@(0,1)r180", "C1"]
    scores = [4, 0]

``tiles`` defaults to the start tile alone, ``followers`` to none, ``scores`` to zeros and
``turn`` to seat 0; ``stack`` is required (it may be empty: the game goes straight to final
scoring). `load_scenario` gives the config dict for `Game`; its ``scenario`` entry is plain data,
so it is stored in the log header and re-execution works.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import ConfigError, parse_toml, read_toml_text
from game_agent.games.carcassonne.config import MAX_PLAYERS, MIN_PLAYERS, configure

KEYS = ("name", "title", "players", "turn", "tiles", "followers", "scores", "stack")
TABLES = ("config", "expect")

TILE = re.compile(r"^([A-X])@\((-?\d+),(-?\d+)\)r(0|90|180|270)$")
FOLLOWER = re.compile(r"^(\d+)\s+([A-Z]+\d*)@\((-?\d+),(-?\d+)\)$")


def parse_tile(text: str) -> list[Any]:
    """``E@(0,1)r180`` -> ["E", 0, 1, 2] (kind, x, y, quarter turns); raises ValueError."""
    m = TILE.match(text.replace(" ", ""))
    if m is None:
        raise ValueError(f"not a tile: {text!r}; write KIND@(x,y)rDEG, e.g. E@(0,1)r180")
    return [m[1], int(m[2]), int(m[3]), int(m[4]) // 90]


def parse_follower(text: str) -> list[Any]:
    """``0 C1@(0,1)`` -> [0, 0, 1, "C1"] (seat, x, y, segment); raises ValueError."""
    m = FOLLOWER.match(text.strip())
    if m is None:
        raise ValueError(f"not a follower: {text!r}; write 'SEAT SEGMENT@(x,y)', e.g. '0 C1@(0,1)'")
    return [int(m[1]), int(m[3]), int(m[4]), m[2]]


@dataclass
class Scenario:
    name: str
    title: str
    config: dict[str, Any]  # validated, ready for Game(RULESET, config, seed)
    expect: dict[str, Any] = field(default_factory=dict)
    source: str = ""


def _strings(source: str, doc: dict[str, Any], key: str) -> list[str]:
    value = doc.get(key, [])
    if not isinstance(value, list) or any(not isinstance(v, str) for v in value):
        raise ConfigError(f"{source}: {key} must be a list of strings")
    return value


def parse_scenario(text: str, source: str = "<scenario>") -> Scenario:
    """Parse a scenario's TOML text; raises ConfigError naming the source."""
    doc = parse_toml(text, source)
    unknown = sorted(k for k in doc if k not in KEYS + TABLES)
    if unknown:
        raise ConfigError(
            f"{source}: unknown key(s) {', '.join(unknown)}; known: {', '.join(KEYS + TABLES)}"
        )
    if "stack" not in doc:
        raise ConfigError(f"{source}: missing key 'stack' (the remaining tiles, top first)")
    name = doc.get("name", os.path.splitext(os.path.basename(source))[0])
    title = doc.get("title", "")
    if not isinstance(name, str) or not isinstance(title, str):
        raise ConfigError(f"{source}: name and title must be strings")
    try:
        tiles = [parse_tile(t) for t in _strings(source, doc, "tiles")] or [["D", 0, 0, 0]]
        followers = [parse_follower(f) for f in _strings(source, doc, "followers")]
    except ValueError as exc:
        raise ConfigError(f"{source}: {exc}") from None
    overrides = doc.get("config", {})
    expect = doc.get("expect", {})
    if not isinstance(overrides, dict) or not isinstance(expect, dict):
        raise ConfigError(f"{source}: [config] and [expect] must be tables")
    for key in ("scenario", "players", "first_player"):
        if key in overrides:
            raise ConfigError(f"{source}: [config] cannot set {key}; use the top-level keys")
    players = doc.get("players", 2)
    sc: dict[str, Any] = {
        "name": name,
        "tiles": tiles,
        "followers": followers,
        "stack": _strings(source, doc, "stack"),
        "turn": doc.get("turn", 0),
    }
    if "scores" in doc:
        sc["scores"] = doc["scores"]
    elif type(players) is int and MIN_PLAYERS <= players <= MAX_PLAYERS:
        sc["scores"] = [0] * players  # (other counts are refused by configure below)
    try:
        config = configure({**overrides, "players": players, "scenario": sc})
    except ConfigError as exc:
        raise ConfigError(f"{source}: {exc}") from None
    return Scenario(name, title, config, expect, source)


def read_scenario(path: str | os.PathLike[str]) -> Scenario:
    return parse_scenario(read_toml_text(path), os.fspath(path))


def load_scenario(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The game config of a scenario file (validated; pass it to `Game`)."""
    return read_scenario(path).config
