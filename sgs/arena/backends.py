"""Where the chunks of games run: a local process pool (`process`) or Ray (`ray`).

Both take every chunk at once, hand back each chunk's records as it finishes (the caller
advances its progress bar and keeps them), and watch `stop()`: once it says so, the chunks not
started are cancelled and those running are waited for (with Ray they are cancelled too), so a
Ctrl-C keeps the games finished so far. The caller sorts the records by game index: the
backend and the number of workers change when a game is played, never what it gives.

The workers run with a fixed string-hash seed (PYTHONHASHSEED=0): a bot that iterates a set of
strings would otherwise play differently in each process and in each run. Pool processes are
therefore spawned (fresh interpreters that read the variable), Ray tasks get it in their
runtime environment.
"""

from __future__ import annotations

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

log = structlog.get_logger("sgs.arena")

Done = Callable[[list[GameRecord]], None]
Stop = Callable[[], bool]


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
    try:
        with hash_seed_for_children():  # the pool starts its processes at the first submit
            pending: set[Future[list[GameRecord]]] = {
                pool.submit(play_chunk, job, list(c)) for c in chunks
            }
        cancelled = False
        while pending:
            finished, pending = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            for f in finished:
                if not f.cancelled():
                    done(f.result())
            if stop() and not cancelled:
                cancelled = True
                for f in pending:
                    f.cancel()
    except KeyboardInterrupt:  # a second Ctrl-C: leave the running chunks behind
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
    from ray.exceptions import RayError

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
            runtime_env={"env_vars": {"PYTHONHASHSEED": HASH_SEED}}
        )
        pending: list[Any] = [task.remote(job, list(c)) for c in chunks]
        cancelled = False
        while pending:
            finished, pending = ray.wait(pending, num_returns=1, timeout=POLL)
            for ref in finished:
                try:
                    records: list[GameRecord] = ray.get(ref)
                except RayError:
                    if cancelled:  # a chunk cut by the stop: its games are not kept
                        continue
                    raise
                done(records)
            if stop() and not cancelled:
                cancelled = True
                for ref in pending:
                    ray.cancel(ref)
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
