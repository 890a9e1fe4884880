"""The ZeroMQ host: one process, any number of tables.

    server = Server(ServerOptions(bind=..., lobby=True))
    server.bind()                 # one ROUTER for every seat, one XPUB for spectators
    server.add(table)             # a Table: a game, its seats, log, deadlines and fan-out
    server.run(until=...)         # the event loop

`store` opens tables on disk (log + seats file) and reopens them after a crash; `lobby` seats
agents that `join` a queue; `admission` caps what each source address may ask of the lobby
before its agents prove their seats. The wire is specified in `protocol/PROTOCOL.md`; operators read
`docs/wire.md`.
"""

from game_agent.server.resume import Resumed, ResumeError, resume_log
from game_agent.server.seats import Seat, Seats, read_sidecar, sidecar_path, write_sidecar
from game_agent.server.server import Server, ServerOptions
from game_agent.server.table import Table, TableOptions

__all__ = [
    "ResumeError",
    "Resumed",
    "Seat",
    "Seats",
    "Server",
    "ServerOptions",
    "Table",
    "TableOptions",
    "read_sidecar",
    "resume_log",
    "sidecar_path",
    "write_sidecar",
]
