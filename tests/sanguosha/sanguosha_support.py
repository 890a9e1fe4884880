"""Helpers for Sanguosha tests: start a game from a scenario and drive it by intent."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game_agent.engine import Event, Game, fold
from game_agent.games.sanguosha import RULESET, Sanguosha
from game_agent.games.sanguosha.scenario import config_from_file, config_from_toml
from game_agent.games.sanguosha.skill import Skill
from game_agent.games.sanguosha.state import State, zone_of_each
from protocol.choices import Choice, RequestSpec
from protocol.games.sanguosha.skills import SkillText

SCENARIOS = Path(__file__).parent / "scenarios"


class Table:
    """A game started from a scenario, with intent-level replies and event lookups."""

    def __init__(
        self,
        toml: str | None = None,
        *,
        file: str | None = None,
        seed: int = 1,
        extra: tuple[Skill, ...] = (),
        declines: bool = True,
        **config: Any,
    ) -> None:
        """`extra`: test-only skills the scenario's seats may be given (`skills = [...]`).

        `declines`: answer the requests that only conceal who could respond (config
        `conceal_responses`, on by default: a `respond` whose one option is `decline`) at once,
        recording each as (seat, info) in `concealed`, so a test scripts the decisions that
        matter and sees exactly the events the rules make; False leaves them to the test."""
        if file is not None:
            cfg = config_from_file(SCENARIOS / file)
        else:
            assert toml is not None
            cfg = config_from_toml(toml)
        cfg.update(config)
        self.ruleset = Sanguosha(extra) if extra else RULESET
        self.g = Game(self.ruleset, cfg, seed)
        self.declines = declines
        self.concealed: list[tuple[int, dict[str, Any]]] = []
        self._focus: RequestSpec | None = None
        self.step = self.g.start()
        self._decline_concealed()
        # new() starts with the first round: setup events are not "new"
        self.mark = next(i for i, e in enumerate(self.g.events) if e.kind == "round")

    # --- state ------------------------------------------------------------------------------

    @property
    def st(self) -> State:
        state: State = self.g.state
        return state

    @property
    def req(self) -> RequestSpec:
        r = self.step.request
        assert r is not None, f"no request pending; outcome {self.g.outcome}"
        return r

    def hp(self, seat: int) -> int:
        return self.st.players[seat].hp

    def hand_names(self, seat: int) -> list[str]:
        from game_agent.games.sanguosha.cards import NAME

        return [NAME[c] for c in self.st.players[seat].hand]

    # --- replies ----------------------------------------------------------------------------

    def reply(self, choice: Choice, seat: int | None = None) -> Table:
        """Answer `seat`'s open request (default: the one `expect` last looked at, if still
        open, else the first open request)."""
        if seat is None and self._focus is not None and self._focus in self.g.open:
            seat = self._focus.seat
        self._focus = None
        self.step = self.g.resume(choice, seat=seat)
        check_invariants(self.g)
        self._decline_concealed()
        return self

    def _decline_concealed(self) -> None:
        while self.declines:
            r = next((r for r in self.g.open if decline_only(r)), None)
            if r is None:
                return
            self.concealed.append((r.seat, dict(r.info)))
            self.step = self.g.resume(0, seat=r.seat)
            check_invariants(self.g)

    def open_seats(self) -> list[int]:
        """The seats asked right now (several when a settlement asks them together)."""
        return [r.seat for r in self.g.open]

    def expect(self, kind: str, seat: int | None = None) -> RequestSpec:
        """The open request (of `seat`, when given: requests may be open for several seats)."""
        r = self.req
        if seat is not None:
            mine = next((o for o in self.g.open if o.seat == seat), None)
            assert mine is not None, (
                f"expected seat {seat} to be asked, got seats {self.open_seats()} ({r.kind})"
            )
            r = mine
        assert r.kind == kind, f"expected a {kind!r} request, got {r.kind!r} {r.options} {r.info}"
        self._focus = r
        return r

    def option_index(self, pred: Callable[[Any], bool]) -> int:
        req = self._focus if self._focus is not None and self._focus in self.g.open else self.req
        for i, o in enumerate(req.options):
            if pred(o):
                return i
        raise AssertionError(f"no matching option in {req.kind}: {req.options}")

    def play(
        self, name: str, *targets: int, seat: int | None = None, card_id: int | None = None
    ) -> Table:
        """At the play menu: use the first hand card named `name`, then choose `targets`."""
        self.expect("play", seat)
        i = self.option_index(
            lambda o: (
                o["kind"] == "card"
                and o["card"]["name"] == name
                and (card_id is None or o["card"]["id"] == card_id)
            )
        )
        self.reply(i)
        if targets and self.step.request is not None and self.req.kind == "targets":
            self.choose_targets(*targets)
        return self

    def choose_targets(self, *targets: int) -> Table:
        r = self.expect("targets")
        self.reply(sorted(r.options.index(t) for t in targets))
        return self

    def end_play(self) -> Table:
        r = self.expect("play")
        return self.reply(len(r.options) - 1)

    def use_skill(self, skill: str, seat: int | None = None) -> Table:
        """At the play menu: invoke the active skill `skill`."""
        self.expect("play", seat)
        return self.reply(self.option_index(lambda o: o["kind"] == "skill" and o["skill"] == skill))

    def convert(self, skill: str, card: str, *cards: int) -> Table:
        """Pick the conversion `skill` (producing `card`) at the play menu or in a `respond`
        request, then its sub-cards by id (a `produce` conversion takes none)."""
        self.reply(
            self.option_index(
                lambda o: (
                    o.get("kind") == "view_as"
                    and o["skill"] == skill
                    and (o["card"] == card or o["card"] == {"name": card})
                )
            )
        )
        if cards:
            r = self.expect("view_as_cards")
            self.reply(sorted(i for i, c in enumerate(r.options) if c["id"] in cards))
        return self

    def cards_of(self, seat: int, name: str) -> list[int]:
        """Ids of `seat`'s hand and equipment cards named `name`."""
        from game_agent.games.sanguosha.cards import NAME

        p = self.st.players[seat]
        return [c for c in [*p.hand, *p.equip.values()] if NAME[c] == name]

    def respond(self, name: str | None, seat: int | None = None) -> Table:
        """Answer a `respond` request with a card named `name`, or decline (None)."""
        r = self.expect("respond", seat)
        if name is None:
            return self.reply(len(r.options) - 1)
        i = self.option_index(lambda o: o["kind"] == "card" and o["card"]["name"] == name)
        return self.reply(i)

    def trigger(self, name: str | None, seat: int | None = None) -> Table:
        r = self.expect("trigger", seat)
        return self.reply(r.options.index(name if name is not None else "pass"))

    def default(self) -> Table:
        return self.reply(self.req.default)

    def until(self, kind: str, seat: int | None = None, limit: int = 200) -> Table:
        """Reply defaults until a request of `kind` (for `seat`) is pending."""
        for _ in range(limit):
            if not self.g.open:
                raise AssertionError(f"game ended before a {kind!r} request: {self.g.outcome}")
            for r in self.g.open:
                if r.kind == kind and (seat is None or r.seat == seat):
                    self._focus = r
                    return self
            self.default()
        raise AssertionError(f"no {kind!r} request within {limit} replies")

    def finish(self, limit: int = 5000) -> Table:
        for _ in range(limit):
            if self.step.request is None:
                return self
            self.default()
        raise AssertionError("game did not end")

    # --- events -----------------------------------------------------------------------------

    def new(self) -> list[Event]:
        """Events since the last call (or the start)."""
        out = self.g.events[self.mark :]
        self.mark = len(self.g.events)
        return out

    def events(self, kind: str) -> list[dict[str, Any]]:
        return [e.data for e in self.g.events if e.kind == kind]


