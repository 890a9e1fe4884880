"""Sanguosha: the observation vector of one seat's view (only what the seat was sent).

Fields, in order, seat-relative (row ``k`` is the seat ``k`` places after us in seat order),
documented in docs/research.md: ``seats`` (10 x 67), ``hand`` (32 + 4), ``discard`` (32),
``table`` (10: draw pile, round, phase, face-down cards, seats, mode), ``request`` (16 + 4 + 3),
``pick`` (max_options + 3: the reply built so far), ``options`` (max_options x 124: what each
action picks).
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from game_agent.games.sanguosha.cards import KINDS
from game_agent.games.sanguosha.generals import GENERALS
from game_agent.games.sanguosha.state import PHASES
from protocol.choices import RequestSpec
from protocol.schemas.sanguosha import SCHEMA
from sgs.envs.actions import ReplyBuilder, pick_state
from user_agent.views.sanguosha import SanguoshaView

MAX_SEATS = 10
MAX_OPTIONS = 64
CARDS = list(KINDS)  # 32 card names
CARD = {n: i for i, n in enumerate(CARDS)}
SUITS = ("spade", "heart", "club", "diamond")
SUIT = {s: i for i, s in enumerate(SUITS)}
GENERAL_IDS = list(GENERALS)  # 25
GENERAL = {g: i for i, g in enumerate(GENERAL_IDS)}
ROLES = ("lord", "loyalist", "rebel", "renegade")
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
        for k in range(n):
            s = (seat + k) % n
            info = view.seats[s]
            base = k * SEAT_FEATURES
            out[base] = float(info.alive)
            out[base + 1] = info.hp / 8
            out[base + 2] = info.max_hp / 8
            out[base + 3] = info.hand_count / 10 if s != seat else len(view.hand) / 10
            out[base + 4 + (ROLES.index(info.role) if info.role in ROLES else 4)] = 1.0
            if info.general in GENERAL:
                out[base + 9 + GENERAL[info.general]] = 1.0
            for card in info.equip.values():
                if card.get("name") in CARD:
                    out[base + 9 + len(GENERAL_IDS) + CARD[card["name"]]] = 1.0
            for card in info.judge:
                as_ = info.judge_as.get(card.get("id", -1), card.get("name"))
                if as_ in CARD:
                    out[base + 9 + len(GENERAL_IDS) + CARD[as_]] = 1.0
            out[base + SEAT_FEATURES - 1] = float(view.current == s)
        for card in view.hand:
            if card.get("name") in CARD:
                out[self.hand + CARD[card["name"]]] += 1.0
            if card.get("suit") in SUIT:
                out[self.hand + len(CARDS) + SUIT[card["suit"]]] += 1.0
        for card in view.discard:
            if card.get("name") in CARD:
                out[self.discard + CARD[card["name"]]] += 1.0
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
        out[self.pick : self.pick + self.max_options + 3] = pick_state(builder, self.max_options)
        items = req.options
        if req.form == "product" and builder is not None:
            items = req.options[len(builder.picked)]
        for i, item in enumerate(items):
            self._option(out, self.options + i * OPTION_FEATURES, item, seat, n)

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
