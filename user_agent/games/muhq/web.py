"""muhq's game in the browser: the map as a grid (the top row first, columns a.. across, as
`board.py` draws it) with each tile's terrain and the permanents on it (a unit with its
crew and equipment stacked on it, life, tokens, tapped), each side's resource and cards
(hand, deck, discard, store) in `seats`, the viewer's hand in `hand`, and the viewer's store
on the board to buy from.

Every option that designates a place says so (`option_marks`): `tile` ([x, y]: play a card
there, move, a street move, carry, a drop) or `perm` (the permanent it acts on: activate,
attack, board, equip, swap, a spell's or free action's target), so that `web.js` makes those
tiles clickable; `card` (the hand card played or cast) and `store` (the store card bought).
Names come from the folded table only: a card the viewer may not see is never named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from protocol.choices import RequestSpec
from protocol.games.muhq.state import UNKNOWN, MuhqState, Perm
from user_agent.games.muhq.board import OUTCOME_REASONS, TERRAIN, MuhqTable, tile_name
from user_agent.games.muhq.widgets import MuhqScreenTable
from user_agent.tui.table import Table
from user_agent.web.hooks import WebHooks

LEGEND = (
    "a permanent: two letters of its card and its side (Ki0: seat 0's King), life left/life, "
    "d durability, ☠ poison, ⌁ paralysis; faded italic: tapped; + stacked on the one above; "
    "a tile's corner: its terrain (hover for its name); green: the request's choices"
)
SPAWN_WORDS = {"S": "spawn", "K": "King's start", "P": "harbor"}
TILE_VERBS = ("play", "move", "street")  # [verb, ..., x, y]: the tile is the option's place
PERM_VERBS = ("select", "enter", "attack", "equip", "swap")  # [verb, perm]
CARD_VERBS = ("play", "cast")  # [verb, card, ...]: a card of the hand


def terrain_words(code: str) -> str:
    """``F`` -> ``farm field``; ``S1`` -> ``spawn of seat 0``; ``P0`` -> ``harbor of the
    Kraken``."""
    if code in TERRAIN:
        return TERRAIN[code]
    if len(code) == 2 and code[1].isdigit() and code[0] in SPAWN_WORDS:
        n = int(code[1])
        who = "the Kraken" if n == 0 else f"seat {n - 1}"
        return f"{SPAWN_WORDS[code[0]]} of {who}"
    return code


def marks_of(option: Any) -> dict[str, Any]:
    """What a muhq option designates on the page (see the module's words)."""
    if not isinstance(option, list) or not option:
        return {}
    if len(option) == 2 and all(type(v) is int for v in option):  # drop, place_carried
        return {"tile": [option[0], option[1]]}
    verb, args = option[0], option[1:]
    out: dict[str, Any] = {}
    if verb in CARD_VERBS and args and isinstance(args[0], str):
        out["card"] = args[0]
    if verb == "buy" and args:
        out["store"] = args[0]
    if verb == "play" and len(args) >= 3:
        out["tile"] = [args[1], args[2]]
    elif verb in ("move", "street") and len(args) >= 2:
        out["tile"] = [args[0], args[1]]
    elif verb == "carry" and len(args) >= 3:
        out["tile"] = [args[1], args[2]]
    elif verb in PERM_VERBS and args:
        out["perm"] = args[0]
    elif verb == "cast" and len(args) >= 2:
        out["perm"] = args[1]
    elif verb == "free" and len(args) >= 3:
        out["perm"] = args[2]
    return out


class MuhqWeb(WebHooks):
    script = Path(__file__).with_name("web.js")
    help = (
        "Green tiles are what the request lets you act on: click one (with several options "
        "there, pick one in the menu that opens). Click a card of your hand first to see only "
        "where it can be played."
    )

    def page(self, game: str, table: Table, lang: str) -> dict[str, Any]:
        assert isinstance(table, MuhqScreenTable), table
        m = table.muhq
        st = m.state
        if st is None:
            return {"status": "muhq", "seats": [], "hand": [], "text": m.board_lines()}
        return {
            "status": self.status(m, st),
            "seats": [self.seat(m, st, side, table.viewer) for side in range(st.sides)],
            "hand": self.hand(m, st, table.viewer),
            "board": self.board(m, st, table.viewer),
        }

    @staticmethod
    def status(m: MuhqTable, st: MuhqState) -> str:
        out = ["muhq", st.spec.name, f"round {st.round}"]
        if st.active >= 0 and st.outcome is None:
            out.append(f"turn: {m.side_name(st.active)}")
        if st.stack:
            out.append(f"stack {len(st.stack)}")
        if st.outcome is not None:
            ws = st.outcome.get("winners") or []
            who = " and ".join(m.side_name(w) for w in ws) or "nobody"
            why = OUTCOME_REASONS.get(str(st.outcome.get("reason")), st.outcome.get("reason"))
            out.append(f"over: {who} won ({why})")
        return " · ".join(out)

    @staticmethod
    def seat(m: MuhqTable, st: MuhqState, side: int, viewer: int | None) -> dict[str, Any]:
        c = st.cards[side]
        kraken = st.kraken and side == st.players
        units = sum(1 for p in st.units_of(side) if p.under is None)
        lines = [
            f"resource {c.resource} · hand {len(c.hand)}",
            f"deck {len(c.deck)} · discard {len(c.discard)}",
            f"{units} unit{'s' if units != 1 else ''} on the map",
        ]
        if c.store:
            lines.append("store: " + ", ".join(m.card_price(cid) for cid in sorted(set(c.store))))
        if viewer is None and c.hand and UNKNOWN not in c.hand:  # the omniscient replay
            lines.append("hand: " + m.cards_words(c.hand))
        tags = []
        playing = st.active == side and st.outcome is None
        if playing:
            tags.append("playing now")
        if st.outcome is not None and side in (st.outcome.get("winners") or []):
            tags.append("winner")
        me = side == viewer
        return {
            "seat": side,
            "title": m.side_name(side).capitalize() + (" (you)" if me else ""),
            "tags": tags,
            "lines": lines,
            "me": me,
            "current": playing,
            "dead": kraken and st.kraken_slain,
        }

    @staticmethod
    def hand(m: MuhqTable, st: MuhqState, viewer: int | None) -> list[dict[str, Any]]:
        if viewer is None or not 0 <= viewer < len(st.cards):
            return []
        return [
            {"id": cid, "label": m.card_name(cid), "color": "", "text": m.card_text(cid)}
            for cid in st.cards[viewer].hand
            if cid != UNKNOWN
        ]

    def board(self, m: MuhqTable, st: MuhqState, viewer: int | None) -> dict[str, Any]:
        spec = st.spec
        rows = []
        for y in range(spec.height - 1, -1, -1):
            row = []
            for x in range(spec.width):
                code = spec.tile(x, y)
                pid = st.board.get((x, y))
                perms = self.perms(m, st, pid, 0) if pid is not None and pid in st.perms else []
                row.append(
                    {
                        "x": x,
                        "y": y,
                        "name": tile_name(x, y),
                        "terrain": code,
                        "terrain_words": terrain_words(code),
                        "perms": perms,
                    }
                )
            rows.append(row)
        store: list[dict[str, Any]] = []
        if viewer is not None and 0 <= viewer < len(st.cards):
            store = [
                {"id": cid, "label": m.card_price(cid), "text": m.card_text(cid)}
                for cid in sorted(set(st.cards[viewer].store))
            ]
        return {
            "map": spec.name,
            "width": spec.width,
            "height": spec.height,
            "columns": [chr(ord("a") + x) for x in range(spec.width)],
            "rows": rows,
            "store": store,
            "stack": [f"{m.side_name(f.get('side'))}: {m.frame_words(f)}" for f in st.stack],
            "error": m.error,
            "legend": LEGEND,
        }

    def perms(self, m: MuhqTable, st: MuhqState, pid: int, depth: int) -> list[dict[str, Any]]:
        """The permanent `pid` and the ones stacked on it (crew, equipment), top-level first."""
        p: Perm = st.perms[pid]
        c = st.content.cards[p.card]
        life = c.life if c.type == "unit" else c.solid
        out = [
            {
                "id": p.id,
                "card": p.card,
                "abbr": m.abbr.get(p.card, p.card[:2]),
                "name": m.perm_name(p.id),
                "type": c.type,
                "side": p.controller,
                "mark": m.side_mark(p.controller),
                "life": life - p.damage if life else None,
                "max": life or None,
                "poison": p.poison,
                "paralysis": p.paralysis,
                "tapped": p.tapped,
                "durability": p.durability if c.type == "equipment" else None,
                "depth": depth,
                "text": f"{m.perm_lines(p)[0].split(' ', 1)[1]} · {m.card_text(p.card)}",
            }
        ]
        for sid in p.stack:
            if sid in st.perms:
                out += self.perms(m, st, sid, depth + 1)
        return out

    def option_marks(self, option: Any) -> dict[str, Any]:
        return marks_of(option)

    def request_marks(self, req: RequestSpec, table: Table, last: Any) -> dict[str, Any]:
        """The permanent the request is about (the unit acting, the upkeep asked, the dropped
        one), outlined on the map."""
        perm = req.info.get("perm")
        return {"acting": perm} if type(perm) is int and perm > 0 else {}


WEB = MuhqWeb()
