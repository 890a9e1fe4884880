"""What the console and the replay viewer share: the layout of a table (status line, seat
panels, the hand, the Harmony field, the Carcassonne board or muhq's map, the event log, a side
panel, the info line), the help screen, and the texts shown on demand for seats and cards."""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, ScrollableContainer, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, RichLog, Static

from user_agent.tui import words
from user_agent.tui.table import Table
from user_agent.tui.widgets import (
    CarcassonneBoard,
    CarcassonneSeat,
    Clickable,
    HandPanel,
    HarmonyField,
    HarmonySeat,
    InfoPanel,
    MuhqBoard,
    MuhqHand,
    MuhqSeat,
    SeatPanel,
    StatusLine,
    muhq_seat_words,
)

W = TypeVar("W", bound=Widget)


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Static { width: 80; height: auto; border: thick $accent; padding: 1 2;
                          background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss_help", "close"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(Text(self.text))

    def action_dismiss_help(self) -> None:
        self.dismiss(None)


class TableApp(App[int]):
    """A table on screen. Subclasses give the side panel and feed `self.table`."""

    CSS = """
    #seats { height: auto; grid-gutter: 0 1; }
    #middle { height: 1fr; }
    #left { width: 1fr; min-width: 30; }
    .harmony #left { width: 58; }
    .carcassonne #left { width: 3fr; }
    .muhq #left { width: 3fr; }
    #board-scroll { border: round $primary; height: 1fr; }
    #log { width: 2fr; border: round $secondary; }
    #side { width: 1fr; min-width: 36; }
    """
    HELP = "?"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "help"),
        Binding("q", "quit_app", "quit"),
        Binding("g", "next_seat_text", "seat text", show=False),
        Binding("shift+up", "scroll_board(0, -3)", show=False),
        Binding("shift+down", "scroll_board(0, 3)", show=False),
        Binding("shift+left", "scroll_board(-6, 0)", show=False),
        Binding("shift+right", "scroll_board(6, 0)", show=False),
    ]

    def __init__(self, game: str, seats: int, viewer: int | None, lang: str = "en") -> None:
        super().__init__()
        self.game = game
        self.seats = seats
        self.viewer = viewer
        self.lang = lang
        self.table = Table(game, seats, viewer)
        self._text_seat = -1
        self._followed: tuple[int, int] | None = None  # the Carcassonne tile scrolled to

    # --- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        if self.game == "harmony":
            with Horizontal(id="seats"):
                for s in range(self.seats):
                    yield HarmonySeat(s, id=f"seat-{s}")
        elif self.game == "carcassonne":
            with Horizontal(id="seats"):
                for s in range(self.seats):
                    yield CarcassonneSeat(s, id=f"seat-{s}")
        elif self.game == "muhq":
            with Horizontal(id="seats"):
                for s in range(self.seats):
                    yield MuhqSeat(s, id=f"seat-{s}")
        else:
            with Grid(id="seats"):
                for s in range(self.seats):
                    yield SeatPanel(s, id=f"seat-{s}")
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                if self.game == "harmony":
                    yield HarmonyField(id="field")
                elif self.game == "carcassonne":
                    with ScrollableContainer(id="board-scroll"):
                        yield CarcassonneBoard(id="board")
                elif self.game == "muhq":
                    with ScrollableContainer(id="board-scroll"):
                        yield MuhqBoard(id="board")
                    yield MuhqHand(id="hand")
                else:
                    yield HandPanel(id="hand")
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
            with Vertical(id="side"):
                yield self.side_panel()
        yield InfoPanel(Text("click a seat or a card (or press i / g) to read its text"), id="info")
        yield Footer()

    def side_panel(self) -> Widget:
        return Static("")

    def part(self, selector: str, expect: type[W]) -> W:
        """A widget of the table's screen, even while another screen (help, a prompt) is on
        top of it."""
        return self._table_screen.query_one(selector, expect)

    def on_mount(self) -> None:
        self._table_screen = self.screen
        self.screen.add_class(self.game)
        if self.game == "carcassonne":
            board = self.part("#board-scroll", ScrollableContainer)
            board.border_title = "the board (shift+arrows or the mouse wheel scroll it)"
            board.can_focus = False  # the arrows are the request's
        elif self.game == "muhq":
            board = self.part("#board-scroll", ScrollableContainer)
            board.border_title = "the map (shift+arrows or the mouse wheel scroll it)"
            board.can_focus = False  # the arrows are the request's
        elif self.game != "harmony":
            grid = self.part("#seats", Grid)
            cols = min(self.seats, 5)
            grid.styles.grid_size_columns = cols
            grid.styles.grid_size_rows = (self.seats + cols - 1) // cols
        log = self.part("#log", RichLog)
        log.border_title = "events"
        log.can_focus = False  # the arrows and Enter are the request's, never the log's
        self.part("#info", InfoPanel).border_title = "about"
        self.refresh_table()

    def refresh_table(self) -> None:
        self.part("#status", StatusLine).show(self.table, self.lang, self.status_extra())
        if self.game == "harmony":
            for s in range(self.seats):
                self.part(f"#seat-{s}", HarmonySeat).show(self.table, self.lang)
            self.part("#field", HarmonyField).show(self.table, self.lang, self.choosable())
        elif self.game == "carcassonne":
            for s in range(self.seats):
                self.part(f"#seat-{s}", CarcassonneSeat).show(self.table, self.lang)
            self.part("#board", CarcassonneBoard).show(self.table, self.lang)
            self._follow_last_tile()
        elif self.game == "muhq":
            for s in range(self.seats):
                self.part(f"#seat-{s}", MuhqSeat).show(self.table, self.lang)
            self.part("#board", MuhqBoard).show(self.table, self.lang)
            self.part("#hand", MuhqHand).show(self.table, self.lang)
        else:
            targets = self.targets()
            for s in range(self.seats):
                self.part(f"#seat-{s}", SeatPanel).show(self.table, self.lang, targets.get(s))
            self.part("#hand", HandPanel).show(self.table, self.lang, self.card_picks())

    def _follow_last_tile(self) -> None:
        """Scroll the Carcassonne board to the latest tile when a new one was placed (a
        person's own scrolling stays until then)."""
        last = self.table.carc.last if self.table.carc is not None else None
        if last == self._followed:
            return
        self._followed = last
        spot = CarcassonneBoard.spot(self.table)
        if spot is None:
            return
        box = self.part("#board-scroll", ScrollableContainer)
        size = box.scrollable_content_region.size
        x, y = max(spot[0] - size.width // 2, 0), max(spot[1] - size.height // 2, 0)
        box.call_after_refresh(box.scroll_to, x, y, animate=False)

    # hooks for the request panel (the console fills them)
    def status_extra(self) -> str:
        return ""

    def targets(self) -> dict[int, int]:
        return {}

    def card_picks(self) -> dict[int, int]:
        return {}

    def choosable(self) -> set[str] | None:
        return None

    # --- texts on demand -----------------------------------------------------------------------

    def show_info(self, text: str) -> None:
        self.part("#info", InfoPanel).update(Text(text))

    def seat_text(self, seat: int) -> str:
        if self.table.harmony is not None:
            return f"seat {seat}: {'South' if seat == 0 else 'North'}"
        carc = self.table.carc
        if carc is not None:
            if not 0 <= seat < len(carc.scores):
                return ""
            placed = sum(1 for s in carc.followers.values() if s == seat)
            return (
                f"seat {seat}: {carc.scores[seat]} points; {carc.supply[seat]} followers in "
                f"supply, {placed} on the board"
            )
        if self.table.muhq is not None:
            said = muhq_seat_words(self.table, seat).replace("\n", " · ")
            return f"seat {seat}: {said}" if said else f"seat {seat}"
        view = self.table.sgs
        if view is None or not 0 <= seat < len(view.seats):
            return ""
        info = view.seats[seat]
        if not info.general:
            return f"seat {seat}: no general yet"
        return f"seat {seat}: {words.general_text(info.general, self.lang)}"

    def card_info(self, card: dict[str, Any]) -> str:
        name = words.card_name(card, self.lang)
        return f"{name}: {words.card_text(str(card.get('name', '')), self.lang)}"

    def action_next_seat_text(self) -> None:
        self._text_seat = (self._text_seat + 1) % max(self.seats, 1)
        self.show_info(self.seat_text(self._text_seat))

    def on_clickable_clicked(self, msg: Clickable.Clicked) -> None:
        w = msg.widget
        if isinstance(w, SeatPanel | HarmonySeat | CarcassonneSeat | MuhqSeat):
            self.seat_clicked(w.seat)
        elif isinstance(w, MuhqHand):
            cid = w.card_at(msg.line)
            if cid is not None and self.table.muhq is not None:
                self.show_info(self.table.muhq.card_text(cid))
        elif isinstance(w, HandPanel):
            card = w.card_at(msg.line)
            if card is not None:
                self.card_clicked(card)
        else:
            self.other_clicked(w, msg.line, msg.column)

    def seat_clicked(self, seat: int) -> None:
        self.show_info(self.seat_text(seat))

    def card_clicked(self, card: dict[str, Any]) -> None:
        self.show_info(self.card_info(card))

    def other_clicked(self, widget: Clickable, line: int, column: int) -> None:
        return None

    # --- keys ----------------------------------------------------------------------------------

    def help_text(self) -> str:
        return ""

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.help_text()))

    def action_scroll_board(self, dx: int, dy: int) -> None:
        """Scroll the Carcassonne board or muhq's map (other games have none to scroll)."""
        if self.game not in ("carcassonne", "muhq"):
            return
        board = self.part("#board-scroll", ScrollableContainer)
        board.scroll_relative(dx, dy, animate=False)

    def action_quit_app(self) -> None:
        self.exit(0)
