"""Sun Quan — Zhiheng 制衡 (active, once per play phase): discard any number of cards, then
draw as many."""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.questions import ask_cards
from game_agent.games.sanguosha.skill import Active, Skill, announce
from game_agent.games.sanguosha.state import State, hand_and_equip
from game_agent.games.sanguosha.zones import discard, draw
from protocol.games.sanguosha.skills import SKILLS

USED = "zhiheng_used"


def enabled(st: State, seat: int) -> bool:
    p = st.players[seat]
    return USED not in p.marks and bool(p.hand or p.equip)


def settle(g: Game, seat: int) -> Settlement:
    cards = hand_and_equip(g.state.players[seat])
    chosen = yield from ask_cards(
        g, seat, "zhiheng", "discard which cards (then draw as many)?", cards, 1, len(cards)
    )
    if chosen is None:
        return
    announce(g, seat, "zhiheng")
    g.emit("mark", {"seat": seat, "name": USED, "value": 1, "scope": "phase"})
    yield from discard(g, seat, chosen, "zhiheng")
    yield from draw(g, seat, len(chosen), "zhiheng")


SKILL = Skill(
    SKILLS["zhiheng"],
    active=Active(enabled, settle),
    marks={USED: "phase"},
)
