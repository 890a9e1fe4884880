"""Moving cards between zones (§0.2, §1): the one funnel every card movement goes through.

Zones: "draw" (index 0 = top; "draw_bottom" puts a card under it), "discard", "processing",
"removed" (out of the game, face up), "facedown" (on the table face down, e.g. a declared card),
and per seat "hand", "equip", "judge".

Every event that changes a card's zone — `move`, `draw`, `use`, `respond`, `judge`, `pindian` —
is emitted through `moved` (the reshuffle aside: it takes no card from a seat), which then
settles the `cards_moved` timing with where each card came from (zone and owner) and where it
went (Lianying, Xiaoji). A move between two hidden
places (a hand, the draw pile, the face-down area) is shown in full only to the hand owners
involved and to the seats named as `known` (who already know the cards: Yiji's giver);
everybody else gets counts and zones. The draw pile's order only travels in events whose
audience is empty (`seats=()`), so it never reaches a seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.cards import DESC
from game_agent.games.sanguosha.index import fire, index_of
from game_agent.games.sanguosha.state import Player, State, action_order
from game_agent.games.sanguosha.timings import CARDS_MOVED
from game_agent.games.sanguosha.victory import end_draw

HIDDEN = frozenset(("hand", "draw", "draw_bottom", "facedown"))


@dataclass(slots=True)
class Moved:
    """Payload of the `cards_moved` timing: the cards, where each came from (zone, owner seat
    or None), and where they all went."""

    cards: list[int]
    origins: list[tuple[str, int | None]]
    to: str
    to_seat: int | None
    reason: str

    def lost(self, seat: int, zone: str) -> list[int]:
        """The cards that left `seat`'s `zone` in this move (not counting a move back into
        the same zone of the same seat)."""
        if self.to == zone and self.to_seat == seat:
            return []
        return [c for c, o in zip(self.cards, self.origins, strict=True) if o == (zone, seat)]


def where(p: Player, cid: int) -> str:
    if cid in p.hand:
        return "hand"
    if cid in p.judge:
        return "judge"
    return "equip"


def moved(
    g: Game,
    kind: str,
    data: dict[str, Any],
    cards: list[int],
    origins: list[tuple[str, int | None]],
    to: str,
    to_seat: int | None,
    reason: str,
    seats: tuple[int, ...] | None = None,
    public: dict[str, Any] | None = None,
) -> Settlement:
    """Emit one card-moving event, then settle `cards_moved` (use with `yield from`)."""
    g.emit(kind, data, seats, public)
    st: State = g.state
    if cards:
        triggers = index_of(st).triggers
        if triggers.at(CARDS_MOVED):
            order = action_order(st, st.current if st.current >= 0 else 0)
            if triggers.owned(g, CARDS_MOVED, order):
                yield from fire(g, CARDS_MOVED, Moved(cards, origins, to, to_seat, reason), order)


def move(
    g: Game,
    ids: list[int],
    frm: str,
    from_seat: int | None,
    to: str,
    to_seat: int | None,
    reason: str,
    *,
    known: tuple[int, ...] = (),
    as_: str | None = None,
) -> Settlement:
    """Move cards from one zone to another (use with `yield from`). `known`: seats that know
    these cards already and see the move in full even when it is hidden; `as_`: what a card
    put into a judgement area is used as (Guose's ♦ card as Indulgence)."""
    if not ids:
        return
    data: dict[str, Any] = {
        "cards": [DESC[c] for c in ids],
        "from": frm,
        "from_seat": from_seat,
        "to": to,
        "to_seat": to_seat,
        "reason": reason,
        "as": as_,
    }
    seats: tuple[int, ...] | None = None
    public = None
    if frm in HIDDEN and to in HIDDEN:
        audience = [s for s, z in ((from_seat, frm), (to_seat, to)) if z == "hand"]
        seats = tuple(dict.fromkeys(s for s in (*audience, *known) if s is not None))
        public = {
            "count": len(ids),
            "from": frm,
            "from_seat": from_seat,
            "to": to,
            "to_seat": to_seat,
            "reason": reason,
        }
    origins: list[tuple[str, int | None]] = [(frm, from_seat)] * len(ids)
    yield from moved(g, "move", data, list(ids), origins, to, to_seat, reason, seats, public)


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
        end_draw(g, "piles_exhausted")


def draw(g: Game, seat: int, n: int, reason: str = "draw") -> Settlement:
    if n <= 0:
        return
    ensure(g, n)
    st: State = g.state
    ids = st.draw[:n]
    yield from moved(
        g,
        "draw",
        {"seat": seat, "cards": [DESC[c] for c in ids], "reason": reason},
        ids,
        [("draw", None)] * n,
        "hand",
        seat,
        reason,
        seats=(seat,),
        public={"seat": seat, "count": n, "reason": reason},
    )


def top_cards(g: Game, n: int) -> list[int]:
    """The ids of the top n cards (reshuffling if needed); they stay on the pile."""
    ensure(g, n)
    st: State = g.state
    return st.draw[:n]


def peek(g: Game, seat: int, ids: list[int], reason: str) -> None:
    """`seat` looks at hidden cards (the top of the draw pile): only that seat is told them."""
    g.emit(
        "peek",
        {"seat": seat, "cards": [DESC[c] for c in ids], "reason": reason},
        seats=(seat,),
        public={"seat": seat, "count": len(ids), "reason": reason},
    )


def bury(g: Game, seat: int, reason: str = "bury") -> Settlement:
    """A dead seat's (or a 1v1 general's) cards go to the discard pile."""
    p: Player = g.state.players[seat]
    yield from move(g, list(p.hand), "hand", seat, "discard", None, reason)
    yield from move(g, list(p.equip.values()), "equip", seat, "discard", None, reason)
    yield from move(g, list(p.judge), "judge", seat, "discard", None, reason)
