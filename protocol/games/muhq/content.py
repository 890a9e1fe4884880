"""Cards, sets and maps as data: TOML files, loaded and checked (rules 2, 8, 16, 19 D1-D2, 20).

The bundled files in `content/` hold the PROVISIONAL content of rules 20 (ids `PROV-…`). The
real data, when it turns up, is a data file and nothing else: `load_content(paths)` reads the
bundled files and then every file (or directory of `*.toml` files) given, for example with
``--option content=PATH``. A file holds any of:

- ``[set]`` (id, name, provisional) with ``[[card]]`` tables and optional ``[store]`` (the
  quick-start store) and ``[pool]`` (the draft pool), each a map card id -> count;
- ``[map]`` (see `MapSpec`), with ``[map.win]``.

Every name a card uses — keywords, effects, the AI keyword — must be one the engine knows
(`KEYWORDS`, `EFFECTS`, `AIS`); an unknown name, a missing field, a wrong type or a dangling
card id is a `ConfigError` naming the file and the entry.

Every number has a bound (`LIMITS`, listed in docs/muhq.md, "Limits of content files"): about
10 to 100 times the bundled content's largest value, so that no file can make a game deal a
billion cards (a `[pool]` count of 200,000,000 used to take gigabytes) or loop over a huge range.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from protocol.errors import ConfigError
from protocol.tomlfile import parse_toml, read_toml_text

BUNDLED = Path(__file__).parent / "content"

CARD_TYPES = ("unit", "spell", "artifact", "equipment")
# Names the engine gives behaviour to (rules 8.2, 10.3, 16, 17.2, 20.1). A data file may use
# only these; the settlements behind them are registered by the same names.
KEYWORDS = frozenset({"vip", "farmer"})
EFFECTS = frozenset(
    {
        "poison_on_damage",  # whenever it deals damage to a unit: 1 poison token on it
        "damage_2_within_3",  # spell: 2 damage to a unit within Range 3 of a unit you control
        "paralyse_within_2",  # spell: 1 paralysis token on a unit within Range 2 of yours
        "cure_poison",  # spell: remove all poison tokens from a unit you control
        "melee_plus_1",  # equipment: the carrier's Range-1 attack value +1
    }
)
# The effects that name a target when declared: a spell's, or a free action's (rules 6.2).
TARGETED = frozenset({"damage_2_within_3", "paralyse_within_2", "cure_poison"})
AIS = ("aggressive", "shy", "supportive", "wandering")
WIN_KINDS = ("vip", "kraken", "resource", "capture", "buildings", "staff")
DIAGONAL_RULES = ("range", "alternating")

TILE_CODE = re.compile(r"^(\.|F|H|T|=|~|#|[SKP]\d)$")
TILE_NAMES = {
    ".": "plain",
    "F": "farm field",
    "H": "house",
    "T": "tower",
    "=": "street",
    "~": "water",
    "#": "deep water",
    "S": "spawn",
    "K": "king's start",
    "P": "harbor",
}
COORD = re.compile(r"^([a-z])([0-9]{1,3})$")

# Bounds of the numbers a content file may give (the bundled content's largest in comments).
MAX_COUNT = 100  # copies of one card in a [store], [pool], starting_deck or kraken_deck (8)
MAX_TABLE_CARDS = 1000  # cards in one such table, every id together (the core pool: 66)
MAX_STAT = 100  # life, upkeep, solid, durability, buy, an attack's X, a free action's cost (8)
MAX_MOVE = 50  # a unit's move, and X of "wandering X" (3)
MAX_CREW = 20  # (2)
MAX_SIDE = 26  # a map's width and height: columns are the letters a-z (7 x 7)
MAX_RANGE = MAX_SIDE  # an attack's R: farther than any map reaches (3)
MAX_PLAYERS = 8  # a map's players: spawns and starts are S1-S9, K1-K9 (2)
MAX_RESOURCE = 100  # resource_gain, start_resource, second_player_bonus (3)
MAX_WIN_LIMIT = 10_000  # a resource win's limit
MAX_ATTACKS = 10  # [X, R] pairs of one card (1), and free actions of one card
MAX_FILES = 64  # content files a game adds to the bundled ones (each at most 1 MiB of TOML)
LIMITS = {
    "count": MAX_COUNT,
    "table cards": MAX_TABLE_CARDS,
    "stat": MAX_STAT,
    "move": MAX_MOVE,
    "crew": MAX_CREW,
    "map side": MAX_SIDE,
    "range": MAX_RANGE,
    "players": MAX_PLAYERS,
    "resource": MAX_RESOURCE,
    "win limit": MAX_WIN_LIMIT,
    "attacks": MAX_ATTACKS,
    "files": MAX_FILES,
}


@dataclass(frozen=True, slots=True)
class Attack:
    x: int  # damage
    r: int  # range


@dataclass(frozen=True, slots=True)
class FreeAction:
    """A permanent's free action (rules 6.2): pay `cost` resource, then `effect` (a targeted
    effect by name, as a spell's)."""

    cost: int
    effect: str


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    set: str
    type: str  # unit | spell | artifact | equipment
    buy: int | None  # None: never in a store
    life: int = 0
    move: int = 0
    attack: tuple[Attack, ...] = ()
    upkeep: int = 0
    swimming: bool = False
    crew: int = 0
    solid: int = 0  # artifacts: Solid X (its life), 0 = not solid
    durability: int = 0  # equipment
    keywords: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    ai: str = ""  # unit AI keyword (rules 17.2), e.g. "aggressive" or "wandering 3"
    free_actions: tuple[FreeAction, ...] = ()  # rules 6.2: "cost: effect", fast

    @property
    def fast(self) -> bool:
        """Spells are fast; playing a permanent is slow (rules 2, 6.1)."""
        return self.type == "spell"

    @property
    def permanent(self) -> bool:
        return self.type != "spell"