def decline_only(r: RequestSpec) -> bool:
    """A response request to a seat that cannot answer (asked only to conceal that)."""
    return r.kind == "respond" and r.options == [{"kind": "decline"}]


def cid(name: str, suit: str, rank: int) -> int:
    """The id of the first physical card `name` of that suit and rank (scenarios pick the first
    unused copy, so this is the card a scenario spec `name/suit/rank` gets)."""
    from game_agent.games.sanguosha.cards import DECK

    return next(i for i, (s, r, n, _) in DECK.items() if (n, s, r) == (name, suit, rank))


def std(*seats: dict[str, Any], **kw: Any) -> str:
    """A skill scenario: every general has its own skills."""
    return scen(*seats, skills="standard", **kw)


def moves(ev: list[Event], reason: str) -> list[dict[str, Any]]:
    """The data of the `move` events with this reason."""
    return [m for m in of(ev, "move") if m["reason"] == reason]


def move_events(ev: list[Event], reason: str) -> list[Event]:
    """The `move` events with this reason (with their audience)."""
    return [e for e in ev if e.kind == "move" and e.data["reason"] == reason]


def skills_fired(ev: list[Event]) -> list[tuple[int, str]]:
    """(seat, skill) of every `skill` announcement."""
    return [(e["seat"], e["name"]) for e in of(ev, "skill")]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]


