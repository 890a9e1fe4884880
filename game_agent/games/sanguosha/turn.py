"""The game's course: setup by mode, then rounds, turns and phases (agent spec 2.1, rules §4.3).

The round is a turn stack in the state (`turn_stack`, built by the `round` event); extra turns are
pushed with the `extra_turn` event. A turn runs the phases in `state.phases` (default six); an
effect skips a phase with `phase_skip` or inserts one with `phase_insert`, and `turn_stop` cuts
the turn short (1v1: the general whose turn it is died). Every phase that started ends with a
`phase_end` timing and event, every turn with `turn_end`, even when cut short: the timing
comes first (its skills still see the phase's marks), then the event, whose applier clears the
marks scoped to it; every seat's skills may answer those two timings (in
action order from the current player; the payload says whose phase or turn it is). A seat whose
character is turned over (face down) skips its turn and turns face up instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.card import Aim
from game_agent.games.sanguosha.cards import DESC
from game_agent.games.sanguosha.delayed import judge_phase
from game_agent.games.sanguosha.index import fire, index_of
from game_agent.games.sanguosha.modes import kof_setup
from game_agent.games.sanguosha.options import choose_use, play_options
from game_agent.games.sanguosha.scenario import scenario_setup
from game_agent.games.sanguosha.setup import identity_setup
from game_agent.games.sanguosha.skill import Active
from game_agent.games.sanguosha.state import State, action_order, order_from_current
from game_agent.games.sanguosha.timings import (
    DRAW_N,
    PHASE_CHANGING,
    PHASE_END,
    PHASE_START,
    TURN_END,
    TURN_START,
)
from game_agent.games.sanguosha.use import use_card
from game_agent.games.sanguosha.victory import end_draw
from game_agent.games.sanguosha.zones import discard, draw
from protocol.games.sanguosha.rulebook import PHASES


@dataclass(slots=True)
class PhaseInfo:
    """Payload of `turn_start`, `phase_changing`, `phase_start`, `phase_end`, `turn_end`."""

    seat: int
    phase: str


@dataclass(slots=True)
class DrawN:
    """Payload of `draw_n`: triggers may change `n` (Yingzi +1, Luoyi -1, Tuxi -> 0)."""

    seat: int
    n: int


def draw_phase(g: Game, seat: int) -> Settlement:
    st: State = g.state
    n = 2
    if st.mode == "1v1" and st.round == 1 and st.players[seat].role == "renegade":
        n = 1  # 1v1: the player who moves first draws one card in his first draw phase
    if index_of(st).triggers.owned(g, DRAW_N, (seat,)):
        d = DrawN(seat, n)
        yield from fire(g, DRAW_N, d, [seat])
        n = d.n
    yield from draw(g, seat, n, "draw_phase")


def play_phase(g: Game, seat: int) -> Settlement:
    st: State = g.state
    p = st.players[seat]
    lost = p.lost
    while p.alive and p.lost == lost and not st.turn_over:
        aims: dict[int, Aim] = {}
        options, actions = play_options(g, seat, aims)
        options.append({"kind": "end", "card": None, "skill": "", "targets": []})
        i = yield g.ask(seat, "play", options, len(options) - 1)
        if i == len(options) - 1:
            return
        action = actions[i]
        if isinstance(action, tuple) and isinstance(action[1], Active):
            yield action[1].settle(g, seat)
            continue
        aim = aims.get(action) if isinstance(action, int) else None
        use = yield from choose_use(g, seat, action, aim)
        if use is not None:
            yield use_card(g, use)


def hand_limit(st: State, seat: int) -> int:
    n = max(st.players[seat].hp, 0) + index_of(st).hand_limit_mod(st, seat)
    return max(n, 0)


def discard_phase(g: Game, seat: int) -> Settlement:
    st: State = g.state
    p = st.players[seat]
    excess = len(p.hand) - hand_limit(st, seat)
    if excess <= 0:
        return
    hand = list(p.hand)
    sel = yield g.ask(
        seat,
        "discard",
        [DESC[c] for c in hand],
        list(range(excess)),
        form="subset",
        min=excess,
        max=excess,
        info={"count": excess, "reason": "hand_limit"},
    )
    yield from discard(g, seat, [hand[i] for i in sel], "discard_phase")


def nothing(g: Game, seat: int) -> Settlement:
    return
    yield


IDLE = frozenset(("prepare", "finish"))  # phases with no default behaviour: nothing to push

RUNNERS = {
    "prepare": nothing,
    "judge": judge_phase,
    "draw": draw_phase,
    "play": play_phase,
    "discard": discard_phase,
    "finish": nothing,
}


def turn(g: Game, seat: int, phases: tuple[str, ...] | list[str] = PHASES) -> Settlement:
    """One turn (push with `yield turn(...)`)."""
    st: State = g.state
    p = st.players[seat]
    if p.face_down:  # a turned-over character turns face up instead of taking the turn
        g.emit("flip", {"seat": seat, "face_down": False})
        g.emit("turn_skipped", {"seat": seat})
        return
    g.emit("turn", {"seat": seat, "phases": list(phases), "round": st.round})
    lost = p.lost
    at = index_of(st).triggers.at
    if at(TURN_START):
        yield from fire(g, TURN_START, PhaseInfo(seat, ""), [seat])
    while st.phases and p.alive and p.lost == lost and not st.turn_over:
        phase = st.phases[0]
        if at(PHASE_CHANGING):  # e.g. Keji: skip the discard phase before it starts
            yield from fire(g, PHASE_CHANGING, PhaseInfo(seat, phase), [seat])
            if not p.alive or p.lost != lost or st.turn_over or not st.phases:
                break
            phase = st.phases[0]
        if phase in st.skipped:
            g.emit("phase_skipped", {"seat": seat, "phase": phase})
            continue
        yield from phase_frame(g, seat, phase, lost)
    if at(TURN_END):  # before the event: the turn's marks are still there to read
        yield from fire(g, TURN_END, PhaseInfo(seat, ""), order_from_current(st, seat))
    g.emit("turn_end", {"seat": seat})


def phase_frame(g: Game, seat: int, phase: str, lost: int) -> Settlement:
    """One phase: start (and its timing), its default behaviour, then `phase_end`, which is
    emitted even when the phase or the turn was cut short. Run inside the turn's frame
    (`yield from`), as is the phase's behaviour."""
    st: State = g.state
    p = st.players[seat]
    g.emit("phase", {"seat": seat, "phase": phase})
    triggers = index_of(st).triggers
    info: PhaseInfo | None = None
    going = True
    if triggers.owned(g, PHASE_START, (seat,)):
        info = PhaseInfo(seat, phase)
        yield from fire(g, PHASE_START, info, [seat])
        going = p.alive and p.lost == lost and not st.turn_over and phase not in st.skipped
    if going and phase not in IDLE:
        yield from RUNNERS[phase](g, seat)
    if triggers.at(PHASE_END):  # before the event: the phase's marks are still there to read
        order = order_from_current(st, seat)
        if triggers.owned(g, PHASE_END, order):
            yield from fire(g, PHASE_END, info or PhaseInfo(seat, phase), order)
    g.emit("phase_end", {"seat": seat, "phase": phase})