@dataclass(frozen=True, slots=True)
class CardSet:
    id: str
    name: str
    provisional: bool
    cards: tuple[str, ...]
    store: Mapping[str, int] = field(default_factory=dict)  # quick-start store
    pool: Mapping[str, int] = field(default_factory=dict)  # draft pool
    source: str = ""


@dataclass(frozen=True, slots=True)
class MapSpec:
    id: str
    name: str
    provisional: bool
    players: int
    width: int
    height: int
    tiles: tuple[str, ...]  # row-major from (0, 0) = a1, the bottom-left tile: index y*w + x
    resource_gain: int
    start_resource: int
    second_player_bonus: int
    starting_deck: Mapping[str, int]
    starting_units: tuple[tuple[str, int, int, int], ...]  # (card, player, x, y)
    diagonal_rule: str
    win: Mapping[str, Any]
    kraken: bool = False
    kraken_deck: Mapping[str, int] = field(default_factory=dict)
    source: str = ""

    def tile(self, x: int, y: int) -> str:
        return self.tiles[y * self.width + x]

    def coord(self, x: int, y: int) -> str:
        return f"{chr(ord('a') + x)}{y + 1}"


@dataclass
class Content:
    cards: dict[str, Card] = field(default_factory=dict)
    sets: dict[str, CardSet] = field(default_factory=dict)
    maps: dict[str, MapSpec] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)


