"""Choosing one card of another seat's areas (Dismantlement, Snatch, Ice Sword, Fankui, ...).

Hand cards are chosen face down (§2.1.7): the chooser picks "a hand card" and the engine draws
one with the game's RNG, so the hand's order never leaks. Equipment and judgement cards are
chosen face up.
"""

from __future__ import annotations

from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.cards import DESC
from game_agent.games.sanguosha.state import State

AREAS = ("hand", "equip", "judge")
HAND_AND_EQUIP = ("hand", "equip")


def random_hand_card(g: Game, owner: int) -> int:
    hand = g.state.players[owner].hand
    cid: int = hand[g.rng.below(len(hand))]
    return cid


def pick_card(
    g: Game, chooser: int, owner: int, reason: str, zones: tuple[str, ...] = AREAS
) -> Settlement:
    """`chooser` picks one card of `owner`'s `zones` (a `pick_card` request when there is a
    choice). -> card id, or None if there is none."""
    st: State = g.state
    p = st.players[owner]
    options: list[dict[str, Any]] = []
    ids: list[int | None] = []
    if p.hand and "hand" in zones:
        options.append({"zone": "hand", "count": len(p.hand), "card": None})
        ids.append(None)
    if "equip" in zones:
        for cid in p.equip.values():
            options.append({"zone": "equip", "count": 1, "card": DESC[cid]})
            ids.append(cid)
    if "judge" in zones:
        for cid in p.judge:
            options.append({"zone": "judge", "count": 1, "card": DESC[cid]})
            ids.append(cid)
    if not options:
        return None
    i = 0
    if len(options) > 1:
        i = yield g.ask(chooser, "pick_card", options, 0, info={"owner": owner, "reason": reason})
    picked = ids[i]
    return random_hand_card(g, owner) if picked is None else picked


def has_card_in(st: State, owner: int, zones: tuple[str, ...]) -> bool:
    p = st.players[owner]
    return any(
        (z == "hand" and p.hand) or (z == "equip" and p.equip) or (z == "judge" and p.judge)
        for z in zones
    )
