"""A search bot's options, from its spec (`mcts:iterations=200:c=0.7`), validated with
one-line errors (`ValueError`, which `user_agent.bots.resolve` turns into a usage error)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

MAX_ITERATIONS = 100_000
MAX_TIME = 60.0  # seconds per decision
MAX_DEPTH = 1_000


@dataclass(frozen=True)
class Budget:
    """Per decision: `iterations` samples searched, or as many as fit in `time` seconds (when
    given, `time` replaces the iteration count: the search then depends on the machine's speed
    and is not deterministic). `c`: UCB's exploration constant; `depth`: decisions played out
    after the tree before the heuristic evaluation; `widen`: progressive widening, children
    considered = ceil(widen * visits ** 0.5) (0: every child at once); `keep`: the root's
    lead (the base bot's reply, else the prior's first) is played unless the search found a
    reply better on average by more than this."""

    iterations: int
    time: float | None = None
    c: float = 0.7
    depth: int = 20
    widen: float = 2.0
    keep: float = 0.0

    @property
    def deterministic(self) -> bool:
        return self.time is None


def _int(lo: int, hi: int) -> Callable[[str, str], int]:
    def read(key: str, text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{key} is a whole number, got {text!r}") from None
        if not lo <= value <= hi:
            raise ValueError(f"{key} is {lo}..{hi}, got {value}")
        return value

    return read


def _float(lo: float, hi: float, open_low: bool = False) -> Callable[[str, str], float]:
    def read(key: str, text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"{key} is a number, got {text!r}") from None
        if not (lo < value if open_low else lo <= value) or not value <= hi:
            bound = f"more than {lo:g} and at most {hi:g}" if open_low else f"{lo:g}..{hi:g}"
            raise ValueError(f"{key} is {bound}, got {text}")
        return value

    return read


OPTIONS: dict[str, Callable[[str, str], Any]] = {
    "iterations": _int(1, MAX_ITERATIONS),
    "time": _float(0.0, MAX_TIME, open_low=True),
    "c": _float(0.0, 10.0),
    "depth": _int(0, MAX_DEPTH),
    "widen": _float(0.0, 100.0),
    "keep": _float(0.0, 1.0),
}


def parse(options: Mapping[str, str], default: Budget) -> Budget:
    """`options` (key -> text) over `default`; `ValueError` names the first bad one."""
    values: dict[str, Any] = {}
    for key, text in options.items():
        read = OPTIONS.get(key)
        if read is None:
            raise ValueError(f"unknown option {key!r} (options: {', '.join(OPTIONS)})")
        values[key] = read(key, text)
    if "iterations" in values and "time" in values:
        raise ValueError("give iterations or time, not both")
    return Budget(
        iterations=values.get("iterations", default.iterations),
        time=values.get("time", default.time),
        c=values.get("c", default.c),
        depth=values.get("depth", default.depth),
        widen=values.get("widen", default.widen),
        keep=values.get("keep", default.keep),
    )
