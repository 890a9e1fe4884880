"""Carcassonne in the browser: the seats (score, followers in supply and on the board), the
status line and the board as data that `web.js` draws as SVG.

Every tile is sent as its kind and rotation plus a `shapes` entry per (kind, rotation) on the
page: the city polygons with their pennants, the road pieces, the junction and the cloister, and
where a follower stands on each segment, in tile units with (0, 0) the north-west corner and y
pointing down. The shapes are the PNG picture's (`picture.city_shape`, `road_lines`, `anchors`),
themselves derived from the contract's segments (`protocol.games.carcassonne.tiles`), so the
browser, the PNG and the rules agree on every tile turned every way.

A request's options are designated on the board: a placement `[x, y, rotation]` by its `value`
(the page groups them by cell: a click on a cell shows the drawn tile there, a click on the tile
turns it to the next legal rotation, ✓ places it), a follower's segment name (or `skip`) by its
`value` too (a click on the ghost follower drawn on that segment). Everything on the page is
public: the stack's order never is (the seat's stream holds only its count).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from protocol.choices import RequestSpec
from protocol.games.carcassonne.schema import ROLES
from protocol.games.carcassonne.tiles import CITY, CLOISTER, oriented
from user_agent.games.carcassonne.picture import (
    anchors,
    city_shape,
    junction,
    road_lines,
    seat_colour,
)
from user_agent.games.carcassonne.view import CarcassonneView
from user_agent.games.carcassonne.widgets import CarcassonneTable
from user_agent.tui.table import Table
from user_agent.web.hooks import WebHooks

SCRIPT = Path(__file__).with_name("web.js")
ROUND = 3  # decimals of the tile-unit coordinates sent

WORDS = {
    "en": {
        "title": "Carcassonne",
        "turn": "turn",
        "playing": "playing",
        "tile": "tile",
        "left": "tiles left",
        "points": "points",
        "supply": "in supply",
        "board": "on the board",
        "followers": "followers",
        "seat": "seat",
        "you": "you",
        "now": "playing now",
        "over": "the game is over",
    },
    "zh": {
        "title": "卡卡颂",
        "turn": "回合",
        "playing": "当前",
        "tile": "板块",
        "left": "块剩余",
        "points": "分",
        "supply": "在手",
        "board": "在版图上",
        "followers": "跟随者",
        "seat": "座位",
        "you": "你",
        "now": "正在行动",
        "over": "游戏结束",
    },
}

HELP = (
    "Click a highlighted square to put the drawn tile there; click the tile (or press r) to "
    "turn it to its next legal rotation; click ✓ (or press Enter) to place it. Then click a "
    "ghost follower to put a follower on that part of the tile, or ✗ for none. "
    "The + and - buttons (or keys) zoom the board."
)


def _w(lang: str, key: str) -> str:
    return WORDS.get(lang, WORDS["en"]).get(key, WORDS["en"][key])


def _pt(p: tuple[float, float]) -> list[float]:
    return [round(p[0], ROUND), round(p[1], ROUND)]


@cache
def shapes(letter: str, rotation: int) -> dict[str, Any]:
    """What the browser draws of kind `letter` turned `rotation` quarter turns, and where each
    of its segments holds a follower (tile units, y down)."""
    o = oriented(letter, rotation)
    spots = anchors(letter, rotation)
    cities = []
    for s in o.segments:
        if s.type == CITY:
            cities.append(
                {
                    "seg": s.name,
                    "poly": [_pt(p) for p in city_shape(s.sides)],
                    "pennant": _pt(spots[s.name][1]) if s.pennant else None,
                }
            )
    roads = [
        {"seg": name, "lines": [[_pt(a), _pt(b)] for a, b in pieces]}
        for name, pieces in road_lines(o).items()
    ]
    return {
        "edges": o.edges,
        "cities": cities,
        "roads": roads,
        "junction": junction(o),
        "cloister": any(s.type == CLOISTER for s in o.segments),
        "segments": {s.name: s.type for s in o.segments},
        "anchors": {name: _pt(at[0]) for name, at in spots.items()},
    }


def key(letter: str, rotation: int) -> str:
    return f"{letter}{rotation % 4}"


def colour(seat: int) -> str:
    r, g, b = seat_colour(seat)
    return f"#{r:02x}{g:02x}{b:02x}"


def board(view: CarcassonneView) -> dict[str, Any]:
    """The board's JSON: tiles, followers, the drawn tile and the shapes they need."""
    used: dict[str, dict[str, Any]] = {}
    tiles = []
    for (x, y), (letter, rotation) in sorted(view.tiles.items()):
        k = key(letter, rotation)
        used.setdefault(k, shapes(letter, rotation))
        tiles.append([x, y, k])
    followers = []
    for (x, y, segment), seat in sorted(view.followers.items()):
        kind = None
        if (x, y) in view.tiles:
            letter, rotation = view.tiles[(x, y)]
            kind = shapes(letter, rotation)["segments"].get(segment)
        followers.append([x, y, segment, seat, ROLES.get(str(kind), "follower")])
    if view.drawn:
        for r in range(4):
            used.setdefault(key(view.drawn, r), shapes(view.drawn, r))
    return {
        "tiles": tiles,
        "followers": followers,
        "shapes": used,
        "drawn": view.drawn,
        "left": view.left,
        "last": list(view.last) if view.last is not None else None,
        "current": view.current,
        "colours": [colour(s) for s in range(len(view.scores))],
        "over": view.outcome is not None,
    }


