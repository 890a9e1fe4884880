"""Liu Bei — Rende 仁德 (active, any number of times in your play phase): give hand cards to
another player; the first time you have given two or more this phase, recover 1 HP."""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.questions import ask_cards_then_seat
from game_agent.games.sanguosha.recovery import recover
from game_agent.games.sanguosha.skill import Active, Skill, announce
from game_agent.games.sanguosha.state import State, others_in_order
from game_agent.games.sanguosha.zones import move
from protocol.games.sanguosha.skills import SKILLS

MARK = "rende_given"


def enabled(st: State, seat: int) -> bool:
    return bool(st.players[seat].hand) and bool(others_in_order(st, seat))


def settle(g: Game, seat: int) -> Settlement:
    """Cards first, then the receiver (nil there goes back to the cards; nil at the cards goes
    back to the menu). The count is per play phase (FreeKill's reading; one play phase per turn
    makes it the same as QSanguosha's per turn)."""
    st: State = g.state
    hand = list(st.players[seat].hand)
    got = yield from ask_cards_then_seat(
        g,
        seat,
        "rende",
        ("give which cards?", "to whom?"),
        hand,
        lambda _cards: others_in_order(st, seat),
        1,
        len(hand),
    )
    if got is None:
        return
    cards, to = got
    announce(g, seat, "rende")
    yield from move(g, cards, "hand", seat, "hand", to, "rende")
    before: int = st.players[seat].marks.get(MARK, 0)
    given = before + len(cards)
    g.emit("mark", {"seat": seat, "name": MARK, "value": given, "scope": "phase"})
    if before < 2 <= given:
        yield from recover(g, seat, 1, seat, None)


SKILL = Skill(
    SKILLS["rende"],
    active=Active(enabled, settle),
    marks={MARK: "phase"},
)
