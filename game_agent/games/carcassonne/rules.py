"""The Carcassonne ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game_agent.engine import ConfigError, Determinizable, Game, Rng, Ruleset, Settlement
from game_agent.games.carcassonne import determinize as resample
from game_agent.games.carcassonne import flow, state
from game_agent.games.carcassonne.config import configure
from protocol.games.carcassonne.schema import SCHEMA
from protocol.registry import GameSchema


class CarcassonneRuleset:
    name = "carcassonne"
    version = "1"
    schema: GameSchema = SCHEMA

    def configure(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return configure(config)

    def seat_count(self, config: Mapping[str, Any]) -> int:
        players: int = config["players"]
        return players

    def new_state(self, config: Mapping[str, Any], seats: int) -> state.CarcState:
        if seats != config["players"]:
            raise ConfigError(f"this carcassonne config is for {config['players']} players")
        return state.new_state(config, seats)

    apply = staticmethod(state.apply)

    def root(self, g: Game) -> Settlement:
        return flow.root(g)

    def copy_state(self, s: Any) -> Any:
        """An independent copy for snapshots and forks (`game_agent.engine.StateCopier`)."""
        return state.copy_state(s)

    def determinize(self, g: Game, seat: int, rng: Rng) -> None:
        """Deal again what `seat` has not seen (see `determinize.py`)."""
        resample.determinize(g, seat, rng)


RULESET = CarcassonneRuleset()

if TYPE_CHECKING:
    _conforms: Ruleset = RULESET
    _samples: Determinizable = RULESET
