"""muhq's game for people: the map as a text grid with a legend, the sides' cards, a hand with
the cards' stats, and the words for permanents, cards, tiles and options.

`MuhqTable` folds a muhq event stream (full, or a seat's or a spectator's redacted view) into
the contract's `MuhqState` with `protocol.games.muhq.state.apply`; it starts at
`game_started` (which names the map) and never raises: a failure is kept in `error`.

The grid has the top row (the highest y) first, column letters across and row numbers down
the left, as the rules write tiles (``a1`` is the bottom-left tile). An empty tile shows its
terrain code (``.`` plain, ``F`` farm field, ``H`` house, ``T`` tower, ``=`` street, ``~``
water, ``#`` deep water, ``S1`` a spawn of map player 1 = seat 0, ``K1`` a King's start,
``P1`` a harbor; ``P0`` the Kraken's); a tile with a permanent shows two letters of its card
and its side, e.g. ``Ki0`` (seat 0's King), ``Tek`` (the Kraken's Tentacle).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from protocol.games.muhq.content import Card, Content
from protocol.games.muhq.state import UNKNOWN, MuhqState, Perm, apply, started_state
from protocol.records import Event

OUTCOME_REASONS = {
    "vip": "a King has fallen",
    "kings_defeated": "the Kings have fallen",
    "kraken_slain": "the Kraken is slain",
    "kraken": "the Kraken wins",
    "resource": "on resource",
    "max_rounds": "the round limit is reached",
}
CELL = 3  # characters per tile; tiles are separated by one space
TERRAIN = {
    ".": "plain",
    "F": "farm field",
    "H": "house",
    "T": "tower",
    "=": "street",
    "~": "water",
    "#": "deep water",
}


def tile_name(x: object, y: object) -> str:
    """``c3`` for (2, 2)."""
    if type(x) is int and type(y) is int and 0 <= x < 26:
        return f"{chr(ord('a') + x)}{y + 1}"
    return f"({x},{y})"


def abbreviations(content: Content) -> dict[str, str]:
    """Two letters per card id, distinct across the content: the initials of a name of two
    words or more (``War Wagon`` -> ``WW``), else its first two letters (``King`` -> ``Ki``);
    on a clash, the first letter and a later one that makes it distinct."""
    out: dict[str, str] = {}
    used: set[str] = set()
    for cid in sorted(content.cards):
        name = content.cards[cid].name
        words = [w for w in name.split() if w]
        letters = "".join(ch for ch in name if ch.isalnum()) or cid
        first = (words[0][0] + words[1][0]) if len(words) >= 2 else letters[:2]
        candidates = [first[0].upper() + first[1:].lower() if len(words) < 2 else first.upper()]
        candidates += [letters[0].upper() + ch.lower() for ch in letters[1:]]
        candidates += [letters[0].upper() + str(d) for d in range(10)]
        pick = next((c for c in candidates if len(c) == 2 and c not in used), cid[-2:])
        out[cid] = pick
        used.add(pick)
    return out


class MuhqTable:
    """The table as folded from events, for words: `state` is None until `game_started`."""

    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat  # the seat looking (None: everything, or nobody in particular)
        self.state: MuhqState | None = None
        self.abbr: dict[str, str] = {}
        self.names: dict[int, str] = {}  # perm -> card id, kept after it leaves the map
        self.error: str | None = None

    # --- folding -------------------------------------------------------------------------------

    def apply(self, kind: str, data: Mapping[str, Any]) -> None:
        try:
            if kind == "game_started":
                self.state = started_state(data)
                self.abbr = abbreviations(self.state.content)
                self.error = None
                for u in data.get("permanents") or []:
                    self.names[int(u["perm"])] = str(u["card"])
            if kind == "permanent_entered":
                self.names[int(data["perm"])] = str(data["card"])
            if self.state is None or self.error is not None:
                return
            apply(self.state, Event(kind, dict(data)))
        except Exception as exc:  # words never stop a console or a replay
            self.error = f"{kind}: {exc}"

    # --- words ---------------------------------------------------------------------------------

    @property
    def content(self) -> Content | None:
        return self.state.content if self.state is not None else None

    def card(self, cid: object) -> Card | None:
        c = self.content
        return c.cards.get(str(cid)) if c is not None else None

    def card_name(self, cid: object) -> str:
        if cid == UNKNOWN:
            return "a hidden card"
        card = self.card(cid)
        return card.name if card is not None else str(cid)

    def cards_words(self, cids: object, joiner: str = ", ") -> str:
        if not isinstance(cids, list | tuple) or not cids:
            return "nothing"
        return joiner.join(self.card_name(c) for c in cids)

    def perm_name(self, pid: object) -> str:
        """``King #2``."""
        if type(pid) is not int:
            return "a permanent"
        return f"{self.card_name(self.names[pid])} #{pid}" if pid in self.names else f"#{pid}"

    def perm_at(self, pid: object) -> str:
        """``King #2 at d7`` (the tile while it is on the map)."""
        name = self.perm_name(pid)
        st = self.state
        if st is not None and type(pid) is int and pid in st.perms:
            x, y = st.perms[pid].pos
            return f"{name} at {tile_name(x, y)}"
        return name

    def side_name(self, side: object) -> str:
        st = self.state
        if st is not None and st.kraken and side == st.players:
            return "the Kraken"
        return f"seat {side}" if type(side) is int else "nobody"

    def side_mark(self, side: int) -> str:
        st = self.state
        if st is not None and st.kraken and side == st.players:
            return "k"
        return str(side) if 0 <= side < 10 else "?"

    # --- the grid ------------------------------------------------------------------------------

    def cell(self, x: int, y: int) -> str:
        st = self.state
        assert st is not None
        pid = st.board.get((x, y))
        if pid is None or pid not in st.perms:
            return st.spec.tile(x, y)
        p = st.perms[pid]
        return self.abbr.get(p.card, p.card[:2]) + self.side_mark(p.controller)

    def grid_lines(self) -> list[str]:
        st = self.state
        if st is None:
            return ["(no map yet: the game has not started)"]
        spec = st.spec
        label = len(str(spec.height))
        head = " " * (label + 1) + " ".join(
            f"{chr(ord('a') + x):<{CELL}}" for x in range(spec.width)
        )
        out = [head.rstrip()]
        for y in range(spec.height - 1, -1, -1):
            cells = " ".join(f"{self.cell(x, y):<{CELL}}" for x in range(spec.width))
            out.append(f"{y + 1:>{label}} {cells}".rstrip())
        return out

    def terrain_line(self) -> str:
        st = self.state
        assert st is not None
        present = {st.spec.tile(x, y) for x in range(st.spec.width) for y in range(st.spec.height)}
        order = list(TERRAIN)
        codes = sorted(present, key=lambda c: (order.index(c) if c in order else len(order), c))
        parts = []
        for code in codes:
            if code in TERRAIN:
                parts.append(f"{code} {TERRAIN[code]}")
            elif len(code) == 2 and code[1].isdigit():
                n = int(code[1])
                who = "the Kraken" if n == 0 else f"seat {n - 1}"
                what = {"S": "spawn", "K": "King's start", "P": "harbor"}.get(code[0], "tile")
                parts.append(f"{code} {what} of {who}")
        return "tiles: " + ", ".join(parts)

    def perm_lines(self, p: Perm, depth: int = 0) -> list[str]:
        st = self.state
        assert st is not None
        c = st.content.cards[p.card]
        bits = [self.side_name(p.controller)]
        if p.owner != p.controller:
            bits.append(f"owned by {self.side_name(p.owner)}")
        if c.type == "unit":
            bits.append(f"life {c.life - p.damage}/{c.life}")
        elif c.solid:
            bits.append(f"solid {c.solid - p.damage}/{c.solid}")
        if c.type == "equipment":
            bits.append(f"durability {p.durability}")
        if p.poison:
            bits.append(f"poison {p.poison}")
        if p.paralysis:
            bits.append(f"paralysis {p.paralysis}")
        if p.tapped:
            bits.append("tapped")
        if depth == 0:
            head = f"{self.cell(*p.pos)} {self.perm_name(p.id)} at {tile_name(*p.pos)}"
        else:
            role = "crew" if c.type == "unit" else c.type
            head = "    " * depth + f"+ {role}: {self.perm_name(p.id)}"
        out = [f"{head}: {', '.join(bits)}"]
        for sid in p.stack:
            if sid in st.perms:
                out += self.perm_lines(st.perms[sid], depth + 1)
        return out

    def legend_lines(self) -> list[str]:
        st = self.state
        if st is None:
            return []
        out = [self.terrain_line()]
        tops = sorted(st.board.items(), key=lambda kv: (-kv[0][1], kv[0][0]))
        if not tops:
            out.append("no permanents on the map")
        for _pos, pid in tops:
            if pid in st.perms:
                out += self.perm_lines(st.perms[pid])
        return out

    def sides_lines(self) -> list[str]:
        st = self.state
        if st is None:
            return []
        out = []
        for side, c in enumerate(st.cards):
            who = self.side_name(side)
            if side == self.seat:
                who += " (you)"
            out.append(
                f"{who}: resource {c.resource}, hand {len(c.hand)}, deck {len(c.deck)}, "
                f"discard {len(c.discard)}, store {len(c.store)}"
            )
        if st.active >= 0:
            out.append(f"round {st.round}, turn {st.turn}: {self.side_name(st.active)}'s turn")
        if st.outcome is not None:
            ws = st.outcome.get("winners") or []
            who = " and ".join(self.side_name(w) for w in ws) or "nobody"
            why = st.outcome.get("reason")
            out.append(f"the game is over: {who} won ({OUTCOME_REASONS.get(str(why), why)})")
        return out

    def board_lines(self) -> list[str]:
        """The grid, then the legend of tiles and permanents."""
        out = self.grid_lines() + self.legend_lines()
        if self.error is not None:
            out.append(f"(the table may be out of date: {self.error})")
        return out

    def table_lines(self) -> list[str]:
        return self.board_lines() + self.sides_lines()

    def hand_lines(self) -> list[str]:
        st = self.state
        if self.seat is None or self.seat < 0:
            return ["a spectator has no hand ('table' shows the map and each side's cards)"]
        if st is None or not 0 <= self.seat < len(st.cards):
            return ["no hand yet: the game has not started"]
        c = st.cards[self.seat]
        if not c.hand:
            out = ["your hand is empty"]
        else:
            out = [f"your hand ({len(c.hand)} cards, resource {c.resource}):"]
            out += [f"  {self.card_text(cid)}" for cid in c.hand]
        if c.store:
            store = sorted(set(c.store))
            out.append("your store: " + ", ".join(self.card_price(cid) for cid in store))
        return out

    def card_price(self, cid: str) -> str:
        card = self.card(cid)
        if card is None or card.buy is None:
            return self.card_name(cid)
        return f"{card.name} ({card.buy})"

    def card_text(self, cid: object) -> str:
        """``Spearman (unit, buy 3): life 3, move 2, attack 2 Range 1, upkeep 1``."""
        card = self.card(cid)
        if card is None:
            return self.card_name(cid)
        return f"{card.name} ({card_kind(card)}){card_stats(card)}"

    # --- options -------------------------------------------------------------------------------

    def free_words(self, pid: object, ability: object) -> str:
        """``use Ballista #5's free action (2 resource: 2 damage within Range 3)``."""
        name = self.perm_name(pid)
        c = None
        if self.state is not None and isinstance(pid, int) and pid in self.state.perms:
            c = self.state.perm_card(pid)
        if c is None or not isinstance(ability, int) or not 0 <= ability < len(c.free_actions):
            return f"use {name}'s free action"
        fa = c.free_actions[ability]
        return f"use {name}'s free action ({fa.cost} resource: {effect_words(fa.effect)})"

    def option_words(self, kind: str, o: object) -> str:
        """One request option in words: ``play Spearman at c1``, ``attack King #2 at d7``."""
        if kind in ("draft_pick", "discard") and isinstance(o, str):
            return self.card_text(o) if kind == "draft_pick" else self.card_name(o)
        if not isinstance(o, list | tuple) or not o:
            return str(o)
        if kind in ("drop", "place_carried") and len(o) == 2:
            return tile_name(o[0], o[1])
        verb, args = o[0], list(o[1:])
        if verb == "play":
            where = f"{self.card_name(args[0])} at {tile_name(args[1], args[2])}"
            return f"play {where}" + (f" with {self.card_name(args[3])}" if len(args) > 3 else "")
        if verb == "cast":
            return f"cast {self.card_name(args[0])} on {self.perm_at(args[1])}"
        if verb == "free":
            return f"{self.free_words(args[0], args[1])} on {self.perm_at(args[2])}"
        if verb == "select":
            return f"activate {self.perm_at(args[0])}"
        if verb == "trade":
            return f"trade {self.card_name(args[0])} + {self.card_name(args[1])} for 1 resource"
        if verb == "end":
            return "end the action phase"
        if verb == "move":
            return f"move to {tile_name(args[0], args[1])}"
        if verb == "street":
            return f"street move to {tile_name(args[0], args[1])}"
        if verb == "enter":
            return f"board {self.perm_at(args[0])} as crew"
        if verb == "attack":
            return f"attack {self.perm_at(args[0])}"
        if verb == "farm":
            return "farm (gain resource)"
        if verb == "carry":
            return f"carry {self.perm_name(args[0])} to {tile_name(args[1], args[2])}"
        if verb == "equip":
            return f"equip {self.perm_at(args[0])}"
        if verb == "swap":
            return f"swap tiles with {self.perm_at(args[0])}"
        if verb == "unparalyse":
            return "remove a paralysis token"
        if verb == "tap":
            return "tap (done with this unit)"
        if verb == "pass":
            return "buy nothing" if kind == "buy" else "pass"
        if verb == "buy":
            return f"buy {self.card_price(str(args[0]))}"
        if verb == "pay":
            return "pay the upkeep"
        if verb == "destroy":
            return "do not pay: it is destroyed"
        return " ".join(str(a) for a in o)

    def frame_words(self, d: Mapping[str, Any]) -> str:
        """A declared action (an `action_declared` event or a stack frame) in words."""
        kind = d.get("kind")
        pid = d.get("perm")
        x, y = d.get("x"), d.get("y")
        at = f" at {tile_name(x, y)}" if x is not None else ""
        if kind == "play":
            extra = [self.card_name(c) for c in d.get("with") or []]
            return f"play {self.card_name(d.get('card'))}{at}" + (
                f" with {', '.join(extra)}" if extra else ""
            )
        if kind == "cast":
            return f"cast {self.card_name(d.get('card'))} on {self.perm_name(d.get('target'))}"
        if kind == "free":
            how = self.free_words(pid, d.get("ability"))
            return f"{how} on {self.perm_name(d.get('target'))}"
        who = self.perm_name(pid)
        if kind in ("move", "street"):
            how = "a street move" if kind == "street" else "a move"
            return f"{who}: {how} to {tile_name(x, y)}"
        if kind == "attack":
            return f"{who} attacks {self.perm_name(d.get('target'))}"
        if kind == "enter":
            return f"{who} boards {self.perm_name(d.get('target'))}"
        if kind == "farm":
            return f"{who} farms"
        if kind == "carry":
            return f"{who} carries {self.perm_name(d.get('target'))}{at}"
        if kind == "equip":
            return f"{who} equips {self.perm_name(d.get('target'))}"
        if kind == "swap":
            return f"{who} swaps tiles with {self.perm_name(d.get('target'))}"
        if kind == "unparalyse":
            return f"{who} removes a paralysis token"
        return f"{kind} {who}{at}"


