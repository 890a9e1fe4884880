"""The ZeroMQ host of one table: seats and tokens, the per-seat fan-out, deadlines, liveness,
rate limits, spectators, and crash resume from the log.

    table = Table(game, seats, writer, TableOptions(...))
    table.bind()          # endpoints (ROUTER for seated agents, PUB for spectators)
    outcome = table.run() # wait for the seats, run the game to the end

The wire itself is specified in `protocol/PROTOCOL.md`; operators read `docs/wire.md`.
"""

from game_agent.server.resume import Resumed, ResumeError, resume_log
from game_agent.server.seats import Seat, Seats, read_sidecar, sidecar_path, write_sidecar
from game_agent.server.table import Table, TableOptions

__all__ = [
    "ResumeError",
    "Resumed",
    "Seat",
    "Seats",
    "Table",
    "TableOptions",
    "read_sidecar",
    "resume_log",
    "sidecar_path",
    "write_sidecar",
]
