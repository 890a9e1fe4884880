"""Plays a log back as text: omnisciently, or as one seat saw it (`--seat N`)."""

from __future__ import annotations

from collections.abc import Iterator

from game_agent.engine import Decision, Event, RequestSpec, view_for
from protocol.registry import get_schema
from replays.reader import Log


def render(log: Log, seat: int | None = None) -> Iterator[str]:
    h = log.header
    schema = get_schema(str(h["game"]))
    line = schema.renderer()
    agents = ", ".join(f"{s['seat']}:{s['agent']}" for s in h.get("seats", []))
    if seat is None:
        yield f"# {h['game']} {h['ruleset_version']} seed {h['seed']} seats [{agents}] (omniscient)"
    else:  # the seed would give away the deck order, every role and every hand
        yield f"# {h['game']} {h['ruleset_version']} seats [{agents}] (as seen by seat {seat})"
    n = 0
    for rec in log.records:
        if isinstance(rec, Event):
            data = rec.data if seat is None else view_for(rec, seat)
            if data is None:
                continue
            secret = "" if rec.seats is None or seat is not None else f"  [to {list(rec.seats)}]"
            yield f"{n:5d}  {line(rec.kind, data)}{secret}"
            n += 1
        elif isinstance(rec, RequestSpec):
            if seat is None or rec.seat == seat:
                size = len(rec.options)
                yield f"       ? seat {rec.seat} {rec.kind} ({rec.form}, {size} options)"
        elif isinstance(rec, Decision) and (seat is None or rec.seat == seat):
            how = " (timeout: default applied)" if rec.timeout else ""
            yield f"       > seat {rec.seat} answers {rec.id}: {rec.choice}{how}"
    if log.damage is not None:
        where = " in the middle of the file" if log.damage.mid_file else ""
        yield f"!! the log is damaged{where}: {log.damage.reason}"
