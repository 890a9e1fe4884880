"""Naming a card (agent spec §3.2: "require the use of a card you name"): a public choice among
card names; the caller then asks for that card with `use.ask_card`."""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.questions import ask_label
from protocol.games.sanguosha.catalogue import KINDS

NAMES: tuple[str, ...] = tuple(KINDS)


def name_card(g: Game, seat: int, reason: str, names: tuple[str, ...] = NAMES) -> Settlement:
    """-> the card name `seat` names (announced with a public `choice` event)."""
    i = yield from ask_label(g, seat, reason, "name a card", list(names), 0)
    g.emit("choice", {"seat": seat, "kind": "name_card", "value": names[i]})
    return names[i]
