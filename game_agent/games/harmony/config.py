"""Rule options: validation, defaults, and the scenario (starting position) check.

The validated config is msgpack-plain (it is stored in the log header) and `configure` is
idempotent: ``configure(configure(c)) == configure(c)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields as dc_fields
from typing import Any

from game_agent.engine import ConfigError, with_defaults
from game_agent.games.harmony.attack import STANDARD, Rules
from game_agent.games.harmony.board import NORTH, SOUTH, from_position, position
from game_agent.games.harmony.pieces import EMPTY
from protocol.games.harmony.schema import SEAT_NAMES

LAST_ROUND = 15  # 15 cells per player: the field is full after round 15
MUTUAL_LETHAL = ("continue", "draw", "compare")
VARIANTS = tuple(f.name for f in dc_fields(Rules))

DEFAULTS: dict[str, Any] = {
    "skip_attack_rounds": 3,
    "mutual_lethal": "continue",
    "first_player": None,
    "scenario": None,
    "variants": {},
}

_SEAT_WORDS = {"s": SOUTH, "south": SOUTH, "n": NORTH, "north": NORTH}


def _int(name: str, value: object, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise ConfigError(f"{name} must be an integer from {lo} to {hi}, got {value!r}")
    return value


def parse_seat(name: str, value: object) -> int:
    """A seat given as 0/1, "S"/"N" or "South"/"North"."""
    if type(value) is int and value in (SOUTH, NORTH):
        return value
    if isinstance(value, str) and value.lower() in _SEAT_WORDS:
        return _SEAT_WORDS[value.lower()]
    raise ConfigError(f"{name} must be 0 (South) or 1 (North), or 'S'/'N', got {value!r}")


def first_player_for(round_: int, first_placer: int) -> int:
    """Player 1 places first in odd rounds, Player 2 in even rounds (rules 3.3)."""
    return first_placer if round_ % 2 == 1 else 1 - first_placer


def check_scenario(sc: object) -> dict[str, Any]:
    """Validate a scenario map (as the scenario loader makes it) and return its plain form:
    ``{"name": str, "round": r, "first_placer": seat, "position": [{cell: code}, {cell: code}]}``.

    ``round`` is the round in progress; pieces already placed in it are read from the
    position: each player has r-1 pieces (the round starts with placements), or the first placer
    has r (the second placer is next), or both have r (the attack phase of round r is next).
    """
    if not isinstance(sc, Mapping):
        raise ConfigError(f"scenario must be a map, got {type(sc).__name__}")
    unknown = sorted(str(k) for k in sc if k not in ("name", "round", "first_placer", "position"))
    if unknown:
        raise ConfigError(f"scenario: unknown key(s) {', '.join(unknown)}")
    name = sc.get("name", "")
    if not isinstance(name, str):
        raise ConfigError("scenario: name must be a string")
    if "round" not in sc or "first_placer" not in sc or "position" not in sc:
        raise ConfigError("scenario needs round, first_placer and position")
    rnd = _int("scenario: round", sc["round"], 1, LAST_ROUND)
    first = parse_seat("scenario: first_placer", sc["first_placer"])
    pos = sc["position"]
    if not isinstance(pos, (list, tuple)) or len(pos) != 2:
        raise ConfigError("scenario: position must list two fields, South's then North's")
    try:
        board = from_position(pos)
    except ValueError as exc:
        raise ConfigError(f"scenario: {exc}") from None
    counts = [sum(p != EMPTY for p in field) for field in board]
    second = 1 - first
    for seat in (first, second):
        if counts[seat] not in (rnd - 1, rnd):
            raise ConfigError(
                f"scenario: in round {rnd} {SEAT_NAMES[seat]} must have {rnd - 1} or {rnd} "
                f"pieces, has {counts[seat]}"
            )
    if counts[second] > counts[first]:
        raise ConfigError(
            f"scenario: {SEAT_NAMES[second]} places second in round {rnd} but has already "
            f"placed while {SEAT_NAMES[first]} has not"
        )
    return {"name": name, "round": rnd, "first_placer": first, "position": position(board)}


def configure(config: Mapping[str, Any]) -> dict[str, Any]:
    """Validate the options and fill in defaults; raises ConfigError with a clear message."""
    c = with_defaults("harmony", config, DEFAULTS)
    out: dict[str, Any] = {
        "skip_attack_rounds": _int("skip_attack_rounds", c["skip_attack_rounds"], 0, LAST_ROUND),
    }
    if c["mutual_lethal"] not in MUTUAL_LETHAL:
        raise ConfigError(
            f"mutual_lethal must be one of {', '.join(MUTUAL_LETHAL)}, got {c['mutual_lethal']!r}"
        )
    out["mutual_lethal"] = c["mutual_lethal"]
    fp = c["first_player"]
    if fp is not None:
        fp = parse_seat("first_player", fp)
    sc = c["scenario"]
    if sc is not None:
        sc = check_scenario(sc)
        derived = first_player_for(sc["round"], sc["first_placer"])
        if fp is not None and fp != derived:
            raise ConfigError(
                f"first_player {fp} contradicts the scenario: {SEAT_NAMES[sc['first_placer']]} "
                f"places first in round {sc['round']}, so Player 1 is seat {derived}"
            )
        fp = derived
    out["first_player"] = fp
    out["scenario"] = sc
    variants = c["variants"]
    if not isinstance(variants, Mapping):
        raise ConfigError("variants must be a map of switch -> bool")
    bad = sorted(str(k) for k in variants if k not in VARIANTS)
    if bad:
        raise ConfigError(f"unknown variant(s) {', '.join(bad)}; known: {', '.join(VARIANTS)}")
    for k, v in variants.items():
        if type(v) is not bool:
            raise ConfigError(f"variant {k} must be true or false, got {v!r}")
    out["variants"] = {k: True for k in VARIANTS if variants.get(k)}
    return out


def rules_of(config: Mapping[str, Any]) -> Rules:
    """The attack-phase reading selected by a validated config (STANDARD unless switched)."""
    variants = config.get("variants")
    return Rules(**variants) if variants else STANDARD
