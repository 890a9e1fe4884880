"""Nullification windows and chains (§2.4, §6 rows 2-4).

One window per pending trick effect (per target). Deterministic asking: every living seat in
action order from the current player that can produce a Nullification is asked; the first "yes"
takes effect and opens a new window against itself. The original effect is cancelled iff an odd
number of Nullifications were used in the chain.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_agent.engine import Settlement
from game_agent.games.sanguosha import hooks
from game_agent.games.sanguosha.cards import NAME, VCard
from game_agent.games.sanguosha.state import State, action_order
from game_agent.games.sanguosha.zones import clear_processing

if TYPE_CHECKING:
    from game_agent.engine import Game


def window(g: Game, card: VCard, target: int, user: int | None) -> Settlement:
    """-> True when the effect of `card` on `target` is cancelled (use with `yield from`)."""
    from game_agent.games.sanguosha.use import Asked, CardUse, ask_card, emit_use

    st: State = g.state
    cancelled = False
    against = card.name
    on = target
    while True:
        responder = None
        vc = None
        start = st.current if st.current >= 0 and st.players[st.current].alive else on
        views = [v for v in hooks.VIEW_AS if v.card == "nullification"]
        asked = hooks.TRIGGERS.at(hooks.CARD_ASKED)
        for seat in action_order(st, start):
            # cheap skip of seats that cannot produce a Nullification at all
            if not views and not any(NAME[c] == "nullification" for c in st.players[seat].hand):
                probe = Asked(seat, "nullification", "use", "nullify", user, False)
                if not asked or not hooks.TRIGGERS.ready(g, hooks.CARD_ASKED, probe, [seat]):
                    continue
            vc = yield from ask_card(
                g, seat, "nullification", "use", "nullify", source=user, target=on, against=against
            )
            if vc is not None:
                responder = seat
                break
        if responder is None or vc is None:
            return cancelled
        use = CardUse(responder, vc, [])
        emit_use(g, use)
        if hooks.TRIGGERS.at(hooks.CARD_USED):
            order = action_order(st, start)
            if hooks.TRIGGERS.ready(g, hooks.CARD_USED, use, order):
                yield hooks.TRIGGERS.run(g, hooks.CARD_USED, use, order)
        yield from clear_processing(g, list(vc.subcards))
        cancelled = not cancelled
        against = "nullification"
        on = responder
