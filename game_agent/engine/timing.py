"""Timings and triggers (agent spec 3.1): skills and equipment register for named timings.

A ruleset builds a `Triggers` table from its skills and equipment. At a timing point a
settlement does

    if triggers.ready(g, timing, payload, order):
        yield triggers.run(g, timing, payload, order)

`order` is the seats in action order, starting from the current player. Simultaneous triggers
settle by **priority** (higher first), then in **action order**, then by the **owner's choice**
(the Sanguosha rules' §6 row 1): for each priority level, each seat in turn collects what can
trigger for it; a compulsory effect alone fires without a question, otherwise the seat is asked
which to settle next, or to pass (only when nothing compulsory is left). A trigger re-checks that
it can still fire right before it settles (an earlier one may have changed the state). The
payload is shared and may be changed by triggers (e.g. a damage amount).

Ownership is checked here, in one place: with an `owns(g, seat, owner)` function, a trigger is
only considered for the seats that own its `owner` key (a skill, an equipped card), so a
trigger's own `can_trigger` never repeats that check and a trigger nobody owns costs one call.

No timing can loop: a trigger fires at most `times` times (default once) per seat per timing
occurrence, and never re-enters itself while it settles (the game keeps `g.active_triggers`).
An effect "for each point of damage" or "for each card" says so with `times`; each firing of an
optional one is its own decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game_agent.engine.settlement import Settlement

if TYPE_CHECKING:
    from game_agent.engine.game import Game

PASS = "pass"

Owns = Callable[["Game", int, str], bool]
Describe = Callable[[str, Any], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Trigger:
    """One effect at one timing.

    - `owner`: the key ownership is checked by (`Triggers(owns=...)`); "" means the name.
    - `priority`: higher settles first among simultaneous triggers.
    - `asks`: the settlement asks its own question, with a way to decline, so a seat whose only
      ready trigger this is gets that question and not a "trigger?" question first.
    - `times(g, seat, payload)`: how many times it may fire for one occurrence (per point of
      damage, per card lost); None = once.
    """

    name: str
    timing: str
    can_trigger: Callable[[Game, int, Any], bool]
    settle: Callable[[Game, int, Any], Settlement]
    compulsory: bool = False
    owner: str = ""
    priority: int = 0
    asks: bool = False
    times: Callable[[Game, int, Any], int] | None = None

    @property
    def key(self) -> str:
        return self.owner or self.name


class Triggers:
    """The trigger table of a ruleset (or of one game). `describe(timing, payload)`, when given,
    says what a timing occurrence is about (e.g. the card asked for, the damage taken); it goes
    into the `trigger` request's `info.about`, so it must hold only what the asked seat may see.
    `owns(g, seat, key)`, when given, decides who may fire a trigger (see the module doc)."""

    def __init__(
        self,
        triggers: Iterable[Trigger] = (),
        describe: Describe | None = None,
        owns: Owns | None = None,
    ) -> None:
        self._by_timing: dict[str, list[Trigger]] = {}
        # The same lists with each trigger's ownership key beside it (what `ready` loops over).
        self._keyed: dict[str, list[tuple[str, Trigger]]] = {}
        self.describe = describe
        self.owns = owns
        for t in triggers:
            self.add(t)

    def add(self, trigger: Trigger) -> None:
        if trigger.name == PASS:
            raise ValueError(f"{PASS!r} is reserved for declining")
        registered = self._by_timing.setdefault(trigger.timing, [])
        for t in registered:
            if t.name == trigger.name:
                raise ValueError(f"trigger {trigger.name!r} registered twice at {trigger.timing!r}")
        registered.append(trigger)
        registered.sort(key=lambda t: -t.priority)  # stable: registration order within a level
        self._keyed[trigger.timing] = [(t.owner or t.name, t) for t in registered]

    def copy(self, owns: Owns | None = None) -> Triggers:
        """The same table, independent of this one (with `owns` instead of this one's, if given)."""
        new = Triggers(describe=self.describe, owns=self.owns if owns is None else owns)
        new._by_timing = {timing: list(ts) for timing, ts in self._by_timing.items()}
        new._keyed = {timing: list(kt) for timing, kt in self._keyed.items()}
        return new

    def __iter__(self) -> Iterator[Trigger]:
        for registered in self._by_timing.values():
            yield from registered

    def remove(self, name: str, timing: str) -> None:
        """Unregister a trigger (e.g. a test's, or a ruleset variant's)."""
        left = [t for t in self._by_timing.get(timing, ()) if t.name != name]
        if left:
            self._by_timing[timing] = left
            self._keyed[timing] = [(t.owner or t.name, t) for t in left]
        else:
            self._by_timing.pop(timing, None)
            self._keyed.pop(timing, None)

    def at(self, timing: str) -> bool:
        """Whether anything is registered for `timing` (cheap; lets callers skip a frame)."""
        return timing in self._by_timing

    def owned(self, g: Game, timing: str, seats: Iterable[int]) -> bool:
        """Whether one of `seats` owns a trigger registered for `timing` (without asking any
        trigger whether it can fire): when False, `ready` is False for any payload, so a hot
        path can skip building the payload."""
        keyed = self._keyed.get(timing)
        if not keyed:
            return False
        owns = self.owns
        if owns is None:
            return True
        for seat in seats:
            for key, _t in keyed:
                if owns(g, seat, key):
                    return True
        return False

    def ready(self, g: Game, timing: str, payload: Any, order: Iterable[int]) -> bool:
        """Whether anything would trigger now for one of `order`: lets hot paths skip pushing
        a frame that would do nothing."""
        keyed = self._keyed.get(timing)
        if not keyed:
            return False
        active = g.active_triggers
        owns = self.owns
        for seat in order:
            for key, t in keyed:
                if owns is not None and not owns(g, seat, key):
                    continue
                if active and (timing, t.name, seat) in active:
                    continue
                if t.can_trigger(g, seat, payload):
                    return True
        return False

    def run(self, g: Game, timing: str, payload: Any, order: Iterable[int]) -> Settlement:
        registered = self._by_timing.get(timing, [])
        levels = sorted({t.priority for t in registered}, reverse=True)
        seats = list(order)
        for level in levels:
            group = [t for t in registered if t.priority == level]
            for seat in seats:
                yield from self._settle_seat(g, timing, payload, seat, group)

    def _ready_for(
        self,
        g: Game,
        timing: str,
        payload: Any,
        seat: int,
        group: list[Trigger],
        fired: dict[str, int],
    ) -> list[Trigger]:
        active = g.active_triggers
        owns = self.owns
        out = []
        for t in group:
            n = fired.get(t.name, 0)
            if n and n >= (1 if t.times is None else t.times(g, seat, payload)):
                continue
            if (timing, t.name, seat) in active:
                continue
            if owns is not None and not owns(g, seat, t.owner or t.name):
                continue
            if t.can_trigger(g, seat, payload):
                out.append(t)
        return out

    def _settle_seat(
        self, g: Game, timing: str, payload: Any, seat: int, group: list[Trigger]
    ) -> Settlement:
        fired: dict[str, int] = {}
        active = g.active_triggers
        while True:
            ready = self._ready_for(g, timing, payload, seat, group, fired)
            if not ready:
                return
            forced = [t for t in ready if t.compulsory]
            if len(ready) == 1 and (forced or ready[0].asks):
                pick = ready[0]
            else:
                names = [t.name for t in ready]
                if not forced:
                    names.append(PASS)
                # a timeout settles something compulsory, never an optional effect
                default = ready.index(forced[0]) if forced else len(names) - 1
                about = {} if self.describe is None else self.describe(timing, payload)
                info = {"timing": timing, "about": about}
                index = yield g.ask(seat, "trigger", names, default, info=info)
                if index == len(ready):
                    return
                pick = ready[index]
            fired[pick.name] = fired.get(pick.name, 0) + 1
            key = (timing, pick.name, seat)
            active.add(key)
            yield pick.settle(g, seat, payload)
            active.discard(key)
