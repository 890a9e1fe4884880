"""A muhq bot for docs/bots.md (the duel): march on the enemy King and hit what is in reach.

The view is the game's state as this seat may know it (`view.state`: the map, every
permanent with its owner and tile, the cards' content); the other hands are "?".

- `action`: play a card onto the map, cast a spell on an enemy, select a unit that can still
  act, else end the phase;
- `unit_action`: attack an enemy in reach; else a unit (not the King) steps towards the enemy
  King; else it is done (`tap`);
- `buy`: the dearest card offered; `upkeep`: pay when it can; the rest: the default.

Run it from the repository root:  sgs sim --game muhq --bots examples.bots.muhq_bot:Bot
or from this directory:           sgs sim --game muhq --bots muhq_bot:Bot
"""

from __future__ import annotations

from protocol.choices import Choice, RequestSpec
from protocol.games.muhq.asks import Alone, Buy, Cast, End, OnPerm, Pay, Play, Select, ToTile
from protocol.games.muhq.state import MuhqState
from user_agent.bot import Bot as BaseBot
from user_agent.bot import View
from user_agent.games.muhq.view import MuhqView


class Bot(BaseBot):
    name = "guide-muhq"
    game = "muhq"

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view if view is not None else MuhqView(seat, 2))

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if not isinstance(view, MuhqView) or view.state is None or not view.ready:
            return request.default  # the view could not fold the game: the safe answer
        st, options = view.state, self.options(request)
        if request.kind == "action":
            for wanted in (Play, Cast, Select):
                for i, o in enumerate(options):
                    if isinstance(o, Cast) and not self.foe(st, o.target):
                        continue  # no spell on our own permanents
                    if isinstance(o, wanted):
                        return i
            return next(i for i, o in enumerate(options) if isinstance(o, End))
        if request.kind == "unit_action":
            return self.unit_action(st, int(request.info["perm"]), options)
        if request.kind == "buy":
            bids = [
                (st.content.cards[o.card].buy or 0, i)
                for i, o in enumerate(options)
                if isinstance(o, Buy)
            ]
            return max(bids)[1] if bids else 0  # 0: ["pass"]
        if request.kind == "upkeep":
            return next((i for i, o in enumerate(options) if isinstance(o, Pay)), request.default)
        return request.default  # priority: pass; discard: keep all; drop, draft: the first

    def foe(self, st: MuhqState, perm: int) -> bool:
        p = st.perms.get(perm)
        return p is not None and p.controller != self.seat

    def unit_action(self, st: MuhqState, unit: int, options: list[object]) -> int:
        for i, o in enumerate(options):
            if isinstance(o, OnPerm) and o.verb == "attack" and self.foe(st, o.perm):
                return i
        tap = next(i for i, o in enumerate(options) if isinstance(o, Alone) and o.verb == "tap")
        me = st.perms[unit]
        if "vip" in st.content.cards[me.card].keywords:
            return tap  # the King stays home
        kings = [
            p.pos
            for p in st.perms.values()
            if p.controller != self.seat and "vip" in st.content.cards[p.card].keywords
        ]
        if not kings:
            return tap

        def far(x: int, y: int) -> int:  # steps to the nearest enemy King
            return min(abs(x - kx) + abs(y - ky) for kx, ky in kings)

        moves = [(far(o.x, o.y), i) for i, o in enumerate(options) if isinstance(o, ToTile)]
        if moves and min(moves)[0] < far(*me.pos):
            return min(moves)[1]
        return tap
