"""A lobby server's one thread that talks to Redis (`sgs serve --lobby --redis URL`).

The server's loop never waits on Redis: it puts operations on `RedisLink.ops` and reads what
came of them from `RedisLink.events` when the link's wake-up socket says so
(`game_agent.server.cluster` is the loop's side). This thread owns the only Redis connection.

Keys (docs/operating.md, "Many hosts"; every one starts with the `prefix`, default `sgs:`):

| key | holds |
|---|---|
| `server:ID` (TTL 3 beats) | this server's endpoints, JSON |
| `servers` | a set of server IDs ever seen (a dead one's `server:ID` has expired) |
| `lease:TABLE` (TTL `lease`) | `ID:FENCE`: the server that may append to the table's log |
| `fence:TABLE` | the last fencing number handed out for the table |
| `table:TABLE` | the table's directory row, JSON: owner, endpoints, log file name, status |
| `tables` | the set of table names with a row |
| `queue:GAME/MODE/PLAYERS` | waiting agents, `ID|WAITING` each, in join order |
| `inbox:ID` | notices for the agents waiting at server ID (seated, or refused), JSON |

Each beat: the server row; every held lease renewed (or taken back when Redis came back
empty); the held tables' rows; then the whole directory read into one snapshot for the loop;
then the claims of tables whose lease has lapsed (see `_claims`). Between beats, operations as
they come, and the inbox every `INBOX_SECONDS`.
"""

from __future__ import annotations

import functools
import json
import queue
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import redis
import structlog
from redis.backoff import NoBackoff
from redis.retry import Retry

log = structlog.get_logger("sgs.cluster")

INBOX_SECONDS = 0.02  # how often the inbox is read between beats
INBOX_BATCH = 256  # notices taken from the inbox at once
MAX_ROW_BYTES = 1 << 20  # a directory row read back larger than this is ignored
LOCAL_OPS = frozenset({"status", "drop"})  # ops that change only this thread's copy
MAX_DIRECTORY = 100_000  # tables read from the directory (past it, the rest are not listed)
MAX_STATUS_KEYS = 32  # a directory row's status: keys, and characters of a string in it
MAX_STATUS_TEXT = 256
FENCE_KEEP_MS = 7 * 24 * 3600 * 1000  # a finished table's fence is kept a week

# Every script may run twice (a reply lost to a timeout: the op is run again when Redis is
# back), so each one that takes something keeps what it took under its caller's token for a
# minute, and gives the same answer again.

