"""The PettingZoo AEC environment every game shares: a `Game` stepped in-process.

One agent per seat, named ``player_0``, ``player_1``, … The agent to act is the seat of the
engine's pending request (when requests are asked together, they are answered one after the
other, in the order they were asked). Each step is one action of `actions.ReplyBuilder`; when a
reply is complete the engine gets it. Observations are ``{"observation": float32 vector,
"action_mask": int8 vector}``; the vector is the game's `Encoder` applied to the seat's *view*
(folded from the events that seat was sent, so nothing hidden can reach it) and to the pending
request when the seat is the one to act. Rewards come at the end, from the outcome: +1 to each
winner, -1 to each other seat, 0 to all on a draw: ``env.rewards`` holds them after the step
that ends the game, and ``last()`` gives each finished agent its own; each ``step(None)``
then removes its agent from ``env.rewards`` (PettingZoo's AEC bookkeeping), which is ``{}``
after the episode. ``env.game`` is the episode's `Game` (None before ``reset``): its state,
events and outcome, to read or fork. ``reset(seed=S)`` is the game's seed: the
same seed and the same actions give the same episode, and with ``log_dir`` each episode is
written to a replay log that `sgs replay --verify` re-executes.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from game_agent.engine import Game, RequestSpec, Step, view_for
from game_agent.games import load
from replays import LogWriter, header_for
from sgs.runner import winners_of
from user_agent.actions import ActionError, ReplyBuilder
from user_agent.bot import View
from user_agent.games import for_game

Obs = dict[str, npt.NDArray[Any]]


class Encoder(Protocol):
    """A game's observation encoding (documented field by field in docs/research.md). The
    vector is the table part (``[0, state_size)``, a function of the seat's view only, so the
    environment reuses it while the seat receives no event) and the request part.

    An encoder may also have ``update_state(view, seat, out)``: bring ``out[:state_size]``, the
    seat's own table part, up to date after its view changed. The environment keeps one such
    array per seat for the episode and passes it back each time, holding what the encoder last
    wrote there (zeros the first time), so the encoder can rewrite only what changed. Without
    it, the environment zeroes the array and calls `encode_state`. Either way the result must
    equal `encode_state` of the view into zeros (tests/envs/test_obs_digest.py pins it)."""

    size: int
    state_size: int

    def encode_state(self, view: Any, seat: int, out: npt.NDArray[np.float32]) -> None:
        """Write the table part into ``out[:state_size]`` (zeroed)."""
        ...

    def encode_request(
        self,
        view: Any,
        seat: int,
        req: RequestSpec,
        builder: ReplyBuilder,
        out: npt.NDArray[np.float32],
    ) -> None:
        """Write the pending request and the reply built so far into ``out[state_size:]``."""
        ...

    def render(self, view: Any) -> str:
        """The table as text (a spectator's view), for ``render()``."""
        ...


@dataclass(frozen=True)
class EnvSpec:
    name: str  # e.g. "carcassonne_v0"
    game: str  # the ruleset
    max_options: int
    encoder: Callable[[Mapping[str, Any], int, int], Encoder]  # (config, seats, max_options)


class SgsEnv(AECEnv[str, Obs, int]):  # type: ignore[misc]
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(
        self,
        spec: EnvSpec,
        config: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        log_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        super().__init__()
        self.spec = spec
        self.metadata = {**SgsEnv.metadata, "name": spec.name}
        self.ruleset = load(spec.game)
        self.config = self.ruleset.configure(dict(config or {}))
        self.seats = self.ruleset.seat_count(self.config)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.log_dir = None if log_dir is None else os.fspath(log_dir)
        self.max_options = spec.max_options
        self.encoder = spec.encoder(self.config, self.seats, spec.max_options)
        self._update: Callable[[Any, int, npt.NDArray[np.float32]], None] | None = getattr(
            self.encoder, "update_state", None
        )
        self.possible_agents = [f"player_{s}" for s in range(self.seats)]
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        n = spec.max_options + 2
        self._action_space = spaces.Discrete(n)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.game: Game | None = None  # the episode's game (docs/research.md); None before reset
        self.builder: ReplyBuilder | None = None
        self._seed_rng = random.Random()
        self.writer: LogWriter | None = None
        self.log_path: str | None = None

    # --- spaces -----------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # --- episode ----------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_rng.seed(seed)
            game_seed = seed
        else:
            game_seed = self._seed_rng.getrandbits(63)
        self.close()
        self.game = Game(self.ruleset, self.config, game_seed)
        self.views: list[View] = [
            for_game(self.spec.game, s, self.seats) for s in range(self.seats)
        ]
        self.folded = [0] * self.seats
        # a view class may name the event kinds it folds (`KINDS`); others are skipped unread
        self.view_kinds: frozenset[str] | None = getattr(self.views[0], "KINDS", None)
        # or its dispatch table (`HANDLERS`: kind -> handler(view, data), what `apply` calls)
        self.view_handlers: Mapping[str, Callable[[View, dict[str, Any]], None]] | None = getattr(
            self.views[0], "HANDLERS", None
        )
        # per seat: the table part of its observation, brought up to date when the seat is
        # observed after its view changed (`stale`)
        size = self.encoder.state_size
        self.state_parts = [np.zeros(size, dtype=np.float32) for _ in range(self.seats)]
        self.stale = [True] * self.seats
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if self.log_dir is not None:
            os.makedirs(self.log_dir, exist_ok=True)
            self.log_path = os.path.join(self.log_dir, f"{self.spec.game}-{game_seed}.sgslog")
            self.writer = LogWriter(self.log_path, header_for(self.game, ["env"] * self.seats))
        self._after(self.game.start())

    def _after(self, step: Step) -> None:
        """Record a step of the engine and choose the next agent."""
        game = self.game
        assert game is not None
        if self.writer is not None:
            self.writer.put_step(step.events, step.asked)
        req = game.pending
        if req is None:
            self._end()
            return
        self.builder = ReplyBuilder(req, self.max_options)
        self.agent_selection = self.possible_agents[req.seat]

    def _end(self) -> None:
        game = self.game
        assert game is not None
        self.builder = None
        winners = set(winners_of(game.outcome or {}))
        for a, seat in self.agent_seat.items():
            self.rewards[a] = 0.0 if not winners else (1.0 if seat in winners else -1.0)
            self.terminations[a] = True
            self.infos[a] = {"outcome": game.outcome}
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    def _started(self, what: str) -> Game:
        if self.game is None:
            raise RuntimeError(f"call reset() before {what}()")
        return self.game

    def step(self, action: int | None) -> None:
        self._started("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ActionError(f"{agent} must act: action None is only for finished agents")
        game = self.game
        assert game is not None
        self._cumulative_rewards[agent] = 0.0
        builder = self.builder
        assert builder is not None
        if builder.act(int(action)):
            step = game.resume(builder.reply, seat=builder.req.seat)
            if self.writer is not None:
                self.writer.decision(game.decisions[-1])
            self._after(step)
            if self.builder is None:  # the game is over: the only rewards of the episode
                self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- observations -----------------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """The seat's view, brought up to date (events are folded only when observed)."""
        game = self._started("observe")
        view = self.views[seat]
        events = game.events
        start = self.folded[seat]
        if start == len(events):
            return view
        changed = False
        handlers = self.view_handlers
        if handlers is not None:  # the view's own dispatch table: `apply` without the call
            for ev in events[start:]:
                handler = handlers.get(ev.kind)
                if handler is not None:
                    data = view_for(ev, seat)
                    if data is not None:
                        handler(view, data)
                        changed = True
        else:
            kinds = self.view_kinds
            apply = view.apply
            for ev in events[start:]:
                if kinds is not None and ev.kind not in kinds:
                    continue  # the view keeps nothing of this kind
                data = view_for(ev, seat)
                if data is not None:
                    apply(ev.kind, data)
                    changed = True
        if changed:  # the view changed: so may its table part
            self.stale[seat] = True
        self.folded[seat] = len(events)
        return view

    def observe(self, agent: str) -> Obs:
        seat = self.agent_seat[agent]
        view = self.view(seat)
        encoder = self.encoder
        part = self.state_parts[seat]
        if self.stale[seat]:
            update = self._update
            if update is not None:
                update(view, seat, part)
            else:
                part.fill(0.0)
                encoder.encode_state(view, seat, part)
            self.stale[seat] = False
        out = np.zeros(encoder.size, dtype=np.float32)
        out[: encoder.state_size] = part
        builder = self.builder
        if builder is not None and self.agent_selection == agent and not self.terminations[agent]:
            encoder.encode_request(view, seat, builder.req, builder, out)
            mask = builder.mask()
        else:
            mask = np.zeros(self.max_options + 2, np.int8)
        return {"observation": out, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        view = for_game(self.spec.game, -1, self.seats)
        for ev in self.game.events:
            data = view_for(ev, -1)
            if data is not None:
                view.apply(ev.kind, data)
        text = self.encoder.render(view)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


def entry_points(
    spec: EnvSpec,
) -> tuple[Callable[..., SgsEnv], Callable[..., SgsEnv], dict[str, Any]]:
    """The PettingZoo module functions of one game: ``raw_env, env, metadata``.

    ``env()`` is the environment itself: it enforces the call order (`reset` first), so it
    needs no PettingZoo wrapper (OrderEnforcingWrapper's attribute forwarding costs a fifth of
    a step)."""

    def raw_env(
        config: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        log_dir: str | None = None,
    ) -> SgsEnv:
        return SgsEnv(spec, config, render_mode, log_dir)

    def env(**kwargs: Any) -> SgsEnv:
        return raw_env(**kwargs)

    return raw_env, env, {**SgsEnv.metadata, "name": spec.name}
