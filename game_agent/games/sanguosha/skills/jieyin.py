"""Sun Shangxiang — Jieyin 结姻 (active, once per play phase): discard two hand cards; you and a
wounded male player each recover 1 HP."""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.questions import ask_cards_then_seat
from game_agent.games.sanguosha.recovery import recover
from game_agent.games.sanguosha.skill import Active, Skill, announce
from game_agent.games.sanguosha.state import State, others_in_order, wounded
from game_agent.games.sanguosha.zones import discard
from protocol.games.sanguosha.skills import SKILLS

USED = "jieyin_used"


def partners(st: State, seat: int) -> list[int]:
    return [
        s
        for s in others_in_order(st, seat)
        if st.players[s].gender == "male" and wounded(st.players[s])
    ]


def enabled(st: State, seat: int) -> bool:
    p = st.players[seat]
    return USED not in p.marks and len(p.hand) >= 2 and bool(partners(st, seat))


def settle(g: Game, seat: int) -> Settlement:
    """Usable at full HP (you then recover nothing). §6 row 29: the target recovers first
    (FreeKill's order), then you."""
    st: State = g.state
    prompts = ("discard two hand cards", "which wounded male?")
    hand = list(st.players[seat].hand)
    got = yield from ask_cards_then_seat(
        g, seat, "jieyin", prompts, hand, lambda _cards: partners(st, seat), 2, 2
    )
    if got is None:
        return
    cards, to = got
    announce(g, seat, "jieyin")
    g.emit("mark", {"seat": seat, "name": USED, "value": 1, "scope": "phase"})
    yield from discard(g, seat, cards, "jieyin")
    yield from recover(g, to, 1, seat, None)
    yield from recover(g, seat, 1, seat, None)


SKILL = Skill(
    SKILLS["jieyin"],
    active=Active(enabled, settle),
    marks={USED: "phase"},
)
