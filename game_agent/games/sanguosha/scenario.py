"""Scenarios: a TOML table that sets up a game exactly (rules tests, puzzles).

`config_from_toml(text)` / `config_from_file(path)` turn a scenario into a game config whose
`scenario` entry is a plain dict (stored in the log header, so re-execution works). `configure`
validates it and resolves every card spec to a physical card id. Format: docs/sanguosha.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game_agent.engine import ConfigError, Game, Settlement, parse_toml, read_toml_text
from game_agent.games.sanguosha.cards import DECK, deck_ids, parse_card_spec
from game_agent.games.sanguosha.entry import shuffle_deck
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.skill import Skill
from game_agent.games.sanguosha.state import State
from game_agent.games.sanguosha.zones import bury, move
from protocol.games.sanguosha.catalogue import KINDS
from protocol.games.sanguosha.generals import GENERALS
from protocol.games.sanguosha.rulebook import PHASES

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
    "skills",
    "marks",
    "face_down",
}
REST = ("draw", "discard", "removed")  # where the cards the scenario does not place go
# Bounds of a scenario's numbers (docs/sanguosha.md; a general's max HP is 3 or 4, 5 for a lord).
MAX_HP = 20
MAX_LOST = 10  # generals a seat has lost (1v1: 0-2)
MAX_ROUND = 1000  # the round in progress; max_rounds is at most 1000 too
MAX_MARK = 1000  # an integer mark is in -1000..1000, a string mark at most 100 characters
TOP_KEYS = {
    "mode",
    "ex_cards",
    "max_rounds",
    "seats",
    "turn",
    "piles",
    "reshuffle_limit",
    "roles",
    "skills",
    "conceal_responses",
}


def config_from_toml(text: str, source: str = "scenario") -> dict[str, Any]:
    """The config of a scenario's TOML text (bounded: `game_agent.engine.parse_toml`)."""
    return config_from_dict(parse_toml(text, source))


def config_from_file(path: str | Path) -> dict[str, Any]:
    return config_from_toml(read_toml_text(path), str(path))


def config_from_dict(data: dict[str, Any]) -> dict[str, Any]:
    config: dict[str, Any] = {"scenario": data}
    for key in ("mode", "ex_cards", "max_rounds", "reshuffle_limit", "skills", "conceal_responses"):
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


def _judge_entry(spec: Any, free: list[int], where: str) -> tuple[int, str]:
    """A judgement-area card: "indulgence" or {card = "club/3", as = "indulgence"}."""
    if isinstance(spec, dict):
        if set(spec) != {"card", "as"} or not isinstance(spec["as"], str):
            raise ConfigError(f'scenario {where}: write {{card = ..., as = "indulgence"}}')
        as_ = spec["as"]
        cid = _resolve_any(spec["card"], free, where)
    else:
        cid = _resolve(spec, free, where)
        as_ = DECK[cid][2]
    if as_ not in KINDS or KINDS[as_].sub != "delayed":
        raise ConfigError(f"scenario {where}: only delayed tricks go in judge (got {as_!r})")
    return cid, as_


def _resolve_any(spec: Any, free: list[int], where: str) -> int:
    """A card by suit and rank only ("club/3") or any card spec."""
    if isinstance(spec, str) and spec.split("/")[0] in ("spade", "heart", "club", "diamond"):
        suit, _, rank = spec.partition("/")
        for cid in free:
            s, r, _n, _ex = DECK[cid]
            if s == suit and (not rank or r == parse_card_spec(f"x/{suit}/{rank}")[2]):
                free.remove(cid)
                return cid
        raise ConfigError(f"scenario {where}: no unused card matches {spec!r} in this deck")
    return _resolve(spec, free, where)


# Marks the core rules keep (besides those the skills declare), with their scope.
CORE_MARKS = {"slash_used": "phase"}


def mark_scopes(skills: Mapping[str, Skill]) -> dict[str, str]:
    """Every mark a scenario may set, with its scope (the core's and the skills' own)."""
    scopes = dict(CORE_MARKS)
    for sk in skills.values():
        scopes.update(sk.marks)
    return scopes