# --- reading one file ---------------------------------------------------------------------------


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, message: str) -> ConfigError:
        return ConfigError(f"{self.source}: {where}: {message}")

    def int_(
        self,
        where: str,
        d: Mapping[str, Any],
        key: str,
        lo: int = 0,
        default: Any = None,
        hi: int = MAX_STAT,
    ) -> int:
        if key not in d:
            if default is None:
                raise self.fail(where, f"missing {key!r}")
            return int(default)
        v = d[key]
        if type(v) is not int or not lo <= v <= hi:
            raise self.fail(where, f"{key} must be an integer from {lo} to {hi}, got {v!r}")
        return v

    def str_(self, where: str, d: Mapping[str, Any], key: str, default: str | None = None) -> str:
        if key not in d:
            if default is None:
                raise self.fail(where, f"missing {key!r}")
            return default
        v = d[key]
        if not isinstance(v, str) or not v:
            raise self.fail(where, f"{key} must be a non-empty string, got {v!r}")
        return v

    def names(
        self, where: str, d: Mapping[str, Any], key: str, known: Iterable[str]
    ) -> tuple[str, ...]:
        v = d.get(key, [])
        if not isinstance(v, list) or any(not isinstance(x, str) for x in v):
            raise self.fail(where, f"{key} must be a list of names")
        known = sorted(known)
        for name in v:
            if name not in known:
                raise self.fail(
                    where, f"unknown {key[:-1]} {name!r}; known {key}: {', '.join(known)}"
                )
        return tuple(v)

    def counts(self, where: str, d: object) -> dict[str, int]:
        if not isinstance(d, Mapping):
            raise self.fail(where, "must be a table of card id -> count")
        out = {}
        for k, v in d.items():
            if type(v) is not int or not 1 <= v <= MAX_COUNT:
                raise self.fail(
                    where, f"count of {k} must be an integer from 1 to {MAX_COUNT}, got {v!r}"
                )
            out[str(k)] = v
        total = sum(out.values())
        if total > MAX_TABLE_CARDS:
            raise self.fail(where, f"{total} cards, more than {MAX_TABLE_CARDS} in one table")
        return out

    def card(self, d: Mapping[str, Any], set_id: str) -> Card:
        cid = self.str_("[[card]]", d, "id")
        where = f"card {cid}"
        known_keys = {
            "id", "name", "type", "buy", "life", "move", "attack", "upkeep", "swimming",
            "crew", "solid", "durability", "keywords", "effects", "ai", "free_actions",
        }  # fmt: skip
        extra = sorted(set(d) - known_keys)
        if extra:
            raise self.fail(where, f"unknown field(s) {', '.join(extra)}")
        kind = self.str_(where, d, "type")
        if kind not in CARD_TYPES:
            raise self.fail(where, f"type must be one of {', '.join(CARD_TYPES)}, got {kind!r}")
        buy = d.get("buy")
        if buy is False:
            cost = None
        elif type(buy) is int and 0 <= buy <= MAX_STAT:
            cost = buy
        else:
            raise self.fail(
                where, f"buy must be an integer from 0 to {MAX_STAT} or false, got {buy!r}"
            )
        attack: list[Attack] = []
        raw = d.get("attack", [])
        if not isinstance(raw, list) or len(raw) > MAX_ATTACKS:
            raise self.fail(where, f"attack must be a list of at most {MAX_ATTACKS} [X, R] pairs")
        for pair in raw:
            if (
                not isinstance(pair, list)
                or len(pair) != 2
                or any(type(v) is not int for v in pair)
                or not 1 <= pair[0] <= MAX_STAT
                or not 1 <= pair[1] <= MAX_RANGE
            ):
                raise self.fail(
                    where,
                    f"an attack is [X, R] with X from 1 to {MAX_STAT} and R from 1 to "
                    f"{MAX_RANGE}, got {pair!r}",
                )
            attack.append(Attack(pair[0], pair[1]))
        unit = kind == "unit"
        ai = d.get("ai", "")
        if ai:
            if not isinstance(ai, str) or ai.split()[0] not in AIS:
                raise self.fail(where, f"unknown ai {ai!r}; known: {', '.join(AIS)} (wandering X)")
            parts = ai.split()
            if (parts[0] == "wandering") != (len(parts) == 2) or (
                len(parts) == 2 and not parts[1].isdigit()
            ):
                raise self.fail(where, f"ai {ai!r}: only 'wandering X' takes a number")
            if len(parts) == 2 and not (
                parts[1].isascii() and len(parts[1]) <= 3 and int(parts[1]) <= MAX_MOVE
            ):
                raise self.fail(where, f"ai {ai!r}: X of 'wandering X' is 0 to {MAX_MOVE}")
        if unit:
            for key in ("life", "move", "upkeep"):
                if key not in d:
                    raise self.fail(where, f"a unit needs {key!r}")
        elif kind == "spell" and (attack or "life" in d):
            raise self.fail(where, "a spell has no life or attack")
        swimming = d.get("swimming", False)
        if type(swimming) is not bool:
            raise self.fail(where, "swimming must be true or false")
        free = self.free_actions(where, d.get("free_actions", []), kind)
        return Card(
            id=cid,
            name=self.str_(where, d, "name"),
            set=set_id,
            type=kind,
            buy=cost,
            life=self.int_(where, d, "life", default=0),
            move=self.int_(where, d, "move", default=0, hi=MAX_MOVE),
            attack=tuple(attack),
            upkeep=self.int_(where, d, "upkeep", default=0),
            swimming=swimming,
            crew=self.int_(where, d, "crew", default=0, hi=MAX_CREW),
            solid=self.int_(where, d, "solid", default=0),
            durability=self.int_(where, d, "durability", lo=1, default=0)
            if kind == "equipment"
            else self.int_(where, d, "durability", default=0),
            keywords=self.names(where, d, "keywords", KEYWORDS),
            effects=self.names(where, d, "effects", EFFECTS),
            ai=ai,
            free_actions=free,
        )

    def free_actions(self, where: str, raw: object, kind: str) -> tuple[FreeAction, ...]:
        """``free_actions = [{ cost = 2, effect = "damage_2_within_3" }]`` (permanents only)."""
        if not isinstance(raw, list) or len(raw) > MAX_ATTACKS:
            raise self.fail(
                where, f"free_actions must be a list of at most {MAX_ATTACKS} {{ cost, effect }}"
            )
        if raw and kind == "spell":
            raise self.fail(where, "a spell has no free actions (they belong to permanents)")
        out = []
        for item in raw:
            if not isinstance(item, Mapping) or set(item) != {"cost", "effect"}:
                raise self.fail(where, f"a free action is {{ cost, effect }}, got {item!r}")
            cost, effect = item["cost"], item["effect"]
            if type(cost) is not int or not 0 <= cost <= MAX_STAT:
                raise self.fail(
                    where,
                    f"a free action's cost must be an integer from 0 to {MAX_STAT}, got {cost!r}",
                )
            if effect not in TARGETED:
                known = ", ".join(sorted(TARGETED))
                raise self.fail(where, f"unknown free action effect {effect!r}; known: {known}")
            out.append(FreeAction(cost, effect))
        return tuple(out)

    def map(self, d: Mapping[str, Any]) -> dict[str, Any]:
        """The raw map table, checked for shape; `_resolve_map` builds the MapSpec."""
        mid = self.str_("[map]", d, "id")
        return {"id": mid, "raw": dict(d), "source": self.source}


