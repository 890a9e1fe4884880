"""What the bot decided at the play menu, carried into the follow-up requests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Plan:
    key: str
    targets: list[int] = field(default_factory=list)
    victim: int | None = None
    cards: list[int] = field(default_factory=list)  # card ids (sub-cards or a skill's cards)
    extra: dict[str, Any] = field(default_factory=dict)
