"""What a skill is: one declarative bundle (agent spec §3).

A `Skill` names everything the skill does — its triggers, conversions, active part and static
modifiers — with its title and text for people. Generals' skills (`skills/`) and equipment
(`equipment.py`) are bundles alike; the ruleset instance holds a catalogue of them and each game
indexes the ones at its table by owner (`rules.py`), which is also the one place that checks
ownership: no function below checks whether its seat owns the skill.

Modifier signatures (the owner seat comes first):

- `distance_from(st, owner, other, spent) -> int`   added to the owner's distance to `other`
- `distance_to(st, owner, other, spent) -> int`     added to `other`'s distance to the owner
- `attack_range(st, owner, spent) -> int`           added to the owner's attack range
- `slash_limit(st, owner, vcard) -> int`            extra Slash uses this play phase
- `extra_targets(st, owner, vcard) -> int`          extra targets for the card
- `trick_reach(st, owner, vcard, target) -> bool`   the owner's trick ignores its distance limit
- `prohibit(st, user, owner, name) -> bool`         the owner cannot be chosen as a target of `name`
- `hand_limit(st, owner) -> int`                    added to the owner's hand limit

`spent` is the set of cards being used or paid right now (rules §4.5, §6 row 14).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.cards import VCard
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.skills import SkillText

# Where a conversion may be offered: at an idle point of the play phase, in a request to use a
# card, in a request to play (respond with) a card.
PLAY, USE, RESPOND = "play", "use", "play_response"
ANY_MODE = (PLAY, USE, RESPOND)
USE_ONLY = (PLAY, USE)
RESPONSES = (USE, RESPOND)


@dataclass(frozen=True, slots=True)
class ViewAs:
    """A conversion: use or play `count` of `cards(state, seat)` as one `card`, in `modes`,
    when `when(state, seat)` holds.

    A conversion that obtains its card by a settlement instead (Jijiang asks others for a
    Slash; a card used from the draw pile) gives `produce(g, seat)` -> VCard | None; at the play
    menu its targets are chosen first.
    """

    card: str
    modes: tuple[str, ...]
    cards: Callable[[State, int], list[int]] | None = None
    count: int = 1
    when: Callable[[State, int], bool] | None = None
    produce: Callable[[Game, int], Settlement] | None = None


@dataclass(frozen=True, slots=True)
class Active:
    """An active skill, offered at idle points of the play phase while `enabled(state, seat)`.
    `settle(g, seat)` asks its own follow-ups (nil = back to the menu)."""

    enabled: Callable[[State, int], bool]
    settle: Callable[[Game, int], Settlement]


DistanceMod = Callable[["State", int, int, frozenset[int]], int]
RangeMod = Callable[["State", int, frozenset[int]], int]
CardMod = Callable[["State", int, VCard], int]
ReachMod = Callable[["State", int, VCard, int], bool]
Prohibit = Callable[["State", int, int, str], bool]
HandLimit = Callable[["State", int], int]


@dataclass(frozen=True)
class Skill:
    """One skill (or one piece of equipment's effect) as data.

    `about` is what people are shown of it (id, titles, kind, text, lord skill): a general's
    skill names its entry in the contract (`protocol.games.sanguosha.skills.SKILLS`).
    `marks` names the marks the skill keeps, with their scope ("phase", "turn" or "game"), so
    that scenarios can set them. A lord skill works only for the lord in identity mode.
    """

    about: SkillText
    triggers: tuple[Trigger, ...] = ()
    views: tuple[ViewAs, ...] = ()
    active: Active | None = None
    distance_from: DistanceMod | None = None
    distance_to: DistanceMod | None = None
    attack_range: RangeMod | None = None
    slash_limit: CardMod | None = None
    extra_targets: CardMod | None = None
    trick_reach: ReachMod | None = None
    prohibit: Prohibit | None = None
    hand_limit: HandLimit | None = None
    marks: Mapping[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.about.id

    @property
    def lord(self) -> bool:
        return self.about.lord

    def describe(self) -> dict[str, Any]:
        """What a person or a bot is shown of the skill (general selection requests)."""
        a = self.about
        return {
            "id": a.id,
            "title": a.title,
            "chinese": a.chinese,
            "kind": a.kind,
            "lord": a.lord,
            "text": a.text,
        }


def announce(g: Game, seat: int, skill: str) -> None:
    """A public notice that `seat` invokes `skill` (the `skill` event)."""
    g.emit("skill", {"seat": seat, "name": skill})