def _coord(reader: _Reader, where: str, text: object, width: int, height: int) -> tuple[int, int]:
    m = COORD.match(str(text))
    if m is None:
        raise reader.fail(where, f"not a tile coordinate: {text!r} (write e.g. d1)")
    x, y = ord(m[1]) - ord("a"), int(m[2]) - 1
    if not (0 <= x < width and 0 <= y < height):
        raise reader.fail(where, f"{text} is off the {width} x {height} map")
    return x, y


def _grid(reader: _Reader, where: str, text: object) -> tuple[int, int, list[str]]:
    if not isinstance(text, str):
        raise reader.fail(where, "grid must be a multi-line string")
    rows = [line.split() for line in text.strip().splitlines() if line.strip()]
    if not rows:
        raise reader.fail(where, "grid is empty")
    width, height = len(rows[0]), len(rows)
    if not (width <= MAX_SIDE and height <= MAX_SIDE):
        raise reader.fail(
            where, f"grid of {width} x {height} tiles; a map is at most {MAX_SIDE} x {MAX_SIDE}"
        )
    for n, row in enumerate(rows, start=1):
        if len(row) != width:
            raise reader.fail(where, f"grid row {n} has {len(row)} tiles, row 1 has {width}")
        for code in row:
            if not TILE_CODE.match(code):
                raise reader.fail(
                    where, f"grid row {n}: unknown tile {code!r}; tiles: {', '.join(TILE_NAMES)}"
                )
    tiles = [rows[height - 1 - y][x] for y in range(height) for x in range(width)]
    return width, height, tiles


