"""Records swapped, moved, deleted or repeated in a real log, for the tests that check the
reader and `sgs replay` notice (tests/replays/test_tampering.py, tests/cli)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from log_bytes import frames_of, offsets_of, rechain

from protocol.codec import unpack
from replays.format import FRAME
from sgs.runner import play

Edit = Callable[[list[bytes], "Layout"], list[bytes]]


class Layout:
    """Where the decision records of a log are (indexes into its frames, the header first)."""

    def __init__(self, blob: bytes) -> None:
        self.frames = frames_of(blob)
        self.offsets = offsets_of(blob)
        bodies = [[]] + [unpack(f[FRAME.size :], 1 << 24) for f in self.frames[1:]]  # no header
        self.decisions = [i for i, b in enumerate(bodies) if b[:1] == ["d"]]
        self.window = self._nullification_window(bodies)

    def _nullification_window(self, bodies: list[list[object]]) -> tuple[int, int]:
        """Two decision records in a row answering a Nullification window: every living seat
        asked together (both requests were open at once)."""
        opened: list[list[object]] = []
        for i, body in enumerate(bodies[1:], 1):
            if body[0] == "q":
                opened.append(body)
            elif body[0] == "d":
                first = opened.pop(0)
                info = first[10]
                if (
                    opened
                    and bodies[i + 1][0] == "d"
                    and first[3] == "respond"
                    and isinstance(info, dict)
                    and info.get("reason") == "nullify"
                ):
                    return i, i + 1
        raise AssertionError("no Nullification window answered by two seats")


def swap(frames: list[bytes], i: int, j: int) -> list[bytes]:
    out = list(frames)
    out[i], out[j] = out[j], out[i]
    return out


def swap_window(frames: list[bytes], at: Layout) -> list[bytes]:
    return swap(frames, *at.window)


def swap_far(frames: list[bytes], at: Layout) -> list[bytes]:
    d = at.decisions
    return swap(frames, d[len(d) // 4], d[3 * len(d) // 4])


def delete(frames: list[bytes], at: Layout) -> list[bytes]:
    k = at.decisions[len(at.decisions) // 2]
    return frames[:k] + frames[k + 1 :]


def duplicate(frames: list[bytes], at: Layout) -> list[bytes]:
    k = at.decisions[len(at.decisions) // 2]
    return frames[: k + 1] + frames[k:]


def first_moved(frames: list[bytes], at: Layout, edit: Edit) -> int:
    """The offset of the first record the edit put out of place."""
    edited = edit(frames, at)
    k = next(i for i, (a, b) in enumerate(zip(frames, edited, strict=False)) if a != b)
    return at.offsets[k]


EDITS: dict[str, Edit] = {
    "swap-window": swap_window,
    "swap-far": swap_far,
    "delete": delete,
    "duplicate": duplicate,
}


def sanguosha_5p(path: Path) -> Path:
    """A 5-player Sanguosha game (identity mode, `conceal_responses` on by default: every
    living seat is asked each Nullification together)."""
    play("sanguosha", {"players": 5}, 4, ["random"], path)
    return path


def tampered(whole: Path, tmp_path: Path, name: str, fix_checksums: bool = False) -> Path:
    """A copy of `whole` with the edit `name` (EDITS); `fix_checksums`: computed again."""
    blob = whole.read_bytes()
    at = Layout(blob)
    out = blob[: at.offsets[0]] + b"".join(EDITS[name](at.frames, at))
    path = tmp_path / f"{name}.sgslog"
    path.write_bytes(rechain(out) if fix_checksums else out)
    return path
