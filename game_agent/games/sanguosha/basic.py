"""Basic cards (§2.2): Slash and Peach effects. Dodge is only ever asked for (`use.ask_card`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game_agent.engine import Settlement
from game_agent.games.sanguosha import hooks
from game_agent.games.sanguosha.damage import Damage, damage
from game_agent.games.sanguosha.recovery import recover
from game_agent.games.sanguosha.use import EFFECTS, CardUse, ask_card, respond

if TYPE_CHECKING:
    from game_agent.engine import Game


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
    if hooks.TRIGGERS.ready(g, hooks.SLASH_EFFECTED, se, [target]):
        yield hooks.TRIGGERS.run(g, hooks.SLASH_EFFECTED, se, [target])
    if se.no_effect:
        return
    need = use.dodges.get(target, 1)
    dodged = need > 0
    ignore = target in use.ignore_armor
    for _ in range(need):
        vc = yield from ask_card(
            g, target, "dodge", "use", "slash", source=use.user, ignore_armor=ignore
        )
        if vc is None:
            dodged = False
            break
        respond(g, target, vc, "use", "slash")
    if dodged:
        g.emit("slash_missed", {"source": use.user, "target": target})
        use.extra.setdefault("missed", []).append(target)
        if hooks.TRIGGERS.ready(g, hooks.SLASH_MISSED, se, [use.user]):
            yield hooks.TRIGGERS.run(g, hooks.SLASH_MISSED, se, [use.user])
        if not se.hit:
            return
    yield damage(g, Damage(use.user, target, 1, "normal", use.card, by_slash=True))


def peach_effect(g: Game, use: CardUse, target: int) -> Settlement:
    yield from recover(g, target, 1, use.user, use.card)


EFFECTS["slash"] = slash_effect
EFFECTS["peach"] = peach_effect
