"""Moving cards between zones (§0.2, §1): every move is one event; hidden moves are redacted.

Zones: "draw" (index 0 = top), "discard", "processing", and per seat "hand", "equip", "judge".
A move between two hidden places (a hand or the draw pile) is shown in full only to the hand
owners involved; everybody else gets counts and zones. The draw pile's order only travels in
events whose audience is empty (`seats=()`), so it never reaches a seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game_agent.engine import Settlement
from game_agent.games.sanguosha import hooks
from game_agent.games.sanguosha.cards import DESC
from game_agent.games.sanguosha.state import Player, State, action_order

if TYPE_CHECKING:
    from game_agent.engine import Game

HIDDEN = frozenset(("hand", "draw", "draw_bottom"))


@dataclass(slots=True)
class Moved:
    """Payload of the `cards_moved` timing."""

    cards: list[int]
    frm: str
    from_seat: int | None
    to: str
    to_seat: int | None
    reason: str


def where(p: Player, cid: int) -> str:
    if cid in p.hand:
        return "hand"
    if cid in p.judge:
        return "judge"
    return "equip"


def move(
    g: Game,
    ids: list[int],
    frm: str,
    from_seat: int | None,
    to: str,
    to_seat: int | None,
    reason: str,
) -> Settlement:
    """Emit one move (use with `yield from`)."""
    if not ids:
        return
    data: dict[str, Any] = {
        "cards": [DESC[c] for c in ids],
        "from": frm,
        "from_seat": from_seat,
        "to": to,
        "to_seat": to_seat,
        "reason": reason,
    }
    if frm in HIDDEN and to in HIDDEN:
        audience = tuple(
            s for s, z in ((from_seat, frm), (to_seat, to)) if z == "hand" and s is not None
        )
        public = {
            "count": len(ids),
            "from": frm,
            "from_seat": from_seat,
            "to": to,
            "to_seat": to_seat,
            "reason": reason,
        }
        g.emit("move", data, seats=tuple(dict.fromkeys(audience)), public=public)
    else:
        g.emit("move", data)
    if hooks.TRIGGERS.at(hooks.CARDS_MOVED):
        st: State = g.state
        payload = Moved(list(ids), frm, from_seat, to, to_seat, reason)
        order = action_order(st, st.current)
        if hooks.TRIGGERS.ready(g, hooks.CARDS_MOVED, payload, order):
            yield hooks.TRIGGERS.run(g, hooks.CARDS_MOVED, payload, order)


def lose_cards(
    g: Game, seat: int, ids: list[int], to: str, to_seat: int | None, reason: str
) -> Settlement:
    """Move cards out of a seat's areas (hand / equipment / judgement), grouped by zone."""
    p: Player = g.state.players[seat]
    groups: dict[str, list[int]] = {}
    for cid in ids:
        groups.setdefault(where(p, cid), []).append(cid)
    for zone in ("hand", "equip", "judge"):
        if zone in groups:
            yield from move(g, groups[zone], zone, seat, to, to_seat, reason)


def discard(g: Game, seat: int, ids: list[int], reason: str) -> Settlement:
    yield from lose_cards(g, seat, ids, "discard", None, reason)


def clear_processing(g: Game, ids: list[int], reason: str = "settled") -> Settlement:
    """Put the given cards from the processing area to the discard pile (those still there)."""
    st: State = g.state
    left = [c for c in ids if c in st.processing]
    yield from move(g, left, "processing", None, "discard", None, reason)


def ensure(g: Game, n: int) -> None:
    """Make sure the draw pile holds n cards: reshuffle the discard pile below it (§4.11).

    If even then there are fewer than n cards (both piles exhausted), the game is a draw.
    """
    st: State = g.state
    if len(st.draw) >= n:
        return
    limit = g.config.get("reshuffle_limit")
    if st.discard and (limit is None or st.reshuffles < limit):
        order = list(st.discard)
        g.rng.shuffle(order)
        g.emit("reshuffle", {"order": order}, seats=(), public={"count": len(order)})
    if len(st.draw) < n:
        from game_agent.games.sanguosha.victory import end_draw

        end_draw(g, "piles_exhausted")


def draw(g: Game, seat: int, n: int, reason: str = "draw") -> Settlement:
    if n <= 0:
        return
    ensure(g, n)
    st: State = g.state
    cards = [DESC[c] for c in st.draw[:n]]
    g.emit(
        "draw",
        {"seat": seat, "cards": cards, "reason": reason},
        seats=(seat,),
        public={"seat": seat, "count": n, "reason": reason},
    )
    if hooks.TRIGGERS.at(hooks.CARDS_MOVED):
        payload = Moved([c["id"] for c in cards], "draw", None, "hand", seat, reason)
        order = action_order(st, st.current)
        if hooks.TRIGGERS.ready(g, hooks.CARDS_MOVED, payload, order):
            yield hooks.TRIGGERS.run(g, hooks.CARDS_MOVED, payload, order)


def top_cards(g: Game, n: int) -> list[int]:
    """The ids of the top n cards (reshuffling if needed); they stay on the pile."""
    ensure(g, n)
    st: State = g.state
    return st.draw[:n]
