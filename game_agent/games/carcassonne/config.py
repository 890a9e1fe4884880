"""Rule options and the scenario (starting position) check.

Options: ``players`` (2-5, default 2), ``followers`` (per player, default 7), ``farm_scoring``
(rules 7.4: ``per_farm_3`` default, ``per_city_4``, ``per_farm_3_once_per_city``),
``first_player`` (a seat, or None for a seeded random choice, rules 7.7) and ``scenario``.

The validated config is msgpack-plain (stored in the log header) and `configure` is idempotent.
A scenario's plain form::

    {"name": str,
     "tiles": [[kind, x, y, rotation], ...],      # in placement order; rotation 0..3
     "followers": [[seat, x, y, segment], ...],
     "scores": [int per seat],
     "stack": [kind, ...],                        # the remaining stack, top first
     "turn": seat}                                # whose turn comes next
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game_agent.engine import ConfigError, with_defaults
from game_agent.games.carcassonne.scoring import DEFAULT_FARM_SCORING, FARM_SCORING
from protocol.games.carcassonne.regions import Regions
from protocol.games.carcassonne.tiles import KIND

MIN_PLAYERS, MAX_PLAYERS = 2, 5
FOLLOWERS = 7
MAX_FOLLOWERS = 20
# Bounds of a scenario (docs/carcassonne.md): the game has 72 tiles, so a board is at most 72
# tiles in any direction from the start; a score is at most 10000.
GAME_TILES = sum(k.count for k in KIND.values())
MAX_COORD = GAME_TILES
MAX_SCORE = 10_000

DEFAULTS: dict[str, Any] = {
    "players": 2,
    "followers": FOLLOWERS,
    "farm_scoring": DEFAULT_FARM_SCORING,
    "first_player": None,
    "scenario": None,
}
SCENARIO_KEYS = ("name", "tiles", "followers", "scores", "stack", "turn")


def _int(name: str, value: object, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise ConfigError(f"{name} must be an integer from {lo} to {hi}, got {value!r}")
    return value


def _tile(n: int, item: object) -> tuple[str, int, int, int]:
    where = f"scenario: tiles[{n}]"
    if not isinstance(item, (list, tuple)) or len(item) != 4:
        raise ConfigError(f"{where} must be [kind, x, y, rotation], got {item!r}")
    kind, x, y, r = item
    if kind not in KIND:
        raise ConfigError(f"{where}: unknown tile kind {kind!r} (A to X)")
    for name, v in (("x", x), ("y", y)):
        _int(f"{where}: {name}", v, -MAX_COORD, MAX_COORD)
    return kind, x, y, _int(f"{where}: rotation", r, 0, 3)


def check_scenario(sc: object, players: int, followers_each: int) -> dict[str, Any]:
    """Validate a scenario map (see the module doc) and return its plain form."""
    if not isinstance(sc, Mapping):
        raise ConfigError(f"scenario must be a map, got {type(sc).__name__}")
    unknown = sorted(str(k) for k in sc if k not in SCENARIO_KEYS)
    if unknown:
        raise ConfigError(f"scenario: unknown key(s) {', '.join(unknown)}")
    name = sc.get("name", "")
    if not isinstance(name, str):
        raise ConfigError("scenario: name must be a string")
    raw_tiles = sc.get("tiles", [["D", 0, 0, 0]])
    if not isinstance(raw_tiles, (list, tuple)) or not 1 <= len(raw_tiles) <= GAME_TILES:
        raise ConfigError(f"scenario: tiles must list 1 to {GAME_TILES} tiles")
    tiles = [_tile(n, t) for n, t in enumerate(raw_tiles)]
    stack = sc.get("stack", [])
    if not isinstance(stack, (list, tuple)) or len(stack) + len(tiles) > GAME_TILES:
        raise ConfigError(f"scenario: the tiles and the stack hold at most {GAME_TILES} tiles")
    regions = Regions()  # the board is built once, each tile checked against rules 4.1
    for n, (kind, x, y, r) in enumerate(tiles):
        if regions.tiles and (x, y, r) not in regions.placements(kind):
            raise ConfigError(
                f"scenario: tiles[{n}] {kind} at ({x},{y}) rotation {r} does not fit the tiles "
                "before it (rules 4.1)"
            )
        regions.add_tile((x, y), kind, r)
    if any(k not in KIND for k in stack):
        raise ConfigError(f"scenario: stack must list tile kinds A to X, got {stack!r}")
    used = Counter(k for k, *_ in tiles) + Counter(stack)
    over = [f"{k} ({n} > {KIND[k].count})" for k, n in sorted(used.items()) if n > KIND[k].count]
    if over:
        raise ConfigError(f"scenario: more tiles than the game has: {', '.join(over)}")
    placed: list[list[Any]] = []
    seen: set[tuple[int, int, str]] = set()
    raw_followers = sc.get("followers", [])
    most = players * followers_each
    if not isinstance(raw_followers, (list, tuple)) or len(raw_followers) > most:
        raise ConfigError(f"scenario: followers must list at most {most} followers")
    for n, item in enumerate(raw_followers):
        where = f"scenario: followers[{n}]"
        if not isinstance(item, (list, tuple)) or len(item) != 4:
            raise ConfigError(f"{where} must be [seat, x, y, segment], got {item!r}")
        seat, x, y, seg = item
        _int(f"{where}: seat", seat, 0, players - 1)
        tile = regions.tiles.get((x, y))
        if tile is None:
            raise ConfigError(f"{where}: no tile at ({x},{y})")
        names = [s.name for s in tile.segments]
        if seg not in names:
            raise ConfigError(
                f"{where}: the {tile.letter} at ({x},{y}) has no segment {seg!r}; "
                f"it has {', '.join(names)}"
            )
        if (x, y, seg) in seen:
            raise ConfigError(f"{where}: a second follower on ({x},{y}) {seg}")
        if regions.region(((x, y), seg)).complete:
            raise ConfigError(f"{where}: ({x},{y}) {seg} is on a completed feature")
        seen.add((x, y, seg))
        placed.append([seat, x, y, seg])
    per_seat = Counter(f[0] for f in placed)
    for seat, n in per_seat.items():
        if n > followers_each:
            raise ConfigError(f"scenario: seat {seat} has {n} followers out, only {followers_each}")
    scores = sc.get("scores", [0] * players)
    if (
        not isinstance(scores, (list, tuple))
        or len(scores) != players
        or any(type(v) is not int or not 0 <= v <= MAX_SCORE for v in scores)
    ):
        raise ConfigError(
            f"scenario: scores must list {players} integers from 0 to {MAX_SCORE}, got {scores!r}"
        )
    turn = _int("scenario: turn", sc.get("turn", 0), 0, players - 1)
    return {
        "name": name,
        "tiles": [list(t) for t in tiles],
        "followers": placed,
        "scores": list(scores),
        "stack": list(stack),
        "turn": turn,
    }


def configure(config: Mapping[str, Any]) -> dict[str, Any]:
    """Validate the options and fill in defaults; raises ConfigError with a clear message."""
    c = with_defaults("carcassonne", config, DEFAULTS)
    players = _int("players", c["players"], MIN_PLAYERS, MAX_PLAYERS)
    followers = _int("followers", c["followers"], 0, MAX_FOLLOWERS)
    if c["farm_scoring"] not in FARM_SCORING:
        raise ConfigError(
            f"farm_scoring must be one of {', '.join(FARM_SCORING)}, got {c['farm_scoring']!r}"
        )
    first = c["first_player"]
    if first is not None:
        first = _int("first_player", first, 0, players - 1)
    sc = c["scenario"]
    if sc is not None:
        sc = check_scenario(sc, players, followers)
        if first is not None and first != sc["turn"]:
            raise ConfigError(
                f"first_player {first} contradicts the scenario, where seat {sc['turn']} is next"
            )
        first = sc["turn"]
    return {
        "players": players,
        "followers": followers,
        "farm_scoring": c["farm_scoring"],
        "first_player": first,
        "scenario": sc,
    }
