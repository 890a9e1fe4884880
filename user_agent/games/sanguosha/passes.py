"""Sanguosha's requests a console answers without a key (`user_agent.passes`): a `respond`
whose only option is to decline (the seat holds no Dodge, Peach, Nullification, ... and no
conversion makes one: asked only because responses are concealed), and, with the player's
switch on, every Nullification window (decline, even with a Nullification in hand)."""

from __future__ import annotations

from typing import Any

from protocol.choices import Choice, RequestSpec
from user_agent.games.sanguosha.messages import SG
from user_agent.games.sanguosha.names import kind_name
from user_agent.passes import Passes


def _declines_only(req: RequestSpec) -> bool:
    return all(isinstance(o, dict) and o.get("kind") == "decline" for o in req.options)


def _decline(req: RequestSpec) -> int | None:
    for i, o in enumerate(req.options):
        if isinstance(o, dict) and o.get("kind") == "decline":
            return i
    return None


def _card(req: RequestSpec, lang: str) -> str:
    info: dict[str, Any] = req.info
    return kind_name(str(info.get("card", "")), lang)


class SanguoshaPasses(Passes):
    switch = "pass on Nullification"

    def answer(self, req: RequestSpec, switch: bool) -> Choice | None:
        if req.kind != "respond" or req.form != "choice" or not req.options:
            return None
        if _declines_only(req):
            return _decline(req)
        if switch and req.info.get("reason") == "nullify":
            return _decline(req)
        return None

    def switch_words(self, lang: str = "en") -> str:
        return SG(lang, "pass.switch")

    def notice(self, req: RequestSpec, switch: bool, lang: str = "en") -> str:
        if _declines_only(req):
            return SG(lang, "pass.none", card=_card(req, lang))
        return SG(lang, "pass.by_switch", switch=self.switch_words(lang))


PASSES = SanguoshaPasses()
