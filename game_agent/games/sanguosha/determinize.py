"""The determinize hook (`game_agent.engine.Determinizable`): a sample of the table as
one seat could imagine it.

What the seat knows comes from `knowledge.KnowledgeAudit` fed the game's events (as
`audit_game` does): its own hand, every face-up card, the cards it saw (drawn, peeked, given,
shown) and followed since. It is kept as a running fold of the events (`Game.running_fold`,
carried by forks), so a sample costs the same at any point of a game. Every card it does not know
that lies in a hidden place (the draw pile, another seat's hand, the face-down zone) is dealt
again into those places' slots with the sample's generator: each zone keeps its size, and every
known card stays where it is (a Guanxing viewer's arranged top cards keep their positions; in
another seat's hand, whose order nobody else sees, the known cards come first, by id). In identity
mode the roles the seat does not know (living non-lords other than itself, whose role no event
showed it) are dealt again among those seats, so the role counts stay the same.

**A function of the seat's view.** The cards dealt again are taken in the order of their ids and
the roles in a fixed order before the sample's generator shuffles them, so two games that differ
only in what the seat has not seen give the same sample for the same seed (the search bots' "no
peeking" rests on it, tests/sanguosha/test_determinize.py).

It is emitted as one secret ``redeal`` event (audience: nobody; the public form is only the
seat and the number of cards dealt again): the new contents of each hidden zone and the new
roles. Folding the events still rebuilds the state.

Not resampled: generals offered to other seats during setup and chosen face down (they are not
cards), and what other seats believe (after a sample their own hands differ from what they
were told: the sample is one seat's view, not a consistent world for everyone's knowledge).
Live frames: a suspended settlement may hold card ids in its locals (Rende's chosen cards while
it asks for a target; Guanxing's peeked cards). A sample is therefore taken at the seat's own
request (the usual point for search): the hook refuses (`EngineError`) while another seat has an
open request, unless the requests were asked together and that seat's names no card the seat
does not know (the setup's general choices: yes; a Nullification window naming another's
Nullifications: no). Card choices from another's hand are drawn when they happen (`pick.py`), so
they hold no id. Random play from thousands of samples keeps every invariant (the tests).
"""

from __future__ import annotations

from typing import Any

from game_agent.engine import SPECTATOR, EngineError, Event, Game, Rng, view_for
from game_agent.games.sanguosha.knowledge import KnowledgeAudit, card_ids
from game_agent.games.sanguosha.state import State


class Seen:
    """What every seat has seen so far: the cards it knows (a `KnowledgeAudit` fed the events,
    without its checks) and the seats whose role it was shown (its own, the lord's, the dead's)."""

    __slots__ = ("audit", "roles")

    def __init__(self, seats: int) -> None:
        self.audit = KnowledgeAudit(seats)
        self.roles: list[set[int]] = [{s} for s in range(seats)]

    def feed(self, ev: Event) -> None:
        self.audit.learn(ev)
        if ev.kind in ("role", "death"):
            for seat, shown in enumerate(self.roles):
                seen = view_for(ev, seat)
                if seen is not None and seen.get("role"):
                    shown.add(ev.data["seat"])

    def copy(self) -> Seen:
        new = Seen.__new__(Seen)
        new.audit = self.audit.copy()
        new.roles = [set(r) for r in self.roles]
        return new


def seen(g: Game) -> Seen:
    """What every seat of `g` has seen, up to date (do not change it: forks share it)."""
    return g.running_fold("sanguosha.seen", lambda: Seen(g.seats), Seen.feed, Seen.copy)


def known_cards(g: Game, seat: int) -> set[int]:
    """The cards whose whereabouts `seat` knows now (the knowledge audit's account)."""
    return set(seen(g).audit.known[seat])


def known_roles(g: Game, seat: int) -> set[int]:
    """The seats whose role `seat` has been shown (its own, the lord's, the dead's, ...)."""
    return set(seen(g).roles[seat])


def determinize(g: Game, seat: int, rng: Rng) -> None:
    if seat == SPECTATOR:
        raise EngineError("sanguosha determinize: a sample is for a seat")
    st: State = g.state
    told = seen(g)
    known = told.audit.known[seat]
    for req in g.open:
        if req.seat == seat:
            continue
        if not g.asked_together:
            # another seat is settling something: its frames may hold its hand cards (Rende's
            # chosen cards while it asks for a target), which the sample would move
            raise EngineError(
                f"sanguosha determinize: seat {req.seat}'s request {req.kind} is open, and its "
                f"settlement may hold cards seat {seat} has not seen; take a sample at seat "
                f"{seat}'s own request"
            )
        if card_ids({"o": req.options, "i": req.info}) - known:
            raise EngineError(
                f"sanguosha determinize: seat {req.seat}'s open request {req.kind} names cards "
                f"seat {seat} has not seen; take a sample when it is answered"
            )
    places: list[tuple[str, int | None, list[int]]] = [("draw", None, st.draw)]
    places += [("hand", p.seat, p.hand) for p in st.players if p.seat != seat]
    places.append(("facedown", None, st.facedown))
    unseen = sorted(c for _z, _s, cards in places for c in cards if c not in known)
    rng.shuffle(unseen)
    deal = iter(unseen)
    zones: list[dict[str, Any]] = []
    for zone, owner, cards in places:
        if zone == "hand":
            kept = sorted(c for c in cards if c in known)
            new = [*kept, *(next(deal) for _ in range(len(cards) - len(kept)))]
        else:
            new = [c if c in known else next(deal) for c in cards]
        if new != cards:
            zones.append({"zone": zone, "seat": owner, "cards": new})
    roles: list[dict[str, Any]] = []
    if st.mode == "identity":
        shown = told.roles[seat]
        hidden = [p.seat for p in st.players if p.alive and p.seat not in shown]
        dealt = sorted(st.players[s].role for s in hidden)
        if "lord" in dealt:  # the lord's role is public in identity mode
            hidden = []
        rng.shuffle(dealt)
        roles = [
            {"seat": s, "role": r}
            for s, r in zip(hidden, dealt, strict=True)
            if st.players[s].role != r
        ]
    g.emit(
        "redeal",
        {"seat": seat, "zones": zones, "roles": roles},
        seats=(),
        public={"seat": seat, "count": len(unseen)},
    )
