"""The table as the screen shows it: folded from events with the seat views of
`user_agent.games.<game>.view` (what one seat knows), or omnisciently (every seat's full events).

`viewer` is a seat number, -1 for a spectator, or None for the omniscient replay view (every
hand shown: one view per seat folds the full events, each keeping its own seat's hand).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from user_agent.games.carcassonne.view import CarcassonneView
from user_agent.games.harmony.view import HarmonyView
from user_agent.games.muhq.board import MuhqTable
from user_agent.games.sanguosha.view import SanguoshaView


class Table:
    def __init__(self, game: str, seats: int, viewer: int | None) -> None:
        self.game = game
        self.seats = seats
        self.viewer = viewer
        self.harmony: HarmonyView | None = None
        self.carc: CarcassonneView | None = None
        self.muhq: MuhqTable | None = None  # muhq: the ruleset's state folded for words
        self.views: list[SanguoshaView] = []
        self.events = 0
        if game == "harmony":
            self.harmony = HarmonyView(-1 if viewer is None else viewer, 2)
        elif game == "carcassonne":
            self.carc = CarcassonneView(-1 if viewer is None else viewer, seats)
        elif game == "muhq":
            self.muhq = MuhqTable(viewer)  # None: every hand (the omniscient replay)
        elif viewer is None:
            self.views = [SanguoshaView(s, seats) for s in range(seats)]
        else:
            self.views = [SanguoshaView(viewer, seats)]

    @property
    def sgs(self) -> SanguoshaView | None:
        """The view the seat panels read (the viewer's, or seat 0's when omniscient)."""
        return self.views[0] if self.views else None

    @property
    def view(self) -> Any:
        if self.carc is not None:
            return self.carc
        if self.muhq is not None:
            return self.muhq  # what muhq's request words read (names of cards, permanents)
        return self.harmony if self.harmony is not None else self.sgs

    def apply(self, kind: str, data: dict[str, Any]) -> None:
        self.events += 1
        if self.harmony is not None:
            self.harmony.apply(kind, data)
        if self.carc is not None:
            self.carc.apply(kind, data)
        if self.muhq is not None:
            self.muhq.apply(kind, data)
        for v in self.views:
            v.apply(kind, data)

    def hand_of(self, seat: int) -> list[dict[str, Any]] | None:
        """The cards of `seat`'s hand if this viewer knows them."""
        if self.viewer is None and 0 <= seat < len(self.views):
            return self.views[seat].hand
        if self.views and seat == self.viewer:
            return self.views[0].hand
        return None

    @property
    def my_hand(self) -> list[dict[str, Any]]:
        if self.viewer is not None and self.viewer >= 0:
            return self.hand_of(self.viewer) or []
        return []

    @property
    def over(self) -> dict[str, Any] | None:
        if self.muhq is not None:
            st = self.muhq.state
            return None if st is None else st.outcome
        v = self.view
        return None if v is None else v.outcome

    def snapshot(self) -> dict[str, Any]:
        """Everything shown of the table, as plain data (equal tables give equal snapshots)."""
        if self.harmony is not None:
            v = self.harmony
            return {
                "round": v.round,
                "fields": [dict(f) for f in v.fields],
                "turned": [sorted(t) for t in v.turned],
                "damage_to": v.damage_to,
                "outcome": v.outcome,
            }
        if self.carc is not None:
            c = self.carc
            return {
                "tiles": sorted((x, y, k, r) for (x, y), (k, r) in c.tiles.items()),
                "followers": sorted((x, y, seg, s) for (x, y, seg), s in c.followers.items()),
                "scores": list(c.scores),
                "supply": list(c.supply),
                "turn": c.turn,
                "current": c.current,
                "drawn": c.drawn,
                "left": c.left,
                "outcome": c.outcome,
            }
        if self.muhq is not None:
            m = self.muhq
            st = m.state
            return {
                "board": m.board_lines(),
                "sides": m.sides_lines(),
                "hands": [] if st is None else [list(c.hand) for c in st.cards],
                "stack": [] if st is None else [dict(f) for f in st.stack],
                "error": m.error,
            }
        out: list[dict[str, Any]] = []
        for view in self.views:
            out.append(
                {
                    "seats": [dataclasses.asdict(s) for s in view.seats],
                    "hand": list(view.hand),
                    "draw": view.draw_count,
                    "discard": list(view.discard),
                    "current": view.current,
                    "phase": view.phase,
                    "round": view.round,
                    "outcome": view.outcome,
                }
            )
        return {"views": out}
