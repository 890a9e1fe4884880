"""The Sanguosha ruleset object: `RULESET` satisfies `game_agent.engine.Ruleset`.

Config keys (validated by `configure`):

- mode: "identity" (default) | "1v1" (KOF style, 2013 rules)
- players: 2-10 (identity; default 5); 1v1 is always 2
- ex_cards: bool (default True) - the 4 EX cards
- role_variant: "rulebook" (default) | "two_renegades" | "one_renegade" (§4.1)
- roles: an explicit list of roles to deal (overrides the variant's row)
- generals: "choose" (default: setup requests) | "random" (one of each offer, at random)
- max_rounds: int (default 100) - the game is a draw when this many rounds have been played
- reshuffle_limit: int | None (default None) - house rule: a draw after that many reshuffles
- skills: "standard" (default) | "none" (the generals are bodies without skills)
- conceal_responses: bool (default True) - every seat the rules would ask for a response card
  (Dodge, Slash, Peach, Nullification, a helper's card) is asked, whether or not it could
  answer (a seat that cannot sees only `decline`), so the wait never shows who holds what;
  False asks only the seats that could answer (fewer decisions: in-process simulation)
- scenario: dict (see `scenario.py`) or TOML text; sets up the table exactly

A ruleset instance holds its catalogue of skills and its card rules: `Sanguosha()` is the
standard edition; `Sanguosha(extra_skills=[...])` adds skills (tests, expansions) that
scenarios may give to seats.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from game_agent.engine import ConfigError, Event, Game, Rng, Settlement
from game_agent.games.sanguosha import basic, delayed, equipment, tricks
from game_agent.games.sanguosha.apply import apply as _apply
from game_agent.games.sanguosha.card import CardRule
from game_agent.games.sanguosha.cards import deck_ids
from game_agent.games.sanguosha.determinize import determinize as _determinize
from game_agent.games.sanguosha.index import SkillIndex
from game_agent.games.sanguosha.roles import role_list
from game_agent.games.sanguosha.scenario import config_from_toml, normalize
from game_agent.games.sanguosha.skill import Skill
from game_agent.games.sanguosha.skills import STANDARD
from game_agent.games.sanguosha.state import Player, State, copy_state
from game_agent.games.sanguosha.turn import root as _root
from protocol.games.sanguosha.rulebook import ROLE_NAMES, VARIANTS
from protocol.games.sanguosha.schema import SCHEMA
from protocol.registry import GameSchema

# 3: conceal_responses (on by default) asks more seats; 4: general selection and Nullification
# windows ask their seats together; 5: a Nullification request's `info.chain` (the trick, its
# user and target, the Nullifications used so far: every step of a chain says what it cancels)
VERSION = "5"
MODES = ("identity", "1v1")
KEYS = {
    "mode",
    "players",
    "ex_cards",
    "role_variant",
    "generals",
    "max_rounds",
    "reshuffle_limit",
    "scenario",
    "roles",
    "skills",
    "conceal_responses",
}
SKILL_SETS = ("standard", "none")
MAX_ROUNDS = 1000  # max_rounds (default 100), and reshuffle_limit
CARD_RULES: dict[str, CardRule] = {
    **basic.CARDS,
    **tricks.CARDS,
    **delayed.CARDS,
    **equipment.CARDS,
}


class Sanguosha:
    name = "sanguosha"
    version = VERSION
    schema: GameSchema = SCHEMA

    def __init__(self, extra_skills: Iterable[Skill] = ()) -> None:
        every = (*equipment.SKILLS, *STANDARD, *extra_skills)
        ids = [s.id for s in every]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"sanguosha: skill ids used twice: {twice}")
        timed = [(t.timing, t.name) for s in every for t in s.triggers]
        clash = sorted({x for x in timed if timed.count(x) > 1})
        if clash:
            raise ValueError(f"sanguosha: trigger names used twice at one timing: {clash}")
        self.equipment = {s.id: s for s in equipment.SKILLS}
        self.skills = {s.id: s for s in (*STANDARD, *extra_skills)}
        self.cards = dict(CARD_RULES)

    def configure(self, config: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(config) - KEYS
        if unknown:
            raise ConfigError(f"sanguosha: unknown config key(s) {sorted(unknown)}")
        sc = config.get("scenario")
        if isinstance(sc, str):
            merged = config_from_toml(sc, "sanguosha: scenario")
            merged.update({k: v for k, v in config.items() if k != "scenario"})
            config = merged
            sc = config["scenario"]
        mode = config.get("mode", "identity")
        if mode not in MODES:
            raise ConfigError(f"sanguosha: mode must be one of {MODES}, got {mode!r}")
        default_players = 2 if mode == "1v1" else 5
        players = config.get("players", default_players)
        if type(players) is not int or not 2 <= players <= 10:
            raise ConfigError(f"sanguosha: players must be an int from 2 to 10, got {players!r}")
        if mode == "1v1" and players != 2:
            raise ConfigError("sanguosha: the 1v1 mode has exactly 2 players")
        ex_cards = config.get("ex_cards", True)
        if type(ex_cards) is not bool:
            raise ConfigError("sanguosha: ex_cards must be true or false")
        variant = config.get("role_variant", "rulebook")
        if variant not in VARIANTS:
            raise ConfigError(f"sanguosha: role_variant must be one of {sorted(VARIANTS)}")
        generals = config.get("generals", "choose")
        if generals not in ("choose", "random"):
            raise ConfigError("sanguosha: generals must be 'choose' or 'random'")
        max_rounds = config.get("max_rounds", 100)
        if type(max_rounds) is not int or not 1 <= max_rounds <= MAX_ROUNDS:
            raise ConfigError(
                f"sanguosha: max_rounds must be an integer from 1 to {MAX_ROUNDS}, "
                f"got {max_rounds!r}"
            )
        skills = config.get("skills", "standard")
        if skills not in SKILL_SETS:
            raise ConfigError(f"sanguosha: skills must be one of {SKILL_SETS}, got {skills!r}")
        conceal = config.get("conceal_responses", True)
        if type(conceal) is not bool:
            raise ConfigError("sanguosha: conceal_responses must be true or false")
        limit = config.get("reshuffle_limit")
        if limit is not None and (type(limit) is not int or not 0 <= limit <= MAX_ROUNDS):
            raise ConfigError(
                f"sanguosha: reshuffle_limit must be None or an integer from 0 to {MAX_ROUNDS}"
            )
        roles = role_list(players, variant) if mode == "identity" else ["lord", "renegade"]
        if mode == "identity" and config.get("roles") is not None:
            roles = config["roles"]
            if (
                not isinstance(roles, list)
                or len(roles) != players
                or any(r not in ROLE_NAMES for r in roles)
                or roles.count("lord") != 1
                or not any(r in ("rebel", "renegade") for r in roles)
            ):
                raise ConfigError(
                    f"sanguosha: roles must list {players} of {ROLE_NAMES} with exactly one lord "
                    "and at least one rebel or renegade (else no side could win)"
                )
            roles = list(roles)
        out: dict[str, Any] = {
            "mode": mode,
            "players": players,
            "ex_cards": ex_cards,
            "role_variant": variant,
            "roles": roles,
            "generals": generals,
            "max_rounds": max_rounds,
            "reshuffle_limit": limit,
            "skills": skills,
            "conceal_responses": conceal,
            "scenario": None,
        }
        if sc is not None:
            out["scenario"] = normalize(sc, mode, players, ex_cards, self.skills)
        return out

    def seat_count(self, config: Mapping[str, Any]) -> int:
        return int(config["players"])

    def new_state(self, config: Mapping[str, Any], seats: int) -> State:
        ids = deck_ids(config["ex_cards"])
        return State(
            mode=config["mode"],
            players=[Player(i) for i in range(seats)],
            deck=list(ids),
            draw=list(ids),
            index=self.index(config),
        )

    def index(self, config: Mapping[str, Any]) -> SkillIndex:
        """A new game's skill index: the card rules, the equipment and the skill catalogue;
        with `skills = "none"` the generals bring none of theirs; `conceal_responses`."""
        bodies = config.get("skills", "standard") == "none"
        conceal = bool(config.get("conceal_responses", True))
        catalogue = {**self.equipment, **self.skills}
        return SkillIndex(catalogue, self.cards, equipment.SLOTS_OF, bodies, conceal)

    def apply(self, state: Any, event: Event) -> None:
        _apply(state, event)

    def copy_state(self, state: Any) -> State:
        """An independent copy for snapshots and forks (`game_agent.engine.StateCopier`)."""
        st: State = state
        index: SkillIndex = st.index  # type: ignore[assignment]
        return copy_state(st, index.copy())

    def root(self, g: Game) -> Settlement:
        return _root(g)

    def determinize(self, g: Game, seat: int, rng: Rng) -> None:
        """Deal again what `seat` has not seen (`Game.determinize`; see `determinize.py`)."""
        _determinize(g, seat, rng)


RULESET = Sanguosha()
