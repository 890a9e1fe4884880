"""The observation encodings say what docs/research.md says they say."""

from __future__ import annotations

import numpy as np

from sgs.envs import carcassonne_v0, harmony_v0, sanguosha_v0
from user_agent.games.carcassonne.observe import CHANNELS, HALF, WINDOW, centre
from user_agent.games.harmony.observe import CELL, TOKENS
from user_agent.games.sanguosha.observe import ROLES, SEAT_FEATURES


def advance(env: object, steps: int, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        agent = env.agent_selection  # type: ignore[attr-defined]
        obs = env.observe(agent)  # type: ignore[attr-defined]
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))  # type: ignore[attr-defined]


def test_harmony_board_is_one_hot_and_options_are_the_legal_cells() -> None:
    env = harmony_v0.env()
    env.reset(seed=4)
    advance(env, 9)
    agent = env.agent_selection
    obs = env.observe(agent)["observation"]
    enc = env.encoder
    board = obs[: enc.exhausted].reshape(2, 15, 17)
    assert (board.sum(axis=2) == 1).all()
    req = env.builder.req
    if not env.builder.picked:  # picking a cell: row i is the i-th legal cell
        rows = obs[enc.options :].reshape(15, TOKENS)
        for i, cell in enumerate(req.options[0]):
            assert rows[i].argmax() == CELL[cell] and rows[i].sum() == 1
        assert rows[len(req.options[0]) :].sum() == 0


def test_carcassonne_window_shows_every_tile_and_options_point_at_their_squares() -> None:
    env = carcassonne_v0.env(config={"players": 2})
    env.reset(seed=2)
    advance(env, 16)
    agent = env.agent_selection
    seat = env.agent_seat[agent]
    obs = env.observe(agent)["observation"]
    view = env.view(seat)
    cx, cy = centre(view)
    board = obs[: WINDOW * WINDOW * CHANNELS].reshape(WINDOW, WINDOW, CHANNELS)
    assert int(board[:, :, 0].sum()) == len(view.tiles)  # a young board fits the window
    for (x, y), _ in view.tiles.items():
        assert board[y - cy + HALF, x - cx + HALF, 0] == 1
    req = env.builder.req
    if req.kind == "place_tile":
        rows = obs[env.encoder.options :].reshape(-1, 11)
        for i, (x, y, r) in enumerate(req.options):
            assert rows[i, 0] * HALF == x - cx and rows[i, 1] * HALF == y - cy
            assert rows[i, 2 + r] == 1


def test_sanguosha_shows_only_the_roles_the_seat_was_shown() -> None:
    env = sanguosha_v0.env(config={"players": 5})
    env.reset(seed=6)
    advance(env, 30)
    agent = env.agent_selection
    seat = env.agent_seat[agent]
    obs = env.observe(agent)["observation"]
    roles = env.game.state.players
    for k in range(5):
        s = (seat + k) % 5
        row = obs[k * SEAT_FEATURES + 4 : k * SEAT_FEATURES + 9]
        assert row.sum() == 1
        shown = row.argmax()
        if s == seat or roles[s].role == "lord":
            assert ROLES[shown] == roles[s].role
        elif roles[s].alive:
            assert shown == 4  # unknown: a living non-lord's role is secret
