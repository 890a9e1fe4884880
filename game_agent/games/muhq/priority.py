"""The action stack (rules 6.3) as frames on the engine's settlement stack.

`declare(g, frame)` pushes an action (``action_declared``: the card leaves the hand, the unit's
action is spent, costs are paid) and opens a **priority window** (gap G6, the recommended
protocol): every other player in turn order after the declarer, then the declarer, may declare a
fast action (a spell) or pass. A declaration is itself declared on top, with its own window,
and resolves first (last in, first out); then priority returns to the active player and the
round of passes starts again, in turn order from there, for the action below. When everyone
has passed in a row, the action executes (`resolve.execute`).

Which seats a window asks is the engine's response-window policy (`game_agent.engine.windows`):
every player is asked, in that order, whether or not it holds a spell with a legal target or a
free action it could pay (trading cards if need be); a seat with no fast action to declare is
asked with ``pass`` as its only option (the default of every priority request), so the wait
tells no one who could have responded. With ``conceal_responses = false`` such a seat is not
asked (its pass is implied). Trading two cards for 1 resource is not an action (rules 6.5): it
is offered in every priority request of a seat that can declare, and the seat is asked again
after. The Kraken has no seat and never responds.
"""

from __future__ import annotations

from typing import Any

from game_agent.engine import Game, Settlement, window_asks, window_request
from game_agent.games.muhq import actions, resolve
from protocol.games.muhq.state import MuhqState

Frame = dict[str, Any]
# Every `action_declared` has all these fields (nil where the action has none).
BLANK: Frame = {
    "card": None,
    "with": [],
    "perm": None,
    "target": None,
    "x": None,
    "y": None,
    "spend": None,
    "ability": None,
    "cost": 0,
}


def declare(g: Game, frame: Frame, then: list[Frame] | None = None) -> Settlement:
    """Declare `frame`, settle its priority windows and execute it. `then` (a scenario's action
    stack) is declared on top of it at once, in order, before anyone is asked."""
    st: MuhqState = g.state
    frame = {"id": st.actions + 1, **BLANK, **frame}
    g.emit("action_declared", frame)
    if then:
        yield declare(g, then[0], then[1:])
    declarer = frame["side"]
    n = st.players
    # every other player in turn order, then the declarer; after the Kraken, in seat order
    order = [(declarer + k) % n for k in range(1, n + 1)] if declarer < n else list(range(n))
    while True:
        response = None
        for seat in order:
            response = yield from window(g, seat, frame["id"])
            if response is not None:
                break
        if response is None:
            break
        yield declare(g, response)
        # the response has resolved: priority returns to the active player (rules 6.3 rec)
        active = st.active if 0 <= st.active < n else 0
        order = [(active + k) % n for k in range(n)]
    yield resolve.execute(g, frame)


def window(g: Game, seat: int, top: int) -> Any:
    """Ask `seat` for a fast action (again after each trade); a frame to declare, or None (pass).
    A seat with nothing to declare is asked with ``pass`` alone (`window_asks`)."""
    st: MuhqState = g.state
    while True:
        casts = actions.fast_options(st, seat)
        can = bool(casts) or actions.free_by_trading(st, seat)
        if not window_asks(can, conceal=g.config["conceal_responses"]):
            return None
        options = [actions.PASS, *casts, *actions.trades(st, seat)] if can else [actions.PASS]
        ask = g.ask(seat, "priority", options, 0, info={"top": top, "stack": len(st.stack)})
        i = yield window_request(ask, conceal=g.config["conceal_responses"])
        o = options[i]
        if o[0] == "pass":
            return None
        if o[0] == "trade":
            trade(g, seat, o[1], o[2])
            continue
        return response(st, seat, o)


def response(st: MuhqState, side: int, o: list[Any]) -> Frame:
    """The frame of a fast option: a spell, or a permanent's free action (its cost paid)."""
    if o[0] == "cast":
        return {"side": side, "kind": "cast", "card": o[1], "target": o[2]}
    fa = st.perm_card(o[1]).free_actions[o[2]]
    return {
        "side": side,
        "kind": "free",
        "perm": o[1],
        "ability": o[2],
        "target": o[3],
        "cost": fa.cost,
    }


def trade(g: Game, side: int, a: str, b: str) -> None:
    c = g.state.cards[side]
    g.emit("cards_traded", {"side": side, "cards": [a, b], "resource": c.resource + 1})
    resolve.check_resource_win(g)
