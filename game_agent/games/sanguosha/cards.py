"""The declarative card table: the 108 physical cards (104 standard + 4 EX), rules §1.3-1.4.

A card id is its key in `DECK`, written beside its row (0-107 for the standard deck, in the order
of §1.4): a card added to the table takes a new id and shifts none (logs name cards by id). Ids
never change between games, so a hidden move must not name an id to seats that may not see the
card (see `zones.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from protocol.games.sanguosha.catalogue import (
    KINDS,
    RANK_SIGN,
    RED,
    SUIT_SIGN,
    SUITS,
)

# §1.4, by suit then rank: id -> (suit, rank, name, ex).
_S, _H, _C, _D = SUITS
DECK: dict[int, tuple[str, int, str, bool]] = {
    0: (_S, 1, "duel", False),
    1: (_S, 1, "lightning", False),
    2: (_S, 2, "double_swords", False),
    3: (_S, 2, "eight_diagram", False),
    4: (_S, 2, "ice_sword", True),
    5: (_S, 3, "dismantlement", False),
    6: (_S, 3, "snatch", False),
    7: (_S, 4, "dismantlement", False),
    8: (_S, 4, "snatch", False),
    9: (_S, 5, "blade", False),
    10: (_S, 5, "jueying", False),
    11: (_S, 6, "indulgence", False),
    12: (_S, 6, "qinggang_sword", False),
    13: (_S, 7, "savage_assault", False),
    14: (_S, 7, "slash", False),
    15: (_S, 8, "slash", False),
    16: (_S, 8, "slash", False),
    17: (_S, 9, "slash", False),
    18: (_S, 9, "slash", False),
    19: (_S, 10, "slash", False),
    20: (_S, 10, "slash", False),
    21: (_S, 11, "nullification", False),
    22: (_S, 11, "snatch", False),
    23: (_S, 12, "dismantlement", False),
    24: (_S, 12, "spear", False),
    25: (_S, 13, "dayuan", False),
    26: (_S, 13, "savage_assault", False),
    27: (_H, 1, "archery_attack", False),
    28: (_H, 1, "god_salvation", False),
    29: (_H, 2, "dodge", False),
    30: (_H, 2, "dodge", False),
    31: (_H, 3, "amazing_grace", False),
    32: (_H, 3, "peach", False),
    33: (_H, 4, "amazing_grace", False),
    34: (_H, 4, "peach", False),
    35: (_H, 5, "chitu", False),
    36: (_H, 5, "kylin_bow", False),
    37: (_H, 6, "indulgence", False),
    38: (_H, 6, "peach", False),
    39: (_H, 7, "ex_nihilo", False),
    40: (_H, 7, "peach", False),
    41: (_H, 8, "ex_nihilo", False),
    42: (_H, 8, "peach", False),
    43: (_H, 9, "ex_nihilo", False),
    44: (_H, 9, "peach", False),
    45: (_H, 10, "slash", False),
    46: (_H, 10, "slash", False),
    47: (_H, 11, "ex_nihilo", False),
    48: (_H, 11, "slash", False),
    49: (_H, 12, "dismantlement", False),
    50: (_H, 12, "peach", False),
    51: (_H, 12, "lightning", True),
    52: (_H, 13, "dodge", False),
    53: (_H, 13, "zhuahuangfeidian", False),
    54: (_C, 1, "crossbow", False),
    55: (_C, 1, "duel", False),
    56: (_C, 2, "eight_diagram", False),
    57: (_C, 2, "slash", False),
    58: (_C, 2, "nioh_shield", True),
    59: (_C, 3, "dismantlement", False),
    60: (_C, 3, "slash", False),
    61: (_C, 4, "dismantlement", False),
    62: (_C, 4, "slash", False),
    63: (_C, 5, "dilu", False),
    64: (_C, 5, "slash", False),
    65: (_C, 6, "indulgence", False),
    66: (_C, 6, "slash", False),
    67: (_C, 7, "savage_assault", False),
    68: (_C, 7, "slash", False),
    69: (_C, 8, "slash", False),
    70: (_C, 8, "slash", False),
    71: (_C, 9, "slash", False),
    72: (_C, 9, "slash", False),
    73: (_C, 10, "slash", False),
    74: (_C, 10, "slash", False),
    75: (_C, 11, "slash", False),
    76: (_C, 11, "slash", False),
    77: (_C, 12, "collateral", False),
    78: (_C, 12, "nullification", False),
    79: (_C, 13, "collateral", False),
    80: (_C, 13, "nullification", False),
    81: (_D, 1, "crossbow", False),
    82: (_D, 1, "duel", False),
    83: (_D, 2, "dodge", False),
    84: (_D, 2, "dodge", False),
    85: (_D, 3, "dodge", False),
    86: (_D, 3, "snatch", False),
    87: (_D, 4, "dodge", False),
    88: (_D, 4, "snatch", False),
    89: (_D, 5, "axe", False),
    90: (_D, 5, "dodge", False),
    91: (_D, 6, "dodge", False),
    92: (_D, 6, "slash", False),
    93: (_D, 7, "dodge", False),
    94: (_D, 7, "slash", False),
    95: (_D, 8, "dodge", False),
    96: (_D, 8, "slash", False),
    97: (_D, 9, "dodge", False),
    98: (_D, 9, "slash", False),
    99: (_D, 10, "dodge", False),
    100: (_D, 10, "slash", False),
    101: (_D, 11, "dodge", False),
    102: (_D, 11, "dodge", False),
    103: (_D, 12, "halberd", False),
    104: (_D, 12, "peach", False),
    105: (_D, 12, "nullification", True),
    106: (_D, 13, "slash", False),
    107: (_D, 13, "zixing", False),
}

NAME: dict[int, str] = {i: row[2] for i, row in DECK.items()}
SUIT: dict[int, str] = {i: row[0] for i, row in DECK.items()}
RANK: dict[int, int] = {i: row[1] for i, row in DECK.items()}
# The full descriptor of each card, as events and requests carry it. Shared, never mutated.
DESC: dict[int, dict[str, Any]] = {
    i: {"id": i, "suit": s, "rank": r, "name": n} for i, (s, r, n, _ex) in DECK.items()
}
STANDARD_IDS: tuple[int, ...] = tuple(i for i, row in DECK.items() if not row[3])
ALL_IDS: tuple[int, ...] = tuple(DECK)


def deck_ids(ex_cards: bool) -> list[int]:
    return list(ALL_IDS if ex_cards else STANDARD_IDS)


def color_of(suit: str) -> str:
    if suit in RED:
        return "red"
    return "black" if suit in ("spade", "club") else "none"


def rank_text(rank: int) -> str:
    return RANK_SIGN.get(rank, str(rank)) if rank else ""


def card_text(desc: dict[str, Any]) -> str:
    """`♠7 Slash`; a virtual card without suit gives just its title."""
    k = KINDS.get(desc["name"])
    title = k.title if k else desc["name"]
    suit = SUIT_SIGN.get(desc.get("suit", "none"), "")
    return f"{suit}{rank_text(desc.get('rank', 0))} {title}".strip()


def parse_card_spec(spec: str) -> tuple[str, str | None, int | None]:
    """`slash`, `slash/spade/7`, `slash:spade:7` -> (name, suit, rank)."""
    parts = spec.replace(":", "/").split("/")
    name = parts[0].strip()
    suit = parts[1].strip() if len(parts) > 1 and parts[1].strip() else None
    rank: int | None = None
    if len(parts) > 2 and parts[2].strip():
        r = parts[2].strip().upper()
        rank = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(r) or int(r)
    return name, suit, rank


@dataclass(frozen=True, slots=True)
class VCard:
    """A card as used or played: a real card (one sub-card), a converted card (several or
    other sub-cards, e.g. Spear) or a virtual one (no sub-card, e.g. Eight Diagram's Dodge)."""

    name: str
    suit: str
    color: str
    rank: int
    subcards: tuple[int, ...]
    skill: str = ""  # the conversion or equipment that produced it, if any

    def desc(self) -> dict[str, Any]:
        return {"name": self.name, "suit": self.suit, "color": self.color, "rank": self.rank}


def _real(cid: int) -> VCard:
    s = SUIT[cid]
    return VCard(NAME[cid], s, color_of(s), RANK[cid], (cid,))


# Each physical card as itself (a VCard is immutable, so one per card serves every use).
REAL: dict[int, VCard] = {cid: _real(cid) for cid in DECK}


def real(cid: int) -> VCard:
    return REAL[cid]


def converted(name: str, subcards: tuple[int, ...], skill: str) -> VCard:
    """Suit and colour from the sub-cards: one suit if all agree, mixed colours give 'none'."""
    if not subcards:
        return VCard(name, "none", "none", 0, (), skill)
    suits = {SUIT[c] for c in subcards}
    colors = {color_of(s) for s in suits}
    suit = suits.pop() if len(suits) == 1 else "none"
    color = colors.pop() if len(colors) == 1 else "none"
    rank = RANK[subcards[0]] if len(subcards) == 1 else 0
    return VCard(name, suit, color, rank, subcards, skill)
