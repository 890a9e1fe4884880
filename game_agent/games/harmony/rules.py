"""The Harmony of Elements ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game_agent.engine import ConfigError, Determinizable, Game, Rng, Ruleset, Settlement
from game_agent.games.harmony import determinize as resample
from game_agent.games.harmony import flow, state
from game_agent.games.harmony.config import configure
from protocol.games.harmony.schema import SCHEMA
from protocol.registry import GameSchema

SEATS = 2  # seat 0 = South, seat 1 = North


class HarmonyRuleset:
    name = "harmony"
    version = "1"
    schema: GameSchema = SCHEMA

    def configure(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return configure(config)

    def seat_count(self, config: Mapping[str, Any]) -> int:
        return SEATS

    def new_state(self, config: Mapping[str, Any], seats: int) -> state.HarmonyState:
        if seats != SEATS:
            raise ConfigError(f"harmony is played by exactly {SEATS} players, not {seats}")
        return state.new_state()

    # The engine calls this once per event: bind the applier directly (no extra call layer).
    apply = staticmethod(state.apply)

    def root(self, g: Game) -> Settlement:
        return flow.root(g)

    def determinize(self, g: Game, seat: int, rng: Rng) -> None:
        """Deal again what `seat` has not seen (see `determinize.py`)."""
        resample.determinize(g, seat, rng)


RULESET = HarmonyRuleset()

if TYPE_CHECKING:
    _conforms: Ruleset = RULESET  # mypy checks HarmonyRuleset against the engine's protocol
    _samples: Determinizable = RULESET
