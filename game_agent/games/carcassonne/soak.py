"""Carcassonne's part of `benchmarks/games_soak.py` and `benchmarks/games_bench.py`.

Games cycle over 2, 3, 4 and 5 players; every fourth game uses one of the other farm variants
(`per_city_4`, `per_farm_3_once_per_city`). For each game (`audit.problems`, `audit.recount`):
every one of the 72 tiles is on the board, discarded as unplaceable, or the start tile, and tiles
come out in the secret stack's order; no follower is lost or made up (after every event each
player's supply plus followers on the board is 7); the final scores equal an independent recount
(the whole-board reference analysis of the final board) and the outcome's winners are the top
scores; no seat's view of any event holds the stack order.

`reference_turns` is the benchmark's measure of what each turn would cost without the engine's
incremental regions: one whole-board `features.analyse` per placed tile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game_agent.engine import SPECTATOR, Game, RequestSpec, view_for
from game_agent.games.carcassonne.audit import problems, recount
from game_agent.games.carcassonne.board import Placed
from game_agent.games.carcassonne.features import analyse
from game_agent.games.carcassonne.rules import RULESET

VARIANTS = ("per_city_4", "per_farm_3_once_per_city")


class CarcassonneSoak:
    def __init__(self) -> None:
        self.discarded = 0
        self.by_players: Counter[int] = Counter()
        self.variants: Counter[str] = Counter()
        self.points: Counter[int] = Counter()

    def config(self, i: int, options: Mapping[str, Any]) -> dict[str, Any]:
        config: dict[str, Any] = {"players": 2 + i % 4}
        if i % 4 == 3:
            config["farm_scoring"] = VARIANTS[(i // 4) % 2]
        return RULESET.configure({**config, **options})

    def at_each(self, game: Game, request: RequestSpec) -> None:
        return None

    def at_end(self, game: Game) -> None:
        players = game.config["players"]
        found = problems(game.events, players, game.config["followers"])
        if found:
            raise AssertionError("; ".join(found[:5]))
        if recount(game.events) != game.state.scores:
            raise AssertionError(f"scores {game.state.scores}, recount {recount(game.events)}")
        for ev in game.events:
            if ev.kind == "stack":
                for seat in (*range(players), SPECTATOR):
                    if view_for(ev, seat) != {"count": len(ev.data["order"])}:
                        raise AssertionError(f"seat {seat} sees the stack order")
        self.discarded += sum(1 for e in game.events if e.kind == "tile_discarded")
        self.by_players[players] += 1
        self.variants[game.config["farm_scoring"]] += 1
        self.points[players] += sum(game.state.scores)

    def note(self) -> str:
        return f"{self.discarded} unplaceable tiles discarded"

    def lines(self) -> list[str]:
        mean = {n: round(self.points[n] / self.by_players[n], 1) for n in sorted(self.by_players)}
        return [
            f"games by players: {dict(sorted(self.by_players.items()))}",
            f"farm variants: {dict(sorted(self.variants.items()))}",
            f"mean total points per game, by players: {mean}",
        ]


def reference_turns(games: int, seed: int) -> int:
    """2-player games answered with the requests' defaults, plus one whole-board `analyse` per
    placed tile; returns the decisions made."""
    config = RULESET.configure({"players": 2})
    n = 0
    for i in range(games):
        g = Game(RULESET, config, seed + i)
        step = g.start()
        while step.request is not None:
            if step.request.kind == "place_tile":
                tiles = g.state.regions.tiles
                analyse({p: Placed(t.letter, t.rotation) for p, t in tiles.items()})
            step = g.resume(step.request.default)
        n += len(g.decisions)
    return n
