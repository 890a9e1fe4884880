"""Where the chunks of games run: a local process pool (`process`) or Ray (`ray`).

Both keep a few chunks per worker in flight, submitting the next as one finishes, hand back
each chunk (its records and decision times) as it finishes (the caller advances its progress
bar and keeps them), and watch `stop()`: once it says so, nothing more is submitted, the
chunks not started are cancelled (process pool) and those running are waited for, so a Ctrl-C
keeps the games finished so far. The caller sorts the records by game index: the backend and
the number of workers change when a game is played, never what it gives.

The workers run with a fixed string-hash seed (PYTHONHASHSEED=0): a bot that iterates a set of
strings would otherwise play differently in each process and in each run. Pool processes are
therefore spawned (fresh interpreters that read the variable), Ray tasks get it in their
runtime environment.
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any

import structlog

from sgs.arena.schedule import GameSpec
from sgs.arena.worker import Chunk, Job, ignore_sigint, play_chunk

BACKENDS = ("process", "ray")
HASH_SEED = "0"  # PYTHONHASHSEED of every worker
POLL = 0.2  # seconds between looks at stop() while waiting for chunks
IN_FLIGHT = 3  # chunks submitted per worker at a time
# A chunk is played again when the worker (or the node) playing it dies, up to this many times
# (Ray's task retries; a new pool for the process backend); a chunk's games are deterministic, so
# a rerun gives the same records (tests/arena/test_ray_cluster, tests/arena/test_backends).
RETRIES = 3

log = structlog.get_logger("sgs.arena")

Done = Callable[[Chunk], None]
Stop = Callable[[], bool]


class ChunkFailed(Exception):
    """A chunk could not be played: its worker died more than RETRIES times, or a game in it
    raised (a bug in a ruleset or a bot: a rerun would raise the same). The chunks finished
    before it were handed to `done`."""


def in_flight(workers: int) -> int:
    return IN_FLIGHT * max(1, workers)


@contextmanager
def hash_seed_for_children() -> Iterator[None]:
    """PYTHONHASHSEED set for the processes started inside, and restored after."""
    before = os.environ.get("PYTHONHASHSEED")
    os.environ["PYTHONHASHSEED"] = HASH_SEED
    try:
        yield
    finally:
        if before is None:
            del os.environ["PYTHONHASHSEED"]
        else:
            os.environ["PYTHONHASHSEED"] = before


def run_processes(
    job: Job, chunks: Sequence[Sequence[GameSpec]], workers: int, done: Done, stop: Stop
) -> None:
    """The chunks on a pool of `workers` processes (which ignore Ctrl-C: the parent decides).
    A worker that dies breaks the pool: a new one is started and the chunks that had not
    finished are submitted again (each at most RETRIES times more)."""
    with hash_seed_for_children():  # for every process a pool starts, whenever it does
        _run_processes(job, chunks, workers, done, stop)


def _run_processes(
    job: Job, chunks: Sequence[Sequence[GameSpec]], workers: int, done: Done, stop: Stop
) -> None:
    todo = iter(enumerate(chunks))
    again: list[tuple[int, Sequence[GameSpec]]] = []  # chunks of a broken pool, to run again
    tries: dict[int, int] = {}
    pool = _pool(workers)
    pending: dict[Future[Chunk], tuple[int, Sequence[GameSpec]]] = {}

    def submit() -> None:
        room = max(0, in_flight(workers) - len(pending))
        for item in [*again[:room], *itertools.islice(todo, max(0, room - len(again)))]:
            pending[pool.submit(play_chunk, job, list(item[1]))] = item
        del again[:room]

    try:
        submit()
        while pending:
            finished, _ = wait(set(pending), timeout=POLL, return_when=FIRST_COMPLETED)
            broken = False
            for f in finished:
                item = pending.pop(f)
                if f.cancelled():
                    continue
                exc = f.exception()
                if exc is None:
                    done(f.result())
                elif isinstance(exc, BrokenProcessPool):
                    broken = True
                    tries[item[0]] = tries.get(item[0], 0) + 1
                    if tries[item[0]] > RETRIES:
                        raise ChunkFailed(
                            f"{_games(item[1])}: the worker playing them died "
                            f"{tries[item[0]]} times"
                        )
                    again.append(item)
                else:
                    raise ChunkFailed(f"{_games(item[1])}: {type(exc).__name__}: {exc}") from exc
            if broken:
                log.warning("arena worker died: its chunks are played again", chunks=len(again))
                pool.shutdown(wait=False, cancel_futures=True)
                for item in pending.values():  # the broken pool fails them all
                    again.append(item)
                pending.clear()
                again.sort(key=lambda item: item[0])
                pool = _pool(workers)
            if stop():
                again.clear()
                for f in pending:
                    f.cancel()  # those not started yet; the running ones finish
            else:
                submit()
    except BaseException:  # a second Ctrl-C, a failed chunk: leave the other chunks
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def _pool(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=ignore_sigint,
    )


def _games(chunk: Sequence[GameSpec]) -> str:
    first, last = chunk[0].index, chunk[-1].index
    return f"game {first}" if first == last else f"games {first}..{last}"


def run_ray(
    job: Job,
    chunks: Sequence[Sequence[GameSpec]],
    workers: int,
    done: Done,
    stop: Stop,
    address: str | None = None,
) -> None:
    """The chunks as Ray tasks: on the cluster at `address`, or on a local Ray with `workers`
    CPUs. A Ray already initialised in this process (a test's) is used as it is."""
    import ray  # only this backend needs it

    started = False
    if not ray.is_initialized():
        if address is not None:
            ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
        else:
            ray.init(
                address="local",  # a new Ray, never one already running on the machine
                num_cpus=workers,
                include_dashboard=False,
                logging_level=logging.ERROR,
                log_to_driver=False,
            )
        started = True
    try:
        task: Any = ray.remote(play_chunk).options(
            max_retries=RETRIES, runtime_env={"env_vars": {"PYTHONHASHSEED": HASH_SEED}}
        )
        todo = iter(chunks)
        pending: list[Any] = []
        while True:
            if not stop():
                room = max(0, in_flight(workers) - len(pending))
                pending += [task.remote(job, list(c)) for c in itertools.islice(todo, room)]
            if not pending:
                break
            finished, pending = ray.wait(pending, num_returns=1, timeout=POLL)
            for ref in finished:
                try:
                    chunk = ray.get(ref)
                except ray.exceptions.RayError as exc:  # retried RETRIES times, or a game raised
                    raise ChunkFailed(f"a chunk failed on Ray: {exc}") from exc
                done(chunk)
    finally:
        if started:
            ray.shutdown()


def run(
    backend: str,
    job: Job,
    chunks: Sequence[Sequence[GameSpec]],
    workers: int,
    done: Done,
    stop: Stop,
    address: str | None = None,
) -> None:
    log.debug("arena_run", backend=backend, workers=workers, chunks=len(chunks))
    if backend == "ray":
        run_ray(job, chunks, workers, done, stop, address)
    else:
        run_processes(job, chunks, workers, done, stop)
