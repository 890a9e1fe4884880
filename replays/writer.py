"""Appends a game's records as they happen. Flushes at every decision (and at close), so a
game agent killed at any moment leaves a log that is whole up to its last decision, plus at
most one torn record that the reader detects."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any, BinaryIO

from game_agent.engine import Decision, Event, Game, RequestSpec
from protocol.codec import pack
from replays.format import DECISION, EVENT, FORMAT_VERSION, MAGIC, REQUEST, frame


def header_for(game: Game, agents: Iterable[str], table: str = "") -> dict[str, Any]:
    return {
        "format": FORMAT_VERSION,
        "game": game.ruleset.name,
        "ruleset_version": game.ruleset.version,
        "config": game.config,
        "seed": game.seed,
        "seats": [{"seat": i, "agent": a} for i, a in enumerate(agents)],
        "table": table,
    }


class LogWriter:
    def __init__(self, path: str | os.PathLike[str], header: dict[str, Any]) -> None:
        self.path = os.fspath(path)
        self._f: BinaryIO = open(self.path, "wb")  # noqa: SIM115 - closed in close()
        self._f.write(MAGIC + frame(pack(header)))
        self._f.flush()

    @classmethod
    def to_stream(cls, stream: BinaryIO, header: dict[str, Any]) -> LogWriter:
        """Write to an open binary stream (e.g. BytesIO, to build a log's canonical bytes)."""
        self = cls.__new__(cls)
        self.path = ""
        self._f = stream
        stream.write(MAGIC + frame(pack(header)))
        return self

    @classmethod
    def append_to(cls, path: str | os.PathLike[str]) -> LogWriter:
        """Continue an existing (already verified and tail-cut) log, e.g. after a crash."""
        self = cls.__new__(cls)
        self.path = os.fspath(path)
        self._f = open(self.path, "ab")  # noqa: SIM115 - closed in close()
        return self

    def events(self, events: Iterable[Event]) -> None:
        w = self._f.write
        for ev in events:
            w(frame(pack([EVENT, *ev.to_record()])))

    def request(self, req: RequestSpec) -> None:
        self._f.write(frame(pack([REQUEST, req.to_wire()])))

    def decision(self, d: Decision) -> None:
        self._f.write(frame(pack([DECISION, d.id, d.seat, d.choice, d.timeout])))
        self._f.flush()

    def flush(self) -> None:
        self._f.flush()

    def close(self) -> None:
        if not self._f.closed:
            self._f.flush()
            self._f.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
