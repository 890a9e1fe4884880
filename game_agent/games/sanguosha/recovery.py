"""Recovery and HP loss (§2.7)."""

from __future__ import annotations

from dataclasses import dataclass

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.cards import VCard
from game_agent.games.sanguosha.dying import dying
from game_agent.games.sanguosha.index import fire
from game_agent.games.sanguosha.state import State
from game_agent.games.sanguosha.timings import PRE_RECOVER


@dataclass(slots=True)
class Recover:
    """Payload of `pre_recover` (Jiuyuan may add to `amount`)."""

    seat: int
    amount: int
    source: int | None
    card: VCard | None


def recover(g: Game, seat: int, amount: int, source: int | None, card: VCard | None) -> Settlement:
    """Recover HP, capped at max HP (use with `yield from`)."""
    st: State = g.state
    r = Recover(seat, amount, source, card)
    yield from fire(g, PRE_RECOVER, r, [seat])
    p = st.players[seat]
    n = min(r.amount, p.max_hp - p.hp)
    if n <= 0 or not p.alive:
        return
    g.emit("recover", {"seat": seat, "amount": n, "hp": p.hp + n, "source": source})


def lose_hp(g: Game, seat: int, amount: int) -> Settlement:
    """HP loss: no source, no damage timings; can cause dying with no killer."""
    st: State = g.state
    p = st.players[seat]
    if not p.alive or amount <= 0:
        return
    g.emit("lose_hp", {"seat": seat, "amount": amount, "hp": p.hp - amount})
    if p.hp <= 0:
        yield dying(g, seat, None)
