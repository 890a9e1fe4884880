"""Rule options, the content the game is played with, and the scenario (starting position) check.

Options (rules 21, docs/muhq.md):

- ``mode``: ``duel`` (default) or ``kraken`` (rules 17.3); it picks the default map.
- ``map``: a map id (default ``PROV-MAP-1``, or ``PROV-MAP-1-KRAKEN`` in Kraken mode).
- ``content``: a path, or a list of paths, of TOML files or directories with more cards, sets
  and maps (`content.py`). The files' texts are stored in the config, so a log replays without
  them.
- ``sets``: the card sets whose store or draft pool is used (default: every set with a store).
- ``draft``: ``false`` (default: every player gets the sets' quick-start store) or ``true``
  (the booster draft of rules 4 from the sets' pools).
- ``diagonal_rule``: ``range`` or ``alternating`` (default: the map's).
- ``defeat_threshold``: ``lt0`` (default) or ``le0`` (gap G9).
- ``reshuffle_mid_draw``: ``false`` (default, gap G4) or ``true``.
- ``hand_rule``: ``refill3`` (default, rules 000) or ``discard_and_draw`` (rules 001).
- ``first_player``: a seat, or nil for a seeded random one (gap G3).
- ``conceal_responses``: ``true`` (default) or ``false``: whether a priority window asks a seat
  with nothing to declare (with only ``pass``), so that the wait tells nobody who could respond
  (the engine's response-window policy, `game_agent.engine.windows`, as Sanguosha's option of
  the same name).
- ``max_rounds``: the rounds after which the game stops (default 30, at most 1000): a duel is
  then drawn, and in Kraken mode the Kraken wins (the players failed to slay it in time). Ours
  (provisional).
- ``players``: the map's player count (the only value allowed).
- ``scenario``: a starting position (see `scenario.py` for the file format).

Bounds (docs/muhq.md, "Limits of content files"): at most `MAX_FILES` content files, each at
most 1 MiB of TOML, every number in them bounded (`content.LIMITS`); the sets chosen hold at
most `MAX_GAME_CARDS` cards in their stores together, and as many in their pools.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from game_agent.engine import ConfigError
from game_agent.games.muhq.combat import THRESHOLDS
from game_agent.games.muhq.deck import HAND_RULES
from protocol.games.muhq.content import (
    DIAGONAL_RULES,
    MAX_FILES,
    Content,
    load_texts,
    read_files,
)

MODES = ("duel", "kraken")
DEFAULT_MAP = {"duel": "PROV-MAP-1", "kraken": "PROV-MAP-1-KRAKEN"}
MAX_ROUNDS = 30
MAX_GAME_CARDS = 2000  # cards in the chosen sets' stores together, and in their pools (core: 66)

DEFAULTS: dict[str, Any] = {
    "mode": "duel",
    "map": None,
    "content": [],
    "sets": None,
    "draft": False,
    "diagonal_rule": None,
    "defeat_threshold": "lt0",
    "reshuffle_mid_draw": False,
    "hand_rule": "refill3",
    "first_player": None,
    "conceal_responses": True,
    "max_rounds": MAX_ROUNDS,
    "players": None,
    "scenario": None,
}


def _one_of(name: str, value: object, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise ConfigError(f"{name} must be one of {', '.join(allowed)}, got {value!r}")
    return str(value)


def _bool(name: str, value: object) -> bool:
    if type(value) is not bool:
        raise ConfigError(f"{name} must be true or false, got {value!r}")
    return value


def content_texts(value: object) -> list[list[str]]:
    """``content`` as [[name, TOML text], ...]: paths are read now, texts are kept."""
    if isinstance(value, (str, os.PathLike)):
        value = [value]
    if not isinstance(value, (list, tuple)):
        raise ConfigError(f"content must be a path or a list of paths, got {value!r}")
    out: list[list[str]] = []
    for item in value:
        if (
            isinstance(item, (list, tuple))
            and len(item) == 2
            and all(isinstance(x, str) for x in item)
        ):
            out.append([item[0], item[1]])
        elif isinstance(item, (str, os.PathLike)):
            out.extend([n, t] for n, t in read_files([os.fspath(item)]))
        else:
            raise ConfigError(f"content: not a path: {item!r}")
        if len(out) > MAX_FILES:
            raise ConfigError(f"content: more than {MAX_FILES} files")
    return out


def content_of(config: Mapping[str, Any]) -> Content:
    return load_texts(tuple((n, t) for n, t in config["content"]))


def configure(config: Mapping[str, Any]) -> dict[str, Any]:
    unknown = sorted(str(k) for k in config if k not in DEFAULTS)
    if unknown:
        raise ConfigError(
            f"unknown muhq option(s) {', '.join(unknown)}; known: {', '.join(DEFAULTS)}"
        )
    cfg = {**DEFAULTS, **config}
    mode = _one_of("mode", cfg["mode"], MODES)
    cfg["content"] = content_texts(cfg["content"])
    content = content_of(cfg)
    map_id = cfg["map"] if cfg["map"] is not None else DEFAULT_MAP[mode]
    if map_id not in content.maps:
        raise ConfigError(f"unknown map {map_id!r}; known maps: {', '.join(sorted(content.maps))}")
    spec = content.maps[map_id]
    if cfg["map"] is not None and config.get("mode") is None:
        mode = "kraken" if spec.kraken else "duel"
    if spec.kraken != (mode == "kraken"):
        raise ConfigError(
            f"map {map_id} is {'a Kraken' if spec.kraken else 'a duel'} map, not {mode}"
        )
    cfg["mode"], cfg["map"] = mode, map_id
    if spec.win.get("kind") not in ("vip", "kraken", "resource"):
        raise ConfigError(
            f"map {map_id}: win condition {spec.win.get('kind')!r} has no rules yet: the sources "
            "give it no parameters (rules 16, gap G12); vip, kraken and resource are played"
        )
    limit = spec.win.get("limit")
    if spec.win["kind"] == "resource" and (type(limit) is not int or limit < 1):
        raise ConfigError(f"map {map_id}: a resource win needs limit = a positive integer")
    players = cfg["players"]
    if players is not None and players != spec.players:
        raise ConfigError(f"map {map_id} is for {spec.players} players, not {players!r}")
    cfg["players"] = spec.players
    sets = cfg["sets"]
    if sets is None:
        sets = sorted(sid for sid, cs in content.sets.items() if cs.store or cs.pool)
    if not isinstance(sets, (list, tuple)) or not all(isinstance(x, str) for x in sets):
        raise ConfigError(f"sets must be a list of set ids, got {sets!r}")
    for sid in sets:
        if sid not in content.sets:
            raise ConfigError(f"unknown set {sid!r}; known sets: {', '.join(sorted(content.sets))}")
    if len(set(sets)) != len(sets):
        raise ConfigError(f"sets: a set is named twice in {list(sets)}")
    for name in ("store", "pool"):
        total = sum(sum(getattr(content.sets[sid], name).values()) for sid in sets)
        if total > MAX_GAME_CARDS:
            raise ConfigError(
                f"the sets {', '.join(sets)} hold {total} cards in their {name}s, "
                f"more than {MAX_GAME_CARDS}"
            )
    cfg["sets"] = list(sets)
    cfg["draft"] = _bool("draft", cfg["draft"])
    if cfg["diagonal_rule"] is None:
        cfg["diagonal_rule"] = spec.diagonal_rule
    _one_of("diagonal_rule", cfg["diagonal_rule"], DIAGONAL_RULES)
    _one_of("defeat_threshold", cfg["defeat_threshold"], THRESHOLDS)
    cfg["reshuffle_mid_draw"] = _bool("reshuffle_mid_draw", cfg["reshuffle_mid_draw"])
    _one_of("hand_rule", cfg["hand_rule"], HAND_RULES)
    cfg["conceal_responses"] = _bool("conceal_responses", cfg["conceal_responses"])
    fp = cfg["first_player"]
    if fp is not None and (type(fp) is not int or not 0 <= fp < spec.players):
        raise ConfigError(f"first_player must be a seat from 0 to {spec.players - 1} or nil")
    mr = cfg["max_rounds"]
    if type(mr) is not int or not 1 <= mr <= 1000:
        raise ConfigError(f"max_rounds must be an integer from 1 to 1000, got {mr!r}")
    if cfg["scenario"] is not None:
        from game_agent.games.muhq.scenario import check_scenario

        cfg["scenario"] = check_scenario(cfg["scenario"], content, spec)
    return cfg
