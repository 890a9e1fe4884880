"""Carcassonne (base game): the event types and request kinds (their words are the client's).

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

from protocol.games.carcassonne.asks import ASKS
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


SCHEMA = register_schema(
    GameSchema("carcassonne", "1", EVENTS, REQUESTS, redacted=REDACTED, asks=ASKS)
)
