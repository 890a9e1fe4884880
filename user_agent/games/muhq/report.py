"""muhq's part of the replay report: a turn is a side's turn (`turn_started`), the request
words read the narrator's table, the map closes it; `muhq_table` folds a log's table after any
turn."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from protocol.records import view_for
from replays.reader import Log
from user_agent.games.muhq.board import MuhqTable
from user_agent.replay import ReportHooks, last_step
from user_agent.words.narrate import Narrator


def muhq_table(log: Log, step: int | None = None, seat: int | None = None) -> MuhqTable:
    """The table of a muhq log after turn `step` (0: the setup; None: the end of the game), as
    `seat` saw it (None: everything; -1 a spectator). A turn ends where the next one starts."""
    game = log.header.get("game")
    if game != "muhq":
        raise ValueError(f"this log is {game}, not muhq")
    table = MuhqTable(None)  # a report names no "you"; game_started carries the content
    for rec in log.events:
        if step is not None and rec.kind == "turn_started" and rec.data.get("turn", 0) > step:
            break
        data = rec.data if seat is None else view_for(rec, seat)
        if data is not None:
            table.apply(rec.kind, data)
    return table


class MuhqReport(ReportHooks):
    turn_event = "turn_started"

    def turn_header(self, turn: int, data: dict[str, Any], narrator: Narrator) -> str:
        t = narrator.table
        who = t.side_name(data.get("side")) if t is not None else f"seat {data.get('side')}"
        return f"== Turn {data.get('turn')} (round {data.get('round')}): {who} =="

    def words_view(self, narrator: Narrator) -> Any:
        return narrator.table

    def closing(self, log: Log, seat: int | None, last: int | None) -> Iterator[str]:
        """The map after turn `last` (beyond the last turn: the end)."""
        step = last_step(log, last)
        table = muhq_table(log, step, seat)
        yield "== Map at the end ==" if step is None else f"== Map after turn {step} =="
        for line in table.table_lines():
            yield f"  {line}"


REPORT = MuhqReport()
