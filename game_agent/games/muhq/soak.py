"""muhq's part of `benchmarks/games_soak.py`.

Games alternate between the duel on `PROV-MAP-1` and the Kraken mode on `PROV-MAP-1-KRAKEN`;
every fifth game drafts its stores (rules 4) and every seventh uses the other rule options
(`defeat_threshold = "le0"`, `reshuffle_mid_draw`, `hand_rule = "discard_and_draw"`,
`diagonal_rule = "alternating"`); with `--option content=PATH`, every third game adds those
content files (their sets' cards join the stores). For each game (`audit`): every card is in
exactly one zone after every event; at every decision (but while a stack is being dropped)
resources and counters non-negative, the board and the stacks agree, no defeated permanent left
on the map, equipment durability at least 1, permanents only on tiles they may stand on; no
seat's or spectator's view of a deck, a draw or a draft pick names a card of another side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game_agent.engine import Game, RequestSpec
from game_agent.games.muhq.audit import at_rest, problems
from game_agent.games.muhq.rules import RULESET

OPTIONS = (
    {"defeat_threshold": "le0"},
    {"reshuffle_mid_draw": True},
    {"hand_rule": "discard_and_draw"},
    {"diagonal_rule": "alternating"},
)


class MuhqSoak:
    def __init__(self) -> None:
        self.found: list[str] = []
        self.outcomes: Counter[str] = Counter()
        self.rounds: Counter[str] = Counter()
        self.modes: Counter[str] = Counter()
        self.kinds: Counter[str] = Counter()  # actions declared, by kind

    def config(self, i: int, options: Mapping[str, Any]) -> dict[str, Any]:
        rest = dict(options)
        content = rest.pop("content", None)
        config: dict[str, Any] = {"mode": "kraken" if i % 2 else "duel"}
        if content is not None and i % 3 == 2:
            config["content"] = content
        if i % 5 == 4:
            config["draft"] = True
        if i % 7 == 6:
            config.update(OPTIONS[(i // 7) % len(OPTIONS)])
        return RULESET.configure({**config, **rest})

    def at_each(self, game: Game, request: RequestSpec) -> None:
        if not self.found and request.kind != "drop":  # a stack being dropped is in the air
            self.found.extend(at_rest(game.state, game.config["defeat_threshold"]))

    def at_end(self, game: Game) -> None:
        found, self.found = self.found, []
        bad = problems(game, found)
        if bad:
            raise AssertionError("; ".join(bad[:5]))
        self.kinds.update(e.data["kind"] for e in game.events if e.kind == "action_declared")
        mode = game.config["mode"]
        self.modes[mode] += 1
        assert game.outcome is not None
        self.outcomes[f"{mode}: {game.outcome['reason']}"] += 1
        self.rounds[mode] += game.outcome["round"]

    def note(self) -> str:
        return ""

    def lines(self) -> list[str]:
        rounds = {m: round(self.rounds[m] / self.modes[m], 1) for m in sorted(self.modes)}
        return [
            f"outcomes: {dict(sorted(self.outcomes.items()))}",
            f"actions declared: {dict(self.kinds.most_common())}",
            f"mean rounds: {rounds}",
        ]
