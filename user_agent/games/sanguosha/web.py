"""Sanguosha in the browser: the seat panels (general, role when known, HP, hand count,
equipment, judgement area, marks), the hand as cards to click, and the status line. The shared
page draws them (no script of its own): every field is plain text here, in the page's language."""

from __future__ import annotations

from typing import Any

from protocol.choices import RequestSpec
from protocol.games.sanguosha.catalogue import KINDS
from user_agent.games.sanguosha import names
from user_agent.games.sanguosha.widgets import (
    SLOT_WORDS,
    SLOT_ZH,
    SanguoshaTable,
    card_name,
    general_name,
    kind_name,
    pips,
)
from user_agent.tui.picker import card_of
from user_agent.tui.table import Table
from user_agent.web.hooks import WebHooks

RED = ("heart", "diamond")
WORDS = {
    "en": {
        "hp": "HP",
        "hand": "hand",
        "dead": "dead",
        "you": "you",
        "judge": "judge",
        "round": "round",
        "turn": "turn",
        "phase": "phase",
        "pile": "draw pile",
        "face_down": "face down",
        "reserve": "reserve",
        "range": "attack range",
        "distance": "distance",
        "in": "in range",
        "out": "out of range",
    },
    "zh": {
        "hp": "体力",
        "hand": "手牌",
        "dead": "阵亡",
        "you": "你",
        "judge": "判定",
        "round": "轮",
        "turn": "当前",
        "phase": "阶段",
        "pile": "牌堆",
        "face_down": "翻面",
        "reserve": "备选",
        "range": "攻击范围",
        "distance": "距离",
        "in": "攻击范围内",
        "out": "攻击范围外",
    },
}


def _w(lang: str, key: str) -> str:
    return WORDS.get(lang, WORDS["en"]).get(key, WORDS["en"][key])


class SanguoshaWeb(WebHooks):
    help = "Click a card of your hand to play it, then the seats it targets."

    def page(self, game: str, table: Table, lang: str) -> dict[str, Any]:
        assert isinstance(table, SanguoshaTable), table
        v = table.sgs
        one_v_one = v.sides
        origin = v.origin(table.viewer)
        reach = v.reach(origin)
        seats = []
        for n, info in enumerate(v.seats):
            tags = []
            if info.faction:
                tags.append(names.faction_name(info.faction, lang))
            if info.role:
                role = names.side_name if one_v_one else names.role_name
                tags.append(role(info.role, lang))
            if not info.alive:
                tags.append(_w(lang, "dead"))
            if info.face_down:
                tags.append(_w(lang, "face_down"))
            lines = [
                f"{_w(lang, 'hp')} {pips(info.hp, info.max_hp)} {info.hp}/{info.max_hp}",
                f"{_w(lang, 'hand')} {info.hand_count}",
            ]
            slots = SLOT_ZH if lang == "zh" else SLOT_WORDS
            for slot, label in slots.items():
                card = info.equip.get(slot)
                if card is not None:
                    lines.append(f"{label}: {card_name(card, lang)}")
            for card in info.judge:
                as_ = info.judge_as.get(card["id"], card.get("name", ""))
                lines.append(f"{_w(lang, 'judge')}: {kind_name(as_, lang)}")
            marks = {k: x for k, x in info.marks.items() if x not in (None, False, 0)}
            if marks:
                lines.append(", ".join(names.mark_text(k, x, lang) for k, x in marks.items()))
            if info.reserve_count:
                lines.append(f"{_w(lang, 'reserve')} {info.reserve_count}")
            if n == origin:
                lines.append(f"{_w(lang, 'range')} {v.attack_range(n)}")
            elif n in reach:
                d, within = reach[n]
                lines.append(f"{_w(lang, 'distance')} {d} · {_w(lang, 'in' if within else 'out')}")
            name = general_name(info.general, lang) if info.general else "?"
            me = n == table.viewer
            seats.append(
                {
                    "seat": n,
                    "title": f"{n} · {name}" + (f" ({_w(lang, 'you')})" if me else ""),
                    "tags": tags,
                    "lines": lines,
                    "me": me,
                    "current": v.current == n,
                    "dead": not info.alive,
                }
            )
        hand = table.my_hand if table.viewer is not None else []
        status = ["三国杀" if lang == "zh" else "Sanguosha"]
        status.append(f"{_w(lang, 'round')} {v.round}")
        if v.current >= 0:
            who = general_name(v.seats[v.current].general, lang)
            status.append(f"{_w(lang, 'turn')}: {v.current} {who}")
        if v.phase:
            status.append(f"{_w(lang, 'phase')}: {names.phase_name(v.phase)}")
        status.append(f"{_w(lang, 'pile')} {v.draw_count}")
        return {
            "status": " · ".join(status),
            "seats": seats,
            "hand": [self._card(c, lang) for c in hand],
        }

    @staticmethod
    def _card(card: dict[str, Any], lang: str) -> dict[str, Any]:
        kind = str(card.get("name", ""))
        return {
            "id": card.get("id"),
            "label": card_name(card, lang),
            "color": "red" if card.get("suit") in RED else "black",
            "text": names.card_text(kind, lang) if kind in KINDS else "",
        }

    def request_marks(self, req: RequestSpec, table: Table, last: Any) -> dict[str, Any]:
        """During a target step, the card of the hand chosen just before is the one played."""
        card = card_of(last)
        if req.kind == "targets" and card is not None and "id" in card:
            return {"playing": card["id"]}
        return {}


WEB = SanguoshaWeb()
