"""Response requests (§4.7): a seat is asked for a card to use or play in answer.

`ask_card` asks one seat for a card to use or play in response: `card_asked` triggers first
(Eight Diagram, Hujia), then a request listing exactly the matching hand cards, the enabled
conversions and a decline option (the default). It is the one place that decides whether a seat
with nothing to answer is asked: with `conceal_responses` (the default) it is, with only the
decline option, so the wait seen by the other seats never tells who holds a Dodge, a Peach or a
Nullification; without it such a seat is skipped (fewer decisions, for in-process play). Every
response window (Slash, Duel, AoE, Collateral, Blade, dying, Nullification, Hujia, Jijiang)
asks through it. `respond` and `emit_use` move the answering card (played, or used).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game_agent.engine import Game, Settlement, window_asks, window_request
from game_agent.games.sanguosha.card import CardUse
from game_agent.games.sanguosha.cards import DESC, NAME, VCard, converted, real
from game_agent.games.sanguosha.index import fire, index_of
from game_agent.games.sanguosha.skill import RESPOND, USE, ViewAs
from game_agent.games.sanguosha.state import State, locate, others_in_order
from game_agent.games.sanguosha.timings import CARD_ASKED
from game_agent.games.sanguosha.zones import moved


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
    chain: dict[str, Any] | None = None,
    ignore_armor: bool = False,
) -> Settlement:
    """Ask `seat` to use/play a `name` card (use with `yield from`). -> VCard | None.

    A seat with no matching card nor conversion is asked with only `decline` when the game
    conceals responses (config `conceal_responses`), else not asked at all. `chain`: a
    Nullification window's facts (`nullification.window`), nil for every other window."""
    st: State = g.state
    idx = index_of(st)
    if idx.triggers.owned(g, CARD_ASKED, (seat,)):  # else nothing can provide the card
        asked = Asked(seat, name, mode, reason, source, ignore_armor)
        yield from fire(g, CARD_ASKED, asked, [seat])
        if asked.provided is not None:
            return asked.provided
    p = st.players[seat]
    ctx = USE if mode == "use" else RESPOND
    while True:
        cards = []
        for c in p.hand:  # a loop, not a comprehension: no frame for a hand of a few cards
            if NAME[c] == name:
                cards.append(c)
        views = idx.views_for(st, seat, ctx, name) if idx.views else []
        if not window_asks(bool(cards or views), conceal=idx.conceal):
            return None  # nothing to answer with, and responses are not concealed: skip
        options: list[dict[str, Any]] = []
        for c in cards:
            options.append({"kind": "card", "card": DESC[c]})
        for k, _v in views:
            options.append({"kind": "view_as", "skill": k, "card": name})
        options.append({"kind": "decline"})
        info = {
            "card": name,
            "mode": mode,
            "reason": reason,
            "source": source,
            "target": target,
            "against": against,
            "chain": chain,
        }
        ask = g.ask(seat, "respond", options, len(options) - 1, info=info)
        i = yield window_request(ask, conceal=idx.conceal)
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
    p = st.players[near]
    for c in vc.subcards:
        if c in p.hand:  # nearly always: the user's own hand card
            out.append({"zone": "hand", "seat": near})
            continue
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
