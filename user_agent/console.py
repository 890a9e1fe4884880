"""A line-based human console for one seat: shows the seat's view as it arrives, lists the legal
options of each request numbered, and reads a choice.

Answers, by request form:
  choice   one index, e.g. ``2``
  subset   space-separated indices in increasing order, e.g. ``0 3`` (empty line = none,
           when that is allowed)
  product  one index per axis, space-separated, e.g. ``4 1 0``
  arrange  every item once, pile by pile in order, piles separated by ``/``, e.g. ``2 0 / 1``
           (items 2 then 0 on the first pile, item 1 on the second)
and, for any form: ``d`` takes the request's default, ``c`` cancels (when the request allows
it), ``?`` shows the request again.

The console keeps polling the connection while it waits for a line, so heartbeats flow and
events keep arriving while the human thinks.
"""

from __future__ import annotations

import os
import select
from collections.abc import Callable
from typing import Any, TextIO

from protocol.choices import SEPARATOR, Choice, RequestSpec, check_choice
from protocol.errors import ProtocolError
from protocol.messages import Bye, Error, EventMsg, RequestMsg, Welcome
from protocol.registry import GameSchema, Renderer, get_schema
from user_agent.client import Client


def _show(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    return str(value)


def describe_request(
    req: RequestSpec, option: Callable[[str, Any], str] | None = None
) -> list[str]:
    """The request as numbered lines for a person (`option` renders one option, if the game
    has a renderer for its options)."""

    def show(o: Any) -> str:
        if option is not None:
            try:
                return option(req.kind, o)
            except Exception:  # presentation only: fall back to the plain form
                pass
        return _show(o)

    info = " ".join(
        f"{k}={show(v) if isinstance(v, dict) else _show(v)}" for k, v in req.info.items()
    )
    lines = [f"--- your decision #{req.id}: {req.kind} {info}".rstrip()]
    if req.form == "product":
        lines.append("choose one option per axis (e.g. '0 0 0'):")
        for n, axis in enumerate(req.options):
            opts = "  ".join(f"{i}) {show(o)}" for i, o in enumerate(axis))
            lines.append(f"  axis {n}: {opts}")
    else:
        if req.form == "subset":
            lines.append(f"choose {req.min} to {req.max} of (indices, space-separated):")
        elif req.form == "arrange":
            piles = " / ".join(f"{p['name']} ({p['min']}-{p['max']})" for p in req.piles)
            lines.append(f"place every item, in order, into the piles {piles}:")
        else:
            lines.append("choose one of:")
        for i, o in enumerate(req.options):
            lines.append(f"  {i}) {show(o)}")
    extra = ", 'c' to cancel" if req.cancel else ""
    lines.append(f"default: {_show(req.default)} ('d' takes it{extra}, '?' shows this again)")
    return lines


def parse_answer(req: RequestSpec, line: str) -> tuple[Choice, str | None]:
    """Turn a typed line into a choice; the second item is an error to show, or None."""
    text = line.strip().lower()
    if text == "d":
        return req.default, None
    if text == "c":
        return None, None if req.cancel else "this request cannot be cancelled"
    if req.form == "arrange":
        text = text.replace("/", f" {SEPARATOR} ")
    try:
        numbers = [int(t) for t in text.replace(",", " ").split()]
    except ValueError:
        return None, "type numbers separated by spaces, 'd' or 'c'"
    choice: Choice
    if req.form == "choice":
        if len(numbers) != 1:
            return None, "type one number"
        choice = numbers[0]
    else:
        choice = numbers
    reason = check_choice(req, choice)
    return choice, reason


class Console:
    def __init__(
        self,
        client: Client,
        inp: TextIO,
        out: Callable[[str], None],
    ) -> None:
        self.client = client
        self.inp = inp
        self.out = out
        self.schema: GameSchema | None = None
        self._line: Renderer | None = None
        self._option: Callable[[str, Any], str] | None = None
        self.pending: RequestSpec | None = None
        self._buffer = ""

    def start(self, welcome: Welcome) -> None:
        try:
            self.schema = get_schema(welcome.game)
            self._line = self.schema.renderer()
            self._option = self.schema.render_option
        except ProtocolError:
            self.schema = None
        self.out(
            f"seat {welcome.seat} of {welcome.seats} at {welcome.game} "
            f"(table {welcome.table!r}); waiting for the game"
        )

    def render(self, kind: str, data: dict[str, Any]) -> str:
        if self._line is not None:
            try:
                return self._line(kind, data)
            except Exception:  # a renderer must never take the console down
                pass
        return f"{kind} " + " ".join(f"{k}={_show(v)}" for k, v in data.items())

    def run(self) -> int:
        fd = self.inp.fileno()
        eof = False
        while True:
            # Read input only while a decision is pending: typed-ahead lines wait their turn.
            want_input = self.pending is not None and not eof
            ready_line = want_input and "\n" in self._buffer
            fds = (fd,) if want_input and not ready_line else ()
            for msg in self.client.poll(0.0 if ready_line else 0.5, fds):
                if self._show(msg):
                    return 0
            if self.pending is None or eof:
                continue
            line = self._read_line(fd)
            if line is None:
                continue
            if line == "":
                eof = True  # no more input: keep watching; requests take their defaults
                self.out("(input closed; requests will take their defaults at the deadline)")
                continue
            self._answer(line)

    def _show(self, msg: EventMsg | RequestMsg | Error | Bye) -> bool:
        """Print one incoming message; True when the game is over."""
        if isinstance(msg, EventMsg):
            self.out(f"[{msg.seq}] {self.render(msg.kind, msg.data)}")
        elif isinstance(msg, RequestMsg):
            try:
                self.pending = RequestSpec(**msg.request)
            except TypeError:
                self.out("! the server sent a malformed request")
                return False
            for line in describe_request(self.pending, self._option):
                self.out(line)
            if msg.deadline > 0:
                self.out(f"(you have {msg.deadline:g} s)")
            self.out("> ")
        elif isinstance(msg, Error):
            self.out(f"! {msg.code}: {msg.message}")
            if msg.code == "deadline" and self.pending and self.pending.id == msg.ref:
                self.pending = None
        elif isinstance(msg, Bye):
            self.out(f"the game is over ({msg.reason})")
            self.client.bye("game over")
            return True
        return False

    def _read_line(self, fd: int) -> str | None:
        """One line if one is ready (without blocking past what is available), '' at EOF."""
        if "\n" not in self._buffer:
            ready, _, _ = select.select([fd], [], [], 0)
            if not ready:
                return None
            chunk = os.read(fd, 4096)
            if not chunk:
                rest, self._buffer = self._buffer, ""
                return rest + "\n" if rest else ""
            self._buffer += chunk.decode(errors="replace")
            if "\n" not in self._buffer:
                return None
        line, _, self._buffer = self._buffer.partition("\n")
        return line + "\n"

    def _answer(self, line: str) -> None:
        req = self.pending
        if req is None:
            if line.strip():
                self.out("(no decision is pending)")
            return
        if line.strip() == "?":
            for text in describe_request(req, self._option):
                self.out(text)
            return
        choice, error = parse_answer(req, line)
        if error is not None:
            self.out(f"! {error}")
            self.out("> ")
            return
        self.client.reply(req.id, choice)
        self.pending = None
