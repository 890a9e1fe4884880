"""The Harmony view and the greedy bot."""

from __future__ import annotations

import ast
from pathlib import Path

from harmony_support import play_bots, scenario

from game_agent.engine import Game, view_for
from game_agent.games.harmony import RULESET
from game_agent.games.harmony.board import CELL_NAMES, position
from protocol.games.harmony.schema import board_lines
from user_agent.bots import resolve
from user_agent.bots.random_bot import RandomBot
from user_agent.games import for_game
from user_agent.games.harmony import greedy as greedy_harmony
from user_agent.games.harmony.greedy import GreedyBot
from user_agent.games.harmony.view import HarmonyView


def test_registry_and_view_factory() -> None:
    assert resolve("greedy", "harmony") is GreedyBot
    assert GreedyBot.name == "greedy"
    assert isinstance(for_game("harmony", 1, 2), HarmonyView)


def test_bot_imports_only_the_pure_attack_module_from_game_agent() -> None:
    tree = ast.parse(Path(greedy_harmony.__file__).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
            imported.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
    game_agent = {m for m in imported if m.startswith("game_agent")}
    assert game_agent <= {"game_agent.games.harmony", "game_agent.games.harmony.attack"}


def test_greedy_beats_random_in_most_games() -> None:
    wins = 0
    games = 30
    for seed in range(games):
        greedy_seat = seed % 2
        classes = [GreedyBot, RandomBot] if greedy_seat == 0 else [RandomBot, GreedyBot]
        g, _ = play_bots(classes, seed)
        assert g.outcome is not None
        wins += g.outcome["winner"] == greedy_seat
    assert wins >= 27, f"greedy won only {wins} of {games}"


def test_greedy_is_deterministic_given_its_seed() -> None:
    for seed in (1, 2):
        a, _ = play_bots([GreedyBot, GreedyBot], seed)
        b, _ = play_bots([GreedyBot, GreedyBot], seed)
        assert [d.choice for d in a.decisions] == [d.choice for d in b.decisions]
        assert a.events == b.events


def test_views_fold_to_the_board_everyone_sees() -> None:
    for seed in range(4):
        g, bots = play_bots([GreedyBot, RandomBot], seed, {"skip_attack_rounds": seed})
        for bot in bots:
            view = bot.view
            assert isinstance(view, HarmonyView)
            assert view.fields == position(g.state.board)
            assert view.render() == "\n".join(board_lines(position(g.state.board)))
            assert view.outcome == g.outcome
            assert view.first_player == g.state.first_player
            assert view.damage_to == g.state.damage_to
            assert view.round == g.state.round
            turned = [{CELL_NAMES[c] for c in g.state.turned[s]} for s in (0, 1)]
            assert view.turned == turned


def test_view_of_a_scenario_start() -> None:
    sc = scenario("S11-skip3")
    g = Game(RULESET, sc.config, seed=0)
    view = HarmonyView(0)
    for ev in g.start().events:
        data = view_for(ev, 0)
        assert data is not None
        view.apply(ev.kind, data)
    assert view.fields == sc.config["scenario"]["position"]
    assert view.round == 4 and view.first_placer == 1
    req = g.pending
    assert req is not None and req.seat == 1
    assert view.empty_cells(1) == req.options[0]
    assert view.attack_this_round


def test_greedy_takes_a_winning_placement() -> None:
    """S8 before South's last piece: the greedy bot must find a winning placement."""
    for seed in range(5):
        g = Game(RULESET, scenario("S8-last-move").config, seed=0)
        bot = GreedyBot(0, seed)
        step = g.start()
        for ev in step.events:
            bot.on_event(ev.kind, ev.data)
        assert step.request is not None
        g.resume(bot.decide(step.request, bot.view))
        assert g.outcome is not None and g.outcome["winner"] == 0


def test_greedy_as_first_placer_looks_at_the_reply() -> None:
    """The greedy bot also plays a full game against itself without errors, from any seat."""
    g, _ = play_bots([GreedyBot, GreedyBot], 5, {"skip_attack_rounds": 0})
    assert g.outcome is not None
