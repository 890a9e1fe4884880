"""User-facing errors: `sgs.cli.main` prints `error: MESSAGE` (one line, stderr) and exits 2.

Raise `UsageError` for anything the user can fix (a bad option value, a missing or unreadable
file, a log that would be overwritten). Unexpected failures inside the engine are not user
errors: let those raise, so their traceback shows.
"""

from __future__ import annotations


class UsageError(Exception):
    """A problem with what the user asked for; reported as one `error: …` line, exit 2.

    `exit_code` keeps a command's documented code for the few failures that are reported the
    same way but are not usage errors (e.g. `sgs status` gets no answer: 1)."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code

    def __str__(self) -> str:
        return self.message
