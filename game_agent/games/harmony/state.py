"""The game state and the event applier (the only code that changes the state).

Folding a game's events onto `new_state()` gives a state equal (==) to the live one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import Event
from game_agent.games.harmony.board import CELL_INDEX, Board, empty_board, from_position
from game_agent.games.harmony.pieces import ELEMENT_INDEX, EMPTY, ROLE_INDEX


@dataclass
class HarmonyState:
    board: Board = field(default_factory=empty_board)  # [South's field, North's field]
    placed: list[int] = field(default_factory=lambda: [0, 0])  # pieces on each field
    round: int = 0
    first_player: int = -1  # Player 1's seat
    first_placer: int = -1  # who places first in the current round
    skip_attack_rounds: int = 0
    mutual_lethal: str = ""
    # The latest attack phase: damage dealt to each seat; the cells turned (exhausted) in the
    # current round's attack phase.
    damage_to: list[int] | None = None
    turned: list[list[int]] = field(default_factory=lambda: [[], []])
    attack_phases: int = 0
    outcome: dict[str, Any] | None = None


def new_state() -> HarmonyState:
    return HarmonyState()


def _game_started(s: HarmonyState, d: dict[str, Any]) -> None:
    s.first_player = d["first_player"]
    s.skip_attack_rounds = d["skip_attack_rounds"]
    s.mutual_lethal = d["mutual_lethal"]
    s.round = d["start_round"] - 1
    if d["position"] is not None:
        s.board = from_position(d["position"])
        s.placed = [sum(p != EMPTY for p in f) for f in s.board]


def _round_started(s: HarmonyState, d: dict[str, Any]) -> None:
    s.round = d["round"]
    s.first_placer = d["first_placer"]
    s.turned = [[], []]  # pools refill: turned pieces stand up again


def _piece_placed(s: HarmonyState, d: dict[str, Any]) -> None:
    seat = d["seat"]
    s.board[seat][CELL_INDEX[d["cell"]]] = ROLE_INDEX[d["role"]] * 4 + ELEMENT_INDEX[d["element"]]
    s.placed[seat] += 1


def _piece_exhausted(s: HarmonyState, d: dict[str, Any]) -> None:
    s.turned[d["seat"]].append(CELL_INDEX[d["cell"]])


def _phase_resolved(s: HarmonyState, d: dict[str, Any]) -> None:
    s.damage_to = list(d["damage_to"])
    s.attack_phases += 1


def _nothing(s: HarmonyState, d: dict[str, Any]) -> None:
    return None


def _game_over(s: HarmonyState, d: dict[str, Any]) -> None:
    s.outcome = d["outcome"]


_APPLY: dict[str, Callable[[HarmonyState, dict[str, Any]], None]] = {
    "game_started": _game_started,
    "round_started": _round_started,
    "piece_placed": _piece_placed,
    "attack_phase_skipped": _nothing,
    "attack_stream": _nothing,
    "piece_exhausted": _piece_exhausted,
    "attack_phase_resolved": _phase_resolved,
    "game_over": _game_over,
}


def apply(state: HarmonyState, event: Event) -> None:
    try:
        fn = _APPLY[event.kind]
    except KeyError:
        raise ValueError(f"harmony: unknown event {event.kind!r}") from None
    fn(state, event.data)
