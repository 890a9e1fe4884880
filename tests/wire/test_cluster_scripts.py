"""The Redis scripts of the multi-host lobby (`game_agent.server.redis_link`), each run on a real
`redis-server`: what makes a lease safe to take back, and what makes a step safe to run twice
(a reply lost to a timeout is run again with the same token)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from redis_support import RedisServer

from game_agent.server.redis_link import CLAIM, FINISH, OWN, PUSH, RENEW, TAKE, shown


@pytest.fixture
def r(tmp_path: Path) -> Iterator[redis.Redis]:
    server = RedisServer(tmp_path / "redis")
    server.start()
    yield server.client()
    server.stop()


def test_a_push_that_fills_a_queue_pops_it_once_and_answers_a_retry_alike(r: redis.Redis) -> None:
    push = r.register_script(PUSH)
    assert push(keys=["q", "done:1"], args=["a|1", 2]) is None
    assert push(keys=["q", "done:2"], args=["b|1", 2]) == ["a|1", "b|1"]
    assert push(keys=["q", "done:2"], args=["b|1", 2]) == ["a|1", "b|1"]  # the retry
    assert r.llen("q") == 0
    assert push(keys=["q", "done:3"], args=["c|1", 2]) is None  # a new step: queued
    assert push(keys=["q", "done:4"], args=["c|1", 2]) is None  # pushed again: still once
    assert r.lrange("q", 0, -1) == ["c|1"]


def test_an_inbox_read_twice_with_one_token_gives_the_same_notices(r: redis.Redis) -> None:
    take = r.register_script(TAKE)
    r.rpush("inbox", "n1", "n2", "n3")
    assert take(keys=["inbox", "done:1"], args=[2]) == ["n1", "n2"]
    assert take(keys=["inbox", "done:1"], args=[2]) == ["n1", "n2"]  # the retry
    assert take(keys=["inbox", "done:2"], args=[2]) == ["n3"]
    assert take(keys=["inbox", "done:3"], args=[2]) == []


def test_a_lease_is_taken_back_only_when_no_later_owner_was_fenced_in(r: redis.Redis) -> None:
    renew = r.register_script(RENEW)
    own, claim, finish = (r.register_script(x) for x in (OWN, CLAIM, FINISH))
    keys3 = ["lease:t", "fence:t", "table:t"]
    assert own(keys=keys3, args=["A", 60_000]) == 1
    r.set("table:t", "{}")
    assert renew(keys=["lease:t", "fence:t"], args=["A:1", 60_000, 1]) == 1
    r.flushall()  # Redis came back empty: the owner takes its lease back
    assert renew(keys=["lease:t", "fence:t"], args=["A:1", 60_000, 1]) == 2
    assert r.get("lease:t") == "A:1" and r.get("fence:t") == "1"
    r.delete("lease:t")  # A was cut off; its lease lapsed; B claimed the table and finished it
    r.set("table:t", "{}")
    assert claim(keys=keys3, args=["B", 60_000]) == 2
    assert claim(keys=keys3, args=["B", 60_000]) == 2  # a retry: still B's, same fence
    assert claim(keys=keys3, args=["C", 60_000]) == 0
    assert finish(keys=["lease:t", "table:t", "fence:t"], args=["B:2", 60_000]) == 1
    assert r.get("lease:t") is None and r.get("table:t") is None
    assert 0 < r.pttl("fence:t") <= 60_000  # the fence outlives the table
    # A comes back: the finished table's lease is not A's to take
    assert renew(keys=["lease:t", "fence:t"], args=["A:1", 60_000, 1]) == 0
    assert r.get("lease:t") is None
    assert own(keys=keys3, args=["D", 60_000]) == 0  # nor is its name a new table's
    assert claim(keys=keys3, args=["D", 60_000]) == 0  # unlisted: nothing to claim


def test_a_redis_url_is_shown_without_its_password() -> None:
    assert shown("redis://:s3cret@db.example:6379/0") == "redis://***@db.example:6379/0"
    assert shown("redis://user:s3cret@db.example/1") == "redis://***@db.example/1"
    assert shown("redis://db.example:6379/0") == "redis://db.example:6379/0"
