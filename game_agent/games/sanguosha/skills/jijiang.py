"""Liu Bei — Jijiang 激将 (lord, conversion): whenever you need to use or play a Slash, the other
Shu players may play one for you."""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.responses import ask_helpers
from game_agent.games.sanguosha.skill import ANY_MODE, Skill, ViewAs, announce
from game_agent.games.sanguosha.state import State, others_in_order
from protocol.games.sanguosha.skills import SKILLS

FAILED = "jijiang_failed"


def helpers(st: State, seat: int) -> list[int]:
    return [s for s in others_in_order(st, seat) if st.players[s].faction == "shu"]


def when(st: State, seat: int) -> bool:
    return FAILED not in st.players[seat].marks and bool(helpers(st, seat))


def produce(g: Game, seat: int) -> Settlement:
    """Each other Shu player in action order may play a Slash (their conversions count); the
    first one played is used or played by you as your own (its colour is the card's). If nobody
    answers, Jijiang is off until the end of the phase (§6 row 18, FreeKill's reading), so it
    can never be asked in a loop."""
    announce(g, seat, "jijiang")
    vc = yield from ask_helpers(g, seat, "shu", "slash", "jijiang")
    if vc is None:
        g.emit("mark", {"seat": seat, "name": FAILED, "value": 1, "scope": "phase"})
    return vc


SKILL = Skill(
    SKILLS["jijiang"],
    views=(ViewAs("slash", ANY_MODE, when=when, produce=produce),),
    marks={FAILED: "phase"},
)
