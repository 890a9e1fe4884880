"""The console's widgets: a seat panel, the hand, the request panel, the info line, the status
line and the Harmony field. Each renders from the `Table` (and the `Picker`) it is given;
clicks become messages the app handles."""

from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text
from textual import events
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from protocol.games.harmony import schema as hs
from user_agent.games.sanguosha.names import mark_text
from user_agent.tui import words
from user_agent.tui.picker import Picker
from user_agent.tui.table import Table

FACTION_STYLE = {"wei": "bold blue", "shu": "bold red", "wu": "bold green", "qun": "bold white"}
ELEMENT_STYLE = {"w": "bold blue", "f": "bold red", "e": "bold yellow", "l": "bold magenta"}
SLOT_WORDS = {
    "weapon": "weapon",
    "armor": "armor",
    "plus_horse": "+1 horse",
    "minus_horse": "-1 horse",
}
SLOT_ZH = {"weapon": "武器", "armor": "防具", "plus_horse": "+1马", "minus_horse": "-1马"}
ROLE_ZH = {"lord": "主公", "loyalist": "忠臣", "rebel": "反贼", "renegade": "内奸"}


def pips(hp: int, max_hp: int) -> str:
    """HP as pips: ●●●○ for 3 of 4."""
    hp = max(hp, 0)
    return "●" * min(hp, max_hp) + "○" * max(max_hp - hp, 0)


def role_word(role: str, lang: str) -> str:
    return ROLE_ZH.get(role, role) if lang == "zh" else role


class Clickable(Static):
    """A Static that reports which content line was clicked."""

    class Clicked(Message):
        def __init__(self, widget: Clickable, line: int, column: int) -> None:
            super().__init__()
            self.widget = widget
            self.line = line
            self.column = column

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            offset = event.offset
        event.stop()
        self.post_message(self.Clicked(self, offset.y, offset.x))


class SeatPanel(Clickable):
    DEFAULT_CSS = """
    SeatPanel { border: round $secondary; height: auto; min-height: 8; padding: 0 1; }
    SeatPanel.current { border: heavy $warning; }
    SeatPanel.me { background: $boost; }
    SeatPanel.dead { color: $text-disabled; }
    SeatPanel.target { border: double $success; }
    """

    def __init__(self, seat: int, **kw: Any) -> None:
        super().__init__("", **kw)
        self.seat = seat

    def show(self, table: Table, lang: str, target: int | None = None) -> None:
        view = table.sgs
        if view is None:
            return
        info = view.seats[self.seat]
        name = words.general_name(info.general, lang) if info.general else "?"
        mine = " (you)" if self.seat == table.viewer else ""
        tag = f" [{target}]" if target is not None else ""
        self.border_title = f"{self.seat} · {name}{mine}{tag}"
        t = Text()
        if info.faction:
            t.append(words.faction_name(info.faction, lang), FACTION_STYLE.get(info.faction, ""))
        if info.role:
            t.append(f" · {role_word(info.role, lang)}", "bold")
        if not info.alive:
            t.append(" · dead" if lang != "zh" else " · 阵亡", "bold red")
        t.append("\n")
        t.append("HP ")
        t.append(pips(info.hp, info.max_hp), "red")
        t.append(f" {info.hp}/{info.max_hp}\n")
        t.append(f"hand {info.hand_count}" if lang != "zh" else f"手牌 {info.hand_count}")
        if info.face_down:
            t.append(" · face down")
        slots = SLOT_ZH if lang == "zh" else SLOT_WORDS
        for slot, label in slots.items():
            card = info.equip.get(slot)
            if card is not None:
                t.append(f"\n{label}: {words.card_name(card, lang)}", "cyan")
        for card in info.judge:
            as_ = info.judge_as.get(card["id"], card.get("name", ""))
            label = "判定" if lang == "zh" else "judge"
            t.append(f"\n{label}: {words.kind_name(as_, lang)}", "magenta")
        marks = {k: v for k, v in info.marks.items() if v not in (None, False, 0)}
        if marks:
            t.append("\n" + ", ".join(mark_text(k, v, lang) for k, v in marks.items()), "dim")
        self.update(t)
        self.set_class(view.current == self.seat, "current")
        self.set_class(self.seat == table.viewer, "me")
        self.set_class(not info.alive, "dead")
        self.set_class(target is not None, "target")


