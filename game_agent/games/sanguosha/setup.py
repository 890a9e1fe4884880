"""Identity-mode setup (§4.2) and the round loop shared by every mode."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game_agent.engine import Settlement
from game_agent.games.sanguosha.cards import deck_ids
from game_agent.games.sanguosha.state import State, action_order
from game_agent.games.sanguosha.turn import turn
from game_agent.games.sanguosha.victory import end_draw
from game_agent.games.sanguosha.zones import draw
from protocol.games.sanguosha.generals import GENERAL_IDS, GENERALS, LORD_IDS
from protocol.games.sanguosha.rulebook import PHASES

if TYPE_CHECKING:
    from game_agent.engine import Game


def shuffle_deck(g: Game, top: list[int] | None = None) -> None:
    """The draw pile's order: `top` first (scenarios), the rest shuffled. Never sent to a seat."""
    top = top or []
    rest = [c for c in deck_ids(g.config["ex_cards"]) if c not in set(top)]
    g.rng.shuffle(rest)
    order = top + rest
    g.emit("deck", {"order": order}, seats=(), public={"count": len(order)})


def general_card(st: State, general: str, lord: bool, bonus: int = 0) -> dict[str, Any]:
    """A general as a choice shows it: names, faction, gender, HP (with the lord's bonus in
    the lord's own offer) and its skills with their text (lord skills count only for the lord
    of an identity game)."""
    gen = GENERALS[general]
    rules = st.rules
    return {
        "id": gen.id,
        "name": gen.name,
        "chinese": gen.chinese,
        "faction": gen.faction,
        "gender": gen.gender,
        "hp": gen.max_hp + bonus,
        "skills": [rules.catalogue[s].describe() for s in rules.general_skills(gen.skills, lord)],
    }


def choose_general(g: Game, seat: int, offer: list[str], reason: str) -> Settlement:
    """-> one general id (a request, unless the config deals generals at random: then one of
    the offer, drawn with the game's RNG)."""
    if len(offer) == 1:
        return offer[0]
    if g.config["generals"] == "random":
        return offer[g.rng.below(len(offer))]
    st: State = g.state
    lord = reason == "lord"
    bonus = 1 if lord and g.seats >= 5 else 0  # §4.2: the lord's +1 max HP at 5+ players
    options = [general_card(st, x, lord, bonus) for x in offer]
    i = yield g.ask(seat, "choose_general", options, 0, info={"reason": reason})
    return offer[i]


def reveal_general(g: Game, seat: int, general: str, bonus: int = 0) -> None:
    """The general enters: public, with the skills it brings to this table."""
    st: State = g.state
    gen = GENERALS[general]
    hp = gen.max_hp + bonus
    lord = st.mode == "identity" and st.players[seat].role == "lord"
    g.emit(
        "general",
        {
            "seat": seat,
            "general": general,
            "max_hp": hp,
            "hp": hp,
            "faction": gen.faction,
            "gender": gen.gender,
            "skills": st.rules.general_skills(gen.skills, lord),
        },
    )


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


def rounds(g: Game, first: int, first_phases: tuple[str, ...] = PHASES) -> Settlement:
    """Rounds until the game ends; a round is the turn stack from the round's first seat."""
    st: State = g.state
    cap = g.config["max_rounds"]
    phases: tuple[str, ...] = first_phases
    start = first
    while True:
        if st.round >= cap:
            end_draw(g, "max_rounds")
        order = action_order(st, start)
        g.emit("round", {"round": st.round + 1, "seats": order})
        while st.turn_stack:
            seat = st.turn_stack[-1]
            if not st.players[seat].alive:
                g.emit("turn_skipped", {"seat": seat})
                continue
            yield turn(g, seat, phases)
            phases = PHASES
        start = round_start(st)


def round_start(st: State) -> int:
    if st.mode == "1v1":
        return next(p.seat for p in st.players if p.role == "renegade")
    lord = next((p.seat for p in st.players if p.role == "lord"), 0)
    return lord if st.players[lord].alive else action_order(st, lord)[0]


def root(g: Game) -> Settlement:
    from game_agent.games.sanguosha.modes import kof_setup
    from game_agent.games.sanguosha.scenario import scenario_setup

    config: dict[str, Any] = g.config
    if config.get("scenario"):
        first, phases = yield from scenario_setup(g)
        yield from rounds(g, first, phases)
    elif config["mode"] == "1v1":
        first = yield from kof_setup(g)
        yield from rounds(g, first)
    else:
        first = yield from identity_setup(g)
        yield from rounds(g, first)
