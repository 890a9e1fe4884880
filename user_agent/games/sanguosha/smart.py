"""`smart`: a heuristic Sanguosha AI in the spirit of the desktop clients' rule-based AIs.

It reads only its seat's view (`SanguoshaView`: own hand, the public table, its events) and the
requests addressed to it. Role inference lives in `sanguosha_ai/beliefs.py`, card values in
`values.py`, the play menu in `play.py`, responses in `respond.py`, skills in `skills.py`, the
remaining choices in `choices.py`. `decide` dispatches on `request.kind`; every reply is checked
against the request (`protocol.choices.check_choice`) and replaced by the request's default if
a policy ever produced an illegal one, so no request can stall a game. Deterministic: the
policies break ties by seat and option order and draw nothing at random (`self.rng`, the only
randomness a bot may use, is left unused), so the same events give the same replies.
Design and figures: `docs/ai.md`.
"""

from __future__ import annotations

from typing import Any

from protocol.choices import Choice, RequestSpec, check_choice
from user_agent.bot import Bot, View
from user_agent.games.sanguosha.ai import choices, play, respond, skills
from user_agent.games.sanguosha.ai.beliefs import Beliefs
from user_agent.games.sanguosha.ai.plan import Plan
from user_agent.games.sanguosha.ai.situation import Situation
from user_agent.games.sanguosha.view import SanguoshaView

MAX_PLAYS = 60  # play-menu decisions per phase before the bot ends it (a guard, never reached)


class SmartBot(Bot):
    name = "smart"
    uses_view = True
    strict = False  # tests set it: a policy error raises instead of falling back to the default

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view)
        self.beliefs: Beliefs | None = None
        self.plan: Plan | None = None
        self.tried: set[str] = set()
        self.phase_key: tuple[int, int, str] = (-1, -1, "")
        self.plays = 0
        self.back_skill = ""

    # --- events ------------------------------------------------------------------------------

    def _beliefs(self, view: SanguoshaView) -> Beliefs:
        if self.beliefs is None:
            self.beliefs = Beliefs(self.seat, len(view.seats))
        return self.beliefs

    def on_event(self, kind: str, data: dict[str, Any]) -> None:
        self.view.apply(kind, data)
        if isinstance(self.view, SanguoshaView):
            self._beliefs(self.view).apply(kind, data)

    # --- decisions -----------------------------------------------------------------------------

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if not isinstance(view, SanguoshaView):
            view = self.view
        if not isinstance(view, SanguoshaView) or not view.seats:
            return request.default
        try:
            choice = self._decide(request, view)
        except Exception:
            if self.strict:
                raise
            return request.default
        if check_choice(request, choice) is not None:
            if self.strict:
                raise ValueError(f"illegal reply {choice!r} to {request.kind}: {request.options}")
            return request.default
        return choice

    def _decide(self, req: RequestSpec, view: SanguoshaView) -> Choice:
        kind = req.kind
        sit = Situation(view, self._beliefs(view))
        if kind == "choose_general":
            return choices.choose_general(req, sit)
        if kind != "skill_cards":
            back, self.back_skill = self.back_skill, ""
        else:
            back = self.back_skill
            self.back_skill = ""
        if kind == "play":
            return self._play(sit, req)
        if kind == "targets":
            return play.pick_targets(sit, req.options, req.info, req.min, req.max, self.plan)
        if kind == "view_as_cards":
            return play.pick_subcards(sit, req.options, req.min, self.plan)
        if kind == "respond":
            self.plan = None if req.info.get("reason") != "jijiang" else self.plan
            return respond.respond(sit, self._beliefs(view), req)
        if kind == "discard":
            return choices.discard(sit, req)
        if kind == "pick_card":
            return choices.pick_card(sit, req)
        if kind == "amazing_grace":
            return choices.amazing_grace(sit, req)
        if kind == "double_swords":
            return choices.double_swords(sit, req)
        if kind == "kylin_bow":
            return choices.kylin_bow(sit, req)
        if kind == "axe":
            return choices.axe(sit, req)
        if kind == "trigger":
            return skills.trigger(sit, req)
        if kind == "skill_cards":
            skill = req.info.get("skill", "")
            return skills.skill_cards(sit, req, self.plan, back == skill)
        if kind == "skill_targets":
            got = skills.skill_targets(sit, req, self.plan)
            if got is None:
                self.back_skill = req.info.get("skill", "")
            return got
        if kind == "skill_choice":
            return skills.skill_choice(sit, req)
        if kind == "skill_arrange":
            return skills.skill_arrange(sit, req)
        return req.default

    def _play(self, sit: Situation, req: RequestSpec) -> Choice:
        view = sit.view
        key = (view.round, view.current, view.phase)
        if key != self.phase_key:
            self.phase_key, self.tried, self.plays = key, set(), 0
        self.plays += 1
        end = len(req.options) - 1
        if self.plays > MAX_PLAYS:
            return end
        i, plan = play.choose(sit, req.options, self.tried)
        self.plan = plan if i != end else None
        if i != end and self._repeats(plan.key):
            self.tried.add(plan.key)
        return i

    def _repeats(self, key: str) -> bool:
        """Cards leave the hand when used; an option picked again is a follow-up that went back
        (or a repeatable skill): allow a few repeats of the skills, none of the rest."""
        count_key = "#" + key
        n = sum(1 for k in self.tried if k.startswith(count_key + "#")) + 1
        self.tried.add(f"{count_key}#{n}")
        limit = (
            8 if key in ("skill:kurou", "skill:rende") else 4 if key.startswith("view_as") else 1
        )
        return n >= limit
