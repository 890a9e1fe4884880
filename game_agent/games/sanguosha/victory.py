"""Victory per role (§4.10) and the ways a game ends in a draw (§4.11, the round cap)."""

from __future__ import annotations

from typing import Any, NoReturn

from game_agent.engine import Game
from game_agent.games.sanguosha.state import State


def outcome(st: State, winner: str | None, winners: list[int], reason: str) -> dict[str, Any]:
    return {
        "winner": winner,
        "winners": winners,
        "reason": reason,
        "roles": [p.role for p in st.players],
    }


def end_draw(g: Game, reason: str) -> NoReturn:
    g.end(outcome(g.state, None, [], reason))


def identity_result(st: State) -> dict[str, Any] | None:
    """Checked on every death. None while the game goes on."""
    players = st.players
    lord = next(p for p in players if p.role == "lord")
    if not lord.alive:
        alive = [p for p in players if p.alive]
        if len(alive) == 1 and alive[0].role == "renegade":
            return outcome(st, "renegade", [alive[0].seat], "lord_died")
        rebels = [p.seat for p in players if p.role == "rebel"]
        return outcome(st, "rebel", rebels, "lord_died")
    if not any(p.alive and p.role in ("rebel", "renegade") for p in players):
        winners = [p.seat for p in players if p.role in ("lord", "loyalist")]
        return outcome(st, "lord", winners, "rebels_and_renegades_dead")
    return None
