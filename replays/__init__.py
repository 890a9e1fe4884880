"""The replayable log: record format, writer, reader, verifier (re-execution) and player."""

from replays.format import FORMAT_VERSION, MAGIC, LogError
from replays.reader import Damage, Log, Tail, read_log, truncate_tail
from replays.verify import Divergence, reexecute, verify
from replays.writer import LogWriter, header_for

__all__ = [
    "FORMAT_VERSION",
    "MAGIC",
    "Damage",
    "Divergence",
    "Log",
    "LogError",
    "LogWriter",
    "Tail",
    "header_for",
    "read_log",
    "reexecute",
    "truncate_tail",
    "verify",
]
