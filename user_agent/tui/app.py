"""The full-screen console of one seat (or of a spectator): the table, the event log and the
pending request, fed by a `Source` polled from a timer (never blocking Textual's loop)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import RichLog

from protocol.choices import Choice, RequestSpec
from user_agent.passes import passes_for, switch_line
from user_agent.tui import words
from user_agent.tui.base import TableApp
from user_agent.tui.picker import Answer, Picker, card_of
from user_agent.tui.source import (
    EndItem,
    EventItem,
    NoticeItem,
    RequestItem,
    ResetItem,
    Source,
)
from user_agent.tui.widgets import Clickable, RequestPanel
from user_agent.words.messages import SHELL

POLL = 0.05  # seconds between polls of the source
TICK = 0.25  # seconds between countdown redraws

HELP = SHELL("en", "tui.help")  # (in the reader's language: `help_text`)


class ConsoleApp(TableApp):
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: whatever widget has the focus, the arrows move the request's highlight
        # while one is open (`check_action`); otherwise they are the focused widget's
        Binding("up", "move(-1)", "up", show=False, priority=True),
        Binding("down", "move(1)", "down", show=False, priority=True),
        Binding("enter", "confirm", "choose"),
        Binding("space", "mark", "mark", show=False),
        Binding("d", "default", "default"),
        Binding("c", "cancel", "cancel", show=False),
        Binding("backspace", "undo", "back", show=False),
        Binding("i", "about", "about"),
        Binding("p", "pass_switch", "pass switch", show=False),
        *[Binding(str(n), f"number({n})", show=False) for n in range(10)],
    ]

    def __init__(
        self,
        source: Source,
        lang: str = "en",
        *,
        clock: Callable[[], float] = time.monotonic,
        poll: float = POLL,
        pass_switch: bool = False,
    ) -> None:
        viewer = source.seat
        super().__init__(source.game, source.seats, viewer, lang)
        self.source = source
        self.clock = clock
        self.poll_every = poll
        self.narrator = words.Narrator(source.game, source.seats, lang)
        self.picker: Picker | None = None
        self.deadline_at: float | None = None
        self.ended: str | None = None
        self.log_lines: list[str] = []  # everything written to the log (tests read it)
        # requests answered without a key (`user_agent.passes`), and the player's pass switch
        self.passes = passes_for(source.game)
        self.pass_switch = pass_switch
        self.passed = 0

    def side_panel(self) -> Widget:
        return RequestPanel(id="request")

    def on_mount(self) -> None:
        super().on_mount()
        self.title = f"sgs {self.game}"
        self.set_interval(self.poll_every, self.poll_source)
        self.set_interval(TICK, self.tick)
        self.show_request()

    # --- the source ----------------------------------------------------------------------------

    def poll_source(self) -> None:
        with contextlib.suppress(NoMatches):  # the app is closing: its widgets are gone
            self._poll_source()

    def _poll_source(self) -> None:
        try:
            items = self.source.poll()
        except Exception as exc:  # the game must not take the screen down with a traceback
            self.ended = SHELL(self.lang, "tui.stopped", why=exc)
            self.write_log(f"! {self.ended}")
            items = []
        if not items:
            return
        asked = False
        for item in items:
            if isinstance(item, EventItem):
                self.table.apply(item.kind, item.data)
                line = self.narrator.event(item.kind, item.data)
                if line:
                    self.write_log(line)
            elif isinstance(item, RequestItem):
                req = item.request
                if self._passed(req):
                    continue
                said = words.describe(self.game, req, self.table.view, self.lang)
                self.picker = Picker(req, said)
                if isinstance(req.default, int) and req.form == "choice":
                    self.picker.cursor = max(req.default, 0)
                self.deadline_at = self.clock() + item.deadline if item.deadline > 0 else None
                asked = True
            elif isinstance(item, NoticeItem):
                if item.code == "deadline" and self.picker and self.picker.req.id == item.ref:
                    self.picker = None
                    self.deadline_at = None
                    self.write_log(SHELL(self.lang, "tui.deadline"))
                elif item.text:
                    self.write_log(f"! {item.text}")
            elif isinstance(item, ResetItem):
                self.table = self.hooks.table(self.game, self.seats, self.viewer)
                self.narrator = words.Narrator(self.game, self.seats, self.lang)
                self.picker = None
            elif isinstance(item, EndItem):
                self.ended = item.reason
                self.picker = None
                self.write_log(SHELL(self.lang, "tui.closed", reason=item.reason))
        self.refresh_table()
        self.show_request()
        if asked:
            self.bell()

    def _passed(self, req: RequestSpec) -> bool:
        """Answer `req` without a key when the game's passes say so: one log line, no bell."""
        choice = self.passes.answer(req, self.pass_switch)
        if choice is None:
            return False
        self.source.answer(req.id, choice)
        self.passed += 1
        notice = self.passes.notice(req, self.pass_switch, self.lang)
        if notice:
            self.write_log(notice)
        return True

    def write_log(self, line: str) -> None:
        self.log_lines.append(line)
        self.part("#log", RichLog).write(Text(line))

    def tick(self) -> None:
        if self.picker is not None and self.deadline_at is not None:
            with contextlib.suppress(NoMatches):
                self.show_request()

    # --- the request panel ---------------------------------------------------------------------

    def seconds_left(self) -> float | None:
        return None if self.deadline_at is None else self.deadline_at - self.clock()

    def show_request(self) -> None:
        lang = self.lang
        if self.source.seat < 0:
            waiting = SHELL(lang, "tui.watching")
        elif self.ended is not None:
            why = (
                ""
                if self.ended == "game_over"
                else SHELL(lang, "paren", what=self.ended.replace("_", " "))
            )
            waiting = SHELL(lang, "tui.over", why=why)
        else:
            waiting = SHELL(lang, "tui.waiting")
        self.part("#request", RequestPanel).show(self.picker, self.seconds_left(), waiting)

    def status_extra(self) -> str:
        if self.source.seat < 0:
            return SHELL(self.lang, "tui.spectator")
        return SHELL(self.lang, "tui.you_are", seat=self.source.seat)

    def targets(self) -> dict[int, int]:
        p = self.picker
        if p is None:
            return {}
        out: dict[int, int] = {}
        for i in range(len(p.labels())):
            seat = p.seat_of(i)
            if seat is not None:
                out[seat] = i + 1
        return out

    def card_picks(self) -> dict[int, int]:
        p = self.picker
        if p is None or p.form not in ("choice", "subset"):
            return {}
        out: dict[int, int] = {}
        for i, o in enumerate(p.req.options):
            card = card_of(o)
            if card is not None and "id" in card:
                out.setdefault(card["id"], i + 1)
        return out

    def pending(self) -> RequestSpec | None:
        return None if self.picker is None else self.picker.req

    def choosable(self) -> set[str] | None:
        p = self.picker
        if p is None or p.form != "product" or p.axes:
            return None
        return {str(c) for c in p.req.options[0]} if p.req.options else None

    def pick_value(self, value: str) -> None:
        if self.picker is not None:
            self._done(self.picker.pick_value(value))

    def _done(self, answer: Answer | None) -> None:
        p = self.picker
        if p is None:
            return
        if answer is not None:
            self.send(answer.choice)
        self.refresh_table()
        self.show_request()

    def send(self, choice: Choice) -> None:
        p = self.picker
        if p is None:
            return
        self.picker = None
        self.deadline_at = None
        said = describe_choice(p, choice, self.lang)
        self.write_log(SHELL(self.lang, "tui.you_answer", what=said))
        try:
            self.source.answer(p.req.id, choice)
        except ValueError as exc:  # cannot happen after check_choice; keep the request
            p.error = str(exc)
            self.picker = p
        else:
            self.hooks.answered(self, p.req, choice)
        self.poll_source()

    # --- keys ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "move":  # only on the table's screen (not under the help) with a request
            return self.picker is not None and self.screen is getattr(self, "_table_screen", None)
        return True

    def action_move(self, delta: int) -> None:
        if self.picker is not None:
            self.picker.move(delta)
            self.show_request()

    def action_confirm(self) -> None:
        if self.picker is not None:
            self._done(self.picker.confirm())

    def action_mark(self) -> None:
        p = self.picker
        if p is not None and p.form == "subset":
            self._done(p.pick(p.cursor))

    def action_number(self, n: int) -> None:
        if self.picker is not None:
            self._done(self.picker.pick(9 if n == 0 else n - 1))

    def action_default(self) -> None:
        if self.picker is not None:
            self._done(self.picker.take_default())

    def action_cancel(self) -> None:
        if self.picker is not None:
            self._done(self.picker.cancel())

    def action_undo(self) -> None:
        if self.picker is not None:
            self.picker.back()
            self.refresh_table()
            self.show_request()

    def action_pass_switch(self) -> None:
        if not self.passes.switch:
            return
        self.pass_switch = not self.pass_switch
        self.write_log(switch_line(self.passes, self.pass_switch, self.lang))
        p = self.picker
        if p is not None and self._passed(p.req):
            self.picker = None
            self.deadline_at = None
            self.refresh_table()
            self.show_request()

    def action_about(self) -> None:
        p = self.picker
        if p is None or p.form in ("product", "arrange"):
            self.action_next_seat_text()
            return
        if 0 <= p.cursor < len(p.req.options):
            self.show_info(self.hooks.option_info(self, p, p.cursor))

    def help_text(self) -> str:
        return SHELL(self.lang, "tui.help")

    # --- mouse ---------------------------------------------------------------------------------

    def seat_clicked(self, seat: int) -> None:
        p = self.picker
        if p is not None and seat in self.targets():
            self._done(p.pick_seat(seat))
            return
        super().seat_clicked(seat)

    def card_clicked(self, card: dict[str, Any]) -> None:
        p = self.picker
        picks = self.card_picks()
        if p is not None and card.get("id") in picks:
            self._done(p.pick(picks[card["id"]] - 1))
            return
        super().card_clicked(card)

    def other_clicked(self, widget: Clickable, line: int, column: int) -> None:
        p = self.picker
        if p is None:
            return
        if isinstance(widget, RequestPanel):
            i = widget.option_at(line)
            if i is not None:
                self._done(p.pick(i))


def describe_choice(p: Picker, choice: Choice, lang: str = "en") -> str:
    if choice is None:
        return SHELL(lang, "tui.cancel")
    if p.form == "choice" and isinstance(choice, int):
        return p.words.options[choice] if choice < len(p.words.options) else str(choice)
    if p.form == "product" and isinstance(choice, list):
        return ", ".join(
            p.words.axes[k][i] if k < len(p.words.axes) and i < len(p.words.axes[k]) else str(i)
            for k, i in enumerate(choice)
        )
    if p.form == "subset" and isinstance(choice, list):
        picked = [p.words.options[i] for i in choice if i < len(p.words.options)]
        return ", ".join(picked) if picked else SHELL(lang, "tui.none")
    return str(choice)
