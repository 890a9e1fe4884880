"""One worker of `sgs serve --lobby --workers N` (started by the front, never by hand).

It serves the tables the front hands it on its own ROUTER and XPUB (beside the front's
endpoint, `game_agent.server.workers.worker_bind`), with the front's options: a `Server` like a
one-process lobby's, but without queues. Over the control channel (`game_agent.server.workers`)
it hears `open`, `resume`, `configured` and `stop`, and tells the front `ready`, `opened`,
`failed`, `settled` (an unproven place of a source ended), `closed` and, every heartbeat,
`status` (its tables' rows and its decision latencies).

It stops on `stop`, SIGTERM or Ctrl-C (its tables stay resumable), and by itself when the front
dies (`user_agent.parent`: exit 5).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from typing import Any

import structlog
import zmq

from game_agent.engine import ConfigError
from game_agent.server import ResumeError, Table
from game_agent.server.admission import Admission, Limits
from game_agent.server.server import Server
from game_agent.server.workers import (
    MAX_CONTROL_BYTES,
    WORKER_CONTROL_ENV,
    WORKER_INDEX_ENV,
    pack,
    unpack,
    worker_bind,
)
from sgs.lobby import WORKER_ARGS_ENV, LobbyTables, say, seat_lines
from sgs.structured_logging import configure
from user_agent.parent import ParentDied, parent_alive, parent_from_env, watch_parent

log = structlog.get_logger("sgs.worker")
MAX_LATENCIES = 20_000  # decision latencies sent per status push at most


class Forwarded(Admission):
    """The worker's admission counts belong to the front: what settles here is told there."""

    def __init__(self, tell: Any) -> None:
        super().__init__(Limits(), per_source=False)
        self._tell = tell

    def settled(self, source: str) -> None:
        self._tell("settled", source=source)

    def table_opened(self, sources: set[str]) -> None:
        pass  # counted by the front when it placed the table

    def table_closed(self, sources: set[str]) -> None:
        pass  # told with `closed`


class Worker:
    def __init__(self, args: argparse.Namespace, index: int, control: str) -> None:
        from sgs.commands.serve import make_curve, server_options, table_options

        self.args = args
        self.index = index
        self.front = str(getattr(args, "front", ""))
        ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
        self.ctl = ctx.socket(zmq.DEALER)
        self.ctl.setsockopt(zmq.ROUTING_ID, f"w{index}".encode())
        self.ctl.setsockopt(zmq.LINGER, 2000)
        self.ctl.setsockopt(zmq.MAXMSGSIZE, MAX_CONTROL_BYTES)
        self.ctl.connect(control)
        front_bind = args.bind
        args.bind, args.pub_bind = worker_bind(front_bind, index), None
        options = server_options(args, {})
        options.lobby = False  # the front holds the queues
        self.server = Server(options, curve=make_curve(args))
        self.server.admission = Forwarded(self.tell)
        self.tables = LobbyTables(args, table_options(args, {}))
        self.tables.where = f" (worker {index})"
        self.server.on_closed = self.closed
        self.server.on_beat = self.beat
        self.server.watch(self.ctl, self.read)
        self.sent_latencies = 0

    def tell(self, op: str, **fields: Any) -> None:
        self.ctl.send(pack(op, **fields))

    def run(self) -> None:
        endpoint, pub = self.server.bind()
        self.tell("ready", endpoint=endpoint, spectators=pub)
        try:
            self.server.run()
        finally:
            self.beat(0.0)
            self.server.close()
            self.ctl.close()

    def read(self) -> None:
        for _ in range(256):
            try:
                raw = self.ctl.recv(zmq.NOBLOCK)
            except zmq.Again:
                return
            msg = unpack(raw)  # the front is trusted: what it sends is well formed
            self.handle(msg)

    def handle(self, msg: dict[str, Any]) -> None:
        op = msg["op"]
        if op == "stop":
            self.server.stop()
        elif op == "open":
            self.open(msg)
        elif op == "resume":
            self.resume(str(msg["path"]), str(msg.get("name") or msg["path"]))
        elif op == "configured":
            self.configured(str(msg["name"]), str(msg["game"]), dict(msg["config"]))

    def open(self, msg: dict[str, Any]) -> None:
        name = str(msg["name"])
        try:
            table = self.tables.new(str(msg["game"]), dict(msg["config"]), str(msg["mode"]), name)
        except (ConfigError, OSError, ValueError) as exc:
            log.error("cannot open a table", table=name, reason=str(exc))
            self.tell("failed", name=name, reason=str(exc))
            return
        sources = [str(s) for s in msg["sources"]]
        table.dissolve_unproven = True
        table.unproven = dict(enumerate(sources))
        table.sources = set(sources)
        self.server.add(table)
        self.opened(table, name)
        log.info("table opened", table=table.name, game=msg["game"], mode=msg["mode"])

    def resume(self, path: str, key: str) -> None:
        try:
            table, report = self.tables.resume(path)
        except (ResumeError, ValueError, OSError) as exc:
            self.tell("failed", name=key, reason=str(exc))
            return
        self.server.add(table)
        say(f"resume: table {table.name!r} ({path}): {report}")
        self.opened(table, key)

    def configured(self, name: str, game: str, config: dict[str, Any]) -> None:
        try:
            table = self.tables.configured(name, game, config)
        except (ConfigError, ValueError, OSError) as exc:
            say(f"table {name!r}: cannot open it: {exc}")
            self.tell("failed", name=name, reason=str(exc))
            return
        self.server.add(table)
        say(f"table {table.name!r}: {game} for {table.game.seats} seats (worker {self.index})")
        seat_lines(self.front, table.name, [s.token for s in table.seats.seats])
        self.opened(table, name)

    def opened(self, table: Table, key: str) -> None:
        tokens = [s.token for s in table.seats.seats]
        self.tell("opened", name=table.name, key=key, tokens=tokens, log=table.log_path or "",
                  status=table.status())  # fmt: skip

    def closed(self, table: Table) -> None:
        self.tables.closed(table)
        ended = table.status() if table.end == "abandoned" else None
        self.tell("closed", name=table.name, sources=sorted(table.sources), ended=ended)

    def beat(self, now: float) -> None:
        lat = self.server.latencies
        fresh = list(lat)[-min(len(lat), MAX_LATENCIES) :] if lat else []
        lat.clear()
        rows = [t.status() for t in self.server.tables.values()]
        self.tell("status", tables=rows, latencies=fresh)


def main() -> int:
    args = argparse.Namespace(**json.loads(os.environ.pop(WORKER_ARGS_ENV)))
    index = int(os.environ.pop(WORKER_INDEX_ENV))
    control = os.environ.pop(WORKER_CONTROL_ENV)
    configure(getattr(args, "log_level", None), True if getattr(args, "log_json", False) else None)
    parent = parent_from_env()
    signal.signal(signal.SIGTERM, lambda signum, frame: _stop(signum))
    try:
        if parent is not None:
            watch_parent()
            if not parent_alive(parent):
                raise ParentDied()
        worker = Worker(args, index, control)
        worker.run()
    except ParentDied:
        log.error("parent gone: stopping", worker=index)
        return 5
    except (KeyboardInterrupt, SystemExit):
        return 0
    except (ValueError, OSError, zmq.ZMQError) as exc:
        print(f"sgs serve: worker {index}: {exc}", file=sys.stderr, flush=True)
        return 2
    return 0


def _stop(signum: int) -> None:
    raise SystemExit(128 + signum)


if __name__ == "__main__":
    sys.exit(main())