def _marks(value: Any, scopes: Mapping[str, str], where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise ConfigError(f"scenario {where}: marks is a table of name = value")
    for k, v in value.items():
        if type(v) not in (int, str, bool):
            raise ConfigError(f"scenario {where}: mark {k!r} must be an int, string or bool")
        if (type(v) is int and not -MAX_MARK <= v <= MAX_MARK) or (type(v) is str and len(v) > 100):
            raise ConfigError(
                f"scenario {where}: mark {k!r} is an integer from {-MAX_MARK} to {MAX_MARK} "
                "or a string of at most 100 characters"
            )
        if k not in scopes:
            raise ConfigError(
                f"scenario {where}: unknown mark {k!r}; known marks: {sorted(scopes)}"
            )
    return dict(value)


def normalize(
    sc: Any, mode: str, players: int, ex_cards: bool, skills: Mapping[str, Skill]
) -> dict[str, Any]:
    """Validate a scenario and resolve its cards; the result is msgpack-plain. `skills`: the
    skills a seat may be given (the ruleset's catalogue, which also declares the marks)."""
    scopes = mark_scopes(skills)
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
        if type(max_hp) is not int or type(hp) is not int or not 1 <= hp <= max_hp <= MAX_HP:
            raise ConfigError(f"scenario seat {i}: need 1 <= hp <= max_hp <= {MAX_HP} (ints)")
        lost = seat.get("lost", 0)
        if type(lost) is not int or not 0 <= lost <= MAX_LOST:
            raise ConfigError(
                f"scenario seat {i}: lost must be an integer from 0 to {MAX_LOST}, got {lost!r}"
            )
        reserve = seat.get("reserve", [])
        if not isinstance(reserve, list) or len(reserve) > len(GENERALS):
            raise ConfigError(f"scenario seat {i}: reserve must be a list of generals")
        entry: dict[str, Any] = {
            "general": general,
            "role": role,
            "hp": hp,
            "max_hp": max_hp,
            "alive": bool(seat.get("alive", True)),
            "lost": lost,
            "reserve": [str(x) for x in reserve],
        }
        for r in entry["reserve"]:
            if r not in GENERALS:
                raise ConfigError(f"scenario seat {i}: unknown reserve general {r!r}")
        for zone in ("hand", "equip", "judge"):
            specs = seat.get(zone, [])
            if not isinstance(specs, list):
                raise ConfigError(f"scenario seat {i}: {zone} must be a list of cards")
            if zone == "judge":
                placed = [_judge_entry(s, free, f"seat {i} judge") for s in specs]
                entry["judge"] = [{"card": c, "as": a} for c, a in placed]
            else:
                entry[zone] = [_resolve(s, free, f"seat {i} {zone}") for s in specs]
        slots = [KINDS[DECK[c][2]].slot for c in entry["equip"]]
        if any(not s for s in slots) or len(set(slots)) != len(slots):
            raise ConfigError(f"scenario seat {i}: equip needs equipment cards, one per slot")
        if len({j["as"] for j in entry["judge"]}) != len(entry["judge"]):
            raise ConfigError(f"scenario seat {i}: two delayed tricks of the same name in judge")
        extra = seat.get("skills", [])
        if not isinstance(extra, list) or not all(isinstance(x, str) for x in extra):
            raise ConfigError(f"scenario seat {i}: skills is a list of skill ids")
        unknown_skills = [x for x in extra if x not in skills]
        if unknown_skills:
            raise ConfigError(f"scenario seat {i}: unknown skill(s) {unknown_skills}")
        entry["skills"] = list(extra)
        entry["marks"] = _marks(seat.get("marks", {}), scopes, f"seat {i}")
        entry["face_down"] = bool(seat.get("face_down", False))
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
    round_ = turn.get("round", 1)
    if type(round_) is not int or not 1 <= round_ <= MAX_ROUND:
        raise ConfigError(f"scenario: turn.round must be an integer from 1 to {MAX_ROUND}")
    piles = sc.get("piles", {})
    if not isinstance(piles, dict) or set(piles) - {"draw", "discard", "removed", "rest"}:
        raise ConfigError("scenario: 'piles' is a table of draw, discard, removed and rest")
    top = [_resolve(s, free, "piles.draw") for s in piles.get("draw", [])]
    dis = [_resolve(s, free, "piles.discard") for s in piles.get("discard", [])]
    out = [_resolve(s, free, "piles.removed") for s in piles.get("removed", [])]
    rest = piles.get("rest", "draw")
    if rest not in REST:
        raise ConfigError(f"scenario: piles.rest must be one of {REST}, got {rest!r}")
    return {
        "seats": out_seats,
        "turn": {
            "seat": t_seat,
            "phase": phase,
            "round": round_,
        },
        "piles": {"draw": top, "discard": dis, "removed": out, "rest": rest},
    }


def scenario_setup(g: Game) -> Settlement:
    """Place everything; -> (first seat, phases of the first turn)."""
    st: State = g.state
    sc = g.config["scenario"]
    seats = sc["seats"]
    piles = sc["piles"]
    placed: list[int] = []
    for s in seats:
        placed += s["hand"] + s["equip"] + [j["card"] for j in s["judge"]]
    shuffle_deck(g, placed + piles["discard"] + piles["removed"] + piles["draw"])
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
        for _ in range(s["lost"]):
            g.emit("general_lost", {"seat": i, "general": ""})
        gen = GENERALS[s["general"]]
        lord = g.config["mode"] == "identity" and s["role"] == "lord"
        own = index_of(st).general_skills(gen.skills, lord)
        own += [x for x in index_of(st).skills_for(s["skills"], lord) if x not in own]
        g.emit(
            "general",
            {
                "seat": i,
                "general": gen.id,
                "max_hp": s["max_hp"],
                "hp": s["hp"],
                "faction": gen.faction,
                "gender": gen.gender,
                "skills": own,
            },
        )
        scopes = mark_scopes(index_of(st).catalogue)
        for name, value in s["marks"].items():
            g.emit("mark", {"seat": i, "name": name, "value": value, "scope": scopes[name]})
        if s["face_down"]:
            g.emit("flip", {"seat": i, "face_down": True})
    for i, s in enumerate(seats):
        if s["hand"]:
            yield from move(g, s["hand"], "draw", None, "hand", i, "scenario")
        yield from move(g, s["equip"], "draw", None, "equip", i, "scenario")
        for j in s["judge"]:
            yield from move(g, [j["card"]], "draw", None, "judge", i, "scenario", as_=j["as"])
    yield from move(g, piles["discard"], "draw", None, "discard", None, "scenario")
    yield from move(g, piles["removed"], "draw", None, "removed", None, "scenario")
    if piles["rest"] != "draw":
        rest = st.draw[len(piles["draw"]) :]
        yield from move(g, rest, "draw", None, piles["rest"], None, "scenario")
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
