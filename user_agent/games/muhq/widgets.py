"""muhq's part of the full-screen table: the table it folds (`MuhqTable`, the ruleset's state
folded for words), a panel per side, the map, the hand and the status line's words."""

from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text
from textual.content import Content
from textual.widgets import Static

from user_agent.games.muhq.board import MuhqTable
from user_agent.tui.table import Table
from user_agent.tui.widgets import Clickable, SeatWidget


class MuhqScreenTable(Table):
    def __init__(self, game: str, seats: int, viewer: int | None) -> None:
        super().__init__(game, seats, viewer)
        self.muhq = MuhqTable(viewer)  # None: every hand (the omniscient replay)

    @property
    def view(self) -> MuhqTable:
        return self.muhq  # what muhq's request words read (names of cards, permanents)

    def fold(self, kind: str, data: dict[str, Any]) -> None:
        self.muhq.apply(kind, data)

    @property
    def over(self) -> dict[str, Any] | None:
        st = self.muhq.state
        return None if st is None else st.outcome

    def snapshot(self) -> dict[str, Any]:
        m = self.muhq
        st = m.state
        return {
            "board": m.board_lines(),
            "sides": m.sides_lines(),
            "hands": [] if st is None else [list(c.hand) for c in st.cards],
            "stack": [] if st is None else [dict(f) for f in st.stack],
            "error": m.error,
        }


def status(table: MuhqScreenTable) -> Text:
    m = table.muhq
    t = Text()
    t.append("muhq", "bold")
    st = m.state
    if st is not None:
        t.append(f" · {st.spec.name}")
        t.append(f" · round {st.round}")
        if st.active >= 0 and st.outcome is None:
            t.append(f" · turn: {m.side_name(st.active)}", "bold yellow")
        if st.stack:
            t.append(f" · stack {len(st.stack)}")
    return t


class MuhqSeat(SeatWidget):
    """A muhq seat: its resource and the counts of its cards (hand, deck, discard, store), the
    units it has on the map."""

    DEFAULT_CSS = """
    MuhqSeat { border: round $secondary; height: auto; width: 1fr; padding: 0 1; }
    MuhqSeat.me { background: $boost; }
    MuhqSeat.current { border: heavy $warning; }
    """

    def show(self, table: MuhqScreenTable, lang: str) -> None:
        m = table.muhq
        mine = " (you)" if self.seat == table.viewer else ""
        self.border_title = f"seat {self.seat}{mine}"
        st = m.state
        if st is None or not 0 <= self.seat < len(st.cards):
            self.update(Text("the game has not started", "dim"))
            self.set_class(False, "current")
            return
        self.update(Text(muhq_seat_words(table, self.seat)))
        self.set_class(self.seat == table.viewer, "me")
        self.set_class(st.active == self.seat and st.outcome is None, "current")


def muhq_seat_words(table: MuhqScreenTable, side: int) -> str:
    """``resource 3 · hand 4 · deck 6 · discard 2 · store 9`` and the units on the map."""
    st = table.muhq.state
    if st is None or not 0 <= side < len(st.cards):
        return ""
    c = st.cards[side]
    units = sum(1 for p in st.units_of(side) if p.under is None)
    out = (
        f"resource {c.resource} · hand {len(c.hand)}\n"
        f"deck {len(c.deck)} · discard {len(c.discard)} · store {len(c.store)}\n"
        f"{units} unit{'s' if units != 1 else ''} on the map"
    )
    if st.active == side and st.outcome is None:
        out += " · playing now"
    return out


LEGEND_W = 60  # muhq: the map legend's width (wider when the grid is)


class MuhqBoard(Static):
    """muhq's map as `user_agent.games.muhq.board` draws it: the grid (the top row first,
    columns a.. across, rows 1.. down the side) and its legend (the container around it
    scrolls)."""

    DEFAULT_CSS = """
    MuhqBoard { width: auto; height: auto; padding: 0 1; }
    """

    def show(self, table: MuhqScreenTable, lang: str) -> None:
        m = table.muhq
        try:
            lines = m.board_lines()
            st = m.state
            if st is not None and st.kraken and st.players < len(st.cards):
                k = st.cards[st.players]
                lines.append(
                    f"the Kraken: deck {len(k.deck)}, discard {len(k.discard)}, "
                    f"resource {k.resource}"
                )
            if st is not None and st.stack:
                lines.append("on the stack (top last):")
                lines += [f"  {m.side_name(f.get('side'))}: {m.frame_words(f)}" for f in st.stack]
        except Exception as exc:  # presentation only: never take the screen down
            lines = [f"(the map cannot be drawn: {exc})"]
        self.lines = lines
        grid = 0 if m.state is None else m.state.spec.height + 1
        # the legend wraps at the grid's width (at least LEGEND_W), the grid never does
        width = max([LEGEND_W, *(len(line) for line in lines[:grid])])
        legend = [
            part
            for line in lines[grid:]
            for part in textwrap.wrap(line, width, subsequent_indent="    ") or [""]
        ]
        t = Text("\n".join(lines[:grid]), "bold")
        if legend:
            t.append(("\n" if grid else "") + "\n".join(legend))
        self.update(t)


class MuhqHand(Clickable):
    """The viewer's muhq hand with each card's stats, and its store (the omniscient replay:
    every side's hand; a spectator: none)."""

    DEFAULT_CSS = """
    MuhqHand { border: round $primary; height: auto; max-height: 14; padding: 0 1; }
    """

    def show(self, table: MuhqScreenTable, lang: str) -> None:
        m = table.muhq
        # one part per logical line, with the card id it shows (clicks find it by height)
        self.parts: list[tuple[str, str | None]] = []
        parts = self.parts
        st = m.state
        try:
            if table.viewer is not None and table.viewer < 0:
                self.border_title = "hands"
                parts.append(("a spectator sees no hand: the counts are on the seats", None))
            elif st is None:
                self.border_title = "hand"
                parts.append(("no hand yet: the game has not started", None))
            elif table.viewer is None:
                self.border_title = "every hand"
                for side, c in enumerate(st.cards):
                    parts.append((f"{m.side_name(side)} ({len(c.hand)}):", None))
                    parts += [(f"  {m.card_text(cid)}", cid) for cid in c.hand]
            else:
                c = st.cards[table.viewer]
                self.border_title = f"your hand ({len(c.hand)}) · resource {c.resource}"
                parts += [(m.card_text(cid), cid) for cid in c.hand]
                if not c.hand:
                    parts.append(("(no cards)", None))
                if c.store:
                    store = sorted(set(c.store))
                    parts.append(("store: " + ", ".join(m.card_price(cid) for cid in store), None))
        except Exception as exc:  # presentation only
            parts[:] = [(f"(the hand cannot be shown: {exc})", None)]
        self.update(Text("\n".join(line for line, _ in parts)))

    def card_at(self, line: int) -> str | None:
        """The card id shown on content line `line` (a long card's text wraps)."""
        width = self.content_size.width or 1 << 16
        row = 0
        parts: list[tuple[str, str | None]] = getattr(self, "parts", [])
        for text, cid in parts:
            rows = max(len(Content(text).wrap(width)), 1)
            if row <= line < row + rows:
                return cid
            row += rows
        return None
