"""What `sgs sim` and the arena tag each seat with (the manifest's `roles`): its role, in 1v1
its side (warm or cool), and its general at the end."""

from __future__ import annotations

from game_agent.engine import Game
from game_agent.games.sanguosha.modes import SIDE
from game_agent.games.sanguosha.state import State


def roles(g: Game) -> list[str]:
    st: State = g.state
    dealt = (g.outcome or {}).get("roles") or [p.role for p in st.players]
    named = [str(r) for r in dealt]
    return [SIDE.get(r, r) for r in named] if st.mode == "1v1" else named


def generals(g: Game) -> list[str]:
    st: State = g.state
    return [str(p.general) for p in st.players]