def rounds(g: Game, first: int, first_phases: tuple[str, ...] = PHASES) -> Settlement:
    """Rounds until the game ends; a round is the turn stack from the round's first seat."""
    st: State = g.state
    start = first
    while True:
        if st.round >= g.config["max_rounds"]:
            end_draw(g, "max_rounds")
        order = action_order(st, start)
        g.emit("round", {"round": st.round + 1, "seats": order})
        yield from turns(g, first_phases)
        first_phases = PHASES
        start = round_start(st)


def turns(g: Game, phases: tuple[str, ...]) -> Settlement:
    """The turns left in this round (the turn stack); `phases` are the next turn's."""
    st: State = g.state
    while st.turn_stack:
        seat = st.turn_stack[-1]
        if not st.players[seat].alive:
            g.emit("turn_skipped", {"seat": seat})
            continue
        yield g.checkpoint(resume_rounds, phases)  # between turns: the state says it all
        yield turn(g, seat, phases)
        phases = PHASES


def resume_rounds(g: Game, phases: tuple[str, ...]) -> Settlement:
    """The game from a checkpoint between two turns of a round (`turns`' checkpoint)."""
    st: State = g.state
    yield from turns(g, phases)
    yield from rounds(g, round_start(st))


def round_start(st: State) -> int:
    if st.mode == "1v1":
        return next(p.seat for p in st.players if p.role == "renegade")
    lord = next((p.seat for p in st.players if p.role == "lord"), 0)
    return lord if st.players[lord].alive else action_order(st, lord)[0]


def root(g: Game) -> Settlement:
    config: dict[str, Any] = g.config
    if config.get("scenario"):
        first, phases = yield from scenario_setup(g)
        yield from rounds(g, first, phases)
    elif config["mode"] == "1v1":
        first = yield from kof_setup(g)
        yield from rounds(g, first)
    else:
        first = yield from identity_setup(g)
        yield from rounds(g, first)
