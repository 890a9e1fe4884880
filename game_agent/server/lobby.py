"""The lobby: queues of agents waiting for a table of one game, mode and size.

An agent `join`s a queue; when the queue holds as many agents as the table has seats, the
server opens a table and seats them in the order they joined (each gets its table, seat and
token in `seated`). An agent that leaves (bye, or its connection drops) leaves its queue.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

QueueKey = tuple[str, str, int]  # game, mode ("" = default), players (0 = default)


@dataclass
class Waiting:
    identity: bytes
    conn: Hashable  # the connection it came on (a session ends with it)
    name: str
    source: str = ""  # its network address (admission.source_key), for the per-source caps


@dataclass
class Queue:
    key: QueueKey
    needed: int  # seats of the table this queue fills
    waiting: list[Waiting] = field(default_factory=list)

    def status(self) -> dict[str, object]:
        game, mode, players = self.key
        return {
            "game": game,
            "mode": mode,
            "players": players,
            "waiting": len(self.waiting),
            "needed": self.needed,
        }


class Lobby:
    def __init__(self) -> None:
        self.queues: dict[QueueKey, Queue] = {}
        self.where: dict[bytes, QueueKey] = {}  # identity -> its queue

    def __len__(self) -> int:
        return len(self.where)

    def join(self, key: QueueKey, needed: int, who: Waiting) -> Queue:
        """Queue `who` (leaving any queue it was in: see `leave`)."""
        q = self.queues.get(key)
        if q is None:
            q = self.queues[key] = Queue(key, needed)
        q.waiting.append(who)
        self.where[who.identity] = key
        return q

    def full(self, q: Queue) -> list[Waiting] | None:
        """The agents of the next table when the queue can fill one (they leave the queue)."""
        if len(q.waiting) < q.needed:
            return None
        seated, q.waiting = q.waiting[: q.needed], q.waiting[q.needed :]
        for w in seated:
            del self.where[w.identity]
        if not q.waiting:
            del self.queues[q.key]
        return seated

    def leave(self, identity: bytes) -> tuple[Queue, Waiting] | None:
        """-> the queue `identity` left and its entry, or None when it was in none."""
        key = self.where.pop(identity, None)
        if key is None:
            return None
        q = self.queues[key]
        gone = next(w for w in q.waiting if w.identity == identity)
        q.waiting = [w for w in q.waiting if w.identity != identity]
        if not q.waiting:
            del self.queues[key]
        return q, gone

    def drop_connection(self, conn: Hashable) -> list[Waiting]:
        """Everyone queued from connection `conn` leaves; -> those entries."""
        out: list[Waiting] = []
        for q in list(self.queues.values()):
            for w in [w for w in q.waiting if w.conn == conn]:
                left = self.leave(w.identity)
                if left is not None:
                    out.append(left[1])
        return out

    def status(self) -> list[dict[str, object]]:
        return [q.status() for q in self.queues.values()]
