"""Sanguosha's part of the full-screen table: the table it folds (one `SanguoshaView` for the
viewer, one per seat when omniscient), the seat panels (general, HP, equipment, judgement area,
marks), the hand, the status line's words, and the names they use, guarded so that a
presentation bug never stops a game (a call that fails is logged and the plain form shown)."""

from __future__ import annotations

import dataclasses
from typing import Any

import structlog
from rich.text import Text

from user_agent.games.sanguosha import names
from user_agent.games.sanguosha.messages import SG
from user_agent.games.sanguosha.names import mark_text
from user_agent.games.sanguosha.view import SanguoshaView
from user_agent.tui.table import Table
from user_agent.tui.widgets import Clickable, SeatWidget
from user_agent.tui.words import plain

log = structlog.get_logger("sgs.tui")


def card_name(card: dict[str, Any] | None, lang: str = "en") -> str:
    try:
        return names.card_name(card if card is not None else "?", lang)
    except Exception as exc:  # presentation only
        log.debug("words failed", what="card_name", reason=str(exc))
        return plain((card or {}).get("name", "?"))


def kind_name(kind: str, lang: str = "en") -> str:
    """A card kind's name alone (``indulgence`` -> ``Indulgence``)."""
    try:
        return names.card_name(kind, lang)
    except Exception as exc:  # presentation only
        log.debug("words failed", what="kind_name", reason=str(exc))
        return plain(kind).title()


def general_name(gid: str, lang: str = "en") -> str:
    return names.general_name(gid, lang) if gid else "?"


def faction_name(faction: str, lang: str = "en") -> str:
    return names.faction_name(faction, lang)


def general_text(gid: str, lang: str = "en") -> str:
    return names.general_text(gid, lang)


def card_text(kind: str, lang: str = "en") -> str:
    return names.card_text(kind, lang)


class SanguoshaTable(Table):
    def __init__(self, game: str, seats: int, viewer: int | None) -> None:
        super().__init__(game, seats, viewer)
        if viewer is None:
            self.views = [SanguoshaView(s, seats) for s in range(seats)]
        else:
            self.views = [SanguoshaView(viewer, seats)]

    @property
    def sgs(self) -> SanguoshaView:
        """The view the seat panels read (the viewer's, or seat 0's when omniscient)."""
        return self.views[0]

    @property
    def view(self) -> SanguoshaView:
        return self.sgs

    def fold(self, kind: str, data: dict[str, Any]) -> None:
        for v in self.views:
            v.apply(kind, data)

    def hand_of(self, seat: int) -> list[dict[str, Any]] | None:
        """The cards of `seat`'s hand if this viewer knows them."""
        if self.viewer is None and 0 <= seat < len(self.views):
            return self.views[seat].hand
        if seat == self.viewer:
            return self.views[0].hand
        return None

    @property
    def my_hand(self) -> list[dict[str, Any]]:
        if self.viewer is not None and self.viewer >= 0:
            return self.hand_of(self.viewer) or []
        return []

    @property
    def over(self) -> dict[str, Any] | None:
        return self.sgs.outcome

    def snapshot(self) -> dict[str, Any]:
        out: list[dict[str, Any]] = []
        for view in self.views:
            out.append(
                {
                    "seats": [dataclasses.asdict(s) for s in view.seats],
                    "hand": list(view.hand),
                    "draw": view.draw_count,
                    "discard": list(view.discard),
                    "current": view.current,
                    "phase": view.phase,
                    "round": view.round,
                    "outcome": view.outcome,
                }
            )
        return {"views": out}


def status(table: SanguoshaTable, lang: str) -> Text:
    v2 = table.sgs
    t = Text()
    t.append(SG(lang, "tui.game"), "bold")
    t.append(SG(lang, "tui.round", round=v2.round))
    if v2.current >= 0:
        who = general_name(v2.seats[v2.current].general, lang)
        t.append(SG(lang, "tui.turn", seat=v2.current, who=who), "bold yellow")
    if v2.phase:
        # (English shows the phase's id, as it always has; other languages its name)
        phase = v2.phase if lang == "en" else names.phase_name(v2.phase, lang)
        t.append(SG(lang, "tui.phase", phase=phase))
    t.append(SG(lang, "tui.draw", count=v2.draw_count))
    return t


FACTION_STYLE = {"wei": "bold blue", "shu": "bold red", "wu": "bold green", "qun": "bold white"}
SLOT_WORDS = {
    "weapon": "weapon",
    "armor": "armor",
    "plus_horse": "+1 horse",
    "minus_horse": "-1 horse",
}
SLOT_ZH = {"weapon": "武器", "armor": "防具", "plus_horse": "+1马", "minus_horse": "-1马"}


def pips(hp: int, max_hp: int) -> str:
    """HP as pips: ●●●○ for 3 of 4."""
    hp = max(hp, 0)
    return "●" * min(hp, max_hp) + "○" * max(max_hp - hp, 0)


def role_word(role: str, lang: str, sides: bool = False) -> str:
    """A seat's role; in 1v1 (`sides`) the side its role tags (warm side, cool side)."""
    return names.side_name(role, lang) if sides else names.role_name(role, lang)


