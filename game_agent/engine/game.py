"""The steppable, deterministic core: a settlement stack driven by replies.

    g = Game(ruleset, config, seed)
    step = g.start()                 # run until the first request (or the end)
    while step.request is not None:
        step = g.resume(choice)      # a legal reply to step.request
    g.outcome                        # the result

Settlements are generator frames (see `settlement.Settlement`). The engine keeps them on an
explicit stack: a frame that yields a child settlement is suspended until the child returns;
a frame that yields a request suspends the whole stack until `resume`. The stack can be read at
any time with `stack_names()` (a debugger view). No I/O, clock or global randomness is used:
the same seed and the same replies give the same events.

**Several seats at once.** A frame may yield `g.together([s1, s2, ...])`: each settlement runs
as its own *strand* (its own stack), so several requests can be open at the same time, one per
seat at most. The frame is suspended until every strand has returned, and receives their return
values as a list, in the order given. `resume(choice, seat=s)` answers seat `s`'s open request
and advances only that strand; `resume(choice)` answers the first open request. Decisions are
recorded in the order they are made (arrival order), each naming its seat and request id, so
re-execution feeds them back in the same order and reproduces the same events. Strands run in
the order given until each yields its first request; a strand may emit events, but what one
strand does must not depend on another's answers (each asks its own seat about a state that
the strands do not change; the frame settles their results afterwards). Strands do not nest.

**Forking and determinization** (for search). A `Game` holds live generator frames, which
cannot be copied. A ruleset's bottom frame therefore marks quiet points, `yield g.checkpoint(resume,
*args)` (typically at the start of each turn, when nothing but the bottom frame is settling):
from there the rest of the game is `resume(g, *args)` started on the state alone. The engine
keeps a *snapshot* there (a copy of the state and of the generator, the records' lengths), and
`fork()` builds an independent game from the latest snapshot: the state copied, the continuation
started, and only the decisions since fed back, so a fork costs what a turn costs, whatever the
game's length. Snapshots are taken lazily: a game keeps them once it has been forked (the first
fork replays from the start and leaves the snapshot of the latest checkpoint behind), so games
that are never forked pay nothing.
A ruleset without checkpoints still forks, by re-execution from the seed: O(decisions so far).

`determinize(seat, seed)` is a fork in which what `seat` has not seen is dealt again by the
ruleset's optional `determinize` hook (see `Determinizable` below), with the sample's own PRNG for
the chance still to come. A determinized game is a sample for search, not a played game: its log
cannot be re-executed from the seed (`determinized` is True); it can itself be forked (the fork
re-applies the same resampling at the same point). What a hook needs from the whole history (what a
seat has seen) it keeps as a running fold of the events (`Game.running_fold`), carried by forks,
so a sample costs the same at any point too.

A fork copies the state and the config; the records made before the fork point (events,
decisions, requests) are shared with the original, being immutable records (nothing changes an
event, a decision or a request once made).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import GeneratorType
from typing import Any, NoReturn, Protocol, TypeVar

from game_agent.engine.errors import ConfigError, EngineError, GameOver, IllegalReply
from game_agent.engine.rng import Rng
from game_agent.engine.settlement import Checkpoint, Settlement, Together
from protocol.choices import Choice, RequestSpec, check_choice
from protocol.records import Decision, Event
from protocol.registry import GameSchema

MAX_STACK_DEPTH = 256
NEVER = 1 << 62  # `Game._keep_from`: keep no snapshot
T = TypeVar("T")


class Ruleset(Protocol):
    """What a ruleset gives the engine. A ruleset talks to the engine only through this and
    `Game` (the two name each other, so they live in one module)."""

    name: str
    version: str
    schema: GameSchema

    def configure(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """Validate `config` and fill in defaults. The result is stored in the log header and
        must be msgpack-plain (dicts, lists, str, int, float, bool, None). Raises ConfigError."""
        ...

    def seat_count(self, config: Mapping[str, Any]) -> int: ...

    def new_state(self, config: Mapping[str, Any], seats: int) -> Any:
        """A fresh state. Folding a game's events onto it rebuilds the live state (==)."""
        ...

    def apply(self, state: Any, event: Event) -> None:
        """Mutate `state` by one event. The only code that changes state."""
        ...

    def root(self, g: Game) -> Settlement:
        """The bottom frame of the settlement stack: runs the whole game."""
        ...


