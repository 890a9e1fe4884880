"""Sanguosha's part of `benchmarks/games_soak.py`.

Games cycle over identity with 2-10 players and the 1v1 mode, every general and all skills (the
random bots choose the generals from their offers). After every decision: all cards of the deck
are in exactly one zone, no HP exceeds max HP, a living seat is below 1 HP only inside a dying
settlement; at the end: the zones again, the winners consistent with the outcome, and the
knowledge audit (`knowledge.py`) finds no event or request that told a seat of a card it could
not know. The summary counts the generals played and how often each skill was invoked (its
`skill` event, or a card used or played through it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game_agent.engine import Game, RequestSpec
from game_agent.games.sanguosha.knowledge import audit_game
from game_agent.games.sanguosha.rules import RULESET
from game_agent.games.sanguosha.state import State, zone_of_each

CONFIGS: list[dict[str, Any]] = [{"mode": "identity", "players": n} for n in range(2, 11)] + [
    {"mode": "1v1"}
]


def check_state(st: State) -> str | None:
    where = zone_of_each(st)
    if len(where) != len(st.deck) or any(len(z) != 1 for z in where.values()):
        bad = {c: z for c, z in where.items() if len(z) != 1}
        return f"cards not in exactly one zone: {len(where)}/{len(st.deck)} {bad}"
    if set(where) != set(st.deck):
        return "unknown card ids in zones"
    for p in st.players:
        if p.hp > p.max_hp:
            return f"seat {p.seat} HP {p.hp} > max {p.max_hp}"
    return None


class SanguoshaSoak:
    def __init__(self) -> None:
        self.winners: Counter[str] = Counter()
        self.reasons: Counter[str] = Counter()
        self.skills: Counter[str] = Counter()
        self.generals: Counter[str] = Counter()

    def config(self, i: int, options: Mapping[str, Any]) -> dict[str, Any]:
        return RULESET.configure({**CONFIGS[i % len(CONFIGS)], **options})

    def at_each(self, game: Game, request: RequestSpec) -> None:
        err = check_state(game.state)
        if err:
            raise AssertionError(err)
        low = [p.seat for p in game.state.players if p.alive and p.max_hp and p.hp < 1]
        if low and not any(n.endswith("dying") for n in game.stack_names()):
            raise AssertionError(f"seats {low} below 1 HP outside dying")
        if request.kind in ("play", "discard"):
            p = game.state.players[request.seat]
            if not p.alive or p.hp < 1:
                raise AssertionError(f"{request.kind} asked of a dying/dead seat")

    def at_end(self, game: Game) -> None:
        err = check_state(game.state)
        if err:
            raise AssertionError(err)
        o = game.outcome
        assert o is not None
        if o["winner"] is None and o["winners"]:
            raise AssertionError("a draw with winners")
        if o["winner"] is not None and not o["winners"]:
            raise AssertionError("a win without winners")
        leaks = audit_game(game)
        if leaks:
            raise AssertionError(f"knowledge leaks {leaks[:5]}")
        self.reasons[f"{game.config['mode']}:{o['reason']}"] += 1
        self.winners[str(o["winner"])] += 1
        for ev in game.events:
            d = ev.data
            if ev.kind == "skill":
                self.skills[d["name"]] += 1
            elif ev.kind in ("use", "respond") and d["skill"]:
                self.skills[d["skill"]] += 1
            elif ev.kind == "general":
                self.generals[d["general"]] += 1

    def note(self) -> str:
        return "0 knowledge leaks"

    def lines(self) -> list[str]:
        return [
            f"winners: {dict(self.winners)}",
            f"reasons: {dict(sorted(self.reasons.items()))}",
            f"generals played ({len(self.generals)} of 25): {dict(sorted(self.generals.items()))}",
            f"skills invoked ({len(self.skills)}): {dict(sorted(self.skills.items()))}",
        ]
