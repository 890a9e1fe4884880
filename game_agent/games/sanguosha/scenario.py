"""Scenarios: a TOML table that sets up a game exactly (rules tests, puzzles).

`config_from_toml(text)` / `config_from_file(path)` turn a scenario into a game config whose
`scenario` entry is a plain dict (stored in the log header, so re-execution works). `configure`
validates it and resolves every card spec to a physical card id. Format: docs/sanguosha.md.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game_agent.engine import ConfigError, Settlement
from game_agent.games.sanguosha.cards import DECK, KINDS, deck_ids, parse_card_spec
from game_agent.games.sanguosha.generals import GENERALS
from game_agent.games.sanguosha.state import PHASES
from game_agent.games.sanguosha.zones import move

if TYPE_CHECKING:
    from game_agent.engine import Game

SEAT_KEYS = {
    "general",
    "role",
    "hp",
    "max_hp",
    "hand",
    "equip",
    "judge",
    "reserve",
    "lost",
    "alive",
}
TOP_KEYS = {"mode", "ex_cards", "max_rounds", "seats", "turn", "piles", "reshuffle_limit", "roles"}


def config_from_toml(text: str) -> dict[str, Any]:
    data = tomllib.loads(text)
    return config_from_dict(data)


def config_from_file(path: str | Path) -> dict[str, Any]:
    return config_from_toml(Path(path).read_text(encoding="utf-8"))


def config_from_dict(data: dict[str, Any]) -> dict[str, Any]:
    config: dict[str, Any] = {"scenario": data}
    for key in ("mode", "ex_cards", "max_rounds", "reshuffle_limit"):
        if key in data:
            config[key] = data[key]
    seats = data.get("seats")
    if isinstance(seats, list):
        config["players"] = len(seats)
    return config


def _resolve(spec: Any, free: list[int], where: str) -> int:
    """A card spec ("slash", "slash/spade/7") or an already resolved id -> an unused card id."""
    if type(spec) is int:
        if spec not in free:
            raise ConfigError(f"scenario {where}: card id {spec} is not free in this deck")
        free.remove(spec)
        return spec
    if not isinstance(spec, str):
        raise ConfigError(
            f"scenario {where}: a card is a string like 'slash/spade/7', got {spec!r}"
        )
    name, suit, rank = parse_card_spec(spec)
    if name not in KINDS:
        raise ConfigError(f"scenario {where}: unknown card {name!r}")
    for cid in free:
        s, r, n, _ex = DECK[cid]
        if n == name and (suit is None or s == suit) and (rank is None or r == rank):
            free.remove(cid)
            return cid
    raise ConfigError(f"scenario {where}: no unused card matches {spec!r} in this deck")


def normalize(sc: Any, mode: str, players: int, ex_cards: bool) -> dict[str, Any]:
    """Validate a scenario and resolve its cards; the result is msgpack-plain."""
    if not isinstance(sc, dict):
        raise ConfigError("scenario must be a table (dict)")
    unknown = set(sc) - TOP_KEYS
    if unknown:
        raise ConfigError(f"scenario: unknown key(s) {sorted(unknown)}")
    seats = sc.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise ConfigError(f"scenario: 'seats' must list {players} seats")
    free = deck_ids(ex_cards)
    out_seats: list[dict[str, Any]] = []
    roles_ok = ("lord", "renegade") if mode == "1v1" else ("lord", "loyalist", "rebel", "renegade")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise ConfigError(f"scenario seat {i}: must be a table")
        bad = set(seat) - SEAT_KEYS
        if bad:
            raise ConfigError(f"scenario seat {i}: unknown key(s) {sorted(bad)}")
        general = seat.get("general")
        if general not in GENERALS:
            raise ConfigError(f"scenario seat {i}: unknown general {general!r}")
        role = seat.get("role", "lord" if i == 0 else ("renegade" if mode == "1v1" else "rebel"))
        if role not in roles_ok:
            raise ConfigError(f"scenario seat {i}: role {role!r} is not one of {roles_ok}")
        max_hp = seat.get("max_hp", GENERALS[general].max_hp)
        hp = seat.get("hp", max_hp)
        if type(max_hp) is not int or type(hp) is not int or not 1 <= hp <= max_hp:
            raise ConfigError(f"scenario seat {i}: need 1 <= hp <= max_hp (ints)")
        entry: dict[str, Any] = {
            "general": general,
            "role": role,
            "hp": hp,
            "max_hp": max_hp,
            "alive": bool(seat.get("alive", True)),
            "lost": int(seat.get("lost", 0)),
            "reserve": [str(x) for x in seat.get("reserve", [])],
        }
        for r in entry["reserve"]:
            if r not in GENERALS:
                raise ConfigError(f"scenario seat {i}: unknown reserve general {r!r}")
        for zone in ("hand", "equip", "judge"):
            specs = seat.get(zone, [])
            if not isinstance(specs, list):
                raise ConfigError(f"scenario seat {i}: {zone} must be a list of cards")
            entry[zone] = [_resolve(s, free, f"seat {i} {zone}") for s in specs]
        slots = [KINDS[DECK[c][2]].slot for c in entry["equip"]]
        if any(not s for s in slots) or len(set(slots)) != len(slots):
            raise ConfigError(f"scenario seat {i}: equip needs equipment cards, one per slot")
        for c in entry["judge"]:
            if KINDS[DECK[c][2]].sub != "delayed":
                raise ConfigError(f"scenario seat {i}: only delayed tricks go in judge")
        out_seats.append(entry)
    if mode == "identity" and sum(1 for s in out_seats if s["role"] == "lord") != 1:
        raise ConfigError("scenario: exactly one seat must be the lord")
    turn = sc.get("turn", {})
    if not isinstance(turn, dict):
        raise ConfigError("scenario: 'turn' must be a table")
    t_seat = turn.get("seat", 0)
    phase = turn.get("phase", "prepare")
    if type(t_seat) is not int or not 0 <= t_seat < players:
        raise ConfigError(f"scenario: turn.seat must be 0..{players - 1}")
    if phase not in PHASES:
        raise ConfigError(f"scenario: turn.phase must be one of {PHASES}")
    piles = sc.get("piles", {})
    if not isinstance(piles, dict):
        raise ConfigError("scenario: 'piles' must be a table")
    top = [_resolve(s, free, "piles.draw") for s in piles.get("draw", [])]
    dis = [_resolve(s, free, "piles.discard") for s in piles.get("discard", [])]
    return {
        "seats": out_seats,
        "turn": {"seat": t_seat, "phase": phase, "round": int(turn.get("round", 1))},
        "piles": {"draw": top, "discard": dis},
    }


def scenario_setup(g: Game) -> Settlement:
    """Place everything; -> (first seat, phases of the first turn)."""
    from game_agent.games.sanguosha.death import bury
    from game_agent.games.sanguosha.setup import shuffle_deck

    sc = g.config["scenario"]
    seats = sc["seats"]
    placed: list[int] = []
    for s in seats:
        placed += s["hand"] + s["equip"] + s["judge"]
    shuffle_deck(g, placed + sc["piles"]["discard"] + sc["piles"]["draw"])
    for i, s in enumerate(seats):
        if s["role"] == "lord" or g.config["mode"] == "1v1":
            g.emit("role", {"seat": i, "role": s["role"]})
        else:
            g.emit(
                "role", {"seat": i, "role": s["role"]}, seats=(i,), public={"seat": i, "role": None}
            )
        if s["reserve"]:
            g.emit(
                "reserve",
                {"seat": i, "generals": s["reserve"]},
                seats=(i,),
                public={"seat": i, "generals": None, "count": len(s["reserve"])},
            )
        g.emit(
            "general", {"seat": i, "general": s["general"], "max_hp": s["max_hp"], "hp": s["hp"]}
        )
        for _ in range(s["lost"]):
            g.emit("general_lost", {"seat": i, "general": ""})
    for i, s in enumerate(seats):
        if s["hand"]:
            from game_agent.games.sanguosha.cards import DESC

            g.emit(
                "draw",
                {"seat": i, "cards": [DESC[c] for c in s["hand"]], "reason": "scenario"},
                seats=(i,),
                public={"seat": i, "count": len(s["hand"]), "reason": "scenario"},
            )
        yield from move(g, s["equip"], "draw", None, "equip", i, "scenario")
        yield from move(g, s["judge"], "draw", None, "judge", i, "scenario")
    yield from move(g, sc["piles"]["discard"], "draw", None, "discard", None, "scenario")
    for i, s in enumerate(seats):
        if not s["alive"]:
            g.emit("death", {"seat": i, "role": s["role"], "general": s["general"], "killer": None})
            yield from bury(g, i)
    turn = sc["turn"]
    if turn["round"] > 1:
        g.emit("round", {"round": turn["round"] - 1, "seats": []})
    phases = PHASES[PHASES.index(turn["phase"]) :]
    return turn["seat"], phases


def load_scenario(path: str | Path) -> dict[str, Any]:
    """The hook `sgs --scenario FILE` calls: the config that starts a game from the file."""
    return config_from_file(path)
