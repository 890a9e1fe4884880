"""Da Qiao — Liuli 流离 (optional, when you become the target of a Slash): discard a card and
pass the Slash to another player within your attack range."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.distance import attack_range, distances_from
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.questions import ask_cards_then_seat
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.state import State, hand_and_equip
from game_agent.games.sanguosha.timings import TARGET_CONFIRMING
from game_agent.games.sanguosha.use import Targeted
from game_agent.games.sanguosha.zones import discard
from protocol.games.sanguosha.skills import SKILLS


def new_targets(st: State, seat: int, t: Targeted, card: int) -> list[int]:
    """Within your attack range as if `card` were already gone (§6 row 14); not the Slash's
    user nor one of its targets; a legal target of that Slash for its user, distance aside
    (§6 row 34: an empty-handed Kongcheng cannot be chosen)."""
    spent = frozenset((card,))
    reach = attack_range(st, seat, spent)
    use = t.use
    return [
        x
        for x, d in distances_from(st, seat, spent).items()
        if d <= reach
        and x != use.user
        and x not in use.targets
        and not index_of(st).prohibited(st, use.user, x, "slash")
    ]


def can(g: Game, seat: int, t: Targeted) -> bool:
    st: State = g.state
    if t.target != seat or t.use.card.name != "slash":
        return False
    return any(new_targets(st, seat, t, c) for c in hand_and_equip(st.players[seat]))


def settle(g: Game, seat: int, t: Targeted) -> Settlement:
    """Its own question: a card to discard (nil: decline), then the new target (nil: back).
    The new target's own confirmation runs next (`use.py`)."""
    st: State = g.state
    about = {"user": t.use.user, "card": t.use.card.desc()}
    cards = [c for c in hand_and_equip(st.players[seat]) if new_targets(st, seat, t, c)]
    got = yield from ask_cards_then_seat(
        g,
        seat,
        "liuli",
        ("discard a card to pass the Slash on?", "to whom?"),
        cards,
        lambda chosen: new_targets(st, seat, t, chosen[0]),
        about=about,
    )
    if got is None:
        return
    chosen, to = got
    announce(g, seat, "liuli")
    yield from discard(g, seat, chosen, "liuli")
    t.retarget(g, to, "liuli")


SKILL = Skill(
    SKILLS["liuli"],
    triggers=(Trigger("liuli", TARGET_CONFIRMING, can, settle, asks=True),),
)
