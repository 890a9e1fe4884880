"""Carcassonne: the observation vector (everything but the stack order is public).

Fields, in order, seat-relative (seat ``k`` places after us in turn order is row ``k``),
documented in docs/research.md: ``board`` (21 x 21 squares x 17 channels, a window centred on
the board's bounding box), ``centre`` (2), ``players`` (5 x 3), ``game`` (3), ``tile`` (24),
``request`` (2), ``options`` (max_options x 11: what each action picks).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from protocol.choices import RequestSpec
from protocol.games.carcassonne.tiles import KINDS, N_TILES, oriented
from user_agent.actions import Floats, ReplyBuilder, WrittenPerSeat, floats
from user_agent.games.carcassonne.board import board_lines, scores_line
from user_agent.games.carcassonne.view import CarcassonneView

WINDOW = 21  # squares per side of the board window
HALF = WINDOW // 2
CHANNELS = 17  # occupied; 4 sides x (city, road, field); cloister; pennant; ours; theirs
EDGE = {"C": 0, "R": 1, "F": 2}
KIND_INDEX = {k.letter: i for i, k in enumerate(KINDS)}
SEGMENT_TYPES = ("city", "road", "field", "cloister")
SEGMENT = {t: i for i, t in enumerate(SEGMENT_TYPES)}
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


def _shift(board: npt.NDArray[np.float32], dx: int, dy: int) -> None:
    """Move the window's contents for a centre moved by (dx, dy): square (row, col) takes
    what (row + dy, col + dx) held; the squares uncovered are zeroed. One move of the flat
    buffer (numpy copies overlapping slices through a buffer, so it is exact), then the
    columns that wrapped round from the neighbouring rows are zeroed."""
    if abs(dx) >= WINDOW or abs(dy) >= WINDOW:
        board[:] = 0.0
        return
    flat = board.reshape(-1)
    off = (dy * WINDOW + dx) * CHANNELS
    if off > 0:
        flat[:-off] = flat[off:]
        flat[-off:] = 0.0
    elif off < 0:
        flat[-off:] = flat[:off]
        flat[:-off] = 0.0
    if dx > 0:
        board[:, WINDOW - dx :] = 0.0
    elif dx < 0:
        board[:, :-dx] = 0.0
    if dy > 0:
        board[WINDOW - dy :] = 0.0
    elif dy < 0:
        board[:-dy] = 0.0


def centre(view: CarcassonneView) -> tuple[int, int]:
    """The square the board window is centred on: the middle of the board's bounding box."""
    box = view.bbox
    if box is not None and len(view.order) == len(view.tiles):
        return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    if not view.tiles:
        return 0, 0
    xs = [x for x, _ in view.tiles]
    ys = [y for _, y in view.tiles]
    return (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2


@dataclass
class _Written:
    """What the encoder last wrote into one seat's table part: the window's centre, the tiles
    drawn (the first `tiles` of the view's placement order; tiles are never removed), whether
    any tile fell outside the window, and the followers drawn."""

    view: CarcassonneView
    out: npt.NDArray[np.float32]
    centre: tuple[int, int] | None = None
    tiles: int = 0
    outside: bool = False
    followers: dict[tuple[int, int, str], int] = field(default_factory=dict)
    drawn: int | None = None  # where the drawn tile's one-hot was written
    players: int = 0  # the rows of the players block written
    follower_moves: int = -1  # the view's count of follower moves when they were drawn
    buf: Floats | None = None  # `out` as items


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
        # per seat: what `update_state` last wrote into its array
        self._written = WrittenPerSeat(_Written, self.state_size)

    def encode_state(self, view: Any, seat: int, out: npt.NDArray[np.float32]) -> None:
        assert isinstance(view, CarcassonneView)
        self._write(view, seat, out, _Written(view, out))

    def update_state(self, view: Any, seat: int, out: npt.NDArray[np.float32]) -> None:
        """`encode_state` into the seat's own array, drawing only the new tiles and the
        followers that changed (the board moves along when the centre moves)."""
        assert isinstance(view, CarcassonneView)
        self._write(view, seat, out, self._written.for_seat(view, seat, out))

    def _write(
        self, view: CarcassonneView, seat: int, out: npt.NDArray[np.float32], w: _Written
    ) -> None:
        cx, cy = centre(view)
        board = out[: self.centre].reshape(WINDOW, WINDOW, CHANNELS)
        if w.centre != (cx, cy) and w.centre is not None:
            if w.outside:  # tiles may come into the window: draw it again
                board[:] = 0.0
                w.tiles, w.outside, w.followers, w.follower_moves = 0, False, {}, -1
            else:
                _shift(board, cx - w.centre[0], cy - w.centre[1])
        w.centre = (cx, cy)
        order = view.order
        if w.tiles < len(order):
            tiles = view.tiles
            for x, y in order[w.tiles :]:
                col, row = x - cx + HALF, y - cy + HALF
                if 0 <= col < WINDOW and 0 <= row < WINDOW:
                    at = (row * WINDOW + col) * CHANNELS
                    out[at : at + 15] = PATTERN[tiles[(x, y)]]
                else:
                    w.outside = True
            w.tiles = len(order)
        followers = view.followers
        drawn = w.followers
        if view.follower_moves != w.follower_moves and followers != drawn:
            squares = {(k[0], k[1]) for k, s in drawn.items() if followers.get(k) != s}
            squares.update((k[0], k[1]) for k, s in followers.items() if drawn.get(k) != s)
            for x, y in squares:
                col, row = x - cx + HALF, y - cy + HALF
                if 0 <= col < WINDOW and 0 <= row < WINDOW:
                    board[row, col, 15:] = 0.0
                    for (fx, fy, _), s in followers.items():
                        if fx == x and fy == y:
                            board[row, col, 15 if s == seat else 16] = 1.0
                else:
                    w.outside = True
            w.followers = dict(followers)
        w.follower_moves = view.follower_moves
        f = w.buf
        if f is None:
            f = w.buf = floats(out)
        f[self.centre] = cx / N_TILES
        f[self.centre + 1] = cy / N_TILES
        n = view.players
        if n < w.players:
            out[self.players : self.game] = 0.0
        w.players = n
        current = view.current
        base = self.players
        for k in range(n):
            s = (seat + k) % n
            f[base] = view.scores[s] / 100
            f[base + 1] = view.supply[s] / 7
            f[base + 2] = float(current == s)
            base += 3
        f[self.game] = view.left / N_TILES
        f[self.game + 1] = view.turn / N_TILES
        f[self.game + 2] = n / MAX_PLAYERS
        if w.drawn is not None:
            f[w.drawn] = 0.0
            w.drawn = None
        if view.drawn is not None:
            w.drawn = self.tile + KIND_INDEX[view.drawn]
            f[w.drawn] = 1.0

    def encode_request(
        self,
        view: Any,
        seat: int,
        req: RequestSpec,
        builder: ReplyBuilder,
        out: npt.NDArray[np.float32],
    ) -> None:
        cx, cy = centre(view)
        o = floats(out)
        f = self.options
        if req.kind == "place_tile":
            o[self.request] = 1.0
            for x, y, r in req.options:
                o[f] = (x - cx) / HALF
                o[f + 1] = (y - cy) / HALF
                o[f + 2 + r] = 1.0
                f += OPTION_FEATURES
        elif req.kind == "deploy":
            o[self.request + 1] = 1.0
            info = req.info
            types = info["segments"]
            dx, dy, rotation = (info["x"] - cx) / HALF, (info["y"] - cy) / HALF, info["rotation"]
            for name in req.options:
                o[f] = dx
                o[f + 1] = dy
                o[f + 2 + rotation] = 1.0
                if name == "skip":
                    o[f + 10] = 1.0
                else:
                    o[f + 6 + SEGMENT[types[name]]] = 1.0
                f += OPTION_FEATURES

    def render(self, view: Any) -> str:
        assert isinstance(view, CarcassonneView)
        return "\n".join([*board_lines(view), scores_line(view)])