class HarmonySeat(Clickable):
    DEFAULT_CSS = """
    HarmonySeat { border: round $secondary; height: auto; width: 1fr; padding: 0 1; }
    HarmonySeat.me { background: $boost; }
    HarmonySeat.current { border: heavy $warning; }
    """

    def __init__(self, seat: int, **kw: Any) -> None:
        super().__init__("", **kw)
        self.seat = seat

    def show(self, table: Table, lang: str) -> None:
        view = table.harmony
        if view is None:
            return
        mine = " (you)" if self.seat == table.viewer else ""
        self.border_title = f"{self.seat} · {hs.seat_name(self.seat)}{mine}"
        t = Text()
        t.append(f"pieces {len(view.fields[self.seat])}/15")
        if view.damage_to is not None:
            t.append(f" · took {view.damage_to[self.seat]} damage last attack")
        if view.first_placer == self.seat:
            t.append(" · places first this round")
        self.update(t)
        self.set_class(self.seat == table.viewer, "me")
        self.set_class(view.first_placer == self.seat, "current")


class CarcassonneSeat(Clickable):
    """A Carcassonne seat: score and followers in supply."""

    DEFAULT_CSS = """
    CarcassonneSeat { border: round $secondary; height: auto; width: 1fr; padding: 0 1; }
    CarcassonneSeat.me { background: $boost; }
    CarcassonneSeat.current { border: heavy $warning; }
    """

    def __init__(self, seat: int, **kw: Any) -> None:
        super().__init__("", **kw)
        self.seat = seat

    def show(self, table: Table, lang: str) -> None:
        view = table.carc
        if view is None:
            return
        mine = " (you)" if self.seat == table.viewer else ""
        self.border_title = f"seat {self.seat}{mine}"
        score = view.scores[self.seat] if self.seat < len(view.scores) else 0
        supply = view.supply[self.seat] if self.seat < len(view.supply) else 0
        placed = sum(1 for s in view.followers.values() if s == self.seat)
        t = Text()
        t.append(f"{score} points", "bold")
        t.append(f"\nfollowers: {supply} in supply, {placed} on the board")
        if view.current == self.seat:
            t.append("\nplaying now", "bold yellow")
            if view.drawn:
                t.append(f" · tile {view.drawn}")
        self.update(t)
        self.set_class(self.seat == table.viewer, "me")
        self.set_class(view.current == self.seat, "current")


class CarcassonneBoard(Static):
    """The board as `user_agent.games.carcassonne.board` draws it (the container around it
    scrolls), with the scores under it."""

    DEFAULT_CSS = """
    CarcassonneBoard { width: auto; height: auto; padding: 0 1; }
    """

    def show(self, table: Table, lang: str) -> None:
        view = table.carc
        if view is None:
            return
        try:
            from user_agent.games.carcassonne import board as carcassonne_board

            lines = carcassonne_board.board_lines(view)
            scores = carcassonne_board.scores_line(view)
        except Exception as exc:  # presentation only: never take the screen down
            lines, scores = [f"(the board cannot be drawn: {exc})"], ""
        t = Text("\n".join(lines))
        if scores:
            t.append("\n\n" + scores, "bold")
        if view.last is not None:
            t.append(f"\nlast tile at ({view.last[0]},{view.last[1]})", "dim")
        self.update(t)
        self.lines = lines

    @staticmethod
    def spot(table: Table) -> tuple[int, int] | None:
        """Where the middle of the latest tile is drawn (column, line of the content), found
        as `carcassonne_board.board_lines` lays the grid out; None before any tile."""
        view = table.carc
        if view is None or view.last is None or not view.tiles:
            return None
        from user_agent.games.carcassonne import board as cb

        w, h, gap = getattr(cb, "W", 5), getattr(cb, "H", 3), getattr(cb, "GAP", 1)
        xs = [x for x, _ in view.tiles]
        ys = [y for _, y in view.tiles]
        label = max(len(str(y)) for y in range(min(ys), max(ys) + 1))
        x, y = view.last
        column = 1 + label + 1 + (x - min(xs)) * (w + gap) + w // 2  # (padding 1)
        line = 1 + (max(ys) - y) * h + h // 2
        return column, line


class MuhqSeat(Clickable):
    """A muhq seat: its resource and the counts of its cards (hand, deck, discard, store), the
    units it has on the map."""

    DEFAULT_CSS = """
    MuhqSeat { border: round $secondary; height: auto; width: 1fr; padding: 0 1; }
    MuhqSeat.me { background: $boost; }
    MuhqSeat.current { border: heavy $warning; }
    """

    def __init__(self, seat: int, **kw: Any) -> None:
        super().__init__("", **kw)
        self.seat = seat

    def show(self, table: Table, lang: str) -> None:
        m = table.muhq
        if m is None:
            return
        mine = " (you)" if self.seat == table.viewer else ""
        self.border_title = f"seat {self.seat}{mine}"
        st = m.state
        if st is None or not 0 <= self.seat < len(st.cards):
            self.update(Text("the game has not started", "dim"))
            self.set_class(False, "current")
            return
        self.update(Text(muhq_seat_words(table, self.seat)))
        self.set_class(self.seat == table.viewer, "me")
        self.set_class(st.active == self.seat and st.outcome is None, "current")