class Determinizable(Protocol):
    """An OPTIONAL hook a ruleset may add (not part of `Ruleset`: a ruleset without it works
    everywhere except `Game.determinize`, which then raises `EngineError`).

    `determinize(g, seat, rng)` deals again, with `rng` only, everything `seat` has not seen in
    the live game `g` (between steps, with requests open), and keeps everything it has seen.
    It changes the state only through events (`g.emit`), so folding the events still rebuilds
    the state: typically one secret event (audience `seats=()`) whose public form names no card
    or tile, only counts. Cards or tiles that suspended frames or open requests of other seats
    still refer to must stay valid (or the hook raises `EngineError`). A ruleset without hidden
    information implements it as a no-op.
    """

    def determinize(self, g: Game, seat: int, rng: Rng) -> None: ...


class StateCopier(Protocol):
    """An OPTIONAL hook: `copy_state(state)` -> an independent copy of a state, equal to it
    (snapshots and forks copy the state with it; without it, `copy.deepcopy`)."""

    def copy_state(self, state: Any) -> Any: ...


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """A game at a checkpoint: what a fork starts from. Immutable and shared by the game that
    took it and every fork made from it (each fork copies `state` again)."""

    point: Checkpoint
    state: Any
    rng: Rng
    events: int
    decisions: int
    requests: int
    asked: tuple[int, ...]
    samples: int
    determinized: bool


@dataclass(frozen=True, slots=True)
class _Folded:
    """A `running_fold` value and the prefix of the events it describes (its length, and its
    last event, which identifies the prefix: forks share the event objects of their common
    prefix and make new ones after it)."""

    events: int
    last: Event | None
    value: Any


@dataclass(slots=True)
class Step:
    """What one `start`/`resume` produced: the new events, the requests it issued (`asked`, in
    issue order) and every request open after it (`open`; empty when the game is over)."""

    events: list[Event]
    asked: tuple[RequestSpec, ...]
    open: tuple[RequestSpec, ...]

    @property
    def request(self) -> RequestSpec | None:
        """The first open request (the only one, unless requests are asked together)."""
        return self.open[0] if self.open else None

    @property
    def finished(self) -> bool:
        return not self.open


class _Strand:
    """One settlement of a `Together`: its own stack, its open request, its result."""

    __slots__ = ("request", "result", "stack")

    def __init__(self, settlement: Settlement) -> None:
        self.stack: list[Settlement] = [settlement]
        self.request: RequestSpec | None = None
        self.result: Any = None


_WAITING = object()  # `_advance`: the main stack waits for its strands
_RETURNED = object()  # `_advance`: the stack emptied; its value is in `Game._value`