def card_kind(card: Card) -> str:
    cost = "not for sale" if card.buy is None else f"buy {card.buy}"
    return f"{card.type}, {cost}"


def card_stats(card: Card) -> str:
    """``: life 3, move 2, attack 2 Range 1, upkeep 1`` (empty for a card with no numbers)."""
    bits = []
    if card.type == "unit":
        bits.append(f"life {card.life}")
        bits.append(f"move {card.move}")
        attack = "; ".join(f"{a.x} Range {a.r}" for a in card.attack) or "none"
        bits.append(f"attack {attack}")
        if card.upkeep:
            bits.append(f"upkeep {card.upkeep}")
        if card.crew:
            bits.append(f"crew {card.crew}")
        if card.swimming:
            bits.append("swimming")
    elif card.type == "equipment":
        if card.attack:
            bits.append("attack " + "; ".join(f"{a.x} Range {a.r}" for a in card.attack))
        bits.append(f"durability {card.durability}")
    elif card.solid:
        bits.append(f"solid {card.solid}")
    bits += [k.replace("_", " ") for k in card.keywords]
    bits += [effect_words(e) for e in card.effects]
    bits += [
        f"free action: {fa.cost} resource: {effect_words(fa.effect)}" for fa in card.free_actions
    ]
    return (": " + ", ".join(bits)) if bits else ""


EFFECT_WORDS = {
    "damage_2_within_3": "2 damage to a unit within Range 3 of one of yours",
    "paralyse_within_2": "a paralysis token on a unit within Range 2 of one of yours",
    "cure_poison": "remove all poison from a unit of yours",
    "poison_on_damage": "poisons what it damages",
    "melee_plus_1": "+1 to the carrier's Range-1 attack",
}


def effect_words(effect: str) -> str:
    return EFFECT_WORDS.get(effect, effect.replace("_", " "))