# KEYS: queue, done. ARGV: entry, seats. The entry joins the queue; when the queue then holds a
# table's worth, they leave it together (the caller forms the table): one atomic step.
PUSH = """
if redis.call('EXISTS', KEYS[2]) == 1 then
  return redis.call('LRANGE', KEYS[2], 0, -1)
end
redis.call('LREM', KEYS[1], 0, ARGV[1])
redis.call('RPUSH', KEYS[1], ARGV[1])
local n = tonumber(ARGV[2])
if redis.call('LLEN', KEYS[1]) >= n then
  local got = redis.call('LPOP', KEYS[1], n)
  redis.call('RPUSH', KEYS[2], unpack(got))
  redis.call('PEXPIRE', KEYS[2], 60000)
  return got
end
return false
"""
# KEYS: lease, fence. ARGV: mine ("ID:FENCE"), ms, my fence. 1 renewed; 2 taken back (Redis
# came back without it, and no later owner has been fenced in); 0 lost.
RENEW = """
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
elseif not v then
  local f = redis.call('GET', KEYS[2])
  if (not f) or f == ARGV[3] then
    redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
    redis.call('SET', KEYS[2], ARGV[3])
    return 2
  end
end
return 0
"""
# KEYS: lease, fence, row. ARGV: server id, ms. The new owner's fence (also when this server
# had claimed it already), or 0 when another holds the lease. Only a listed table is claimed.
CLAIM = """
local v = redis.call('GET', KEYS[1])
if v then
  local mine = ARGV[1] .. ':'
  if string.sub(v, 1, #mine) == mine then
    return tonumber(string.sub(v, #mine + 1))
  end
  return 0
end
if redis.call('EXISTS', KEYS[3]) == 0 then
  return 0
end
local fence = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. fence, 'PX', ARGV[2])
return fence
"""
# KEYS: lease, fence, row. ARGV: server id, ms. A new table's lease: its fence, or 0 when the
# name is taken (a live lease, a row, or a fence: a table of that name was played).
OWN = """
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[3]) == 1 then
  return 0
end
local fence = redis.call('INCR', KEYS[2])
if fence ~= 1 then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. fence, 'PX', ARGV[2])
return fence
"""
# KEYS: inbox, done. ARGV: count. Up to `count` notices, taken.
TAKE = """
if redis.call('EXISTS', KEYS[2]) == 1 then
  return redis.call('LRANGE', KEYS[2], 0, -1)
end
local got = redis.call('LRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)
if #got > 0 then
  redis.call('LTRIM', KEYS[1], #got, -1)
  redis.call('RPUSH', KEYS[2], unpack(got))
  redis.call('PEXPIRE', KEYS[2], 60000)
end
return got
"""
# KEYS: lease, row, fence. ARGV: mine, keep ms. The table ends: its lease and row go, if the
# lease is ours (or gone); its fence stays `keep` ms (a server cut off that long cannot take
# the finished table's lease back: see RENEW).
FINISH = """
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] or not v then
  redis.call('DEL', KEYS[1])
  redis.call('DEL', KEYS[2])
  redis.call('PEXPIRE', KEYS[3], ARGV[2])
  return 1
end
return 0
"""


@dataclass
class Timing:
    """Seconds. A lease lives `lease`; it is renewed every `beat`; the owner stops accepting
    decisions `margin` before it would lapse by its own clock, and a claimer waits
    `lease + drift` after it last saw the lease (and after Redis was last unreachable)."""

    lease: float = 3.0

    @property
    def beat(self) -> float:
        return self.lease / 3

    @property
    def margin(self) -> float:
        return self.lease / 3

    @property
    def drift(self) -> float:
        return self.lease / 3


@dataclass
class Row:
    """A table as the directory shows it."""

    name: str
    owner: str
    endpoint: str
    spectators: str
    log: str  # the log's file name in the shared log directory
    status: dict[str, Any]
    leased: bool = True
    owner_alive: bool = True


@dataclass
class Held:
    """A table this server owns: its lease value and what its row says."""

    fence: int
    endpoint: str
    spectators: str
    log: str
    status: dict[str, Any] = field(default_factory=dict)