class Game:
    def __init__(self, ruleset: Ruleset, config: Mapping[str, Any], seed: int) -> None:
        if type(seed) is not int or not 0 <= seed < 1 << 64:
            raise ConfigError(f"a seed is an integer in 0..2^64-1, got {seed!r}")
        configured = ruleset.configure(config)
        seats = ruleset.seat_count(configured)
        self._fresh(
            ruleset, configured, seed, seats, Rng(seed), ruleset.new_state(configured, seats)
        )

    def _fresh(
        self, ruleset: Ruleset, config: dict[str, Any], seed: int, seats: int, rng: Rng, state: Any
    ) -> None:
        """Every field of a game not started yet (`__init__`; a fork from a snapshot then sets
        the records and the stack it starts with)."""
        self.ruleset = ruleset
        self.config = config
        self.seed = seed
        self.seats = seats
        self.rng = rng
        self.state: Any = state
        self.events: list[Event] = []
        self.decisions: list[Decision] = []
        self.requests: list[RequestSpec] = []  # every request issued, in issue order
        self.asked_after: list[int] = []  # per request: how many decisions came before it
        # Requests are numbered per seat (0, 1, 2, ... for each seat): a global number would
        # let a seat count the hidden decisions of others between two of its own requests.
        self._asked = [0] * self.seats
        self.open: list[RequestSpec] = []  # every request not yet answered, in issue order
        self.outcome: dict[str, Any] | None = None
        self._stack: list[Settlement] = []
        self._strands: list[_Strand] | None = None  # while a `together` runs
        self._new: list[RequestSpec] = []  # requests issued by the current step
        self._value: Any = None  # what the last emptied stack returned
        self._apply = ruleset.apply
        self._started = False
        # (timing, trigger, seat) settling right now: a trigger never re-enters itself.
        self.active_triggers: set[tuple[str, str, int]] = set()
        # A determinized game (`determinize`) is a sample for search: its events cannot be
        # re-executed from the seed. `_samples`: (decisions made, seat, seed) of each resampling.
        self.determinized = False
        self._samples: list[tuple[int, int, int]] = []
        # Forking: the latest snapshot kept, the events at the latest checkpoint passed, and the
        # point from which checkpoints are kept (NEVER until the game is first forked).
        self._snap: _Snapshot | None = None
        self._mark = -1
        self._keep_from = NEVER
        self._copy_state: Callable[[Any], Any] = getattr(ruleset, "copy_state", copy.deepcopy)
        self._folds: dict[str, _Folded] = {}

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

    def together(self, settlements: list[Settlement]) -> Together:
        """Run `settlements` side by side (yield the result; it sends back their return values,
        in this order). Each may ask its own seat questions; a seat has one open request at a
        time, so two strands must not ask the same seat at once."""
        return Together(settlements)

    def checkpoint(self, resume: Callable[..., Settlement], *args: Any) -> Checkpoint:
        """A quiet point, yielded by the bottom frame while no strand runs: from here on the frame
        does exactly what `resume(g, *args)` does when started on the state as it is now (so its
        locals are either in the state or in `args`, plain data). Forks start there. A
        continuation begins by yielding the same checkpoint again (the engine sees it is the same
        point); yielding one costs nothing unless the game is being forked."""
        return Checkpoint(resume, args)

    def running_fold(
        self,
        key: str,
        start: Callable[[], T],
        feed: Callable[[T, Event], None],
        clone: Callable[[T], T],
    ) -> T:
        """`start()` fed every event of this game, kept under `key` and brought up to date from
        where it was (`clone` copies it first: a value handed out is never changed again, so forks
        share it). For what a hook needs from the whole history, e.g. what each seat has seen."""
        events = self.events
        n = len(events)
        have = self._folds.get(key)
        if (
            have is not None
            and have.events <= n
            and (have.events == 0 or events[have.events - 1] is have.last)
        ):
            if have.events == n:
                return have.value  # type: ignore[no-any-return]
            value = clone(have.value)
            done = have.events
        else:
            value = start()
            done = 0
        for i in range(done, n):
            feed(value, events[i])
        self._folds[key] = _Folded(n, events[-1] if n else None, value)
        return value

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

    @property
    def asked_together(self) -> bool:
        """Whether the open requests were asked together (`g.together` strands are running)."""
        return self._strands is not None

    @property
    def pending(self) -> RequestSpec | None:
        """The first open request, or None (the only one unless requests are asked together)."""
        return self.open[0] if self.open else None

    def start(self) -> Step:
        if self._started:
            raise EngineError("the game has already started")
        self._started = True
        self._stack.append(self.ruleset.root(self))
        self._new = []
        return self._main(None, 0)

    def resume(self, choice: Choice, *, seat: int | None = None, timeout: bool = False) -> Step:
        """Answer the open request of `seat` (default: the first open request)."""
        open_ = self.open
        if not open_:
            raise EngineError("no request is pending")
        if seat is None:
            req = open_[0]
        else:
            for req in open_:
                if req.seat == seat:
                    break
            else:
                raise EngineError(f"seat {seat} has no open request")
        reason = check_choice(req, choice)
        if reason is not None:
            raise IllegalReply(req, reason)
        recorded = list(choice) if type(choice) is list else choice  # the frame may mutate its copy
        mark = len(self.events)
        self.decisions.append(Decision(req.id, req.seat, recorded, timeout, mark))
        open_.remove(req)
        self._new = []
        strands = self._strands
        if strands is None:
            return self._main(choice, mark)
        try:
            strand = next(s for s in strands if s.request is req)
            strand.request = None
            out = self._advance(strand.stack, choice)
            if out is _RETURNED:
                strand.result = self._value
            else:
                strand.request = out
            if any(s.stack for s in strands):
                return Step(self.events[mark:], tuple(self._new), tuple(open_))
            self._strands = None
            results = [s.result for s in strands]
        except GameOver:
            return self._unwind(mark)
        return self._main(results, mark)

    def _main(self, value: Any, mark: int) -> Step:
        """Advance the main stack with `value` until it waits for an answer or the game ends."""
        try:
            out = self._advance(self._stack, value)
        except GameOver:
            return self._unwind(mark)
        if out is _RETURNED:
            raise EngineError("the root settlement returned without ending the game")
        return Step(self.events[mark:], tuple(self._new), tuple(self.open))

    def _advance(self, stack: list[Settlement], value: Any) -> Any:
        """Run `stack` until a frame yields a request (returned), the main stack waits for its
        strands (`_WAITING`) or the stack empties (`_RETURNED`, its value in `_value`)."""
        while stack:
            try:
                out = stack[-1].send(value)
            except StopIteration as stop:
                stack.pop()
                value = stop.value
                continue
            kind = type(out)
            if kind is RequestSpec:
                self._issue(out)
                return out
            if kind is Checkpoint:
                if stack is not self._stack or len(stack) != 1 or self._strands is not None:
                    raise EngineError(
                        f"frame {self.stack_names()[-1]} yielded a checkpoint: only the bottom "
                        "frame may, while no strand of g.together runs"
                    )
                self._checkpoint(out)
                value = None
                continue
            if kind is Together:
                if stack is not self._stack or self._strands is not None:
                    raise EngineError("a strand of g.together cannot start another together")
                results = self._start(out)
                if results is None:
                    return _WAITING
                value = results
                continue
            if kind is not GeneratorType:
                raise EngineError(
                    f"frame {self.stack_names()[-1]} yielded {out!r}: a settlement yields "
                    "a request (g.ask), a child settlement (a generator) or g.together(...)"
                )
            if len(stack) >= MAX_STACK_DEPTH:
                raise EngineError(f"settlement stack deeper than {MAX_STACK_DEPTH}")
            stack.append(out)
            value = None
        self._value = value
        return _RETURNED

    def _checkpoint(self, point: Checkpoint) -> None:
        n = len(self.events)
        snap = self._snap
        if snap is not None and snap.events == n and snap.decisions == len(self.decisions):
            return  # the same point (a continuation begins by yielding its checkpoint again)
        self._mark = n
        if n >= self._keep_from:
            self._snap = _Snapshot(
                point,
                self._copy_state(self.state),
                self.rng.copy(),
                n,
                len(self.decisions),
                len(self.requests),
                tuple(self._asked),
                len(self._samples),
                self.determinized,
            )

    def _start(self, together: Together) -> list[Any] | None:
        """Start every strand until its first request; their results when all have returned
        at once, else None (the strands wait for answers)."""
        strands = [_Strand(s) for s in together.settlements]
        self._strands = strands
        for strand in strands:
            out = self._advance(strand.stack, None)
            if out is _RETURNED:
                strand.result = self._value
            else:
                strand.request = out
        if any(s.stack for s in strands):
            return None
        self._strands = None
        return [s.result for s in strands]

    def _issue(self, req: RequestSpec) -> None:
        if req.id != -1:
            raise EngineError(f"request {req.kind} was yielded twice")
        bad = check_choice(req, req.default)
        if bad is not None:  # a deadline must always have a legal reply to apply
            raise EngineError(f"request {req.kind} has no legal default: {bad}")
        seat = req.seat
        for other in self.open:
            if other.seat == seat:
                raise EngineError(
                    f"seat {seat} was asked {req.kind} while its {other.kind} is still open"
                )
        req.id = self._asked[seat]
        self._asked[seat] += 1
        self.open.append(req)
        self.requests.append(req)
        self.asked_after.append(len(self.decisions))
        self._new.append(req)

    def _unwind(self, mark: int) -> Step:
        """The game ended inside a frame: close every frame, strands first, top down."""
        frames: list[Settlement] = []
        for strand in self._strands or ():
            frames.extend(reversed(strand.stack))
            strand.stack.clear()
        frames.extend(reversed(self._stack))
        self._stack.clear()
        self._strands = None
        self.open.clear()
        for frame in frames:
            try:
                frame.close()
            except (RuntimeError, EngineError) as exc:
                raise EngineError(f"a frame did not unwind at the end of the game: {exc}") from exc
        return Step(self.events[mark:], tuple(self._new), ())

    # --- inspection ----------------------------------------------------------------------------

    def stack_names(self) -> list[str]:
        """The settlement stack, bottom first, as frame names (e.g. for a debugger view)."""
        return [getattr(f, "__qualname__", repr(f)) for f in self._stack]

    def fork(self) -> Game:
        """An independent game at the same point: its state, open requests, records and what it
        does with the same replies equal this game's; it shares nothing mutable with it. Built from
        the latest snapshot (the state copied, the decisions since fed back): the cost of a turn.
        The first fork of a game replays it from the seed (and leaves a snapshot of the latest
        checkpoint for the next forks); so does every fork of a ruleset without checkpoints."""
        if not self._started:
            return Game(self.ruleset, copy.deepcopy(self.config), self.seed)
        snap = self._snap
        if snap is not None and snap.events >= self._mark:
            return self._from_snapshot(snap)
        g = Game(self.ruleset, copy.deepcopy(self.config), self.seed)
        g._keep_from = max(self._mark, 0)
        g._folds = dict(self._folds)
        g.start()
        g._feed(self, 0, 0)
        g._keep_from = NEVER
        if g._snap is not None:
            self._snap = g._snap
        self._keep_from = 0  # forked once: keep a snapshot at every checkpoint from now on
        return g

    def _from_snapshot(self, snap: _Snapshot) -> Game:
        g = Game.__new__(Game)
        state = self._copy_state(snap.state)
        g._fresh(
            self.ruleset, copy.deepcopy(self.config), self.seed, self.seats, snap.rng.copy(), state
        )
        g.events = self.events[: snap.events]
        g.decisions = self.decisions[: snap.decisions]
        g.requests = self.requests[: snap.requests]
        g.asked_after = self.asked_after[: snap.requests]
        g._asked = list(snap.asked)
        g._stack = [snap.point.resume(g, *snap.point.args)]
        g._started = True
        g.determinized = snap.determinized
        g._samples = self._samples[: snap.samples]
        g._snap = snap
        g._mark = snap.events
        g._folds = dict(self._folds)
        g._main(None, snap.events)
        g._feed(self, snap.decisions, snap.samples)
        return g

    def _feed(self, source: Game, done: int, sampled: int) -> None:
        """Answer `source`'s decisions from the `done`-th on (and take its samples from the
        `sampled`-th on, each after as many decisions as it was taken after)."""
        samples = source._samples
        k = sampled
        decisions = source.decisions
        for i in range(done, len(decisions)):
            while k < len(samples) and samples[k][0] == i:
                self._resample(samples[k][1], samples[k][2])
                k += 1
            if not self.open:
                raise EngineError("fork: a recorded decision has no request to answer")
            d = decisions[i]
            self.resume(d.choice, seat=d.seat, timeout=d.timeout)
        for _at, seat, seed in samples[k:]:
            self._resample(seat, seed)

    def determinize(self, seat: int, seed: int) -> Game:
        """A fork in which everything `seat` has not seen is dealt again from `Rng(seed)`
        (the ruleset's `determinize` hook) and everything it has seen is kept; the chance still
        to come is drawn from the same new generator. The result is marked `determinized`: a
        sample for search whose log cannot be re-executed from the game's seed."""
        hook = getattr(self.ruleset, "determinize", None)
        if hook is None:
            raise EngineError(
                f"ruleset {self.ruleset.name!r} has no determinize hook "
                "(see game_agent.engine.Determinizable)"
            )
        if not 0 <= seat < self.seats:
            raise EngineError(f"determinize: no seat {seat} in a {self.seats}-seat game")
        if type(seed) is not int or not 0 <= seed < 1 << 64:
            raise EngineError(f"determinize: a seed is an integer in 0..2^64-1, got {seed!r}")
        if not self._started or self.outcome is not None:
            raise EngineError("determinize: the game must be started and not over")
        g = self.fork()
        g._resample(seat, seed)
        # What the hook folded of the history before its sample holds for this game too
        # (`running_fold` checks a value's prefix before using it).
        for key, folded in g._folds.items():
            if self._folds.get(key) is not folded:
                self._folds[key] = folded
        return g

    def _resample(self, seat: int, seed: int) -> None:
        rng = Rng(seed)
        self.ruleset.determinize(self, seat, rng)  # type: ignore[attr-defined]
        self.rng = rng  # the chance still to come belongs to the sample too
        self.determinized = True
        self._samples.append((len(self.decisions), seat, seed))

    def replay(self, decisions: list[Decision] | list[Choice]) -> None:
        """Start the game and feed it recorded choices (re-execution)."""
        self.start()
        for d in decisions:
            if not self.open:
                raise EngineError("a recorded decision has no request to answer")
            if isinstance(d, Decision):
                self.resume(d.choice, seat=d.seat, timeout=d.timeout)
            else:
                self.resume(d)


def fold(ruleset: Ruleset, config: Mapping[str, Any], seats: int, events: list[Event]) -> Any:
    """Rebuild a state from events alone (the event-sourcing invariant: equals the live state)."""
    state = ruleset.new_state(config, seats)
    for ev in events:
        ruleset.apply(state, ev)
    return state
