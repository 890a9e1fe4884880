"""Lü Meng — Keji 克己 (optional): if you used or played no Slash in your play phase this turn,
you may skip your discard phase."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.state import State
from game_agent.games.sanguosha.timings import PHASE_CHANGING
from game_agent.games.sanguosha.turn import PhaseInfo
from protocol.games.sanguosha.skills import SKILLS


def no_slash_in_play(st: State, seat: int) -> bool:
    """From this turn's history: a Slash used, or played in response (to a Duel, say), during
    the play phase counts; a play phase that was skipped counts as none."""
    return not any(
        h["seat"] == seat and h["name"] == "slash" and h["phase"] == "play" for h in st.history
    )


def can(g: Game, seat: int, p: PhaseInfo) -> bool:
    st: State = g.state
    return (
        p.seat == seat
        and p.phase == "discard"
        and "discard" not in st.skipped
        and no_slash_in_play(st, seat)
    )


def settle(g: Game, seat: int, p: PhaseInfo) -> Settlement:
    """§6 row 30: when the turn moves into the discard phase, before it starts."""
    announce(g, seat, "keji")
    g.emit("phase_skip", {"seat": seat, "phase": "discard", "reason": "keji"})
    return
    yield


SKILL = Skill(
    SKILLS["keji"],
    triggers=(Trigger("keji", PHASE_CHANGING, can, settle),),
)
