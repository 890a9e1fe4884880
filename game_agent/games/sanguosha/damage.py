"""Damage (§2.7): caused -> inflicted -> HP change -> dying (nested, §4.8) -> damaged."""

from __future__ import annotations

from dataclasses import dataclass

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.cards import VCard
from game_agent.games.sanguosha.dying import dying
from game_agent.games.sanguosha.index import fire
from game_agent.games.sanguosha.state import State
from game_agent.games.sanguosha.timings import DAMAGE_CAUSED, DAMAGE_INFLICTED, DAMAGED


@dataclass(slots=True)
class Damage:
    """Payload of `damage_caused` / `damage_inflicted` / `damaged` (triggers may change it)."""

    source: int | None
    target: int
    amount: int = 1
    nature: str = "normal"  # normal | fire | thunder
    card: VCard | None = None
    user: int | None = None  # who used `card`, when the damage comes from its effect (Luoyi)
    by_slash: bool = False  # dealt by a Slash's own effect (Ice Sword, Kylin Bow)
    prevented: bool = False


def damage(g: Game, d: Damage) -> Settlement:
    """One damage settlement (push with `yield damage(...)`)."""
    st: State = g.state
    players = st.players
    if d.source is not None and not players[d.source].alive:
        d.source = None  # §6 row 8: a dead user's damage has no source
    target = players[d.target]
    if not target.alive:
        return
    if d.source is not None:
        yield from fire(g, DAMAGE_CAUSED, d, [d.source])
    if d.prevented or d.amount <= 0 or not target.alive:
        return
    yield from fire(g, DAMAGE_INFLICTED, d, [d.target])
    if d.prevented or d.amount <= 0:
        return
    g.emit(
        "damage",
        {
            "source": d.source,
            "target": d.target,
            "amount": d.amount,
            "nature": d.nature,
            "card": None if d.card is None else d.card.desc(),
            "hp": target.hp - d.amount,
        },
    )
    lost = target.lost
    if target.hp <= 0:
        yield dying(g, d.target, d.source)
    # §6 row 9: "after damage" only if the damaged body survived
    survived = target.alive and target.lost == lost
    if survived:
        yield from fire(g, DAMAGED, d, [d.target])
