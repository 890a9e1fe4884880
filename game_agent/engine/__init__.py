"""The game-agnostic engine: settlement stack, triggers, deterministic RNG, visibility.

This module is the engine's public API; rulesets import from here only (`window_seats`,
`window_asks`, `window_request`: the response-window policy every game applies,
`engine/windows.py`).
"""

from game_agent.engine.errors import ConfigError, EngineError, GameOver, IllegalReply
from game_agent.engine.game import Determinizable, Game, Ruleset, Step, fold
from game_agent.engine.options import with_defaults
from game_agent.engine.rng import Rng
from game_agent.engine.settlement import Settlement, Together
from game_agent.engine.timing import Trigger, Triggers
from game_agent.engine.windows import window_asks, window_request, window_seats
from protocol.choices import Choice, RequestSpec
from protocol.records import SPECTATOR, Decision, Event, view_for
from protocol.tomlfile import (
    MAX_TOML_BYTES,
    MAX_TOML_DEPTH,
    TomlSyntaxError,
    parse_toml,
    read_toml,
    read_toml_text,
)

__all__ = [
    "MAX_TOML_BYTES",
    "MAX_TOML_DEPTH",
    "SPECTATOR",
    "Choice",
    "ConfigError",
    "Decision",
    "Determinizable",
    "EngineError",
    "Event",
    "Game",
    "GameOver",
    "IllegalReply",
    "RequestSpec",
    "Rng",
    "Ruleset",
    "Settlement",
    "Step",
    "Together",
    "TomlSyntaxError",
    "Trigger",
    "Triggers",
    "fold",
    "parse_toml",
    "read_toml",
    "read_toml_text",
    "view_for",
    "window_asks",
    "window_request",
    "window_seats",
    "with_defaults",
]
