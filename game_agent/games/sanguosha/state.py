"""The table's state: plain dataclasses with value equality (fold(events) == live state).

Only `apply.py` mutates these. Settlement code reads them through the small queries below.
`State.index` is the game's skill index, an opaque context for this module (`index.py` builds it
and reads it with `index_of`): derived from the ruleset and the events, never compared.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Player:
    seat: int
    general: str = ""
    role: str = ""
    hp: int = 0
    max_hp: int = 0
    alive: bool = True
    faction: str = ""  # the general's, unless an effect changed it
    gender: str = ""
    skills: list[str] = field(default_factory=list)  # the skills this seat has now
    face_down: bool = False  # turned over: the next turn is skipped (and the seat turns up)
    hand: list[int] = field(default_factory=list)
    equip: dict[str, int] = field(default_factory=dict)  # slot -> card id
    judge: list[int] = field(default_factory=list)  # in order of placement
    judge_as: dict[int, str] = field(default_factory=dict)  # judgement card -> what it is used as
    marks: dict[str, Any] = field(default_factory=dict)  # skill counters and flags
    scopes: dict[str, str] = field(default_factory=dict)  # mark -> "phase" | "turn" | "game"
    reserve: list[str] = field(default_factory=list)  # 1v1: generals not yet in play
    lost: int = 0  # 1v1: generals that died


@dataclass(slots=True)
class State:
    mode: str
    players: list[Player]
    deck: list[int]  # every card id in this game (108 or 104)
    draw: list[int]  # index 0 is the top
    discard: list[int] = field(default_factory=list)
    processing: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)  # out of the game, face up
    facedown: list[int] = field(default_factory=list)  # on the table face down (declarations)
    pool: list[str] = field(default_factory=list)  # 1v1: face-up generals still to pick
    round: int = 0
    turn_stack: list[int] = field(default_factory=list)  # top = last; a round pops it empty
    current: int = -1
    phase: str = ""
    phases: list[str] = field(default_factory=list)  # phases still to come this turn
    skipped: list[str] = field(default_factory=list)  # phases marked to be skipped this turn
    # This turn's cards used and played, in order: {"seat", "name", "how": "use"|"play",
    # "phase"} (Keji asks it).
    history: list[dict[str, Any]] = field(default_factory=list)
    turn_over: bool = False
    reshuffles: int = 0
    outcome: dict[str, Any] | None = None
    index: object = field(default=None, compare=False, repr=False)  # index.SkillIndex


def copy_player(p: Player) -> Player:
    return Player(
        p.seat,
        p.general,
        p.role,
        p.hp,
        p.max_hp,
        p.alive,
        p.faction,
        p.gender,
        list(p.skills),
        p.face_down,
        list(p.hand),
        dict(p.equip),
        list(p.judge),
        dict(p.judge_as),
        copy.deepcopy(p.marks) if p.marks else {},  # a mark's value is plain data of any shape
        dict(p.scopes),
        list(p.reserve),
        p.lost,
    )


def copy_state(st: State, index: object) -> State:
    """An independent copy of `st` (equal to it), with `index` as its skill index."""
    return State(
        st.mode,
        [copy_player(p) for p in st.players],
        list(st.deck),
        list(st.draw),
        list(st.discard),
        list(st.processing),
        list(st.removed),
        list(st.facedown),
        list(st.pool),
        st.round,
        list(st.turn_stack),
        st.current,
        st.phase,
        list(st.phases),
        list(st.skipped),
        [dict(h) for h in st.history],
        st.turn_over,
        st.reshuffles,
        copy.deepcopy(st.outcome),
        index,
    )


# --- queries -------------------------------------------------------------------------------------


def alive_seats(st: State) -> list[int]:
    return [p.seat for p in st.players if p.alive]


def action_order(st: State, start: int) -> list[int]:
    """Living seats in turn order, beginning at `start` (included if alive)."""
    n = len(st.players)
    players = st.players
    return [(start + i) % n for i in range(n) if players[(start + i) % n].alive]


def order_from_current(st: State, fallback: int) -> list[int]:
    """Action order from the current player (or from `fallback` between turns / when the
    current player is dead)."""
    cur = st.current
    start = cur if cur >= 0 and st.players[cur].alive else fallback
    return action_order(st, start)


def others_in_order(st: State, seat: int) -> list[int]:
    n = len(st.players)
    players = st.players
    return [(seat + i) % n for i in range(1, n) if players[(seat + i) % n].alive]


def card_count(p: Player, judge: bool = True) -> int:
    return len(p.hand) + len(p.equip) + (len(p.judge) if judge else 0)


def hand_and_equip(p: Player) -> list[int]:
    return [*p.hand, *p.equip.values()]


def wounded(p: Player) -> bool:
    return p.alive and p.hp < p.max_hp


def locate(st: State, cid: int, near: int | None = None) -> tuple[str, int | None]:
    """(zone, owner seat or None) of a card; `near` is the seat to look at first."""
    players = st.players
    seats = range(len(players)) if near is None else [near, *range(len(players))]
    for s in seats:
        p = players[s]
        if cid in p.hand:
            return "hand", s
        if cid in p.equip.values():
            return "equip", s
        if cid in p.judge:
            return "judge", s
    for zone in ("processing", "draw", "discard", "removed", "facedown"):
        if cid in getattr(st, zone):
            return zone, None
    raise ValueError(f"card {cid} is nowhere")


def zone_of_each(st: State) -> dict[int, list[str]]:
    """Where every card is (for invariant checks): card id -> the zones that hold it."""
    where: dict[int, list[str]] = {}

    def put(cid: int, zone: str) -> None:
        where.setdefault(cid, []).append(zone)

    for zone in ("draw", "discard", "processing", "removed", "facedown"):
        for cid in getattr(st, zone):
            put(cid, zone)
    for p in st.players:
        for cid in p.hand:
            put(cid, f"hand{p.seat}")
        for cid in p.equip.values():
            put(cid, f"equip{p.seat}")
        for cid in p.judge:
            put(cid, f"judge{p.seat}")
    return where
