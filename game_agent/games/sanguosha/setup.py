"""Identity-mode setup (§4.2): roles, generals (lord first), the opening hands."""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.entry import choose_general, reveal_general, shuffle_deck
from game_agent.games.sanguosha.state import State, action_order
from game_agent.games.sanguosha.zones import draw
from protocol.games.sanguosha.generals import GENERAL_IDS, LORD_IDS


def identity_setup(g: Game) -> Settlement:
    """Roles, generals (lord first, openly; the others face down, revealed together), 4 cards."""
    st: State = g.state
    n = g.seats
    roles = list(g.config["roles"])
    g.rng.shuffle(roles)
    for seat, role in enumerate(roles):
        if role == "lord":
            g.emit("role", {"seat": seat, "role": role})
        else:
            g.emit(
                "role",
                {"seat": seat, "role": role},
                seats=(seat,),
                public={"seat": seat, "role": None},
            )
    lord = roles.index("lord")
    pool = list(GENERAL_IDS)
    g.rng.shuffle(pool)
    offer = list(LORD_IDS) + [x for x in pool if x not in LORD_IDS][:2]
    chosen = yield from choose_general(g, lord, offer, "lord")
    reveal_general(g, lord, chosen, 1 if n >= 5 else 0)
    pool.remove(chosen)
    # §4.2: the rest is shuffled again, so the lord's random candidates (which he saw) say
    # nothing about the next seat's secret offer
    g.rng.shuffle(pool)
    per = 2 if n >= 10 else 3
    others = action_order(st, lord)[1:]
    offers = [pool[i * per : (i + 1) * per] for i in range(len(others))]
    # Every other seat chooses at the same time (one deadline for all, not one each); the
    # choices are then recorded in action order.
    chosen_all = yield g.together(
        [
            choose_general(g, seat, offer, "identity")
            for seat, offer in zip(others, offers, strict=True)
        ]
    )
    picks: dict[int, str] = {}
    for seat, pick in zip(others, chosen_all, strict=True):
        picks[seat] = pick
        g.emit(
            "general_chosen",
            {"seat": seat, "general": pick},
            seats=(seat,),
            public={"seat": seat, "general": None},
        )
    for seat, pick in picks.items():
        reveal_general(g, seat, pick)
    shuffle_deck(g)
    for seat in action_order(st, lord):
        yield from draw(g, seat, 4, "initial")
    return lord
