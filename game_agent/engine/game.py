"""The steppable, deterministic core: a settlement stack driven by replies.

    g = Game(ruleset, config, seed)
    step = g.start()                 # run until the first request (or the end)
    while step.request is not None:
        step = g.resume(choice)      # a legal reply to step.request
    g.outcome                        # the result

Settlements are generator frames (see `ruleset.Settlement`). The engine keeps them on an
explicit stack: a frame that yields a child settlement is suspended until the child returns;
a frame that yields a request suspends the whole stack until `resume`. The stack can be read at
any time with `stack_names()` (a debugger view). No I/O, clock or global randomness is used:
the same seed and the same replies give the same events.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import GeneratorType
from typing import Any, NoReturn

from game_agent.engine.events import Event
from game_agent.engine.rng import Rng
from game_agent.engine.ruleset import ConfigError, Ruleset, Settlement
from protocol.choices import Choice, RequestSpec, check_choice

MAX_STACK_DEPTH = 256


class EngineError(RuntimeError):
    """The engine was driven wrongly (resume without a request, a runaway stack, ...)."""


class IllegalReply(ValueError):
    """A reply that is not legal for the pending request. The request still stands."""

    def __init__(self, request: RequestSpec, reason: str) -> None:
        super().__init__(f"illegal reply to request {request.id} ({request.kind}): {reason}")
        self.request = request
        self.reason = reason


class GameOver(BaseException):
    """Raised through the stack by `Game.end`; the engine unwinds every frame.

    A BaseException, so that a settlement's `except Exception` cannot swallow the end of a game.
    """


@dataclass(frozen=True, slots=True)
class Decision:
    """A reply the engine accepted: to the seat's request number `id`. `at` is the number of
    events emitted before it."""

    id: int
    seat: int
    choice: Choice
    timeout: bool
    at: int


@dataclass(frozen=True, slots=True)
class Step:
    """What one `start`/`resume` produced: the new events and the pending request (or None)."""

    events: list[Event]
    request: RequestSpec | None

    @property
    def finished(self) -> bool:
        return self.request is None


class Game:
    def __init__(self, ruleset: Ruleset, config: Mapping[str, Any], seed: int) -> None:
        if type(seed) is not int or not 0 <= seed < 1 << 64:
            raise ConfigError(f"a seed is an integer in 0..2^64-1, got {seed!r}")
        self.ruleset = ruleset
        self.config = ruleset.configure(config)
        self.seed = seed
        self.seats = ruleset.seat_count(self.config)
        self.rng = Rng(seed)
        self.state: Any = ruleset.new_state(self.config, self.seats)
        self.events: list[Event] = []
        self.decisions: list[Decision] = []
        self.requests: list[RequestSpec] = []  # every request issued; requests[i] -> decisions[i]
        # Requests are numbered per seat (0, 1, 2, ... for each seat): a global number would
        # let a seat count the hidden decisions of others between two of its own requests.
        self._asked = [0] * self.seats
        self.pending: RequestSpec | None = None
        self.outcome: dict[str, Any] | None = None
        self._stack: list[Settlement] = []
        self._apply = ruleset.apply
        self._started = False
        # (timing, trigger, seat) settling right now: a trigger never re-enters itself.
        self.active_triggers: set[tuple[str, str, int]] = set()

    # --- the API a ruleset uses inside settlements -------------------------------------------

    def emit(
        self,
        kind: str,
        data: dict[str, Any],
        seats: tuple[int, ...] | None = None,
        public: dict[str, Any] | None = None,
    ) -> Event:
        """Record an event and apply it to the state."""
        if self.outcome is not None:
            raise EngineError(f"event {kind!r} emitted after the game ended")
        ev = Event(kind, data, seats, public)
        self._apply(self.state, ev)
        self.events.append(ev)
        return ev

    def ask(
        self,
        seat: int,
        kind: str,
        options: list[Any],
        default: Choice,
        *,
        form: str = "choice",
        min: int = 1,
        max: int = 1,
        cancel: bool = False,
        info: dict[str, Any] | None = None,
        piles: list[dict[str, Any]] | None = None,
    ) -> RequestSpec:
        """Build a request; a settlement yields it and receives the legal reply. Its id is
        given when it is yielded: the seat's own request number. `piles` is for the `arrange`
        form (see `protocol.choices`)."""
        return RequestSpec(
            -1, seat, kind, form, options, default, min, max, cancel, info or {}, piles or []
        )

    def asked(self, seat: int) -> int:
        """How many requests `seat` has been sent (its next request's id)."""
        return self._asked[seat]

    def end(self, outcome: dict[str, Any]) -> NoReturn:
        """Finish the game: emit `game_over` and unwind the whole stack."""
        if self.outcome is not None:
            raise EngineError("the game has already ended")
        self.emit("game_over", {"outcome": outcome})
        self.outcome = outcome
        raise GameOver

    # --- driving -------------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def start(self) -> Step:
        if self._started:
            raise EngineError("the game has already started")
        self._started = True
        self._stack.append(self.ruleset.root(self))
        return self._run(None, 0)

    def resume(self, choice: Choice, *, timeout: bool = False) -> Step:
        req = self.pending
        if req is None:
            raise EngineError("no request is pending")
        reason = check_choice(req, choice)
        if reason is not None:
            raise IllegalReply(req, reason)
        recorded = list(choice) if type(choice) is list else choice  # the frame may mutate its copy
        self.decisions.append(Decision(req.id, req.seat, recorded, timeout, len(self.events)))
        self.pending = None
        return self._run(choice, len(self.events))

    def _run(self, value: Any, mark: int) -> Step:
        stack = self._stack
        try:
            while stack:
                try:
                    out = stack[-1].send(value)
                except StopIteration as stop:
                    stack.pop()
                    value = stop.value
                    continue
                if type(out) is RequestSpec:
                    if out.id != -1:
                        raise EngineError(f"request {out.kind} was yielded twice")
                    bad = check_choice(out, out.default)
                    if bad is not None:  # a deadline must always have a legal reply to apply
                        raise EngineError(f"request {out.kind} has no legal default: {bad}")
                    out.id = self._asked[out.seat]
                    self._asked[out.seat] += 1
                    self.pending = out
                    self.requests.append(out)
                    return Step(self.events[mark:], out)
                if type(out) is not GeneratorType:
                    raise EngineError(
                        f"frame {self.stack_names()[-1]} yielded {out!r}: a settlement yields "
                        "a request (g.ask) or a child settlement (a generator)"
                    )
                if len(stack) >= MAX_STACK_DEPTH:
                    raise EngineError(f"settlement stack deeper than {MAX_STACK_DEPTH}")
                stack.append(out)
                value = None
        except GameOver:
            frames = list(reversed(stack))
            stack.clear()
            for frame in frames:
                try:
                    frame.close()
                except (RuntimeError, EngineError) as exc:
                    raise EngineError(
                        f"a frame did not unwind at the end of the game: {exc}"
                    ) from exc
            return Step(self.events[mark:], None)
        if self.outcome is None:
            raise EngineError("the root settlement returned without ending the game")
        return Step(self.events[mark:], None)

    # --- inspection ----------------------------------------------------------------------------

    def stack_names(self) -> list[str]:
        """The settlement stack, bottom first, as frame names (e.g. for a debugger view)."""
        return [getattr(f, "__qualname__", repr(f)) for f in self._stack]

    def replay(self, decisions: list[Decision] | list[Choice]) -> None:
        """Start the game and feed it recorded choices (re-execution)."""
        self.start()
        for d in decisions:
            if self.pending is None:
                raise EngineError("a recorded decision has no request to answer")
            if isinstance(d, Decision):
                self.resume(d.choice, timeout=d.timeout)
            else:
                self.resume(d)


def fold(ruleset: Ruleset, config: Mapping[str, Any], seats: int, events: list[Event]) -> Any:
    """Rebuild a state from events alone (the event-sourcing invariant: equals the live state)."""
    state = ruleset.new_state(config, seats)
    for ev in events:
        ruleset.apply(state, ev)
    return state
