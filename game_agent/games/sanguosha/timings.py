"""Timing points (rules §4.13) and how a trigger question describes one.

Settlements reach a timing with `yield from fire(g, TIMING, payload, order)`; hot paths first
test `index_of(state).triggers.at(TIMING)`, which skips building the payload when no skill at this
table uses the timing. The payload of each timing is a small mutable object defined beside the
settlement that reaches it (listed in docs/sanguosha.md); triggers may change its fields.
"""

from __future__ import annotations

from typing import Any

from game_agent.games.sanguosha.cards import VCard

TURN_START = "turn_start"
TURN_END = "turn_end"
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
PINDIAN = "pindian"
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
    "to",
    "to_seat",
)


def describe(timing: str, payload: Any) -> dict[str, Any]:
    """What a trigger question is about: seats, amounts, phases and the card in play (all of it
    public at that moment); never card ids of hidden zones. A payload with an `about()` method
    says it itself."""
    own = getattr(payload, "about", None)
    if callable(own):
        about: dict[str, Any] = own()
        return about
    about = {}
    for name in _ABOUT_FIELDS:
        value = getattr(payload, name, None)
        if type(value) in (int, str, bool):
            about[name] = value
    card = getattr(payload, "card", None)
    use = getattr(payload, "use", None)
    if not isinstance(card, VCard) and use is not None:
        card = getattr(use, "card", None)
        about.setdefault("user", use.user)
    if isinstance(card, VCard):
        about["card"] = card.desc()
    asked = getattr(payload, "name", None)  # a card asked for (Eight Diagram: a Dodge)
    if type(asked) is str:
        about["asked"] = asked
    return about