def muhq_seat_words(table: Table, side: int) -> str:
    """``resource 3 · hand 4 · deck 6 · discard 2 · store 9`` and the units on the map."""
    m = table.muhq
    st = m.state if m is not None else None
    if st is None or not 0 <= side < len(st.cards):
        return ""
    c = st.cards[side]
    units = sum(1 for p in st.units_of(side) if p.under is None)
    out = (
        f"resource {c.resource} · hand {len(c.hand)}\n"
        f"deck {len(c.deck)} · discard {len(c.discard)} · store {len(c.store)}\n"
        f"{units} unit{'s' if units != 1 else ''} on the map"
    )
    if st.active == side and st.outcome is None:
        out += " · playing now"
    return out


LEGEND_W = 60  # muhq: the map legend's width (wider when the grid is)


class MuhqBoard(Static):
    """muhq's map as `user_agent.games.muhq.board` draws it: the grid (the top row first,
    columns a.. across, rows 1.. down the side) and its legend (the container around it
    scrolls)."""

    DEFAULT_CSS = """
    MuhqBoard { width: auto; height: auto; padding: 0 1; }
    """

    def show(self, table: Table, lang: str) -> None:
        m = table.muhq
        if m is None:
            return
        try:
            lines = m.board_lines()
            st = m.state
            if st is not None and st.kraken and st.players < len(st.cards):
                k = st.cards[st.players]
                lines.append(
                    f"the Kraken: deck {len(k.deck)}, discard {len(k.discard)}, "
                    f"resource {k.resource}"
                )
            if st is not None and st.stack:
                lines.append("on the stack (top last):")
                lines += [f"  {m.side_name(f.get('side'))}: {m.frame_words(f)}" for f in st.stack]
        except Exception as exc:  # presentation only: never take the screen down
            lines = [f"(the map cannot be drawn: {exc})"]
        self.lines = lines
        grid = 0 if m.state is None else m.state.spec.height + 1
        # the legend wraps at the grid's width (at least LEGEND_W), the grid never does
        width = max([LEGEND_W, *(len(line) for line in lines[:grid])])
        legend = [
            part
            for line in lines[grid:]
            for part in textwrap.wrap(line, width, subsequent_indent="    ") or [""]
        ]
        t = Text("\n".join(lines[:grid]), "bold")
        if legend:
            t.append(("\n" if grid else "") + "\n".join(legend))
        self.update(t)


class MuhqHand(Clickable):
    """The viewer's muhq hand with each card's stats, and its store (the omniscient replay:
    every side's hand; a spectator: none)."""

    DEFAULT_CSS = """
    MuhqHand { border: round $primary; height: auto; max-height: 14; padding: 0 1; }
    """

    def show(self, table: Table, lang: str) -> None:
        m = table.muhq
        if m is None:
            return
        # one part per logical line, with the card id it shows (clicks find it by height)
        self.parts: list[tuple[str, str | None]] = []
        parts = self.parts
        st = m.state
        try:
            if table.viewer is not None and table.viewer < 0:
                self.border_title = "hands"
                parts.append(("a spectator sees no hand: the counts are on the seats", None))
            elif st is None:
                self.border_title = "hand"
                parts.append(("no hand yet: the game has not started", None))
            elif table.viewer is None:
                self.border_title = "every hand"
                for side, c in enumerate(st.cards):
                    parts.append((f"{m.side_name(side)} ({len(c.hand)}):", None))
                    parts += [(f"  {m.card_text(cid)}", cid) for cid in c.hand]
            else:
                c = st.cards[table.viewer]
                self.border_title = f"your hand ({len(c.hand)}) · resource {c.resource}"
                parts += [(m.card_text(cid), cid) for cid in c.hand]
                if not c.hand:
                    parts.append(("(no cards)", None))
                if c.store:
                    store = sorted(set(c.store))
                    parts.append(("store: " + ", ".join(m.card_price(cid) for cid in store), None))
        except Exception as exc:  # presentation only
            parts[:] = [(f"(the hand cannot be shown: {exc})", None)]
        self.update(Text("\n".join(line for line, _ in parts)))

    def card_at(self, line: int) -> str | None:
        """The card id shown on content line `line` (a long card's text wraps)."""
        width = self.content_size.width or 1 << 16
        row = 0
        parts: list[tuple[str, str | None]] = getattr(self, "parts", [])
        for text, cid in parts:
            rows = max(len(Content(text).wrap(width)), 1)
            if row <= line < row + rows:
                return cid
            row += rows
        return None


