"""Harmony of Elements: the board as a seat sees it (everything; the game has no hidden info).

The view folds the seat's events: placements, the latest attack phase and the outcome. Cells
and pieces are kept as the protocol writes them (``"c/F"``, ``"Af"``); seat 0 is South and
seat 1 is North.
"""

from __future__ import annotations

from typing import Any

from protocol.games.harmony.schema import LANES, ROWS, board_lines

ALL_CELLS: tuple[str, ...] = tuple(f"{lane}/{row}" for row in ROWS for lane in LANES)


class HarmonyView:
    def __init__(self, seat: int, seats: int = 2) -> None:
        self.seat = seat
        self.seats = seats
        self.fields: list[dict[str, str]] = [{}, {}]  # per seat: cell -> piece code
        self.round = 0
        self.first_player: int | None = None
        self.first_placer: int | None = None
        self.skip_attack_rounds = 0
        self.mutual_lethal = "continue"
        self.damage_to: list[int] | None = None  # of the latest attack phase
        self.turned: list[set[str]] = [set(), set()]  # cells exhausted this round
        self.streams: list[dict[str, Any]] = []  # this round's attack streams
        self.outcome: dict[str, Any] | None = None

    def apply(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "piece_placed":
            self.fields[data["seat"]][data["cell"]] = data["role"] + data["element"]
        elif kind == "attack_stream":
            self.streams.append(data)
        elif kind == "piece_exhausted":
            self.turned[data["seat"]].add(data["cell"])
        elif kind == "attack_phase_resolved":
            self.damage_to = list(data["damage_to"])
        elif kind == "round_started":
            self.round = data["round"]
            self.first_placer = data["first_placer"]
            self.turned = [set(), set()]
            self.streams = []
        elif kind == "game_started":
            self.first_player = data["first_player"]
            self.skip_attack_rounds = data["skip_attack_rounds"]
            self.mutual_lethal = data["mutual_lethal"]
            self.round = data["start_round"] - 1
            pos = data["position"]
            self.fields = [{}, {}] if pos is None else [dict(pos[0]), dict(pos[1])]
        elif kind == "game_over":
            self.outcome = data["outcome"]

    @property
    def attack_this_round(self) -> bool:
        """Whether the current round ends with an attack phase."""
        return self.round > self.skip_attack_rounds

    def empty_cells(self, seat: int) -> list[str]:
        field = self.fields[seat]
        return [c for c in ALL_CELLS if c not in field]

    def render(self) -> str:
        """The board in the notation of the rules (section 9)."""
        return "\n".join(board_lines(self.fields))


def make_view(seat: int, seats: int) -> HarmonyView:
    return HarmonyView(seat, seats)
