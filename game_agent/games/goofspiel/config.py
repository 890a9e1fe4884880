"""Rule options: validation, defaults, and the scenario (a position part-way through) check.

The validated config is msgpack-plain (it is stored in the log header, never sent to a seat)
and `configure` is idempotent: ``configure(configure(c)) == configure(c)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game_agent.engine import ConfigError, with_defaults
from protocol.games.goofspiel.schema import MAX_CARDS, MIN_CARDS

SEATS = 2
DEFAULTS: dict[str, Any] = {"cards": MAX_CARDS, "scenario": None}
SCENARIO_KEYS = ("name", "hands", "played", "scores", "deck")


def _cards(name: str, value: object, n: int) -> list[int]:
    """A list of distinct card values 1..n."""
    if not isinstance(value, (list, tuple)) or any(type(v) is not int for v in value):
        raise ConfigError(f"{name} must be a list of card values, got {value!r}")
    cards = list(value)
    bad = [v for v in cards if not 1 <= v <= n]
    if bad:
        raise ConfigError(f"{name}: {bad[0]} is not a card of 1..{n}")
    if len(set(cards)) != len(cards):
        raise ConfigError(f"{name}: a card is listed twice")
    return cards


def check_scenario(sc: object, n: int) -> dict[str, Any]:
    """A scenario map -> its plain form ``{"name", "hands", "played", "scores", "deck"}``:
    both hands (any order; kept ascending), the prizes already auctioned (in order), the
    scores, and the remaining prize deck (top first). Every prize is played or in the deck,
    each hand holds one card per prize left, and the scores are at most what was played."""
    if not isinstance(sc, Mapping):
        raise ConfigError(f"scenario must be a map, got {type(sc).__name__}")
    unknown = sorted(str(k) for k in sc if k not in SCENARIO_KEYS)
    if unknown:
        raise ConfigError(f"scenario: unknown key(s) {', '.join(unknown)}")
    missing = [k for k in SCENARIO_KEYS[1:] if k not in sc]
    if missing:
        raise ConfigError(f"scenario needs {', '.join(missing)}")
    name = sc.get("name", "")
    if not isinstance(name, str):
        raise ConfigError("scenario: name must be a string")
    hands = sc["hands"]
    if not isinstance(hands, (list, tuple)) or len(hands) != SEATS:
        raise ConfigError("scenario: hands must list two hands, seat 0's then seat 1's")
    played = _cards("scenario: played", sc["played"], n)
    deck = _cards("scenario: deck", sc["deck"], n)
    if sorted(played + deck) != list(range(1, n + 1)):
        raise ConfigError(f"scenario: played and deck together must hold each prize 1..{n} once")
    out_hands = []
    for seat, hand in enumerate(hands):
        cards = _cards(f"scenario: seat {seat}'s hand", hand, n)
        if len(cards) != len(deck):
            raise ConfigError(
                f"scenario: seat {seat} holds {len(cards)} cards for {len(deck)} prizes left"
            )
        out_hands.append(sorted(cards))
    scores = sc["scores"]
    if (
        not isinstance(scores, (list, tuple))
        or len(scores) != SEATS
        or any(type(v) is not int or v < 0 for v in scores)
    ):
        raise ConfigError(f"scenario: scores must be two whole numbers >= 0, got {scores!r}")
    if sum(scores) > sum(played):
        raise ConfigError(
            f"scenario: scores {list(scores)} add up to more than the prizes played ({sum(played)})"
        )
    return {
        "name": name,
        "hands": out_hands,
        "played": played,
        "scores": list(scores),
        "deck": deck,
    }


def configure(config: Mapping[str, Any]) -> dict[str, Any]:
    """Validate the options and fill in defaults; raises ConfigError with a clear message."""
    c = with_defaults("goofspiel", config, DEFAULTS)
    n = c["cards"]
    if type(n) is not int or not MIN_CARDS <= n <= MAX_CARDS:
        raise ConfigError(f"cards must be an integer from {MIN_CARDS} to {MAX_CARDS}, got {n!r}")
    sc = c["scenario"]
    return {"cards": n, "scenario": None if sc is None else check_scenario(sc, n)}
