"""The card-use pipeline (§4.6) and response requests (§4.7).

`use_card` is one settlement frame: declare (the `use` event moves the sub-cards to the processing
area) -> `card_used` -> targeting timings -> per target: Nullification window for tricks, then
the card's effect (a child frame) -> leftovers to the discard pile. Card modules register their
effects in `EFFECTS` (and optional `BEFORE`/`AFTER`/`SKIP` hooks) by card name.

`ask_card` asks one seat for a card to use or play in response: `card_asked` triggers first
(Eight Diagram), then a request listing exactly the matching hand cards, the enabled
conversions (`hooks.VIEW_AS`) and a decline option (the default).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game_agent.engine import Settlement
from game_agent.games.sanguosha import hooks
from game_agent.games.sanguosha.cards import DESC, KINDS, NAME, VCard, converted, real
from game_agent.games.sanguosha.state import State, action_order
from game_agent.games.sanguosha.zones import clear_processing, move

if TYPE_CHECKING:
    from game_agent.engine import Game


@dataclass(slots=True)
class CardUse:
    """One use of a card, alive while it resolves (also the payload of card timings)."""

    user: int
    card: VCard
    targets: list[int]
    counted: bool = False  # counts toward the play-phase Slash limit
    victim: int | None = None  # Collateral: whom the wielder is asked to Slash
    nullifiable: bool = True
    ignore_armor: set[int] = field(default_factory=set)  # Qinggang Sword, per target
    dodges: dict[int, int] = field(default_factory=dict)  # Dodges needed per target (Wushuang)
    extra: dict[str, Any] = field(default_factory=dict)  # for skills and card hooks


@dataclass(slots=True)
class Targeted:
    """Payload of `target_confirming` / `target_specified` / `target_confirmed`."""

    use: CardUse
    target: int


@dataclass(slots=True)
class Asked:
    """Payload of `card_asked`: a trigger may set `provided` (a virtual card)."""

    seat: int
    name: str
    mode: str  # "use" | "play"
    reason: str
    source: int | None
    ignore_armor: bool
    provided: VCard | None = None


Effect = Callable[["Game", CardUse, int], Settlement]
EFFECTS: dict[str, Effect] = {}
BEFORE: dict[str, Callable[[Game, CardUse], Settlement]] = {}
AFTER: dict[str, Callable[[Game, CardUse], Settlement]] = {}
# SKIP[name](state, use, target) -> True: the target is skipped before its Nullification window.
SKIP: dict[str, Callable[[State, CardUse, int], bool]] = {}
# Equipment and delayed tricks: how the card is placed instead of resolved per target.
PLACE: dict[str, Callable[[Game, CardUse], Settlement]] = {}


def choose_subcards(g: Game, seat: int, view: hooks.ViewAs) -> Settlement:
    """Follow-up request for a conversion's sub-cards; nil (cancel) means back. -> VCard|None"""
    st: State = g.state
    cands = view.candidates(st, seat)
    sel = yield g.ask(
        seat,
        "view_as_cards",
        [DESC[c] for c in cands],
        None,
        form="subset",
        min=view.count,
        max=view.count,
        cancel=True,
        info={"skill": view.name, "card": view.card},
    )
    if sel is None:
        return None
    return converted(view.card, tuple(cands[i] for i in sel), view.name)


def response_views(st: State, seat: int, name: str, ctx: str) -> list[hooks.ViewAs]:
    return [
        v
        for v in hooks.VIEW_AS
        if v.card == name and v.enabled(st, seat, ctx) and len(v.candidates(st, seat)) >= v.count
    ]


