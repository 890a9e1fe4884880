"""The widgets every table shares: a clickable text (clicks become messages the app handles),
a seat's panel (the game's seat panels subclass `SeatWidget`; `GenericSeat` is a game's
without screen hooks), the request panel, the info line and the status line. A game's own
widgets (a field, a board, a hand) are in its package (`user_agent.games.<game>.widgets`)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from user_agent.tui.picker import Picker


class Clickable(Static):
    """A Static that reports which content line was clicked."""

    class Clicked(Message):
        def __init__(self, widget: Clickable, line: int, column: int) -> None:
            super().__init__()
            self.widget = widget
            self.line = line
            self.column = column

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            offset = event.offset
        event.stop()
        self.post_message(self.Clicked(self, offset.y, offset.x))


class SeatWidget(Clickable):
    """The panel of one seat: a click on it reads (or, asked for a seat, picks) the seat."""

    def __init__(self, seat: int, **kw: Any) -> None:
        super().__init__("", **kw)
        self.seat = seat


class GenericSeat(SeatWidget):
    """The seat panel of a game without screen hooks: which seat it is, whose it is, and the
    option number that picks it when a request asks for seats."""

    DEFAULT_CSS = """
    GenericSeat { border: round $secondary; height: auto; width: 1fr; padding: 0 1; }
    GenericSeat.me { background: $boost; }
    GenericSeat.target { border: double $success; }
    """

    def show(self, viewer: int | None, target: int | None = None) -> None:
        mine = " (you)" if self.seat == viewer else ""
        tag = f" [{target}]" if target is not None else ""
        self.border_title = f"seat {self.seat}{mine}{tag}"
        self.update(Text(f"seat {self.seat}"))
        self.set_class(self.seat == viewer, "me")
        self.set_class(target is not None, "target")


class RequestPanel(Clickable):
    DEFAULT_CSS = """
    RequestPanel { border: round $accent; height: 1fr; padding: 0 1; }
    RequestPanel.asking { border: heavy $success; }
    """

    def show(self, picker: Picker | None, left: float | None, waiting: str) -> None:
        # one part per logical line, with the option it shows (clicks find it by height)
        self.parts: list[tuple[Text, int | None]] = []
        if picker is None:
            self.border_title = "request"
            self.remove_class("asking")
            self.update(Text(waiting, "dim"))
            return
        self.add_class("asking")
        self.border_title = f"your decision #{picker.req.id}"
        parts = self.parts
        parts.append((Text(picker.words.title, "bold"), None))
        if left is not None:
            style = "bold red" if left < 5 else "bold yellow"
            parts.append((Text(f"time left: {max(left, 0):.0f} s", style), None))
        parts.append((Text(picker.prompt(), "italic"), None))
        for i, label in enumerate(picker.labels()):
            cursor = "▶" if i == picker.cursor else " "
            box = ""
            if picker.form == "subset":
                box = "[x] " if picker.is_marked(i) else "[ ] "
            t = Text()
            t.append(f"{cursor}{i + 1:>2}) {box}", "bold" if i == picker.cursor else "")
            t.append(label, "reverse" if i == picker.cursor else "")
            if picker.is_default(i):
                t.append("  (default)", "green")
            parts.append((t, i))
        if picker.error:
            parts.append((Text(f"! {picker.error}", "bold red"), None))
        keys = "1-9/↑↓ Enter: choose · d: default"
        if picker.form == "subset":
            keys = "1-9/space: mark · Enter: send · d: default"
        if picker.req.cancel:
            keys += " · c: cancel"
        if picker.form in ("product", "arrange"):
            keys += " · Backspace: back"
        if picker.words.default:  # (the words' typing hint is the line console's)
            parts.append((Text(f"default: {picker.words.default}", "dim"), None))
        parts.append((Text(keys + " · i: about · ?: help", "dim"), None))
        self.update(Text("\n").join(t for t, _ in parts))

    def option_at(self, line: int) -> int | None:
        """The option shown on content line `line` (long options wrap over several)."""
        width = self.content_size.width or 1 << 16
        row = 0
        parts: list[tuple[Text, int | None]] = getattr(self, "parts", [])
        for text, option in parts:
            rows = max(len(Content.from_rich_text(text).wrap(width)), 1)
            if row <= line < row + rows:
                return option
            row += rows
        return None

    def option_row(self, option: int) -> int | None:
        """The first content line of `option` (for tests and screenshots)."""
        for line in range(200):
            if self.option_at(line) == option:
                return line
        return None


class InfoPanel(Static):
    DEFAULT_CSS = """
    InfoPanel { border: round $secondary; height: auto; max-height: 8; padding: 0 1; }
    """


class StatusLine(Static):
    DEFAULT_CSS = """
    StatusLine { height: 1; background: $primary-background; padding: 0 1; }
    """

    def show(self, game: Text, over: bool, extra: str = "") -> None:
        """`game`: the game's part (`ScreenHooks.status`); `over`: the game has ended."""
        t = Text()
        t.append_text(game)
        if over:
            t.append(" · GAME OVER", "bold red")
        if extra:
            t.append(f" · {extra}")
        self.update(t)