class HandPanel(Clickable):
    DEFAULT_CSS = """
    HandPanel { border: round $primary; height: 1fr; padding: 0 1; }
    """

    def show(self, table: Table, lang: str, picks: dict[int, int] | None = None) -> None:
        """`picks` maps a card id to the option number that plays it (if any)."""
        if table.viewer is None:
            self.show_all(table, lang)
            return
        if table.viewer < 0:
            self.cards = []
            self.border_title = "hands"
            self.update(Text("a spectator sees no hand: the counts are on the seats", "dim"))
            return
        hand = table.my_hand
        self.cards = list(hand)
        self.border_title = f"your hand ({len(hand)})" if lang != "zh" else f"手牌 ({len(hand)})"
        t = Text()
        for n, card in enumerate(hand):
            if n:
                t.append("\n")
            opt = (picks or {}).get(card.get("id", -1))
            t.append(f"[{opt}] " if opt is not None else "    ", "bold green")
            t.append(words.card_name(card, lang))
        if not hand:
            t.append("(no cards)", "dim")
        self.update(t)

    def show_all(self, table: Table, lang: str) -> None:
        """Every seat's hand (the omniscient replay)."""
        self.cards = []
        self.border_title = "every hand" if lang != "zh" else "所有手牌"
        t = Text()
        for seat in range(table.seats):
            hand = table.hand_of(seat) or []
            t.append(f"seat {seat} ({len(hand)})\n", "bold")
            self.cards.append({})
            for card in hand:
                t.append(f"  {words.card_name(card, lang)}\n")
                self.cards.append(card)
        self.update(t)

    def card_at(self, line: int) -> dict[str, Any] | None:
        cards: list[dict[str, Any]] = getattr(self, "cards", [])
        card = cards[line] if 0 <= line < len(cards) else None
        return card or None


class RequestPanel(Clickable):
    DEFAULT_CSS = """
    RequestPanel { border: round $accent; height: 1fr; padding: 0 1; }
    RequestPanel.asking { border: heavy $success; }
    """

    def show(self, picker: Picker | None, left: float | None, waiting: str) -> None:
        # one part per logical line, with the option it shows (clicks find it by height)
        self.parts: list[tuple[Text, int | None]] = []
        if picker is None:
            self.border_title = "request"
            self.remove_class("asking")
            self.update(Text(waiting, "dim"))
            return
        self.add_class("asking")
        self.border_title = f"your decision #{picker.req.id}"
        parts = self.parts
        parts.append((Text(picker.words.title, "bold"), None))
        if left is not None:
            style = "bold red" if left < 5 else "bold yellow"
            parts.append((Text(f"time left: {max(left, 0):.0f} s", style), None))
        parts.append((Text(picker.prompt(), "italic"), None))
        for i, label in enumerate(picker.labels()):
            cursor = "▶" if i == picker.cursor else " "
            box = ""
            if picker.form == "subset":
                box = "[x] " if picker.is_marked(i) else "[ ] "
            t = Text()
            t.append(f"{cursor}{i + 1:>2}) {box}", "bold" if i == picker.cursor else "")
            t.append(label, "reverse" if i == picker.cursor else "")
            if picker.is_default(i):
                t.append("  (default)", "green")
            parts.append((t, i))
        if picker.error:
            parts.append((Text(f"! {picker.error}", "bold red"), None))
        keys = "1-9/↑↓ Enter: choose · d: default"
        if picker.form == "subset":
            keys = "1-9/space: mark · Enter: send · d: default"
        if picker.req.cancel:
            keys += " · c: cancel"
        if picker.form in ("product", "arrange"):
            keys += " · Backspace: back"
        if picker.words.default:  # (the words' typing hint is the line console's)
            parts.append((Text(f"default: {picker.words.default}", "dim"), None))
        parts.append((Text(keys + " · i: about · ?: help", "dim"), None))
        self.update(Text("\n").join(t for t, _ in parts))

    def option_at(self, line: int) -> int | None:
        """The option shown on content line `line` (long options wrap over several)."""
        width = self.content_size.width or 1 << 16
        row = 0
        parts: list[tuple[Text, int | None]] = getattr(self, "parts", [])
        for text, option in parts:
            rows = max(len(Content.from_rich_text(text).wrap(width)), 1)
            if row <= line < row + rows:
                return option
            row += rows
        return None

    def option_row(self, option: int) -> int | None:
        """The first content line of `option` (for tests and screenshots)."""
        for line in range(200):
            if self.option_at(line) == option:
                return line
        return None


