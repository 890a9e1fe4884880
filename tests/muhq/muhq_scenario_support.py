"""Playing a muhq scenario file (`game_agent/games/muhq/scenario.py`) with scripted replies and
checking its ``[expect]`` table.

``[expect]`` keys (all optional):

- ``seed``: the game's seed (default 1).
- ``moves``: the replies, in order (a priority request with ``pass`` as its only option, asked
  of a seat with nothing to declare, is answered by the runner: the moves are the choices). A
  move is an option written ``[verb, *args]`` and must be one of the pending request's options,
  else the test fails naming the options offered. A tile may be written as a coordinate string:
  ``["move", "c3"]`` is the option ``["move", 2, 2]``. Tile requests (``drop``,
  ``place_carried``) take ``["at", "c3"]``; the end-of-turn discard (a subset) takes
  ``["discard", card, ...]``. A move may be a table instead, which checks the pending request
  first: ``{ kind = "unit_action", seat = 0, offered = [...], not_offered = [...], options =
  [...], pick = [...] }`` (every key optional; without ``pick`` it only checks).
- ``events``: event patterns ``{ event = kind, field = value, ... }`` that must occur in this
  order (other events may come between); ``at = "c3"`` stands for the fields ``x`` and ``y``,
  and ``"nil"`` for None (here and in ``perms``).
- ``absent``: event patterns that no event may match.
- ``count``: ``{ kind = n }``, how many events of each kind.
- ``perms``: ``{ "3" = { at = "c3", damage = 1, poison = 0, paralysis = 0, tapped = true,
  durability = 1, under = 2, stack = [4] } }`` for permanents on the map.
- ``gone``: ids of permanents that are no longer on the map.
- ``sides``: one table per side: ``resource``, ``hand``, ``deck``, ``discard`` and ``store``
  (compared sorted, except ``deck`` which is in order), ``hand_count``, ``deck_count``,
  ``bought``.
- ``outcome``: ``{ winners = [...], reason = "..." }``; ``finished = false`` when the game
  must still be running.
- ``request``: checks on the request pending after the last move (as a move table).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game_agent.engine import Game, Step
from game_agent.games import load
from game_agent.games.muhq.scenario import expectations, load_scenario
from protocol.choices import RequestSpec
from protocol.games.muhq.content import COORD
from protocol.games.muhq.state import MuhqState
from protocol.records import Event

SCENARIOS = Path(__file__).parent / "scenarios"


@dataclass
class Played:
    name: str
    game: Game
    expect: dict[str, Any]

    @property
    def state(self) -> MuhqState:
        st: MuhqState = self.game.state
        return st

    @property
    def events(self) -> list[Event]:
        return self.game.events


def tile(text: str) -> tuple[int, int]:
    m = COORD.match(text)
    assert m is not None, f"not a tile: {text!r}"
    return ord(m[1]) - ord("a"), int(m[2]) - 1


def written(option: list[Any]) -> list[Any]:
    """A move or option as the request carries it: tile strings become x, y."""
    out: list[Any] = []
    for a in option:
        if isinstance(a, str) and COORD.match(a):
            out.extend(tile(a))
        else:
            out.append(a)
    if out and out[0] == "at":
        return out[1:]
    return out


def _where(name: str, req: RequestSpec) -> str:
    return f"{name}: request {req.kind} (seat {req.seat}) offers {req.options}"


def check_request(name: str, req: RequestSpec | None, spec: Mapping[str, Any]) -> None:
    assert req is not None, f"{name}: expected a pending request ({dict(spec)}), the game is over"
    where = _where(name, req)
    if "kind" in spec:
        assert req.kind == spec["kind"], where
    if "seat" in spec:
        assert req.seat == spec["seat"], where
    for o in spec.get("offered", []):
        assert written(o) in req.options, f"{where}: {o} is not offered"
    for o in spec.get("not_offered", []):
        assert written(o) not in req.options, f"{where}: {o} is offered"
    if "options" in spec:
        assert req.options == [written(o) for o in spec["options"]], where
    for key, value in spec.get("info", {}).items():
        assert req.info.get(key) == value, f"{where}: info {req.info}"


def reply(name: str, req: RequestSpec, move: list[Any]) -> Any:
    """The reply to `req` that picks `move`."""
    if req.form == "subset":
        assert move and move[0] == "discard", f"{_where(name, req)}: write ['discard', ...]"
        left = list(enumerate(req.options))
        picked = []
        for card in move[1:]:
            i = next((i for i, c in left if c == card), None)
            assert i is not None, f"{_where(name, req)}: {card} is not in hand"
            left = [(j, c) for j, c in left if j != i]
            picked.append(i)
        return sorted(picked)
    want = written(move)
    assert want in req.options, f"{_where(name, req)}: {move} is not offered"
    return req.options.index(want)


PASS_ALONE = [["pass"]]


def past_bare_passes(g: Game, step: Step) -> Step:
    """Answer the priority requests that offer ``pass`` alone (a seat with nothing to declare is
    asked too: the engine's response-window policy) until a request with a choice is open."""
    while (
        (req := step.request) is not None and req.kind == "priority" and req.options == PASS_ALONE
    ):
        step = g.resume(0)
    return step


def play(path: Path) -> Played:
    """Load a scenario file, play its moves and return the game (the checks come after)."""
    name = path.stem
    expect = expectations(path)
    g = Game(load("muhq"), load_scenario(path), expect.get("seed", 1))
    step = past_bare_passes(g, g.start())
    for n, move in enumerate(expect.get("moves", [])):
        req = step.request
        assert req is not None, f"{name}: move {n + 1} {move}: the game is over ({g.outcome})"
        if isinstance(move, Mapping):
            check_request(f"{name}: move {n + 1}", req, move)
            if "pick" not in move:
                continue
            move = move["pick"]
        step = past_bare_passes(g, g.resume(reply(f"{name}: move {n + 1}", req, move)))
    return Played(name, g, expect)


def nil(value: Any) -> Any:
    """TOML has no null: the string ``"nil"`` stands for None."""
    return None if value == "nil" else value


def matches(ev: Event, pattern: Mapping[str, Any]) -> bool:
    if ev.kind != pattern["event"]:
        return False
    for key, value in pattern.items():
        if key == "event":
            continue
        if key == "at":
            if (ev.data.get("x"), ev.data.get("y")) != tile(value):
                return False
        elif key not in ev.data or ev.data[key] != nil(value):
            return False
    return True


def check(p: Played) -> None:
    """Every check of the scenario's ``[expect]`` table."""
    name, g, expect, st = p.name, p.game, p.expect, p.state
    evs = p.events
    pos = 0
    for pattern in expect.get("events", []):
        while pos < len(evs) and not matches(evs[pos], pattern):
            pos += 1
        assert pos < len(evs), f"{name}: no event {pattern} (in order); events:\n" + "\n".join(
            map(repr, evs)
        )
        pos += 1
    for pattern in expect.get("absent", []):
        hits = [e for e in evs if matches(e, pattern)]
        assert not hits, f"{name}: unexpected {hits}"
    for kind, n in expect.get("count", {}).items():
        seen = sum(1 for e in evs if e.kind == kind)
        assert seen == n, f"{name}: {seen} {kind} events, expected {n}"
    for pid_text, want in expect.get("perms", {}).items():
        pid = int(pid_text)
        assert pid in st.perms, f"{name}: permanent {pid} is not on the map"
        perm = st.perms[pid]
        for key, value in want.items():
            now: Any = perm.pos if key == "at" else getattr(perm, key)
            value = tile(value) if key == "at" else nil(value)
            assert now == value, f"{name}: permanent {pid} {key} is {now!r}, expected {value!r}"
    for pid in expect.get("gone", []):
        assert pid not in st.perms, f"{name}: permanent {pid} is still on the map"
    for side, want in enumerate(expect.get("sides", [])):
        c = st.cards[side]
        for key, value in want.items():
            got: Any
            if key in ("hand_count", "deck_count"):
                got = len(c.hand if key == "hand_count" else c.deck)
            elif key in ("hand", "discard", "store"):
                got, value = sorted(getattr(c, key)), sorted(value)
            else:
                got = getattr(c, key)
            assert got == value, f"{name}: side {side} {key} is {got!r}, expected {value!r}"
    if "outcome" in expect:
        assert g.outcome is not None, f"{name}: the game is not over"
        for key, value in expect["outcome"].items():
            assert g.outcome[key] == value, f"{name}: outcome {g.outcome}"
    if expect.get("finished") is False:
        assert g.outcome is None, f"{name}: the game ended: {g.outcome}"
    if "request" in expect:
        check_request(f"{name}: after the moves", g.pending, expect["request"])


def scenario_files() -> list[Path]:
    return sorted(SCENARIOS.glob("*.toml"))
