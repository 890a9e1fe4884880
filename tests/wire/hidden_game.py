"""A tiny ruleset with hidden information, for the wire's visibility audit (tests only).

Each seat is dealt five secret cards (only its owner sees them; the others see a count), may
discard one in secret, then plays three cards face up; the highest total wins. Seat 0 also peeks
at the top of the remaining deck (nobody else is told anything of it).

Served with ``sgs serve --game hidden_game:RULESET`` (this folder on PYTHONPATH).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game_agent.engine import ConfigError, Event, Game, Settlement
from protocol.registry import GameSchema, register_schema

EVENTS: dict[str, dict[str, Any]] = {
    "dealt": {"seat": int, "cards": [int]},
    "peek": {"card": int},
    "discarded": {"seat": int, "cards": [int]},
    "played": {"seat": int, "card": int, "round": int},
}
REDACTED: dict[str, dict[str, Any]] = {
    "dealt": {"seat": int, "count": int},
    "discarded": {"seat": int, "count": int},
}
REQUESTS: dict[str, dict[str, Any]] = {
    "discard": {"hand": int},
    "play": {"round": int},
}

SCHEMA = register_schema(GameSchema("hidden_game", "1", EVENTS, REQUESTS, REDACTED))


class HiddenRuleset:
    name = "hidden_game"
    version = "1"
    schema = SCHEMA

    def configure(self, config: Mapping[str, Any]) -> dict[str, Any]:
        players = config.get("players", 3)
        if type(players) is not int or not 2 <= players <= 4:
            raise ConfigError("hidden_game takes 2 to 4 players")
        return {"players": players}

    def seat_count(self, config: Mapping[str, Any]) -> int:
        return int(config["players"])

    def new_state(self, config: Mapping[str, Any], seats: int) -> dict[str, Any]:
        return {"hands": [[] for _ in range(seats)], "scores": [0] * seats}

    def apply(self, state: Any, event: Event) -> None:
        d = event.data
        if event.kind == "dealt":
            state["hands"][d["seat"]] = list(d["cards"])
        elif event.kind == "discarded":
            for c in d["cards"]:
                state["hands"][d["seat"]].remove(c)
        elif event.kind == "played":
            state["hands"][d["seat"]].remove(d["card"])
            state["scores"][d["seat"]] += d["card"]

    def root(self, g: Game) -> Settlement:
        n = g.seats
        deck = list(range(1, 5 * n + 2))
        g.rng.shuffle(deck)
        for s in range(n):
            cards = sorted(deck[5 * s : 5 * s + 5])
            g.emit("dealt", {"seat": s, "cards": cards}, (s,), {"seat": s, "count": 5})
        g.emit("peek", {"card": deck[5 * n]}, (0,), None)
        for s in range(n):
            hand = g.state["hands"][s]
            choice = yield g.ask(
                s, "discard", list(hand), [], form="subset", min=0, max=1, info={"hand": len(hand)}
            )
            gone = [hand[i] for i in choice]
            g.emit("discarded", {"seat": s, "cards": gone}, (s,), {"seat": s, "count": len(gone)})
        for rnd in range(3):
            for s in range(n):
                hand = g.state["hands"][s]
                i = yield g.ask(s, "play", list(hand), 0, info={"round": rnd})
                g.emit("played", {"seat": s, "card": hand[i], "round": rnd})
        scores = g.state["scores"]
        best = max(scores)
        winners = [s for s in range(n) if scores[s] == best]
        g.end({"winner": winners[0] if len(winners) == 1 else None, "scores": list(scores)})


RULESET = HiddenRuleset()
