"""Invariants of a muhq game, checked by the soak and the tests (not used in play).

- `cards_of(st, side)`: every card a side has, wherever it is (deck, hand, discard, store,
  permanents it owns on the map or in stacks, cards on the action stack). Playing, drawing,
  discarding, buying, defeat and destruction only move cards between these zones, so the
  multiset stays the same from the end of the preparation to the end of the game.
- `at_rest(st, threshold)`: what must hold whenever a player is asked (no half-settled effect):
  resources and counters non-negative, the board and the stacks agree with each other, every
  permanent on the map undefeated (damage and poison, rules 10.1 and 12), equipment durability
  at least 1, permanents only on tiles available to them (rules 11.2).
- `problems(g)`: the whole game: the card multisets after every event, `at_rest` at every
  decision, exactly one outcome at the end, and no secret card in a public form.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game_agent.engine import SPECTATOR, Game, view_for
from game_agent.games.muhq import combat
from protocol.games.muhq.state import MuhqState, apply, new_state

SECRET = ("deck_set", "hand_set", "deck_refilled", "cards_drawn", "card_drafted")
SETUP = ("game_started", "deck_set", "hand_set", "store_set", "card_drafted", "draft_started")


def cards_of(st: MuhqState, side: int) -> Counter[str]:
    c = st.cards[side]
    out = Counter(c.deck) + Counter(c.hand) + Counter(c.discard) + Counter(c.store)
    out.update(p.card for p in st.perms.values() if p.owner == side)
    for f in st.stack:
        if f["side"] == side:
            out.update(x for x in (f["card"], *f["with"]) if x is not None)
    return out


def at_rest(st: MuhqState, threshold: str) -> list[str]:
    out = []
    cards = st.content.cards
    for side, c in enumerate(st.cards):
        if c.resource < 0:
            out.append(f"side {side} has resource {c.resource}")
    for pos, pid in st.board.items():
        p = st.perms.get(pid)
        if p is None or p.pos != pos or p.under is not None:
            out.append(f"board {pos} -> {pid} disagrees with the permanent")
            continue
        card = cards[p.card]
        if (st.spec.tile(*pos) == "#") != card.swimming:
            out.append(f"{p.card} #{pid} stands on {st.spec.tile(*pos)} at {pos}")
    for pid, p in st.perms.items():
        card = cards[p.card]
        if min(p.damage, p.poison, p.paralysis) < 0:
            out.append(f"#{pid} has a negative counter")
        if p.under is None and st.board.get(p.pos) != pid:
            out.append(f"#{pid} is neither on the map nor in a stack")
        if p.under is not None:
            base = st.perms.get(p.under)
            if base is None or pid not in base.stack or base.pos != p.pos:
                out.append(f"#{pid} is in a stack that does not hold it")
        life = card.life if card.type == "unit" else card.solid
        if (card.type == "unit" or card.solid) and combat.defeated(life, p.damage, threshold):
            out.append(f"#{pid} {p.card} is defeated but still on the map")
        if card.type == "unit" and combat.poisoned_out(life, p.damage, p.poison):
            out.append(f"#{pid} {p.card} has more poison than life but is still on the map")
        if card.type == "equipment" and p.durability < 1:
            out.append(f"#{pid} has durability {p.durability}")
    return out


def problems(g: Game, rest_checks: list[str] | None = None) -> list[str]:
    """Everything wrong with a finished game (`rest_checks`: what `at_rest` found during play)."""
    out = list(rest_checks or [])
    st = new_state(g.config, g.state.content, g.seats)
    base: list[Counter[str]] | None = None
    transit = 0  # played permanents between the stack and the map
    for n, ev in enumerate(g.events):
        if ev.kind == "action_executed" and st.stack[-1]["kind"] == "play":
            transit = 1 + len(st.stack[-1]["with"])
        elif ev.kind == "permanent_entered" and transit:
            transit -= 1
        apply(st, ev)
        if ev.kind in SETUP:
            base = None
            continue
        if transit:
            continue
        counts = [cards_of(st, s) for s in range(st.sides)]
        if base is None:
            base = counts
        elif counts != base:
            for s in range(st.sides):
                if counts[s] != base[s]:
                    lost = base[s] - counts[s]
                    made = counts[s] - base[s]
                    out.append(f"event {n} {ev.kind}: side {s} lost {dict(lost)} made {dict(made)}")
            base = counts
        if ev.kind in SECRET and ev.data["side"] < g.seats:
            out.extend(_leaks(ev.kind, ev, g.seats))
    overs = [e for e in g.events if e.kind == "game_over"]
    if len(overs) != 1 or overs[0] is not g.events[-1] or g.outcome is None:
        out.append("expected exactly one outcome, at the end")
    return out


def _leaks(kind: str, ev: Any, seats: int) -> list[str]:
    out = []
    side = ev.data["side"]
    for seat in (*range(seats), SPECTATOR):
        if seat == side and kind in ("hand_set", "cards_drawn", "card_drafted"):
            continue
        seen = view_for(ev, seat)
        if seen is not None and any(k in seen for k in ("deck", "hand", "cards", "card")):
            out.append(f"seat {seat} sees the cards of {kind} for side {side}")
    return out
