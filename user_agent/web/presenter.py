"""One viewer's table as the browser page's JSON: the events folded into the game's screen
table, each told as a sentence, and the pending request in words with what each option
designates (a seat, a card) so that the page can pick it by a click.

The presenter holds only what its viewer may see: it is fed that viewer's own stream (a seat's
events, the spectator stream, or a log filtered by `view_for`), never more.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import structlog

from protocol.choices import RequestSpec
from user_agent.games import client
from user_agent.tui.picker import card_of
from user_agent.tui.screen import screen_hooks
from user_agent.tui.table import Table
from user_agent.tui.words import Narrator, describe
from user_agent.web.hooks import GENERIC, web_hooks

log = structlog.get_logger("sgs.web")

LOG_KEEP = 400  # sentences kept for a page that (re)loads; older ones are in the log file


class Presenter:
    def __init__(self, game: str, seats: int, viewer: int | None, lang: str = "en") -> None:
        self.game = game
        self.seats = seats
        self.viewer = viewer  # a seat, -1 a spectator, None omniscient (a replay)
        self.lang = lang
        self.hooks = web_hooks(game)
        self.reset()

    def reset(self) -> None:
        """Forget everything folded (the events come again from the start)."""
        self.table: Table = screen_hooks(self.game).table(self.game, self.seats, self.viewer)
        self.narrator = Narrator(self.game, self.seats, self.lang)
        self.lines: deque[str] = deque(maxlen=LOG_KEEP)
        self.told = 0  # sentences told since the start (the page asks for what it lacks)
        self.last: Any = None  # the option the seat chose last (its raw value)

    def event(self, kind: str, data: dict[str, Any]) -> str | None:
        """Fold one event; its sentence, or None (bookkeeping, not told)."""
        self.table.apply(kind, data)
        line = self.narrator.event(kind, data)
        if line:
            if kind == "game_over":
                line = f"=== {line}"
            self.lines.append(line)
            self.told += 1
        return line

    def decision_line(self, req: RequestSpec, choice: Any, timeout: bool) -> str:
        """The seat's own reply, told; its option is remembered (`last`) for the next request."""
        chosen = type(choice) is int and req.form == "choice" and 0 <= choice < len(req.options)
        self.last = req.options[choice] if chosen else None
        line = self.narrator.decision(req, choice, timeout)
        self.lines.append(line)
        self.told += 1
        return line

    def hello(self, mode: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """The page's first message: what it shows and how to draw it."""
        c = client(self.game)
        return {
            "t": "hello",
            "mode": mode,
            "game": self.game,
            "title": (c.title if c is not None and c.title else self.game),
            "seats": self.seats,
            "viewer": self.viewer,
            "lang": self.lang,
            "script": self.hooks.script is not None,
            "help": self.hooks.help,
            **(extra or {}),
        }

    def state(self, since: int | None = None) -> dict[str, Any]:
        """The table now, with the sentences after `since` (None: every one kept)."""
        try:
            page = self.hooks.page(self.game, self.table, self.lang)
        except Exception as exc:  # presentation only: never stop a seat over a page bug
            log.warning("page failed", game=self.game, reason=repr(exc))
            page = GENERIC.page(self.game, self.table, self.lang)
        keep = len(self.lines)
        new = keep if since is None else max(0, min(self.told - since, keep))
        return {
            "t": "state",
            "page": page,
            "lines": list(self.lines)[keep - new :],
            "told": self.told,
            "over": self.table.over is not None,
        }

    def request(self, req: RequestSpec, deadline: float) -> dict[str, Any]:
        """A request in words, each option with what it designates on the page."""
        w = describe(self.game, req, self.table.view, self.lang)
        options: list[dict[str, Any]] = []
        product = req.form == "product"
        labels = [] if product else w.options
        for i, label in enumerate(labels):
            opt: dict[str, Any] = {"label": label}
            seat = w.option_seats[i] if i < len(w.option_seats) else None
            if seat is not None:
                opt["seat"] = seat
            raw = req.options[i] if i < len(req.options) else None
            card = card_of(raw)
            if card is not None and "id" in card:
                opt["card"] = card["id"]
            opt.update(self._guarded(self.hooks.option_marks, raw))
            options.append(opt)
        return {
            "t": "request",
            "id": req.id,
            "kind": req.kind,
            "form": req.form,
            "title": w.title,
            "options": options,
            "axes": w.axes if product else [],
            "axes_raw": req.options if product else [],
            "axis_names": w.axis_names if product else [],
            "piles": w.piles,
            "min": req.min,
            "max": req.max,
            "cancel": req.cancel,
            "default": w.default,
            "default_choice": req.default,
            "deadline": deadline,
            "hint": w.hint,
            **self._guarded(self.hooks.request_marks, req, self.table, self.last),
        }

    def _guarded(self, hook: Any, *args: Any) -> dict[str, Any]:
        """A game's marks, or none when its hook fails (logged: presentation only)."""
        try:
            marks: dict[str, Any] = hook(*args)
        except Exception as exc:
            log.warning("web hook failed", game=self.game, hook=hook.__name__, reason=repr(exc))
            return {}
        return marks
