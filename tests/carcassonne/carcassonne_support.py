"""Shared helpers for the Carcassonne tests: boards written in the rules' notation."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game_agent.engine import Game, RequestSpec
from game_agent.games.carcassonne import RULESET
from game_agent.games.carcassonne.board import Board, Placed, place, start_board
from game_agent.games.carcassonne.scenario import Scenario, parse_tile, read_scenario

RED, BLUE = 0, 1

_SPEC = re.compile(r"^([A-X])@\((-?\d+),(-?\d+)\)r(0|90|180|270)$")


def parse(spec: str) -> tuple[str, tuple[int, int], int]:
    """``E@(0,1)r180`` -> ("E", (0, 1), 2): kind, position, quarter turns (rules 8 notation)."""
    m = _SPEC.match(spec.replace(" ", ""))
    if m is None:
        raise ValueError(f"not a tile spec: {spec!r}")
    return m[1], (int(m[2]), int(m[3])), int(m[4]) // 90


def build(*specs: str, start: bool = True) -> Board:
    """Place the tiles in order, each checked by the rules of 4.1 (`place` raises otherwise).

    With ``start`` the board begins with the start tile; without, the first tile is put down
    unchecked (a board of its own)."""
    board: Board = start_board() if start else {}
    for spec in specs:
        kind, pos, r = parse(spec)
        board = place(board, pos, kind, r) if board else {pos: Placed(kind, r)}
    return board


# ---- whole games from scenario files ------------------------------------------------------------

SCENARIOS = Path(__file__).parent / "scenarios"


@dataclass
class Played:
    game: Game
    requests: list[RequestSpec] = field(default_factory=list)

    def events(self, kind: str) -> list[dict[str, Any]]:
        return [e.data for e in self.game.events if e.kind == kind]


def reply_for(req: RequestSpec, move: str) -> int:
    """A move in the scenarios' notation (``E@(0,1)r180``, ``C1``, ``skip``) -> option index."""
    if req.kind == "place_tile":
        kind, x, y, r = parse_tile(move)
        assert kind == req.info["tile"], f"drew {req.info['tile']}, the script places {kind}"
        want = [x, y, r]
        assert want in req.options, f"{move} is not a legal placement: {req.options}"
        return req.options.index(want)
    assert move in req.options, f"{move} is not offered: {req.options}"
    return req.options.index(move)


def play_moves(config: dict[str, Any], moves: list[str], seed: int = 1) -> Played:
    """Run a game, answering request after request with `moves`; every move must be legal. Once
    the script is used up, the remaining requests get their defaults."""
    game = Game(RULESET, config, seed)
    out = Played(game)
    game.start()
    script = iter(moves)
    while not game.finished:
        req = game.pending
        assert req is not None
        out.requests.append(req)
        move = next(script, None)
        game.resume(req.default if move is None else reply_for(req, move))
    assert next(script, None) is None, "the game ended before the script did"
    return out


def play_scenario(name: str) -> tuple[Scenario, Played]:
    sc = read_scenario(SCENARIOS / name)
    return sc, play_moves(sc.config, list(sc.expect.get("moves", [])))
