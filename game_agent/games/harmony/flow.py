"""The settlements of a game: rounds, placements, the attack phase and its result (rules 3, 6).

The stack is ``root -> play_round -> place`` while a placement is asked. The attack phase never
asks anything, so it runs inside the round's frame as a plain function.
"""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.harmony.attack import LETHAL, Rules, resolve
from game_agent.games.harmony.board import CELL_NAMES, N_CELLS, NORTH, SOUTH
from game_agent.games.harmony.config import LAST_ROUND, first_player_for, rules_of
from game_agent.games.harmony.pieces import EMPTY, PIECE_CODES
from game_agent.games.harmony.state import HarmonyState
from protocol.games.harmony.schema import ELEMENT_CODES, LANES, ROLE_CODES


def root(g: Game) -> Settlement:
    cfg = g.config
    sc = cfg["scenario"]
    first_player = cfg["first_player"]
    if first_player is None:
        first_player = g.rng.below(2)  # A9: Player 1 is drawn at random
    start = 1 if sc is None else sc["round"]
    g.emit(
        "game_started",
        {
            "first_player": first_player,
            "skip_attack_rounds": cfg["skip_attack_rounds"],
            "mutual_lethal": cfg["mutual_lethal"],
            "start_round": start,
            "position": None if sc is None else [dict(f) for f in sc["position"]],
        },
    )
    yield from rounds(g, start)


def rounds(g: Game, start: int) -> Settlement:
    """Rounds `start` to the last; a checkpoint before each."""
    rules = rules_of(g.config)
    for r in range(start, LAST_ROUND + 1):
        yield g.checkpoint(rounds, r)
        yield play_round(g, r, rules)
    st: HarmonyState = g.state
    g.end({"winner": None, "reason": "board_full", "round": LAST_ROUND, "damage_to": st.damage_to})


def play_round(g: Game, r: int, rules: Rules) -> Settlement:
    st: HarmonyState = g.state
    first = first_player_for(r, st.first_player)
    g.emit("round_started", {"round": r, "first_placer": first})
    for seat in (first, 1 - first):
        if st.placed[seat] < r:  # a scenario may start after some placements of round r
            yield place(g, seat, r)
    if r <= st.skip_attack_rounds:
        g.emit("attack_phase_skipped", {"round": r})
    else:
        attack_phase(g, r, rules)


def place(g: Game, seat: int, r: int) -> Settlement:
    field = g.state.board[seat]
    cells = [CELL_NAMES[c] for c in range(N_CELLS) if field[c] == EMPTY]
    axes = [cells, list(ROLE_CODES), list(ELEMENT_CODES)]
    choice = yield g.ask(seat, "place_piece", axes, [0, 0, 0], form="product", info={"round": r})
    c, role, element = choice
    g.emit(
        "piece_placed",
        {
            "round": r,
            "seat": seat,
            "cell": cells[c],
            "role": ROLE_CODES[role],
            "element": ELEMENT_CODES[element],
        },
    )


def attack_phase(g: Game, r: int, rules: Rules) -> None:
    """Resolve the attack phase (5), emit one event per stream, then apply the result (6)."""
    board = g.state.board
    phase = resolve(board, rules)
    emit = g.emit
    for s in phase.streams:
        dfn = board[1 - s.seat]
        emit(
            "attack_stream",
            {
                "round": r,
                "seat": s.seat,
                "cell": CELL_NAMES[s.cell],
                "piece": PIECE_CODES[s.piece],
                "lane": LANES[s.lane],
                "base": s.base,
                "modifier": s.modifier,
                "contacts": [[CELL_NAMES[q], PIECE_CODES[dfn[q]], a] for q, a in s.contacts],
                "to_player": s.to_player,
            },
        )
        for q in s.exhausted:
            emit(
                "piece_exhausted",
                {
                    "round": r,
                    "seat": 1 - s.seat,
                    "cell": CELL_NAMES[q],
                    "piece": PIECE_CODES[dfn[q]],
                },
            )
    to_south, to_north = phase.damage_to
    emit("attack_phase_resolved", {"round": r, "damage_to": [to_south, to_north]})
    result(g, r, to_south, to_north)


def result(g: Game, r: int, to_south: int, to_north: int) -> None:
    """The table of rules section 6; returns when the game goes on."""
    south_falls = to_south >= LETHAL
    north_falls = to_north >= LETHAL
    if not (south_falls or north_falls):
        return
    winner: int | None
    if south_falls != north_falls:
        winner, reason = (SOUTH if north_falls else NORTH), "lethal"
    else:  # both fell (A7)
        mode = g.state.mutual_lethal
        if mode == "continue":
            return
        if mode == "compare" and to_south != to_north:
            winner, reason = (SOUTH if to_north > to_south else NORTH), "compare"
        else:
            winner, reason = None, "mutual_lethal"
    g.end({"winner": winner, "reason": reason, "round": r, "damage_to": [to_south, to_north]})
