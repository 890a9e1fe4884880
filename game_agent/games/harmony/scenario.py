"""Scenarios: a position written as a TOML file, loaded into a game config.

A scenario file::

    name = "S8"
    title = "First attack phase (round 4) decides the game"
    round = 4                 # the round in progress (1..15)
    first_placer = "S"        # who places first in that round: "S"/"N" (or 0/1)
    board = \"\"\"
                     a    b    c    d    e
    N back   (B)     .    .    .    .    .
    N middle (M)     .    .    .    .    .
    N front  (F)    Te   Te    .   Te   Te
                 -------------------------  midline
    S front  (F)     .   Me   Ae   Me    .
    S middle (M)     .    .   Ae    .    .
    S back   (B)     .    .    .    .    .
    \"\"\"

    [config]                  # optional rule options (skip_attack_rounds, mutual_lethal, ...)
    skip_attack_rounds = 3

    [expect]                  # optional, free-form: what the tests check (the loader keeps it)
    to_north = 10

Pieces already placed in the round are read from the board (see `config.check_scenario`): with
4 pieces each in round 4 the game starts with round 4's attack phase. `load_scenario` gives the
config dict for `Game` (its ``scenario`` entry is plain data, so it is stored in the log header
and re-execution works); `resolve_scenario` runs the attack phase on the position directly.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import ConfigError, parse_toml, read_toml_text
from game_agent.games.harmony.attack import Phase, resolve
from game_agent.games.harmony.board import Board, BoardError, from_position, parse_board, position
from game_agent.games.harmony.config import configure, rules_of

KEYS = ("name", "title", "round", "first_placer", "board", "config", "expect")


@dataclass
class Scenario:
    name: str
    title: str
    config: dict[str, Any]  # validated, ready for Game(RULESET, config, seed)
    expect: dict[str, Any] = field(default_factory=dict)
    source: str = ""

    @property
    def board(self) -> Board:
        return from_position(self.config["scenario"]["position"])


def _board_offset(text: str) -> int:
    """The file line just before the board's first line (0 when it cannot be found)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r'^\s*board\s*=\s*("""|\'\'\')(.*)$', line)
        if m:
            # TOML drops a newline that directly follows the opening quotes.
            return i + 1 if m.group(2).strip() == "" else i
    return 0


def parse_scenario(text: str, source: str = "<scenario>") -> Scenario:
    """Parse a scenario's TOML text; raises ConfigError naming the source and the line."""
    doc = parse_toml(text, source)
    unknown = sorted(k for k in doc if k not in KEYS)
    if unknown:
        raise ConfigError(
            f"{source}: unknown key(s) {', '.join(unknown)}; known: {', '.join(KEYS)}"
        )
    for key in ("round", "first_placer", "board"):
        if key not in doc:
            raise ConfigError(f"{source}: missing key {key!r}")
    if not isinstance(doc["board"], str):
        raise ConfigError(f"{source}: board must be a multi-line string")
    try:
        board = parse_board(doc["board"])
    except BoardError as exc:
        if exc.line:
            line = _board_offset(text) + exc.line
            raise ConfigError(f"{source}: line {line}: {exc.reason}") from None
        raise ConfigError(f"{source}: board: {exc.reason}") from None
    name = doc.get("name", os.path.splitext(os.path.basename(source))[0])
    title = doc.get("title", "")
    if not isinstance(name, str) or not isinstance(title, str):
        raise ConfigError(f"{source}: name and title must be strings")
    overrides = doc.get("config", {})
    expect = doc.get("expect", {})
    if not isinstance(overrides, dict) or not isinstance(expect, dict):
        raise ConfigError(f"{source}: [config] and [expect] must be tables")
    if "scenario" in overrides:
        raise ConfigError(f"{source}: [config] cannot hold a scenario")
    sc = {
        "name": name,
        "round": doc["round"],
        "first_placer": doc["first_placer"],
        "position": position(board),
    }
    try:
        config = configure({**overrides, "scenario": sc})
    except ConfigError as exc:
        raise ConfigError(f"{source}: {exc}") from None
    return Scenario(name, title, config, expect, source)


def read_scenario(path: str | os.PathLike[str]) -> Scenario:
    return parse_scenario(read_toml_text(path), os.fspath(path))


def load_scenario(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The game config of a scenario file (validated; pass it to `Game`)."""
    return read_scenario(path).config


def resolve_scenario(config: Mapping[str, Any]) -> Phase:
    """Run the attack phase on a scenario's position directly (no game, no placements)."""
    cfg = configure(config)
    if cfg["scenario"] is None:
        raise ConfigError("this config holds no scenario")
    return resolve(from_position(cfg["scenario"]["position"]), rules_of(cfg))
