"""The replayable log: record format, writer, reader and verifier (re-execution). No presentation:
the replay player and board pictures are client code (`user_agent.replay`).

The log itself needs only the contract (`protocol`); `verify`, `reexecute` and `Divergence` run the
game again, so they load the rules on first use: a client that reads logs never imports the
game agent.
"""

from typing import TYPE_CHECKING, Any

from replays.format import FORMAT_VERSION, MAGIC, LogError
from replays.reader import Damage, Log, read_log, truncate_tail
from replays.writer import LogWriter, header_for

if TYPE_CHECKING:
    from replays.reexecution import Divergence, reexecute, verify

_REEXECUTION = ("Divergence", "reexecute", "verify")


def __getattr__(name: str) -> Any:
    if name in _REEXECUTION:
        from replays import reexecution

        return getattr(reexecution, name)
    raise AttributeError(f"module 'replays' has no attribute {name!r}")


__all__ = [
    "FORMAT_VERSION",
    "MAGIC",
    "Damage",
    "Divergence",
    "Log",
    "LogError",
    "LogWriter",
    "header_for",
    "read_log",
    "reexecute",
    "truncate_tail",
    "verify",
]
