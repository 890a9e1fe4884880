"""The card-use pipeline (§4.6) and response requests (§4.7).

`use_card` is one settlement frame: declare (the `use` event moves the sub-cards to the processing
area, naming each one's owner and zone) -> `card_used` -> equipment and delayed tricks are
placed -> `target_confirming` per target (a target may be changed: the new target is confirmed
in turn, announced by a `target_changed` event) -> `target_specified` / `target_confirmed` ->
per target: Nullification window for tricks, then the card's effect (a child frame) -> leftovers
to the discard pile. How each card settles is its `CardRule`, looked up by name in the game's
rules (`basic.py`, `tricks.py`, `delayed.py`, `equipment.py` declare them).

`ask_card` asks one seat for a card to use or play in response: `card_asked` triggers first
(Eight Diagram, Hujia), then a request listing exactly the matching hand cards, the enabled
conversions and a decline option (the default). It is the one place that decides whether a seat
with nothing to answer is asked: with `conceal_responses` (the default) it is, with only the
decline option, so the wait seen by the other seats never tells who holds a Dodge, a Peach or a
Nullification; without it such a seat is skipped (fewer decisions, for in-process play). Every
response window (Slash, Duel, AoE, Collateral, Blade, dying, Nullification, Hujia, Jijiang)
asks through it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game_agent.engine import Settlement
from game_agent.games.sanguosha.cards import DESC, NAME, VCard, converted, real
from game_agent.games.sanguosha.skill import RESPOND, USE, ViewAs
from game_agent.games.sanguosha.state import State, locate, order_from_current
from game_agent.games.sanguosha.timings import (
    CARD_ASKED,
    CARD_USED,
    TARGET_CONFIRMED,
    TARGET_CONFIRMING,
    TARGET_SPECIFIED,
    fire,
)
from game_agent.games.sanguosha.zones import clear_processing, move, moved
from protocol.games.sanguosha.catalogue import KINDS

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
    dodges: dict[int, int] = field(default_factory=dict)  # Dodges (Duel: Slashes) needed per seat
    no_dodge: set[int] = field(default_factory=set)  # targets that cannot use a Dodge (Tieqi)
    confirmed: set[int] = field(default_factory=set)  # seats whose confirmation has run
    extra: dict[str, Any] = field(default_factory=dict)  # for skills and card hooks


@dataclass(frozen=True, slots=True)
class CardRule:
    """How a card settles (the card's "usable timings" of agent spec §2.2).

    - `effect(g, use, target)`: the effect on one target (a child frame);
    - `before(g, use)` / `after(g, use)`: around the per-target effects (Amazing Grace);
    - `skip(state, use, target)`: the target is skipped before its Nullification window;
    - `place(g, use)`: equipment and delayed tricks are placed instead of resolved per target;
    - `judged(g, seat, card, cancelled)`: a delayed trick taking effect in the judge phase
      (found by what the card is used as, so Guose's ♦ card settles as an Indulgence).
    """

    effect: Callable[[Game, CardUse, int], Settlement] | None = None
    before: Callable[[Game, CardUse], Settlement] | None = None
    after: Callable[[Game, CardUse], Settlement] | None = None
    skip: Callable[[State, CardUse, int], bool] | None = None
    place: Callable[[Game, CardUse], Settlement] | None = None
    judged: Callable[[Game, int, int, bool], Settlement] | None = None


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


@dataclass(slots=True)
class Asked:
    """Payload of `card_asked`: a trigger may set `provided` (a card to use/play)."""

    seat: int
    name: str
    mode: str  # "use" | "play"
    reason: str
    source: int | None
    ignore_armor: bool
    provided: VCard | None = None


def choose_subcards(
    g: Game,
    seat: int,
    skill: str,
    view: ViewAs,
    usable: Callable[[VCard], bool] | None = None,
) -> Settlement:
    """Follow-up for a conversion: its sub-cards, or (a `produce` conversion) its settlement.
    `usable` leaves out single sub-cards that would make an unusable card (the play menu: a
    Wusheng Slash of the Crossbow itself when the limit is reached). -> VCard, or None (back)."""
    if view.produce is not None:
        got: VCard | None = yield view.produce(g, seat)
        return got
    st: State = g.state
    assert view.cards is not None
    cands = view.cards(st, seat)
    if usable is not None and view.count == 1:
        cands = [c for c in cands if usable(converted(view.card, (c,), skill))]
        if not cands:
            return None
    sel = yield g.ask(
        seat,
        "view_as_cards",
        [DESC[c] for c in cands],
        None,
        form="subset",
        min=view.count,
        max=view.count,
        cancel=True,
        info={"skill": skill, "card": view.card},
    )
    if sel is None:
        return None
    return converted(view.card, tuple(cands[i] for i in sel), skill)


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
    """Ask `seat` to use/play a `name` card (use with `yield from`). -> VCard | None.

    A seat with no matching card nor conversion is asked with only `decline` when the game
    conceals responses (config `conceal_responses`), else not asked at all."""
    st: State = g.state
    asked = Asked(seat, name, mode, reason, source, ignore_armor)
    yield from fire(g, CARD_ASKED, asked, [seat])
    if asked.provided is not None:
        return asked.provided
    p = st.players[seat]
    ctx = USE if mode == "use" else RESPOND
    while True:
        cards = [c for c in p.hand if NAME[c] == name]
        views = st.rules.views_for(st, seat, ctx, name) if st.rules.views else []
        if not cards and not views and not st.rules.conceal:
            return None  # nothing to answer with, and responses are not concealed: skip
        options: list[dict[str, Any]] = [{"kind": "card", "card": DESC[c]} for c in cards]
        options.extend({"kind": "view_as", "skill": k, "card": name} for k, _v in views)
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
        skill, view = views[i - len(cards)]
        vc = yield from choose_subcards(g, seat, skill, view)
        if vc is not None:
            return vc


def ask_helpers(g: Game, seat: int, faction: str, name: str, skill: str) -> Settlement:
    """Ask the other living players of `faction`, in action order from `seat`, to play a `name`
    card on `seat`'s behalf (Hujia, Jijiang); the first card played ends the asking. Their own
    conversions and `card_asked` effects count; with `conceal_responses` every one of them is
    asked (`ask_card`). -> the card as `skill`'s, or None."""
    from game_agent.games.sanguosha.state import others_in_order

    st: State = g.state
    for helper in others_in_order(st, seat):
        if st.players[helper].faction != faction:
            continue
        vc = yield from ask_card(g, helper, name, "play", skill, source=seat)
        if vc is not None:
            return converted(name, vc.subcards, skill)
    return None


def origins(st: State, vc: VCard, near: int) -> list[dict[str, Any]]:
    """Where each sub-card is now: its zone and owner (another seat's for Jijiang/Hujia)."""
    out = []
    for c in vc.subcards:
        zone, seat = locate(st, c, near)
        out.append({"zone": zone, "seat": seat})
    return out


def _from(st: State, vc: VCard, seat: int) -> tuple[list[dict[str, Any]], list[Any]]:
    where = origins(st, vc, seat)
    return where, [(o["zone"], o["seat"]) for o in where]


def respond(
    g: Game, seat: int, vc: VCard, mode: str, reason: str, to: str = "discard"
) -> Settlement:
    """A card used or played in response: shown, then to the discard pile (a retrial's card:
    to the processing area). Use with `yield from`."""
    st: State = g.state
    where, orig = _from(st, vc, seat)
    data = {
        "seat": seat,
        "card": vc.desc(),
        "subcards": [DESC[c] for c in vc.subcards],
        "from": where,
        "to": to,
        "mode": mode,
        "reason": reason,
        "skill": vc.skill,
    }
    yield from moved(g, "respond", data, list(vc.subcards), orig, to, None, reason)


def emit_use(g: Game, use: CardUse) -> Settlement:
    """The `use` event: the sub-cards go to the processing area. Use with `yield from`."""
    st: State = g.state
    vc = use.card
    where, orig = _from(st, vc, use.user)
    data = {
        "seat": use.user,
        "card": vc.desc(),
        "subcards": [DESC[c] for c in vc.subcards],
        "from": where,
        "targets": list(use.targets),
        "victim": use.victim,
        "counted": use.counted,
        "skill": vc.skill,
    }
    yield from moved(g, "use", data, list(vc.subcards), orig, "processing", None, "use")


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
    at = st.rules.triggers.at
    if at(CARD_USED):
        yield from fire(g, CARD_USED, use, order_from_current(st, use.user))
    rule = st.rules.cards[name]
    if rule.place is not None:
        yield from rule.place(g, use)
        return
    if at(TARGET_CONFIRMING):
        yield from _confirm_targets(g, use)
    if at(TARGET_SPECIFIED):
        for t in list(use.targets):
            yield from fire(g, TARGET_SPECIFIED, Targeted(use, t), [use.user])
    if at(TARGET_CONFIRMED):
        for t in list(use.targets):
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
            from game_agent.games.sanguosha.nullification import window

            cancelled = yield from window(g, vc, t, use.user)
            if cancelled:
                g.emit("cancelled", {"card": vc.desc(), "target": t})
                continue
        yield effect(g, use, t)
        use.ignore_armor.discard(t)
    if rule.after is not None:
        yield from rule.after(g, use)
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
    from game_agent.games.sanguosha.zones import ensure

    ensure(g, 1)
    st: State = g.state
    return converted(name, (st.draw[0],), skill)
