"""Agents that a supervising process started (`sgs serve --bots`) stop when it is gone.

The supervisor puts its pid in `$SGS_PARENT_PID` (`PARENT_ENV`) of each child it starts. The
child calls `watched_parent()` once, at start: it reads (and removes) the variable, and on Linux
asks the kernel to send it SIGTERM when its parent dies (`prctl(PR_SET_PDEATHSIG)`). The kernel
sends that signal when the parent *thread* that forked the child exits, so a supervisor must
start its children from a thread that lives as long as it does (`sgs serve` starts them from
its main thread). The portable part is `parent_alive(pid)`: `os.getppid()` still names the
parent (an orphan is adopted by init or a subreaper, whose pid differs). `user_agent.client`
checks it every heartbeat (`Client(parent_pid=...)`), so a child stops within a heartbeat on
any POSIX system, and the check right after `prctl` closes the window in which the parent died
before the signal was armed.

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


class ParentError(ValueError):
    """`$SGS_PARENT_PID` is not a pid."""


def watched_parent(environ: MutableMapping[str, str] | None = None) -> int | None:
    """The pid this process must not outlive, from `$SGS_PARENT_PID` (None when unset). The
    variable is removed from the environment, so this process's own children do not inherit
    a parent that is not theirs. On Linux, the death of the parent also sends SIGTERM."""
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
    if sys.platform.startswith("linux"):
        arm_death_signal(signal.SIGTERM)
    return pid


def arm_death_signal(sig: int) -> bool:
    """Ask Linux to send `sig` to this process when its parent thread exits (True if done).
    Done in the child itself after exec (not in a `preexec_fn`, which is unsafe in a parent
    with threads); the caller then checks `parent_alive`, in case the parent died first."""
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
