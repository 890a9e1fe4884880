"""A Carcassonne board as a PNG picture (`sgs replay LOG --png OUT [--step N]`).

Every tile is drawn from its segments (`protocol.games.carcassonne.tiles`), never from a
picture per kind, so a rotated tile is drawn rotated: a green field, tan cities filling the
sides they own (a cap for one side, a corner for two adjacent sides, a band for two opposite
ones, all but a notch for three, the whole tile for four) with a blue shield for a pennant,
light roads from the middle of their sides to the centre (a road ending alone stops short; a
junction is a dark square), a cloister as a little chapel. Followers are discs in their
seat's colour on the segment they stand on. A header names the turn; a footer gives each seat's
score in its colour. Geometry is in tile units, (0, 0) the north-west corner and y pointing
down the picture (north up).
"""

from __future__ import annotations

import math
from collections import deque
from functools import cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from protocol.games.carcassonne.tiles import CITY, CLOISTER, ROAD, Oriented, oriented
from replays.reader import Log
from user_agent.games.carcassonne.report import carcassonne_view
from user_agent.games.carcassonne.view import CarcassonneView
from user_agent.replay import turn_count

TILE = 64  # pixels per tile
LEFT = 32  # y labels
RIGHT = 12
TOP = 48  # the header line, then the x labels
BOTTOM = 36  # the scores
MIN_WIDTH = 420  # room for the header line

SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (220, 30, 30),  # 0 red
    (30, 80, 220),  # 1 blue
    (245, 205, 20),  # 2 yellow
    (20, 20, 20),  # 3 black
    (150, 60, 190),  # 4 purple
    (240, 130, 20),  # 5 orange
    (20, 190, 200),  # 6 cyan
    (240, 120, 190),  # 7 pink
)
BACKGROUND = (246, 243, 236)
FIELD_GREEN = (126, 176, 84)
GRID = (78, 110, 54)
CITY_TAN = (206, 164, 104)
CITY_EDGE = (130, 92, 50)
ROAD_LIGHT = (242, 238, 224)
ROAD_EDGE = (120, 110, 96)
JUNCTION = (90, 80, 70)
CHAPEL = (236, 226, 206)
ROOF = (180, 60, 48)
PENNANT = (40, 70, 170)
WHITE = (255, 255, 255)
INK = (30, 30, 30)

Point = tuple[float, float]
LABEL = 48  # pixels per tile of the label map that finds where followers stand

# Cities in canonical position, as polygons in tile units: one side (north), two adjacent
# sides (north and east), two opposite sides (west and east), three sides (all but south).
CAP: tuple[Point, ...] = ((0, 0), (1, 0), (0.76, 0.26), (0.24, 0.26))
CORNER: tuple[Point, ...] = ((0, 0), (1, 0), (1, 1), (0.62, 0.38))
BAND: tuple[Point, ...] = ((0, 0), (0.5, 0.3), (1, 0), (1, 1), (0.5, 0.7), (0, 1))
NOTCH: tuple[Point, ...] = ((0, 0), (1, 0), (1, 1), (0.5, 0.66), (0, 1))
WHOLE: tuple[Point, ...] = ((0, 0), (1, 0), (1, 1), (0, 1))
MIDDLE: tuple[Point, ...] = ((0.5, 0), (1, 0.5), (0.5, 1), (0, 0.5))  # per side N E S W
CENTRE: Point = (0.5, 0.5)


def turn(p: Point, r: int) -> Point:
    """`p` after `r` clockwise quarter turns about the tile's centre."""
    x, y = p
    for _ in range(r % 4):
        x, y = 1 - y, x
    return (x, y)


def city_shape(sides: frozenset[int]) -> tuple[Point, ...]:
    """The polygon of a city owning `sides` (0..3 = N E S W)."""
    if len(sides) == 4:
        return WHOLE
    for r in range(4):
        moved = {(s - r) % 4 for s in sides}
        for base, canon in ((CAP, {0}), (CORNER, {0, 1}), (BAND, {1, 3}), (NOTCH, {0, 1, 3})):
            if moved == canon:
                return tuple(turn(p, r) for p in base)
    raise ValueError(f"no city shape for sides {sorted(sides)}")


