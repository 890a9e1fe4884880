"""Scenarios: a position part-way through a game, written as a TOML file, loaded into a config.

A scenario file::

    name = "G1"
    title = "A tie discards the prize"
    cards = 5                   # N (optional, default 13)
    hands = [[2, 4, 5], [1, 4, 5]]
    played = [1, 3]             # the prizes already auctioned, in order
    scores = [1, 3]
    deck = [5, 2, 4]            # the remaining prize deck, top first

    [expect]                    # optional, free-form: what the tests check (the loader keeps it)
    winner = 0

`load_scenario` gives the config dict for `Game` (its ``scenario`` entry is plain data, so it
is stored in the log header and re-execution works).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import ConfigError, read_toml
from game_agent.games.goofspiel.config import DEFAULTS, configure

KEYS = ("name", "title", "cards", "hands", "played", "scores", "deck", "expect")
POSITION = ("hands", "played", "scores", "deck")


@dataclass
class Scenario:
    name: str
    title: str
    config: dict[str, Any]  # validated, ready for Game(RULESET, config, seed)
    expect: dict[str, Any] = field(default_factory=dict)
    source: str = ""


def scenario_of(doc: dict[str, Any], source: str) -> Scenario:
    """A parsed scenario document -> the scenario; raises ConfigError naming the source."""
    unknown = sorted(k for k in doc if k not in KEYS)
    if unknown:
        raise ConfigError(
            f"{source}: unknown key(s) {', '.join(unknown)}; known: {', '.join(KEYS)}"
        )
    name = doc.get("name", os.path.splitext(os.path.basename(source))[0])
    title = doc.get("title", "")
    expect = doc.get("expect", {})
    if not isinstance(name, str) or not isinstance(title, str):
        raise ConfigError(f"{source}: name and title must be strings")
    if not isinstance(expect, dict):
        raise ConfigError(f"{source}: [expect] must be a table")
    sc = {"name": name, **{k: doc[k] for k in POSITION if k in doc}}
    try:
        config = configure({"cards": doc.get("cards", DEFAULTS["cards"]), "scenario": sc})
    except ConfigError as exc:
        raise ConfigError(f"{source}: {exc}") from None
    return Scenario(name, title, config, expect, source)


def read_scenario(path: str | os.PathLike[str]) -> Scenario:
    return scenario_of(read_toml(path), os.fspath(path))


def load_scenario(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The game config of a scenario file (validated; pass it to `Game`)."""
    return read_scenario(path).config
