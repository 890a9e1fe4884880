"""The declarative card table: the 108 physical cards (104 standard + 4 EX), rules §1.3-1.4.

A card id is its row in `DECK` (0-107, in the order of §1.4). Ids never change between games, so a
hidden move must not name an id to seats that may not see the card (see `zones.py`).
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

# §1.4, by suit then rank: (suit, rank, name, ex). The row index is the card id.
_S, _H, _C, _D = SUITS
DECK: tuple[tuple[str, int, str, bool], ...] = (
    (_S, 1, "duel", False),
    (_S, 1, "lightning", False),
    (_S, 2, "double_swords", False),
    (_S, 2, "eight_diagram", False),
    (_S, 2, "ice_sword", True),
    (_S, 3, "dismantlement", False),
    (_S, 3, "snatch", False),
    (_S, 4, "dismantlement", False),
    (_S, 4, "snatch", False),
    (_S, 5, "blade", False),
    (_S, 5, "jueying", False),
    (_S, 6, "indulgence", False),
    (_S, 6, "qinggang_sword", False),
    (_S, 7, "savage_assault", False),
    (_S, 7, "slash", False),
    (_S, 8, "slash", False),
    (_S, 8, "slash", False),
    (_S, 9, "slash", False),
    (_S, 9, "slash", False),
    (_S, 10, "slash", False),
    (_S, 10, "slash", False),
    (_S, 11, "nullification", False),
    (_S, 11, "snatch", False),
    (_S, 12, "dismantlement", False),
    (_S, 12, "spear", False),
    (_S, 13, "dayuan", False),
    (_S, 13, "savage_assault", False),
    (_H, 1, "archery_attack", False),
    (_H, 1, "god_salvation", False),
    (_H, 2, "dodge", False),
    (_H, 2, "dodge", False),
    (_H, 3, "amazing_grace", False),
    (_H, 3, "peach", False),
    (_H, 4, "amazing_grace", False),
    (_H, 4, "peach", False),
    (_H, 5, "chitu", False),
    (_H, 5, "kylin_bow", False),
    (_H, 6, "indulgence", False),
    (_H, 6, "peach", False),
    (_H, 7, "ex_nihilo", False),
    (_H, 7, "peach", False),
    (_H, 8, "ex_nihilo", False),
    (_H, 8, "peach", False),
    (_H, 9, "ex_nihilo", False),
    (_H, 9, "peach", False),
    (_H, 10, "slash", False),
    (_H, 10, "slash", False),
    (_H, 11, "ex_nihilo", False),
    (_H, 11, "slash", False),
    (_H, 12, "dismantlement", False),
    (_H, 12, "peach", False),
    (_H, 12, "lightning", True),
    (_H, 13, "dodge", False),
    (_H, 13, "zhuahuangfeidian", False),
    (_C, 1, "crossbow", False),
    (_C, 1, "duel", False),
    (_C, 2, "eight_diagram", False),
    (_C, 2, "slash", False),
    (_C, 2, "nioh_shield", True),
    (_C, 3, "dismantlement", False),
    (_C, 3, "slash", False),
    (_C, 4, "dismantlement", False),
    (_C, 4, "slash", False),
    (_C, 5, "dilu", False),
    (_C, 5, "slash", False),
    (_C, 6, "indulgence", False),
    (_C, 6, "slash", False),
    (_C, 7, "savage_assault", False),
    (_C, 7, "slash", False),
    (_C, 8, "slash", False),
    (_C, 8, "slash", False),
    (_C, 9, "slash", False),
    (_C, 9, "slash", False),
    (_C, 10, "slash", False),
    (_C, 10, "slash", False),
    (_C, 11, "slash", False),
    (_C, 11, "slash", False),
    (_C, 12, "collateral", False),
    (_C, 12, "nullification", False),
    (_C, 13, "collateral", False),
    (_C, 13, "nullification", False),
    (_D, 1, "crossbow", False),
    (_D, 1, "duel", False),
    (_D, 2, "dodge", False),
    (_D, 2, "dodge", False),
    (_D, 3, "dodge", False),
    (_D, 3, "snatch", False),
    (_D, 4, "dodge", False),
    (_D, 4, "snatch", False),
    (_D, 5, "axe", False),
    (_D, 5, "dodge", False),
    (_D, 6, "dodge", False),
    (_D, 6, "slash", False),
    (_D, 7, "dodge", False),
    (_D, 7, "slash", False),
    (_D, 8, "dodge", False),
    (_D, 8, "slash", False),
    (_D, 9, "dodge", False),
    (_D, 9, "slash", False),
    (_D, 10, "dodge", False),
    (_D, 10, "slash", False),
    (_D, 11, "dodge", False),
    (_D, 11, "dodge", False),
    (_D, 12, "halberd", False),
    (_D, 12, "peach", False),
    (_D, 12, "nullification", True),
    (_D, 13, "slash", False),
    (_D, 13, "zixing", False),
)

NAME: tuple[str, ...] = tuple(row[2] for row in DECK)
SUIT: tuple[str, ...] = tuple(row[0] for row in DECK)
RANK: tuple[int, ...] = tuple(row[1] for row in DECK)
# The full descriptor of each card, as events and requests carry it. Shared, never mutated.
DESC: tuple[dict[str, Any], ...] = tuple(
    {"id": i, "suit": s, "rank": r, "name": n} for i, (s, r, n, _ex) in enumerate(DECK)
)
STANDARD_IDS: tuple[int, ...] = tuple(i for i, row in enumerate(DECK) if not row[3])
ALL_IDS: tuple[int, ...] = tuple(range(len(DECK)))


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


def real(cid: int) -> VCard:
    s = SUIT[cid]
    return VCard(NAME[cid], s, color_of(s), RANK[cid], (cid,))


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
