"""Sanguosha's typed events and request kinds (data only), and a readable renderer.

Cards in events and requests are full descriptors `{"id", "suit", "rank", "name"}` so a client
needs no card table; a virtual card as used/played is `{"name", "suit", "color", "rank"}`.
Secret events have a `redacted` public form naming no hidden card (counts and zones only).
Zones: draw, discard, processing, removed (out of the game), facedown (on the table face
down), and per seat hand, equip, judge. A used or played card names where each sub-card came
from (`from`: one `{"zone", "seat"}` per sub-card), since it may be another seat's (Jijiang).
"""

from __future__ import annotations

from typing import Any

from protocol.fields import Fields
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

# Display names of the standard generals (presentation only; the rules live in the ruleset).
GENERAL_NAMES = {
    "caocao": "Cao Cao", "simayi": "Sima Yi", "xiahoudun": "Xiahou Dun",
    "zhangliao": "Zhang Liao", "xuchu": "Xu Chu", "guojia": "Guo Jia", "zhenji": "Zhen Ji",
    "liubei": "Liu Bei", "guanyu": "Guan Yu", "zhangfei": "Zhang Fei",
    "zhugeliang": "Zhuge Liang", "zhaoyun": "Zhao Yun", "machao": "Ma Chao",
    "huangyueying": "Huang Yueying", "sunquan": "Sun Quan", "ganning": "Gan Ning",
    "lvmeng": "Lü Meng", "huanggai": "Huang Gai", "zhouyu": "Zhou Yu", "daqiao": "Da Qiao",
    "luxun": "Lu Xun", "sunshangxiang": "Sun Shangxiang", "huatuo": "Hua Tuo", "lvbu": "Lü Bu",
    "diaochan": "Diao Chan",
}  # fmt: skip

SUIT_SIGN = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card_text(c: dict[str, Any] | None) -> str:
    if c is None:
        return "-"
    name = str(c.get("name", "?")).replace("_", " ").title()
    suit = SUIT_SIGN.get(str(c.get("suit", "")), "")
    rank = c.get("rank") or 0
    rank_s = RANKS.get(rank, str(rank)) if rank else ""
    return f"{suit}{rank_s} {name}".strip()


def general_text(o: dict[str, Any]) -> str:
    """A general offered at setup: `Liu Bei 刘备 (shu, male, 4 HP): Rende (active) ...`."""
    head = f"{o.get('name')} {o.get('chinese', '')}".strip()
    skills = "; ".join(
        f"{s['title']}{' (lord)' if s.get('lord') else ''} [{s['kind']}]: {s['text']}"
        for s in o.get("skills", [])
    )
    return f"{head} ({o.get('faction')}, {o.get('gender')}, {o.get('hp')} HP)" + (
        f" - {skills}" if skills else ""
    )


def option_text(kind: str, o: Any) -> str:
    """A request option for a person: cards as `♦K Slash`, seats as `seat 2`, generals by name
    with their skills."""
    if isinstance(o, dict):
        if kind == "choose_general" and "skills" in o:
            return general_text(o)
        if o.get("kind") == "end":
            return "end the play phase"
        if o.get("kind") == "skill":
            return f"use skill {o.get('skill')}"
        card = o.get("card")
        if isinstance(card, dict):
            text = card_text(card)
            if o.get("skill"):
                text += f" (as converted by {o['skill']})"
            if o.get("targets"):
                text += " -> can target seats " + ", ".join(str(t) for t in o["targets"])
            return text
        if {"suit", "rank", "name"} <= o.keys():
            return card_text(o)
    if isinstance(o, int) and kind in ("targets", "skill_targets", "skill_arrange"):
        return f"seat {o}"
    if isinstance(o, str) and o in GENERAL_NAMES:
        return GENERAL_NAMES[o]
    return str(o)


def cards_text(cards: list[dict[str, Any]]) -> str:
    return ", ".join(card_text(c) for c in cards)


