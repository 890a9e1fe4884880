"""The settlements of a game: preparation (rules 3-4), rounds and turns (rules 5), the action
phase (rules 6.4) with unit activations, buying (5.2) and discarding.

The engine's stack is ``root -> turn -> (action phase | activation) -> declare -> ...`` while a
player is asked; `priority.declare` frames nest for responses (rules 6.3). Secret: decks (order)
and hands go to their owner only; the public forms carry counts (`protocol.games.muhq.schema`).
"""

from __future__ import annotations

from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.muhq import actions, defeat, draft, kraken, resolve
from game_agent.games.muhq.deck import draw, refill
from game_agent.games.muhq.priority import declare, response, trade
from game_agent.games.muhq.upkeep import gain as upkeep_gain
from protocol.games.muhq.content import Card
from protocol.games.muhq.state import MuhqState, Perm


def root(g: Game) -> Settlement:
    cfg = g.config
    st: MuhqState = g.state
    sc = cfg["scenario"]
    first = cfg["first_player"]
    if first is None:
        first = g.rng.below(st.players)  # gap G3: a seeded random first player
    if sc is None:
        yield from setup(g, first)
        start_round, start_side, phase = 1, first, "start"
        pending: list[dict[str, Any]] = []
    else:
        scenario_setup(g, first, sc)
        start_round, start_side, phase = sc["round"], sc["turn"], sc["phase"]
        pending = [dict(f) for f in sc["stack"]]  # actions declared and waiting (bottom first)
    order = [(first + k) % st.players for k in range(st.players)]
    if st.kraken:
        order.append(st.players)  # the Kraken plays after the players (rules 17.3)
    at = order.index(start_side)
    yield from rounds(g, tuple(order), start_round, at, 0, phase, pending, False)


def rounds(
    g: Game,
    order: tuple[int, ...],
    r: int,
    at: int,
    n: int,
    phase: str,
    pending: list[dict[str, Any]],
    started: bool,
) -> Settlement:
    """Round `r` from its `at`-th side (turn `n` + 1) to the end of the game; `phase` and
    `pending`: where the first of these turns begins (a scenario's); `started`: round `r`'s
    `round_started` is already out. A checkpoint before each turn that begins afresh."""
    st: MuhqState = g.state
    last = g.config["max_rounds"]
    while r <= last:
        if not started:
            g.emit("round_started", {"round": r})
        started = False
        for i in range(at, len(order)):
            side = order[i]
            if phase == "start" and not pending:
                yield g.checkpoint(rounds, order, r, i, n, "start", [], True)
            n += 1
            if side == st.players and st.kraken:
                yield kraken.turn(g, n)
            else:
                yield turn(g, side, n, phase, pending)
            phase, pending = "start", []
        at = 0
        r += 1
    reason = "max_rounds"
    winners: list[int] = []  # a duel is drawn; the Kraken wins when it was not slain in time
    g.end({"winners": winners, "reason": reason, "round": last})


def _starting(g: Game, first: int) -> list[list[str]]:
    """Each side's starting deck, shuffled with the game's generator (rules 3.5)."""
    st: MuhqState = g.state
    decks = []
    for side in range(st.sides):
        table = st.spec.kraken_deck if side == st.players else st.spec.starting_deck
        deck = [cid for cid, n in sorted(table.items()) for _ in range(n)]
        g.rng.shuffle(deck)
        decks.append(deck)
    return decks


OPTIONS = ("diagonal_rule", "defeat_threshold", "hand_rule", "reshuffle_mid_draw", "max_rounds")


def described(g: Game) -> dict[str, Any]:
    """What `game_started` tells every seat so a client needs nothing else: the rule options,
    the texts of the content files added to the bundled ones, and every card and the map as
    plain data (a client in any language reads them instead of the TOML)."""
    st: MuhqState = g.state
    spec = st.spec
    return {
        "options": {k: g.config[k] for k in OPTIONS},
        "content": [list(item) for item in g.config["content"]],
        "cards": {cid: card_data(c) for cid, c in sorted(st.content.cards.items())},
        "grid": {
            "width": spec.width,
            "height": spec.height,
            "tiles": list(spec.tiles),
            "win": dict(spec.win),
        },
    }


def card_data(c: Card) -> dict[str, Any]:
    return {
        "name": c.name,
        "set": c.set,
        "type": c.type,
        "buy": c.buy,
        "life": c.life,
        "move": c.move,
        "attack": [[a.x, a.r] for a in c.attack],
        "upkeep": c.upkeep,
        "swimming": c.swimming,
        "crew": c.crew,
        "solid": c.solid,
        "durability": c.durability,
        "keywords": list(c.keywords),
        "effects": list(c.effects),
        "ai": c.ai,
        "free_actions": [[fa.cost, fa.effect] for fa in c.free_actions],
    }