def ask_card(
    g: Game,
    seat: int,
    name: str,
    mode: str,
    reason: str,
    *,
    source: int | None = None,
    target: int | None = None,
    against: str = "",
    ignore_armor: bool = False,
) -> Settlement:
    """Ask `seat` to use/play a `name` card (use with `yield from`). -> VCard | None."""
    st: State = g.state
    asked = Asked(seat, name, mode, reason, source, ignore_armor)
    if hooks.TRIGGERS.ready(g, hooks.CARD_ASKED, asked, [seat]):
        yield hooks.TRIGGERS.run(g, hooks.CARD_ASKED, asked, [seat])
    if asked.provided is not None:
        return asked.provided
    p = st.players[seat]
    ctx = "use" if mode == "use" else "play_response"
    while True:
        cards = [c for c in p.hand if NAME[c] == name]
        views = response_views(st, seat, name, ctx) if hooks.VIEW_AS else []
        if not cards and not views:
            return None
        options: list[dict[str, Any]] = [{"kind": "card", "card": DESC[c]} for c in cards]
        options.extend({"kind": "view_as", "skill": v.name, "card": name} for v in views)
        options.append({"kind": "decline"})
        info = {
            "card": name,
            "mode": mode,
            "reason": reason,
            "source": source,
            "target": target,
            "against": against,
        }
        i = yield g.ask(seat, "respond", options, len(options) - 1, info=info)
        if i < len(cards):
            return real(cards[i])
        if i == len(options) - 1:
            return None
        vc = yield from choose_subcards(g, seat, views[i - len(cards)])
        if vc is not None:
            return vc


def respond(g: Game, seat: int, vc: VCard, mode: str, reason: str) -> None:
    """A card used or played in response: shown, then to the discard pile."""
    g.emit(
        "respond",
        {
            "seat": seat,
            "card": vc.desc(),
            "subcards": [DESC[c] for c in vc.subcards],
            "mode": mode,
            "reason": reason,
            "skill": vc.skill,
        },
    )


def emit_use(g: Game, use: CardUse) -> None:
    vc = use.card
    g.emit(
        "use",
        {
            "seat": use.user,
            "card": vc.desc(),
            "subcards": [DESC[c] for c in vc.subcards],
            "targets": list(use.targets),
            "victim": use.victim,
            "counted": use.counted,
            "skill": vc.skill,
        },
    )


def use_card(g: Game, use: CardUse) -> Settlement:
    """The settlement of one card use (push with `yield use_card(...)`)."""
    st: State = g.state
    vc = use.card
    name = vc.name
    emit_use(g, use)
    if hooks.TRIGGERS.at(hooks.CARD_USED):
        order = action_order(st, st.current if st.current >= 0 else use.user)
        yield from hooks.fire(g, hooks.CARD_USED, use, order)
    place = PLACE.get(name)
    if place is not None:
        yield from place(g, use)
        return
    at = hooks.TRIGGERS.at
    if at(hooks.TARGET_CONFIRMING):
        for t in list(use.targets):
            tg = Targeted(use, t)
            if hooks.TRIGGERS.ready(g, hooks.TARGET_CONFIRMING, tg, [t]):
                yield hooks.TRIGGERS.run(g, hooks.TARGET_CONFIRMING, tg, [t])
    if at(hooks.TARGET_SPECIFIED):
        for t in list(use.targets):
            tg = Targeted(use, t)
            if hooks.TRIGGERS.ready(g, hooks.TARGET_SPECIFIED, tg, [use.user]):
                yield hooks.TRIGGERS.run(g, hooks.TARGET_SPECIFIED, tg, [use.user])
    if at(hooks.TARGET_CONFIRMED):
        for t in list(use.targets):
            tg = Targeted(use, t)
            if hooks.TRIGGERS.ready(g, hooks.TARGET_CONFIRMED, tg, [t]):
                yield hooks.TRIGGERS.run(g, hooks.TARGET_CONFIRMED, tg, [t])
    before = BEFORE.get(name)
    if before is not None:
        yield from before(g, use)
    effect = EFFECTS[name]
    trick = KINDS[name].type == "trick"
    skip = SKIP.get(name)
    players = st.players
    for t in use.targets:
        if not players[t].alive:
            continue
        if skip is not None and skip(st, use, t):
            continue
        if trick and use.nullifiable:
            from game_agent.games.sanguosha.nullification import window

            cancelled = yield from window(g, vc, t, use.user)
            if cancelled:
                g.emit("cancelled", {"card": vc.desc(), "target": t})
                continue
        yield effect(g, use, t)
        use.ignore_armor.discard(t)
    after = AFTER.get(name)
    if after is not None:
        yield from after(g, use)
    yield from clear_processing(g, list(vc.subcards))


def put_from_processing(g: Game, vc: VCard, to: str, to_seat: int, reason: str) -> Settlement:
    st: State = g.state
    ids = [c for c in vc.subcards if c in st.processing]
    yield from move(g, ids, "processing", None, to, to_seat, reason)


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
