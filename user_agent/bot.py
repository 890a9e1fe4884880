"""The bot SDK. Subclass `Bot`, implement `decide`; `on_event` keeps the seat's view current.

A bot sees exactly what its seat may see: the events of its seat's view (in order) and the
requests addressed to it. The same bot runs in-process (`sgs sim`) and over the wire
(`sgs bot`). Bots must be deterministic given their seed, so that a game replays identically.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

from protocol.asks import typed_options
from protocol.choices import SEPARATOR, Choice, RequestSpec
from protocol.registry import get_schema


class View(Protocol):
    """What one seat knows, folded from that seat's events."""

    def apply(self, kind: str, data: dict[str, Any]) -> None: ...


class Sampler(Protocol):
    """What an in-process host gives a bot that searches (`Bot.wants_sampler`): samples of the
    live game as the bot's seat may know it, and nothing else of that game.

    `sample(seed)` is `live_game.determinize(bot_seat, seed)`: an independent game (the engine's
    `game_agent.engine.Game`, typed `Any` here so that the SDK loads no engine) in which
    everything the seat has not seen is dealt again from `seed`. It may be taken only while the
    bot is deciding its own request (`decide`); it raises otherwise, and where the game cannot
    be sampled (a window asked to several seats at once that names others' cards). Over the
    wire (`sgs bot`) there is no sampler."""

    def sample(self, seed: int) -> Any: ...


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
    # Whether the bot searches on samples of the live game: an in-process host (`sgs sim`,
    # `sgs arena`) then sets `self.sampler` before the first event; over the wire (`sgs bot`,
    # `sgs serve --bots`) such a bot is refused, since no sampler can be given there.
    wants_sampler: ClassVar[bool] = False

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.view: View = view if view is not None else NullView()
        self.sampler: Sampler | None = None

    @classmethod
    def configure(cls, game: str, options: Mapping[str, str]) -> type[Bot]:
        """The class to play `game` with `options` (from a bot spec `name:key=value:...`, see
        `user_agent.bots.resolve`). A bot that takes options overrides this and raises
        `ValueError` (one line) for a bad one; by default a bot takes none."""
        if options:
            keys = ", ".join(sorted(options))
            raise ValueError(f"bot {cls.name!r} takes no options (got {keys})")
        return cls

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
