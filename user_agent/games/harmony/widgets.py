"""Harmony's part of the full-screen table: the table it folds (the seat's `HarmonyView`), a
panel per side, the 5x3 fields and the status line's words."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from protocol.games.harmony import schema as hs
from user_agent.games.harmony.view import HarmonyView
from user_agent.tui.table import Table
from user_agent.tui.widgets import Clickable, SeatWidget

ELEMENT_STYLE = {"w": "bold blue", "f": "bold red", "e": "bold yellow", "l": "bold magenta"}
CELL_W = 6


class HarmonyTable(Table):
    def __init__(self, game: str, seats: int, viewer: int | None) -> None:
        super().__init__(game, seats, viewer)
        self.harmony = HarmonyView(-1 if viewer is None else viewer, 2)

    @property
    def view(self) -> HarmonyView:
        return self.harmony

    def fold(self, kind: str, data: dict[str, Any]) -> None:
        self.harmony.apply(kind, data)

    @property
    def over(self) -> dict[str, Any] | None:
        return self.harmony.outcome

    def snapshot(self) -> dict[str, Any]:
        v = self.harmony
        return {
            "round": v.round,
            "fields": [dict(f) for f in v.fields],
            "turned": [sorted(t) for t in v.turned],
            "damage_to": v.damage_to,
            "outcome": v.outcome,
        }


def status(table: HarmonyTable) -> Text:
    v = table.harmony
    t = Text()
    t.append(f"Harmony of Elements · round {v.round}", "bold")
    if v.round:
        t.append(" · attack phase this round" if v.attack_this_round else " · no attack")
    return t


class HarmonySeat(SeatWidget):
    DEFAULT_CSS = """
    HarmonySeat { border: round $secondary; height: auto; width: 1fr; padding: 0 1; }
    HarmonySeat.me { background: $boost; }
    HarmonySeat.current { border: heavy $warning; }
    """

    def show(self, table: HarmonyTable, lang: str) -> None:
        view = table.harmony
        mine = " (you)" if self.seat == table.viewer else ""
        self.border_title = f"{self.seat} · {hs.seat_name(self.seat)}{mine}"
        t = Text()
        t.append(f"pieces {len(view.fields[self.seat])}/15")
        if view.damage_to is not None:
            t.append(f" · took {view.damage_to[self.seat]} damage last attack")
        if view.first_placer == self.seat:
            t.append(" · places first this round")
        self.update(t)
        self.set_class(self.seat == table.viewer, "me")
        self.set_class(view.first_placer == self.seat, "current")


class HarmonyField(Clickable):
    """The 5x3 field of each side: North above the midline (back row on top), South below."""

    DEFAULT_CSS = """
    HarmonyField { border: round $primary; height: auto; padding: 0 1; }
    """

    LABEL_W = 14

    def show(self, table: HarmonyTable, lang: str, choosable: set[str] | None = None) -> None:
        view = table.harmony
        self.border_title = "the field"
        self.rows: dict[int, tuple[int, str]] = {}  # content line -> (seat, row)
        t = Text()
        t.append(" " * self.LABEL_W + "".join(f"{lane:^{CELL_W}}" for lane in hs.LANES) + "\n")
        line = 1
        order = [(1, r) for r in reversed(hs.ROWS)] + [(0, r) for r in hs.ROWS]
        for seat, r in order:
            if seat == 0 and r == hs.ROWS[0]:
                t.append(" " * self.LABEL_W + "─" * (CELL_W * 5) + " midline\n", "dim")
                line += 1
            self.rows[line] = (seat, r)
            label = f"{'SN'[seat]} {hs.ROW_WORDS[r]:<6} ({r})"
            t.append(f"{label:<{self.LABEL_W}}")
            for lane in hs.LANES:
                cell = f"{lane}/{r}"
                code = view.fields[seat].get(cell)
                if code is None:
                    mine = choosable is not None and seat == table.viewer and cell in choosable
                    t.append(f"{'·':^{CELL_W}}", "bold green" if mine else "dim")
                else:
                    style = ELEMENT_STYLE.get(code[1:], "")
                    if cell in view.turned[seat]:
                        style += " dim"
                    t.append(f"{code:^{CELL_W}}", style)
            t.append("\n")
            line += 1
        t.append("\nroles: T Titan  W Warrior  A Archer  M Mage\n", "dim")
        t.append("elements: ", "dim")
        for code, name in hs.ELEMENT_NAMES.items():
            t.append(f"{code} {name}  ", ELEMENT_STYLE[code])
        t.append("\ncells: lane/row, e.g. c/F = lane c, front row; dim = exhausted", "dim")
        self.update(t)

    def cell_at(self, line: int, column: int) -> tuple[int, str] | None:
        row = getattr(self, "rows", {}).get(line)
        if row is None:
            return None
        k = (column - self.LABEL_W) // CELL_W
        if column < self.LABEL_W or not 0 <= k < len(hs.LANES):
            return None
        return row[0], f"{hs.LANES[k]}/{row[1]}"
