"""Carcassonne's request contracts (`protocol.registry.Ask`): what each request decides, the
shape of its options, its default. The reference, the typed options and the JSON Schema are made
from these."""

from __future__ import annotations

from dataclasses import dataclass

from protocol.registry import Ask
from protocol.shapes import Row, note


@dataclass(frozen=True)
class Placement(Row):
    """Where the drawn tile goes and how it is turned."""

    x: int = note("column: x grows east; the start tile is at 0, 0")
    y: int = note("row: y grows north")
    rotation: int = note("0..3 clockwise quarter turns (0, 90, 180, 270 degrees)")


ASKS: dict[str, Ask] = {
    "place_tile": Ask(
        info={
            "tile": "the tile kind drawn, a letter A..X (rules 3.1)",
            "left": "tiles left in the stack after this one",
        },
        decides="where to place the tile you drew (`info.tile`) and its rotation",
        form="choice",
        option=Placement,
        default="index 0: the first legal placement",
        reply="the index of a placement; every option fits the board (rules 7.1)",
    ),
    "deploy": Ask(
        info={
            "tile": "the tile kind just placed",
            "x": "its column",
            "y": "its row",
            "rotation": "its rotation, 0..3 quarter turns",
            "supply": "followers you have left",
            "segments": "each free segment's feature: {name: road, city, cloister or field}",
        },
        decides=(
            "whether to deploy a follower on a free segment of the tile just placed, and on "
            "which (`info.segments` gives each one's feature: road, city, cloister, field)"
        ),
        form="choice",
        option=str,
        default='the last option, "skip": deploy none',
        reply=(
            'the index of a segment name ("C1", "R2", "F1", "CL"; numbering of rules 3.1), '
            'or of the last option, "skip"'
        ),
    ),
}
