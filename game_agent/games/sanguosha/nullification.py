"""Nullification windows and chains (§2.4, §6 rows 2-4).

One window per pending trick effect (per target). Every living seat is offered the chance at
the same time (`g.together`: one deadline for the window, not one per seat). Which seats are
asked is the engine's response-window policy (`game_agent.engine.windows`): with
`conceal_responses` (the default) every one, a seat without a Nullification with only
`decline` (`use.ask_card`); without it only the seats that can produce one. When all have answered,
the first "yes" in action order from the current player takes effect (§6 row 2's reading for
a deterministic engine); the other answers lapse, their cards stay in hand. The Nullification
opens a new window against itself. The original effect is cancelled iff an odd number of
Nullifications were used in the chain.

Each request's `info` keeps `source` (the trick's user), `target` (the seat the pending card
acts on: the trick's target, then the seat whose Nullification is about to take effect) and
`against` (the trick, then "nullification"), and adds `chain`: `{"trick", "user", "target",
"used"}`, the trick being settled, its user (nil: a delayed trick's judgement), its target and
the seats whose Nullifications were used so far, in order (the last is about to take effect;
the trick is cancelled as it stands iff their number is odd). A client says every step from it.
"""

from __future__ import annotations

from game_agent.engine import Game, Settlement, window_seats
from game_agent.games.sanguosha.card import CardUse
from game_agent.games.sanguosha.cards import NAME, VCard
from game_agent.games.sanguosha.index import fire, index_of
from game_agent.games.sanguosha.responses import ask_card, emit_use
from game_agent.games.sanguosha.skill import USE
from game_agent.games.sanguosha.state import State, order_from_current
from game_agent.games.sanguosha.timings import CARD_USED
from game_agent.games.sanguosha.zones import clear_processing


def window(g: Game, card: VCard, target: int, user: int | None) -> Settlement:
    """-> True when the effect of `card` on `target` is cancelled (use with `yield from`)."""
    st: State = g.state
    cancelled = False
    against = card.name
    on = target
    used: list[int] = []  # the seats whose Nullifications were used in this chain, in order
    while True:
        # What the request says, for its words (every step names the trick, whose it is and on
        # whom, and whose Nullification is about to take effect): all of it public.
        chain = {"trick": card.name, "user": user, "target": target, "used": list(used)}
        order = order_from_current(st, on)
        asked = window_seats(
            order, lambda seat: _can_nullify(st, seat), conceal=index_of(st).conceal
        )
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
                    chain=chain,
                )
                for seat in asked
            ]
        )
        responder, vc = next(
            ((seat, a) for seat, a in zip(asked, answers, strict=True) if a is not None),
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
        used.append(responder)


def _can_nullify(st: State, seat: int) -> bool:
    """`seat` holds a Nullification or a skill that turns a card into one (as `use.ask_card`
    lists them)."""
    if any(NAME[c] == "nullification" for c in st.players[seat].hand):
        return True
    index = index_of(st)
    return bool(index.views) and bool(index.views_for(st, seat, USE, "nullification"))
