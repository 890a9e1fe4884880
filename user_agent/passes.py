"""Requests a person's console answers without a key: one rule for both consoles.

A response window asks every seat it names, whether or not the seat can answer (concealment,
`game_agent.engine.windows`); a seat that cannot is sent a request whose only option is to
decline. A person has nothing to decide there, so the line console and the full-screen one
answer it at once, without a key, and say so in one line. The game's `Passes` (named by its
client manifest, `ClientGame.passes`) says which requests those are, and what the player's
*pass switch* covers: a switch the player turns on (`pass` in the line console, `p` in the
full-screen one, `sgs play --auto-pass`) to decline every request of a kind even when they
could answer (Sanguosha: every Nullification window), as real clients offer.

Answering at once gives nothing away only because the server holds every concealed window open
for a minimum duration, the same for every seat asked (`sgs serve --window-min`, docs/wire.md
"Response windows on tables with people"): the other seats see the window close at the same
moment whether this seat answered at once or thought it over.
"""

from __future__ import annotations

from protocol.choices import Choice, RequestSpec
from user_agent.games import client
from user_agent.games.manifest import resolve
from user_agent.words.messages import SHELL


class Passes:
    """A game's part: this base passes nothing (every request needs a key)."""

    # the pass switch in words ("pass on Nullification"); "" = the game has no switch
    switch: str = ""

    def answer(self, req: RequestSpec, switch: bool) -> Choice | None:
        """The reply to send without a key (`switch`: the player's pass switch is on), or None
        when the person must answer `req` themselves."""
        return None

    def switch_words(self, lang: str = "en") -> str:
        """The pass switch in the reader's language."""
        return self.switch

    def notice(self, req: RequestSpec, switch: bool, lang: str = "en") -> str:
        """The one line shown for a request answered without a key ("" = none)."""
        return ""


NONE = Passes()


def passes_for(game: str) -> Passes:
    """The passes of `game` (from its client manifest), or none."""
    c = client(game)
    if c is None or c.passes is None:
        return NONE
    found: Passes = resolve(c.passes)
    return found


def switch_line(passes: Passes, on: bool, lang: str = "en") -> str:
    """What the consoles say when the player turns the switch on or off."""
    state = SHELL(lang, "pass.on" if on else "pass.off")
    return SHELL(lang, "pass.state", switch=passes.switch_words(lang), state=state)