class InfoPanel(Static):
    DEFAULT_CSS = """
    InfoPanel { border: round $secondary; height: auto; max-height: 8; padding: 0 1; }
    """


class StatusLine(Static):
    DEFAULT_CSS = """
    StatusLine { height: 1; background: $primary-background; padding: 0 1; }
    """

    def show(self, table: Table, lang: str, extra: str = "") -> None:
        t = Text()
        if table.harmony is not None:
            v = table.harmony
            t.append(f"Harmony of Elements · round {v.round}", "bold")
            if v.round:
                t.append(" · attack phase this round" if v.attack_this_round else " · no attack")
        elif table.carc is not None:
            c = table.carc
            t.append("Carcassonne", "bold")
            t.append(f" · turn {c.turn}")
            if c.current is not None:
                t.append(f" · playing: seat {c.current}", "bold yellow")
            if c.drawn:
                t.append(f" · tile {c.drawn}")
            t.append(f" · {c.left} tiles left")
        elif table.muhq is not None:
            m = table.muhq
            t.append("muhq", "bold")
            st = m.state
            if st is not None:
                t.append(f" · {st.spec.name}")
                t.append(f" · round {st.round}")
                if st.active >= 0 and st.outcome is None:
                    t.append(f" · turn: {m.side_name(st.active)}", "bold yellow")
                if st.stack:
                    t.append(f" · stack {len(st.stack)}")
        elif table.sgs is not None:
            v2 = table.sgs
            t.append("Sanguosha" if lang != "zh" else "三国杀", "bold")
            t.append(f" · round {v2.round}")
            if v2.current >= 0:
                who = words.general_name(v2.seats[v2.current].general, lang)
                t.append(f" · turn: seat {v2.current} {who}", "bold yellow")
            if v2.phase:
                t.append(f" · phase: {v2.phase}")
            t.append(f" · draw pile {v2.draw_count}")
        if table.over is not None:
            t.append(" · GAME OVER", "bold red")
        if extra:
            t.append(f" · {extra}")
        self.update(t)


CELL_W = 6


class HarmonyField(Clickable):
    """The 5x3 field of each side: North above the midline (back row on top), South below."""

    DEFAULT_CSS = """
    HarmonyField { border: round $primary; height: auto; padding: 0 1; }
    """

    LABEL_W = 14

    def show(self, table: Table, lang: str, choosable: set[str] | None = None) -> None:
        view = table.harmony
        if view is None:
            return
        self.border_title = "the field"
        self.rows: dict[int, tuple[int, str]] = {}  # content line -> (seat, row)
        t = Text()
        t.append(" " * self.LABEL_W + "".join(f"{lane:^{CELL_W}}" for lane in hs.LANES) + "\n")
        line = 1
        order = [(1, r) for r in reversed(hs.ROWS)] + [(0, r) for r in hs.ROWS]
        for seat, r in order:
            if seat == 0 and r == hs.ROWS[0]:
                t.append(" " * self.LABEL_W + "─" * (CELL_W * 5) + " midline\n", "dim")
                line += 1
            self.rows[line] = (seat, r)
            label = f"{'SN'[seat]} {hs.ROW_WORDS[r]:<6} ({r})"
            t.append(f"{label:<{self.LABEL_W}}")
            for lane in hs.LANES:
                cell = f"{lane}/{r}"
                code = view.fields[seat].get(cell)
                if code is None:
                    mine = choosable is not None and seat == table.viewer and cell in choosable
                    t.append(f"{'·':^{CELL_W}}", "bold green" if mine else "dim")
                else:
                    style = ELEMENT_STYLE.get(code[1:], "")
                    if cell in view.turned[seat]:
                        style += " dim"
                    t.append(f"{code:^{CELL_W}}", style)
            t.append("\n")
            line += 1
        t.append("\nroles: T Titan  W Warrior  A Archer  M Mage\n", "dim")
        t.append("elements: ", "dim")
        for code, name in hs.ELEMENT_NAMES.items():
            t.append(f"{code} {name}  ", ELEMENT_STYLE[code])
        t.append("\ncells: lane/row, e.g. c/F = lane c, front row; dim = exhausted", "dim")
        self.update(t)

    def cell_at(self, line: int, column: int) -> tuple[int, str] | None:
        row = getattr(self, "rows", {}).get(line)
        if row is None:
            return None
        k = (column - self.LABEL_W) // CELL_W
        if column < self.LABEL_W or not 0 <= k < len(hs.LANES):
            return None
        return row[0], f"{hs.LANES[k]}/{row[1]}"
