"""Data for the words layer: Chinese card names (from the rules reference, §1.3), what each card
does (in short), and the names of factions, roles, phases, zones and reasons."""

from __future__ import annotations

CARD_ZH: dict[str, str] = {
    "slash": "杀", "dodge": "闪", "peach": "桃", "dismantlement": "过河拆桥",
    "snatch": "顺手牵羊", "duel": "决斗", "collateral": "借刀杀人", "ex_nihilo": "无中生有",
    "nullification": "无懈可击", "savage_assault": "南蛮入侵", "archery_attack": "万箭齐发",
    "god_salvation": "桃园结义", "amazing_grace": "五谷丰登", "lightning": "闪电",
    "indulgence": "乐不思蜀", "crossbow": "诸葛连弩", "double_swords": "雌雄双股剑",
    "qinggang_sword": "青釭剑", "ice_sword": "寒冰剑", "blade": "青龙偃月刀",
    "spear": "丈八蛇矛", "axe": "贯石斧", "halberd": "方天画戟", "kylin_bow": "麒麟弓",
    "eight_diagram": "八卦阵", "nioh_shield": "仁王盾", "jueying": "绝影", "dilu": "的卢",
    "zhuahuangfeidian": "爪黄飞电", "chitu": "赤兔", "dayuan": "大宛", "zixing": "紫骍",
}  # fmt: skip

# What a card does, said briefly (the full rulings are in the rules reference, §2).
CARD_TEXT: dict[str, str] = {
    "slash": "Basic. In your play phase, once per phase, attack one other player within your "
    "attack range: they must use a Dodge or take 1 damage from you.",
    "dodge": "Basic. Only as an answer: cancels a Slash aimed at you, or is played against "
    "Archery Attack.",
    "peach": "Basic. In your play phase, recover 1 HP if you are wounded; at any time, save a "
    "dying player (they recover 1 HP).",
    "dismantlement": "Trick. Choose another player with a card: discard one of their cards "
    "(a hand card unseen, or an equipped or judgement-area card).",
    "snatch": "Trick. Choose another player at distance 1 with a card: take one of their "
    "cards into your hand.",
    "duel": "Trick. Choose another player: starting with them, you both take turns playing a "
    "Slash; the first who does not takes 1 damage from the other.",
    "collateral": "Trick. Choose a player with a weapon and someone they could attack: they "
    "must use a Slash on that player, or hand you their weapon.",
    "ex_nihilo": "Trick. Draw 2 cards.",
    "nullification": "Trick. Only as an answer: cancels a trick's effect on one target (or "
    "another Nullification).",
    "savage_assault": "Trick. Every other player must play a Slash or take 1 damage from you.",
    "archery_attack": "Trick. Every other player must play a Dodge or take 1 damage from you.",
    "god_salvation": "Trick. Every wounded player recovers 1 HP.",
    "amazing_grace": "Trick. Reveal one card per player from the draw pile; in turn, starting "
    "with you, each player takes one.",
    "lightning": "Delayed trick, on yourself. At the judge phase: a spade 2 to 9 deals 3 "
    "thunder damage to the holder; otherwise it moves on to the next player.",
    "indulgence": "Delayed trick, on another player. At their judge phase: unless the "
    "judgement is a heart, they skip their play phase.",
    "crossbow": "Weapon, range 1. You may use any number of Slashes in your play phase.",
    "double_swords": "Weapon, range 2. When your Slash targets someone of the other gender, "
    "they discard a hand card or let you draw 1 card.",
    "qinggang_sword": "Weapon, range 2. Your Slash ignores the target's armor.",
    "ice_sword": "Weapon, range 2. When your Slash would deal damage, you may prevent it and "
    "discard two of the target's cards instead.",
    "blade": "Weapon, range 3. When your Slash is dodged, you may use another Slash on the "
    "same target.",
    "spear": "Weapon, range 3. You may use or play two hand cards as a Slash.",
    "axe": "Weapon, range 3. When your Slash is dodged, you may discard two cards to make it "
    "hit anyway.",
    "halberd": "Weapon, range 4. A Slash that is your last hand card may have up to two extra "
    "targets.",
    "kylin_bow": "Weapon, range 5. When your Slash deals damage, you may discard one of the "
    "target's horses.",
    "eight_diagram": "Armor. When you need a Dodge, you may judge: a red card counts as one.",
    "nioh_shield": "Armor. Black Slashes have no effect on you.",
    "jueying": "Horse (+1). Others are one further from you.",
    "dilu": "Horse (+1). Others are one further from you.",
    "zhuahuangfeidian": "Horse (+1). Others are one further from you.",
    "chitu": "Horse (-1). You are one nearer to others.",
    "dayuan": "Horse (-1). You are one nearer to others.",
    "zixing": "Horse (-1). You are one nearer to others.",
}

FACTIONS: dict[str, tuple[str, str]] = {
    "wei": ("Wei", "魏"),
    "shu": ("Shu", "蜀"),
    "wu": ("Wu", "吴"),
    "qun": ("Qun", "群"),
    "god": ("God", "神"),
}

ROLES: dict[str, tuple[str, str]] = {
    "lord": ("lord", "主公"),
    "loyalist": ("loyalist", "忠臣"),
    "rebel": ("rebel", "反贼"),
    "renegade": ("renegade", "内奸"),
}

PHASES: dict[str, str] = {
    "prepare": "start",
    "judge": "judge",
    "draw": "draw",
    "play": "play",
    "discard": "discard",
    "finish": "finish",
}

ZONES: dict[str, str] = {
    "hand": "hand",
    "equip": "equipment",
    "judge": "judgement area",
    "discard": "the discard pile",
    "processing": "the table",
    "draw": "the draw pile",
    "draw_bottom": "the bottom of the draw pile",
    "removed": "out of the game",
    "facedown": "face down on the table",
}

SLOT_NAMES: dict[str, str] = {
    "weapon": "weapon",
    "armor": "armor",
    "plus_horse": "+1 horse",
    "minus_horse": "-1 horse",
}

# Reasons and other short ids that are not card, skill or general ids.
REASONS: dict[str, str] = {
    "hand_limit": "hand limit",
    "draw_phase": "draw phase",
    "discard_phase": "discard phase",
    "judge_phase": "judge phase",
    "initial": "opening hand",
    "new_general": "new general",
    "reward": "reward",
    "penalty": "penalty",
    "bury": "death",
    "dying": "a dying player",
    "nullify": "Nullification",
    "retrial": "retrial",
    "lord": "lord",
    "identity": "identity",
    "general_died": "the general died",
    "lord_died": "the lord died",
    "rebels_and_renegades_dead": "every rebel and renegade is dead",
    "rebel_killed": "killed a rebel",
    "lord_killed_loyalist": "the lord killed a loyalist",
    "max_rounds": "the round limit was reached",
    "draw_pile_exhausted": "the draw pile ran out",
    "board_full": "the field is full",
    "mutual_lethal": "both players fell",
    "compare": "damage compared",
    "let_draw": "let them draw",
    "slash_used": "Slashes used",
    "normal": "normal",
    "thunder": "thunder",
    "fire": "fire",
}

SUIT_WORDS: dict[str, str] = {
    "spade": "♠ spades",
    "heart": "♥ hearts",
    "club": "♣ clubs",
    "diamond": "♦ diamonds",
}