class CarcassonneWeb(WebHooks):
    script = SCRIPT
    help = HELP

    def page(self, game: str, table: Table, lang: str) -> dict[str, Any]:
        assert isinstance(table, CarcassonneTable), table
        v = table.carc
        seats = []
        for n in range(len(v.scores)):
            me = n == table.viewer
            on_board = sum(1 for s in v.followers.values() if s == n)
            lines = [
                f"{v.scores[n]} {_w(lang, 'points')}",
                f"{_w(lang, 'followers')}: {v.supply[n]} {_w(lang, 'supply')}, "
                f"{on_board} {_w(lang, 'board')}",
            ]
            if v.current == n and v.outcome is None:
                tile = f" · {_w(lang, 'tile')} {v.drawn}" if v.drawn else ""
                lines.append(_w(lang, "now") + tile)
            seats.append(
                {
                    "seat": n,
                    "title": f"{_w(lang, 'seat')} {n}" + (f" ({_w(lang, 'you')})" if me else ""),
                    "tags": [],
                    "lines": lines,
                    "me": me,
                    "current": v.current == n and v.outcome is None,
                    "dead": False,
                }
            )
        status = [_w(lang, "title"), f"{_w(lang, 'turn')} {v.turn}"]
        if v.outcome is not None:
            status.append(_w(lang, "over"))
        elif v.current is not None:
            status.append(f"{_w(lang, 'playing')}: {_w(lang, 'seat')} {v.current}")
        if v.drawn:
            status.append(f"{_w(lang, 'tile')} {v.drawn}")
        status.append(f"{v.left} {_w(lang, 'left')}")
        return {"status": " · ".join(status), "seats": seats, "hand": [], "board": board(v)}

    def option_marks(self, option: Any) -> dict[str, Any]:
        """A placement `[x, y, rotation]` or a segment name (`skip`): the page's value."""
        if isinstance(option, list | tuple) and len(option) == 3:
            return {"value": list(option)}
        if isinstance(option, str):
            return {"value": option}
        return {}

    def request_marks(self, req: RequestSpec, table: Table, last: Any = None) -> dict[str, Any]:
        """The deploy step names the tile it is about (`at`); a placement its tile. (`last`,
        the seat's previous option, is the newer hooks' argument: not needed here.)"""
        info = req.info
        if req.kind == "deploy" and type(info.get("x")) is int and type(info.get("y")) is int:
            return {"at": [info["x"], info["y"]], "tile": info.get("tile")}
        if req.kind == "place_tile":
            return {"tile": info.get("tile")}
        return {}


WEB = CarcassonneWeb()
