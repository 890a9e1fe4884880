"""Carcassonne's part of the full-screen table: the table it folds (the seat's
`CarcassonneView`), a panel per seat (score, followers in supply), the board and the status
line's words."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from user_agent.games.carcassonne import board as carcassonne_board
from user_agent.games.carcassonne.view import CarcassonneView
from user_agent.tui.table import Table
from user_agent.tui.widgets import SeatWidget


class CarcassonneTable(Table):
    def __init__(self, game: str, seats: int, viewer: int | None) -> None:
        super().__init__(game, seats, viewer)
        self.carc = CarcassonneView(-1 if viewer is None else viewer, seats)

    @property
    def view(self) -> CarcassonneView:
        return self.carc

    def fold(self, kind: str, data: dict[str, Any]) -> None:
        self.carc.apply(kind, data)

    @property
    def over(self) -> dict[str, Any] | None:
        return self.carc.outcome

    def snapshot(self) -> dict[str, Any]:
        c = self.carc
        return {
            "tiles": sorted((x, y, k, r) for (x, y), (k, r) in c.tiles.items()),
            "followers": sorted((x, y, seg, s) for (x, y, seg), s in c.followers.items()),
            "scores": list(c.scores),
            "supply": list(c.supply),
            "turn": c.turn,
            "current": c.current,
            "drawn": c.drawn,
            "left": c.left,
            "outcome": c.outcome,
        }


def status(table: CarcassonneTable) -> Text:
    c = table.carc
    t = Text()
    t.append("Carcassonne", "bold")
    t.append(f" · turn {c.turn}")
    if c.current is not None:
        t.append(f" · playing: seat {c.current}", "bold yellow")
    if c.drawn:
        t.append(f" · tile {c.drawn}")
    t.append(f" · {c.left} tiles left")
    return t


class CarcassonneSeat(SeatWidget):
    """A Carcassonne seat: score and followers in supply."""

    DEFAULT_CSS = """
    CarcassonneSeat { border: round $secondary; height: auto; width: 1fr; padding: 0 1; }
    CarcassonneSeat.me { background: $boost; }
    CarcassonneSeat.current { border: heavy $warning; }
    """

    def show(self, table: CarcassonneTable, lang: str) -> None:
        view = table.carc
        mine = " (you)" if self.seat == table.viewer else ""
        self.border_title = f"seat {self.seat}{mine}"
        score = view.scores[self.seat] if self.seat < len(view.scores) else 0
        supply = view.supply[self.seat] if self.seat < len(view.supply) else 0
        placed = sum(1 for s in view.followers.values() if s == self.seat)
        t = Text()
        t.append(f"{score} points", "bold")
        t.append(f"\nfollowers: {supply} in supply, {placed} on the board")
        if view.current == self.seat:
            t.append("\nplaying now", "bold yellow")
            if view.drawn:
                t.append(f" · tile {view.drawn}")
        self.update(t)
        self.set_class(self.seat == table.viewer, "me")
        self.set_class(view.current == self.seat, "current")


class CarcassonneBoard(Static):
    """The board as `user_agent.games.carcassonne.board` draws it (the container around it
    scrolls), with the scores under it."""

    DEFAULT_CSS = """
    CarcassonneBoard { width: auto; height: auto; padding: 0 1; }
    """

    def show(self, table: CarcassonneTable, lang: str) -> None:
        view = table.carc
        try:
            lines = carcassonne_board.board_lines(view)
            scores = carcassonne_board.scores_line(view)
        except Exception as exc:  # presentation only: never take the screen down
            lines, scores = [f"(the board cannot be drawn: {exc})"], ""
        t = Text("\n".join(lines))
        if scores:
            t.append("\n\n" + scores, "bold")
        if view.last is not None:
            t.append(f"\nlast tile at ({view.last[0]},{view.last[1]})", "dim")
        self.update(t)
        self.lines = lines

    @staticmethod
    def spot(table: CarcassonneTable) -> tuple[int, int] | None:
        """Where the middle of the latest tile is drawn (column, line of the content), found
        as `carcassonne_board.board_lines` lays the grid out; None before any tile."""
        view = table.carc
        if view.last is None or not view.tiles:
            return None
        cb = carcassonne_board
        w, h, gap = getattr(cb, "W", 5), getattr(cb, "H", 3), getattr(cb, "GAP", 1)
        xs = [x for x, _ in view.tiles]
        ys = [y for _, y in view.tiles]
        label = max(len(str(y)) for y in range(min(ys), max(ys) + 1))
        x, y = view.last
        column = 1 + label + 1 + (x - min(xs)) * (w + gap) + w // 2  # (padding 1)
        line = 1 + (max(ys) - y) * h + h // 2
        return column, line
