"""The KOF-style 1v1 mode with the 2013 rules (§5), on the standard deck and generals.

Warm side (role tag "lord") picks first; cool side (tag "renegade") moves first and draws one
card in its first draw phase. 12 candidates: 6 face up, 3 face down to each player; the face-up
ones are picked 1-2-2-1. Each player's starting general is chosen face down and revealed with the
other. A dead general is replaced at once (full HP, draws its max HP); a player loses when 3 of
his generals have died. No rewards or penalties; lord skills are off.
"""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.entry import choose_general, reveal_general, shuffle_deck
from game_agent.games.sanguosha.state import State
from game_agent.games.sanguosha.victory import outcome
from game_agent.games.sanguosha.zones import bury, draw
from protocol.games.sanguosha.generals import GENERAL_IDS, GENERALS

LOSSES = 3
SIDE = {"lord": "warm", "renegade": "cool"}


def kof_setup(g: Game) -> Settlement:
    st: State = g.state
    warm = g.rng.below(2)
    cool = 1 - warm
    g.emit("role", {"seat": warm, "role": "lord"})
    g.emit("role", {"seat": cool, "role": "renegade"})
    pool = list(GENERAL_IDS)
    g.rng.shuffle(pool)
    g.emit("pool", {"generals": pool[:6]})
    for seat, hidden in ((warm, pool[6:9]), (cool, pool[9:12])):
        g.emit(
            "reserve",
            {"seat": seat, "generals": hidden},
            seats=(seat,),
            public={"seat": seat, "generals": None, "count": len(hidden)},
        )
    for seat, k in ((warm, 1), (cool, 2), (warm, 2), (cool, 1)):
        for _ in range(k):
            pick = yield from choose_general(g, seat, list(st.pool), "pick")
            g.emit("pick", {"seat": seat, "general": pick})
    chosen: dict[int, str] = {}
    for seat in (cool, warm):
        pick = yield from choose_general(g, seat, list(st.players[seat].reserve), "start")
        chosen[seat] = pick
        g.emit(
            "general_chosen",
            {"seat": seat, "general": pick},
            seats=(seat,),
            public={"seat": seat, "general": None},
        )
    for seat in (cool, warm):
        reveal_general(g, seat, chosen[seat])
    shuffle_deck(g)
    for seat in (cool, warm):
        yield from draw(g, seat, GENERALS[chosen[seat]].max_hp, "initial")
    return cool


def kof_general_dies(g: Game, seat: int, killer: int | None) -> Settlement:
    """A 1v1 general dies: the next one enters, or the third loss ends the game."""
    st: State = g.state
    p = st.players[seat]
    g.emit("general_lost", {"seat": seat, "general": p.general})
    yield from bury(g, seat)
    if p.lost >= LOSSES or not p.reserve:
        g.emit("death", {"seat": seat, "role": p.role, "general": p.general, "killer": None})
        other = 1 - seat
        g.end(outcome(st, SIDE[st.players[other].role], [other], "three_generals_dead"))
    if st.current == seat:
        g.emit("turn_stop", {"seat": seat, "reason": "general_died"})
    pick = yield from choose_general(g, seat, list(p.reserve), "next")
    reveal_general(g, seat, pick)
    yield from draw(g, seat, p.max_hp, "new_general")
