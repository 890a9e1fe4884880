"""Nullification windows and chains (§2.4, §6 rows 2-4).

One window per pending trick effect (per target). Deterministic asking: every living seat in
action order from the current player is offered the chance (`use.ask_card`: with
`conceal_responses` each one is asked, a seat without a Nullification with only `decline`;
without it only the seats that can produce one are asked); the first "yes" takes effect and
opens a new window against itself. The original effect is cancelled iff an odd number of
Nullifications were used in the chain.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_agent.engine import Settlement
from game_agent.games.sanguosha.cards import VCard
from game_agent.games.sanguosha.state import State, order_from_current
from game_agent.games.sanguosha.timings import CARD_USED, fire
from game_agent.games.sanguosha.use import CardUse, ask_card, emit_use
from game_agent.games.sanguosha.zones import clear_processing

if TYPE_CHECKING:
    from game_agent.engine import Game


def window(g: Game, card: VCard, target: int, user: int | None) -> Settlement:
    """-> True when the effect of `card` on `target` is cancelled (use with `yield from`)."""
    st: State = g.state
    cancelled = False
    against = card.name
    on = target
    while True:
        responder = None
        vc = None
        order = order_from_current(st, on)
        for seat in order:
            vc = yield from ask_card(
                g, seat, "nullification", "use", "nullify", source=user, target=on, against=against
            )
            if vc is not None:
                responder = seat
                break
        if responder is None or vc is None:
            return cancelled
        use = CardUse(responder, vc, [])
        yield from emit_use(g, use)
        yield from fire(g, CARD_USED, use, order)
        yield from clear_processing(g, list(vc.subcards))
        cancelled = not cancelled
        against = "nullification"
        on = responder