def setup(g: Game, first: int) -> Settlement:
    cfg = g.config
    st: MuhqState = g.state
    spec = st.spec
    stores: list[list[str]] = [[] for _ in range(st.sides)]
    if not cfg["draft"]:
        quick = [
            cid
            for sid in cfg["sets"]
            for cid, n in sorted(st.content.sets[sid].store.items())
            for _ in range(n)
        ]
        for side in range(st.players):
            stores[side] = list(quick)
    units = []
    pid = 1
    for card, player, x, y in spec.starting_units:
        side = st.players if player == 0 else player - 1
        units.append({"perm": pid, "card": card, "owner": side, "x": x, "y": y})
        pid += 1
    g.emit(
        "game_started",
        {
            "players": st.players,
            "map": spec.id,
            "mode": cfg["mode"],
            "first_player": first,
            "draft": cfg["draft"],
            "scenario": None,
            "round": 0,
            "resource": [spec.start_resource] * st.sides,
            "stores": stores,
            "discards": [[] for _ in range(st.sides)],
            "upkeeps": [0] * st.sides,
            "permanents": units,
            **described(g),
        },
    )
    for side, deck in enumerate(_starting(g, first)):
        g.emit(
            "deck_set",
            {"side": side, "deck": deck},
            seats=(),
            public={"side": side, "count": len(deck)},
        )
    if cfg["draft"]:
        yield from run_draft(g, first)


def run_draft(g: Game, first: int) -> Settlement:
    """Rules 4 (and gap G14): packs of 10, pick one and pass the pack to the next seat."""
    st: MuhqState = g.state
    pool = [
        cid
        for sid in g.config["sets"]
        for cid, n in sorted(st.content.sets[sid].pool.items())
        for _ in range(n)
    ]
    g.rng.shuffle(pool)
    packs = draft.packs_of(pool)
    g.emit("draft_started", {"packs": len(packs), "pool": len(pool)})
    n = st.players
    drafted: list[list[str]] = [[] for _ in range(n)]
    while len(packs) >= n and min(len(d) for d in drafted) < draft.ENOUGH:
        hands = [packs.pop(0) for _ in range(n)]
        rnd = 0
        while any(hands):
            for seat in range(n):
                pack = hands[seat]
                if not pack:
                    continue
                options = sorted(set(pack))
                i = yield g.ask(
                    seat,
                    "draft_pick",
                    options,
                    0,
                    info={"pack": len(pack), "picked": len(drafted[seat])},
                )
                card = options[i]
                pack.remove(card)
                drafted[seat].append(card)
                g.emit(
                    "card_drafted",
                    {"side": seat, "card": card},
                    seats=(seat,),
                    public={"side": seat},
                )
            hands = [hands[(seat - 1) % n] for seat in range(n)]  # each pack goes to the next seat
            rnd += 1
    for seat in range(n):
        g.emit("store_set", {"side": seat, "store": sorted(drafted[seat])})


def scenario_setup(g: Game, first: int, sc: dict[str, Any]) -> None:
    st: MuhqState = g.state
    g.emit(
        "game_started",
        {
            "players": st.players,
            "map": st.spec.id,
            "mode": g.config["mode"],
            "first_player": first,
            "draft": False,
            "scenario": sc["name"],
            "round": sc["round"] - 1,
            "resource": [s["resource"] for s in sc["sides"]],
            "stores": [s["store"] for s in sc["sides"]],
            "discards": [s["discard"] for s in sc["sides"]],
            "upkeeps": [s["upkeeps"] for s in sc["sides"]],
            "permanents": sc["permanents"],
            **described(g),
        },
    )
    for side, s in enumerate(sc["sides"]):
        g.emit(
            "deck_set",
            {"side": side, "deck": s["deck"]},
            seats=(),
            public={"side": side, "count": len(s["deck"])},
        )
        seats = (side,) if side < st.players else None
        g.emit(
            "hand_set",
            {"side": side, "hand": s["hand"]},
            seats=seats,
            public={"side": side, "count": len(s["hand"])},
        )


# --- a player's turn (rules 5) -------------------------------------------------------------------


def turn(
    g: Game, side: int, n: int, phase: str = "start", pending: list[dict[str, Any]] | None = None
) -> Settlement:
    st: MuhqState = g.state
    cfg = g.config
    g.emit("turn_started", {"turn": n, "side": side, "round": st.round})
    if phase == "start":
        refill(g, side)
        draw(g, side, cfg["reshuffle_mid_draw"])
        yield from upkeep(g, side)
    if pending:  # a scenario's action stack: declared in order, then settled as usual
        yield declare(g, pending[0], then=pending[1:])
    yield from action_phase(g, side)
    yield from buying(g, side)
    c = st.cards[side]
    if cfg["hand_rule"] == "discard_and_draw":
        if c.hand:
            g.emit("cards_discarded", {"side": side, "cards": list(c.hand)})
    elif c.hand:
        hand = list(c.hand)
        picked = yield g.ask(side, "discard", hand, [], form="subset", min=0, max=len(hand))
        if picked:
            g.emit("cards_discarded", {"side": side, "cards": [hand[i] for i in picked]})


