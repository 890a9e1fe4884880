"""Dying and rescue (§4.8): pushed inside whatever reduced the HP; the outer settlement goes on."""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.card import CardUse
from game_agent.games.sanguosha.death import death
from game_agent.games.sanguosha.responses import ask_card
from game_agent.games.sanguosha.state import State, order_from_current
from game_agent.games.sanguosha.use import use_card


def dying(g: Game, seat: int, killer: int | None) -> Settlement:
    """Ask for Peaches in action order from the current player; each helper may use several."""
    st: State = g.state
    p = st.players[seat]
    lost = p.lost
    g.emit("dying", {"seat": seat, "hp": p.hp})
    for helper in order_from_current(st, seat):
        while p.hp < 1 and st.players[helper].alive and p.lost == lost:
            vc = yield from ask_card(g, helper, "peach", "use", "dying", target=seat)
            if vc is None:
                break
            yield use_card(g, CardUse(helper, vc, [seat]))
        if p.hp >= 1:
            return
    if p.hp < 1 and p.alive and p.lost == lost:
        yield death(g, seat, killer)