class Renderer:
    """Readable lines; remembers generals and open roles from the stream it renders."""

    def __init__(self) -> None:
        self.generals: dict[int, str] = {}
        self.roles: dict[int, str] = {}

    def seat(self, s: int | None) -> str:
        if s is None:
            return "nobody"
        bits = [b for b in (self.generals.get(s), self.roles.get(s)) if b]
        return f"seat {s} ({', '.join(bits)})" if bits else f"seat {s}"

    def __call__(self, kind: str, d: dict[str, Any]) -> str:
        if kind == "deck":
            return f"the deck is shuffled ({len(d['order']) if 'order' in d else d['count']} cards)"
        if kind == "game_over":
            o = d["outcome"]
            roles = ", ".join(f"{self.seat(i)}={r}" for i, r in enumerate(o.get("roles", [])))
            self.generals.clear()
            self.roles.clear()
            return f"game over: {o.get('winner') or 'draw'} ({o.get('reason')}); roles {roles}"
        if kind == "role":
            if d.get("role"):
                self.roles[d["seat"]] = d["role"]
                return f"seat {d['seat']} is the {d['role']}"
            return f"seat {d['seat']} gets a hidden role"
        if kind == "general":
            name = GENERAL_NAMES.get(d["general"], d["general"])
            self.generals[d["seat"]] = name
            skills = ", ".join(x.replace("_", " ").title() for x in d.get("skills", []))
            with_ = f" with {skills}" if skills else ""
            return f"{self.seat(d['seat'])} enters ({d['hp']}/{d['max_hp']} HP){with_}"
        if kind == "death":
            self.roles[d["seat"]] = d["role"]
            return f"{self.seat(d['seat'])} dies (killer: {self.seat(d['killer'])})"
        s = self.seat
        if kind == "draw":
            what = cards_text(d["cards"]) if "cards" in d else f"{d['count']} card(s)"
            return f"{s(d['seat'])} draws {what}"
        if kind == "move":
            what = cards_text(d["cards"]) if "cards" in d else f"{d['count']} card(s)"
            src = d["from"] if d["from_seat"] is None else f"{s(d['from_seat'])}'s {d['from']}"
            dst = d["to"] if d["to_seat"] is None else f"{s(d['to_seat'])}'s {d['to']}"
            return f"{what}: {src} -> {dst} ({d['reason']})"
        if kind == "use":
            tg = ", ".join(s(t) for t in d["targets"])
            via = f" via {d['skill']}" if d["skill"] else ""
            sub = f" [{cards_text(d['subcards'])}]" if d["skill"] else ""
            return f"{s(d['seat'])} uses {card_text(d['card'])}{sub}{via} on {tg or 'no one'}"
        if kind == "respond":
            verb = "uses" if d["mode"] == "use" else "plays"
            via = f" via {d['skill']}" if d["skill"] else ""
            return f"{s(d['seat'])} {verb} {card_text(d['card'])}{via} ({d['reason']})"
        if kind == "damage":
            return (
                f"{s(d['target'])} takes {d['amount']} {d['nature']} damage from "
                f"{s(d['source'])} -> {d['hp']} HP"
            )
        if kind == "recover":
            return f"{s(d['seat'])} recovers {d['amount']} -> {d['hp']} HP"
        if kind == "judge":
            return f"{s(d['seat'])} judges {card_text(d['card'])} for {d['reason']}"
        if kind == "judge_result":
            return f"judgement for {d['reason']}: {'success' if d['good'] else 'failure'}"
        if kind == "turn":
            return f"--- round {d['round']}: {s(d['seat'])}'s turn"
        if kind == "phase":
            return f"{s(d['seat'])}: {d['phase']} phase"
        if kind == "reshuffle":
            n = len(d["order"]) if "order" in d else d["count"]
            return f"the discard pile ({n} cards) is shuffled into the draw pile"
        if kind == "general_chosen":
            g = d["general"]
            return f"{s(d['seat'])} chooses {GENERAL_NAMES.get(g, g) if g else 'a general'}"
        if kind == "round":
            return f"=== round {d['round']}"
        if kind == "slash_missed":
            return f"{s(d['source'])}'s Slash on {s(d['target'])} is dodged"
        if kind == "dying":
            return f"{s(d['seat'])} is dying ({d['hp']} HP)"
        if kind == "reward":
            return f"{s(d['seat'])}: {d['kind'].replace('_', ' ')} ({s(d['victim'])})"
        if kind == "skill":
            return f"{s(d['seat'])} invokes {d['name'].replace('_', ' ')}"
        if kind == "no_effect":
            return f"{card_text(d['card'])} has no effect on {s(d['seat'])} ({d['reason']})"
        if kind == "cancelled":
            return f"{card_text(d['card'])} is nullified for {s(d['target'])}"
        if kind == "choice":
            return f"{s(d['seat'])} chooses {d['value']} ({d['kind']})"
        if kind == "phase_skip":
            return f"{s(d['seat'])} will skip the {d['phase']} phase ({d['reason']})"
        if kind == "phase_skipped":
            return f"{s(d['seat'])} skips the {d['phase']} phase"
        if kind == "phase_end":
            return f"{s(d['seat'])}: end of the {d['phase']} phase"
        if kind == "turn_end":
            return f"{s(d['seat'])}'s turn ends"
        if kind == "turn_stop":
            return f"{s(d['seat'])}'s turn is cut short ({d['reason'].replace('_', ' ')})"
        if kind == "target_changed":
            return (
                f"{card_text(d['card'])} of {s(d['user'])}: the target changes from "
                f"{s(d['from'])} to {s(d['to'])} ({d['skill']})"
            )
        if kind == "skill_gained":
            return f"{s(d['seat'])} gains the skill {d['skill']}"
        if kind == "skill_lost":
            return f"{s(d['seat'])} loses the skill {d['skill']}"
        if kind == "max_hp":
            return f"{s(d['seat'])}: max HP now {d['max_hp']} ({d['hp']} HP)"
        if kind == "flip":
            return f"{s(d['seat'])} turns {'face down' if d['face_down'] else 'face up'}"
        if kind == "attribute":
            return f"{s(d['seat'])}'s {d['name']} is now {d['value']}"
        if kind == "pindian":
            return (
                f"point fight ({d['reason']}): {s(d['seat'])} shows {card_text(d['card'])}, "
                f"{s(d['target'])} shows {card_text(d['target_card'])}"
            )
        if kind == "pindian_result":
            won = "nobody" if d["winner"] is None else s(d["winner"])
            return f"point fight ({d['reason']}): {won} wins"
        if kind == "redeal":
            n = d["count"] if "count" in d else sum(len(z["cards"]) for z in d["zones"])
            return f"the cards {s(d['seat'])} has not seen are dealt again ({n}; a search sample)"
        if kind == "declare":
            return f"{s(d['seat'])} declares a face-down card to be {d['claim']} ({d['reason']})"
        if kind == "mark":
            value = "cleared" if d["value"] is None else d["value"]
            return f"{s(d['seat'])}: {d['name']} = {value}"
        if kind == "peek":
            what = cards_text(d["cards"]) if "cards" in d else f"{d['count']} card(s)"
            return f"{s(d['seat'])} looks at {what} ({d['reason']})"
        if kind == "arrange":
            if isinstance(d["top"], list):
                top, bottom = (
                    cards_text(d["top"]) or "nothing",
                    cards_text(d["bottom"]) or "nothing",
                )
            else:
                top, bottom = f"{d['top']} card(s)", f"{d['bottom']} card(s)"
            return f"{s(d['seat'])} puts {top} on top of the draw pile and {bottom} at the bottom"
        if kind == "reveal":
            return f"{s(d['seat'])} shows {cards_text(d['cards'])} ({d['reason']})"
        if kind == "lose_hp":
            return f"{s(d['seat'])} loses {d['amount']} HP -> {d['hp']} HP"
        if kind == "general_lost":
            return f"{s(d['seat'])} loses a general"
        if kind == "pick":
            return f"{s(d['seat'])} picks {GENERAL_NAMES.get(d['general'], d['general'])}"
        args = " ".join(f"{k}={v}" for k, v in d.items())
        return f"{kind} {args}".rstrip()


SCHEMA = register_schema(
    GameSchema(
        "sanguosha",
        "2",
        EVENTS,
        REQUESTS,
        redacted=REDACTED,
        make_renderer=Renderer,
        render_option=option_text,
    )
)
