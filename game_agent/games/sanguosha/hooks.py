"""Extension points: timings (§4.13), the trigger table, static modifiers and view-as hooks.

Card code asks these registries; equipment registers into them (`equipment.py`) and the generals'
skills will too, each from its own module, without touching card code:

- `TRIGGERS` (engine `Triggers`): optional/compulsory effects at a timing point. Payloads are the
  small mutable objects passed by the settlement that reaches the timing (see docs).
- `DISTANCE_MODS`  f(state, a, b, spent) -> int added to a's distance to b (horses, Mashu).
- `RANGE_MODS`     f(state, seat, spent) -> int added to the attack range.
- `SLASH_LIMIT_MODS` f(state, seat, vcard) -> extra Slash uses this play phase (Crossbow, Paoxiao).
- `TARGET_MODS`    f(state, seat, vcard) -> extra targets allowed (Halberd).
- `TRICK_DISTANCE_MODS` f(state, seat, vcard, target) -> True to ignore Snatch's distance (Qicai).
- `PROHIBITS`      f(state, user, target, card name) -> True if target cannot be chosen
                   (Kongcheng, Qianxun).
- `VIEW_AS`        conversions offered in play and response option lists (Spear, Wusheng ...).
- `ACTIVE`         active skills offered in the play menu (Zhiheng, Rende, Kurou, Lijian ...).
- `HAND_LIMIT_MODS` f(state, seat) -> int added to the hand limit.
- `SKILLS`         skill id -> the module's `Skill` record; `has_skill` is true only for skills
                   that are registered and owned by the seat's general.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game_agent.engine import Settlement, Trigger, Triggers
from game_agent.games.sanguosha.cards import VCard
from game_agent.games.sanguosha.generals import GENERALS
from game_agent.games.sanguosha.state import State

if TYPE_CHECKING:
    from game_agent.engine import Game

# Timing names (§4.13). The payload type of each is documented in docs/sanguosha.md.
TURN_START = "turn_start"
PHASE_CHANGING = "phase_changing"
PHASE_START = "phase_start"
PHASE_END = "phase_end"
DRAW_N = "draw_n"
CARD_USED = "card_used"
TARGET_CONFIRMING = "target_confirming"
TARGET_SPECIFIED = "target_specified"
TARGET_CONFIRMED = "target_confirmed"
CARD_ASKED = "card_asked"
SLASH_EFFECTED = "slash_effected"
SLASH_MISSED = "slash_missed"
DAMAGE_CAUSED = "damage_caused"
DAMAGE_INFLICTED = "damage_inflicted"
DAMAGED = "damaged"
RETRIAL = "retrial"
JUDGE_FINISHED = "judge_finished"
PRE_RECOVER = "pre_recover"
CARDS_MOVED = "cards_moved"
DEATH = "death"

# The public facts of a timing's payload that a trigger question may carry (`info.about`).
_ABOUT_FIELDS = (
    "seat",
    "target",
    "source",
    "user",
    "amount",
    "nature",
    "phase",
    "n",
    "reason",
    "mode",
)


def describe(timing: str, payload: Any) -> dict[str, Any]:
    """What a trigger question is about: seats, amounts, phases and the card in play (all of it
    public at that moment); never card ids of hidden zones (a `cards_moved` payload's cards)."""
    about: dict[str, Any] = {}
    for name in _ABOUT_FIELDS:
        value = getattr(payload, name, None)
        if type(value) in (int, str, bool):
            about[name] = value
    card = getattr(payload, "card", None)
    use = getattr(payload, "use", None)
    if not isinstance(card, VCard) and use is not None:
        card = getattr(use, "card", None)
    if isinstance(card, VCard):
        about["card"] = card.desc()
    asked = getattr(payload, "name", None)  # a card asked for (Eight Diagram: a Dodge)
    if type(asked) is str:
        about["asked"] = asked
    return about


TRIGGERS = Triggers(describe=describe)


def add_trigger(trigger: Trigger) -> None:
    """Register a trigger (equipment now, skills later)."""
    TRIGGERS.add(trigger)


def fire(g: Game, timing: str, payload: Any, order: list[int]) -> Settlement:
    """Settle `timing` (use with `yield from`): pushes the engine's trigger frame if needed.

    Hot paths test `TRIGGERS.at(timing)` first, which skips building the payload."""
    if TRIGGERS.ready(g, timing, payload, order):
        yield TRIGGERS.run(g, timing, payload, order)


DistanceMod = Callable[[State, int, int, frozenset[int]], int]
RangeMod = Callable[[State, int, frozenset[int]], int]
CardMod = Callable[[State, int, VCard], int]

DISTANCE_MODS: list[DistanceMod] = []
RANGE_MODS: list[RangeMod] = []
SLASH_LIMIT_MODS: list[CardMod] = []
TARGET_MODS: list[CardMod] = []
TRICK_DISTANCE_MODS: list[Callable[[State, int, VCard, int], bool]] = []
PROHIBITS: list[Callable[[State, int, int, str], bool]] = []
HAND_LIMIT_MODS: list[Callable[[State, int], int]] = []


@dataclass(frozen=True, slots=True)
class ViewAs:
    """A conversion: use or play `count` of `candidates(state, seat)` as one `card`.

    `enabled(state, seat, mode)` where mode is "play" (idle point of the play phase), "use" or
    "play_response" (a response request) tells whether it is offered right now.
    """

    name: str
    card: str
    enabled: Callable[[State, int, str], bool]
    candidates: Callable[[State, int], list[int]]
    count: int


VIEW_AS: list[ViewAs] = []


@dataclass(frozen=True, slots=True)
class Active:
    """An active skill offered at idle points of the play phase (Zhiheng, Rende, Lijian ...).

    `settle(g, seat)` runs when chosen; it asks its own follow-ups (cancel=True = back) and
    returns nothing. `enabled(state, seat)` decides whether it is offered now.
    """

    name: str
    enabled: Callable[[State, int], bool]
    settle: Callable[[Game, int], Settlement]


ACTIVE: list[Active] = []


@dataclass(frozen=True, slots=True)
class Skill:
    id: str
    title: str
    compulsory: bool = False
    lord: bool = False


SKILLS: dict[str, Skill] = {}


def register_skill(skill: Skill) -> None:
    SKILLS[skill.id] = skill


def has_skill(st: State, seat: int, skill: str) -> bool:
    p = st.players[seat]
    g = GENERALS.get(p.general)
    if g is None or skill not in g.skills or skill not in SKILLS or not p.alive:
        return False
    s = SKILLS[skill]
    return not (s.lord and (p.role != "lord" or st.mode != "identity"))
