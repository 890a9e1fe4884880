"""Goofspiel: the observation vector, seat-relative (the seat's own side first).

Table part, from the seat's view only: ``hands`` (2 x 13: which cards each hand holds),
``prizes`` (13: the prizes still in the deck), ``prize`` (13: the one on the table),
``bid`` (13: this seat's own sealed bid), ``has_bid`` (2), ``scores`` (2, over 91),
``round`` (2: round and N, over 13). Request part: ``options`` (13 x 13: the card of each
option). Card value v is position v - 1 of each 13-wide field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from protocol.choices import RequestSpec
from protocol.games.goofspiel.schema import MAX_CARDS
from user_agent.actions import ReplyBuilder
from user_agent.games.goofspiel.view import GoofspielView

MAX_OPTIONS = MAX_CARDS
TOKENS = MAX_CARDS
MAX_POINTS = MAX_CARDS * (MAX_CARDS + 1) // 2


class GoofspielObs:
    def __init__(self, config: Mapping[str, Any], seats: int, max_options: int) -> None:
        self.max_options = max_options
        self.hands = 0
        self.prizes = self.hands + 2 * MAX_CARDS
        self.prize = self.prizes + MAX_CARDS
        self.bid = self.prize + MAX_CARDS
        self.has_bid = self.bid + MAX_CARDS
        self.scores = self.has_bid + 2
        self.round = self.scores + 2
        self.options = self.round + 2
        self.state_size = self.options
        self.size = self.options + max_options * TOKENS

    def encode_state(self, view: Any, seat: int, out: npt.NDArray[np.float32]) -> None:
        assert isinstance(view, GoofspielView)
        me = view.me
        for k, who in enumerate((me, 1 - me)):
            for card in view.hands[who]:
                out[self.hands + k * MAX_CARDS + card - 1] = 1.0
            out[self.has_bid + k] = float(view.has_bid[who])
            out[self.scores + k] = view.scores[who] / MAX_POINTS
        for card in view.prizes:
            out[self.prizes + card - 1] = 1.0
        if view.prize is not None:
            out[self.prize + view.prize - 1] = 1.0
        if view.bid is not None:
            out[self.bid + view.bid - 1] = 1.0
        out[self.round] = view.round / MAX_CARDS
        out[self.round + 1] = view.cards / MAX_CARDS

    def encode_request(
        self,
        view: Any,
        seat: int,
        req: RequestSpec,
        builder: ReplyBuilder,
        out: npt.NDArray[np.float32],
    ) -> None:
        if req.kind != "bid":
            return
        for i, card in enumerate(req.options):
            out[self.options + i * TOKENS + int(card) - 1] = 1.0

    def render(self, view: Any) -> str:
        assert isinstance(view, GoofspielView)
        return view.render()
