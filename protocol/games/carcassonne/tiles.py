"""The 72 land tiles (rules sections 2 and 3) as a declarative table, and rotation by data.

Sides are 0..3 = ``N E S W``. Ports are 0..11, clockwise from the north-west corner (rules 2.2):
``Nw N Ne En E Es Se S Sw Ws W Wn``; side ``s`` holds ports ``3s`` (its clockwise-first end),
``3s + 1`` (its middle) and ``3s + 2``. A clockwise quarter turn adds 3
to a port and 1 to a side, so rotation ``r`` (quarter turns, 0..3) is ``(p + 3r) % 12``.

A tile kind lists its edges (``N E S W`` as ``C``/``R``/``F``) and its segments in canonical
orientation. A segment has a name unique on its tile (``C1``, ``R1``, ``F1``, ``CL`` for the
cloister), a type, the ports it owns (a city owns all three ports of each of its sides, a road
the middle port of each of its sides, a field the ports listed) and, for a field, the names of
the city segments of the same tile it borders (farm scoring).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

SegmentType = Literal["city", "road", "field", "cloister"]
CITY: SegmentType = "city"
ROAD: SegmentType = "road"
FIELD: SegmentType = "field"
CLOISTER: SegmentType = "cloister"

SIDES: tuple[str, ...] = ("N", "E", "S", "W")
PORTS: tuple[str, ...] = ("Nw", "N", "Ne", "En", "E", "Es", "Se", "S", "Sw", "Ws", "W", "Wn")
PORT_INDEX: dict[str, int] = {name: i for i, name in enumerate(PORTS)}
SIDE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SIDES)}


def side_of(port: int) -> int:
    return port // 3


def side_ports(side: int) -> tuple[int, int, int]:
    return (3 * side, 3 * side + 1, 3 * side + 2)


def middle_port(side: int) -> int:
    return 3 * side + 1


def facing_port(port: int) -> int:
    """The port of the neighbouring tile that touches ``port`` across the shared side.

    ``Nw-Sw``, ``N-S``, ``Ne-Se``; ``En-Wn``, ``E-W``, ``Es-Ws`` (rules 2.2), and back.
    """
    side, k = divmod(port, 3)
    return 3 * ((side + 2) % 4) + (2 - k)


def rotate_port(port: int, r: int) -> int:
    """``port`` after ``r`` clockwise quarter turns."""
    return (port + 3 * r) % 12


def rotate_side(side: int, r: int) -> int:
    return (side + r) % 4


@dataclass(frozen=True, slots=True)
class Segment:
    name: str
    type: SegmentType
    ports: frozenset[int]
    pennant: bool = False
    borders: frozenset[str] = frozenset()  # fields only: city segments of this tile it borders

    @property
    def sides(self) -> frozenset[int]:
        """The sides this segment reaches (cities and roads)."""
        return frozenset(side_of(p) for p in self.ports)

    def rotated(self, r: int) -> Segment:
        return Segment(
            self.name,
            self.type,
            frozenset(rotate_port(p, r) for p in self.ports),
            self.pennant,
            self.borders,
        )


@dataclass(frozen=True, slots=True)
class TileKind:
    letter: str
    count: int
    edges: str  # "NESW" in canonical orientation
    segments: tuple[Segment, ...]
    description: str

    @property
    def cloister(self) -> bool:
        return any(s.type == CLOISTER for s in self.segments)

    @property
    def pennants(self) -> int:
        return sum(1 for s in self.segments if s.pennant)


# ---- the table's vocabulary (each returns an unnamed segment; `_kind` names them) --------------


def _city(sides: str, pennant: bool = False) -> Segment:
    ports = frozenset(p for s in sides.split() for p in side_ports(SIDE_INDEX[s]))
    return Segment("", CITY, ports, pennant)


def _road(sides: str) -> Segment:
    return Segment("", ROAD, frozenset(middle_port(SIDE_INDEX[s]) for s in sides.split()))


def _field(ports: str, borders: str = "") -> Segment:
    owned = frozenset(PORT_INDEX[p] for p in ports.split())
    return Segment("", FIELD, owned, False, frozenset(borders.split()))


def _cloister() -> Segment:
    return Segment("", CLOISTER, frozenset())


_PREFIX = {CITY: "C", ROAD: "R", FIELD: "F"}


def _kind(letter: str, count: int, edges: str, description: str, *segs: Segment) -> TileKind:
    numbered: list[Segment] = []
    seen: dict[str, int] = {}
    for s in segs:
        if s.type == CLOISTER:
            name = "CL"
        else:
            seen[s.type] = seen.get(s.type, 0) + 1
            name = f"{_PREFIX[s.type]}{seen[s.type]}"
        numbered.append(Segment(name, s.type, s.ports, s.pennant, s.borders))
    return TileKind(letter, count, edges, tuple(numbered), description)


ALL_PORTS = " ".join(PORTS)

# Rules 3 and 3.1, canonical orientation. Field borders name city segments of the same tile.
KINDS: tuple[TileKind, ...] = (
    _kind("A", 2, "FFRF", "cloister, road leaving south",
          _cloister(), _road("S"), _field("Nw N Ne En E Es Se Sw Ws W Wn")),
    _kind("B", 4, "FFFF", "cloister in a field", _cloister(), _field(ALL_PORTS)),
    _kind("C", 1, "CCCC", "city filling the tile", _city("N E S W", pennant=True)),
    _kind("D", 4, "CRFR", "city cap north, straight road west-east (start tile)",
          _city("N"), _road("W E"), _field("En Wn", "C1"), _field("Es Se S Sw Ws")),
    _kind("E", 5, "CFFF", "city cap north",
          _city("N"), _field("En E Es Se S Sw Ws W Wn", "C1")),
    _kind("F", 2, "FCFC", "city band west-east, pennant",
          _city("W E", pennant=True), _field("Nw N Ne", "C1"), _field("Se S Sw", "C1")),
    _kind("G", 1, "FCFC", "city band west-east",
          _city("W E"), _field("Nw N Ne", "C1"), _field("Se S Sw", "C1")),
    _kind("H", 3, "FCFC", "two separate caps west and east",
          _city("W"), _city("E"), _field("Nw N Ne Se S Sw", "C1 C2")),
    _kind("I", 2, "CFFC", "two separate caps north and west",
          _city("N"), _city("W"), _field("En E Es Se S Sw", "C1 C2")),
    _kind("J", 3, "CRRF", "city cap north, road east to south",
          _city("N"), _road("E S"), _field("En Sw Ws W Wn", "C1"), _field("Es Se")),
    _kind("K", 3, "CFRR", "city cap north, road south to west",
          _city("N"), _road("S W"), _field("En E Es Se Wn", "C1"), _field("Sw Ws")),
    _kind("L", 3, "CRRR", "city cap north, junction of three roads",
          _city("N"), _road("E"), _road("S"), _road("W"),
          _field("En Wn", "C1"), _field("Es Se"), _field("Sw Ws")),
    _kind("M", 2, "CCFF", "city north and east, pennant",
          _city("N E", pennant=True), _field("Se S Sw Ws W Wn", "C1")),
    _kind("N", 3, "CCFF", "city north and east",
          _city("N E"), _field("Se S Sw Ws W Wn", "C1")),
    _kind("O", 2, "CRRC", "city north and west, pennant, road east to south",
          _city("N W", pennant=True), _road("E S"), _field("En Sw", "C1"), _field("Es Se")),
    _kind("P", 3, "CRRC", "city north and west, road east to south",
          _city("N W"), _road("E S"), _field("En Sw", "C1"), _field("Es Se")),
    _kind("Q", 1, "CCFC", "city north, east and west, pennant",
          _city("N E W", pennant=True), _field("Se S Sw", "C1")),
    _kind("R", 3, "CCFC", "city north, east and west",
          _city("N E W"), _field("Se S Sw", "C1")),
    _kind("S", 2, "CCRC", "city north, east and west, pennant, road from the south",
          _city("N E W", pennant=True), _road("S"), _field("Sw", "C1"), _field("Se", "C1")),
    _kind("T", 1, "CCRC", "city north, east and west, road from the south",
          _city("N E W"), _road("S"), _field("Sw", "C1"), _field("Se", "C1")),
    _kind("U", 8, "RFRF", "straight road north-south",
          _road("N S"), _field("Ne En E Es Se"), _field("Sw Ws W Wn Nw")),
    _kind("V", 9, "FFRR", "road bending south to west",
          _road("S W"), _field("Sw Ws"), _field("Nw N Ne En E Es Se Wn")),
    _kind("W", 4, "FRRR", "junction of three roads",
          _road("E"), _road("S"), _road("W"),
          _field("Wn Nw N Ne En"), _field("Es Se"), _field("Sw Ws")),
    _kind("X", 1, "RRRR", "crossroads of four roads",
          _road("N"), _road("E"), _road("S"), _road("W"),
          _field("Ne En"), _field("Es Se"), _field("Sw Ws"), _field("Wn Nw")),
)  # fmt: skip

KIND: dict[str, TileKind] = {k.letter: k for k in KINDS}

START_KIND = "D"
START_POSITION = (0, 0)
START_ROTATION = 0
N_TILES = sum(k.count for k in KINDS)


@dataclass(frozen=True, slots=True)
class Oriented:
    """A kind at one rotation: edges ``N E S W``, segments with rotated ports, port owners."""

    letter: str
    rotation: int
    edges: str
    segments: tuple[Segment, ...]
    owner: tuple[str | None, ...]  # per port: the segment owning it (None: no segment)
    sides: dict[str, frozenset[int]]  # per segment name: the sides it reaches

    def segment(self, name: str) -> Segment:
        for s in self.segments:
            if s.name == name:
                return s
        raise KeyError(f"tile {self.letter} has no segment {name!r}")


def rotate_edges(edges: str, r: int) -> str:
    """Clockwise: what was on side ``s`` goes to side ``s + r``."""
    out = [""] * 4
    for s, e in enumerate(edges):
        out[rotate_side(s, r)] = e
    return "".join(out)


def _orient(kind: TileKind, r: int) -> Oriented:
    segments = tuple(s.rotated(r) for s in kind.segments)
    owner: list[str | None] = [None] * 12
    for s in segments:
        for p in s.ports:
            owner[p] = s.name
    sides = {s.name: s.sides for s in segments}
    return Oriented(kind.letter, r, rotate_edges(kind.edges, r), segments, tuple(owner), sides)


ORIENTED: dict[tuple[str, int], Oriented] = {
    (k.letter, r): _orient(k, r) for k in KINDS for r in range(4)
}


def oriented(letter: str, r: int) -> Oriented:
    """Kind ``letter`` at ``r`` clockwise quarter turns (0..3)."""
    return ORIENTED[(letter, r % 4)]


def edges_from_segments(kind: TileKind) -> str:
    """The edges a kind's segments imply: a city side is C, a road's middle port R, else F."""
    out = []
    for side in range(4):
        owners = {s.type for s in kind.segments for p in s.ports if side_of(p) == side}
        roads = any(s.type == ROAD and middle_port(side) in s.ports for s in kind.segments)
        out.append("C" if owners == {CITY} else "R" if roads else "F")
    return "".join(out)


def ring_borders(kind: TileKind) -> dict[str, frozenset[str]]:
    """Per field, the city segments it borders by the ring rule of rules 3.1 (a check of the
    declared ``borders``): a field port next to a city port in the clockwise port ring."""
    cities = [s for s in kind.segments if s.type == CITY]
    out: dict[str, frozenset[str]] = {}
    for f in kind.segments:
        if f.type != FIELD:
            continue
        near = {(p + d) % 12 for p in f.ports for d in (-1, 1)}
        out[f.name] = frozenset(c.name for c in cities if c.ports & near)
    return out


def stack_letters() -> list[str]:
    """The 71 tiles of the draw stack (all tiles but the start tile), in table order."""
    out: list[str] = []
    for k in KINDS:
        out.extend([k.letter] * (k.count - (1 if k.letter == START_KIND else 0)))
    return out
