"""Words of the client for ids that are not catalogue entries: phases, zones, slots, suits and
reasons. (The cards', generals', skills', factions' and roles' names and texts are the
contract's: `protocol.games.sanguosha`.)"""

from __future__ import annotations

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
    # (said as the ids read: the Chinese is `messages.REASONS_ZH`'s)
    "three_generals_dead": "three generals dead",
    "piles_exhausted": "piles exhausted",
    "replaced": "replaced",
    "use": "use",
    "settled": "settled",
    "place": "place",
    "give": "give",
    "judged": "judged",
    "equip": "equip",
    "questioned": "questioned",
}

# Skill-like ids that are not skills of the catalogue (a skill's second timing)
SKILL_PARTS: dict[str, str] = {
    "luoyi_bonus": "Luoyi Bonus",
}

SUIT_WORDS: dict[str, str] = {
    "spade": "♠ spades",
    "heart": "♥ hearts",
    "club": "♣ clubs",
    "diamond": "♦ diamonds",
}
