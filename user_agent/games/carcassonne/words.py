"""Carcassonne in words: the sentences of its events and decisions and its requests (where a
tile goes and how it is turned, where a follower goes), as the `GameWords` the shared driver
reads."""

from __future__ import annotations

from typing import Any

from protocol.choices import RequestSpec
from protocol.games.carcassonne.schema import ROLES as CARC_ROLES
from protocol.games.carcassonne.schema import ROTATION_DEGREES
from user_agent.words.game import GameWords, Handler
from user_agent.words.requests import RequestContext, RequestWords, default_words
from user_agent.words.shapes import Teller
from user_agent.words.text import cap, plain

_FARM_SCORING = {
    "per_farm_3": "farms score 3 points per completed city they supply",
    "per_city_4": "each completed city scores 4 points for the farmers who supply it",
    "per_farm_3_once_per_city": (
        "farms score 3 points per completed city they supply, each city once per player"
    ),
}


_END_REASONS = {"stack_empty": "the stack is empty"}


def _points(n: object) -> str:
    return "1 point" if n == 1 else f"{n} points"


def _at(d: dict[str, Any]) -> str:
    return f"({d.get('x')},{d.get('y')})"


def _seats_words(n: Teller, seats: object) -> str:
    if not isinstance(seats, list) or not seats:
        return "nobody"
    names = [n.s(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _placed(n: Teller) -> dict[tuple[object, object, object], str]:
    """The followers on the board, by (x, y, segment) -> role (as the events told them)."""
    placed: dict[tuple[object, object, object], str] = n.notes.setdefault("placed", {})
    return placed


def _carc_started(n: Teller, d: dict[str, Any]) -> str:
    players = d.get("players")
    scoring = d.get("farm_scoring")
    farms = _FARM_SCORING.get(str(scoring), f"farm scoring: {plain(scoring)}")
    tiles = d.get("tiles") or []
    where = ""
    if d.get("scenario"):
        where = f" from the scenario {plain(d.get('scenario'))}"
    board = ""
    if isinstance(tiles, list) and len(tiles) == 1 and isinstance(tiles[0], list):
        kind, x, y, _r = tiles[0]
        board = f"; the start tile {kind} lies at ({x},{y})"
    elif isinstance(tiles, list) and tiles:
        board = f"; {len(tiles)} tiles are already on the board"
    for item in d.get("followers_placed") or []:
        if isinstance(item, list) and len(item) == 4:
            _placed(n)[(item[1], item[2], item[3])] = "follower"
    return (
        f"The game starts{where}: {players} players, {n.s(d.get('first_player'))} goes first, "
        f"{d.get('followers')} followers each; {farms}{board}"
    )


def _carc_stack(n: Teller, d: dict[str, Any]) -> str:
    count = d["count"] if "count" in d else len(d.get("order") or [])
    return f"The stack holds {count} tiles, face down"


def _carc_deployed(n: Teller, d: dict[str, Any]) -> str:
    role = str(d.get("role") or CARC_ROLES.get(str(d.get("feature")), "follower"))
    _placed(n)[(d.get("x"), d.get("y"), d.get("segment"))] = role
    return (
        f"{n.S(d.get('seat'))} puts a {plain(role)} on the {plain(d.get('feature'))} "
        f"{d.get('segment')} at {_at(d)}"
    )


def _carc_returned(n: Teller, d: dict[str, Any]) -> str:
    role = _placed(n).pop((d.get("x"), d.get("y"), d.get("segment")), "follower")
    return (
        f"{n.S(d.get('seat'))}'s {plain(role)} on {d.get('segment')} at {_at(d)} "
        f"goes back to the supply"
    )


def _carc_scored(n: Teller, d: dict[str, Any]) -> str:
    feature = plain(d.get("feature") or "feature")
    tiles = d.get("tiles")
    if feature == "farm":
        cities = d.get("cities")
        size = "1 completed city" if cities == 1 else f"{cities} completed cities"
    else:
        size = "1 tile" if tiles == 1 else f"{tiles} tiles"
        pennants = d.get("pennants")
        if pennants:
            size += ", 1 pennant" if pennants == 1 else f", {pennants} pennants"
    winners = d.get("winners")
    points = _points(d.get("points"))
    if not isinstance(winners, list) or not winners:
        gives = f"{points}, but no follower is on it"
    else:
        gives = f"{points} to {_seats_words(n, winners)}" + (" each" if len(winners) > 1 else "")
    if d.get("final"):
        what = "farm" if feature == "farm" else f"unfinished {feature}"
        return f"Final scoring: the {what} at {_at(d)} ({size}): {gives}"
    return f"The {feature} at {_at(d)} is complete ({size}): {gives}"


def _carcassonne_outcome(n: Teller, o: dict[str, Any]) -> str:
    scores = o.get("scores")
    winners = o.get("winners")
    table = ""
    if isinstance(scores, list) and scores:
        table = " (" + ", ".join(f"{n.s(s)} {p}" for s, p in enumerate(scores)) + ")"
    best = ""
    if isinstance(winners, list) and winners and isinstance(scores, list):
        w0 = winners[0]
        if type(w0) is int and 0 <= w0 < len(scores):
            best = f" with {_points(scores[w0])}"
    reason = _END_REASONS.get(str(o.get("reason")), plain(o.get("reason") or "the end"))
    turns = f" after {o.get('turns')} turns" if o.get("turns") else ""
    if not isinstance(winners, list) or not winners:
        head = "Nobody wins"
    elif len(winners) == 1:
        head = f"{n.S(winners[0])} wins"
    else:
        head = f"{cap(_seats_words(n, winners))} share the win"
    return f"{head}{best}{table}: {reason}{turns}"


def _carcassonne_decision(
    n: Teller, req: RequestSpec, who: str, picked: list[int], labels: list[str]
) -> str:
    if req.kind == "place_tile" and picked and 0 <= picked[0] < len(req.options):
        o = req.options[picked[0]]
        tile = req.info.get("tile")
        if isinstance(o, list) and len(o) == 3:
            return f"{who} places tile {tile} at {placement_words(o[0], o[1], o[2])}"
    if req.kind == "deploy" and picked and 0 <= picked[0] < len(req.options):
        o = req.options[picked[0]]
        if o == "skip":
            return f"{who} keeps its followers"
        return f"{who} puts a {labels[0] if labels else 'follower'}"
    return f"{who} chooses {', '.join(labels) or 'nothing'}"


EVENTS: dict[str, Handler] = {
    "game_started": _carc_started,
    "stack": _carc_stack,
    "turn_started": lambda n, d: f"Turn {d.get('turn')}: {n.s(d.get('seat'))} plays",
    "tile_drawn": lambda n, d: (
        f"{n.S(d.get('seat'))} draws tile {d.get('tile')}; {d.get('left')} tiles left"
    ),
    "tile_discarded": lambda n, d: (
        f"Tile {d.get('tile')} fits nowhere and is removed from the game"
        f"{'' if d.get('reason') == 'unplaceable' else ' (' + plain(d.get('reason')) + ')'}; "
        f"{d.get('left')} tiles left"
    ),
    "tile_placed": lambda n, d: (
        f"{n.S(d.get('seat'))} places tile {d.get('tile')} at "
        f"{placement_words(d.get('x'), d.get('y'), d.get('rotation'))}"
    ),
    "follower_deployed": _carc_deployed,
    "feature_scored": _carc_scored,
    "follower_returned": _carc_returned,
    "final_scoring": lambda n, d: (
        "Final scoring: unfinished roads, cities and cloisters, then the farms"
    ),
}


def placement_words(x: object, y: object, rotation: object) -> str:
    """A tile's position and turn: `(2,-1) turned 90°` (rotation in clockwise quarter turns)."""
    if type(rotation) is int and 0 <= rotation < len(ROTATION_DEGREES):
        return f"({x},{y}) turned {ROTATION_DEGREES[rotation]}°"
    return f"({x},{y})"


def segment_words(segment: object, segments: object) -> str:
    """A free segment of the tile just placed as a deploy option: `knight on the city C1`."""
    if segment == "skip":
        return "no follower (skip)"
    kind = segments.get(str(segment)) if isinstance(segments, dict) else None
    if kind is None:
        kind = {"C": "city", "R": "road", "F": "field", "CL": "cloister"}.get(
            "CL" if str(segment) == "CL" else str(segment)[:1], "segment"
        )
    role = CARC_ROLES.get(str(kind), "follower")
    return f"{role} on the {plain(kind)} {plain(segment)}"


def _place_tile(c: RequestContext) -> RequestWords:
    tile = c.info.get("tile", "?")
    left = c.info.get("left")
    stack = "" if left is None else f" ({'1 tile' if left == 1 else f'{left} tiles'} left)"
    opts = []
    for o in c.req.options:
        if isinstance(o, list | tuple) and len(o) == 3:
            opts.append(placement_words(o[0], o[1], o[2]))
        else:
            opts.append("a place")
    title = f"Place tile {tile}{stack}: choose where it goes and how it is turned."
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


def _deploy(c: RequestContext) -> RequestWords:
    i = c.info
    segments = i.get("segments")
    opts = [segment_words(o, segments) for o in c.req.options]
    supply = i.get("supply")
    left = "1 follower" if supply == 1 else f"{supply} followers"
    where = placement_words(i.get("x"), i.get("y"), i.get("rotation"))
    title = (
        f"You placed tile {i.get('tile', '?')} at {where}: put a follower on it? "
        f"({left} in your supply)"
    )
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


WORDS = GameWords(
    events=EVENTS,
    requests={"place_tile": _place_tile, "deploy": _deploy},
    outcome=_carcassonne_outcome,
    choice=_carcassonne_decision,
)
