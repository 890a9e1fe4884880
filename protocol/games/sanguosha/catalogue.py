"""What a Sanguosha client must show and both sides agree on: the card kinds (name, title,
type, subtype, equipment slot and weapon range), suits and rank signs (rules §1.3-1.4).

Data only: the rules (`game_agent.games.sanguosha`) and the client (`user_agent.games.sanguosha`)
both read it from here.
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS = ("spade", "heart", "club", "diamond")
RED = frozenset(("heart", "diamond"))
SUIT_SIGN = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦", "none": ""}
RANK_SIGN = {1: "A", 11: "J", 12: "Q", 13: "K"}


@dataclass(frozen=True, slots=True)
class CardKind:
    """What a card name is: type, subtype and, for equipment, slot and weapon range."""

    name: str
    title: str
    type: str  # basic | trick | equip
    sub: str  # basic | single | aoe | global | self | response | delayed | weapon | armor | horse
    slot: str = ""  # weapon | armor | plus_horse | minus_horse
    range: int = 0


KINDS: dict[str, CardKind] = {
    k.name: k
    for k in (
        CardKind("slash", "Slash", "basic", "basic"),
        CardKind("dodge", "Dodge", "basic", "basic"),
        CardKind("peach", "Peach", "basic", "basic"),
        CardKind("dismantlement", "Dismantlement", "trick", "single"),
        CardKind("snatch", "Snatch", "trick", "single"),
        CardKind("duel", "Duel", "trick", "single"),
        CardKind("collateral", "Collateral", "trick", "single"),
        CardKind("ex_nihilo", "Ex Nihilo", "trick", "self"),
        CardKind("nullification", "Nullification", "trick", "response"),
        CardKind("savage_assault", "Savage Assault", "trick", "aoe"),
        CardKind("archery_attack", "Archery Attack", "trick", "aoe"),
        CardKind("god_salvation", "God Salvation", "trick", "global"),
        CardKind("amazing_grace", "Amazing Grace", "trick", "global"),
        CardKind("lightning", "Lightning", "trick", "delayed"),
        CardKind("indulgence", "Indulgence", "trick", "delayed"),
        CardKind("crossbow", "Zhuge Crossbow", "equip", "weapon", "weapon", 1),
        CardKind("double_swords", "Double Swords", "equip", "weapon", "weapon", 2),
        CardKind("qinggang_sword", "Qinggang Sword", "equip", "weapon", "weapon", 2),
        CardKind("ice_sword", "Ice Sword", "equip", "weapon", "weapon", 2),
        CardKind("blade", "Green Dragon Blade", "equip", "weapon", "weapon", 3),
        CardKind("spear", "Serpent Spear", "equip", "weapon", "weapon", 3),
        CardKind("axe", "Stone-Piercing Axe", "equip", "weapon", "weapon", 3),
        CardKind("halberd", "Sky Halberd", "equip", "weapon", "weapon", 4),
        CardKind("kylin_bow", "Kylin Bow", "equip", "weapon", "weapon", 5),
        CardKind("eight_diagram", "Eight Diagram", "equip", "armor", "armor"),
        CardKind("nioh_shield", "Nioh Shield", "equip", "armor", "armor"),
        CardKind("jueying", "Jueying", "equip", "horse", "plus_horse"),
        CardKind("dilu", "Dilu", "equip", "horse", "plus_horse"),
        CardKind("zhuahuangfeidian", "Zhuahuang Feidian", "equip", "horse", "plus_horse"),
        CardKind("chitu", "Chitu", "equip", "horse", "minus_horse"),
        CardKind("dayuan", "Dayuan", "equip", "horse", "minus_horse"),
        CardKind("zixing", "Zixing", "equip", "horse", "minus_horse"),
    )
}

SLOTS = ("weapon", "armor", "plus_horse", "minus_horse")
