"""Sanguosha's part of the line console: the hand by card names, every seat's general, HP,
equipment, marks, role (1v1: side) and distance from you (within your attack range or not) as
`table`, and the `card NAME` and `general NAME` commands."""

from __future__ import annotations

from typing import Any

from user_agent.console import ConsoleHooks, Lookup
from user_agent.games.sanguosha.messages import SG
from user_agent.games.sanguosha.names import (
    card_name,
    card_text,
    faction_name,
    find_card,
    find_general,
    general_name,
    general_text,
    mark_text,
    phase_name,
    role_name,
    side_name,
    skill_name,
    slot_name,
)
from user_agent.words.messages import SHELL


def reach_bit(view: Any, seat: int, lang: str = "en") -> str:
    """The distance part of a seat's line: your attack range on your own line, your distance
    to this seat (and whether it is within range) on the others'; a spectator's (or a fallen
    seat's) distances are those of the seat whose turn it is."""
    origin = view.origin(view.seat)
    if origin < 0:
        return ""
    yours = origin == view.seat
    if seat == origin:
        return SG(
            lang, "table.range" if yours else "table.range_there", range=view.attack_range(seat)
        )
    reach = view.reach(origin).get(seat)
    if reach is None:
        return ""
    d, within = reach
    where = "in" if within else "out"
    if not yours:
        return SG(lang, f"table.distance_there_{where}", d=d, origin=origin)
    return SG(lang, f"table.distance_{where}", d=d)


def seat_lines(view: Any, seat: int, lang: str = "en") -> list[str]:
    info = view.seats[seat]
    head = SG(lang, "table.seat", seat=seat)
    if seat == view.seat:
        head += SG(lang, "table.you")
    bits = []
    if info.general:
        g = general_name(info.general, lang)
        f = faction_name(info.faction, lang)
        bits.append(SG(lang, "table.general", general=g, faction=f) if info.faction else g)
    if info.max_hp:
        bits.append(SG(lang, "table.hp", hp=info.hp, max_hp=info.max_hp))
    else:
        bits.append(SG(lang, "table.no_general"))
    bits.append(SG(lang, "table.in_hand", count=info.hand_count))
    if info.role:
        bits.append(side_name(info.role, lang) if view.sides else role_name(info.role, lang))
    if not info.alive:
        bits.append(SG(lang, "table.dead"))
    if info.face_down:
        bits.append(SG(lang, "table.face_down"))
    reach = reach_bit(view, seat, lang)
    if reach:
        bits.append(reach)
    lines = [SG(lang, "table.line", head=head, bits=SG(lang, "table.sep").join(bits))]
    sep = SG(lang, "table.list_sep")
    if info.equip:
        equip = sep.join(
            SG(lang, "table.equip_item", slot=slot_name(slot, lang), card=card_name(c, lang))
            for slot, c in info.equip.items()
        )
        lines.append(SG(lang, "table.equipment", cards=equip))
    if info.judge:
        judged = sep.join(
            card_name(c, lang)
            + (
                SG(lang, "table.judged_as", card=card_name(info.judge_as[c["id"]], lang))
                if info.judge_as.get(c["id"], c["name"]) != c["name"]
                else ""
            )
            for c in info.judge
        )
        lines.append(SG(lang, "table.judgement", cards=judged))
    marks = {k: v for k, v in info.marks.items() if v not in (None, False, 0)}
    if marks:
        shown = [mark_text(k, v, lang) for k, v in marks.items()]
        lines.append(SG(lang, "table.marks", marks=sep.join(shown)))
    if info.skills:
        skills = sep.join(skill_name(s, lang) for s in info.skills)
        lines.append(SG(lang, "table.skills", skills=skills))
    return lines


def card_lines(name: str) -> list[str]:
    kid = find_card(name)
    return card_text(kid).split("\n") if kid else [f"! no card is called {name!r}"]


def general_lines(name: str) -> list[str]:
    gid = find_general(name)
    return general_text(gid).split("\n") if gid else [f"! no general is called {name!r}"]


def _lookups(lang: str) -> dict[str, Lookup]:
    return {
        "card": Lookup(SG(lang, "console.card_help"), "snatch", card_lines),
        "general": Lookup(SG(lang, "console.general_help"), "guan yu", general_lines),
    }


class SanguoshaConsole(ConsoleHooks):
    table_help = SG("en", "console.table_help")
    lookups = _lookups("en")

    def set_lang(self, lang: str) -> ConsoleHooks:
        other = SanguoshaConsole()
        other.lang = lang
        other.table_help = SG(lang, "console.table_help")
        other.lookups = _lookups(lang)
        return other

    def hand_lines(self, view: Any) -> list[str]:
        hand = list(getattr(view, "hand", []))
        if not hand:
            return [SHELL(self.lang, "console.hand_empty")]
        shown = SHELL(self.lang, "list.sep").join(card_name(c, self.lang) for c in hand)
        return [SHELL(self.lang, "console.hand", n=len(hand), cards=shown)]

    def table_lines(self, view: Any) -> list[str]:
        seats = getattr(view, "seats", None)
        lang = self.lang
        if not isinstance(seats, list):
            return [SG(lang, "table.unknown")]
        lines = []
        for s in range(len(seats)):
            lines += seat_lines(view, s, lang)
        if view.current >= 0:
            phase = ""
            if view.phase:
                phase = SG(lang, "table.turn_phase", phase=phase_name(view.phase, lang))
            lines.append(SG(lang, "table.turn", round=view.round, seat=view.current, phase=phase))
        draw, discard = view.draw_count, len(view.discard)
        lines.append(SG(lang, "table.piles", draw=draw, discard=discard))
        return lines


CONSOLE = SanguoshaConsole()
