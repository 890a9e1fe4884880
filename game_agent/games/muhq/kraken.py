"""The Kraken's turn (rules 17.3), played by the ruleset with the game's seeded generator.

0. An empty deck takes its shuffled discard pile.
1. Gain players x 5 resource.
2. Upkeep: while the units' total upkeep is more than the resource, destroy a random unit;
   then pay all upkeep.
3. Draw a card face up (``card_revealed``); while it can be played (a legal tile now, no cost,
   gap G5) play it on a random legal tile and draw again.
4. Discard the card that could not be played.
5. (Gap G15, the recommended reading.) Activate every untapped Kraken unit once, in random
   order, each running the unit AI of its card (rules 17.2; Aggressive without one).

Its plays and unit actions are declared on the action stack like anyone's, so the players may
answer them with spells in the priority windows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from game_agent.engine import Game, Rng, Settlement
from game_agent.games.muhq import actions, ai, defeat, placement, resolve
from game_agent.games.muhq.deck import refill
from game_agent.games.muhq.priority import declare
from game_agent.games.muhq.upkeep import KRAKEN_GAIN_PER_PLAYER, kraken_upkeep
from protocol.games.muhq.state import ATTACK, MOVE, MuhqState

T = TypeVar("T")


class Chance:
    """The engine's generator under the names `ai` and `upkeep` use."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.rng.below(len(seq))]

    def randrange(self, n: int) -> int:
        return self.rng.below(n)


def turn(g: Game, n: int) -> Settlement:
    st: MuhqState = g.state
    side = st.players
    g.emit("turn_started", {"turn": n, "side": side, "round": st.round})
    refill(g, side)
    before = st.cards[side].resource
    resolve.gain(g, side, KRAKEN_GAIN_PER_PLAYER * st.players, "upkeep")
    chance = Chance(g.rng)
    units = sorted(p.id for p in st.units_of(side))
    cards = st.content.cards
    upkeeps = [cards[st.perms[u].card].upkeep for u in units]
    _, destroyed = kraken_upkeep(before, st.players, upkeeps, chance)
    for i in destroyed:
        yield from resolve.leave(g, units[i], "permanent_destroyed", "upkeep")
    total = sum(upkeeps) - sum(upkeeps[i] for i in destroyed)
    if total:
        c = st.cards[side]
        g.emit(
            "upkeep_paid",
            {"side": side, "perm": 0, "amount": total, "resource": c.resource - total},
        )
    c = st.cards[side]
    while c.deck:
        card = c.deck[0]
        g.emit("card_revealed", {"side": side, "card": card})
        spec = cards[card]
        tiles = (
            placement.play_tiles(st.spec, set(st.board), 0, spec.swimming) if spec.permanent else []
        )
        if not tiles:
            g.emit("cards_discarded", {"side": side, "cards": [card]})
            break
        x, y = chance.choice(tiles)
        yield declare(g, {"side": side, "kind": "play", "card": card, "x": x, "y": y})
    order = sorted(p.id for p in st.units_of(side) if not p.tapped)
    g.rng.shuffle(order)
    for pid in order:
        if pid in st.perms:
            yield activate(g, pid, chance)


def activate(g: Game, pid: int, chance: Chance) -> Settlement:
    st: MuhqState = g.state
    g.emit("unit_selected", {"perm": pid, "side": st.players})
    if st.perms[pid].poison > 0:  # rules 12: each activation of a poisoned unit adds a token
        defeat.add_token(g, pid, "poison", 1)
        yield from resolve.after_defeats(g)
    while pid in st.perms:
        p = st.perms[pid]
        cards = st.content.cards
        card = cards[p.card]
        enemies = [
            q.pos
            for q in st.perms.values()
            if q.under is None and q.controller < st.players and cards[q.card].type == "unit"
        ]
        allies = [q.pos for q in st.units_of(st.players) if q.id != pid and q.under is None]
        s = ai.Situation(st.spec, set(st.board), enemies, allies, st.spec.diagonal_rule)
        unit = ai.Unit(p.pos, card.move, actions.attacks_of(st, p), card.swimming)
        budget = ai.Budget(actions.free(p, MOVE), actions.free(p, ATTACK), False)  # no full actions
        if p.paralysis > 0:
            if actions.either(p) is None:
                break
            yield declare(
                g,
                {"side": st.players, "kind": "unparalyse", "perm": pid, "spend": actions.either(p)},
            )
            continue
        act = ai.next_action(card.ai, unit, s, budget, chance)
        if act is None or act.target is None:
            break
        if act.kind == "move":
            frame = {
                "side": st.players,
                "kind": "move",
                "perm": pid,
                "x": act.target[0],
                "y": act.target[1],
                "spend": MOVE,
            }
        else:
            target = st.board[act.target]
            if target not in actions.attack_targets(st, p):
                break
            frame = {
                "side": st.players,
                "kind": "attack",
                "perm": pid,
                "target": target,
                "spend": ATTACK,
            }
        yield declare(g, frame)
    if pid in st.perms:
        g.emit("unit_tapped", {"perm": pid})
