"""muhq's request contracts (`protocol.registry.Ask`): what each request decides, the shape of
its options (arrays `[verb, *args]`, `game_agent/games/muhq/actions.py`), its default. The
reference, the typed options and the JSON Schema are made from these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from protocol.registry import Ask
from protocol.shapes import Row, note

CARD = "a content id, e.g. PROV-03"


@dataclass(frozen=True)
class Play(Row):
    """Play a unit or building card of your hand onto a tile (optionally already equipped)."""

    verb: Literal["play"]
    card: str = note(CARD)
    x: int = note("the tile's column, from the left (0)")
    y: int = note("the tile's row, from the bottom (0)")
    equipment: str = note("an equipment card of your hand it enters with (rules 15)", default="")


@dataclass(frozen=True)
class Cast(Row):
    """Cast a spell card of your hand on a target."""

    verb: Literal["cast"]
    card: str = note(CARD)
    target: int = note("the target permanent's id")


@dataclass(frozen=True)
class Free(Row):
    """Use a permanent's free action (rules 6.2)."""

    verb: Literal["free"]
    perm: int = note("the permanent's id")
    ability: int = note("the free action's index on its card")
    target: int = note("the target permanent's id")


@dataclass(frozen=True)
class Select(Row):
    """Select a unit of yours to act with (a `unit_action` request follows)."""

    verb: Literal["select"]
    perm: int = note("the unit's id")


@dataclass(frozen=True)
class Trade(Row):
    """Trade two cards of your hand for one resource."""

    verb: Literal["trade"]
    card: str = note(CARD)
    other: str = note(CARD)


@dataclass(frozen=True)
class End(Row):
    """End your action phase."""

    verb: Literal["end"]


@dataclass(frozen=True)
class Pass(Row):
    """Do nothing more here."""

    verb: Literal["pass"]


@dataclass(frozen=True)
class Buy(Row):
    """Buy a card of your store."""

    verb: Literal["buy"]
    card: str = note(CARD)


@dataclass(frozen=True)
class Pay(Row):
    """Pay the permanent's upkeep."""

    verb: Literal["pay"]


@dataclass(frozen=True)
class Destroy(Row):
    """Let the permanent be destroyed instead of paying its upkeep."""

    verb: Literal["destroy"]


@dataclass(frozen=True)
class ToTile(Row):
    """A move to a tile: `move` (its move) or `street` (its extra street move)."""

    verb: Literal["move", "street"]
    x: int = note("the tile's column")
    y: int = note("the tile's row")


@dataclass(frozen=True)
class OnPerm(Row):
    """An action on another permanent: `enter` (crew it, rules 10.3), `attack` it, `equip` it,
    `swap` the unit's artifact for it."""

    verb: Literal["enter", "attack", "equip", "swap"]
    perm: int = note("the other permanent's id")


@dataclass(frozen=True)
class Carry(Row):
    """Carry an artifact to a tile."""

    verb: Literal["carry"]
    artifact: int = note("the artifact's permanent id")
    x: int = note("the tile's column")
    y: int = note("the tile's row")


@dataclass(frozen=True)
class Alone(Row):
    """An action of the unit alone: `farm`, `unparalyse` (remove a paralysis token), `tap`
    (done: the unit acts no more this turn)."""

    verb: Literal["farm", "unparalyse", "tap"]


@dataclass(frozen=True)
class Tile(Row):
    """A tile."""

    x: int = note("the tile's column")
    y: int = note("the tile's row")


ASKS: dict[str, Ask] = {
    "draft_pick": Ask(
        info={
            "pack": "cards in the pack passed to you",
            "picked": "cards you have drafted so far",
        },
        decides="which card of the pack passed to you to draft",
        form="choice",
        option=str,
        default="index 0: the first card id (the pack's cards sorted)",
        reply=f"the index of a card id ({CARD})",
    ),
    "upkeep": Ask(
        info={
            "perm": "the permanent's id",
            "card": "its card",
            "upkeep": "what it costs",
            "resource": "your resource now",
        },
        decides="whether to pay a permanent's upkeep (`info.perm`, `info.upkeep`), or let it go",
        form="choice",
        option=Pay | Destroy | Trade,
        default='index 0: ["pay"] when you can pay, else ["destroy"]',
    ),
    "action": Ask(
        info={
            "resource": "your resource now",
        },
        decides="the next step of your action phase",
        form="choice",
        option=Play | Cast | Free | Select | Trade | End,
        default='the last option, ["end"]',
    ),
    "unit_action": Ask(
        info={
            "perm": "the selected unit's id",
            "card": "its card",
        },
        decides="what the selected unit (`info.perm`) does",
        form="choice",
        option=ToTile | OnPerm | Carry | Alone,
        default='the last option, ["tap"]: the unit is done',
    ),
    "priority": Ask(
        info={
            "top": "the id of the declared action on top of the stack (`action_declared` id)",
            "stack": "how many actions wait on the stack",
        },
        decides="whether to answer the action on top of the stack (`info.top`) before it settles",
        form="choice",
        option=Pass | Cast | Free | Trade,
        default='index 0, ["pass"]',
    ),
    "buy": Ask(
        info={
            "resource": "your resource now",
        },
        decides="which card to buy at the end of your turn (`info.resource` to spend), if any",
        form="choice",
        option=Pass | Buy | Trade,
        default='index 0, ["pass"]',
    ),
    "discard": Ask(
        info={},
        decides="which cards of your hand to discard before you draw (hand rule discard_and_draw)",
        form="subset",
        option=str,
        default="[]: keep every card",
        reply=f"the indices of any cards to discard ({CARD} each), none included",
    ),
    "drop": Ask(
        info={
            "perm": "the surviving permanent's id",
            "card": "its card",
            "x": "the column it falls from",
            "y": "the row it falls from",
        },
        decides="on which free tile the stack's surviving permanent (`info.perm`) lands",
        form="choice",
        option=Tile,
        default="index 0: the first tile offered",
    ),
    "place_carried": Ask(
        info={
            "perm": "the artifact's id",
            "card": "its card",
            "x": "the column it was carried to",
            "y": "the row it was carried to",
        },
        decides="on which tile next to `info.x, info.y` the carried artifact (`info.perm`) lands",
        form="choice",
        option=Tile,
        default="index 0: the first tile offered",
    ),
}
