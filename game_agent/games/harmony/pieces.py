"""Roles, elements and the element cycle (rules 2.2 and 2.3), as plain tables.

A piece is one small int, ``role * 4 + element``, so the attack resolution can index tables
directly. ``EMPTY`` (-1) marks an empty cell.

Roles: 0 Titan ``T``, 1 Warrior ``W``, 2 Archer ``A``, 3 Mage ``M``.
Elements, in cycle order: 0 Water ``w``, 1 Fire ``f``, 2 Earth ``e``, 3 Lightning ``l``.
"""

from __future__ import annotations

from dataclasses import dataclass

from protocol.games.harmony.schema import ELEMENT_CODES, ROLE_CODES, ROLE_NAMES

EMPTY = -1

TITAN, WARRIOR, ARCHER, MAGE = range(4)
WATER, FIRE, EARTH, LIGHTNING = range(4)


@dataclass(frozen=True, slots=True)
class Role:
    code: str
    name: str
    damage: int  # per attack stream
    defence: int  # pool per attack phase
    skips_first: bool  # archer: ignores the first enemy piece of its lane
    side_lanes: bool  # mage: hits the adjacent lanes instead of its own


ROLES: tuple[Role, ...] = (
    Role("T", ROLE_NAMES["T"], damage=1, defence=3, skips_first=False, side_lanes=False),
    Role("W", ROLE_NAMES["W"], damage=2, defence=2, skips_first=False, side_lanes=False),
    Role("A", ROLE_NAMES["A"], damage=3, defence=1, skips_first=True, side_lanes=False),
    Role("M", ROLE_NAMES["M"], damage=2, defence=1, skips_first=False, side_lanes=True),
)
assert tuple(r.code for r in ROLES) == ROLE_CODES
ELEMENTS: tuple[str, ...] = ELEMENT_CODES

ROLE_INDEX = {code: i for i, code in enumerate(ROLE_CODES)}
ELEMENT_INDEX = {code: i for i, code in enumerate(ELEMENT_CODES)}


def strong(x: int, y: int) -> bool:
    """Element ``x`` is strong against ``y``: ``y`` follows ``x`` in the cycle w -> f -> e -> l."""
    return y == (x + 1) % 4


def modifier(attacker: int, defender: int) -> int:
    """The elemental modifier at first contact: +1 bonus, -1 elemental defence, else 0."""
    if strong(attacker, defender):
        return 1
    if strong(defender, attacker):
        return -1
    return 0


# MODIFIER[attacker element][defender element], the table of rule 2.3.
MODIFIER: tuple[tuple[int, ...], ...] = tuple(
    tuple(modifier(a, d) for d in range(4)) for a in range(4)
)

# Per piece id (0..15): role, element, damage, defence.
PIECE_DAMAGE: tuple[int, ...] = tuple(ROLES[p // 4].damage for p in range(16))
PIECE_DEFENCE: tuple[int, ...] = tuple(ROLES[p // 4].defence for p in range(16))
PIECE_CODES: tuple[str, ...] = tuple(ROLE_CODES[p // 4] + ELEMENT_CODES[p % 4] for p in range(16))
PIECE_INDEX: dict[str, int] = {code: p for p, code in enumerate(PIECE_CODES)}


def piece(role: int, element: int) -> int:
    return role * 4 + element


def parse_piece(code: str) -> int:
    """``Af`` -> the piece id; raises ValueError on anything else."""
    try:
        return PIECE_INDEX[code]
    except KeyError:
        raise ValueError(
            f"unknown piece {code!r}: a role letter (T W A M) and an element letter (w f e l)"
        ) from None
