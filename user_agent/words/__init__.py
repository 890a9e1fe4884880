"""The words layer: everything a person reads about a game, in plain sentences.

`names` turns ids into names (cards, generals, skills, factions, roles, phases) and gives the
rules text of cards and generals; `requests` says what a request asks and what each option is;
`narrate` turns events and decisions into sentences (Sanguosha, Harmony, Carcassonne and muhq);
`harmony_board` draws Harmony's field, `carcassonne_board` Carcassonne's board, `muhq_board`
muhq's map (a grid with a legend of the permanents).
Every string made here is for people: no raw dicts, no `None`, no snake_case ids.
"""

from __future__ import annotations

from user_agent.games.sanguosha.names import (
    card_name,
    card_text,
    faction_name,
    general_name,
    general_text,
    skill_name,
)
from user_agent.words.narrate import Narrator
from user_agent.words.requests import RequestWords, describe

__all__ = [
    "Narrator",
    "RequestWords",
    "card_name",
    "card_text",
    "describe",
    "faction_name",
    "general_name",
    "general_text",
    "skill_name",
]
