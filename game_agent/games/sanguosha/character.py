"""Changes to a character (agent spec §3.2): turning it over, gaining and losing skills,
changing its max HP, its faction or its gender. Each is one public event; the appliers keep
`Player` in step, and the game's rules index learns a gained skill at once."""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.death import death
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.state import Player, State

ATTRIBUTES = {"faction": ("wei", "shu", "wu", "qun", "god"), "gender": ("male", "female")}


def flip(g: Game, seat: int) -> None:
    """Turn the character over (or back up). A face-down character's next turn is skipped and
    it turns face up instead (`turn.py`)."""
    p: Player = g.state.players[seat]
    g.emit("flip", {"seat": seat, "face_down": not p.face_down})


def gain_skill(g: Game, seat: int, skill: str) -> None:
    """The seat has `skill` from now on (the catalogue must know it)."""
    st: State = g.state
    if skill not in index_of(st).catalogue:
        raise ValueError(f"unknown skill {skill!r}")
    if skill not in st.players[seat].skills:
        g.emit("skill_gained", {"seat": seat, "skill": skill})


def lose_skill(g: Game, seat: int, skill: str) -> None:
    if skill in g.state.players[seat].skills:
        g.emit("skill_lost", {"seat": seat, "skill": skill})


def change_max_hp(g: Game, seat: int, delta: int) -> Settlement:
    """Max HP changes by `delta` (HP is capped at it). A character whose max HP reaches 0 dies,
    with no killer (use with `yield from`)."""
    p: Player = g.state.players[seat]
    if not p.alive or delta == 0:
        return
    new = p.max_hp + delta
    g.emit("max_hp", {"seat": seat, "max_hp": new, "hp": min(p.hp, new)})
    if new <= 0:
        yield death(g, seat, None)


def change_attribute(g: Game, seat: int, name: str, value: str) -> None:
    """Change the character's faction or gender (Hujia, Jijiang, Jiuyuan, Jieyin, Lijian and
    Double Swords follow the current value)."""
    if value not in ATTRIBUTES.get(name, ()):
        raise ValueError(f"{name} cannot be {value!r}")
    g.emit("attribute", {"seat": seat, "name": name, "value": value})
