"""The full-screen console passes a Nullification window its player cannot join without a key
(and every one with the pass switch, the `p` key, on): no request on the panel, one log line.
Seat 0 plays Ex Nihilo from the twin scenarios of tests/wire/test_window_min.py; the person is
driven through Textual's pilot and presses nothing but `p`."""

from __future__ import annotations

from pathlib import Path

from tui_support import SIZE, wait_until

from game_agent.engine import Game
from game_agent.games.sanguosha import RULESET
from game_agent.games.sanguosha.scenario import config_from_toml
from protocol.choices import Choice, RequestSpec
from sgs.offline import LocalSource
from user_agent.bot import Bot, View
from user_agent.tui.app import ConsoleApp

SCENARIOS = Path(__file__).resolve().parents[1] / "sanguosha" / "scenarios"


class Plays(Bot):
    """Plays Ex Nihilo once, and takes every default."""

    played = False

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if request.kind == "play" and not self.played:
            for i, o in enumerate(request.options):
                if isinstance(o.get("card"), dict) and o["card"].get("name") == "ex_nihilo":
                    self.played = True
                    return i
        return request.default


def _source(scenario: str, person: int) -> LocalSource:
    game = Game(RULESET, config_from_toml((SCENARIOS / scenario).read_text()), 1)
    bots: list[Bot | None] = [Plays(s, 1) for s in range(game.seats)]
    bots[person] = None
    return LocalSource(game, person, bots)


def _drawn(source: LocalSource) -> bool:
    return any(
        e.kind == "draw" and e.data.get("reason") == "ex_nihilo" for e in source.engine.events
    )


async def test_a_window_the_player_cannot_join_takes_no_key() -> None:
    source = _source("window_nullification_none.toml", 1)
    app = ConsoleApp(source, poll=0.01)
    asked: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        while not _drawn(source):
            await wait_until(pilot, lambda: app.picker is not None or _drawn(source))
            if app.picker is not None:
                asked.append(app.picker.req.kind)
                break
        assert asked == []  # the player was shown nothing to answer
        assert app.passed == 1
        assert "(no Nullification to use: passed)" in app.log_lines


async def test_the_pass_switch_passes_a_window_the_player_could_join() -> None:
    source = _source("window_nullification_held.toml", 2)
    app = ConsoleApp(source, poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        assert "pass on Nullification: on" in app.log_lines
        await wait_until(pilot, lambda: app.picker is not None or _drawn(source))
        assert _drawn(source)  # the window closed; the panel asks at most the next turn's play
        assert app.picker is None or app.picker.req.kind == "play"
        assert app.passed == 1
        assert "(passed: pass on Nullification is on)" in app.log_lines
        # seat 2 held a Nullification and did not use it: Ex Nihilo resolved
        assert not any(
            e.kind == "use" and e.data["card"]["name"] == "nullification"
            for e in source.engine.events
        )
