"""Harmony of Elements in the browser: both sides' 5x3 fields as one grid (North's rows above
the midline, back row on top; South's below, front row first; lanes a..e from South's left, as
`board.py` draws them), each piece with its role and element, the pieces exhausted in this
round's attack phase marked, and per seat its pieces and the last attack phase's damage and
health. Harmony has no hand: the page's `hand` stays empty.

A placement (`place_piece`, form product: cell x role x element) is picked on the board: a
click on an empty cell of the viewer's field picks the cell, then a click on a role and on an
element of the palette (`web.js`, with `ui.pickValue` on the product's raw axes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from protocol.games.harmony import schema as hs
from user_agent.games.harmony.board import ROLES
from user_agent.games.harmony.widgets import HarmonyTable
from user_agent.tui.table import Table
from user_agent.web.hooks import WebHooks

HEALTH = 10  # each side's health at the start of every attack phase (rules 5.3)

WORDS = {
    "en": {
        "title": "Harmony of Elements",
        "round": "round",
        "attack": "attack phase this round",
        "no_attack": "no attack phase this round",
        "you": "you",
        "pieces": "pieces",
        "first": "places first",
        "took": "last attack: took {n} damage",
        "health": "health left {h}/{max}",
        "dealt": "dealt {n} damage",
        "no_attack_yet": "no attack phase yet",
        "won": "winner",
        "midline": "midline",
        "front": "front",
        "middle": "middle",
        "back": "back",
        "role": "role",
        "element": "element",
        "damage": "damage",
        "defence": "defence",
        "exhausted": "exhausted this round",
        "through": "through",
        "pick_cell": "click an empty cell of your field (green)",
        "pick_role": "choose a role",
        "pick_element": "choose an element",
    },
    "zh": {
        "title": "元素和谐",
        "round": "回合",
        "attack": "本回合有攻击阶段",
        "no_attack": "本回合无攻击阶段",
        "you": "你",
        "pieces": "棋子",
        "first": "先放置",
        "took": "上次攻击: 受到 {n} 伤害",
        "health": "剩余生命 {h}/{max}",
        "dealt": "造成 {n} 伤害",
        "no_attack_yet": "尚无攻击阶段",
        "won": "胜者",
        "midline": "中线",
        "front": "前",
        "middle": "中",
        "back": "后",
        "role": "角色",
        "element": "元素",
        "damage": "伤害",
        "defence": "防御",
        "exhausted": "本回合已耗尽",
        "through": "穿透",
        "pick_cell": "点击你一方的绿色空格",
        "pick_role": "选择角色",
        "pick_element": "选择元素",
    },
}
SIDE_ZH = ("南", "北")
ROLE_ZH = {"T": "泰坦", "W": "战士", "A": "弓手", "M": "法师"}
ELEMENT_ZH = {"w": "水", "f": "火", "e": "土", "l": "雷"}


def word(lang: str, key: str) -> str:
    return WORDS.get(lang, WORDS["en"]).get(key, WORDS["en"][key])


def side_name(seat: int, lang: str) -> str:
    return SIDE_ZH[seat] if lang == "zh" else hs.SEAT_NAMES[seat]


def role_name(code: str, lang: str) -> str:
    return ROLE_ZH.get(code, code) if lang == "zh" else hs.ROLE_NAMES.get(code, code)


def element_name(code: str, lang: str) -> str:
    return ELEMENT_ZH.get(code, code) if lang == "zh" else hs.ELEMENT_NAMES.get(code, code)


def piece_name(code: str, lang: str) -> str:
    """``Af`` -> ``Fire Archer`` (``火弓手``)."""
    if len(code) != 2:
        return code
    role, element = role_name(code[0], lang), element_name(code[1], lang)
    return f"{element}{role}" if lang == "zh" else f"{element} {role}"


class HarmonyWeb(WebHooks):
    script = Path(__file__).with_name("web.js")
    help = (
        "Click an empty cell of your field (green), then a role and an element in the palette "
        "under the board (or the options on the right)."
    )

    def page(self, game: str, table: Table, lang: str) -> dict[str, Any]:
        assert isinstance(table, HarmonyTable), table
        v = table.harmony
        over = v.outcome
        seats = []
        for s in range(2):
            me = s == table.viewer
            tags = []
            if v.first_placer == s and over is None:
                tags.append(word(lang, "first"))
            if over is not None and over.get("winner") == s:
                tags.append(word(lang, "won"))
            lines = [f"{word(lang, 'pieces')} {len(v.fields[s])}/15"]
            if v.damage_to is not None:
                took = v.damage_to[s]
                lines.append(word(lang, "took").format(n=took))
                lines.append(word(lang, "health").format(h=max(0, HEALTH - took), max=HEALTH))
                lines.append(word(lang, "dealt").format(n=v.damage_to[1 - s]))
            else:
                lines.append(word(lang, "no_attack_yet"))
            seats.append(
                {
                    "seat": s,
                    "title": f"{s} · {side_name(s, lang)}"
                    + (f" ({word(lang, 'you')})" if me else ""),
                    "tags": tags,
                    "lines": lines,
                    "me": me,
                    "current": v.first_placer == s and over is None,
                    "dead": False,  # health is whole again every round (rules 5.3)
                }
            )
        status = [word(lang, "title"), f"{word(lang, 'round')} {v.round}"]
        if v.round and over is None:
            status.append(word(lang, "attack" if v.attack_this_round else "no_attack"))
        return {
            "status": " · ".join(status),
            "seats": seats,
            "hand": [],
            "board": self.board(table, lang),
        }

    def board(self, table: HarmonyTable, lang: str) -> dict[str, Any]:
        """The grid's facts for `web.js`: per side its cells' pieces, exhausted cells and the
        damage that went through each lane to it this round, and the legend's words."""
        v = table.harmony
        through: list[dict[str, int]] = [{}, {}]
        for stream in v.streams:
            victim = 1 - int(stream.get("seat", 0))
            lane = str(stream.get("lane", ""))
            through[victim][lane] = through[victim].get(lane, 0) + int(stream.get("to_player", 0))
        sides = []
        for s in range(2):
            cells = {
                cell: {
                    "code": code,
                    "role": code[:1],
                    "element": code[1:],
                    "name": piece_name(code, lang),
                    "exhausted": cell in v.turned[s],
                }
                for cell, code in v.fields[s].items()
            }
            sides.append({"seat": s, "name": side_name(s, lang), "cells": cells})
        return {
            "round": v.round,
            "lanes": hs.LANES,
            "rows": hs.ROWS,
            "viewer": table.viewer,
            "sides": sides,
            "through": through,
            "roles": [
                {"code": k, "name": role_name(k, lang), "damage": d, "defence": h}
                for k, (_n, d, h) in ROLES.items()
            ],
            "elements": [{"code": k, "name": element_name(k, lang)} for k in hs.ELEMENT_CODES],
            "words": {
                k: word(lang, k)
                for k in (
                    "midline",
                    "front",
                    "middle",
                    "back",
                    "role",
                    "element",
                    "damage",
                    "defence",
                    "exhausted",
                    "through",
                    "pick_cell",
                    "pick_role",
                    "pick_element",
                )
            },
        }


WEB = HarmonyWeb()