def _resolve_map(
    raw: Mapping[str, Any], maps: Mapping[str, MapSpec], cards: Mapping[str, Card]
) -> MapSpec:
    reader = _Reader(raw["source"])
    d = raw["raw"]
    mid = raw["id"]
    where = f"map {mid}"
    base = d.get("base")
    if base is not None:
        if not isinstance(base, str) or base not in maps:
            raise reader.fail(where, f"base map {base!r} is not loaded")
        parent = maps[base]
        width, height, tiles = parent.width, parent.height, list(parent.tiles)
        changes = d.get("changes", {})
        if not isinstance(changes, Mapping):
            raise reader.fail(where, "changes must be a table of tile coordinate -> tile code")
        for at, code in changes.items():
            x, y = _coord(reader, where, at, width, height)
            if not TILE_CODE.match(str(code)):
                raise reader.fail(where, f"changes: unknown tile {code!r}")
            tiles[y * width + x] = str(code)
        inherited: dict[str, Any] = {
            "resource_gain": parent.resource_gain,
            "start_resource": parent.start_resource,
            "second_player_bonus": parent.second_player_bonus,
            "starting_deck": dict(parent.starting_deck),
            "starting_units": parent.starting_units,
            "diagonal_rule": parent.diagonal_rule,
        }
    else:
        width, height, tiles = _grid(reader, where, d.get("grid"))
        inherited = {}
    players = reader.int_(where, d, "players", lo=1, hi=MAX_PLAYERS)
    kraken = bool(d.get("kraken", False))
    rule = d.get("diagonal_rule", inherited.get("diagonal_rule", "range"))
    if rule not in DIAGONAL_RULES:
        raise reader.fail(where, f"diagonal_rule must be one of {', '.join(DIAGONAL_RULES)}")
    deck = reader.counts(
        f"{where}: starting_deck", d.get("starting_deck", inherited.get("starting_deck", {}))
    )
    units: list[tuple[str, int, int, int]] = []
    if "starting_units" in d:
        if not isinstance(d["starting_units"], list) or len(d["starting_units"]) > len(tiles):
            raise reader.fail(where, "starting_units must list at most one unit per tile")
        for n, u in enumerate(d["starting_units"]):
            if not isinstance(u, Mapping):
                raise reader.fail(
                    where, f"starting_units[{n}] must be a table {{card, player, at}}"
                )
            x, y = _coord(reader, f"{where}: starting_units[{n}]", u.get("at"), width, height)
            player = reader.int_(
                f"{where}: starting_units[{n}]", u, "player", lo=1, hi=players + kraken
            )
            units.append((reader.str_(f"{where}: starting_units[{n}]", u, "card"), player, x, y))
    else:
        units = list(inherited.get("starting_units", ()))
    win = d.get("win")
    if not isinstance(win, Mapping) or win.get("kind") not in WIN_KINDS:
        raise reader.fail(where, f"[map.win] needs kind, one of {', '.join(WIN_KINDS)}")
    if "limit" in win:
        reader.int_(f"{where}: [map.win]", win, "limit", lo=1, hi=MAX_WIN_LIMIT)
    kraken_deck = reader.counts(f"{where}: kraken_deck", d.get("kraken_deck", {}))
    for card in [
        *deck,
        *kraken_deck,
        *(u[0] for u in units),
        *([win["card"]] if "card" in win else []),
    ]:
        if card not in cards:
            raise reader.fail(where, f"unknown card {card!r}")
    return MapSpec(
        id=mid,
        name=reader.str_(where, d, "name"),
        provisional=bool(d.get("provisional", False)),
        players=players,
        width=width,
        height=height,
        tiles=tuple(tiles),
        resource_gain=reader.int_(
            where, d, "resource_gain", default=inherited.get("resource_gain"), hi=MAX_RESOURCE
        ),
        start_resource=reader.int_(
            where, d, "start_resource", default=inherited.get("start_resource", 0), hi=MAX_RESOURCE
        ),
        second_player_bonus=reader.int_(
            where,
            d,
            "second_player_bonus",
            default=inherited.get("second_player_bonus", 0),
            hi=MAX_RESOURCE,
        ),
        starting_deck=deck,
        starting_units=tuple(units),
        diagonal_rule=str(rule),
        win=dict(win),
        kraken=kraken,
        kraken_deck=kraken_deck,
        source=raw["source"],
    )


