"""Per-peer rate limits (token buckets), so one flooding peer cannot starve the table.

Peers are connections (their file descriptors) and sources (their network addresses): a
routing id costs nothing to change, so it is never the key. The table of buckets is bounded:
the least recently seen peer is forgotten first, so a flood of fresh peers costs bounded memory.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass


@dataclass
class Bucket:
    tokens: float
    stamp: float
    warned: float = -1e9  # when this peer was last told it is rate-limited


class RateLimiter:
    def __init__(self, rate: float, burst: float, max_peers: int = 4096) -> None:
        self.rate = rate
        self.burst = burst
        self.max_peers = max_peers
        self._buckets: OrderedDict[Hashable, Bucket] = OrderedDict()

    def allow(self, peer: Hashable, now: float, cost: float = 1.0) -> bool:
        """Take `cost` tokens from the peer's bucket if it holds that many (a cost above the
        burst is allowed from a full bucket, which it then leaves in debt)."""
        b = self._buckets.get(peer)
        if b is None:
            b = Bucket(self.burst, now)
            self._buckets[peer] = b
            if len(self._buckets) > self.max_peers:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(peer)
            b.tokens = min(self.burst, b.tokens + (now - b.stamp) * self.rate)
            b.stamp = now
        if b.tokens >= min(cost, self.burst):
            b.tokens -= cost
            return True
        return False

    def charge(self, peer: Hashable, cost: float) -> None:
        """Take `cost` more tokens from a peer that asked for something expensive (a resync
        replays its history); the bucket may go negative, and refills at `rate`."""
        b = self._buckets.get(peer)
        if b is not None:
            b.tokens -= cost

    def should_warn(self, peer: Hashable, now: float, every: float = 1.0) -> bool:
        """At most one rate-limit notice per peer per `every` seconds (a notice per dropped
        message would amplify the flood)."""
        b = self._buckets.get(peer)
        if b is None or now - b.warned < every:
            return False
        b.warned = now
        return True

    def forget(self, peer: Hashable) -> None:
        self._buckets.pop(peer, None)


class LogBudget:
    """At most `per_second` lines per kind (a refusal's code) per second; the rest are counted
    and reported in one summary line, so a flood of bad input cannot flood the server's own log
    (and one kind of flood cannot hide the others). Kinds are a small fixed set."""

    def __init__(self, per_second: int = 20) -> None:
        self.per_second = per_second
        self._kinds: dict[str, list[float]] = {}  # kind -> [window start, used, suppressed]

    def allow(self, kind: str, now: float) -> tuple[bool, int]:
        """-> (log this line?, lines of this kind suppressed in the window that just ended)."""
        k = self._kinds.get(kind)
        if k is None:
            k = self._kinds[kind] = [now, 0.0, 0.0]
        ended = 0
        if now - k[0] >= 1.0:
            ended = int(k[2])
            k[0], k[1], k[2] = now, 0.0, 0.0
        if k[1] < self.per_second:
            k[1] += 1
            return True, ended
        k[2] += 1
        return False, ended