def upkeep(g: Game, side: int) -> Settlement:
    """Rules 5.1: gain the map's resource, then pay each unit's upkeep or destroy it."""
    st: MuhqState = g.state
    spec = st.spec
    second = side == (st.first_player + 1) % st.players
    amount = upkeep_gain(
        spec.resource_gain, st.upkeeps[side] == 0, second, spec.second_player_bonus
    )
    resolve.gain(g, side, amount, "upkeep")
    for pid in sorted(p.id for p in st.units_of(side)):
        p = st.perms.get(pid)
        if p is None:
            continue
        cost = st.content.cards[p.card].upkeep
        if cost <= 0:
            continue
        while True:
            c = st.cards[side]
            if c.resource < cost:  # a unit whose upkeep cannot be paid is destroyed
                options: list[list[Any]] = [["destroy"], *actions.trades(st, side)]
                if len(options) == 1:
                    yield from resolve.leave(g, pid, "permanent_destroyed", "upkeep")
                    break
            else:
                options = [["pay"], ["destroy"], *actions.trades(st, side)]
            i = yield g.ask(
                side,
                "upkeep",
                options,
                0,
                info={"perm": pid, "card": p.card, "upkeep": cost, "resource": c.resource},
            )
            o = options[i]
            if o[0] == "trade":
                trade(g, side, o[1], o[2])
                continue
            if o[0] == "pay":
                g.emit(
                    "upkeep_paid",
                    {"side": side, "perm": pid, "amount": cost, "resource": c.resource - cost},
                )
            else:
                yield from resolve.leave(g, pid, "permanent_destroyed", "upkeep")
            break


def action_phase(g: Game, side: int) -> Settlement:
    st: MuhqState = g.state
    while True:
        options = actions.phase_options(st, side)
        i = yield g.ask(
            side, "action", options, len(options) - 1, info={"resource": st.cards[side].resource}
        )
        o = options[i]
        verb = o[0]
        if verb == "end":
            return
        if verb == "trade":
            trade(g, side, o[1], o[2])
        elif verb == "play":
            frame = {"side": side, "kind": "play", "card": o[1], "x": o[2], "y": o[3]}
            if len(o) > 4:
                frame["with"] = [o[4]]
            yield declare(g, frame)
        elif verb in ("cast", "free"):
            yield declare(g, response(st, side, o))
        else:
            yield activate(g, o[1])


def activate(g: Game, pid: int) -> Settlement:
    """Rules 6.4: a selected unit acts until it has no action left or is tapped, then taps.
    Poison: each activation adds a token (rules 12)."""
    st: MuhqState = g.state
    p = st.perms[pid]
    side = p.controller
    g.emit("unit_selected", {"perm": pid, "side": side})
    if p.poison > 0:
        defeat.add_token(g, pid, "poison", 1)
        yield from resolve.after_defeats(g)
    while pid in st.perms:
        p = st.perms[pid]
        options = actions.unit_options(st, p)
        if len(options) == 1:
            break
        i = yield g.ask(
            side, "unit_action", options, len(options) - 1, info={"perm": pid, "card": p.card}
        )
        o = options[i]
        if o[0] == "tap":
            break
        yield declare(g, unit_frame(p, o))
    if pid in st.perms:
        g.emit("unit_tapped", {"perm": pid})


def unit_frame(p: Perm, o: list[Any]) -> dict[str, Any]:
    """The action frame of a unit option (what it spends, its targets)."""
    verb = o[0]
    frame: dict[str, Any] = {"side": p.controller, "kind": verb, "perm": p.id}
    if verb in ("move", "street"):
        frame.update(x=o[1], y=o[2], spend="move" if verb == "move" else "street")
    elif verb == "enter":
        frame.update(target=o[1], spend="move")
    elif verb == "attack":
        frame.update(target=o[1], spend="attack")
    elif verb == "farm":
        frame.update(spend="full")
    elif verb == "carry":
        frame.update(target=o[1], x=o[2], y=o[3], spend="full")
    else:  # unparalyse, equip, swap: instead of a move or an attack
        frame["spend"] = actions.either(p)
        if len(o) > 1:
            frame["target"] = o[1]
    return frame


def buying(g: Game, side: int) -> Settlement:
    """Rules 5.2: at most one card from the own store, onto the discard pile."""
    st: MuhqState = g.state
    while True:
        options = [*actions.buy_options(st, side), *actions.trades(st, side)]
        if len(options) == 1:
            return
        c = st.cards[side]
        i = yield g.ask(side, "buy", options, 0, info={"resource": c.resource})
        o = options[i]
        if o[0] == "pass":
            return
        if o[0] == "trade":
            trade(g, side, o[1], o[2])
            continue
        cost = st.content.cards[o[1]].buy or 0
        g.emit(
            "card_bought", {"side": side, "card": o[1], "cost": cost, "resource": c.resource - cost}
        )
        return
