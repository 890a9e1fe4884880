"""The muhq ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game_agent.engine import ConfigError, Determinizable, Game, Rng, Ruleset, Settlement
from game_agent.games.muhq import determinize as resample
from game_agent.games.muhq import flow
from game_agent.games.muhq.config import configure, content_of
from protocol.games.muhq import state
from protocol.games.muhq.schema import SCHEMA
from protocol.registry import GameSchema


class MuhqRuleset:
    name = "muhq"
    version = "2"  # 2: priority windows ask every seat (docs/muhq.md, "Versions")
    schema: GameSchema = SCHEMA

    def configure(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return configure(config)

    def seat_count(self, config: Mapping[str, Any]) -> int:
        players: int = config["players"]
        return players

    def new_state(self, config: Mapping[str, Any], seats: int) -> state.MuhqState:
        if seats != config["players"]:
            raise ConfigError(f"this muhq config is for {config['players']} players")
        return state.new_state(config, content_of(config), seats)

    apply = staticmethod(state.apply)

    def root(self, g: Game) -> Settlement:
        return flow.root(g)

    def copy_state(self, s: Any) -> Any:
        """An independent copy for snapshots and forks (`game_agent.engine.StateCopier`)."""
        return s.copy()

    def determinize(self, g: Game, seat: int, rng: Rng) -> None:
        """Deal again what `seat` has not seen (see `determinize.py`)."""
        resample.determinize(g, seat, rng)


RULESET = MuhqRuleset()

if TYPE_CHECKING:
    _conforms: Ruleset = RULESET
    _samples: Determinizable = RULESET
