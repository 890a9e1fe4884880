"""What a Sanguosha client must show and both sides agree on: the card kinds (name, English and
Chinese title, type, subtype, rules text, equipment slot and weapon range), suits and rank signs
(rules §1.3-1.4).

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
    chinese: str
    type: str  # basic | trick | equip
    sub: str  # basic | single | aoe | global | self | response | delayed | weapon | armor | horse
    text: str  # what the card does, said briefly (the full rulings: rules reference §2)
    slot: str = ""  # weapon | armor | plus_horse | minus_horse
    range: int = 0


KINDS: dict[str, CardKind] = {
    k.name: k
    for k in (
        CardKind(
            "slash",
            "Slash",
            "杀",
            "basic",
            "basic",
            "Basic. In your play phase, once per phase, attack one other player within your "
            "attack range: they must use a Dodge or take 1 damage from you.",
        ),
        CardKind(
            "dodge",
            "Dodge",
            "闪",
            "basic",
            "basic",
            "Basic. Only as an answer: cancels a Slash aimed at you, or is played against Archery"
            " Attack.",
        ),
        CardKind(
            "peach",
            "Peach",
            "桃",
            "basic",
            "basic",
            "Basic. In your play phase, recover 1 HP if you are wounded; at any time, save a "
            "dying player (they recover 1 HP).",
        ),
        CardKind(
            "dismantlement",
            "Dismantlement",
            "过河拆桥",
            "trick",
            "single",
            "Trick. Choose another player with a card: discard one of their cards (a hand card "
            "unseen, or an equipped or judgement-area card).",
        ),
        CardKind(
            "snatch",
            "Snatch",
            "顺手牵羊",
            "trick",
            "single",
            "Trick. Choose another player at distance 1 with a card: take one of their cards into"
            " your hand.",
        ),
        CardKind(
            "duel",
            "Duel",
            "决斗",
            "trick",
            "single",
            "Trick. Choose another player: starting with them, you both take turns playing a "
            "Slash; the first who does not takes 1 damage from the other.",
        ),
        CardKind(
            "collateral",
            "Collateral",
            "借刀杀人",
            "trick",
            "single",
            "Trick. Choose a player with a weapon and someone they could attack: they must use a "
            "Slash on that player, or hand you their weapon.",
        ),
        CardKind(
            "ex_nihilo",
            "Ex Nihilo",
            "无中生有",
            "trick",
            "self",
            "Trick. Draw 2 cards.",
        ),
        CardKind(
            "nullification",
            "Nullification",
            "无懈可击",
            "trick",
            "response",
            "Trick. Only as an answer: cancels a trick's effect on one target (or another "
            "Nullification).",
        ),
        CardKind(
            "savage_assault",
            "Savage Assault",
            "南蛮入侵",
            "trick",
            "aoe",
            "Trick. Every other player must play a Slash or take 1 damage from you.",
        ),
        CardKind(
            "archery_attack",
            "Archery Attack",
            "万箭齐发",
            "trick",
            "aoe",
            "Trick. Every other player must play a Dodge or take 1 damage from you.",
        ),
        CardKind(
            "god_salvation",
            "God Salvation",
            "桃园结义",
            "trick",
            "global",
            "Trick. Every wounded player recovers 1 HP.",
        ),
        CardKind(
            "amazing_grace",
            "Amazing Grace",
            "五谷丰登",
            "trick",
            "global",
            "Trick. Reveal one card per player from the draw pile; in turn, starting with you, "
            "each player takes one.",
        ),
        CardKind(
            "lightning",
            "Lightning",
            "闪电",
            "trick",
            "delayed",
            "Delayed trick, on yourself. At the judge phase: a spade 2 to 9 deals 3 thunder "
            "damage to the holder; otherwise it moves on to the next player.",
        ),
        CardKind(
            "indulgence",
            "Indulgence",
            "乐不思蜀",
            "trick",
            "delayed",
            "Delayed trick, on another player. At their judge phase: unless the judgement is a "
            "heart, they skip their play phase.",
        ),
        CardKind(
            "crossbow",
            "Zhuge Crossbow",
            "诸葛连弩",
            "equip",
            "weapon",
            "Weapon, range 1. You may use any number of Slashes in your play phase.",
            slot="weapon",
            range=1,
        ),
        CardKind(
            "double_swords",
            "Double Swords",
            "雌雄双股剑",
            "equip",
            "weapon",
            "Weapon, range 2. When your Slash targets someone of the other gender, they discard a"
            " hand card or let you draw 1 card.",
            slot="weapon",
            range=2,
        ),
        CardKind(
            "qinggang_sword",
            "Qinggang Sword",
            "青釭剑",
            "equip",
            "weapon",
            "Weapon, range 2. Your Slash ignores the target's armor.",
            slot="weapon",
            range=2,
        ),
        CardKind(
            "ice_sword",
            "Ice Sword",
            "寒冰剑",
            "equip",
            "weapon",
            "Weapon, range 2. When your Slash would deal damage, you may prevent it and discard "
            "two of the target's cards instead.",
            slot="weapon",
            range=2,
        ),
        CardKind(
            "blade",
            "Green Dragon Blade",
            "青龙偃月刀",
            "equip",
            "weapon",
            "Weapon, range 3. When your Slash is dodged, you may use another Slash on the same "
            "target.",
            slot="weapon",
            range=3,
        ),
        CardKind(
            "spear",
            "Serpent Spear",
            "丈八蛇矛",
            "equip",
            "weapon",
            "Weapon, range 3. You may use or play two hand cards as a Slash.",
            slot="weapon",
            range=3,
        ),
        CardKind(
            "axe",
            "Stone-Piercing Axe",
            "贯石斧",
            "equip",
            "weapon",
            "Weapon, range 3. When your Slash is dodged, you may discard two cards to make it hit"
            " anyway.",
            slot="weapon",
            range=3,
        ),
        CardKind(
            "halberd",
            "Sky Halberd",
            "方天画戟",
            "equip",
            "weapon",
            "Weapon, range 4. A Slash that is your last hand card may have up to two extra "
            "targets.",
            slot="weapon",
            range=4,
        ),
        CardKind(
            "kylin_bow",
            "Kylin Bow",
            "麒麟弓",
            "equip",
            "weapon",
            "Weapon, range 5. When your Slash deals damage, you may discard one of the target's "
            "horses.",
            slot="weapon",
            range=5,
        ),
        CardKind(
            "eight_diagram",
            "Eight Diagram",
            "八卦阵",
            "equip",
            "armor",
            "Armor. When you need a Dodge, you may judge: a red card counts as one.",
            slot="armor",
        ),
        CardKind(
            "nioh_shield",
            "Nioh Shield",
            "仁王盾",
            "equip",
            "armor",
            "Armor. Black Slashes have no effect on you.",
            slot="armor",
        ),
        CardKind(
            "jueying",
            "Jueying",
            "绝影",
            "equip",
            "horse",
            "Horse (+1). Others are one further from you.",
            slot="plus_horse",
        ),
        CardKind(
            "dilu",
            "Dilu",
            "的卢",
            "equip",
            "horse",
            "Horse (+1). Others are one further from you.",
            slot="plus_horse",
        ),
        CardKind(
            "zhuahuangfeidian",
            "Zhuahuang Feidian",
            "爪黄飞电",
            "equip",
            "horse",
            "Horse (+1). Others are one further from you.",
            slot="plus_horse",
        ),
        CardKind(
            "chitu",
            "Chitu",
            "赤兔",
            "equip",
            "horse",
            "Horse (-1). You are one nearer to others.",
            slot="minus_horse",
        ),
        CardKind(
            "dayuan",
            "Dayuan",
            "大宛",
            "equip",
            "horse",
            "Horse (-1). You are one nearer to others.",
            slot="minus_horse",
        ),
        CardKind(
            "zixing",
            "Zixing",
            "紫骍",
            "equip",
            "horse",
            "Horse (-1). You are one nearer to others.",
            slot="minus_horse",
        ),
    )
}

SLOTS = ("weapon", "armor", "plus_horse", "minus_horse")
