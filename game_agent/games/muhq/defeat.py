"""Tokens and defeat (rules 10.1, 12, gap G9): a permanent's life, a token changed, and the
mark that a permanent is beaten. `resolve.after_defeats` carries the marked defeats out.

Below both the action lists (`actions`) and the effects (`effects`), which read and settle
through it.
"""

from __future__ import annotations

from game_agent.engine import Game
from game_agent.games.muhq import combat
from protocol.games.muhq.state import MuhqState, Perm


def life_of(st: MuhqState, p: Perm) -> int:
    c = st.content.cards[p.card]
    return c.solid if c.type != "unit" else c.life


def add_token(g: Game, pid: int, token: str, delta: int, check: bool = True) -> None:
    p = g.state.perms[pid]
    was = getattr(p, token)
    g.emit("token_changed", {"perm": pid, "token": token, "count": max(0, was + delta), "was": was})
    if check:
        check_defeat(g, pid)


def check_defeat(g: Game, pid: int) -> None:
    """Mark a permanent whose damage or poison defeats it (rules 10.1, 12, gap G9). The
    defeats are carried out by `resolve.after_defeats` (it may ask where dropped stacks go)."""
    st: MuhqState = g.state
    p = st.perms.get(pid)
    if p is None or pid in st.doomed:
        return
    c = st.content.cards[p.card]
    if c.type != "unit" and not c.solid:
        return
    life = life_of(st, p)
    beaten = combat.defeated(life, p.damage, g.config["defeat_threshold"])
    if beaten or (c.type == "unit" and combat.poisoned_out(life, p.damage, p.poison)):
        st.doomed.append(pid)
