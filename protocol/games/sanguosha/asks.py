"""Sanguosha's request contracts: what each request kind decides, the shape of its options (as
Python types, `protocol.shapes`), its default and what nil means. The bot authors' reference,
the typed options and the JSON Schema are made from these (`protocol.registry.Ask`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from protocol.registry import Ask
from protocol.shapes import Shape, note

SUITS = "spade, heart, club or diamond"
NIL_BACK = (
    "go back: the request that opened this one (`play`, or the `respond` whose conversion "
    "needs cards) is asked again"
)


@dataclass(frozen=True)
class Card(Shape):
    """A real card: its id (unique in the deck) and its face."""

    id: int = note("the card's id, unique in the deck; events name cards by it")
    suit: str = note(SUITS)
    rank: int = note("1 (A) to 13 (K)")
    name: str = note('the card\'s name, e.g. "slash", "dodge", "peach", "nullification"')


@dataclass(frozen=True)
class CardName(Shape):
    """The card a conversion makes, before its sub-cards are chosen."""

    name: str = note('the card the skill turns other cards into, e.g. "slash"')


@dataclass(frozen=True)
class PlayCard(Shape):
    """Use a card of your hand."""

    kind: Literal["card"]
    card: Card
    skill: str = note('always ""')
    targets: list[int] = note(
        "the seats it may target now; when the card picks its targets, a `targets` request "
        "follows (empty: it has fixed targets, such as Peach on yourself or Savage Assault on "
        "everyone else)"
    )


@dataclass(frozen=True)
class PlayViewAs(Shape):
    """Use a card made by a conversion skill (Wusheng's Slash of a red card, Qixi's
    Dismantlement of a black one): a `view_as_cards` request for its sub-cards follows."""

    kind: Literal["view_as"]
    card: CardName
    skill: str = note("the conversion skill's id")
    targets: list[int] = note("the seats the card it makes may target now")


@dataclass(frozen=True)
class PlaySkill(Shape):
    """Invoke an active skill (Zhiheng, Rende, Fanjian...): its own follow-ups come next."""

    kind: Literal["skill"]
    card: None = note("always nil")
    skill: str = note("the active skill's id")
    targets: list[int] = note("always empty: the skill asks for its targets itself")


@dataclass(frozen=True)
class PlayEnd(Shape):
    """End the play phase (the discard phase comes next)."""

    kind: Literal["end"]
    card: None = note("always nil")
    skill: str = note('always ""')
    targets: list[int] = note("always empty")


@dataclass(frozen=True)
class RespondCard(Shape):
    """Answer with a card of your hand (a Dodge against a Slash, a Nullification, a Peach)."""

    kind: Literal["card"]
    card: Card


@dataclass(frozen=True)
class RespondViewAs(Shape):
    """Answer with a card made by a conversion skill (Longdan's Dodge of a Slash): a
    `view_as_cards` request for its sub-cards follows; nil there asks this `respond` again."""

    kind: Literal["view_as"]
    skill: str = note("the conversion skill's id")
    card: str = note("the name of the card it makes (the one asked for)")


@dataclass(frozen=True)
class Decline(Shape):
    """Do not answer (take the Slash's damage, let the trick take effect, ...)."""

    kind: Literal["decline"]


@dataclass(frozen=True)
class SkillInfo(Shape):
    """A skill as a general card shows it."""

    id: str = note("the skill's id, as `skill` events and options name it")
    title: str = note("its English title")
    chinese: str = note("its Chinese title")
    kind: str = note('"compulsory", "optional", "active", "limited" or "lord"')
    lord: bool = note("a lord skill: only the lord has it")
    text: str = note("the rules text")


@dataclass(frozen=True)
class General(Shape):
    """A general that may be chosen."""

    id: str = note('the general\'s id, e.g. "caocao"')
    name: str = note("English name")
    chinese: str = note("Chinese name")
    faction: str = note("wei, shu, wu or qun")
    gender: str = note("male or female")
    hp: int = note("the max HP it would have at this seat (the lord's +1 at 5+ players included)")
    skills: list[SkillInfo] = note("the skills it would have at this seat")


@dataclass(frozen=True)
class Pick(Shape):
    """A zone of another seat to take or discard a card from (Dismantlement, Snatch, Fankui)."""

    zone: str = note('"hand", "equip" or "judge"')
    count: int = note("the cards in that zone (1 for an equipped or judgement card)")
    card: Card | None = note(
        "the equipped or judgement card; nil for the hand (hidden: a random one)"
    )


CARD_OPTIONS = "each option is a card of yours"

ASKS: dict[str, Ask] = {
    "choose_general": Ask(
        info={
            "reason": (
                '"lord" (the lord chooses first, in the open), "identity" (the others, at once), '
                '"pick", "start", "next" (1v1)'
            ),
        },
        decides="your general, from the ones offered (`info.reason`: lord, or the others' deal)",
        form="choice",
        option=General,
        default="index 0: the first general offered",
    ),
    "play": Ask(
        info={},
        decides="the next action of your play phase: a card, a conversion, a skill, or the end",
        form="choice",
        option=PlayCard | PlayViewAs | PlaySkill | PlayEnd,
        default='the last option, {kind: "end"}: end the play phase',
        reply=(
            "the index of an option; a card that picks targets is followed by a `targets` "
            "request, a conversion by `view_as_cards`, a skill by its own requests"
        ),
    ),
    "targets": Ask(
        info={
            "card": "the card being used, as it will be: {name, suit, color, rank}",
            "step": '"target"; for Collateral "wielder", then "victim"',
        },
        decides=(
            "the targets of the card chosen at `play` (`info.card`); `info.step` names the "
            "step (Collateral asks twice: the wielder, then the victim)"
        ),
        form="subset",
        option=int,
        default="nil: go back to `play` (the default is no target: a bot must choose its own)",
        cancel=NIL_BACK,
        reply="the indices of `min`..`max` seats among `options` (the seats, not seat numbers)",
    ),
    "view_as_cards": Ask(
        info={
            "skill": 'the conversion skill, e.g. "wusheng"',
            "card": 'the name of the card it makes, e.g. "slash"',
        },
        decides="the sub-cards a conversion skill (`info.skill`) turns into `info.card`",
        form="subset",
        option=Card,
        default="nil: go back",
        cancel=NIL_BACK,
        reply=f"the indices of exactly `min` cards ({CARD_OPTIONS})",
    ),
    "respond": Ask(
        info={
            "card": 'the card asked for: "dodge", "slash", "peach" or "nullification"',
            "mode": (
                '"use" or "play" (a played card, e.g. a Slash for a Duel, is not used: no Slash '
                "rules apply)"
            ),
            "reason": (
                'why: "slash", "duel", "savage_assault", "archery_attack", "collateral", "dying",'
                ' "nullify", "jijiang", ...'
            ),
            "source": "the seat whose card or effect asks (the Slash's user, ...), or nil",
            "target": (
                "the seat the answer is for (the Slash's target, the trick's target, the dying "
                "seat), or nil"
            ),
            "against": 'the card being answered, e.g. "archery_attack" ("" when none)',
            "chain": (
                'a Nullification window (reason "nullify"): {trick, user (nil for a delayed '
                "trick's judgement), target, used: the Nullifications already played in this "
                "chain}; else nil"
            ),
        },
        decides=(
            "whether to answer a request for a card (`info.card`: dodge, slash, peach, "
            "nullification) and with what; `info.reason` and `info.chain` say what it is for"
        ),
        form="choice",
        option=RespondCard | RespondViewAs | Decline,
        default='the last option, {kind: "decline"}',
        reply=(
            'the index of an option; the last is always {kind: "decline"}. Where responses are '
            "concealed, a seat with nothing to answer with is asked too, with decline alone"
        ),
    ),
    "pick_card": Ask(
        info={
            "owner": "the seat whose card is taken or discarded",
            "reason": (
                'the card or skill doing it: "dismantlement", "snatch", "fankui", "ice_sword", ...'
            ),
        },
        decides="which zone or card of seat `info.owner` to take or discard (`info.reason`)",
        form="choice",
        option=Pick,
        default="index 0: the hand when it has cards (a random card of it), else the first card",
    ),
    "amazing_grace": Ask(
        info={},
        decides="which of the revealed cards you take (Amazing Grace, in turn)",
        form="choice",
        option=Card,
        default="index 0: the first card left",
    ),
    "discard": Ask(
        info={
            "count": "how many cards to discard",
            "reason": '"hand_limit" (the discard phase), "double_swords", ...',
        },
        decides="which cards of your hand to discard (`info.count` of them, `info.reason`)",
        form="subset",
        option=Card,
        default="the first `info.count` cards",
        reply=f"the indices of exactly `info.count` cards ({CARD_OPTIONS}, your hand)",
    ),
    "double_swords": Ask(
        info={
            "source": "the seat whose Double Swords Slash targets you",
        },
        decides=(
            "the target of a Double Swords Slash (from `info.source`): discard a card, or let "
            "the wielder draw one"
        ),
        form="choice",
        option=Literal["discard", "let_draw"],
        default='index 1, "let_draw"',
        reply='0 "discard" (a `discard` request for the card follows) or 1 "let_draw"',
    ),
    "kylin_bow": Ask(
        info={
            "target": "the seat your Slash hit, whose horse goes",
        },
        decides="which horse of seat `info.target` your Kylin Bow Slash discards, or none",
        form="choice",
        option=Card | Decline,
        default='the last option, {kind: "decline"}',
    ),
    "axe": Ask(
        info={
            "target": "the seat that dodged your Slash",
        },
        decides=(
            "whether to discard two cards so that your dodged Slash hits `info.target` anyway "
            "(Stone Axe), and which"
        ),
        form="subset",
        option=Card,
        default="nil: do not use the Axe",
        cancel="do not use the Axe: the Slash stays dodged",
        reply=f"the indices of two cards ({CARD_OPTIONS}: hand and equipment but the Axe)",
    ),
    "skill_choice": Ask(
        info={
            "skill": "the skill asking",
            "prompt": "the question in English words",
            "about": "the occurrence it concerns (skill-defined, e.g. {seat} or {source})",
        },
        decides="one of a skill's labels (`info.skill`, `info.prompt`: e.g. a suit, a card name)",
        form="choice",
        option=str,
        default="the request's `default` (the skill's safe choice)",
    ),
    "skill_cards": Ask(
        info={
            "skill": "the skill asking",
            "prompt": "the question in English words",
            "about": (
                "the occurrence it concerns (e.g. {user, card} of the Slash, or a judgement's "
                "{seat, reason, judgement})"
            ),
        },
        decides="cards for a skill (`info.skill`, `info.prompt`), `min`..`max` of them",
        form="subset",
        option=Card,
        default="nil where the skill may be declined (cancel), else the first `min` cards",
        cancel="decline the skill (or go back to the request that invoked it)",
    ),
    "skill_targets": Ask(
        info={
            "skill": "the skill asking",
            "prompt": "the question in English words",
            "about": "the occurrence it concerns (skill-defined; {} when none)",
        },
        decides="seats for a skill (`info.skill`, `info.prompt`), `min`..`max` of them",
        form="subset",
        option=int,
        default="nil: decline the skill (or go back to the request that invoked it)",
        cancel="decline the skill (or go back to the request that invoked it)",
        reply="the indices of seats among `options` (the seats, not seat numbers)",
    ),
    "skill_arrange": Ask(
        info={
            "skill": '"guanxing" or "yiji"',
            "prompt": "the question in English words",
            "about": "the occurrence it concerns ({} when none)",
        },
        decides="how a skill (`info.skill`: Guanxing) orders cards into piles (`piles`)",
        form="arrange",
        option=Card,
        default="the request's `default`: every card in the first pile, in the order offered",
    ),
}
