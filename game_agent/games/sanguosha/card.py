"""A card in play for the rules: one use of it (`CardUse`, alive while it resolves) and how a
card settles (`CardRule`, declared per card name by `basic.py`, `tricks.py`, `delayed.py` and
`equipment.py`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.cards import VCard
from game_agent.games.sanguosha.state import State


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
