"""Requests and the legality of replies, shared by the game agent and every client.

A request states what is legal in one of three forms, never as a flat product of choices:

``choice``   ``options`` is a list; the reply is one index ``i`` (0 <= i < len(options)).
``subset``   ``options`` is a list; the reply is a strictly increasing list of indices whose
             length lies in ``[min, max]`` (e.g. "discard 2 of these", "1-3 targets").
``product``  ``options`` is a list of axes (each a non-empty list); the reply has one index per
             axis and every combination is legal (e.g. Harmony's cell x role x element).
``arrange``  ``options`` is a list of items and ``piles`` names the piles to sort them into
             (each ``{"name", "min", "max"}``); the reply lists item indices pile by pile, in
             order, with ``-1`` between two piles: every item exactly once, each pile's size
             within its bounds (e.g. Guanxing's top and bottom, Yiji's cards per player).

When ``cancel`` is true the reply may also be nil: "back" (undo the choice that opened this
follow-up request) or "decline". ``default`` is always a legal reply; it is applied when a
deadline passes or a seat is disconnected.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Choice = int | list[int] | None

FORMS = ("choice", "subset", "product", "arrange")
SEPARATOR = -1  # between two piles in an `arrange` reply


@dataclass(slots=True)
class RequestSpec:
    """One pending decision. `id` is the game's decision number (0, 1, 2, ...)."""

    id: int
    seat: int
    kind: str
    form: str
    options: list[Any]
    default: Choice
    min: int = 1
    max: int = 1
    cancel: bool = False
    info: dict[str, Any] = field(default_factory=dict)
    piles: list[dict[str, Any]] = field(default_factory=list)  # `arrange` only
    # A concealed response window's request (`game_agent.engine.windows.window_request`): a
    # table may hold its reply back until the window's minimum duration has passed. Known to
    # the game agent only: never on the wire nor in the log, and not compared.
    window: bool = field(default=False, compare=False, repr=False)

    def to_wire(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seat": self.seat,
            "kind": self.kind,
            "form": self.form,
            "options": self.options,
            "min": self.min,
            "max": self.max,
            "cancel": self.cancel,
            "default": self.default,
            "info": self.info,
            "piles": self.piles,
        }


INDICES = " (a reply is made of indices into options, not of the options' values)"


def check_choice(req: RequestSpec, choice: object) -> str | None:
    """Return None when `choice` is a legal reply to `req`, else the reason it is not."""
    if choice is None:
        return None if req.cancel else "this request cannot be cancelled (nil is not allowed)"
    form = req.form
    if form == "choice":
        if type(choice) is not int:
            return f"a 'choice' request takes one integer index, got {type(choice).__name__}"
        if not 0 <= choice < len(req.options):
            return f"index {choice} is out of range 0..{len(req.options) - 1}{INDICES}"
        return None
    if type(choice) is not list or any(type(i) is not int for i in choice):
        return f"a '{form}' request takes a list of integer indices"
    if form == "subset":
        if not req.min <= len(choice) <= req.max:
            return f"choose between {req.min} and {req.max} items, got {len(choice)}"
        prev = -1
        for i in choice:
            if i <= prev:
                return "indices must be strictly increasing (no repeats)"
            prev = i
        if choice and choice[-1] >= len(req.options):
            return f"index {choice[-1]} is out of range 0..{len(req.options) - 1}{INDICES}"
        return None
    if form == "product":
        axes = req.options
        if len(choice) != len(axes):
            return f"give one index per axis ({len(axes)}), got {len(choice)}"
        for n, (i, axis) in enumerate(zip(choice, axes, strict=True)):
            if not 0 <= i < len(axis):
                return f"axis {n}: index {i} is out of range 0..{len(axis) - 1}"
        return None
    if form == "arrange":
        return _check_arrangement(req, choice)
    return f"unknown request form {form!r}"


def split_piles(choice: list[int]) -> list[list[int]]:
    """An `arrange` reply -> the item indices of each pile, in order."""
    piles: list[list[int]] = [[]]
    for i in choice:
        if i == SEPARATOR:
            piles.append([])
        else:
            piles[-1].append(i)
    return piles


def _check_arrangement(req: RequestSpec, choice: list[int]) -> str | None:
    piles = split_piles(choice)
    if len(piles) != len(req.piles):
        return f"give {len(req.piles)} piles separated by {SEPARATOR}, got {len(piles)}"
    items = [i for pile in piles for i in pile]
    if sorted(items) != list(range(len(req.options))):
        return f"place every item (0..{len(req.options) - 1}) exactly once"
    for pile, spec in zip(piles, req.piles, strict=True):
        if not spec["min"] <= len(pile) <= spec["max"]:
            return (
                f"pile {spec['name']!r} takes {spec['min']} to {spec['max']} items, got {len(pile)}"
            )
    return None
