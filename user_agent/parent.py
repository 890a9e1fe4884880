"""Agents that a supervising process started (`sgs serve --bots`) stop when it is gone.

The supervisor puts its pid in `$SGS_PARENT_PID` (`PARENT_ENV`) of each child it starts. The
child reads (and removes) it once, at start (`parent_from_env`), then `watch_parent(pid)`:

- on Linux it asks the kernel for `DEATH_SIGNAL` (SIGUSR1) at its parent's death
  (`prctl(PR_SET_PDEATHSIG)`, from ctypes in the child itself after exec: no `preexec_fn`,
  which is unsafe in a parent with threads), and that signal raises `ParentDied` in the main
  thread. The kernel sends it when the parent *thread* that forked the child exits, so a
  supervisor must start its children from a thread that lives as long as it does (`sgs serve`
  uses its main thread). The signal is its own, not SIGTERM: SIGTERM is how a live supervisor
  stops its children, and a child cannot tell the two apart by asking who its parent is, since
  at the moment the signal comes a dying parent's other threads may still hold its pid;
- everywhere, `parent_alive(pid)` says whether `os.getppid()` still names the parent (an
  orphan is adopted by init or a subreaper, whose pid differs). `user_agent.client` checks it
  every heartbeat (`Client(parent_pid=...)`), so a child stops within a heartbeat on any
  POSIX system. Checked once right after `prctl`, it also covers a parent that died before
  the signal was armed.

A process started by hand (no `$SGS_PARENT_PID`) is not watched.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections.abc import MutableMapping

import structlog

log = structlog.get_logger("sgs.parent")

PARENT_ENV = "SGS_PARENT_PID"
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
DEATH_SIGNAL: signal.Signals = getattr(signal, "SIGUSR1", signal.SIGTERM)


class ParentError(ValueError):
    """`$SGS_PARENT_PID` is not a pid."""


class ParentDied(BaseException):
    """The parent died (`DEATH_SIGNAL` arrived). A BaseException, like KeyboardInterrupt, so no
    `except Exception` (a bot's, say) swallows it."""


def parent_from_env(environ: MutableMapping[str, str] | None = None) -> int | None:
    """The pid this process must not outlive, from `$SGS_PARENT_PID` (None when unset). The
    variable is removed from the environment, so this process's own children do not inherit
    a parent that is not theirs."""
    env = os.environ if environ is None else environ
    text = env.pop(PARENT_ENV, "").strip()
    if not text:
        return None
    try:
        pid = int(text)
    except ValueError:
        raise ParentError(f"${PARENT_ENV} must be a process id, got {text!r}") from None
    if pid <= 1:
        raise ParentError(f"${PARENT_ENV} must be a process id above 1, got {pid}")
    return pid


def watch_parent() -> bool:
    """From now on `DEATH_SIGNAL` raises `ParentDied`, and on Linux the parent's death sends it
    (True when armed). Main thread only. Check `parent_alive` next: the parent may have died
    before."""
    signal.signal(DEATH_SIGNAL, _parent_died)
    if not sys.platform.startswith("linux"):
        return False
    return arm_death_signal(DEATH_SIGNAL)


def unwatch_parent() -> None:
    """The outcome is decided: a late `DEATH_SIGNAL` changes nothing."""
    signal.signal(DEATH_SIGNAL, signal.SIG_IGN)


def _parent_died(signum: int, frame: object) -> None:
    # Once: Linux sends the signal again each time the thread it was reparented to exits.
    signal.signal(DEATH_SIGNAL, signal.SIG_IGN)
    raise ParentDied


def arm_death_signal(sig: int) -> bool:
    """Ask Linux to send `sig` to this process when its parent thread exits (True if done)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)  # the C library the interpreter runs on
        prctl = libc.prctl
    except (OSError, AttributeError) as exc:
        log.warning("cannot ask for a signal at the parent's death", reason=str(exc))
        return False
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    if prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0) != 0:
        reason = os.strerror(ctypes.get_errno())
        log.warning("cannot ask for a signal at the parent's death", reason=reason)
        return False
    return True


def parent_alive(pid: int) -> bool:
    """Whether `pid` is still this process's parent."""
    return os.getppid() == pid
