"""What a ruleset gives the engine. A ruleset talks to the engine only through this and `Game`."""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from protocol.registry import GameSchema

if TYPE_CHECKING:
    from game_agent.engine.game import Game
    from game_agent.engine.rng import Rng
    from protocol.records import Event

# A settlement is a generator frame. It yields a `RequestSpec` (and receives the legal reply) or
# a child settlement (and receives the child's return value); it returns its own result.
Settlement = Generator[Any, Any, Any]


class ConfigError(ValueError):
    """A game config or scenario that the ruleset refuses, with a message for people."""


class Ruleset(Protocol):
    name: str
    version: str
    schema: GameSchema

    def configure(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """Validate `config` and fill in defaults. The result is stored in the log header and
        must be msgpack-plain (dicts, lists, str, int, float, bool, None). Raises ConfigError."""
        ...

    def seat_count(self, config: Mapping[str, Any]) -> int: ...

    def new_state(self, config: Mapping[str, Any], seats: int) -> Any:
        """A fresh state. Folding a game's events onto it rebuilds the live state (==)."""
        ...

    def apply(self, state: Any, event: Event) -> None:
        """Mutate `state` by one event. The only code that changes state."""
        ...

    def root(self, g: Game) -> Settlement:
        """The bottom frame of the settlement stack: runs the whole game."""
        ...


class Determinizable(Protocol):
    """An OPTIONAL hook a ruleset may add (not part of `Ruleset`: a ruleset without it works
    everywhere except `Game.determinize`, which then raises `EngineError`).

    `determinize(g, seat, rng)` deals again, with `rng` only, everything `seat` has not seen in
    the live game `g` (between steps, with requests open), and keeps everything it has seen.
    It changes the state only through events (`g.emit`), so folding the events still rebuilds
    the state: typically one secret event (audience `seats=()`) whose public form names no card
    or tile, only counts. Cards or tiles that suspended frames or open requests of other seats
    still refer to must stay valid (or the hook raises `EngineError`). A ruleset without hidden
    information implements it as a no-op.
    """

    def determinize(self, g: Game, seat: int, rng: Rng) -> None: ...
