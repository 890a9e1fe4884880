"""What a settlement is: a generator frame on the engine's stack.

A settlement yields a `RequestSpec` (and receives the legal reply), a child settlement (and
receives the child's return value) or a `Together` (and receives the return values of
settlements run side by side, in order); it returns its own result.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

Settlement = Generator[Any, Any, Any]


class Together:
    """Yielded by a frame (`g.together(...)`): run these settlements side by side."""

    __slots__ = ("settlements",)

    def __init__(self, settlements: list[Settlement]) -> None:
        self.settlements = settlements


class Checkpoint:
    """Yielded by the bottom frame (`g.checkpoint(resume, *args)`): from here on, this frame does
    exactly what `resume(g, *args)` would do, started on the state as it is now. `args` are plain
    data (they are kept, never copied)."""

    __slots__ = ("args", "resume")

    def __init__(self, resume: Callable[..., Settlement], args: tuple[Any, ...]) -> None:
        self.resume = resume
        self.args = args
