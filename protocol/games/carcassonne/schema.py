"""Carcassonne (base game): the event types and request kinds, and one readable line per event.

Vocabulary shared by every side (no rules here): a position is ``x, y`` (x grows east, y
north; the start tile is at 0, 0); a rotation is 0..3 clockwise quarter turns (0, 90, 180, 270
degrees); a tile kind is a letter ``A``..``X``; a segment is named on its tile ``C1``, ``R1``,
``F1``, ``CL`` (city, road, field, cloister; numbering of the rules' section 3.1).

Events (full form = public form unless said otherwise):

``game_started``       players, first_player, followers (per player), farm_scoring, scenario
                       (name or None), tiles ([kind, x, y, rotation] already on the board),
                       followers_placed ([seat, x, y, segment]), scores
``stack``              order (the draw stack, top first). Secret: the public form is {count}
``turn_started``       turn (1, 2, ...), seat
``tile_drawn``         seat, tile, left (tiles left in the stack)
``tile_discarded``     seat, tile, reason ("unplaceable"), left
``tile_placed``        seat, tile, x, y, rotation
``follower_deployed``  seat, x, y, segment, feature (road/city/cloister/field), role
                       (thief/knight/monk/farmer)
``feature_scored``     feature (road/city/cloister/farm), x, y, segment (one node of it), tiles,
                       pennants, points, winners (seats scoring the points each), final (end of
                       game), cities (farms: the completed cities counted)
``follower_returned``  seat, x, y, segment
``final_scoring``      (no fields) final scoring begins
``game_over``          outcome: winners, scores, reason ("stack_empty"), turns

Requests (form ``choice``):

``place_tile``  options: [x, y, rotation] per legal placement; info {tile, left}
``deploy``      options: the free segment names of the tile just placed, then ``skip`` (the
                default); info {tile, x, y, rotation, supply, segments: {name: type}}
"""

from __future__ import annotations

from typing import Any

from protocol.registry import GameSchema, register_schema

ROTATION_DEGREES = (0, 90, 180, 270)
ROLES = {"road": "thief", "city": "knight", "cloister": "monk", "field": "farmer"}

EVENTS: dict[str, dict[str, Any]] = {
    "game_started": {
        "players": int,
        "first_player": int,
        "followers": int,
        "farm_scoring": str,
        "scenario": (str, None),
        "tiles": [list],
        "followers_placed": [list],
        "scores": [int],
    },
    "stack": {"order": [str]},
    "turn_started": {"turn": int, "seat": int},
    "tile_drawn": {"seat": int, "tile": str, "left": int},
    "tile_discarded": {"seat": int, "tile": str, "reason": str, "left": int},
    "tile_placed": {"seat": int, "tile": str, "x": int, "y": int, "rotation": int},
    "follower_deployed": {
        "seat": int,
        "x": int,
        "y": int,
        "segment": str,
        "feature": str,
        "role": str,
    },
    "feature_scored": {
        "feature": str,
        "x": int,
        "y": int,
        "segment": str,
        "tiles": int,
        "pennants": int,
        "points": int,
        "winners": [int],
        "final": bool,
        "cities": int,
    },
    "follower_returned": {"seat": int, "x": int, "y": int, "segment": str},
    "final_scoring": {},
}
REDACTED: dict[str, dict[str, Any]] = {"stack": {"count": int}}

REQUESTS: dict[str, dict[str, Any]] = {
    "place_tile": {"tile": str, "left": int},
    "deploy": {
        "tile": str,
        "x": int,
        "y": int,
        "rotation": int,
        "supply": int,
        "segments": dict,
    },
}


def seat_name(seat: object) -> str:
    return f"seat {seat}"


def placement_text(x: object, y: object, rotation: object) -> str:
    deg = ROTATION_DEGREES[rotation] if type(rotation) is int and 0 <= rotation < 4 else rotation
    return f"({x},{y}) turned {deg}°"


def _winners(ws: object) -> str:
    if not isinstance(ws, list) or not ws:
        return "nobody"
    return " and ".join(seat_name(w) for w in ws)


def render(kind: str, d: dict[str, Any]) -> str:
    """One line of text for an event, e.g. ``turn 12: seat 1 places K at (2,-1) turned 90°``."""
    if kind == "game_started":
        where = f" from scenario {d.get('scenario')}" if d.get("scenario") else ""
        return (
            f"game starts{where}: {d.get('players')} players, {seat_name(d.get('first_player'))} "
            f"first, {d.get('followers')} followers each, farms scored {d.get('farm_scoring')}"
        )
    if kind == "stack":
        n = d["count"] if "count" in d else len(d.get("order") or [])
        return f"the stack holds {n} tiles"
    if kind == "turn_started":
        return f"turn {d.get('turn')}: {seat_name(d.get('seat'))}"
    if kind == "tile_drawn":
        return f"{seat_name(d.get('seat'))} draws {d.get('tile')} ({d.get('left')} left)"
    if kind == "tile_discarded":
        return f"{d.get('tile')} fits nowhere and is removed from the game"
    if kind == "tile_placed":
        where = placement_text(d.get("x"), d.get("y"), d.get("rotation"))
        return f"{seat_name(d.get('seat'))} places {d.get('tile')} at {where}"
    if kind == "follower_deployed":
        return (
            f"{seat_name(d.get('seat'))} deploys a {d.get('role')} on the {d.get('feature')} "
            f"{d.get('segment')} at ({d.get('x')},{d.get('y')})"
        )
    if kind == "feature_scored":
        when = "final: " if d.get("final") else ""
        what = d.get("feature")
        size = f"{d.get('tiles')} tiles"
        if what == "farm":
            size = f"{d.get('cities')} completed cities"
        if d.get("pennants"):
            size += f", {d.get('pennants')} pennants"
        at = f"({d.get('x')},{d.get('y')})"
        return f"{when}{what} ({size}) at {at}: {d.get('points')} to {_winners(d.get('winners'))}"
    if kind == "follower_returned":
        at = f"({d.get('x')},{d.get('y')}) {d.get('segment')}"
        return f"{seat_name(d.get('seat'))}'s follower at {at} goes back"
    if kind == "final_scoring":
        return "final scoring"
    if kind == "game_over":
        o = d.get("outcome")
        o = o if isinstance(o, dict) else {}
        scores = o.get("scores") or []
        table = ", ".join(f"{seat_name(s)} {p}" for s, p in enumerate(scores))
        return f"game over: {_winners(o.get('winners'))} won ({table})"
    args = " ".join(f"{k}={v}" for k, v in d.items())
    return f"{kind} {args}".rstrip()


SCHEMA = register_schema(
    GameSchema(
        "carcassonne", "1", EVENTS, REQUESTS, redacted=REDACTED, make_renderer=lambda: render
    )
)