# --- loading ------------------------------------------------------------------------------------


def _files(paths: Sequence[str | Path]) -> list[Path]:
    out = sorted(BUNDLED.glob("*.toml"))
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(sorted(path.glob("*.toml")))
        elif path.is_file():
            out.append(path)
        else:
            raise ConfigError(f"content: no such file or directory: {p}")
    return out


def read_files(paths: Sequence[str | Path]) -> list[tuple[str, str]]:
    """(name, text) of every file or directory in `paths` (the bundled ones not included)."""
    out = []
    files = _files(paths)[len(_bundled()) :]
    if len(files) > MAX_FILES:
        raise ConfigError(f"content: {len(files)} files, more than {MAX_FILES}")
    for path in files:
        try:
            out.append((str(path), read_toml_text(path)))
        except OSError as exc:
            raise ConfigError(f"content: cannot read {path}: {exc}") from None
    return out


@functools.cache
def _bundled() -> tuple[tuple[str, str], ...]:
    return tuple(
        (f"bundled:{p.name}", p.read_text(encoding="utf-8")) for p in sorted(BUNDLED.glob("*.toml"))
    )


def load_content(paths: Sequence[str | Path] = ()) -> Content:
    """The bundled content plus every file or directory in `paths`; raises ConfigError."""
    return load_texts(tuple(read_files(paths)))


@functools.cache
def load_texts(texts: tuple[tuple[str, str], ...] = ()) -> Content:
    """The bundled content plus the given (name, TOML text) files, in order; raises
    ConfigError. Cached: the same texts give the same (read-only) Content."""
    content = Content()
    raw_maps: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for source, text in (*_bundled(), *texts):
        reader = _Reader(source)
        doc = parse_toml(text, source)
        unknown = sorted(set(doc) - {"set", "card", "store", "pool", "map"})
        if unknown:
            raise ConfigError(f"{source}: unknown table(s) {', '.join(unknown)}")
        content.files.append(source)
        for key, shape in (("set", Mapping), ("card", list), ("map", Mapping)):
            if key in doc and not isinstance(doc[key], shape):
                what = "[[card]] tables" if key == "card" else f"a [{key}] table"
                raise ConfigError(f"{source}: {key} must be {what}")
        if "card" in doc:
            if "set" not in doc:
                raise ConfigError(f"{source}: cards need a [set] table")
            if not all(isinstance(c, Mapping) for c in doc["card"]):
                raise ConfigError(f"{source}: card must be [[card]] tables")
            s = doc["set"]
            sid = reader.str_("[set]", s, "id")
            cards = [reader.card(c, sid) for c in doc["card"]]
            for c in cards:
                if c.id in seen:
                    raise ConfigError(f"{source}: card {c.id} is already defined in {seen[c.id]}")
                seen[c.id] = source
                content.cards[c.id] = c
            store = reader.counts("[store]", doc.get("store", {}))
            pool = reader.counts("[pool]", doc.get("pool", {}))
            for name, table in (("store", store), ("pool", pool)):
                for cid in table:
                    if cid not in content.cards:
                        raise ConfigError(f"{source}: [{name}]: unknown card {cid!r}")
            if sid in content.sets:
                raise ConfigError(f"{source}: set {sid} is already defined")
            content.sets[sid] = CardSet(
                sid,
                reader.str_("[set]", s, "name"),
                bool(s.get("provisional", False)),
                tuple(c.id for c in cards),
                store,
                pool,
                source,
            )
        if "map" in doc:
            raw_maps.append(reader.map(doc["map"]))
    pending = raw_maps
    while pending:  # a map may build on another (`base`), in any file order
        later = [m for m in pending if m["raw"].get("base") not in (None, *content.maps)]
        ready = [m for m in pending if m not in later]
        if not ready:
            names = ", ".join(f"{m['id']} (base {m['raw'].get('base')})" for m in later)
            raise ConfigError(f"content: maps whose base map is missing: {names}")
        for m in ready:
            if m["id"] in content.maps:
                raise ConfigError(f"{m['source']}: map {m['id']} is already defined")
            content.maps[m["id"]] = _resolve_map(m, content.maps, content.cards)
        pending = later
    return content
