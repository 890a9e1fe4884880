"""A request against its kind's contract (`protocol.registry.Ask`): the form, every option's
shape, and nil allowed only where the contract says what it means. The tests run it over every
request of seeded games, so the reference made from the contracts cannot drift from what the
game agent sends; a bot may run it too, to find a new game version's changes early."""

from __future__ import annotations

from typing import Any

from protocol.choices import RequestSpec
from protocol.registry import GameSchema
from protocol.shapes import check, parse


def request_problem(schema: GameSchema, req: RequestSpec) -> str | None:
    """None when `req` keeps its kind's contract, else what it breaks."""
    where = f"{schema.name} {req.kind}"
    ask = schema.asks.get(req.kind)
    if ask is None:
        return f"{where}: the kind has no contract (Ask)"
    if req.form != ask.form:
        return f"{where}: form {req.form!r}, the contract says {ask.form!r}"
    if req.cancel and not ask.cancel:
        return f"{where}: may be cancelled, but the contract says nothing of what nil means"
    if ask.form == "product":
        if len(req.options) != len(ask.axes):
            return f"{where}: {len(req.options)} axes, the contract names {len(ask.axes)}"
        for a, axis in enumerate(req.options):
            for i, item in enumerate(axis):
                bad = check(ask.option, item, f"axis {a} option {i}")
                if bad:
                    return f"{where}: {bad}"
        return None
    for i, option in enumerate(req.options):
        bad = check(ask.option, option, f"option {i}")
        if bad:
            return f"{where}: {bad}"
    return None


def typed_options(schema: GameSchema, req: RequestSpec) -> list[Any]:
    """`req.options` in their typed form (`protocol.shapes.parse`): dataclasses with attributes
    an editor completes (`option.card.suit`); for `product`, a list of typed axes."""
    ask = schema.ask(req.kind)
    if ask.form == "product":
        return [[parse(ask.option, item) for item in axis] for axis in req.options]
    return [parse(ask.option, option) for option in req.options]
