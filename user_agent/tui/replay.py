"""The replay viewer: a log on the console's table, stepped forward and back.

    main(path, seat, lang)   # `sgs replay --tui FILE [--seat N]`

Omniscient (seat None: every record, every hand) or as one seat saw it (`view_for`: the seat's
own events in their seat form, the other seats' hidden cards never shown, only its own
decisions). A step is one event or one decision the viewer may see. Going back folds the
table again from the start (a 2,000-event log folds in a few milliseconds).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, RichLog, Static

from protocol.choices import RequestSpec
from protocol.records import Decision, Event, view_for
from replays import LogError, read_log
from replays.reader import Log
from user_agent.replay import damage_message, disorder_message, report_hooks
from user_agent.tui import words
from user_agent.tui.base import TableApp
from user_agent.tui.screen import screen_hooks
from user_agent.tui.table import Table
from user_agent.words.messages import SHELL

LOG_TAIL = 80  # log lines written when jumping (one step forward appends one)


HELP = SHELL("en", "replay.help")  # (in the reader's language: `help_text`)


@dataclass(frozen=True)
class Step:
    kind: str  # the event's kind, or "decision"
    data: dict[str, Any] | None  # the event as the viewer saw it
    decision: Decision | None
    request: RequestSpec | None  # the request a decision answers
    line: str  # the step in words
    turn: int  # turns begun up to and including this step
    decisions: int  # decisions up to and including this step


class Timeline:
    """The steps of a log for one viewer, with where each turn and decision falls."""

    def __init__(self, log: Log, seat: int | None, lang: str = "en") -> None:
        h = log.header
        self.game = str(h["game"])
        self.seats = len(h.get("seats", [])) or 2
        self.seat = seat
        self.lang = lang
        self.agents = [str(s.get("agent", "")) for s in h.get("seats", [])]
        # what is wrong with the log: shown in the panel, and said again on exit
        self.damage = damage_message(log)
        self.warning = disorder_message(log)
        self.steps: list[Step] = []
        self.turn_at: list[int] = []  # position (steps applied) right after turn t begins
        self.decision_at: list[int] = []  # position right after decision n
        narrator = words.Narrator(self.game, self.seats, lang)
        asked: dict[tuple[int, int], RequestSpec] = {}
        turn = decisions = 0
        turn_event = report_hooks(self.game).turn_event  # as the text report's turns
        for rec in log.records:
            if isinstance(rec, Event):
                data = rec.data if seat is None else view_for(rec, seat)
                if data is None:
                    continue
                if rec.kind == turn_event:
                    turn += 1
                line = narrator.event(rec.kind, data) or ""
                self.steps.append(Step(rec.kind, data, None, None, line, turn, decisions))
                if rec.kind == turn_event:
                    self.turn_at.append(len(self.steps))
            elif isinstance(rec, RequestSpec):
                asked[(rec.seat, rec.id)] = rec
            elif isinstance(rec, Decision) and (seat is None or rec.seat == seat):
                req = asked.get((rec.seat, rec.id))
                decisions += 1
                line = (
                    narrator.decision(req, rec.choice, rec.timeout)
                    if req is not None
                    else f"seat {rec.seat} answers {rec.choice}"
                )
                line = f"#{decisions} {line}"
                self.steps.append(Step("decision", None, rec, req, line, turn, decisions))
                self.decision_at.append(len(self.steps))

    def __len__(self) -> int:
        return len(self.steps)

    def new_table(self) -> Table:
        return screen_hooks(self.game).table(self.game, self.seats, self.seat)

    def apply(self, table: Table, k: int) -> None:
        """Apply step `k` (0-based) to `table`."""
        step = self.steps[k]
        if step.data is not None:
            table.apply(step.kind, step.data)

    def table_at(self, pos: int) -> Table:
        """The table after the first `pos` steps, folded from the start."""
        table = self.new_table()
        for k in range(min(pos, len(self.steps))):
            self.apply(table, k)
        return table

    def turns(self) -> int:
        return len(self.turn_at)


class JumpScreen(ModalScreen[int | None]):
    DEFAULT_CSS = """
    JumpScreen { align: center middle; }
    JumpScreen > Input { width: 40; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss_jump", "close")]

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def compose(self) -> ComposeResult:
        field = Input(placeholder=f"{self.what} number, then Enter", id="jump")
        field.border_title = f"jump to {self.what}"
        yield field

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            self.dismiss(int(event.value.strip()))
        except ValueError:
            self.dismiss(None)

    def action_dismiss_jump(self) -> None:
        self.dismiss(None)


class ReplayPanel(Static):
    DEFAULT_CSS = """
    ReplayPanel { border: round $accent; height: 1fr; padding: 0 1; }
    """


class ReplayApp(TableApp):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l,space", "step(1)", "forward"),
        Binding("left,h", "step(-1)", "back"),
        Binding("right_square_bracket", "decision(1)", "next decision"),
        Binding("left_square_bracket", "decision(-1)", "prev decision", show=False),
        Binding("right_curly_bracket", "turn(1)", "next turn"),
        Binding("left_curly_bracket", "turn(-1)", "prev turn", show=False),
        # priority: Home and End are the replay's whatever widget has the focus
        Binding("home", "goto(0)", "start", show=False, priority=True),
        Binding("end", "goto(-1)", "end", show=False, priority=True),
        Binding("n", "ask('decision')", "decision #"),
        Binding("t", "ask('turn')", "turn #"),
    ]

    def __init__(self, timeline: Timeline, title: str = "") -> None:
        super().__init__(timeline.game, timeline.seats, timeline.seat, timeline.lang)
        self.timeline = timeline
        self.pos = 0
        self.table = timeline.new_table()
        self.replay_title = title

    def side_panel(self) -> Widget:
        return ReplayPanel(id="replay")

    def on_mount(self) -> None:
        super().on_mount()
        self.title = "sgs replay"
        self.show_position()

    # --- moving --------------------------------------------------------------------------------

    def goto(self, pos: int) -> None:
        pos = max(0, min(pos, len(self.timeline)))
        log = self.part("#log", RichLog)
        if pos == self.pos + 1:
            self.timeline.apply(self.table, self.pos)
            line = self.timeline.steps[self.pos].line
            if line:
                log.write(Text(line))
        elif pos != self.pos:
            self.table = self.timeline.table_at(pos)
            log.clear()
            for s in self.timeline.steps[max(0, pos - LOG_TAIL) : pos]:
                if s.line:
                    log.write(Text(s.line))
        self.pos = pos
        self.refresh_table()
        self.show_position()

    def jump_turn(self, turn: int) -> bool:
        """To the start of turn `turn` (1-based); False when there is no such turn."""
        at = self.timeline.turn_at
        if not 1 <= turn <= len(at):
            return False
        self.goto(at[turn - 1])
        return True

    def jump_decision(self, n: int) -> bool:
        """To just after decision `n` (1-based); False when there is no such decision."""
        at = self.timeline.decision_at
        if not 1 <= n <= len(at):
            return False
        self.goto(at[n - 1])
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "goto":  # not while a jump is typed (Home and End are its field's)
            return self.screen is getattr(self, "_table_screen", None)
        return True

    def action_step(self, delta: int) -> None:
        self.goto(self.pos + delta)

    def action_goto(self, pos: int) -> None:
        self.goto(len(self.timeline) if pos < 0 else pos)

    def action_decision(self, delta: int) -> None:
        marks = self.timeline.decision_at
        self._to_mark(marks, delta)

    def action_turn(self, delta: int) -> None:
        self._to_mark(self.timeline.turn_at, delta)

    def _to_mark(self, marks: list[int], delta: int) -> None:
        if delta > 0:
            later = [m for m in marks if m > self.pos]
            self.goto(later[0] if later else len(self.timeline))
        else:
            earlier = [m for m in marks if m < self.pos]
            self.goto(earlier[-1] if earlier else 0)

    def action_ask(self, what: str) -> None:
        def jump(n: int | None) -> None:
            if n is None:
                return
            ok = self.jump_turn(n) if what == "turn" else self.jump_decision(n)
            if not ok:
                self.show_info(f"there is no {what} {n}")

        self.push_screen(JumpScreen(what), jump)

    # --- showing -------------------------------------------------------------------------------

    def current_step(self) -> Step | None:
        return self.timeline.steps[self.pos - 1] if self.pos > 0 else None

    def show_position(self) -> None:
        tl = self.timeline
        step = self.current_step()
        t = Text()
        if tl.seat is None:
            who = SHELL(self.lang, "replay.omniscient_who")
        else:
            who = SHELL(self.lang, "replay.as_seat", seat=tl.seat)
        t.append(f"{self.replay_title}\n" if self.replay_title else "", "bold")
        if tl.damage is not None:
            t.append(f"!! {tl.damage}\n", "bold red")
        if tl.warning is not None:
            t.append(f"!! warning: {tl.warning}\n", "yellow")
        t.append(f"{who}\n")
        lang = self.lang
        t.append(SHELL(lang, "replay.step", pos=self.pos, total=len(tl)) + "\n", "bold")
        turn = step.turn if step else 0
        done = step.decisions if step else 0
        turns, decisions = tl.turns(), len(tl.decision_at)
        said = SHELL(lang, "replay.turn_of", turn=turn, turns=turns, done=done, decisions=decisions)
        t.append(said + "\n")
        if step is not None:
            t.append("\n" + SHELL(lang, "replay.this_step") + "\n", "italic")
            t.append((step.line or step.kind.replace("_", " ")) + "\n")
            if step.request is not None and step.decision is not None:
                self._show_request(t, step.request, step.decision)
        t.append("\n" + SHELL(lang, "replay.keys_line"), "dim")
        self.part("#replay", ReplayPanel).update(t)

    def _show_request(self, t: Text, req: RequestSpec, decision: Decision) -> None:
        said = words.describe(self.game, req, self.table.view, self.lang)
        asked = SHELL(self.lang, "replay.was_asked", seat=req.seat, title=said.title)
        t.append(f"\n{asked}\n", "bold")
        chosen: set[int] = set()
        if isinstance(decision.choice, int):
            chosen = {decision.choice}
        elif isinstance(decision.choice, list) and req.form == "subset":
            chosen = set(decision.choice)
        for i, label in enumerate(said.options[:12]):
            mark = "▶" if i in chosen else " "
            t.append(f"{mark}{i + 1:>2}) {label}\n", "reverse" if i in chosen else "")
        if len(said.options) > 12:
            t.append(SHELL(self.lang, "replay.more", n=len(said.options) - 12) + "\n", "dim")
        if decision.timeout:
            t.append(SHELL(self.lang, "replay.timed_out") + "\n", "yellow")

    def status_extra(self) -> str:
        return SHELL(self.lang, "replay.sub_title", pos=self.pos, total=len(self.timeline))

    def help_text(self) -> str:
        return SHELL(self.lang, "replay.help")


def main(path: str, seat: int | None, lang: str = "en") -> int:
    """`sgs replay --tui FILE [--seat N]`: 0 when closed, 1 when closed on a damaged log (what
    could be read is shown, the damage in the panel and, on exit, as one `error:` line on
    stderr), 2 on an unreadable log or a bad seat (one `error:` line on stderr). A format-2/3
    log out of canonical order gives a `warning:` line and 0."""
    try:
        log = read_log(path)
    except LogError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    seats = len(log.header.get("seats", []))
    if seat is not None and not 0 <= seat < max(seats, 1):
        print(f"error: {path} has seats 0..{seats - 1}, not {seat}", file=sys.stderr)
        return 2
    timeline = Timeline(log, seat, lang)
    code = ReplayApp(timeline, title=str(path)).run()
    if timeline.warning is not None:
        print(f"warning: {timeline.warning}", file=sys.stderr)
    if timeline.damage is not None:
        print(f"error: {timeline.damage}", file=sys.stderr)
        return code or 1
    return code or 0
