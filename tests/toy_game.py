"""A tiny ruleset for engine, log and CLI tests: two seats add numbers; a secret draw shows
hidden information; a trigger shows the timing dispatch."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import ConfigError, Event, Game, Settlement, Trigger, Triggers
from protocol.registry import GameSchema

SCHEMA = GameSchema(
    "toy",
    "1",
    events={
        "add": {"seat": int, "n": int},
        "secret": {"seat": int, "value": int},
        "bonus": {"seat": int},
    },
    requests={"pick": {"round": int}, "discard": {}},
    redacted={"secret": {"seat": int}},
)


@dataclass
class ToyState:
    totals: list[int] = field(default_factory=lambda: [0, 0])
    secrets: list[list[int]] = field(default_factory=lambda: [[], []])
    outcome: dict[str, Any] | None = None


def _bonus_ok(g: Game, seat: int, payload: Any) -> bool:
    return bool(payload["seat"] == seat and payload["n"] == 3)


def _bonus(g: Game, seat: int, payload: Any) -> Settlement:
    g.emit("bonus", {"seat": seat})
    g.emit("add", {"seat": seat, "n": 1})
    return
    yield


class Toy:
    name = "toy"
    version = "1"
    schema = SCHEMA
    triggers = Triggers([Trigger("bonus", "after_add", _bonus_ok, _bonus)])

    def configure(self, config: Mapping[str, Any]) -> dict[str, Any]:
        rounds = config.get("rounds", 3)
        if type(rounds) is not int or rounds < 1:
            raise ConfigError("rounds must be a positive integer")
        return {"rounds": rounds}

    def seat_count(self, config: Mapping[str, Any]) -> int:
        return 2

    def new_state(self, config: Mapping[str, Any], seats: int) -> ToyState:
        return ToyState()

    def apply(self, state: ToyState, ev: Event) -> None:
        d = ev.data
        if ev.kind == "add":
            state.totals[d["seat"]] += d["n"]
        elif ev.kind == "secret":
            state.secrets[d["seat"]].append(d["value"])
        elif ev.kind == "game_over":
            state.outcome = d["outcome"]

    def root(self, g: Game) -> Settlement:
        for r in range(g.config["rounds"]):
            for seat in (0, 1):
                yield self.turn(g, seat, r)
        t = g.state.totals
        g.end({"winner": None if t[0] == t[1] else (0 if t[0] > t[1] else 1), "totals": t})

    def turn(self, g: Game, seat: int, r: int) -> Settlement:
        value = g.rng.below(100)
        g.emit("secret", {"seat": seat, "value": value}, seats=(seat,), public={"seat": seat})
        i = yield g.ask(seat, "pick", [1, 2, 3], 0, info={"round": r})
        g.emit("add", {"seat": seat, "n": i + 1})
        payload = {"seat": seat, "n": i + 1}
        if self.triggers.at("after_add"):
            yield self.triggers.run(g, "after_add", payload, [seat, 1 - seat])


RULESET = Toy()
