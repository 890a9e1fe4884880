"""The card-use pipeline (§4.6).

`use_card` is one settlement frame: declare (the `use` event moves the sub-cards to the processing
area, naming each one's owner and zone) -> `card_used` -> equipment and delayed tricks are
placed -> `target_confirming` per target (a target may be changed: the new target is confirmed
in turn, announced by a `target_changed` event) -> `target_specified` / `target_confirmed` ->
per target: Nullification window for tricks, then the card's effect (a child frame) -> leftovers
to the discard pile. How each card settles is its `CardRule` (`card.py`), looked up by name in
the game's index (`basic.py`, `tricks.py`, `delayed.py`, `equipment.py` declare them). Response
requests are `responses.py`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.card import CardUse
from game_agent.games.sanguosha.cards import VCard, converted
from game_agent.games.sanguosha.index import fire, index_of
from game_agent.games.sanguosha.nullification import window
from game_agent.games.sanguosha.responses import emit_use
from game_agent.games.sanguosha.state import State, order_from_current
from game_agent.games.sanguosha.timings import (
    CARD_USED,
    TARGET_CONFIRMED,
    TARGET_CONFIRMING,
    TARGET_SPECIFIED,
)
from game_agent.games.sanguosha.zones import clear_processing, ensure, move
from protocol.games.sanguosha.catalogue import KINDS


@dataclass(slots=True)
class Targeted:
    """Payload of `target_confirming` / `target_specified` / `target_confirmed`."""

    use: CardUse
    target: int

    def retarget(self, g: Game, to: int, skill: str) -> None:
        """Change this target to `to` (during `target_confirming`): announced publicly."""
        use = self.use
        use.targets[use.targets.index(self.target)] = to
        g.emit(
            "target_changed",
            {"card": use.card.desc(), "user": use.user, "from": self.target, "to": to,
             "skill": skill},
        )  # fmt: skip
        self.target = to


def _confirm_targets(g: Game, use: CardUse) -> Settlement:
    """`target_confirming` for each target; a changed target is confirmed in its turn. Each
    seat is confirmed at most once per use, so redirections cannot loop."""
    i = 0
    while i < len(use.targets):
        t = use.targets[i]
        if t not in use.confirmed:
            use.confirmed.add(t)
            yield from fire(g, TARGET_CONFIRMING, Targeted(use, t), [t])
            if use.targets[i] != t:
                continue  # the new target is confirmed next
        i += 1


def use_card(g: Game, use: CardUse) -> Settlement:
    """The settlement of one card use (push with `yield use_card(...)`)."""
    st: State = g.state
    vc = use.card
    name = vc.name
    yield from emit_use(g, use)
    index = index_of(st)
    triggers = index.triggers
    at, owned = triggers.at, triggers.owned
    if at(CARD_USED):
        yield from fire(g, CARD_USED, use, order_from_current(st, use.user))
    rule = index.cards[name]
    if rule.place is not None:
        yield from rule.place(g, use)
        return
    if at(TARGET_CONFIRMING):
        yield from _confirm_targets(g, use)
    if at(TARGET_SPECIFIED):
        for t in list(use.targets):
            if owned(g, TARGET_SPECIFIED, (use.user,)):
                yield from fire(g, TARGET_SPECIFIED, Targeted(use, t), [use.user])
    if at(TARGET_CONFIRMED):
        for t in list(use.targets):
            if owned(g, TARGET_CONFIRMED, (t,)):
                yield from fire(g, TARGET_CONFIRMED, Targeted(use, t), [t])
    if rule.before is not None:
        yield from rule.before(g, use)
    effect = rule.effect
    assert effect is not None, f"card {name!r} has no effect"
    trick = KINDS[name].type == "trick"
    skip = rule.skip
    players = st.players
    for t in use.targets:
        if not players[t].alive:
            continue
        if skip is not None and skip(st, use, t):
            continue
        if trick and use.nullifiable:
            cancelled = yield from window(g, vc, t, use.user)
            if cancelled:
                g.emit("cancelled", {"card": vc.desc(), "target": t})
                continue
        yield effect(g, use, t)
        use.ignore_armor.discard(t)
    if rule.after is not None:
        yield from rule.after(g, use)
    if vc.subcards:
        yield from clear_processing(g, list(vc.subcards))


def put_from_processing(
    g: Game, vc: VCard, to: str, to_seat: int, reason: str, as_: str | None = None
) -> Settlement:
    st: State = g.state
    ids = [c for c in vc.subcards if c in st.processing]
    yield from move(g, ids, "processing", None, to, to_seat, reason, as_=as_)


def treat_as(
    g: Game,
    user: int,
    name: str,
    targets: list[int],
    skill: str,
    *,
    nullifiable: bool = True,
) -> Settlement:
    """A "treated as used" card with no sub-card (agent spec 3.2), e.g. Lijian's Duel
    (`nullifiable=False`). Push with `yield treat_as(...)`. It never counts toward the limit."""
    return use_card(
        g, CardUse(user, converted(name, (), skill), list(targets), nullifiable=nullifiable)
    )


def from_draw_pile(g: Game, name: str, skill: str) -> VCard:
    """The top card of the draw pile, to be used as a `name` card (agent spec §3.2: "use a card
    of the draw pile directly"). Its identity is first shown by the `use` event itself, whose
    `from` names the draw pile."""
    ensure(g, 1)
    st: State = g.state
    return converted(name, (st.draw[0],), skill)
