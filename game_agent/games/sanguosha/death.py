"""Death (§4.9): mark dead + reveal role -> victory check -> `death` timing -> bury -> rewards."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.index import fire
from game_agent.games.sanguosha.modes import kof_general_dies
from game_agent.games.sanguosha.state import State, order_from_current
from game_agent.games.sanguosha.timings import DEATH
from game_agent.games.sanguosha.victory import identity_result
from game_agent.games.sanguosha.zones import bury, draw, move


@dataclass(slots=True)
class Died:
    """Payload of the `death` timing."""

    seat: int
    killer: int | None


def death(g: Game, seat: int, killer: int | None) -> Settlement:
    """A character dies: as its mode has it (identity's rules below; 1v1's `modes.py`)."""
    yield from DIES[g.state.mode](g, seat, killer)


def identity_death(g: Game, seat: int, killer: int | None) -> Settlement:
    st: State = g.state
    p = st.players[seat]
    g.emit("death", {"seat": seat, "role": p.role, "general": p.general, "killer": killer})
    result = identity_result(st)
    if result is not None:
        g.end(result)  # §6 row 21: the game ends before any reward
    yield from fire(g, DEATH, Died(seat, killer), order_from_current(st, seat))
    yield from bury(g, seat)
    if killer is None or killer == seat or not st.players[killer].alive:
        return  # §6 row 20: no reward without a living killer other than the victim
    if p.role == "rebel":
        g.emit("reward", {"seat": killer, "kind": "rebel_killed", "victim": seat})
        yield from draw(g, killer, 3, "reward")
    elif p.role == "loyalist" and st.players[killer].role == "lord":
        lord = st.players[killer]
        g.emit("reward", {"seat": killer, "kind": "lord_killed_loyalist", "victim": seat})
        # §6 row 22: hand and equipment only; the judgement area is untouched.
        yield from move(g, list(lord.hand), "hand", killer, "discard", None, "penalty")
        yield from move(g, list(lord.equip.values()), "equip", killer, "discard", None, "penalty")


# Each mode's death: the one place `death` asks (1v1 replaces the general instead).
DIES: dict[str, Callable[[Game, int, int | None], Settlement]] = {
    "identity": identity_death,
    "1v1": kof_general_dies,
}
