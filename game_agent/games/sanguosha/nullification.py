"""Nullification windows and chains (§2.4, §6 rows 2-4).

One window per pending trick effect (per target). Every living seat is offered the chance at
the same time (`g.together`: one deadline for the window, not one per seat; `use.ask_card`:
with `conceal_responses` each one is asked, a seat without a Nullification with only
`decline`; without it only the seats that can produce one are asked). When all have answered,
the first "yes" in action order from the current player takes effect (§6 row 2's reading for
a deterministic engine); the other answers lapse, their cards stay in hand. The Nullification
opens a new window against itself. The original effect is cancelled iff an odd number of
Nullifications were used in the chain.
"""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.card import CardUse
from game_agent.games.sanguosha.cards import VCard
from game_agent.games.sanguosha.index import fire
from game_agent.games.sanguosha.responses import ask_card, emit_use
from game_agent.games.sanguosha.state import State, order_from_current
from game_agent.games.sanguosha.timings import CARD_USED
from game_agent.games.sanguosha.zones import clear_processing


def window(g: Game, card: VCard, target: int, user: int | None) -> Settlement:
    """-> True when the effect of `card` on `target` is cancelled (use with `yield from`)."""
    st: State = g.state
    cancelled = False
    against = card.name
    on = target
    while True:
        order = order_from_current(st, on)
        answers: list[VCard | None] = yield g.together(
            [
                ask_card(
                    g,
                    seat,
                    "nullification",
                    "use",
                    "nullify",
                    source=user,
                    target=on,
                    against=against,
                )
                for seat in order
            ]
        )
        responder, vc = next(
            ((seat, a) for seat, a in zip(order, answers, strict=True) if a is not None),
            (None, None),
        )
        if responder is None or vc is None:
            return cancelled
        use = CardUse(responder, vc, [])
        yield from emit_use(g, use)
        yield from fire(g, CARD_USED, use, order)
        yield from clear_processing(g, list(vc.subcards))
        cancelled = not cancelled
        against = "nullification"
        on = responder