def road_lines(o: Oriented) -> dict[str, list[tuple[Point, Point]]]:
    """Per road segment, its straight pieces: from each side's middle to the centre; a lone road
    end that meets no junction or cloister stops a third of the way in (at the city)."""
    roads = [s for s in o.segments if s.type == ROAD]
    ends_at_centre = len(roads) > 1 or any(s.type == CLOISTER for s in o.segments)
    out: dict[str, list[tuple[Point, Point]]] = {}
    for r in roads:
        sides = sorted(r.sides)
        if len(sides) == 2 or ends_at_centre:
            out[r.name] = [(MIDDLE[s], CENTRE) for s in sides]
        else:
            (s,) = sides
            mx, my = MIDDLE[s]
            out[r.name] = [((mx, my), (mx + (0.5 - mx) * 0.62, my + (0.5 - my) * 0.62))]
    return out


def junction(o: Oriented) -> bool:
    roads = [s for s in o.segments if s.type == ROAD]
    return len(roads) > 1 and not any(s.type == CLOISTER for s in o.segments)


# --- where followers and pennants go -------------------------------------------------------------


def _label_map(o: Oriented) -> list[int]:
    """The tile painted at LABEL x LABEL pixels, each pixel the index (1..) of the segment it
    shows (0: not a segment's, e.g. a junction), fields found as the parts the rest leaves."""
    index = {s.name: i + 1 for i, s in enumerate(o.segments)}
    img = Image.new("L", (LABEL, LABEL), 255)
    draw = ImageDraw.Draw(img)
    for s in o.segments:
        if s.type == CITY:
            draw.polygon([_px(p, LABEL) for p in city_shape(s.sides)], fill=index[s.name])
    for name, pieces in road_lines(o).items():
        for a, b in pieces:
            draw.line([_px(a, LABEL), _px(b, LABEL)], fill=index[name], width=LABEL // 8)
    if junction(o):
        h = LABEL // 10
        c = LABEL // 2
        draw.rectangle([c - h, c - h, c + h, c + h], fill=0)
    if any(s.type == CLOISTER for s in o.segments):
        h = LABEL // 6
        c = LABEL // 2
        draw.rectangle([c - h, c - h, c + h, c + h], fill=index["CL"])
    pixels = list(img.tobytes())
    # the field parts: flood the unpainted pixels; a part belongs to the field owning the ports
    # it touches on the tile's border
    port_at = {}
    for p in range(12):
        side, k = divmod(p, 3)
        along = (0.16, 0.5, 0.84)[k]
        u, v = ((along, 0.0), (1.0, along), (1 - along, 1.0), (0.0, 1 - along))[side]
        x = min(LABEL - 1, int(u * LABEL))
        y = min(LABEL - 1, int(v * LABEL))
        port_at[y * LABEL + x] = p
    seen = [False] * (LABEL * LABEL)
    for start in range(LABEL * LABEL):
        if pixels[start] != 255 or seen[start]:
            continue
        part = [start]
        seen[start] = True
        queue = deque([start])
        owner: str | None = None
        while queue:
            i = queue.popleft()
            if i in port_at and owner is None:
                owner = o.owner[port_at[i]]
            y, x = divmod(i, LABEL)
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                j = ny * LABEL + nx
                if 0 <= nx < LABEL and 0 <= ny < LABEL and not seen[j] and pixels[j] == 255:
                    seen[j] = True
                    part.append(j)
                    queue.append(j)
        value = index[owner] if owner is not None else 0
        for i in part:
            pixels[i] = value
    return pixels


ONE = [0] + [1] * 255  # a pixel's value as 0 or 1 (`Image.point`)


def _distances(pixels: list[int], value: int) -> list[int]:
    """Per pixel, how many steps (8 ways) from a pixel showing something else or the border:
    how many 3x3 erosions of the pixels showing `value` (ringed by a border showing nothing)
    it survives. PIL erodes in C: a tile's anchors cost milliseconds, not a pass in Python."""
    n = LABEL
    mask = Image.new("L", (n + 2, n + 2), 0)
    inside = bytes(255 if v == value else 0 for v in pixels)
    mask.paste(Image.frombytes("L", (n, n), inside), (1, 1))
    total = Image.new("L", (n + 2, n + 2), 0)
    while mask.getbbox():
        total = ImageChops.add(total, mask.point(ONE))
        mask = mask.filter(ImageFilter.MinFilter(3))
    return list(total.crop((1, 1, n + 1, n + 1)).tobytes())


def _inner_points(pixels: list[int], value: int) -> tuple[Point, Point]:
    """The pixel showing `value` farthest from everything else, and a second one far from both
    that and everything else (for a pennant), in tile units."""
    dist = _distances(pixels, value)
    cells = [j for j, v in enumerate(pixels) if v == value]
    best = max(cells, key=lambda j: (dist[j], -j))
    by, bx = divmod(best, LABEL)

    def flag_score(j: int) -> tuple[float, int]:
        y, x = divmod(j, LABEL)
        return (min(float(dist[j]), math.hypot(x - bx, y - by) / 2), -j)

    flag = max(cells, key=flag_score)
    fy, fx = divmod(flag, LABEL)
    return (((bx + 0.5) / LABEL, (by + 0.5) / LABEL), ((fx + 0.5) / LABEL, (fy + 0.5) / LABEL))


@cache
def anchors(letter: str, rotation: int) -> dict[str, tuple[Point, Point]]:
    """Per segment of a tile: where a follower stands and where a pennant goes (tile units).

    A cloister's is the centre; a road's is halfway along its first piece; a city's or a
    field's is its point farthest from everything else (the pennant's: far from that and from
    the city's edge)."""
    o = oriented(letter, rotation)
    pixels = _label_map(o)
    lines = road_lines(o)
    out: dict[str, tuple[Point, Point]] = {}
    for i, s in enumerate(o.segments):
        if s.type == CLOISTER:
            out[s.name] = (CENTRE, CENTRE)
            continue
        if s.type == ROAD:
            (ax, ay), (bx, by) = lines[s.name][0]
            mid = ((ax + bx) / 2, (ay + by) / 2)
            out[s.name] = (mid, mid)
            continue
        out[s.name] = _inner_points(pixels, i + 1)
    return out


# --- the picture ---------------------------------------------------------------------------------


def _px(p: Point, size: int, origin: tuple[int, int] = (0, 0)) -> tuple[float, float]:
    return (origin[0] + p[0] * size, origin[1] + p[1] * size)


def seat_colour(seat: int) -> tuple[int, int, int]:
    if 0 <= seat < len(SEAT_COLOURS):
        return SEAT_COLOURS[seat]
    return ((seat * 97) % 200 + 30, (seat * 57) % 200 + 30, (seat * 37) % 200 + 30)


def text_colour(seat: int) -> tuple[int, int, int]:
    """The seat's colour, darkened when too light to read on the background (yellow)."""
    r, g, b = seat_colour(seat)
    if r + g + b <= 450:
        return (r, g, b)
    return (r * 7 // 10, g * 7 // 10, b * 7 // 10)


def bounds(view: CarcassonneView) -> tuple[int, int, int, int]:
    """min x, max x, min y, max y of the tiles on the board."""
    if not view.tiles:
        return (0, 0, 0, 0)
    xs = [x for x, _ in view.tiles]
    ys = [y for _, y in view.tiles]
    return (min(xs), max(xs), min(ys), max(ys))


def min_width(players: int) -> int:
    """The narrowest picture: room for the header and every seat's score."""
    return max(MIN_WIDTH, LEFT + 112 * players)


def image_size(view: CarcassonneView) -> tuple[int, int]:
    x0, x1, y0, y1 = bounds(view)
    width = LEFT + (x1 - x0 + 1) * TILE + RIGHT
    return (max(width, min_width(len(view.scores))), TOP + (y1 - y0 + 1) * TILE + BOTTOM)


def tile_origin(view: CarcassonneView, x: int, y: int) -> tuple[int, int]:
    """The pixel of the north-west corner of position (x, y)."""
    x0, _, _, y1 = bounds(view)
    return (LEFT + (x - x0) * TILE, TOP + (y1 - y) * TILE)


def follower_point(view: CarcassonneView, x: int, y: int, segment: str) -> tuple[int, int]:
    """The pixel at the centre of the disc of a follower on (x, y) `segment`."""
    letter, rotation = view.tiles[(x, y)]
    (u, v), _ = anchors(letter, rotation)[segment]
    ox, oy = tile_origin(view, x, y)
    return (int(ox + u * TILE), int(oy + v * TILE))


def draw_tile(draw: ImageDraw.ImageDraw, letter: str, rotation: int, at: tuple[int, int]) -> None:
    o = oriented(letter, rotation)
    x, y = at
    draw.rectangle([x, y, x + TILE - 1, y + TILE - 1], fill=FIELD_GREEN)
    spots = anchors(letter, rotation)
    for s in o.segments:
        if s.type == CITY:
            poly = [_px(p, TILE, at) for p in city_shape(s.sides)]
            draw.polygon(poly, fill=CITY_TAN, outline=CITY_EDGE)
    width = max(3, TILE // 10)
    pieces = [piece for road in road_lines(o).values() for piece in road]
    for a, b in pieces:
        draw.line([_px(a, TILE, at), _px(b, TILE, at)], fill=ROAD_EDGE, width=width + 2)
    for a, b in pieces:
        draw.line([_px(a, TILE, at), _px(b, TILE, at)], fill=ROAD_LIGHT, width=width)
    cx, cy = x + TILE // 2, y + TILE // 2
    if junction(o):
        h = TILE // 12
        draw.rectangle([cx - h, cy - h, cx + h, cy + h], fill=JUNCTION)
    if any(s.type == CLOISTER for s in o.segments):
        h = TILE // 7
        draw.rectangle([cx - h, cy - h // 2, cx + h, cy + h], fill=CHAPEL, outline=ROAD_EDGE)
        draw.polygon([(cx - h - 2, cy - h // 2), (cx, cy - h - 4), (cx + h + 2, cy - h // 2)],
                     fill=ROOF)  # fmt: skip
    for s in o.segments:
        if s.type == CITY and s.pennant:
            px, py = _px(spots[s.name][1], TILE, at)
            h = TILE // 12
            shield = [(px - h, py - h), (px + h, py - h), (px + h, py), (px, py + h + 2),
                      (px - h, py)]  # fmt: skip
            draw.polygon(shield, fill=PENNANT, outline=WHITE)
    draw.rectangle([x, y, x + TILE - 1, y + TILE - 1], outline=GRID)


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except (OSError, ValueError):  # no FreeType: the bitmap font
        return ImageFont.load_default()


def picture(view: CarcassonneView, title: str) -> Image.Image:
    """The board of `view` with `title` above it and the scores below."""
    size = image_size(view)
    img = Image.new("RGB", size, BACKGROUND)
    draw = ImageDraw.Draw(img)
    small, big = _font(11), _font(15)
    draw.text((LEFT, 8), title, fill=INK, font=big)
    x0, x1, y0, y1 = bounds(view)
    for x in range(x0, x1 + 1):
        ox, _ = tile_origin(view, x, y1)
        draw.text((ox + TILE // 2, TOP - 8), str(x), fill=INK, font=small, anchor="ms")
    for y in range(y0, y1 + 1):
        _, oy = tile_origin(view, x0, y)
        draw.text((LEFT - 6, oy + TILE // 2), str(y), fill=INK, font=small, anchor="rm")
    for (x, y), (letter, rotation) in sorted(view.tiles.items()):
        draw_tile(draw, letter, rotation, tile_origin(view, x, y))
    r = TILE // 9
    for (x, y, segment), seat in sorted(view.followers.items()):
        if (x, y) not in view.tiles:
            continue
        px, py = follower_point(view, x, y, segment)
        draw.ellipse([px - r - 1, py - r - 1, px + r + 1, py + r + 1], fill=WHITE)
        draw.ellipse([px - r, py - r, px + r, py + r], fill=seat_colour(seat))
    fx, fy = LEFT, size[1] - BOTTOM + 12
    for seat, points in enumerate(view.scores):
        colour = seat_colour(seat)
        draw.ellipse([fx, fy, fx + 12, fy + 12], fill=colour, outline=INK)
        text = f"seat {seat}: {points}"
        draw.text((fx + 16, fy + 6), text, fill=text_colour(seat), font=big, anchor="lm")
        fx += 16 + int(draw.textlength(text, font=big)) + 18
    return img


def render_png(
    log: Log, out_path: str | Path, step: int | None = None, seat: int | None = None
) -> Path:
    """Draw the board of a Carcassonne log after turn `step` (None: the end of the game) into
    `out_path` as a PNG; `seat`: as that seat saw it. ValueError for another game's log or a
    turn the log does not have."""
    game = log.header.get("game")
    if game != "carcassonne":
        raise ValueError(f"--png draws Carcassonne boards; this log is {game}")
    turns = turn_count(log)
    if step is not None and not 0 <= step <= turns:
        raise ValueError(f"--step {step} is beyond the game: it has turns 0..{turns}")
    view = carcassonne_view(log, step, seat)
    # as a seat saw it, the seed is left out: it would give the stack's order away
    name = "Carcassonne" if seat is not None else f"Carcassonne, seed {log.header.get('seed')}"
    if step is None:
        title = f"{name}: the end of the game ({turns} turns)"
    elif step == 0:
        title = f"{name}: before turn 1"
    else:
        title = f"{name}: after turn {step} of {turns}"
    path = Path(out_path)
    picture(view, title).save(path, format="PNG")
    return path
