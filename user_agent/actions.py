"""A request as a sequence of discrete actions: the env's fixed action space and its masks.

Every environment has ``Discrete(max_options + 2)`` actions:

- ``0 .. max_options - 1``: *pick* item ``i`` of what is being chosen now: option ``i`` of a
  ``choice`` or ``subset`` request, value ``i`` of the current axis of a ``product`` request,
  item ``i`` of an ``arrange`` request (into the pile being filled);
- ``DONE = max_options``: finish a ``subset`` (enough items picked) or close the current pile of
  an ``arrange``;
- ``CANCEL = max_options + 1``: the nil reply, where the request allows it (``cancel``: "back"
  or "decline").

A ``choice`` takes one step. A ``subset``, ``product`` or ``arrange`` reply is built by
successive picks inside one agent turn: the same agent acts again until the reply is complete
(a ``subset`` finishes by itself when ``max`` items are picked, a ``product`` after its last
axis, an ``arrange`` when every item is placed), and then the engine gets the finished reply.
Nothing is ever enumerated as a product. The mask only allows steps that can still end in a
legal reply, so a masked policy never builds an illegal one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from protocol.choices import SEPARATOR, Choice, RequestSpec, check_choice


class ActionError(ValueError):
    """An action the mask does not allow (or a request larger than the action space)."""


# masks of `choice` requests by (max_options, options, cancel): read-only, copied when handed out
_CHOICE_MASKS: dict[tuple[int, int, bool], npt.NDArray[np.int8]] = {}


class ReplyBuilder:
    """Builds the reply to one request from actions; `mask()` says which actions are legal."""

    def __init__(self, req: RequestSpec, max_options: int) -> None:
        self.req = req
        self.max_options = max_options
        self.done_action = max_options
        self.cancel_action = max_options + 1
        self.picked: list[int] = []  # subset: picked options; product: one per axis so far
        self.piles: list[list[int]] = [[]]  # arrange: the piles filled so far
        self.reply: Choice | None = None
        self.finished = False
        self._mask: npt.NDArray[np.int8] | None = None  # never written once made (shared)
        if req.form == "product":
            largest = max((len(a) for a in req.options), default=0)
        else:
            largest = len(req.options)
        if largest > max_options:
            raise ActionError(
                f"request {req.kind} has {largest} options to pick from; this environment's "
                f"action space holds {max_options} (raise max_options)"
            )

    # --- what can be picked now -------------------------------------------------------------------

    def items(self) -> int:
        """How many items the current pick chooses among."""
        req = self.req
        if req.form == "product":
            return len(req.options[len(self.picked)])
        return len(req.options)

    def mask(self) -> npt.NDArray[np.int8]:
        """The legal actions now (a fresh array; computed once per state of the reply)."""
        if self._mask is None:
            self._mask = self._compute_mask()
        return self._mask.copy()

    def _compute_mask(self) -> npt.NDArray[np.int8]:
        req = self.req
        form = req.form
        if form == "choice":  # the same few masks again and again: made once each, shared
            key = (self.max_options, len(req.options), bool(req.cancel))
            shared = _CHOICE_MASKS.get(key)
            if shared is None:
                shared = np.zeros(self.max_options + 2, dtype=np.int8)
                shared[: len(req.options)] = 1
                if req.cancel:
                    shared[self.cancel_action] = 1
                shared.flags.writeable = False
                _CHOICE_MASKS[key] = shared
            return shared
        out = np.zeros(self.max_options + 2, dtype=np.int8)
        if form == "product":
            out[: self.items()] = 1
        elif form == "subset":
            if len(self.picked) < min(req.max, len(req.options)):
                out[: len(req.options)] = 1
                out[self.picked] = 0
            if len(self.picked) >= req.min:
                out[self.done_action] = 1
        elif form == "arrange":
            self._arrange_mask(out)
        if req.cancel and not self.picked and self.piles == [[]]:
            out[self.cancel_action] = 1
        return out

    def _arrange_mask(self, out: npt.NDArray[np.int8]) -> None:
        piles = self.req.piles
        k = len(self.piles) - 1  # the pile being filled
        placed = {i for p in self.piles for i in p}
        left = len(self.req.options) - len(placed)
        here = len(self.piles[-1])
        later_max = sum(int(p["max"]) for p in piles[k + 1 :])
        later_min = sum(int(p["min"]) for p in piles[k + 1 :])
        # one more item here must leave enough items for the later piles' minimums
        if here < int(piles[k]["max"]) and left - 1 >= later_min:
            for i in range(len(self.req.options)):
                if i not in placed:
                    out[i] = 1
        # closing this pile: it holds its minimum and the later piles can take the rest
        if k < len(piles) - 1 and here >= int(piles[k]["min"]) and left <= later_max:
            out[self.done_action] = 1

    # --- taking an action -------------------------------------------------------------------------

    def act(self, action: int) -> bool:
        """Apply one action; True when the reply is complete (read `reply`)."""
        if self.finished:
            raise ActionError("this reply is already complete")
        if self._mask is None:
            self._mask = self._compute_mask()
        mask = self._mask
        self._mask = None  # the reply changes: the next mask is computed again
        if not 0 <= action < len(mask) or not mask[action]:
            raise ActionError(
                f"action {action} is not allowed now (request {self.req.kind}, form "
                f"{self.req.form}); the legal actions are {np.flatnonzero(mask).tolist()}"
            )
        req = self.req
        if action == self.cancel_action:
            return self._finish(None)
        form = req.form
        if form == "choice":
            return self._finish(action)
        if form == "product":
            self.picked.append(action)
            return (
                self._finish(list(self.picked)) if len(self.picked) == len(req.options) else False
            )
        if form == "subset":
            if action != self.done_action:
                self.picked.append(action)
            full = len(self.picked) == min(req.max, len(req.options))
            if action == self.done_action or full:
                return self._finish(sorted(self.picked))
            return False
        return self._arrange(action)

    def _arrange(self, action: int) -> bool:
        piles = self.req.piles
        if action == self.done_action:
            self.piles.append([])
        else:
            self.piles[-1].append(action)
        placed = sum(len(p) for p in self.piles)
        # a full pile (not the last) closes by itself
        while len(self.piles) < len(piles) and len(self.piles[-1]) == int(
            piles[len(self.piles) - 1]["max"]
        ):
            self.piles.append([])
        if placed == len(self.req.options):
            while len(self.piles) < len(piles):
                self.piles.append([])
            reply: list[int] = []
            for k, pile in enumerate(self.piles):
                if k:
                    reply.append(SEPARATOR)
                reply.extend(pile)
            return self._finish(reply)
        return False

    def _finish(self, reply: Choice) -> bool:
        problem = check_choice(self.req, reply)
        if problem is not None:  # the masks should make this impossible
            raise ActionError(f"built an illegal reply {reply!r} to {self.req.kind}: {problem}")
        self.reply = reply
        self.finished = True
        return True


class Floats(Protocol):
    """Item access to a float32 vector (see `floats`)."""

    def __getitem__(self, i: int, /) -> float: ...

    def __setitem__(self, i: int, value: float, /) -> None: ...


class Written(Protocol):
    """What an encoder last wrote into one seat's array: for the view and the array it was."""

    @property
    def view(self) -> object: ...

    @property
    def out(self) -> npt.NDArray[np.float32]: ...


