"""Carcassonne: the observation vector (everything but the stack order is public).

Fields, in order, seat-relative (seat ``k`` places after us in turn order is row ``k``),
documented in docs/research.md: ``board`` (21 x 21 squares x 17 channels, a window centred on
the board's bounding box), ``centre`` (2), ``players`` (5 x 3), ``game`` (3), ``tile`` (24),
``request`` (2), ``options`` (max_options x 11: what each action picks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from protocol.choices import RequestSpec
from protocol.games.carcassonne.tiles import KINDS, N_TILES, oriented
from user_agent.actions import ReplyBuilder
from user_agent.games.carcassonne.board import board_lines, scores_line
from user_agent.games.carcassonne.view import CarcassonneView

WINDOW = 21  # squares per side of the board window
HALF = WINDOW // 2
CHANNELS = 17  # occupied; 4 sides x (city, road, field); cloister; pennant; ours; theirs
EDGE = {"C": 0, "R": 1, "F": 2}
KIND_INDEX = {k.letter: i for i, k in enumerate(KINDS)}
SEGMENT_TYPES = ("city", "road", "field", "cloister")
OPTION_FEATURES = 11  # x, y (window-relative, / HALF), rotation one-hot 4, segment type 4, skip
MAX_PLAYERS = 5
MAX_OPTIONS = 256


def _pattern(kind: str, r: int) -> npt.NDArray[np.float32]:
    """A tile's first 15 channels: occupied, the edges, cloister, pennant."""
    o = oriented(kind, r)
    out = np.zeros(15, dtype=np.float32)
    out[0] = 1.0
    for side, e in enumerate(o.edges):
        out[1 + side * 3 + EDGE[e]] = 1.0
    out[13] = float(any(seg.type == "cloister" for seg in o.segments))
    out[14] = float(any(seg.pennant for seg in o.segments))
    return out


PATTERN = {(k.letter, r): _pattern(k.letter, r) for k in KINDS for r in range(4)}


def centre(view: CarcassonneView) -> tuple[int, int]:
    """The square the board window is centred on: the middle of the board's bounding box."""
    if not view.tiles:
        return 0, 0
    xs = [x for x, _ in view.tiles]
    ys = [y for _, y in view.tiles]
    return (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2


class CarcassonneObs:
    def __init__(self, config: Mapping[str, Any], seats: int, max_options: int) -> None:
        self.max_options = max_options
        self.board = 0
        self.centre = WINDOW * WINDOW * CHANNELS
        self.players = self.centre + 2
        self.game = self.players + MAX_PLAYERS * 3
        self.tile = self.game + 3
        self.request = self.tile + len(KINDS)
        self.options = self.request + 2
        self.size = self.options + max_options * OPTION_FEATURES
        self.state_size = self.request

    def encode_state(self, view: Any, seat: int, out: npt.NDArray[np.float32]) -> None:
        assert isinstance(view, CarcassonneView)
        tiles = view.tiles
        cx, cy = centre(view)
        n = view.players
        board = out[: self.centre].reshape(WINDOW, WINDOW, CHANNELS)
        rows: list[int] = []
        cols: list[int] = []
        patterns = []
        for (x, y), key in tiles.items():
            col, row = x - cx + HALF, y - cy + HALF
            if 0 <= col < WINDOW and 0 <= row < WINDOW:
                rows.append(row)
                cols.append(col)
                patterns.append(PATTERN[key])
        if rows:
            board[rows, cols, :15] = patterns
        for (x, y, _), s in view.followers.items():
            col, row = x - cx + HALF, y - cy + HALF
            if 0 <= col < WINDOW and 0 <= row < WINDOW:
                board[row, col, 15 if s == seat else 16] = 1.0
        out[self.centre] = cx / N_TILES
        out[self.centre + 1] = cy / N_TILES
        for k in range(n):
            s = (seat + k) % n
            base = self.players + k * 3
            out[base] = view.scores[s] / 100
            out[base + 1] = view.supply[s] / 7
            out[base + 2] = float(view.current == s)
        out[self.game] = view.left / N_TILES
        out[self.game + 1] = view.turn / N_TILES
        out[self.game + 2] = n / MAX_PLAYERS
        if view.drawn is not None:
            out[self.tile + KIND_INDEX[view.drawn]] = 1.0

    def encode_request(
        self,
        view: Any,
        seat: int,
        req: RequestSpec,
        builder: ReplyBuilder,
        out: npt.NDArray[np.float32],
    ) -> None:
        cx, cy = centre(view)
        base = self.options
        if req.kind == "place_tile":
            out[self.request] = 1.0
            for i, (x, y, r) in enumerate(req.options):
                f = base + i * OPTION_FEATURES
                out[f] = (x - cx) / HALF
                out[f + 1] = (y - cy) / HALF
                out[f + 2 + r] = 1.0
        elif req.kind == "deploy":
            out[self.request + 1] = 1.0
            types = req.info["segments"]
            for i, name in enumerate(req.options):
                f = base + i * OPTION_FEATURES
                out[f] = (req.info["x"] - cx) / HALF
                out[f + 1] = (req.info["y"] - cy) / HALF
                out[f + 2 + req.info["rotation"]] = 1.0
                if name == "skip":
                    out[f + 10] = 1.0
                else:
                    out[f + 6 + SEGMENT_TYPES.index(types[name])] = 1.0

    def render(self, view: Any) -> str:
        assert isinstance(view, CarcassonneView)
        return "\n".join([*board_lines(view), scores_line(view)])