class RedisLink:
    """The thread and its two queues. `ops` take `(name, *args)` tuples (see `_do`); `events`
    give `(name, *args)` tuples (see `game_agent.server.cluster.Cluster._event`)."""

    def __init__(
        self,
        url: str,
        server_id: str,
        endpoints: tuple[str, str],
        timing: Timing,
        wake: Callable[[], None],
        *,
        prefix: str = "sgs:",
    ) -> None:
        self.url = shown(url)  # what logs say: never its password
        self.id = server_id
        self.endpoints = endpoints
        self.timing = timing
        self.prefix = prefix
        self.ops: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self.events: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self._wake = wake
        timeout = max(timing.beat / 2, 0.05)
        # No retries inside the client: a command whose reply was lost is run again by this
        # thread (`_retry`), with the same token, so it takes nothing twice.
        self._r = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout, decode_responses=True,
            retry=Retry(NoBackoff(), 0), retry_on_timeout=False,
        )  # fmt: skip
        self._push = self._r.register_script(PUSH)
        self._renew = self._r.register_script(RENEW)
        self._claim = self._r.register_script(CLAIM)
        self._take = self._r.register_script(TAKE)
        self._finish = self._r.register_script(FINISH)
        self._own = self._r.register_script(OWN)
        self._tokens = 0
        self._take_token = ""  # the inbox read in flight (kept until it succeeds)
        self._run_id = ""  # the Redis server's run id: a restart between two beats is seen
        self.held: dict[str, Held] = {}  # this thread's copy (the loop tells it every change)
        self._retry: list[tuple[Any, ...]] = []  # ops that failed while Redis was away
        self._up = False
        self._up_since = 0.0  # when Redis was last found reachable after being away
        self._free_since: dict[str, float] = {}  # a leaseless table: when first seen so
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sgs-redis", daemon=True)

    def check(self) -> None:
        """One PING now (before the server opens for agents): redis.RedisError when none."""
        self._r.ping()

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        self._r.close()

    def alive(self) -> bool:
        return self._thread.is_alive()

    def key(self, *parts: str) -> str:
        return self.prefix + ":".join(parts)

    # --- the thread ---------------------------------------------------------------------------

    def _run(self) -> None:
        next_beat = 0.0
        next_inbox = 0.0
        while not self._stop.is_set():
            now = time.monotonic()
            wait = max(min(next_beat, next_inbox) - now, 0.0)
            try:
                op: tuple[Any, ...] | None = self.ops.get(timeout=wait)
            except queue.Empty:
                op = None
            batch = [op] if op is not None else []
            while True:
                try:
                    batch.append(self.ops.get_nowait())
                except queue.Empty:
                    break
            for item in batch:
                if item[0] == "push":
                    item = (*item, self._token())  # a retry runs it with the same token
                self._guarded(functools.partial(self._do, *item), item)
            now = time.monotonic()
            if now >= next_beat:
                next_beat = now + self.timing.beat
                self._guarded(self._beat, None)
            if now >= next_inbox:
                next_inbox = now + INBOX_SECONDS
                if self._up:
                    self._guarded(self._inbox, None)

    def _token(self) -> str:
        self._tokens += 1
        return self.key("done", self.id, str(self._tokens))

    def _guarded(self, call: Callable[[], None], op: tuple[Any, ...] | None) -> None:
        """Run one step; a Redis that went away marks the link down (the op is kept, and run
        again when Redis is back). Anything else that fails a beat marks it down too (the
        server then pauses and refuses joins, visibly); a failed op is logged and dropped."""
        try:
            if op is not None and op[0] not in LOCAL_OPS and self._retry:
                self._retry.append(op)  # in order: after the ones still waiting
                return
            call()
        except (redis.ConnectionError, redis.TimeoutError, OSError) as exc:
            if op is not None:
                self._retry.append(op)
            if self._up:
                self._up = False
                log.error("redis unreachable", url=self.url, reason=str(exc))
                self._emit(("down", str(exc)))
        except Exception as exc:  # a refused command, or data this code cannot read
            log.error("redis step failed", op=op[0] if op else "beat", reason=repr(exc)[:500])
            if op is None and self._up:
                self._up = False
                self._emit(("down", f"a step failed: {exc!r}"[:500]))

    def _emit(self, event: tuple[Any, ...]) -> None:
        self.events.put(event)
        self._wake()

    def _do(self, name: str, *args: Any) -> None:
        if name == "push":  # (queue key, entry, seats, token): maybe a table's worth comes back
            qkey, entry, seats, token = args
            got = self._push(keys=[self.key("queue", qkey), token], args=[entry, seats])
            if got:
                self._emit(("form", qkey, list(got)))
        elif name == "leave":  # (queue key, entry)
            self._r.lrem(self.key("queue", args[0]), 0, args[1])
        elif name == "own":  # (table, Held): a table formed here
            table, held = args
            keys = [self.key("lease", table), self.key("fence", table), self.key("table", table)]
            held.fence = int(self._own(keys=keys, args=[self.id, self._lease_ms()]))
            if not held.fence:  # the name is another table's: this one cannot be played
                log.error("a new table's name is taken", table=table)
                self._emit(("lost", table))
                return
            self.held[table] = held
            self._write_rows({table: held})
        elif name == "tell":  # (server id, notice): for an agent waiting at another server
            server, notice = args
            inbox = self.key("inbox", server)
            self._r.rpush(inbox, json.dumps(notice))
            self._r.pexpire(inbox, 60_000)
        elif name == "status":  # ({table: (status row, log name)}): written next beat
            for table, (row, log_name) in args[0].items():
                held = self.held.get(table)
                if held is not None:
                    held.status, held.log = row, log_name or held.log
        elif name == "finished":  # (table,): it closed here (or could not be resumed)
            held = self.held.get(args[0])
            mine = f"{self.id}:{held.fence}" if held else ""
            keys = [self.key(k, args[0]) for k in ("lease", "table", "fence")]
            if self._finish(keys=keys, args=[mine, FENCE_KEEP_MS]):
                self._r.srem(self.key("tables"), args[0])
            self.held.pop(args[0], None)  # only now: a retry still knows its lease
        elif name == "drop":  # (table,): it is another server's now
            self.held.pop(args[0], None)

    def _lease_ms(self) -> int:
        return int(self.timing.lease * 1000)

    def _beat(self) -> None:
        started = time.monotonic()
        r = self._r
        r.set(self.key("server", self.id), json.dumps(list(self.endpoints)),
              px=int(self.timing.beat * 3000))  # fmt: skip
        r.sadd(self.key("servers"), self.id)
        run_id = str(r.info("server").get("run_id", ""))
        if self._run_id and run_id != self._run_id and self._up:
            log.error("redis restarted since the last beat", url=self.url)
            self._up = False  # as after an outage: what it held may be gone
            self._emit(("down", "Redis restarted"))
        self._run_id = run_id
        if not self._up:
            self._up, self._up_since = True, started
            self._free_since.clear()  # what was seen before the outage proves nothing
            log.info("redis reachable", url=self.url)
            self._emit(("up",))
            while self._retry:  # the ones that failed, in order (each may safely run twice)
                self._do(*self._retry[0])
                self._retry.pop(0)
        lost = []
        held_now = list(self.held.items())
        pipe = r.pipeline(transaction=False)  # one round trip for every lease
        ms = self._lease_ms()
        for table, held in held_now:
            keys = [self.key("lease", table), self.key("fence", table)]
            args: list[str | int] = [f"{self.id}:{held.fence}", ms, held.fence]
            self._renew(keys=keys, args=args, client=pipe)
        results = pipe.execute(raise_on_error=False) if held_now else []
        for (table, _), got in zip(held_now, results, strict=True):
            if isinstance(got, redis.ConnectionError | redis.TimeoutError):
                raise got
            if got == 0 or isinstance(got, Exception):  # refused: not certainly ours
                lost.append(table)
                del self.held[table]
            elif got == 2:
                log.warning("lease taken back (Redis had lost it)", table=table)
        self._write_rows(self.held)
        for table in lost:  # before "valid": the loop gives them up before it goes on
            log.error("lease lost to another server", table=table)
            self._emit(("lost", table))
        # Every lease held here was renewed (or is gone) at `started` or later.
        self._emit(("valid", started + self.timing.lease - self.timing.margin))
        directory = self._directory()
        self._emit(("directory", directory))
        self._claims(started, directory)

    def _write_rows(self, held: dict[str, Held]) -> None:
        if not held:
            return
        pipe = self._r.pipeline(transaction=False)
        for table, h in held.items():
            row = {
                "owner": self.id,
                "endpoint": h.endpoint,
                "spectators": h.spectators,
                "log": h.log,
                "status": h.status,
                "fence": h.fence,
            }
            pipe.set(self.key("table", table), json.dumps(row))
            pipe.sadd(self.key("tables"), table)
        pipe.execute()

    def _directory(self) -> dict[str, Row]:
        r = self._r
        names = sorted(str(n)[:MAX_STATUS_TEXT] for n in r.smembers(self.key("tables")))
        names = names[:MAX_DIRECTORY]
        if not names:
            return {}
        rows = r.mget([self.key("table", n) for n in names])
        leases = r.mget([self.key("lease", n) for n in names])
        parsed = [_row(raw) for raw in rows]
        owner_list = sorted({str(d.get("owner", "")) for d in parsed if d} - {""})
        alive = dict(
            zip(owner_list, r.mget([self.key("server", o) for o in owner_list]), strict=True)
        )
        out = {}
        for name, d, lease in zip(names, parsed, leases, strict=True):
            if d is None:
                continue
            owner = str(lease).split(":", 1)[0] if lease else str(d.get("owner", ""))
            raw_status = d.get("status")
            status: dict[str, Any] = (
                raw_status
                if isinstance(raw_status, dict) and _plain(raw_status)
                else {"name": name}
            )
            out[name] = Row(
                name,
                owner,
                str(d.get("endpoint", "")),
                str(d.get("spectators", "")),
                str(d.get("log", "")),
                status,
                leased=lease is not None,
                owner_alive=alive.get(owner) is not None,
            )
        return out

    def _claims(self, now: float, directory: dict[str, Row]) -> None:
        """Claim each table whose lease has been gone `lease + drift`, counted from when this
        thread first saw it gone and from when Redis was last found reachable again: a live
        owner renews within a beat of Redis coming back, so it always gets its tables back."""
        wait = self.timing.lease + self.timing.drift
        for name in list(self._free_since):
            row = directory.get(name)
            if row is None or row.leased:
                del self._free_since[name]
        for name, row in directory.items():
            if row.leased or name in self.held:
                continue
            first = self._free_since.setdefault(name, now)
            if now - first < wait or now - self._up_since < wait:
                continue
            keys = [self.key("lease", name), self.key("fence", name), self.key("table", name)]
            fence = int(self._claim(keys=keys, args=[self.id, self._lease_ms()]))
            del self._free_since[name]
            if not fence:
                continue  # another server was first
            held = Held(fence, *self.endpoints, row.log, row.status)
            self.held[name] = held
            self._write_rows({name: held})
            log.warning("table claimed", table=name, fence=fence, owner_was=row.owner)
            self._emit(("claimed", name, row.log, row.owner))

    def _inbox(self) -> None:
        if not self._take_token:
            self._take_token = self._token()
        got = self._take(keys=[self.key("inbox", self.id), self._take_token], args=[INBOX_BATCH])
        self._take_token = ""  # taken: the next read takes the next notices
        notices = []
        for raw in got or []:
            notice = _row(raw)
            if notice is not None:
                notices.append(notice)
        if notices:
            self._emit(("notices", notices))


