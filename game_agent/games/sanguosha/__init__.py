"""Sanguosha, standard edition (104 + 4 EX cards, the 25 generals and their 40 skills).

The ruleset object is `rules.py`'s; the contract (schema, catalogue of cards, generals, skills and
the rulebook) is `protocol.games.sanguosha`. Adding a card or a general: docs/sanguosha.md.
"""

from game_agent.games.manifest import GameManifest, Roles, Row
from game_agent.games.sanguosha.rules import RULESET, Sanguosha

__all__ = ["MANIFEST", "RULESET", "Sanguosha"]


MANIFEST = GameManifest(
    RULESET,
    scenario="game_agent.games.sanguosha.scenario:load_scenario",
    rows=(
        Row("identity 5p random", {"players": 5}),
        Row("identity 5p smart", {"players": 5}, "smart"),
        Row("identity 8p random", {"players": 8}),
        Row("1v1 random", {"mode": "1v1"}),
    ),
    bench_rows=(Row("identity 5p no skills", {"players": 5, "skills": "none"}),),
    soak="game_agent.games.sanguosha.soak:SanguoshaSoak",
    demo="identity 5p smart",
    roles=Roles(
        "game_agent.games.sanguosha.seats:roles",
        ("lord", "loyalist", "rebel", "renegade", "warm", "cool"),  # identity; 1v1 sides
        characters="game_agent.games.sanguosha.seats:generals",
    ),
)
