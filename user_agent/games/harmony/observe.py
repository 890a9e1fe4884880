"""Harmony of Elements: the observation vector (perfect information: the view is the board).

Fields, in order, seat-relative (the seat's own field first), documented in docs/research.md:
``board`` (2 x 15 x 17 one-hot pieces), ``exhausted`` (2 x 15), ``round`` (6), ``damage`` (2),
``pick`` (3 + 15 + 4: the reply built so far), ``options`` (15 x 23: what each action picks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from protocol.choices import RequestSpec
from protocol.games.harmony.schema import ELEMENT_CODES, LANES, ROLE_CODES, ROWS
from user_agent.actions import Floats, ReplyBuilder, floats
from user_agent.games.harmony.view import HarmonyView

CELLS = [f"{lane}/{row}" for row in ROWS for lane in LANES]
CELL = {c: i for i, c in enumerate(CELLS)}
PIECE = {
    r + e: ri * 4 + ei for ri, r in enumerate(ROLE_CODES) for ei, e in enumerate(ELEMENT_CODES)
}
TOKEN_CELL, TOKEN_ROLE, TOKEN_ELEMENT = 0, 15, 19
TOKENS = 23
MAX_OPTIONS = 15


class HarmonyObs:
    def __init__(self, config: Mapping[str, Any], seats: int, max_options: int) -> None:
        self.max_options = max_options
        self.board = 0
        self.exhausted = self.board + 2 * 15 * 17
        self.round = self.exhausted + 2 * 15
        self.damage = self.round + 6
        self.pick = self.damage + 2
        self.options = self.pick + 3 + 15 + 4
        self.size = self.options + max_options * TOKENS
        self.state_size = self.pick

    def encode_state(self, view: Any, seat: int, out: npt.NDArray[np.float32]) -> None:
        assert isinstance(view, HarmonyView)
        self._state(view, seat, floats(out))

    def _state(self, view: HarmonyView, seat: int, out: Floats) -> None:
        for k, who in enumerate((seat, 1 - seat)):
            base = self.board + k * 15 * 17
            field = view.fields[who]
            for c, name in enumerate(CELLS):
                code = field.get(name)
                out[base + c * 17 + (0 if code is None else PIECE[code] + 1)] = 1.0
            for name in view.turned[who]:
                out[self.exhausted + k * 15 + CELL[name]] = 1.0
        r = self.round
        out[r] = view.round / 15
        out[r + 1] = float(view.attack_this_round)
        out[r + 2] = view.skip_attack_rounds / 15
        out[r + 3] = float(view.first_placer == seat)
        out[r + 4] = float(view.first_player == seat)
        if view.damage_to is not None:
            out[self.damage] = view.damage_to[seat] / 10
            out[self.damage + 1] = view.damage_to[1 - seat] / 10

    def encode_request(
        self,
        view: Any,
        seat: int,
        req: RequestSpec,
        builder: ReplyBuilder,
        out: npt.NDArray[np.float32],
    ) -> None:
        if req.kind != "place_piece":
            return
        self._request(req, builder, floats(out))

    def _request(self, req: RequestSpec, builder: ReplyBuilder, out: Floats) -> None:
        axis = len(builder.picked)
        out[self.pick + axis] = 1.0
        cells, roles, elements = req.options
        if axis > 0:
            out[self.pick + 3 + CELL[cells[builder.picked[0]]]] = 1.0
        if axis > 1:
            out[self.pick + 3 + 15 + builder.picked[1]] = 1.0
        items = (cells, roles, elements)[axis]
        for i, item in enumerate(items):
            token = (
                TOKEN_CELL + CELL[item]
                if axis == 0
                else TOKEN_ROLE + ROLE_CODES.index(item)
                if axis == 1
                else TOKEN_ELEMENT + ELEMENT_CODES.index(item)
            )
            out[self.options + i * TOKENS + token] = 1.0

    def render(self, view: Any) -> str:
        assert isinstance(view, HarmonyView)
        return view.render()
