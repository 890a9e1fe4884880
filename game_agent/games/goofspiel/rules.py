"""The Goofspiel ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game_agent.engine import ConfigError, Game, Ruleset, Settlement
from game_agent.games.goofspiel import flow, state
from game_agent.games.goofspiel.config import SEATS, configure
from protocol.games.goofspiel.schema import SCHEMA
from protocol.registry import GameSchema


class GoofspielRuleset:
    name = "goofspiel"
    version = "1"
    schema: GameSchema = SCHEMA

    def configure(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return configure(config)

    def seat_count(self, config: Mapping[str, Any]) -> int:
        return SEATS

    def new_state(self, config: Mapping[str, Any], seats: int) -> state.GoofspielState:
        if seats != SEATS:
            raise ConfigError(f"goofspiel is played by exactly {SEATS} players, not {seats}")
        return state.new_state()

    apply = staticmethod(state.apply)

    def root(self, g: Game) -> Settlement:
        return flow.root(g)


RULESET = GoofspielRuleset()

if TYPE_CHECKING:
    _conforms: Ruleset = RULESET  # mypy checks GoofspielRuleset against the engine's protocol
