"""The bot SDK. Subclass `Bot`, implement `decide`; `on_event` keeps the seat's view current.

A bot sees exactly what its seat may see: the events of its seat's view (in order) and the
requests addressed to it. The same bot runs in-process (`sgs sim`) and over the wire
(`sgs bot`). Bots must be deterministic given their seed, so that a game replays identically.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from protocol.asks import typed_options
from protocol.choices import SEPARATOR, Choice, RequestSpec
from protocol.registry import get_schema


class View(Protocol):
    """What one seat knows, folded from that seat's events."""

    def apply(self, kind: str, data: dict[str, Any]) -> None: ...


class NullView:
    """A view that keeps nothing (for bots that only read requests)."""

    def apply(self, kind: str, data: dict[str, Any]) -> None:
        return None


class Bot:
    name = "bot"
    # Whether decide() reads the view. Hosts skip folding events for bots that do not.
    uses_view = True
    # The game this bot plays ("sanguosha", "harmony", ...): `options` reads its contracts.
    # "" for a bot of any game (such a bot reads `request.options` as they are).
    game = ""

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.view: View = view if view is not None else NullView()

    def on_event(self, kind: str, data: dict[str, Any]) -> None:
        self.view.apply(kind, data)

    def decide(self, request: RequestSpec, view: View) -> Choice:
        raise NotImplementedError

    def options(self, request: RequestSpec) -> list[Any]:
        """`request.options` as the typed dataclasses of its kind's contract
        (`protocol.asks.typed_options` with the schema of `self.game`), index for index: the
        reply to a `choice` request is the index of the option chosen in this list. For a
        `product` request, one typed list per axis."""
        if not self.game:
            raise ValueError(
                f"{type(self).__name__}.game is not set: options need a game; set it on the "
                'class, e.g. `game = "sanguosha"`'
            )
        return typed_options(get_schema(self.game), request)


def random_legal(request: RequestSpec, rng: random.Random) -> Choice:
    """A uniformly random legal reply (never cancels when something else is legal)."""
    form = request.form
    if form == "choice":
        if not request.options:
            return None
        return rng.randrange(len(request.options))
    if form == "subset":
        n = len(request.options)
        hi = min(request.max, n)
        k = rng.randint(request.min, hi) if hi >= request.min else request.min
        return sorted(rng.sample(range(n), k))
    if form == "product":
        return [rng.randrange(len(axis)) for axis in request.options]
    if form == "arrange":
        return random_arrangement(request, rng)
    raise ValueError(f"unknown request form {form!r}")


def random_arrangement(request: RequestSpec, rng: random.Random) -> list[int]:
    """Every item once, in a random order, split into the piles at random within their bounds."""
    items = list(range(len(request.options)))
    rng.shuffle(items)
    sizes = [int(p["min"]) for p in request.piles]
    for _ in range(len(items) - sum(sizes)):
        room = [k for k, p in enumerate(request.piles) if sizes[k] < int(p["max"])]
        sizes[rng.choice(room)] += 1
    out: list[int] = []
    for k, size in enumerate(sizes):
        if k:
            out.append(SEPARATOR)
        out.extend(items[:size])
        items = items[size:]
    return out
