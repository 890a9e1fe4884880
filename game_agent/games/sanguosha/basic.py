"""Basic cards (§2.2): Slash and Peach effects. Dodge is only ever asked for (`use.ask_card`)."""

from __future__ import annotations

from dataclasses import dataclass

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.card import CardRule, CardUse
from game_agent.games.sanguosha.damage import Damage, damage
from game_agent.games.sanguosha.index import fire
from game_agent.games.sanguosha.recovery import recover
from game_agent.games.sanguosha.responses import ask_card, respond
from game_agent.games.sanguosha.timings import SLASH_EFFECTED, SLASH_MISSED


@dataclass(slots=True)
class SlashEffect:
    """Payload of `slash_effected` (Nioh Shield sets `no_effect`) and `slash_missed`
    (Axe sets `hit`; Blade uses another Slash)."""

    use: CardUse
    target: int
    no_effect: bool = False
    hit: bool = False


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


def peach_effect(g: Game, use: CardUse, target: int) -> Settlement:
    yield from recover(g, target, 1, use.user, use.card)


CARDS = {
    "slash": CardRule(effect=slash_effect),
    "peach": CardRule(effect=peach_effect),
}
