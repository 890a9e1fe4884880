"""Timings and triggers (agent spec 3.1): skills and equipment register for named timings.

A ruleset builds one `Triggers` table from its skills and equipment. At a timing point a
settlement does

    if triggers.at(timing):
        yield triggers.run(g, timing, payload, order)

`order` is the seats in action order, starting from the current player. For each seat in turn the
engine collects what can trigger for it; compulsory (locked) effects fire without a question, and
when the seat holds optional ones it is asked which to settle next, or to pass. Each trigger
fires at most once per timing occurrence for a seat, so no timing can loop forever; a trigger
re-checks that it can still fire right before it settles (an earlier one may have changed the
state). The payload is shared and may be changed by triggers (e.g. damage amount).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game_agent.engine.ruleset import Settlement

if TYPE_CHECKING:
    from game_agent.engine.game import Game

PASS = "pass"


@dataclass(frozen=True, slots=True)
class Trigger:
    name: str
    timing: str
    can_trigger: Callable[[Game, int, Any], bool]
    settle: Callable[[Game, int, Any], Settlement]
    compulsory: bool = False


Describe = Callable[[str, Any], dict[str, Any]]


class Triggers:
    """The trigger table of a ruleset. `describe(timing, payload)`, when given, says what a
    timing occurrence is about (e.g. the card asked for, the damage taken); it goes into the
    `trigger` request's `info.about`, so it must hold only what the asked seat may see."""

    def __init__(self, triggers: Iterable[Trigger] = (), describe: Describe | None = None) -> None:
        self._by_timing: dict[str, list[Trigger]] = {}
        self.describe = describe
        for t in triggers:
            self.add(t)

    def add(self, trigger: Trigger) -> None:
        if trigger.name == PASS:
            raise ValueError(f"{PASS!r} is reserved for declining")
        for t in self._by_timing.get(trigger.timing, ()):
            if t.name == trigger.name:
                raise ValueError(f"trigger {trigger.name!r} registered twice at {trigger.timing!r}")
        self._by_timing.setdefault(trigger.timing, []).append(trigger)

    def __iter__(self) -> Iterator[Trigger]:
        for registered in self._by_timing.values():
            yield from registered

    def remove(self, name: str, timing: str) -> None:
        """Unregister a trigger (e.g. a test's, or a ruleset variant's)."""
        left = [t for t in self._by_timing.get(timing, ()) if t.name != name]
        if left:
            self._by_timing[timing] = left
        else:
            self._by_timing.pop(timing, None)

    def at(self, timing: str) -> bool:
        """Whether anything is registered for `timing` (cheap; lets callers skip a frame)."""
        return timing in self._by_timing

    def ready(self, g: Game, timing: str, payload: Any, order: Iterable[int]) -> bool:
        """Whether anything would trigger now for one of `order`: lets hot paths skip pushing
        a frame that would do nothing."""
        registered = self._by_timing.get(timing)
        if not registered:
            return False
        active = g.active_triggers
        return any(
            (timing, t.name, seat) not in active and t.can_trigger(g, seat, payload)
            for seat in order
            for t in registered
        )

    def run(self, g: Game, timing: str, payload: Any, order: Iterable[int]) -> Settlement:
        registered = self._by_timing.get(timing, [])
        active = g.active_triggers
        for seat in order:
            done: set[str] = set()
            while True:
                ready = [
                    t
                    for t in registered
                    if t.name not in done
                    and (timing, t.name, seat) not in active
                    and t.can_trigger(g, seat, payload)
                ]
                if not ready:
                    break
                forced = [t for t in ready if t.compulsory]
                if len(ready) == 1 and forced:
                    pick = ready[0]
                else:
                    names = [t.name for t in ready]
                    if not forced:
                        names.append(PASS)
                    default = 0 if forced else len(names) - 1
                    about = {} if self.describe is None else self.describe(timing, payload)
                    info = {"timing": timing, "about": about}
                    index = yield g.ask(seat, "trigger", names, default, info=info)
                    if index == len(ready):
                        break
                    pick = ready[index]
                done.add(pick.name)
                key = (timing, pick.name, seat)
                active.add(key)
                yield pick.settle(g, seat, payload)
                active.discard(key)
