"""Carcassonne's part of the replay report: a turn per tile (`turn_started`), the board and the
scores closing it, the board as a PNG (`sgs replay --png`); `carcassonne_view` folds a log's
table after any turn."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from protocol.records import view_for
from replays.reader import Log
from user_agent.games.carcassonne.board import board_lines, scores_line
from user_agent.games.carcassonne.view import CarcassonneView
from user_agent.replay import ReportHooks, last_step, turn_count
from user_agent.words.narrate import Narrator


def carcassonne_view(log: Log, step: int | None = None, seat: int | None = None) -> CarcassonneView:
    """The table of a Carcassonne log after turn `step` (0: the setup; None: the end of the game,
    final scoring included), as `seat` saw it (None: everything). A turn ends where the next
    one starts, or where final scoring (or the game's end) begins."""
    game = log.header.get("game")
    if game != "carcassonne":
        raise ValueError(f"this log is {game}, not carcassonne")
    turns = turn_count(log)
    if step is not None and not 0 <= step <= turns:
        raise ValueError(f"there is no turn {step}: the log has turns 0..{turns}")
    view = CarcassonneView(-1 if seat is None else seat, len(log.header.get("seats", [])))
    for rec in log.events:
        if step is not None:
            if rec.kind == "turn_started" and rec.data.get("turn", 0) > step:
                break
            if rec.kind in ("final_scoring", "game_over"):
                break
        data = rec.data if seat is None else view_for(rec, seat)
        if data is not None:
            view.apply(rec.kind, data)
    return view


class CarcassonneReport(ReportHooks):
    turn_event = "turn_started"
    picture = "user_agent.games.carcassonne.picture:render_png"
    picture_what = "Carcassonne boards"

    def turn_header(self, turn: int, data: dict[str, Any], narrator: Narrator) -> str:
        return f"== Turn {data.get('turn')}: {narrator.s(data.get('seat'))} =="

    def closing(self, log: Log, seat: int | None, last: int | None) -> Iterator[str]:
        """The board after turn `last` (beyond the last turn: the end), with the scores."""
        step = last_step(log, last)
        view = carcassonne_view(log, step, seat)
        yield "== Board at the end ==" if step is None else f"== Board after turn {step} =="
        for line in board_lines(view):
            yield f"  {line}"
        yield f"  {scores_line(view)}"


REPORT = CarcassonneReport()
