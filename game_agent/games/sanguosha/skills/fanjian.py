"""Zhou Yu — Fanjian 反间 (active, once per play phase): another player names a suit and takes
one of your hand cards at random; if its suit differs, you deal that player 1 damage."""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.cards import DESC, SUIT
from game_agent.games.sanguosha.damage import Damage, damage
from game_agent.games.sanguosha.pick import random_hand_card
from game_agent.games.sanguosha.questions import ask_label, ask_seats
from game_agent.games.sanguosha.skill import Active, Skill, announce
from game_agent.games.sanguosha.state import State, others_in_order
from game_agent.games.sanguosha.zones import move
from protocol.games.sanguosha.catalogue import SUITS
from protocol.games.sanguosha.skills import SKILLS

USED = "fanjian_used"


def enabled(st: State, seat: int) -> bool:
    """Needs a hand card (QSanguosha's check; FreeKill omits it)."""
    p = st.players[seat]
    return USED not in p.marks and bool(p.hand) and bool(others_in_order(st, seat))


def settle(g: Game, seat: int) -> Settlement:
    """The guess is public; the card is taken at random (QSanguosha's reading), shown to all,
    and stays with the target."""
    st: State = g.state
    chosen = yield from ask_seats(g, seat, "fanjian", "whom?", others_in_order(st, seat))
    if chosen is None:
        return
    target = chosen[0]
    announce(g, seat, "fanjian")
    g.emit("mark", {"seat": seat, "name": USED, "value": 1, "scope": "phase"})
    about = {"source": seat}
    i = yield from ask_label(g, target, "fanjian", "name a suit", list(SUITS), 0, about=about)
    suit = SUITS[i]
    g.emit("choice", {"seat": target, "kind": "fanjian", "value": suit})
    cid = random_hand_card(g, seat)
    yield from move(g, [cid], "hand", seat, "hand", target, "fanjian")
    g.emit("reveal", {"seat": target, "cards": [DESC[cid]], "reason": "fanjian"})
    if SUIT[cid] != suit:
        yield damage(g, Damage(seat, target, 1))


SKILL = Skill(
    SKILLS["fanjian"],
    active=Active(enabled, settle),
    marks={USED: "phase"},
)