def reach_line(view: SanguoshaView, viewer: int | None, seat: int, lang: str) -> tuple[str, str]:
    """A seat panel's distance line: the origin's attack range on its own panel (and, when the
    origin is not the viewer's own seat, that the distances are from there); the origin's
    distance to this seat and whether it is within range on every other living seat's.
    -> (the line, its style); ("", "") for none."""
    origin = view.origin(viewer)
    if origin < 0:
        return "", ""
    if seat == origin:
        r = view.attack_range(seat)
        if lang == "zh":
            return f"攻击范围 {r}" + ("" if origin == viewer else " · 距离由此起算"), "bold"
        return f"attack range {r}" + ("" if origin == viewer else " · distances from here"), "bold"
    reach = view.reach(origin).get(seat)
    if reach is None:
        return "", ""
    d, within = reach
    if lang == "zh":
        return f"距离 {d} · " + ("攻击范围内" if within else "攻击范围外"), REACH_STYLE[within]
    return f"distance {d} · " + ("in range" if within else "out of range"), REACH_STYLE[within]


REACH_STYLE = {True: "bold green", False: "dim"}


class SeatPanel(SeatWidget):
    DEFAULT_CSS = """
    SeatPanel { border: round $secondary; height: auto; min-height: 8; padding: 0 1; }
    SeatPanel.current { border: heavy $warning; }
    SeatPanel.me { background: $boost; }
    SeatPanel.dead { color: $text-disabled; }
    SeatPanel.target { border: double $success; }
    """

    def show(self, table: SanguoshaTable, lang: str, target: int | None = None) -> None:
        view = table.sgs
        info = view.seats[self.seat]
        name = general_name(info.general, lang) if info.general else "?"
        mine = SG(lang, "tui.you") if self.seat == table.viewer else ""
        tag = f" [{target}]" if target is not None else ""
        self.border_title = f"{self.seat} · {name}{mine}{tag}"
        t = Text()
        if info.faction:
            t.append(faction_name(info.faction, lang), FACTION_STYLE.get(info.faction, ""))
        if info.role:
            t.append(f" · {role_word(info.role, lang, view.sides)}", "bold")
        if not info.alive:
            t.append(SG(lang, "tui.dead"), "bold red")
        t.append("\n")
        t.append(SG(lang, "tui.hp"))
        t.append(pips(info.hp, info.max_hp), "red")
        t.append(f" {info.hp}/{info.max_hp}\n")
        t.append(SG(lang, "tui.hand_count", count=info.hand_count))
        if info.face_down:
            t.append(SG(lang, "tui.face_down"))
        reach, style = reach_line(view, table.viewer, self.seat, lang)
        if reach:
            t.append(f"\n{reach}", style)
        slots = SLOT_ZH if lang == "zh" else SLOT_WORDS
        for slot, label in slots.items():
            card = info.equip.get(slot)
            if card is not None:
                t.append(f"\n{label}: {card_name(card, lang)}", "cyan")
        for card in info.judge:
            as_ = info.judge_as.get(card["id"], card.get("name", ""))
            label = "判定" if lang == "zh" else "judge"
            t.append(f"\n{label}: {kind_name(as_, lang)}", "magenta")
        marks = {k: v for k, v in info.marks.items() if v not in (None, False, 0)}
        if marks:
            t.append("\n" + ", ".join(mark_text(k, v, lang) for k, v in marks.items()), "dim")
        self.update(t)
        self.set_class(view.current == self.seat, "current")
        self.set_class(self.seat == table.viewer, "me")
        self.set_class(not info.alive, "dead")
        self.set_class(target is not None, "target")


class HandPanel(Clickable):
    DEFAULT_CSS = """
    HandPanel { border: round $primary; height: 1fr; padding: 0 1; }
    """

    def show(
        self,
        table: SanguoshaTable,
        lang: str,
        picks: dict[int, int] | None = None,
        playing: set[int] | None = None,
    ) -> None:
        """`picks` maps a card id to the option number that plays it (if any); `playing`: the
        ids of the cards being played (a target step's card, highlighted)."""
        if table.viewer is None:
            self.show_all(table, lang)
            return
        if table.viewer < 0:
            self.cards = []
            self.border_title = SG(lang, "tui.hands")
            self.update(Text(SG(lang, "tui.no_hands"), "dim"))
            return
        hand = table.my_hand
        self.cards = list(hand)
        self.border_title = SG(lang, "tui.your_hand", count=len(hand))
        t = Text()
        played = [c for c in hand if c.get("id") in (playing or set())]
        if played:
            self.border_title += " · ▶ " + ", ".join(card_name(c, lang) for c in played)
        for n, card in enumerate(hand):
            if n:
                t.append("\n")
            if card in played:
                t.append(" ▶  ", "bold yellow")
                t.append(card_name(card, lang), "bold reverse yellow")
                t.append(SG(lang, "tui.being_played"), "yellow")
                continue
            opt = (picks or {}).get(card.get("id", -1))
            t.append(f"[{opt}] " if opt is not None else "    ", "bold green")
            t.append(card_name(card, lang))
        if not hand:
            t.append(SG(lang, "tui.no_cards"), "dim")
        self.update(t)

    def show_all(self, table: SanguoshaTable, lang: str) -> None:
        """Every seat's hand (the omniscient replay)."""
        self.cards = []
        self.border_title = SG(lang, "tui.every_hand")
        t = Text()
        for seat in range(table.seats):
            hand = table.hand_of(seat) or []
            t.append(SG(lang, "tui.seat_hand", seat=seat, count=len(hand)) + "\n", "bold")
            self.cards.append({})
            for card in hand:
                t.append(f"  {card_name(card, lang)}\n")
                self.cards.append(card)
        self.update(t)

    def card_at(self, line: int) -> dict[str, Any] | None:
        cards: list[dict[str, Any]] = getattr(self, "cards", [])
        card = cards[line] if 0 <= line < len(cards) else None
        return card or None