def check_invariants(g: Game) -> None:
    st: State = g.state
    where = zone_of_each(st)
    assert sorted(where) == sorted(st.deck), "a card is missing or unknown"
    assert all(len(z) == 1 for z in where.values()), "a card is in two zones"
    for p in st.players:
        assert p.hp <= p.max_hp


def check_fold(g: Game) -> None:
    """fold(events) == live state, and every event (full and public form) fits the schema."""
    from protocol.fields import check_fields
    from protocol.registry import get_schema

    assert fold(g.ruleset, g.config, g.seats, g.events) == g.state
    schema = get_schema("sanguosha")
    for ev in g.events:
        check_fields(ev.kind, ev.data, schema.event_fields(ev.kind))
        if ev.seats is not None and ev.public is not None:
            check_fields(ev.kind, ev.public, schema.event_fields(ev.kind, redacted=True))


def toml_table(text: str, **config: Any) -> Table:
    return Table(text, **config)


def load_toml(text: str) -> dict[str, Any]:
    return config_from_toml(text)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


def scen(
    *seats: dict[str, Any],
    turn: tuple[int, str] = (0, "play"),
    draw: list[str] | tuple[str, ...] = (),
    discard: list[str] | tuple[str, ...] = (),
    rest: str = "draw",
    skills: str = "none",
    **top: Any,
) -> str:
    """Build scenario TOML text (the same format as the files in scenarios/).

    Card tests play with the generals as bodies (`skills = "none"`, the default here): a
    general's skills would answer questions the test is not about. Skill tests pass
    `skills="standard"`; a seat's own `skills = [...]` always apply."""
    lines = [f"{k} = {_toml_value(v)}" for k, v in {"skills": skills, **top}.items()]
    for s in seats:
        lines.append("[[seats]]")
        lines.extend(f"{k} = {_toml_value(v)}" for k, v in s.items())
    lines += ["[turn]", f"seat = {turn[0]}", f'phase = "{turn[1]}"']
    lines += [
        "[piles]",
        f"draw = {_toml_value(list(draw))}",
        f"discard = {_toml_value(list(discard))}",
        f'rest = "{rest}"',
    ]
    return "\n".join(lines) + "\n"


def test_skill(sid: str, *triggers: Any, kind: str = "optional", **parts: Any) -> Skill:
    """A test-only skill bundle (give it to a seat with `skills=[sid]` and `Table(extra=...)`)."""
    return Skill(SkillText(sid, sid, "", kind, "test only"), triggers=tuple(triggers), **parts)


test_skill.__test__ = False  # type: ignore[attr-defined]  # not a test for pytest


def seat(general: str = "caocao", role: str = "rebel", **kw: Any) -> dict[str, Any]:
    return {"general": general, "role": role, **kw}


def lord(general: str = "caocao", **kw: Any) -> dict[str, Any]:
    return seat(general, "lord", **kw)