W = TypeVar("W", bound=Written)


class WrittenPerSeat(Generic[W]):
    """For an encoder's `update_state`: per seat, the record of what it last wrote there (made
    by `fresh(view, out)`), started again, with `out[:size]` zeroed, when the view or the array
    is not the one it was written for."""

    def __init__(self, fresh: Callable[[Any, npt.NDArray[np.float32]], W], size: int) -> None:
        self._fresh = fresh
        self._size = size
        self._by_seat: dict[int, W] = {}

    def for_seat(self, view: object, seat: int, out: npt.NDArray[np.float32]) -> W:
        w = self._by_seat.get(seat)
        if w is None or w.view is not view or w.out is not out:
            out[: self._size] = 0.0
            w = self._by_seat[seat] = self._fresh(view, out)
        return w


def floats(out: npt.NDArray[np.float32]) -> Floats:
    """The items of a 1-D float32 array, for encoders that write them one by one: a memoryview
    of its buffer, whose item writes cost about half of numpy's (`out[i] = x`) and round to
    float32 the same way."""
    return memoryview(out)  # type: ignore[arg-type]


def pick_state(
    builder: ReplyBuilder, max_options: int, out: Floats | npt.NDArray[np.float32], at: int
) -> None:
    """Write the reply built so far into ``out[at : at + max_options + 3]`` (zeroed): which
    items are picked or placed (1), the current product axis and arrange pile (as fractions),
    and how many items are in play now (/ max_options)."""
    req = builder.req
    if req.form == "subset":
        for i in builder.picked:
            out[at + i] = 1.0
    elif req.form == "arrange":
        for pile in builder.piles:
            for i in pile:
                out[at + i] = 1.0
        out[at + max_options + 1] = (len(builder.piles) - 1) / max(1, len(req.piles))
    elif req.form == "product":
        out[at + max_options] = len(builder.picked) / max(1, len(req.options))
    out[at + max_options + 2] = builder.items() / max_options
