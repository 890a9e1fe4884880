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

from collections.abc import Callable, Iterable
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


class Triggers:
    def __init__(self, triggers: Iterable[Trigger] = ()) -> None:
        self._by_timing: dict[str, list[Trigger]] = {}
        for t in triggers:
            self.add(t)

    def add(self, trigger: Trigger) -> None:
        if trigger.name == PASS:
            raise ValueError(f"{PASS!r} is reserved for declining")
        for t in self._by_timing.get(trigger.timing, ()):
            if t.name == trigger.name:
                raise ValueError(f"trigger {trigger.name!r} registered twice at {trigger.timing!r}")
        self._by_timing.setdefault(trigger.timing, []).append(trigger)

    def at(self, timing: str) -> bool:
        """Whether anything is registered for `timing` (cheap; lets callers skip a frame)."""
        return timing in self._by_timing

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
                    index = yield g.ask(seat, "trigger", names, default, info={"timing": timing})
                    if index == len(ready):
                        break
                    pick = ready[index]
                done.add(pick.name)
                key = (timing, pick.name, seat)
                active.add(key)
                yield pick.settle(g, seat, payload)
                active.discard(key)
