"""Where the chunks of games run: a local process pool (`process`) or Ray (`ray`).

Both keep a few chunks per worker in flight, submitting the next as one finishes, hand back
each chunk's records as it finishes (the caller advances its progress bar and keeps them), and
watch `stop()`: once it says so, nothing more is submitted, the chunks not started are
cancelled (process pool) and those running are waited for, so a Ctrl-C keeps the games
finished so far. The caller sorts the records by game index: the
backend and the number of workers change when a game is played, never what it gives.

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
from contextlib import contextmanager
from typing import Any

import structlog

from sgs.arena.schedule import GameSpec
from sgs.arena.worker import GameRecord, Job, ignore_sigint, play_chunk

BACKENDS = ("process", "ray")
HASH_SEED = "0"  # PYTHONHASHSEED of every worker
POLL = 0.2  # seconds between looks at stop() while waiting for chunks
IN_FLIGHT = 3  # chunks submitted per worker at a time
# Ray runs a chunk again when the worker (or the node) playing it dies, up to this many times; a
# chunk's games are deterministic, so a rerun gives the same records (tests/arena/test_ray_cluster).
RETRIES = 3

log = structlog.get_logger("sgs.arena")

Done = Callable[[list[GameRecord]], None]
Stop = Callable[[], bool]


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
    """The chunks on a pool of `workers` processes (which ignore Ctrl-C: the parent decides)."""
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=ignore_sigint,
    )
    todo = iter(chunks)
    pending: set[Future[list[GameRecord]]] = set()

    def submit() -> None:
        for c in itertools.islice(todo, max(0, in_flight(workers) - len(pending))):
            pending.add(pool.submit(play_chunk, job, list(c)))

    try:
        with hash_seed_for_children():  # the pool starts its processes at the first submit
            submit()
        while pending:
            finished, pending = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            for f in finished:
                if not f.cancelled():
                    done(f.result())
            if stop():
                for f in pending:
                    f.cancel()  # those not started yet; the running ones finish
            else:
                submit()
    except BaseException:  # a second Ctrl-C, or a bug in a game: leave the other chunks
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


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
                done(ray.get(ref))
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
