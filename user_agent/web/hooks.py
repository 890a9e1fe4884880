"""A game's part of the browser page (`ClientGame.web` names its `WebHooks`).

The page is drawn in the browser from plain JSON: the gateway folds the events into the game's
screen table (the same `Table` the full-screen console folds, so both shells show the same
facts) and asks the game's hooks for the `page`. A game without hooks gets the generic page:
its console's `table` lines as text, which the browser shows as they are. A game with hooks
names a script (a file beside its hooks, served at `/games/<game>.js`) that draws its `page`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from protocol.choices import RequestSpec
from user_agent.console import hooks_for
from user_agent.games import client
from user_agent.games.manifest import resolve
from user_agent.tui.table import Table


class WebHooks:
    """The generic behaviour: the console's table lines, no script."""

    # the game's script (an absolute path), drawing `page` in the browser; None: text only
    script: Path | None = None
    # the game's own words of the help box (its keys, its board)
    help = ""

    def page(self, game: str, table: Table, lang: str) -> dict[str, Any]:
        """What the browser draws of the table, as plain JSON (the viewer's knowledge only)."""
        try:
            lines = hooks_for(game).table_lines(table.view)
        except Exception:  # presentation only: a plain line instead of a broken page
            lines = [f"{table.events} events"]
        return {"text": lines}

    def option_marks(self, option: Any) -> dict[str, Any]:
        """What one option of a request designates on the page, beyond a seat (a card's id
        `card`, a cell `cell`), so that clicking the thing picks the option."""
        return {}

    def request_marks(self, req: RequestSpec, table: Table, last: Any) -> dict[str, Any]:
        """What the whole request shows on the page (`playing`: the id of the card being
        played, outlined in the hand during its target step); `last` is the option the seat
        chose last (its raw value), or None."""
        return {}


GENERIC = WebHooks()


def web_hooks(game: str) -> WebHooks:
    """The web hooks of `game` (from its client manifest), or the generic ones."""
    c = client(game)
    if c is None or c.web is None:
        return GENERIC
    found: WebHooks = resolve(c.web)
    return found
