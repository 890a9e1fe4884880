"""A two-step question for the deadline tests: seat 0 picks, then confirms or goes `back` to
the pick; going back emits nothing (as Sanguosha's card-then-target questions do)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game_agent.engine import Event, Game, Settlement
from protocol.registry import GameSchema

SCHEMA = GameSchema(
    "stall",
    "1",
    events={"picked": {"seat": int, "n": int}},
    requests={"pick": {}, "confirm": {}},
)


class Stall:
    name = "stall"
    version = "1"
    schema = SCHEMA

    def configure(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return {}

    def seat_count(self, config: Mapping[str, Any]) -> int:
        return 2

    def new_state(self, config: Mapping[str, Any], seats: int) -> dict[str, Any]:
        return {}

    def apply(self, state: dict[str, Any], ev: Event) -> None:
        return None

    def root(self, g: Game) -> Settlement:
        for seat in (0, 1):
            while True:
                n = yield g.ask(seat, "pick", [1, 2], 0)
                if (yield g.ask(seat, "confirm", ["ok", "back"], 0)) == 0:
                    break
            g.emit("picked", {"seat": seat, "n": n + 1})
        g.end({"winner": None})


RULESET = Stall()
