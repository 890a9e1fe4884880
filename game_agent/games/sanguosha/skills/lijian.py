"""Diao Chan — Lijian 离间 (active, once per play phase): discard a card; one male player is
treated as using a Duel that cannot be nullified on another."""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.questions import ask_cards, ask_seats
from game_agent.games.sanguosha.skill import Active, Skill, announce
from game_agent.games.sanguosha.state import State, hand_and_equip, others_in_order
from game_agent.games.sanguosha.use import treat_as
from game_agent.games.sanguosha.zones import discard
from protocol.games.sanguosha.skills import SKILLS

USED = "lijian_used"


def males(st: State, seat: int) -> list[int]:
    return [s for s in others_in_order(st, seat) if st.players[s].gender == "male"]


def duellists(st: State, seat: int, target: int) -> list[int]:
    """Who may be treated as using the Duel on `target`: the other males for whom `target`
    is a legal Duel target (§6 row 34: not an empty-handed Kongcheng)."""
    return [
        s
        for s in males(st, seat)
        if s != target and not index_of(st).prohibited(st, s, target, "duel")
    ]


def targets(st: State, seat: int) -> list[int]:
    return [t for t in males(st, seat) if duellists(st, seat, t)]


def enabled(st: State, seat: int) -> bool:
    p = st.players[seat]
    if USED in p.marks or not (p.hand or p.equip):
        return False
    ms = males(st, seat)
    return any(u != t and not index_of(st).prohibited(st, u, t, "duel") for t in ms for u in ms)


def settle(g: Game, seat: int) -> Settlement:
    """Chosen in order: a card to discard, the Duel's target (the first male), then its user
    (the second). The duellists, not you, are the damage sources."""
    st: State = g.state
    step = 0
    cards: list[int] | None = None
    first: list[int] | None = None
    while True:
        if step == 0:
            cards = yield from ask_cards(
                g, seat, "lijian", "discard a card", hand_and_equip(st.players[seat])
            )
            if cards is None:
                return
            step = 1
        elif step == 1:
            first = yield from ask_seats(g, seat, "lijian", "who is challenged?", targets(st, seat))
            step = 0 if first is None else 2
        else:
            assert first is not None
            second = yield from ask_seats(
                g, seat, "lijian", "who challenges?", duellists(st, seat, first[0])
            )
            if second is not None:
                break
            step = 1
    assert cards is not None and first is not None
    announce(g, seat, "lijian")
    g.emit("mark", {"seat": seat, "name": USED, "value": 1, "scope": "phase"})
    yield from discard(g, seat, cards, "lijian")
    yield treat_as(g, second[0], "duel", [first[0]], "lijian", nullifiable=False)


SKILL = Skill(
    SKILLS["lijian"],
    active=Active(enabled, settle),
    marks={USED: "phase"},
)
