"""Building a reply to one request, one key or click at a time (no widgets here).

- choice: picking an option answers.
- subset: picking toggles an option; confirming answers with the marked ones.
- product: one axis after the other; the last pick answers. `back` undoes one axis.
- arrange: each item in turn goes onto a pile (the piles are the options shown); when the
  last item is placed, the piles are answered in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from protocol.choices import SEPARATOR, Choice, RequestSpec, check_choice
from user_agent.tui.words import RequestWords


@dataclass
class Answer:
    choice: Choice


@dataclass
class Picker:
    req: RequestSpec
    words: RequestWords
    cursor: int = 0
    marked: set[int] = field(default_factory=set)  # subset
    axes: list[int] = field(default_factory=list)  # product: the picks so far
    placed: list[int] = field(default_factory=list)  # arrange: the pile of each item so far
    error: str = ""

    @property
    def form(self) -> str:
        return self.req.form

    # --- what to show ------------------------------------------------------------------------

    def prompt(self) -> str:
        """What the current step asks."""
        if self.form == "product":
            names = self.words.axis_names
            n = len(self.axes)
            name = names[n] if n < len(names) else f"part {n + 1}"
            done = ", ".join(self.words.axes[k][i] for k, i in enumerate(self.axes))
            return f"choose the {name}" + (f" (so far: {done})" if done else "")
        if self.form == "subset":
            return f"mark {self.req.min} to {self.req.max}, then Enter"
        if self.form == "arrange":
            item = len(self.placed)
            return f"where does {self._item_label(item)} go?"
        return "choose one"

    def _item_label(self, n: int) -> str:
        if n < len(self.words.options):
            return self.words.options[n]
        return f"item {n + 1}"

    def labels(self) -> list[str]:
        """The options of the current step."""
        if self.form == "product":
            n = len(self.axes)
            return list(self.words.axes[n]) if n < len(self.words.axes) else []
        if self.form == "arrange":
            if len(self.words.piles) == len(self.req.piles):
                return list(self.words.piles)
            return [str(p.get("name", f"pile {k + 1}")) for k, p in enumerate(self.req.piles)]
        return list(self.words.options)

    def is_default(self, i: int) -> bool:
        d = self.req.default
        if self.form == "choice":
            return d == i
        if self.form == "subset":
            return isinstance(d, list) and i in d
        if self.form == "product":
            n = len(self.axes)
            return isinstance(d, list) and n < len(d) and d[n] == i
        return False

    def is_marked(self, i: int) -> bool:
        return self.form == "subset" and i in self.marked

    def seat_of(self, i: int) -> int | None:
        seats = self.words.option_seats
        if self.form in ("choice", "subset") and i < len(seats):
            return seats[i]
        return None

    # --- input ---------------------------------------------------------------------------------

    def move(self, delta: int) -> None:
        n = len(self.labels())
        if n:
            self.cursor = (self.cursor + delta) % n

    def pick(self, i: int) -> Answer | None:
        """Pick option `i` of the current step; an Answer when the reply is complete."""
        n = len(self.labels())
        if not 0 <= i < n:
            self.error = f"there is no option {i + 1}"
            return None
        self.error = ""
        self.cursor = i
        if self.form == "choice":
            return self._check(i)
        if self.form == "subset":
            self.marked ^= {i}
            return None
        if self.form == "product":
            self.axes.append(i)
            self.cursor = 0
            if len(self.axes) == len(self.req.options):
                return self._check(list(self.axes))
            return None
        if self.form == "arrange":
            self.placed.append(i)
            if len(self.placed) == len(self.req.options):
                return self._check(self._arrangement())
            return None
        self.error = f"unknown request form {self.form!r}"
        return None

    def pick_value(self, value: Any) -> Answer | None:
        """Pick the option of the current step whose raw value is `value` (e.g. a cell)."""
        raw: list[Any]
        if self.form == "product":
            n = len(self.axes)
            raw = list(self.req.options[n]) if n < len(self.req.options) else []
        elif self.form == "arrange":
            return None
        else:
            raw = list(self.req.options)
        if value not in raw:
            return None
        return self.pick(raw.index(value))

    def pick_seat(self, seat: int) -> Answer | None:
        for i in range(len(self.labels())):
            if self.seat_of(i) == seat:
                return self.pick(i)
        return None

    def confirm(self) -> Answer | None:
        """Enter: pick the highlighted option, or send the marked set of a subset."""
        if self.form == "subset":
            return self._check(sorted(self.marked))
        return self.pick(self.cursor)

    def take_default(self) -> Answer:
        return Answer(self.req.default)

    def cancel(self) -> Answer | None:
        if not self.req.cancel:
            self.error = "this request cannot be cancelled"
            return None
        return Answer(None)

    def back(self) -> None:
        if self.form == "product" and self.axes:
            self.cursor = self.axes.pop()
        elif self.form == "arrange" and self.placed:
            self.placed.pop()
        elif self.form == "subset":
            self.marked.clear()
        self.error = ""

    def _arrangement(self) -> list[int]:
        out: list[int] = []
        for pile in range(len(self.req.piles)):
            if pile:
                out.append(SEPARATOR)
            out.extend(item for item, p in enumerate(self.placed) if p == pile)
        return out

    def _check(self, choice: Choice) -> Answer | None:
        reason = check_choice(self.req, choice)
        if reason is not None:
            self.error = reason
            if self.form == "product":
                self.axes.clear()
            elif self.form == "arrange":
                self.placed.clear()
            return None
        return Answer(choice)


def card_of(option: Any) -> dict[str, Any] | None:
    """The card an option plays (an option that is a card, or holds one as `card`)."""
    if isinstance(option, dict):
        card = option.get("card")
        if isinstance(card, dict):
            return card
        if {"suit", "rank", "name"} <= option.keys():
            return option
    return None
