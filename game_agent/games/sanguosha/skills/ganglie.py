"""Xiahou Dun — Ganglie 刚烈 (optional, after you suffer damage): judge; unless ♥, the source
discards two hand cards or takes 1 damage from you."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.damage import Damage, damage
from game_agent.games.sanguosha.judgement import judge, not_heart
from game_agent.games.sanguosha.questions import ask_cards
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import DAMAGED
from game_agent.games.sanguosha.zones import discard
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, d: Damage) -> bool:
    return d.target == seat


def settle(g: Game, seat: int, d: Damage) -> Settlement:
    """Without a source the judgement still happens and nothing follows. §6 row 26: a source
    with fewer than two hand cards takes the damage without a question; otherwise it chooses
    (two hand cards to discard, or nil: take the damage)."""
    announce(g, seat, "ganglie")
    j = yield judge(g, seat, "ganglie", not_heart)
    src = d.source
    if not j.good or src is None or not g.state.players[src].alive:
        return
    hand = list(g.state.players[src].hand)
    if len(hand) >= 2:
        prompt = f"discard two hand cards, or take 1 damage from seat {seat}"
        about = {"source": seat, "target": src}
        chosen = yield from ask_cards(g, src, "ganglie", prompt, hand, 2, 2, about=about)
        if chosen is not None:
            g.emit("choice", {"seat": src, "kind": "ganglie", "value": "discard"})
            yield from discard(g, src, chosen, "ganglie")
            return
    g.emit("choice", {"seat": src, "kind": "ganglie", "value": "damage"})
    yield damage(g, Damage(seat, src, 1))


SKILL = Skill(
    SKILLS["ganglie"],
    triggers=(Trigger("ganglie", DAMAGED, can, settle),),
)
