"""Hua Tuo — Qingnang 青囊 (active, once per play phase): discard a hand card; a wounded player
(you included) recovers 1 HP."""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.questions import ask_cards_then_seat
from game_agent.games.sanguosha.recovery import recover
from game_agent.games.sanguosha.skill import Active, Skill, announce
from game_agent.games.sanguosha.state import State, action_order, wounded
from game_agent.games.sanguosha.zones import discard
from protocol.games.sanguosha.skills import SKILLS

USED = "qingnang_used"


def patients(st: State, seat: int) -> list[int]:
    return [s for s in action_order(st, seat) if wounded(st.players[s])]


def enabled(st: State, seat: int) -> bool:
    p = st.players[seat]
    return USED not in p.marks and bool(p.hand) and bool(patients(st, seat))


def settle(g: Game, seat: int) -> Settlement:
    st: State = g.state
    prompts = ("discard a hand card", "who recovers?")
    hand = list(st.players[seat].hand)
    got = yield from ask_cards_then_seat(
        g, seat, "qingnang", prompts, hand, lambda _cards: patients(st, seat)
    )
    if got is None:
        return
    cards, to = got
    announce(g, seat, "qingnang")
    g.emit("mark", {"seat": seat, "name": USED, "value": 1, "scope": "phase"})
    yield from discard(g, seat, cards, "qingnang")
    yield from recover(g, to, 1, seat, None)


SKILL = Skill(
    SKILLS["qingnang"],
    active=Active(enabled, settle),
    marks={USED: "phase"},
)
