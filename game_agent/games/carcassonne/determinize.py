"""The determinize hook (`game_agent.engine.Determinizable`).

The only secret in Carcassonne is the order of the remaining stack (every seat sees the board,
the followers, the scores, the drawn tile, and can count which tiles are left). A sample keeps
all of that and shuffles the remaining stack with the sample's generator, emitted again as a
secret ``stack`` event (public form {count}), so views, schema and `fold` need no change and
`audit.problems` accounts for it (the tiles drawn so far plus the new order). The tiles left
are sorted before they are shuffled, so the sample depends only on what the seat has seen (which
tiles are left), never on their true order.
"""

from __future__ import annotations

from game_agent.engine import Game, Rng
from game_agent.games.carcassonne.state import CarcState


def determinize(g: Game, seat: int, rng: Rng) -> None:
    st: CarcState = g.state
    order = sorted(st.stack)  # by letter first: the sample is a function of what the seat saw
    rng.shuffle(order)
    g.emit("stack", {"order": order}, seats=(), public={"count": len(order)})
