"""Data the AI reads: card kinds and values, equipment ranks, general strengths, role rows.

The bot reads no game state but its seat's view; the public rule tables it needs (equipment
slots, the rulebook's role rows) are taken from where they are defined, not restated.
"""

from __future__ import annotations

from protocol.games.sanguosha.rulebook import RULEBOOK
from user_agent.games.sanguosha.view import SLOTS

BASIC = frozenset(("slash", "dodge", "peach"))
EQUIP_SLOT = SLOTS  # card kind -> equipment slot (the view's table)
WEAPON_RANGE: dict[str, int] = {
    "crossbow": 1,
    "double_swords": 2,
    "qinggang_sword": 2,
    "ice_sword": 2,
    "blade": 3,
    "spear": 3,
    "axe": 3,
    "halberd": 4,
    "kylin_bow": 5,
}
# How good an equipped card is (in its slot); 0 = the slot is empty.
EQUIP_RANK: dict[str, float] = {
    "crossbow": 3.0,
    "double_swords": 2.5,
    "qinggang_sword": 3.0,
    "ice_sword": 3.0,
    "blade": 3.5,
    "spear": 3.0,
    "axe": 3.5,
    "halberd": 2.5,
    "kylin_bow": 3.0,
    "eight_diagram": 5.0,
    "nioh_shield": 4.5,
    "jueying": 4.0,
    "dilu": 4.0,
    "zhuahuangfeidian": 4.0,
    "chitu": 3.5,
    "dayuan": 3.5,
    "zixing": 3.5,
}
# Tricks that hurt their target / help it (for Nullification and beliefs).
HARMFUL = frozenset(
    (
        "slash",
        "duel",
        "dismantlement",
        "snatch",
        "savage_assault",
        "archery_attack",
        "indulgence",
        "collateral",
        "lightning",
    )
)
HELPFUL = frozenset(("ex_nihilo", "god_salvation", "amazing_grace", "peach"))
AOE = frozenset(("savage_assault", "archery_attack"))

# What a card in hand is worth keeping (higher = keep); the play policy decides what to use.
KEEP: dict[str, float] = {
    "peach": 10.0,
    "ex_nihilo": 8.5,
    "nullification": 7.5,
    "dodge": 6.5,
    "snatch": 6.0,
    "duel": 5.0,
    "dismantlement": 5.5,
    "slash": 5.0,
    "indulgence": 5.5,
    "savage_assault": 4.5,
    "archery_attack": 4.5,
    "collateral": 3.0,
    "amazing_grace": 3.0,
    "god_salvation": 2.5,
    "lightning": 2.0,
}

# General strength for choose_general (a rough tier list of the standard edition).
GENERAL_STRENGTH: dict[str, float] = {
    "caocao": 7.0,
    "simayi": 7.0,
    "xiahoudun": 6.5,
    "zhangliao": 8.0,
    "xuchu": 5.5,
    "guojia": 8.0,
    "zhenji": 7.5,
    "liubei": 7.0,
    "guanyu": 7.0,
    "zhangfei": 7.0,
    "zhugeliang": 7.0,
    "zhaoyun": 7.5,
    "machao": 7.0,
    "huangyueying": 7.0,
    "sunquan": 8.0,
    "ganning": 7.5,
    "lvmeng": 6.5,
    "huanggai": 7.0,
    "zhouyu": 7.0,
    "daqiao": 7.0,
    "luxun": 7.0,
    "sunshangxiang": 7.0,
    "huatuo": 8.0,
    "lvbu": 7.0,
    "diaochan": 8.0,
}

ROLE_ROWS = RULEBOOK  # §4.1: lord, loyalist, rebel, renegade per player count (public rules)
RED = frozenset(("heart", "diamond"))
SUITS = ("spade", "heart", "club", "diamond")


def is_red(card: dict[str, object]) -> bool:
    return card.get("suit") in RED


def is_black(card: dict[str, object]) -> bool:
    return card.get("suit") in ("spade", "club")
