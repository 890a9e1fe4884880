"""Deliberately wrong bots for `sgs botcheck` (tests/cli/test_botcheck.py): each plays like
`random` except where it is wrong."""

from __future__ import annotations

from protocol.choices import Choice, RequestSpec
from user_agent.bot import Bot, View, random_legal


class SingleIntOnSubset(Bot):
    """Answers a subset request (targets, discard, ...) with one integer, not a list."""

    name = "single-int"
    uses_view = False

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if request.form == "subset":
            return 0
        return random_legal(request, self.rng)


class NilOnTargets(Bot):
    """Uses the first option of its play menu and answers every `targets` request with nil: back
    to the menu, where it picks the same again, and again (legal each time, but the game never
    moves); and nil on `discard`, where nil is not allowed."""

    name = "nil-targets"
    uses_view = False

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if request.kind in ("targets", "discard"):
            return None
        if request.kind == "play":
            return 0
        return random_legal(request, self.rng)


class OutOfRange(Bot):
    """Answers a choice request with the index one past its last option."""

    name = "out-of-range"
    uses_view = False

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if request.form == "choice":
            return len(request.options)
        return random_legal(request, self.rng)


class Raises(Bot):
    """Raises on its third request."""

    name = "raises"
    uses_view = False
    asked = 0

    def decide(self, request: RequestSpec, view: View) -> Choice:
        self.asked += 1
        if self.asked == 3:
            raise RuntimeError("the bot lost its way")
        return random_legal(request, self.rng)
