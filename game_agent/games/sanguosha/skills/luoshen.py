"""Zhen Ji — Luoshen 洛神 (optional, start of your prepare phase): judge; keep each black card
and you may go on; stop at the first red one."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.judgement import Judgement, is_black, judge
from game_agent.games.sanguosha.questions import ask_label
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import JUDGE_FINISHED, PHASE_START
from game_agent.games.sanguosha.turn import PhaseInfo
from game_agent.games.sanguosha.zones import move
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, p: PhaseInfo) -> bool:
    return p.seat == seat and p.phase == "prepare"


def settle(g: Game, seat: int, p: PhaseInfo) -> Settlement:
    while True:
        announce(g, seat, "luoshen")
        j = yield judge(g, seat, "luoshen", is_black)
        if not j.good or not g.state.players[seat].alive:
            return
        again = yield from ask_label(
            g, seat, "luoshen", "judge again?", ["again", "stop"], 1, about={"seat": seat}
        )
        if again != 0:
            return


def take_can(g: Game, seat: int, j: Judgement) -> bool:
    return j.seat == seat and j.reason == "luoshen" and j.good and j.card in g.state.processing


def take(g: Game, seat: int, j: Judgement) -> Settlement:
    """Each black card is taken as soon as it has taken effect (not collected at the end)."""
    yield from move(g, [j.card], "processing", None, "hand", seat, "luoshen")


SKILL = Skill(
    SKILLS["luoshen"],
    triggers=(
        Trigger("luoshen", PHASE_START, can, settle),
        Trigger("luoshen_take", JUDGE_FINISHED, take_can, take, compulsory=True),
    ),
)