def shown(url: str) -> str:
    """`url` with any user name and password replaced by `***` (for logs and messages)."""
    parts = urllib.parse.urlsplit(url)
    if "@" not in parts.netloc:
        return url
    return urllib.parse.urlunsplit(parts._replace(netloc="***@" + parts.netloc.rpartition("@")[2]))


def _row(raw: object) -> dict[str, Any] | None:
    """A JSON map read back from Redis (None when it is not one, or too large or deep)."""
    if not isinstance(raw, str) or len(raw) > MAX_ROW_BYTES:
        return None
    try:
        d = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return d if isinstance(d, dict) else None


def _plain(status: object) -> bool:
    """Whether a status row read back is what a server writes: a flat map of short values
    (it goes into `status` answers as it is, so nothing in it may be huge or nested)."""
    if not isinstance(status, dict) or len(status) > MAX_STATUS_KEYS:
        return False
    for k, v in status.items():
        if not isinstance(k, str) or len(k) > MAX_STATUS_TEXT:
            return False
        if isinstance(v, str):
            if len(v) > MAX_STATUS_TEXT:
                return False
        elif isinstance(v, bool) or v is None:
            continue
        elif isinstance(v, int):
            if not -(2**53) <= v <= 2**53:
                return False
        elif not isinstance(v, float):
            return False
    return True
