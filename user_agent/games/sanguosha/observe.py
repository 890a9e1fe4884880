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
from typing import Any

import numpy as np
import numpy.typing as npt

from protocol.choices import RequestSpec
from protocol.games.sanguosha.catalogue import KINDS
from protocol.games.sanguosha.generals import GENERALS
from protocol.games.sanguosha.rulebook import PHASES
from protocol.games.sanguosha.schema import SCHEMA
from user_agent.actions import ReplyBuilder, pick_state
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

SEAT_FEATURES = 4 + 5 + len(GENERAL_IDS) + len(CARDS) + 1  # = 67
CARD_FEATURES = len(CARDS) + len(SUITS) + 1  # name, suit, rank / 13
OPTION_FEATURES = (
    (len(ACTIONS) + CARD_FEATURES + len(SKILL_IDS) + MAX_SEATS + len(GENERAL_IDS) + len(ZONES))
    + 1
    + WORD_BUCKETS
)


def _card(out: npt.NDArray[np.float32], base: int, card: Mapping[str, Any]) -> None:
    name = card.get("name")
    if name in CARD:
        out[base + CARD[name]] = 1.0
    suit = card.get("suit")
    if suit in SUIT:
        out[base + len(CARDS) + SUIT[suit]] = 1.0
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
        # per seat: (the discard list counted, how far, the counts)
        self._discards: dict[int, tuple[list[Any], int, npt.NDArray[np.float32]]] = {}
        # option sub-fields
        self.o_card = len(ACTIONS)
        self.o_skill = self.o_card + CARD_FEATURES
        self.o_seat = self.o_skill + len(SKILL_IDS)
        self.o_general = self.o_seat + MAX_SEATS
        self.o_zone = self.o_general + len(GENERAL_IDS)
        self.o_count = self.o_zone + len(ZONES)
        self.o_word = self.o_count + 1

    def encode_state(self, view: Any, seat: int, out: npt.NDArray[np.float32]) -> None:
        assert isinstance(view, SanguoshaView)
        n = len(view.seats)
        idx: list[int] = []  # one fancy assignment at the end: cheaper than item by item
        val: list[float] = []
        ones: list[int] = []
        equip_at = 9 + len(GENERAL_IDS)
        for k in range(n):
            s = (seat + k) % n
            info = view.seats[s]
            base = k * SEAT_FEATURES
            count = info.hand_count if s != seat else len(view.hand)
            idx += (base, base + 1, base + 2, base + 3)
            val += (float(info.alive), info.hp / 8, info.max_hp / 8, count / 10)
            role = ROLE_INDEX.get(info.role, 4)
            ones.append(base + 4 + role)
            g = GENERAL.get(info.general)
            if g is not None:
                ones.append(base + 9 + g)
            for card in info.equip.values():
                c = CARD.get(card.get("name", ""))
                if c is not None:
                    ones.append(base + equip_at + c)
            for card in info.judge:
                c = CARD.get(info.judge_as.get(card.get("id", -1), card.get("name", "")))
                if c is not None:
                    ones.append(base + equip_at + c)
            if view.current == s:
                ones.append(base + SEAT_FEATURES - 1)
        out[idx] = val
        out[ones] = 1.0
        hand = self.hand
        for card in view.hand:
            c = CARD.get(card.get("name", ""))
            if c is not None:
                out[hand + c] += 1.0
            u = SUIT.get(card.get("suit", ""))
            if u is not None:
                out[hand + len(CARDS) + u] += 1.0
        out[self.discard : self.discard + len(CARDS)] = self._discard_counts(view, seat)
        t = self.table
        out[t] = view.draw_count / 108
        out[t + 1] = view.round / 20
        if view.phase in PHASES:
            out[t + 2 + PHASES.index(view.phase)] = 1.0
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
        r = self.request
        out[r + REQUESTS.index(req.kind)] = 1.0
        out[r + len(REQUESTS) + FORMS.index(req.form)] = 1.0
        out[r + len(REQUESTS) + len(FORMS)] = req.min / 10
        out[r + len(REQUESTS) + len(FORMS) + 1] = req.max / 10
        out[r + len(REQUESTS) + len(FORMS) + 2] = float(req.cancel)
        pick_state(builder, self.max_options, out, self.pick)
        items = req.options
        if req.form == "product" and builder is not None:
            items = req.options[len(builder.picked)]
        for i, item in enumerate(items):
            self._option(out, self.options + i * OPTION_FEATURES, item, seat, n)

    def _discard_counts(self, view: SanguoshaView, seat: int) -> npt.NDArray[np.float32]:
        """Card names in the discard pile, counted incrementally: the view only appends to
        its discard list, or replaces the list when cards leave it."""
        pile = view.discard
        known = self._discards.get(seat)
        if known is None or known[0] is not pile or known[1] > len(pile):
            known = (pile, 0, np.zeros(len(CARDS), dtype=np.float32))
        _, done, counts = known
        for card in pile[done:]:
            i = CARD.get(card.get("name", ""))
            if i is not None:
                counts[i] += 1.0
        self._discards[seat] = (pile, len(pile), counts)
        return counts

    def _option(self, out: npt.NDArray[np.float32], base: int, item: Any, me: int, n: int) -> None:
        """One option's features: what kind of thing it is, its card, skill, seats, general,
        zone, or a hashed word."""
        if type(item) is int:  # a seat
            out[base + ACTIONS.index("seat")] = 1.0
            out[base + self.o_seat + (item - me) % n] = 1.0
            return
        if isinstance(item, str):
            if item in SKILL:
                out[base + ACTIONS.index("skill")] = 1.0
                out[base + self.o_skill + SKILL[item]] = 1.0
            else:
                out[base + ACTIONS.index("word")] = 1.0
                bucket = zlib.crc32(item.encode()) % WORD_BUCKETS
                out[base + self.o_word + bucket] = 1.0
            return
        if not isinstance(item, Mapping):
            return
        if "zone" in item:  # pick_card: a zone of another seat (a hidden hand card, or a card)
            out[base + ACTIONS.index("zone")] = 1.0
            if item["zone"] in ZONES:
                out[base + self.o_zone + ZONES.index(item["zone"])] = 1.0
            out[base + self.o_count] = item.get("count", 0) / 10
            if isinstance(item.get("card"), Mapping):
                _card(out, base + self.o_card, item["card"])
            return
        if "faction" in item and item.get("id") in GENERAL:  # a general to choose
            out[base + ACTIONS.index("general")] = 1.0
            out[base + self.o_general + GENERAL[item["id"]]] = 1.0
            return
        kind = item.get("kind")
        if kind is None and "name" in item:  # a bare card
            out[base + ACTIONS.index("card")] = 1.0
            _card(out, base + self.o_card, item)
            return
        if kind in ACTIONS:
            out[base + ACTIONS.index(kind)] = 1.0
        if isinstance(item.get("card"), Mapping):
            _card(out, base + self.o_card, item["card"])
        skill = item.get("skill")
        if skill in SKILL:
            out[base + self.o_skill + SKILL[skill]] = 1.0
        for target in item.get("targets") or ():
            if type(target) is int:
                out[base + self.o_seat + (target - me) % n] = 1.0

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
