"""Sanguosha's typed events and request kinds (data only; their words are the client's,
`user_agent.games.sanguosha.words`).

Cards in events and requests are full descriptors `{"id", "suit", "rank", "name"}` so a client
needs no card table; a virtual card as used/played is `{"name", "suit", "color", "rank"}`.
Secret events have a `redacted` public form naming no hidden card (counts and zones only).
Zones: draw, discard, processing, removed (out of the game), facedown (on the table face
down), and per seat hand, equip, judge. A used or played card names where each sub-card came
from (`from`: one `{"zone", "seat"}` per sub-card), since it may be another seat's (Jijiang).
"""

from __future__ import annotations

from protocol.fields import Fields
from protocol.games.sanguosha.asks import ASKS
from protocol.registry import GameSchema, register_schema

OPT_INT = (int, None)
CARDS = [dict]

EVENTS: dict[str, Fields] = {
    "deck": {"order": [int]},
    "reshuffle": {"order": [int]},
    "draw": {"seat": int, "cards": CARDS, "reason": str},
    "move": {
        "cards": CARDS,
        "from": str,
        "from_seat": OPT_INT,
        "to": str,
        "to_seat": OPT_INT,
        "reason": str,
        "as": (str, None),  # a card put in a judgement area: the delayed trick it is used as
    },
    "use": {
        "seat": int,
        "card": dict,
        "subcards": CARDS,
        "from": [dict],
        "targets": [int],
        "victim": OPT_INT,
        "counted": bool,
        "skill": str,
    },
    "respond": {
        "seat": int,
        "card": dict,
        "subcards": CARDS,
        "from": [dict],
        "to": str,
        "mode": str,
        "reason": str,
        "skill": str,
    },
    "target_changed": {"card": dict, "user": int, "from": int, "to": int, "skill": str},
    "judge": {"seat": int, "card": dict, "reason": str},
    "judge_result": {"seat": int, "card": dict, "reason": str, "good": bool},
    "role": {"seat": int, "role": str},
    "general": {
        "seat": int,
        "general": str,
        "max_hp": int,
        "hp": int,
        "faction": str,
        "gender": str,
        "skills": [str],
    },
    "general_chosen": {"seat": int, "general": str},
    "reserve": {"seat": int, "generals": [str]},
    "pool": {"generals": [str]},
    "pick": {"seat": int, "general": str},
    "round": {"round": int, "seats": [int]},
    "extra_turn": {"seat": int},
    "turn_skipped": {"seat": int},
    "turn": {"seat": int, "phases": [str], "round": int},
    "phase": {"seat": int, "phase": str},
    "phase_skip": {"seat": int, "phase": str, "reason": str},
    "phase_insert": {"seat": int, "phase": str, "index": int},
    "phase_skipped": {"seat": int, "phase": str},
    "phase_end": {"seat": int, "phase": str},
    "turn_stop": {"seat": int, "reason": str},
    "turn_end": {"seat": int},
    "damage": {
        "source": OPT_INT,
        "target": int,
        "amount": int,
        "nature": str,
        "card": (dict, None),
        "hp": int,
    },
    "recover": {"seat": int, "amount": int, "hp": int, "source": OPT_INT},
    "lose_hp": {"seat": int, "amount": int, "hp": int},
    "dying": {"seat": int, "hp": int},
    "death": {"seat": int, "role": str, "general": str, "killer": OPT_INT},
    "general_lost": {"seat": int, "general": str},
    "reward": {"seat": int, "kind": str, "victim": int},
    "skill": {"seat": int, "name": str},
    "no_effect": {"seat": int, "card": dict, "reason": str},
    "cancelled": {"card": dict, "target": int},
    "slash_missed": {"source": int, "target": int},
    "choice": {"seat": int, "kind": str, "value": str},
    "mark": {"seat": int, "name": str, "value": object, "scope": str},
    # for skills: look at hidden cards (Guanxing, Yiji), rearrange the draw pile, show cards
    "peek": {"seat": int, "cards": CARDS, "reason": str},
    "arrange": {"seat": int, "top": CARDS, "bottom": CARDS},
    "reveal": {"seat": int, "cards": CARDS, "reason": str},
    # the rest of the skill vocabulary (agent spec §3.2)
    "skill_gained": {"seat": int, "skill": str},
    "skill_lost": {"seat": int, "skill": str},
    "max_hp": {"seat": int, "max_hp": int, "hp": int},
    "flip": {"seat": int, "face_down": bool},
    "attribute": {"seat": int, "name": str, "value": str},
    "pindian": {"seat": int, "target": int, "card": dict, "target_card": dict, "reason": str},
    "pindian_result": {"seat": int, "target": int, "winner": OPT_INT, "reason": str},
    "declare": {"seat": int, "claim": str, "reason": str},
    # a determinized sample for search (`Game.determinize`), never in a played game: the new
    # contents of the hidden zones ({"zone", "seat", "cards": [id]}) and roles ({"seat", "role"})
    "redeal": {"seat": int, "zones": [dict], "roles": [dict]},
}

REDACTED: dict[str, Fields] = {
    "deck": {"count": int},
    "reshuffle": {"count": int},
    "draw": {"seat": int, "count": int, "reason": str},
    "move": {
        "count": int,
        "from": str,
        "from_seat": OPT_INT,
        "to": str,
        "to_seat": OPT_INT,
        "reason": str,
    },
    "role": {"seat": int, "role": None},
    "general_chosen": {"seat": int, "general": None},
    "reserve": {"seat": int, "generals": None, "count": int},
    "peek": {"seat": int, "count": int, "reason": str},
    "arrange": {"seat": int, "top": int, "bottom": int},
    "redeal": {"seat": int, "count": int},
}

REQUESTS: dict[str, Fields] = {
    "choose_general": {"reason": str},
    "play": {},
    "targets": {"card": dict, "step": str},
    "view_as_cards": {"skill": str, "card": str},
    "respond": {
        "card": str,
        "mode": str,
        "reason": str,
        "source": OPT_INT,
        "target": OPT_INT,
        "against": str,
        # a Nullification window's chain (`reason` "nullify"): {"trick": str, "user": int | nil,
        # "target": int, "used": [int]} (game_agent/games/sanguosha/nullification.py); else nil
        "chain": (dict, None),
    },
    "pick_card": {"owner": int, "reason": str},
    "amazing_grace": {},
    "discard": {"count": int, "reason": str},
    "double_swords": {"source": int},
    "kylin_bow": {"target": int},
    "axe": {"target": int},
    # generic follow-ups for skills (a choice among labels, cards or seats)
    "skill_choice": {"skill": str, "prompt": str, "about": dict},
    "skill_cards": {"skill": str, "prompt": str, "about": dict},
    "skill_targets": {"skill": str, "prompt": str, "about": dict},
    "skill_arrange": {"skill": str, "prompt": str, "about": dict},
}

SCHEMA = register_schema(
    GameSchema(
        "sanguosha",
        "3",  # 3: `respond.chain`
        EVENTS,
        REQUESTS,
        redacted=REDACTED,
        asks=ASKS,
    )
)
