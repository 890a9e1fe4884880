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
    plain,
    role_name,
    side_name,
    skill_name,
)
from user_agent.games.sanguosha.tables import SLOT_NAMES
from user_agent.words.messages import SHELL


def reach_bit(view: Any, seat: int) -> str:
    """The distance part of a seat's line: your attack range on your own line, your distance
    to this seat (and whether it is within range) on the others'; a spectator's (or a fallen
    seat's) distances are those of the seat whose turn it is."""
    origin = view.origin(view.seat)
    if origin < 0:
        return ""
    yours = origin == view.seat
    if seat == origin:
        r = view.attack_range(seat)
        return f"attack range {r}" if yours else f"attack range {r} (distances from this seat)"
    reach = view.reach(origin).get(seat)
    if reach is None:
        return ""
    d, within = reach
    where = "within" if within else "out of"
    if not yours:
        return f"distance {d} from seat {origin} ({where} its attack range)"
    return f"distance {d} ({where} your attack range)"


def seat_lines(view: Any, seat: int) -> list[str]:
    info = view.seats[seat]
    head = f"seat {seat}"
    if seat == view.seat:
        head += " (you)"
    bits = []
    if info.general:
        g = general_name(info.general)
        bits.append(f"{g}, {faction_name(info.faction)}" if info.faction else g)
    bits.append(f"{info.hp}/{info.max_hp} HP" if info.max_hp else "no general yet")
    bits.append(f"{info.hand_count} in hand")
    if info.role:
        bits.append(side_name(info.role) if view.sides else role_name(info.role))
    if not info.alive:
        bits.append("dead")
    if info.face_down:
        bits.append("face down")
    reach = reach_bit(view, seat)
    if reach:
        bits.append(reach)
    lines = [f"{head}: " + ", ".join(bits)]
    if info.equip:
        equip = ", ".join(
            f"{SLOT_NAMES.get(slot, plain(slot))} {card_name(c)}" for slot, c in info.equip.items()
        )
        lines.append(f"    equipment: {equip}")
    if info.judge:
        judged = ", ".join(
            card_name(c)
            + (
                f" as {card_name(info.judge_as[c['id']])}"
                if info.judge_as.get(c["id"], c["name"]) != c["name"]
                else ""
            )
            for c in info.judge
        )
        lines.append(f"    judgement area: {judged}")
    marks = {k: v for k, v in info.marks.items() if v not in (None, False, 0)}
    if marks:
        shown = [mark_text(k, v) for k, v in marks.items()]
        lines.append("    marks: " + ", ".join(shown))
    if info.skills:
        lines.append("    skills: " + ", ".join(skill_name(s) for s in info.skills))
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
        if not isinstance(seats, list):
            return ["nothing is known about the table yet"]
        lines = []
        for s in range(len(seats)):
            lines += seat_lines(view, s)
        if view.current >= 0:
            phase = f", {phase_name(view.phase)} phase" if view.phase else ""
            lines.append(f"round {view.round}: seat {view.current}'s turn{phase}")
        lines.append(f"draw pile: {view.draw_count} cards; discard pile: {len(view.discard)} cards")
        return lines


CONSOLE = SanguoshaConsole()
