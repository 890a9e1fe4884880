"""Basic cards (§2.2): Slash and Peach, their targets and effects. Dodge is only ever asked for
(`use.ask_card`)."""

from __future__ import annotations

from dataclasses import dataclass

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.card import Aim, CardRule, CardUse
from game_agent.games.sanguosha.cards import VCard
from game_agent.games.sanguosha.damage import Damage, damage
from game_agent.games.sanguosha.distance import attack_range, distances_from
from game_agent.games.sanguosha.index import fire, index_of
from game_agent.games.sanguosha.recovery import recover
from game_agent.games.sanguosha.responses import ask_card, respond
from game_agent.games.sanguosha.state import State
from game_agent.games.sanguosha.timings import SLASH_EFFECTED, SLASH_MISSED


@dataclass(slots=True)
class SlashEffect:
    """Payload of `slash_effected` (Nioh Shield sets `no_effect`) and `slash_missed`
    (Axe sets `hit`; Blade uses another Slash)."""

    use: CardUse
    target: int
    no_effect: bool = False
    hit: bool = False


def slash_limit_ok(st: State, seat: int, vc: VCard) -> bool:
    used: int = st.players[seat].marks.get("slash_used", 0)
    return used < 1 + index_of(st).slash_extra(st, seat, vc)


def slash_targets(st: State, user: int, vc: VCard) -> Aim | None:
    """Counted toward the play-phase limit; anyone in attack range (the range of the cards
    left when its sub-cards are spent), up to 1 + the extra targets (Halberd)."""
    if not slash_limit_ok(st, user, vc):
        return None
    spent = frozenset(vc.subcards)
    reach = attack_range(st, user, spent)
    rules = index_of(st)
    seats = [t for t, d in distances_from(st, user, spent).items() if d <= reach]
    if rules.prohibit:
        seats = [t for t in seats if not rules.prohibited(st, user, t, "slash")]
    if not seats:
        return None
    return Aim(seats, most=1 + rules.target_extra(st, user, vc), counted=True)


def slash_effect(g: Game, use: CardUse, target: int) -> Settlement:
    se = SlashEffect(use, target)
    yield from fire(g, SLASH_EFFECTED, se, [target])
    if se.no_effect:
        return
    need = 0 if target in use.no_dodge else use.dodges.get(target, 1)
    dodged = need > 0
    ignore = target in use.ignore_armor
    for _ in range(need):
        vc = yield from ask_card(
            g, target, "dodge", "use", "slash", source=use.user, ignore_armor=ignore
        )
        if vc is None:
            dodged = False
            break
        yield from respond(g, target, vc, "use", "slash")
    if dodged:
        g.emit("slash_missed", {"source": use.user, "target": target})
        use.extra.setdefault("missed", []).append(target)
        yield from fire(g, SLASH_MISSED, se, [use.user])
        if not se.hit:
            return
    hit = Damage(use.user, target, 1, "normal", use.card, use.user, by_slash=True)
    yield damage(g, hit)


def wounded_self(st: State, user: int, vc: VCard) -> Aim | None:
    p = st.players[user]
    return Aim([user], pick=False) if p.hp < p.max_hp else None


def peach_effect(g: Game, use: CardUse, target: int) -> Settlement:
    yield from recover(g, target, 1, use.user, use.card)


CARDS = {
    "slash": CardRule(targets=slash_targets, effect=slash_effect),
    "peach": CardRule(targets=wounded_self, effect=peach_effect),
}
