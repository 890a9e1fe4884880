"""A card in play for the rules: one use of it (`CardUse`, alive while it resolves) and the card
as one bundle (`CardRule`: whom it may target, `Aim`, and how it settles), declared per card name
by `basic.py`, `tricks.py`, `delayed.py` and `equipment.py`."""

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


@dataclass(slots=True)
class Aim:
    """Whom one use of a card may target now (what a `CardRule.targets` answers). Read, never
    changed, once made (not frozen: a frozen dataclass sets each field through
    `object.__setattr__`, and one `Aim` is made per card per play request).

    - `seats`: the candidates, in action order;
    - `pick`: the user picks from `seats` (a follow-up subset of 1..`most`); otherwise every seat
      in `seats` is a target (the user himself, an AoE's others, a global's everyone);
    - `counted`: the use counts toward the play-phase Slash limit;
    - `then(state, user, first)`: a second pick after the first (Collateral: the victim the
      chosen wielder is to Slash), with `steps` naming each pick in its request.
    """

    seats: list[int]
    pick: bool = True
    most: int = 1
    counted: bool = False
    then: Callable[[State, int, int], list[int]] | None = None
    steps: tuple[str, ...] = ("target",)


Targets = Callable[[State, int, VCard], Aim | None]


def yourself(st: State, user: int, vc: VCard) -> Aim | None:
    """The user is the one target (Ex Nihilo, equipment)."""
    return Aim([user], pick=False)


@dataclass(frozen=True, slots=True)
class CardRule:
    """A card as one bundle: whom it targets and how it settles (the card's "usable timings" of
    agent spec §2.2).

    - `targets(state, user, card)`: whom a use of it may target now, or None when it cannot be
      used now (no rule: never used by choice, e.g. Dodge, Nullification);
    - `effect(g, use, target)`: the effect on one target (a child frame);
    - `before(g, use)` / `after(g, use)`: around the per-target effects (Amazing Grace);
    - `skip(state, use, target)`: the target is skipped before its Nullification window;
    - `place(g, use)`: equipment and delayed tricks are placed instead of resolved per target;
    - `judged(g, seat, card, cancelled)`: a delayed trick taking effect in the judge phase
      (found by what the card is used as, so Guose's ♦ card settles as an Indulgence).
    """

    targets: Targets | None = None
    effect: Callable[[Game, CardUse, int], Settlement] | None = None
    before: Callable[[Game, CardUse], Settlement] | None = None
    after: Callable[[Game, CardUse], Settlement] | None = None
    skip: Callable[[State, CardUse, int], bool] | None = None
    place: Callable[[Game, CardUse], Settlement] | None = None
    judged: Callable[[Game, int, int, bool], Settlement] | None = None
