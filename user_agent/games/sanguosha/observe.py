"""Sanguosha: the observation vector of one seat's view (only what the seat was sent).

Fields, in order, seat-relative (row ``k`` is the seat ``k`` places after us in seat order),
documented in docs/research.md: ``seats`` (10 x 67), ``hand`` (32 + 4), ``discard`` (32),
``table`` (10: draw pile, round, phase, face-down cards, seats, mode), ``request`` (16 + 4 + 3),
``pick`` (max_options + 3: the reply built so far), ``options`` (max_options x 164: what each
action picks).
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from protocol.choices import RequestSpec
from protocol.games.sanguosha.catalogue import KINDS
from protocol.games.sanguosha.generals import GENERALS
from protocol.games.sanguosha.rulebook import PHASES
from protocol.games.sanguosha.schema import SCHEMA
from user_agent.actions import Floats, ReplyBuilder, WrittenPerSeat, floats, pick_state
from user_agent.games.sanguosha.view import SanguoshaView

MAX_SEATS = 10
MAX_OPTIONS = 64
CARDS = list(KINDS)  # 32 card names
CARD = {n: i for i, n in enumerate(CARDS)}
SUITS = ("spade", "heart", "club", "diamond")
SUIT = {s: i for i, s in enumerate(SUITS)}
GENERAL_IDS = list(GENERALS)  # 25
GENERAL = {g: i for i, g in enumerate(GENERAL_IDS)}
ROLES = ("lord", "loyalist", "rebel", "renegade")
ROLE_INDEX = {r: i for i, r in enumerate(ROLES)}
SKILL_IDS = sorted({s for g in GENERALS.values() for s in g.skills} | set(CARDS))
SKILL = {s: i for i, s in enumerate(SKILL_IDS)}
REQUESTS = list(SCHEMA.requests)  # 16 kinds
FORMS = ("choice", "subset", "product", "arrange")
ACTIONS = ("card", "skill", "end", "decline", "general", "seat", "zone", "word")
ZONES = ("hand", "equip", "judge")
WORD_BUCKETS = 8  # other strings (pass, again, stop, let_draw, ...): a stable hash bucket

REQUEST = {k: i for i, k in enumerate(REQUESTS)}
FORM = {f: i for i, f in enumerate(FORMS)}
ACTION = {a: i for i, a in enumerate(ACTIONS)}
A_CARD, A_SKILL, A_SEAT, A_GENERAL, A_ZONE, A_WORD = (
    ACTION[a] for a in ("card", "skill", "seat", "general", "zone", "word")
)
ZONE = {z: i for i, z in enumerate(ZONES)}
PHASE = {p: i for i, p in enumerate(PHASES)}

SEAT_FEATURES = 4 + 5 + len(GENERAL_IDS) + len(CARDS) + 1  # = 67
EQUIP_AT = 9 + len(GENERAL_IDS)  # a seat row's equipment and judgement area: card names
HAND_FEATURES = len(CARDS) + len(SUITS)
CARD_FEATURES = len(CARDS) + len(SUITS) + 1  # name, suit, rank / 13
OPTION_FEATURES = (
    (len(ACTIONS) + CARD_FEATURES + len(SKILL_IDS) + MAX_SEATS + len(GENERAL_IDS) + len(ZONES))
    + 1
    + WORD_BUCKETS
)
# option sub-fields: offsets in one option's row
O_CARD = len(ACTIONS)
O_SKILL = O_CARD + CARD_FEATURES
O_SEAT = O_SKILL + len(SKILL_IDS)
O_GENERAL = O_SEAT + MAX_SEATS
O_ZONE = O_GENERAL + len(GENERAL_IDS)
O_COUNT = O_ZONE + len(ZONES)
O_WORD = O_COUNT + 1


@dataclass
class _Written:
    """What the encoder last wrote into one seat's table part, to rewrite only what changed.
    The lists are held (not copied): the view replaces its hand and discard lists when cards
    leave them and only appends otherwise, so the same list at the same length is unchanged."""

    view: SanguoshaView
    out: npt.NDArray[np.float32]
    rows: list[tuple[Any, ...] | None] = field(default_factory=lambda: [None] * MAX_SEATS)
    hand: list[dict[str, Any]] | None = None
    hand_len: int = 0
    discard: list[dict[str, Any]] | None = None
    discard_len: int = 0
    table: tuple[Any, ...] | None = None
    buf: Floats | None = None  # `out` as items


def _card(out: Floats, base: int, card: Mapping[str, Any]) -> None:
    c = CARD.get(card.get("name", ""))
    if c is not None:
        out[base + c] = 1.0
    u = SUIT.get(card.get("suit", ""))
    if u is not None:
        out[base + len(CARDS) + u] = 1.0
    rank = card.get("rank")
    if type(rank) is int:
        out[base + len(CARDS) + len(SUITS)] = rank / 13


class SanguoshaObs:
    def __init__(self, config: Mapping[str, Any], seats: int, max_options: int) -> None:
        self.max_options = max_options
        self.seats_at = 0
        self.hand = MAX_SEATS * SEAT_FEATURES
        self.discard = self.hand + len(CARDS) + len(SUITS)
        self.table = self.discard + len(CARDS)
        self.request = self.table + 10
        self.pick = self.request + len(REQUESTS) + len(FORMS) + 3
        self.options = self.pick + max_options + 3
        self.size = self.options + max_options * OPTION_FEATURES
        self.state_size = self.request
        # per seat: what `update_state` last wrote into its array
        self._written = WrittenPerSeat(_Written, self.state_size)

    def encode_state(self, view: Any, seat: int, out: npt.NDArray[np.float32]) -> None:
        assert isinstance(view, SanguoshaView)
        self._write(view, seat, out, _Written(view, out))

    def update_state(self, view: Any, seat: int, out: npt.NDArray[np.float32]) -> None:
        """`encode_state` into the seat's own array, rewriting only the parts whose inputs
        changed since the last call for the same view and array."""
        assert isinstance(view, SanguoshaView)
        self._write(view, seat, out, self._written.for_seat(view, seat, out))

    def _write(
        self, view: SanguoshaView, seat: int, array: npt.NDArray[np.float32], w: _Written
    ) -> None:
        out = w.buf
        if out is None:
            out = w.buf = floats(array)
        seats = view.seats
        n = len(seats)
        current = view.current
        rows = w.rows
        for k in range(n):
            s = (seat + k) % n
            info = seats[s]
            count = info.hand_count if s != seat else len(view.hand)
            key = (
                info.alive,
                info.hp,
                info.max_hp,
                count,
                info.role,
                info.general,
                info.areas,
                s == current,
            )
            if rows[k] == key:
                continue
            base = k * SEAT_FEATURES
            if rows[k] is not None:
                array[base : base + SEAT_FEATURES] = 0.0
            rows[k] = key
            out[base] = float(info.alive)
            out[base + 1] = info.hp / 8
            out[base + 2] = info.max_hp / 8
            out[base + 3] = count / 10
            out[base + 4 + ROLE_INDEX.get(info.role, 4)] = 1.0
            g = GENERAL.get(info.general)
            if g is not None:
                out[base + 9 + g] = 1.0
            for card in info.equip.values():
                c = CARD.get(card.get("name", ""))
                if c is not None:
                    out[base + EQUIP_AT + c] = 1.0
            for card in info.judge:
                c = CARD.get(info.judge_as.get(card.get("id", -1), card.get("name", "")))
                if c is not None:
                    out[base + EQUIP_AT + c] = 1.0
            if s == current:
                out[base + SEAT_FEATURES - 1] = 1.0
        hand = view.hand
        if w.hand is not hand or w.hand_len != len(hand):
            h = self.hand
            if w.hand is not None:
                array[h : h + HAND_FEATURES] = 0.0
            for card in hand:
                c = CARD.get(card.get("name", ""))
                if c is not None:
                    out[h + c] += 1.0
                u = SUIT.get(card.get("suit", ""))
                if u is not None:
                    out[h + len(CARDS) + u] += 1.0
            w.hand, w.hand_len = hand, len(hand)
        pile = view.discard
        if w.discard is not pile or w.discard_len != len(pile):
            # the view only appends to its discard list, or replaces it when cards leave
            d = self.discard
            if w.discard is not pile or w.discard_len > len(pile):
                if w.discard is not None:
                    array[d : d + len(CARDS)] = 0.0
                w.discard_len = 0
            for card in pile[w.discard_len :]:
                c = CARD.get(card.get("name", ""))
                if c is not None:
                    out[d + c] += 1.0
            w.discard, w.discard_len = pile, len(pile)
        table = (view.draw_count, view.round, view.phase, view.facedown_count)
        if w.table != table:
            t = self.table
            if w.table is not None:
                array[t : t + 10] = 0.0
            w.table = table
            out[t] = view.draw_count / 108
            out[t + 1] = view.round / 20
            p = PHASE.get(view.phase)
            if p is not None:
                out[t + 2 + p] = 1.0
            out[t + 8] = view.facedown_count / 10
            out[t + 9] = n / MAX_SEATS

    def encode_request(
        self,
        view: Any,
        seat: int,
        req: RequestSpec,
        builder: ReplyBuilder,
        out: npt.NDArray[np.float32],
    ) -> None:
        n = len(view.seats)
        buf = floats(out)
        r = self.request + len(REQUESTS)
        buf[self.request + REQUEST[req.kind]] = 1.0
        buf[r + FORM[req.form]] = 1.0
        r += len(FORMS)
        buf[r] = req.min / 10
        buf[r + 1] = req.max / 10
        buf[r + 2] = float(req.cancel)
        pick_state(builder, self.max_options, buf, self.pick)
        items = req.options
        if req.form == "product" and builder is not None:
            items = req.options[len(builder.picked)]
        base = self.options
        for item in items:
            self._option(buf, base, item, seat, n)
            base += OPTION_FEATURES

    def _option(self, out: Floats, base: int, item: Any, me: int, n: int) -> None:
        """One option's features: what kind of thing it is, its card, skill, seats, general,
        zone, or a hashed word."""
        t = type(item)
        if t is int:  # a seat
            out[base + A_SEAT] = 1.0
            out[base + O_SEAT + (item - me) % n] = 1.0
            return
        if t is str or isinstance(item, str):
            skill = SKILL.get(item)
            if skill is not None:
                out[base + A_SKILL] = 1.0
                out[base + O_SKILL + skill] = 1.0
            else:
                out[base + A_WORD] = 1.0
                bucket = zlib.crc32(item.encode()) % WORD_BUCKETS
                out[base + O_WORD + bucket] = 1.0
            return
        if t is not dict and not isinstance(item, Mapping):
            return
        if "zone" in item:  # pick_card: a zone of another seat (a hidden hand card, or a card)
            out[base + A_ZONE] = 1.0
            zone = ZONE.get(item["zone"])
            if zone is not None:
                out[base + O_ZONE + zone] = 1.0
            out[base + O_COUNT] = item.get("count", 0) / 10
            if isinstance(item.get("card"), Mapping):
                _card(out, base + O_CARD, item["card"])
            return
        if "faction" in item and item.get("id") in GENERAL:  # a general to choose
            out[base + A_GENERAL] = 1.0
            out[base + O_GENERAL + GENERAL[item["id"]]] = 1.0
            return
        kind = item.get("kind")
        if kind is None and "name" in item:  # a bare card
            out[base + A_CARD] = 1.0
            _card(out, base + O_CARD, item)
            return
        a = ACTION.get(kind)
        if a is not None:
            out[base + a] = 1.0
        card = item.get("card")
        if card is not None and (type(card) is dict or isinstance(card, Mapping)):
            _card(out, base + O_CARD, card)
        skill = SKILL.get(item.get("skill"))
        if skill is not None:
            out[base + O_SKILL + skill] = 1.0
        for target in item.get("targets") or ():
            if type(target) is int:
                out[base + O_SEAT + (target - me) % n] = 1.0

    def render(self, view: Any) -> str:
        assert isinstance(view, SanguoshaView)
        lines = [f"round {view.round}, seat {view.current} in {view.phase or 'setup'}"]
        for s, info in enumerate(view.seats):
            state = "dead" if not info.alive else f"{info.hp}/{info.max_hp} HP"
            lines.append(
                f"seat {s}: {info.general or '?'} {info.role or ''} {state}, "
                f"{info.hand_count} cards"
            )
        return "\n".join(lines)
