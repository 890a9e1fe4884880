"""muhq's game: the observation vector of one seat's view (only what the seat was sent).

The view is the contract's state folded from the seat's own events (`view.py`): the seat's
own hand holds real card ids, every other hand and every deck only placeholders, so the
vector can carry no hidden card; what the seat can deduce of each side's hand and deck
together (`MuhqView.unseen`) is a count per card. Fields, in order, seat-relative (side row
0 is the seat, then the other players in seat order after it, then the Kraken), documented
field by field in docs/research.md:

``map`` (W x H x (29 + 2C)), ``sides`` ((players + 1) x (16 + 3C): the last row is the
Kraken's, zero in a duel), ``hand`` (C), ``drafted`` (C),
``table`` (6), ``stack`` (4 x (25 + C)), then the request part: ``request`` (17 + C), ``pick``
(max_options + 3), ``options`` (max_options x (36 + 2C)).

W x H is the map's size and C the number of cards in the game's content (sorted ids): both
come from the environment's config, so the shape is fixed for an environment. With the
bundled content (16 cards) and either bundled map (7 x 7, two players): 12,251 floats.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from protocol.choices import RequestSpec
from protocol.games.muhq.content import TILE_NAMES, Card, load_texts
from protocol.games.muhq.state import MuhqState, Perm
from user_agent.actions import ReplyBuilder, pick_state
from user_agent.games.muhq.board import MuhqTable, abbreviations
from user_agent.games.muhq.view import MuhqView

# The largest request in 1,000 random games (duels, Kraken, drafts, the test content) had 76
# options (a unit's moves and carries), an action phase 40.
MAX_OPTIONS = 128

TERRAINS = tuple(TILE_NAMES)  # . F H T = ~ # S K P
TERRAIN = {t: i for i, t in enumerate(TERRAINS)}
USED = ("move", "attack", "full", "street", "selected")
STACK_ROWS = 4  # the top of the action stack, top first
ACTION_KINDS = (
    "play",
    "cast",
    "free",
    "move",
    "street",
    "enter",
    "attack",
    "farm",
    "carry",
    "equip",
    "swap",
    "unparalyse",
)
ACTION_KIND = {k: i for i, k in enumerate(ACTION_KINDS)}
# The game's own request kinds (protocol/games/muhq/schema.py; the engine's shared `trigger`
# is never asked: muhq has no optional triggers), spelled out so the layout never depends on
# what the registry has added to the schema's tables.
REQUEST_KINDS = (
    "draft_pick",
    "upkeep",
    "action",
    "unit_action",
    "priority",
    "buy",
    "discard",
    "drop",
    "place_carried",
)
REQUEST_KIND = {k: i for i, k in enumerate(REQUEST_KINDS)}
# An option's verb; "card" is a bare card id (draft_pick, discard), "tile" a bare [x, y].
VERBS = (
    "play",
    "cast",
    "free",
    "select",
    "trade",
    "end",
    "pass",
    "buy",
    "pay",
    "destroy",
    "move",
    "street",
    "enter",
    "attack",
    "farm",
    "carry",
    "equip",
    "swap",
    "unparalyse",
    "tap",
    "tile",
    "card",
)
VERB = {v: i for i, v in enumerate(VERBS)}
# which argument of an option names what: (cards, permanent, tile) positions after the verb
CARD_ARGS = {"play": (1, 4), "cast": (1,), "trade": (1, 2), "buy": (1,)}
PERM_ARG = {
    "cast": 2,
    "free": 3,
    "select": 1,
    "enter": 1,
    "attack": 1,
    "equip": 1,
    "swap": 1,
    "carry": 1,
}
TILE_ARGS = {"play": 2, "move": 1, "street": 1, "carry": 2}
CARD_OPTIONS = ("draft_pick", "discard")  # options are card ids
TILE_OPTIONS = ("drop", "place_carried")  # options are [x, y]

SIDE_FEATURES = 16  # before the three per-card blocks
TABLE_FEATURES = 6
TILE_BASE = len(TERRAINS) + 3 + 1 + 3  # terrain, its owner, a permanent, its controller
# life left; damage, poison, paralysis, durability; tapped; actions used; what is stacked on it
PERM_STATS = 1 + 4 + 1 + len(USED) + 1


def card_life(card: Card) -> int:
    """What a permanent of this card can take: a unit's life, a solid artifact's Solid X."""
    return card.life if card.type == "unit" else card.solid


class MuhqObs:
    def __init__(self, config: Mapping[str, Any], seats: int, max_options: int) -> None:
        content = load_texts(tuple((str(n), str(t)) for n, t in config.get("content", ())))
        spec = content.maps[config["map"]]
        self.content = content
        self.width, self.height = spec.width, spec.height
        self.players = seats
        self.kraken = spec.kraken
        self.sides = seats + (1 if spec.kraken else 0)
        # rows of the sides block: the players and the Kraken's (zero in a duel), so that a duel
        # and a Kraken game on maps of one size have the same shape
        self.side_row_count = seats + 1
        self.max_rounds = int(config.get("max_rounds") or 30)
        self.draft = bool(config.get("draft"))
        self.max_options = max_options
        self.card_ids = sorted(content.cards)
        self.card_index = {c: i for i, c in enumerate(self.card_ids)}
        c = len(self.card_ids)
        self.cards = c
        self.tile_features = TILE_BASE + c + PERM_STATS + c
        self.side_features = SIDE_FEATURES + 3 * c
        self.frame_features = 1 + len(ACTION_KINDS) + 3 + c + 3 + 3 + 3
        self.perm_features = 1 + 3 + c + 3  # present, controller, card, x, y, life left
        self.option_features = len(VERBS) + c + self.perm_features + 4 + 3
        tiles = self.width * self.height
        self.map = 0
        self.side_rows = self.map + tiles * self.tile_features
        self.hand = self.side_rows + self.side_row_count * self.side_features
        self.drafted = self.hand + c
        self.table = self.drafted + c
        self.stack = self.table + TABLE_FEATURES
        self.request = self.stack + STACK_ROWS * self.frame_features
        self.pick = self.request + len(REQUEST_KINDS) + 2 + 3 + c + 3
        self.options = self.pick + max_options + 3
        self.size = self.options + max_options * self.option_features
        self.state_size = self.request
        self._tiles = spec.tiles
        self._base: dict[int, npt.NDArray[np.float32]] = {}  # per seat: what never changes
        # per card index: its stats
        self._life = [card_life(content.cards[i]) for i in self.card_ids]
        self._upkeep = [content.cards[i].upkeep for i in self.card_ids]
        self._unit = [content.cards[i].type == "unit" for i in self.card_ids]
        self._vip = [int("vip" in content.cards[i].keywords) for i in self.card_ids]
        # a tile's (x, y) as the (x + 1) / W, (y + 1) / H the vector writes
        self._fx = [(x + 1) / self.width for x in range(self.width)]
        self._fy = [(y + 1) / self.height for y in range(self.height)]

    def relative(self, seat: int, side: int) -> int:
        """The row of a side in the sides block: us 0, the other players after us, the Kraken."""
        if side >= self.players:
            return self.players
        return (side - seat) % self.players

    def who(self, seat: int, side: int) -> int:
        """0 us, 1 another player, 2 the Kraken."""
        return 0 if side == seat else (2 if side >= self.players else 1)

    def base(self, seat: int) -> npt.NDArray[np.float32]:
        """The table part's constant fields for a seat: the terrain and whose spawn, start or
        harbor each tile is (map player p is seat p - 1, P0 the Kraken's), players, mode."""
        made = self._base.get(seat)
        if made is not None:
            return made
        out = np.zeros(self.state_size, np.float32)
        tf = self.tile_features
        for i, code in enumerate(self._tiles):
            out[i * tf + TERRAIN[code[0]]] = 1.0
            if len(code) > 1:
                n = int(code[1:])
                owner = 2 if n == 0 else self.who(seat, n - 1)
                out[i * tf + len(TERRAINS) + owner] = 1.0
        out[self.table + 4] = self.players / 8
        out[self.table + 5] = float(self.kraken)
        self._base[seat] = out
        return out

    # --- the table part ---------------------------------------------------------------------------

    def encode_state(self, view: Any, seat: int, out: npt.NDArray[np.float32]) -> None:
        assert isinstance(view, MuhqView)
        out[: self.state_size] = self.base(seat)
        st = view.state
        if st is None or view.broken:
            return
        w: dict[int, float] = {}  # index -> value, written with one fancy assignment
        tf = self.tile_features
        width = self.width
        ci = self.card_index
        sides = st.sides
        units = [0] * sides
        upkeep = [0] * sides
        kings = [0] * sides
        for p in st.perms.values():
            if p.under is None:
                self._perm_on_tile(st, p, seat, w, (p.pos[1] * width + p.pos[0]) * tf)
            k = ci.get(p.card)
            if k is not None and self._unit[k]:
                units[p.controller] += 1
                upkeep[p.controller] += self._upkeep[k]
                kings[p.controller] += self._vip[k]
        self._sides(view, st, seat, w, units, upkeep, kings)
        if seat < len(st.cards):
            self._counts(st.cards[seat].hand, w, self.hand)
        if seat < len(st.drafted):
            self._counts(st.drafted[seat], w, self.drafted)
        t = self.table
        w[t] = st.round / self.max_rounds
        w[t + 1] = st.turn / 100
        w[t + 2] = len(st.stack) / 10
        w[t + 3] = float(self.draft and st.turn == 0)
        for k, frame in enumerate(reversed(st.stack[-STACK_ROWS:])):
            self._frame(st, seat, frame, w, self.stack + k * self.frame_features)
        put(out, w)

    def _perm_on_tile(
        self, st: MuhqState, p: Perm, seat: int, w: dict[int, float], at: int
    ) -> None:
        c = self.cards
        at += len(TERRAINS) + 3
        w[at] = 1.0
        w[at + 1 + (0 if p.controller == seat else 2 if p.controller >= self.players else 1)] = 1.0
        k = self.card_index.get(p.card)
        at += 4
        if k is not None:
            w[at + k] = 1.0
            w[at + c] = max(0, self._life[k] - p.damage) / 10
        at += c + 1
        # the vector is zero there already: write only what is not
        if p.damage:
            w[at] = p.damage / 10
        if p.poison:
            w[at + 1] = p.poison / 10
        if p.paralysis:
            w[at + 2] = p.paralysis / 10
        if p.durability:
            w[at + 3] = p.durability / 10
        if p.tapped:
            w[at + 4] = 1.0
        if p.used:
            for j, used in enumerate(USED):
                if used in p.used:
                    w[at + 5 + j] = 1.0
        at += 5 + len(USED)
        if p.stack:
            ci = self.card_index
            for sid in p.stack:
                q = st.perms.get(sid)
                if q is None:
                    continue
                w[at] = w.get(at, 0.0) + q.durability / 10
                k = ci.get(q.card)
                if k is not None:
                    w[at + 1 + k] = w.get(at + 1 + k, 0.0) + 1.0

    def _counts(self, cards: list[str], w: dict[int, float], at: int) -> None:
        """Count per card of a zone (hidden placeholders are not cards: they are skipped)."""
        ci = self.card_index
        for card in cards:
            k = ci.get(card)
            if k is not None:
                k += at
                w[k] = w.get(k, 0.0) + 1.0

    def _sides(
        self,
        view: MuhqView,
        st: MuhqState,
        seat: int,
        w: dict[int, float],
        units: list[int],
        upkeep: list[int],
        kings: list[int],
    ) -> None:
        c = self.cards
        every = view.unseen_all()
        for side in range(min(st.sides, self.sides)):
            cards = st.cards[side]
            b = self.side_rows + self.relative(seat, side) * self.side_features
            w[b] = 1.0
            w[b + 1] = float(side >= self.players)
            w[b + 2] = float(st.active == side)
            w[b + 3] = float(st.first_player == side)
            w[b + 4] = cards.resource / 20
            w[b + 5] = len(cards.hand) / 10
            w[b + 6] = len(cards.deck) / 30
            w[b + 7] = len(cards.discard) / 30
            w[b + 8] = len(cards.store) / 30
            w[b + 9] = float(cards.bought)
            w[b + 10] = st.upkeeps[side] / 30
            w[b + 11] = units[side] / 10
            w[b + 12] = upkeep[side] / 10
            w[b + 13] = kings[side]
            w[b + 14] = len(st.drafted[side]) / 30 if side < len(st.drafted) else 0.0
            unseen = every[side] if every is not None else None
            b += SIDE_FEATURES
            self._counts(cards.discard, w, b)
            self._counts(cards.store, w, b + c)
            if unseen is not None:  # its hand and deck as this seat can deduce them
                w[b - 1] = 1.0
                ci = self.card_index
                for card, n in unseen.items():
                    k = ci.get(card)
                    if k is not None:
                        w[b + 2 * c + k] = float(n)

    def _tile(self, x: object, y: object, w: dict[int, float], at: int) -> None:
        if type(x) is int and type(y) is int and 0 <= x < self.width and 0 <= y < self.height:
            w[at] = 1.0
            w[at + 1] = self._fx[x]
            w[at + 2] = self._fy[y]

    def _frame(
        self, st: MuhqState, seat: int, frame: Mapping[str, Any], w: dict[int, float], at: int
    ) -> None:
        """One declared action on the stack: kind, side, card, its source's tile, its target's
        tile, the tile it names."""
        w[at] = 1.0
        at += 1
        kind = ACTION_KIND.get(str(frame.get("kind")))
        if kind is not None:
            w[at + kind] = 1.0
        at += len(ACTION_KINDS)
        side = frame.get("side")
        if type(side) is int:
            w[at + self.who(seat, side)] = 1.0
        at += 3
        card = frame.get("card")
        source = st.perms.get(frame["perm"]) if type(frame.get("perm")) is int else None
        if card is None and source is not None:
            card = source.card  # a unit's action: the unit's card
        k = self.card_index.get(card) if isinstance(card, str) else None
        if k is not None:
            w[at + k] = 1.0
        at += self.cards
        if source is not None:
            self._tile(source.pos[0], source.pos[1], w, at)
        at += 3
        target = st.perms.get(frame["target"]) if type(frame.get("target")) is int else None
        if target is not None:
            self._tile(target.pos[0], target.pos[1], w, at)
        at += 3
        self._tile(frame.get("x"), frame.get("y"), w, at)

    # --- the request part -------------------------------------------------------------------------

    def encode_request(
        self,
        view: Any,
        seat: int,
        req: RequestSpec,
        builder: ReplyBuilder,
        out: npt.NDArray[np.float32],
    ) -> None:
        assert isinstance(view, MuhqView)
        st = view.state
        w: dict[int, float] = {}
        at = self.request
        kind = REQUEST_KIND.get(req.kind)
        if kind is not None:
            w[at + kind] = 1.0
        at += len(REQUEST_KINDS)
        info = req.info
        resource = info.get("resource")
        if type(resource) is int:
            w[at] = resource / 20
        upkeep = info.get("upkeep")
        if type(upkeep) is int:
            w[at + 1] = upkeep / 10
        at += 2
        pid = info.get("perm")
        perm = st.perms.get(pid) if st is not None and type(pid) is int else None
        if perm is not None:
            self._tile(perm.pos[0], perm.pos[1], w, at)
        at += 3
        card = info.get("card")
        k = self.card_index.get(card) if isinstance(card, str) else None
        if k is not None:
            w[at + k] = 1.0
        at += self.cards
        self._tile(info.get("x"), info.get("y"), w, at)
        if st is not None:
            of = self.option_features
            for i, option in enumerate(req.options[: self.max_options]):
                self._option(st, seat, req.kind, option, w, self.options + i * of)
        put(out, w)
        pick_state(builder, self.max_options, out, self.pick)

    def _option(
        self, st: MuhqState, seat: int, kind: str, option: Any, w: dict[int, float], at: int
    ) -> None:
        ci = self.card_index
        cards = at + len(VERBS)
        perm_at = cards + self.cards
        source_at = perm_at + self.perm_features
        tile_at = source_at + 4
        if kind in CARD_OPTIONS:
            w[at + VERB["card"]] = 1.0
            k = ci.get(option) if isinstance(option, str) else None
            if k is not None:
                w[cards + k] = 1.0
            return
        if kind in TILE_OPTIONS:
            w[at + VERB["tile"]] = 1.0
            self._tile(option[0], option[1], w, tile_at)
            return
        verb = str(option[0])
        v = VERB.get(verb)
        if v is not None:
            w[at + v] = 1.0
        n = len(option)
        for j in CARD_ARGS.get(verb, ()):
            k = ci.get(option[j]) if j < n and isinstance(option[j], str) else None
            if k is not None:
                w[cards + k] = w.get(cards + k, 0.0) + 1.0
        pj = PERM_ARG.get(verb)
        if pj is not None and pj < n:
            self._perm(st, seat, option[pj], w, perm_at)
        if verb == "free" and n > 2:
            source = st.perms.get(option[1]) if type(option[1]) is int else None
            if source is not None:
                self._tile(source.pos[0], source.pos[1], w, source_at)
            if type(option[2]) is int:
                w[source_at + 3] = option[2] / 10
        tj = TILE_ARGS.get(verb, 0)
        if tj and tj + 1 < n:
            self._tile(option[tj], option[tj + 1], w, tile_at)

    def _perm(self, st: MuhqState, seat: int, pid: object, w: dict[int, float], at: int) -> None:
        """A permanent an option names: present, controller, card, tile, life left / 10."""
        p = st.perms.get(pid) if type(pid) is int else None
        if p is None:
            return
        w[at] = 1.0
        w[at + 1 + self.who(seat, p.controller)] = 1.0
        k = self.card_index.get(p.card)
        at += 4
        if k is not None:
            w[at + k] = 1.0
        at += self.cards
        w[at] = self._fx[p.pos[0]]
        w[at + 1] = self._fy[p.pos[1]]
        if k is not None:
            w[at + 2] = max(0, self._life[k] - p.damage) / 10

    def render(self, view: Any) -> str:
        assert isinstance(view, MuhqView)
        table = MuhqTable()
        table.state = view.state
        if view.state is not None:
            table.abbr = abbreviations(view.state.content)
        return "\n".join(table.table_lines())


def put(out: npt.NDArray[np.float32], w: dict[int, float]) -> None:
    """Write the collected values into `out` with one fancy assignment."""
    if w:
        n = len(w)
        out[np.fromiter(w.keys(), np.intp, n)] = np.fromiter(w.values(), np.float32, n)
