"""A general enters the table (§4.2, §5): the draw pile is shuffled, a general is offered as a
choice and revealed with the skills it brings. Every mode's setup (and 1v1's next general) uses
these."""

from __future__ import annotations

from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.cards import deck_ids
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.generals import GENERALS


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
    rules = index_of(st)
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
            "skills": index_of(st).general_skills(gen.skills, lord),
        },
    )
