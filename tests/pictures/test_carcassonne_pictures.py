"""Pictures of a Carcassonne board: the text grid (`user_agent.games.carcassonne.board`), the
PNG (`user_agent.games.carcassonne.picture`), `sgs replay LOG --png OUT [--step N]` and the
board closing the text report."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from protocol.games.carcassonne.tiles import oriented
from replays import read_log
from replays.reader import Log
from sgs.runner import play
from user_agent.games.carcassonne.board import (
    GAP,
    LEGEND,
    H,
    W,
    board_lines,
    follower_cell,
    scores_line,
)
from user_agent.games.carcassonne.picture import (
    BOTTOM,
    CITY_TAN,
    FIELD_GREEN,
    LABEL,
    LEFT,
    RIGHT,
    ROAD_LIGHT,
    TILE,
    TOP,
    _distances,
    _label_map,
    follower_point,
    min_width,
    picture,
    render_png,
    seat_colour,
    tile_origin,
)
from user_agent.games.carcassonne.report import carcassonne_view
from user_agent.games.carcassonne.view import CarcassonneView
from user_agent.replay import render, turn_count


def sgs(*args: str) -> subprocess.CompletedProcess[str]:
    """`sgs ARGS` as a user runs it: the installed script next to this Python, else the module."""
    script = Path(sys.executable).parent / "sgs"
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "sgs.cli"]
    return subprocess.run([*cmd, *args], capture_output=True, text=True, timeout=120, check=False)


@pytest.fixture(scope="module")
def carc_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "c.sgslog"
    play("carcassonne", {"players": 4}, 7, ["random"], path)
    return path


@pytest.fixture(scope="module")
def carc_log(carc_path: Path) -> Log:
    return read_log(carc_path)


@pytest.fixture(scope="module")
def harmony_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "h.sgslog"
    play("harmony", {}, 4, ["random"], path)
    return path


def small_view() -> CarcassonneView:
    view = CarcassonneView(-1, 4)
    view.tiles = {(0, 0): ("D", 0), (1, 0): ("V", 1), (0, -1): ("B", 0), (-1, 1): ("M", 2)}
    view.followers = {(0, 0, "C1"): 2, (0, -1, "CL"): 3, (1, 0, "R1"): 0, (-1, 1, "C1"): 1}
    return view


# --- the text grid -------------------------------------------------------------------------------


def test_a_small_board_is_drawn_exactly() -> None:
    assert board_lines(small_view()) == [
        "    -1     0     1",
        "   .....",
        " 1 #1...",  # M turned 180°: city south and west, a knight of seat 1
        "   ##*#.",
        "         .#2#. ..|..",  # D: the start tile, a knight of seat 2 in the cap
        " 0       ----- --0..",  # V turned 90°: a road west to north, a thief of seat 0
        "         ..... .....",
        "         .....",
        "-1       ..3..",  # B: a monk of seat 3 in the cloister
        "         .....",
        LEGEND,
    ]


def grid_block(lines: list[str], view: CarcassonneView, x: int, y: int) -> list[str]:
    xs = [p[0] for p in view.tiles]
    ys = [p[1] for p in view.tiles]
    label = max(len(str(v)) for v in range(min(ys), max(ys) + 1))
    col = label + 1 + (x - min(xs)) * (W + GAP)
    first = 1 + (max(ys) - y) * H
    return [lines[first + r][col : col + W].ljust(W) for r in range(H)]


def test_the_grid_has_one_block_per_tile_and_the_followers_digits(carc_log: Log) -> None:
    view = carcassonne_view(carc_log)
    lines = board_lines(view)
    xs = [p[0] for p in view.tiles]
    ys = [p[1] for p in view.tiles]
    assert len(lines) == 1 + (max(ys) - min(ys) + 1) * H + 1
    assert lines[-1] == LEGEND
    blocks = 0
    for x in range(min(xs), max(xs) + 1):
        for y in range(min(ys), max(ys) + 1):
            block = grid_block(lines, view, x, y)
            if (x, y) in view.tiles:
                blocks += 1
                assert all(len(r) == W and " " not in r for r in block), (x, y, block)
            else:
                assert block == [" " * W] * H, (x, y, block)
    assert blocks == len(view.tiles) > 20
    assert view.followers, "a random 4-player game leaves followers on the board"
    for (x, y, segment), seat in view.followers.items():
        letter, rotation = view.tiles[(x, y)]
        cell = follower_cell(letter, rotation, segment)
        assert cell is not None
        assert grid_block(lines, view, x, y)[cell[1]][cell[0]] == str(seat)
    digits = sum(ch.isdigit() for line in lines[1:-1] for ch in line[3:])
    assert digits == len(view.followers)


def test_the_scores_line_names_every_seat(carc_log: Log) -> None:
    view = carcassonne_view(carc_log)
    line = scores_line(view)
    scores = carc_log.events[-1].data["outcome"]["scores"]
    assert line.startswith(f"turn {turn_count(carc_log)}: ")
    for seat, points in enumerate(scores):
        assert f"seat {seat} {points}" in line


# --- the board after a turn ----------------------------------------------------------------------


def test_the_board_after_a_turn_holds_the_tiles_placed_by_then(carc_log: Log) -> None:
    placed, turn = 0, 0
    per_turn: dict[int, int] = {}
    for e in carc_log.events:
        if e.kind == "turn_started":
            per_turn[turn] = placed
            turn = e.data["turn"]
        elif e.kind == "tile_placed":
            placed += 1
        elif e.kind == "final_scoring":
            break
    per_turn[turn] = placed
    for step in (0, 1, 5, turn):
        view = carcassonne_view(carc_log, step)
        assert view.turn == step
        assert len(view.tiles) == 1 + per_turn[step]
    assert carcassonne_view(carc_log, 0).tiles == {(0, 0): ("D", 0)}


def test_a_turn_beyond_the_game_or_another_game_is_refused(
    carc_log: Log, harmony_path: Path, tmp_path: Path
) -> None:
    last = turn_count(carc_log)
    with pytest.raises(ValueError, match=f"turns 0..{last}"):
        render_png(carc_log, tmp_path / "x.png", last + 1)
    with pytest.raises(ValueError, match="this log is harmony"):
        render_png(read_log(harmony_path), tmp_path / "x.png")
    assert not (tmp_path / "x.png").exists()


# --- the PNG -------------------------------------------------------------------------------------


def test_the_png_is_as_big_as_the_board(carc_log: Log, tmp_path: Path) -> None:
    out = render_png(carc_log, tmp_path / "end.png")
    view = carcassonne_view(carc_log)
    xs = [p[0] for p in view.tiles]
    ys = [p[1] for p in view.tiles]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    width = LEFT + cols * TILE + RIGHT
    assert width > min_width(4)  # the board, not the minimum, sets the width
    with Image.open(out) as img:
        assert img.format == "PNG"
        assert img.size == (width, TOP + rows * TILE + BOTTOM)


def test_a_follower_is_a_disc_in_its_seats_colour(carc_log: Log, tmp_path: Path) -> None:
    out = render_png(carc_log, tmp_path / "end.png")
    view = carcassonne_view(carc_log)
    assert view.followers
    with Image.open(out) as img:
        rgb = img.convert("RGB")
        for (x, y, segment), seat in view.followers.items():
            px, py = follower_point(view, x, y, segment)
            assert rgb.getpixel((px, py)) == seat_colour(seat), (x, y, segment, seat)
            assert rgb.getpixel((px + 2, py - 2)) == seat_colour(seat)
    assert len({seat_colour(s) for s in range(6)}) == 6


def test_a_turned_tile_is_drawn_turned() -> None:
    view = CarcassonneView(-1, 2)
    view.tiles = {(0, 0): ("D", 0), (1, 0): ("D", 1)}
    img = picture(view, "two start tiles")
    for (x, y), (city, road, field) in {
        (0, 0): ((32, 4), (6, 32), (32, 58)),  # city north, road west-east, field south
        (1, 0): ((59, 32), (32, 6), (6, 32)),  # turned 90°: city east, road north-south
    }.items():
        ox, oy = tile_origin(view, x, y)
        assert img.getpixel((ox + city[0], oy + city[1])) == CITY_TAN
        assert img.getpixel((ox + road[0], oy + road[1])) == ROAD_LIGHT
        assert img.getpixel((ox + field[0], oy + field[1])) == FIELD_GREEN


def test_a_step_draws_a_smaller_earlier_board(carc_log: Log, tmp_path: Path) -> None:
    end = render_png(carc_log, tmp_path / "end.png")
    early = render_png(carc_log, tmp_path / "early.png", step=3)
    with Image.open(end) as a, Image.open(early) as b:
        assert b.size[0] <= a.size[0] and b.size[1] < a.size[1]
        assert b.size[0] * b.size[1] < a.size[0] * a.size[1]


# --- the command ---------------------------------------------------------------------------------


def test_sgs_replay_png_writes_the_picture(carc_path: Path, carc_log: Log, tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    done = sgs("replay", str(carc_path), "--png", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"wrote {out} (board after turn {turn_count(carc_log)})\n"
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    step = tmp_path / "step.png"
    done = sgs("replay", str(carc_path), "--png", str(step), "--step", "4")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"wrote {step} (board after turn 4)\n"
    with Image.open(out) as a, Image.open(step) as b:
        assert a.size != b.size


def test_sgs_replay_png_refuses_another_game(harmony_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    done = sgs("replay", str(harmony_path), "--png", str(out))
    assert done.returncode == 2
    assert done.stderr == "error: --png draws Carcassonne boards; this log is harmony\n"
    assert not out.exists()


def test_sgs_replay_step_needs_png_and_a_turn_of_the_game(
    carc_path: Path, carc_log: Log, tmp_path: Path
) -> None:
    done = sgs("replay", str(carc_path), "--step", "3")
    assert (done.returncode, done.stderr) == (2, "error: --step goes with --png\n")
    beyond = str(turn_count(carc_log) + 1)
    done = sgs("replay", str(carc_path), "--png", str(tmp_path / "x.png"), "--step", beyond)
    assert done.returncode == 2
    assert done.stderr.startswith(f"error: --step {beyond} is beyond the game")
    assert not (tmp_path / "x.png").exists()


# --- the text report -----------------------------------------------------------------------------


def test_the_text_report_ends_with_the_board(carc_log: Log) -> None:
    lines = list(render(carc_log))
    view = carcassonne_view(carc_log)
    grid = [f"  {line}" for line in board_lines(view)] + [f"  {scores_line(view)}"]
    assert lines[-len(grid) - 1 :] == ["== Board at the end ==", *grid]
    assert lines.index("== Game over ==") < len(lines) - len(grid) - 1


def test_the_text_report_to_a_turn_shows_the_board_after_it(carc_path: Path) -> None:
    done = sgs("replay", str(carc_path), "--to", "6")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    view = carcassonne_view(read_log(carc_path), 6)
    grid = [f"  {line}" for line in board_lines(view)] + [f"  {scores_line(view)}"]
    assert lines[-len(grid) - 1 :] == ["== Board after turn 6 ==", *grid]
    assert "== Turn 6: seat " in done.stdout and "== Turn 7: " not in done.stdout


def test_other_games_reports_have_no_board(harmony_path: Path) -> None:
    lines = list(render(read_log(harmony_path)))
    assert not any(line.startswith("== Board") for line in lines)
    assert not any(LEGEND in line for line in lines)


def bfs_distances(pixels: list[int], value: int) -> list[int]:
    """The reference: per pixel, 8-way steps to a pixel showing something else or off the tile,
    found breadth first."""
    from collections import deque

    n = LABEL
    dist = [n * n] * (n * n)
    queue: deque[int] = deque()
    for i, v in enumerate(pixels):
        y, x = divmod(i, n)
        if v != value:
            dist[i] = 0
            queue.append(i)
        elif x in (0, n - 1) or y in (0, n - 1):
            dist[i] = 1
            queue.append(i)
    while queue:
        i = queue.popleft()
        y, x = divmod(i, n)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                j = ny * n + nx
                if 0 <= nx < n and 0 <= ny < n and dist[j] > dist[i] + 1:
                    dist[j] = dist[i] + 1
                    queue.append(j)
    return dist


@pytest.mark.parametrize(("letter", "rotation"), [("D", 0), ("O", 1), ("X", 2), ("A", 3)])
def test_the_anchor_distances_are_the_breadth_first_ones(letter: str, rotation: int) -> None:
    pixels = _label_map(oriented(letter, rotation))
    for value in sorted(set(pixels)):
        assert _distances(pixels, value) == bfs_distances(pixels, value), value
