"""What the console and the replay viewer share: the layout of a table (status line, seat
panels, the game's left column — a hand, a field, a board —, the event log, a side panel, the
info line), the help screen, and the texts shown on demand for seats and cards. What is the
game's (its panels, how they refresh, a seat's text) is its `ScreenHooks`
(`user_agent.tui.screen`), which sees this app as a `Shell`."""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, RichLog, Static

from protocol.choices import RequestSpec
from user_agent.tui.keys import localize
from user_agent.tui.screen import screen_hooks
from user_agent.tui.table import Table
from user_agent.tui.widgets import Clickable, InfoPanel, SeatWidget, StatusLine
from user_agent.words.messages import SHELL

W = TypeVar("W", bound=Widget)


class EventLog(RichLog):
    """The event log: never focusable, so that no key is ever its (the arrows, Home and End are
    the request's or the replay's) and it keeps following new events. It must be so from the
    start: Textual focuses the first focusable widget when the screen is shown, which in a real
    terminal comes before the app's `on_mount`."""

    can_focus = False


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Static { width: 80; height: auto; border: thick $accent; padding: 1 2;
                          background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss_help", "close"),
    ]

    def __init__(self, text: str, lang: str = "en") -> None:
        super().__init__()
        self.text = text
        localize(self, lang)

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
        localize(self, lang)
        self.hooks = screen_hooks(game)
        self.table: Table = self.hooks.table(game, seats, viewer)
        self.memo: dict[str, Any] = {}  # what the game's hooks keep for this app
        self._text_seat = -1

    # --- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        yield self.hooks.seat_panels(self.seats)
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                yield from self.hooks.left()
            yield EventLog(id="log", wrap=True, markup=False, min_width=20)
            with Vertical(id="side"):
                yield self.side_panel()
        yield InfoPanel(Text(SHELL(self.lang, "tui.info")), id="info")
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
        if self.hooks.left_width is not None:
            self.part("#left", Vertical).styles.width = self.hooks.left_width
        self.hooks.mount(self)
        log = self.part("#log", RichLog)
        log.border_title = SHELL(self.lang, "tui.events")
        self.part("#info", InfoPanel).border_title = SHELL(self.lang, "tui.about")
        self.refresh_table()

    def refresh_table(self) -> None:
        game = self.hooks.status(self.table, self.lang)
        status = self.part("#status", StatusLine)
        status.show(game, self.table.over is not None, self.status_extra())
        self.hooks.refresh(self)

    # hooks for the request panel (the console fills them)
    def status_extra(self) -> str:
        return ""

    def targets(self) -> dict[int, int]:
        return {}

    def card_picks(self) -> dict[int, int]:
        return {}

    def pending(self) -> RequestSpec | None:
        return None

    def choosable(self) -> set[str] | None:
        return None

    def pick_value(self, value: str) -> None:
        return None

    # --- texts on demand -----------------------------------------------------------------------

    def show_info(self, text: str) -> None:
        self.part("#info", InfoPanel).update(Text(text))

    def seat_text(self, seat: int) -> str:
        return self.hooks.seat_text(self, seat)

    def card_info(self, card: dict[str, Any]) -> str:
        return self.hooks.card_info(self, card)

    def action_next_seat_text(self) -> None:
        self._text_seat = (self._text_seat + 1) % max(self.seats, 1)
        self.show_info(self.seat_text(self._text_seat))

    def on_clickable_clicked(self, msg: Clickable.Clicked) -> None:
        w = msg.widget
        if isinstance(w, SeatWidget):
            self.seat_clicked(w.seat)
        elif self.hooks.clicked(self, w, msg.line, msg.column):
            return
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
        game = self.hooks.help
        self.push_screen(HelpScreen(self.help_text() + (f"\n{game}" if game else ""), self.lang))

    def action_scroll_board(self, dx: int, dy: int) -> None:
        """Scroll the game's board (Carcassonne's, muhq's map), if it has one to scroll."""
        if not self.hooks.scrolls:
            return
        board = self.part("#board-scroll", ScrollableContainer)
        board.scroll_relative(dx, dy, animate=False)

    def action_quit_app(self) -> None:
        self.exit(0)
