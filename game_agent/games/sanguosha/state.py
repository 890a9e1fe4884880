"""The table's state: plain dataclasses with value equality (fold(events) == live state).

Only `apply.py` mutates these. Settlement code reads them through the small queries below.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game_agent.games.sanguosha.cards import KINDS, NAME
from game_agent.games.sanguosha.generals import GENERALS

PHASES = ("prepare", "judge", "draw", "play", "discard", "finish")


@dataclass(slots=True)
class Player:
    seat: int
    general: str = ""
    role: str = ""
    hp: int = 0
    max_hp: int = 0
    alive: bool = True
    hand: list[int] = field(default_factory=list)
    equip: dict[str, int] = field(default_factory=dict)  # slot -> card id
    judge: list[int] = field(default_factory=list)  # in order of placement
    marks: dict[str, Any] = field(default_factory=dict)  # skill counters and flags
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
    pool: list[str] = field(default_factory=list)  # 1v1: face-up generals still to pick
    round: int = 0
    turn_stack: list[int] = field(default_factory=list)  # top = last; a round pops it empty
    current: int = -1
    phase: str = ""
    phases: list[str] = field(default_factory=list)  # phases still to come this turn
    skipped: list[str] = field(default_factory=list)  # phases marked to be skipped this turn
    slash_used: int = 0  # Slashes counted against the limit in this play phase
    turn_over: bool = False
    reshuffles: int = 0
    outcome: dict[str, Any] | None = None


# --- queries -------------------------------------------------------------------------------------


def alive_seats(st: State) -> list[int]:
    return [p.seat for p in st.players if p.alive]


def action_order(st: State, start: int) -> list[int]:
    """Living seats in turn order, beginning at `start` (included if alive)."""
    n = len(st.players)
    players = st.players
    return [(start + i) % n for i in range(n) if players[(start + i) % n].alive]


def others_in_order(st: State, seat: int) -> list[int]:
    n = len(st.players)
    players = st.players
    return [(seat + i) % n for i in range(1, n) if players[(seat + i) % n].alive]


def equip_name(p: Player, slot: str) -> str | None:
    cid = p.equip.get(slot)
    return None if cid is None else NAME[cid]


def has_equip(p: Player, name: str) -> bool:
    slot = KINDS[name].slot
    cid = p.equip.get(slot)
    return cid is not None and NAME[cid] == name


def card_count(p: Player, judge: bool = True) -> int:
    return len(p.hand) + len(p.equip) + (len(p.judge) if judge else 0)


def gender(p: Player) -> str:
    g = GENERALS.get(p.general)
    return g.gender if g else ""


def faction(p: Player) -> str:
    g = GENERALS.get(p.general)
    return g.faction if g else ""


def zone_of_each(st: State) -> dict[int, list[str]]:
    """Where every card is (for invariant checks): card id -> the zones that hold it."""
    where: dict[int, list[str]] = {}

    def put(cid: int, zone: str) -> None:
        where.setdefault(cid, []).append(zone)

    for cid in st.draw:
        put(cid, "draw")
    for cid in st.discard:
        put(cid, "discard")
    for cid in st.processing:
        put(cid, "processing")
    for p in st.players:
        for cid in p.hand:
            put(cid, f"hand{p.seat}")
        for cid in p.equip.values():
            put(cid, f"equip{p.seat}")
        for cid in p.judge:
            put(cid, f"judge{p.seat}")
    return where
